"""Interchange primitives of the NumPy driver (core: ``arraykit/_interop.py``).

Values already are host NumPy arrays on the one CPU device: ``to_numpy`` and
``to_device`` hand them back as they are, and DLPack is NumPy's own.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._devices import Device
from .._base import Part


class Interop(Part):
    """``to_numpy``, ``to_device``, ``dlpack``, ``dlpack_device``, ``from_dlpack``."""

    def to_numpy(self, x: np.ndarray) -> np.ndarray:
        return x

    def to_device(self, x: np.ndarray, device: Device) -> np.ndarray:
        return x

    def dlpack(
        self, x: np.ndarray, stream: Any, max_version: Any, dl_device: Any, copy: bool | None
    ) -> Any:
        # Pass on only the arguments the caller gave: NumPy's defaults stay NumPy's.
        kwargs: dict[str, Any] = {}
        if max_version is not None:
            kwargs["max_version"] = max_version
        if dl_device is not None:
            kwargs["dl_device"] = dl_device
        if copy is not None:
            kwargs["copy"] = copy
        return x.__dlpack__(stream=stream, **kwargs)

    def dlpack_device(self, x: np.ndarray) -> tuple[int, int]:
        return x.__dlpack_device__()

    def from_dlpack(self, obj: Any, device: Device, copy: bool | None) -> np.ndarray:
        return np.from_dlpack(obj, copy=copy)
