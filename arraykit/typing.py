"""Types for code written against arraykit: ``Array``, ``DType``, ``Device`` and ``Namespace``.

A library author annotates with these and lets mypy or pyright check the calls::

    from arraykit.typing import Array, Namespace

    def softmax(xp: Namespace, x: Array, axis: int = -1) -> Array:
        e = xp.exp(x - xp.max(x, axis=axis, keepdims=True))
        return e / xp.sum(e, axis=axis, keepdims=True)

    import arraykit as ak
    softmax(ak, ak.asarray([1.0, 2.0]))         # the module ``arraykit`` is a Namespace

``Namespace`` is a protocol of the array API standard's namespace (2025.12): its
functions, dtypes and constants and the ``linalg`` and ``fft`` extensions, with the
standard's signatures; ``arraykit`` satisfies it (``tests/typing/`` checks that with both
checkers) and so does ``x.__array_namespace__()``.  arraykit's own extras (NumPy's
functions, ``use``, the transforms, ``sort``'s ``kind=``...) are on ``arraykit`` itself,
not on the protocol, so code typed against ``Namespace`` stays portable.

Examples
--------
>>> from arraykit.typing import Array, DType, Namespace
>>> def total(xp: Namespace, x: Array) -> Array:
...     return xp.sum(x)
>>> float(total(ak, ak.asarray([1.0, 2.0])))
3.0
>>> isinstance(ak.float32, DType)
True
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import Literal, Protocol

from ._array import Array
from ._devices import Device
from ._dtypes import finfo_object, iinfo_object
from ._info import Info
from ._sets import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from ._types import Axis, BinaryFunction, DType, Scalar, Shape, UnaryFunction
from .fft import Norm
from .linalg import EighResult, EigResult, QRResult, SlogdetResult, SVDResult

__all__ = [
    "Array",
    "Axis",
    "BinaryFunction",
    "DType",
    "Device",
    "FFTNamespace",
    "LinalgNamespace",
    "Namespace",
    "Scalar",
    "Shape",
    "UnaryFunction",
]


class LinalgNamespace(Protocol):
    """The standard's ``linalg`` extension (``ak.linalg``)."""

    def cholesky(self, x: Array, /, *, upper: bool = False) -> Array: ...
    def cross(self, x1: Array, x2: Array, /, *, axis: int = -1) -> Array: ...
    def det(self, x: Array, /) -> Array: ...
    def diagonal(self, x: Array, /, *, offset: int = 0) -> Array: ...
    def eig(self, x: Array, /) -> EigResult: ...
    def eigh(self, x: Array, /) -> EighResult: ...
    def eigvals(self, x: Array, /) -> Array: ...
    def eigvalsh(self, x: Array, /) -> Array: ...
    def inv(self, x: Array, /) -> Array: ...
    def matmul(self, x1: Array, x2: Array, /) -> Array: ...
    def matrix_norm(
        self,
        x: Array,
        /,
        *,
        keepdims: bool = False,
        ord: int | float | Literal["fro", "nuc"] | None = "fro",
    ) -> Array: ...
    def matrix_power(self, x: Array, n: int, /) -> Array: ...
    def matrix_rank(self, x: Array, /, *, rtol: float | Array | None = None) -> Array: ...
    def matrix_transpose(self, x: Array, /) -> Array: ...
    def outer(self, x1: Array, x2: Array, /) -> Array: ...
    def pinv(self, x: Array, /, *, rtol: float | Array | None = None) -> Array: ...
    def qr(self, x: Array, /, *, mode: Literal["reduced", "complete"] = "reduced") -> QRResult: ...
    def slogdet(self, x: Array, /) -> SlogdetResult: ...
    def solve(self, x1: Array, x2: Array, /) -> Array: ...
    def svd(self, x: Array, /, *, full_matrices: bool = True) -> SVDResult: ...
    def svdvals(self, x: Array, /) -> Array: ...
    def tensordot(
        self, x1: Array, x2: Array, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
    ) -> Array: ...
    def trace(self, x: Array, /, *, offset: int = 0, dtype: DType | None = None) -> Array: ...
    def vecdot(self, x1: Array, x2: Array, /, *, axis: int = -1) -> Array: ...
    def vector_norm(
        self, x: Array, /, *, axis: Axis = None, keepdims: bool = False, ord: int | float = 2
    ) -> Array: ...


