"""Manipulation primitives of the TensorFlow driver: ``reshape``, ``permute_dims``,
``broadcast_to``, ``concat``, ``stack``, ``expand_dims``, ``squeeze``, ``flip``, ``roll``,
``repeat``, ``tile``.

Each is one TF op where TF's kernel does what the standard says; the workarounds are for
kernel limits (``BroadcastTo`` beyond 5 dimensions, ``ReverseV2`` beyond 8, ``Tile``'s
missing dtypes) and for TF ops whose empty arguments mean "all" (``Squeeze``).
"""

from __future__ import annotations

from typing import Any, cast

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_manip_ops
from tensorflow.python.ops import gen_math_ops as gm

from .._base import Part
from . import support as S
from .indexing import basic_slice

_EMPTY_SLICE = slice(None)
_MAX_REVERSE = S.MAX_KERNEL_RANK  # ReverseV2 takes at most 8 dimensions


class Manipulation(Part):
    """The manipulation primitives, and ``stack`` (a native fast path of core's composite)."""

    def reshape(self, x: Any, shape: tuple[int, ...], copy: bool | None) -> Any:
        out = ga.reshape(x, S.int_list(tuple(shape)))
        return S.fresh(out) if copy else out

    def permute_dims(self, x: Any, axes: tuple[int, ...]) -> Any:
        return ga.transpose(x, S.int_list(tuple(axes)))

    def broadcast_to(self, x: Any, shape: tuple[int | None, ...]) -> Any:
        have = S.static_shape(x)
        if len(shape) > 5 and None not in have:
            # TF's BroadcastTo kernel refuses some broadcasts of more than 5 dimensions
            # ("not supported yet"): pad the rank, then tile the size-1 axes.
            padded = (1,) * (len(shape) - len(have)) + tuple(have)
            reps = tuple(t if p == 1 else 1 for p, t in zip(padded, shape, strict=True))
            return self.tile(ga.reshape(x, S.int_list(padded)), cast("tuple[int, ...]", reps))
        return ga.broadcast_to(x, S.int_list(tuple(shape)))

    def concat(self, xs: list[Any], axis: int) -> Any:
        if len(xs) == 1:
            return xs[0]
        return ga.concat_v2(list(xs), S.const(axis, tf.int32))  # int32: see S.axis_list

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
        if x.shape.rank > _MAX_REVERSE:
            key = tuple(
                slice(None, None, -1) if i in axes else _EMPTY_SLICE for i in range(x.shape.rank)
            )
            return basic_slice(x, key)
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
