"""Creation primitives of the TensorFlow driver: ``asarray``, ``arange``, ``full``,
``empty``, ``eye``, ``linspace``, ``tril``, ``triu``.

Python scalars become 0-d tensors on every op that has one as an operand, so ``asarray``
keeps them in a per-driver cache keyed by value (telling ``-0.0`` from ``0.0``), dtype and
device.  Sequences are built from an int64 iota; floating ones in float64 (complex128), as
NumPy computes them, then cast, so the values agree with NumPy's.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_math_ops as gm

from ..._devices import Device
from .._base import Part
from . import casts
from . import support as S
from .support import NP_OF, TF_OF


def _scalar_key(value: Any) -> Any:
    """A cache key telling -0.0 from 0.0 (they compare equal)."""
    if value.__class__ is float:
        return (float, value, math.copysign(1.0, value))
    if value.__class__ is complex:
        return (complex, value, math.copysign(1.0, value.real), math.copysign(1.0, value.imag))
    return (value.__class__, value)


class Creation(Part):
    """The creation primitives.  ``asarray`` uses the runtime hooks (``is_native``,
    ``astype``), ``device_of`` and ``to_device``; the driver creates the cache
    ``_scalars``."""

    _scalars: dict[Any, Any]  # the driver's (set in its __init__)

    def asarray(self, obj: Any, dtype: np.dtype, device: Device, copy: bool | None) -> Any:
        tfd = TF_OF[dtype]
        cls = obj.__class__
        if cls in (int, float, bool, complex):
            return self._scalar(obj, tfd, device)
        if self.is_native(obj):
            if copy is False and obj.dtype != tfd:
                raise ValueError(f"asarray: copy=False, but converting to {dtype} copies")
            x = obj
            if obj.device and self.device_of(obj) != device:
                if copy is False:
                    raise ValueError("asarray: copy=False, but moving to another device copies")
                x = self.to_device(x, device)
            if x.dtype != tfd:
                return self.astype(x, dtype)
            return S.fresh(x) if copy else x
        if copy is False:
            raise ValueError(
                "asarray: copy=False, but TensorFlow tensors cannot share host memory with "
                f"a {type(obj).__name__}"
            )
        return tf.constant(np.asarray(obj, dtype=dtype), tfd)

    def _scalar(self, value: Any, tfd: tf.DType, device: Device) -> Any:
        """A 0-d tensor of ``value``, cached: Python scalars are made on every op with one."""
        key = (_scalar_key(value), tfd, device.native)
        t = self._scalars.get(key)
        if t is None:
            np_dtype = NP_OF[tfd]
            with tf.init_scope(), tf.device(device.native):
                t = tf.constant(np.asarray(value, dtype=np_dtype), tfd)
            if len(self._scalars) > 2048:
                self._scalars.clear()
            self._scalars[key] = t
        return t

    def arange(self, start: Any, stop: Any, step: Any, dtype: np.dtype, device: Device) -> Any:
        n = max(math.ceil((stop - start) / step), 0)
        tfd = TF_OF[dtype]
        if dtype.kind in "iu":
            # int64 arithmetic wraps like the target dtype: exact for uint64 too
            def wrap(v: Any) -> int:
                return (int(v) + 2**63) % 2**64 - 2**63

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
        cast = np.complex128 if dtype.kind == "c" else np.float64  # NumPy's scalar division
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
        tfd = TF_OF[dtype]
        return y if y.dtype == tfd else casts.cast(y, tfd)  # float16: rounded once

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
