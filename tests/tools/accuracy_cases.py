"""What the accuracy table measures: for every elementwise function, its points and its
reference (``accuracy.py`` measures the drivers on them and writes the table).

**Points.**  A real operand is drawn from *regions*, each a centre plus a signed offset
whose magnitude is log-uniform between two powers of two: ``R(0, TINY, MAX)`` spreads over
the whole finite range of the dtype (both signs, subnormals included), ``R(1, EPS, 1)``
crowds the neighbourhood of 1 down to the last bit.  Every function draws from the whole
range and from its own hard regions: near its branch points, near the arguments where it
has a root or cancels, near overflow.  A binary function draws its two operands
independently (a 2-D spread) and adds its joint regions (``atan2`` with ``x1 ~ x2``,
``pow`` with the result's magnitude spread over the range, ...).  Complex operands draw
each part from the regions, and ``|z|`` log-uniform with a uniform argument.  float16
unary functions take every finite float16 value.

**References.**  Computed in a wider dtype, then rounded once to the dtype measured:
``np.longdouble`` (x87 80-bit: 64-bit significand, 15-bit exponent) for float64 and
complex128, float64 for float32, float16 and complex64.  The functions IEEE 754 rounds
correctly (``+ - * /``, ``sqrt``, real ``square`` and ``reciprocal``) and the exact ones
(rounding, sign and bit operations, comparisons, ``nextafter``, ``remainder``: ``fmod``
and one rounded addition) take NumPy's result in the dtype itself, which is that
correctly rounded value; a wider dtype would round twice.  ``floor_divide`` is NumPy's
``npy_divmod`` quotient, which every driver reproduces bit for bit.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import numpy as np

FLOAT_DTYPES = ("float16", "float32", "float64", "complex64", "complex128")
WIDE = {
    "float16": np.float64, "float32": np.float64, "float64": np.longdouble,
    "complex64": np.complex128, "complex128": np.clongdouble,
}  # fmt: skip

TINY, MAX = "tiny", "max"  # log2 of the smallest subnormal, of the largest finite number
HALF_TINY, HALF_MAX = "half_tiny", "half_max"  # half the exponent of the smallest normal,
# of the largest number: the range where |z|**2 is a normal number
EPS = "eps"  # log2 of half an ulp of 1, less a bit: offsets below it round to the centre


@dataclasses.dataclass(frozen=True)
class R:
    """Points ``centre + sign * 2**u``, ``u`` uniform in ``[lo, hi]`` (exponents, or the
    markers TINY, EPS and MAX); ``centre`` may be a function of (rng, n, dtype)."""

    centre: Any = 0.0
    lo: Any = TINY
    hi: Any = MAX
    signs: str = "+-"
    weight: float = 1.0


def _exponent(v: Any, dtype: np.dtype) -> float:
    fi = np.finfo(dtype)
    if v == TINY:
        return float(fi.minexp - fi.nmant)
    if v == MAX:
        return math.log2(float(fi.max))
    if v == EPS:
        return float(-fi.nmant - 3)
    if v == HALF_TINY:
        return fi.minexp / 2
    if v == HALF_MAX:
        return fi.maxexp / 2 - 1
    return float(v)


def draw(rng: np.random.Generator, regions: list[R], n: int, dtype: np.dtype) -> np.ndarray:
    """``n`` values of ``dtype`` (finite), split among ``regions`` by weight."""
    weights = np.array([r.weight for r in regions], float)
    counts = rng.multinomial(n, weights / weights.sum())
    parts = []
    for r, k in zip(regions, counts, strict=True):
        lo, hi = _exponent(r.lo, dtype), _exponent(r.hi, dtype)
        mag = np.exp2(rng.uniform(lo, hi, k))
        sign = rng.choice([1.0 if s == "+" else -1.0 for s in r.signs], k)
        centre = r.centre(rng, k, dtype) if callable(r.centre) else r.centre
        with np.errstate(over="ignore", invalid="ignore"):
            parts.append(np.asarray(centre + sign * mag, np.float64).astype(dtype))
    out = np.concatenate(parts)
    fi = np.finfo(dtype)
    out = np.where(np.isfinite(out), out, fi.max * np.sign(out))
    return rng.permutation(out).astype(dtype)


def _multiples(step: float, kmax: int) -> Callable[..., np.ndarray]:
    """Centres ``k * step`` (``step`` rounded to the dtype), ``0 < |k| <= kmax``."""

    def centres(rng: np.random.Generator, n: int, dtype: np.dtype) -> np.ndarray:
        k = rng.integers(1, kmax + 1, n) * rng.choice([-1, 1], n)
        return k * float(np.asarray(step, dtype))

    return centres


def _overflow(rng: np.random.Generator, n: int, dtype: np.dtype) -> np.ndarray:
    """log(largest float): the argument where exp, cosh and sinh overflow."""
    return np.full(n, math.log(float(np.finfo(dtype).max)))


def _scaled(factor: float) -> Callable[..., np.ndarray]:
    def centres(rng: np.random.Generator, n: int, dtype: np.dtype) -> np.ndarray:
        return np.zeros(n) if factor == 0 else np.full(n, factor * float(np.finfo(dtype).max))

    return centres


WHOLE = [R(0, TINY, MAX, weight=4)]
POSITIVE = [R(0, TINY, MAX, "+", weight=4)]
UNIT = [R(0, TINY, 0, weight=2), R(1, EPS, 1, "-"), R(-1, EPS, 1, "+")]  # [-1, 1]
NEAR_1 = [R(1, EPS, 0), R(0, -2, 2, weight=0.5)]
TRIG = [*WHOLE, R(0, -8, 12, weight=2), R(_multiples(math.pi / 2, 64), EPS, -1, weight=2),
        R(_multiples(math.pi / 2, 2**20), EPS, -1)]  # fmt: skip
EXP = [*WHOLE, R(0, -4, 10, weight=3), R(_overflow, EPS, 2, weight=0.5),
       R(lambda rng, n, dt: -_overflow(rng, n, dt), EPS, 2, weight=0.5)]  # fmt: skip

REAL_POINTS: dict[str, list[R]] = {
    "acos": UNIT, "asin": UNIT, "atanh": [*UNIT, R(0, -3, 0, weight=2)],
    "acosh": [R(1, EPS, MAX, "+", weight=3), R(1, -2, 3, "+")],
    "asinh": [*WHOLE, R(0, -4, 6)], "atan": [*WHOLE, R(0, -4, 6)],
    "cos": TRIG, "sin": TRIG, "tan": TRIG,
    "cosh": EXP, "sinh": EXP, "exp": EXP, "expm1": [*EXP, R(0, -3, 0.5, weight=2)],
    "tanh": [*WHOLE, R(0, -6, 5, weight=3), R(0, 0, 4.5, weight=2)],
    "log": [*POSITIVE, *NEAR_1], "log2": [*POSITIVE, *NEAR_1], "log10": [*POSITIVE, *NEAR_1],
    "log1p": [*POSITIVE, R(0, TINY, 0, "-", weight=2), R(-1, EPS, 0, "+"), R(0, -3, 0, weight=2),
              R(-0.4, EPS, -3, weight=2)],  # XLA's float64 log1p was 128 ulps off near -0.4
}  # fmt: skip
"""Regions of the real unary functions; the others (exact ones) draw ``DEFAULT``."""
DEFAULT = [*WHOLE, R(0, -6, 6)]


GRIDS: dict[str, list[tuple[str, float, float]]] = {
    "log1p": [("float64", -0.45, -0.38), ("float32", -0.45, -0.38)],
    "tanh": [("float64", -20.0, 20.0), ("float32", -10.0, 10.0)],
    "expm1": [("float32", -1.0, 1.0), ("float64", -1.0, 1.0)],
}
"""Intervals where backends were reported off (issue 24: XLA's float64 log1p 128 ulps on
[-0.45, -0.38], TF's and XLA's tanh 5 to 7 near saturation): 100,001 evenly spaced
points of each, besides the drawn ones."""
GRID = 100_001


def grid(name: str, dtype: np.dtype) -> np.ndarray:
    parts = [
        np.linspace(lo, hi, GRID, dtype=dtype) for d, lo, hi in GRIDS.get(name, ()) if d == dtype
    ]
    return np.concatenate(parts) if parts else np.zeros(0, dtype)


def real_unary(name: str, rng: np.random.Generator, n: int, dtype: np.dtype) -> np.ndarray:
    if dtype == np.float16:  # every finite float16
        every = np.arange(2**16, dtype=np.uint16).view(np.float16)
        return every[np.isfinite(every)]
    return np.concatenate([draw(rng, REAL_POINTS.get(name, DEFAULT), n, dtype), grid(name, dtype)])


# ----------------------------------------------------------------------- binary
def _pairs(rng: np.random.Generator, n: int, dtype: np.dtype) -> tuple[np.ndarray, ...]:
    return draw(rng, DEFAULT, n, dtype), draw(rng, DEFAULT, n, dtype)


def _close(rng: np.random.Generator, n: int, dtype: np.dtype) -> tuple[np.ndarray, ...]:
    """x2 within a few ulps to a factor 2 of +-x1 (cancellation, ratios near 1)."""
    x1 = draw(rng, DEFAULT, n, dtype)
    rel = draw(rng, [R(0, EPS, -1)], n, np.dtype(np.float64))
    with np.errstate(over="ignore"):
        x2 = (x1.astype(np.float64) * (1 + rel)).astype(dtype)
    x2 = np.where(np.isfinite(x2), x2, x1) * rng.choice(np.array([1, -1], dtype), n)
    return x1, x2


def _hypot(rng: np.random.Generator, n: int, dtype: np.dtype) -> tuple[np.ndarray, ...]:
    """Both operands near overflow, both subnormal, one tiny beside one huge."""
    k = n // 3
    big = [R(_scaled(1), -3, _exponent(MAX, dtype) - 2, "-")]
    small = [R(0, TINY, _exponent(TINY, dtype) + 60)]
    return (np.concatenate([draw(rng, big, k, dtype), draw(rng, small, k, dtype),
                            draw(rng, small, n - 2 * k, dtype)]),
            np.concatenate([draw(rng, big, k, dtype), draw(rng, small, k, dtype),
                            draw(rng, big, n - 2 * k, dtype)]))  # fmt: skip


def _logaddexp(rng: np.random.Generator, n: int, dtype: np.dtype) -> tuple[np.ndarray, ...]:
    """Operands over the range where exp is finite, and near the curve where the result
    is 0 (exp(x1) + exp(x2) = 1: x2 = log(1 - exp(x1)))."""
    k = n // 2
    lim = math.log(float(np.finfo(dtype).max)) * 1.1
    x1 = rng.uniform(-lim, lim, k).astype(dtype)
    x2 = rng.uniform(-lim, lim, k).astype(dtype)
    a = -np.exp2(rng.uniform(-12, 4, n - k))
    b = np.log(-np.expm1(a)) * (1 + draw(rng, [R(0, EPS, -8)], n - k, np.dtype(np.float64)))
    return np.concatenate([x1, a.astype(dtype)]), np.concatenate([x2, b.astype(dtype)])


def _pow(rng: np.random.Generator, n: int, dtype: np.dtype) -> tuple[np.ndarray, ...]:
    """Results spread over the finite range: x1 log-uniform (or near 1, where the exponent
    is huge), x2 = log2(result) / log2(x1); negative bases with integer exponents."""
    lo, hi = _exponent(TINY, dtype), _exponent(MAX, dtype)
    k = n // 3
    base = np.concatenate([
        draw(rng, [R(0, TINY, MAX, "+")], k, dtype),
        draw(rng, [R(1, EPS, -2)], k, dtype),
    ])  # fmt: skip
    t = rng.uniform(lo, hi, base.size)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        e = (t / np.log2(base.astype(np.float64))).astype(dtype)
    e = np.where(np.isfinite(e), e, 2)
    m = n - 2 * k
    neg = -draw(rng, [R(0, -20, 20, "+")], m, dtype)
    with np.errstate(divide="ignore"):
        limit = np.minimum(hi / np.abs(np.log2(np.abs(neg.astype(np.float64)))), 2**20)
    ints = np.floor(rng.uniform(-1, 1, m) * limit).astype(dtype)
    return np.concatenate([base, neg]), np.concatenate([e, ints])


BINARY_POINTS: dict[str, Callable[..., tuple[np.ndarray, ...]]] = {
    "atan2": _close, "hypot": _hypot, "logaddexp": _logaddexp, "pow": _pow,
    "subtract": _close, "add": _close, "divide": _close, "remainder": _close,
    "floor_divide": _close, "nextafter": _close,
}  # fmt: skip
"""Joint regions (half the points); the other half are independent pairs."""


def real_binary(name: str, rng: np.random.Generator, n: int, dtype: np.dtype) -> tuple:
    k = n // 2
    a1, a2 = _pairs(rng, k, dtype)
    b1, b2 = BINARY_POINTS.get(name, _pairs)(rng, n - k, dtype)
    return np.concatenate([a1, b1]), np.concatenate([a2, b2])


# ---------------------------------------------------------------------- complex
PART = [R(0, TINY, MAX, weight=3), R(0, -4, 4, weight=2), R(0, TINY, -30)]
ARITHMETIC = frozenset({"multiply", "divide", "reciprocal", "square", "sign", "pow"})
"""Complex functions measured where the parts of their operands are zero or between
2**(emin/2) and 2**(emax/2) in magnitude: C99's formulas for them (NumPy's, the other
backends') take products of parts, which overflow or underflow beyond (``(a*c - b*d)``
overflows where ``|a*c|`` does, whatever the result)."""
HALF = [R(0, HALF_TINY, HALF_MAX, weight=3), R(0, -4, 4, weight=2)]
COMPLEX_SPOTS: dict[str, list[complex]] = {
    "acos": [1, -1], "asin": [1, -1], "atanh": [1, -1], "acosh": [1, -1],
    "asinh": [1j, -1j], "atan": [1j, -1j], "log": [1], "log2": [1], "log10": [1],
    "log1p": [-1, 0], "expm1": [0], "sin": [0, math.pi], "tan": [0, math.pi / 2],
    "cos": [math.pi / 2], "sinh": [0, 1j * math.pi], "tanh": [0, 1j * math.pi / 2],
    "cosh": [1j * math.pi / 2], "sqrt": [0],
}  # fmt: skip
"""Points complex functions are also measured around (branch points, zeros, poles)."""


def complex_values(name: str, rng: np.random.Generator, n: int, dtype: np.dtype) -> np.ndarray:
    real = np.dtype(np.float32 if dtype == np.complex64 else np.float64)
    k = n // 3
    part, lo, hi = (HALF, HALF_TINY, HALF_MAX) if name in ARITHMETIC else (PART, TINY, MAX)
    parts = draw(rng, part, k, real), draw(rng, part, k, real)
    mag = np.exp2(rng.uniform(_exponent(lo, real), _exponent(hi, real), k))
    arg = rng.uniform(-math.pi, math.pi, k)
    spots = COMPLEX_SPOTS.get(name, [0]) + ([1] if name in ("multiply", "divide") else [])
    m = n - 2 * k
    centre = np.asarray(spots, np.complex128)[rng.integers(0, len(spots), m)]
    near = np.exp2(rng.uniform(_exponent(EPS, real), 1, m))
    near = near * np.exp(1j * rng.uniform(-math.pi, math.pi, m))
    out = np.concatenate([
        parts[0].astype(np.float64) + 1j * parts[1].astype(np.float64),
        mag * np.exp(1j * arg), centre + near,
    ])  # fmt: skip
    with np.errstate(over="ignore", invalid="ignore"):
        re, im = out.real.astype(real), out.imag.astype(real)
    fi = np.finfo(real)
    re = np.where(np.isfinite(re), re, fi.max * np.sign(re))
    im = np.where(np.isfinite(im), im, fi.max * np.sign(im))
    z = np.empty(n, dtype)
    z.real, z.imag = re, im
    return rng.permutation(z)


def complex_pow(rng: np.random.Generator, n: int, dtype: np.dtype) -> tuple:
    """Bases over the range, exponents with imaginary parts within +-8 and real parts
    spreading the result's magnitude over the range where it and its reciprocal are
    normal (NumPy's ``z**-n`` is ``1 / z**n``); real integer exponents."""
    real = np.dtype(np.float32 if dtype == np.complex64 else np.float64)
    z = complex_values("pow", rng, n, dtype).astype(np.complex128)
    hi = _exponent(MAX, real) - 4
    t = rng.uniform(-hi, hi, n)  # log2 |z**w|
    log2abs, arg = np.log2(np.abs(z)), np.angle(z)
    im = np.where(rng.random(n) < 0.3, 0.0, rng.uniform(-8, 8, n))
    with np.errstate(divide="ignore", invalid="ignore"):
        re = (t + arg * im / math.log(2)) / log2abs
    integer = (im == 0) & (rng.random(n) < 0.5)
    re = np.where(integer, np.trunc(np.clip(re, -(2**10), 2**10)), re)  # |z**n| <= 2**|t|
    ok = np.isfinite(re) & (np.abs(re) < 2**20)
    re, im = np.where(ok, re, 2.0), np.where(ok, im, 0.0)
    w = np.empty(n, dtype)
    w.real, w.imag = re.astype(real), im.astype(real)
    return z.astype(dtype), w
