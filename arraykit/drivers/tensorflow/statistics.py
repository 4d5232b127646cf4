"""Statistical primitives of the TensorFlow driver: ``sum``, ``prod``, ``max``, ``min``,
``mean``, ``var``, ``std``, ``cumulative_sum``, ``cumulative_prod``.

The reductions are TF's (``Sum``, ``Max``, ``Cumsum`` ...), lifted (``support.lift``) to a
wider dtype where a kernel is missing, and to int64 by ``support.u64_key`` for uint64
extrema.  Where TF's ``Max``/``Min`` kernels drop NaNs (the driver probes them once, see
``elementwise.propagates_nan``), ``max``/``min`` put the NaN back.
"""

from __future__ import annotations

import math
from typing import Any, cast

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_math_ops as gm

from .._base import Part
from . import extrema
from . import support as S
from .support import (
    COMPLEX,
    MODULAR_WORK,
    NUMERIC,
    ORDERED_WORK,
    REAL,
    REAL_FLOATING,
    lift,
    reduce_axes,
    u64_from_key,
    u64_key,
)

_select = S.select


def _count(x: Any, axes: tuple[int, ...] | None) -> Any:
    """Elements per reduced group: a Python int when the shape is known."""
    shape = S.static_shape(x)
    sizes = shape if axes is None else [shape[a] for a in axes]
    if None not in sizes:
        return math.prod(cast("tuple[int, ...] | list[int]", sizes))
    dyn = ga.shape(x, out_type=tf.int64)
    idx = reduce_axes(x, axes)
    return gm.prod(ga.gather_v2(dyn, idx, S.const(0, tf.int64)), S.int_list((0,)), False)


class Statistics(Part):
    """The statistical primitives; ``_extremum`` also serves searching's ``argmax``."""

    _k: S.KernelTable  # the driver's (set in its __init__)

    def bincount(self, x: Any, weights: Any, minlength: int) -> Any:  # a composite's native
        data = ga.ones_like(x) if weights is None else weights  # int64 counts, float64 sums
        return gm.unsorted_segment_sum(data, x, S.const(minlength, tf.int64))

    def _init_statistics(self, nan_ok: bool) -> None:
        """The reductions, lifted for this driver's devices (``nan_ok``: TF's Max/Min
        reductions propagate NaN on all of them)."""
        k = self._k

        def u64(f: S.Prim) -> S.Prim:
            return lambda v, a, kd: u64_from_key(f(u64_key(v), a, kd))

        self._max = lift(k, "Max", gm._max, REAL, ORDERED_WORK, u64=u64(gm._max), tensors=1)
        self._min = lift(k, "Min", gm._min, REAL, ORDERED_WORK, u64=u64(gm._min), tensors=1)
        self._nan_reductions_ok = nan_ok
        self._sum = lift(k, "Sum", gm._sum, NUMERIC, MODULAR_WORK, tensors=1)
        self._prod = lift(k, "Prod", gm.prod, NUMERIC, MODULAR_WORK, tensors=1)
        self._cumsum = lift(k, "Cumsum", gm.cumsum, NUMERIC, MODULAR_WORK, tensors=1)
        self._cumprod = lift(k, "Cumprod", gm.cumprod, NUMERIC, MODULAR_WORK, tensors=1)

    def sum(self, x: Any, axes: Any, dtype: np.dtype, keepdims: bool) -> Any:
        x = S.cast(x, S.TF_OF[dtype])
        if axes == ():
            return x
        return self._sum(x, reduce_axes(x, axes), keepdims)

    def prod(self, x: Any, axes: Any, dtype: np.dtype, keepdims: bool) -> Any:
        x = S.cast(x, S.TF_OF[dtype])
        if axes == ():
            return x
        return self._prod(x, reduce_axes(x, axes), keepdims)

    def _extremum(self, x: Any, axes: Any, keepdims: bool, is_max: bool) -> Any:
        if axes == () or S.rank(x) == 0:  # nothing to reduce (core bounds-checks 0-d indices)
            return x
        ax = reduce_axes(x, axes)
        if x.dtype == tf.bool:
            return (gm._any if is_max else gm._all)(x, ax, keepdims)
        out = (self._max if is_max else self._min)(x, ax, keepdims)
        if x.dtype in REAL_FLOATING and not self._nan_reductions_ok:
            nan = gm._any(gm.not_equal(x, x), ax, keepdims)
            out = _select(nan, S.scalar_like(math.nan, out), out)
        return extrema.reduced(x, out, ax, keepdims, is_max)  # -0 < +0

    def max(self, x: Any, axes: Any, keepdims: bool) -> Any:
        return self._extremum(x, axes, keepdims, True)

    def min(self, x: Any, axes: Any, keepdims: bool) -> Any:
        return self._extremum(x, axes, keepdims, False)

    def mean(self, x: Any, axes: Any, keepdims: bool) -> Any:
        if axes == ():
            return x
        return gm.mean(x, reduce_axes(x, axes), keepdims)

    def var(self, x: Any, axes: Any, correction: float, keepdims: bool) -> Any:
        ax = reduce_axes(x, axes)
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
            out = ga.concat_v2([first, out], S.const(axis, tf.int32))
        return out

    def cumulative_sum(self, x: Any, axis: int, dtype: np.dtype, include_initial: bool) -> Any:
        return self._cumulative(x, axis, dtype, include_initial, False)

    def cumulative_prod(self, x: Any, axis: int, dtype: np.dtype, include_initial: bool) -> Any:
        return self._cumulative(x, axis, dtype, include_initial, True)
