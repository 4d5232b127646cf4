"""Searching primitives of the Dask driver (core: ``arraykit/_searching.py``).

Dask's own, lazily; index results are int64, the default integer dtype.  ``nonzero``
has sizes unknown until computed (``None`` in ``shape``).
"""

from __future__ import annotations

from typing import Any

import dask.array as da
import numpy as np

from .._base import Part
from ._blocks import elementwise, known, np_driver, without_empty_blocks


class Searching(Part):
    """``argmax``, ``argmin``, ``nonzero``, ``where``, ``searchsorted``, ``count_nonzero``."""

    def argmax(self, x: da.Array, axis: int | None, keepdims: bool) -> da.Array:
        return da.argmax(sized(x), axis=axis, keepdims=keepdims).astype(np.int64)

    def argmin(self, x: da.Array, axis: int | None, keepdims: bool) -> da.Array:
        return da.argmin(sized(x), axis=axis, keepdims=keepdims).astype(np.int64)

    def nonzero(self, x: da.Array) -> tuple[da.Array, ...]:
        # Dask's nonzero needs the chunk sizes (computed, keeping no data, as for argmax),
        # and its reshape failed on empty arrays with chunks such as (0,), (1, 1)
        x = sized(x)
        if 0 in x.shape:
            return tuple(da.zeros((0,), dtype=np.int64) for _ in range(max(x.ndim, 1)))
        return tuple(i.astype(np.int64) for i in da.nonzero(x))

    def where(self, condition: da.Array, x1: da.Array, x2: da.Array) -> da.Array:
        return elementwise("where", np_driver().where, condition, x1, x2)

    def searchsorted(
        self, x1: da.Array, x2: da.Array, side: str, sorter: da.Array | None
    ) -> da.Array:
        known(x1, "searchsorted")
        if sorter is not None:
            x1 = da.take(x1, sorter)
        if x1.shape[0] == 0 or x2.size == 0:  # Dask computed (1, 0) for an empty (0, 0) x2
            return da.zeros(x2.shape, dtype=np.int64, chunks=x2.chunks)
        if x2.ndim == 0:  # Dask's blocks assume at least one dimension
            return da.searchsorted(x1, x2[None], side=side).astype(np.int64)[0]
        return da.searchsorted(x1, x2, side=side).astype(np.int64)

    def count_nonzero(self, x: da.Array, axes: tuple[int, ...] | None, keepdims: bool) -> Any:
        return da.sum(x != 0, axis=axes, dtype=np.int64, keepdims=keepdims)


def sized(x: da.Array) -> da.Array:
    """``x`` with its chunk sizes known: Dask's argmax/argmin turn block offsets into
    indices and fail on unknown ones ("'float' object cannot be interpreted as an
    integer", after a boolean index or unique_*); computing the sizes keeps no data.
    On a new handle of the graph: ``compute_chunk_sizes`` updates its array in place, and
    the input's shape stays as it was."""
    if any(np.isnan(n) for n in x.shape):
        x = da.Array(x.dask, x.name, x.chunks, meta=x._meta).compute_chunk_sizes()
    return without_empty_blocks(x)
