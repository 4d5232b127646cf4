"""Indexing primitives of the TensorFlow driver: ``getitem``, ``setitem``, ``take``,
``take_along_axis``.

Basic keys (ints, slices, ``None``, ``...``) become one ``StridedSlice`` (or
``TensorStridedSliceUpdate``) with cached index constants.  Keys with integer or boolean
arrays follow NumPy: booleans become the coordinates of their ``True`` elements, the
advanced indices are broadcast together and gathered with ``GatherNd`` (``GatherV2`` for
a single index array), and the broadcast dimensions go where NumPy puts them.  Updates
through such keys scatter into the flattened tensor (``TensorScatterUpdate``).

``basic_spec``, ``strided`` and ``basic_slice`` are also how the other chapters slice
(``flip`` beyond 8 dimensions, ``diagonal``, the FFTs' cropping).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.framework.ops import EagerTensor as _EagerTensor
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_math_ops as gm

from .._base import Part
from . import support as S

_EMPTY_SLICE = slice(None)


def _consecutive(key: tuple[Any, ...]) -> bool:
    """NumPy's test of whether a key's advanced items (ints, bools and index tensors) stay
    in place: no slice, None or Ellipsis between them, even an Ellipsis standing for no
    axes (``x[:, 0, ..., idx]`` of a 3-D ``x`` puts the index's axes first)."""
    kinds = [item.__class__ in (int, bool) or S.is_tensor(item) for item in key]
    first, last = kinds.index(True), len(kinds) - kinds[::-1].index(True)
    return all(kinds[first:last])


def basic_spec(key: tuple[Any, ...]) -> tuple[Any, ...] | None:
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


def strided(x: Any, spec: tuple[Any, ...]) -> Any:
    """``x[key]`` as one StridedSlice, ``spec`` being ``basic_spec(key)``."""
    b, e, s, bm, em, el, na, sh = spec
    return ga.strided_slice(x, b, e, s, bm, em, el, na, sh)


_MAX_STRIDED = S.MAX_KERNEL_RANK  # StridedSlice and ReverseV2 take at most 8 dimensions


def _too_many_dims(x: Any, key: tuple[Any, ...]) -> bool:
    rank = x.shape.rank or 0
    return rank + sum(item is None for item in key) > _MAX_STRIDED


def basic_slice(x: Any, key: tuple[Any, ...]) -> Any:
    """``x[key]`` for a basic key (ints, slices, None, Ellipsis), any number of dims."""
    if not _too_many_dims(x, key):
        if not key:
            return x
        spec = basic_spec(key)
        assert spec is not None  # a basic key has one
        return strided(x, spec)
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


def _scalar_indices(key: tuple[Any, ...]) -> tuple[Any, ...]:
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


def _host_element(x: Any, key: tuple[Any, ...]) -> Any:
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


def _may_repeat(key: tuple[Any, ...]) -> bool:
    """Whether ``key`` can select a position twice: an integer index array."""
    return any(isinstance(k, (tf.Tensor, tf.Variable)) and k.dtype.is_integer for k in key)


def _last_writes_differentiate(value: Any, where: Any, size: Any) -> Any:
    """``value`` with the gradient stopped for each entry a later one overwrites: the
    scatter keeps the last of repeated positions (NumPy's sequential assignment), but
    its registered gradient gave every repeat its position's gradient."""
    n = S.size_of(value)
    order = S.iota(n)
    last = ga.tensor_scatter_max(ga.fill(ga.reshape(size, S.int_list((1,))), S.const(-1, tf.int64)),
                                 where, order)  # fmt: skip
    won = gm.equal(ga.gather_v2(last, ga.reshape(where, S.int_list((-1,))), S.const(0, tf.int64)),
                   order)  # fmt: skip
    return S.select(won, value, ga.stop_gradient(value))


class Indexing(Part):
    """``getitem``, ``setitem``, ``take``, ``take_along_axis``.  Advanced keys use the
    manipulation chapter's ``expand_dims`` and ``broadcast_to``."""

    def getitem(self, x: Any, key: tuple[Any, ...]) -> Any:
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
        spec = basic_spec(key)
        if spec is not None:
            if not key:
                return x
            return basic_slice(x, key) if _too_many_dims(x, key) else strided(x, spec)
        return self._advanced(x, key)

    def _expand_key(self, x: Any, key: tuple[Any, ...]) -> tuple[Any, list[Any]]:
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

    def _advanced(self, x: Any, key: tuple[Any, ...]) -> Any:
        x, items = self._expand_key(x, key)
        positions = [i for i, it in enumerate(items) if it.__class__ is not slice]
        if any(it is not _EMPTY_SLICE for it in items if it.__class__ is slice):
            x = basic_slice(x, tuple(it if it.__class__ is slice else _EMPTY_SLICE for it in items))
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
        if 0 in S.static_shape(x):  # gather_nd refuses empty params, even for an empty
            # result (x[mask] with x of shape (1, 1, 0)): the result is empty too, any
            # coordinates pointing into an empty axis being out of range
            batch = ga.shape(index[0], out_type=tf.int64)
            tail = ga.shape(x, out_type=tf.int64)[len(index) :]
            out = ga.reshape(x, ga.concat_v2([batch, tail], 0))
        else:
            out = ga.gather_nd(x, ga.pack(index, axis=-1))
        first = positions[0]
        together = positions == list(range(first, first + len(positions)))
        if together and first > 0 and _consecutive(key):
            order = [nb + i for i in range(first)] + list(range(nb))
            order += [nb + i for i in range(first, len(rest))]
            out = ga.transpose(out, S.int_list(tuple(order)))
        return out

    def setitem(self, x: Any, key: tuple[Any, ...], value: Any) -> Any:
        key = _scalar_indices(key)
        spec = basic_spec(key)
        if spec is not None and not _too_many_dims(x, key):
            if all(item is Ellipsis for item in key):
                return self._broadcast_like(value, x)
            value = self._broadcast_like(value, strided(x, spec))
            return ga.tensor_strided_slice_update(x, *spec[:3], value, *spec[3:])
        # the flat positions the key selects, then one scatter into the flattened x
        shape = ga.shape(x, out_type=tf.int64)
        positions = ga.reshape(S.iota(S.size_of(x)), shape)
        # a basic key here has more than the strided kernels' 8 dims (new axes): axis by
        # axis (it has no index array for _advanced: x[:, None, :, None, ...] = v raised)
        selected = (
            basic_slice(positions, key) if spec is not None else self._advanced(positions, key)
        )
        value = ga.reshape(self._broadcast_like(value, selected), S.int_list((-1,)))
        flat = ga.reshape(x, S.int_list((-1,)))
        where = ga.reshape(selected, S.int_list((-1, 1)))
        if _may_repeat(key) and not (tf.executing_eagerly() and _no_tape()):
            value = _last_writes_differentiate(value, where, S.size_of(x))
        return ga.reshape(ga.tensor_scatter_update(flat, where, value), shape)

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
        inv = None  # the permutation back, if ``axis`` is moved last
        if axis != last:
            perm = (*(i for i in range(ndim) if i != axis), axis)
            x = ga.transpose(x, S.int_list(perm))
            indices = ga.transpose(indices, S.int_list(perm))
            inv = tuple(np.argsort(perm))
        out = ga.gather_v2(x, indices, S.const(last, tf.int64), batch_dims=last)
        if inv is not None:
            out = ga.transpose(out, S.int_list(inv))
        return out
