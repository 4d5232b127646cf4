"""Statistical primitives of the NumPy driver (core: ``arraykit/_statistics.py``).

Core chose the accumulation dtype and the correction; NumPy's reductions take them
as they are.  0-d results come back as arrays, not NumPy scalars.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._base import Part
from . import extrema
from ._common import as_ndarray


class Statistics(Part):
    """Reductions (``sum``, ``prod``, ``max``, ``min``, ``mean``, ``var``, ``std``) and
    cumulative sums and products."""

    def bincount(self, x: np.ndarray, weights: Any, minlength: int) -> np.ndarray:
        out = np.bincount(x, weights, minlength=minlength)  # the composite's native form
        return out.astype(np.int64 if weights is None else np.float64, copy=False)  # x empty

    def sum(self, x: np.ndarray, axes: Any, dtype: np.dtype, keepdims: bool) -> np.ndarray:
        return as_ndarray(np.sum(x, axis=axes, dtype=dtype, keepdims=keepdims))

    def prod(self, x: np.ndarray, axes: Any, dtype: np.dtype, keepdims: bool) -> np.ndarray:
        return as_ndarray(np.prod(x, axis=axes, dtype=dtype, keepdims=keepdims))

    def max(self, x: np.ndarray, axes: Any, keepdims: bool) -> np.ndarray:
        return extrema.reduce(x, axes, keepdims, True)  # -0 < +0

    def min(self, x: np.ndarray, axes: Any, keepdims: bool) -> np.ndarray:
        return extrema.reduce(x, axes, keepdims, False)

    def mean(self, x: np.ndarray, axes: Any, keepdims: bool) -> np.ndarray:
        return as_ndarray(np.mean(x, axis=axes, keepdims=keepdims))

    def var(self, x: np.ndarray, axes: Any, correction: float, keepdims: bool) -> np.ndarray:
        return as_ndarray(np.var(x, axis=axes, ddof=correction, keepdims=keepdims))

    def std(self, x: np.ndarray, axes: Any, correction: float, keepdims: bool) -> np.ndarray:
        return as_ndarray(np.std(x, axis=axes, ddof=correction, keepdims=keepdims))

    def cumulative_sum(
        self, x: np.ndarray, axis: int, dtype: np.dtype, include_initial: bool
    ) -> np.ndarray:
        return np.cumulative_sum(x, axis=axis, dtype=dtype, include_initial=include_initial)

    def cumulative_prod(
        self, x: np.ndarray, axis: int, dtype: np.dtype, include_initial: bool
    ) -> np.ndarray:
        return np.cumulative_prod(x, axis=axis, dtype=dtype, include_initial=include_initial)
