"""Searching primitives of the TensorFlow driver: ``argmax``, ``argmin``, ``nonzero``,
``where``, ``searchsorted``, ``count_nonzero``.

``argmax``/``argmin`` are the smallest index whose value is the extremum (the first NaN
wins, as in NumPy), built from reductions rather than TF's ArgMax (whose kernel takes at
most 8 dimensions, ``support.MAX_KERNEL_RANK``).  ``searchsorted`` binary-searches the
sort key (``sorting.sort_key``), so it orders values exactly as ``sort`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_math_ops as gm

from .._base import Part
from . import support as S
from .sorting import sort_key
from .support import REAL_FLOATING, reduce_axes, truth

_select = S.select


class Searching(Part):
    """The searching primitives.  ``argmax``/``argmin`` use statistics' ``_extremum``."""

    _extremum: Callable[[Any, tuple[int, ...], bool, bool], Any]  # Statistics'

    def _arg_extremum(self, x: Any, axis: int | None, keepdims: bool, is_max: bool) -> Any:
        shape = S.static_shape(x)
        v = x
        if axis is None:
            v = ga.reshape(x, S.int_list((-1,)))
            ax = 0
        else:
            ax = axis
        m = self._extremum(v, (ax,), True, is_max)
        hit = gm.equal(v, m)
        if v.dtype in REAL_FLOATING:  # the first NaN wins, as in NumPy
            hit = gm.logical_or(hit, gm.logical_and(gm.not_equal(v, v), gm.not_equal(m, m)))
        n = S.static_shape(v)[ax]
        n_t = S.const(n, tf.int64) if n is not None else ga.shape(v, out_type=tf.int64)[ax]
        iota = S.iota(n_t)
        vshape = [1] * len(S.static_shape(v))
        vshape[ax] = -1
        iota = ga.reshape(iota, S.int_list(tuple(vshape)))
        idx = _select(hit, iota, ga.fill(S.int_list((1,) * len(vshape)), n_t))
        out = gm._min(idx, S.int_list((ax,)), axis is not None and keepdims)
        if axis is None and keepdims:
            out = ga.reshape(out, S.int_list((1,) * len(shape)))
        return out

    def argmax(self, x: Any, axis: int | None, keepdims: bool) -> Any:
        return self._arg_extremum(x, axis, keepdims, True)

    def argmin(self, x: Any, axis: int | None, keepdims: bool) -> Any:
        return self._arg_extremum(x, axis, keepdims, False)

    def nonzero(self, x: Any) -> tuple[Any, ...]:
        coords = S.where_coords(truth(x))
        return tuple(coords[:, i] for i in range(len(S.static_shape(x))))

    def where(self, condition: Any, x1: Any, x2: Any) -> Any:
        return _select(condition, x1, x2)

    def searchsorted(self, x1: Any, x2: Any, side: str, sorter: Any) -> Any:
        if sorter is not None:
            x1 = ga.gather_v2(x1, S.cast(sorter, tf.int64), S.const(0, tf.int64))
        k1, k2 = sort_key(x1), sort_key(x2)
        flat = ga.reshape(k2, S.int_list((1, -1)))
        op = ga.lower_bound if side == "left" else ga.upper_bound
        out = op(ga.reshape(k1, S.int_list((1, -1))), flat, out_type=tf.int64)
        return ga.reshape(out, ga.shape(x2, out_type=tf.int64))

    def count_nonzero(self, x: Any, axes: Any, keepdims: bool) -> Any:
        ones = S.cast(truth(x), tf.int64)
        return ones if axes == () else gm._sum(ones, reduce_axes(x, axes), keepdims)
