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

from .._array import Array, _object_new
from .._dtypes import _CANONICAL as _CANON
from ._base import JIT_OPTIONS, NOT_HANDLED, Transforms, check_jit_options
from ._jax_indexing import ArrayImpl as _ArrayImpl


def _is_array(node: Any) -> bool:
    return node.__class__ is Array


class _NotArrays(Exception):
    """Raised while tracing when ``f``'s traced arguments or its results are not all
    arraykit arrays of one JAX driver: the fast path declines such calls."""


def _conj_complex(tree: Any) -> Any:
    return jax.tree_util.tree_map(lambda g: g.conj() if jnp.iscomplexobj(g) else g, tree)


def _natives_of(out: Any, driver: Any) -> Any:
    """``f``'s result with every Array replaced by its native; ``_NotArrays`` unless the
    result is Arrays of ``driver`` in (nested) tuples, lists and dicts."""
    cls = out.__class__
    if cls is Array and out._driver is driver:
        return out._value
    if cls is tuple or cls is list:
        return cls(_natives_of(o, driver) for o in out)
    if cls is dict:
        return {k: _natives_of(v, driver) for k, v in out.items()}
    raise _NotArrays


def _arrays_of(out: Any, driver: Any) -> Any:
    """The inverse of ``_natives_of`` on the compiled result (JAX keeps the containers)."""
    cls = out.__class__
    if cls is tuple or cls is list:
        return cls(_arrays_of(o, driver) for o in out)
    if cls is dict:
        return {k: _arrays_of(v, driver) for k, v in out.items()}
    return Array._new(out, driver, _CANON[out.dtype])


def _on_natives(f: Callable, driver: Any) -> Callable:
    """``f`` as a function of the natives of Arrays of ``driver`` (the flat form)."""

    def on_natives(*values: Any) -> Any:
        return _natives_of(f(*(Array._new(v, driver, _CANON[v.dtype]) for v in values)), driver)

    return on_natives


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

    def jit_arrays(
        self,
        f: Callable,
        static_argnums: tuple[int, ...],
        static_argnames: frozenset[str],
        driver: Any,
    ) -> Callable:
        # Two compiled forms of ``f``.  Neither checks per call: the checks run while
        # tracing, and a call JAX's cache serves has the structure, aux data and leaf
        # types of a trace that passed them.
        # * flat: every argument positional and an Array of ``driver``, no statics (the
        #   common call): ``f`` over the natives, the results made Arrays here.  No
        #   Python runs inside JAX's dispatch, and little after it (Python work after
        #   dispatch competes with XLA's threads for the cores).
        # * tree: any arguments, flattened by JAX (``Array`` is a registered pytree).
        # A form whose checks fail once (a non-array result, a Python scalar leaf,
        # another driver's array) is not tried again: the tree form, then core's path
        # take those calls.
        flat = None if static_argnums or static_argnames else jax.jit(_on_natives(f, driver))
        tree = jax.jit(
            _checked(f, static_argnums, static_argnames, self),
            static_argnums=static_argnums,
            static_argnames=static_argnames,
        )

        def call(args: tuple, kwargs: dict) -> Any:
            nonlocal flat, tree
            if flat is not None and not kwargs:
                natives = []
                for a in args:
                    if a.__class__ is not Array or a._driver is not driver:
                        break
                    natives.append(a._value)
                else:
                    try:
                        out = flat(*natives)
                    except _NotArrays:
                        flat = None
                    else:
                        if out.__class__ is _ArrayImpl:  # one result: Array._new inlined
                            res = _object_new(Array)
                            res._value, res._driver = out, driver
                            res._dtype = _CANON[out.aval.dtype]
                            return res
                        return _arrays_of(out, driver)  # containers; tracers (nested)
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
