"""The JAX driver's creation primitives (core's ``_creation.py``): ``asarray`` with its
cache of Python scalars, ``copy``, ``arange``, ``full``, ``empty``, ``eye``, ``linspace``,
``tril`` and ``triu``.

Every primitive that takes a device checks first that the device can hold the dtype
(``TypeError`` rather than JAX's silent narrowing) and places its result there
(``TRACED``: wherever JAX puts it); ``arange`` and ``linspace`` compute in the widest
dtype the device holds, then cast.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ... import _dtypes
from ..._devices import Device
from .._base import Part
from .casts import convert
from .devices import TRACED
from .kernels import KernelTable, compile_table, kernel_jit
from .tracing import ArrayImpl

_SCALAR_CACHE_SIZE = 4096
_DOUBLES = struct.Struct("<dd")


def _arange(start: Any, step: Any, n: int, dtype: np.dtype) -> Any:
    if jnp.issubdtype(dtype, jnp.integer):
        # Wrapping arithmetic in the target dtype is exact for every value in range.
        i = lax.convert_element_type(lax.iota(np.int64, n), dtype)
        return start + i * step
    return convert(start + step * lax.iota(start.dtype, n), dtype)


def _eye(n_rows: int, n_cols: int, k: int, dtype: np.dtype) -> Any:
    return jnp.eye(n_rows, n_cols, k, dtype=dtype)


def _linspace_head(num: int, factor: Any, div: Any) -> Any:
    """NumPy's ``linspace`` up to the sum (numpy/_core/function_base.py): ``i * step``, or
    ``i / div * delta`` where ``step`` is 0.  The scalars come from the host as values, not
    constants (XLA would turn ``/ div`` into ``* (1 / div)``), and the sum is a kernel of its
    own (XLA would fuse it with the product into one multiply-add, rounding once where
    NumPy rounds twice)."""
    y = lax.convert_element_type(lax.iota(np.int64, num), factor.dtype)
    return y * factor if div is None else y / div * factor


def _linspace_tail(y: Any, start: Any, stop: Any, endpoint: bool, dtype: np.dtype) -> Any:
    y = y + start
    if endpoint and y.shape[0] > 1:
        y = y.at[-1].set(stop)
    return convert(y, dtype)


def _wrapped(v: int, dtype: np.dtype) -> np.ndarray:
    """The Python int ``v`` as a ``dtype`` scalar, wrapped modulo 2**bits."""
    bits = dtype.itemsize * 8
    v %= 2**bits
    if dtype.kind == "i" and v >= 2 ** (bits - 1):
        v -= 2**bits
    return np.asarray(v, dtype)


_TABLE: KernelTable = {
    "tril": (lambda x, k: jnp.tril(x, k), (1,)),
    "triu": (lambda x, k: jnp.triu(x, k), (1,)),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""``tril`` and ``triu``, compiled (``JAXDriver`` binds them as they are)."""

# Kernels of the methods below.
_arange_jit = kernel_jit(_arange, static_argnums=(2, 3))
_eye_jit = kernel_jit(_eye, static_argnums=(0, 1, 2, 3))
_linspace_head_jit = kernel_jit(_linspace_head, static_argnums=0)
_linspace_tail_jit = kernel_jit(_linspace_tail, static_argnums=(3, 4))
_copy = kernel_jit(lambda x: jnp.array(x, copy=True))
_scalar_jit = kernel_jit(lambda v, dtype: convert(jnp.asarray(v), dtype), static_argnums=1)


