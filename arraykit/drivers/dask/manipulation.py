"""Manipulation primitives of the Dask driver (core: ``arraykit/_manipulation.py``).

Dask's own functions, lazily.  ``reshape`` needs every size known; where Dask's own
cannot merge or split the chunks as they are (``(4, 6)`` to ``(6, 4)``), it goes through
the flat array, rechunked to whole rows of the result.  ``flip`` of an axis of unknown
size reverses the order of the blocks and each block.  ``repeat`` with an array of
counts computes the counts (they decide the result's size), then gathers lazily.
"""

from __future__ import annotations

import math
from typing import Any

import dask.array as da
import numpy as np

from .._base import Part
from ._blocks import known, without_empty_blocks


class Manipulation(Part):
    """Reshaping, joining, flipping and repeating."""

    def reshape(self, x: da.Array, shape: tuple[int, ...], copy: bool | None) -> da.Array:
        known(x, "reshape")
        if -1 in shape:
            size = int(np.prod(x.shape))
            rest = int(np.prod([n for n in shape if n != -1]))
            shape = tuple((size // rest if rest else 0) if n == -1 else n for n in shape)
        if x.size == 0:
            return da.zeros(shape, dtype=x.dtype, chunks=-1)
        try:
            return x.reshape(shape)
        except NotImplementedError:  # chunks that do not merge or split evenly
            pass
        flat = x.reshape((x.size,))
        row = math.prod(shape[1:])
        rows = max(1, flat.chunksize[0] // row) if row else 1
        return flat.rechunk(rows * row or -1).reshape(shape)

    def permute_dims(self, x: da.Array, axes: tuple[int, ...]) -> da.Array:
        return da.transpose(x, axes)

    def broadcast_to(self, x: da.Array, shape: tuple[int | None, ...]) -> da.Array:
        return da.broadcast_to(without_empty_blocks(x), shape)

    def concat(self, xs: list[da.Array], axis: int) -> da.Array:
        return da.concatenate(xs, axis=axis)

    def stack(self, xs: list[da.Array], axis: int) -> da.Array:
        return da.stack(xs, axis=axis)

    def expand_dims(self, x: da.Array, axes: tuple[int, ...]) -> da.Array:
        ndim = x.ndim + len(axes)
        return x[tuple(None if i in axes else slice(None) for i in range(ndim))]

    def squeeze(self, x: da.Array, axes: tuple[int, ...]) -> da.Array:
        return x[tuple(0 if i in axes else slice(None) for i in range(x.ndim))]

    def flip(self, x: da.Array, axes: tuple[int, ...]) -> da.Array:
        reverse = tuple(slice(None, None, -1) if i in axes else slice(None) for i in range(x.ndim))
        if not any(math.isnan(x.shape[i]) for i in axes):
            return without_empty_blocks(x)[reverse]  # (Dask's reverse of chunks (0, 0, 1): [])
        # A size unknown (after a boolean index): Dask cannot slice it, but the blocks in
        # reverse order, each reversed, are the flipped array.
        return x.blocks[reverse].map_blocks(np.flip, axis=axes, dtype=x.dtype, meta=x._meta)

    def roll(self, x: da.Array, shifts: tuple[int, ...], axes: tuple[int, ...] | None) -> Any:
        known(x, "roll")
        return da.roll(x, shifts, axes)

    def repeat(self, x: da.Array, repeats: Any, axis: int) -> da.Array:
        known(x, "repeat")
        if isinstance(repeats, da.Array):
            counts = np.asarray(repeats.compute(), dtype=np.int64)
            counts = np.broadcast_to(counts, (x.shape[axis],))
            index = np.repeat(np.arange(x.shape[axis]), counts)
            return da.take(x, index, axis=axis) if index.size else _empty_along(x, axis)
        if repeats == 0 or x.shape[axis] == 0:
            return _empty_along(x, axis)
        return da.repeat(x, repeats, axis=axis)

    def tile(self, x: da.Array, reps: tuple[int, ...]) -> da.Array:
        known(x, "tile")
        x = x[(None,) * (len(reps) - x.ndim)] if len(reps) > x.ndim else x
        if 0 in reps or 0 in x.shape:
            shape = tuple(n * r for n, r in zip(x.shape, reps, strict=True))
            return da.zeros(shape, dtype=x.dtype, chunks=-1)
        return da.tile(x, reps)


def _empty_along(x: da.Array, axis: int) -> da.Array:
    shape = tuple(0 if i == axis else n for i, n in enumerate(x.shape))
    return da.zeros(shape, dtype=x.dtype, chunks=-1)
