"""The JAX driver's indexing (core's ``_indexing.py``): keys split into a static plan and
dynamic values.

A key's structure (which items are ints, slices, ``None``, ``...``, arrays) is static
to ``jax.jit``; the values that vary from call to call are not, wherever XLA allows:
``x[i]``, ``x[i:i + k]`` and ``x[idx]`` compile once for every ``i`` and every ``idx``
of one shape.  Boolean masks are data-dependent: eagerly, NumPy applies them on the host
(``Devices._from_host``); a traced mask works only in ``x[mask] = scalar`` (as a
``where``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ... import _dtypes
from ..._devices import Device
from .._base import Part
from .kernels import kernel_jit
from .tracing import ArrayImpl, Tracer, concrete

_INT64 = _dtypes.int64

INT, ARR = "int", "array"  # markers in a static key spec: a dynamic int / index array
ONE_INT = ("i",)  # the basic_spec of x[i]


def rebuild(spec: tuple[Any, ...], dyn: tuple[Any, ...]) -> tuple[Any, ...]:
    it = iter(dyn)
    out = []
    for s in spec:
        if s in (INT, ARR):
            out.append(next(it))
        elif s.__class__ is tuple:
            out.append(s[1] if s[0] == "i" else slice(*s[1:]))
        else:
            out.append(s)
    return tuple(out)


def getitem_kernel(x: Any, spec: tuple[Any, ...], *dyn: Any) -> Any:
    return x[rebuild(spec, dyn)]


def basic_spec(shape: tuple[Any, ...], key: tuple[Any, ...]) -> tuple[tuple[Any, ...], list[int]]:
    """A basic key (ints, slices, None, ...) as a static plan and dynamic offsets.

    The plan holds, per key item, "i" (an int), ("s", count, step) (a slice) or "n"
    (None); the offsets are where each int or slice starts.  So ``x[i]`` and
    ``x[i:i + k]`` compile once for every ``i``."""
    consumed = sum(1 for k in key if k is not None and k is not Ellipsis)
    spec: list[Any] = []
    offsets: list[int] = []
    d = 0
    for k in key:
        if k is None:
            spec.append("n")
            continue
        if k is Ellipsis:
            for _ in range(len(shape) - consumed):
                spec.append(("s", shape[d], 1))
                offsets.append(0)
                d += 1
            continue
        if k.__class__ is int:  # non-negative: core normalised it
            spec.append("i")
            offsets.append(k)
        else:
            start, stop, step = k.indices(shape[d])
            count = len(range(start, stop, step))
            low = start + (count - 1) * step if step < 0 else start
            spec.append(("s", count, step if count > 1 else 1))
            offsets.append(low if count else 0)
        d += 1
    return tuple(spec), offsets


def basic_kernel(x: Any, spec: tuple[Any, ...], *offsets: Any) -> Any:
    """``x[key]`` for a basic key planned by ``basic_spec``: one dynamic slice, then
    static strides, reversals and a reshape."""
    starts: list[Any] = []
    sizes: list[int] = []
    strides: list[int] = []
    flips: list[int] = []
    shape: list[int] = []
    it = iter(offsets)
    for s in spec:
        if s == "n":
            shape.append(1)
            continue
        starts.append(next(it))
        if s == "i":
            sizes.append(1)
            strides.append(1)
        else:
            _, count, step = s
            sizes.append((count - 1) * abs(step) + 1 if count else 0)
            strides.append(abs(step))
            if step < 0:
                flips.append(len(starts) - 1)
            shape.append(count)
    for n in x.shape[len(starts) :]:
        starts.append(0)
        sizes.append(n)
        strides.append(1)
        shape.append(n)
    y = lax.dynamic_slice(x, starts, sizes) if starts else x
    if any(st != 1 for st in strides):
        y = lax.slice(y, (0,) * y.ndim, y.shape, strides)
    if flips:
        y = lax.rev(y, flips)
    return y.reshape(shape)


def setitem_kernel(x: Any, value: Any, spec: tuple[Any, ...], *dyn: Any) -> Any:
    return x.at[rebuild(spec, dyn)].set(value)


def mask_set_kernel(x: Any, mask: Any, value: Any) -> Any:
    m = lax.expand_dims(mask, tuple(range(mask.ndim, x.ndim)))
    return jnp.where(m, value, x)


getitem_jit = kernel_jit(getitem_kernel, static_argnums=1)
basic_jit = kernel_jit(basic_kernel, static_argnums=1)
setitem_jit = kernel_jit(setitem_kernel, static_argnums=2)
mask_set_jit = kernel_jit(mask_set_kernel)


def split_key(key: tuple[Any, ...]) -> tuple[tuple[Any, ...], list[Any], Any]:
    """(static spec, dynamic values, the boolean mask or None) of a normalised key.

    Ints are dynamic (one compilation serves every index) unless the key holds index
    arrays, where NumPy's rules for mixing ints with arrays need them static."""
    mask = None
    has_array = False
    for k in key:
        if isinstance(k, (ArrayImpl, Tracer)):
            if k.dtype == np.bool_:
                mask = k
            has_array = True
    spec: list[Any] = []
    dyn: list[Any] = []
    for k in key:
        c = k.__class__
        if c is int:
            if has_array:
                spec.append(("i", k))
            else:
                spec.append(INT)
                dyn.append(k)
        elif c is slice:
            spec.append(("s", k.start, k.stop, k.step))
        elif k is None or k is Ellipsis:
            spec.append(k)
        else:
            spec.append(ARR)
            dyn.append(k)
    return tuple(spec), dyn, mask


