"""Indexing primitives of the NumPy driver (core: ``arraykit/_indexing.py``).

Core has normalized and bounds-checked the key; NumPy's own indexing does the rest.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._base import Part
from ._common import as_ndarray


class Indexing(Part):
    """``getitem``, ``setitem`` (in place: NumPy arrays are mutable), ``take``..."""

    def getitem(self, x: np.ndarray, key: tuple[Any, ...]) -> np.ndarray:
        return as_ndarray(x[key])

    def setitem(self, x: np.ndarray, key: tuple[Any, ...], value: np.ndarray) -> np.ndarray:
        x[key] = value  # NumPy's ValueError for a read-only view (broadcast_to, diagonal)
        return x

    def take(self, x: np.ndarray, indices: np.ndarray, axis: int) -> np.ndarray:
        return np.take(x, indices, axis=axis)

    def take_along_axis(self, x: np.ndarray, indices: np.ndarray, axis: int) -> np.ndarray:
        return np.take_along_axis(x, indices, axis=axis)
