"""The JAX driver's ways in and out (core's ``_interop.py``): NumPy, Python scalars,
DLPack, and moves between devices.

Each needs a value's buffer, which a traced value does not have yet: on a tracer they
raise ``TypeError`` saying so (``to_device`` of a traced value is a no-op instead:
placement inside a transform is JAX's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import numpy as np

from ... import _dtypes
from ..._devices import Device
from .._base import Part
from .devices import TRACED
from .tracing import Tracer, concrete

_CANON = _dtypes._CANONICAL

# Why a conversion cannot run on a traced value, and what to do instead.
_UNKNOWN = "its values are not known yet"
_OUTSIDE = "return the array from the transformed function and convert it outside"
_SCALAR_INSTEAD = "use ak.where for data-dependent choices, or convert outside the transform"
_NO_BUFFER = "its buffer does not exist yet"


class Interop(Part):
    """``to_numpy``, ``to_scalar``, ``to_device``, ``dlpack``, ``dlpack_device``,
    ``from_dlpack``."""

    # From JAXDriver's other parts (__init__.py, devices.py).
    dtype_of: Callable[[Any], np.dtype]
    _check_dtype: Callable[[Device, np.dtype, str], None]
    placement: Callable[[Device, tuple[int, ...], str], Any]

    def to_numpy(self, x: Any) -> np.ndarray:
        concrete(x, "converting to NumPy", _UNKNOWN, _OUTSIDE)
        return np.asarray(x)

    def to_scalar(self, x: Any) -> Any:
        concrete(x, "converting to a Python scalar", _UNKNOWN, _SCALAR_INSTEAD)
        return x.item()

    def to_device(self, x: Any, device: Device) -> Any:
        if device is TRACED or isinstance(x, Tracer):
            return x
        self._check_dtype(device, _CANON[x.dtype], "to_device")
        return jax.device_put(x, self.placement(device, x.shape, "to_device"))

    def dlpack(
        self, x: Any, stream: Any, max_version: Any, dl_device: Any, copy: bool | None
    ) -> Any:
        concrete(x, "__dlpack__", _NO_BUFFER, "export it outside")
        if max_version is not None and tuple(max_version) < (1, 0):
            max_version = None  # a consumer of DLPack 0.x gets the unversioned capsule
        return x.__dlpack__(stream=stream, max_version=max_version, dl_device=dl_device, copy=copy)

    def dlpack_device(self, x: Any) -> tuple[int, int]:
        concrete(x, "__dlpack_device__", _NO_BUFFER, "ask outside")
        where: tuple[int, int] = x.__dlpack_device__()
        return where

    def from_dlpack(self, obj: Any, device: Device, copy: bool | None) -> Any:
        try:
            out = jax.dlpack.from_dlpack(obj, device=device.native, copy=copy)
        except jax.errors.JaxRuntimeError as e:
            # XLA takes compact (maybe transposed) strides only; a strided producer (a
            # NumPy column slice: scikit-learn's move_to passes one) is copied compact.
            if "striding" not in str(e):
                raise
            if copy is False:
                raise BufferError(f"from_dlpack: copy=False, but {e}") from None
            host = np.ascontiguousarray(np.from_dlpack(obj))
            out = jax.dlpack.from_dlpack(host, device=device.native, copy=True)
        self._check_dtype(device, self.dtype_of(out), "from_dlpack")
        return out
