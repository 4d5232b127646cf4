"""Drivers of the tests' own: a NumPy-backed driver with two fake CPU devices.

``TwoCPUDriver`` is the NumPy driver under another name, claiming two devices
(``cpu`` and ``cpu:1``) so that registry, placement and device-mixing logic can be
tested without a second framework or a GPU.  A value on ``cpu:1`` is an ``np.ndarray``
subclass that only marks where it lives; results of operations on it may come back
on ``cpu`` (the marker is not propagated), which these tests never rely on.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

import arraykit as ak
from arraykit._devices import Device
from arraykit.drivers import Capabilities
from arraykit.drivers.numpy import NumPyDriver

_COUNTER = itertools.count()


class OnSecondCPU(np.ndarray):
    """An ndarray placed on the fake ``cpu:1``."""


def make_two_cpu_driver(name: str) -> type[NumPyDriver]:
    """A driver class called ``name`` with devices ``cpu`` and ``cpu:1``."""
    cpu0, cpu1 = Device(name, "cpu", 0), Device(name, "cpu", 1)

    def place(x: np.ndarray, device: Device) -> np.ndarray:
        if device == cpu1:
            return np.array(x, copy=True).view(OnSecondCPU)
        return np.asarray(x)

    class TwoCPUDriver(NumPyDriver):
        capabilities = Capabilities(mutable=True, multi_device=True)

        def devices(self) -> list[Device]:
            return [cpu0, cpu1]

        def default_device(self) -> Device:
            return cpu0

        def device_of(self, x: np.ndarray) -> Device:
            return cpu1 if isinstance(x, OnSecondCPU) else cpu0

        def is_native(self, obj: object) -> bool:
            return isinstance(obj, np.ndarray)

        def to_numpy(self, x: np.ndarray) -> np.ndarray:
            return np.asarray(x)

        def to_device(self, x: np.ndarray, device: Device) -> np.ndarray:
            return x if self.device_of(x) == device else place(x, device)

        def asarray(self, obj: Any, dtype: np.dtype, device: Device, copy: bool | None) -> Any:
            return place(super().asarray(obj, dtype, device, copy), device)

        def full(self, shape: Any, fill_value: Any, dtype: np.dtype, device: Device) -> Any:
            return place(super().full(shape, fill_value, dtype, device), device)

        def empty(self, shape: Any, dtype: np.dtype, device: Device) -> Any:
            return place(super().empty(shape, dtype, device), device)

        def arange(self, start: Any, stop: Any, step: Any, dtype: np.dtype, device: Device) -> Any:
            return place(super().arange(start, stop, step, dtype, device), device)

        def eye(self, n_rows: int, n_cols: int, k: int, dtype: np.dtype, device: Device) -> Any:
            return place(super().eye(n_rows, n_cols, k, dtype, device), device)

        def linspace(self, *args: Any) -> Any:
            return place(super().linspace(*args), args[-1])

    TwoCPUDriver.name = name
    TwoCPUDriver.__name__ = TwoCPUDriver.__qualname__ = f"TwoCPUDriver_{name}"
    return TwoCPUDriver


class registered_two_cpu_driver:
    """Register a fresh two-CPU driver for a ``with`` block; unregister it afterwards."""

    def __init__(self, prefix: str = "twocpu") -> None:
        self.name = f"{prefix}{next(_COUNTER)}"

    def __enter__(self) -> str:
        ak.drivers.register(self.name, make_two_cpu_driver(self.name))
        return self.name

    def __exit__(self, *exc: object) -> None:
        ak.drivers.unregister(self.name)
