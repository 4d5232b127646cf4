"""The JAX driver's elementwise kernels and casts (core's ``_elementwise.py``).

Each function of the standard is its ``jax.numpy`` twin compiled by ``kernel_jit``.
Where ``jax.numpy`` departs from the standard's special cases, the fix is written here,
inside the compiled function, at no extra dispatch: signed zeros and NaNs of ``sign``,
``floor_divide`` and ``remainder`` at zeros and infinities, complex ``log1p`` near -1,
and the standard's complex special cases, from the contract's ``_complex_cases.py`` (the
tables written once for every driver) over the ``jnp`` functions of ``_OPS``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from types import SimpleNamespace
from typing import Any, cast

import jax.numpy as jnp
import numpy as np
from jax import lax

from ..._devices import Device
from ..._dtypes import exact_powers
from .. import _accurate
from .._base import Part
from .._complex_cases import ComplexOps, with_special_cases
from .casts import convert
from .devices import PROBED
from .gradients import with_derivatives
from .kernels import kernel_jit
from .tracing import ArrayImpl


def _imag(x: Any) -> Any:
    return jnp.imag(x) if jnp.iscomplexobj(x) else jnp.zeros_like(x)


def _real(x: Any) -> Any:
    return jnp.real(x) if jnp.iscomplexobj(x) else x


def _round(x: Any) -> Any:
    return jnp.round(x) if not jnp.issubdtype(x.dtype, jnp.integer) else x


def _clip(x: Any, lo: Any, hi: Any) -> Any:
    if lo is not None:
        x = jnp.maximum(x, lo)
    if hi is not None:
        x = jnp.minimum(x, hi)
    return x


def _sign(x: Any) -> Any:
    # sign(-0.0) is +0 and sign(0j) is 0j (jnp keeps the zero's sign); NaN parts give NaN.
    out = jnp.where(x == 0, jnp.zeros_like(x), jnp.sign(x))
    if jnp.iscomplexobj(x):
        nan = jnp.isnan(x.real) | jnp.isnan(x.imag)
        out = jnp.where(nan, jnp.asarray(complex(np.nan, np.nan), x.dtype), out)
    return out


_E10 = math.exp(10)


def _select(c: Any, x: Any, y: Any) -> Any:
    """``jnp.where`` of operands of one shape, as the primitive: ``jnp.where`` is a nested
    jit call in a trace (tests/test_jax_driver.py: ak code lowers as jnp code does)."""
    x = x if hasattr(x, "dtype") else lax.full_like(y, x)
    return lax.select(c, x, y if hasattr(y, "dtype") else lax.full_like(x, y))


def _isinf(x: Any) -> Any:
    return lax.abs(x) == np.inf  # jnp.isinf is a nested jit call too


def _exp(x: Any) -> Any:
    if x.dtype != jnp.float32:
        return jnp.exp(x)
    # XLA's float32 exp is 5 ulps off above 80 (1 below): exp(x - 10) * e**10 there (x - 10
    # is exact in [64, 128)).
    big = x > 80
    return jnp.exp(x - _select(big, 10.0, jnp.zeros_like(x))) * _select(big, _E10, jnp.ones_like(x))


def _exp_parts(x: Any) -> tuple[Any, Any]:
    """``(big, e)``: ``e = exp(|x|)`` where it is finite (``big`` false), else ``exp(|x| -
    10)`` (times e**10 it is finite where cosh is: ``|x| - 10`` is exact there)."""
    a = jnp.abs(x)
    big = a > float(np.log(np.finfo(x.dtype).max)) - 1
    return big, _exp(a - _select(big, 10.0, jnp.zeros_like(a)))


def _real_cosh(x: Any) -> Any:
    # XLA computes exp(x + log(1/2)) + exp(-x + log(1/2)): rounding x + log(1/2) costs
    # |x|/2 ulp (25 ulp near float32's overflow).  e/2 + 1/(2e), e = exp(|x|), within 2.
    big, e = _exp_parts(x)
    return _select(big, (0.5 * e) * _E10, 0.5 * e + 0.5 / e)


def _real_sinh(x: Any) -> Any:
    # As _real_cosh (XLA: 24 ulp near the overflow; 6 ulps below 1, where the Taylor
    # series, odd as written, is within 1: -0.0 and the gradient at 0 come out right).
    big, e = _exp_parts(x)
    out = _select(big, (0.5 * e) * _E10, 0.5 * e - 0.5 / e)
    out = _select(x < 0, -out, out)
    small = jnp.abs(x) < 1
    t = _select(small, x, 0.0)
    t2 = t * t
    terms = 10 if x.dtype == jnp.float64 else 6  # 1/(2n+1)! below the dtype's eps/2
    series = jnp.zeros_like(t)
    for n in range(terms, 0, -1):
        series = (series + 1 / math.factorial(2 * n + 1)) * t2
    return _select(small, t + t * series, out)


# The native functions of the formulas written once in the contract (``_accurate``):
# XLA's float64 log1p was 128 ulps off near -0.41, its float32 expm1 5, its float64 tanh
# 6 near saturation (the other dtypes keep XLA's kernels, within their bounds); its
# complex cosh, sinh, tan and tanh lose whole parts to cancellation (sinh(1e-8 + 1e-8j)
# had a zero real part), its complex log 122 ulps near |z| = 0.77.
_REAL = cast(
    "_accurate.RealOps",  # namespaces: checkers see no attributes
    SimpleNamespace(
        where=_select, abs=jnp.abs, exp=_exp, log=jnp.log, tanh=jnp.tanh,
        minimum=jnp.minimum, isinf=_isinf,
    ),
)  # fmt: skip
_CPLX = cast(
    "_accurate.ComplexOps",
    SimpleNamespace(
        **vars(_REAL), real=jnp.real, imag=jnp.imag, complex=lax.complex, sin=jnp.sin,
        cos=jnp.cos, sinh=_real_sinh, cosh=_real_cosh, hypot=jnp.hypot, atan2=jnp.arctan2,
        expm1=lambda x: _accurate.expm1(x, _REAL), log1p=lambda x: _accurate.log1p(x, _REAL),
        finfo=lambda x: np.finfo(x.dtype),
    ),
)  # fmt: skip


def _accurate_pair(name: str, real_dtypes: tuple[type, ...] = ()) -> Callable[[Any], Any]:
    """The contract's formula ``name`` for the real dtypes in ``real_dtypes`` (XLA's kernel
    for the others, within the bound), ``c<name>`` for complex dtypes."""
    real, cplx = getattr(_accurate, name, None), getattr(_accurate, "c" + name)
    xla: Callable[[Any], Any] = getattr(jnp, name)
    native = _REAL_KERNELS.get(name, xla)

    def f(x: Any) -> Any:
        if jnp.iscomplexobj(x):
            return cplx(x, _CPLX)
        if real is not None and x.dtype in real_dtypes:
            return real(x, _REAL)
        return native(x)

    return f


_REAL_KERNELS: dict[str, Callable[[Any], Any]] = {"cosh": _real_cosh, "sinh": _real_sinh}


def _atanh(x: Any) -> Any:
    if jnp.iscomplexobj(x):
        return jnp.arctanh(x)

    # XLA's float64 atanh is 129 ulp off near +-0.41; log1p(2|x| / (1 - |x|)) / 2 is 3.
    def half(t: Any) -> Any:
        return 0.5 * _accurate.log1p(2 * t / (1 - t), _REAL)

    return jnp.where(x < 0, -half(-x), half(x))


def _abs(x: Any) -> Any:
    out = jnp.abs(x)
    if jnp.iscomplexobj(x):  # |inf + NaN j| is +inf (the spec, C99's hypot); XLA: NaN
        out = jnp.where(jnp.isinf(x.real) | jnp.isinf(x.imag), jnp.inf, out)
    return out


def _square(x: Any) -> Any:
    # The spec: complex special cases "as if implemented as x * x"; XLA's complex square
    # differs where a part overflows (inf + 1e30j in complex64: inf + inf j, not NaN + inf j)
    return x * x if jnp.iscomplexobj(x) else jnp.square(x)


def _divide(x1: Any, x2: Any) -> Any:
    # XLA rewrites a division by a broadcast divisor into a product with its reciprocal,
    # one rounding too many (12.0 / 10.0 gives 1.2000000000000002); the standard's divide
    # is IEEE 754's, correctly rounded. Behind the barrier the divisor is a full-size
    # operand the rewrite cannot see. The select makes it full-size under jax.vmap too,
    # where the batching of x1 alone would broadcast x2 after this function; on operands
    # of one shape outside vmap XLA folds it away (no measurable cost at 10**2 or 10**6).
    if not jnp.issubdtype(x2.dtype, jnp.inexact):
        return jnp.divide(x1, x2)
    shape = jnp.broadcast_shapes(jnp.shape(x1), jnp.shape(x2))
    full = lax.select(
        jnp.ones(shape, bool), jnp.broadcast_to(x2, shape), jnp.broadcast_to(x1, shape)
    )
    return jnp.divide(x1, lax.optimization_barrier(full))


def _floor_divide(x1: Any, x2: Any) -> Any:
    x1, x2 = jnp.broadcast_arrays(x1, x2)
    out = jnp.floor_divide(x1, x2)
    if not jnp.issubdtype(x1.dtype, jnp.floating):
        # Integer division by zero gives 0, as NumPy and the other drivers do (XLA: -1).
        return jnp.where(x2 == 0, jnp.zeros_like(out), out)
    # The spec's floor(x1 / x2) where a zero or an infinity is involved (signed zeros,
    # infinities); elsewhere NumPy's npy_divmod, as the TF driver: jnp's quotient was 2
    # ulps off it (floor_divide(-1.2652783e34, -1.7525137e27) gave 7219792, not 7219791).
    special = ~(jnp.isfinite(x1) & jnp.isfinite(x2)) | (x1 == 0) | (x2 == 0)
    x1, x2, _ = _scaled_for_fmod(x1, x2)
    mod = lax.rem(x1, x2)  # C's fmod: exact
    div = _divide(x1 - mod, x2)
    div = jnp.where((mod != 0) & ((x2 < 0) != (mod < 0)), div - 1, div)
    fl = jnp.floor(div)
    fl = jnp.where(div - fl > 0.5, fl + 1, fl)
    fl = jnp.where(div == 0, jnp.copysign(jnp.zeros_like(div), x1 / x2), fl)
    return jnp.where(special, jnp.floor(x1 / x2), fl)


def _scaled_for_fmod(x1: Any, x2: Any) -> tuple[Any, Any, Any]:
    """``x1, x2`` times one power of two where ``|x2|`` is within ``2**p`` of the smallest
    normal number: fmod's remainder, below ``|x2|``, could be subnormal there, which XLA
    flushes (a quotient came out one too high); not where ``x1`` would overflow (the
    quotient does).  The quotient is unchanged, the remainder scaled by the same power, k."""
    fi = jnp.finfo(x1.dtype)
    shift = 2.0 ** (2 * fi.nmant + 4)
    small = (jnp.abs(x2) < float(fi.smallest_normal) * 2.0 ** (fi.nmant + 1)) & (
        jnp.abs(x1) < float(fi.max) / shift
    )
    k = jnp.where(small, jnp.asarray(shift, x1.dtype), jnp.asarray(1.0, x1.dtype))
    return x1 * k, x2 * k, k


def _remainder(x1: Any, x2: Any) -> Any:
    if not jnp.issubdtype(x1.dtype, jnp.floating):
        return jnp.remainder(x1, x2)
    x1, x2 = jnp.broadcast_arrays(x1, x2)
    s1, s2, k = _scaled_for_fmod(x1, x2)
    out = jnp.remainder(s1, s2) / k
    return jnp.where(out == 0, jnp.copysign(jnp.zeros_like(out), x2), out)  # x2's sign


def _integer_pow(x1: Any, x2: Any) -> Any:
    """``x1 ** x2`` of integers wrapping as NumPy's loop does: XLA's power reads only the
    exponent's low 6 bits (``2 ** 64`` gave 1, NumPy 0; ``7 ** 100`` was ``7 ** 36``), so
    the exponent goes in 6-bit chunks, ``x1 ** 64**k`` by squaring.  Negative exponents are
    core's (``_powers``)."""
    x2 = jnp.asarray(x2)
    acc, p, e = jnp.power(x1, x2 & 63), jnp.asarray(x1), x2 >> 6
    for _ in range((jnp.iinfo(x2.dtype).bits - 1) // 6):
        p = jnp.power(p, 32)
        p = p * p
        acc = acc * jnp.power(p, e & 63)
        e = e >> 6
    return acc


def _pow(x1: Any, x2: Any) -> Any:
    """``jnp.power``, but complex powers by real integers ``|n| < 100`` of finite non-zero
    bases by square and multiply, as NumPy's ``npy_cpow`` (``(3j)**2`` is -9 exactly, not
    exp(2 log 3j) with an imaginary part of 1e-15); the TF driver does the same."""
    out = jnp.power(x1, x2)
    if jnp.issubdtype(out.dtype, jnp.integer):
        return _integer_pow(x1, x2)
    if not jnp.iscomplexobj(out):
        return out
    # XLA's general complex power overflows where |x1|**re(x2) does, whatever the result:
    # exp(x2 * log(x1)) for finite non-zero x1 (special values stay jnp.power's).
    x1 = jnp.asarray(x1, out.dtype)
    finite = jnp.isfinite(x1) & (x1 != 0) & jnp.isfinite(x2)
    general = jnp.exp(x2 * _accurate.clog(jnp.where(finite, x1, 1), _CPLX))
    out = jnp.where(finite, general, out)
    re = jnp.real(x2)
    n = jnp.round(re)
    use = (re == n) & (jnp.imag(x2) == 0) & (jnp.abs(n) < 100) & jnp.isfinite(x1) & (x1 != 0)
    m = jnp.where(use, jnp.abs(n), 0).astype(jnp.int32)
    acc, p = jnp.ones_like(out), jnp.broadcast_to(x1, out.shape)
    for i in range(7):  # |n| < 100 < 2**7; NumPy's order of products
        acc = jnp.where((m >> i) & 1 == 1, acc * p, acc)
        p = p * p
    # where a product nears the subnormals (flushed on CPU), the general path
    fi = np.finfo(jnp.real(acc).dtype)
    use &= jnp.maximum(jnp.abs(acc.real), jnp.abs(acc.imag)) > fi.smallest_normal * fi.eps**-1
    acc = jnp.where(n < 0, 1 / acc, acc)
    return jnp.where(use & jnp.isfinite(acc), acc, out)  # overflow: the general path


def _exact_powers(log: Callable[[Any], Any], base: int) -> Callable[[Any], Any]:
    """``log`` (jnp.log2, jnp.log10: ``log(x) / log(base)``, an ulp off at exact powers),
    but the exact ``k`` where ``x == base**k`` (``_dtypes.exact_powers``), as NumPy."""

    def f(x: Any) -> Any:
        y = log(x)
        if y.dtype not in (np.float32, np.float64):
            return y
        lo, table = exact_powers(base, np.dtype(y.dtype))
        k = jnp.clip(jnp.where(jnp.isfinite(y), jnp.round(y), lo), lo, lo + len(table) - 1)
        exact = jnp.asarray(table)[(k - lo).astype(jnp.int32)] == x
        # y + (k - y) is k exactly (k - y is exact so near k); the gradient stays y's
        return y + lax.stop_gradient(jnp.where(exact, k - y, 0))

    return f


_UNARY: dict[str, Callable[[Any], Any]] = {
    "abs": _abs, "acos": jnp.arccos, "acosh": jnp.arccosh, "asin": jnp.arcsin,
    "asinh": jnp.arcsinh, "atan": jnp.arctan, "atanh": _atanh,
    "bitwise_invert": jnp.invert, "ceil": jnp.ceil, "conj": jnp.conj,
    "cos": _accurate_pair("cos"), "cosh": _accurate_pair("cosh"), "exp": _exp,
    "expm1": _accurate_pair("expm1", (jnp.float32,)), "floor": jnp.floor,
    "imag": _imag, "isfinite": jnp.isfinite, "isinf": jnp.isinf, "isnan": jnp.isnan,
    "log": _accurate_pair("log"), "log1p": _accurate_pair("log1p", (jnp.float64,)),
    "log2": _exact_powers(jnp.log2, 2), "log10": _exact_powers(jnp.log10, 10),
    "logical_not": jnp.logical_not, "negative": jnp.negative, "real": _real,
    "reciprocal": jnp.reciprocal, "round": _round, "sign": _sign,
    "signbit": jnp.signbit, "sin": _accurate_pair("sin"), "sinh": _accurate_pair("sinh"),
    "square": _square, "sqrt": jnp.sqrt, "tan": _accurate_pair("tan"),
    "tanh": _accurate_pair("tanh", (jnp.float64,)), "trunc": jnp.trunc,
}  # fmt: skip

_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "add": jnp.add, "atan2": jnp.arctan2, "bitwise_and": jnp.bitwise_and,
    "bitwise_left_shift": jnp.left_shift, "bitwise_or": jnp.bitwise_or,
    "bitwise_right_shift": jnp.right_shift, "bitwise_xor": jnp.bitwise_xor,
    "copysign": jnp.copysign, "divide": _divide, "equal": jnp.equal,
    "floor_divide": _floor_divide, "greater": jnp.greater,
    "greater_equal": jnp.greater_equal, "hypot": jnp.hypot, "less": jnp.less,
    "less_equal": jnp.less_equal, "logaddexp": jnp.logaddexp,
    "logical_and": jnp.logical_and, "logical_or": jnp.logical_or,
    "logical_xor": jnp.logical_xor, "maximum": jnp.maximum, "minimum": jnp.minimum,
    "multiply": jnp.multiply, "nextafter": jnp.nextafter, "not_equal": jnp.not_equal,
    "pow": _pow, "remainder": _remainder, "subtract": jnp.subtract,
}  # fmt: skip

