"""The JAX driver's devices: one ``Device`` per JAX device, ``TRACED`` for traced values,
and which dtypes each device can hold (core's ``_devices.py``).

Placement follows the inputs: a primitive's result lives where its input does, and a
creation primitive places its result on the device core passes.  The device of a traced
value is unknown until JAX compiles: it is ``TRACED``, which equals every JAX device, so
core's same-device check passes and placement inside a transform is JAX's.
"""

from __future__ import annotations

from typing import Any

import jax
import numpy as np

from ... import _dtypes
from ..._devices import Device, Mesh, Sharding
from .._base import Part
from .tracing import Tracer

PROBED = (_dtypes.float64, _dtypes.complex128, _dtypes.int64, _dtypes.uint64)
"""The dtypes a non-CPU device may be unable to hold (probed once per device)."""


class JAXDevice(Device):
    """A JAX device; compares by identity first (core compares devices on every
    multi-array call, and each device has one object)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return other is self or (isinstance(other, Device) and other._key == self._key)

    def __ne__(self, other: object) -> bool:
        return other is not self and not (isinstance(other, Device) and other._key == self._key)

    __hash__ = Device.__hash__


class TracedDevice(JAXDevice):
    """The device of a traced value: equal to every JAX device (see the module docstring)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and other.driver == self.driver

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = Device.__hash__

    def __str__(self) -> str:
        return "traced"


TRACED = TracedDevice("jax", "traced", 0)


def list_devices() -> list[Device]:
    """The default backend's devices first, then the other platforms' (cpu last)."""
    default = jax.default_backend()
    platforms = [default, *(p for p in ("gpu", "tpu", "cpu") if p != default)]
    out: list[Device] = []
    for platform in platforms:
        try:
            natives = jax.devices(platform)
        except (RuntimeError, ValueError):  # no such backend here
            continue
        kind = "gpu" if platform in ("gpu", "cuda", "rocm") else platform
        out += [JAXDevice("jax", kind, i, native=d) for i, d in enumerate(natives)]
    return out


