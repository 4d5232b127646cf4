"""Philox4x32-10 on the host.  NumPy has no Philox4x32 (``np.random.Philox`` is
Philox4x64), so the words come, by the first that serves:

1. for draws of at least ``NUMBA_MIN`` values, where Numba is installed (the ``fast``
   extra): :mod:`.philox_numba`'s kernels, which vectorise the rounds and map the words
   in the same pass (5-8x randomgen; Numba's import and first compilation cost about a
   second once per environment, which small draws do not pay);
2. randomgen's ``Philox(number=4, width=32)`` (C, a NumPy bit generator), a declared
   dependency;
3. the ten rounds as in-place uint32/uint64 ufuncs (``philox_words``).

All three give the same words and the same floats and integers.

randomgen's generator adds one to its counter before each block, so a fresh one with
counter ``(c - 1) mod 2**128`` and key ``k0 | k1 << 32`` gives the words of blocks
``c, c + 1, ...``; NumPy's ``Generator`` over it turns them into floats as arraykit's
mapping does (float32: ``(w >> 8) * 2**-24``, one word; float64: two words
``((a >> 5) * 2**26 + (b >> 6)) * 2**-53``), and ``integers(0, 2**32, dtype=uint32)``
returns the words themselves (the full range takes them unchanged); ``integers`` for
ranges up to ``2**32`` maps them in cache-sized passes.  The ufunc path serves when
randomgen is missing (``tests/test_random_fast.py`` checks the three paths); wider
``integers``, normals and the rest are core's array code over these words and floats."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from ..._devices import Device
from .._base import Part

_M0, _M1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
_W0, _W1 = 0x9E3779B9, 0xBB67AE85
_MASK64 = (1 << 64) - 1
_MASK128 = (1 << 128) - 1


def load_randomgen() -> Any:
    """randomgen's ``Philox`` class, or ``None`` when randomgen is not installed."""
    try:
        from randomgen.philox import Philox
    except ImportError:
        return None
    return Philox


_UNLOADED = object()
_philox_class: Any = _UNLOADED  # imported on the first draw (randomgen takes ~40 ms)


def _randomgen(key: tuple[int, int], counter: int) -> np.random.Generator | None:
    """A NumPy ``Generator`` whose next words are those of block ``counter``."""
    global _philox_class
    if _philox_class is _UNLOADED:
        _philox_class = load_randomgen()
    if _philox_class is None:
        return None
    bg = _philox_class(
        number=4, width=32, counter=(counter - 1) & _MASK128, key=key[0] | key[1] << 32
    )
    return np.random.Generator(bg)


NUMBA_MIN = 1 << 18  # values; a module attribute, so that the tests can lower it
_numba: Any = _UNLOADED  # arraykit.drivers.numpy.philox_numba, imported on the first use


def load_numba() -> Any:
    """:mod:`.philox_numba` (compiled on its first call), or ``None`` without Numba."""
    try:
        from . import philox_numba
    except ImportError:
        return None
    return philox_numba


def _kernels(n: int) -> Any:
    """:mod:`.philox_numba` for a draw of ``n`` values, or ``None``."""
    global _numba
    if n < NUMBA_MIN:
        return None
    if _numba is _UNLOADED:
        _numba = load_numba()
    return _numba


def _kernel_args(key: tuple[int, int], counter: int) -> tuple[Any, ...]:
    """The key and counter as the kernels take them (one compiled signature)."""
    c = counter & _MASK128
    return np.uint32(key[0]), np.uint32(key[1]), np.uint64(c & _MASK64), np.uint64(c >> 64)


_CHUNK = 8192  # blocks per pass: the working buffers stay in cache


