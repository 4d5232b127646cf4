"""Elementwise primitives of the NumPy driver (core: ``arraykit/_elementwise.py``).

Most are NumPy's ufunc of the same meaning, in ``UFUNCS``, bound by ``install_ufuncs``
as instance attributes of the driver: one attribute lookup and one call of a small
function running the ufunc with ``out=...`` (so 0-d results stay arrays).  The methods
of ``Elementwise`` are the rest: where NumPy misses a special case of the spec, returns
a NumPy scalar, or leaves a result platform-defined.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import numpy as np

from .. import _accurate
from .._accurate import by_inverse_log
from .._base import Part
from . import extrema
from ._common import NDArray

UFUNCS: dict[str, np.ufunc] = {
    "abs": np.abs, "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin,
    "asinh": np.arcsinh, "atan": np.arctan, "atanh": np.arctanh,
    "bitwise_invert": np.invert, "ceil": np.ceil, "conj": np.conjugate, "cos": np.cos,
    "cosh": np.cosh, "exp": np.exp, "floor": np.floor,
    "isfinite": np.isfinite, "isinf": np.isinf, "isnan": np.isnan, "log": np.log,
    "logical_not": np.logical_not, "negative": np.negative,
    "signbit": np.signbit, "sin": np.sin, "sinh": np.sinh, "square": np.square,
    "sqrt": np.sqrt, "trunc": np.trunc,
    "add": np.add, "atan2": np.arctan2, "bitwise_and": np.bitwise_and,
    "bitwise_or": np.bitwise_or, "bitwise_xor": np.bitwise_xor, "copysign": np.copysign,
    "divide": np.divide, "equal": np.equal,
    "greater": np.greater, "greater_equal": np.greater_equal, "hypot": np.hypot,
    "less": np.less, "less_equal": np.less_equal, "logaddexp": np.logaddexp,
    "logical_and": np.logical_and, "logical_or": np.logical_or,
    "logical_xor": np.logical_xor, "maximum": np.maximum, "minimum": np.minimum,
    "multiply": np.multiply, "nextafter": np.nextafter, "not_equal": np.not_equal,
    "pow": np.power, "remainder": np.remainder, "subtract": np.subtract,
}  # fmt: skip
"""Primitive name -> the NumPy ufunc that is that primitive exactly."""


def _ufunc1(f: np.ufunc) -> Any:
    def prim(x: NDArray) -> Any:  # the ufunc's array (out=...), typed Any by NumPy
        return f(x, out=...)

    prim.__name__ = f.__name__
    return prim


def _ufunc2(f: np.ufunc) -> Any:
    def prim(x1: NDArray, x2: NDArray) -> Any:
        return f(x1, x2, out=...)

    prim.__name__ = f.__name__
    return prim


def _log1p(x: NDArray) -> NDArray:
    if x.dtype.kind != "c":
        return np.log1p(x, out=...)
    # NumPy's complex log1p is log(1 + z): log1p(1e-20j) is 0 + 1e-20j, not 5e-41 + 1e-20j;
    # the contract's formula (its special cases are NumPy's: C99's clog)
    with np.errstate(all="ignore"):
        out: NDArray = _accurate.clog1p(x, _OPS).astype(x.dtype)
        bad = ~np.isfinite(x)
        if bad.any():
            out[bad] = np.log1p(x[bad])
    return out


def _tan(x: NDArray) -> NDArray:
    out = np.tan(x, out=...)
    if x.dtype.kind == "c":  # -1j * tanh(1j * x): as tanh beyond |im(x)| = 1
        far = (np.abs(x.imag) >= 1) & np.isfinite(x)
        if far.any():
            with np.errstate(all="ignore"):
                re, im = _accurate.ctanh_far(-x.imag[far], x.real[far], _OPS)
            out[far] = _complex(im, -re, x.dtype)
    return out


def install_ufuncs(driver: object) -> None:
    """Set every primitive of ``UFUNCS`` on ``driver`` as an instance attribute: a plain
    function, so a call costs one attribute lookup and no bound-method creation; so are
    ``log1p`` and ``tan``, NumPy's ufuncs but for complex input."""
    for prim_name, uf in UFUNCS.items():
        setattr(driver, prim_name, (_ufunc1 if uf.nin == 1 else _ufunc2)(uf))
    driver.log1p, driver.tan = _log1p, _tan  # type: ignore[attr-defined]


