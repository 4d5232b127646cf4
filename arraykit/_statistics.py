"""Statistical functions: reductions (``sum``, ``prod``, ``max``, ``min``, ``mean``,
``var``, ``std``) and scans (``cumulative_sum``, ``cumulative_prod``).

Core decides every result dtype and every special case the spec pins down, so drivers
only run their native reduction:

* ``sum``/``prod``/``cumulative_*`` accumulate integers in the default integer dtype
  (unsigned ones in the unsigned dtype of that width) unless ``x``'s range is wider;
  floating-point inputs keep their dtype; ``dtype=`` casts ``x`` before computing.
* ``mean``/``var``/``std`` of an empty reduction, and ``var``/``std`` where
  ``M - correction <= 0``, are NaN on every driver (NumPy would warn and give ``inf``).
* ``max``/``min`` of zero elements raise ``ValueError`` on every driver; signed zeros
  order ``-0 < +0`` (``docs/guides/departures.md``).
* float16 accumulates in float32 and rounds once per result element (``sum`` ...
  ``cumulative_prod``), along any axis; float32 and float64 sums follow each backend's
  order of additions, within the bound ``departures.md`` publishes.
* Outside ``promotion="strict"``, boolean and integer inputs are accepted where NumPy
  accepts them: ``mean``/``var``/``std`` compute in the default float dtype, ``sum``/
  ``prod``/``cumulative_*`` of booleans in the default integer dtype, ``max``/``min`` of
  booleans stay boolean.  Under ``"strict"`` they raise ``TypeError``.

Spec: https://data-apis.org/array-api/2025.12/API_specification/statistical_functions.html
"""

from __future__ import annotations

import math
from typing import Any, cast

import numpy as np

from . import _config
from . import _dtypes as dt
from ._array import Array
from ._core import (
    check_array,
    float16_in_float32,
    integer_accumulator,
    new,
    normalize_axes,
    normalize_axis,
)
from ._types import DType

__all__ = ["cumulative_prod", "cumulative_sum", "max", "mean", "min", "prod", "std", "sum", "var"]

_NUMERIC = frozenset((*dt.NUMERIC, *dt.EXTRAS))  # the extras float16 and bfloat16
_FLOATING = frozenset((*dt.FLOATING, *dt.EXTRAS))
_REAL_FLOATING = frozenset((*dt.REAL_FLOATING, *dt.EXTRAS))
_REAL = frozenset((*dt.INTEGER, *_REAL_FLOATING))
_INTEGER = frozenset(dt.INTEGER)


def _strict(cfg: _config.Config | None = None) -> bool:
    return (cfg or _config.get()).promotion.name == "strict"


# ---------------------------------------------------------------------- helpers
def _accumulation_dtype(x: Array, dtype: Any, fn: str) -> np.dtype:
    """The dtype ``sum``/``prod``/``cumulative_*`` compute and return (the spec's rules)."""
    xd = x._dtype
    if xd not in _NUMERIC and xd is not dt.bool:
        raise TypeError(f"{fn}: 'x' must have a numeric dtype, got {xd}")
    cfg = None
    if xd is dt.bool:
        cfg = _config.get()
        if _strict(cfg):
            raise TypeError(
                f"{fn}: 'x' must have a numeric dtype, got bool (the 'strict' promotion mode "
                "follows the standard; cast with ak.astype first)"
            )
    if dtype is not None:
        try:
            out = dt.canonical(dtype)
        except TypeError as e:
            raise TypeError(f"{fn}: 'dtype': {e}") from None
        if out not in _NUMERIC:
            raise TypeError(f"{fn}: 'dtype' must be a numeric dtype, got {out}")
        if xd.kind == "c" and out.kind != "c":
            raise TypeError(
                f"{fn}: 'dtype'={out} would discard the imaginary part of a {xd} array; "
                "use a complex dtype, or ak.real/ak.imag first"
            )
        return out
    if xd in _FLOATING:
        return xd
    cfg = cfg or _config.get()
    if xd is dt.bool:
        return cfg.default_int
    return integer_accumulator(xd, cfg.default_int)