# The contract's derivatives where jax.numpy's differ (gradients.py).
_UNARY, _BINARY = with_derivatives(_UNARY), with_derivatives(_BINARY)


# What the contract's complex special cases need (``_complex_cases.ComplexOps``).
_OPS = cast(
    "ComplexOps",
    SimpleNamespace(
        is_complex=jnp.iscomplexobj, real=jnp.real, imag=jnp.imag, complex=lax.complex,
        where=jnp.where, signbit=jnp.signbit, isnan=jnp.isnan, isinf=jnp.isinf,
        isfinite=jnp.isfinite, cos=jnp.cos, sin=jnp.sin, stop_gradient=lax.stop_gradient,
    ),
)  # fmt: skip


def _unary(f: Callable[[Any], Any], name: str) -> Any:
    g = with_special_cases(name, f, _OPS, _UNARY)
    return kernel_jit(g if g is not f else (lambda x: f(x)))


def _binary(f: Callable[[Any, Any], Any]) -> Any:
    return kernel_jit(lambda x1, x2: f(x1, x2))


KERNELS: dict[str, Any] = {
    **{name: _unary(f, name) for name, f in _UNARY.items()},
    **{name: _binary(f) for name, f in _BINARY.items()},
    "clip": kernel_jit(_clip),
    "complex": kernel_jit(lax.complex),
}
"""The elementwise primitives, compiled (``JAXDriver`` binds them as they are)."""


