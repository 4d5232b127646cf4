"""Manipulation functions: reshaping, joining, splitting, reordering and broadcasting.

Core validates shapes and axes (``ValueError`` naming both shapes, ``IndexError`` for
out-of-range axes), promotes the inputs of ``concat``/``stack`` once, and hands drivers
normalised, non-negative axes.  ``stack``, ``unstack``, ``moveaxis`` and
``broadcast_arrays`` are composites a driver may replace with a native fast path.

Spec: https://data-apis.org/array-api/2025.12/API_specification/manipulation_functions.html
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any, cast

from . import _aliasing
from . import _dtypes as dt
from ._array import Array
from ._core import (
    broadcast_shapes as _broadcast_shapes,
)
from ._core import (
    check_array,
    new,
    normalize_axes,
    normalize_axis,
    refuse_under_vmap,
    result_dtype,
    same_driver,
)
from ._views import whole_view

__all__ = [
    "broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims", "flip",
    "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack", "tile",
    "unstack",
]  # fmt: skip

_INTEGER = frozenset(dt.INTEGER)


# ---------------------------------------------------------------------- helpers
def _int_tuple(value: Any, fn: str, arg: str) -> tuple[int, ...]:
    """``value`` (an int or a sequence of ints) as a tuple of Python ints; else TypeError."""
    items = value if isinstance(value, (tuple, list)) else (value,)
    try:
        return tuple(operator.index(v) for v in items)
    except TypeError:
        raise TypeError(f"{fn}: {arg!r} must be an int or a tuple of ints, got {value!r}") from None


def _shape_arg(shape: Any, fn: str) -> tuple[int, ...]:
    """A target shape: a tuple of non-negative ints (``-1`` is checked by ``reshape``)."""
    return _int_tuple(shape, fn, "shape")


def _arrays_arg(arrays: Any, fn: str) -> list[Array]:
    """The non-empty tuple/list of arrays that ``concat`` and ``stack`` take."""
    if not isinstance(arrays, (tuple, list)):
        raise TypeError(
            f"{fn}: 'arrays' must be a tuple or list of arrays, got {type(arrays).__name__}"
        )
    if not arrays:
        raise ValueError(f"{fn}: need at least one array")
    for i, a in enumerate(arrays):
        check_array(a, fn, f"arrays[{i}]")
    return list(arrays)


def _cast_all(arrays: list[Array], fn: str) -> tuple[Any, list[Any], Any]:
    """(driver, natives cast to the arrays' result dtype, that dtype)."""
    drv = same_driver(arrays, fn)
    first = arrays[0]._dtype
    if all(a._dtype is first for a in arrays):
        return drv, [a._value for a in arrays], first
    dtype = result_dtype(arrays, fn)
    return (
        drv,
        [a._value if a._dtype is dtype else drv.astype(a._value, dtype) for a in arrays],
        dtype,
    )


def _fmt_shapes(arrays: Sequence[Array]) -> str:
    return ", ".join(str(a.shape) for a in arrays)


# ---------------------------------------------------------------------- broadcasting
def broadcast_shapes(*shapes: tuple[int | None, ...]) -> tuple[int | None, ...]:
    """The shape that ``shapes`` broadcast to; ``()`` when called with no shapes.

    ``None`` (unknown) sizes are accepted and propagate to the result, as the spec allows
    for lazy libraries.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.broadcast_shapes.html

    Examples
    --------
    >>> ak.broadcast_shapes((2, 1), (1, 3))
    (2, 3)
    """
    checked = []
    for i, s in enumerate(shapes):
        if not isinstance(s, (tuple, list)):
            raise TypeError(f"broadcast_shapes: shapes[{i}] must be a tuple of ints, got {s!r}")
        try:
            t = tuple(None if n is None else operator.index(n) for n in s)
        except TypeError:
            raise TypeError(
                f"broadcast_shapes: shapes[{i}] must be a tuple of ints or None, got {s!r}"
            ) from None
        if any(n is not None and n < 0 for n in t):
            raise ValueError(f"broadcast_shapes: shapes[{i}] has a negative size: {s!r}")
        checked.append(t)
    return _broadcast_shapes(*checked, fn="broadcast_shapes")


def broadcast_to(x: Array, /, shape: tuple[int, ...]) -> Array:
    """``x`` broadcast to ``shape``.

    Incompatible shapes raise ``ValueError`` naming both.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.broadcast_to.html

    Examples
    --------
    >>> ak.broadcast_to(ak.asarray([1, 2, 3]), (2, 3))
    Array([[1, 2, 3],
           [1, 2, 3]], dtype=int64)
    """
    check_array(x, "broadcast_to")
    shape = _shape_arg(shape, "broadcast_to")
    if any(n < 0 for n in shape):
        raise ValueError(f"broadcast_to: negative sizes in 'shape' {shape}")
    xs = x.shape
    ok = len(shape) >= len(xs) and all(
        n is None or n == 1 or n == m
        for n, m in zip(xs, shape[len(shape) - len(xs) :], strict=True)
    )
    if not ok:
        raise ValueError(f"broadcast_to: an array of shape {xs} cannot be broadcast to {shape}")
    drv = x._driver
    return _aliasing.broadcast(x, new(drv.broadcast_to(x._value, shape), drv, x._dtype))


def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
    """``arrays`` broadcast against one another, as a tuple (2025.12; a list before).

    Arrays already of the broadcast shape are returned as they are.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.broadcast_arrays.html

    Examples
    --------
    >>> a, b = ak.broadcast_arrays(ak.asarray([[1], [2]]), ak.asarray([10, 20, 30]))
    >>> a.shape, b.shape
    ((2, 3), (2, 3))
    """
    for i, a in enumerate(arrays):
        check_array(a, "broadcast_arrays", f"arrays[{i}]")
    if not arrays:
        return ()
    same_driver(arrays, "broadcast_arrays")
    shapes = [a.shape for a in arrays]
    shape = _broadcast_shapes(*shapes, fn="broadcast_arrays")
    if None in shape:
        raise ValueError(
            f"broadcast_arrays: the broadcast shape {shape} has unknown sizes; this driver "
            "cannot broadcast to it"
        )
    sizes = cast("tuple[int, ...]", shape)  # known: checked above
    return tuple(
        a if s == sizes else broadcast_to(a, sizes) for a, s in zip(arrays, shapes, strict=True)
    )


# ---------------------------------------------------------------------- joining
def concat(arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0) -> Array:
    """Join ``arrays`` along an existing ``axis``; ``axis=None`` joins them flattened.

    Mixed dtypes promote with the active promotion mode.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.concat.html

    Examples
    --------
    >>> a, b = ak.asarray([[1, 2]]), ak.asarray([[3, 4]])
    >>> ak.concat([a, b])
    Array([[1, 2],
           [3, 4]], dtype=int64)
    >>> ak.concat([a, b], axis=1)
    Array([[1, 2, 3, 4]], dtype=int64)
    >>> ak.concat([a, b], axis=None)
    Array([1, 2, 3, 4], dtype=int64)
    """
    arrays = _arrays_arg(arrays, "concat")
    drv, values, dtype = _cast_all(arrays, "concat")
    if axis is None:
        values = [drv.reshape(v, (-1,), None) for v in values]
        return new(drv.concat(values, 0), drv, dtype)
    ndim = arrays[0].ndim
    if ndim == 0:
        raise ValueError("concat: zero-dimensional arrays cannot be concatenated; use stack")
    if any(a.ndim != ndim for a in arrays):
        raise ValueError(
            f"concat: all arrays must have the same number of dimensions, got shapes "
            f"{_fmt_shapes(arrays)}"
        )
    ax = normalize_axis(axis, ndim, "concat")
    first = arrays[0].shape
    for a in arrays[1:]:
        for i, (m, n) in enumerate(zip(first, a.shape, strict=True)):
            if i != ax and m is not None and n is not None and m != n:
                raise ValueError(f"concat: shapes {_fmt_shapes(arrays)} differ outside axis {ax}")
    return new(drv.concat(values, ax), drv, dtype)


def stack(arrays: tuple[Array, ...] | list[Array], /, *, axis: int = 0) -> Array:
    """Join ``arrays`` (all of one shape) along a new ``axis``.

    Mixed dtypes promote with the active promotion mode.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.stack.html

    Examples
    --------
    >>> ak.stack([ak.asarray([1, 2]), ak.asarray([3, 4])], axis=1)
    Array([[1, 3],
           [2, 4]], dtype=int64)
    """
    arrays = _arrays_arg(arrays, "stack")
    drv, values, dtype = _cast_all(arrays, "stack")
    shape = arrays[0].shape
    for a in arrays[1:]:
        if a.shape != shape:
            raise ValueError(
                f"stack: all arrays must have the same shape, got {_fmt_shapes(arrays)}"
            )
    ax = normalize_axis(axis, len(shape) + 1, "stack")
    if drv.stack is not None:
        return new(drv.stack(values, ax), drv, dtype)
    values = [drv.expand_dims(v, (ax,)) for v in values]
    return new(drv.concat(values, ax), drv, dtype)


def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
    """The slices of ``x`` along ``axis``, as a tuple.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.unstack.html

    Examples
    --------
    >>> ak.unstack(ak.asarray([[1, 2], [3, 4]]))
    (Array([1, 2], dtype=int64), Array([3, 4], dtype=int64))
    """
    check_array(x, "unstack")
    ax = normalize_axis(axis, x.ndim, "unstack")
    drv = x._driver
    if drv.unstack is not None:
        outs = tuple(new(v, drv, x._dtype) for v in drv.unstack(x._value, ax))
        return _aliasing.unstacked(x, outs, ax)
    n = x.shape[ax]
    if n is None:
        raise ValueError(f"unstack: the size of axis {ax} is unknown")
    head = (slice(None),) * ax
    outs = tuple(new(drv.getitem(x._value, (*head, i)), drv, x._dtype) for i in range(n))
    return _aliasing.unstacked(x, outs, ax)


# ---------------------------------------------------------------------- shape changes
def reshape(x: Array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Array:
    """``x``'s elements (row-major) in a new ``shape``; one size may be ``-1``.

    A view exactly where NumPy's reshape is one (its strides allow it: always for a
    C-contiguous ``x``, never for ``x.T`` flattened), on every driver: a write to it reaches
    ``x``.  Elsewhere a copy, or with ``copy=False`` a ``ValueError``, as NumPy's.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.reshape.html

    Examples
    --------
    >>> ak.reshape(ak.arange(6), (2, 3))
    Array([[0, 1, 2],
           [3, 4, 5]], dtype=int64)
    >>> ak.reshape(ak.arange(6), (-1, 2))
    Array([[0, 1],
           [2, 3],
           [4, 5]], dtype=int64)
    """
    check_array(x, "reshape")
    shape = _shape_arg(shape, "reshape")
    if copy not in (True, False, None):
        raise ValueError(f"reshape: copy must be True, False or None, got {copy!r}")
    unknown = [i for i, n in enumerate(shape) if n == -1]
    if len(unknown) > 1 or any(n < -1 for n in shape):
        raise ValueError(
            f"reshape: 'shape' {shape} may hold at most one -1 and no other negative size"
        )
    size = x.size
    if size is not None:
        known = math.prod(n for n in shape if n != -1)
        if unknown:
            if known == 0 or size % known:
                raise ValueError(f"reshape: cannot reshape an array of shape {x.shape} to {shape}")
        elif known != size:
            raise ValueError(f"reshape: cannot reshape an array of shape {x.shape} to {shape}")
    return _aliasing.reshape(x, shape, copy)  # a view exactly where NumPy's is one


def expand_dims(x: Array, /, axis: int | tuple[int, ...]) -> Array:
    """``x`` with size-1 axes inserted at ``axis`` (an int or, since 2025.12, a tuple).

    Positions refer to the output, whose rank is ``x.ndim + len(axis)``; invalid
    positions raise ``IndexError``, repeated ones ``ValueError``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.expand_dims.html

    Examples
    --------
    >>> ak.expand_dims(ak.asarray([1, 2, 3]), axis=0).shape
    (1, 3)
    >>> ak.expand_dims(ak.asarray([1, 2, 3]), axis=(0, 2)).shape
    (1, 3, 1)
    """
    check_array(x, "expand_dims")
    axes = _int_tuple(axis, "expand_dims", "axis")
    out_ndim = x.ndim + len(axes)
    norm = [normalize_axis(a, out_ndim, "expand_dims") for a in axes]
    if len(set(norm)) != len(norm):
        raise ValueError(f"expand_dims: repeated axis in axis={axis!r}")
    drv = x._driver
    axes = tuple(sorted(norm))
    out = new(drv.expand_dims(x._value, axes), drv, x._dtype)
    return _aliasing.resized(
        x, out, lambda d, v: d.expand_dims(v, axes), lambda d, v, b: d.squeeze(v, axes)
    )


def squeeze(x: Array, /, axis: int | tuple[int, ...]) -> Array:
    """``x`` without the size-1 axes ``axis``; ``ValueError`` if one is not size 1.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.squeeze.html

    Examples
    --------
    >>> ak.squeeze(ak.zeros((1, 3, 1)), axis=(0, 2)).shape
    (3,)
    """
    check_array(x, "squeeze")
    _int_tuple(axis, "squeeze", "axis")
    axes = normalize_axes(axis, x.ndim, "squeeze") or ()
    shape = x.shape
    for a in axes:
        if shape[a] is not None and shape[a] != 1:
            raise ValueError(
                f"squeeze: axis {a} of an array of shape {shape} has size {shape[a]}, not 1"
            )
    drv = x._driver
    if not axes:  # a no-op; some backends (tf.squeeze) read "no axes" as "every axis"
        return _aliasing.identity_view(x)
    out = new(drv.squeeze(x._value, axes), drv, x._dtype)
    back = tuple(sorted(axes))
    return _aliasing.resized(
        x, out, lambda d, v: d.squeeze(v, axes), lambda d, v, b: d.expand_dims(v, back)
    )


def tile(x: Array, repetitions: tuple[int, ...], /) -> Array:
    """``x`` repeated ``repetitions[i]`` times along each axis ``i``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.tile.html

    Examples
    --------
    >>> ak.tile(ak.asarray([1, 2]), (2, 2))
    Array([[1, 2, 1, 2],
           [1, 2, 1, 2]], dtype=int64)
    """
    check_array(x, "tile")
    reps = _int_tuple(repetitions, "tile", "repetitions")
    if any(r < 0 for r in reps):
        raise ValueError(f"tile: 'repetitions' must be non-negative, got {reps}")
    if len(reps) < x.ndim:
        reps = (1,) * (x.ndim - len(reps)) + reps
    drv = x._driver
    return new(drv.tile(x._value, reps), drv, x._dtype)


def repeat(x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array:
    """Each element of ``x`` repeated ``repeats`` times (per element if an array).

    An array ``repeats`` makes the output shape depend on its values: the driver must
    know them (a device sync on accelerators).  Negative counts raise ``ValueError``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.repeat.html

    Examples
    --------
    >>> ak.repeat(ak.asarray([1, 2, 3]), 2)
    Array([1, 1, 2, 2, 3, 3], dtype=int64)
    >>> ak.repeat(ak.asarray([1, 2, 3]), ak.asarray([0, 1, 2]))
    Array([2, 3, 3], dtype=int64)
    """
    check_array(x, "repeat")
    drv = x._driver
    value = x._value
    if axis is None:
        value = drv.reshape(value, (-1,), None)
        n = x.size
        ax = 0
    else:
        ax = normalize_axis(axis, x.ndim, "repeat")
        n = x.shape[ax]
    if type(repeats) is Array:
        same_driver((x, repeats), "repeat")
        refuse_under_vmap("repeat", "the sum of the counts", "pass an int, or repeat outside")
        if repeats._dtype not in _INTEGER:
            raise TypeError(f"repeat: 'repeats' must have an integer dtype, got {repeats._dtype}")
        if repeats.ndim != 1 or repeats.shape[0] not in (1, n):
            raise ValueError(
                f"repeat: 'repeats' of shape {repeats.shape} must have shape (1,) or ({n},)"
            )
        counts = repeats._value
        if repeats.size:
            try:
                lo = drv.to_scalar(drv.min(counts, None, False))
            except Exception:
                lo = 0
            if lo < 0:
                raise ValueError(f"repeat: 'repeats' must be non-negative, got {lo}")
        if repeats._dtype is not dt.int64:
            counts = drv.astype(counts, dt.int64)
        if repeats.shape[0] != n and n is not None:
            counts = drv.broadcast_to(counts, (n,))
    else:
        try:
            counts = operator.index(repeats)
        except TypeError:
            raise TypeError(
                f"repeat: 'repeats' must be an int or an integer array, got "
                f"{type(repeats).__name__}"
            ) from None
        if counts < 0:
            raise ValueError(f"repeat: 'repeats' must be non-negative, got {counts}")
    return new(drv.repeat(value, counts, ax), drv, x._dtype)


# ---------------------------------------------------------------------- reordering
def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """``x`` with its axes permuted; ``axes`` may be negative (2025.12).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.permute_dims.html

    Examples
    --------
    >>> ak.permute_dims(ak.zeros((2, 3, 4)), (2, 0, 1)).shape
    (4, 2, 3)
    """
    check_array(x, "permute_dims")
    ax = _int_tuple(axes, "permute_dims", "axes")
    if len(ax) != x.ndim:
        raise ValueError(
            f"permute_dims: 'axes' {axes!r} must name each of the {x.ndim} axes of an array "
            f"of shape {x.shape} once"
        )
    ax = normalize_axes(ax, x.ndim, "permute_dims", "axes") or ()
    return _permuted(x, ax)


def moveaxis(
    x: Array, source: int | tuple[int, ...], destination: int | tuple[int, ...], /
) -> Array:
    """``x`` with axes ``source`` moved to positions ``destination``, others in order.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.moveaxis.html

    Examples
    --------
    >>> ak.moveaxis(ak.zeros((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    """
    check_array(x, "moveaxis")
    ndim = x.ndim
    src = normalize_axes(_int_tuple(source, "moveaxis", "source"), ndim, "moveaxis", "source")
    dst = normalize_axes(
        _int_tuple(destination, "moveaxis", "destination"), ndim, "moveaxis", "destination"
    )
    assert src is not None and dst is not None
    if len(src) != len(dst):
        raise ValueError(
            f"moveaxis: 'source' {source!r} and 'destination' {destination!r} differ in length"
        )
    drv = x._driver
    order = [a for a in range(ndim) if a not in src]
    for d, s in sorted(zip(dst, src, strict=True)):
        order.insert(d, s)
    if drv.moveaxis is not None:  # the driver's own (a view, as NumPy's)
        out = new(drv.moveaxis(x._value, src, dst), drv, x._dtype)
        fwd, back = (
            (lambda d, v: d.moveaxis(v, src, dst)),
            (lambda d, v, b: d.moveaxis(v, dst, src)),
        )
        return whole_view(x, out, fwd, back, _aliasing.permuted(tuple(order)))
    return _permuted(x, tuple(order))


def flip(x: Array, /, *, axis: int | tuple[int, ...] | None = None) -> Array:
    """``x`` with the order of elements reversed along ``axis`` (default: every axis).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.flip.html

    Examples
    --------
    >>> ak.flip(ak.asarray([[1, 2], [3, 4]]), axis=1)
    Array([[2, 1],
           [4, 3]], dtype=int64)
    """
    check_array(x, "flip")
    if axis is None:
        axes: tuple[int, ...] = tuple(range(x.ndim))
    else:
        axes = normalize_axes(_int_tuple(axis, "flip", "axis"), x.ndim, "flip") or ()
    drv = x._driver
    return _aliasing.flipped(x, new(drv.flip(x._value, axes), drv, x._dtype), axes)


def roll(
    x: Array,
    /,
    shift: int | tuple[int, ...],
    *,
    axis: int | tuple[int, ...] | None = None,
) -> Array:
    """``x`` with elements shifted by ``shift`` along ``axis``, wrapping around.

    ``axis=None`` rolls the flattened array.  A tuple ``shift`` needs a tuple ``axis`` of
    the same length; an int ``shift`` applies to every axis given.  Repeated axes add up.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.roll.html

    Examples
    --------
    >>> ak.roll(ak.asarray([1, 2, 3, 4]), 1)
    Array([4, 1, 2, 3], dtype=int64)
    """
    check_array(x, "roll")
    shifts = _int_tuple(shift, "roll", "shift")
    drv = x._driver
    if axis is None:
        if isinstance(shift, (tuple, list)):
            raise ValueError(f"roll: a tuple 'shift' {shift!r} needs a tuple 'axis'")
        shape = cast("tuple[int, ...]", x.shape)  # a lazy driver's unknown size as is
        flat = drv.reshape(x._value, (-1,), None)
        out = drv.roll(flat, shifts, (0,))
        return new(drv.reshape(out, shape, None), drv, x._dtype)
    axes = tuple(normalize_axis(a, x.ndim, "roll") for a in _int_tuple(axis, "roll", "axis"))
    if not isinstance(shift, (tuple, list)):
        shifts = shifts * len(axes)
    elif len(shifts) != len(axes):
        raise ValueError(f"roll: 'shift' {shift!r} and 'axis' {axis!r} must have the same length")
    total: dict[int, int] = {}
    for s, a in zip(shifts, axes, strict=True):
        total[a] = total.get(a, 0) + s
    return new(drv.roll(x._value, tuple(total.values()), tuple(total)), drv, x._dtype)


def _permuted(x: Array, axes: tuple[int, ...]) -> Array:
    """``x`` with its axes in the order ``axes``: a view, as NumPy's transposes are."""
    drv = x._driver
    out = new(drv.permute_dims(x._value, axes), drv, x._dtype)
    inverse = tuple(sorted(range(len(axes)), key=axes.__getitem__))
    fwd = lambda d, v: d.permute_dims(v, axes)  # noqa: E731
    back = lambda d, v, b: d.permute_dims(v, inverse)  # noqa: E731
    return whole_view(x, out, fwd, back, _aliasing.permuted(axes))
