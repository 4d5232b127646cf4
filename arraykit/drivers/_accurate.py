"""Formulas for real elementwise functions, written once for every driver whose backend
kernel is less accurate than the published bound (``docs/reference/accuracy.md``, at most
4 ulps; ``tests/test_accuracy.py`` measures every driver).

Each takes the operand and ``ops`` (``RealOps``), the driver's native functions; the
formulas use those and the native values' operators (``+ - * /``, comparisons, unary
``-``).  They are compositions of a few accurate native functions (``exp``, ``log``),
each rounding once, so they are as accurate on every dtype and device the natives are.
Part of the driver contract: drivers may import this module as they import ``_base``.

* ``log1p``: ``u = 1 + x``, ``log(u) - ((u - 1) - x) / u`` (the rounding error of ``1 + x``,
  corrected to first order); ``x`` itself where ``u == 1`` (tiny ``x``, signed zeros).
  XLA's float64 log1p was 128 ulps off on ``[-0.45, -0.38]``.
* ``expm1``: Kahan's ``(u - 1) * (x / log(u))``, ``u = exp(x)``: the rounding error of ``u``
  cancels in the quotient.  XLA's was 5 ulps off in float32.
* ``tanh``: the native kernel below ``|x| = 0.55``, ``1 - 2 / (exp(2|x|) + 1)`` above (no
  cancellation there: the quotient is below 1/2).  Eigen's and XLA's kernels were 5 to 9
  ulps off near saturation.

Where a formula has a branch, the other branch is fed a harmless operand, so gradients
through ``where`` stay finite.  The corrections survive XLA's algebraic simplifier: it
folds ``log(exp(x))`` (here ``log`` of a ``where``) but never reassociates ``(1 + x) - 1``.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from typing import Any, Protocol

import numpy as np


class RealOps(Protocol):
    """The native functions the formulas need, from the driver."""

    def where(self, cond: Any, x: Any, y: Any) -> Any: ...  # x may be a Python float
    def abs(self, x: Any) -> Any: ...
    def exp(self, x: Any) -> Any: ...
    def log(self, x: Any) -> Any: ...
    def tanh(self, x: Any) -> Any: ...
    def minimum(self, x: Any, y: Any) -> Any: ...  # y may be a Python float
    def isinf(self, x: Any) -> Any: ...


def log1p(x: Any, o: RealOps) -> Any:
    u = 1 + x
    special = (u == 1) | (u == 0) | o.isinf(u)  # x tiny or -0.0, -1, +-inf
    safe = o.where(special, 2.0, u)
    fine = o.log(safe) - ((safe - 1) - x) / safe
    return o.where(u == 1, x, o.where(special, o.log(u), fine))


def expm1(x: Any, o: RealOps) -> Any:
    u = o.exp(x)
    um1 = u - 1
    special = (um1 == 0) | (um1 == -1) | o.isinf(u)  # x tiny or -0.0, very negative, inf
    safe_u, safe_x = o.where(special, 2.0, u), o.where(special, 1.0, x)
    fine = (safe_u - 1) * (safe_x / o.log(safe_u))
    return o.where(um1 == 0, x, o.where(special, um1, fine))


def tanh(x: Any, o: RealOps) -> Any:
    a = o.abs(x)
    big = 1 - 2 / (o.exp(2 * o.minimum(a, 20.0)) + 1)  # 1 beyond 20 (float64's 1 - 2e-18)
    return o.where(a < 0.55, o.tanh(x), o.where(x < 0, -big, big))  # NaN: big is NaN


# ------------------------------------------------------- double-word arithmetic
def two_sum(a: Any, b: Any) -> tuple[Any, Any]:
    """``a + b == s + e`` exactly (Knuth)."""
    s = a + b
    v = s - a
    return s, (a - (s - v)) + (b - v)


def _split(a: Any) -> tuple[Any, Any]:
    """``a == hi + lo``, each of half the significand's bits (Veltkamp)."""
    bits = np.finfo(getattr(a.dtype, "as_numpy_dtype", a.dtype)).nmant + 1
    t = a * float(2 ** ((bits + 1) // 2) + 1)
    hi = t - (t - a)
    return hi, a - hi


def two_prod(a: Any, b: Any) -> tuple[Any, Any]:
    """``a * b == p + e`` exactly (Dekker's, without a fused multiply-add; ``|a|, |b|``
    below 2**996 in float64, 2**114 in float32)."""
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def sum_of_squares(x: Any, y: Any) -> Any:
    """``x**2 + y**2`` rounded once (the products' errors kept, then added)."""
    p, e = two_prod(x, x)
    q, f = two_prod(y, y)
    s, t = two_sum(p, q)
    return s + (t + (e + f))


# ---------------------------------------------------------------------- complex
class ComplexOps(RealOps, Protocol):
    """... and for the complex formulas (``sinh``, ``cosh``, ``expm1`` and ``log1p``
    accurate real functions: the formulas above where the native ones are not)."""

    def real(self, z: Any) -> Any: ...
    def imag(self, z: Any) -> Any: ...
    def complex(self, re: Any, im: Any) -> Any: ...
    def sin(self, x: Any) -> Any: ...
    def cos(self, x: Any) -> Any: ...
    def sinh(self, x: Any) -> Any: ...
    def cosh(self, x: Any) -> Any: ...
    def expm1(self, x: Any) -> Any: ...
    def log1p(self, x: Any) -> Any: ...
    def hypot(self, x: Any, y: Any) -> Any: ...
    def atan2(self, y: Any, x: Any) -> Any: ...
    def finfo(self, x: Any) -> np.finfo: ...  # of a real operand's dtype


def _log_abs(a: Any, b: Any, o: ComplexOps) -> Any:
    """``log|a + bj|``: ``log1p`` of ``a**2 + b**2 - 1`` (exact products of exact
    differences, no cancellation but the true one) where ``|z|`` is within a factor 2 of 1,
    where ``log(hypot)`` would lose the small result."""
    r = o.hypot(a, b)
    near = (r > 0.5) & (r < 2)
    sa, sb = o.where(near, a, 1.0), o.where(near, b, 0.0)
    fine = 0.5 * o.log1p((sa - 1) * (sa + 1) + sb * sb)
    return o.where(near, fine, o.log(r))


def clog(z: Any, o: ComplexOps) -> Any:
    a, b = o.real(z), o.imag(z)
    return o.complex(_log_abs(a, b, o), o.atan2(b, a))


def by_inverse_log(v: Any, base: int, dtype: Any) -> Any:
    """``v / log(base)`` for a real ``v`` of ``dtype`` (NumPy's or the backend's): by
    ``1 / log(base)`` in two parts, one rounding (the constant rounded to the dtype would
    be a second); signed zeros and infinities stay."""
    hi, lo = _INV_LOG[base, np.finfo(getattr(dtype, "as_numpy_dtype", dtype)).nmant]
    return v * hi + v * lo


def _split_constant(value: Decimal, dtype: type) -> tuple[float, float]:
    """``value == hi + lo``, ``hi`` in ``dtype`` rounded down: ``lo >= 0``, so that the
    two products of an infinity have one sign (no ``inf - inf``)."""
    hi = dtype(float(value))
    if Decimal(float(hi)) > value:
        hi = np.nextafter(hi, dtype(0))
    return float(hi), float(value - Decimal(float(hi)))


with localcontext() as _ctx:
    _ctx.prec = 40
    _INV_LOG = {
        (base, np.finfo(dt).nmant): _split_constant(1 / Decimal(base).ln(), dt)
        for base in (2, 10)
        for dt in (np.float32, np.float64)
    }  # 1 / log(base) == hi + lo, hi in the dtype


def clog1p(z: Any, o: ComplexOps) -> Any:
    """``log(1 + z)``: ``log1p(a(2 + a) + b**2) / 2`` (no cancellation but the true one)
    unless ``a < -0.5`` (where ``1 + a`` is exact) or the square overflows."""
    a, b = o.real(z), o.imag(z)
    t = a * (2 + a) + b * b
    fine = (a > -0.5) & ~o.isinf(t) & (t == t)
    re = o.where(fine, 0.5 * o.log1p(o.where(fine, t, 0.0)), o.log(o.hypot(1 + a, b)))
    return o.complex(re, o.atan2(b, 1 + a))


def _scaled(x: Any, h: Any) -> Any:
    """``x * h * h`` without overflowing where the product is finite."""
    return (x * h) * h


def _hyperbolic(a: Any, o: ComplexOps) -> tuple[Any, Any, Any, Any]:
    """``sinh(a), cosh(a)`` where ``cosh`` is finite (``big`` false), else ``(a, h)`` with
    ``e**|a| / 2 == (h * h) / 2`` (the products with ``cos``/``sin`` stay finite)."""
    limit = float(np.log(o.finfo(a).max))
    big = o.abs(a) > limit - 1
    small_a = o.where(big, 0.0, a)
    h = o.exp(0.5 * o.minimum(o.abs(a), 2 * limit))
    return big, o.sinh(small_a), o.cosh(small_a), h


def csinh(z: Any, o: ComplexOps) -> Any:
    a, b = o.real(z), o.imag(z)
    big, sh, ch, h = _hyperbolic(a, o)
    c, s = o.cos(b), o.sin(b)
    re_big = _scaled(0.5 * c, h)
    re = o.where(big, o.where(a < 0, -re_big, re_big), sh * c)
    return o.complex(re, o.where(big, _scaled(0.5 * s, h), ch * s))


def ccosh(z: Any, o: ComplexOps) -> Any:
    a, b = o.real(z), o.imag(z)
    big, sh, ch, h = _hyperbolic(a, o)
    c, s = o.cos(b), o.sin(b)
    im_big = _scaled(0.5 * s, h)
    im = o.where(big, o.where(a < 0, -im_big, im_big), sh * s)
    return o.complex(o.where(big, _scaled(0.5 * c, h), ch * c), im)


def ctanh_far(a: Any, b: Any, o: ComplexOps) -> tuple[Any, Any]:
    """The parts of ``tanh(a + bj)`` for ``|a| >= 1``: ``s (1 - 2E(E + cos 2b) / d)`` and
    ``2E sin(2b) / d``, ``E = exp(-2|a|)``, ``s`` the sign of ``a``, ``d = 1 + E(E + 2 cos
    2b)`` (> 0.5, no cancellation), a small correction to ``+-1``: within 1 ulp, where
    C99's formulas (NumPy's, TF's) are 5 to 6 ulps off."""
    sb, cb = o.sin(b), o.cos(b)
    e = o.exp(-2 * o.abs(a))
    c2, s2 = (cb - sb) * (cb + sb), 2 * sb * cb
    d = 1 + e * (e + 2 * c2)
    re = 1 - 2 * e * (e + c2) / d
    return o.where(a < 0, -re, re), 2 * e * s2 / d


def ctanh(z: Any, o: ComplexOps) -> Any:
    """``ctanh_far`` beyond ``|a| = 1``; below, ``(sinh a cosh a + sin b cos b j) /
    (sinh(a)**2 + cos(b)**2)`` (glibc's), the sum of squares rounded once."""
    a, b = o.real(z), o.imag(z)
    big = o.abs(a) >= 1
    re_big, im_big = ctanh_far(o.where(big, a, 1.0), b, o)
    small_a = o.where(big, 0.0, a)
    sh, ch = o.sinh(small_a), o.cosh(small_a)
    sb, cb = o.sin(b), o.cos(b)
    den = sum_of_squares(sh, cb)
    re = o.where(big, re_big, sh * ch / den)
    return o.complex(re, o.where(big, im_big, sb * cb / den))


def cexpm1(z: Any, o: ComplexOps) -> Any:
    """``expm1(a) cos(b) - 2 sin(b/2)**2 + exp(a) sin(b) j`` (no cancellation near 0)."""
    a, b = o.real(z), o.imag(z)
    limit = float(np.log(o.finfo(a).max))
    big = a > limit - 1
    h = o.exp(0.5 * o.minimum(a, 2 * limit))
    small_a = o.where(big, 0.0, a)
    c, s, half = o.cos(b), o.sin(b), o.sin(0.5 * b)
    re = o.where(big, _scaled(c, h) - 1, o.expm1(small_a) * c - 2 * half * half)
    im = o.where(big, _scaled(s, h), o.exp(small_a) * s)
    return o.complex(re, o.where(b == 0, b, im))


def _times_i(z: Any, o: ComplexOps) -> Any:
    return o.complex(-o.imag(z), o.real(z))


def _times_minus_i(z: Any, o: ComplexOps) -> Any:
    return o.complex(o.imag(z), -o.real(z))


def csin(z: Any, o: ComplexOps) -> Any:
    return _times_minus_i(csinh(_times_i(z, o), o), o)


def ccos(z: Any, o: ComplexOps) -> Any:
    return ccosh(_times_i(z, o), o)


def ctan(z: Any, o: ComplexOps) -> Any:
    return _times_minus_i(ctanh(_times_i(z, o), o), o)
