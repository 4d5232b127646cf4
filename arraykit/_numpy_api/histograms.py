"""NumPy's histograms (NumPy reference: "Statistics: Histograms"): ``bincount``,
``digitize``, ``histogram``, ``histogram_bin_edges`` (``histogram2d``, ``histogramdd``:
``histograms_nd``).

Counting is one kernel, ``_count``: the driver's native ``bincount`` where it defines the
composite (NumPy's, JAX's, Dask's, TensorFlow's segment sum: linear time, weights added in
input order as NumPy adds them), else core's sort and search.  A value's bin is found with
``searchsorted`` on the edges (NumPy's own rule: ``[e[i], e[i+1])``, the last bin
closed), edges are computed on the device with NumPy's ``linspace`` formula in NumPy's
dtype, so bins and counts are NumPy's exactly.

Sizes that depend on the data (``bincount``'s ``max(x) + 1``, the number of bins of a
``bins="auto"``-like estimator) and NumPy's errors that depend on the values (negative
counts, non-finite or non-monotonic ranges) are read from the device eagerly (one small
read).  Under ``ak.jit`` those reads are impossible: ``bincount`` needs ``minlength``
(values at or past it are then dropped, or raise under ``ak.jit(..., checked=True)``),
``histogram`` takes an integer ``bins`` or explicit edges (its range may come from the
data: the edges are computed in the program), and the value checks are skipped.
"""

from __future__ import annotations

import math
import operator
from typing import Any, Literal

import numpy as np

from .. import _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .. import _statistics as st
from .._array import Array
from .._core import check_array, new
from .._creation import arange, asarray, ones_like, zeros
from .._manipulation import concat, flip, reshape, stack
from .._searching import searchsorted, where
from .._sorting import argsort
from .._utility import all as all_
from ._base import known, numpy_function
from ._masked import array_like, cast, quiet, take1, warn

__all__ = ["bincount", "digitize", "histogram", "histogram_bin_edges"]


# ---------------------------------------------------------------------- counting
def _count(idx: Array, w: Array | None, length: int) -> Array:
    """Counts (int64) or sums of float64 weights ``w`` of the values of ``idx`` (1-D
    int64, each in [0, length)), shape ``(length,)``: the composite ``bincount`` (its
    natives: ``x`` int64 in [0, minlength), ``weights`` None or float64)."""
    drv = idx._driver
    fast = drv.bincount
    out = dt.int64 if w is None else dt.float64
    if fast is not None:
        return new(fast(idx._value, None if w is None else w._value, length), drv, out)
    # core's way: sort the values; each value's run lies between two searches
    order = argsort(idx, stable=True)
    xs = take1(idx, order, "bincount")
    ends = searchsorted(xs, arange(length + 1, dtype=dt.int64, device=idx.device))
    if w is None:
        return ew.subtract(ends[1:], ends[:-1])
    cw = concat([zeros(1, dtype=dt.float64, device=idx.device),
                 st.cumulative_sum(take1(w, order, "bincount"), axis=0)])  # fmt: skip
    return ew.subtract(take1(cw, ends[1:], "bincount"), take1(cw, ends[:-1], "bincount"))


def _read(*values: Array) -> list[Any] | None:
    """Python scalars of 0-D arrays (one read); ``None`` while traced (``ak.jit``)."""
    if not values:
        return []
    first = values[0]
    drv = first._driver
    try:
        both = stack([cast(v, first._dtype) for v in values]) if len(values) > 1 else first
        host = drv.to_numpy(both._value)
    except Exception:
        return None
    return [v.item() for v in np.asarray(host).reshape(-1)]


def _eager(*values: Array) -> list[Any]:
    """``_read``, where the values can be read: after a first read succeeded (eagerly)."""
    got = _read(*values)
    assert got is not None  # eager: the caller's first read succeeded
    return got


def _check(ok: Array, error: type, message: str, value: Array) -> Array:
    """``value``, with ``ok`` asserted in the program under ``ak.jit(..., checked=True)``."""
    drv = value._driver
    hooks = drv.transforms
    if hooks is not None and hooks.checks and hooks.tracing_checks():
        v = hooks.check(ok._value, error, message, value._value)
        return new(v, drv, value._dtype)
    return value


