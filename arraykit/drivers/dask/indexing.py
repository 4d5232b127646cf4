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

from typing import Any

import dask.array as da
import numpy as np

from ._blocks import known, meta


def _is_array(item: Any) -> bool:
    return isinstance(item, (da.Array, np.ndarray))


def _expand(key: tuple, ndim: int) -> list:
    """``key`` without Ellipsis: as many slices as the axes it stands for."""
    used = sum(
        (item.ndim if _is_array(item) and item.dtype == bool else 1)
        for item in key
        if item is not None and item is not Ellipsis
    )
    out: list = []
    for item in key:
        if item is Ellipsis:
            out.extend([slice(None)] * (ndim - used))
        else:
            out.append(item)
    return out


class Indexing:
    """``getitem``, ``setitem`` (a new graph), ``take``, ``take_along_axis``."""

    def getitem(self, x: da.Array, key: tuple) -> da.Array:
        arrays = [k for k in key if _is_array(k)]
        if not arrays:
            return x[key]
        ints = any(k.__class__ is int for k in key)
        if len(arrays) == 1 and not ints:
            a = arrays[0]
            rest_full = all(k is Ellipsis or k == slice(None) for k in key if k is not a)
            if a.dtype != bool and a.ndim <= 1:
                return x[key]
            if a.dtype == bool and (a.ndim == 1 or (a.ndim == x.ndim and rest_full)):
                return x[key]
        return _advanced(x, key)

    def setitem(self, x: da.Array, key: tuple, value: da.Array) -> da.Array:
        items = [k for k in key if k is not None]
        arrays = [k for k in items if _is_array(k)]
        if arrays:
            a = arrays[0]
            lazy = len(arrays) == 1 and (
                (a.dtype == bool and a.ndim == x.ndim and len(items) == 1)
                or (a.dtype != bool and a.ndim == 1 and not any(k.__class__ is int for k in items))
            )
            if not lazy:
                raise TypeError(
                    "__setitem__: the Dask driver assigns lazily to basic indices, one 1-D "
                    "integer index array beside slices, or a boolean mask shaped like the "
                    f"array; not to this key ({len(arrays)} index array(s) of "
                    f"{[k.ndim for k in arrays]} dimensions"
                    + (", with integers" if any(k.__class__ is int for k in items) else "")
                    + "): use ak.where, or compute the array (np.asarray) and index that"
                )
        known(x, "__setitem__")
        out = x.copy()  # a new Dask array object: dask's __setitem__ rewrites its graph
        try:
            out[tuple(items)] = value
        except (NotImplementedError, IndexError, ValueError) as e:
            raise TypeError(f"__setitem__: Dask cannot assign to this key lazily: {e}") from e
        return out

    def take(self, x: da.Array, indices: da.Array, axis: int) -> da.Array:
        return da.take(x, indices, axis=axis)

    def take_along_axis(self, x: da.Array, indices: da.Array, axis: int) -> da.Array:
        known(x, "take_along_axis")
        known(indices, "take_along_axis")
        shape = tuple(
            n if i == axis else max(n, m)
            for i, (n, m) in enumerate(zip(x.shape, indices.shape, strict=True))
        )
        xs = da.broadcast_to(x, shape[:axis] + (x.shape[axis],) + shape[axis + 1 :])
        ix = da.broadcast_to(indices, shape[:axis] + (indices.shape[axis],) + shape[axis + 1 :])
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


def _advanced(x: da.Array, key: tuple) -> da.Array:
    """NumPy's advanced indexing: the index arrays computed, the gather lazy."""
    known(x, "__getitem__ with index arrays")
    items: list = []
    for item in _expand(key, x.ndim):
        if _is_array(item):
            host = np.asarray(item.compute() if isinstance(item, da.Array) else item)
            items.extend(np.nonzero(host) if host.dtype == bool else [host])
        elif item.__class__ is int:
            items.append(np.asarray(item))
        else:
            items.append(item)
    tokens = []  # per key item: None, ("slice", j) or "adv"
    basic = []
    advanced = []
    for item in items:
        if item is None:
            tokens.append(None)
        elif isinstance(item, slice):
            tokens.append("slice")
            basic.append(item)
        else:
            tokens.append("adv")
            advanced.append(len(basic))
            basic.append(slice(None))
            advanced[-1] = (advanced[-1], item)
    y = x[tuple(basic)]
    axes = [a for a, _ in advanced]
    index = np.broadcast_arrays(*(i for _, i in advanced))
    nb = index[0].ndim
    y = da.moveaxis(y, axes, list(range(len(axes))))
    if 0 in index[0].shape or 0 in y.shape:
        shape = index[0].shape + y.shape[len(axes) :]
        r = da.zeros(shape, dtype=x.dtype, chunks=-1)
    else:
        r = y.vindex[tuple(index)]
    positions = [i for i, t in enumerate(tokens) if t == "adv"]
    adjacent = positions == list(range(positions[0], positions[-1] + 1))
    order: list = []  # the result's axes, None for new ones
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
