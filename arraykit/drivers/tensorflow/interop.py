"""Interop primitives of the TensorFlow driver: ``to_numpy``, ``to_device`` and DLPack
(``dlpack``, ``dlpack_device``, ``from_dlpack``).

``to_numpy`` hands out a read-only view of a CPU tensor's memory (tensors are immutable:
so is a view of one).  DLPack goes through TF's own exporter and importer; where those
cannot serve a request (a device-to-host export, a dtype TF's DLPack lacks, host memory
not aligned as TF's kernels need), a copy is made if the caller allows one, else
``BufferError`` is raised.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.framework.ops import EagerTensor as _EagerTensor
from tensorflow.python.ops import gen_array_ops as ga

from ..._devices import Device, Sharding
from . import support as S
from .mesh import Meshes, gather, is_split

_DLPACK_KIND = {"cpu": 1, "gpu": 2}  # kDLCPU, kDLCUDA


class Interop(Meshes):
    """Host copies, moves between devices and DLPack (uses ``device_of``)."""

    def to_numpy(self, x: Any) -> np.ndarray:
        if x.__class__ is not _EagerTensor:
            raise TypeError(
                "cannot convert a symbolic tensor (inside tf.function) to NumPy; return it "
                "from the function first"
            )
        if is_split(x):
            x = gather(x)
        out = np.asarray(x._numpy())  # shares the tensor's memory on the CPU
        if out.flags.writeable:
            out = out.view()
            out.flags.writeable = False  # tensors are immutable: so is a view of one
        return out

    def to_device(self, x: Any, device: Device) -> Any:
        if x.device and self.device_of(x) == device:
            return x
        if isinstance(device, Sharding):
            return self._to_sharding(x, device)
        if is_split(x):
            x = gather(x)
        with tf.device(device.native):
            return ga.identity(x)

    def dlpack(
        self, x: Any, stream: Any, max_version: Any, dl_device: Any, copy: bool | None
    ) -> Any:
        here = self.dlpack_device(x)
        if dl_device is not None and tuple(dl_device) != here:
            if int(dl_device[0]) != 1 or copy is False:
                raise BufferError(f"__dlpack__: cannot export a tensor on {here} to {dl_device}")
            return np.array(self.to_numpy(x)).__dlpack__()  # a host copy, as asked
        if copy:
            with tf.device(x.device):
                x = S.fresh(x)
        try:
            return tf.experimental.dlpack.to_dlpack(x)
        except Exception as e:  # dtypes TF's DLPack lacks (bool in some releases)
            if here[0] != 1 or copy is False:
                raise BufferError(f"__dlpack__: TensorFlow cannot export this tensor: {e}") from e
            return np.array(self.to_numpy(x)).__dlpack__()

    def dlpack_device(self, x: Any) -> tuple[int, int]:
        dev = self.device_of(x)
        try:
            return (_DLPACK_KIND[dev.kind], dev.index if dev.kind != "cpu" else 0)
        except KeyError:
            raise BufferError(f"no DLPack device type for {dev}") from None

    def from_dlpack(self, obj: Any, device: Device, copy: bool | None) -> Any:
        kind = int(obj.__dlpack_device__()[0]) if hasattr(obj, "__dlpack_device__") else 1
        if kind == 1:  # host memory: TF needs 64-byte alignment (unaligned data aborts ops)
            host = np.from_dlpack(obj)
            aligned = host.size == 0 or (host.ctypes.data % 64 == 0 and host.flags.c_contiguous)
            if copy or not aligned or device.kind != "cpu":
                if copy is False:
                    raise BufferError(
                        "from_dlpack: copy=False, but TensorFlow needs a copy (its kernels "
                        "need 64-byte aligned host memory on a CPU device)"
                    )
                with tf.device(device.native):
                    return tf.constant(host)
        x = tf.experimental.dlpack.from_dlpack(obj.__dlpack__())
        if copy:
            with tf.device(x.device):
                x = S.fresh(x)
        if self.device_of(x) != device:
            if copy is False:
                raise BufferError("from_dlpack: copy=False, but the data is on another device")
            x = self.to_device(x, device)
        return x
