"""Complex special cases TF's kernels miss, for the TensorFlow driver's elementwise
primitives: ``log``/``log1p``/``expm1`` here (TF's complex Log overflows for large
``|z|``; Log1p/Expm1 miss C99's special cases), and ``OPS``, the native functions with
which the contract's tables (``drivers/_complex_cases.py``) fix ``sqrt`` and ``tanh``
(TF's kernels keep neither the symmetry at signed zeros and infinities nor the sign of
zero in ``tanh(+-inf + iy)``).  Real dtypes keep TF's kernels.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import gen_bitwise_ops as gb
from tensorflow.python.ops import gen_math_ops as gm

from . import support as S
from .support import COMPLEX, Prim, scalar_like

if TYPE_CHECKING:
    from .._complex_cases import ComplexOps

_select = S.select
_TINY = {
    tf.float32: float(np.finfo(np.float32).smallest_normal / np.finfo(np.float32).eps),
    tf.float64: float(np.finfo(np.float64).smallest_normal / np.finfo(np.float64).eps),
}  # products below are near the subnormals, which TF's CPU kernels flush


def _where(condition: tf.Tensor, x: Any, y: tf.Tensor) -> tf.Tensor:
    return _select(condition, x if S.is_tensor(x) else scalar_like(x, y), y)


# What the contract's complex special cases need (``_complex_cases.ComplexOps``).
OPS = cast(
    "ComplexOps",  # a namespace: checkers see no attributes
    SimpleNamespace(
        is_complex=lambda x: x.dtype in COMPLEX, real=tf.math.real, imag=tf.math.imag,
        complex=tf.complex, where=_where, signbit=S.signbit, isnan=gm.is_nan, isinf=gm.is_inf,
        isfinite=gm.is_finite, cos=gm.cos, sin=gm.sin, stop_gradient=tf.stop_gradient,
    ),
)  # fmt: skip


def complex_logs(P: dict[str, Prim]) -> dict[str, Prim]:
    """log, log1p and expm1 with the standard's (C99's) complex special cases.

    TF's complex Log overflows for large |z| and Log1p/Expm1 miss the special cases; the
    real dtypes keep TF's kernels."""
    real_log, real_log1p, real_expm1 = P["log"], P["log1p"], P["expm1"]

    def parts(z: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor, tf.DType]:
        r = S.REAL_OF[z.dtype]
        return gm.real(z, Tout=r), gm.imag(z, Tout=r), r

    def log_abs(a: tf.Tensor, b: tf.Tensor, r: tf.DType) -> tf.Tensor:
        # log|z|, with log1p near |z| == 1 where log(|z|) loses the small part
        absz = gm.complex_abs(gm._complex(a, b, Tout=S.COMPLEX_OF[r]), Tout=r)
        inf = gm.logical_or(gm.is_inf(a), gm.is_inf(b))  # |inf + NaN j| is inf
        absz = _select(inf, scalar_like(math.inf, absz), absz)
        one = scalar_like(1.0, a)
        near = gm.logical_and(
            gm.greater(absz, scalar_like(0.5, a)), gm.less(absz, scalar_like(2.0, a))
        )
        fine = gm.mul(
            scalar_like(0.5, a),
            gm.log1p(gm.add_v2(gm.mul(gm.sub(a, one), gm.add_v2(a, one)), gm.square(b))),
        )
        return _select(near, fine, gm.log(absz))

    def log(x: tf.Tensor) -> tf.Tensor:
        if x.dtype not in COMPLEX:
            return real_log(x)
        if x.dtype == tf.complex64:  # Eigen's float32 log1p is 4 ulps off: rounded once
            return gm.cast(log(gm.cast(x, tf.complex128)), tf.complex64)
        a, b, r = parts(x)
        return gm._complex(log_abs(a, b, r), gm.atan2(b, a), Tout=x.dtype)

    def log1p(x: tf.Tensor) -> tf.Tensor:
        if x.dtype not in COMPLEX:
            return real_log1p(x)
        if x.dtype == tf.complex64:  # as log
            return gm.cast(log1p(gm.cast(x, tf.complex128)), tf.complex64)
        a, b, r = parts(x)
        a1 = gm.add_v2(a, scalar_like(1.0, a))
        small = gm.logical_and(
            gm.less(gm._abs(a), scalar_like(0.5, a)), gm.less(gm._abs(b), scalar_like(0.5, a))
        )
        fine = gm.mul(
            scalar_like(0.5, a),
            gm.log1p(gm.add_v2(gm.mul(a, gm.add_v2(a1, scalar_like(1.0, a))), gm.square(b))),
        )
        re = _select(small, fine, log_abs(a1, b, r))
        return gm._complex(re, gm.atan2(b, a1), Tout=x.dtype)

    def expm1(x: tf.Tensor) -> tf.Tensor:
        if x.dtype not in COMPLEX:
            return real_expm1(x)
        a, b, _ = parts(x)
        # finite z: expm1(a) cos(b) - 2 sin(b/2)**2 + i exp(a) sin(b), exact near 0;
        # otherwise exp(z) - 1, whose special cases (C99's cexp) are the standard's
        half = gm.sin(gm.mul(b, scalar_like(0.5, b)))
        re = gm.sub(gm.mul(gm.expm1(a), gm.cos(b)), gm.mul(scalar_like(2.0, a), gm.square(half)))
        im = gm.mul(gm.exp(a), gm.sin(b))
        im = _select(gm.equal(b, S.zeros_like(b)), b, im)
        re = gm.add_v2(re, S.zeros_like(re))  # -0 + 0 is +0: expm1(-0 + 0j) is 0 + 0j
        finite = gm.logical_and(gm.is_finite(a), gm.is_finite(b))
        other = gm.sub(gm.exp(x), scalar_like(1.0, x))
        return _select(finite, gm._complex(re, im, Tout=x.dtype), other)

    return {"log": log, "log1p": log1p, "expm1": expm1}


