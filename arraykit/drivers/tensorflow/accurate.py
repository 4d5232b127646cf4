"""Elementwise primitives of the TensorFlow driver where TF's CPU kernels (Eigen's) miss
the published bounds (``docs/reference/accuracy.md``; ``tests/test_accuracy.py``):

* ``tanh``: Eigen's is 5 (float32) to 9 (float64) ulps off near saturation: float32
  takes the float64 kernel, rounded once; float64 the contract's formula
  (``drivers/_accurate.py``), within 3.  Complex ``tanh`` and
  ``tan`` beyond ``|re| = 1`` (``|im|`` for ``tan``): C99's formula, Eigen's, is 5 ulps
  off there; the contract's ``ctanh_far`` is within 1.
* ``pow``: Eigen's computes ``exp2(y * log2(x))`` without enough extra precision in
  ``log2(x)``: its error grows with ``|y|``, to 700 ulps in float64 where the result nears
  the overflow, and its shortcut for ``|y| >= max_exponent / eps`` (1e9 in float32)
  returns 0 or inf where ``x`` is within an ulp of 1.  float32 (and float16, which core
  computes in float32) take the float64 kernel, whose 700 ulps are 2**-43: rounded once.
  float64 computes ``log(x)`` in double-word arithmetic (below) and takes Eigen's ``exp``
  of the double-word product, within 3 ulps, where an exponent exceeds 4 in magnitude
  (Eigen's is within 2 ulps below; eagerly, the common case costs one reduction).
  Gradients are Eigen's (the correction is a constant to them, as ``_exact_powers`` does
  for log2), except where Eigen's value is not finite.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from types import SimpleNamespace
from typing import cast

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_bitwise_ops as gb
from tensorflow.python.ops import gen_math_ops as gm

from .. import _accurate
from .._accurate import two_prod, two_sum
from . import support as S
from .support import Prim, scalar_like

_select = S.select


def _double_double(value: Decimal) -> tuple[float, float]:
    hi = float(value)
    return hi, float(value - Decimal(hi))


_LN2_HI = float.fromhex("0x1.62e42fefa3800p-1")  # 42 bits: k * _LN2_HI is exact
_STEPS = 128  # log(m) = log(c) + 2 atanh((m - c) / (m + c)), c = 1 + j / 128 nearest m
_J0 = -38  # m in [sqrt(1/2), sqrt(2)): j from -38 to 53
with localcontext() as _ctx:
    _ctx.prec = 40
    _LN2_LO = float(Decimal(2).ln() - Decimal(_LN2_HI))
    _TABLE = [_double_double((1 + Decimal(j) / _STEPS).ln()) for j in range(_J0, 54)]


def accurate_real(P: dict[str, Prim]) -> dict[str, Prim]:
    """``tanh``, ``tan`` and ``pow`` within the published bounds, from ``P``'s."""
    tanh_native, exp, log, pow_native = P["tanh"], P["exp"], P["log"], P["pow"]
    ops = SimpleNamespace(
        where=lambda c, x, y: _select(c, x if S.is_tensor(x) else scalar_like(x, y), y),
        abs=gm._abs, exp=exp, log=log, tanh=tanh_native, isinf=gm.is_inf,
        minimum=lambda x, v: gm.minimum(x, scalar_like(v, x)),
    )  # fmt: skip

    # what ctanh_far reads of _accurate.ComplexOps (a namespace: checkers see no attributes)
    cops = cast("_accurate.ComplexOps", SimpleNamespace(**vars(ops), sin=P["sin"], cos=P["cos"]))
    tan_native = P["tan"]

    def far_tanh(a: tf.Tensor, b: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor, tf.Tensor]:
        """Where ``|a| >= 1`` (finite), the parts of ``tanh(a + bj)`` by the contract's
        formula: C99's (Eigen's) is 5 ulps off there."""
        far = gm.logical_and(gm.greater_equal(gm._abs(a), scalar_like(1.0, a)), gm.is_finite(a))
        far = gm.logical_and(far, gm.is_finite(b))
        safe_a = _select(far, a, scalar_like(1.0, a))
        return (far, *_accurate.ctanh_far(safe_a, _select(far, b, S.zeros_like(b)), cops))

    def tanh(x: tf.Tensor) -> tf.Tensor:
        if x.dtype == tf.float32:  # the float64 kernel (its 9 ulps are 2**-26 of float32's)
            return gm.cast(tanh_native(gm.cast(x, tf.float64)), tf.float32)
        if x.dtype == tf.float64:
            return _tanh64(x, tanh_native, exp)
        out = tanh_native(x)
        if x.dtype not in (tf.complex64, tf.complex128):
            return out
        r = S.REAL_OF[x.dtype]
        far, re, im = far_tanh(gm.real(x, Tout=r), gm.imag(x, Tout=r))
        return _select(far, gm._complex(re, im, Tout=x.dtype), out)

    def tan(x: tf.Tensor) -> tf.Tensor:
        out = tan_native(x)
        if x.dtype not in (tf.complex64, tf.complex128):
            return out
        r = S.REAL_OF[x.dtype]  # -1j * tanh(1j * x)
        far, re, im = far_tanh(-gm.imag(x, Tout=r), gm.real(x, Tout=r))
        return _select(far, gm._complex(im, -re, Tout=x.dtype), out)

    def pow_(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        if x1.dtype == tf.float32:
            wide = pow_native(gm.cast(x1, tf.float64), gm.cast(x2, tf.float64))
            return gm.cast(wide, tf.float32)
        out = pow_native(x1, x2)
        if x1.dtype != tf.float64:
            return out
        # Eigen's is within 2 ulps for |x2| <= 4 (its error grows with |x2|): eagerly, the
        # double-word path only when an exponent needs it
        big = gm.greater(gm._abs(x2), scalar_like(4.0, x2))
        if tf.executing_eagerly() and not bool(tf.reduce_any(big)):
            return out
        return _pow64(x1, x2, out, exp)

    return {"tanh": tanh, "tan": tan, "pow": pow_}


def _tanh64(x: tf.Tensor, native: Prim, exp: Prim) -> tf.Tensor:
    """The contract's ``_accurate.tanh`` in TF's generated ops (Python's operators on eager
    tensors cost four times as much): Eigen's kernel below ``|x| = 0.55``, ``1 - 2 /
    (exp(2|x|) + 1)`` above."""
    a = gm._abs(x)
    e = exp(gm.mul(scalar_like(2.0, a), gm.minimum(a, scalar_like(20.0, a))))
    big = gm.sub(
        scalar_like(1.0, a), gm.real_div(scalar_like(2.0, a), gm.add_v2(e, scalar_like(1.0, a)))
    )
    big = _select(gm.less(x, S.zeros_like(x)), gm.neg(big), big)
    return _select(gm.less(a, scalar_like(0.55, a)), native(x), big)


def _log_dd(x: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor]:
    """``log(x) == hi + lo`` to about 2**-100 relative, for positive finite float64 ``x``
    (a subnormal ``x`` is scaled by 2**60 first)."""
    dev = x.device
    sub = gm.less(x, scalar_like(2.0**-1000, x))
    x = _select(sub, x * 2.0**60, x)
    bits = ga.bitcast(x, tf.int64)
    k = gm.sub(gb.right_shift(bits, S.const(52, tf.int64, dev)), S.const(1023, tf.int64, dev))
    mant = gb.bitwise_or(
        gb.bitwise_and(bits, S.const(2**52 - 1, tf.int64, dev)), S.const(1023 << 52, tf.int64, dev)
    )
    m = ga.bitcast(mant, tf.float64)  # in [1, 2)
    big = gm.greater(m, scalar_like(2**0.5, m))
    m = _select(big, m * 0.5, m)
    kf = gm.cast(k, tf.float64) + _select(big, scalar_like(1.0, m), S.zeros_like(m))
    kf = kf - _select(sub, scalar_like(60.0, m), S.zeros_like(m))
    j = gm.round((m - 1.0) * _STEPS)
    c = 1.0 + j / _STEPS
    idx = gm.cast(j, tf.int32) - _J0
    table = S.const(tuple(_TABLE), tf.float64, dev)
    entry = ga.gather_v2(table, idx, S.const(0, tf.int32, dev))
    lc_hi, lc_lo = entry[..., 0], entry[..., 1]
    # s = (m - c) / (m + c) in double-word (m - c is exact: Sterbenz)
    num = m - c
    d_hi, d_lo = two_sum(m, c)
    s_hi = num / d_hi
    p, e = two_prod(s_hi, d_hi)
    s_lo = (((num - p) - e) - s_hi * d_lo) / d_hi
    z = s_hi * s_hi  # |s| < 1/256: the series' terms beyond z**4 are below 2**-72
    tail = s_hi * z * (2 / 3 + z * (2 / 5 + z * (2 / 7 + z * (2 / 9))))
    h1, l1 = two_sum(kf * _LN2_HI, lc_hi)
    h2, l2 = two_sum(h1, 2 * s_hi)
    lo = l1 + l2 + (kf * _LN2_LO + lc_lo + (2 * s_lo + tail))
    hi = h2 + lo
    return hi, lo - (hi - h2)


def _pow64(x1: tf.Tensor, x2: tf.Tensor, native: tf.Tensor, exp: Prim) -> tf.Tensor:
    x1 = x1 + S.zeros_like(native)
    x2 = x2 + S.zeros_like(native)
    a = gm._abs(x1)
    finite = gm.logical_and(gm.is_finite(x1), gm.is_finite(x2))
    half = x2 * 0.5
    integer = gm.equal(gm.floor(x2), x2)
    odd = gm.logical_and(integer, gm.not_equal(gm.floor(half), half))
    nonzero = gm.not_equal(x1, S.zeros_like(x1))
    use = gm.logical_and(finite, nonzero)
    use = gm.logical_and(use, gm.logical_or(gm.greater(x1, S.zeros_like(x1)), integer))
    safe = _select(use, a, scalar_like(2.0, a))
    y = _select(use, x2, S.zeros_like(x2))
    hi, lo = _log_dd(safe)
    p_hi, p_err = two_prod(y, hi)
    # Dekker's split of |y| >= 2**996 overflows (pow(1, DBL_MAX) came out NaN); there
    # hi is 0 (x1 = +-1: the product is exactly 0) or p_hi is far out of exp's range
    p_lo = _select(gm.less(gm._abs(y), scalar_like(2.0**996, y)), p_err + y * lo, S.zeros_like(y))
    in_range = gm.logical_and(
        gm.less(p_hi, scalar_like(709.79, p_hi)), gm.greater(p_hi, scalar_like(-745.2, p_hi))
    )
    use = gm.logical_and(use, in_range)
    e = exp(_select(use, p_hi, S.zeros_like(p_hi)))
    r = e + e * p_lo
    r = _select(gm.logical_and(odd, gm.less(x1, S.zeros_like(x1))), -r, r)
    # the value is r; the gradient the native kernel's (r - native is exact: Sterbenz)
    close = gm.logical_and(use, gm.is_finite(native))
    # (native itself where r is not used: native + 0 would turn a -0 result into +0)
    out = _select(close, native + ga.stop_gradient(r - native), native)
    return _select(gm.logical_and(use, gm.logical_not(close)), ga.stop_gradient(r), out)
