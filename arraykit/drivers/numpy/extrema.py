"""``maximum``, ``minimum``, ``clip``, ``max`` and ``min`` of the NumPy driver, with the
contract's order of signed zeros: ``-0 < +0`` (IEEE 754-2019's maximum and minimum; NaN
propagates as before).  NumPy's own order is the platform's: on x86-64 ``maximum(+0.0,
-0.0)`` is its second operand for float32 and float64 and its first for float16, and a
reduction's depends on the array's length (SIMD lanes); on ARM it is IEEE's.

What it costs: nothing where a Python scalar operand is not zero, or is zero and can be
put in the operand position the platform's tie favours (probed once per dtype at import:
``maximum(x, 0.0)``, ReLU, is NumPy's ufunc alone); one comparison pass over the result
of two arrays (~40% of ``np.maximum`` at 10**6 float64), and the fix only where it finds
a zero; for ``max``/``min`` a pass over the (reduced) result, and over the input only
where a maximum or minimum is zero.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ._common import as_ndarray

_FLOATS = (np.dtype("float16"), np.dtype("float32"), np.dtype("float64"))


def _seat(uf: np.ufunc, dtype: np.dtype, is_max: bool) -> int | None:
    """Which operand ``uf`` returns when they are equal zeros of opposite signs (0 or 1;
    -1: it depends), or None where it already follows IEEE's order."""
    pos = np.zeros(67, dtype)  # long enough for the vectorised loops and their tails
    neg = np.negative(pos)
    a, b = np.signbit(uf(pos, neg)), np.signbit(uf(neg, pos))
    if not (a.any() or b.any()) if is_max else (a.all() and b.all()):
        return None
    if not a.any() and b.all():
        return 0
    return 1 if a.all() and not b.any() else -1  # -1: neither, lane by lane


def _ordered(uf: np.ufunc, is_max: bool) -> Any:
    seats = {dt: _seat(uf, dt, is_max) for dt in _FLOATS}

    def prim(x1: Any, x2: Any) -> Any:  # the ufunc's array (out=...), typed Any by NumPy
        scalar = type(x1) is not np.ndarray or type(x2) is not np.ndarray
        dtype = x2.dtype if type(x1) is not np.ndarray else x1.dtype
        seat = seats.get(dtype)
        if seat is None:
            return uf(x1, x2, out=...)
        if scalar and seat >= 0:
            s, x = (x1, x2) if type(x1) is not np.ndarray else (x2, x1)
            if s != 0:
                return uf(x1, x2, out=...)
            # IEEE's answer is s itself where the zeros tie: +0 for max, -0 for min.
            s_wins = (math.copysign(1.0, s) < 0) != is_max
            return uf(*((x, s) if s_wins == bool(seat) else (s, x)), out=...)
        out = uf(x1, x2, out=...)
        if not (out == 0).any():
            return out
        both = (x1 == 0) & (x2 == 0)
        # zeros: x1 + x2 is -0 only if both are (max); -(-x1 - x2) is +0 only if both are
        tie = np.add(x1, x2) if is_max else np.negative(np.subtract(np.negative(x1), x2))
        return np.asarray(np.where(both, tie, out))

    prim.__name__ = uf.__name__
    return prim


maximum = _ordered(np.maximum, True)
minimum = _ordered(np.minimum, False)


def clip(x: np.ndarray, lo: Any, hi: Any) -> np.ndarray:
    out = x
    if lo is not None:
        out = maximum(out, lo)
    if hi is not None:
        out = minimum(out, hi)
    return out.copy() if out is x else out


def reduce(x: np.ndarray, axes: Any, keepdims: bool, is_max: bool) -> np.ndarray:
    """``max``/``min`` over ``axes``: a zero result is +0 (max) or -0 (min) where one of
    the zeros reduced is."""
    out = as_ndarray((np.max if is_max else np.min)(x, axis=axes, keepdims=keepdims))
    if x.dtype not in _FLOATS or not (out == 0).any():
        return out
    sign = np.signbit(x)
    wanted = (x == 0) & (~sign if is_max else sign)  # a +0 (max), a -0 (min)
    found = np.any(wanted, axis=axes, keepdims=keepdims)
    zero = x.dtype.type(0.0 if is_max else -0.0)
    other = np.negative(zero)
    return np.asarray(np.where(out == 0, np.where(found, zero, other), out))
