"""Sorting primitives of the NumPy driver (core: ``arraykit/_sorting.py``).

NumPy sorts ascending only: a descending sort is the ascending sort of the reversed
input, reversed back, which keeps equal elements in input order for the stable kinds.
"""

from __future__ import annotations

from typing import cast

import numpy as np

from .._base import Part, SortKind


class Sorting(Part):
    """``sort`` and ``argsort``, with every NumPy ``kind``."""

    def sort(
        self, x: np.ndarray, axis: int, descending: bool, stable: bool, kind: str | None
    ) -> np.ndarray:
        if not descending:
            how = cast("SortKind | None", kind or ("stable" if stable else None))  # core checked it
            return np.sort(x, axis=axis, kind=how)
        return np.flip(self.sort(np.flip(x, axis), axis, False, stable, kind), axis)

    def argsort(
        self, x: np.ndarray, axis: int, descending: bool, stable: bool, kind: str | None
    ) -> np.ndarray:
        how = cast("SortKind | None", kind or ("stable" if stable else None))  # core checked it
        if not descending:
            return np.argsort(x, axis=axis, kind=how).astype(np.int64, copy=False)
        # Sort the reversed input ascending and map back: equal elements keep their order.
        n: int = x.shape[axis]
        idx = np.argsort(np.flip(x, axis), axis=axis, kind=how)
        return np.flip(n - 1 - idx, axis).astype(np.int64, copy=False)
