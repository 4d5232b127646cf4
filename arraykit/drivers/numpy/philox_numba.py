"""Philox4x32-10 and arraykit's exact mappings of its words, compiled by Numba.

The NumPy driver's fastest path for ``ak.random`` (:mod:`.random` picks it for large
draws where Numba is installed: the ``fast`` extra).  Each kernel computes block
``counter + b`` for its ``b`` itself, so the loop over blocks has no carried state and
LLVM vectorises the ten rounds (the 32x32 -> 64-bit products of a block run in SIMD
lanes): about 5x randomgen's scalar C on AVX-512.

Every kernel gives what randomgen's ``Philox(number=4, width=32)`` and the ufunc path
give, bit for bit: only integer operations, and float conversions and products that are
exact (``tests/test_random_fast.py`` runs the three paths against the paper's rounds).
The transcendental parts of the distributions stay in NumPy's ufuncs, so a draw's values
do not depend on which path made its words.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

_M0, _M1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
_W0, _W1 = np.uint32(0x9E3779B9), np.uint32(0xBB67AE85)
_LOW = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)
_F32 = np.float32(2.0**-24)
_U32 = np.uint32  # Numba widens uint32 arithmetic to 64 bits: each result is cast back


@njit(inline="always")
def _block(k0: Any, k1: Any, c_lo: Any, c_hi: Any, b: int) -> Any:
    """The four words of block ``c + b`` (``c = c_lo | c_hi << 64``, mod 2**128)."""
    lo = c_lo + np.uint64(b)
    hi = c_hi + np.uint64(lo < c_lo)  # the carry out of the low 64 bits
    x0, x1, x2, x3 = _U32(lo & _LOW), _U32(lo >> _S32), _U32(hi & _LOW), _U32(hi >> _S32)
    for _ in range(10):
        p0, p1 = np.uint64(x0) * _M0, np.uint64(x2) * _M1
        x0, x1, x2, x3 = (
            _U32(_U32(p1 >> _S32) ^ x1 ^ k0),
            _U32(p1 & _LOW),
            _U32(_U32(p0 >> _S32) ^ x3 ^ k1),
            _U32(p0 & _LOW),
        )
        k0, k1 = _U32(k0 + _W0), _U32(k1 + _W1)
    return x0, x1, x2, x3


@njit(inline="always")
def _double(a: Any, b: Any) -> float:
    """``((a >> 5) * 2**26 + (b >> 6)) * 2**-53``: 53 random bits, exactly."""
    return (np.float64(a >> _U32(5)) * 67108864.0 + np.float64(b >> _U32(6))) * 2.0**-53


@njit(inline="always")
def _below(a: Any, b: Any, r: Any) -> Any:
    """``floor(U * r / 2**64)`` of ``U = a | b << 32`` (``r <= 2**32``), exactly."""
    return (np.uint64(b) * r + ((np.uint64(a) * r) >> _S32)) >> _S32


@njit(cache=True, nogil=True)
def words(k0: Any, k1: Any, c_lo: Any, c_hi: Any, out: Any) -> None:
    """``out[:] =`` the stream's words from block ``c``."""
    n = out.shape[0]
    for b in range(n // 4):
        x0, x1, x2, x3 = _block(k0, k1, c_lo, c_hi, b)
        out[4 * b], out[4 * b + 1], out[4 * b + 2], out[4 * b + 3] = x0, x1, x2, x3
    if n % 4:
        x = _block(k0, k1, c_lo, c_hi, n // 4)
        tail = (x[0], x[1], x[2], x[3])
        for i in range(n % 4):
            out[n - n % 4 + i] = tail[i]


@njit(cache=True, nogil=True)
def uniform32(k0: Any, k1: Any, c_lo: Any, c_hi: Any, out: Any) -> None:
    """``out[:] = (w >> 8) * 2**-24`` of the words from block ``c`` (float32)."""
    n = out.shape[0]
    for b in range(n // 4):
        x0, x1, x2, x3 = _block(k0, k1, c_lo, c_hi, b)
        out[4 * b] = np.float32(x0 >> _U32(8)) * _F32
        out[4 * b + 1] = np.float32(x1 >> _U32(8)) * _F32
        out[4 * b + 2] = np.float32(x2 >> _U32(8)) * _F32
        out[4 * b + 3] = np.float32(x3 >> _U32(8)) * _F32
    if n % 4:
        x = _block(k0, k1, c_lo, c_hi, n // 4)
        tail = (x[0], x[1], x[2], x[3])
        for i in range(n % 4):
            out[n - n % 4 + i] = np.float32(tail[i] >> _U32(8)) * _F32


@njit(cache=True, nogil=True)
def uniform64(k0: Any, k1: Any, c_lo: Any, c_hi: Any, out: Any) -> None:
    """``out[:] =`` float64 values of word pairs from block ``c`` (``_double``)."""
    n = out.shape[0]
    for b in range(n // 2):
        x0, x1, x2, x3 = _block(k0, k1, c_lo, c_hi, b)
        out[2 * b], out[2 * b + 1] = _double(x0, x1), _double(x2, x3)
    if n % 2:
        x0, x1, _, _ = _block(k0, k1, c_lo, c_hi, n // 2)
        out[n - 1] = _double(x0, x1)


@njit(cache=True, nogil=True)
def below(k0: Any, k1: Any, c_lo: Any, c_hi: Any, low: Any, r: Any, out: Any) -> None:
    """``out[:] = low + floor(U * r / 2**64)`` (uint64, mod 2**64) of word pairs from
    block ``c``."""
    n = out.shape[0]
    for b in range(n // 2):
        x0, x1, x2, x3 = _block(k0, k1, c_lo, c_hi, b)
        out[2 * b], out[2 * b + 1] = low + _below(x0, x1, r), low + _below(x2, x3, r)
    if n % 2:
        x0, x1, _, _ = _block(k0, k1, c_lo, c_hi, n // 2)
        out[n - 1] = low + _below(x0, x1, r)


@njit(inline="always")
def _box(a: Any, b: Any, ki: Any, wi: Any) -> tuple[float, bool]:
    """A ziggurat candidate of words ``a, b`` (``arraykit.random._ziggurat``): its signed
    value ``±rabs * wi[i]`` and whether it lies in its layer's box (``rabs < ki[i]``)."""
    i = a & _U32(255)
    rabs = np.float64(b) * 1048576.0 + np.float64(a >> _U32(12))
    x = rabs * wi[i]
    return (-x if a & _U32(256) else x), rabs < ki[i]


@njit(cache=True, nogil=True)
def ziggurat(
    k0: Any, k1: Any, c_lo: Any, c_hi: Any, ki: Any, wi: Any, out: Any, slow: Any, p: Any
) -> int:
    """``out[:] =`` the box values of the candidates of word pairs from block ``c``; the
    indices and pairs ``a | b << 32`` of the others (the caller decides them) go to
    ``slow`` and ``p``, in order; returns their number."""
    n = out.shape[0]
    count = 0
    for b in range(-(-n // 2)):
        x0, x1, x2, x3 = _block(k0, k1, c_lo, c_hi, b)
        for j, a, w in ((2 * b, x0, x1), (2 * b + 1, x2, x3)):
            if j < n:
                out[j], inside = _box(a, w, ki, wi)
                if not inside:
                    slow[count], p[count] = j, np.uint64(a) | (np.uint64(w) << _S32)
                    count += 1
    return count
