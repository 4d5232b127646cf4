"""Manipulation primitives of the Dask driver (core: ``arraykit/_manipulation.py``).

Dask's own functions, lazily.  ``reshape`` needs every size known; ``repeat`` with an
array of counts computes the counts (they decide the result's size), then gathers
lazily.
"""

from __future__ import annotations

from typing import Any

import dask.array as da
import numpy as np

from ._blocks import known


class Manipulation:
    """Reshaping, joining, flipping and repeating."""

    def reshape(self, x: da.Array, shape: tuple[int, ...], copy: bool | None) -> da.Array:
        known(x, "reshape")
        if -1 in shape:
            size = int(np.prod(x.shape))
            rest = int(np.prod([n for n in shape if n != -1]))
            shape = tuple((size // rest if rest else 0) if n == -1 else n for n in shape)
        if x.size == 0:
            return da.zeros(shape, dtype=x.dtype, chunks=-1)
        return x.reshape(shape)

    def permute_dims(self, x: da.Array, axes: tuple[int, ...]) -> da.Array:
        return da.transpose(x, axes)

    def broadcast_to(self, x: da.Array, shape: tuple[int, ...]) -> da.Array:
        return da.broadcast_to(x, shape)

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
        return x[tuple(slice(None, None, -1) if i in axes else slice(None) for i in range(x.ndim))]

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
