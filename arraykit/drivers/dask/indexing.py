"""Indexing primitives of the Dask driver (core: ``arraykit/_indexing.py``).

``getitem``: basic keys, one integer index array without Python ints beside it, and a
boolean mask shaped like the array (or 1-D) are Dask's own lazy indexing.  Every other
key with index arrays (several arrays, arrays of more than one dimension, Python ints
beside an array, a mask over some axes) follows NumPy's advanced indexing exactly: the
index arrays are computed (they are usually small; core has read their bounds already),
the gather itself stays lazy (``vindex``).

``setitem`` builds an updated graph (values are immutable) for the keys Dask assigns to
lazily: basic keys, one 1-D integer index array with slices, a boolean mask shaped like
the array.  Any other key raises ``TypeError`` (never a copy that would lose the write).
"""

from __future__ import annotations

import math
from typing import Any, NoReturn

import dask.array as da
import numpy as np

from .._base import Part
from ._blocks import elementwise, known, meta, shape_of, without_empty_blocks


def _is_array(item: Any) -> bool:
    return isinstance(item, (da.Array, np.ndarray))


def _expand(key: tuple[Any, ...], ndim: int) -> list[Any]:
    """``key`` without Ellipsis: as many slices as the axes it stands for."""
    used = sum(
        (item.ndim if _is_array(item) and item.dtype == bool else 1)
        for item in key
        if item is not None and item is not Ellipsis
    )
    out: list[Any] = []
    for item in key:
        if item is Ellipsis:
            out.extend([slice(None)] * (ndim - used))
            used = ndim
        else:
            out.append(item)
    return out + [slice(None)] * (ndim - used)


def _consecutive(key: tuple[Any, ...]) -> bool:
    """NumPy's test of whether a key's advanced items (ints and index arrays) stay in
    place: no slice, None or Ellipsis between them, even an Ellipsis standing for no axes
    (``x[:, 0, ..., idx]`` of a 3-D ``x`` puts the index's axes first)."""
    kinds = [item.__class__ in (int, bool) or _is_array(item) for item in key]
    first, last = kinds.index(True), len(kinds) - kinds[::-1].index(True)
    return all(kinds[first:last])


def _normal_slices(key: tuple[Any, ...], shape: tuple[Any, ...]) -> tuple[Any, ...]:
    """``key`` with each slice over an axis of known size in bounds: Dask misreads a
    negative step's start below -n (x[:, -5::-1] of 4 columns gave 4 of them, not 0)."""
    out: list[Any] = []
    axis = 0
    for item in _expand(key, len(shape)):
        if item is None:
            out.append(item)
            continue
        width = item.ndim if _is_array(item) and item.dtype == bool else 1  # axes it takes
        if isinstance(item, slice) and item != slice(None) and not np.isnan(shape[axis]):
            start, stop, step = item.indices(int(shape[axis]))
            if not range(start, stop, step):
                item = slice(0, 0, 1)
            else:
                item = slice(start, None if stop < 0 else stop, step)
        out.append(item)
        axis += width
    return tuple(out)