def _compute_dtype(x: Array, allowed: frozenset[np.dtype], words: str, fn: str) -> np.dtype:
    """``x``'s dtype if allowed; the default float for bools/integers outside strict mode."""
    xd = x._dtype
    if xd in allowed:
        return xd
    if xd is dt.bool or xd in _INTEGER:
        cfg = _config.get()
        if not _strict(cfg):
            return cfg.default_float
        raise TypeError(
            f"{fn}: 'x' must have a {words} dtype, got {xd} (the 'strict' promotion mode "
            "follows the standard; cast with ak.astype first)"
        )
    raise TypeError(f"{fn}: 'x' must have a {words} dtype, got {xd}")


def _reduced_count(shape: tuple[int | None, ...], axes: tuple[int, ...] | None) -> int | None:
    """How many elements each result element reduces over (None: not known yet)."""
    sizes = shape if axes is None else [shape[a] for a in axes]
    return None if None in sizes else math.prod(cast("tuple[int, ...]", sizes))


def _reduced_shape(
    shape: tuple[int | None, ...], axes: tuple[int, ...] | None, keepdims: bool
) -> tuple[Any, ...]:  # Shape once _numpy_api's callers check for unknown sizes
    axes_set = set(range(len(shape))) if axes is None else set(axes)
    if keepdims:
        return tuple(1 if i in axes_set else n for i, n in enumerate(shape))
    return tuple(n for i, n in enumerate(shape) if i not in axes_set)


def _nan_result(
    x: Array, value: Any, axes: tuple[int, ...] | None, keepdims: bool, dtype: np.dtype
) -> Array | None:
    """An all-NaN result of the reduction's shape; None if that shape is not known yet."""
    shape = _reduced_shape(x.shape, axes, keepdims)
    if None in shape:
        return None
    drv = x._driver
    fill = complex(math.nan, math.nan) if dtype.kind == "c" else math.nan
    sizes = cast("tuple[int, ...]", shape)  # known: checked above
    return new(drv.full(sizes, fill, dtype, drv.device_of(value)), drv, dtype)


# ---------------------------------------------------------------------- sums, products
def sum(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DType | None = None,
    keepdims: bool = False,
) -> Array:
    """Sum of the elements of ``x`` over ``axis``.

    Integers accumulate in the default integer dtype (unsigned ones in the unsigned dtype
    of its width) unless ``x``'s range is wider; other dtypes are kept.  Outside
    ``promotion="strict"``, booleans are summed as integers (NumPy counts them).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.sum.html

    Examples
    --------
    >>> x = ak.asarray([[1, 2], [3, 4]])
    >>> ak.sum(x)
    Array(10, dtype=int64)
    >>> ak.sum(x, axis=0)
    Array([4, 6], dtype=int64)
    >>> ak.sum(ak.asarray([1, 2], dtype=ak.int8)).dtype   # accumulates in the default int
    dtype('int64')
    """
    check_array(x, "sum")
    axes = normalize_axes(axis, x.ndim, "sum")
    out = _accumulation_dtype(x, dtype, "sum")
    drv = x._driver
    value = x._value if x._dtype is out else drv.astype(x._value, out)
    return new(float16_in_float32(drv, "sum", value, out, axes, out, bool(keepdims)), drv, out)


def prod(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DType | None = None,
    keepdims: bool = False,
) -> Array:
    """Product of the elements of ``x`` over ``axis`` (1 for an empty reduction).

    Result dtypes as for ``sum``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.prod.html

    Examples
    --------
    >>> ak.prod(ak.asarray([[1, 2], [3, 4]]), axis=1)
    Array([ 2, 12], dtype=int64)
    """
    check_array(x, "prod")
    axes = normalize_axes(axis, x.ndim, "prod")
    out = _accumulation_dtype(x, dtype, "prod")
    drv = x._driver
    value = x._value if x._dtype is out else drv.astype(x._value, out)
    return new(float16_in_float32(drv, "prod", value, out, axes, out, bool(keepdims)), drv, out)


