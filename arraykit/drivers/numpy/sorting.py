"""Sorting primitives of the NumPy driver (core: ``arraykit/_sorting.py``).

NumPy sorts ascending only: a descending sort is the ascending sort of the reversed
input, reversed back, which keeps equal elements in input order for the stable kinds.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .._base import Part

# NumPy's sorts, typed for the ``kind`` strings core has checked (NumPy's stubs want its
# Literal): an alias costs nothing per call, where ``typing.cast`` would cost a call.
_sort: Callable[..., np.ndarray] = np.sort
_argsort: Callable[..., np.ndarray] = np.argsort


class Sorting(Part):
    """``sort`` and ``argsort``, with every NumPy ``kind``."""

    def sort(
        self, x: np.ndarray, axis: int, descending: bool, stable: bool, kind: str | None
    ) -> np.ndarray:
        if not descending:
            return _sort(x, axis=axis, kind=kind or ("stable" if stable else None))
        return np.flip(self.sort(np.flip(x, axis), axis, False, stable, kind), axis)

    def argsort(
        self, x: np.ndarray, axis: int, descending: bool, stable: bool, kind: str | None
    ) -> np.ndarray:
        kind = kind or ("stable" if stable else None)
        if not descending:
            return _argsort(x, axis=axis, kind=kind).astype(np.int64, copy=False)
        # Sort the reversed input ascending and map back: equal elements keep their order.
        n: int = x.shape[axis]
        idx = _argsort(np.flip(x, axis), axis=axis, kind=kind)
        return np.flip(n - 1 - idx, axis).astype(np.int64, copy=False)