def _log_base(x: NDArray, real_log: np.ufunc, base: int) -> NDArray:
    if x.dtype.kind != "c":
        result: NDArray = real_log(x, out=...)
        return result
    # The spec: complex special cases "as if implemented with the change of base formula"
    # log(z) / log(base), part by part (NumPy's log2(0j) is -inf + NaN j)
    with np.errstate(all="ignore"):
        w: NDArray = np.log(x)
        out: NDArray = np.empty_like(w)
        out.real = by_inverse_log(w.real, base, w.real.dtype)
        out.imag = by_inverse_log(w.imag, base, w.imag.dtype)
    return out


class Elementwise(Part):
    """The elementwise primitives that are not a plain ufunc call."""

    gcd = staticmethod(np.gcd)  # the optional fast path

    def log2(self, x: NDArray) -> NDArray:
        return _log_base(x, np.log2, 2)

    def log10(self, x: NDArray) -> NDArray:
        return _log_base(x, np.log10, 10)

    def sign(self, x: NDArray) -> NDArray:
        out = np.sign(x, out=...)
        if x.dtype.kind == "c":  # the spec: NaN + NaN j if either part is NaN (NumPy
            # gives the direction of an infinite part: sign(nan + inf j) = 1j)
            nan = np.isnan(x.real) | np.isnan(x.imag)
            if nan.any():
                out = np.where(nan, np.array(complex(np.nan, np.nan), x.dtype), out)
        return out

    # NumPy's views (read-only zeros: imag of real input), as core's aliasing rules say.
    def imag(self, x: NDArray) -> NDArray:
        return np.imag(x)

    def real(self, x: NDArray) -> NDArray:
        return np.real(x)

    def expm1(self, x: NDArray) -> NDArray:
        if x.dtype.kind != "c":
            return np.expm1(x, out=...)
        # NumPy's complex expm1 misses the spec's special cases (and loses accuracy near
        # 0): expm1(a + bj) = expm1(a)cos(b) - 2sin(b/2)**2 + j*exp(a)sin(b).
        a, b = x.real, x.imag
        with np.errstate(all="ignore"):
            # (+ 0.0: expm1(-0 + 0j) is +0 + 0j, unlike the real expm1(-0) = -0)
            em1 = np.expm1(a)
            re = np.where(b == 0, em1 + 0.0, em1 * np.cos(b) - 2 * np.sin(b / 2) ** 2)
            im = np.where(b == 0, b, np.exp(a) * np.sin(b))
            # the spec: +0 * cis(b) - 1.0 at a = -inf (a signed zero, conj-symmetric)
            zero = np.where(np.isfinite(b), np.copysign(0.0, np.sin(b)), 0.0)
        re = np.where(a == -np.inf, -1.0, re)
        im = np.where(a == -np.inf, zero, im)
        inf_bad = (a == np.inf) & ~np.isfinite(b)
        re = np.where(inf_bad, np.inf, re)
        im = np.where(inf_bad, np.nan, im)
        return _complex(re, im, x.dtype)

    def tanh(self, x: NDArray) -> NDArray:
        out: NDArray = np.tanh(x, out=...)
        if x.dtype.kind == "c":
            # C99's formula (NumPy's) is 6 ulps off beyond |re(x)| = 1: the contract's there
            far = (np.abs(x.real) >= 1) & np.isfinite(x)
            if far.any():
                with np.errstate(all="ignore"):
                    re, im = _accurate.ctanh_far(x.real[far], x.imag[far], _OPS)
                out[far] = _complex(re, im, x.dtype)
            # tanh(+-inf + bj) = +-1 + 0j*sign(b) for finite b (spec); NumPy gets the sign of
            # the zero imaginary part wrong.
            a, b = x.real, x.imag
            fix = np.isinf(a) & np.isfinite(b)
            if fix.any():
                re = np.where(fix, np.sign(a), out.real)
                im = np.where(fix, np.copysign(0.0, b), out.imag)
                out = _complex(re, im, x.dtype)
        return out

    def floor_divide(self, x1: NDArray, x2: NDArray) -> NDArray:
        x1, x2 = _operands(x1, x2)
        out = np.floor_divide(x1, x2, out=...)
        if x1.dtype.kind == "f":
            # The spec's floor(x1 / x2) where an operand is infinite (NumPy gives NaN or -1).
            inf = np.isinf(x1) | np.isinf(x2)
            if inf.any():
                with np.errstate(all="ignore"):
                    out = np.asarray(np.where(inf, np.floor(x1 / x2), out))
        return out

    def reciprocal(self, x: NDArray) -> NDArray:
        return np.reciprocal(x, out=...)

    def round(self, x: NDArray) -> NDArray:
        return np.round(x) if x.ndim else np.asarray(np.round(x))

    def bitwise_left_shift(self, x1: NDArray, x2: NDArray) -> NDArray:
        # NumPy's shift by >= the bit width is platform-defined; the result is 0.
        x1, x2 = _operands(x1, x2)
        out = np.left_shift(x1, x2, out=...)
        return np.where(x2 >= x1.dtype.itemsize * 8, x1.dtype.type(0), out)

    def bitwise_right_shift(self, x1: NDArray, x2: NDArray) -> NDArray:
        x1, x2 = _operands(x1, x2)
        bits = x1.dtype.itemsize * 8
        # Shifting by >= the bit width: sign fill for signed ints (clamp to bits - 1), 0 for
        # unsigned ones (NumPy's own result there is platform-defined).
        out: NDArray = np.right_shift(x1, np.minimum(x2, bits - 1), out=...)
        if x1.dtype.kind == "u":
            out = np.asarray(np.where(x2 >= bits, x1.dtype.type(0), out))
        return out

    def clip(self, x: NDArray, min: Any, max: Any) -> NDArray:
        return extrema.clip(x, min, max)  # maximum, then minimum, with -0 < +0

    def complex(self, re: NDArray, im: NDArray) -> NDArray:
        out = np.empty(np.broadcast_shapes(re.shape, im.shape), np.result_type(re, np.complex64))
        out.real, out.imag = re, im
        return out


