"""Function-transform hooks of the NumPy driver, and the hook contract (issue 5).

The hook contract (to move into ``drivers/_base.py``).  A driver's ``transforms``
attribute is an object with these methods; every function they take and return works
on *native* values only (core wraps and unwraps Arrays, validates and records dtypes):

* ``value_and_grad(fn, argnums, has_aux) -> callable``: ``fn(*args)`` takes one tuple of
  natives per argument and returns a 0-d real float native (with ``has_aux``: the pair
  ``(value, aux)``, ``aux`` a tuple of natives).  ``argnums`` is a tuple of distinct
  non-negative ints; the arguments it names hold float or complex natives only.  The
  callable takes the same arguments and returns ``(value, grads)`` (``((value, aux),
  grads)``), ``grads`` a tuple over ``argnums`` of tuples of natives shaped and typed like
  that argument's.  An input the value does not depend on has a zero gradient.
* ``jacobian(fn, argnums) -> callable``: ``fn`` as above but returning a tuple of
  natives (the outputs); the callable returns, per output, a tuple over ``argnums`` of
  tuples of natives of shape ``out.shape + in.shape`` (reverse mode).
* ``jit(fn, static_argnums, options) -> callable``: ``fn(*args)`` with the arguments at
  ``static_argnums`` passed by value (hashable Python objects: retrace when they
  change) and the others nested tuples of natives (retrace when a shape or dtype
  changes); it returns a tuple of natives.  ``options`` is a dict of driver options
  (``jit_compile``); an unknown one raises ``TypeError`` naming those known.
* ``vmap(fn, in_axes, out_axes) -> callable``: ``fn(*leaves)`` takes natives and returns
  a tuple of natives; ``in_axes`` has one entry per leaf, a non-negative axis or
  ``None`` (not mapped), and the mapped sizes agree (core checked).  The callable maps
  ``fn`` over those axes and stacks every output along ``out_axes`` (an int; core
  passes 0).
* ``stop_gradient(x) -> x``: ``x``, a constant for the gradient hooks.

NumPy: no automatic differentiation (``TypeError`` naming the drivers that have it),
``jit`` runs ``fn`` eagerly, ``vmap`` loops over the mapped axis and stacks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

JIT_OPTIONS = frozenset({"jit_compile"})


def check_jit_options(options: dict[str, Any], known: frozenset[str], driver: str) -> None:
    """``TypeError`` for an option ``jit`` does not know on ``driver``."""
    unknown = sorted(set(options) - known)
    if unknown:
        raise TypeError(
            f"jit: unknown option(s) {', '.join(unknown)} for the {driver!r} driver; "
            f"known: {', '.join(sorted(known)) or 'none'}"
        )


class NumPyTransforms:
    """Eager stand-ins: ``jit`` is the identity, ``vmap`` a loop, no gradients."""

    def _no_autodiff(self, fn: str) -> TypeError:
        from .. import drivers
        from .._transforms import no_autodiff_error

        return no_autodiff_error(fn, drivers.get("numpy"))

    def value_and_grad(self, fn: Callable, argnums: tuple[int, ...], has_aux: bool) -> Callable:
        raise self._no_autodiff("value_and_grad")

    def jacobian(self, fn: Callable, argnums: tuple[int, ...]) -> Callable:
        raise self._no_autodiff("jacobian")

    def jit(self, fn: Callable, static_argnums: tuple[int, ...], options: dict) -> Callable:
        check_jit_options(options, JIT_OPTIONS, "numpy")
        return fn

    def vmap(self, fn: Callable, in_axes: tuple[int | None, ...], out_axes: int) -> Callable:
        def mapped(*leaves: Any) -> tuple:
            size = next(x.shape[a] for x, a in zip(leaves, in_axes, strict=True) if a is not None)
            results = []
            for i in range(size):
                args = [
                    x if a is None else np.take(x, i, axis=a)
                    for x, a in zip(leaves, in_axes, strict=True)
                ]
                results.append(tuple(fn(*args)))
            if not results:
                raise ValueError("vmap: cannot map over an axis of size 0 on this driver")
            return tuple(np.stack(outs, axis=out_axes) for outs in zip(*results, strict=True))

        return mapped

    def stop_gradient(self, x: Any) -> Any:
        return x
