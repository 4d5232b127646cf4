"""``Generator.integers``: NumPy's argument forms and errors (every integer dtype and
``bool`` in NumPy's spellings, scalar or array bounds broadcast against each other and
``size``, ``endpoint``), drawn by the mapping of ``_generator``'s module docstring.

Scalar bounds (ints, and 0-d arrays outside ``ak.jit``/``ak.vmap``) take ``B = 64``
bits (two words) per value when the range ``r`` is at most ``2**32``, else ``B = 128``
(four words).  Array bounds take the number of words the
dtype's widest range needs (two for ``bool`` and dtypes of at most 32 bits, four for
64-bit ones) whatever their values, so the words a draw takes are known from its shape
and dtype alone (as ``ak.jit`` needs) and are the same on every driver."""

from __future__ import annotations

import math
import operator
from typing import Any

import numpy as np

import arraykit as ak

from .._core import transform_tracing
from ._args import Gen, draw_shape

M32 = 0xFFFFFFFF


def integer_dtype(dtype: Any, fn: str) -> np.dtype[Any]:
    """``dtype`` in any of NumPy's spellings (``np.int8``, ``"i1"``, ``int``, ``bool``,
    ``ak.uint16``...), which must be an integer or boolean dtype."""
    if dtype is None:
        return ak.int64
    try:
        d: np.dtype[Any] = np.dtype(dtype)
    except TypeError as exc:  # NumPy's error for a spelling it does not know
        raise TypeError(f"{fn}: {exc}") from None
    if d.kind not in "iub":
        raise TypeError(f"{fn}: Unsupported dtype {d!r} for integers")
    return d


def _limits(dtype: np.dtype[Any]) -> tuple[int, int]:
    if dtype == ak.bool:
        return 0, 1
    info = np.iinfo(dtype)
    return int(info.min), int(info.max)


def _bound(value: Any, fn: str, arg: str) -> int | ak.Array:
    """A Python int, or an integer array (NumPy arrays and sequences become arraykit
    arrays of int64, or uint64 where a value needs it)."""
    if isinstance(value, (list, tuple, np.ndarray)):
        host = np.asarray(value)
        if host.size == 0:
            host = host.astype(np.int64)
        elif host.dtype.kind in "fO" and not isinstance(value, np.ndarray):
            host = _python_ints(value, fn, arg)  # ints past int64 made NumPy pick float
        if host.dtype.kind not in "iub":
            raise TypeError(f"{fn}: {arg} must be integers, got an array of {host.dtype}")
        if host.ndim == 0:
            return int(host)
        value = ak.asarray(host.astype(np.uint64 if host.dtype == np.uint64 else np.int64))
    if isinstance(value, ak.Array):
        if not ak.isdtype(value.dtype, ("integral", "bool")):
            raise TypeError(f"{fn}: {arg} must be integers, got an array of {value.dtype}")
        if value.ndim == 0:
            if transform_tracing.depth:
                raise TypeError(
                    f"{fn}: a 0-d {arg} inside ak.jit/ak.vmap: a scalar bound picks the "
                    "words per value from its value; pass an int, or an array of shape (1,)"
                )
            return int(value)
        return value if value.dtype == ak.uint64 else ak.astype(value, ak.int64)
    try:
        return operator.index(value)  # Python and NumPy ints, and bools, as NumPy
    except TypeError:
        raise TypeError(f"{fn}: {arg} must be an int or an array of ints, got {value!r}") from None


def _python_ints(value: Any, fn: str, arg: str) -> np.ndarray:
    obj = np.asarray(value, dtype=object)
    if not all(isinstance(v, (int, np.integer)) for v in obj.flat):
        raise TypeError(f"{fn}: {arg} must be integers, got {value!r}")
    lo, hi = min(obj.flat), max(obj.flat)
    if lo < -(2**63) or hi >= 2**64 or (lo < 0 and hi >= 2**63):
        raise ValueError(f"{fn}: {arg} is out of bounds for int64 and uint64")
    return obj.astype(np.uint64 if hi >= 2**63 else np.int64)


def _host_checks(low: Any, high: Any, endpoint: bool, lo_min: int, hi_max: int, dtype: Any) -> None:
    """NumPy's value checks of array bounds, on the host (left out when traced)."""
    fn = "integers"
    if transform_tracing.depth:
        return
    lo, hi = np.asarray(low), np.asarray(high)
    if np.any(lo < lo_min):
        raise ValueError(f"{fn}: low is out of bounds for {dtype}")
    top_max = hi_max if endpoint else hi_max + 1
    if top_max < 2**64 and np.any(hi > top_max):
        raise ValueError(f"{fn}: high is out of bounds for {dtype}")
    if endpoint and np.any(lo > hi):
        raise ValueError(f"{fn}: low > high")
    if not endpoint and np.any(lo >= hi):
        raise ValueError(f"{fn}: low >= high")