def one_value_per_mask(key: tuple[Any, ...], mask: Any, x: Any, value: Any) -> bool:
    """Whether ``x[key] = value`` (key: a mask, then only ``...``) sets every selected
    element to the same value: ``value`` broadcasts to ``(1, *x.shape[mask.ndim:])``."""
    if key[0] is not mask or any(k is not Ellipsis for k in key[1:]):
        return False
    rest = x.shape[mask.ndim :]
    target = (1, *rest) if mask.ndim else rest
    vshape = value.shape
    if len(vshape) > len(target):
        return False
    return all(a in (1, b) for a, b in zip(vshape[::-1], target[::-1], strict=False))


def host_key(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """``key`` with its JAX arrays as NumPy arrays."""
    return tuple(np.asarray(k) if isinstance(k, jax.Array) else k for k in key)


_take = kernel_jit(lambda x, i, axis: jnp.take(x, i, axis=axis), static_argnums=(2,))
_take_along_axis = kernel_jit(
    lambda x, i, axis: jnp.take_along_axis(x, i, axis=axis), static_argnums=(2,)
)

# Why boolean indexing cannot be traced, and what to use instead.
_MASK_WHY = "a boolean mask makes the result's shape depend on the data"
_MASK_INSTEAD = "use ak.where(mask, x, fill) to keep the shape, or index outside the transform"
_MASK_SET_INSTEAD = (
    "assign a scalar, or use ak.where(mask, new_values, x) with new_values shaped like x"
)


class Indexing(Part):
    """``getitem``, ``setitem`` (a functional update: JAX values are immutable), ``take``
    and ``take_along_axis``.

    Eagerly, core bounds-checks integer indices (``to_scalar`` raises on tracers, so under
    ``jax.jit`` it cannot): inside ``jit`` JAX clamps out-of-range gathers (``x[i]``;
    ``take`` and ``take_along_axis`` fill instead: NaN, or the integer extreme) and drops
    out-of-range scatters (``x[i] = v``) unless the function is compiled or mapped with
    ``checked=True`` (core's checks, ``transforms.py``); negative indices wrap as in
    NumPy."""

    # From JAXDriver's other parts (devices.py, creation.py).
    device_of: Callable[[Any], Device]
    _from_host: Callable[[Any, Any], Any]
    _scalar: Callable[[Any, type, np.dtype, Device], Any]

    def _offsets(self, x: Any, ints: Any) -> list[Any]:
        """Python ints as (cached) 0-d values on ``x``'s device: a jitted call converts
        each Python int argument anew (~4 us each), a JAX value it takes as is."""
        dev = self.device_of(x)
        return [self._scalar(i, int, _INT64, dev) if i.__class__ is int else i for i in ints]

    def getitem(self, x: Any, key: tuple[Any, ...]) -> Any:
        if len(key) == 1 and key[0].__class__ is int:  # x[i]: the common case, fast
            return basic_jit(x, ONE_INT, self._scalar(key[0], int, _INT64, self.device_of(x)))
        spec, dyn, mask = split_key(key)
        if mask is None:
            if ARR not in spec:
                plan, offsets = basic_spec(x.shape, key)
                return basic_jit(x, plan, *self._offsets(x, offsets))
            return getitem_jit(x, spec, *self._offsets(x, dyn))
        concrete(mask, "boolean indexing x[mask]", _MASK_WHY, _MASK_INSTEAD)
        if isinstance(x, Tracer):  # a concrete mask on a traced x: JAX can do it
            return x[key]
        return self._from_host(np.asarray(x)[host_key(key)], x)

    def setitem(self, x: Any, key: tuple[Any, ...], value: Any) -> Any:
        spec, dyn, mask = split_key(key)
        if mask is None:
            return setitem_jit(x, value, spec, *self._offsets(x, dyn))
        if one_value_per_mask(key, mask, x, value):  # a where() keeps shapes static
            return mask_set_jit(x, mask, value)
        why = _MASK_WHY + " (value has one entry per True)"
        concrete(mask, "x[mask] = value", why, _MASK_SET_INSTEAD)
        if isinstance(x, Tracer) or isinstance(value, Tracer):
            return x.at[key].set(value)
        out = np.array(x)  # a writable host copy
        out[host_key(key)] = np.asarray(value)
        return self._from_host(out, x)

    def take(self, x: Any, indices: Any, axis: int) -> Any:
        return _take(x, indices, axis)

    def take_along_axis(self, x: Any, indices: Any, axis: int) -> Any:
        return _take_along_axis(x, indices, axis)
