"""Indexing: ``x[key]``, ``x[key] = value``, ``take`` and ``take_along_axis``.

Core normalises every key once — ints, slices, ``None``, one ``Ellipsis``, integer and
boolean arrays, Python bools — checks integer indices against the shape (``IndexError``
on every driver: TF's GPU gather would return zeros, JAX would clamp) and hands drivers
a tuple of plain Python objects and native arrays with non-negative integer indices.  A
Python bool (``np.bool_`` too) is NumPy's: an advanced index on a new axis of length 1
(``[0]`` for True, ``[]`` for False), which core writes as such on the array with that
axis inserted (``_Widened``), so drivers never see one.  What ``x[key] = value`` takes as
``value`` is decided in ``_indexing_values``.

Spec: https://data-apis.org/array-api/2025.12/API_specification/indexing.html
"""

from __future__ import annotations

import operator
from typing import Any, cast, final

import numpy as np

from . import _config, _promotion
from . import _dtypes as dt
from ._array import Array
from ._core import (
    bounded_index,
    broadcast_shapes,
    check_array,
    new,
    normalize_axis,
    refuse_under_vmap,
    same_driver,
)
from ._creation import asarray
from ._indexing_values import fit_value, indexed_shape
from ._views import NO_LOCK, WRITE_LOCK, assign, check_writable, is_view_key, link, same_view

# NumPy dtype kind of Python data -> the Python scalar kind it stands for.
_DATA_KIND = {"b": "b", "i": "i", "u": "i", "f": "f", "c": "c"}


def getitem(x: Array, key: Any) -> Array:
    """``x[key]``: basic, boolean and integer-array indexing on every driver.

    An integer index out of bounds raises ``IndexError`` on every driver and device,
    where JAX would clamp it and TF on a GPU would give zeros.  A Python bool adds an axis
    of length 1 (True) or 0 (False), as in NumPy, on every driver and inside ``ak.jit``.

    Examples
    --------
    >>> x = ak.asarray([[1, 2, 3], [4, 5, 6]])
    >>> x[1, ::2]
    Array([4, 6], dtype=int64)
    >>> x[0, True]
    Array([[1, 2, 3]], dtype=int64)
    >>> x[:, ak.asarray([2, 0])]
    Array([[3, 1],
           [6, 4]], dtype=int64)
    >>> x[2]
    Traceback (most recent call last):
        ...
    IndexError: __getitem__: index 2 is out of bounds for axis 0 with size 2
    """
    drv = x._driver
    if key.__class__ is int:  # fast path: x[i]
        shape = drv.shape_of(x._value)
        if not shape:
            raise IndexError(
                "__getitem__: too many indices: a 0-D array takes (), ... or None as its index"
            )
        n = shape[0]
        if n is not None and not -n <= key < n:
            raise IndexError(f"__getitem__: index {key} is out of bounds for axis 0 with size {n}")
        key = ((key % n) if n else key,)
        out = new(drv.getitem(x._value, key), drv, x._dtype)
        if len(shape) > 1 and not drv.capabilities.mutable:  # a view, as in NumPy
            return link(x, out, key)
        return out
    nkey = _normalize_key(x, key, "__getitem__")
    if type(nkey) is _Widened:  # Python bools: advanced indexing, a copy as in NumPy
        return new(drv.getitem(nkey.value, nkey.key), drv, x._dtype)
    out = new(drv.getitem(x._value, nkey), drv, x._dtype)
    if not drv.capabilities.mutable and is_view_key(nkey, x.ndim):
        return link(x, out, nkey)
    return out


