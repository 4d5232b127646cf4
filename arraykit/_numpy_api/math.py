"""NumPy's mathematical functions beyond the standard, elementwise (NumPy reference:
"Mathematical functions": trigonometric, hyperbolic, rounding, exponents and logarithms,
rational routines, arithmetic, handling complex numbers, miscellaneous).

Two kinds:

* NumPy's names of the standard's functions (``absolute`` is ``abs``, ``power`` is
  ``pow``...): thin aliases that call the standard function, so there is one
  implementation; errors name the alias.  They are in ``aliases.py``.
* Functions the standard lacks (``cbrt``, ``exp2``, ``deg2rad``, ``sinc``, ``gcd``...),
  each composed once from the standard's functions, with NumPy's formula where NumPy's
  is itself a composition (``sinc``, ``isclose``), so the results are NumPy's bit for bit
  where the parts are exactly rounded.

Integer and boolean arrays compute in the default float dtype, as the standard's
floating-point functions do in arraykit (NumPy picks float16 for int8: see the
"departures" guide); float16 computes in float32 and rounds once, as NumPy does.
"""

from __future__ import annotations

import math
from typing import Any

from .. import _config, _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array, new
from .._data_types import astype
from .._manipulation import broadcast_arrays
from .._searching import where
from ._base import numpy_function, renamed, same_driver, scalar

__all__ = [
    "angle", "around", "cbrt", "deg2rad", "degrees", "divmod", "exp2", "fabs", "fix",
    "float_power", "gcd", "heaviside", "lcm", "logaddexp2", "nan_to_num", "rad2deg",
    "radians", "rint", "sinc"
]  # fmt: skip

_ERRORS = (TypeError, ValueError, IndexError, OverflowError)


# ---------------------------------------------------------------------- helpers
def _float_input(x: Any, fn: str, real: bool = True) -> tuple[Array, Any]:
    """``(x in the dtype to compute in, the result dtype)``: integer and boolean arrays in
    the default float, float16 in float32 (rounded back by ``_result``); complex refused
    where NumPy has no complex loop (``real``)."""
    check_array(x, fn)
    dtype = x._dtype
    if dtype.kind == "c":
        if real:
            raise TypeError(f"{fn}: 'x' must have a real-valued dtype, got {dtype}")
        return x, dtype
    if dtype.kind in "biu":
        out = _config.get().default_float
        return astype(x, out), out
    if dtype is dt.float16:
        return astype(x, dt.float32), dt.float16
    if dtype not in (dt.float32, dt.float64):
        raise TypeError(f"{fn}: 'x' must have a numeric dtype, got {dtype}")
    return x, dtype


def _result(y: Array, dtype: Any) -> Array:
    return y if y._dtype is dtype else astype(y, dtype)


# ---------------------------------------------------------------------- functions
@numpy_function("ak.abs (for a real floating-point x)")
def fabs(x: Array, /) -> Array:
    """Absolute values of real numbers, as floats (NumPy's ``fabs``: integers give floats,
    complex input raises ``TypeError``; ``absolute`` takes it).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.fabs.html

    Examples
    --------
    >>> ak.fabs(ak.asarray([-2, 3]))
    Array([2., 3.], dtype=float64)
    """
    x, out = _float_input(x, "fabs")
    return _result(ew.abs(x), out)


@numpy_function(None)
def cbrt(x: Array, /) -> Array:
    """Cube root, real: ``cbrt(-8.0)`` is ``-2.0``.

    ``|x| ** (1/3)`` improved by one Newton step, with the sign of ``x``; within 1 ulp of
    NumPy's (the C library's ``cbrt``) in float32 and float64, exact at perfect cubes.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.cbrt.html

    Examples
    --------
    >>> ak.cbrt(ak.asarray([27.0, -8.0, -0.0, ak.inf]))
    Array([ 3., -2., -0., inf], dtype=float64)
    """
    x, out = _float_input(x, "cbrt")
    a = ew.abs(x)
    y = ew.pow(a, 1.0 / 3.0)
    ok = ew.logical_and(ew.greater(y, 0), ew.isfinite(y))
    y1 = where(ok, y, 1.0)
    newton = ew.subtract(y1, ew.divide(ew.subtract(y1, ew.divide(a, ew.multiply(y1, y1))), 3.0))
    return _result(ew.copysign(where(ok, newton, y), x), out)


