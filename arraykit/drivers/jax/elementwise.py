"""The JAX driver's elementwise kernels and casts (core's ``_elementwise.py``).

Each function of the standard is its ``jax.numpy`` twin compiled by ``kernel_jit``.
Where ``jax.numpy`` departs from the standard's special cases, the fix is written here,
inside the compiled function, at no extra dispatch: signed zeros and NaNs of ``sign``,
``floor_divide`` and ``remainder`` at zeros and infinities, complex ``log1p`` near -1,
and the standard's complex special cases, from the contract's ``_complex_cases.py`` (the
tables written once for every driver) over the ``jnp`` functions of ``_OPS``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import SimpleNamespace
from typing import Any

import jax.numpy as jnp
import numpy as np
from jax import lax

from ..._devices import Device
from ..._dtypes import exact_powers
from .._complex_cases import with_special_cases
from .casts import convert
from .devices import PROBED
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


def _log1p(x: Any) -> Any:
    if not jnp.iscomplexobj(x):
        return jnp.log1p(x)
    # XLA's complex log1p loses |1 + z| to underflow near z = -1 (log1p(-1 + 1e-155j)
    # is -inf): log(hypot(1 + a, b)) there, log1p of the exact square away from it.
    a, b = jnp.real(x), jnp.imag(x)
    small = (jnp.abs(a) < 0.5) & (jnp.abs(b) < 0.5)
    re = jnp.where(small, 0.5 * jnp.log1p(a * (2 + a) + b * b), jnp.log(jnp.hypot(1 + a, b)))
    return lax.complex(re, jnp.arctan2(b, 1 + a))


def _cosh(x: Any) -> Any:
    if jnp.iscomplexobj(x):
        return jnp.cosh(x)
    # XLA computes exp(x + log(1/2)) + exp(-x + log(1/2)): rounding x + log(1/2) costs
    # |x|/2 ulp (25 ulp near float32's overflow).  exp(|x|/2) squared stays within 4 ulp.
    h = jnp.exp(jnp.abs(x) / 2)
    return (0.5 * h) * h + 0.5 / (h * h)


def _sinh(x: Any) -> Any:
    if jnp.iscomplexobj(x):
        return jnp.sinh(x)
    # As _cosh (XLA: 24 ulp near the overflow); expm1 below 1 (odd as written, so -0.0
    # and the gradient at 0 come out right without a copysign).
    e = jnp.expm1(x)
    h = jnp.exp(jnp.abs(x) / 2)
    big = (0.5 * h) * h - 0.5 / (h * h)
    return jnp.where(jnp.abs(x) < 1, 0.5 * (e + e / (e + 1)), jnp.where(x < 0, -big, big))


def _atanh(x: Any) -> Any:
    if jnp.iscomplexobj(x):
        return jnp.arctanh(x)

    # XLA's float64 atanh is 129 ulp off near +-0.41; log1p(2|x| / (1 - |x|)) / 2 is 3.
    def half(t: Any) -> Any:
        return 0.5 * jnp.log1p(2 * t / (1 - t))

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
    out = jnp.floor_divide(x1, x2)
    if not jnp.issubdtype(x1.dtype, jnp.floating):
        # Integer division by zero gives 0, as NumPy and the other drivers do (XLA: -1).
        return jnp.where(x2 == 0, jnp.zeros_like(out), out)
    # The spec's floor(x1 / x2) where a zero or an infinity is involved (signed zeros,
    # infinities); jnp's Python-style divmod elsewhere.
    special = ~(jnp.isfinite(x1) & jnp.isfinite(x2)) | (x1 == 0) | (x2 == 0)
    return jnp.where(special, jnp.floor(x1 / x2), out)


def _remainder(x1: Any, x2: Any) -> Any:
    out = jnp.remainder(x1, x2)
    if not jnp.issubdtype(x1.dtype, jnp.floating):
        return out
    return jnp.where(out == 0, jnp.copysign(jnp.zeros_like(out), x2), out)  # x2's sign


def _pow(x1: Any, x2: Any) -> Any:
    """``jnp.power``, but complex powers by real integers ``|n| < 100`` of finite non-zero
    bases by square and multiply, as NumPy's ``npy_cpow`` (``(3j)**2`` is -9 exactly, not
    exp(2 log 3j) with an imaginary part of 1e-15); the TF driver does the same."""
    out = jnp.power(x1, x2)
    if not jnp.iscomplexobj(out):
        return out
    re = jnp.real(x2)
    n = jnp.round(re)
    use = (re == n) & (jnp.imag(x2) == 0) & (jnp.abs(n) < 100) & jnp.isfinite(x1) & (x1 != 0)
    m = jnp.where(use, jnp.abs(n), 0).astype(jnp.int32)
    acc, p = jnp.ones_like(out), jnp.broadcast_to(x1, out.shape)
    for i in range(7):  # |n| < 100 < 2**7; NumPy's order of products
        acc = jnp.where((m >> i) & 1 == 1, acc * p, acc)
        p = p * p
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
    "bitwise_invert": jnp.invert, "ceil": jnp.ceil, "conj": jnp.conj, "cos": jnp.cos,
    "cosh": _cosh, "exp": jnp.exp, "expm1": jnp.expm1, "floor": jnp.floor,
    "imag": _imag, "isfinite": jnp.isfinite, "isinf": jnp.isinf, "isnan": jnp.isnan,
    "log": jnp.log, "log1p": _log1p, "log2": _exact_powers(jnp.log2, 2),
    "log10": _exact_powers(jnp.log10, 10),
    "logical_not": jnp.logical_not, "negative": jnp.negative, "real": _real,
    "reciprocal": jnp.reciprocal, "round": _round, "sign": _sign,
    "signbit": jnp.signbit, "sin": jnp.sin, "sinh": _sinh, "square": _square,
    "sqrt": jnp.sqrt, "tan": jnp.tan, "tanh": jnp.tanh, "trunc": jnp.trunc,
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


# What the contract's complex special cases need (``_complex_cases.ComplexOps``).
_OPS = SimpleNamespace(
    is_complex=jnp.iscomplexobj, real=jnp.real, imag=jnp.imag, complex=lax.complex,
    where=jnp.where, signbit=jnp.signbit, isnan=jnp.isnan, isinf=jnp.isinf,
    isfinite=jnp.isfinite, cos=jnp.cos, sin=jnp.sin, stop_gradient=lax.stop_gradient,
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
}
"""The elementwise primitives, compiled (``JAXDriver`` binds them as they are)."""


@partial(kernel_jit, static_argnums=1)
def _astype(x: Any, dtype: np.dtype) -> Any:
    if dtype == np.bool_:
        return x != 0
    if jnp.iscomplexobj(x) and not jnp.issubdtype(dtype, jnp.complexfloating):
        x = jnp.real(x)
    return convert(x, dtype)


class Elementwise:
    """What is more than a kernel: ``astype`` (core casts every operand to the dtype it
    chose; a no-op when it has it, else a check that the device holds the dtype) and the
    optional ``integer_pow`` fast path."""

    # From JAXDriver's other parts (devices.py).
    device_of: Callable[[Any], Device]
    _check_dtype: Callable[[Device, np.dtype, str], None]

    integer_pow = staticmethod(kernel_jit(lax.integer_pow, static_argnums=1))

    def astype(self, x: Any, dtype: np.dtype) -> Any:
        if x.dtype == dtype:
            return x
        if x.__class__ is ArrayImpl and dtype in PROBED:
            self._check_dtype(self.device_of(x), dtype, "astype")
        return _astype(x, dtype)
