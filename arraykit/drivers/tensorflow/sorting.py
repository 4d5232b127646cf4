"""Searching, sorting, set and statistical primitives of the TensorFlow driver.

Ordering uses one device-side building block: every real dtype maps to a signed integer
*sort key* whose order is the standard's (``-0.0`` equals ``0.0``, NaN sorts last), and
``TopKV2`` over the key gives a stable sort (TF documents that equal values come out in
index order; ascending order sorts the bitwise complement of the key, which reverses the
order and keeps ties tied).  ``sort``, ``argsort``, ``searchsorted``, ``unique_*`` and
``isin`` are built on it, so they agree with each other on every device and dtype.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_bitwise_ops as gb
from tensorflow.python.ops import gen_math_ops as gm
from tensorflow.python.ops import gen_nn_ops

from . import support as S
from .elementwise import MODULAR_WORK, ORDERED_WORK, _flip, _lift, _unflip
from .support import COMPLEX, NUMERIC, REAL, REAL_FLOATING

_select = S.select


def _axes(x: Any, axes: tuple[int, ...] | None) -> Any:
    return S.all_axes(x) if axes is None else S.int_list(tuple(axes))


def _count(x: Any, axes: tuple[int, ...] | None) -> Any:
    """Elements per reduced group: a Python int when the shape is known."""
    shape = S.static_shape(x)
    sizes = shape if axes is None else [shape[a] for a in axes]
    if None not in sizes:
        return math.prod(sizes)
    dyn = ga.shape(x, out_type=tf.int64)
    idx = _axes(x, axes)
    return gm.prod(ga.gather_v2(dyn, idx, S.const(0, tf.int64)), S.int_list((0,)), False)


def sort_key(x: Any) -> Any:
    """A signed-integer tensor ordered as the standard orders ``x`` (real dtypes)."""
    d = x.dtype
    if d in REAL_FLOATING:
        # integer ops only: TF's CPU kernels flush subnormals to zero in float compares
        it = tf.int64 if d == tf.float64 else tf.int32
        bits = it.size * 8
        dev = x.device
        mag = S.const(2 ** (bits - 1) - 1, it, dev)
        inf = S.const(0x7FF0000000000000 if bits == 64 else 0x7F800000, it, dev)
        b = ga.bitcast(x, it)
        a = gb.bitwise_and(b, mag)
        zero = S.zeros_like(b)
        b = _select(gm.equal(a, zero), zero, b)  # -0.0 -> +0.0
        b = _select(gm.greater(a, inf), gm.add_v2(inf, S.const(1, it, dev)), b)  # one NaN, last
        return _select(gm.less(b, zero), gb.bitwise_xor(b, mag), b)
    if d == tf.uint64:
        return _flip(x)
    if d in (tf.int64, tf.int32):
        return x
    if d == tf.uint32:
        return S.cast(x, tf.int64)
    return S.cast(x, tf.int32)  # bool, int8/16, uint8/16


class ReductionsMixin:
    """Searching, sorting, sets and statistics."""

    def _init_reductions(self, nan_ok: bool) -> None:
        k = self._k
        u64 = lambda f: lambda v, a, kd: _unflip(f(_flip(v), a, kd))  # noqa: E731
        self._max = _lift(k, "Max", gm._max, REAL, ORDERED_WORK, u64=u64(gm._max), tensors=1)
        self._min = _lift(k, "Min", gm._min, REAL, ORDERED_WORK, u64=u64(gm._min), tensors=1)
        self._nan_reductions_ok = nan_ok
        self._sum = _lift(k, "Sum", gm._sum, NUMERIC, MODULAR_WORK, tensors=1)
        self._prod = _lift(k, "Prod", gm.prod, NUMERIC, MODULAR_WORK, tensors=1)
        self._cumsum = _lift(k, "Cumsum", gm.cumsum, NUMERIC, MODULAR_WORK, tensors=1)
        self._cumprod = _lift(k, "Cumprod", gm.cumprod, NUMERIC, MODULAR_WORK, tensors=1)
        self._topk_native = k.native("TopKV2")

    # ------------------------------------------------------------------ statistics
    def sum(self, x: Any, axes: Any, dtype: np.dtype, keepdims: bool) -> Any:
        x = S.cast(x, S.TF_OF[dtype])
        if axes == ():
            return x
        return self._sum(x, _axes(x, axes), keepdims)

    def prod(self, x: Any, axes: Any, dtype: np.dtype, keepdims: bool) -> Any:
        x = S.cast(x, S.TF_OF[dtype])
        if axes == ():
            return x
        return self._prod(x, _axes(x, axes), keepdims)

    def _extremum(self, x: Any, axes: Any, keepdims: bool, is_max: bool) -> Any:
        if axes == () or S.rank(x) == 0:  # nothing to reduce (core bounds-checks 0-d indices)
            return x
        ax = _axes(x, axes)
        if x.dtype == tf.bool:
            return (gm._any if is_max else gm._all)(x, ax, keepdims)
        out = (self._max if is_max else self._min)(x, ax, keepdims)
        if x.dtype in REAL_FLOATING and not self._nan_reductions_ok:
            nan = gm._any(gm.not_equal(x, x), ax, keepdims)
            out = _select(nan, S.scalar_like(math.nan, out), out)
        return out

    def max(self, x: Any, axes: Any, keepdims: bool) -> Any:
        return self._extremum(x, axes, keepdims, True)

    def min(self, x: Any, axes: Any, keepdims: bool) -> Any:
        return self._extremum(x, axes, keepdims, False)

    def mean(self, x: Any, axes: Any, keepdims: bool) -> Any:
        if axes == ():
            return x
        return gm.mean(x, _axes(x, axes), keepdims)

    def var(self, x: Any, axes: Any, correction: float, keepdims: bool) -> Any:
        ax = _axes(x, axes)
        m = gm.mean(x, ax, True)
        d = gm.sub(x, m)
        sq = gm.mul(d, gm.conj(d)) if x.dtype in COMPLEX else gm.square(d)
        ss = gm._sum(sq, ax, keepdims)
        n = _count(x, axes)
        if isinstance(n, int):
            denom = S.scalar_like(float(n - correction), ss)
        else:
            denom = gm.sub(S.cast(n, ss.dtype), S.scalar_like(float(correction), ss))
        out = gm.real_div(ss, denom)
        return gm.real(out, Tout=S.REAL_OF[out.dtype]) if out.dtype in COMPLEX else out

    def std(self, x: Any, axes: Any, correction: float, keepdims: bool) -> Any:
        return gm.sqrt(self.var(x, axes, correction, keepdims))

    def _cumulative(self, x: Any, axis: int, dtype: np.dtype, initial: bool, prod: bool) -> Any:
        x = S.cast(x, S.TF_OF[dtype])
        fn = self._cumprod if prod else self._cumsum
        out = fn(x, S.const(axis, tf.int64))
        if initial:
            shape = list(S.static_shape(x))
            shape[axis] = 1
            if None in shape:
                dyn = ga.shape(x, out_type=tf.int64)
                first = ga.fill(
                    ga.tensor_scatter_update(dyn, S.const(((axis,),), tf.int64),
                                             S.const((1,), tf.int64)),
                    S.scalar_like(1 if prod else 0, x),
                )  # fmt: skip
            else:
                first = ga.fill(S.int_list(tuple(shape)), S.scalar_like(1 if prod else 0, x))
            out = ga.concat_v2([first, out], S.const(axis, tf.int64))
        return out

    def cumulative_sum(self, x: Any, axis: int, dtype: np.dtype, include_initial: bool) -> Any:
        return self._cumulative(x, axis, dtype, include_initial, False)

    def cumulative_prod(self, x: Any, axis: int, dtype: np.dtype, include_initial: bool) -> Any:
        return self._cumulative(x, axis, dtype, include_initial, True)

    def _truth(self, x: Any) -> Any:
        return x if x.dtype == tf.bool else gm.not_equal(x, S.zeros_like(x))

    def all(self, x: Any, axes: Any, keepdims: bool) -> Any:
        x = self._truth(x)
        return x if axes == () else gm._all(x, _axes(x, axes), keepdims)

    def any(self, x: Any, axes: Any, keepdims: bool) -> Any:
        x = self._truth(x)
        return x if axes == () else gm._any(x, _axes(x, axes), keepdims)

    # ------------------------------------------------------------------ searching
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
        coords = S.where_coords(self._truth(x))
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
        ones = S.cast(self._truth(x), tf.int64)
        return ones if axes == () else gm._sum(ones, _axes(x, axes), keepdims)

    # ------------------------------------------------------------------ sorting
    def _topk(self, key: Any, n: Any) -> tuple[Any, Any]:
        """Descending, stable TopK over the last axis of ``key`` (all ``n`` elements)."""
        k = n if not isinstance(n, int) else S.const(n, tf.int32)
        if key.dtype in self._topk_native:
            return gen_nn_ops.top_kv2(key, S.cast(k, tf.int32), sorted=True)
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

    # ------------------------------------------------------------------ sets
    def _unique(self, x: Any) -> tuple[Any, Any, Any, Any]:
        flat = ga.reshape(x, S.int_list((-1,)))
        n = S.static_shape(flat)[0]
        if n == 0:
            empty = S.cast(flat, tf.int64)
            return flat, empty, ga.reshape(empty, ga.shape(x, out_type=tf.int64)), empty
        if flat.dtype in COMPLEX:  # lexicographic: by imaginary part, then stably by real
            r = S.REAL_OF[flat.dtype]
            p1 = self._argsort_last(sort_key(gm.imag(flat, Tout=r)), False)
            re = ga.gather_v2(gm.real(flat, Tout=r), p1, S.const(0, tf.int64))
            p2 = self._argsort_last(sort_key(re), False)
            perm = ga.gather_v2(p1, p2, S.const(0, tf.int64))
        else:
            perm = self._argsort_last(sort_key(flat), False)
        s = ga.gather_v2(flat, perm, S.const(0, tf.int64))
        cmp = sort_key(s) if s.dtype in REAL_FLOATING else s  # -0.0 and 0.0 are one value
        first = ga.concat_v2(
            [S.const((True,), tf.bool, x.device), gm.not_equal(cmp[1:], cmp[:-1])],
            S.const(0, tf.int64),
        )
        if s.dtype in REAL_FLOATING or s.dtype in COMPLEX:
            nan = gm.not_equal(s, s)
            first = gm.logical_or(first, nan)
        starts = S.where_coords(first)[:, 0]
        values = ga.gather_v2(s, starts, S.const(0, tf.int64))
        indices = ga.gather_v2(perm, starts, S.const(0, tf.int64))
        total = ga.shape(flat, out_type=tf.int64)
        ends = ga.concat_v2([starts[1:], total], S.const(0, tf.int64))
        counts = gm.sub(ends, starts)
        seg = gm.sub(gm.cumsum(S.cast(first, tf.int64), S.const(0, tf.int64)), S.const(1, tf.int64))
        inverse = ga.scatter_nd(ga.expand_dims(perm, S.const(1, tf.int64)), seg, total)
        return values, indices, ga.reshape(inverse, ga.shape(x, out_type=tf.int64)), counts

    def unique_all(self, x: Any) -> tuple[Any, Any, Any, Any]:
        return self._unique(x)

    def unique_counts(self, x: Any) -> tuple[Any, Any]:
        values, _, _, counts = self._unique(x)
        return values, counts

    def unique_inverse(self, x: Any) -> tuple[Any, Any]:
        values, _, inverse, _ = self._unique(x)
        return values, inverse

    def unique_values(self, x: Any) -> Any:
        return self._unique(x)[0]

    def isin(self, x1: Any, x2: Any, invert: bool) -> Any:
        n = S.static_shape(x2)[0]
        if n == 0:
            out = ga.fill(ga.shape(x1, out_type=tf.int64), S.const(False, tf.bool, x1.device))
        elif x1.dtype in COMPLEX or x1.dtype == tf.bool:
            eq = gm.equal(ga.expand_dims(x1, S.const(-1, tf.int64)), x2)
            out = gm._any(eq, S.int_list((-1,)), False)
        else:
            k2 = sort_key(x2)
            sorted_k2 = gb.invert(
                self._topk(
                    gb.invert(k2), n if n is not None else ga.shape(k2, out_type=tf.int64)[0]
                )[0]
            )
            k1 = sort_key(x1)
            flat = ga.reshape(k1, S.int_list((1, -1)))
            pos = ga.lower_bound(
                ga.reshape(sorted_k2, S.int_list((1, -1))), flat, out_type=tf.int64
            )[0]
            size = ga.shape(sorted_k2, out_type=tf.int64)
            safe = gm.minimum(pos, gm.sub(size, S.const(1, tf.int64)))
            found = gm.equal(ga.gather_v2(sorted_k2, safe, S.const(0, tf.int64)), flat[0])
            out = ga.reshape(found, ga.shape(x1, out_type=tf.int64))
            if x1.dtype in REAL_FLOATING:
                out = gm.logical_and(out, gm.equal(x1, x1))  # NaN equals nothing
        return gm.logical_not(out) if invert else out
