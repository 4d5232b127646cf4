"""NumPy's NaN-ignoring reductions beyond ``nansum``, ``nanprod`` and ``nanmean`` (NumPy
reference: "Mathematical functions: Extrema finding", "Sorting, searching, and counting",
"Statistics: Averages and variances", "Sums, products, differences"): ``nanmin``,
``nanmax``, ``nanargmin``, ``nanargmax``, ``nanvar``, ``nanstd``, ``nancumsum``,
``nancumprod``.

Each marks the NaNs once with ``_masked.Masked`` (the helper the other ``nan*``
functions and the order statistics share), replaces them by the reduction's identity and
runs the standard's reduction, with NumPy's arguments and result dtypes.  NumPy's
``RuntimeWarning`` for an all-NaN slice (and ``nanargmin``'s ``ValueError``) need one
boolean read from the device: eagerly only (see ``_masked``).
"""

from __future__ import annotations

from typing import Any

from .. import _config, _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .. import _searching as se
from .. import _statistics as st
from .._array import Array
from .._core import check_array
from .._searching import where
from ._base import known, like, no_out, numpy_function, renamed, scalar
from ._masked import Masked, any_true, cast, eager, quiet
from .math_sums import _extremum, cumprod, cumsum
from .statistics import _complex_by_count

__all__ = ["nanargmax", "nanargmin", "nancumprod", "nancumsum", "nanmax", "nanmin", "nanstd",
           "nanvar"]  # fmt: skip

_ERRORS = (TypeError, ValueError, IndexError, OverflowError)
_NAN = float("nan")


# ---------------------------------------------------------------------- extrema
def _nan_extremum(
    name: str, std: str, a: Array, axis: Any, out: Any, keepdims: bool, initial: Any,
    where_: Any,
) -> Array:  # fmt: skip
    check_array(a, name, "a")
    m = Masked(a, axis, keepdims, name)
    fill = float("inf") if std == "min" else float("-inf")
    r = _extremum(name, std, m.filled(fill), axis, out, keepdims, initial, where_)
    if m.nan is None or initial is not None:  # NumPy's fmin/fmax from initial: a number
        return r
    if eager(a) and any_true(ew.equal(r, fill)) is False:
        return r  # no slice all NaN (seen on the result: no pass over a)
    empty = m.empty()
    if empty is None:  # (never: m.nan is set)
        return r
    m.warn(empty, "All-NaN slice encountered")
    return where(empty, _NAN, r)


@numpy_function("ak.min(ak.where(ak.isnan(x), ak.inf, x), axis=axis)")
@quiet
def nanmin(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = None,
    where: Any = True,
) -> Array:
    """Minimum ignoring NaNs; an all-NaN slice gives NaN and, eagerly, NumPy's
    ``RuntimeWarning`` "All-NaN slice encountered".  ``initial`` and ``where`` as in
    ``amin``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanmin.html

    Examples
    --------
    >>> ak.nanmin(ak.asarray([[1.0, ak.nan], [ak.nan, -2.0]]), axis=0)
    Array([ 1., -2.], dtype=float64)
    """
    return _nan_extremum("nanmin", "min", a, axis, out, keepdims, initial, where)


@numpy_function("ak.max(ak.where(ak.isnan(x), -ak.inf, x), axis=axis)")
@quiet
def nanmax(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = None,
    where: Any = True,
) -> Array:
    """Maximum ignoring NaNs; an all-NaN slice gives NaN and, eagerly, NumPy's
    ``RuntimeWarning``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanmax.html

    Examples
    --------
    >>> ak.nanmax(ak.asarray([1.0, ak.nan, 3.0]))
    Array(3., dtype=float64)
    """
    return _nan_extremum("nanmax", "max", a, axis, out, keepdims, initial, where)


def _nan_arg(name: str, std: str, a: Array, axis: Any, out: Any, keepdims: bool) -> Array:
    check_array(a, name, "a")
    no_out(name, out)
    if axis is not None and not isinstance(axis, int):
        _core.normalize_axis(axis, a.ndim, name)  # NumPy's TypeError for a float axis
    m = Masked(a, axis, keepdims, name)
    fill = float("inf") if std == "argmin" else float("-inf")
    fn = se.argmin if std == "argmin" else se.argmax
    try:
        r = fn(m.filled(fill), axis=axis, keepdims=keepdims)
    except _ERRORS as e:
        raise renamed(e, std, name) from None
    if m.nan is None or a.size == 0:
        return r
    empty = m.empty()
    if empty is None:  # (never: m.nan is set)
        return r
    if eager(a):
        if any_true(empty):
            raise ValueError(f"{name}: All-NaN slice encountered")
        return r
    return where(empty, -1, r)  # traced or lazy: -1 marks an all-NaN slice