def setitem(x: Array, key: Any, value: Any) -> None:
    """``x[key] = value``: in place on mutable drivers, a functional update on the others;
    the Array keeps its identity, and is unchanged when anything fails.

    Views behave as in NumPy on every driver: a write to a view (``v = x[1:4]``) reaches
    ``x``, and a write to ``x`` reaches ``v`` (on TF and JAX, by writing back through the
    base's functional update: see ``_views``).

    ``value`` must promote to ``x``'s dtype under the active promotion mode (the 2025.12
    rule; Python scalars and lists of them count as weak, like scalars; outside
    ``promotion="strict"`` arrays also narrow within a kind, as NumPy's ``same_kind``
    casting and the in-place operators do) and broadcast to
    ``x[key]``'s shape; else ``TypeError``/``ValueError``.  Besides arrays and Python
    scalars, arraykit takes nested lists and anything ``ak.asarray`` takes.  As in NumPy,
    an array's leading axes of length 1 beyond ``x[key]``'s are dropped
    (``x[1:3] = ak.asarray([[1.0, 2.0]])``), but a nested list deeper than a basic
    index's result is refused (``x[1:3] = [[1.0, 2.0]]``), and so is any value of
    one or more dimensions for a single element (an int for every axis).

    Examples
    --------
    >>> x = ak.asarray([1.0, 2.0, 3.0])
    >>> x[0] = 5.0
    >>> v = x[1:]
    >>> v[0] = -1.0                 # a write to a view reaches x, on every driver
    >>> x
    Array([ 5., -1.,  3.], dtype=float64)
    >>> x[1:3] = ak.asarray([[7.0, 8.0]])  # the leading length-1 axis is dropped
    >>> x
    Array([5., 7., 8.], dtype=float64)
    """
    drv = x._driver
    # NumPy refuses a read-only x first, whatever the key and value: core's marks, and a
    # mutable driver's own read-only NumPy arrays (broadcast_to's)
    if getattr(x, "_view", None) is not None:
        check_writable(x)
    elif x._value.__class__ is np.ndarray and not x._value.flags.writeable:
        raise ValueError("assignment destination is read-only")
    nkey = _normalize_key(x, key, "__setitem__")
    if type(nkey) is _Widened:
        wide, nkey = nkey, ()  # the key written is wide's (below)
    else:
        wide = None
    dtype = x._dtype
    listed = False
    if value.__class__ is Array:
        if wide is None and not drv.capabilities.mutable and same_view(x, nkey, value):
            return  # x[k] += 1: the in-place operator already wrote through the view x[k]
        native = _array_value(x, value)
    else:
        kind = _promotion.scalar_kind(value)
        if kind is not None:
            _check_weak(kind, dtype, value)
            if kind == "i" and dtype.kind in "iu":
                info = dt.iinfo(dtype)
                if not info.min <= value <= info.max:
                    raise OverflowError(f"__setitem__: {value} is out of bounds for {dtype}")
            native = drv.asarray(value, dtype, drv.device_of(x._value), None)
        elif isinstance(value, (list, tuple)):
            data_kind = _DATA_KIND.get(_host(value).dtype.kind)
            if data_kind is None:
                raise TypeError(f"__setitem__: cannot assign {value!r} to a {dtype} array")
            _check_weak(data_kind, dtype, value)
            native = _as_array(x, value, dtype)._value
            listed = True
        else:
            native = _array_value(x, _as_array(x, value, None))
    if wide is not None:
        shape = drv.shape_of(wide.value)
        native = fit_value(drv, shape, wide.key, native, listed, wide.mask)
        if wide.empty:
            indexed_shape(drv, shape, wide.key)  # IndexError if the index arrays clash
            # A False selects nothing: the value had only to fit (x is writable: above)
            if drv.capabilities.mutable:
                _set_widened(x, wide, native)  # writes nothing; a read-only array refuses
            return
        if wide.alt is None:
            _set_widened(x, wide, native)
            return
        if drv.shape_of(native):  # x[alt] holds the same elements in the same order
            target = indexed_shape(drv, shape, wide.key)[0]
            alt_target = indexed_shape(drv, drv.shape_of(x._value), wide.alt)[0]
            if None in target or None in alt_target:
                raise ValueError(
                    f"__setitem__: a key with a Python bool needs every size of x, but "
                    f"shape {tuple(shape)} has unknown sizes (None: from a boolean index, "
                    "nonzero or unique_*): call ak.compute(x) first"
                )
            sizes = cast("tuple[int, ...]", target)  # known: checked above
            alt_sizes = cast("tuple[int, ...]", alt_target)
            native = drv.reshape(drv.broadcast_to(native, sizes), alt_sizes, None)
        nkey = wide.alt
    else:
        native = fit_value(drv, drv.shape_of(x._value), nkey, native, listed, False)
    with NO_LOCK if drv.capabilities.mutable else WRITE_LOCK:  # read and update, atomically
        try:
            result = drv.setitem(x._value, nkey, native)
        except Exception as e:
            _diagnose_setitem(x, nkey, native, e)
            raise
        assign(x, result)


