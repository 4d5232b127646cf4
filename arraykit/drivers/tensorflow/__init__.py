"""The TensorFlow driver: arraykit on ``tf.Tensor`` values, on every device TF sees.

Values are eager tensors, or symbolic tensors inside ``tf.function``.  Primitives call
TF's generated op functions (``gen_math_ops.add_v2``: the eager fast path, no dispatch
layers) and never touch a process-wide setting: no NumPy behaviour, no soft-placement or
dtype-conversion switches.  The primitives live in sibling modules, one per part of the
contract (``elementwise``, ``indexing``, ``sorting``, ``linalg``).

Dtypes: every standard dtype.  TF's kernel registry says which dtypes each op runs on for
the device types in use; elsewhere a primitive computes in a dtype holding every value and
casts back, so integer results are exact (see ``support``).

Devices and pinning: one ``Device`` per logical device (``cpu``, ``cpu:1``, ``gpu:0``).
Creating the driver lists them, which initialises TF's runtime as any TF op would:
configure logical devices before ``ak.use("tensorflow")``.  An op runs on its input's
device.  TF places an op without a device scope on its default device (the first GPU,
else the CPU) whatever its inputs' devices, so pinning is needed exactly when the input
lives elsewhere or the caller opened a ``tf.device`` scope.  With one logical device the
primitives are installed unwrapped (no cost at all); with several, each is wrapped by a
check (about 0.1 us) that enters ``tf.device(x.device)`` (several us) only in those cases.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.eager import context
from tensorflow.python.framework import ops as tf_ops
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_math_ops as gm

from ..._devices import Device
from .._base import PRIMITIVES, Capabilities, Driver
from . import elementwise, support
from .indexing import ArraysMixin
from .linalg import LinalgMixin
from .sorting import ReductionsMixin
from .support import NP_OF, NP_OF_ENUM, TF_OF, KernelTable
from .transforms import TFTransforms

_EagerTensor = tf_ops.EagerTensor
_DLPACK_KIND = {"cpu": 1, "gpu": 2}  # kDLCPU, kDLCUDA

# Primitives that never run a TF op on an input (no pinning), and those whose device is
# an argument rather than their first input's (argument index).
_UNPINNED = frozenset({
    "devices", "default_device", "device_of", "dtype_of", "shape_of", "is_native",
    "to_numpy", "to_scalar", "to_device", "dlpack", "dlpack_device", "from_dlpack",
})  # fmt: skip
_DEVICE_ARG = {"arange": 4, "full": 3, "empty": 2, "eye": 4, "linspace": 5, "asarray": 2}
_LIST_ARG = frozenset({"concat", "stack", "meshgrid"})


# Importing the submodule ``complex`` binds that name in this package's namespace: the
# builtin is ``builtins.complex`` here.
_complex = builtins.complex


def _scalar_key(value: Any) -> Any:
    """A cache key telling -0.0 from 0.0 (they compare equal)."""
    if value.__class__ is float:
        return (float, value, math.copysign(1.0, value))
    if value.__class__ is _complex:
        return (_complex, value, math.copysign(1.0, value.real), math.copysign(1.0, value.imag))
    return (value.__class__, value)


class TensorFlowDriver(ArraysMixin, ReductionsMixin, LinalgMixin, Driver):
    """Runs arraykit on TensorFlow tensors, on any TF device."""

    name = "tensorflow"
    capabilities = Capabilities(
        autodiff=True,
        jit=True,
        vmap=True,
        mutable=False,
        data_dependent_shapes=True,
        multi_device=True,
        subnormals=False,  # TF's CPU kernels flush subnormal inputs and results to zero
        max_dimensions=254,  # TensorShape's limit (kernels limited to 8 get a fallback)
    )
    transforms = TFTransforms()

    def __init__(self, *, _emulate: frozenset[tuple[str, str]] = frozenset()) -> None:
        """``_emulate``: (TF op name, dtype name) pairs to treat as having no kernel, so
        tests can run the emulation paths on a CPU that has every kernel."""
        self._devices, self._default = _enumerate_devices()
        self._by_name: dict[str, Device] = {}
        for dev in self._devices:
            self._by_name[dev.native] = dev
            self._by_name[f"/job:localhost/replica:0/task:0{dev.native}"] = dev
        kinds = frozenset(d.kind.upper() for d in self._devices)
        forced = frozenset((op, tf.dtypes.as_dtype(d)) for op, d in _emulate)
        self._k = KernelTable(kinds, forced)
        self._scalars: dict[Any, tf.Tensor] = {}
        first_of_kind: dict[str, str] = {}
        for dev in self._devices:
            first_of_kind.setdefault(dev.kind, dev.native)
        nan_elementwise, nan_reductions = elementwise.propagates_nan(list(first_of_kind.values()))
        for prim_name, fn in elementwise.build(self._k, nan_elementwise).items():
            setattr(self, prim_name, fn)
        self._init_reductions(nan_reductions)
        super().__init__()
        if len(self._devices) > 1:
            self._install_pinning()

    # ------------------------------------------------------------------ devices
    def _install_pinning(self) -> None:
        tld = context.context()._thread_local_data
        default = self._default.native
        default_full = f"/job:localhost/replica:0/task:0{default}"
        device_cls = tf.device

        def on_input(f: Any, first_of_list: bool) -> Any:
            def pinned(x: Any, *args: Any) -> Any:
                d = (x[0] if first_of_list else x).device
                if not d or (d == default_full and not tld.device_name):
                    return f(x, *args)
                with device_cls(d):
                    return f(x, *args)

            return pinned

        def on_arg(f: Any, i: int) -> Any:
            def pinned(*args: Any) -> Any:
                d = args[i].native
                if d == default and not tld.device_name:
                    return f(*args)
                with device_cls(d):
                    return f(*args)

            return pinned

        names = [*PRIMITIVES, "stack", "meshgrid", "moveaxis"]
        for prim_name in names:
            f = getattr(self, prim_name, None)
            if f is None or prim_name in _UNPINNED:
                continue
            if prim_name in _DEVICE_ARG:
                setattr(self, prim_name, on_arg(f, _DEVICE_ARG[prim_name]))
            else:
                setattr(self, prim_name, on_input(f, prim_name in _LIST_ARG))

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
        spec = tf.DeviceSpec.from_string(name)
        for dev in self._devices:
            if dev.kind == (spec.device_type or "").lower() and dev.index == (
                spec.device_index or 0
            ):
                self._by_name[name] = dev
                return dev
        raise ValueError(f"the TensorFlow driver does not know the device {name!r}")

    # ------------------------------------------------------------------ runtime
    def dtype_of(self, x: Any) -> np.dtype:
        try:
            if x.__class__ is _EagerTensor:  # an int key: tf.DType hashes in Python
                return NP_OF_ENUM[x._datatype_enum()]
            return NP_OF[x.dtype]
        except KeyError:
            raise TypeError(f"arraykit does not support TensorFlow's {x.dtype.name}") from None

    def shape_of(self, x: Any) -> tuple[int | None, ...]:
        if x.__class__ is _EagerTensor:
            return x._shape_tuple()
        dims = x.shape.as_list() if x.shape.rank is not None else None
        if dims is None:
            raise ValueError("arraykit arrays need a known number of dimensions (rank)")
        return tuple(dims)

    def is_native(self, obj: object) -> bool:
        return obj.__class__ is _EagerTensor or isinstance(obj, tf.Tensor)

    def asarray(self, obj: Any, dtype: np.dtype, device: Device, copy: bool | None) -> Any:
        tfd = TF_OF[dtype]
        cls = obj.__class__
        if cls in (int, float, bool, _complex):
            return self._scalar(obj, tfd, device)
        if self.is_native(obj):
            if copy is False and obj.dtype != tfd:
                raise ValueError(f"asarray: copy=False, but converting to {dtype} copies")
            x = obj
            if obj.device and self.device_of(obj) != device:
                if copy is False:
                    raise ValueError("asarray: copy=False, but moving to another device copies")
                x = self.to_device(x, device)
            if x.dtype != tfd:
                return self.astype(x, dtype)
            return support.fresh(x) if copy else x
        if copy is False:
            raise ValueError(
                "asarray: copy=False, but TensorFlow tensors cannot share host memory with "
                f"a {type(obj).__name__}"
            )
        return tf.constant(np.asarray(obj, dtype=dtype), tfd)

    def _scalar(self, value: Any, tfd: tf.DType, device: Device) -> Any:
        """A 0-d tensor of ``value``, cached: Python scalars are made on every op with one."""
        key = (_scalar_key(value), tfd, device.native)
        t = self._scalars.get(key)
        if t is None:
            np_dtype = NP_OF[tfd]
            with tf.init_scope(), tf.device(device.native):
                t = tf.constant(np.asarray(value, dtype=np_dtype), tfd)
            if len(self._scalars) > 2048:
                self._scalars.clear()
            self._scalars[key] = t
        return t

    def to_numpy(self, x: Any) -> np.ndarray:
        if x.__class__ is not _EagerTensor:
            raise TypeError(
                "cannot convert a symbolic tensor (inside tf.function) to NumPy; return it "
                "from the function first"
            )
        out = np.asarray(x._numpy())  # shares the tensor's memory on the CPU
        if out.flags.writeable:
            out = out.view()
            out.flags.writeable = False  # tensors are immutable: so is a view of one
        return out

    def to_device(self, x: Any, device: Device) -> Any:
        if x.device and self.device_of(x) == device:
            return x
        with tf.device(device.native):
            return ga.identity(x)

    def to_scalar(self, x: Any) -> Any:
        if x.__class__ is not _EagerTensor:
            return self.to_numpy(x).item()  # raises the symbolic-tensor TypeError
        return x._numpy().item()

    def astype(self, x: Any, dtype: np.dtype) -> Any:
        tfd = TF_OF[dtype]
        if x.dtype == tfd:
            return ga.identity(x)
        if tfd == tf.bool and x.dtype in support.COMPLEX:
            return gm.not_equal(x, support.scalar_like(0, x))
        return gm.cast(x, tfd)

    def copy(self, x: Any) -> Any:
        return support.fresh(x)

    # ------------------------------------------------------------------ DLPack
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
                x = support.fresh(x)
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
                x = support.fresh(x)
        if self.device_of(x) != device:
            if copy is False:
                raise BufferError("from_dlpack: copy=False, but the data is on another device")
            x = self.to_device(x, device)
        return x


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
