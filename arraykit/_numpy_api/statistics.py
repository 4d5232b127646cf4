"""NumPy's statistics beyond the standard (NumPy reference: "Statistics": order
statistics, averages and variances): ``ptp``, ``average``, ``nanmean``.

Built on the standard's ``mean``, ``sum``, ``max`` and ``min``, with NumPy's arguments
and result dtypes (integers average in the default float).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _config, _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .. import _statistics as st
from .._array import Array
from .._core import check_array, new, normalize_axes
from .._creation import full, ones_like
from .._data_types import astype
from .._manipulation import broadcast_to, permute_dims, reshape
from .._searching import where
from ._base import known, like, no_out, numpy_function, renamed
from ._masked import Masked

__all__ = ["average", "nanmean", "ptp"]

_ERRORS = (TypeError, ValueError, IndexError, OverflowError)


def _axis(axis: Any) -> Any:
    return tuple(axis) if isinstance(axis, list) else axis


@numpy_function("ak.max(x, axis=axis) - ak.min(x, axis=axis)")
def ptp(
    a: Array, axis: int | tuple[int, ...] | None = None, out: Any = None, keepdims: bool = False
) -> Array:
    """Range of values (maximum - minimum) over ``axis``, in ``a``'s dtype (integers wrap
    around, as in NumPy).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.ptp.html

    Examples
    --------
    >>> ak.ptp(ak.asarray([[4, 9, 2], [1, 1, 1]]), axis=1)
    Array([7, 0], dtype=int64)
    """
    check_array(a, "ptp", "a")
    no_out("ptp", out)
    try:
        return ew.subtract(
            st.max(a, axis=_axis(axis), keepdims=keepdims),
            st.min(a, axis=_axis(axis), keepdims=keepdims),
        )
    except _ERRORS as e:
        raise renamed(renamed(e, "max", "ptp"), "subtract", "ptp") from None


def _float_of(dtype: Any) -> Any:
    """NumPy's dtype for averaging ``dtype``: floats and complex stay, integers and
    booleans average in the default float (NumPy: float64)."""
    return _config.get().default_float if dtype.kind in "biu" else dtype


@numpy_function("ak.sum(x * w, axis=axis) / ak.sum(w, axis=axis)")
def average(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    weights: Array | None = None,
    returned: bool = False,
    *,
    keepdims: bool = False,
) -> Array | tuple[Array, Array]:
    """Weighted average over ``axis``: ``sum(a * weights) / sum(weights)``; the mean
    without ``weights``.  ``weights`` has ``a``'s shape, or is 1-D along a single
    ``axis``.  ``returned=True`` also gives the sum of the weights (the count without
    them).  Weights summing to zero raise ``ZeroDivisionError`` as in NumPy, eagerly
    (under ``ak.jit`` the result is ``inf`` or ``nan`` there).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.average.html

    Examples
    --------
    >>> x = ak.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> ak.average(x, axis=1, weights=ak.asarray([3.0, 1.0]))
    Array([1.25, 3.25], dtype=float64)
    >>> ak.average(ak.asarray([1, 2, 3, 4]), returned=True)
    (Array(2.5, dtype=float64), Array(4., dtype=float64))
    """
    check_array(a, "average", "a")
    ax = _axis(axis)
    axes = normalize_axes(ax, a.ndim, "average")
    if weights is None:
        try:
            avg = st.mean(astype(a, _float_of(a._dtype)), axis=ax, keepdims=keepdims)
        except _ERRORS as e:
            raise renamed(e, "mean", "average") from None
        if not returned:
            return avg
        count = st._reduced_count(a.shape, axes)
        if count is None or None in avg.shape:  # a size a lazy driver does not know yet
            ones = ones_like(a, dtype=avg._dtype)
            return avg, st.sum(ones, axis=ax, keepdims=keepdims)
        return avg, full(known(avg.shape, "average"), count, dtype=avg._dtype, device=avg.device)
    w = like(a, weights, "average", "weights")
    _core.same_driver((a, w), "average")
    dtype = _core.result_dtype((a, w), "average", "a and weights")
    if dtype.kind in "biu":
        dtype = _core.result_dtype((dtype, _config.get().default_float), "average")
    if tuple(w.shape) != tuple(a.shape):
        if axes is None:
            raise TypeError("average: axis must be specified when shapes of a and weights differ")
        sizes = known(a.shape, "average")
        if w.ndim != len(axes) or tuple(w.shape) != tuple(sizes[i] for i in axes):
            raise ValueError(
                f"average: shape of weights {w.shape} must be that of a {a.shape} along axis {axis}"
            )
        # weights along `axes`, broadcast over the other axes of a
        w = permute_dims(w, tuple(sorted(range(len(axes)), key=lambda i: axes[i])))
        shape = [1] * a.ndim
        for i in sorted(axes):
            shape[i] = sizes[i]
        w = broadcast_to(reshape(w, tuple(shape)), sizes)
    a, w = astype(a, dtype), astype(w, dtype)
    scl = st.sum(w, axis=ax, keepdims=keepdims)
    if _core.transform_tracing.depth == 0 and not a._driver.capabilities.lazy:
        from .._utility import any as any_

        if bool(any_(ew.equal(scl, 0))):
            raise ZeroDivisionError("average: weights sum to zero, can't be normalized")
    avg = ew.divide(st.sum(ew.multiply(a, w), axis=ax, keepdims=keepdims), scl)
    if returned:
        if tuple(scl.shape) != tuple(avg.shape):
            scl = broadcast_to(scl, known(avg.shape, "average"))
        return avg, scl
    return avg


@numpy_function("ak.sum(ak.where(nan, 0, x)) / ak.sum(~nan) (nan = ak.isnan(x))")
def nanmean(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    *,
    where: Any = True,
) -> Array:
    """Mean ignoring NaNs; an all-NaN (or empty) slice gives NaN and, eagerly, NumPy's
    ``RuntimeWarning`` "Mean of empty slice" (under ``ak.jit`` and on Dask the NaN
    without the warning).  ``dtype`` is the accumulator's; ``where`` selects elements, as
    in NumPy.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanmean.html

    Examples
    --------
    >>> x = ak.asarray([[1.0, ak.nan], [3.0, 4.0]])
    >>> ak.nanmean(x), ak.nanmean(x, axis=1)
    (Array(2.66666667, dtype=float64), Array([1. , 3.5], dtype=float64))
    """
    check_array(a, "nanmean", "a")
    no_out("nanmean", out)
    ax = _axis(axis)
    x = a
    if dtype is not None:
        try:
            x = astype(a, dt.canonical(dtype))
        except TypeError as e:
            raise TypeError(f"nanmean: 'dtype': {e}") from None
    elif a._dtype.kind in "biu":
        x = astype(a, _float_of(a._dtype))
    m = Masked(x, ax, keepdims, "nanmean")  # the helper of every nan* function
    keep = None if m.nan is None else ew.logical_not(m.nan)
    if where is not True:
        mask = like(a, where, "nanmean", "where")
        keep = mask if keep is None else ew.logical_and(keep, mask)
    if keep is None:
        try:
            return st.mean(x, axis=ax, keepdims=keepdims)
        except _ERRORS as e:
            raise renamed(e, "mean", "nanmean") from None
    if tuple(keep.shape) != tuple(x.shape):
        keep = broadcast_to(keep, known(x.shape, "nanmean"))
    try:
        total = st.sum(_where_keep(keep, x), axis=ax, keepdims=keepdims)
    except _ERRORS as e:
        raise renamed(e, "sum", "nanmean") from None
    count = st.sum(keep, axis=ax, keepdims=keepdims)
    m.warn(ew.equal(count, 0), "Mean of empty slice")
    count = astype(count, dt.REAL_OF.get(total._dtype, total._dtype))
    with np.errstate(all="ignore"):  # NumPy's nanmean: 0/0 is NaN, without its warning
        if total._dtype.kind == "c":
            return _complex_by_count(total, count)
        return ew.divide(total, count)


def _complex_by_count(z: Array, c: Array) -> Array:
    """NumPy's ``z / c`` for a real count ``c``: its complex division by ``c + 0j``
    (Smith's, ratio 0), ``((a + b*0) / c, (b - a*0) / c)``, so that an infinite part
    makes the other NaN on every driver as in NumPy (backends' complex divisions differ
    there)."""
    a, b = ew.real(z), ew.imag(z)
    re = ew.divide(ew.add(a, ew.multiply(b, 0.0)), c)
    im = ew.divide(ew.subtract(b, ew.multiply(a, 0.0)), c)
    drv = z._driver
    return new(drv.complex(re._value, im._value), drv, z._dtype)


def _where_keep(keep: Array, x: Array) -> Array:
    return where(keep, x, 0)
