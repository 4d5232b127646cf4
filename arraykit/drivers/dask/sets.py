"""Set primitives of the Dask driver (core: ``arraykit/_sets.py``).

``unique_*`` work chunk by chunk and follow the contract's order (sorted, NaNs last,
each value represented by its first occurrence in C order): each block finds its own
unique values, the index of their first occurrence in the whole array and their counts;
one task merges those (sorting by value, then by index: the first occurrence wins, so
``-0.0`` or ``0.0``, whichever comes first); ``inverse_indices`` are found block by
block against the merged values.  Result sizes are unknown until computed (``None``).
An input whose own sizes are unknown (a boolean index's result) has its chunk sizes
computed first: the first-occurrence indices need each block's offset.
"""

from __future__ import annotations

from typing import Any

import dask
import dask.array as da
import numpy as np

from .._base import Part
from ._blocks import meta, np_driver


def _block_unique(
    b: np.ndarray, offset: tuple[int, ...], shape: tuple[int, ...]
) -> tuple[Any, ...]:
    values, first, counts = np.unique(
        b.reshape(-1), return_index=True, return_counts=True, equal_nan=False
    )
    if b.ndim:
        local = np.unravel_index(first, b.shape)
        first = np.ravel_multi_index(
            tuple(i + o for i, o in zip(local, offset, strict=True)), shape
        )
    return values, first.astype(np.int64), counts.astype(np.int64)


def _merge(*parts: tuple[Any, ...]) -> tuple[Any, ...]:
    values = np.concatenate([p[0] for p in parts])
    first = np.concatenate([p[1] for p in parts])
    counts = np.concatenate([p[2] for p in parts])
    order = np.lexsort((first, values))
    values, first, counts = values[order], first[order], counts[order]
    new = np.ones(values.shape, bool)
    new[1:] = values[1:] != values[:-1]  # NaN != NaN: each NaN its own value
    starts = np.flatnonzero(new)
    totals = np.add.reduceat(counts, starts) if starts.size else counts[:0]
    return values[starts], first[starts], totals


def _block_inverse(
    b: np.ndarray, merged: tuple[Any, ...], offset: tuple[Any, ...], shape: tuple[Any, ...]
) -> np.ndarray:
    values, first, _ = merged
    if values.dtype.kind not in "fc":
        return np.searchsorted(values, b).astype(np.int64)
    nan = np.isnan(values)
    finite = values[~nan]
    out = np.searchsorted(finite, b).astype(np.int64)
    isnan = np.isnan(b)
    if isnan.any():
        where = np.nonzero(isnan)
        flat = np.ravel_multi_index(tuple(i + o for i, o in zip(where, offset, strict=True)), shape)
        out[where] = finite.size + np.searchsorted(first[nan], flat)
    return out


class Sets(Part):
    """``unique_all``, ``unique_counts``, ``unique_inverse``, ``unique_values``, ``isin``."""

    def _unique(self, x: da.Array, inverse: bool) -> tuple[Any, ...]:
        if any(np.isnan(n) for n in x.shape):
            x = x.compute_chunk_sizes()
        if x.ndim == 0:
            x = x[None]
            scalar = True
        else:
            scalar = False
        shape = tuple(int(n) for n in x.shape)
        blocks = x.to_delayed()
        starts = [np.cumsum((0, *c[:-1])) for c in x.chunks]
        parts = []
        offsets = {}
        for idx in np.ndindex(blocks.shape):
            offset = tuple(int(starts[a][k]) for a, k in enumerate(idx))
            offsets[idx] = offset
            parts.append(dask.delayed(_block_unique, pure=True)(blocks[idx], offset, shape))
        merged = dask.delayed(_merge, pure=True, nout=3)(*parts)
        values = da.from_delayed(merged[0], (np.nan,), dtype=x.dtype, meta=meta(x.dtype, 1))
        first = da.from_delayed(merged[1], (np.nan,), dtype=np.int64, meta=meta(np.int64, 1))
        counts = da.from_delayed(merged[2], (np.nan,), dtype=np.int64, meta=meta(np.int64, 1))
        inv = None
        if inverse:
            grid = np.empty(blocks.shape, dtype=object)
            whole = dask.delayed(tuple)(merged)
            for idx in np.ndindex(blocks.shape):
                bshape = tuple(x.chunks[a][k] for a, k in enumerate(idx))
                task = dask.delayed(_block_inverse, pure=True)(
                    blocks[idx], whole, offsets[idx], shape
                )
                grid[idx] = da.from_delayed(task, bshape, np.int64, meta=meta(np.int64, x.ndim))
            inv = grid.item() if grid.ndim == 0 else da.block(grid.tolist())
            if scalar:
                inv = inv[0]
        return values, first, inv, counts

    def unique_all(self, x: da.Array) -> tuple[da.Array, ...]:
        return self._unique(x, True)

    def unique_counts(self, x: da.Array) -> tuple[da.Array, da.Array]:
        values, _, _, counts = self._unique(x, False)
        return values, counts

    def unique_inverse(self, x: da.Array) -> tuple[da.Array, da.Array]:
        values, _, inverse, _ = self._unique(x, True)
        return values, inverse

    def unique_values(self, x: da.Array) -> da.Array:
        return self._unique(x, False)[0]

    def isin(self, x1: da.Array, x2: da.Array, invert: bool) -> Any:
        if any(np.isnan(n) for n in x2.shape):
            x2 = x2.compute_chunk_sizes()
        test = x2.reshape(-1) if x2.ndim != 1 else x2
        if test.shape[0] == 0:
            return da.full(x1.shape, invert, dtype=bool, chunks=x1.chunks)
        isin = np_driver().isin
        ind = "".join(chr(ord("a") + i) for i in range(x1.ndim))
        return da.blockwise(
            lambda a, t: isin(a, t, invert),
            ind,
            x1,
            ind,
            test.rechunk(-1),
            "Z",
            concatenate=True,
            dtype=bool,
            meta=meta(np.dtype(bool), x1.ndim),
        )
