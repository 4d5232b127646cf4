"""Interchange primitives of the Dask driver (core: ``arraykit/_interop.py``).

A host copy runs the graph on the active scheduler (``compute``); DLPack exports that
NumPy result.  Imports wrap the NumPy array as one Dask array (chunks: ``ak.use``'s).
"""

from __future__ import annotations

from typing import Any

import dask.array as da
import numpy as np

from ..._devices import Device
from .._base import Part


class Interop(Part):
    """``to_numpy``, ``to_device``, ``dlpack``, ``dlpack_device``, ``from_dlpack``."""

    from_host: Any  # Creation's: a host array as a Dask array with the active chunks

    def to_numpy(self, x: da.Array) -> np.ndarray:
        out = np.asarray(x.compute()).view()  # a view: never flag the user's own array
        out.flags.writeable = False  # a write could not reach the array: NumPy refuses it
        return out

    def to_device(self, x: da.Array, device: Device) -> da.Array:
        return x

    def dlpack(
        self, x: da.Array, stream: Any, max_version: Any, dl_device: Any, copy: bool | None
    ) -> Any:
        kwargs: dict[str, Any] = {}
        if max_version is not None:
            kwargs["max_version"] = max_version
        if dl_device is not None:
            kwargs["dl_device"] = dl_device
        if copy is not None:
            kwargs["copy"] = copy
        return np.asarray(x.compute()).__dlpack__(stream=stream, **kwargs)

    def dlpack_device(self, x: da.Array) -> tuple[int, int]:
        return (1, 0)  # kDLCPU: exports are host NumPy arrays

    def from_dlpack(self, obj: Any, device: Device, copy: bool | None) -> da.Array:
        host = np.from_dlpack(obj, copy=copy)
        return self.from_host(host)
