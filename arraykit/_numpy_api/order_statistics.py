"""NumPy's order statistics (NumPy reference: "Statistics", its parts "Order statistics"
and the medians of "Averages and variances"): ``median``, ``percentile``, ``quantile``
and their NaN-ignoring forms ``nanmedian``, ``nanpercentile``, ``nanquantile``.

All six go through ``_masked.Masked``, the helper of the ``nan*`` reductions: each slice
is sorted once along a last axis (NaNs last, where NumPy's partition puts them), the
picks are gathered with ``take_along_axis``, and NumPy's index and interpolation
formulas are applied operation for operation, so that results are NumPy's bit for bit
(dtypes included: integers give float64, float32 stays float32 for a Python scalar ``q``
and follows NumPy's promotion with an array ``q``), for each of NumPy's 13 ``method``\\ s.
The NaN-ignoring forms count each slice's numbers and pick among them.

Differences from NumPy: ``out`` only as ``None``; ``overwrite_input`` is accepted and
ignored (arraykit does not sort in place).  Which of two equal values ``-0.0`` and
``0.0`` is picked follows a stable sort (NumPy's partition picks either).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _config, _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .. import _statistics as st
from .._array import Array
from .._core import check_array
from .._creation import asarray, full
from .._manipulation import reshape
from .._searching import where
from .._utility import any as any_
from ._base import known, no_out, numpy_function
from ._masked import Masked, any_true, array_like, cast, front, gather, last, quiet, warn

__all__ = ["median", "nanmedian", "nanpercentile", "nanquantile", "percentile", "quantile"]

# method -> (alpha, beta) of Hyndman and Fan's continuous methods, NumPy's
# _compute_virtual_index(n, q, alpha, beta) = n*q + (alpha + q*(1 - alpha - beta)) - 1
_CONTINUOUS = {
    "interpolated_inverted_cdf": (0, 1),
    "hazen": (0.5, 0.5),
    "weibull": (0, 0),
    "median_unbiased": (1 / 3.0, 1 / 3.0),
    "normal_unbiased": (3 / 8.0, 3 / 8.0),
}
_DISCRETE = ("inverted_cdf", "closest_observation", "lower", "higher", "nearest")
METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
           "normal_unbiased", "lower", "higher", "midpoint", "nearest")  # fmt: skip


# ---------------------------------------------------------------------- q
def _quantiles(a: Array, q: Any, fn: str, percent: bool) -> tuple[Array, bool]:
    """``q`` (``/ 100`` for the percentiles, as NumPy divides) as an array on ``a``'s
    driver, checked to lie in [0, 1]; and whether it is weak (a Python scalar: NumPy
    then keeps ``a``'s float dtype)."""
    weak = type(q) in (int, float)
    what = "Percentiles must be in the range [0, 100]" if percent else (
        "Quantiles must be in the range [0, 1]")  # fmt: skip
    if q.__class__ is Array:
        _core.same_driver((a, q), fn)
        if q._dtype.kind not in "biuf":
            raise TypeError(f"{fn}: 'q' must be real numbers, got {q._dtype}")
        qa = ew.divide(q, 100) if percent else q
        if qa._dtype.kind == "b":
            qa = cast(qa, dt.int64)
        ok = ew.logical_and(ew.greater_equal(qa, 0), ew.less_equal(qa, 1))
        if any_true(ew.logical_not(ok)):
            raise ValueError(f"{fn}: {what}")
    else:
        try:
            host = np.asarray(q)
        except Exception:
            host = np.asarray(q, dtype=object)
        if host.dtype.kind not in "biuf":
            raise TypeError(f"{fn}: 'q' must be real numbers, got {type(q).__name__}")
        if host.dtype.kind == "b":
            host = host.astype(np.int64)
        if percent:
            host = np.true_divide(host, 100)
        if not (host.size == 0 or (host.min() >= 0 and host.max() <= 1)):
            raise ValueError(f"{fn}: {what}")
        qa = asarray(host, device=a.device, driver=a._driver)
    if qa.ndim > 2:
        raise ValueError(f"{fn}: q must be a scalar or 1d")
    return qa, weak


# ---------------------------------------------------------------------- indexes
def _virtual(method: str, n: Any, q: Array) -> Array:
    """NumPy's virtual index (a float: where the quantile lies in the sorted slice) of
    the interpolating methods, for ``n`` values (a Python int, or a count array in
    ``q``'s dtype)."""
    if method == "linear":
        return ew.multiply(_less_one(n), q)
    if method == "averaged_inverted_cdf":
        return ew.subtract(ew.multiply(n, q), 1)
    if method == "midpoint":
        v = ew.multiply(_less_one(n), q)
        return ew.multiply(0.5, ew.add(ew.floor(v), ew.ceil(v)))
    alpha, beta = _CONTINUOUS[method]
    return ew.subtract(
        ew.add(ew.multiply(n, q), ew.add(alpha, ew.multiply(q, 1 - alpha - beta))), 1
    )


def _less_one(n: Any) -> Any:
    return n - 1 if isinstance(n, int) else ew.subtract(n, 1)


def _boundaries(index: Array, closest: bool) -> Array:
    """NumPy's ``_discrete_interpolation_to_boundaries``: the lower or upper neighbour of
    ``index`` (the lower where it is whole; for ``closest_observation`` the lower where it
    is whole and odd), negative indexes made 0."""
    prev = ew.floor(index)
    cond = ew.equal(ew.subtract(index, prev), 0)
    if closest:
        cond = ew.logical_and(cond, ew.equal(ew.remainder(prev, 2), 1))
    res = cast(where(cond, prev, ew.add(prev, 1)), dt.int64)
    return where(ew.less(res, 0), 0, res)


def _discrete(method: str, n: Any, q: Array) -> Array:
    """The index (an integer) of the methods that pick one value."""
    if method == "inverted_cdf":
        return _boundaries(ew.subtract(ew.multiply(n, q), 1), False)
    if method == "closest_observation":
        return _boundaries(ew.subtract(ew.subtract(ew.multiply(n, q), 1), 0.5), True)
    v = ew.multiply(_less_one(n), q)
    if v._dtype.kind in "iu":
        return cast(v, dt.int64)
    rounding = {"lower": ew.floor, "higher": ew.ceil, "nearest": ew.round}[method]
    return cast(rounding(v), dt.int64)


def _gamma(method: str, v: Array, prev: Array) -> Array:
    """NumPy's ``_get_gamma``: the weight of the upper neighbour, in ``v``'s dtype."""
    gamma = ew.subtract(v, prev)
    if method == "averaged_inverted_cdf":
        gamma = where(ew.equal(gamma, 0), 0.5, 1.0)
    elif method == "midpoint":
        gamma = where(ew.equal(ew.remainder(v, 1), 0), 0.0, 0.5)
    return cast(gamma, v._dtype) if gamma._dtype is not v._dtype else gamma


def _lerp(a: Array, b: Array, t: Array, out: np.dtype) -> Array:
    """NumPy's ``_lerp``: ``a + (b - a)*t``, or ``b - (b - a)*(1 - t)`` where ``t >= 0.5``
    (``b - a`` in the values' dtype, the rest in ``out``)."""
    diff = cast(ew.subtract(b, a), out)
    one_minus = cast(ew.subtract(1, t), out)
    tt = cast(t, out)
    low = ew.add(cast(a, out), ew.multiply(diff, tt))
    high = ew.subtract(cast(b, out), ew.multiply(diff, one_minus))
    return where(ew.greater_equal(t, 0.5), high, low)


def _float_of(dtype: np.dtype) -> np.dtype:
    return _config.get().default_float if dtype.kind in "biu" else dtype


# ---------------------------------------------------------------------- the kernel
def _order(
    fn: str, a: Array, q: Any, axis: Any, out: Any, method: str, keepdims: bool,
    weights: Any, skip_nan: bool, percent: bool,
) -> Array:  # fmt: skip
    check_array(a, fn, "a")
    no_out(fn, out)
    if a._dtype.kind == "c":
        raise TypeError(f"{fn}: a must be an array of real numbers")
    if method not in METHODS:
        raise ValueError(
            f"{fn}: {method!r} is not a valid method. Use one of: {', '.join(METHODS)}"
        )
    qa, weak = _quantiles(a, q, fn, percent)
    m = Masked(a, axis, keepdims, fn, skip_nan=skip_nan)
    if weights is not None:
        return _weighted(fn, m, qa, method, weights)
    if skip_nan and a.size == 0:  # NumPy: nanmean's answer (NaN, q's axes left out)
        return _empty(m, a._dtype, fn, lead=())
    xs = m.sorted()
    n = xs.shape[-1]
    if n is None:
        raise ValueError(f"{fn}: the size of the reduced axes is not known yet; call "
                         "ak.compute(a) first")  # fmt: skip
    if n == 0:
        raise IndexError(f"{fn}: index -1 is out of bounds for axis 0 with size 0")
    q_shape = tuple(qa.shape)
    qf = reshape(qa, (-1,))
    cnt = (  # the numbers in each slice, where NaNs are counted out
        st.sum(ew.logical_not(ew.isnan(xs)), axis=-1, keepdims=True, dtype=dt.int64)
        if skip_nan and m.nan is not None
        else None
    )
    count: Any = cast(cnt, qf._dtype) if cnt is not None else n  # NumPy: n * q in q's dtype
    top: Array | int = ew.maximum(ew.subtract(cnt, 1), 0) if cnt is not None else n - 1
    if method in _DISCRETE or (method == "linear" and qf._dtype.kind in "iu"):  # one value
        out_dtype = a._dtype
        idx = _discrete(method, count, qf)
        r = last(xs, ew.minimum(ew.maximum(idx, 0), top), fn)
    else:
        v = _virtual(method, count, qf)
        prev = ew.floor(v)
        nxt = ew.add(prev, 1)
        above = ew.greater_equal(v, _less_one(count))  # the last value
        below = ew.less(v, 0)
        prev, nxt = where(above, -1, prev), where(above, -1, nxt)
        prev, nxt = where(below, 0, prev), where(below, 0, nxt)
        gamma = _gamma(method, v, prev)

        def at(i: Array) -> Array:
            k = cast(i, dt.int64)
            return last(xs, where(ew.less(k, 0), top, k), fn)

        lo, up = at(prev), at(nxt)
        if weak:
            out_dtype = _float_of(a._dtype)
            t = cast(gamma, dt.float64) if gamma._dtype is not dt.float64 else gamma
        else:
            out_dtype = _core.result_dtype((a._dtype, gamma._dtype), fn)
            t = gamma
        if tuple(t.shape) != tuple(lo.shape):
            from .._manipulation import broadcast_to

            t = broadcast_to(t, known(lo.shape, fn))
        r = _lerp(lo, up, t, out_dtype)
    if cnt is not None:
        r = where(ew.equal(cnt, 0), float("nan"), r)
        m.warn(ew.equal(cnt, 0), "All-NaN slice encountered")
    elif a._dtype.kind in "fc":  # a slice with a NaN sorts it last: NaN, as NumPy
        tail = xs[..., -1:]
        r = where(ew.isnan(tail), cast(tail, r._dtype), r)
    return m.restore(front(r, q_shape, fn), lead=len(q_shape))


def _weighted(fn: str, m: Masked, qa: Array, method: str, weights: Any) -> Array:
    """NumPy's weighted ``inverted_cdf``: the first sorted value whose share of the
    cumulative weight reaches ``q`` (weights of NaNs count as 0 in the nan forms)."""
    from .._sorting import argsort

    a = m.a
    w = array_like(a, weights, fn, "weights")
    if method != "inverted_cdf":
        raise ValueError(f"{fn}: Only method 'inverted_cdf' supports weights. Got: {method}.")
    _core.same_driver((a, w), fn)
    if w._dtype.kind not in "biuf":
        raise TypeError(f"{fn}: 'weights' must be real numbers, got {w._dtype}")
    if tuple(w.shape) != tuple(a.shape):
        axes = m.axes
        if axes is None:
            raise TypeError(f"{fn}: Axis must be specified when shapes of a and weights differ.")
        if tuple(w.shape) != tuple(a.shape[i] for i in axes):
            raise ValueError(f"{fn}: Shape of weights must be consistent with shape of a "
                             "along specified axis.")  # fmt: skip
        from .._manipulation import broadcast_to, permute_dims

        order = sorted(range(len(axes)), key=lambda i: axes[i])
        w = permute_dims(w, tuple(order)) if order != list(range(len(order))) else w
        sizes = known(a.shape, fn)
        shape = tuple(s if i in axes else 1 for i, s in enumerate(sizes))
        w = broadcast_to(reshape(w, shape), sizes)
    if any_true(ew.less(w, 0)):
        raise ValueError(f"{fn}: Weights must be non-negative.")
    x = m.slices()
    n = known(x.shape, fn)[-1]
    if n == 0:
        raise IndexError(f"{fn}: index -1 is out of bounds for axis 0 with size 0")
    ws = Masked(w, m.axes, False, fn, skip_nan=False).slices()
    perm = argsort(x, axis=-1, stable=True)
    xs, ws = gather(x, perm), gather(ws, perm)
    counted = m.nan is not None
    nan_last = ew.isnan(xs) if xs._dtype.kind == "f" else None
    if counted and nan_last is not None:  # (counted: a float a, so nan_last is set)
        ws = where(nan_last, 0, ws)
    cdf = st.cumulative_sum(ws, axis=-1, dtype=dt.float64)
    total = cdf[..., -1:]
    cdf = ew.divide(cdf, total)
    bad = ew.isnan(total)
    if counted and nan_last is not None:
        bad = ew.logical_and(bad, ew.logical_not(nan_last[..., :1]))
    if any_true(bad):
        raise ValueError(f"{fn}: Weights included NaN, inf or were all zero.")
    if qa._dtype.kind == "f" and qa._dtype is not cdf._dtype:
        cdf = cast(cdf, qa._dtype)
    cdf = where(ew.equal(cdf, 0), -1.0, cdf)
    q_shape = tuple(qa.shape)
    qf = reshape(qa, (-1, 1))
    from .._manipulation import expand_dims

    below = ew.less(expand_dims(cdf, axis=-2), qf)  # (..., k, n)
    idx = st.sum(below, axis=-1, dtype=dt.int64)
    r = last(xs, ew.minimum(idx, n - 1), fn)
    if nan_last is not None:
        tail = (
            nan_last[..., -1:]
            if not counted
            else ew.logical_not(any_(ew.logical_not(nan_last), axis=-1, keepdims=True))
        )
        r = where(tail, float("nan"), r)
        if counted:
            m.warn(tail, "All-NaN slice encountered")
    return m.restore(front(r, q_shape, fn), lead=len(q_shape))


def _empty(m: Masked, dtype: np.dtype[Any], fn: str, lead: tuple[int, ...]) -> Array:
    """NaN in each result element of an empty input (NumPy: nanmean's answer, warning
    "Mean of empty slice")."""
    a = m.a
    reduced = range(a.ndim) if m.axes is None else m.axes
    if m.keepdims:
        sizes = tuple(1 if i in reduced else a.shape[i] for i in range(a.ndim))
    else:
        sizes = tuple(a.shape[i] for i in range(a.ndim) if i not in reduced)
    shape = known(sizes, fn)
    if 0 not in shape or not shape:
        warn("Mean of empty slice")
    out = _float_of(dtype)
    return full((*lead, *shape), float("nan"), dtype=out, device=a.device)


def _median(fn: str, a: Array, axis: Any, out: Any, keepdims: bool, skip_nan: bool) -> Array:
    check_array(a, fn, "a")
    no_out(fn, out)
    m = Masked(a, axis, keepdims, fn, skip_nan=skip_nan)
    out_dtype = _float_of(a._dtype)
    if a._dtype.kind == "c":
        out_dtype = a._dtype
    xs = m.sorted()
    n = xs.shape[-1]
    if n is None:
        raise ValueError(f"{fn}: the size of the reduced axes is not known yet; call "
                         "ak.compute(a) first")  # fmt: skip
    if n == 0:
        return _empty(m, out_dtype, fn, lead=())
    # NumPy's mean of the middle value(s): (lo + hi) / 2 in the result dtype (float16 in
    # float32, as NumPy's mean accumulates it)
    acc = dt.float32 if out_dtype is dt.float16 else out_dtype
    counted = skip_nan and m.nan is not None
    if counted:
        cnt = st.sum(ew.logical_not(ew.isnan(xs)), axis=-1, keepdims=True, dtype=dt.int64)
        lo_i = ew.floor_divide(ew.maximum(ew.subtract(cnt, 1), 0), 2)
        hi_i = ew.minimum(ew.floor_divide(cnt, 2), n - 1)
        lo, hi = cast(last(xs, lo_i, fn), acc), cast(last(xs, hi_i, fn), acc)
        mid = ew.divide(ew.add(lo, hi), 2)
        r = where(ew.equal(ew.remainder(cnt, 2), 1), lo, mid)
        r = where(ew.equal(cnt, 0), float("nan"), r)
        m.warn(ew.equal(cnt, 0), "All-NaN slice encountered")
    else:
        r = cast(xs[..., (n - 1) // 2 : (n - 1) // 2 + 1], acc)
        if n % 2 == 0:
            r = ew.divide(ew.add(r, cast(xs[..., n // 2 : n // 2 + 1], acc)), 2)
        if a._dtype.kind in "fc":
            tail = xs[..., -1:]
            r = where(ew.isnan(tail), cast(tail, acc), r)
    if r._dtype is not out_dtype:
        r = cast(r, out_dtype)
    return m.restore(reshape(r, known(r.shape[:-1], fn)))


# ---------------------------------------------------------------------- the functions
_NO_SPELLING = None


@numpy_function(_NO_SPELLING)
@quiet
def median(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    out: Any = None,
    overwrite_input: bool = False,
    keepdims: bool = False,
) -> Array:
    """Median over ``axis`` (all axes by default): the middle value of each sorted slice,
    or the mean of the two middle values.  A slice holding a NaN gives NaN; integers give
    float64 (the default float), float32 stays float32.  ``overwrite_input`` is accepted
    and ignored.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.median.html

    Examples
    --------
    >>> x = ak.asarray([[10, 7, 4], [3, 2, 1]])
    >>> ak.median(x), ak.median(x, axis=1)
    (Array(3.5, dtype=float64), Array([7., 2.], dtype=float64))
    """
    return _median("median", a, axis, out, keepdims, skip_nan=False)


@numpy_function(_NO_SPELLING)
@quiet
def nanmedian(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    out: Any = None,
    overwrite_input: bool = False,
    keepdims: bool = False,
) -> Array:
    """Median ignoring NaNs.  An all-NaN slice gives NaN and, eagerly, NumPy's
    ``RuntimeWarning`` "All-NaN slice encountered" (under ``ak.jit`` and on Dask the NaN
    without the warning).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanmedian.html

    Examples
    --------
    >>> ak.nanmedian(ak.asarray([[1.0, ak.nan, 3.0], [4.0, 6.0, 5.0]]), axis=1)
    Array([2., 5.], dtype=float64)
    """
    return _median("nanmedian", a, axis, out, keepdims, skip_nan=True)


@numpy_function(_NO_SPELLING)
@quiet
def quantile(
    a: Array,
    q: Any,
    axis: int | tuple[int, ...] | None = None,
    out: Any = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = False,
    *,
    weights: Any = None,
) -> Array:
    """The ``q``-th quantiles (``q`` in [0, 1]: a Python scalar, a sequence or an array)
    over ``axis``, the axes of ``q`` first.  ``method`` is any of NumPy's 13 (default
    ``"linear"``); ``weights`` (``a``'s shape, or 1-D along a single ``axis``) only with
    ``"inverted_cdf"``, as in NumPy.  A slice holding a NaN gives NaN.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.quantile.html

    Examples
    --------
    >>> x = ak.asarray([[10.0, 7.0, 4.0], [3.0, 2.0, 1.0]])
    >>> ak.quantile(x, 0.5, axis=1)
    Array([7., 2.], dtype=float64)
    >>> ak.quantile(x, [0.25, 0.75], method="lower")
    Array([2., 4.], dtype=float64)
    """
    return _order("quantile", a, q, axis, out, method, keepdims, weights, False, False)


@numpy_function(_NO_SPELLING)
@quiet
def percentile(
    a: Array,
    q: Any,
    axis: int | tuple[int, ...] | None = None,
    out: Any = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = False,
    *,
    weights: Any = None,
) -> Array:
    """The ``q``-th percentiles (``q`` in [0, 100]): ``quantile(a, q / 100, ...)``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.percentile.html

    Examples
    --------
    >>> ak.percentile(ak.asarray([1, 2, 3, 4]), 50)
    Array(2.5, dtype=float64)
    """
    return _order("percentile", a, q, axis, out, method, keepdims, weights, False, True)


@numpy_function(_NO_SPELLING)
@quiet
def nanquantile(
    a: Array,
    q: Any,
    axis: int | tuple[int, ...] | None = None,
    out: Any = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = False,
    *,
    weights: Any = None,
) -> Array:
    """Quantiles ignoring NaNs: each slice's numbers only.  An all-NaN slice gives NaN
    and, eagerly, NumPy's ``RuntimeWarning`` "All-NaN slice encountered".

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanquantile.html

    Examples
    --------
    >>> ak.nanquantile(ak.asarray([1.0, ak.nan, 3.0, 4.0]), 0.5)
    Array(3., dtype=float64)
    """
    return _order("nanquantile", a, q, axis, out, method, keepdims, weights, True, False)


@numpy_function(_NO_SPELLING)
@quiet
def nanpercentile(
    a: Array,
    q: Any,
    axis: int | tuple[int, ...] | None = None,
    out: Any = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = False,
    *,
    weights: Any = None,
) -> Array:
    """Percentiles ignoring NaNs: ``nanquantile(a, q / 100, ...)``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanpercentile.html

    Examples
    --------
    >>> ak.nanpercentile(ak.asarray([[1.0, ak.nan], [3.0, 5.0]]), 50, axis=0)
    Array([2., 5.], dtype=float64)
    """
    return _order("nanpercentile", a, q, axis, out, method, keepdims, weights, True, True)