@numpy_function(None)
@quiet
def bincount(x: Array, /, weights: Any = None, minlength: int = 0) -> Array:
    """Number of occurrences of each value in a 1-D array of non-negative integers (or
    the sum of ``weights`` at each value, float64), ``max(max(x) + 1, minlength)`` long.

    Eagerly the length is read from ``x`` (NumPy's answer); under ``ak.jit`` it must be
    ``minlength`` (a size known when tracing) and values at or beyond it are not counted
    (``ak.jit(..., checked=True)`` raises ``ValueError`` for them instead).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.bincount.html

    Examples
    --------
    >>> ak.bincount(ak.asarray([0, 1, 1, 3, 1]))
    Array([1, 3, 0, 1], dtype=int64)
    >>> ak.bincount(ak.asarray([0, 1, 1]), weights=ak.asarray([0.5, 1.0, 2.0]), minlength=3)
    Array([0.5, 3. , 0. ], dtype=float64)
    """
    check_array(x, "bincount", "x")
    if x.ndim != 1:
        raise ValueError(f"bincount: 'x' must be 1-D, got a {x.ndim}-D array")
    if x._dtype.kind not in "biu" or x._dtype is dt.uint64:
        raise TypeError(f"bincount: 'x' must be an array of non-negative integers, got {x._dtype}")
    if isinstance(minlength, bool):
        raise TypeError("bincount: 'minlength' must be an int, got bool")
    try:
        minlength = operator.index(minlength)
    except TypeError:
        raise TypeError(
            f"bincount: 'minlength' must be an int, got {type(minlength).__name__}"
        ) from None
    if minlength < 0:
        raise ValueError("bincount: 'minlength' must not be negative")
    w = None
    if weights is not None:
        w = array_like(x, weights, "bincount", "weights")
        _core.same_driver((x, w), "bincount")
        if w._dtype.kind not in "biuf":
            raise TypeError(f"bincount: 'weights' must be real numbers, got {w._dtype}")
        if tuple(w.shape) != tuple(x.shape):
            raise ValueError(
                f"bincount: The weights and list don't have the same length ({w.shape} and "
                f"{x.shape})"
            )
        w = cast(w, dt.float64)
    xi = cast(x, dt.int64)
    if x.shape[0] == 0:  # NumPy: integer zeros, weights or not
        return _count(xi, None, minlength)
    got = _read(st.min(xi), st.max(xi))
    if got is not None:
        lo, hi = got
        if lo < 0:
            raise ValueError("bincount: 'x' must have no negative elements")
        return _count(xi, w, max(minlength, hi + 1))
    if minlength == 0:
        raise ValueError(
            "bincount: the result's length, max(x) + 1, depends on the values of x, which "
            "are unknown while ak.jit traces; pass minlength (a bound known in advance) or "
            "call bincount outside ak.jit"
        )
    ok = ew.logical_and(ew.greater_equal(xi, 0), ew.less(xi, minlength))
    xi = _check(all_(ok), ValueError, f"bincount: a value of x is negative or at least "
                f"minlength={minlength} under ak.jit", xi)  # fmt: skip
    idx = where(ok, xi, minlength)  # one extra bin for the values left out
    return _count(idx, None if w is None else where(ok, w, 0.0), minlength + 1)[:minlength]