def _cumulative(fn: str, x: Array, axis: int | None, dtype: Any, include_initial: bool) -> Array:
    check_array(x, fn)
    ndim = x.ndim
    if ndim == 0:
        raise ValueError(f"{fn}: 'x' must have at least one dimension, got a 0-D array")
    if axis is None:
        if ndim > 1:
            raise ValueError(f"{fn}: 'axis' is required for a {ndim}-D array (shape {x.shape})")
        ax = 0
    else:
        ax = normalize_axis(axis, ndim, fn)
    out = _accumulation_dtype(x, dtype, fn)
    drv = x._driver
    value = x._value if x._dtype is out else drv.astype(x._value, out)
    # float16: each running value in float32, rounded once (as sum's; NumPy's rounds each)
    return new(float16_in_float32(drv, fn, value, out, ax, out, bool(include_initial)), drv, out)


def cumulative_sum(
    x: Array,
    /,
    *,
    axis: int | None = None,
    dtype: DType | None = None,
    include_initial: bool = False,
) -> Array:
    """Cumulative sum of ``x`` along ``axis`` (optional for 1-D ``x`` only).

    Result dtypes as for ``sum``.  A 0-D ``x`` raises ``ValueError`` (the spec leaves it
    unspecified).  float16 running sums are float32's, each rounded once (NumPy's are
    float16's: 5000 ones sum to 2048).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.cumulative_sum.html

    Examples
    --------
    >>> ak.cumulative_sum(ak.asarray([1, 2, 3]))
    Array([1, 3, 6], dtype=int64)
    >>> ak.cumulative_sum(ak.asarray([1, 2, 3]), include_initial=True)
    Array([0, 1, 3, 6], dtype=int64)
    """
    return _cumulative("cumulative_sum", x, axis, dtype, include_initial)


def cumulative_prod(
    x: Array,
    /,
    *,
    axis: int | None = None,
    dtype: DType | None = None,
    include_initial: bool = False,
) -> Array:
    """Cumulative product of ``x`` along ``axis`` (optional for 1-D ``x`` only).

    Result dtypes as for ``sum``.  A 0-D ``x`` raises ``ValueError`` (the spec leaves it
    unspecified).  float16 running products are float32's, each rounded once.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.cumulative_prod.html

    Examples
    --------
    >>> ak.cumulative_prod(ak.asarray([1, 2, 3, 4]))
    Array([ 1,  2,  6, 24], dtype=int64)
    """
    return _cumulative("cumulative_prod", x, axis, dtype, include_initial)


# ---------------------------------------------------------------------- extrema
_EXTREMUM = {"max": "maximum", "min": "minimum"}


def _extremum(fn: str, x: Array, axis: Any, keepdims: bool) -> Array:
    check_array(x, fn)
    xd = x._dtype
    if xd not in _REAL and (xd is not dt.bool or _strict()):
        raise TypeError(
            f"{fn}: 'x' must have a real-valued dtype, got {xd}"
            + (" (complex numbers have no order)" if xd.kind == "c" else "")
        )
    axes = normalize_axes(axis, x.ndim, fn)
    if _reduced_count(x.shape, axes) == 0:
        raise ValueError(
            f"{fn}: the {_EXTREMUM[fn]} of zero elements is undefined (x has shape {x.shape}, "
            f"axis={axis!r})"
        )
    drv = x._driver
    return new(getattr(drv, fn)(x._value, axes, bool(keepdims)), drv, xd)


