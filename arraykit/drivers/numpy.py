"""The NumPy driver: arraykit's embedded default, needing nothing but NumPy.

Values are ``np.ndarray`` (never NumPy scalars: ufuncs run with ``out=...`` so 0-d
results stay arrays).  Most primitives are the NumPy function of the same name; the
rest bridge the places where NumPy's behaviour differs from the contract.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import _dtypes
from .._devices import Device
from ._base import Capabilities, Driver
from ._numpy_transforms import NumPyTransforms

_CPU = Device("numpy", "cpu", 0)


def _ufunc1(f: np.ufunc) -> Any:
    def prim(x: np.ndarray) -> np.ndarray:
        return f(x, out=...)

    prim.__name__ = f.__name__
    return prim


def _ufunc2(f: np.ufunc) -> Any:
    def prim(x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
        return f(x1, x2, out=...)

    prim.__name__ = f.__name__
    return prim


def _arr(x: Any) -> np.ndarray:
    return x if type(x) is np.ndarray else np.asarray(x)


_UFUNCS = {
    "abs": np.abs, "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin,
    "asinh": np.arcsinh, "atan": np.arctan, "atanh": np.arctanh,
    "bitwise_invert": np.invert, "ceil": np.ceil, "conj": np.conjugate, "cos": np.cos,
    "cosh": np.cosh, "exp": np.exp, "floor": np.floor,
    "isfinite": np.isfinite, "isinf": np.isinf, "isnan": np.isnan, "log": np.log,
    "log1p": np.log1p, "log2": np.log2, "log10": np.log10,
    "logical_not": np.logical_not, "negative": np.negative, "sign": np.sign,
    "signbit": np.signbit, "sin": np.sin, "sinh": np.sinh, "square": np.square,
    "sqrt": np.sqrt, "tan": np.tan, "trunc": np.trunc,
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


class NumPyDriver(Driver):
    """Runs arraykit on NumPy arrays, on the host CPU."""

    name = "numpy"
    capabilities = Capabilities(mutable=True, python_scalars=True, max_dimensions=64)
    transforms = NumPyTransforms()

    def __init__(self) -> None:
        # Ufunc primitives as instance attributes: one attribute lookup, no bound method.
        for prim_name, uf in _UFUNCS.items():
            setattr(self, prim_name, (_ufunc1 if uf.nin == 1 else _ufunc2)(uf))
        super().__init__()

    # ------------------------------------------------------------------ runtime
    def devices(self) -> list[Device]:
        return [_CPU]

    def default_device(self) -> Device:
        return _CPU

    def device_of(self, x: np.ndarray) -> Device:
        return _CPU

    def dtype_of(self, x: np.ndarray) -> np.dtype:
        return _dtypes.canonical(x.dtype)

    def shape_of(self, x: np.ndarray) -> tuple[int, ...]:
        return x.shape

    def is_native(self, obj: object) -> bool:
        return type(obj) is np.ndarray

    def asarray(self, obj: Any, dtype: np.dtype, device: Device, copy: bool | None) -> np.ndarray:
        if copy is False:
            out = np.asarray(obj)
            if out.dtype != dtype:
                raise ValueError(f"asarray: copy=False, but converting to {dtype} requires a copy")
            if out is not obj and not isinstance(obj, np.ndarray) and not _shares(obj):
                raise ValueError("asarray: copy=False, but the input cannot be used without a copy")
            return out
        return np.array(obj, dtype=dtype, copy=copy)

    def to_numpy(self, x: np.ndarray) -> np.ndarray:
        return x

    def to_device(self, x: np.ndarray, device: Device) -> np.ndarray:
        return x

    def to_scalar(self, x: np.ndarray) -> Any:
        return x.item()

    def astype(self, x: np.ndarray, dtype: np.dtype) -> np.ndarray:
        return x.astype(dtype)

    def copy(self, x: np.ndarray) -> np.ndarray:
        return x.copy()

    def dlpack(
        self, x: np.ndarray, stream: Any, max_version: Any, dl_device: Any, copy: bool | None
    ) -> Any:
        kwargs: dict[str, Any] = {}
        if max_version is not None:
            kwargs["max_version"] = max_version
        if dl_device is not None:
            kwargs["dl_device"] = dl_device
        if copy is not None:
            kwargs["copy"] = copy
        return x.__dlpack__(stream=stream, **kwargs)

    def dlpack_device(self, x: np.ndarray) -> tuple[int, int]:
        return x.__dlpack_device__()

    def from_dlpack(self, obj: Any, device: Device, copy: bool | None) -> np.ndarray:
        return np.from_dlpack(obj, copy=copy)

    # ------------------------------------------------------------------ indexing
    def getitem(self, x: np.ndarray, key: tuple) -> np.ndarray:
        return _arr(x[key])

    def setitem(self, x: np.ndarray, key: tuple, value: np.ndarray) -> np.ndarray:
        if not x.flags.writeable:  # a read-only view (broadcast_to): update a copy instead
            x = x.copy()
        x[key] = value
        return x

    def take(self, x: np.ndarray, indices: np.ndarray, axis: int) -> np.ndarray:
        return np.take(x, indices, axis=axis)

    def take_along_axis(self, x: np.ndarray, indices: np.ndarray, axis: int) -> np.ndarray:
        return np.take_along_axis(x, indices, axis=axis)

    # ------------------------------------------------------------------ elementwise
    def imag(self, x: np.ndarray) -> np.ndarray:
        return np.imag(x).copy() if x.dtype.kind == "c" else np.zeros_like(x)

    def real(self, x: np.ndarray) -> np.ndarray:
        return np.real(x).copy()

    def expm1(self, x: np.ndarray) -> np.ndarray:
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
        re = np.where(a == -np.inf, -1.0, re)
        im = np.where(a == -np.inf, 0.0, im)
        inf_bad = (a == np.inf) & ~np.isfinite(b)
        re = np.where(inf_bad, np.inf, re)
        im = np.where(inf_bad, np.nan, im)
        return _complex(re, im, x.dtype)

    def tanh(self, x: np.ndarray) -> np.ndarray:
        out = np.tanh(x, out=...)
        if x.dtype.kind == "c":
            # tanh(+-inf + bj) = +-1 + 0j*sign(b) for finite b (spec); NumPy gets the sign of
            # the zero imaginary part wrong.
            a, b = x.real, x.imag
            fix = np.isinf(a) & np.isfinite(b)
            if fix.any():
                re = np.where(fix, np.sign(a), out.real)
                im = np.where(fix, np.copysign(0.0, b), out.imag)
                out = _complex(re, im, x.dtype)
        return out

    def floor_divide(self, x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
        x1, x2 = _operands(x1, x2)
        out = np.floor_divide(x1, x2, out=...)
        if x1.dtype.kind == "f":
            # The spec's floor(x1 / x2) where an operand is infinite (NumPy gives NaN or -1).
            inf = np.isinf(x1) | np.isinf(x2)
            if inf.any():
                with np.errstate(all="ignore"):
                    out = np.asarray(np.where(inf, np.floor(x1 / x2), out))
        return out

    def reciprocal(self, x: np.ndarray) -> np.ndarray:
        return np.reciprocal(x, out=...)

    def round(self, x: np.ndarray) -> np.ndarray:
        return np.round(x) if x.ndim else np.asarray(np.round(x))

    def bitwise_left_shift(self, x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
        # NumPy's shift by >= the bit width is platform-defined; the result is 0.
        x1, x2 = _operands(x1, x2)
        out = np.left_shift(x1, x2, out=...)
        return np.where(x2 >= x1.dtype.itemsize * 8, x1.dtype.type(0), out)

    def bitwise_right_shift(self, x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
        x1, x2 = _operands(x1, x2)
        bits = x1.dtype.itemsize * 8
        # Shifting by >= the bit width: sign fill for signed ints (clamp to bits - 1), 0 for
        # unsigned ones (NumPy's own result there is platform-defined).
        out = np.right_shift(x1, np.minimum(x2, bits - 1), out=...)
        if x1.dtype.kind == "u":
            out = np.asarray(np.where(x2 >= bits, x1.dtype.type(0), out))
        return out

    def clip(self, x: np.ndarray, min: Any, max: Any) -> np.ndarray:
        out = x
        if min is not None:
            out = np.maximum(out, min, out=...)
        if max is not None:
            out = np.minimum(out, max, out=...)
        return out.copy() if out is x else out

    # ------------------------------------------------------------------ creation
    def arange(self, start: Any, stop: Any, step: Any, dtype: np.dtype, device: Device) -> Any:
        n = max(math.ceil((stop - start) / step), 0)
        if dtype.kind in "iu":
            return np.arange(start, start + n * step, step, dtype=dtype)[:n]
        return (start + step * np.arange(n, dtype=np.float64)).astype(dtype)

    def full(self, shape: tuple[int, ...], fill_value: Any, dtype: np.dtype, device: Device) -> Any:
        return np.full(shape, fill_value, dtype=dtype)

    def empty(self, shape: tuple[int, ...], dtype: np.dtype, device: Device) -> np.ndarray:
        return np.empty(shape, dtype=dtype)

    def eye(self, n_rows: int, n_cols: int, k: int, dtype: np.dtype, device: Device) -> Any:
        return np.eye(n_rows, n_cols, k=k, dtype=dtype)

    def linspace(
        self, start: Any, stop: Any, num: int, endpoint: bool, dtype: np.dtype, device: Device
    ) -> np.ndarray:
        return np.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)

    def tril(self, x: np.ndarray, k: int) -> np.ndarray:
        return np.tril(x, k)

    def triu(self, x: np.ndarray, k: int) -> np.ndarray:
        return np.triu(x, k)

    # ------------------------------------------------------------------ manipulation
    def reshape(self, x: np.ndarray, shape: tuple[int, ...], copy: bool | None) -> np.ndarray:
        return np.reshape(x, shape, copy=copy)

    def permute_dims(self, x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
        return np.transpose(x, axes)

    def broadcast_to(self, x: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
        return np.broadcast_to(x, shape)

    def concat(self, xs: list[np.ndarray], axis: int) -> np.ndarray:
        return np.concatenate(xs, axis=axis)

    def stack(self, xs: list[np.ndarray], axis: int) -> np.ndarray:
        return np.stack(xs, axis=axis)

    def expand_dims(self, x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
        return np.expand_dims(x, axes)

    def squeeze(self, x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
        return np.squeeze(x, axes)

    def flip(self, x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
        return _arr(np.flip(x, axes))  # np.flip of a 0-d array gives a NumPy scalar

    def roll(self, x: np.ndarray, shifts: tuple[int, ...], axes: tuple[int, ...] | None) -> Any:
        return np.roll(x, shifts, axes)

    def repeat(self, x: np.ndarray, repeats: Any, axis: int) -> np.ndarray:
        return np.repeat(x, repeats, axis=axis)

    def tile(self, x: np.ndarray, reps: tuple[int, ...]) -> np.ndarray:
        return np.tile(x, reps)

    # ------------------------------------------------------------------ searching
    def argmax(self, x: np.ndarray, axis: int | None, keepdims: bool) -> np.ndarray:
        return _arr(np.argmax(x, axis=axis, keepdims=keepdims)).astype(np.int64, copy=False)

    def argmin(self, x: np.ndarray, axis: int | None, keepdims: bool) -> np.ndarray:
        return _arr(np.argmin(x, axis=axis, keepdims=keepdims)).astype(np.int64, copy=False)

    def nonzero(self, x: np.ndarray) -> tuple[np.ndarray, ...]:
        return np.nonzero(x)

    def where(self, condition: np.ndarray, x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
        return _arr(np.where(condition, x1, x2))

    def searchsorted(
        self, x1: np.ndarray, x2: np.ndarray, side: str, sorter: np.ndarray | None
    ) -> np.ndarray:
        return _arr(np.searchsorted(x1, x2, side=side, sorter=sorter)).astype(np.int64)

    def count_nonzero(self, x: np.ndarray, axes: tuple[int, ...] | None, keepdims: bool) -> Any:
        return _arr(np.count_nonzero(x, axis=axes, keepdims=keepdims)).astype(np.int64)

    # ------------------------------------------------------------------ sets, sorting
    def unique_all(self, x: np.ndarray) -> tuple[np.ndarray, ...]:
        r = np.unique_all(x)
        return r.values, r.indices, r.inverse_indices.reshape(x.shape), r.counts

    def unique_counts(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        r = np.unique_counts(x)
        return r.values, r.counts

    def unique_inverse(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        r = np.unique_inverse(x)
        return r.values, r.inverse_indices.reshape(x.shape)

    def unique_values(self, x: np.ndarray) -> np.ndarray:
        return np.unique_values(x)

    def isin(self, x1: np.ndarray, x2: np.ndarray, invert: bool) -> np.ndarray:
        return _arr(np.isin(x1, x2, invert=invert))

    def sort(
        self, x: np.ndarray, axis: int, descending: bool, stable: bool, kind: str | None
    ) -> np.ndarray:
        if not descending:
            return np.sort(x, axis=axis, kind=kind or ("stable" if stable else None))
        return np.flip(self.sort(np.flip(x, axis), axis, False, stable, kind), axis)

    def argsort(
        self, x: np.ndarray, axis: int, descending: bool, stable: bool, kind: str | None
    ) -> np.ndarray:
        kind = kind or ("stable" if stable else None)
        if not descending:
            return np.argsort(x, axis=axis, kind=kind).astype(np.int64, copy=False)
        # Sort the reversed input ascending and map back: equal elements keep their order.
        n = x.shape[axis]
        idx = np.argsort(np.flip(x, axis), axis=axis, kind=kind)
        return np.flip(n - 1 - idx, axis).astype(np.int64, copy=False)

    # ------------------------------------------------------------------ statistics
    def sum(self, x: np.ndarray, axes: Any, dtype: np.dtype, keepdims: bool) -> np.ndarray:
        return _arr(np.sum(x, axis=axes, dtype=dtype, keepdims=keepdims))

    def prod(self, x: np.ndarray, axes: Any, dtype: np.dtype, keepdims: bool) -> np.ndarray:
        return _arr(np.prod(x, axis=axes, dtype=dtype, keepdims=keepdims))

    def max(self, x: np.ndarray, axes: Any, keepdims: bool) -> np.ndarray:
        return _arr(np.max(x, axis=axes, keepdims=keepdims))

    def min(self, x: np.ndarray, axes: Any, keepdims: bool) -> np.ndarray:
        return _arr(np.min(x, axis=axes, keepdims=keepdims))

    def mean(self, x: np.ndarray, axes: Any, keepdims: bool) -> np.ndarray:
        return _arr(np.mean(x, axis=axes, keepdims=keepdims))

    def var(self, x: np.ndarray, axes: Any, correction: float, keepdims: bool) -> np.ndarray:
        return _arr(np.var(x, axis=axes, ddof=correction, keepdims=keepdims))

    def std(self, x: np.ndarray, axes: Any, correction: float, keepdims: bool) -> np.ndarray:
        return _arr(np.std(x, axis=axes, ddof=correction, keepdims=keepdims))

    def cumulative_sum(
        self, x: np.ndarray, axis: int, dtype: np.dtype, include_initial: bool
    ) -> np.ndarray:
        return np.cumulative_sum(x, axis=axis, dtype=dtype, include_initial=include_initial)

    def cumulative_prod(
        self, x: np.ndarray, axis: int, dtype: np.dtype, include_initial: bool
    ) -> np.ndarray:
        return np.cumulative_prod(x, axis=axis, dtype=dtype, include_initial=include_initial)

    def all(self, x: np.ndarray, axes: Any, keepdims: bool) -> np.ndarray:
        return _arr(np.all(x, axis=axes, keepdims=keepdims))

    def any(self, x: np.ndarray, axes: Any, keepdims: bool) -> np.ndarray:
        return _arr(np.any(x, axis=axes, keepdims=keepdims))

    # ------------------------------------------------------------------ linear algebra
    def matmul(self, x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
        return np.matmul(x1, x2, out=...)

    def tensordot(self, x1: np.ndarray, x2: np.ndarray, axes: Any) -> np.ndarray:
        return _arr(np.tensordot(x1, x2, axes=axes))

    def cholesky(self, x: np.ndarray, upper: bool) -> np.ndarray:
        return np.linalg.cholesky(x, upper=upper)

    def det(self, x: np.ndarray) -> np.ndarray:
        return _arr(np.linalg.det(x))

    def eig(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        w, v = np.linalg.eig(x)
        ct = _dtypes.COMPLEX_OF.get(x.dtype, x.dtype)
        return w.astype(ct, copy=False), v.astype(ct, copy=False)

    def eigvals(self, x: np.ndarray) -> np.ndarray:
        ct = _dtypes.COMPLEX_OF.get(x.dtype, x.dtype)
        return np.linalg.eigvals(x).astype(ct, copy=False)

    def eigh(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return tuple(np.linalg.eigh(x))  # type: ignore[return-value]

    def eigvalsh(self, x: np.ndarray) -> np.ndarray:
        return np.linalg.eigvalsh(x)

    def inv(self, x: np.ndarray) -> np.ndarray:
        return np.linalg.inv(x)

    def qr(self, x: np.ndarray, mode: str) -> tuple[np.ndarray, np.ndarray]:
        return tuple(np.linalg.qr(x, mode=mode))  # type: ignore[return-value]

    def slogdet(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        s, ld = np.linalg.slogdet(x)
        return _arr(s), _arr(ld)

    def solve(self, x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
        return np.linalg.solve(x1, x2)

    def svd(self, x: np.ndarray, full_matrices: bool) -> tuple[np.ndarray, ...]:
        return tuple(np.linalg.svd(x, full_matrices=full_matrices))

    def svdvals(self, x: np.ndarray) -> np.ndarray:
        return np.linalg.svd(x, compute_uv=False)

    def pinv(self, x: np.ndarray, rtol: Any) -> np.ndarray:
        return np.linalg.pinv(x, rtol=rtol)

    def cross(self, x1: np.ndarray, x2: np.ndarray, axis: int) -> np.ndarray:
        return np.linalg.cross(x1, x2, axis=axis)

    def diagonal(self, x: np.ndarray, offset: int) -> np.ndarray:
        return np.linalg.diagonal(x, offset=offset).copy()

    def matrix_power(self, x: np.ndarray, n: int) -> np.ndarray:
        return np.linalg.matrix_power(x, n)

    def vector_norm(self, x: np.ndarray, axes: Any, keepdims: bool, ord: Any) -> np.ndarray:
        return _arr(np.linalg.vector_norm(x, axis=axes, keepdims=keepdims, ord=ord))

    def matrix_norm(self, x: np.ndarray, keepdims: bool, ord: Any) -> np.ndarray:
        return _arr(np.linalg.matrix_norm(x, keepdims=keepdims, ord=ord))

    # ------------------------------------------------------------------ fft
    def fftn(self, x: np.ndarray, s: Any, axes: Any, norm: str) -> np.ndarray:
        return np.fft.fftn(x, s=s, axes=axes, norm=norm).astype(x.dtype, copy=False)

    def ifftn(self, x: np.ndarray, s: Any, axes: Any, norm: str) -> np.ndarray:
        return np.fft.ifftn(x, s=s, axes=axes, norm=norm).astype(x.dtype, copy=False)

    def rfftn(self, x: np.ndarray, s: Any, axes: Any, norm: str) -> np.ndarray:
        ct = _dtypes.COMPLEX_OF[_dtypes.canonical(x.dtype)]
        return np.fft.rfftn(x, s=s, axes=axes, norm=norm).astype(ct, copy=False)

    def irfftn(self, x: np.ndarray, s: Any, axes: Any, norm: str) -> np.ndarray:
        rt = _dtypes.REAL_OF[_dtypes.canonical(x.dtype)]
        return np.fft.irfftn(x, s=s, axes=axes, norm=norm).astype(rt, copy=False)


def _operands(x1: Any, x2: Any) -> tuple[np.ndarray, np.ndarray]:
    """Both operands as arrays: a Python scalar operand (capabilities.python_scalars)
    takes the other's dtype."""
    if type(x1) is not np.ndarray:
        return np.asarray(x1, dtype=x2.dtype), x2
    if type(x2) is not np.ndarray:
        return x1, np.asarray(x2, dtype=x1.dtype)
    return x1, x2


def _complex(re: np.ndarray, im: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """A complex array from its parts, exactly (``re + 1j*im`` turns inf + nan j into nan)."""
    out = np.empty(np.shape(re), dtype)
    out.real = re
    out.imag = im
    return out


def _shares(obj: Any) -> bool:
    """Whether ``np.asarray(obj)`` can view ``obj``'s memory (buffer protocol objects)."""
    try:
        memoryview(obj)
    except TypeError:
        return False
    return True
