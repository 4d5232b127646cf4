"""Statistical primitives of the Dask driver (core: ``arraykit/_statistics.py``).

Reductions are Dask's tree reductions (chunk by chunk, then combined), in the dtype
core chose: over several chunks they add (or multiply) partial results in another order
than NumPy does over the whole axis, so floating-point results may differ from the NumPy
driver's in the last bits (README states the bound the tests check).

Cumulative sums and products are the NumPy driver's, block after block along the axis,
each block starting from the previous block's last value (``_carried``): the same
sequence of operations as NumPy's over the whole axis, so the results equal the NumPy
driver's bit for bit, without putting the axis in one chunk.  The blocks along the axis
run one after the other (the other axes' blocks in parallel); Dask's own ``cumsum``
adds an offset to each block's own scan, which differs from NumPy in the last bits.
``include_initial`` prepends the identity.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import dask.array as da
import numpy as np
from dask.base import tokenize
from dask.highlevelgraph import HighLevelGraph

from .._base import Part
from ._blocks import meta, np_driver, without_empty_blocks
from .searching import sized


class Statistics(Part):
    """Reductions and cumulative sums and products."""

    def bincount(self, x: da.Array, weights: Any, minlength: int) -> da.Array:  # composite's
        if minlength == 0:  # Dask's minlength=0 means a size it does not know
            return da.zeros(0, dtype=np.int64 if weights is None else np.float64)
        if weights is not None and weights.chunks != x.chunks:
            weights = weights.rechunk(x.chunks)
        out = da.bincount(x, weights, minlength=minlength)
        return out.astype(np.int64 if weights is None else np.float64)  # NumPy's, for x empty

    def sum(self, x: da.Array, axes: Any, dtype: np.dtype, keepdims: bool) -> da.Array:
        return da.sum(x, axis=axes, dtype=dtype, keepdims=keepdims)

    def prod(self, x: da.Array, axes: Any, dtype: np.dtype, keepdims: bool) -> da.Array:
        return da.prod(x, axis=axes, dtype=dtype, keepdims=keepdims)

    def max(self, x: da.Array, axes: Any, keepdims: bool) -> da.Array:
        return _extremum("max", without_empty_blocks(x), axes, keepdims)  # (an empty block:
        # Dask reduces it alone, "zero-size array to reduction operation")

    def min(self, x: da.Array, axes: Any, keepdims: bool) -> da.Array:
        return _extremum("min", without_empty_blocks(x), axes, keepdims)

    def mean(self, x: da.Array, axes: Any, keepdims: bool) -> da.Array:
        with np.errstate(all="ignore"):
            return da.mean(x, axis=axes, keepdims=keepdims).astype(x.dtype)

    def var(self, x: da.Array, axes: Any, correction: float, keepdims: bool) -> da.Array:
        with np.errstate(all="ignore"):
            out = da.var(x, axis=axes, ddof=correction, keepdims=keepdims)
        return out.astype(np.real(np.empty(0, x.dtype)).dtype)

    def std(self, x: da.Array, axes: Any, correction: float, keepdims: bool) -> da.Array:
        with np.errstate(all="ignore"):
            out = da.std(x, axis=axes, ddof=correction, keepdims=keepdims)
        return out.astype(np.real(np.empty(0, x.dtype)).dtype)

    def cumulative_sum(
        self, x: da.Array, axis: int, dtype: np.dtype, include_initial: bool
    ) -> da.Array:
        return _scan("cumulative_sum", 0, x, axis, dtype, include_initial)

    def cumulative_prod(
        self, x: da.Array, axis: int, dtype: np.dtype, include_initial: bool
    ) -> da.Array:
        return _scan("cumulative_prod", 1, x, axis, dtype, include_initial)

    def all(self, x: da.Array, axes: Any, keepdims: bool) -> da.Array:
        return da.all(x, axis=axes, keepdims=keepdims)

    def any(self, x: da.Array, axes: Any, keepdims: bool) -> da.Array:
        return da.any(x, axis=axes, keepdims=keepdims)


def _scan(
    name: str, identity: int, x: da.Array, axis: int, dtype: np.dtype, include_initial: bool
) -> da.Array:
    if include_initial and np.isnan(x.shape[axis]):  # whether the axis is empty decides
        x = sized(x)  # the blocks below (after unique_* of an empty array, say)
    out = _carried(name, x.astype(dtype), axis, dtype) if x.shape[axis] else x.astype(dtype)
    if not include_initial:
        return out
    shape = tuple(1 if i == axis else n for i, n in enumerate(x.shape))
    first = da.full(shape, identity, dtype=dtype, chunks=-1)
    if not x.shape[axis]:  # no zero-length block after the identity: Dask's indexing of
        return first  # such chunks ((1, 0)) went wrong (shapes (0, 2) for (0, 1))
    return da.concatenate([first, out], axis=axis)


def _empty_result(x: da.Array, axes: Any, keepdims: bool) -> da.Array | None:
    """The empty result of a max/min over non-empty axes of an empty array (core refuses
    empty axes): Dask's own reduction raises there (its chunks are empty)."""
    if x.size != 0:  # nan (unknown sizes) is not 0 either
        return None
    axes = tuple(range(x.ndim)) if axes is None else axes
    shape = tuple(1 if i in axes else n for i, n in enumerate(x.shape) if keepdims or i not in axes)
    return da.zeros(shape, dtype=x.dtype)


