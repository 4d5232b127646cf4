"""floor_divide and remainder for the TensorFlow driver: NumPy's results (integer
division by zero gives 0; floats follow ``npy_divmod``, which the standard's special
cases describe), and unsigned 64-bit division with int64 ops.  Split from
``elementwise.py`` (the 600-line cap)."""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_bitwise_ops as gb
from tensorflow.python.ops import gen_math_ops as gm

from . import support as S
from .support import (
    INTEGER,
    MODULAR_WORK,
    ORDERED_WORK,
    REAL_FLOATING,
    SIGNED,
    KernelTable,
    Prim,
    cast,
    lift,
    scalar_like,
    u64_key,
)

_select = S.select


def division(k: KernelTable, P: dict[str, Prim]) -> dict[str, Prim]:
    """floor_divide and remainder: NumPy's results (integer division by zero gives 0;
    floats follow ``npy_divmod``, which the standard's special cases describe)."""
    fdiv = lift(k, "FloorDiv", gm.floor_div, INTEGER, ORDERED_WORK, u64=_u64_divmod_q)
    fmod = lift(k, "FloorMod", gm.floor_mod, INTEGER, ORDERED_WORK, u64=_u64_divmod_r)
    tmod = lift(k, "TruncateMod", gm.truncate_mod, REAL_FLOATING, MODULAR_WORK)
    fdiv_float = lift(k, "FloorDiv", gm.floor_div, REAL_FLOATING, MODULAR_WORK)
    floor = P["floor"]

    def _int_args(x1: tf.Tensor, x2: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor, Any]:
        zero = gm.equal(x2, S.zeros_like(x2))
        bad = zero
        if x1.dtype in SIGNED:  # MIN // -1 overflows (a hardware trap): divide by 1 instead
            bad = gm.logical_or(zero, gm.equal(x2, scalar_like(-1, x2)))
        return zero, bad, _select(bad, scalar_like(1, x2), x2)

    def _float_divmod(a: tf.Tensor, b: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor]:
        # fmod's remainder is below |b|: within 2**p of the smallest normal number it can
        # be subnormal, which the CPU kernels flush (the quotient came out one too high),
        # so both operands are scaled by a power of two there first (exact), the
        # remainder back after; not where a * 2**s would overflow (the quotient does)
        fi = np.finfo(a.dtype.as_numpy_dtype)
        shift = 2.0 ** (2 * fi.nmant + 4)
        small = gm.logical_and(
            gm.less(gm._abs(b), scalar_like(fi.smallest_normal * 2.0**fi.nmant * 2, b)),
            gm.less(gm._abs(a), scalar_like(float(fi.max) / shift, a)),
        )
        k = _select(small, scalar_like(shift, a), scalar_like(1.0, a))
        q, mod = _divmod_normal(gm.mul(a, k), gm.mul(b, k))
        return q, gm.real_div(mod, k)

    def _divmod_normal(a: tf.Tensor, b: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor]:
        zero = S.zeros_like(a)
        mod = tmod(a, b)
        div = gm.real_div(gm.sub(a, mod), b)
        fix = gm.logical_and(
            gm.not_equal(mod, zero), gm.not_equal(gm.less(b, zero), gm.less(mod, zero))
        )
        mod = _select(fix, gm.add_v2(mod, b), mod)
        div = _select(fix, gm.sub(div, scalar_like(1.0, a)), div)
        copysign = P["copysign"]
        mod = _select(gm.equal(mod, zero), copysign(zero, b), mod)
        fl = floor(div)
        fl = _select(
            gm.greater(gm.sub(div, fl), scalar_like(0.5, a)), gm.add_v2(fl, scalar_like(1.0, a)), fl
        )
        q = _select(gm.equal(div, zero), copysign(zero, gm.real_div(a, b)), fl)
        bzero = gm.equal(b, zero)
        q = _select(bzero, gm.real_div(a, b), q)
        mod = _select(bzero, tmod(a, b), mod)
        return q, mod

    def floor_divide(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        if x1.dtype in REAL_FLOATING:
            # NumPy's quotient of npy_divmod (5.0 // 0.1 is 49: 0.1 is a little above 1/10),
            # so that x1 == x2 * (x1 // x2) + x1 % x2 as with remainder; floor(x1 / x2), the
            # standard's special cases, where an operand is zero or infinite.
            zero = S.zeros_like(x1)
            special = gm.logical_or(
                gm.logical_or(gm.equal(x1, zero), gm.equal(x2, zero)),
                gm.logical_or(gm.is_inf(x1), gm.is_inf(x2)),
            )
            return _select(special, fdiv_float(x1, x2), _float_divmod(x1, x2)[0])
        zero, _bad, safe = _int_args(x1, x2)
        out = fdiv(x1, safe)
        if x1.dtype in SIGNED:
            out = _select(gm.equal(x2, scalar_like(-1, x2)), gm.neg(x1), out)
        return _select(zero, S.zeros_like(x1), out)

    def remainder(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        if x1.dtype in REAL_FLOATING:
            return _float_divmod(x1, x2)[1]
        _zero, bad, safe = _int_args(x1, x2)
        return _select(bad, S.zeros_like(x1), fmod(x1, safe))

    return {"floor_divide": floor_divide, "remainder": remainder}


def _u64_divmod(x: tf.Tensor, y: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor]:
    """Unsigned 64-bit division with int64 ops (Hacker's Delight 9-3); y != 0."""
    dev = x.device
    xi, yi = ga.bitcast(x, tf.int64), ga.bitcast(y, tf.int64)
    one = S.const(1, tf.int64, dev)
    zero = S.const(0, tf.int64, dev)
    # y >= 2**63: the quotient is 1 if x >= y (unsigned) else 0
    big = gm.less(yi, zero)
    x_ge_y = gm.greater_equal(u64_key(x), u64_key(y))
    q_big = cast(x_ge_y, tf.int64)
    # y < 2**63: q = ((x >>> 1) // y) << 1, then correct by one
    half = gb.bitwise_and(gb.right_shift(xi, one), S.const(2**63 - 1, tf.int64, dev))
    ysafe = _select(big, one, yi)
    q = gb.left_shift(gm.floor_div(half, ysafe), one)
    r = gm.sub(xi, gm.mul(q, ysafe))
    # r < 2*y < 2**64: compare as unsigned
    r_ge = gm.greater_equal(
        u64_key(ga.bitcast(r, tf.uint64)), u64_key(ga.bitcast(ysafe, tf.uint64))
    )
    q = _select(r_ge, gm.add_v2(q, one), q)
    q = _select(big, q_big, q)
    r = gm.sub(xi, gm.mul(q, yi))
    return ga.bitcast(q, tf.uint64), ga.bitcast(r, tf.uint64)


def _u64_divmod_q(x: tf.Tensor, y: tf.Tensor) -> tf.Tensor:
    return _u64_divmod(x, y)[0]


def _u64_divmod_r(x: tf.Tensor, y: tf.Tensor) -> tf.Tensor:
    return _u64_divmod(x, y)[1]
