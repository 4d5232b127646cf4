"""NumPy's discrete convolution and correlation of 1-D sequences (NumPy reference:
"Mathematical functions", miscellaneous: ``convolve``; "Statistics", correlating:
``correlate``).

Computed directly, as NumPy does (no FFT, so integers are exact): each output element is
the dot product of the kernel with a window of the padded signal, the windows gathered
with ``take`` and multiplied by ``matmul`` in blocks of the kernel (at most ``_BLOCK``
window elements at a time).  Float results agree with NumPy's to rounding (NumPy's dot
products add in BLAS's order); modes ``"full"``, ``"same"`` and ``"valid"`` cut NumPy's
pieces of the full result.
"""

from __future__ import annotations

from typing import Any

from .. import _core
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array
from .._creation import arange, zeros
from .._data_types import astype
from .._indexing import take
from .._linalg_core import matmul
from .._manipulation import concat, flip, reshape
from ._base import known, numpy_function

__all__ = ["convolve", "correlate"]

_BLOCK = 1 << 22
_MODES = {"full": "full", "same": "same", "valid": "valid", 2: "full", 1: "same", 0: "valid"}


def _inputs(fn: str, a: Any, v: Any, mode: Any) -> tuple[Array, Array, str, int, int]:
    """``a`` and ``v`` as 1-D arrays of their result dtype, the mode's name and their
    lengths."""
    check_array(a, fn, "a")
    check_array(v, fn, "v")
    _core.same_driver((a, v), fn)
    if mode not in _MODES:
        raise ValueError(f"{fn}: 'mode' must be 'full', 'same' or 'valid', got {mode!r}")
    for name, x in (("a", a), ("v", v)):
        if x.ndim > 1:
            raise ValueError(f"{fn}: {name!r} must be 1-D (object too deep), got shape {x.shape}")
    if fn == "correlate" and 0 in (a.ndim, v.ndim):  # NumPy's convolve takes them as 1-D
        raise ValueError(f"{fn}: 'a' and 'v' must be 1-D (object of too small depth)")
    a = reshape(a, (1,)) if a.ndim == 0 else a
    v = reshape(v, (1,)) if v.ndim == 0 else v
    (n,), (m,) = known(a.shape, fn), known(v.shape, fn)
    if n == 0:
        raise ValueError(f"{fn}: 'a' cannot be empty")
    if m == 0:
        raise ValueError(f"{fn}: 'v' cannot be empty")
    dtype = _core.result_dtype((a, v), fn, "a and v")
    return astype(a, dtype), astype(v, dtype), _MODES[mode], n, m


def _full(a: Array, k: Array, n: int, m: int) -> Array:
    """``out[i] = sum_j a_padded[i + j] * k[j]`` for ``a`` padded by ``len(k) - 1`` zeros on
    each side: the full correlation of ``a`` with ``k`` (no conjugation); ``n`` and ``m``
    are their lengths."""
    boolean = a._dtype.kind == "b"
    if boolean:  # NumPy's bool dot product: any of the ands
        a, k = astype(a, _core.default_index_dtype()), astype(k, _core.default_index_dtype())
    pad = zeros((m - 1,), dtype=a._dtype, device=a.device)
    padded = concat([pad, a, pad]) if m > 1 else a
    length = n + m - 1
    rows = arange(length, device=a.device)
    step = max(1, _BLOCK // max(length, 1))
    out: Array | None = None
    for j0 in range(0, m, step):
        j1 = min(m, j0 + step)
        cols = arange(j0, j1, device=a.device)
        where = reshape(ew.add(reshape(rows, (length, 1)), cols), (-1,))
        windows = reshape(take(padded, where), (length, j1 - j0))
        part = matmul(windows, k[j0:j1])
        out = part if out is None else ew.add(out, part)
    assert out is not None  # m >= 1: one block at least
    return ew.not_equal(out, 0) if boolean else out


def _cut(full: Array, mode: str, n_long: int, n_short: int, start_same: int) -> Array:
    if mode == "full":
        return full
    if mode == "valid":
        return full[n_short - 1 : n_long]
    return full[start_same : start_same + n_long]


@numpy_function("ak.sum of shifted products (or ak.fft.irfft(ak.fft.rfft(a) * ...))")
def convolve(a: Array, v: Array, mode: str = "full") -> Array:
    """The discrete linear convolution of the 1-D ``a`` and ``v``: ``out[k] = sum_j a[j] *
    v[k - j]``, ``mode`` ``"full"`` (every overlap), ``"same"`` (the length of the longer,
    centred as NumPy's) or ``"valid"`` (full overlaps only).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.convolve.html

    Examples
    --------
    >>> ak.convolve(ak.asarray([1, 2, 3]), ak.asarray([0, 1, 0.5]))
    Array([0. , 1. , 2.5, 4. , 1.5], dtype=float64)
    """
    a, v, mode, n, m = _inputs("convolve", a, v, mode)
    if m > n:
        a, v, n, m = v, a, m, n
    return _cut(_full(a, flip(v), n, m), mode, n, m, m - 1 - m // 2)


@numpy_function("ak.sum of shifted products with ak.conj(v)")
def correlate(a: Array, v: Array, mode: str = "valid") -> Array:
    """The cross-correlation of the 1-D ``a`` and ``v``: ``out[k] = sum_n a[n + k] *
    conj(v[n])``, ``mode`` ``"valid"`` (full overlaps only), ``"same"`` or ``"full"``,
    cut as NumPy's.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.correlate.html

    Examples
    --------
    >>> ak.correlate(ak.asarray([1.0, 2.0, 3.0]), ak.asarray([0.0, 1.0, 0.5]), "full")
    Array([0.5, 2. , 3.5, 3. , 0. ], dtype=float64)
    """
    a, v, mode, n, m = _inputs("correlate", a, v, mode)
    if v._dtype.kind == "c":
        v = ew.conj(v)
    if n >= m:
        return _cut(_full(a, v, n, m), mode, n, m, m - 1 - m // 2)
    # the longer v as the signal, reversed, the shorter a reversed as the kernel: the same
    # sums (fewer windows to gather)
    full = _full(flip(v), flip(a), m, n)
    return _cut(full, mode, m, n, n // 2)