def integers(
    gen: Gen, low: Any, high: Any, size: Any, dtype: Any, endpoint: bool, device: Any
) -> ak.Array:
    fn = "integers"
    if high is None:
        low, high = 0, low
    lo, hi = _bound(low, fn, "low"), _bound(high, fn, "high")
    dtype = integer_dtype(dtype, fn)
    lo_min, hi_max = _limits(dtype)
    shape = draw_shape(size, (lo, hi), fn)
    n = math.prod(shape)
    if n == 0:  # NumPy checks no values for an empty draw
        return ak.zeros(shape, dtype=dtype, device=device)
    if isinstance(lo, int) and isinstance(hi, int):
        top = hi if endpoint else hi - 1
        if lo < lo_min:
            raise ValueError(f"{fn}: low is out of bounds for {dtype}")
        if top > hi_max:
            raise ValueError(f"{fn}: high is out of bounds for {dtype}")
        if lo > top:
            raise ValueError(f"{fn}: low > high" if endpoint else f"{fn}: low >= high")
        r = top - lo + 1
        native = None if r > 1 << 32 else gen.bit_generator._integers(lo, r, n, dtype, device)
        if native is not None:
            return ak.reshape(native, shape)
        k = below(gen, r, n, device)  # uint64 in [0, r)
        out = k + (lo % (1 << 64))  # wraps mod 2**64 into the dtype's two's complement
    else:
        _host_checks(lo, hi, endpoint, lo_min, hi_max, dtype)
        lo_u, hi_u = (_flat_u64(b, shape, device) for b in (lo, hi))
        d = hi_u - lo_u if endpoint else hi_u - lo_u - 1  # top - low, in [0, 2**64)
        if dtype.itemsize <= 4:
            k = below(gen, d + 1, n, device, wide=False)
        else:
            r_lo = (d & M32) + 1
            k = below(gen, (r_lo & M32, (d >> 32) + (r_lo >> 32)), n, device, wide=True)
        out = k + lo_u
    if dtype == ak.bool:
        return ak.reshape(out != 0, shape)
    if dtype != ak.uint64:
        out = ak.astype(out, ak.int64)
        if dtype != ak.int64:
            out = ak.astype(out, dtype)
    return ak.reshape(out, shape)


def _flat_u64(b: int | ak.Array, shape: tuple[int, ...], device: Any) -> Any:
    if isinstance(b, int):
        return b % (1 << 64)
    if device is not None:
        b = ak.asarray(b, device=device)
    return ak.reshape(ak.astype(ak.broadcast_to(b, shape), ak.uint64), (-1,))


def below(gen: Gen, r: Any, n: int, device: Any, wide: bool | None = None) -> ak.Array:
    """``n`` uint64 values ``floor(U * r / 2**B)`` in ``[0, r)``: ``U`` a B-bit number of
    ``B / 32`` words (the first least significant).  ``r`` is a Python int in
    ``[1, 2**64]`` (``B = 64`` when ``r <= 2**32``, else 128), or, for array bounds, a
    uint64 array ``<= 2**32`` (``wide=False``, ``B = 64``) or a pair ``(r_lo, r_hi)`` of
    them, ``r = r_lo + r_hi * 2**32`` with ``r_lo < 2**32``, ``r_hi <= 2**32``
    (``wide=True``, ``B = 128``)."""
    if wide is None:
        wide = r > 1 << 32
        if wide:
            r = (r & M32, r >> 32)
    words = gen.bit_generator._words((4 if wide else 2) * n, device)
    if not wide:
        w = ak.astype(ak.reshape(words, (n, 2)), ak.uint64)
        a, b = w[:, 0], w[:, 1]
        out: ak.Array = (b * r + ((a * r) >> 32)) >> 32  # r: an int or an array
        return out
    w = ak.astype(ak.reshape(words, (n, 4)), ak.uint64)
    u = [w[:, i] for i in range(4)]
    rl, rh = r  # rh <= 2**32
    prods = {}
    for i in range(4):
        for j, rj in ((0, rl), (1, rh)):
            p = u[i] * rj
            prods[i, j] = (p & M32, p >> 32)
    carry: Any = 0
    limbs: list[ak.Array] = []
    for col in range(6):
        s = carry
        for (i, j), (lo, hi) in prods.items():
            if i + j == col:
                s = s + lo
            if i + j + 1 == col:
                s = s + hi
        limbs.append(s & M32)
        carry = s >> 32
    return limbs[4] | (limbs[5] << 32)
