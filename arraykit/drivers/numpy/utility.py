"""Utility primitives of the NumPy driver (core: ``arraykit/_utility.py``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._base import Part
from ._common import as_ndarray


class Utility(Part):
    """``all`` and ``any``: boolean reductions, 0-d results as arrays."""

    def all(self, x: np.ndarray, axes: Any, keepdims: bool) -> np.ndarray:
        return as_ndarray(np.all(x, axis=axes, keepdims=keepdims))

    def any(self, x: np.ndarray, axes: Any, keepdims: bool) -> np.ndarray:
        return as_ndarray(np.any(x, axis=axes, keepdims=keepdims))
