"""The JAX driver's compiled kernels: one ``jax.jit`` function per primitive, inlined
when traced (``kernel_jit``).

Non-array arguments (axes, dtypes, flags) are static, so each call is one C++ dispatch
and each distinct set of static arguments compiles once.  Where ``jax.numpy`` departs
from the standard's special cases, the fix is written here, inside the compiled
function.  ``arraykit.drivers.jax`` binds these as the driver's primitives.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .._jax_complex import COMPLEX_SPECIAL_CASES, complex_special_cases

HIGHEST = lax.Precision.HIGHEST  # exact float32 matmuls on GPU/TPU too (no TF32/bf16 passes)

kernel_jit = partial(jax.jit, inline=True)
"""``jax.jit`` for a driver kernel: compiled on its own when called eagerly (one C++
dispatch), inlined into the caller's trace under ``ak.jit``, ``ak.grad`` and ``ak.vmap``.
A traced arraykit function then lowers to the program its ``jax.numpy`` twin lowers to;
nested calls reorder XLA's schedule (an MLP training step ran 8 % slower at one size,
15 % faster at another)."""


# ---------------------------------------------------------------------- elementwise
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


def _floor_divide(x1: Any, x2: Any) -> Any:
    out = jnp.floor_divide(x1, x2)
    if not jnp.issubdtype(x1.dtype, jnp.floating):
        return out
    # The spec's floor(x1 / x2) where a zero or an infinity is involved (signed zeros,
    # infinities); jnp's Python-style divmod elsewhere.
    special = ~(jnp.isfinite(x1) & jnp.isfinite(x2)) | (x1 == 0) | (x2 == 0)
    return jnp.where(special, jnp.floor(x1 / x2), out)


def _remainder(x1: Any, x2: Any) -> Any:
    out = jnp.remainder(x1, x2)
    if not jnp.issubdtype(x1.dtype, jnp.floating):
        return out
    return jnp.where(out == 0, jnp.copysign(jnp.zeros_like(out), x2), out)  # x2's sign


_UNARY: dict[str, Callable[[Any], Any]] = {
    "abs": jnp.abs, "acos": jnp.arccos, "acosh": jnp.arccosh, "asin": jnp.arcsin,
    "asinh": jnp.arcsinh, "atan": jnp.arctan, "atanh": jnp.arctanh,
    "bitwise_invert": jnp.invert, "ceil": jnp.ceil, "conj": jnp.conj, "cos": jnp.cos,
    "cosh": jnp.cosh, "exp": jnp.exp, "expm1": jnp.expm1, "floor": jnp.floor,
    "imag": _imag, "isfinite": jnp.isfinite, "isinf": jnp.isinf, "isnan": jnp.isnan,
    "log": jnp.log, "log1p": _log1p, "log2": jnp.log2, "log10": jnp.log10,
    "logical_not": jnp.logical_not, "negative": jnp.negative, "real": _real,
    "reciprocal": jnp.reciprocal, "round": _round, "sign": _sign,
    "signbit": jnp.signbit, "sin": jnp.sin, "sinh": jnp.sinh, "square": jnp.square,
    "sqrt": jnp.sqrt, "tan": jnp.tan, "tanh": jnp.tanh, "trunc": jnp.trunc,
}  # fmt: skip

_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "add": jnp.add, "atan2": jnp.arctan2, "bitwise_and": jnp.bitwise_and,
    "bitwise_left_shift": jnp.left_shift, "bitwise_or": jnp.bitwise_or,
    "bitwise_right_shift": jnp.right_shift, "bitwise_xor": jnp.bitwise_xor,
    "copysign": jnp.copysign, "divide": jnp.divide, "equal": jnp.equal,
    "floor_divide": _floor_divide, "greater": jnp.greater,
    "greater_equal": jnp.greater_equal, "hypot": jnp.hypot, "less": jnp.less,
    "less_equal": jnp.less_equal, "logaddexp": jnp.logaddexp,
    "logical_and": jnp.logical_and, "logical_or": jnp.logical_or,
    "logical_xor": jnp.logical_xor, "maximum": jnp.maximum, "minimum": jnp.minimum,
    "multiply": jnp.multiply, "nextafter": jnp.nextafter, "not_equal": jnp.not_equal,
    "pow": jnp.power, "remainder": _remainder, "subtract": jnp.subtract,
}  # fmt: skip


def _unary(f: Callable[[Any], Any], name: str) -> Any:
    if name in COMPLEX_SPECIAL_CASES:
        return kernel_jit(complex_special_cases(f, *COMPLEX_SPECIAL_CASES[name]))
    return kernel_jit(lambda x: f(x))


def _binary(f: Callable[[Any, Any], Any]) -> Any:
    return kernel_jit(lambda x1, x2: f(x1, x2))


ELEMENTWISE: dict[str, Any] = {
    **{name: _unary(f, name) for name, f in _UNARY.items()},
    **{name: _binary(f) for name, f in _BINARY.items()},
    "clip": kernel_jit(_clip),
}


# ---------------------------------------------------------------------- casts
@partial(kernel_jit, static_argnums=1)
def astype(x: Any, dtype: np.dtype) -> Any:
    if dtype == np.bool_:
        return x != 0
    if jnp.iscomplexobj(x) and not jnp.issubdtype(dtype, jnp.complexfloating):
        x = jnp.real(x)
    return lax.convert_element_type(x, dtype)


# ---------------------------------------------------------------------- creation
def _arange(start: Any, step: Any, n: int, dtype: np.dtype) -> Any:
    if jnp.issubdtype(dtype, jnp.integer):
        # Wrapping arithmetic in the target dtype is exact for every value in range.
        i = lax.convert_element_type(lax.iota(np.int64, n), dtype)
        return start + i * step
    return lax.convert_element_type(start + step * lax.iota(start.dtype, n), dtype)


def _eye(n_rows: int, n_cols: int, k: int, dtype: np.dtype) -> Any:
    return jnp.eye(n_rows, n_cols, k, dtype=dtype)


def _linspace(start: Any, stop: Any, num: int, endpoint: bool, dtype: np.dtype) -> Any:
    return jnp.linspace(start, stop, num, endpoint=endpoint, dtype=start.dtype).astype(dtype)


# ---------------------------------------------------------------------- sorting
def _sort(x: Any, axis: int, descending: bool, stable: bool, kind: Any) -> Any:
    # lax.sort orders -0.0 and +0.0 as equal and every NaN last, as NumPy does.
    if not descending:
        return lax.sort(x, dimension=axis, is_stable=stable)
    # Descending: reverse, sort ascending, reverse back, so equal elements keep their order.
    return lax.rev(lax.sort(lax.rev(x, (axis,)), dimension=axis, is_stable=stable), (axis,))


def _argsort(x: Any, axis: int, descending: bool, stable: bool, kind: Any) -> Any:
    n = x.shape[axis]
    if descending:  # sort the reversed input and map back: equal elements keep their order
        x = lax.rev(x, (axis,))
    iota = lax.broadcasted_iota(np.int64, x.shape, axis)
    _, idx = lax.sort((x, iota), dimension=axis, is_stable=stable, num_keys=1)
    return lax.rev(n - 1 - idx, (axis,)) if descending else idx


# ---------------------------------------------------------------------- statistics
def _truth(x: Any) -> Any:
    # jnp.all/any cast complex to bool by the real part alone: 1j would be False.
    return x != 0 if jnp.iscomplexobj(x) else x


# ---------------------------------------------------------------------- linear algebra
def _matmul(x1: Any, x2: Any) -> Any:
    return jnp.matmul(x1, x2, precision=HIGHEST)


def _tensordot(x1: Any, x2: Any, axes: Any) -> Any:
    return jnp.tensordot(x1, x2, axes=axes, precision=HIGHEST)


def _vecdot(x1: Any, x2: Any, axis: int) -> Any:
    return jnp.vecdot(x1, x2, axis=axis, precision=HIGHEST)


def _qr(x: Any, mode: str) -> tuple[Any, Any]:
    q, r = jnp.linalg.qr(x, mode=mode)
    return q, r


def _svd(x: Any, full_matrices: bool) -> tuple[Any, Any, Any]:
    u, s, vh = jnp.linalg.svd(x, full_matrices=full_matrices)
    return u, s, vh


def _eigh(x: Any) -> tuple[Any, Any]:
    w, v = jnp.linalg.eigh(x)
    return w, v


def _slogdet(x: Any) -> tuple[Any, Any]:
    s, ld = jnp.linalg.slogdet(x)
    return s, ld


def _complex_of(dtype: Any) -> Any:
    return np.complex64 if dtype in (np.float32, np.complex64) else np.complex128


@kernel_jit
def linalg_eig(x: Any) -> tuple[Any, Any]:
    w, v = jnp.linalg.eig(x)
    ct = _complex_of(x.dtype)
    return w.astype(ct), v.astype(ct)


@kernel_jit
def linalg_eigvals(x: Any) -> Any:
    return jnp.linalg.eigvals(x).astype(_complex_of(x.dtype))


# ---------------------------------------------------------------------- fft
def _fft(f: Callable[..., Any]) -> Callable[..., Any]:
    def kernel(x: Any, s: Any, axes: Any, norm: str) -> Any:
        return f(x, s=s, axes=axes, norm=norm)

    return kernel


# ---------------------------------------------------------------------- the table
# name -> (function, static argument positions)
_TABLE: dict[str, tuple[Callable[..., Any], tuple[int, ...]]] = {
    # indexing
    "_take": (lambda x, i, axis: jnp.take(x, i, axis=axis), (2,)),
    "_take_along_axis": (lambda x, i, axis: jnp.take_along_axis(x, i, axis=axis), (2,)),
    # creation
    "_arange": (_arange, (2, 3)),
    "_eye": (_eye, (0, 1, 2, 3)),
    "_linspace": (_linspace, (2, 3, 4)),
    "tril": (lambda x, k: jnp.tril(x, k), (1,)),
    "triu": (lambda x, k: jnp.triu(x, k), (1,)),
    # manipulation
    "reshape": (lambda x, shape, copy: jnp.reshape(x, shape), (1, 2)),
    "permute_dims": (lambda x, axes: lax.transpose(x, axes), (1,)),
    "broadcast_to": (lambda x, shape: jnp.broadcast_to(x, shape), (1,)),
    "concat": (lambda xs, axis: jnp.concatenate(xs, axis=axis), (1,)),
    "expand_dims": (lambda x, axes: lax.expand_dims(x, axes), (1,)),
    "squeeze": (lambda x, axes: lax.squeeze(x, axes), (1,)),
    "flip": (lambda x, axes: lax.rev(x, axes), (1,)),
    "roll": (lambda x, shifts, axes: jnp.roll(x, shifts, axes), (1, 2)),
    "_repeat": (lambda x, r, axis: jnp.repeat(x, r, axis), (1, 2)),
    "_repeat_counts": (
        lambda x, r, axis, total: jnp.repeat(x, r, axis, total_repeat_length=total),
        (2, 3),
    ),
    "tile": (lambda x, reps: jnp.tile(x, reps), (1,)),
    # searching
    "argmax": (lambda x, axis, keepdims: jnp.argmax(x, axis=axis, keepdims=keepdims), (1, 2)),
    "argmin": (lambda x, axis, keepdims: jnp.argmin(x, axis=axis, keepdims=keepdims), (1, 2)),
    "where": (lambda c, x1, x2: jnp.where(c, x1, x2), ()),
    "searchsorted": (
        lambda a, v, side, sorter: jnp.searchsorted(a, v, side=side, sorter=sorter),
        (2,),
    ),
    "count_nonzero": (lambda x, axes, keepdims: jnp.count_nonzero(x, axes, keepdims), (1, 2)),
    # sets, sorting
    "isin": (lambda x1, x2, invert: jnp.isin(x1, x2, invert=invert), (2,)),
    "sort": (_sort, (1, 2, 3, 4)),
    "argsort": (_argsort, (1, 2, 3, 4)),
    # statistics
    "sum": (lambda x, axes, dtype, kd: jnp.sum(x, axes, dtype=dtype, keepdims=kd), (1, 2, 3)),
    "prod": (lambda x, axes, dtype, kd: jnp.prod(x, axes, dtype=dtype, keepdims=kd), (1, 2, 3)),
    "max": (lambda x, axes, kd: jnp.max(x, axes, keepdims=kd), (1, 2)),
    "min": (lambda x, axes, kd: jnp.min(x, axes, keepdims=kd), (1, 2)),
    "mean": (lambda x, axes, kd: jnp.mean(x, axes, keepdims=kd), (1, 2)),
    "var": (lambda x, axes, c, kd: jnp.var(x, axes, correction=c, keepdims=kd), (1, 2, 3)),
    "std": (lambda x, axes, c, kd: jnp.std(x, axes, correction=c, keepdims=kd), (1, 2, 3)),
    "cumulative_sum": (
        lambda x, axis, dtype, ii: jnp.cumulative_sum(
            x, axis=axis, dtype=dtype, include_initial=ii
        ),
        (1, 2, 3),
    ),
    "cumulative_prod": (
        lambda x, axis, dtype, ii: jnp.cumulative_prod(
            x, axis=axis, dtype=dtype, include_initial=ii
        ),
        (1, 2, 3),
    ),
    "all": (lambda x, axes, kd: jnp.all(_truth(x), axes, keepdims=kd), (1, 2)),
    "any": (lambda x, axes, kd: jnp.any(_truth(x), axes, keepdims=kd), (1, 2)),
    # linear algebra
    "matmul": (_matmul, ()),
    "tensordot": (_tensordot, (2,)),
    "cholesky": (lambda x, upper: jnp.linalg.cholesky(x, upper=upper), (1,)),
    "det": (jnp.linalg.det, ()),
    "eigh": (_eigh, ()),
    "eigvalsh": (jnp.linalg.eigvalsh, ()),
    "inv": (jnp.linalg.inv, ()),
    "qr": (_qr, (1,)),
    "slogdet": (_slogdet, ()),
    "solve": (jnp.linalg.solve, ()),
    "svd": (_svd, (1,)),
    "svdvals": (jnp.linalg.svdvals, ()),
    "pinv": (lambda x, rtol: jnp.linalg.pinv(x, rtol=rtol), ()),
    "cross": (lambda x1, x2, axis: jnp.linalg.cross(x1, x2, axis=axis), (2,)),
    "diagonal": (lambda x, offset: jnp.linalg.diagonal(x, offset=offset), (1,)),
    "matrix_power": (lambda x, n: jnp.linalg.matrix_power(x, n), (1,)),
    "vector_norm": (
        lambda x, axes, kd, ord: jnp.linalg.vector_norm(x, axis=axes, keepdims=kd, ord=ord),
        (1, 2, 3),
    ),
    "matrix_norm": (lambda x, kd, ord: jnp.linalg.matrix_norm(x, keepdims=kd, ord=ord), (1, 2)),
    # fft
    "fftn": (_fft(jnp.fft.fftn), (1, 2, 3)),
    "ifftn": (_fft(jnp.fft.ifftn), (1, 2, 3)),
    "rfftn": (_fft(jnp.fft.rfftn), (1, 2, 3)),
    "irfftn": (_fft(jnp.fft.irfftn), (1, 2, 3)),
    # composites with a native fast path (see drivers/_base.py COMPOSITES)
    "stack": (lambda xs, axis: jnp.stack(xs, axis=axis), (1,)),
    "vecdot": (_vecdot, (2,)),
    "moveaxis": (lambda x, src, dst: jnp.moveaxis(x, src, dst), (1, 2)),
    "unstack": (lambda x, axis: tuple(jnp.unstack(x, axis=axis)), (1,)),
    "broadcast_arrays": (lambda *xs: tuple(jnp.broadcast_arrays(*xs)), ()),
    "meshgrid": (lambda xs, indexing: tuple(jnp.meshgrid(*xs, indexing=indexing)), (1,)),
    "fftshift": (lambda x, axes: jnp.fft.fftshift(x, axes), (1,)),
    "ifftshift": (lambda x, axes: jnp.fft.ifftshift(x, axes), (1,)),
}

_COMPILED = {
    name: kernel_jit(f, static_argnums=static) if static else kernel_jit(f)
    for name, (f, static) in _TABLE.items()
}
KERNELS: dict[str, Any] = {k: v for k, v in _COMPILED.items() if not k.startswith("_")}
"""Primitives (and composites) the driver binds as they are."""
HELPERS: dict[str, Any] = {k[1:]: v for k, v in _COMPILED.items() if k.startswith("_")}
"""Kernels the driver's own methods call: take, arange, eye, linspace, repeat, ..."""