@numpy_function("ak.pow(2.0, x)")
def exp2(x: Array, /) -> Array:
    """``2 ** x``, exact at integers (``2 ** n`` is exact in binary).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.exp2.html

    Examples
    --------
    >>> ak.exp2(ak.asarray([3.0, -1.0, 0.5]))
    Array([8.        , 0.5       , 1.41421356], dtype=float64)
    """
    x, out = _float_input(x, "exp2", real=False)
    if x._dtype.kind == "c":  # NumPy's: exp of the parts scaled by log(2), each alone
        return ew.exp(_complex(ew.multiply(ew.real(x), _LN2), ew.multiply(ew.imag(x), _LN2)))
    return _result(ew.pow(2.0, x), out)


_LN2 = math.log(2.0)


def _complex(re: Array, im: Array) -> Array:
    """The complex array ``re + 1j * im`` (parts of one real dtype, one shape)."""
    drv = re._driver
    return new(drv.complex(re._value, im._value), drv, dt.COMPLEX_OF[re._dtype])


def _angle_function(name: str, factor: float, doc: str) -> Any:
    def fn(x: Array, /) -> Array:
        x, out = _float_input(x, name)
        # NumPy multiplies by the constant rounded to the dtype (float32: its own pi/180)
        if x._dtype is dt.float32:
            c = float(dt.float32.type(math.pi) / dt.float32.type(180.0))
            if factor > 1:
                c = float(dt.float32.type(180.0) / dt.float32.type(math.pi))
        else:
            c = factor
        return _result(ew.multiply(x, c), out)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


_DEG2RAD = """Degrees to radians: ``x * (pi / 180)``, as NumPy computes it (bit for bit).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.{0}.html

    Examples
    --------
    >>> ak.{0}(ak.asarray([180.0, -90.0]))
    Array([ 3.14159265, -1.57079633], dtype=float64)
    """
_RAD2DEG = """Radians to degrees: ``x * (180 / pi)``, as NumPy computes it (bit for bit).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.{0}.html

    Examples
    --------
    >>> ak.{0}(ak.asarray([ak.pi, -ak.pi / 2]))
    Array([180., -90.], dtype=float64)
    """
deg2rad = numpy_function("x * (ak.pi / 180)")(
    _angle_function("deg2rad", math.pi / 180.0, _DEG2RAD.format("deg2rad"))
)
radians = numpy_function("x * (ak.pi / 180)")(
    _angle_function("radians", math.pi / 180.0, _DEG2RAD.format("radians"))
)
rad2deg = numpy_function("x * (180 / ak.pi)")(
    _angle_function("rad2deg", 180.0 / math.pi, _RAD2DEG.format("rad2deg"))
)
degrees = numpy_function("x * (180 / ak.pi)")(
    _angle_function("degrees", 180.0 / math.pi, _RAD2DEG.format("degrees"))
)


def _binary_float(x1: Any, x2: Any, fn: str) -> tuple[Array, Array | Any, Any]:
    """``x1``, ``x2`` (arrays or Python scalars, one an array) promoted to a real floating
    dtype to compute in (float16 in float32), and the result dtype."""
    arrays = [a for a in (x1, x2) if a.__class__ is Array]
    if not arrays:
        check_array(x1, fn, "x1")
    same_driver(arrays, fn)
    dtype = _core.result_dtype((x1, x2), fn, "x1 and x2")
    if dtype.kind == "c":
        raise TypeError(f"{fn}: expected real-valued arrays, got {dtype}")
    out = _config.get().default_float if dtype.kind in "biu" else dtype
    work = dt.float32 if out is dt.float16 else out
    like = arrays[0]
    x1, x2 = (astype(v, work) if v.__class__ is Array else _scalar(v, like, work) for v in (x1, x2))
    return x1, x2, out


def _scalar(value: Any, like: Array, dtype: Any) -> Array:
    """A Python scalar (or NumPy data) as an array of ``dtype`` on ``like``'s device."""
    from .._creation import asarray

    return asarray(value, dtype=dtype, device=like.device, driver=like._driver)


_LOG2E = 1.4426950408889634