def _set_widened(x: Array, wide: _Widened, native: Any) -> None:
    """``x[key] = value`` for a key with Python bools and index arrays: written into ``x``
    with the bools' axes inserted, by the bools' index arrays, then those axes dropped."""
    drv = x._driver
    mutable = drv.capabilities.mutable
    with NO_LOCK if mutable else WRITE_LOCK:
        wider = drv.getitem(x._value, wide.expand)  # on NumPy a view of x: written in place
        try:
            result = drv.setitem(wider, wide.key, native)
        except Exception as e:
            _diagnose_setitem(new(wider, drv, x._dtype), wide.key, native, e)
            raise
        assign(x, x._value if mutable and result is wider else drv.getitem(result, wide.back))


def _check_weak(kind: str, dtype: np.dtype, value: Any) -> None:
    """TypeError unless Python data of ``kind`` promotes to ``dtype`` in the active mode."""
    cfg = _config.get()
    try:
        out = _promotion.promote_scalar(
            cfg.promotion, dtype, kind, cfg.default_int, cfg.default_float, "__setitem__"
        )
    except TypeError:
        out = None
    if out is not dtype:
        raise TypeError(
            f"__setitem__: cannot assign {type(value).__name__} {value!r} to a {dtype} array "
            f"(it does not promote to {dtype} under the {cfg.promotion.name!r} promotion mode)"
        )


def _host(value: Any) -> np.ndarray:
    try:
        return np.asarray(value)
    except (TypeError, ValueError, OverflowError) as e:
        raise TypeError(f"__setitem__: cannot assign {value!r}: {e}") from None


def _array_value(x: Array, value: Array) -> Any:
    """``value``'s native, cast to ``x``'s dtype when it may be written into it."""
    drv = same_driver((x, value), "__setitem__")
    if value._dtype is x._dtype:
        return value._value
    if not _promotion.casts_on_assignment(_config.get().promotion, value._dtype, x._dtype):
        raise TypeError(
            f"__setitem__: cannot assign a {value._dtype} array to a {x._dtype} array (it "
            "does not cast to it under the active promotion mode); cast it with ak.astype"
        )
    return drv.astype(value._value, x._dtype)


def _as_array(x: Array, value: Any, dtype: np.dtype | None) -> Array:
    """``value`` (not an Array, not a Python scalar) as an Array on ``x``'s driver/device."""
    try:
        return asarray(value, dtype=dtype, driver=x._driver, device=x.device)
    except OverflowError as e:
        raise OverflowError(f"__setitem__: {e}") from None
    except (TypeError, ValueError) as e:
        raise TypeError(
            f"__setitem__: cannot assign a {type(value).__name__} to an array: {e}"
        ) from None


def _diagnose_setitem(x: Array, nkey: tuple[Any, ...], native: Any, error: Exception) -> None:
    """Turn a driver's failure to broadcast ``value`` into the spec's ValueError."""
    drv = x._driver
    try:
        target = tuple(drv.shape_of(drv.getitem(x._value, nkey)))
    except Exception:
        return  # keep the driver's own error
    if None in target:
        return  # a size that depends on data: _fit_value checked what it could
    vshape = tuple(drv.shape_of(native))
    try:
        if broadcast_shapes(vshape, target) == target:
            return
    except ValueError:
        pass
    raise ValueError(
        f"__setitem__: a value of shape {vshape} cannot be broadcast to the indexed shape {target}"
    ) from error