@partial(kernel_jit, static_argnums=1)
def _astype(x: Any, dtype: np.dtype) -> Any:
    if dtype == np.bool_:
        return x != 0
    if jnp.iscomplexobj(x) and not jnp.issubdtype(dtype, jnp.complexfloating):
        x = jnp.real(x)
    return convert(x, dtype)


class Elementwise(Part):
    """What is more than a kernel: ``astype`` (core casts every operand to the dtype it
    chose; a no-op when it has it, else a check that the device holds the dtype) and the
    optional ``integer_pow`` fast path."""

    # From JAXDriver's other parts (devices.py).
    device_of: Callable[[Any], Device]
    _check_dtype: Callable[[Device, np.dtype, str], None]

    integer_pow = staticmethod(kernel_jit(lax.integer_pow, static_argnums=1))
    gcd = staticmethod(kernel_jit(jnp.gcd))  # a while loop: no unrolled worst case

    # an optional fast path: pyright refuses methods for Driver's ``Callable | None`` slots
    def bitcast(self, x: Any, dtype: np.dtype) -> Any:  # pyright: ignore[reportIncompatibleVariableOverride]
        if dtype.kind in "bc" or x.dtype.kind in "bc":
            return None  # lax.bitcast_convert_type refuses bool and complex
        return lax.bitcast_convert_type(x, dtype)

    def astype(self, x: Any, dtype: np.dtype) -> Any:
        if x.dtype == dtype:
            return x
        if x.__class__ is ArrayImpl and dtype in PROBED:
            self._check_dtype(self.device_of(x), dtype, "astype")
        return _astype(x, dtype)
