"""The JAX driver: arraykit on ``jax.Array`` values (and tracers inside transforms).

Every compute primitive is a ``jax.jit``-compiled function bound once as an instance
attribute, with its non-array arguments static: one call is one C++ dispatch (~5 us,
less than ``jax.numpy``'s own eager ops), and a spec special case that ``jax.numpy``
gets wrong is fixed inside the compiled function at no extra dispatch.  Traced (under
``ak.jit``, ``jax.jit``, ``grad``, ``vmap``), the primitives inline into the caller's
program: arraykit code compiles to what its ``jax.numpy`` twin compiles to.

Decisions (see also DESIGN.md, "Drivers"):

* 64-bit types: creating the driver turns on JAX's process-wide ``jax_enable_x64``
  flag.  JAX's thread-scoped ``jax.enable_x64()`` context would cost ~2.5 us per call,
  more than a primitive's whole budget.  A device that cannot hold a dtype (probed once
  per non-CPU device) raises ``TypeError`` instead of narrowing.
* Values are immutable: ``setitem`` returns ``x.at[key].set(value)``.  Eagerly, core
  bounds-checks integer indices (``to_scalar`` raises on tracers, so under ``jax.jit``
  it cannot): inside ``jit`` JAX clamps out-of-range gathers (``x[i]``, ``take`` and
  ``take_along_axis`` fill instead: NaN, or the integer extreme) and drops out-of-range
  scatters (``x[i] = v``); negative indices wrap as in NumPy.
* Data-dependent shapes (boolean indexing, ``nonzero``, ``unique_*``, ``repeat`` with
  an array of counts) work eagerly, computed by NumPy on the host and put back on the
  device (XLA would compile a program for every new output shape), and raise
  ``TypeError`` on traced input, saying why and what to use instead.
  ``x[mask] = scalar`` works under tracing too (as a ``where``).
* The device of a traced value is unknown until JAX compiles: it is ``TRACED``, which
  equals every JAX device, so core's same-device check passes and placement inside a
  transform is JAX's (``to_device`` of a traced value is a no-op).
* ``Array`` is registered as a pytree when the driver is created, so ``jax.jit``,
  ``jax.vmap`` and ``jax.grad`` accept arraykit arrays, and ``jit``/``vmap`` return
  them.  ``jax.grad`` wants a JAX scalar out of its function: return ``y.native``
  (``ak.grad`` unwraps for you).
* Subnormal results flush to zero (XLA does so on CPU and GPU): ``subnormals=False``.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Mapping
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ... import _dtypes
from ..._array import Array
from ..._devices import Device
from .._base import Capabilities, Driver
from .indexing import (
    ARR,
    ONE_INT,
    ArrayImpl,
    basic_jit,
    basic_spec,
    getitem_jit,
    host_key,
    mask_set_jit,
    one_value_per_mask,
    setitem_jit,
    split_key,
)
from .kernels import (
    ELEMENTWISE,
    HELPERS,
    KERNELS,
    astype,
    kernel_jit,
    linalg_eig,
    linalg_eigvals,
)
from .transforms import JAXTransforms

Tracer = jax.core.Tracer
_CANON = _dtypes._CANONICAL  # the one canonical-dtype table (the transform hooks use it too)
_PROBED = (_dtypes.float64, _dtypes.complex128, _dtypes.int64, _dtypes.uint64)
_SCALAR_CACHE_SIZE = 4096
_DOUBLES = struct.Struct("<dd")
_INT64 = _dtypes.int64


class _JAXDevice(Device):
    """A JAX device; compares by identity first (core compares devices on every
    multi-array call, and each device has one object)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return other is self or (isinstance(other, Device) and other._key == self._key)

    def __ne__(self, other: object) -> bool:
        return other is not self and not (isinstance(other, Device) and other._key == self._key)

    __hash__ = Device.__hash__