# ---------------------------------------------------------------------- digitize
@numpy_function(None)
@quiet
def digitize(x: Array, bins: Any, right: bool = False) -> Array:
    """Index of the bin of each value: ``i`` with ``bins[i-1] <= x < bins[i]`` for
    increasing ``bins`` (``<`` and ``<=`` swapped with ``right=True``; mirrored for
    decreasing ``bins``), as ``searchsorted`` finds it.  Non-monotonic ``bins`` raise
    ``ValueError`` eagerly (under ``ak.jit`` they give -1).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.digitize.html

    Examples
    --------
    >>> ak.digitize(ak.asarray([0.2, 6.4, 3.0, 1.6]), ak.asarray([0.0, 1.0, 2.5, 4.0, 10.0]))
    Array([1, 4, 3, 2], dtype=int64)
    """
    check_array(x, "digitize", "x")
    if x._dtype.kind == "c":
        raise TypeError("digitize: x may not be complex")
    b = array_like(x, bins, "digitize", "bins")
    _core.same_driver((x, b), "digitize")
    if b.ndim != 1:
        raise ValueError(f"digitize: 'bins' must be 1-D, got a {b.ndim}-D array")
    if b._dtype.kind == "c":
        raise TypeError("digitize: 'bins' may not be complex")
    dtype = _core.result_dtype((x, b), "digitize", "x and bins")
    xv, bv = cast(x, dtype), cast(b, dtype)
    side: Literal["left", "right"] = "left" if right else "right"
    n = b.shape[0]
    if n is None or n < 2:
        return searchsorted(bv, xv, side=side)
    inc = all_(ew.greater_equal(bv[1:], bv[:-1]))
    dec = all_(ew.less_equal(bv[1:], bv[:-1]))
    got = _read(inc, dec)
    if got is not None:
        if got[0]:
            return searchsorted(bv, xv, side=side)
        if got[1]:
            return ew.subtract(n, searchsorted(flip(bv), xv, side=side))
        raise ValueError("digitize: bins must be monotonically increasing or decreasing")
    up = searchsorted(bv, xv, side=side)
    down = ew.subtract(n, searchsorted(flip(bv), xv, side=side))
    return where(inc, up, where(dec, down, -1))


# ---------------------------------------------------------------------- edges
_ESTIMATORS = ("stone", "auto", "doane", "fd", "rice", "scott", "sqrt", "sturges")


def _float_dtype(dtype: np.dtype) -> np.dtype:
    return dtype if dtype.kind == "f" else dt.float64


def _linspace(first: Any, last: Any, num: int, compute: np.dtype, out: np.dtype,
              like_: Array) -> Array:  # fmt: skip
    """NumPy's ``linspace(first, last, num, dtype=out)`` computed in ``compute`` (first,
    last: Python numbers or 0-D arrays), operation for operation."""
    dev = like_.device

    def arr(v: Any) -> Array:
        if v.__class__ is Array:
            return cast(v, compute)
        return asarray(v, dtype=compute, device=dev, driver=like_._driver)

    start, stop = arr(first), arr(last)
    div = num - 1
    y = arange(num, dtype=compute, device=dev)
    if num > 1:
        delta = ew.subtract(stop, start)
        step = ew.divide(delta, div)
        y = where(ew.equal(step, 0), ew.multiply(ew.divide(y, div), delta), ew.multiply(y, step))
        y = ew.add(y, start)
        y = concat([y[:-1], reshape(stop, (1,))])
    else:
        y = ew.add(y, start)
    return cast(y, out)


def _outer_edges(a: Array, rng: Any, fn: str) -> tuple[Any, Any, np.dtype]:
    """NumPy's ``_get_outer_edges``: (first, last, the dtype NumPy computes edges in)."""
    if rng is not None:
        try:
            first, last = rng
        except (TypeError, ValueError):
            raise ValueError(f"{fn}: 'range' must be a pair (min, max)") from None
        for v in (first, last):
            if isinstance(v, Array) or not isinstance(v, (int, float, np.integer, np.floating)):
                raise TypeError(f"{fn}: 'range' must hold two real numbers, got {rng!r}")
        first, last = float(first) if isinstance(first, np.floating) else first, last
        if first > last:
            raise ValueError(f"{fn}: max must be larger than min in range parameter.")
        if not (math.isfinite(first) and math.isfinite(last)):
            raise ValueError(f"{fn}: supplied range of [{first}, {last}] is not finite")
        if first == last:
            first, last = first - 0.5, last + 0.5
        return first, last, dt.float64
    if a.size == 0:
        return 0, 1, dt.float64
    lo, hi = st.min(a), st.max(a)
    compute = _float_dtype(a._dtype)
    got = _read(lo, hi)
    if got is not None:
        if not (math.isfinite(got[0]) and math.isfinite(got[1])):
            raise ValueError(f"{fn}: autodetected range of [{got[0]}, {got[1]}] is not finite")
        if got[0] == got[1]:
            return ew.subtract(cast(lo, compute), 0.5), ew.add(cast(hi, compute), 0.5), compute
        return lo, hi, compute
    same = ew.equal(lo, hi)
    lo, hi = cast(lo, compute), cast(hi, compute)
    return where(same, ew.subtract(lo, 0.5), lo), where(same, ew.add(hi, 0.5), hi), compute


