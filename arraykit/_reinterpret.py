"""``x.view(dtype)``: the bytes of an array read as another dtype, NumPy's view.

NumPy's rule for the shape: the same itemsize keeps it; another itemsize scales the last
axis (``float64`` of shape ``(3, 2)`` viewed as ``float32`` is ``(3, 4)``, as
``complex128`` is ``(3, 1)``), which must then be contiguous in memory and, for a larger
itemsize, hold a whole number of the new elements; a 0-D array keeps its itemsize.  Core
checks the rule on the array's NumPy layout (``_views.layout_of``) so that every driver
refuses where NumPy does, with NumPy's messages.

The bytes are the driver's ``bitcast`` (``drivers/_base.py``); where a backend cannot
reinterpret a pair, core composes it exactly: complex as its real and imaginary parts
side by side (NumPy's memory order), bool as uint8 (a byte other than 0 or 1 reads as
``True``, as any nonzero byte does in NumPy's logic).  The result is a view on every
driver (``_aliasing.RULES``): writes go both ways.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from . import _dtypes as dt
from ._array import Array
from ._views import Layout, identity_view, layout_of, whole_view


def view(x: Array, dtype: Any) -> Array:
    """``x``'s bytes as ``dtype`` (already canonical): a view of ``x``."""
    old = x._dtype
    drv = x._driver
    if dtype == old:
        if drv.capabilities.mutable and drv.bitcast is not None:  # the backend's own view
            return Array._new(drv.bitcast(x._value, dtype), drv, dtype)
        return identity_view(x)
    a, b = old.itemsize, dtype.itemsize
    shape = tuple(x.shape)
    if a != b:
        _check(x, a, b)
    value = _bytes_as(drv, x._value, old, dtype)
    out = Array._new(value, drv, dtype)
    if a == b:
        layout = _same_size(b)
    else:
        new_shape = cast("tuple[int, ...]", tuple(out.shape))  # _check: a known last axis
        layout = _last_axis(new_shape, b)
    return whole_view(
        x,
        out,
        lambda d, v: _bytes_as(d, v, old, dtype),
        lambda d, v, base: _reshaped(d, _bytes_as(d, v, dtype, old), shape),
        layout,
    )


def _check(x: Array, a: int, b: int) -> None:
    """NumPy's refusals of a change of itemsize (``array_descr_set``)."""
    if x.ndim == 0:
        raise ValueError(
            "x.view: changing the dtype of a 0d array is only supported if the itemsize is "
            "unchanged"
        )
    n = x.shape[-1]
    layout = layout_of(x)
    if layout is not None and n != 1 and 0 not in layout.shape and layout.strides[-1] != a:
        raise ValueError(
            "x.view: to change to a dtype of a different size, the last axis must be contiguous"
        )
    if n is not None and (n * a) % b:
        raise ValueError(
            "x.view: when changing to a larger dtype, its size must be a divisor of the total "
            "size in bytes of the last axis of the array"
        )


def _same_size(itemsize: int) -> Any:
    def layout(base: Layout) -> Layout:
        return Layout(base.shape, base.strides, itemsize)

    return layout


def _last_axis(shape: tuple[int, ...], itemsize: int) -> Any:
    def layout(base: Layout) -> Layout:
        return Layout(shape, (*base.strides[:-1], itemsize), itemsize)

    return layout


def _reshaped(drv: Any, value: Any, shape: tuple[Any, ...]) -> Any:
    return value if tuple(drv.shape_of(value)) == shape else drv.reshape(value, shape, None)


def _bytes_as(drv: Any, v: Any, old: np.dtype, new: np.dtype) -> Any:
    """The native ``v`` of dtype ``old`` read as ``new``, NumPy's last-axis rule."""
    if old == new:
        return v
    shape = tuple(drv.shape_of(v))
    if not shape:  # 0-D (the same itemsize): through 1-D, whose last axis may scale
        return drv.reshape(_bytes_as(drv, drv.reshape(v, (1,), None), old, new), (), None)
    out = _native(drv, v, old, new)
    if out is not None:
        return out
    if old.kind == "c":  # (re, im) pairs side by side, then as ``new``
        part = dt.REAL_OF[old]
        last = (len(shape),)
        pairs = drv.concat([drv.expand_dims(drv.real(v), last),
                            drv.expand_dims(drv.imag(v), last)], len(shape))  # fmt: skip
        flat = drv.reshape(pairs, (*shape[:-1], 2 * shape[-1]), None)
        return _bytes_as(drv, flat, part, new)
    if new.kind == "c":
        part = dt.REAL_OF[new]
        flat = _bytes_as(drv, v, old, part)
        shape = tuple(drv.shape_of(flat))
        pairs = drv.reshape(flat, (*shape[:-1], shape[-1] // 2, 2), None)
        return drv.complex(drv.getitem(pairs, (Ellipsis, 0)), drv.getitem(pairs, (Ellipsis, 1)))
    if old.kind == "b":
        return _bytes_as(drv, drv.astype(v, dt.uint8), dt.uint8, new)
    if new.kind == "b":
        u = _bytes_as(drv, v, old, dt.uint8)
        return drv.not_equal(u, drv.asarray(0, dt.uint8, drv.device_of(u), None))
    raise TypeError(
        f"x.view: the {drv.name!r} driver cannot reinterpret {old} as {new} (it has no "
        "bitcast); ak.astype converts the values instead"
    )


def _native(drv: Any, v: Any, old: np.dtype, new: np.dtype) -> Any:
    """The driver's ``bitcast`` with NumPy's last-axis rule, or ``None``."""
    cast = drv.bitcast
    if cast is None:
        return None
    a, b = old.itemsize, new.itemsize
    if a == b:
        return cast(v, new)
    shape = tuple(drv.shape_of(v))
    if a > b:
        out = cast(v, new)
        if out is None:
            return None
        return drv.reshape(out, (*shape[:-1], shape[-1] * (a // b)), None)
    r = b // a
    grouped = drv.reshape(v, (*shape[:-1], shape[-1] // r, r), None)
    return cast(grouped, new)