@numpy_function("ak.argmin(ak.where(ak.isnan(x), ak.inf, x), axis=axis)")
@quiet
def nanargmin(
    a: Array, axis: int | None = None, out: Any = None, *, keepdims: bool = False
) -> Array:
    """Index of the minimum ignoring NaNs (the first one).  An all-NaN slice raises
    NumPy's ``ValueError`` eagerly; under ``ak.jit`` and on Dask, where the values are not
    known when the call returns, it gives -1 there (as ``jax.numpy.nanargmin``).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanargmin.html

    Examples
    --------
    >>> ak.nanargmin(ak.asarray([[ak.nan, 4.0], [2.0, 3.0]]), axis=1)
    Array([1, 0], dtype=int64)
    """
    return _nan_arg("nanargmin", "argmin", a, axis, out, keepdims)


@numpy_function("ak.argmax(ak.where(ak.isnan(x), -ak.inf, x), axis=axis)")
@quiet
def nanargmax(
    a: Array, axis: int | None = None, out: Any = None, *, keepdims: bool = False
) -> Array:
    """Index of the maximum ignoring NaNs (the first one); all-NaN slices as in
    ``nanargmin``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanargmax.html

    Examples
    --------
    >>> ak.nanargmax(ak.asarray([1.0, ak.nan, 3.0]))
    Array(2, dtype=int64)
    """
    return _nan_arg("nanargmax", "argmax", a, axis, out, keepdims)


# ---------------------------------------------------------------------- variance
def _nanvar(
    name: str, a: Array, axis: Any, dtype: Any, out: Any, ddof: Any, keepdims: bool,
    where_: Any, mean: Any, correction: Any,
) -> Array:  # fmt: skip
    check_array(a, name, "a")
    no_out(name, out)
    arg = "ddof"
    if correction is not None:
        if ddof != 0:
            raise ValueError(f"{name}: ddof and correction can't be provided simultaneously.")
        ddof, arg = correction, "correction"
    ddof = scalar(ddof, name, arg)
    if isinstance(ddof, (bool, complex)):
        raise TypeError(f"{name}: {arg!r} must be an int or a float, got {type(ddof).__name__}")
    inexact = a._dtype.kind in "fc"
    acc = None
    if dtype is not None:
        try:
            acc = dt.canonical(dtype)
        except TypeError as e:
            raise TypeError(f"{name}: 'dtype': {e}") from None
        if inexact and acc.kind not in "fc":
            raise TypeError(f"{name}: If a is inexact, then dtype must be inexact")
    x = a if inexact else cast(a, acc or _config.get().default_float)
    m = Masked(x, axis, keepdims, name, skip_nan=inexact)
    skip = m.nan  # the elements left out: NaNs, and those outside ``where``
    if where_ is not True:
        mask = like(a, where_, name, "where")
        if mask._dtype.kind != "b":
            raise TypeError(f"{name}: 'where' must be a boolean array, got {mask._dtype}")
        outside = _core_broadcast(ew.logical_not(mask), x, name)
        skip = outside if skip is None else ew.logical_or(skip, outside)
    filled = x if skip is None else where(skip, 0, x)
    ax = m.axes
    try:
        cnt = m.count(keepdims=True, skip=skip)
        if mean is not None:
            avg = like(a, mean, name, "mean")
        else:
            avg = st.sum(filled, axis=ax, keepdims=True, dtype=acc)
            c = cast(cnt, dt.REAL_OF.get(avg._dtype, avg._dtype))
            avg = _complex_by_count(avg, c) if avg._dtype.kind == "c" else ew.divide(avg, c)
        dev = ew.subtract(x, avg)
        if dev._dtype is not x._dtype:  # NumPy subtracts into a's own array
            dev = cast(dev, x._dtype)
        if skip is not None:
            dev = where(skip, 0, dev)
        sqr = ew.real(ew.multiply(dev, ew.conj(dev))) if dev._dtype.kind == "c" else (
            ew.multiply(dev, dev))  # fmt: skip
        real_acc = dt.REAL_OF.get(acc, acc) if acc is not None else None
        var = st.sum(sqr, axis=ax, keepdims=keepdims, dtype=real_acc)
    except _ERRORS as e:
        raise renamed(renamed(e, "sum", name), "subtract", name) from None
    dof = ew.subtract(cnt if keepdims else _squeeze(cnt, ax, a.ndim), ddof)
    bad = ew.less_equal(dof, 0)
    if not inexact:  # NumPy's var (no NaN possible): divide by max(dof, 0)
        var = ew.divide(var, cast(ew.maximum(dof, 0), var._dtype))
        m.warn(bad, "Degrees of freedom <= 0 for slice")
        return var
    var = ew.divide(var, cast(dof, var._dtype))
    m.warn(bad, "Degrees of freedom <= 0 for slice.")
    return where(bad, _NAN, var)