def _estimate(a: Array, name: str, first: Any, last: Any, compute: np.dtype, fn: str) -> int:
    """The number of bins of NumPy's estimator ``name`` (read from the data, eagerly)."""
    from .order_statistics import percentile

    x = a if a.ndim == 1 else reshape(a, (-1,))
    count = _read(st.sum(ones_like(x, dtype=dt.int64)))  # also a size Dask learns now
    if count is None:
        raise ValueError(
            f"{fn}: bins={name!r} makes the number of bins depend on the data, which is "
            "unknown while ak.jit traces; pass an integer bins, or call it outside ak.jit"
        )
    n: int = count[0]
    if n == 0:
        return 1
    xf = cast(x, dt.float64)
    ptp = float(_eager(ew.subtract(st.max(x), st.min(x)))[0])

    def sturges() -> float:
        return ptp / float(np.log2(n) + 1.0)

    def sqrt_() -> float:
        return ptp / math.sqrt(n)

    def fd() -> float:
        q = percentile(x, [75, 25])
        iqr = float(_eager(ew.subtract(q[0], q[1]))[0])
        h: float = 2.0 * iqr * n ** (-1.0 / 3.0)  # (int ** float: Any to checkers)
        return h

    def std() -> float:
        return float(_eager(st.std(xf))[0])

    if name == "sqrt":
        width = sqrt_()
    elif name == "sturges":
        width = sturges()
    elif name == "rice":
        width = ptp / (2.0 * n ** (1.0 / 3))
    elif name == "scott":
        width = (24.0 * np.pi**0.5 / n) ** (1.0 / 3.0) * std()
    elif name == "fd":
        width = fd()
    elif name == "auto":
        width = min(max(fd(), sqrt_() / 2), sturges())
    elif name == "doane":
        width = 0.0
        if n > 2:
            sg1 = np.sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)))
            sigma = std()
            if sigma > 0.0:
                temp = ew.divide(ew.subtract(xf, st.mean(xf)), sigma)
                g1 = float(_eager(st.mean(ew.multiply(ew.multiply(temp, temp), temp)))[0])
                width = ptp / (1.0 + np.log2(n) + np.log2(1.0 + np.absolute(g1) / sg1))
    else:  # stone
        width = 0.0
        if n > 1 and ptp != 0:
            upper = max(100, int(np.sqrt(n)))
            sums = []  # every candidate's sum of squared shares, read at once
            for nbins in range(1, upper + 1):
                counts = _uniform_counts(x, first, last, nbins, upper, compute)
                p = ew.divide(cast(counts, dt.float64), n)
                sums.append(st.sum(ew.multiply(p, p)))
            best, best_j = 1, math.inf
            for nbins, pp in zip(range(1, upper + 1), _eager(*sums), strict=True):
                j = (2 - (n + 1) * pp) / (ptp / nbins)
                if j < best_j:
                    best, best_j = nbins, j
            if best == upper:
                warn("The number of bins estimated may be suboptimal.")
            width = ptp / best
    if not width:
        return 1
    if a._dtype.kind in "biu" and width < 1:
        width = 1
    delta = float(_eager(ew.subtract(_as(last, a), _as(first, a)))[0]) if (
        isinstance(first, Array) or isinstance(last, Array)) else last - first  # fmt: skip
    return int(np.ceil(delta / width))