def _carried(name: str, x: da.Array, axis: int, dtype: np.dtype) -> da.Array:
    """The NumPy driver's ``name`` (``cumulative_sum``/``_prod``) of ``x`` along ``axis``,
    each block along the axis continuing from the last value before it: NumPy's order of
    operations exactly (one running value, element after element)."""
    kernel = getattr(np_driver(), name)
    token = tokenize(name, x.name, axis, dtype.str)
    out_name, carry_name = f"{name}-{token}", f"{name}-carry-{token}"
    last = x.numblocks[axis] - 1
    dsk: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for idx in np.ndindex(*x.numblocks):
        k = idx[axis]
        before = (carry_name, *idx[:axis], k - 1, *idx[axis + 1 :]) if k else None
        dsk[(out_name, *idx)] = (_continue, kernel, axis, dtype, before, (x.name, *idx))
        if k < last:  # the running value after this block, for the next one
            dsk[(carry_name, *idx)] = (_last, axis, (out_name, *idx), before)
    graph = HighLevelGraph.from_collections(out_name, dsk, dependencies=[x])
    return da.Array(graph, out_name, chunks=x.chunks, dtype=dtype, meta=meta(dtype, x.ndim))


def _continue(
    kernel: Callable[[np.ndarray, int, np.dtype, bool], np.ndarray],
    axis: int,
    dtype: np.dtype,
    carry: np.ndarray | None,
    block: np.ndarray,
) -> np.ndarray:
    with np.errstate(all="ignore"):
        if carry is None:  # the first block (or only empty ones before it)
            return kernel(block, axis, dtype, False)
        out = kernel(np.concatenate([carry, block], axis=axis), axis, dtype, False)
    return out[(slice(None),) * axis + (slice(1, None),)]


def _last(axis: int, out: np.ndarray, carry: np.ndarray | None) -> np.ndarray | None:
    """The running value after a block (length 1 along ``axis``): its last element, or
    the one before it for an empty block."""
    if out.shape[axis] == 0:
        return carry
    return out[(slice(None),) * axis + (slice(-1, None),)].copy()


def _extremum(name: str, x: da.Array, axes: Any, keepdims: bool) -> da.Array:
    """Dask's tree reduction with the NumPy driver's ``max``/``min`` for blocks and
    combining (their order of signed zeros, -0 < +0, is associative: any tree agrees)."""
    empty = _empty_result(x, axes, keepdims)
    if empty is not None:
        return empty
    prim = getattr(np_driver(), name)
    f = lambda b, axis, keepdims: prim(b, axis, keepdims)  # noqa: E731
    return da.reduction(x, f, f, axis=axes, keepdims=keepdims, dtype=x.dtype, name=name)