@final
class _Widened:
    """A key with Python bools, as NumPy reads it: each bool is an advanced index on a new
    axis of length 1 inserted at its place, ``[0]`` for True and ``[]`` for False (so
    ``x[True]`` has a new axis of length 1, ``x[False]`` one of length 0, and ``x[0, True]``
    shape ``(1, ...)``).  ``expand``: the basic key inserting those axes (``value``: ``x``'s
    value with them); ``key``: the normalised key on it; ``back``: the basic key dropping
    them again; ``alt``: for bools beside basic items only and all True, the basic key
    (bools as ``None``) selecting the same elements in the same order, else None;
    ``empty``: a bool is False; ``mask``: NumPy's boolean assignment rule applies (a 0-D
    ``x`` indexed by one bool)."""

    __slots__ = ("alt", "back", "empty", "expand", "key", "mask", "value")

    alt: tuple[Any, ...] | None
    back: tuple[Any, ...]
    empty: bool
    expand: tuple[Any, ...]
    key: tuple[Any, ...]
    mask: bool
    value: Any  # a driver's native


def _widen(x: Array, items: list[Any], consumed: int, fn: str) -> _Widened:
    """The ``_Widened`` of ``items`` (``_normalize_key``'s first pass: bools as Python
    bools, index data as Arrays; ``consumed``: how many of ``x``'s axes they index)."""
    drv = x._driver
    ndim = x.ndim
    w = _Widened()
    expand: list[Any] = []
    inner: list[Any] = []
    back: list[Any] = []
    arrays = False
    for item in items:
        if item.__class__ is bool:
            expand.append(None)
            back.append(0)
            inner.append(np.zeros(1 if item else 0, np.int64))  # index 0 of the new axis
        elif item is None:
            inner.append(None)
        elif item is Ellipsis:
            expand.append(Ellipsis)
            back.extend([slice(None)] * (ndim - consumed))
            inner.append(Ellipsis)
        else:
            arrays = arrays or item.__class__ is Array
            n = item.ndim if item.__class__ is Array and item._dtype is dt.bool else 1
            expand.extend([slice(None)] * n)
            back.extend([slice(None)] * n)
            inner.append(item)
    w.expand, w.back = tuple(expand), tuple(back)
    w.value = drv.getitem(x._value, w.expand)
    inner_key = _normalize_key(new(w.value, drv, x._dtype), tuple(inner), fn)
    w.key = cast("tuple[Any, ...]", inner_key)  # no bools left: a tuple
    w.empty = any(item is False for item in items)
    w.mask = ndim == 0 and len(items) == 1  # NumPy's boolean path: x[True] of a 0-D x
    w.alt = None
    if not arrays and not w.empty:
        alt = tuple(None if item.__class__ is bool else item for item in items)
        w.alt = cast("tuple[Any, ...]", _normalize_key(x, alt, fn))  # bools as None: a tuple
    return w


def _plain_slice(s: slice) -> bool:
    """Whether ``s`` has int-or-None bounds and a non-zero step (no conversion needed)."""
    a, b, c = s.start, s.stop, s.step
    return (
        (a is None or a.__class__ is int)
        and (b is None or b.__class__ is int)
        and (c is None or (c.__class__ is int and c != 0))
    )