def _uniform_counts(x: Array, first: Any, last: Any, k: int, upper: int,
                    compute: np.dtype) -> Array:  # fmt: skip
    """``histogram(x, k, (first, last))``'s counts (then zeros up to ``upper`` bins) by
    NumPy's way for equal bins (the index
    from ``(x - first) / (last - first) * k``, moved by one where an edge says so), in
    arrays whose shapes do not depend on ``k`` (``upper`` bins at most), so that "stone"'s
    hundred candidates reuse one set of compiled kernels."""
    out = _float_dtype(x._dtype)
    lo, hi = _as(first, x), _as(last, x)
    lo, hi = cast(lo, compute), cast(hi, compute)
    delta = ew.subtract(hi, lo)
    i = arange(upper + 1, dtype=compute, device=x.device)
    edges = ew.add(ew.multiply(i, ew.divide(delta, k)), lo)  # NumPy's linspace, padded
    edges = cast(where(ew.equal(i, k), hi, edges), out)
    v = cast(x, out)
    keep = ew.logical_and(ew.greater_equal(v, cast(lo, out)), ew.less_equal(v, cast(hi, out)))
    f = ew.multiply(ew.divide(ew.subtract(v, cast(lo, out)), cast(delta, out)), k)
    idx = cast(where(keep, f, 0), dt.int64)
    idx = where(ew.equal(idx, k), k - 1, idx)
    idx = where(ew.less(v, take1(edges, idx, "histogram")), ew.subtract(idx, 1), idx)
    up = ew.logical_and(
        ew.greater_equal(v, take1(edges, ew.add(idx, 1), "histogram")), ew.not_equal(idx, k - 1)
    )
    idx = where(up, ew.add(idx, 1), idx)
    return _count(where(keep, idx, upper), None, upper + 1)[:upper]  # bins k.. are empty


def _as(v: Any, a: Array) -> Array:
    return v if v.__class__ is Array else asarray(v, device=a.device, driver=a._driver)


def _edges(a: Array, bins: Any, rng: Any, weights: Any, fn: str) -> Array:
    """NumPy's ``_get_bin_edges``: the bin edges for ``a`` (flattened)."""
    if isinstance(bins, str):
        if bins not in _ESTIMATORS:
            raise ValueError(f"{fn}: {bins!r} is not a valid estimator for `bins`")
        if weights is not None:
            raise TypeError(
                f"{fn}: Automated estimation of the number of bins is not supported for "
                "weighted data"
            )
        first, last, compute = _outer_edges(a, rng, fn)
        x = a
        if rng is not None:  # the estimator sees the values in the range (eagerly)
            keep = ew.logical_and(ew.greater_equal(a, first), ew.less_equal(a, last))
            x = a[keep]
            if None in x.shape:  # a lazy driver's size, known once computed
                from .._utility import compute as computed

                got = computed(x)
                assert isinstance(got, Array)  # compute of one array: that array
                x = got
        n = _estimate(x, bins, first, last, compute, fn)
        return _uniform(a, first, last, compute, n, fn)
    if isinstance(bins, (Array, list, tuple, np.ndarray)):
        e = array_like(a, bins, fn, "bins")
        if e.ndim != 1:
            raise ValueError(f"{fn}: `bins` must be 1d, when an array")
        _core.same_driver((a, e), fn)
        if e.shape[0] and e.shape[0] > 1:
            bad = _read(ew.logical_not(all_(ew.less_equal(e[:-1], e[1:]))))
            if bad is not None and bad[0]:
                raise ValueError(f"{fn}: `bins` must increase monotonically, when an array")
        return e
    if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)):
        raise TypeError(f"{fn}: `bins` must be an integer, a string, or an array")
    if bins < 1:
        raise ValueError(f"{fn}: `bins` must be positive, when an integer")
    first, last, compute = _outer_edges(a, rng, fn)
    return _uniform(a, first, last, compute, int(bins), fn)


def _uniform(a: Array, first: Any, last: Any, compute: np.dtype, n: int, fn: str) -> Array:
    """``n`` equal bins from ``first`` to ``last``: NumPy's linspace in its dtype."""
    e = _linspace(first, last, n + 1, compute, _float_dtype(a._dtype), a)
    bad = _read(ew.logical_not(all_(ew.less(e[:-1], e[1:]))))
    if bad is not None and bad[0]:
        raise ValueError(
            f"{fn}: Too many bins for data range. Cannot create {n} finite-sized bins."
        )
    return e


def _bin_index(x: Array, edges: Array, nb: int) -> tuple[Array, Array]:
    """The bin of each value (``edges[i] <= x < edges[i+1]``, the last bin closed;
    ``nb`` bins) and whether it falls in one."""
    i = ew.subtract(searchsorted(edges, x, side="right"), 1)
    i = where(ew.equal(x, edges[-1]), nb - 1, i)
    ok = ew.logical_and(ew.greater_equal(i, 0), ew.less(i, nb))
    return i, ok


