"""Gradients: ``grad``, ``value_and_grad``, ``jacobian`` and ``stop_gradient`` (the
driver's autodiff hooks over natives; trees and checks in ``_transforms``).

The gradients every driver gives (the contract; docs/reference/transforms.rst has the
table, ``tests/test_gradients.py`` and ``tests/test_gradient_choices.py`` enforce it):

* Complex inputs: ``df/dx + i df/dy`` at ``z = x + iy`` (see ``_transforms``).
* Every primitive's gradient is its derivative, on complex inputs too, wherever it
  exists, including the special values the standard lists (``exp(0j)``) and singular
  matrices (``det``'s is the adjugate).
* Where it does not exist, the subgradient of least norm: ``abs`` at 0 (and ``hypot`` at
  the origin, ``copysign`` at ``x1 == 0``, complex ``sign`` at 0): 0; ties of
  ``maximum``, ``minimum``, ``clip``, ``max``, ``min``: an even split; piecewise constant
  functions (``floor``, real ``sign`` ...): 0, at their jumps too; ``nextafter``: 1 in
  ``x1``; ``x ** 0``: 0 in ``x`` at 0; ``unique_*``: to the first occurrence.
* The chain rule in IEEE arithmetic: an unselected ``where`` branch whose derivative is
  NaN or infinite gives NaN (``0 * inf``), on every driver.
* Integer and boolean results, and ``*_like``, give zero gradients.

A driver whose backend differs gives the operation a gradient of its own where the
backend's op is (``drivers/<name>/gradients.py``: ``tf.custom_gradient``,
``jax.custom_jvp``), without slowing the forward computation.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any

from ._array import Array
from ._transforms import (
    check_callable,
    flatten,
    flatten_args,
    has_constant,
    no_autodiff_error,
    refuse_writes,
    transform_hooks,
    unflatten,
    unflatten_args,
    unwrap_out,
)
from .drivers._base import Driver

__all__ = ["grad", "jacobian", "stop_gradient", "value_and_grad"]


def _normalize_argnums(argnums: Any, nargs: int, fn: str) -> tuple[int, ...]:
    items = argnums if isinstance(argnums, tuple) else (argnums,)
    out = []
    for a in items:
        try:
            a = operator.index(a)
        except TypeError:
            raise TypeError(
                f"{fn}: 'argnums' must be an int or a tuple of ints, got {argnums!r}"
            ) from None
        if not -nargs <= a < nargs:
            raise IndexError(f"{fn}: argnums={argnums!r} is out of range for {nargs} arguments")
        out.append(a % nargs)
    if len(set(out)) != len(out):
        raise ValueError(f"{fn}: repeated argument in argnums={argnums!r}")
    return tuple(out)


def _check_differentiable(spec: tuple[Any, ...], leaves: list[Array], i: int, fn: str) -> None:
    if spec[0] == "c" or has_constant(spec):
        raise TypeError(
            f"{fn}: argument {i} holds a non-array leaf; differentiated arguments must be "
            "floating-point arrays (convert Python numbers with ak.asarray)"
        )
    for x in leaves:
        if x._dtype.kind not in "fc":
            raise TypeError(
                f"{fn}: argument {i} must be floating-point or complex to be differentiated, "
                f"got an array of dtype {x._dtype}"
            )


def _differentiated(
    args: tuple[Any, ...], argnums: Any, fn: str
) -> tuple[list[tuple[Any, ...]], list[list[Array]], Driver, tuple[int, ...]]:
    """The flattened arguments, their driver and ``argnums`` normalized, once checked that
    the driver differentiates and the differentiated arguments can be."""
    specs, per_arg, drv = flatten_args(args, fn)
    nums = _normalize_argnums(argnums, len(args), fn)
    if not drv.capabilities.autodiff:
        raise no_autodiff_error(fn, drv)
    for i in nums:
        _check_differentiable(specs[i], per_arg[i], i, fn)
    return specs, per_arg, drv, nums


def _gradient_call(
    f: Callable[..., Any], args: tuple[Any, ...], argnums: Any, has_aux: bool, fn: str
) -> tuple[Any, Any, Any, tuple[int, ...], Driver]:
    """(value, aux, grads) of ``f`` at ``args``, with ``grads`` shaped like the arguments."""
    specs, per_arg, drv, nums = _differentiated(args, argnums, fn)
    aux_spec: list[tuple[Any, ...]] = []

    def native(*leaf_tuples: Any) -> Any:
        made: list[Array | None] = []
        call_args = [
            unflatten_args(s, iter(t), drv, made) for s, t in zip(specs, leaf_tuples, strict=True)
        ]
        out = f(*call_args)
        refuse_writes(made, [v for t in leaf_tuples for v in t], fn)
        aux = None
        if has_aux:
            if not (isinstance(out, tuple) and len(out) == 2):
                raise TypeError(f"{fn}: with has_aux=True, f must return a pair (value, aux)")
            out, aux = out
        if out.__class__ is not Array:
            raise TypeError(f"{fn}: f must return a 0-d real floating-point array, got {out!r}")
        if out.ndim != 0 or out._dtype.kind != "f":
            raise TypeError(
                f"{fn}: f must return a 0-d real floating-point array (a scalar loss), got "
                f"shape {out.shape} and dtype {out._dtype}"
            )
        if not has_aux:
            return out._value
        spec, natives = unwrap_out(aux)
        aux_spec[:] = [spec]
        return out._value, natives

    leaf_tuples = tuple(tuple(x._value for x in leaves) for leaves in per_arg)
    result, grads = transform_hooks(drv, fn).value_and_grad(native, nums, has_aux)(*leaf_tuples)
    if has_aux:
        value, aux_natives = result
        aux = unflatten(aux_spec[0], iter(aux_natives), drv, dtype_of_value=True)
    else:
        value, aux = result, None
    value = Array._new(value, drv, drv.dtype_of(value))
    trees = tuple(unflatten(specs[i], iter(g), drv) for i, g in zip(nums, grads, strict=True))
    grad_tree = trees if isinstance(argnums, tuple) else trees[0]
    return value, aux, grad_tree, nums, drv


def value_and_grad(
    f: Callable[..., Any], /, argnums: int | tuple[int, ...] = 0, *, has_aux: bool = False
) -> Callable[..., Any]:
    """A function returning ``(f(*args), grad)`` (``((value, aux), grad)`` with ``has_aux``).

    Not in the standard (JAX's ``jax.value_and_grad``).  ``f`` must return a 0-d real
    floating-point array; the differentiated arguments (``argnums``: an int or a tuple)
    are float or complex arrays or nested tuples/lists/dicts of them, and ``grad`` has
    their structure (a tuple of them for a tuple ``argnums``).  For a complex input
    ``z = x + iy`` the gradient is ``df/dx + i df/dy`` on every driver.  Drivers without
    ``capabilities.autodiff`` (NumPy) raise ``TypeError`` naming the drivers that have it.

    Examples
    --------
    >>> # requires: autodiff -- the NumPy driver does not differentiate
    >>> value, g = ak.value_and_grad(lambda p: ak.sum(p["w"] ** 2))({"w": ak.asarray([1.0, -2.0])})
    >>> value
    Array(5., dtype=float64)
    >>> g["w"]
    Array([ 2., -4.], dtype=float64)
    """
    check_callable(f, "value_and_grad")

    @functools.wraps(f)
    def wrapper(*args: Any) -> Any:
        value, aux, g, _, _ = _gradient_call(f, args, argnums, has_aux, "value_and_grad")
        return ((value, aux) if has_aux else value), g

    return wrapper


def grad(
    f: Callable[..., Any], /, argnums: int | tuple[int, ...] = 0, *, has_aux: bool = False
) -> Callable[..., Any]:
    """A function returning the gradient of ``f`` (``(grad, aux)`` with ``has_aux``).

    Not in the standard (JAX's ``jax.grad``); see ``value_and_grad`` for the rules.

    Examples
    --------
    >>> # requires: autodiff -- the NumPy driver does not differentiate
    >>> f = lambda x: ak.sum(x ** 3)
    >>> ak.grad(f)(ak.asarray([1.0, 2.0]))
    Array([ 3., 12.], dtype=float64)
    >>> ak.grad(lambda w, b: ak.sum(w * b), argnums=1)(ak.asarray([2.0, 3.0]), ak.ones(2))
    Array([2., 3.], dtype=float64)
    """
    check_callable(f, "grad")

    @functools.wraps(f)
    def wrapper(*args: Any) -> Any:
        _, aux, g, _, _ = _gradient_call(f, args, argnums, has_aux, "grad")
        return (g, aux) if has_aux else g

    return wrapper


def jacobian(f: Callable[..., Any], /, argnums: int | tuple[int, ...] = 0) -> Callable[..., Any]:
    """A function returning the Jacobian of ``f`` (reverse mode, like ``jax.jacrev``).

    Not in the standard.  ``f`` returns an array or a tree of arrays; for each output
    leaf the result holds the differentiated argument's structure (a tuple of them for a
    tuple ``argnums``) with leaves of shape ``out.shape + leaf.shape``.

    Examples
    --------
    >>> # requires: autodiff -- the NumPy driver does not differentiate
    >>> ak.jacobian(lambda x: x ** 2)(ak.asarray([1.0, 2.0, 3.0]))
    Array([[2., 0., 0.],
           [0., 4., 0.],
           [0., 0., 6.]], dtype=float64)
    """
    check_callable(f, "jacobian")
    fn = "jacobian"

    @functools.wraps(f)
    def wrapper(*args: Any) -> Any:
        specs, per_arg, drv, nums = _differentiated(args, argnums, fn)
        out_spec: list[tuple[Any, ...]] = []

        def native(*leaf_tuples: Any) -> tuple[Any, ...]:
            made: list[Array | None] = []
            call_args = [
                unflatten_args(s, iter(t), drv, made)
                for s, t in zip(specs, leaf_tuples, strict=True)
            ]
            leaves: list[Array] = []
            spec = flatten(f(*call_args), leaves)
            refuse_writes(made, [v for t in leaf_tuples for v in t], fn)
            for x in leaves:
                if x._dtype.kind != "f":
                    raise TypeError(
                        f"{fn}: f must return real floating-point arrays, got one of dtype "
                        f"{x._dtype} (for a complex output, take the Jacobians of ak.real "
                        "and ak.imag of it)"
                    )
            out_spec[:] = [spec]
            return tuple(x._value for x in leaves)

        leaf_tuples = tuple(tuple(x._value for x in leaves) for leaves in per_arg)
        jac = transform_hooks(drv, fn).jacobian(native, nums)(*leaf_tuples)
        per_out = []
        for per_num in jac:
            trees = tuple(
                unflatten(specs[i], iter(j), drv, dtype_of_value=True)
                for i, j in zip(nums, per_num, strict=True)
            )
            per_out.append(trees if isinstance(argnums, tuple) else trees[0])
        return _unflatten_objects(out_spec[0], iter(per_out))

    return wrapper


def _unflatten_objects(spec: tuple[Any, ...], objs: Any) -> Any:
    """The tree of ``spec`` with each array leaf replaced by the next of ``objs``."""
    tag = spec[0]
    if tag == "a":
        return next(objs)
    if tag == "t":
        items = [_unflatten_objects(s, objs) for s in spec[2]]
        return spec[1](*items) if hasattr(spec[1], "_fields") else spec[1](items)
    if tag == "l":
        return spec[1](_unflatten_objects(s, objs) for s in spec[2])
    if tag == "d":
        return {k: _unflatten_objects(s, objs) for k, s in zip(spec[1], spec[2], strict=True)}
    return spec[1]


def stop_gradient(x: Array, /) -> Array:
    """``x``, treated as a constant by ``grad``, ``value_and_grad`` and ``jacobian``.

    Not in the standard (``jax.lax.stop_gradient``, ``tf.stop_gradient``); the identity
    on drivers without automatic differentiation.

    Examples
    --------
    >>> # requires: autodiff -- the NumPy driver does not differentiate
    >>> ak.grad(lambda x: ak.sum(x * ak.stop_gradient(x)))(ak.asarray([3.0]))
    Array([3.], dtype=float64)
    """
    if x.__class__ is not Array:
        raise TypeError(f"stop_gradient: 'x' must be an arraykit array, got {type(x).__name__}")
    drv = x._driver
    return Array._new(transform_hooks(drv, "stop_gradient").stop_gradient(x._value), drv, x._dtype)