class Creation(Part):
    """``asarray`` (with the scalar cache ``_scalar``, which indexing uses too), ``copy``
    and the creation functions that take a device.

    State (set by ``JAXDriver.__init__``): ``_scalars``, the cache of Python scalars as
    0-d values."""

    _scalars: dict[tuple[Any, ...], Any]
    # From JAXDriver's other parts (devices.py, elementwise.py).
    device_of: Callable[[Any], Device]
    _check_dtype: Callable[[Device, np.dtype, str], None]
    _refused_on: Callable[[Device], frozenset[np.dtype]]
    _place: Callable[[Any, Device], Any]
    replicated: Callable[[Device], Any]
    placement: Callable[[Device, tuple[int, ...], str], Any]
    astype: Callable[[Any, np.dtype], Any]

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
        if device is TRACED:
            return jnp.asarray(host)
        return jax.device_put(host, self.placement(device, host.shape, "asarray"))

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
            out = jax.device_put(out, self.replicated(device))
        if out.__class__ is ArrayImpl:  # never cache a tracer
            if len(self._scalars) >= _SCALAR_CACHE_SIZE:
                self._scalars.clear()
            self._scalars[key] = out
        return out

    def _alias(self, host: np.ndarray, device: Device) -> Any:
        """``host``'s memory as a JAX value (copy=False), or ``ValueError``."""
        if device is not TRACED and device.kind == "cpu":
            at = self.placement(device, host.shape, "asarray")
            out = jax.device_put(host, at, may_alias=True)
            if host.size == 0 or out.unsafe_buffer_pointer() == host.ctypes.data:
                return out
        raise ValueError(
            f"asarray: copy=False, but this host data cannot be shared with the JAX device "
            f"{device} (it must be copied)"
        )

    def copy(self, x: Any) -> Any:
        # A new value even for tracers: core tells copies apart by identity, and an
        # Array sharing its value with another would see the other's __setitem__.
        return _copy(x)

    # ------------------------------------------------------------------ with a device
    def arange(self, start: Any, stop: Any, step: Any, dtype: np.dtype, device: Device) -> Any:
        n = max(math.ceil((stop - start) / step), 0)
        if device is not TRACED:
            self._check_dtype(device, dtype, "arange")
        if dtype.kind in "iu":
            args = (_wrapped(start, dtype), _wrapped(step, dtype))
        else:
            work = dtype if _dtypes.float64 in self._refused_on(device) else _dtypes.float64
            args = (np.asarray(start, work), np.asarray(step, work))
        return self._place(_arange_jit(*args, n, dtype), device)

    def full(self, shape: tuple[int, ...], fill_value: Any, dtype: np.dtype, device: Device) -> Any:
        if device is not TRACED:
            self._check_dtype(device, dtype, "full")
        fill = np.asarray(fill_value, dtype=dtype)
        if device is TRACED:
            return jnp.full(shape, fill, dtype)
        return jnp.full(shape, fill, dtype, device=self.placement(device, shape, "full"))

    def empty(self, shape: tuple[int, ...], dtype: np.dtype, device: Device) -> Any:
        return self.full(shape, 0, dtype, device)

    def eye(self, n_rows: int, n_cols: int, k: int, dtype: np.dtype, device: Device) -> Any:
        if device is not TRACED:
            self._check_dtype(device, dtype, "eye")
        return self._place(_eye_jit(n_rows, n_cols, k, dtype), device)

    def linspace(
        self, start: Any, stop: Any, num: int, endpoint: bool, dtype: np.dtype, device: Device
    ) -> Any:
        if device is not TRACED:
            self._check_dtype(device, dtype, "linspace")
        wide = _dtypes.complex128 if dtype.kind == "c" else _dtypes.float64
        work = dtype if wide in self._refused_on(device) else wide
        start, stop = np.asarray(start, work), np.asarray(stop, work)
        div = (num - 1) if endpoint else num
        with np.errstate(all="ignore"):
            delta = stop - start
            step = delta / div if div > 0 else None
        if step is None:  # one point: NumPy's y * delta (its step is NaN)
            y = _linspace_head_jit(num, delta, None)
        elif step == 0:
            y = _linspace_head_jit(num, delta, np.asarray(div, work))
        else:
            y = _linspace_head_jit(num, step, None)
        return self._place(_linspace_tail_jit(y, start, stop, endpoint, dtype), device)