def scaled_sqrt(f: Prim) -> Prim:
    """TF's complex ``Sqrt`` overflows where a part is within a factor of ~4 of the largest
    float (sqrt(3.4e38 + 0j) gave inf + 0j) and divides by a flushed intermediate near the
    smallest normal (sqrt(2.2e-308j) gave inf j): ``sqrt(z / 4) * 2`` for the large,
    ``sqrt(z * 4**k) / 2**k`` below 1 (all exact scalings by powers of two)."""

    def g(x: tf.Tensor) -> tf.Tensor:
        if x.dtype not in COMPLEX:
            return f(x)
        r = S.REAL_OF[x.dtype]
        a, b = gm.real(x, Tout=r), gm.imag(x, Tout=r)
        absz = gm.complex_abs(x, Tout=r)  # may overflow: inf > big
        large = gm.greater(absz, scalar_like(r.max / 4, a))
        small = gm.less(absz, scalar_like(1.0, a))
        k = 24 if r == tf.float32 else 50
        one = scalar_like(1.0, a)
        down = _select(large, scalar_like(0.25, a), _select(small, scalar_like(4.0**k, a), one))
        up = _select(large, scalar_like(2.0, a), _select(small, scalar_like(2.0**-k, a), one))
        out = f(gm._complex(gm.mul(a, down), gm.mul(b, down), Tout=x.dtype))
        re, im = gm.real(out, Tout=r), gm.imag(out, Tout=r)
        return gm._complex(gm.mul(re, up), gm.mul(im, up), Tout=x.dtype)

    return g


def integer_powers(general: Prim, mul: Prim, div: Prim) -> Prim:
    """Complex ``x1 ** x2`` as NumPy computes it (``npy_cpow``): where ``x2`` is a real
    integer ``n`` with ``|n| < 100`` and ``x1`` is finite and non-zero, by square and
    multiply (``1 / x1**-n`` for ``n < 0``), so that ``(3j)**2`` is ``-9`` exactly.
    Elsewhere, and where the products overflow, ``general``: TF's ``exp(x2 * log(x1))``,
    whose rounding leaves imaginary parts of ~1e-13 there (SciPy's filter designs square
    imaginary zeros)."""

    def f(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
        out = general(x1, x2)
        if x1.dtype not in COMPLEX:
            return out
        r = S.REAL_OF[x1.dtype]
        re, im = gm.real(x2, Tout=r), gm.imag(x2, Tout=r)
        a, b = gm.real(x1, Tout=r), gm.imag(x1, Tout=r)
        n = gm.round(re)
        zero = scalar_like(0, re)
        integral = gm.logical_and(gm.equal(re, n), gm.equal(im, zero))
        integral = gm.logical_and(integral, gm.less(gm._abs(n), scalar_like(100, n)))
        finite = gm.logical_and(gm.is_finite(a), gm.is_finite(b))
        nonzero = gm.logical_or(gm.not_equal(a, zero), gm.not_equal(b, zero))
        use = gm.logical_and(integral, gm.logical_and(finite, nonzero))
        m = gm.cast(_select(use, gm._abs(n), S.zeros_like(n)), tf.int32)
        ones = gm.add_v2(S.zeros_like(out), scalar_like(1, out))
        acc, p = ones, gm.add_v2(x1, S.zeros_like(out))
        one = scalar_like(1, m)
        for i in range(7):  # |n| < 100 < 2**7; NumPy's order of products
            bit = gm.equal(gb.bitwise_and(gb.right_shift(m, scalar_like(i, m)), one), one)
            acc = _select(bit, mul(acc, p), acc)
            p = mul(p, p)
        # where a product nears the subnormals (flushed on CPU), the general path
        mag = gm.maximum(gm._abs(gm.real(acc, Tout=r)), gm._abs(gm.imag(acc, Tout=r)))
        use = gm.logical_and(use, gm.greater(mag, scalar_like(_TINY[r], mag)))
        acc = _select(gm.less(n, zero), div(ones, acc), acc)
        # products that overflow keep the general path's infinities (not inf - inf = NaN)
        ok = gm.logical_and(gm.is_finite(gm.real(acc, Tout=r)), gm.is_finite(gm.imag(acc, Tout=r)))
        return _select(gm.logical_and(use, ok), acc, out)

    return f