class Indexing(Part):
    """``getitem``, ``setitem`` (a new graph), ``take``, ``take_along_axis``."""

    def getitem(self, x: da.Array, key: tuple[Any, ...]) -> da.Array:
        given, key = key, _normal_slices(key, x.shape)
        arrays = [k for k in key if _is_array(k)]
        if not arrays:
            if any(np.isnan(n) for n in x.shape):
                _need_sizes(x, key)
            if any(isinstance(k, slice) and (k.step or 1) < 0 for k in key):
                x = without_empty_blocks(x)  # Dask's reversed slice of chunks (0, 0, 1): []
            return x[key]
        if any(np.isnan(n) for n in x.shape):  # index arrays need the sizes (bounds; Dask
            known(x, "__getitem__")  # raised NotImplementedError for integer arrays)
        x = without_empty_blocks(x)  # (Dask's gather from chunks (0, 0, 1): a missing key)
        ints = any(k.__class__ is int for k in key)
        if len(arrays) == 1 and not ints:
            a = arrays[0]
            rest_full = all(k is Ellipsis or k == slice(None) for k in key if k is not a)
            if a.dtype != bool and a.ndim <= 1 and not any(k is None for k in key):
                return x[key]  # (Dask's own fails an assertion with None beside the array)
            if a.dtype == bool and a.ndim == 0:  # a new axis of length 1 or 0
                items = _expand(key, x.ndim)
                pos = next(i for i, k in enumerate(items) if k is a)
                y = x[tuple(None if k is a else k for k in items)]
                mask = a[None] if isinstance(a, da.Array) else da.from_array(a[None])
                return y[(slice(None),) * pos + (mask,)]
            if a.dtype == bool and (a.ndim == 1 or (a.ndim == x.ndim and rest_full)):
                return x[key]
        return _advanced(x, key, _consecutive(given))

    def setitem(self, x: da.Array, key: tuple[Any, ...], value: da.Array) -> da.Array:
        given, key = key, _normal_slices(key, x.shape)
        expanded = _expand(key, x.ndim)
        items = [k for k in expanded if k is not None]  # None selects nothing
        single = all(n == 1 for n in value.shape)
        if single and all(isinstance(k, slice) and k == slice(None) for k in items):
            # x[...] = v: every element, whatever the sizes (known or not); an empty block
            # beside others came out filled with one element (chunks (0, 1): 2 values)
            return elementwise("fill", _fill, without_empty_blocks(x), value.reshape(()))
        known(x, "__setitem__")
        x = without_empty_blocks(x)
        arrays = [k for k in items if _is_array(k)]
        target = shape_of(self.getitem(x, given))
        if 0 in target:
            return x  # nothing to write
        if any(k is None for k in expanded) and None not in target:
            # The None axes of the target select nothing: the value loses them.
            dims = [
                "none" if k is None else "keep"
                for k in expanded
                if k.__class__ is not int and not (_is_array(k) and k.ndim == 0)
            ]
            if len(dims) == len(target):
                value = da.broadcast_to(value, target)
                value = value[tuple(0 if d == "none" else slice(None) for d in dims)]
                target = shape_of(value)
        single = all(n == 1 for n in value.shape)
        if len(arrays) == 1 and arrays[0].dtype == bool:
            return _mask_assign(x, items, arrays[0], value, single)
        if arrays:
            advanced = [i for i, k in enumerate(items) if _is_array(k) or k.__class__ is int]
            adjacent = advanced == list(range(advanced[0], advanced[-1] + 1))
            adjacent = adjacent and _consecutive(given)
            a = arrays[0]
            if not (len(arrays) == 1 and a.ndim == 1 and (adjacent or single)):
                _refuse(arrays, "")
            # Dask assigns through host index arrays (core has read them for bounds), and
            # mishandles ints beside them: each int becomes a length-1 slice.
            value = da.broadcast_to(value, target)
            value = value[tuple(None if k.__class__ is int else slice(None) for k in items)]
            items = [
                np.asarray(k.compute()) if k is a else slice(k, k + 1) if k.__class__ is int else k
                for k in items
            ]
        else:
            steps = _positive_steps(items, x.shape)
            if steps is None:
                return x
            items, flips = steps
            if flips:  # (Dask reverses an axis with empty blocks into an empty one)
                value = da.broadcast_to(without_empty_blocks(value), target)
                value = value[tuple(slice(None, None, -1) if f else slice(None) for f in flips)]
        out = x.copy()  # a new Dask array object: dask's __setitem__ rewrites its graph
        try:
            out[tuple(items)] = value
        except (NotImplementedError, IndexError, ValueError) as e:
            raise TypeError(f"__setitem__: Dask cannot assign to this key lazily: {e}") from e
        return out

    def take(self, x: da.Array, indices: da.Array, axis: int) -> da.Array:
        if math.isnan(sum(x.chunks[axis])):  # unique_values' result: sizes computed first,
            x = x.compute_chunk_sizes()  # as the sets do (Dask's take needs them)
        return da.take(without_empty_blocks(x), indices, axis=axis)

    def take_along_axis(self, x: da.Array, indices: da.Array, axis: int) -> da.Array:
        known(x, "take_along_axis")
        known(indices, "take_along_axis")
        shape = tuple(
            n if i == axis else max(n, m)
            for i, (n, m) in enumerate(zip(x.shape, indices.shape, strict=True))
        )
        xs = da.broadcast_to(x, (*shape[:axis], x.shape[axis], *shape[axis + 1 :]))
        ix = da.broadcast_to(indices, (*shape[:axis], indices.shape[axis], *shape[axis + 1 :]))
        xs = xs.rechunk({axis: -1})
        ix = ix.rechunk({**{i: c for i, c in enumerate(xs.chunks) if i != axis}, axis: -1})
        letters = [chr(ord("a") + i) for i in range(x.ndim)]
        x_ind = "".join("Z" if i == axis else c for i, c in enumerate(letters))
        out_ind = "".join(letters)
        return da.blockwise(
            lambda b, i: np.take_along_axis(b, i, axis=axis),
            out_ind,
            xs,
            x_ind,
            ix,
            out_ind,
            concatenate=True,
            dtype=x.dtype,
            meta=meta(x.dtype, x.ndim),
        )


def _need_sizes(x: da.Array, key: tuple[Any, ...]) -> None:
    """``ValueError`` if ``key`` indexes an axis of unknown size other than with ``:``."""
    axis = 0
    for item in _expand(key, x.ndim):
        if item is None:
            continue
        if np.isnan(x.shape[axis]) and not (isinstance(item, slice) and item == slice(None)):
            known(x, "__getitem__")
        axis += 1


