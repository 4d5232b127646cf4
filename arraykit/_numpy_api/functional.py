"""NumPy's functional programming routines (NumPy reference: "Functional programming"):
``apply_along_axis``, ``apply_over_axes``, ``piecewise``.

They call the user's functions with arraykit arrays, as NumPy calls them with NumPy's:
``apply_along_axis`` once per 1-D slice (a Python loop over the slices, as NumPy's;
``ak.vmap`` maps a function without one), ``piecewise`` once per condition on the
selected elements (boolean indexing: eagerly, not under ``ak.jit``; ``ak.where`` of the
pieces computed everywhere is the traceable form).
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Callable
from typing import Any

from .. import _core
from .. import _dtypes as dt
from .._array import Array
from .._core import check_array, normalize_axis
from .._creation import asarray, zeros_like
from .._data_types import astype
from .._elementwise import logical_not
from .._manipulation import expand_dims, moveaxis, reshape, stack
from .._utility import any as any_
from ._base import known, numpy_function

__all__ = ["apply_along_axis", "apply_over_axes", "piecewise"]


def _as_array(value: Any, like: Array) -> Array:
    if value.__class__ is Array:
        return value
    return asarray(value, device=like.device, driver=like._driver)


@numpy_function("ak.vmap(func1d) over the other axes (or a loop over ak.unstack)")
def apply_along_axis(func1d: Callable[..., Any], axis: int, arr: Array, *args: Any,
                     **kwargs: Any) -> Array:  # fmt: skip
    """``func1d(slice, *args, **kwargs)`` for each 1-D slice of ``arr`` along ``axis``, the
    results (arrays or scalars, of one shape) stacked where the axis was, in the first
    result's dtype (the others cast to it, as NumPy's).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.apply_along_axis.html

    Examples
    --------
    >>> x = ak.asarray([[3, 1, 2], [9, 7, 8]])
    >>> ak.apply_along_axis(lambda v: v[0] + v[-1], 1, x)
    Array([ 5, 17], dtype=int64)
    """
    fn = "apply_along_axis"
    check_array(arr, fn, "arr")
    if not callable(func1d):
        raise TypeError(f"{fn}: 'func1d' must be callable, got {type(func1d).__name__}")
    ax = normalize_axis(axis, arr.ndim, fn)
    moved = moveaxis(arr, ax, -1)
    outer = known(moved.shape[:-1], fn)
    if 0 in outer:
        raise ValueError(f"{fn}: cannot apply_along_axis when any iteration dimensions are 0")
    results = [_as_array(func1d(moved[i], *args, **kwargs), arr)
               for i in itertools.product(*(range(n) for n in outer))]  # fmt: skip
    first = results[0]
    for r in results[1:]:
        if tuple(r.shape) != tuple(first.shape):
            raise ValueError(
                f"{fn}: 'func1d' returned shapes {first.shape} and {r.shape}; it must return "
                "one shape for every slice"
            )
    _core.same_driver(results, fn)
    out = stack([r if r._dtype is first._dtype else astype(r, first._dtype) for r in results])
    out = reshape(out, (*outer, *known(first.shape, fn)))
    k = first.ndim  # the result's own axes go where the axis was
    if k == 0:
        return out
    return moveaxis(out, tuple(range(len(outer), len(outer) + k)), tuple(range(ax, ax + k)))


@numpy_function("func(func(a, axis_1), axis_2)..., keeping the axes")
def apply_over_axes(func: Callable[..., Any], a: Array, axes: int | tuple[int, ...]) -> Array:
    """``func(a, axis)`` for each axis in ``axes`` in turn, each result keeping ``a``'s
    number of dimensions (a result with one fewer gets the axis back with length 1).
    A ``func`` whose ``axis`` is keyword-only (the standard's ``ak.sum``...) gets
    ``axis=axis``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.apply_over_axes.html

    Examples
    --------
    >>> ak.apply_over_axes(ak.sum, ak.reshape(ak.arange(24), (2, 3, 4)), (0, 2))
    Array([[[ 60],
            [ 92],
            [124]]], dtype=int64)
    """
    fn = "apply_over_axes"
    check_array(a, fn, "a")
    if not callable(func):
        raise TypeError(f"{fn}: 'func' must be callable, got {type(func).__name__}")
    n = a.ndim
    val = a
    keyword = _keyword_axis(func)
    for axis in (axes,) if not isinstance(axes, (tuple, list)) else axes:
        axis = normalize_axis(axis, n, fn, "axes")
        res = _as_array(func(val, axis=axis) if keyword else func(val, axis), a)
        if res.ndim == val.ndim:
            val = res
        elif res.ndim == val.ndim - 1:
            val = expand_dims(res, axis=axis)
        else:
            raise ValueError(f"{fn}: function is not returning an array of the correct shape")
    return val


def _keyword_axis(func: Callable[..., Any]) -> bool:
    """Whether ``func`` takes ``axis`` by keyword only (the standard's ``ak.sum``...)."""
    try:
        p = inspect.signature(func).parameters.get("axis")
    except (TypeError, ValueError):
        return False
    return p is not None and p.kind is p.KEYWORD_ONLY


@numpy_function("ak.where(cond_1, f_1(x), ak.where(cond_2, f_2(x), ...))")
def piecewise(x: Array, condlist: Any, funclist: list[Any], *args: Any, **kw: Any) -> Array:
    """``x`` mapped piece by piece: where ``condlist[i]`` holds (the first that does, one
    boolean array per piece), ``funclist[i](x[cond], *args, **kw)`` (or the constant
    ``funclist[i]``); an extra last function is the default, where no condition holds;
    elsewhere 0.  In ``x``'s dtype, as NumPy's (values are cast to it).  A lazy driver
    (Dask) takes constant pieces only: it cannot write a function's values, whose number
    depends on the data, through a mask (``ak.where(cond, f(x), ...)`` can).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.piecewise.html

    Examples
    --------
    >>> x = ak.linspace(-2.5, 2.5, 6)
    >>> ak.piecewise(x, [x < -1, x > 1], [-1.0, 1.0, 0.5])
    Array([-1. , -1. ,  0.5,  0.5,  1. ,  1. ], dtype=float64)
    """
    fn = "piecewise"
    check_array(x, fn, "x")
    if not isinstance(funclist, (list, tuple)):
        raise TypeError(f"{fn}: 'funclist' must be a list, got {type(funclist).__name__}")
    conds: list[Any]
    if isinstance(condlist, bool):
        conds = [condlist]
    elif condlist.__class__ is Array:
        # NumPy's reading: an array's first axis runs over conditions from 2-D up (or for
        # a 0-D x); a 0-D or 1-D array is one condition
        one = condlist.ndim == 0 or (condlist.ndim == 1 and x.ndim != 0)
        conds = [condlist] if one else [condlist[i] for i in range(condlist.shape[0] or 0)]
    elif isinstance(condlist, (list, tuple)):
        first = condlist[0] if condlist else None
        conds = list(condlist) if isinstance(first, (list, tuple, Array)) or x.ndim == 0 else [
            condlist]  # fmt: skip
    else:
        raise TypeError(f"{fn}: 'condlist' must be a list of boolean arrays")
    try:
        arrays = [_as_array(c, x) for c in conds]
    except (TypeError, ValueError) as e:
        raise type(e)(f"{fn}: 'condlist': {e}") from None
    masks = []
    for i, c in enumerate(arrays):
        if c._dtype.kind != "b":
            raise TypeError(f"{fn}: condlist[{i}] must be a boolean array, got {c._dtype}")
        if tuple(c.shape) != tuple(x.shape):
            raise ValueError(f"{fn}: condlist[{i}] has shape {c.shape}, x {x.shape}")
        masks.append(c)
    _core.same_driver([x, *masks], fn)
    if len(masks) == len(funclist) - 1:
        seen = any_(stack(masks), axis=0) if masks else zeros_like(x, dtype=dt.bool)
        masks.append(logical_not(seen))
    elif len(masks) != len(funclist):
        n = len(masks)
        raise ValueError(
            f"{fn}: with {n} condition(s), either {n} or {n + 1} functions are expected"
        )
    y = zeros_like(x)
    for cond, f in zip(masks, funclist, strict=True):
        if not callable(f):
            value = _as_array(f, x)
            y[cond] = value if value._dtype is y._dtype else astype(value, y._dtype)
            continue
        vals = x[cond]
        if vals.shape[0] == 0:
            continue
        got = _as_array(f(vals, *args, **kw), x)
        y[cond] = got if got._dtype is y._dtype else astype(got, y._dtype)
    return y
