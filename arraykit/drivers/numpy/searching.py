"""Searching primitives of the NumPy driver (core: ``arraykit/_searching.py``).

Index results are cast to int64, the default integer dtype, whatever NumPy's ``intp``
is on the platform.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._base import Part
from ._common import as_ndarray

# NumPy's, typed for the ``side`` strings core has checked (NumPy's stubs want its
# Literal): an alias costs nothing per call, where ``typing.cast`` would cost a call.
_searchsorted: Callable[..., Any] = np.searchsorted


class Searching(Part):
    """``argmax``, ``argmin``, ``nonzero``, ``where``, ``searchsorted``, ``count_nonzero``."""

    def argmax(self, x: np.ndarray, axis: int | None, keepdims: bool) -> np.ndarray:
        return as_ndarray(np.argmax(x, axis=axis, keepdims=keepdims)).astype(np.int64, copy=False)

    def argmin(self, x: np.ndarray, axis: int | None, keepdims: bool) -> np.ndarray:
        return as_ndarray(np.argmin(x, axis=axis, keepdims=keepdims)).astype(np.int64, copy=False)

    def nonzero(self, x: np.ndarray) -> tuple[np.ndarray, ...]:
        return np.nonzero(x)

    def where(self, condition: np.ndarray, x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
        return as_ndarray(np.where(condition, x1, x2))

    def searchsorted(
        self, x1: np.ndarray, x2: np.ndarray, side: str, sorter: np.ndarray | None
    ) -> np.ndarray:
        return as_ndarray(_searchsorted(x1, x2, side=side, sorter=sorter)).astype(np.int64)

    def count_nonzero(self, x: np.ndarray, axes: tuple[int, ...] | None, keepdims: bool) -> Any:
        return as_ndarray(np.count_nonzero(x, axis=axes, keepdims=keepdims)).astype(np.int64)