def _normalize_key(x: Array, key: Any, fn: str) -> tuple[Any, ...] | _Widened:
    """The key as a tuple for the driver, validated against ``x``'s shape."""
    drv = x._driver
    items = key if isinstance(key, tuple) else (key,)
    shape = drv.shape_of(x._value)
    ndim = len(shape)
    # Fast path: Python ints and plain slices only (x[i, j], x[1:3], x[:, 0]).
    if len(items) <= ndim:
        fast: list[Any] = []
        for axis, item in enumerate(items):
            cls = item.__class__
            if cls is int:
                n = shape[axis]
                if n is not None and not -n <= item < n:
                    raise IndexError(
                        f"{fn}: index {item} is out of bounds for axis {axis} with size {n}"
                    )
                fast.append(item % n if n else item)
            elif cls is slice and _plain_slice(item):
                fast.append(item)
            else:
                break
        else:
            return tuple(fast)
    n_ellipsis = 0
    consumed = 0  # how many of x's axes the key indexes
    bools = False
    out: list[Any] = []
    for item in items:
        if isinstance(item, (bool, np.bool_)):
            item = bool(item)  # a new axis (NumPy: np.True_ is True), see _Widened
            bools = True
        elif item is Ellipsis:
            n_ellipsis += 1
        elif item is None:
            pass
        elif isinstance(item, (Array, list, np.ndarray)):
            if isinstance(item, (list, np.ndarray)):  # NumPy-style keys: host index data
                item = asarray(item, driver=drv, device=drv.device_of(x._value))
            if item._dtype is dt.bool:
                consumed += item.ndim
                if fn == "__getitem__":  # x[mask] = v keeps the shape
                    refuse_under_vmap(
                        "boolean indexing x[mask]",
                        "the number of True elements of the mask",
                        "use ak.where(mask, x, fill), which keeps the shape, or integer "
                        "indices computed outside the mapped function",
                    )
            else:
                consumed += 1
        elif isinstance(item, slice):
            consumed += 1
        else:
            try:
                operator.index(item)
            except TypeError:
                raise IndexError(
                    f"{fn}: invalid index {item!r} of type {type(item).__name__}; use ints, "
                    "slices, None, Ellipsis, or integer or boolean arrays"
                ) from None
            consumed += 1
        out.append(item)
    if n_ellipsis > 1:
        raise IndexError(f"{fn}: an index can only have a single ellipsis ('...')")
    if consumed > ndim:
        raise IndexError(f"{fn}: too many indices for an array of {ndim} dimensions: {key!r}")
    if bools:
        return _widen(x, out, consumed, fn)
    arrays = [item.shape if item._dtype is not dt.bool else (None,) for item in out
              if item.__class__ is Array]  # fmt: skip
    if len(arrays) > 1:  # NumPy's IndexError (TF, JAX and Dask raised ValueError)
        try:
            broadcast_shapes(*arrays)
        except ValueError:
            raise IndexError(
                f"{fn}: shape mismatch: indexing arrays could not be broadcast together with "
                f"shapes {' '.join(str(s) for s in arrays)}"
            ) from None
    # Second pass: bounds-check ints and integer arrays against the axis they index.
    axis = 0
    for i, item in enumerate(out):
        if item is Ellipsis:
            axis += ndim - consumed
        elif item is None:
            continue
        elif isinstance(item, slice):
            out[i] = slice(
                _index_or_none(item.start, fn),
                _index_or_none(item.stop, fn),
                _index_or_none(item.step, fn),
            )
            if out[i].step == 0:
                raise ValueError(f"{fn}: slice step cannot be zero")
            axis += 1
        elif isinstance(item, Array):
            same_driver((x, item), fn)
            if item._dtype is dt.bool:
                out[i] = _mask(item, shape[axis : axis + item.ndim], fn)
                axis += item.ndim
            elif item._dtype in dt.INTEGER:
                out[i] = bounded_index(item, shape[axis], axis, fn)
                axis += 1
            else:
                raise IndexError(
                    f"{fn}: arrays used as indices must be integer or boolean, got {item._dtype}"
                )
        else:
            k = operator.index(item)
            n = shape[axis]
            if n is not None and not -n <= k < n:
                raise IndexError(f"{fn}: index {k} is out of bounds for axis {axis} with size {n}")
            out[i] = k % n if n else k
            axis += 1
    return tuple(out)


