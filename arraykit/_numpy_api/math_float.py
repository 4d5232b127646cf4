"""NumPy's floating point routines (NumPy reference: "Mathematical functions", floating
point routines): ``frexp``, ``ldexp``, ``modf``.

Exact, as NumPy's (the C library's): powers of two come from a table of them (never
``pow``, which a backend may round), and ``ldexp`` scales in steps that
keep every intermediate normal, so a result in the subnormal range is rounded once, as
the C library's ``scalbn`` does.  Dtypes are NumPy's: ``frexp``'s exponent is int32;
integer and boolean inputs compute in the default float (as ``cbrt``...: see the module
``math``), float16 in float32, rounded back once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array, new
from .._creation import asarray, ones_like
from .._data_types import astype
from .._manipulation import broadcast_arrays, reshape
from .._searching import where
from ._base import known, numpy_function
from .math import _float_input, _result

__all__ = ["frexp", "ldexp", "modf"]

# dtype -> (emin of normals, emax, mantissa bits): the steps of scalbn
_LIMITS = {dt.float64: (-1022, 1023, 53), dt.float32: (-126, 127, 24)}


def pow2(n: Array, dtype: Any) -> Array:
    """``2.0 ** n`` exactly, for integers ``n`` in the normal range of ``dtype``: a lookup in
    the table of those powers (one gather; ``pow`` may round on a backend).  ``n`` is in
    range (the caller clipped it), so the driver's ``take`` runs unchecked."""
    emin, emax, _ = _LIMITS[dtype]
    table = _TABLES.get(dtype)
    if table is None:
        table = _TABLES[dtype] = np.ldexp(1.0, np.arange(emin, emax + 1)).astype(dtype)
    drv = n._driver
    powers = asarray(table, device=n.device)
    flat = reshape(ew.subtract(n, emin), (-1,))
    got = drv.take(powers._value, astype(flat, dt.int64)._value, 0)
    return reshape(new(got, drv, dtype), known(n.shape, "ldexp"))


_TABLES: dict[Any, np.ndarray] = {}


def scalbn(x: Array, n: Array) -> Array:
    """``x * 2 ** n`` rounded once (``n`` int32): the C library's ``scalbn`` (musl's
    steps) elementwise: at most two scalings by a large power keep the intermediate
    normal, and the last product does the one rounding."""
    dtype = x._dtype
    emin, emax, digits = _LIMITS[dtype]
    n = ew.clip(n, -4 * emax, 4 * emax)
    up = 2.0**emax
    shrink = emin + digits  # a scaling by 2 ** shrink leaves n below emin - digits
    y = x
    one = ones_like(x)
    for _ in range(2):
        big, small = ew.greater(n, emax), ew.less(n, emin)
        factor = where(big, ew.multiply(one, up), where(small, ew.multiply(one, 2.0**shrink), one))
        y = ew.multiply(y, factor)
        n = where(big, ew.subtract(n, emax), where(small, ew.subtract(n, shrink), n))
    n = ew.clip(n, emin, emax)
    return ew.multiply(y, pow2(n, dtype))


@numpy_function("m = x / 2 ** e with e = ak.floor(ak.log2(ak.abs(x))) + 1")
def frexp(x: Array, /) -> tuple[Array, Array]:
    """``(m, e)`` with ``x == m * 2 ** e``, ``0.5 <= |m| < 1`` (``m`` keeps ``x``'s sign),
    ``e`` int32; ``(x, 0)`` for zeros, infinities and NaN, as NumPy's (the C library's).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.frexp.html

    Examples
    --------
    >>> ak.frexp(ak.asarray([8.0, -0.375, 0.0]))
    (Array([ 0.5 , -0.75,  0.  ], dtype=float64), Array([ 4, -1,  0], dtype=int32))
    """
    x, out = _float_input(x, "frexp")
    ok = ew.logical_and(ew.isfinite(x), ew.not_equal(x, 0))
    safe = where(ok, x, 1.0)
    e = astype(ew.add(ew.floor(ew.log2(ew.abs(safe))), 1.0), dt.int32)
    m = scalbn(safe, ew.negative(e))
    for big in (True, False):  # log2 may be one off next to a power of two: correct it
        am = ew.abs(m)
        off = ew.greater_equal(am, 1.0) if big else ew.less(am, 0.5)
        m = where(off, ew.multiply(m, 0.5 if big else 2.0), m)
        e = where(off, ew.add(e, 1 if big else -1), e)
    m = where(ok, m, x)
    e = where(ok, e, 0)
    return _result(m, out), e


@numpy_function("x1 * 2.0 ** x2 (rounded once)")
def ldexp(x1: Any, x2: Any, /) -> Array:
    """``x1 * 2 ** x2`` for integer ``x2``, rounded once (a result below the normal range
    too, as NumPy's); overflow gives infinity.  ``x2`` must have an integer dtype (not
    uint64, as in NumPy).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.ldexp.html

    Examples
    --------
    >>> ak.ldexp(ak.asarray([0.5, -3.0]), ak.asarray([4, -1]))
    Array([ 8. , -1.5], dtype=float64)
    """
    fn = "ldexp"
    arrays = [a for a in (x1, x2) if a.__class__ is Array]
    if not arrays:
        check_array(x1, fn, "x1")
    _core.same_driver(arrays, fn)
    like = arrays[0]
    if x1.__class__ is not Array:
        if not isinstance(x1, (bool, int, float)):
            check_array(x1, fn, "x1")
        x1 = asarray(x1, dtype=_float_of(x1), device=like.device)
    if x2.__class__ is not Array:
        if isinstance(x2, bool) or not isinstance(x2, int):
            raise TypeError(f"{fn}: 'x2' must be an integer array or a Python int, got {x2!r}")
        x2 = asarray(max(min(x2, 1 << 30), -(1 << 30)), device=like.device)
    if x2._dtype.kind not in "biu" or x2._dtype == dt.uint64:
        raise TypeError(f"{fn}: 'x2' must have an integer dtype (not uint64), got {x2._dtype}")
    x, out = _float_input(x1, fn)
    x, n = broadcast_arrays(x, x2)
    n = astype(ew.clip(astype(n, dt.int64), -(1 << 20), 1 << 20), dt.int32)
    return _result(scalbn(x, n), out)


def _float_of(value: Any) -> Any:
    from .. import _config

    return _config.get().default_float if isinstance(value, (bool, int)) else None


@numpy_function("(x - ak.trunc(x), ak.trunc(x)), with x's sign on both")
def modf(x: Array, /) -> tuple[Array, Array]:
    """``(fractional part, integral part)``, both with ``x``'s sign (``modf(-3.0)`` is
    ``(-0.0, -3.0)``); infinities give ``(+-0.0, +-inf)``, NaN ``(nan, nan)``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.modf.html

    Examples
    --------
    >>> ak.modf(ak.asarray([3.25, -0.5]))
    (Array([ 0.25, -0.5 ], dtype=float64), Array([ 3., -0.], dtype=float64))
    """
    x, out = _float_input(x, "modf")
    whole = ew.trunc(x)
    finite = where(ew.isinf(x), 0.0, x)  # inf - inf would be NaN (and warn)
    frac = ew.subtract(finite, ew.trunc(finite))
    return _result(ew.copysign(frac, x), out), _result(whole, out)