def philox_words(key: tuple[int, int], counter: int, n: int) -> np.ndarray:
    """The first ``n`` words of the stream from block ``counter`` (a 128-bit int), by
    ufuncs."""
    nb = -(-n // 4)
    out = np.empty((nb, 4), np.uint32)
    for start in range(0, nb, _CHUNK):
        stop = min(start + _CHUNK, nb)
        _blocks(key, counter + start, out[start:stop])
    return out.reshape(-1)[:n]


def _blocks(key: tuple[int, int], counter: int, out: np.ndarray) -> None:
    nb = out.shape[0]
    base = np.uint64(counter & _MASK64)
    lo = np.arange(nb, dtype=np.uint64)
    lo += base
    hi = (lo < base).astype(np.uint64)  # carry out of the low 64 bits
    hi += np.uint64((counter >> 64) & _MASK64)
    lo32, hi32 = lo.view(np.uint32).reshape(nb, 2), hi.view(np.uint32).reshape(nb, 2)
    x0, x1, x2, x3 = lo32[:, 0].copy(), lo32[:, 1], hi32[:, 0].copy(), hi32[:, 1]
    # Two sets of product buffers: x1 and x3 are views of the previous round's products.
    bufs = [(np.empty(nb, np.uint64), np.empty(nb, np.uint64)) for _ in range(2)]
    k0, k1 = key
    for r in range(10):
        p0, p1 = bufs[r & 1]
        np.multiply(x0, _M0, out=p0, dtype=np.uint64)
        np.multiply(x2, _M1, out=p1, dtype=np.uint64)
        v0, v1 = p0.view(np.uint32).reshape(nb, 2), p1.view(np.uint32).reshape(nb, 2)
        np.bitwise_xor(v1[:, 1], x1, out=x0)
        x0 ^= np.uint32(k0)
        np.bitwise_xor(v0[:, 1], x3, out=x2)
        x2 ^= np.uint32(k1)
        x1, x3 = v1[:, 0], v0[:, 0]
        k0, k1 = (k0 + _W0) & 0xFFFFFFFF, (k1 + _W1) & 0xFFFFFFFF
    out[:, 0], out[:, 1], out[:, 2], out[:, 3] = x0, x1, x2, x3


def _state(key: Any, counter: Any) -> tuple[tuple[int, int], int]:
    if not isinstance(counter, int):  # (low, high) uint64, as inside a transform
        counter = int(counter[0]) | int(counter[1]) << 64
    return (int(key[0]), int(key[1])), counter


_VALUES = 1 << 15  # values per pass of philox_below: its buffers stay in cache


class Random(Part):
    """The optional ``philox4x32_10``, ``philox_uniform``, ``philox_integers``,
    and ``philox_ziggurat`` primitives."""

    def philox4x32_10(self, key: Any, counter: Any, n: int, device: Device) -> Any:
        key, counter = _state(key, counter)
        if (kernels := _kernels(n)) is not None:
            out = np.empty(n, np.uint32)
            kernels.words(*_kernel_args(key, counter), out)
            return out
        gen = _randomgen(key, counter)
        if gen is None:
            return philox_words(key, counter, n)
        return gen.integers(0, 1 << 32, size=n, dtype=np.uint32)

    def philox_uniform(self, key: Any, counter: Any, n: int, dtype: Any, device: Device) -> Any:
        key, counter = _state(key, counter)
        single = dtype == np.float32
        if (kernels := _kernels(n)) is not None:
            out = np.empty(n, np.float32 if single else np.float64)
            (kernels.uniform32 if single else kernels.uniform64)(*_kernel_args(key, counter), out)
            return out
        gen = _randomgen(key, counter)
        if gen is None:
            return None  # core maps the ufunc path's words
        return gen.random(n, dtype=np.float32 if single else np.float64)

    def philox_integers(
        self, key: Any, counter: Any, low: int, r: int, n: int, dtype: Any, device: Device
    ) -> Any:
        """``low + floor(U * r / 2**64)`` (mod 2**64, into ``dtype``), ``U = a | b << 32``
        of two words, as ``(b * r + (a * r >> 32)) >> 32`` in uint64 (``r <= 2**32``),
        pass by pass."""
        key, counter = _state(key, counter)
        if not 1 <= r <= 1 << 32:
            return None  # core maps four words per value
        if (kernels := _kernels(n)) is not None:
            k = np.empty(n, np.uint64)
            low64 = np.uint64(low % (1 << 64))
            kernels.below(*_kernel_args(key, counter), low64, np.uint64(r), k)
            if dtype == np.bool_:
                return k != 0
            return (k.view(np.int64) if dtype.kind == "i" else k).astype(dtype, copy=False)
        gen = _randomgen(key, counter)
        if gen is None or sys.byteorder != "little":
            return None  # core maps the words (the pairs below are little-endian)
        out = np.empty(n, dtype)
        k, t = np.empty(min(n, _VALUES), np.uint64), np.empty(min(n, _VALUES), np.uint64)
        r64, low64, s32 = np.uint64(r), np.uint64(low % (1 << 64)), np.uint64(32)
        m32 = np.uint64(0xFFFFFFFF)
        for start in range(0, n, _VALUES):  # the generator continues the stream
            m = min(_VALUES, n - start)
            u = gen.integers(0, 1 << 32, size=2 * m, dtype=np.uint32).view(np.uint64)
            km, tm = k[:m], t[:m]  # u = a | b << 32 (little-endian pairs of words)
            np.bitwise_and(u, m32, out=km)
            km *= r64
            km >>= s32
            np.right_shift(u, s32, out=tm)
            tm *= r64
            km += tm
            km >>= s32
            km += low64  # mod 2**64: the dtype's two's complement, truncated below
            if dtype == np.bool_:
                np.not_equal(km, 0, out=out[start : start + m])
            else:
                out[start : start + m] = km.view(np.int64) if dtype.kind == "i" else km
        return out

    def philox_ziggurat(
        self, key: Any, counter: Any, n: int, ki: np.ndarray, wi: np.ndarray, device: Device
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """The box tests of ``arraykit.random._ziggurat``'s first ``n`` candidates (word
        pairs from block ``counter``): their box values, and the indices and pairs ``a |
        b << 32`` (uint64) of those outside their boxes (their values to be decided by
        the caller); ``None`` without Numba's kernels for ``n``."""
        key, counter = _state(key, counter)
        if (kernels := _kernels(n)) is None:
            return None
        out, slow, p = np.empty(n, np.float64), np.empty(n, np.int64), np.empty(n, np.uint64)
        count = kernels.ziggurat(*_kernel_args(key, counter), ki, wi, out, slow, p)
        return out, slow[:count].copy(), p[:count].copy()