def _index_or_none(v: Any, fn: str) -> int | None:
    if v is None:
        return None
    try:
        return operator.index(v)
    except TypeError:
        raise IndexError(f"{fn}: slice bounds must be integers or None, got {v!r}") from None


def _mask(mask: Array, shape: tuple[int | None, ...], fn: str) -> Any:
    """The native of a boolean index, checked against the dimensions it indexes.

    The spec lets a mask dimension be 0 whatever the indexed size (selecting nothing);
    such a mask becomes an all-False mask of the indexed shape, which every driver takes.
    """
    zero = False
    for m, s in zip(mask.shape, shape, strict=True):
        if m is not None and s is not None and m != s:
            if m != 0:
                raise IndexError(
                    f"{fn}: boolean index of shape {mask.shape} does not match the indexed "
                    f"dimensions {tuple(shape)}"
                )
            zero = True
    if not zero:
        return mask._value
    drv = mask._driver
    sizes = cast("tuple[int, ...]", tuple(shape))  # an unknown size goes to full as is
    return drv.full(sizes, False, dt.bool, drv.device_of(mask._value))


def take(x: Array, indices: Array, /, *, axis: int | None = None) -> Array:
    """Elements of ``x`` at ``indices`` (1-D, integer) along ``axis``.

    Out-of-range indices raise ``IndexError`` (the spec leaves them unspecified).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.take.html

    Examples
    --------
    >>> x = ak.asarray([[10, 20, 30], [40, 50, 60]])
    >>> ak.take(x, ak.asarray([2, 0]), axis=1)
    Array([[30, 10],
           [60, 40]], dtype=int64)
    """
    check_array(x, "take")
    check_array(indices, "take", "indices")
    drv = same_driver((x, indices), "take")
    if indices._dtype not in dt.INTEGER:
        raise TypeError(f"take: 'indices' must have an integer dtype, got {indices._dtype}")
    if indices.ndim != 1:
        raise ValueError(f"take: 'indices' must be 1-D, got shape {indices.shape}")
    if x.ndim == 0:
        raise ValueError("take: 'x' must have at least one dimension, got a 0-D array")
    if axis is None:
        if x.ndim != 1:
            raise ValueError(f"take: 'axis' is required for a {x.ndim}-D array")
        axis = 0
    ax = normalize_axis(axis, x.ndim, "take")
    idx = bounded_index(indices, x.shape[ax], ax, "take")
    return new(drv.take(x._value, idx, ax), drv, x._dtype)


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """Elements of ``x`` at ``indices`` along ``axis`` (indices broadcast with ``x``).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.take_along_axis.html

    Examples
    --------
    >>> x = ak.asarray([[3, 1, 2], [9, 7, 8]])
    >>> ak.take_along_axis(x, ak.argsort(x, axis=1), axis=1)
    Array([[1, 2, 3],
           [7, 8, 9]], dtype=int64)
    """
    check_array(x, "take_along_axis")
    check_array(indices, "take_along_axis", "indices")
    drv = same_driver((x, indices), "take_along_axis")
    if indices._dtype not in dt.INTEGER:
        raise TypeError(
            f"take_along_axis: 'indices' must have an integer dtype, got {indices._dtype}"
        )
    if indices.ndim != x.ndim:
        raise ValueError(
            f"take_along_axis: 'indices' must have x's number of dimensions ({x.ndim}), got "
            f"shape {indices.shape}"
        )
    ax = normalize_axis(axis, x.ndim, "take_along_axis")
    for i, (m, n) in enumerate(zip(x.shape, indices.shape, strict=True)):
        if i != ax and m != n and 1 not in (m, n) and None not in (m, n):
            raise ValueError(
                f"take_along_axis: shapes {x.shape} of 'x' and {indices.shape} of 'indices' "
                f"do not broadcast outside axis {ax}"
            )
    idx = bounded_index(indices, x.shape[ax], ax, "take_along_axis")
    return new(drv.take_along_axis(x._value, idx, ax), drv, x._dtype)


__all__ = ["take", "take_along_axis"]
