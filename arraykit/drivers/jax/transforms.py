"""Function-transform hooks of the JAX driver: ``jax.value_and_grad``, ``jax.jacrev``,
``jax.jit`` (static arguments), ``jax.vmap`` and ``lax.stop_gradient`` on natives.

The hook contract is ``_base.Transforms``.  ``jit_compile`` is accepted and ignored (JAX
always compiles).  Gradients of complex inputs are conjugated: JAX returns
``df/dx - i df/dy``, the contract ``df/dx + i df/dy``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

from ..._array import Array
from .._base import JIT_OPTIONS, NOT_HANDLED, Transforms, check_jit_options


def _is_array(node: Any) -> bool:
    return node.__class__ is Array


class _NotArrays(Exception):
    """Raised while tracing when ``f``'s traced arguments or its results are not all
    arraykit arrays of one JAX driver: the fast path declines such calls."""


def _conj_complex(tree: Any) -> Any:
    return jax.tree_util.tree_map(lambda g: g.conj() if jnp.iscomplexobj(g) else g, tree)


def _takes(
    args: tuple,
    kwargs: dict,
    static_argnums: tuple[int, ...],
    static_argnames: frozenset[str],
    hooks: Transforms,
) -> bool:
    """Whether the tree form can take these arguments: every traced leaf an Array of one
    driver with these hooks, static values hashable."""
    n = len(args)
    static = {i % n for i in static_argnums if -n <= i < n}
    try:
        hash(tuple(args[i] for i in static))
        hash(tuple(v for k, v in kwargs.items() if k in static_argnames))
    except TypeError:
        return False
    dynamic = (
        [a for i, a in enumerate(args) if i not in static],
        [v for k, v in kwargs.items() if k not in static_argnames],
    )
    leaves = jax.tree_util.tree_leaves(dynamic, is_leaf=_is_array)
    drv = leaves[0]._driver if leaves and leaves[0].__class__ is Array else None
    if drv is None or drv.transforms is not hooks:
        return False
    return all(x.__class__ is Array and x._driver is drv for x in leaves)


def _checked(
    f: Callable,
    static_argnums: tuple[int, ...],
    static_argnames: frozenset[str],
    hooks: Transforms,
) -> Callable:
    """``f`` raising ``_NotArrays`` while tracing unless ``_takes`` its arguments and its
    result is Arrays only (the tree form)."""

    def checked(*args: Any, **kwargs: Any) -> Any:
        if not _takes(args, kwargs, static_argnums, static_argnames, hooks):
            raise _NotArrays
        out = f(*args, **kwargs)
        for x in jax.tree_util.tree_leaves(out, is_leaf=_is_array):
            # Results are rebuilt with their own driver: it must be one of these hooks
            # (another driver's array would come back holding a JAX value).
            if x.__class__ is not Array or x._driver.transforms is not hooks:
                raise _NotArrays
        return out

    return checked


class JAXTransforms(Transforms):
    """The transform hooks of ``JAXDriver``."""

    def value_and_grad(self, fn: Callable, argnums: tuple[int, ...], has_aux: bool) -> Callable:
        vg = jax.value_and_grad(fn, argnums=argnums, has_aux=has_aux)

        def call(*args: Any) -> Any:
            value, grads = vg(*args)
            return value, _conj_complex(grads)

        return call

    def jacobian(self, fn: Callable, argnums: tuple[int, ...]) -> Callable:
        jac = jax.jacrev(fn, argnums=argnums)
        return lambda *args: _conj_complex(jac(*args))

    def jit(self, fn: Callable, static_argnums: tuple[int, ...], options: dict) -> Callable:
        check_jit_options(options, JIT_OPTIONS, "jax")
        return jax.jit(fn, static_argnums=static_argnums)

    jit_traces_by_signature = True  # jax.jit caches per shapes and dtypes itself

    def jit_arrays(
        self,
        f: Callable,
        static_argnums: tuple[int, ...],
        static_argnames: frozenset[str],
    ) -> Callable:
        # ``f`` compiled by JAX over any arguments, flattened by JAX (``Array`` is a
        # registered pytree): trees, keywords and static arguments (core's flat form takes
        # the calls with positional arrays only).  No check per call: they run while
        # tracing, and a call JAX's cache serves has the structure, aux data and leaf
        # types of a trace that passed them.  Once they fail (a non-array result, a Python
        # scalar leaf, another driver's array) the form is not tried again: core's
        # general path takes those calls.
        tree = jax.jit(
            _checked(f, static_argnums, static_argnames, self),
            static_argnums=static_argnums,
            static_argnames=static_argnames,
        )

        def call(args: tuple, kwargs: dict) -> Any:
            nonlocal tree
            if tree is None:
                return NOT_HANDLED
            try:
                return tree(*args, **kwargs)
            except _NotArrays:
                tree = None
                return NOT_HANDLED
            except (TypeError, ValueError):
                # JAX refused an argument before tracing (an unhashable static value, a
                # leaf of no JAX type): core's path raises its own error, or handles it.
                if not _takes(args, kwargs, static_argnums, static_argnames, self):
                    return NOT_HANDLED
                raise

        return call

    def vmap(self, fn: Callable, in_axes: tuple[int | None, ...], out_axes: int) -> Callable:
        return jax.vmap(fn, in_axes=in_axes, out_axes=out_axes)

    def stop_gradient(self, x: Any) -> Any:
        return lax.stop_gradient(x)