def max(x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Array:
    """Maximum of the elements of ``x`` over ``axis``; NaNs propagate; ``-0 < +0``.

    Reducing over zero elements raises ``ValueError`` (as NumPy does; the spec leaves it
    implementation-defined).  Complex inputs raise ``TypeError``; boolean ones are
    accepted outside ``promotion="strict"``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.max.html

    Examples
    --------
    >>> ak.max(ak.asarray([[1, 5], [7, 2]]), axis=0)
    Array([7, 5], dtype=int64)
    >>> ak.max(ak.asarray([1.0, ak.nan]))      # NaNs propagate
    Array(nan, dtype=float64)
    """
    return _extremum("max", x, axis, keepdims)


def min(x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Array:
    """Minimum of the elements of ``x`` over ``axis``; NaNs propagate; ``-0 < +0``.

    Reducing over zero elements raises ``ValueError`` (as NumPy does; the spec leaves it
    implementation-defined).  Complex inputs raise ``TypeError``; boolean ones are
    accepted outside ``promotion="strict"``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.min.html

    Examples
    --------
    >>> ak.min(ak.asarray([[1, 5], [7, 2]]), axis=1, keepdims=True)
    Array([[1],
           [2]], dtype=int64)
    """
    return _extremum("min", x, axis, keepdims)


# ---------------------------------------------------------------------- moments
def mean(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Arithmetic mean of the elements of ``x`` over ``axis`` (NaN for zero elements).

    Rounding: float32 and float64 means add in the backend's order, so their last bits may
    differ from NumPy's pairwise sums; every driver is within ``ceil(log2 n) * eps/2 *
    mean(|x|)`` (plus half an ulp) of the exact mean (``docs/guides/departures.md``).

    Boolean and integer inputs compute in the default float dtype, as NumPy does, except
    under ``promotion="strict"``, where they raise ``TypeError``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.mean.html

    Examples
    --------
    >>> ak.mean(ak.asarray([[1.0, 2.0], [3.0, 5.0]]), axis=1)
    Array([1.5, 4. ], dtype=float64)
    """
    check_array(x, "mean")
    out = _compute_dtype(x, _FLOATING, "floating-point", "mean")
    axes = normalize_axes(axis, x.ndim, "mean")
    drv = x._driver
    value = x._value if x._dtype is out else drv.astype(x._value, out)
    if _reduced_count(x.shape, axes) == 0:
        nan = _nan_result(x, value, axes, keepdims, out)
        if nan is not None:
            return nan
    return new(float16_in_float32(drv, "mean", value, out, axes, bool(keepdims)), drv, out)


def _moment(fn: str, x: Array, axis: Any, correction: Any, keepdims: bool) -> Array:
    check_array(x, fn)
    out = _compute_dtype(x, _REAL_FLOATING, "real floating-point", fn)
    if isinstance(correction, bool) or not isinstance(correction, (int, float)):
        raise TypeError(
            f"{fn}: 'correction' must be a Python int or float, got {type(correction).__name__}"
        )
    axes = normalize_axes(axis, x.ndim, fn)
    drv = x._driver
    value = x._value if x._dtype is out else drv.astype(x._value, out)
    n = _reduced_count(x.shape, axes)
    if n is not None and n - correction <= 0:  # the spec: NaN, whatever the data
        nan = _nan_result(x, value, axes, keepdims, out)
        if nan is not None:
            return nan
    return new(float16_in_float32(drv, fn, value, out, axes, correction, bool(keepdims)), drv, out)


def var(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> Array:
    """Variance of the elements of ``x`` over ``axis``, divided by ``M - correction``.

    NaN where ``M - correction <= 0`` on every driver.  Boolean and integer inputs compute
    in the default float dtype, as NumPy does, except under ``promotion="strict"``, where
    they raise ``TypeError``; complex inputs raise ``TypeError``.  Rounding: as ``mean``'s,
    within the bound ``docs/guides/departures.md`` gives, not NumPy's last bits.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.var.html

    Examples
    --------
    >>> x = ak.asarray([1.0, 2.0, 3.0, 4.0])
    >>> ak.var(x)
    Array(1.25, dtype=float64)
    >>> ak.var(x, correction=1)           # NumPy's ddof=1
    Array(1.66666667, dtype=float64)
    """
    return _moment("var", x, axis, correction, keepdims)


def std(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> Array:
    """Standard deviation of the elements of ``x`` over ``axis`` (``sqrt`` of ``var``).

    NaN where ``M - correction <= 0`` on every driver.  Boolean and integer inputs compute
    in the default float dtype, as NumPy does, except under ``promotion="strict"``, where
    they raise ``TypeError``; complex inputs raise ``TypeError``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.std.html

    Examples
    --------
    >>> ak.std(ak.asarray([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]))
    Array(2., dtype=float64)
    """
    return _moment("std", x, axis, correction, keepdims)
