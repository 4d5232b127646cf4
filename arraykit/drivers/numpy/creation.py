"""Creation primitives of the NumPy driver (core: ``arraykit/_creation.py``).

Every value lives on the one host device, so the ``device`` arguments are unused.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..._devices import Device
from .._base import Part


class Creation(Part):
    """``asarray``, ``arange``, ``full``, ``empty``, ``eye``, ``linspace``, ``tril``, ``triu``."""

    def asarray(self, obj: Any, dtype: np.dtype, device: Device, copy: bool | None) -> np.ndarray:
        if copy is False:
            out = np.asarray(obj)
            if out.dtype != dtype:
                raise ValueError(f"asarray: copy=False, but converting to {dtype} requires a copy")
            if out is not obj and not isinstance(obj, np.ndarray) and not _shares(obj):
                raise ValueError("asarray: copy=False, but the input cannot be used without a copy")
            return out
        return np.array(obj, dtype=dtype, copy=copy)

    def arange(self, start: Any, stop: Any, step: Any, dtype: np.dtype, device: Device) -> Any:
        n = max(math.ceil((stop - start) / step), 0)
        if dtype.kind in "iu":
            return np.arange(start, start + n * step, step, dtype=dtype)[:n]
        return (start + step * np.arange(n, dtype=np.float64)).astype(dtype)

    def full(self, shape: tuple[int, ...], fill_value: Any, dtype: np.dtype, device: Device) -> Any:
        return np.full(shape, fill_value, dtype=dtype)

    def empty(self, shape: tuple[int, ...], dtype: np.dtype, device: Device) -> np.ndarray:
        return np.empty(shape, dtype=dtype)

    def eye(self, n_rows: int, n_cols: int, k: int, dtype: np.dtype, device: Device) -> Any:
        return np.eye(n_rows, n_cols, k=k, dtype=dtype)

    def linspace(
        self, start: Any, stop: Any, num: int, endpoint: bool, dtype: np.dtype, device: Device
    ) -> np.ndarray:
        return np.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)

    def tril(self, x: np.ndarray, k: int) -> np.ndarray:
        return np.tril(x, k)

    def triu(self, x: np.ndarray, k: int) -> np.ndarray:
        return np.triu(x, k)


def _shares(obj: Any) -> bool:
    """Whether ``np.asarray(obj)`` can view ``obj``'s memory (buffer protocol objects)."""
    try:
        memoryview(obj)
    except TypeError:
        return False
    return True
