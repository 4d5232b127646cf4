"""Elementwise primitives of the TensorFlow driver.

``build(kernels, nan_ok)`` returns one callable per elementwise primitive.  Where a
TF kernel exists for every dtype core may pass and TF's semantics are the standard's, the
primitive *is* the generated op function (``gen_math_ops.add_v2``): no Python in between.
Otherwise a small wrapper fixes TF's semantics (integer division by zero, shifts beyond
the bit width, NaN propagation, ...) or, for a dtype without a kernel, computes in a dtype
that holds every value and casts back (``support.lift`` with ``MODULAR_WORK`` or
``ORDERED_WORK``); ``uint64`` has no wider dtype, so it maps onto ``int64`` by
reinterpretation (wrapping arithmetic) or by an order-preserving flip of the sign bit
(``support.u64_key``: comparisons, min/max).  The driver sets the callables as instance
attributes, so ``driver.add(x1, x2)`` calls the callable with no method in between.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops import gen_bitwise_ops as gb
from tensorflow.python.ops import gen_math_ops as gm

from ..._dtypes import exact_powers
from .._accurate import by_inverse_log
from .._complex_cases import with_special_cases
from . import extrema
from . import support as S
from .accurate import accurate_real
from .complex_math import OPS, complex_logs, integer_powers, scaled_sqrt
from .division import division
from .support import (
    BOOL,
    COMPLEX,
    FLOATING,
    INTEGER,
    MODULAR_WORK,
    NUMERIC,
    ORDERED_WORK,
    REAL,
    REAL_FLOATING,
    SIGNED,
    UNSIGNED,
    KernelTable,
    Prim,
    cast,
    lift,
    scalar_like,
    u64_from_key,
    u64_key,
)

_select = S.select


def _isnan(x: tf.Tensor) -> tf.Tensor:
    return gm.not_equal(x, x)


# ---------------------------------------------------------------------- probes
def propagates_nan(probe_devices: list[str]) -> tuple[bool, bool]:
    """Whether TF's Maximum/Minimum and Max/Min reductions propagate NaN on every device.

    Runs tiny eager ops once (vectors long enough for the vectorised code paths)."""
    rng = np.random.default_rng(0)
    a = rng.random(67)
    b = rng.random(67)
    a[[0, 5, 33, 66]] = np.nan
    b[[1, 5, 40, 65]] = np.nan
    want = np.isnan(a) | np.isnan(b)
    elementwise = reductions = True
    with tf.init_scope():
        for dev in probe_devices:
            with tf.device(dev):
                for dtype in (tf.float32, tf.float64):
                    ta, tb = tf.constant(a, dtype), tf.constant(b, dtype)
                    for f in (gm.maximum, gm.minimum):
                        for x, y in ((ta, tb), (tb, ta)):
                            elementwise &= bool(np.all(np.isnan(f(x, y).numpy()) == want))
                    m = tf.constant(np.stack([a, b, np.where(np.isnan(a), 0, a)]), dtype)
                    for f in (gm._max, gm._min):
                        got = np.isnan(f(m, S.int_list((1,)), False).numpy())
                        reductions &= bool(np.all(got == [True, True, False]))
                        got = np.isnan(f(m, S.int_list((0,)), False).numpy())
                        reductions &= bool(np.all(got == want))
    return elementwise, reductions


# ---------------------------------------------------------------------- build
def build(k: KernelTable, nan_ok: bool) -> dict[str, Prim]:
    """Every elementwise primitive (and ``clip``), keyed by name.  ``nan_ok``: TF's
    Maximum/Minimum propagate NaN on every device in use (``propagates_nan``)."""
    P: dict[str, Prim] = {}

    # -- float functions: native on every float dtype TF has (f32/f64/c64/c128)
    for name, op, fn in (
        ("acos", "Acos", gm.acos), ("acosh", "Acosh", gm.acosh), ("asin", "Asin", gm.asin),
        ("asinh", "Asinh", gm.asinh), ("atan", "Atan", gm.atan), ("atanh", "Atanh", gm.atanh),
        ("cos", "Cos", gm.cos), ("cosh", "Cosh", gm.cosh), ("exp", "Exp", gm.exp),
        ("expm1", "Expm1", gm.expm1), ("log", "Log", gm.log), ("log1p", "Log1p", gm.log1p),
        ("reciprocal", "Reciprocal", gm.reciprocal), ("sin", "Sin", gm.sin),
        ("sinh", "Sinh", gm.sinh), ("sqrt", "Sqrt", gm.sqrt), ("tan", "Tan", gm.tan),
        ("tanh", "Tanh", gm.tanh),
    ):  # fmt: skip
        P[name] = lift(k, op, fn, FLOATING, MODULAR_WORK)
    P.update(complex_logs(P))
    P["sqrt"] = scaled_sqrt(P["sqrt"])  # no overflow near the largest float
    for name in ("sqrt", "tanh"):
        P[name] = with_special_cases(name, P[name], OPS, P)
    log = P["log"]

    def _log_base(base: float) -> Prim:
        inv = 1.0 / math.log(base)

        def f(x: tf.Tensor) -> tf.Tensor:
            out = log(x)
            if x.dtype not in COMPLEX:
                out = gm.mul(out, scalar_like(inv, x))
                return _exact_powers(x, out, int(base)) if x.dtype in REAL_FLOATING else out
            # log(z) / log(base) part by part: a complex product with inv + 0j would make
            # inf * 0 = NaN parts (log2(0j) is -inf + 0j, not -inf + NaN j)
            r = S.REAL_OF[x.dtype]
            re, im = gm.real(out, Tout=r), gm.imag(out, Tout=r)
            b = int(base)
            return gm._complex(by_inverse_log(re, b, r), by_inverse_log(im, b, r), Tout=x.dtype)

        return f

    P["log2"], P["log10"] = _log_base(2.0), _log_base(10.0)

    # -- integer-or-identity functions
    abs_native = lift(k, "Abs", gm._abs, REAL_FLOATING | SIGNED, MODULAR_WORK)

    def abs_(x: tf.Tensor) -> tf.Tensor:
        d = x.dtype
        if d in COMPLEX:
            return gm.complex_abs(x, Tout=S.REAL_OF[d])
        if d in UNSIGNED or d == tf.bool:
            return x
        return abs_native(x)

    P["abs"] = abs_

    def _rounding(op: str, fn: Prim) -> Prim:
        native = lift(k, op, fn, REAL_FLOATING, MODULAR_WORK)

        def f(x: tf.Tensor) -> tf.Tensor:
            return native(x) if x.dtype in REAL_FLOATING else x

        f.__name__ = op.lower()
        return f

    floor_ = _rounding("Floor", gm.floor)
    ceil_ = _rounding("Ceil", gm.ceil)
    P["floor"], P["ceil"] = floor_, ceil_
    round_real = _rounding("Round", gm.round)  # TF's Round is half-to-even

    def round_(x: tf.Tensor) -> tf.Tensor:
        if x.dtype in COMPLEX:
            r = S.REAL_OF[x.dtype]
            return gm._complex(
                round_real(gm.real(x, Tout=r)), round_real(gm.imag(x, Tout=r)), Tout=x.dtype
            )
        return round_real(x)

    P["round"] = round_

    def trunc(x: tf.Tensor) -> tf.Tensor:
        if x.dtype not in REAL_FLOATING:
            return x
        return _select(gm.less(x, S.zeros_like(x)), ceil_(x), floor_(x))

    P["trunc"] = trunc

    def conj(x: tf.Tensor) -> tf.Tensor:
        return gm.conj(x) if x.dtype in COMPLEX else x

    def real(x: tf.Tensor) -> tf.Tensor:
        return gm.real(x, Tout=S.REAL_OF[x.dtype]) if x.dtype in COMPLEX else x

    def imag(x: tf.Tensor) -> tf.Tensor:
        return gm.imag(x, Tout=S.REAL_OF[x.dtype]) if x.dtype in COMPLEX else S.zeros_like(x)

    P["conj"], P["real"], P["imag"] = conj, real, imag

    def _classify(op: str, fn: Prim, combine: Prim, int_value: bool) -> Prim:
        def f(x: tf.Tensor) -> tf.Tensor:
            d = x.dtype
            if d in REAL_FLOATING:
                return fn(x)
            if d in COMPLEX:
                r = S.REAL_OF[d]
                return combine(fn(gm.real(x, Tout=r)), fn(gm.imag(x, Tout=r)))
            return ga.fill(ga.shape(x, out_type=tf.int64), S.const(int_value, tf.bool, x.device))

        f.__name__ = op
        return f

    P["isnan"] = _classify("isnan", gm.is_nan, gm.logical_or, False)
    P["isinf"] = _classify("isinf", gm.is_inf, gm.logical_or, False)
    P["isfinite"] = _classify("isfinite", gm.is_finite, gm.logical_and, True)
    P["logical_not"] = gm.logical_not

    invert = lift(k, "Invert", gb.invert, INTEGER, MODULAR_WORK)
    P["bitwise_invert"] = lambda x: gm.logical_not(x) if x.dtype == tf.bool else invert(x)
    P["negative"] = lift(k, "Neg", gm.neg, NUMERIC, MODULAR_WORK)
    P["square"] = lift(k, "Square", gm.square, NUMERIC, MODULAR_WORK)

    sign_native = lift(k, "Sign", gm.sign, SIGNED | FLOATING, MODULAR_WORK)

    def sign(x: tf.Tensor) -> tf.Tensor:
        d = x.dtype
        if d in UNSIGNED:
            return cast(gm.greater(x, S.zeros_like(x)), d)
        out = sign_native(x)
        if d in REAL_FLOATING:  # TF's Sign(NaN) is 0 on some devices: the standard wants NaN
            out = _select(_isnan(x), x, out)
        elif d in COMPLEX:
            r = S.REAL_OF[d]
            re, im = gm.real(x, Tout=r), gm.imag(x, Tout=r)
            bad = gm.logical_or(_isnan(re), _isnan(im))
            nan = S.const(complex(math.nan, math.nan), d, x.device)
            out = _select(bad, nan, out)
        return out

    P["sign"] = with_special_cases("sign", sign, OPS, P)

    P["signbit"] = S.signbit

    # -- arithmetic
    P["add"] = lift(k, "AddV2", gm.add_v2, NUMERIC, MODULAR_WORK)
    P["subtract"] = lift(k, "Sub", gm.sub, NUMERIC, MODULAR_WORK)
    P["multiply"] = lift(k, "Mul", gm.mul, NUMERIC, MODULAR_WORK)
    P["divide"] = lift(k, "RealDiv", gm.real_div, FLOATING, MODULAR_WORK)
    approximate_reciprocal, divide = P["reciprocal"], P["divide"]

    def reciprocal(x: tf.Tensor) -> tf.Tensor:
        # TF's Reciprocal kernel is an ulp off for a third of float32 inputs on CPU (1/1.0
        # gave 0.99999994): 1 / x, correctly rounded as the standard's division is.
        if x.dtype in REAL_FLOATING:
            return divide(scalar_like(1.0, x), x)
        return approximate_reciprocal(x)

    P["reciprocal"] = reciprocal

    # -- comparisons (equality survives any injective cast; order needs value-preserving)
    P["equal"] = lift(k, "Equal", gm.equal, NUMERIC | BOOL, MODULAR_WORK, cast_back=False)
    P["not_equal"] = lift(
        k, "NotEqual", gm.not_equal, NUMERIC | BOOL, MODULAR_WORK, cast_back=False
    )
    for name, op, fn in (
        ("less", "Less", gm.less), ("less_equal", "LessEqual", gm.less_equal),
        ("greater", "Greater", gm.greater), ("greater_equal", "GreaterEqual", gm.greater_equal),
    ):  # fmt: skip
        P[name] = lift(
            k, op, fn, REAL, ORDERED_WORK, cast_back=False,
            u64=(lambda f: lambda a, b: f(u64_key(a), u64_key(b)))(fn),
        )  # fmt: skip

    # -- logical and bitwise
    P["logical_and"], P["logical_or"] = gm.logical_and, gm.logical_or
    P["logical_xor"] = gm.not_equal
    for name, op, fn, logical in (
        ("bitwise_and", "BitwiseAnd", gb.bitwise_and, gm.logical_and),
        ("bitwise_or", "BitwiseOr", gb.bitwise_or, gm.logical_or),
        ("bitwise_xor", "BitwiseXor", gb.bitwise_xor, gm.not_equal),
    ):
        P[name] = _bool_or(logical, lift(k, op, fn, INTEGER, MODULAR_WORK))
    P.update(_shifts(k))

    # -- min/max with NaN propagation
    for name, op, fn in (("maximum", "Maximum", gm.maximum), ("minimum", "Minimum", gm.minimum)):
        u64 = (lambda f: lambda a, b: u64_from_key(f(u64_key(a), u64_key(b))))(fn)
        native = lift(k, op, fn, REAL, ORDERED_WORK, u64=u64)
        P[name] = extrema.ordered(native if nan_ok else _nan_propagating(native), name == "maximum")
    P.update(division(k, P))
    P.update(_float_binary(k, P))
    P["pow"] = integer_powers(_pow(k), P["multiply"], P["divide"])
    P.update(accurate_real(P))  # tanh, pow: within the published bounds
    P["integer_pow"] = _integer_pow(P["multiply"], P["divide"], P["pow"])

    maximum, minimum = P["maximum"], P["minimum"]

    def clip(x: tf.Tensor, lo: Any, hi: Any) -> tf.Tensor:
        out = x
        if lo is not None:
            out = maximum(out, lo)
        if hi is not None:
            out = minimum(out, hi)
        return out

    P["clip"] = clip
    P["complex"] = tf.complex
    return P


def _bool_or(logical: Prim, integer: Prim) -> Prim:
    def f(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        return logical(x1, x2) if x1.dtype == tf.bool else integer(x1, x2)

    return f


def _nan_propagating(fn: Prim) -> Prim:
    def f(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        out = fn(x1, x2)
        if x1.dtype in REAL_FLOATING:
            out = _select(_isnan(x1), x1, _select(_isnan(x2), x2, out))
        return out

    return f


def _shifts(k: KernelTable) -> dict[str, Prim]:
    left = lift(k, "LeftShift", gb.left_shift, INTEGER, MODULAR_WORK)
    right_native = k.native("RightShift")

    def u64_right(x: tf.Tensor, s: tf.Tensor) -> tf.Tensor:
        # logical shift of the reinterpreted int64: arithmetic shift, then clear the
        # bits the sign filled in (s == 0 keeps x)
        xi, si = ga.bitcast(x, tf.int64), ga.bitcast(s, tf.int64)
        one = S.const(1, tf.int64, x.device)
        shifted = gb.right_shift(xi, si)
        keep = gm.sub(gb.left_shift(one, gm.sub(S.const(64, tf.int64, x.device), si)), one)
        out = _select(gm.equal(si, S.zeros_like(si)), xi, gb.bitwise_and(shifted, keep))
        return ga.bitcast(out, tf.uint64)

    right = lift(k, "RightShift", gb.right_shift, INTEGER, ORDERED_WORK, u64=u64_right)
    del right_native

    def _big(x2: tf.Tensor, bits: int) -> tf.Tensor:
        # shifts by >= the bit width, or by a negative amount (as NumPy: the amount is
        # compared as unsigned), shift every bit out
        big = gm.greater_equal(x2, scalar_like(bits, x2))
        if x2.dtype in SIGNED:
            big = gm.logical_or(big, gm.less(x2, S.zeros_like(x2)))
        return big

    def bitwise_left_shift(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        bits = S.BITS[x1.dtype]
        big = _big(x2, bits)
        safe = _select(big, S.zeros_like(x2), x2)
        return _select(big, S.zeros_like(x1), left(x1, safe))

    def bitwise_right_shift(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        bits = S.BITS[x1.dtype]
        big = _big(x2, bits)
        if x1.dtype in UNSIGNED:
            return _select(big, S.zeros_like(x1), right(x1, _select(big, S.zeros_like(x2), x2)))
        return right(x1, _select(big, scalar_like(bits - 1, x2), x2))  # sign fill

    return {"bitwise_left_shift": bitwise_left_shift, "bitwise_right_shift": bitwise_right_shift}


def _nextafter_bits(x: tf.Tensor, y: tf.Tensor) -> tf.Tensor:
    """C's ``nextafter`` on the bit patterns: the neighbour of ``x`` towards ``y`` (``y``
    where they are equal, NaN where either is, the smallest subnormal of ``y``'s sign
    from zero).  A step up in value is a step up in the pattern for positive ``x`` and a
    step down for negative ``x`` (sign and magnitude), across infinity too."""
    it = S.INT_OF_FLOAT[x.dtype]
    dev = x.device
    zero = S.zeros_like(x)
    one = S.const(1, it, dev)
    bits = ga.bitcast(x, it)
    up = gm.equal(gm.less(x, y), gm.greater(x, zero))  # toward larger magnitude
    out = ga.bitcast(_select(up, gm.add_v2(bits, one), gm.sub(bits, one)), x.dtype)
    tiny = ga.bitcast(one, x.dtype)
    out = _select(gm.equal(x, zero), _copysign_bits(tiny, y), out)
    out = _select(gm.equal(x, y), y, out)
    return _select(gm.logical_or(gm.is_nan(x), gm.is_nan(y)), gm.add_v2(x, y), out)


def _copysign_bits(x: tf.Tensor, s: tf.Tensor) -> tf.Tensor:
    """``|x|`` with the sign bit of ``s`` (``copysign``): on the bit patterns, so exact for
    NaN, signed zeros and subnormals, which TF's CPU kernels would flush."""
    it = S.INT_OF_FLOAT[x.dtype]
    sign = S.const(-(2 ** (it.size * 8 - 1)), it, x.device)
    a, b = ga.bitcast(x, it), ga.bitcast(s, it)
    return ga.bitcast(
        gb.bitwise_or(gb.bitwise_and(a, gb.invert(sign)), gb.bitwise_and(b, sign)), x.dtype
    )


