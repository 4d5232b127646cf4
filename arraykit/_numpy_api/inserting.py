"""NumPy's routines that write into an array (NumPy reference: "Indexing routines",
inserting data into arrays): ``put``, ``put_along_axis``.

They change ``a`` in place and return ``None``, as NumPy's do, writing through
``a[...] = ...``: a view sees the write and a write through a view reaches its base on
every driver, as ``ufunc.at`` does (``_ufuncs.py``), and a read-only view refuses it.
Where a position is written twice, the last value wins, as in NumPy's sequential loop,
on every driver (a backend's scatter leaves the order of repeats unspecified).
"""

from __future__ import annotations

import math
from typing import Any

from .. import _core
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array, normalize_axis
from .._creation import arange
from .._manipulation import broadcast_to, reshape
from .._searching import where
from ._base import known, numpy_function
from ._indices import (
    cast_values,
    checked,
    cycled,
    flatten,
    index_array,
    strides,
    values_of,
    write_flat,
)

__all__ = ["put", "put_along_axis"]

_MODES = ("raise", "wrap", "clip")


def _mode(fn: str, mode: Any) -> str:
    if mode not in _MODES:
        raise ValueError(f"{fn}: 'mode' must be one of 'raise', 'wrap' or 'clip', got {mode!r}")
    name: str = mode  # one of _MODES
    return name


def positions(idx: Array, n: int, mode: str, fn: str) -> Array:
    """Indices into an axis of length ``n`` made non-negative as ``mode`` says: ``raise``
    (NumPy's negative indices count from the end; beyond: ``IndexError``), ``wrap``
    (modulo ``n``), ``clip`` (to ``[0, n - 1]``, negative indices too)."""
    if mode == "wrap":
        return ew.remainder(idx, n)
    if mode == "clip":
        return ew.clip(idx, 0, n - 1)
    idx = checked(
        idx,
        n,
        fn,
        IndexError,
        f"{fn}: index {{bad}} is out of bounds for axis 0 with size {n}",
        low=-n,
    )
    return where(ew.less(idx, 0), ew.add(idx, n), idx)


@numpy_function("x[indices] = values (of the flattened x: ak.unravel_index)")
def put(a: Array, ind: Any, v: Any, mode: str = "raise") -> None:
    """Writes ``v`` into the flattened ``a`` at the indices ``ind``, in place: ``v`` is
    repeated (or cut) to the number of indices and cast to ``a``'s dtype as NumPy casts it
    (floats into an integer array truncate; complex into real is refused); ``mode``
    ``"raise"`` (out of range: ``IndexError``), ``"wrap"`` or ``"clip"`` (which also
    clips negative indices to 0).  Indices must be integers (NumPy truncates floats).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.put.html

    Examples
    --------
    >>> x = ak.zeros((2, 3))
    >>> ak.put(x, [0, 4, 0], ak.asarray([1.0, 2.0, 3.0]))   # the last write to 0 wins
    >>> x
    Array([[3., 0., 0.],
           [0., 2., 0.]], dtype=float64)
    """
    check_array(a, "put", "a")
    mode = _mode("put", mode)
    idx = flatten(index_array(ind, "put", "ind", a))
    _core.same_driver((a, idx), "put")
    values = flatten(values_of(a, v, "put", "v"))
    _core.same_driver((a, values), "put")
    (m,), size = known(idx.shape, "put"), math.prod(known(a.shape, "put"))
    if size == 0:
        if m:
            raise IndexError("put: cannot replace elements of an empty array")
        return
    if m == 0 or known(values.shape, "put")[0] == 0:
        return
    flat = positions(idx, size, mode, "put")
    write_flat(a, flat, cast_values(cycled(values, m), a, "put"))


@numpy_function("x[index arrays built from indices along axis] = values")
def put_along_axis(arr: Array, indices: Any, values: Any, axis: int | None) -> None:
    """Writes ``values`` into ``arr`` at ``indices`` along ``axis``, in place: the inverse
    of ``take_along_axis`` (``indices`` has ``arr``'s number of dimensions; its other axes
    broadcast with ``arr``'s; ``values`` broadcasts to its shape).  ``axis=None`` writes
    into the flattened ``arr`` (1-D ``indices``).  Negative indices count from the end.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.put_along_axis.html

    Examples
    --------
    >>> x = ak.asarray([[10, 30, 20], [60, 40, 50]])
    >>> ak.put_along_axis(x, ak.argmax(x, axis=1, keepdims=True), 99, axis=1)
    >>> x
    Array([[10, 99, 20],
           [99, 40, 50]], dtype=int64)
    """
    fn = "put_along_axis"
    check_array(arr, fn, "arr")
    idx = index_array(indices, fn, "indices", arr)
    vals = values_of(arr, values, fn, "values")
    _core.same_driver((arr, idx, vals), fn)
    if axis is None:
        if idx.ndim != 1:
            raise ValueError(f"{fn}: when axis=None, 'indices' must be 1-D, got {idx.shape}")
        put(arr, idx, vals)
        return
    if idx.ndim != arr.ndim:
        raise ValueError(
            f"{fn}: 'indices' and 'arr' must have the same number of dimensions, got shapes "
            f"{idx.shape} and {arr.shape}"
        )
    ax = normalize_axis(axis, arr.ndim, fn)
    shape, ishape = known(arr.shape, fn), known(idx.shape, fn)
    others = tuple(1 if i == ax else n for i, n in enumerate(shape))
    try:
        bshape = _core.broadcast_shapes(ishape, others, fn=fn)
    except ValueError:
        raise ValueError(
            f"{fn}: shape {idx.shape} of 'indices' does not broadcast with {arr.shape} of "
            f"'arr' outside axis {ax}"
        ) from None
    if 0 in bshape:
        return
    n = shape[ax]
    pos = positions(flatten(idx), n, "raise", fn)
    steps = strides(shape)
    flat = broadcast_to(reshape(ew.multiply(pos, steps[ax]), ishape), bshape)
    for i, m in enumerate(shape):
        if i != ax and m != 1:
            line = arange(m, device=arr.device)
            part = reshape(
                ew.multiply(line, steps[i]), tuple(m if j == i else 1 for j in range(len(shape)))
            )
            flat = ew.add(flat, part)
    try:
        vals = broadcast_to(vals, bshape)
    except ValueError:
        raise ValueError(
            f"{fn}: shape {vals.shape} of 'values' does not broadcast to the indexed shape {bshape}"
        ) from None
    write_flat(arr, flatten(flat), cast_values(flatten(vals), arr, fn))