def _core_broadcast(keep: Array, x: Array, fn: str) -> Array:
    from .._manipulation import broadcast_to

    if tuple(keep.shape) == tuple(x.shape):
        return keep
    return broadcast_to(keep, known(x.shape, fn))


def _squeeze(c: Array, axes: tuple[int, ...] | None, ndim: int) -> Array:
    from .._manipulation import squeeze

    return squeeze(c, axis=tuple(range(ndim)) if axes is None else axes) if ndim else c


@numpy_function("ak.var(x, axis=axis, correction=ddof) of the numbers (not NaN)")
@quiet
def nanvar(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    out: Any = None,
    ddof: int | float = 0,
    keepdims: bool = False,
    *,
    where: Any = True,
    mean: Any = None,
    correction: int | float | None = None,
) -> Array:
    """Variance ignoring NaNs, NumPy's way: the mean of the numbers, then the sum of
    squared deviations divided by ``count - ddof``.  A slice with ``count <= ddof`` gives
    NaN and, eagerly, NumPy's ``RuntimeWarning``.  Complex input gives a real variance;
    integers are computed in float64 (the default float).  ``mean`` is a precomputed mean
    (``keepdims`` shape); ``correction`` is the standard's name for ``ddof``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanvar.html

    Examples
    --------
    >>> ak.nanvar(ak.asarray([[1.0, ak.nan, 3.0], [2.0, 2.0, 5.0]]), axis=1)
    Array([1., 2.], dtype=float64)
    """
    return _nanvar("nanvar", a, axis, dtype, out, ddof, keepdims, where, mean, correction)


@numpy_function("ak.std(x, axis=axis, correction=ddof) of the numbers (not NaN)")
@quiet
def nanstd(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    out: Any = None,
    ddof: int | float = 0,
    keepdims: bool = False,
    *,
    where: Any = True,
    mean: Any = None,
    correction: int | float | None = None,
) -> Array:
    """Standard deviation ignoring NaNs: the square root of ``nanvar``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanstd.html

    Examples
    --------
    >>> ak.nanstd(ak.asarray([1.0, ak.nan, 3.0]))
    Array(1., dtype=float64)
    """
    var = _nanvar("nanstd", a, axis, dtype, out, ddof, keepdims, where, mean, correction)
    return ew.sqrt(var)


# ---------------------------------------------------------------------- cumulative
@numpy_function("ak.cumulative_sum(ak.where(ak.isnan(x), 0, x), axis=axis)")
@quiet
def nancumsum(a: Array, axis: int | None = None, dtype: Any = None, out: Any = None) -> Array:
    """Cumulative sum with NaNs counted as zero (over the flattened array when ``axis``
    is ``None``).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nancumsum.html

    Examples
    --------
    >>> ak.nancumsum(ak.asarray([1.0, ak.nan, 3.0]))
    Array([1., 1., 4.], dtype=float64)
    """
    check_array(a, "nancumsum", "a")
    filled = Masked(a, None, False, "nancumsum").filled(0)
    try:
        return cumsum(filled, axis=axis, dtype=dtype, out=out)
    except _ERRORS as e:
        raise renamed(e, "cumsum", "nancumsum") from None


@numpy_function("ak.cumulative_prod(ak.where(ak.isnan(x), 1, x), axis=axis)")
@quiet
def nancumprod(a: Array, axis: int | None = None, dtype: Any = None, out: Any = None) -> Array:
    """Cumulative product with NaNs counted as one.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nancumprod.html

    Examples
    --------
    >>> ak.nancumprod(ak.asarray([2.0, ak.nan, 3.0]))
    Array([2., 2., 6.], dtype=float64)
    """
    check_array(a, "nancumprod", "a")
    filled = Masked(a, None, False, "nancumprod").filled(1)
    try:
        return cumprod(filled, axis=axis, dtype=dtype, out=out)
    except _ERRORS as e:
        raise renamed(e, "cumprod", "nancumprod") from None
