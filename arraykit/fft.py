"""The FFT extension: ``ak.fft``.

Core validates ``n``/``s``, ``axis``/``axes`` and ``norm``, resolves every size and casts
inputs, then calls one of four n-dimensional driver primitives (``fftn``, ``ifftn``,
``rfftn``, ``irfftn``) with concrete sizes and non-negative axes; the 1-D functions are
those primitives over one axis.  ``hfft``/``ihfft`` are built from ``irfftn``/``rfftn``
and ``fftshift``/``ifftshift`` from ``roll``, unless a driver overrides them.

Dtypes: complex inputs keep their dtype.  Functions that take complex input
(``fft``, ``ifft``, ``fftn``, ``ifftn``, ``irfft``, ``irfftn``, ``hfft``) cast a real
floating input to the complex dtype of its precision (``float32 -> complex64``);
functions that take real input (``rfft``, ``rfftn``, ``ihfft``) refuse complex input.
Integer and bool inputs compute in the default float (or complex) dtype, except under
``promotion="strict"``, where they raise ``TypeError``.

Spec: https://data-apis.org/array-api/2025.12/extensions/fourier_transform_functions.html
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, cast

import numpy as np

from . import _config
from . import _dtypes as dt
from ._array import Array
from ._core import check_array, int_arg, new, normalize_axes, normalize_axis, refuse_in_strict
from ._devices import Device
from ._types import DType

if TYPE_CHECKING:
    from .drivers._base import Driver

__all__ = [
    "fft", "fftfreq", "fftn", "fftshift", "hfft", "ifft", "ifftn", "ifftshift", "ihfft",
    "irfft", "irfftn", "rfft", "rfftfreq", "rfftn",
]  # fmt: skip

Norm = Literal["backward", "ortho", "forward"]
_NORMS = ("backward", "ortho", "forward")
_SWAP = {"backward": "forward", "ortho": "ortho", "forward": "backward"}
_INTEGER_OR_BOOL = frozenset((dt.bool, *dt.INTEGER))


# ---------------------------------------------------------------------- helpers
def _check_norm(fn: str, norm: Any) -> Norm:
    if not isinstance(norm, str) or norm not in _NORMS:
        raise ValueError(
            f"{fn}: 'norm' must be one of {', '.join(map(repr, _NORMS))}, got {norm!r}"
        )
    return cast(Norm, norm)


def _widen(fn: str, dtype: np.dtype, what: str) -> np.dtype:
    """The default float dtype for integer/bool input (not under strict promotion); float32
    for the extra float16 (not in the standard), which NumPy transforms in single precision."""
    if dtype is dt.float16:
        return dt.float32
    cfg = _config.get()
    if dtype in _INTEGER_OR_BOOL and cfg.promotion.name != "strict":
        return cfg.default_float
    raise TypeError(f"{fn}: 'x' must have a {what} dtype, got {dtype}")


def _complex_input(fn: str, x: Array) -> Array:
    """``x`` as a complex array: real floats become the complex dtype of their precision."""
    check_array(x, fn)
    dtype = x._dtype
    if dtype.kind != "c":
        real = dtype if dtype in dt.REAL_FLOATING else _widen(fn, dtype, "floating-point")
        dtype = dt.COMPLEX_OF[real]
        return new(x._driver.astype(x._value, dtype), x._driver, dtype)
    return x


def _real_input(fn: str, x: Array) -> Array:
    """``x`` as a real floating-point array (complex input is a ``TypeError``)."""
    check_array(x, fn)
    dtype = x._dtype
    if dtype in dt.REAL_FLOATING:
        return x
    dtype = _widen(fn, dtype, "real floating-point")
    return new(x._driver.astype(x._value, dtype), x._driver, dtype)


def _positive(fn: str, what: str, size: int | None) -> int:
    if size is None:
        raise ValueError(
            f"{fn}: the size of {what} is unknown; pass it explicitly, or call ak.compute(x) first"
        )
    if size < 1:
        raise ValueError(f"{fn}: invalid number of data points ({size}) for {what}; need >= 1")
    return size


def _n_axis(fn: str, x: Array, n: Any, axis: Any, *, halved: bool = False) -> tuple[int, int]:
    """The non-negative axis and the number of points ``n`` of a 1-D transform.

    ``halved``: ``n`` counts output points of a Hermitian transform (default
    ``2 * (M - 1)``)."""
    ax = normalize_axis(axis, x.ndim, fn)
    if n is None:
        m = x.shape[ax]
        n = None if m is None else (2 * (m - 1) if halved else m)
        return _positive(fn, f"axis {axis} (shape {x.shape})", n), ax
    return _positive(fn, f"n={n}", int_arg(fn, "n", n)), ax


def _s_axes(
    fn: str, x: Array, s: Any, axes: Any, *, halved: bool = False
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Concrete sizes and non-negative axes of an n-D transform.

    ``halved``: the last size counts output points of ``irfftn`` (default
    ``2 * (M - 1)``).  ``-1`` in ``s`` means the default for that axis."""
    shape = x.shape
    if axes is None:
        if s is not None:
            raise ValueError(
                f"{fn}: 's' requires 'axes' (the spec leaves s without axes undefined)"
            )
        ax = tuple(range(len(shape)))
    else:
        if not isinstance(axes, Sequence) or isinstance(axes, str):
            raise TypeError(f"{fn}: 'axes' must be a sequence of ints, got {axes!r}")
        ax = normalize_axes(tuple(axes), len(shape), fn, "axes") or ()
    if s is None:
        s = (-1,) * len(ax)
    elif not isinstance(s, Sequence) or isinstance(s, str):
        raise TypeError(f"{fn}: 's' must be a sequence of ints, got {s!r}")
    elif len(s) != len(ax):
        raise ValueError(f"{fn}: 's' ({tuple(s)}) and 'axes' ({ax}) differ in length")
    sizes = []
    for i, (a, n) in enumerate(zip(ax, s, strict=True)):
        n = int_arg(fn, "s", n)
        if n == -1:
            m = shape[a]
            n = m if not (halved and i == len(ax) - 1) or m is None else 2 * (m - 1)
            sizes.append(_positive(fn, f"axis {a} (shape {shape})", n))
        else:
            sizes.append(_positive(fn, f"s[{i}]={n}", n))
    return tuple(sizes), ax