@numpy_function(None)
def logaddexp2(x1: Any, x2: Any, /) -> Array:
    """``log2(2**x1 + 2**x2)`` without overflow: NumPy's formula, ``max + log2(1 +
    2**-|x1 - x2|)`` (``x1 + 1`` where they are equal, so infinities give infinities).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.logaddexp2.html

    Examples
    --------
    >>> ak.logaddexp2(ak.asarray([1.0, -ak.inf, 1000.0]), ak.asarray([1.0, 3.0, 1000.0]))
    Array([   2.,    3., 1001.], dtype=float64)
    """
    a, b, out = _binary_float(x1, x2, "logaddexp2")
    big = ew.maximum(a, b)
    small = ew.minimum(a, b)
    tail = ew.multiply(ew.log1p(ew.pow(2.0, ew.subtract(small, big))), _LOG2E)
    y = where(ew.equal(a, b), ew.add(a, 1.0), ew.add(big, tail))
    return _result(y, out)


@numpy_function("ak.where(x1 < 0, 0.0, ak.where(x1 > 0, 1.0, x2))")
def heaviside(x1: Any, x2: Any, /) -> Array:
    """The Heaviside step: 0 where ``x1 < 0``, ``x2`` where ``x1 == 0``, 1 where ``x1 > 0``,
    NaN where ``x1`` is NaN.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.heaviside.html

    Examples
    --------
    >>> ak.heaviside(ak.asarray([-1.5, 0.0, 2.0, ak.nan]), 0.5)
    Array([0. , 0.5, 1. , nan], dtype=float64)
    """
    a, b, out = _binary_float(x1, x2, "heaviside")
    y = where(ew.less(a, 0), 0.0, where(ew.greater(a, 0), 1.0, where(ew.equal(a, 0), b, a)))
    return _result(y, out)


@numpy_function(None)
def sinc(x: Array, /) -> Array:
    """The normalised sinc, ``sin(pi x) / (pi x)`` (1 at 0): NumPy's formula.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.sinc.html

    Examples
    --------
    >>> ak.sinc(ak.asarray([0.0, 0.5, 1.0]))
    Array([1.00000000e+00, 6.36619772e-01, 3.89817183e-17], dtype=float64)
    """
    x, out = _float_input(x, "sinc", real=False)
    y = ew.multiply(where(ew.equal(x, 0), 1.0e-20, x), math.pi)
    return _result(ew.divide(ew.sin(y), y), out)


@numpy_function("ak.pow(ak.astype(x1, ak.float64), x2)")
def float_power(x1: Any, x2: Any, /) -> Array:
    """``x1 ** x2`` computed in float64 (complex128 for complex input), whatever the
    inputs' dtypes, as NumPy's: integers to negative powers give fractions.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.float_power.html

    Examples
    --------
    >>> ak.float_power(ak.asarray([2, 4]), -1)
    Array([0.5 , 0.25], dtype=float64)
    >>> ak.float_power(ak.asarray([2.0], dtype=ak.float32), 2).dtype
    dtype('float64')
    """
    arrays = [a for a in (x1, x2) if a.__class__ is Array]
    if not arrays:
        check_array(x1, "float_power", "x1")
    same_driver(arrays, "float_power")
    dtype = _core.result_dtype((x1, x2), "float_power", "x1 and x2")
    work = dt.complex128 if dtype.kind == "c" else dt.float64
    x1 = astype(x1, work) if x1.__class__ is Array else x1
    x2 = astype(x2, work) if x2.__class__ is Array else x2
    return ew.pow(x1, x2)


@numpy_function("ak.trunc(x)")
def fix(x: Array, /) -> Array:
    """Round towards zero (NumPy's ``fix``; the standard's ``trunc``).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.fix.html

    Examples
    --------
    >>> ak.fix(ak.asarray([2.7, -2.7, -0.5]))
    Array([ 2., -2., -0.], dtype=float64)
    """
    check_array(x, "fix")
    try:
        return ew.trunc(x)
    except _ERRORS as e:
        raise renamed(e, "trunc", "fix") from None