def _float_binary(k: KernelTable, P: dict[str, Prim]) -> dict[str, Prim]:
    out: dict[str, Prim] = {}
    out["atan2"] = lift(k, "Atan2", gm.atan2, REAL_FLOATING, MODULAR_WORK)
    nextafter_native = lift(k, "NextAfter", gm.next_after, REAL_FLOATING, MODULAR_WORK)

    def nextafter(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        # Computing in a wider dtype would step by the wider dtype's spacing: a dtype
        # without a kernel (float16 on CPU) steps its own bit pattern instead.
        if x1.dtype in k.native("NextAfter"):
            return nextafter_native(x1, x2)
        return _nextafter_bits(x1, x2)

    out["nextafter"] = nextafter

    copysign = _copysign_bits
    out["copysign"] = copysign
    P["copysign"] = copysign

    def hypot(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        a, b = gm._abs(x1), gm._abs(x2)
        hi, lo = gm.maximum(a, b), gm.minimum(a, b)
        zero = S.zeros_like(hi)
        ratio = gm.real_div(lo, _select(gm.equal(hi, zero), scalar_like(1.0, hi), hi))
        r = gm.mul(hi, gm.sqrt(gm.add_v2(scalar_like(1.0, hi), gm.square(ratio))))
        r = _select(gm.logical_or(_isnan(x1), _isnan(x2)), gm.add_v2(x1, x2), r)
        inf = gm.logical_or(gm.is_inf(x1), gm.is_inf(x2))
        return _select(inf, scalar_like(math.inf, hi), r)

    out["hypot"] = hypot

    def logaddexp(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        hi = gm.maximum(x1, x2)
        r = gm.add_v2(hi, gm.log1p(gm.exp(gm.neg(gm._abs(gm.sub(x1, x2))))))
        r = _select(gm.equal(x1, x2), gm.add_v2(x1, scalar_like(math.log(2.0), x1)), r)
        return _select(gm.logical_or(_isnan(x1), _isnan(x2)), gm.add_v2(x1, x2), r)

    out["logaddexp"] = logaddexp
    return out


def _exact_powers(x: tf.Tensor, y: tf.Tensor, base: int) -> tf.Tensor:
    """``y`` (``log_base(x)``), but the exact ``k`` where ``x == base**k``
    (``_dtypes.exact_powers``)."""
    lo, table = exact_powers(base, S.NP_OF[x.dtype])
    t = S.const(tuple(table.tolist()), x.dtype, x.device)
    first, last = scalar_like(float(lo), y), scalar_like(float(lo + len(table) - 1), y)
    k = _select(gm.is_finite(y), gm.round(y), first)
    k = gm.minimum(gm.maximum(k, first), last)  # in the table; its entry then decides
    i = gm.cast(gm.sub(k, first), tf.int32)
    exact = gm.equal(ga.gather_v2(t, i, S.const(0, tf.int32)), x)
    # y + (k - y) is k exactly (k - y is exact so near k); the gradient stays y's
    return gm.add_v2(y, ga.stop_gradient(_select(exact, gm.sub(k, y), S.zeros_like(y))))


def _pow(k: KernelTable) -> Prim:
    native = lift(k, "Pow", gm._pow, SIGNED | FLOATING, ORDERED_WORK)
    # unsigned powers: value-preserving widening keeps the exponent's value; the product
    # wraps modulo 2**bits of the work dtype, a multiple of the target's modulus
    unsigned = lift(k, "Pow", gm._pow, UNSIGNED, ORDERED_WORK, u64=_u64_pow)

    def pow_(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        d = x1.dtype
        if d in UNSIGNED:
            return unsigned(x1, x2)
        if d not in SIGNED:
            return native(x1, x2)
        # integer ** negative integer: TF raises; the truncated value of 1 / x1**-x2 is
        # 1 for x1 == 1, +-1 for x1 == -1, 0 otherwise
        neg = gm.less(x2, S.zeros_like(x2))
        out = native(x1, _select(neg, S.zeros_like(x2), x2))
        one = scalar_like(1, x1)
        odd = gm.equal(gb.bitwise_and(x2, scalar_like(1, x2)), scalar_like(1, x2))
        minus = _select(odd, gm.neg(one), one)
        small = _select(
            gm.equal(x1, one), one, _select(gm.equal(x1, gm.neg(one)), minus, S.zeros_like(x1))
        )
        return _select(neg, small, out)

    return pow_


def _integer_pow(mul: Prim, div: Prim, pow_: Prim) -> Any:
    """Core's ``x ** n`` fast path (a real floating ``x``, a Python int ``n``): for ``n`` in
    -1, 0, 1, 2 the correctly rounded ``1 / x``, ``1``, ``x``, ``x * x``, where TF's Pow
    kernel rounds ``x ** 2`` off by an ulp in about one case of five (SciPy compares
    ``(x - loc)**2`` exactly); other ``n`` keep the kernel, a little closer to NumPy there
    than square and multiply."""

    def integer_pow(x: tf.Tensor, n: int) -> tf.Tensor:
        if n == 2:
            return mul(x, x)
        if n == 1:
            return x
        one = gm.add_v2(S.zeros_like(x), scalar_like(1, x))  # x ** 0 is 1, NaN included
        if n == 0:
            return one
        if n == -1:
            return div(one, x)
        return pow_(x, scalar_like(float(n), x))

    return integer_pow


def _u64_pow(x: tf.Tensor, y: tf.Tensor) -> tf.Tensor:
    """uint64 ** uint64 modulo 2**64 by square-and-multiply on int64 (64 steps)."""
    dev = x.device
    base = ga.bitcast(x, tf.int64)
    e = ga.bitcast(y, tf.int64)
    one = S.const(1, tf.int64, dev)
    result = gm.add_v2(S.zeros_like(gm.add_v2(base, e)), one)
    base = gm.add_v2(base, S.zeros_like(result))
    e = gm.add_v2(e, S.zeros_like(result))
    for i in range(64):
        bit = gm.equal(gb.bitwise_and(gb.right_shift(e, S.const(i, tf.int64, dev)), one), one)
        result = _select(bit, gm.mul(result, base), result)
        base = gm.mul(base, base)
    return ga.bitcast(result, tf.uint64)
