"""Traced or concrete: telling JAX's two kinds of values apart, and the error for an
operation that needs the values of a traced one.

Inside ``jax.jit``, ``jax.vmap`` and ``jax.grad`` (and arraykit's transforms on JAX) a
value is a tracer: its shape and dtype are known, its elements are not.  Operations whose
result's *shape* depends on the elements (boolean indexing, ``nonzero``, ``unique_*``,
``repeat`` with an array of counts) and conversions out of JAX (to NumPy, to a Python
scalar, DLPack) work eagerly only; on a tracer they raise ``TypeError`` saying what,
why, and what to use instead (each chapter words its own why and instead).  Under an
eager ``jax.grad`` (``ak.grad``) a tracer knows its elements: ``nonzero`` and
``unique_*`` run there as they do eagerly (``known_value``), and the unique values carry
the gradient, as on TensorFlow.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

Tracer = jax.core.Tracer
"""The class of every traced value."""

ArrayImpl = type(jnp.zeros(()))
"""The class of a concrete (committed, eager) JAX array: ``x.__class__ is ArrayImpl`` is
the fast test for "not a tracer" (caching, bounds checks, dtype probing)."""


def traced_error(fn: str, why: str, instead: str) -> TypeError:
    """The error for an operation JAX cannot trace: what, why, and what to use instead."""
    return TypeError(
        f"{fn} cannot run on a traced value (inside jax.jit, jax.vmap or jax.grad): {why}; "
        f"{instead}"
    )


def concrete(value: Any, fn: str, why: str, instead: str) -> None:
    """``traced_error(fn, why, instead)`` if ``value`` is a tracer, else nothing."""
    if isinstance(value, Tracer):
        raise traced_error(fn, why, instead)


def known_value(value: Any, fn: str, why: str, instead: str) -> Any:
    """``value``'s elements as a concrete JAX array: ``value`` itself, or what a tracer
    that knows them holds (an eager ``jax.grad``'s: its primal, the ``jax.numpy``
    functions with data-dependent shapes read it too); ``traced_error`` where they are
    not known (``jax.jit``, ``jax.vmap``)."""
    if not isinstance(value, Tracer):
        return value
    known = value.to_concrete_value() if hasattr(value, "to_concrete_value") else None
    if known is None:
        raise traced_error(fn, why, instead)
    return known
