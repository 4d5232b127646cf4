"""Indexing, creation and manipulation primitives of the TensorFlow driver.

Basic keys (ints, slices, ``None``, ``...``) become one ``StridedSlice`` (or
``TensorStridedSliceUpdate``) with cached index constants.  Keys with integer or boolean
arrays follow NumPy: booleans become the coordinates of their ``True`` elements, the
advanced indices are broadcast together and gathered with ``GatherNd`` (``GatherV2`` for
a single index array), and the broadcast dimensions go where NumPy puts them.  Updates
through such keys scatter into the flattened tensor (``TensorScatterUpdate``).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.framework.ops import EagerTensor as _EagerTensor
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_manip_ops
from tensorflow.python.ops import gen_math_ops as gm

from ..._devices import Device
from . import support as S
from .support import TF_OF

_EMPTY_SLICE = slice(None)


def _basic_spec(key: tuple) -> tuple | None:
    """StridedSlice arguments for a key of ints, slices, None and Ellipsis; else None."""
    begin, end, strides = [], [], []
    bmask = emask = ellipsis = newaxis = shrink = 0
    for i, item in enumerate(key):
        cls = item.__class__
        bit = 1 << i
        if cls is int:
            begin.append(item)
            end.append(item + 1)
            strides.append(1)
            shrink |= bit
        elif cls is slice:
            start, stop, step = item.start, item.stop, item.step
            if start is None:
                bmask |= bit
                start = 0
            if stop is None:
                emask |= bit
                stop = 0
            begin.append(start)
            end.append(stop)
            strides.append(1 if step is None else step)
        elif item is None:
            newaxis |= bit
            begin.append(0)
            end.append(0)
            strides.append(1)
        elif item is Ellipsis:
            ellipsis |= bit
            begin.append(0)
            end.append(0)
            strides.append(1)
        else:
            return None
    return (
        S.int_list(tuple(begin)),
        S.int_list(tuple(end)),
        S.int_list(tuple(strides)),
        bmask,
        emask,
        ellipsis,
        newaxis,
        shrink,
    )


def _strided(x: Any, spec: tuple) -> Any:
    b, e, s, bm, em, el, na, sh = spec
    return ga.strided_slice(x, b, e, s, bm, em, el, na, sh)


_MAX_STRIDED = S.MAX_KERNEL_RANK  # StridedSlice and ReverseV2 take at most 8 dimensions


def _too_many_dims(x: Any, key: tuple) -> bool:
    rank = x.shape.rank or 0
    return rank + sum(item is None for item in key) > _MAX_STRIDED


def _slice(x: Any, key: tuple) -> Any:
    """``x[key]`` for a basic key (ints, slices, None, Ellipsis), any number of dims."""
    if not _too_many_dims(x, key):
        return _strided(x, _basic_spec(key)) if key else x
    # axis by axis with GatherV2, which takes any rank
    ndim = x.shape.rank
    consumed = sum(item is not None and item is not Ellipsis for item in key)
    items: list[Any] = []
    for item in key:
        items.extend([_EMPTY_SLICE] * (ndim - consumed) if item is Ellipsis else [item])
    axis = 0
    for item in items:
        if item is None:
            x = ga.expand_dims(x, S.const(axis, tf.int64))
            axis += 1
        elif item.__class__ is int:
            x = ga.gather_v2(x, S.const(item, tf.int64), S.const(axis, tf.int64))
        else:
            n = S.static_shape(x)[axis]
            if item != _EMPTY_SLICE:
                idx = tuple(range(*item.indices(n)))
                x = ga.gather_v2(x, S.const(idx, tf.int64), S.const(axis, tf.int64))
            axis += 1
    return x


_no_tape = S.no_tape  # also covers forward accumulators (jvp)


def _scalar_indices(key: tuple) -> tuple:
    """0-d eager integer tensors in ``key`` as Python ints (core has bounds-checked them):
    keys such as ``x[i, j]`` with array scalars then take the basic-indexing path."""
    if all(item.__class__ is not _EagerTensor for item in key):
        return key
    return tuple(
        int(item._numpy())
        if item.__class__ is _EagerTensor and item.dtype != tf.bool and item.shape.rank == 0
        else item
        for item in key
    )


_DT_BOOL = tf.bool.as_datatype_enum


def _host_element(x: Any, key: tuple) -> Any:
    """``x[i, j, ...]`` (one index per axis: ints or 0-d eager integer tensors) of a tensor
    in host memory, read from host memory: half the cost of an op.  None where it does not
    apply, and while a GradientTape records (it must see an op)."""
    ints = []
    for k in key:
        cls = k.__class__
        if cls is int:
            ints.append(k)
        elif cls is _EagerTensor and k._datatype_enum() != _DT_BOOL and not k._shape_tuple():
            ints.append(int(k._numpy()))
        else:
            return None
    if "CPU" not in x.device or not _no_tape():
        return None
    return _EagerTensor(x._numpy()[tuple(ints)], x.device, x._datatype_enum())


class ArraysMixin:
    """Indexing, creation and manipulation primitives."""

    # ------------------------------------------------------------------ indexing
    def getitem(self, x: Any, key: tuple) -> Any:
        if len(key) == 1 and key[0].__class__ is int and S.rank(x) <= _MAX_STRIDED:  # x[i]
            i = key[0]
            return ga.strided_slice(
                x, S.int_list((i,)), S.int_list((i + 1,)), S.int_list((1,)), shrink_axis_mask=1
            )
        if x.__class__ is _EagerTensor and len(key) == len(x._shape_tuple()):
            element = _host_element(x, key)
            if element is not None:
                return element
        key = _scalar_indices(key)
        spec = _basic_spec(key)
        if spec is not None:
            if not key:
                return x
            return _slice(x, key) if _too_many_dims(x, key) else _strided(x, spec)
        return self._advanced(x, key)

    def _expand_key(self, x: Any, key: tuple) -> tuple[Any, list]:
        """``x`` with the key's new axes inserted, and one index item per axis of it:
        a slice, or an int64 index tensor (ints become 0-d ones: they are advanced
        indices when arrays are present)."""
        ndim = len(S.static_shape(x))
        consumed = 0
        for item in key:
            if S.is_tensor(item):
                consumed += item.shape.rank if item.dtype == tf.bool else 1
            elif item is not None and item is not Ellipsis and item.__class__ is not bool:
                consumed += 1
        items: list[Any] = []
        new_axes: list[int] = []
        for item in key:
            if item is Ellipsis:
                items.extend([_EMPTY_SLICE] * (ndim - consumed))
            elif item is None:
                new_axes.append(len(items))
                items.append(_EMPTY_SLICE)
            elif item.__class__ is bool:  # a new axis, indexed by [0] or []
                new_axes.append(len(items))
                items.append(S.const((0,) if item else (), tf.int64, x.device))
            elif item.__class__ is int:
                items.append(S.const(item, tf.int64, x.device))
            elif item.__class__ is slice:
                items.append(item)
            elif item.dtype == tf.bool:
                if item.shape.rank == 0:
                    new_axes.append(len(items))
                    items.append(S.where_coords(ga.reshape(item, S.int_list((1,))))[:, 0])
                else:
                    coords = S.where_coords(item)
                    items.extend(coords[:, j] for j in range(item.shape.rank))
            else:
                items.append(S.cast(item, tf.int64))
        if not any(item is Ellipsis for item in key):
            items.extend([_EMPTY_SLICE] * (ndim - consumed))
        if new_axes:
            x = self.expand_dims(x, tuple(new_axes))
        return x, items

    def _advanced(self, x: Any, key: tuple) -> Any:
        x, items = self._expand_key(x, key)
        positions = [i for i, it in enumerate(items) if it.__class__ is not slice]
        if any(it is not _EMPTY_SLICE for it in items if it.__class__ is slice):
            x = _slice(x, tuple(it if it.__class__ is slice else _EMPTY_SLICE for it in items))
        index = [items[p] for p in positions]
        if len(index) == 1 and index[0].shape.rank >= 1:
            return ga.gather_v2(x, index[0], S.const(positions[0], tf.int64))
        shapes = [tuple(i.shape.as_list()) for i in index]
        if all(None not in s for s in shapes):
            bshape = tuple(np.broadcast_shapes(*shapes))
            index = [
                i if s == bshape else self.broadcast_to(i, bshape)
                for i, s in zip(index, shapes, strict=True)
            ]
        else:
            dyn = ga.shape(index[0], out_type=tf.int64)
            for i in index[1:]:
                dyn = ga.broadcast_args(dyn, ga.shape(i, out_type=tf.int64))
            index = [ga.broadcast_to(i, dyn) for i in index]
        nb = index[0].shape.rank
        ndim = len(items)
        rest = [i for i in range(ndim) if i not in positions]
        perm = positions + rest
        if perm != list(range(ndim)):
            x = ga.transpose(x, S.int_list(tuple(perm)))
        out = ga.gather_nd(x, ga.pack(index, axis=-1))
        first = positions[0]
        if positions == list(range(first, first + len(positions))) and first > 0:
            order = [nb + i for i in range(first)] + list(range(nb))
            order += [nb + i for i in range(first, len(rest))]
            out = ga.transpose(out, S.int_list(tuple(order)))
        return out

    def setitem(self, x: Any, key: tuple, value: Any) -> Any:
        key = _scalar_indices(key)
        spec = _basic_spec(key)
        if spec is not None and not _too_many_dims(x, key):
            if all(item is Ellipsis for item in key):
                return self._broadcast_like(value, x)
            value = self._broadcast_like(value, _strided(x, spec))
            return ga.tensor_strided_slice_update(x, *spec[:3], value, *spec[3:])
        # the flat positions the key selects, then one scatter into the flattened x
        shape = ga.shape(x, out_type=tf.int64)
        positions = ga.reshape(S.iota(S.size_of(x)), shape)
        selected = self._advanced(positions, key)
        value = self._broadcast_like(value, selected)
        flat = ga.reshape(x, S.int_list((-1,)))
        updated = ga.tensor_scatter_update(
            flat,
            ga.reshape(selected, S.int_list((-1, 1))),
            ga.reshape(value, S.int_list((-1,))),
        )
        return ga.reshape(updated, shape)

    def _broadcast_like(self, value: Any, target: Any) -> Any:
        shape = S.static_shape(target)
        if None in shape:
            return ga.broadcast_to(value, ga.shape(target, out_type=tf.int64))
        if S.static_shape(value) == shape:
            return value
        return ga.broadcast_to(value, S.int_list(shape))

    def take(self, x: Any, indices: Any, axis: int) -> Any:
        return ga.gather_v2(x, S.cast(indices, tf.int64), S.const(axis, tf.int64))

    def take_along_axis(self, x: Any, indices: Any, axis: int) -> Any:
        ndim = len(S.static_shape(x))
        xs, ish = list(S.static_shape(x)), list(S.static_shape(indices))
        out_x, out_i = list(xs), list(ish)
        for i in range(ndim):
            if i != axis:
                n = ish[i] if xs[i] == 1 else xs[i]
                out_x[i] = out_i[i] = n
        if out_x != xs:
            x = ga.broadcast_to(x, S.int_list(tuple(out_x)))
        indices = S.cast(indices, tf.int64)
        if out_i != ish:
            indices = ga.broadcast_to(indices, S.int_list(tuple(out_i)))
        last = ndim - 1
        if axis != last:
            perm = (*(i for i in range(ndim) if i != axis), axis)
            x = ga.transpose(x, S.int_list(perm))
            indices = ga.transpose(indices, S.int_list(perm))
        out = ga.gather_v2(x, indices, S.const(last, tf.int64), batch_dims=last)
        if axis != last:
            inv = tuple(np.argsort(perm))
            out = ga.transpose(out, S.int_list(inv))
        return out

    # ------------------------------------------------------------------ creation
    def arange(self, start: Any, stop: Any, step: Any, dtype: np.dtype, device: Device) -> Any:
        n = max(math.ceil((stop - start) / step), 0)
        tfd = TF_OF[dtype]
        if dtype.kind in "iu":
            # int64 arithmetic wraps like the target dtype: exact for uint64 too
            wrap = lambda v: (int(v) + 2**63) % 2**64 - 2**63  # noqa: E731
            idx = S.iota(n)
            vals = gm.add_v2(
                gm.mul(idx, S.const(wrap(step), tf.int64)), S.const(wrap(start), tf.int64)
            )
            return S.cast(vals, tfd)
        idx = S.cast(S.iota(n), tf.float64)  # start + i * step in float64, as NumPy
        vals = gm.add_v2(
            gm.mul(idx, S.const(float(step), tf.float64)), S.const(float(start), tf.float64)
        )
        return S.cast(vals, tfd)

    def full(self, shape: tuple[int, ...], fill_value: Any, dtype: np.dtype, device: Device) -> Any:
        value = self._scalar(fill_value, TF_OF[dtype], device)
        return ga.fill(S.int_list(tuple(shape)), value)

    def empty(self, shape: tuple[int, ...], dtype: np.dtype, device: Device) -> Any:
        return self.full(shape, False, dtype, device)

    def eye(self, n_rows: int, n_cols: int, k: int, dtype: np.dtype, device: Device) -> Any:
        k = max(min(k, n_cols), -n_rows)  # beyond the matrix: no ones (and no int64 overflow)
        rows = S.iota(k + n_rows, k)
        mask = gm.equal(ga.expand_dims(rows, S.const(1, tf.int64)), S.iota(n_cols))
        return S.cast(mask, TF_OF[dtype])

    def linspace(
        self, start: Any, stop: Any, num: int, endpoint: bool, dtype: np.dtype, device: Device
    ) -> Any:
        # NumPy's algorithm, in float64 (complex128) on the device
        work = tf.complex128 if dtype.kind == "c" else tf.float64
        cast = complex if dtype.kind == "c" else float
        start, stop = cast(start), cast(stop)
        div = (num - 1) if endpoint else num
        delta = stop - start
        idx = S.cast(S.iota(num), work)
        if div > 0:
            step = delta / div
            if step == 0:
                y = gm.mul(gm.real_div(idx, S.const(cast(div), work)), S.const(delta, work))
            else:
                y = gm.mul(idx, S.const(step, work))
        else:
            y = gm.mul(idx, S.const(delta, work))
        y = gm.add_v2(y, S.const(start, work))
        if endpoint and num > 1:
            y = ga.concat_v2([y[:-1], ga.reshape(S.const(stop, work), S.int_list((1,)))],
                             S.const(0, tf.int64))  # fmt: skip
        return S.cast(y, TF_OF[dtype])

    def _tri(self, x: Any, k: int, lower: bool) -> Any:
        n, m = S.static_shape(x)[-2:]
        if n is None or m is None:
            shape = ga.shape(x, out_type=tf.int64)
            n, m_k = shape[-2], gm.sub(shape[-1], S.const(k, tf.int64))
        else:
            m_k = m - k
        rows = ga.expand_dims(S.iota(n), S.const(1, tf.int64))
        cols = S.iota(m_k, -k)  # column j - k: keep j - k <= i (tril), >= i (triu)
        mask = gm.greater_equal(rows, cols) if lower else gm.less_equal(rows, cols)
        return S.select(mask, x, S.zeros_like(x))

    def tril(self, x: Any, k: int) -> Any:
        return self._tri(x, k, True)

    def triu(self, x: Any, k: int) -> Any:
        return self._tri(x, k, False)

    # ------------------------------------------------------------------ manipulation
    def reshape(self, x: Any, shape: tuple[int, ...], copy: bool | None) -> Any:
        out = ga.reshape(x, S.int_list(tuple(shape)))
        return S.fresh(out) if copy else out

    def permute_dims(self, x: Any, axes: tuple[int, ...]) -> Any:
        return ga.transpose(x, S.int_list(tuple(axes)))

    def broadcast_to(self, x: Any, shape: tuple[int, ...]) -> Any:
        have = S.static_shape(x)
        if len(shape) > 5 and None not in have:
            # TF's BroadcastTo kernel refuses some broadcasts of more than 5 dimensions
            # ("not supported yet"): pad the rank, then tile the size-1 axes.
            padded = (1,) * (len(shape) - len(have)) + tuple(have)
            reps = tuple(t if p == 1 else 1 for p, t in zip(padded, shape, strict=True))
            return self.tile(ga.reshape(x, S.int_list(padded)), reps)
        return ga.broadcast_to(x, S.int_list(tuple(shape)))

    def concat(self, xs: list[Any], axis: int) -> Any:
        if len(xs) == 1:
            return xs[0]
        return ga.concat_v2(list(xs), S.const(axis, tf.int64))

    def stack(self, xs: list[Any], axis: int) -> Any:
        return ga.pack(list(xs), axis=axis)

    def expand_dims(self, x: Any, axes: tuple[int, ...]) -> Any:
        shape = list(S.static_shape(x))
        if None not in shape:
            for a in axes:
                shape.insert(a, 1)
            return ga.reshape(x, S.int_list(tuple(shape)))
        for a in axes:
            x = ga.expand_dims(x, S.const(a, tf.int64))
        return x

    def squeeze(self, x: Any, axes: tuple[int, ...]) -> Any:
        if not axes:  # TF's Squeeze with no axes would drop every size-1 axis
            return x
        return ga.squeeze(x, axis=list(axes))

    def flip(self, x: Any, axes: tuple[int, ...]) -> Any:
        if not axes:
            return x
        if x.shape.rank > _MAX_STRIDED:
            key = tuple(
                slice(None, None, -1) if i in axes else _EMPTY_SLICE for i in range(x.shape.rank)
            )
            return _slice(x, key)
        return ga.reverse_v2(x, S.int_list(tuple(axes)))

    def roll(self, x: Any, shifts: tuple[int, ...], axes: tuple[int, ...]) -> Any:
        if not axes:
            return x
        return gen_manip_ops.roll(x, S.int_list(tuple(shifts)), S.int_list(tuple(axes)))

    def repeat(self, x: Any, repeats: Any, axis: int) -> Any:
        n = S.static_shape(x)[axis]
        if repeats.__class__ is int:
            if n is None:
                n = ga.shape(x, out_type=tf.int64)[axis]
            total = n * repeats if isinstance(n, int) else gm.mul(S.const(repeats, tf.int64), n)
            idx = gm.floor_div(S.iota(total), S.const(max(repeats, 1), tf.int64))
        else:
            counts = S.cast(repeats, tf.int64)
            ends = gm.cumsum(counts, S.const(0, tf.int64))
            total = gm._sum(counts, S.int_list((0,)), False)
            seq = S.iota(total)
            row = S.int_list((1, -1))
            idx = ga.upper_bound(ga.reshape(ends, row), ga.reshape(seq, row), out_type=tf.int64)
            idx = idx[0]
        return ga.gather_v2(x, idx, S.const(axis, tf.int64))

    def tile(self, x: Any, reps: tuple[int, ...]) -> Any:
        shape = (1,) * (len(reps) - x.shape.rank) + S.static_shape(x)
        if None in shape:  # unknown sizes (inside tf.function): TF's Tile kernel
            x = self.expand_dims(x, tuple(range(len(reps) - x.shape.rank)))
            return ga.tile(x, S.int_list(tuple(reps)))
        out = tuple(r * s for r, s in zip(reps, shape, strict=True))
        # TF's Tile kernel lacks several dtypes (uint16, ...): broadcast interleaved axes,
        # or (beyond BroadcastTo's 8 distinct dims) gather each tiled axis
        if 2 * len(shape) <= S.MAX_KERNEL_RANK:
            inter = tuple(v for s in shape for v in (1, s))
            target = tuple(v for r, s in zip(reps, shape, strict=True) for v in (r, s))
            y = ga.broadcast_to(ga.reshape(x, S.int_list(inter)), S.int_list(target))
            return ga.reshape(y, S.int_list(out))
        x = ga.reshape(x, S.int_list(shape))
        for axis, (r, s) in enumerate(zip(reps, shape, strict=True)):
            if r != 1:
                idx = S.const(tuple(i % s for i in range(r * s)) if s else (), tf.int64)
                x = ga.gather_v2(x, idx, S.const(axis, tf.int64))
        return x
