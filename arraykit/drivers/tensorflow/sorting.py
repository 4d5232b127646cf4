"""Sorting primitives of the TensorFlow driver: ``sort`` and ``argsort``, and the sort key
the searching and set primitives share.

Ordering uses one device-side building block: every real dtype maps to a signed integer
*sort key* whose order is the standard's (``-0.0`` equals ``0.0``, NaN sorts last), and
``TopKV2`` over the key gives a stable sort (TF documents that equal values come out in
index order; ascending order sorts the bitwise complement of the key, which reverses the
order and keeps ties tied).  ``sort``, ``argsort``, ``searchsorted``, ``unique_*`` and
``isin`` are built on it, so they agree with each other on every device and dtype.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_bitwise_ops as gb
from tensorflow.python.ops import gen_math_ops as gm
from tensorflow.python.ops import gen_nn_ops

from .._base import Part
from . import support as S
from .support import REAL_FLOATING, u64_key

_select = S.select


def sort_key(x: Any) -> Any:
    """A signed-integer tensor ordered as the standard orders ``x`` (real dtypes)."""
    d = x.dtype
    if d in REAL_FLOATING:
        # integer ops only: TF's CPU kernels flush subnormals to zero in float compares
        it = S.INT_OF_FLOAT[d]
        bits = it.size * 8
        dev = x.device
        mag = S.const(2 ** (bits - 1) - 1, it, dev)
        inf = S.const(S.INF_BITS[d], it, dev)
        b = ga.bitcast(x, it)
        a = gb.bitwise_and(b, mag)
        zero = S.zeros_like(b)
        b = _select(gm.equal(a, zero), zero, b)  # -0.0 -> +0.0
        b = _select(gm.greater(a, inf), gm.add_v2(inf, S.const(1, it, dev)), b)  # one NaN, last
        return _select(gm.less(b, zero), gb.bitwise_xor(b, mag), b)
    if d == tf.uint64:
        return u64_key(x)
    if d in (tf.int64, tf.int32):
        return x
    if d == tf.uint32:
        return S.cast(x, tf.int64)
    return S.cast(x, tf.int32)  # bool, int8/16, uint8/16


class Sorting(Part):
    """``sort`` and ``argsort``; ``_topk`` and ``_argsort_last`` also serve the sets."""

    _k: S.KernelTable  # the driver's (set in its __init__)

    def _init_sorting(self) -> None:
        """The dtypes TopKV2 runs on, on every device type in use (``_topk`` sorts any
        other on the host)."""
        self._topk_native = self._k.native("TopKV2")

    def _topk(self, key: Any, n: Any) -> tuple[Any, Any]:
        """Descending, stable TopK over the last axis of ``key`` (all ``n`` elements)."""
        k = n if not isinstance(n, int) else S.const(n, tf.int32)
        if key.dtype in self._topk_native:
            pair: tuple[Any, Any] = gen_nn_ops.top_kv2(key, S.cast(k, tf.int32), sorted=True)
            return pair
        dev = key.device  # no kernel here (a GPU without int64 TopK): sort on the host
        with tf.device("/device:CPU:0"):
            values, idx = gen_nn_ops.top_kv2(key, S.cast(k, tf.int32), sorted=True)
        with tf.device(dev):
            return ga.identity(values), ga.identity(idx)

    def _argsort_last(self, key: Any, descending: bool) -> Any:
        """Indices (int64) that stably sort ``key`` (a sort key) along its last axis."""
        n = S.static_shape(key)[-1]
        if n is None:
            n = ga.shape(key, out_type=tf.int64)[-1]
        elif n == 0:
            return S.cast(key, tf.int64)
        if not descending:
            key = gb.invert(key)
        return S.cast(self._topk(key, n)[1], tf.int64)

    def _to_last(self, x: Any, axis: int) -> tuple[Any, tuple[int, ...] | None]:
        ndim = len(S.static_shape(x))
        if axis == ndim - 1:
            return x, None
        perm = (*(i for i in range(ndim) if i != axis), axis)
        return ga.transpose(x, S.int_list(perm)), perm

    def _from_last(self, x: Any, perm: tuple[int, ...] | None) -> Any:
        if perm is None:
            return x
        return ga.transpose(x, S.int_list(tuple(int(i) for i in np.argsort(perm))))

    def argsort(self, x: Any, axis: int, descending: bool, stable: bool, kind: Any) -> Any:
        if len(S.static_shape(x)) == 0:
            return S.zeros_like(S.cast(x, tf.int64))
        xt, perm = self._to_last(x, axis)
        return self._from_last(self._argsort_last(sort_key(xt), descending), perm)

    def sort(self, x: Any, axis: int, descending: bool, stable: bool, kind: Any) -> Any:
        if len(S.static_shape(x)) == 0:
            return x
        xt, perm = self._to_last(x, axis)
        idx = self._argsort_last(sort_key(xt), descending)
        nd = len(S.static_shape(xt))
        out = ga.gather_v2(xt, idx, S.const(nd - 1, tf.int64), batch_dims=nd - 1)
        return self._from_last(out, perm)