def _transform(
    x: Array, prim: str, s: tuple[int, ...], axes: tuple[int, ...], norm: str, out: np.dtype
) -> Array:
    """``prim`` (one of the four n-D primitives) of ``x``, wrapped as ``out``."""
    drv = x._driver
    return new(getattr(drv, prim)(x._value, s, axes, norm), drv, out)


# ---------------------------------------------------------------------- complex transforms
def fft(x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> Array:
    """One-dimensional discrete Fourier transform along ``axis``.

    Real input is cast to the complex dtype of its precision.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.fft.html

    Examples
    --------
    >>> ak.fft.fft(ak.asarray([1.0, 0.0, 0.0, 0.0]))
    Array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex128)
    """
    norm = _check_norm("fft", norm)
    x = _complex_input("fft", x)
    size, ax = _n_axis("fft", x, n, axis)
    return _transform(x, "fftn", (size,), (ax,), norm, x._dtype)


def ifft(x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> Array:
    """One-dimensional inverse discrete Fourier transform along ``axis``.

    Real input is cast to the complex dtype of its precision.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.ifft.html

    Examples
    --------
    >>> x = ak.asarray([1.0, 2.0, 3.0, 4.0])
    >>> ak.real(ak.fft.ifft(ak.fft.fft(x)))
    Array([1., 2., 3., 4.], dtype=float64)
    """
    norm = _check_norm("ifft", norm)
    x = _complex_input("ifft", x)
    size, ax = _n_axis("ifft", x, n, axis)
    return _transform(x, "ifftn", (size,), (ax,), norm, x._dtype)


def fftn(
    x: Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> Array:
    """N-dimensional discrete Fourier transform over ``axes`` (default: all).

    Real input is cast to the complex dtype of its precision.  ``s`` requires ``axes``;
    ``-1`` in ``s`` keeps that axis's size; repeated axes raise ``ValueError``; no axes
    at all (``axes=()`` or a 0-D ``x``) give a copy.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.fftn.html

    Examples
    --------
    >>> ak.fft.fftn(ak.ones((2, 2))).shape
    (2, 2)
    """
    norm = _check_norm("fftn", norm)
    x = _complex_input("fftn", x)
    sizes, ax = _s_axes("fftn", x, s, axes)
    if not ax:
        return new(x._driver.copy(x._value), x._driver, x._dtype)
    return _transform(x, "fftn", sizes, ax, norm, x._dtype)


def ifftn(
    x: Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> Array:
    """N-dimensional inverse discrete Fourier transform over ``axes`` (default: all).

    Arguments as in ``fftn``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.ifftn.html

    Examples
    --------
    >>> ak.real(ak.fft.ifftn(ak.fft.fftn(ak.asarray([[1.0, 2.0], [3.0, 4.0]]))))
    Array([[1., 2.],
           [3., 4.]], dtype=float64)
    """
    norm = _check_norm("ifftn", norm)
    x = _complex_input("ifftn", x)
    sizes, ax = _s_axes("ifftn", x, s, axes)
    if not ax:
        return new(x._driver.copy(x._value), x._driver, x._dtype)
    return _transform(x, "ifftn", sizes, ax, norm, x._dtype)


# ---------------------------------------------------------------------- real transforms
def rfft(x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> Array:
    """One-dimensional discrete Fourier transform of real input (``n // 2 + 1`` outputs).

    Complex input raises ``TypeError``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.rfft.html

    Examples
    --------
    >>> ak.fft.rfft(ak.asarray([1.0, 1.0, 1.0, 1.0])).shape
    (3,)
    """
    norm = _check_norm("rfft", norm)
    x = _real_input("rfft", x)
    size, ax = _n_axis("rfft", x, n, axis)
    return _transform(x, "rfftn", (size,), (ax,), norm, dt.COMPLEX_OF[x._dtype])


def irfft(x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> Array:
    """Inverse of ``rfft``: ``n`` real outputs (default ``2 * (M - 1)``) along ``axis``.

    Real input is cast to the complex dtype of its precision.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.irfft.html

    Examples
    --------
    >>> ak.fft.irfft(ak.fft.rfft(ak.asarray([1.0, 2.0, 3.0, 4.0])))
    Array([1., 2., 3., 4.], dtype=float64)
    """
    norm = _check_norm("irfft", norm)
    x = _complex_input("irfft", x)
    size, ax = _n_axis("irfft", x, n, axis, halved=True)
    return _transform(x, "irfftn", (size,), (ax,), norm, dt.REAL_OF[x._dtype])


def rfftn(
    x: Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> Array:
    """N-dimensional discrete Fourier transform of real input over ``axes``.

    The last transformed axis has ``s[-1] // 2 + 1`` outputs.  Complex input raises
    ``TypeError``; at least one axis is required.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.rfftn.html

    Examples
    --------
    >>> ak.fft.rfftn(ak.ones((2, 4))).shape       # the last axis halves: 4 // 2 + 1
    (2, 3)
    """
    norm = _check_norm("rfftn", norm)
    x = _real_input("rfftn", x)
    sizes, ax = _s_axes("rfftn", x, s, axes)
    if not ax:
        raise ValueError(f"rfftn: at least one axis to transform is required, got shape {x.shape}")
    return _transform(x, "rfftn", sizes, ax, norm, dt.COMPLEX_OF[x._dtype])


def irfftn(
    x: Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> Array:
    """Inverse of ``rfftn``; ``s`` gives the real output sizes.

    The last output size defaults to ``2 * (M - 1)``.  Real input is cast to the complex
    dtype of its precision; at least one axis is required.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.irfftn.html

    Examples
    --------
    >>> x = ak.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> ak.fft.irfftn(ak.fft.rfftn(x), s=(2, 2), axes=(0, 1))
    Array([[1., 2.],
           [3., 4.]], dtype=float64)
    """
    norm = _check_norm("irfftn", norm)
    x = _complex_input("irfftn", x)
    sizes, ax = _s_axes("irfftn", x, s, axes, halved=True)
    if not ax:
        raise ValueError(f"irfftn: at least one axis to transform is required, got shape {x.shape}")
    return _transform(x, "irfftn", sizes, ax, norm, dt.REAL_OF[x._dtype])


# ---------------------------------------------------------------------- Hermitian transforms
def hfft(x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> Array:
    """Discrete Fourier transform of a Hermitian-symmetric signal: ``n`` real outputs.

    ``n`` defaults to ``2 * (M - 1)``.  Computed as ``irfft(conj(x))`` with the
    normalisation direction swapped, unless the driver has a native ``hfft``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.hfft.html

    Examples
    --------
    >>> ak.fft.hfft(ak.asarray([1.0, 0.0, 0.0]))
    Array([1., 1., 1., 1.], dtype=float64)
    """
    norm = _check_norm("hfft", norm)
    x = _complex_input("hfft", x)
    size, ax = _n_axis("hfft", x, n, axis, halved=True)
    drv = x._driver
    if drv.hfft is not None:
        out = drv.hfft(x._value, size, ax, norm)
    else:
        out = drv.irfftn(drv.conj(x._value), (size,), (ax,), _SWAP[norm])
    return new(out, drv, dt.REAL_OF[x._dtype])


def ihfft(x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> Array:
    """Inverse of ``hfft`` for real input: ``n // 2 + 1`` complex outputs.

    Computed as ``conj(rfft(x))`` with the normalisation direction swapped, unless the
    driver has a native ``ihfft``.  Complex input raises ``TypeError``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.ihfft.html

    Examples
    --------
    >>> ak.fft.ihfft(ak.asarray([1.0, 1.0, 1.0, 1.0]))
    Array([1.-0.j, 0.-0.j, 0.-0.j], dtype=complex128)
    """
    norm = _check_norm("ihfft", norm)
    x = _real_input("ihfft", x)
    size, ax = _n_axis("ihfft", x, n, axis)
    drv = x._driver
    if drv.ihfft is not None:
        out = drv.ihfft(x._value, size, ax, norm)
    else:
        out = drv.conj(drv.rfftn(x._value, (size,), (ax,), _SWAP[norm]))
    return new(out, drv, dt.COMPLEX_OF[x._dtype])


# ---------------------------------------------------------------------- frequencies
def _freq(
    fn: str, n: Any, d: Any, dtype: Any, device: Any
) -> tuple[int, float, DType, Driver, Device, DType]:
    n = int_arg(fn, "n", n)
    if n < 1:
        raise ValueError(f"{fn}: 'n' must be at least 1, got {n}")
    if isinstance(d, (bool, np.bool_)) or not isinstance(d, (int, float)):
        raise TypeError(f"{fn}: 'd' must be a real number, got {d!r}")
    if d == 0:
        raise ValueError(f"{fn}: the sample spacing 'd' must not be zero")
    cfg = _config.get()
    if dtype is None:
        dtype = cfg.default_float
    else:
        try:
            dtype = dt.canonical(dtype)
        except TypeError as e:
            raise TypeError(f"{fn}: {e}") from None
        if dtype not in dt.REAL_FLOATING:
            raise TypeError(f"{fn}: 'dtype' must be a real floating-point dtype, got {dtype}")
    drv = cfg.driver
    dev = cfg.placement() if device is None else _config.resolve_device(drv, device)
    # Compute in float64 where the driver has it (NumPy's rounding), then cast.
    work = dt.float64 if drv.capabilities.float64 else dtype
    return n, d, dtype, drv, dev, work


def _scaled(
    drv: Any, values: Any, n: int, d: float, work: np.dtype, dtype: np.dtype, dev: Any
) -> Any:
    scale = drv.asarray(1.0 / (n * d), work, dev, None)
    out = drv.multiply(values, scale)
    return out if work is dtype else drv.astype(out, dtype)


def fftfreq(
    n: int,
    /,
    *,
    d: float = 1.0,
    dtype: DType | None = None,
    device: Device | str | None = None,
) -> Array:
    """Sample frequencies of an ``n``-point DFT with sample spacing ``d``.

    ``[0, 1, ..., ceil(n/2) - 1, -floor(n/2), ..., -1] / (d * n)``, on the active driver
    and device unless ``device`` says otherwise.  ``n < 1`` and ``d == 0`` raise
    ``ValueError``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.fftfreq.html

    Examples
    --------
    >>> ak.fft.fftfreq(4, d=0.5)
    Array([ 0. ,  0.5, -1. , -0.5], dtype=float64)
    """
    n, d, dtype, drv, dev, work = _freq("fftfreq", n, d, dtype, device)
    pos = drv.arange(0, (n - 1) // 2 + 1, 1, work, dev)
    neg = drv.arange(-(n // 2), 0, 1, work, dev)
    return new(_scaled(drv, drv.concat([pos, neg], 0), n, d, work, dtype, dev), drv, dtype)


def rfftfreq(
    n: int,
    /,
    *,
    d: float = 1.0,
    dtype: DType | None = None,
    device: Device | str | None = None,
) -> Array:
    """Sample frequencies of ``rfft``: ``[0, 1, ..., n // 2] / (d * n)``.

    As ``fftfreq`` otherwise.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.rfftfreq.html

    Examples
    --------
    >>> ak.fft.rfftfreq(4)
    Array([0.  , 0.25, 0.5 ], dtype=float64)
    """
    n, d, dtype, drv, dev, work = _freq("rfftfreq", n, d, dtype, device)
    values = drv.arange(0, n // 2 + 1, 1, work, dev)
    return new(_scaled(drv, values, n, d, work, dtype, dev), drv, dtype)


# ---------------------------------------------------------------------- shifts
def _shift(fn: str, x: Any, axes: Any, sign: int) -> Array:
    check_array(x, fn)
    if x._dtype.kind not in "fc":
        refuse_in_strict(f"of dtype {x._dtype} (the standard's is floating-point)", fn, "x")
    shape = x.shape
    if axes is None:
        ax = tuple(range(len(shape)))
    else:
        ax = (
            normalize_axes(
                axes if isinstance(axes, (tuple, list)) else (axes,), len(shape), fn, "axes"
            )
            or ()
        )
    drv = x._driver
    override = getattr(drv, fn)
    if override is not None:
        return new(override(x._value, ax), drv, x._dtype)
    if not ax:
        return new(drv.copy(x._value), drv, x._dtype)
    if any(shape[a] is None for a in ax):
        raise ValueError(f"{fn}: the sizes of axes {ax} of shape {shape} must be known")
    shifts = tuple(sign * (shape[a] // 2) for a in ax)
    return new(drv.roll(x._value, shifts, ax), drv, x._dtype)


def fftshift(x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """Move the zero-frequency term to the centre of ``axes`` (default: all axes).

    Any dtype (the spec asks only floating-point; ``promotion="strict"`` refuses others).
    Built from ``roll`` unless the driver has a native ``fftshift``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.fftshift.html

    Examples
    --------
    >>> ak.fft.fftshift(ak.fft.fftfreq(4))
    Array([-0.5 , -0.25,  0.  ,  0.25], dtype=float64)
    """
    return _shift("fftshift", x, axes, 1)


def ifftshift(x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """Inverse of ``fftshift`` (they differ by one sample on odd-length axes).

    Any dtype.  Built from ``roll`` unless the driver has a native ``ifftshift``.

    Spec: https://data-apis.org/array-api/2025.12/extensions/generated/array_api.fft.ifftshift.html

    Examples
    --------
    >>> ak.fft.ifftshift(ak.asarray([-2, -1, 0, 1]))
    Array([ 0,  1, -2, -1], dtype=int64)
    """
    return _shift("ifftshift", x, axes, -1)