@numpy_function("ak.round(x)")
def rint(x: Array, /) -> Array:
    """Round to the nearest integer, halves to even, as floats (NumPy's ``rint``: integer
    input gives floats, unlike ``ak.round``).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.rint.html

    Examples
    --------
    >>> ak.rint(ak.asarray([0.5, 1.5, -2.5]))
    Array([ 0.,  2., -2.], dtype=float64)
    >>> ak.rint(ak.asarray([3]))
    Array([3.], dtype=float64)
    """
    x, out = _float_input(x, "rint", real=False)
    return _result(ew.round(x), out)


@numpy_function("ak.atan2(ak.imag(z), ak.real(z))")
def angle(z: Array, deg: bool = False) -> Array:
    """The argument of complex numbers (``atan2(imag, real)``): 0 or pi for real input.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.angle.html

    Examples
    --------
    >>> ak.angle(ak.asarray([1j, -1 + 0j, 1 + 1j]))
    Array([1.57079633, 3.14159265, 0.78539816], dtype=float64)
    >>> ak.angle(ak.asarray([1j]), deg=True)
    Array([90.], dtype=float64)
    """
    check_array(z, "angle", "z")
    if z._dtype.kind == "c":
        a = ew.atan2(ew.imag(z), ew.real(z))
    else:
        x, out = _float_input(z, "angle")
        a = _result(ew.atan2(0.0, x), out)
    return ew.multiply(a, 180.0 / math.pi) if deg else a


@numpy_function("ak.round(x) (no decimals in the standard)")
def around(a: Array, decimals: int = 0, out: Any = None) -> Array:
    """Round to ``decimals`` decimal places, halves to even, with NumPy's algorithm
    (``round(x * 10**d) / 10**d``), so the results are NumPy's bit for bit.  Negative
    ``decimals`` round integers to tens, hundreds...  Also ``x.round(decimals)``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.around.html

    Examples
    --------
    >>> ak.around(ak.asarray([1.2345, 2.5, -0.125]), 2)
    Array([ 1.23,  2.5 , -0.12], dtype=float64)
    >>> ak.around(ak.asarray([1250, 1350]), -2)
    Array([1200, 1400], dtype=int64)
    """
    from .._ndarray import _round
    from ._base import namespace, no_out

    check_array(a, "around", "a")
    no_out("around", out)
    decimals = _core.int_arg("around", "decimals", decimals)
    if a._dtype.kind == "c" and decimals:  # NumPy rounds the parts apart
        ak = namespace()
        return _complex(_round(ak, ew.real(a), decimals), _round(ak, ew.imag(a), decimals))
    return _round(namespace(), a, decimals)


def _integers(x1: Any, x2: Any, fn: str) -> tuple[Array, Array]:
    arrays = [a for a in (x1, x2) if a.__class__ is Array]
    if not arrays:
        check_array(x1, fn, "x1")
    same_driver(arrays, fn)
    dtype = _core.result_dtype((x1, x2), fn, "x1 and x2")
    if dtype.kind not in "iu":
        raise TypeError(f"{fn}: expected integer arrays, got {dtype}")
    like = arrays[0]
    a, b = (
        (astype(v, dtype) if v._dtype is not dtype else v)
        if v.__class__ is Array
        else _scalar(v, like, dtype)
        for v in (x1, x2)
    )
    a, b = broadcast_arrays(a, b)
    return a, b


# Euclid's algorithm needs at most this many steps for integers of each width (the index
# of the first Fibonacci number beyond the dtype's range).
_STEPS = {1: 12, 2: 24, 4: 47, 8: 93}


def _gcd(a: Array, b: Array) -> Array:
    fast = a._driver.gcd
    if fast is not None:  # the driver's native gcd (a loop that stops, even compiled)
        return new(fast(a._value, b._value), a._driver, a._dtype)
    a, b = ew.abs(a), ew.abs(b)
    steps = _STEPS[a._dtype.itemsize]
    traced = _core.transform_tracing.depth > 0 or a._driver.capabilities.lazy
    for i in range(steps):
        nonzero = ew.not_equal(b, 0)
        r = ew.remainder(a, where(nonzero, b, 1))
        a, b = where(nonzero, b, a), where(nonzero, r, 0)
        if not traced and i % 8 == 7 and not bool(_any(nonzero)):
            break  # eagerly, stop once every pair is done (a check every 8 steps)
    return a