_OPS = cast(
    "_accurate.ComplexOps",  # a namespace of NumPy's functions: checkers see no attributes
    SimpleNamespace(
        where=np.where, abs=np.abs, exp=np.exp, log=np.log, tanh=np.tanh, minimum=np.minimum,
        isinf=np.isinf, real=np.real, imag=np.imag, complex=lambda re, im: _complex(
            re, im, np.result_type(re, np.complex64)), sin=np.sin, cos=np.cos, sinh=np.sinh,
        cosh=np.cosh, expm1=np.expm1, log1p=np.log1p, hypot=np.hypot, atan2=np.arctan2,
        finfo=lambda x: np.finfo(x.dtype),
    ),
)  # fmt: skip
"""NumPy's functions for the contract's formulas (``drivers/_accurate.py``)."""


def _operands(x1: Any, x2: Any) -> tuple[NDArray, NDArray]:
    """Both operands as arrays: a Python scalar operand (capabilities.python_scalars)
    takes the other's dtype."""
    if type(x1) is not np.ndarray:
        return np.asarray(x1, dtype=x2.dtype), x2
    if type(x2) is not np.ndarray:
        return x1, np.asarray(x2, dtype=x1.dtype)
    return x1, x2


def _complex(re: NDArray, im: NDArray, dtype: np.dtype) -> NDArray:
    """A complex array from its parts, exactly (``re + 1j*im`` turns inf + nan j into nan)."""
    out = np.empty(np.shape(re), dtype)
    out.real = re
    out.imag = im
    return out