class _TracedDevice(_JAXDevice):
    """The device of a traced value: equal to every JAX device (see the module docstring)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and other.driver == self.driver

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = Device.__hash__

    def __str__(self) -> str:
        return "traced"


TRACED = _TracedDevice("jax", "traced", 0)


def traced_error(fn: str, why: str, instead: str) -> TypeError:
    """The error for an operation JAX cannot trace: what, why, and what to use instead."""
    return TypeError(
        f"{fn} cannot run on a traced value (inside jax.jit, jax.vmap or jax.grad): {why}; "
        f"{instead}"
    )


def _concrete(value: Any, fn: str, why: str, instead: str) -> None:
    if isinstance(value, Tracer):
        raise traced_error(fn, why, instead)


# Why each data-dependent operation cannot be traced, and what to use instead.
_UNKNOWN = "its values are not known yet"
_OUTSIDE = "return the array from the transformed function and convert it outside"
_SCALAR_INSTEAD = "use ak.where for data-dependent choices, or convert outside the transform"
_NONZERO = "the number of non-zero elements decides the result's shape"
_NONZERO_INSTEAD = (
    "use ak.where(x != 0, a, b) to keep the shape, or, with a known bound n, "
    "jax.numpy.nonzero(x.native, size=n)"
)
_MASK_INSTEAD = "use ak.where(mask, x, fill) to keep the shape, or index outside the transform"
_MASK_SET_INSTEAD = (
    "assign a scalar, or use ak.where(mask, new_values, x) with new_values shaped like x"
)
_UNIQUE = "the number of distinct values decides the result's shape"
_MASK_WHY = "a boolean mask makes the result's shape depend on the data"
_REPEAT = "an array of counts makes the result's shape depend on the data"


# ---------------------------------------------------------------------- pytree
_PYTREE_REGISTERED = False


def _flatten(a: Array) -> tuple[tuple[Any], tuple[Driver, np.dtype]]:
    return (a._value,), (a._driver, a._dtype)


def _unflatten(aux: tuple[Driver, np.dtype], children: Any) -> Array:
    # JAX unflattens with tracers and with placeholder leaves (object(), None): no
    # validation; a leaf's own (canonical) dtype wins over the recorded one.
    (value,) = children
    drv, dtype = aux
    return Array._new(value, drv, _CANON.get(getattr(value, "dtype", None), dtype))


def _register_pytree() -> None:
    global _PYTREE_REGISTERED
    if not _PYTREE_REGISTERED:
        jax.tree_util.register_pytree_node(Array, _flatten, _unflatten)
        _PYTREE_REGISTERED = True


_copy = kernel_jit(lambda x: jnp.array(x, copy=True))
_scalar_jit = kernel_jit(lambda v, dtype: lax.convert_element_type(v, dtype), static_argnums=1)


# ---------------------------------------------------------------------- the driver
class JAXDriver(Driver):
    """Runs arraykit on JAX: CPU, GPU and TPU devices, with ``jax.jit``/``vmap``/``grad``.

    ``refuse`` maps a platform ("cpu", "gpu", "tpu") to dtypes its devices must refuse,
    on top of what probing finds (for tests: a CPU that cannot hold float64)."""

    name = "jax"
    capabilities = Capabilities(
        bfloat16=_dtypes.bfloat16 is not None,
        autodiff=True,
        jit=True,
        vmap=True,
        mutable=False,
        data_dependent_shapes=True,
        multi_device=True,
        subnormals=False,  # XLA flushes subnormal results to zero
    )
    transforms = JAXTransforms()
    integer_pow = staticmethod(kernel_jit(lax.integer_pow, static_argnums=1))

    def __init__(self, refuse: Mapping[str, Any] | None = None) -> None:
        jax.config.update("jax_enable_x64", True)  # process-wide; see the module docstring
        _register_pytree()
        self._refuse_extra = {k: frozenset(v) for k, v in (refuse or {}).items()}
        self._devices = self._list_devices()
        self._by_native = {d.native: d for d in self._devices}
        self._by_sharding: dict[Any, Device] = {}
        self._refused: dict[Device, frozenset[np.dtype]] = {}
        self._scalars: dict[tuple, Any] = {}
        self.__dict__.update(ELEMENTWISE)
        self.__dict__.update(KERNELS)
        super().__init__()

    # ------------------------------------------------------------------ devices
    @staticmethod
    def _list_devices() -> list[Device]:
        """The default backend's devices first, then the other platforms' (cpu last)."""
        default = jax.default_backend()
        platforms = [default, *(p for p in ("gpu", "tpu", "cpu") if p != default)]
        out = []
        for platform in platforms:
            try:
                natives = jax.devices(platform)
            except (RuntimeError, ValueError):  # no such backend here
                continue
            kind = "gpu" if platform in ("gpu", "cuda", "rocm") else platform
            out += [_JAXDevice("jax", kind, i, native=d) for i, d in enumerate(natives)]
        return out

    def devices(self) -> list[Device]:
        return list(self._devices)

    def default_device(self) -> Device:
        return self._devices[0]

    def device_of(self, x: Any) -> Device:
        try:
            return self._by_sharding[x.sharding]
        except (KeyError, AttributeError):
            return self._device_slow(x)

    def _device_slow(self, x: Any) -> Device:
        if isinstance(x, Tracer):
            return TRACED
        natives = sorted(x.sharding.device_set, key=lambda d: d.id)
        dev = self._by_native[natives[0]]
        if len(natives) == 1:
            self._by_sharding[x.sharding] = dev
        return dev

    def _refused_on(self, dev: Device) -> frozenset[np.dtype]:
        """The dtypes ``dev`` cannot hold (probed on first use)."""
        if dev is TRACED:
            return frozenset()
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
        for dtype in _PROBED:
            try:
                v = jax.device_put(np.zeros((2,), dtype), dev.native)
                ok = v.dtype == dtype and (v + v).dtype == dtype
                jax.block_until_ready(v)
            except Exception:  # any failure means the device cannot hold it
                ok = False
            if not ok:
                refused.add(dtype)
        return frozenset(refused)

    def _place(self, value: Any, dev: Device) -> Any:
        return value if dev is TRACED else jax.device_put(value, dev.native)

    # ------------------------------------------------------------------ runtime
    def dtype_of(self, x: Any) -> np.dtype:
        try:
            return _CANON[x.dtype]
        except KeyError:
            raise TypeError(f"arraykit does not support JAX's {x.dtype} dtype") from None

    def shape_of(self, x: Any) -> tuple[int, ...]:
        return x.shape

    def is_native(self, obj: object) -> bool:
        return isinstance(obj, jax.Array)

    def asarray(self, obj: Any, dtype: np.dtype, device: Device, copy: bool | None) -> Any:
        c = obj.__class__
        if c is float or c is int or c is bool or c is complex:
            return self._scalar(obj, c, dtype, device)
        if device is not TRACED:
            self._check_dtype(device, dtype, "asarray")
        if isinstance(obj, jax.Array):
            if copy is False and obj.dtype != dtype:
                raise ValueError(f"asarray: copy=False, but converting to {dtype} needs a copy")
            out = self.astype(obj, dtype)
            if device is not TRACED and self.device_of(out) != device:
                if copy is False:
                    raise ValueError("asarray: copy=False, but moving to another device copies")
                return self._place(out, device)
            return self.copy(out) if copy and out is obj else out
        if copy is False:
            return self._alias(np.asarray(obj, dtype=dtype), device)
        # copy=None copies too, as jnp.asarray does: a JAX value must not change under its
        # holder's feet.  JAX may alias the host buffer it is given (on CPU), so it gets a
        # private one (device_put(may_alias=False) still aliases a buffer that an earlier
        # copy=False aliased).
        host = np.array(obj, dtype=dtype, copy=True)
        return jnp.asarray(host) if device is TRACED else jax.device_put(host, device.native)

    def _scalar(self, obj: Any, c: type, dtype: np.dtype, device: Device) -> Any:
        """A Python scalar as a 0-d value: the operand of ``x + 1`` and friends.

        Cached (JAX values are immutable), and made by a compiled cast (~5 us) rather
        than a host transfer (~50 us) when it is new."""
        # The bits for values that == cannot tell apart: -0.0 and 0.0, NaNs of either sign.
        exact = c is int or c is bool or (c is float and obj and obj == obj)
        key = (c, obj if exact else _DOUBLES.pack(obj.real, obj.imag), dtype, device)
        out = self._scalars.get(key)
        if out is not None:
            return out
        if device is not TRACED:
            self._check_dtype(device, dtype, "asarray")
        try:
            out = _scalar_jit(obj, dtype)
        except OverflowError:  # a Python int beyond int64 (uint64 values): via NumPy
            out = jnp.asarray(np.asarray(obj, dtype))
        if device is not TRACED and self.device_of(out) != device:
            out = jax.device_put(out, device.native)
        if out.__class__ is ArrayImpl:  # never cache a tracer
            if len(self._scalars) >= _SCALAR_CACHE_SIZE:
                self._scalars.clear()
            self._scalars[key] = out
        return out

    def _alias(self, host: np.ndarray, device: Device) -> Any:
        """``host``'s memory as a JAX value (copy=False), or ``ValueError``."""
        if device is not TRACED and device.kind == "cpu":
            out = jax.device_put(host, device.native, may_alias=True)
            if host.size == 0 or out.unsafe_buffer_pointer() == host.ctypes.data:
                return out
        raise ValueError(
            f"asarray: copy=False, but this host data cannot be shared with the JAX device "
            f"{device} (it must be copied)"
        )

    def to_numpy(self, x: Any) -> np.ndarray:
        _concrete(x, "converting to NumPy", _UNKNOWN, _OUTSIDE)
        return np.asarray(x)

    def to_device(self, x: Any, device: Device) -> Any:
        if device is TRACED or isinstance(x, Tracer):
            return x
        self._check_dtype(device, _CANON[x.dtype], "to_device")
        return jax.device_put(x, device.native)

    def to_scalar(self, x: Any) -> Any:
        _concrete(x, "converting to a Python scalar", _UNKNOWN, _SCALAR_INSTEAD)
        return x.item()

    def astype(self, x: Any, dtype: np.dtype) -> Any:
        if x.dtype == dtype:
            return x
        if x.__class__ is ArrayImpl and dtype in _PROBED:
            self._check_dtype(self.device_of(x), dtype, "astype")
        return astype(x, dtype)

    def copy(self, x: Any) -> Any:
        # A new value even for tracers: core tells copies apart by identity, and an
        # Array sharing its value with another would see the other's __setitem__.
        return _copy(x)

    def dlpack(
        self, x: Any, stream: Any, max_version: Any, dl_device: Any, copy: bool | None
    ) -> Any:
        _concrete(x, "__dlpack__", "its buffer does not exist yet", "export it outside")
        if max_version is not None and tuple(max_version) < (1, 0):
            max_version = None  # a consumer of DLPack 0.x gets the unversioned capsule
        return x.__dlpack__(stream=stream, max_version=max_version, dl_device=dl_device, copy=copy)

    def dlpack_device(self, x: Any) -> tuple[int, int]:
        _concrete(x, "__dlpack_device__", "its buffer does not exist yet", "ask outside")
        return x.__dlpack_device__()

    def from_dlpack(self, obj: Any, device: Device, copy: bool | None) -> Any:
        out = jax.dlpack.from_dlpack(obj, device=device.native, copy=copy)
        self._check_dtype(device, self.dtype_of(out), "from_dlpack")
        return out

    # ------------------------------------------------------------------ indexing
    def _offsets(self, x: Any, ints: Any) -> list[Any]:
        """Python ints as (cached) 0-d values on ``x``'s device: a jitted call converts
        each Python int argument anew (~4 us each), a JAX value it takes as is."""
        dev = self.device_of(x)
        return [self._scalar(i, int, _INT64, dev) if i.__class__ is int else i for i in ints]

    def getitem(self, x: Any, key: tuple) -> Any:
        if len(key) == 1 and key[0].__class__ is int:  # x[i]: the common case, fast
            return basic_jit(x, ONE_INT, self._scalar(key[0], int, _INT64, self.device_of(x)))
        spec, dyn, mask = split_key(key)
        if mask is None:
            if ARR not in spec:
                plan, offsets = basic_spec(x.shape, key)
                return basic_jit(x, plan, *self._offsets(x, offsets))
            return getitem_jit(x, spec, *self._offsets(x, dyn))
        _concrete(mask, "boolean indexing x[mask]", _MASK_WHY, _MASK_INSTEAD)
        if isinstance(x, Tracer):  # a concrete mask on a traced x: JAX can do it
            return x[key]
        return self._from_host(np.asarray(x)[host_key(key)], x)

    def setitem(self, x: Any, key: tuple, value: Any) -> Any:
        spec, dyn, mask = split_key(key)
        if mask is None:
            return setitem_jit(x, value, spec, *self._offsets(x, dyn))
        if one_value_per_mask(key, mask, x, value):  # a where() keeps shapes static
            return mask_set_jit(x, mask, value)
        why = _MASK_WHY + " (value has one entry per True)"
        _concrete(mask, "x[mask] = value", why, _MASK_SET_INSTEAD)
        if isinstance(x, Tracer) or isinstance(value, Tracer):
            return x.at[key].set(value)
        out = np.array(x)  # a writable host copy
        out[host_key(key)] = np.asarray(value)
        return self._from_host(out, x)

    def take(self, x: Any, indices: Any, axis: int) -> Any:
        return HELPERS["take"](x, indices, axis)

    def take_along_axis(self, x: Any, indices: Any, axis: int) -> Any:
        return HELPERS["take_along_axis"](x, indices, axis)

    # ------------------------------------------------------------------ creation
    def arange(self, start: Any, stop: Any, step: Any, dtype: np.dtype, device: Device) -> Any:
        n = max(math.ceil((stop - start) / step), 0)
        if device is not TRACED:
            self._check_dtype(device, dtype, "arange")
        if dtype.kind in "iu":
            args = (_wrapped(start, dtype), _wrapped(step, dtype))
        else:
            work = dtype if _dtypes.float64 in self._refused_on(device) else _dtypes.float64
            args = (np.asarray(start, work), np.asarray(step, work))
        return self._place(HELPERS["arange"](*args, n, dtype), device)

    def full(self, shape: tuple[int, ...], fill_value: Any, dtype: np.dtype, device: Device) -> Any:
        if device is not TRACED:
            self._check_dtype(device, dtype, "full")
        fill = np.asarray(fill_value, dtype=dtype)
        if device is TRACED:
            return jnp.full(shape, fill, dtype)
        return jnp.full(shape, fill, dtype, device=device.native)

    def empty(self, shape: tuple[int, ...], dtype: np.dtype, device: Device) -> Any:
        return self.full(shape, 0, dtype, device)

    def eye(self, n_rows: int, n_cols: int, k: int, dtype: np.dtype, device: Device) -> Any:
        if device is not TRACED:
            self._check_dtype(device, dtype, "eye")
        return self._place(HELPERS["eye"](n_rows, n_cols, k, dtype), device)

    def linspace(
        self, start: Any, stop: Any, num: int, endpoint: bool, dtype: np.dtype, device: Device
    ) -> Any:
        if device is not TRACED:
            self._check_dtype(device, dtype, "linspace")
        wide = _dtypes.complex128 if dtype.kind == "c" else _dtypes.float64
        work = dtype if wide in self._refused_on(device) else wide
        args = (np.asarray(start, work), np.asarray(stop, work))
        return self._place(HELPERS["linspace"](*args, num, endpoint, dtype), device)

    # ------------------------------------------------------------------ manipulation
    def repeat(self, x: Any, repeats: Any, axis: int) -> Any:
        if repeats.__class__ is int:
            return HELPERS["repeat"](x, repeats, axis)
        _concrete(repeats, "repeat", _REPEAT, "pass an int, or repeat outside the transform")
        if isinstance(x, Tracer):  # concrete counts: the total is known
            total = int(np.sum(np.asarray(repeats)))
            return HELPERS["repeat_counts"](x, repeats, axis, total)
        return self._from_host(np.repeat(np.asarray(x), np.asarray(repeats), axis), x)

    # ------------------------------------------------------------------ data-dependent
    # Eagerly, results whose shape depends on the data are computed by NumPy on the host
    # and put back on x's device: XLA compiles one program per output shape, so doing
    # them on the device costs a compilation (0.1-1 s) on almost every call, while the
    # host round trip costs a copy.  NumPy's semantics are the spec's (NaNs distinct...).
    def _from_host(self, values: Any, like: Any) -> Any:
        return jax.device_put(values, self.device_of(like).native)

    def nonzero(self, x: Any) -> tuple[Any, ...]:
        _concrete(x, "nonzero", _NONZERO, _NONZERO_INSTEAD)
        return self._from_host(np.nonzero(np.asarray(x)), x)

    def _unique(self, x: Any, fn: str) -> np.ndarray:
        instead = f"compute it outside, or with a known bound n: jax.numpy.{fn}(x.native, size=n)"
        _concrete(x, fn, _UNIQUE, instead)
        return np.asarray(x)

    def unique_all(self, x: Any) -> tuple[Any, ...]:
        r = np.unique_all(self._unique(x, "unique_all"))
        inverse = r.inverse_indices.reshape(x.shape)
        return self._from_host((r.values, r.indices, inverse, r.counts), x)

    def unique_counts(self, x: Any) -> tuple[Any, Any]:
        r = np.unique_counts(self._unique(x, "unique_counts"))
        return self._from_host((r.values, r.counts), x)

    def unique_inverse(self, x: Any) -> tuple[Any, Any]:
        r = np.unique_inverse(self._unique(x, "unique_inverse"))
        return self._from_host((r.values, r.inverse_indices.reshape(x.shape)), x)

    def unique_values(self, x: Any) -> Any:
        return self._from_host(np.unique_values(self._unique(x, "unique_values")), x)

    # ------------------------------------------------------------------ linalg
    def eig(self, x: Any) -> tuple[Any, Any]:
        return _cpu_only(linalg_eig, x, "eig", self)

    def eigvals(self, x: Any) -> Any:
        return _cpu_only(linalg_eigvals, x, "eigvals", self)


def _wrapped(v: int, dtype: np.dtype) -> np.ndarray:
    """The Python int ``v`` as a ``dtype`` scalar, wrapped modulo 2**bits."""
    bits = dtype.itemsize * 8
    v %= 2**bits
    if dtype.kind == "i" and v >= 2 ** (bits - 1):
        v -= 2**bits
    return np.asarray(v, dtype)


def _cpu_only(kernel: Callable[[Any], Any], x: Any, fn: str, drv: JAXDriver) -> Any:
    """``kernel(x)``; where JAX cannot run it (off the CPU), an error that says so."""
    try:
        return kernel(x)
    except Exception as e:
        dev = drv.device_of(x)
        if dev.kind not in ("gpu", "tpu"):
            raise
        raise NotImplementedError(
            f"linalg.{fn}: JAX computes non-symmetric eigen-decompositions on the CPU only, "
            f"and x is on {dev}; move it with x.to_device('cpu') (and the result back), or "
            "use linalg.eigh for symmetric/Hermitian matrices"
        ) from e