def _fill(block: np.ndarray, v: np.ndarray) -> np.ndarray:
    return np.full(block.shape, v, block.dtype)


def _positive_steps(
    items: list[Any], shape: tuple[Any, ...]
) -> tuple[list[Any], list[bool]] | None:
    """Basic ``items`` with every negative-step slice made a positive-step one (Dask's
    assignment mishandles some), and which target axes the value must flip along."""
    out: list[Any] = []
    flips: list[bool] = []
    for item, n in zip(items, shape, strict=True):
        if isinstance(item, slice):
            r = range(*item.indices(n))
            if r.step < 0:
                item = slice(r[-1], r[0] + 1, -r.step) if len(r) else slice(0, 0)
                flips.append(True)
            else:
                flips.append(False)
        out.append(item)
    return out, flips if any(flips) else []


def _refuse(arrays: list[Any], why: str) -> NoReturn:
    raise TypeError(
        "__setitem__: the Dask driver assigns lazily to basic indices, one 1-D integer index "
        "array (with Python ints beside it only when they are adjacent), or a boolean mask "
        "over whole axes with a one-element value; not to this key "
        f"({len(arrays)} index array(s) of {[k.ndim for k in arrays]} dimension(s){why}): "
        "use ak.where, or compute the array (np.asarray) and index that"
    )


def _mask_assign(
    x: da.Array, items: list[Any], mask: Any, value: da.Array, single: bool
) -> da.Array:
    """``x[mask] = value`` as a ``where``: exact when ``value`` has one element, or the
    mask is 0-d (it selects all of ``x`` or nothing)."""
    if isinstance(mask, np.ndarray):
        mask = da.from_array(mask)
    pos = next(i for i, k in enumerate(items) if k is mask or (_is_array(k) and k.dtype == bool))
    rest = [k for i, k in enumerate(items) if i != pos]
    if any(not (isinstance(k, slice) and k == slice(None)) for k in rest):
        _refuse([mask], ", with other indices beside the mask")
    if mask.ndim == 0:
        v = value[0] if value.ndim == x.ndim + 1 else value
    elif single:
        v = value.reshape(())
    else:
        _refuse([mask], ", the value has more than one element")
    full = mask[(None,) * pos + (Ellipsis,) + (None,) * (x.ndim - pos - mask.ndim)]
    return da.where(full, v, x)


def _advanced(x: da.Array, key: tuple[Any, ...], consecutive: bool) -> da.Array:
    """NumPy's advanced indexing: the index arrays computed, the gather lazy
    (``consecutive``: ``_consecutive`` of the key as given, Ellipsis and all)."""
    known(x, "__getitem__ with index arrays")
    items: list[Any] = []
    for item in _expand(key, x.ndim):
        if _is_array(item):
            host = np.asarray(item.compute() if isinstance(item, da.Array) else item)
            items.extend(np.nonzero(host) if host.dtype == bool else [host])
        elif item.__class__ is int:
            items.append(np.asarray(item))
        else:
            items.append(item)
    tokens: list[str | None] = []  # per key item: None, "slice" or "adv"
    basic: list[Any] = []
    advanced: list[tuple[int, Any]] = []  # (position in basic, index array)
    for item in items:
        if item is None:
            tokens.append(None)
        elif isinstance(item, slice):
            tokens.append("slice")
            basic.append(item)
        else:
            tokens.append("adv")
            advanced.append((len(basic), item))
            basic.append(slice(None))
    y = x[tuple(basic)]
    axes = [a for a, _ in advanced]
    index = np.broadcast_arrays(*(i for _, i in advanced))
    nb = index[0].ndim
    y = da.moveaxis(y, axes, list(range(len(axes))))
    if 0 in index[0].shape or 0 in y.shape:
        shape = index[0].shape + y.shape[len(axes) :]
        r = da.zeros(shape, dtype=x.dtype, chunks=-1)
    else:
        r = y[tuple(int(i) for i in index)] if nb == 0 else y.vindex[tuple(index)]
    positions = [i for i, t in enumerate(tokens) if t == "adv"]
    adjacent = positions == list(range(positions[0], positions[-1] + 1)) and consecutive
    order: list[Any] = []  # the result's axes, None for new ones
    rest = iter(range(nb, r.ndim))
    placed = False
    if not adjacent:
        order.extend(range(nb))
        placed = True
    for t in tokens:
        if t is None:
            order.append(None)
        elif t == "slice":
            order.append(next(rest))
        elif not placed:
            order.extend(range(nb))
            placed = True
    r = r.transpose([o for o in order if o is not None])
    return r[tuple(None if o is None else slice(None) for o in order)]