def _hist_counts(x: Array, edges: Array, w: Array | None) -> Array:
    """Counts (int64) or float64 sums of ``w`` per bin of the flat ``x``."""
    nb = known(edges.shape, "histogram")[0] - 1
    dtype = _core.result_dtype((x, edges), "histogram", "a and bins")
    i, ok = _bin_index(cast(x, dtype), cast(edges, dtype), nb)
    idx = where(ok, i, nb)
    return _count(idx, None if w is None else where(ok, w, 0.0), nb + 1)[:nb]


@numpy_function(None)
@quiet
def histogram_bin_edges(a: Array, bins: Any = 10, range: Any = None, weights: Any = None) -> Array:
    """The edges ``histogram`` would use: ``bins`` equal bins over ``range`` (default:
    the data's minimum to maximum), explicit edges, or the number of bins of one of
    NumPy's estimators (``"auto"``, ``"fd"``, ``"doane"``, ``"scott"``, ``"stone"``,
    ``"rice"``, ``"sturges"``, ``"sqrt"``: eagerly only).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.histogram_bin_edges.html

    Examples
    --------
    >>> ak.histogram_bin_edges(ak.asarray([0, 1, 2, 4]), bins=4)
    Array([0., 1., 2., 3., 4.], dtype=float64)
    """
    check_array(a, "histogram_bin_edges", "a")
    if weights is not None:
        array_like(a, weights, "histogram_bin_edges", "weights")
    return _edges(reshape(a, (-1,)), bins, range, weights, "histogram_bin_edges")


@numpy_function(None)
@quiet
def histogram(
    a: Array, bins: Any = 10, range: Any = None, density: bool | None = None,
    weights: Any = None,
) -> tuple[Array, Array]:  # fmt: skip
    """Histogram of ``a`` (flattened): ``(counts, edges)``.  Each bin is
    ``[edges[i], edges[i+1])``, the last one closed; values outside are not counted.
    ``weights`` (``a``'s shape) sums weights instead of counting (in their dtype, added
    in float64); ``density=True`` divides by the total and the bin widths.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.histogram.html

    Examples
    --------
    >>> counts, edges = ak.histogram(ak.asarray([1.0, 2.0, 2.5, 4.0]), bins=3)
    >>> counts, edges
    (Array([1, 2, 1], dtype=int64), Array([1., 2., 3., 4.], dtype=float64))
    """
    fn = "histogram"
    check_array(a, fn, "a")
    w = None
    if weights is not None:
        w = array_like(a, weights, fn, "weights")
        _core.same_driver((a, w), fn)
        if tuple(w.shape) != tuple(a.shape):
            raise ValueError(f"{fn}: weights should have the same shape as a.")
    x = reshape(a, (-1,))
    edges = _edges(x, bins, range, weights, fn)
    counts = _weighted_counts(x, edges, None if w is None else reshape(w, (-1,)), fn)
    if density:
        widths = cast(ew.subtract(edges[1:], edges[:-1]), dt.float64)
        return ew.divide(ew.divide(counts, widths), st.sum(counts)), edges
    return counts, edges


def _weighted_counts(x: Array, edges: Array, w: Array | None, fn: str) -> Array:
    if w is None:
        return _hist_counts(x, edges, None)
    if w._dtype.kind == "c":  # real and imaginary parts apart, as NumPy sums them
        re = _hist_counts(x, edges, cast(ew.real(w), dt.float64))
        im = _hist_counts(x, edges, cast(ew.imag(w), dt.float64))
        parts = cast(re, dt.REAL_OF[w._dtype]), cast(im, dt.REAL_OF[w._dtype])
        drv = x._driver
        return new(drv.complex(parts[0]._value, parts[1]._value), drv, w._dtype)
    if w._dtype.kind not in "biuf":
        raise TypeError(f"{fn}: 'weights' must be numbers, got {w._dtype}")
    return cast(_hist_counts(x, edges, cast(w, dt.float64)), w._dtype)
