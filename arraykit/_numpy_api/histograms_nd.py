"""NumPy's histograms of several variables (NumPy reference: "Statistics: Histograms"):
``histogram2d``, ``histogramdd``.

Each point's bin along each axis is found with ``searchsorted`` on that axis's edges, as
NumPy does (an outlier bin at each end, the last edge counted in the last bin), the bins
are combined into one index and counted with the one kernel of ``histograms``.  Counts
are float64, as NumPy gives them.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .. import _statistics as st
from .._array import Array
from .._core import check_array
from .._manipulation import reshape, stack
from .._searching import searchsorted, where
from .._utility import all as all_
from ._base import known, numpy_function
from ._masked import array_like, cast, quiet
from .histograms import _count, _linspace, _outer_edges, _read

__all__ = ["histogram2d", "histogramdd"]


@numpy_function(None)
@quiet
def histogramdd(
    sample: Any, bins: Any = 10, range: Any = None, density: bool | None = None,
    weights: Any = None,
) -> tuple[Array, list[Array]]:  # fmt: skip
    """Histogram of ``N`` points in ``D`` dimensions (``sample``: an ``(N, D)`` array, or
    a sequence of ``D`` arrays of ``N`` values): ``(counts, [edges per dimension])``,
    counts in float64 as NumPy gives them.  ``bins``, ``range`` per dimension or for all.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.histogramdd.html

    Examples
    --------
    >>> h, edges = ak.histogramdd(ak.asarray([[0.0, 0.0], [1.0, 1.0], [1.0, 0.0]]), bins=2)
    >>> h
    Array([[1., 0.],
           [1., 1.]], dtype=float64)
    """
    return _histogramdd("histogramdd", sample, bins, range, density, weights)


def _histogramdd(fn: str, sample: Any, bins: Any, rng: Any, density: Any,
                 weights: Any) -> tuple[Array, list[Array]]:  # fmt: skip
    if isinstance(sample, (list, tuple)):
        arrays = [s for s in sample if s.__class__ is Array]
        if not arrays:
            raise TypeError(f"{fn}: 'sample' must hold arraykit arrays")
        cols = [array_like(arrays[0], s, fn, "sample") for s in sample]
        _core.same_driver(cols, fn)
        dtype = _core.result_dtype(cols, fn, "sample")
        s = stack([cast(reshape(c, (-1,)), dtype) for c in cols], axis=1)
    else:
        check_array(sample, fn, "sample")
        s = sample if sample.ndim == 2 else reshape(sample, (-1, 1))
        if sample.ndim > 2:
            raise ValueError(f"{fn}: 'sample' must be 2-D (N points, D dimensions)")
    (n_dims,) = known(s.shape[1:], fn)
    if n_dims == 0:  # as NumPy's
        raise ValueError(f"{fn}: 'sample' of shape {s.shape}: object of too small depth")
    try:
        if isinstance(bins, (str, Array)):
            raise TypeError
        if len(bins) != n_dims:
            raise ValueError(
                f"{fn}: The dimension of bins must be equal to the dimension of the sample x."
            )
        per_dim = list(bins)
    except TypeError:
        per_dim = [bins] * n_dims
    if rng is None:
        rng = (None,) * n_dims
    elif len(rng) != n_dims:
        raise ValueError(f"{fn}: range argument must have one entry per dimension")
    edges: list[Array] = []
    index: Array | None = None
    sizes: list[int] = []
    for i in range(n_dims):
        col = s[:, i]
        b = per_dim[i]
        if isinstance(b, (int, np.integer)) and not isinstance(b, bool):
            if b < 1:
                raise ValueError(f"{fn}: `bins[{i}]` must be positive, when an integer")
            first, last, compute = _outer_edges(col, rng[i], fn)
            out = compute if isinstance(first, Array) else dt.float64
            e = _linspace(first, last, int(b) + 1, compute, out, col)
        elif isinstance(b, (Array, list, tuple, np.ndarray)):
            e = array_like(col, b, fn, "bins")
            if e.ndim != 1:
                raise ValueError(f"{fn}: `bins[{i}]` must be a scalar or 1d array")
            if known(e.shape, fn)[0] > 1:
                bad = _read(ew.logical_not(all_(ew.less_equal(e[:-1], e[1:]))))
                if bad is not None and bad[0]:
                    raise ValueError(
                        f"{fn}: `bins[{i}]` must be monotonically increasing, when an array"
                    )
        else:
            raise TypeError(f"{fn}: `bins[{i}]` must be an integer, when a scalar")
        edges.append(e)
        nbin = known(e.shape, fn)[0] + 1  # an outlier bin at each end, as NumPy counts them
        dtype = _core.result_dtype((col, e), fn, "sample and bins")
        c, ev = cast(col, dtype), cast(e, dtype)
        k = searchsorted(ev, c, side="right")
        k = where(ew.equal(c, ev[-1]), ew.subtract(k, 1), k)
        index = k if index is None else ew.add(ew.multiply(index, nbin), k)
        sizes.append(nbin)
    total = math.prod(sizes)
    w = None
    if weights is not None:
        w = cast(reshape(array_like(s, weights, fn, "weights"), (-1,)), dt.float64)
    assert index is not None  # n_dims >= 1
    hist = cast(_count(index, w, total), dt.float64)
    hist = reshape(hist, tuple(sizes))
    hist = hist[tuple(slice(1, -1) for _ in sizes)]
    if density:
        total_count = st.sum(hist)
        for i, e in enumerate(edges):
            shape = [1] * n_dims
            shape[i] = sizes[i] - 2
            widths = reshape(cast(ew.subtract(e[1:], e[:-1]), dt.float64), tuple(shape))
            hist = ew.divide(hist, widths)
        hist = ew.divide(hist, total_count)
    return hist, edges


@numpy_function(None)
@quiet
def histogram2d(
    x: Array, y: Array, bins: Any = 10, range: Any = None, density: bool | None = None,
    weights: Any = None,
) -> tuple[Array, Array, Array]:  # fmt: skip
    """Histogram of points ``(x[i], y[i])``: ``(counts, x edges, y edges)``, counts in
    float64, ``counts[i, j]`` for x in bin ``i`` and y in bin ``j``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.histogram2d.html

    Examples
    --------
    >>> h, xe, ye = ak.histogram2d(ak.asarray([0.0, 1.0, 1.0]), ak.asarray([0.0, 1.0, 0.0]),
    ...                            bins=2)
    >>> h
    Array([[1., 0.],
           [1., 1.]], dtype=float64)
    """
    check_array(x, "histogram2d", "x")
    check_array(y, "histogram2d", "y")
    try:
        n = len(bins) if not isinstance(bins, (str, Array)) else (
            bins.shape[0] if isinstance(bins, Array) and bins.ndim == 1 else 1)  # fmt: skip
    except TypeError:
        n = 1
    if n not in (1, 2):
        bins = [bins, bins]
    hist, edges = _histogramdd("histogram2d", [x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]
