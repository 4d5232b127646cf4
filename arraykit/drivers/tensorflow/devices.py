"""Devices of the TensorFlow driver: which there are, where a tensor lives, and pinning.

One ``Device`` per logical CPU/GPU/TPU device, the default (first GPU, else the CPU)
first.  TF places an op without a device scope on its default device whatever its
inputs' devices, so with several devices every primitive that runs an op is wrapped to
enter ``tf.device(x.device)`` when its input lives elsewhere (or the caller opened a
``tf.device`` scope); with one device nothing is wrapped.
"""

from __future__ import annotations

from typing import Any

import tensorflow as tf
from tensorflow.python.eager import context
from tensorflow.python.framework.ops import EagerTensor as _EagerTensor

from ..._devices import Device, Sharding
from .._base import PRIMITIVES
from .mesh import TRACE, Meshes, is_split

# Primitives that never run a TF op on an input (no pinning), and those whose device is
# an argument rather than their first input's (argument index).
_UNPINNED = frozenset({
    "devices", "default_device", "device_of", "dtype_of", "shape_of", "is_native",
    "to_numpy", "to_scalar", "to_device", "dlpack", "dlpack_device", "from_dlpack",
})  # fmt: skip
_DEVICE_ARG = {"arange": 4, "full": 3, "empty": 2, "eye": 4, "linspace": 5, "asarray": 2}
_LIST_ARG = frozenset({"concat", "stack", "meshgrid"})


class Devices(Meshes):
    """``devices``, ``default_device``, ``device_of``, and the pinning of every other
    primitive (``_install_pinning``, once the primitives are bound); arrays split over a
    mesh in ``Meshes``."""

    def _init_devices(self) -> None:
        """List the devices (this initialises TF's runtime) and ``device_of``'s cache."""
        self._devices, self._default = _enumerate_devices()
        self._by_name: dict[str, Device] = {}
        for dev in self._devices:
            self._by_name[dev.native] = dev
            self._by_name[f"/job:localhost/replica:0/task:0{dev.native}"] = dev
        self._init_meshes()

    def _install_pinning(self) -> None:
        """Wrap each primitive that runs TF ops to run on its input's device (or on the
        device it is given): a check of about 0.1 us, entering ``tf.device`` (several us)
        only when TF would otherwise place the op elsewhere.  A split input (a DTensor) or
        device (a ``Sharding``) goes to ``Meshes``."""
        tld = context.context()._thread_local_data
        default = self._default.native
        default_full = f"/job:localhost/replica:0/task:0{default}"
        device_cls = tf.device

        def on_input(f: Any, first_of_list: bool, name: str) -> Any:
            def pinned(x: Any, *args: Any) -> Any:
                first = x[0] if first_of_list else x
                d = first.device
                if not d or (d == default_full and not tld.device_name):
                    if not d and getattr(TRACE, "mesh", None) is not None:
                        return self._in_trace(f, name, (x, *args))
                    return f(x, *args)
                if is_split(first):
                    if first.__class__ is _EagerTensor:
                        return self._on_mesh(f, name, first, (x, *args))
                    return self._in_trace(f, name, (x, *args))
                with device_cls(d):
                    return f(x, *args)

            return pinned

        def on_arg(f: Any, i: int, name: str) -> Any:
            def pinned(*args: Any) -> Any:
                dev = args[i]
                if isinstance(dev, Sharding):  # made on one device, then split
                    if name == "asarray" and self.is_native(args[0]):
                        return f(*args)  # asarray moves a tensor itself (copy=False...)
                    out = pinned(*args[:i], self._default, *args[i + 1 :])
                    return self._to_sharding(out, dev)
                d = dev.native
                if d == default and not tld.device_name:
                    return f(*args)
                with device_cls(d):
                    return f(*args)

            return pinned

        names = [*PRIMITIVES, "stack", "meshgrid", "moveaxis", "bincount", "bitcast"]
        for prim_name in names:
            f = getattr(self, prim_name, None)
            if f is None or prim_name in _UNPINNED:
                continue
            if prim_name in _DEVICE_ARG:
                setattr(self, prim_name, on_arg(f, _DEVICE_ARG[prim_name], prim_name))
            else:
                setattr(self, prim_name, on_input(f, prim_name in _LIST_ARG, prim_name))

    def devices(self) -> list[Device]:
        return list(self._devices)

    def default_device(self) -> Device:
        return self._default

    def device_of(self, x: Any) -> Device:
        name = x.device
        try:
            return self._by_name[name]
        except KeyError:
            pass
        if not name:  # a symbolic tensor not yet placed: TF will use its default
            return self._default
        if is_split(x):  # in a trace, placed by DTensor's compiler as TF places the rest
            eager = x.__class__ is _EagerTensor and tf.executing_eagerly()
            return self._sharding_of(x) if eager else self._default
        spec = tf.DeviceSpec.from_string(name)
        for dev in self._devices:
            if dev.kind == (spec.device_type or "").lower() and dev.index == (
                spec.device_index or 0
            ):
                self._by_name[name] = dev
                return dev
        raise ValueError(f"the TensorFlow driver does not know the device {name!r}")


def _enumerate_devices() -> tuple[list[Device], Device]:
    """Every logical CPU/GPU/TPU device, the default (first GPU, else CPU:0) first."""
    devices = []
    for ld in tf.config.list_logical_devices():
        kind = ld.device_type.lower()
        if kind not in ("cpu", "gpu", "tpu"):
            continue
        spec = tf.DeviceSpec.from_string(ld.name)
        native = f"/device:{ld.device_type}:{spec.device_index or 0}"
        devices.append(Device("tensorflow", kind, spec.device_index or 0, native=native))
    gpus = [d for d in devices if d.kind == "gpu"]
    default = gpus[0] if gpus else next(d for d in devices if d.kind == "cpu")
    return [default, *(d for d in devices if d is not default)], default