def _any(x: Array) -> Array:
    from .._utility import any as any_

    return any_(x)


@numpy_function(None)
def gcd(x1: Any, x2: Any, /) -> Array:
    """Greatest common divisor of ``|x1|`` and ``|x2|`` (``gcd(0, 0)`` is 0), integers.

    The driver's native ``gcd`` where it has one (NumPy, JAX, Dask); else Euclid's
    algorithm over the whole array, which under ``ak.jit`` runs the worst case's number of
    steps for the dtype (93 for 64 bits) and eagerly stops once all are done.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.gcd.html

    Examples
    --------
    >>> ak.gcd(ak.asarray([12, -20, 0, 7]), ak.asarray([18, 15, 0, 0]))
    Array([6, 5, 0, 7], dtype=int64)
    """
    a, b = _integers(x1, x2, "gcd")
    return _gcd(a, b)


@numpy_function(None)
def lcm(x1: Any, x2: Any, /) -> Array:
    """Least common multiple of ``|x1|`` and ``|x2|`` (0 where either is 0), integers.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.lcm.html

    Examples
    --------
    >>> ak.lcm(ak.asarray([4, -6, 0]), ak.asarray([6, 4, 5]))
    Array([12, 12,  0], dtype=int64)
    """
    a, b = _integers(x1, x2, "lcm")
    g = _gcd(a, b)
    q = ew.floor_divide(ew.abs(a), where(ew.equal(g, 0), 1, g))
    return ew.abs(ew.multiply(q, b))


@numpy_function("(ak.floor_divide(x1, x2), ak.remainder(x1, x2))")
def divmod(x1: Any, x2: Any, /) -> tuple[Array, Array]:
    """``(floor_divide(x1, x2), remainder(x1, x2))``, as NumPy's ``divmod``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.divmod.html

    Examples
    --------
    >>> ak.divmod(ak.asarray([7, -7]), 2)
    (Array([ 3, -4], dtype=int64), Array([1, 1], dtype=int64))
    """
    try:
        return ew.floor_divide(x1, x2), ew.remainder(x1, x2)
    except _ERRORS as e:
        raise renamed(renamed(e, "floor_divide", "divmod"), "remainder", "divmod") from None


@numpy_function("ak.where(ak.isnan(x), 0.0, ak.clip(x, lo, hi))")
def nan_to_num(
    x: Array,
    copy: bool = True,
    nan: float = 0.0,
    posinf: float | None = None,
    neginf: float | None = None,
) -> Array:
    """NaN replaced by ``nan``, infinities by ``posinf``/``neginf`` (default: the dtype's
    largest and lowest finite values); real and imaginary parts apart for complex input.
    Integer and boolean arrays come back unchanged.  ``copy=False`` is accepted but the
    result is always a new array.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nan_to_num.html

    Examples
    --------
    >>> ak.nan_to_num(ak.asarray([ak.nan, ak.inf, -ak.inf, 1.5]))
    Array([ 0.00000000e+000,  1.79769313e+308, -1.79769313e+308,  1.50000000e+000], dtype=float64)
    >>> ak.nan_to_num(ak.asarray([ak.nan, ak.inf]), nan=-1.0, posinf=9.0)
    Array([-1.,  9.], dtype=float64)
    """
    check_array(x, "nan_to_num")
    nan = scalar(nan, "nan_to_num", "nan")
    posinf = None if posinf is None else scalar(posinf, "nan_to_num", "posinf")
    neginf = None if neginf is None else scalar(neginf, "nan_to_num", "neginf")
    if x._dtype.kind == "c":
        re = nan_to_num(ew.real(x), nan=nan, posinf=posinf, neginf=neginf)
        return _complex(re, nan_to_num(ew.imag(x), nan=nan, posinf=posinf, neginf=neginf))
    if x._dtype.kind != "f":
        return astype(x, x._dtype, copy=True)
    info = dt.finfo(x._dtype)
    hi = info.max if posinf is None else posinf
    lo = info.min if neginf is None else neginf
    y = where(ew.isnan(x), nan, x)
    y = where(ew.logical_and(ew.isinf(y), ew.greater(y, 0)), hi, y)
    return where(ew.logical_and(ew.isinf(y), ew.less(y, 0)), lo, y)