class FFTNamespace(Protocol):
    """The standard's ``fft`` extension (``ak.fft``)."""

    def fft(
        self, x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
    ) -> Array: ...
    def fftfreq(
        self,
        n: int,
        /,
        *,
        d: float = 1.0,
        dtype: DType | None = None,
        device: Device | str | None = None,
    ) -> Array: ...
    def fftn(
        self,
        x: Array,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Norm = "backward",
    ) -> Array: ...
    def fftshift(self, x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array: ...
    def hfft(
        self, x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
    ) -> Array: ...
    def ifft(
        self, x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
    ) -> Array: ...
    def ifftn(
        self,
        x: Array,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Norm = "backward",
    ) -> Array: ...
    def ifftshift(self, x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array: ...
    def ihfft(
        self, x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
    ) -> Array: ...
    def irfft(
        self, x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
    ) -> Array: ...
    def irfftn(
        self,
        x: Array,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Norm = "backward",
    ) -> Array: ...
    def rfft(
        self, x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
    ) -> Array: ...
    def rfftfreq(
        self,
        n: int,
        /,
        *,
        d: float = 1.0,
        dtype: DType | None = None,
        device: Device | str | None = None,
    ) -> Array: ...
    def rfftn(
        self,
        x: Array,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Norm = "backward",
    ) -> Array: ...


class Namespace(Protocol):
    """The array API standard's namespace, as ``arraykit`` implements it (see above)."""

    __array_api_version__: str

    @property
    def linalg(self) -> LinalgNamespace: ...
    @property
    def fft(self) -> FFTNamespace: ...

    e: float
    inf: float
    nan: float
    pi: float
    newaxis: None

    def asarray(
        self,
        obj: object,
        /,
        *,
        dtype: DType | None = None,
        device: Device | str | None = None,
        copy: builtins.bool | None = None,
    ) -> Array: ...
    def arange(
        self,
        start: int | float,
        /,
        stop: int | float | None = None,
        step: int | float = 1,
        *,
        dtype: DType | None = None,
        device: Device | str | None = None,
    ) -> Array: ...
    def empty(
        self,
        shape: int | tuple[int, ...],
        *,
        dtype: DType | None = None,
        device: Device | str | None = None,
    ) -> Array: ...
    def empty_like(
        self, x: Array, /, *, dtype: DType | None = None, device: Device | str | None = None
    ) -> Array: ...
    def eye(
        self,
        n_rows: int,
        n_cols: int | None = None,
        /,
        *,
        k: int = 0,
        dtype: DType | None = None,
        device: Device | str | None = None,
    ) -> Array: ...
    def from_dlpack(
        self, x: object, /, *, device: Device | str | None = None, copy: builtins.bool | None = None
    ) -> Array: ...
    def full(
        self,
        shape: int | tuple[int, ...],
        fill_value: builtins.bool | int | float | complex,
        *,
        dtype: DType | None = None,
        device: Device | str | None = None,
    ) -> Array: ...
    def full_like(
        self,
        x: Array,
        /,
        fill_value: builtins.bool | int | float | complex,
        *,
        dtype: DType | None = None,
        device: Device | str | None = None,
    ) -> Array: ...
    def linspace(
        self,
        start: int | float | complex,
        stop: int | float | complex,
        /,
        num: int,
        *,
        dtype: DType | None = None,
        device: Device | str | None = None,
        endpoint: builtins.bool = True,
    ) -> Array: ...
    def meshgrid(self, *arrays: Array, indexing: str = "xy") -> tuple[Array, ...]: ...
    def ones(
        self,
        shape: int | tuple[int, ...],
        *,
        dtype: DType | None = None,
        device: Device | str | None = None,
    ) -> Array: ...
    def ones_like(
        self, x: Array, /, *, dtype: DType | None = None, device: Device | str | None = None
    ) -> Array: ...
    def tril(self, x: Array, /, *, k: int = 0) -> Array: ...
    def triu(self, x: Array, /, *, k: int = 0) -> Array: ...
    def zeros(
        self,
        shape: int | tuple[int, ...],
        *,
        dtype: DType | None = None,
        device: Device | str | None = None,
    ) -> Array: ...
    def zeros_like(
        self, x: Array, /, *, dtype: DType | None = None, device: Device | str | None = None
    ) -> Array: ...
    def astype(
        self, x: Array, dtype: DType, /, *, copy: builtins.bool = True, device: Device | None = None
    ) -> Array: ...
    def broadcast_arrays(self, *arrays: Array) -> tuple[Array, ...]: ...
    def broadcast_shapes(self, *shapes: tuple[int | None, ...]) -> tuple[int | None, ...]: ...
    def broadcast_to(self, x: Array, /, shape: tuple[int, ...]) -> Array: ...
    def can_cast(self, from_: DType | Array, to: DType, /) -> builtins.bool: ...
    def finfo(self, type: DType | Array, /) -> finfo_object: ...
    def isdtype(
        self, dtype: DType, kind: DType | str | tuple[DType | str, ...]
    ) -> builtins.bool: ...
    def iinfo(self, type: DType | Array, /) -> iinfo_object: ...
    def result_type(
        self, *arrays_and_dtypes: Array | DType | builtins.bool | int | float | complex
    ) -> DType: ...

    int8: DType
    int16: DType
    int32: DType
    int64: DType
    uint8: DType
    uint16: DType
    uint32: DType
    uint64: DType
    float32: DType
    float64: DType
    complex64: DType
    complex128: DType
    bool: DType
    abs: UnaryFunction
    acos: UnaryFunction
    acosh: UnaryFunction
    add: BinaryFunction[complex]
    asin: UnaryFunction
    asinh: UnaryFunction
    atan: UnaryFunction
    atan2: BinaryFunction[float]
    atanh: UnaryFunction
    bitwise_and: BinaryFunction[int]
    bitwise_left_shift: BinaryFunction[int]
    bitwise_invert: UnaryFunction
    bitwise_or: BinaryFunction[int]
    bitwise_right_shift: BinaryFunction[int]
    bitwise_xor: BinaryFunction[int]
    ceil: UnaryFunction

    def clip(
        self,
        x: Array,
        /,
        min: int | float | Array | None = None,
        max: int | float | Array | None = None,
    ) -> Array: ...

    conj: UnaryFunction
    copysign: BinaryFunction[float]
    cos: UnaryFunction
    cosh: UnaryFunction
    divide: BinaryFunction[complex]
    equal: BinaryFunction[complex]
    exp: UnaryFunction
    expm1: UnaryFunction
    floor: UnaryFunction
    floor_divide: BinaryFunction[float]
    greater: BinaryFunction[float]
    greater_equal: BinaryFunction[float]
    hypot: BinaryFunction[float]
    imag: UnaryFunction
    isfinite: UnaryFunction
    isinf: UnaryFunction
    isnan: UnaryFunction
    less: BinaryFunction[float]
    less_equal: BinaryFunction[float]
    log: UnaryFunction
    log1p: UnaryFunction
    log2: UnaryFunction
    log10: UnaryFunction
    logaddexp: BinaryFunction[float]
    logical_and: BinaryFunction[builtins.bool]
    logical_not: UnaryFunction
    logical_or: BinaryFunction[builtins.bool]
    logical_xor: BinaryFunction[builtins.bool]
    maximum: BinaryFunction[float]
    minimum: BinaryFunction[float]
    multiply: BinaryFunction[complex]
    negative: UnaryFunction
    nextafter: BinaryFunction[float]
    not_equal: BinaryFunction[complex]

    def positive(self, x: Array, /) -> Array: ...

    pow: BinaryFunction[complex]
    real: UnaryFunction
    reciprocal: UnaryFunction
    remainder: BinaryFunction[float]
    round: UnaryFunction
    sign: UnaryFunction
    signbit: UnaryFunction
    sin: UnaryFunction
    sinh: UnaryFunction
    square: UnaryFunction
    sqrt: UnaryFunction
    subtract: BinaryFunction[complex]
    tan: UnaryFunction
    tanh: UnaryFunction
    trunc: UnaryFunction

    def take(self, x: Array, indices: Array, /, *, axis: int | None = None) -> Array: ...
    def take_along_axis(self, x: Array, indices: Array, /, *, axis: int = -1) -> Array: ...
    def __array_namespace_info__(self) -> Info: ...
    def matmul(self, x1: Array, x2: Array, /) -> Array: ...
    def tensordot(
        self, x1: Array, x2: Array, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
    ) -> Array: ...
    def matrix_transpose(self, x: Array, /) -> Array: ...
    def vecdot(self, x1: Array, x2: Array, /, *, axis: int = -1) -> Array: ...
    def concat(
        self, arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0
    ) -> Array: ...
    def expand_dims(self, x: Array, /, axis: int | tuple[int, ...]) -> Array: ...
    def flip(self, x: Array, /, *, axis: Axis = None) -> Array: ...
    def moveaxis(
        self, x: Array, source: int | tuple[int, ...], destination: int | tuple[int, ...], /
    ) -> Array: ...
    def permute_dims(self, x: Array, /, axes: tuple[int, ...]) -> Array: ...
    def repeat(self, x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array: ...
    def reshape(
        self, x: Array, /, shape: tuple[int, ...], *, copy: builtins.bool | None = None
    ) -> Array: ...
    def roll(self, x: Array, /, shift: int | tuple[int, ...], *, axis: Axis = None) -> Array: ...
    def squeeze(self, x: Array, /, axis: int | tuple[int, ...]) -> Array: ...
    def stack(self, arrays: tuple[Array, ...] | list[Array], /, *, axis: int = 0) -> Array: ...
    def tile(self, x: Array, repetitions: tuple[int, ...], /) -> Array: ...
    def unstack(self, x: Array, /, *, axis: int = 0) -> tuple[Array, ...]: ...
    def argmax(
        self, x: Array, /, *, axis: int | None = None, keepdims: builtins.bool = False
    ) -> Array: ...
    def argmin(
        self, x: Array, /, *, axis: int | None = None, keepdims: builtins.bool = False
    ) -> Array: ...
    def nonzero(self, x: Array, /) -> tuple[Array, ...]: ...
    def count_nonzero(
        self, x: Array, /, *, axis: Axis = None, keepdims: builtins.bool = False
    ) -> Array: ...
    def searchsorted(
        self,
        x1: Array,
        x2: Array | int | float,
        /,
        *,
        side: Literal["left", "right"] = "left",
        sorter: Array | None = None,
    ) -> Array: ...
    def where(
        self,
        condition: Array,
        x1: Array | int | float | complex | builtins.bool,
        x2: Array | int | float | complex | builtins.bool,
        /,
    ) -> Array: ...
    def unique_all(self, x: Array, /) -> UniqueAllResult: ...
    def unique_counts(self, x: Array, /) -> UniqueCountsResult: ...
    def unique_inverse(self, x: Array, /) -> UniqueInverseResult: ...
    def unique_values(self, x: Array, /) -> Array: ...
    def isin(
        self, x1: Array | int, x2: Array | int, /, *, invert: builtins.bool = False
    ) -> Array: ...
    def argsort(
        self,
        x: Array,
        /,
        *,
        axis: int = -1,
        descending: builtins.bool = False,
        stable: builtins.bool = True,
    ) -> Array: ...
    def sort(
        self,
        x: Array,
        /,
        *,
        axis: int = -1,
        descending: builtins.bool = False,
        stable: builtins.bool = True,
    ) -> Array: ...
    def cumulative_sum(
        self,
        x: Array,
        /,
        *,
        axis: int | None = None,
        dtype: DType | None = None,
        include_initial: builtins.bool = False,
    ) -> Array: ...
    def cumulative_prod(
        self,
        x: Array,
        /,
        *,
        axis: int | None = None,
        dtype: DType | None = None,
        include_initial: builtins.bool = False,
    ) -> Array: ...
    def max(self, x: Array, /, *, axis: Axis = None, keepdims: builtins.bool = False) -> Array: ...
    def mean(self, x: Array, /, *, axis: Axis = None, keepdims: builtins.bool = False) -> Array: ...
    def min(self, x: Array, /, *, axis: Axis = None, keepdims: builtins.bool = False) -> Array: ...
    def prod(
        self,
        x: Array,
        /,
        *,
        axis: Axis = None,
        dtype: DType | None = None,
        keepdims: builtins.bool = False,
    ) -> Array: ...
    def std(
        self,
        x: Array,
        /,
        *,
        axis: Axis = None,
        correction: int | float = 0.0,
        keepdims: builtins.bool = False,
    ) -> Array: ...
    def sum(
        self,
        x: Array,
        /,
        *,
        axis: Axis = None,
        dtype: DType | None = None,
        keepdims: builtins.bool = False,
    ) -> Array: ...
    def var(
        self,
        x: Array,
        /,
        *,
        axis: Axis = None,
        correction: int | float = 0.0,
        keepdims: builtins.bool = False,
    ) -> Array: ...
    def all(self, x: Array, /, *, axis: Axis = None, keepdims: builtins.bool = False) -> Array: ...
    def any(self, x: Array, /, *, axis: Axis = None, keepdims: builtins.bool = False) -> Array: ...
    def diff(
        self,
        x: Array,
        /,
        *,
        axis: int = -1,
        n: int = 1,
        prepend: Array | None = None,
        append: Array | None = None,
    ) -> Array: ...
