"""Function-transform hooks of the JAX driver: ``jax.value_and_grad``, ``jax.jacrev``,
``jax.jit`` (static arguments), ``jax.vmap`` and ``lax.stop_gradient`` on natives;
``checked=True`` functionalises core's checks with ``jax.experimental.checkify``.

The hook contract is ``_base.Transforms``.  ``jit_compile`` is accepted and ignored (JAX
always compiles).  Gradients of complex inputs are conjugated: JAX returns
``df/dx - i df/dy``, the contract ``df/dx + i df/dy``.

The tree form (``jit_arrays``) hands ``jax.jit`` the user's arraykit arrays, which JAX
flattens itself (``pytree.py``); it checks, while tracing, that every traced leaf and
every result is one, of a driver with these hooks.  arraykit's array class comes from
core through the contract (``link``), never by import.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify

from .._base import (
    JIT_OPTIONS,
    NOT_HANDLED,
    CoreLink,
    Transforms,
    check_jit_options,
)


class _NotArrays(Exception):
    """Raised while tracing when ``f``'s traced arguments or its results are not all
    arraykit arrays of one JAX driver: the fast path declines such calls."""


def _conj_complex(tree: Any) -> Any:
    return jax.tree_util.tree_map(lambda g: g.conj() if jnp.iscomplexobj(g) else g, tree)


def _takes(
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    static_argnums: tuple[int, ...],
    static_argnames: frozenset[str],
    hooks: Transforms,
    array_type: type[Any],
) -> bool:
    """Whether the tree form can take these arguments: every traced leaf an array (of
    ``array_type``) of one driver with these hooks, static values hashable."""
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
    leaves = jax.tree_util.tree_leaves(dynamic, is_leaf=lambda x: x.__class__ is array_type)
    drv = leaves[0].driver if leaves and leaves[0].__class__ is array_type else None
    if drv is None or drv.transforms is not hooks:
        return False
    return all(x.__class__ is array_type and x.driver is drv for x in leaves)


def _checked(
    f: Callable[..., Any],
    static_argnums: tuple[int, ...],
    static_argnames: frozenset[str],
    hooks: Transforms,
    array_type: type[Any],
) -> Callable[..., Any]:
    """``f`` raising ``_NotArrays`` while tracing unless ``_takes`` its arguments, its
    result is arrays only and it writes to none of its arguments (the tree form)."""

    def is_array(x: Any) -> bool:
        return x.__class__ is array_type

    def checked(*args: Any, **kwargs: Any) -> Any:
        if not _takes(args, kwargs, static_argnums, static_argnames, hooks, array_type):
            raise _NotArrays
        held = [
            (x, x.native)
            for x in jax.tree_util.tree_leaves((args, kwargs), is_leaf=is_array)
            if is_array(x)
        ]
        out = f(*args, **kwargs)
        if any(x.native is not v for x, v in held):
            raise _NotArrays  # f wrote to an argument: core's path hands the write back
        for x in jax.tree_util.tree_leaves(out, is_leaf=is_array):
            # Results are rebuilt with their own driver: it must be one of these hooks
            # (another driver's array would come back holding a JAX value).
            if x.__class__ is not array_type or x.driver.transforms is not hooks:
                raise _NotArrays
        return out

    return checked


_FAILED = " (`check` failed)"  # the suffix checkify adds to a failed check's message


def _functional(fn: Callable[..., Any], static_argnums: tuple[int, ...]) -> Callable[..., Any]:
    """``fn``'s checks functionalised by ``checkify``: the callable returns ``(error,
    results)``; the static arguments stay Python values (closed over, not traced)."""

    def call(*args: Any) -> Any:
        statics = {i: args[i] for i in static_argnums}

        def dynamic(*values: Any) -> Any:
            it = iter(values)
            return fn(*[statics[i] if i in statics else next(it) for i in range(len(args))])

        values = [a for i, a in enumerate(args) if i not in statics]
        return checkify.checkify(dynamic, errors=checkify.user_checks)(*values)

    return call


class JAXTransforms(Transforms):
    """The transform hooks of ``JAXDriver`` (one object, shared by every JAX driver)."""

    checks = True

    def __init__(self) -> None:
        self._array_type: type | None = None
        self._errors: list[type[Exception]] = []  # a check's error class, by its number

    def check(
        self, ok: Any, error: type[Exception], message: str, guarded: Any, **values: Any
    ) -> Any:
        if self.tracing_checks():
            if error not in self._errors:
                self._errors.append(error)
            # The error class travels as a number before the message (checkify keeps text).
            checkify.check(ok, f"{self._errors.index(error)}:{message}", **values)
        return guarded

    def _raise(self, err: checkify.Error) -> None:
        """Raise the first failed check of a call, as the error class it was made with."""
        if any(isinstance(x, jax.core.Tracer) for x in jax.tree_util.tree_leaves(err)):
            # Called inside another trace: the checks become that program's, if checked.
            if self.tracing_checks():
                checkify.check_error(err)
            return
        text = err.get()
        if text is None:
            return
        number, _, message = text.removesuffix(_FAILED).partition(":")
        raise self._errors[int(number)](message)

    def link(self, core: CoreLink) -> None:
        """Take arraykit's array class from core; ``JAXDriver`` calls this when it is
        created, before core can call ``jit_arrays``."""
        self._array_type = core.array_type

    def value_and_grad(
        self, fn: Callable[..., Any], argnums: tuple[int, ...], has_aux: bool
    ) -> Callable[..., Any]:
        vg = jax.value_and_grad(fn, argnums=argnums, has_aux=has_aux)

        def call(*args: Any) -> Any:
            value, grads = vg(*args)
            return value, _conj_complex(grads)

        return call

    def jacobian(self, fn: Callable[..., Any], argnums: tuple[int, ...]) -> Callable[..., Any]:
        jac = jax.jacrev(fn, argnums=argnums)
        return lambda *args: _conj_complex(jac(*args))

    def jit(
        self, fn: Callable[..., Any], static_argnums: tuple[int, ...], options: dict[str, Any]
    ) -> Callable[..., Any]:
        check_jit_options(options, JIT_OPTIONS | {"checked"}, "jax")
        if not options.get("checked"):
            plain: Callable[..., Any] = jax.jit(fn, static_argnums=static_argnums)
            return plain
        compiled = jax.jit(
            _functional(self.traced_checking(fn), static_argnums),
            static_argnums=static_argnums,
        )

        def call(*args: Any) -> Any:
            err, out = compiled(*args)
            self._raise(err)
            return out

        return call

    jit_traces_by_signature = True  # jax.jit caches per shapes and dtypes itself

    def jit_arrays(
        self,
        f: Callable[..., Any],
        static_argnums: tuple[int, ...],
        static_argnames: frozenset[str],
    ) -> Callable[..., Any]:
        # ``f`` compiled by JAX over any arguments, flattened by JAX (``Array`` is a
        # registered pytree): trees, keywords and static arguments (core's flat form takes
        # the calls with positional arrays only).  No check per call: they run while
        # tracing, and a call JAX's cache serves has the structure, aux data and leaf
        # types of a trace that passed them.  Once they fail (a non-array result, a Python
        # scalar leaf, another driver's array) the form is not tried again: core's
        # general path takes those calls.
        array_type = self._array_type
        if array_type is None:  # only if core called it before any JAXDriver existed
            raise RuntimeError("JAXTransforms.jit_arrays: no JAXDriver has been created yet")
        tree = jax.jit(
            _checked(f, static_argnums, static_argnames, self, array_type),
            static_argnums=static_argnums,
            static_argnames=static_argnames,
        )

        def call(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
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
                if not _takes(args, kwargs, static_argnums, static_argnames, self, array_type):
                    return NOT_HANDLED
                raise

        return call

    def vmap(
        self,
        fn: Callable[..., Any],
        in_axes: tuple[int | None, ...],
        out_axes: int,
        checked: bool = False,
    ) -> Callable[..., Any]:
        if not checked:
            plain: Callable[..., Any] = jax.vmap(fn, in_axes=in_axes, out_axes=out_axes)
            return plain
        mapped = checkify.checkify(
            jax.vmap(self.traced_checking(fn), in_axes=in_axes, out_axes=out_axes),
            errors=checkify.user_checks,
        )

        def call(*leaves: Any) -> Any:
            err, out = mapped(*leaves)
            self._raise(err)
            return out

        return call

    def stop_gradient(self, x: Any) -> Any:
        return lax.stop_gradient(x)

    def traced(self, x: Any) -> bool:
        return isinstance(x, jax.core.Tracer)