class Devices(Part):
    """The device primitives, dtype probing and placement, for every chapter's use.

    State (set by ``JAXDriver.__init__``): ``_devices`` (the default first),
    ``_by_native`` (JAX device -> ``Device``), ``_by_sharding`` (a cache of
    ``device_of``), ``_refused`` (probed dtypes per device) and ``_refuse_extra`` (the
    driver's ``refuse`` argument)."""

    _devices: list[Device]
    _by_native: dict[Any, Device]
    _by_sharding: dict[Any, Device]
    _refused: dict[Device, frozenset[np.dtype]]
    _refuse_extra: dict[str, frozenset[np.dtype]]

    def devices(self) -> list[Device]:
        return list(self._devices)

    def default_device(self) -> Device:
        return self._devices[0]

    def device_of(self, x: Any) -> Device:
        # A tracer first: its ``sharding`` raises an AttributeError whose message JAX
        # builds by walking the whole trace (find_progenitors), quadratic in a long trace.
        if isinstance(x, Tracer):
            return TRACED
        try:
            return self._by_sharding[x.sharding]
        except (KeyError, AttributeError):
            return self._device_slow(x)

    def _device_slow(self, x: Any) -> Device:
        if isinstance(x, Tracer):
            return TRACED
        native = x.sharding
        if len(native.device_set) > 1:
            dev: Device = self._sharding_of(native)
        else:
            dev = self._by_native[next(iter(native.device_set))]
        self._by_sharding[native] = dev
        return dev

    # ------------------------------------------------------------------ sharding
    def make_sharding(self, sharding: Sharding) -> Any:  # pyright: ignore[reportIncompatibleVariableOverride]
        natives = np.vectorize(lambda d: d.native, otypes=[object])(sharding.mesh.devices)
        mesh = jax.sharding.Mesh(natives, sharding.mesh.axis_names)
        return jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec(*sharding.spec))

    def replicated(self, device: Device) -> Any:
        """Where a value goes to meet arrays on ``device`` whole: a sharding's mesh with
        every device holding all of it (a 0-d value has no axis to split, a host result
        no known split), else the device."""
        if not isinstance(device, Sharding) or not device.spec:
            return device.native
        return jax.sharding.NamedSharding(device.native.mesh, jax.sharding.PartitionSpec())

    def placement(self, device: Device, shape: tuple[int, ...], fn: str) -> Any:
        """``device``'s native placement for a value of ``shape``: a 0-d value on a
        sharding's mesh is replicated; ``ValueError`` for a shape the sharding cannot split
        (too few axes, or an axis its pieces do not divide: XLA splits evenly)."""
        if not isinstance(device, Sharding):
            return device.native
        if not shape:
            return self.replicated(device)
        device.check_split(shape, fn)
        return device.native

    def constrain(self, x: Any, sharding: Sharding) -> Any:  # pyright: ignore[reportIncompatibleVariableOverride]
        return jax.lax.with_sharding_constraint(x, self.placement(sharding, tuple(x.shape), "jit"))

    def _sharding_of(self, native: Any) -> Sharding:
        """The ``Sharding`` of a value JAX split over several devices."""
        if not isinstance(native, jax.sharding.NamedSharding):
            # another kind (JAX's own GSPMD or positional shardings): over a mesh of its
            # devices, its spec as JAX names it (the native one is kept for placement)
            devs = sorted(native.device_set, key=lambda d: d.id)
            mesh = Mesh([self._by_native[d] for d in devs], ("devices",))
            return Sharding(mesh, (), native=native)
        grid = np.vectorize(lambda d: self._by_native[d], otypes=[object])(native.mesh.devices)
        spec = tuple(
            tuple(e) if isinstance(e, (tuple, list)) else e for e in native.spec
        )  # PartitionSpec entries: a name, a tuple of names or None
        return Sharding(Mesh(grid, native.mesh.axis_names), spec, native=native)

    # ------------------------------------------------------------------ dtypes
    def _refused_on(self, dev: Device) -> frozenset[np.dtype]:
        """The dtypes ``dev`` cannot hold (probed on first use; a sharding's: its first
        device's, a mesh holds devices of one kind)."""
        if dev is TRACED:
            return frozenset()
        if isinstance(dev, Sharding):
            dev = dev.mesh.devices.flat[0]
        refused = self._refused.get(dev)
        if refused is None:
            refused = self._refused[dev] = self._probe(dev)
        return refused

    def _check_dtype(self, dev: Device, dtype: np.dtype, fn: str) -> None:
        """``TypeError`` if ``dev`` cannot hold ``dtype`` (JAX would narrow or fail)."""
        if dtype in self._refused_on(dev):
            raise TypeError(
                f"{fn}: the JAX device {dev} cannot hold {dtype} values; use a narrower "
                "dtype (e.g. ak.use(default_float='float32', default_int='int32')) or "
                "another device"
            )

    def _probe(self, dev: Device) -> frozenset[np.dtype]:
        refused = set(self._refuse_extra.get(dev.kind, ()))
        if dev.kind == "cpu":  # XLA:CPU holds every dtype arraykit has
            return frozenset(refused)
        for dtype in PROBED:
            try:
                v = jax.device_put(np.zeros((2,), dtype), dev.native)
                ok = v.dtype == dtype and (v + v).dtype == dtype
                jax.block_until_ready(v)
            except Exception:  # any failure means the device cannot hold it
                ok = False
            if not ok:
                refused.add(dtype)
        return frozenset(refused)

    # ------------------------------------------------------------------ placement
    def _place(self, value: Any, dev: Device) -> Any:
        if dev is TRACED:
            return value
        return jax.device_put(value, self.placement(dev, value.shape, "to_device"))

    def _from_host(self, values: Any, like: Any) -> Any:
        """Host (NumPy) results put on ``like``'s device.

        Eagerly, results whose shape depends on the data (boolean indexing, ``nonzero``,
        ``unique_*``, ``repeat`` with an array of counts) are computed by NumPy on the
        host: XLA compiles one program per output shape, so doing them on the device
        costs a compilation (0.1-1 s) on almost every call, while the host round trip
        costs a copy.  NumPy's semantics are the spec's (NaNs distinct...)."""
        return jax.device_put(values, self.replicated(self.device_of(like)))
