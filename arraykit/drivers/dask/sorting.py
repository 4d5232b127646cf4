"""Sorting primitives of the Dask driver (core: ``arraykit/_sorting.py``).

Dask has no sort: the axis sorted is rechunked into one chunk (``_blocks.along``; the
other axes keep their chunks), and each block is sorted by the NumPy driver, with
every ``kind`` NumPy has.  So each lane along the axis must fit one worker's memory;
a 1-D array is sorted by one task.
"""

from __future__ import annotations

from typing import Any

import dask.array as da
import numpy as np

from .._base import Part
from ._blocks import along, np_driver


class Sorting(Part):
    """``sort`` and ``argsort`` along one whole axis."""

    def sort(
        self, x: da.Array, axis: int, descending: bool, stable: bool, kind: str | None
    ) -> da.Array:
        def block(b: np.ndarray) -> Any:  # the NumPy driver's native
            return np_driver().sort(b, axis, descending, stable, kind)

        return along(block, x, (axis,), x.dtype, label=("sort", descending, stable, kind))

    def argsort(
        self, x: da.Array, axis: int, descending: bool, stable: bool, kind: str | None
    ) -> da.Array:
        def block(b: np.ndarray) -> Any:  # the NumPy driver's native
            return np_driver().argsort(b, axis, descending, stable, kind)

        label = ("argsort", descending, stable, kind)
        return along(block, x, (axis,), np.dtype(np.int64), label=label)
