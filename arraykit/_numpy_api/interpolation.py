"""NumPy's one-dimensional linear interpolation (NumPy reference: "Mathematical functions:
Miscellaneous"): ``interp``.

NumPy's C loop, written on the standard's functions: ``searchsorted`` finds each point's
interval (the last ``xp[j] <= x``, as NumPy's binary search), the slope of the interval
is NumPy's ``(fp[j+1] - fp[j]) / (xp[j+1] - xp[j])``, the value ``slope * (x - xp[j]) +
fp[j]`` (or from the right end where that is NaN), with NumPy's rules at the ends, on
the sample points and for NaN, so values are NumPy's bit for bit (under ``ak.jit`` a
compiler may fuse the multiply-add: docs/guides/departures.md, "Fused multiply-adds").
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .._array import Array
from .._core import new
from .._manipulation import concat, reshape
from .._searching import searchsorted, where
from .._sorting import argsort
from ._base import known, numpy_function, scalar
from ._masked import array_like, cast, take1

__all__ = ["interp"]


def _line(x: Array, xp: Array, fp: Array, left: Any, right: Any, at_nan: Any = None) -> Array:
    """NumPy's ``arr_interp`` for real ``fp`` (float64 throughout); NaN ``x`` gives
    ``at_nan`` (default: the NaN itself)."""
    shape = known(x.shape, "interp")
    x = reshape(x, (-1,))
    n = known(xp.shape, "interp")[0]
    lval = fp[0] if left is None else left
    rval = fp[-1] if right is None else right
    if n == 1:  # NumPy: left below the point, right above it, fp[0] on it (and for NaN)
        r = where(ew.less(x, xp[0]), lval, where(ew.greater(x, xp[0]), rval, fp[0]))
        return reshape(cast(r, fp._dtype), shape)
    j = ew.subtract(searchsorted(xp, x, side="right"), 1)
    jc = ew.minimum(ew.maximum(j, 0), n - 2)
    slopes = ew.divide(ew.subtract(fp[1:], fp[:-1]), ew.subtract(xp[1:], xp[:-1]))
    slope = take1(slopes, jc, "interp")
    x0, x1 = take1(xp, jc, "interp"), take1(xp, ew.add(jc, 1), "interp")
    y0, y1 = take1(fp, jc, "interp"), take1(fp, ew.add(jc, 1), "interp")
    r = ew.add(ew.multiply(slope, ew.subtract(x, x0)), y0)
    other = ew.add(ew.multiply(slope, ew.subtract(x, x1)), y1)  # NaN one way: the other
    other = where(ew.logical_and(ew.isnan(other), ew.equal(y0, y1)), y0, other)
    r = where(ew.isnan(r), other, r)
    r = where(ew.equal(x0, x), y0, r)
    r = where(ew.equal(j, n - 1), fp[-1], r)
    r = where(ew.greater(x, xp[-1]), rval, r)
    r = where(ew.less(x, xp[0]), lval, r)
    return reshape(where(ew.isnan(x), x if at_nan is None else at_nan, r), shape)


def _real(v: Any) -> float:
    return complex(v).real


def _imag(v: Any) -> float:
    return complex(v).imag


@numpy_function(None)
def interp(
    x: Any, xp: Any, fp: Any, left: Any = None, right: Any = None, period: Any = None
) -> Array:
    """One-dimensional piecewise-linear interpolation of the points ``(xp, fp)`` (``xp``
    increasing, not checked: as in NumPy) at ``x``: ``left``/``right`` (default
    ``fp[0]``/``fp[-1]``) outside ``[xp[0], xp[-1]]``; with ``period``, ``x`` and ``xp``
    are taken modulo the period (``xp`` need not be sorted then).  The result is float64
    (complex128 for complex ``fp``), ``x``'s shape.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.interp.html

    Examples
    --------
    >>> ak.interp(ak.asarray([0.0, 1.5, 2.72, 4.0]), ak.asarray([1.0, 2.0, 3.0]),
    ...           ak.asarray([3.0, 2.0, 0.0]))
    Array([3.  , 2.5 , 0.56, 0.  ], dtype=float64)
    """
    fn = "interp"
    base = next((v for v in (x, xp, fp) if v.__class__ is Array), None)
    if base is None:
        raise TypeError(f"{fn}: at least one of 'x', 'xp', 'fp' must be an arraykit array")
    xa, xpa, fpa = (array_like(base, v, fn, name) for v, name in ((x, "x"), (xp, "xp"), (fp, "fp")))
    _core.same_driver((xa, xpa, fpa), fn)
    for v, name in ((xa, "x"), (xpa, "xp")):
        if v._dtype.kind == "c":
            raise TypeError(f"{fn}: {name!r} must be real, got {v._dtype}")
    if xpa.ndim != 1 or fpa.ndim != 1:
        raise ValueError(f"{fn}: 'xp' and 'fp' must be 1-D, got {xpa.ndim}-D and {fpa.ndim}-D")
    (n,), (m,) = known(xpa.shape, fn), known(fpa.shape, fn)
    if n != m:
        raise ValueError(f"{fn}: fp and xp are not of the same length.")
    if n == 0:
        raise ValueError(f"{fn}: array of sample points is empty")
    cplx = fpa._dtype.kind == "c"
    ys = dt.complex128 if cplx else dt.float64
    xa, xpa, fpa = cast(xa, dt.float64), cast(xpa, dt.float64), cast(fpa, ys)
    if period is not None:
        period = scalar(period, fn, "period")
        if isinstance(period, complex):
            raise TypeError(f"{fn}: 'period' must be real")
        if period == 0:
            raise ValueError(f"{fn}: period must be a non-zero value")
        period = abs(period)
        left = right = None
        xa = ew.remainder(xa, period)
        xpa = ew.remainder(xpa, period)
        order = argsort(xpa)
        xpa, fpa = take1(xpa, order, "interp"), take1(fpa, order, "interp")
        xpa = concat([ew.subtract(xpa[-1:], period), xpa, ew.add(xpa[:1], period)])
        fpa = concat([fpa[-1:], fpa, fpa[:1]])
    ends = []
    for v, name in ((left, "left"), (right, "right")):
        if v is not None:
            v = scalar(v, fn, name)
            if isinstance(v, complex) and not cplx:
                raise TypeError(f"{fn}: {name!r} is complex but fp is real")
        ends.append(v)
    with np.errstate(all="ignore"):  # NumPy's C loop does not warn (inf - inf...)
        if not cplx:
            return _line(xa, xpa, fpa, *ends)
        parts = []  # NumPy's complex loop: the real and imaginary parts apart (NaN x: x+0j)
        for part, of, at_nan in ((ew.real, _real, None), (ew.imag, _imag, 0.0)):
            lo, hi = (None if v is None else of(v) for v in ends)
            parts.append(_line(xa, xpa, part(fpa), lo, hi, at_nan=at_nan))
    drv = xa._driver
    return new(drv.complex(parts[0]._value, parts[1]._value), drv, ys)
