"""NumPy's logic functions beyond the standard (NumPy reference: "Logic functions": truth
value testing, array contents, array type testing, comparison): ``isclose``,
``allclose``, ``array_equal``, ``isneginf``, ``iscomplexobj``...

``isclose`` is NumPy's formula, operation for operation, so its answers are NumPy's bit
for bit.  ``allclose``, ``array_equal`` and ``array_equiv`` return a Python ``bool``, as
NumPy's do: that needs the values, so under ``ak.jit`` write ``ak.all(ak.isclose(a,
b))`` (an array) instead.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from .. import _core
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array
from .._creation import asarray, full_like
from .._data_types import astype
from .._utility import all as all_
from ._base import numpy_function, renamed, scalar

__all__ = [
    "allclose", "array_equal", "array_equiv", "isclose", "iscomplex", "iscomplexobj",
    "isneginf", "isposinf", "isreal", "isrealobj", "isscalar"
]  # fmt: skip

_PY_NUMBERS = (int, float, complex)


def _pair(a: Any, b: Any, fn: str) -> tuple[Any, Any]:
    """``a`` and ``b``: arraykit arrays (NumPy data becomes one) or Python scalars, at
    least one an array, on one driver."""
    for arg, v in (("a", a), ("b", b)):
        plain = v.__class__ is not Array and not isinstance(v, _PY_NUMBERS)
        if plain and not _core.is_host_data(v):
            check_array(v, fn, arg)
    arrays = [v for v in (a, b) if v.__class__ is Array]
    if not arrays:
        if not any(_core.is_host_data(v) for v in (a, b)):
            check_array(a, fn, "a")
        arrays = [asarray(next(v for v in (a, b) if _core.is_host_data(v)))]
    _core.same_driver(arrays, fn)
    like = arrays[0]
    a, b = (
        asarray(v, device=like.device, driver=like._driver) if _core.is_host_data(v) else v
        for v in (a, b)
    )
    return a, b


def _isnan(v: Any) -> Any:
    return ew.isnan(v) if v.__class__ is Array else bool(np.isnan(v))


@numpy_function("ak.abs(a - b) <= atol + rtol * ak.abs(b)")
def isclose(
    a: Any, b: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> Array:
    """Where ``|a - b| <= atol + rtol * |b|`` (and ``b`` is finite), or ``a == b``
    (infinities of one sign are close); NaNs are close to each other only with
    ``equal_nan``.  NumPy's formula, so its answers bit for bit: an array ``b`` is made a
    floating array first (integers in the default float), Python scalars stay weak.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.isclose.html

    Examples
    --------
    >>> a = ak.asarray([1.0, 1e-9, ak.inf, ak.nan])
    >>> ak.isclose(a, ak.asarray([1.0 + 1e-9, 0.0, ak.inf, ak.nan]))
    Array([ True,  True,  True, False], dtype=bool)
    >>> ak.isclose(ak.asarray([ak.nan, 2.0]), ak.nan, equal_nan=True)
    Array([ True, False], dtype=bool)
    """
    y: Any  # an array, or a Python scalar (a float for an int)
    finite: Array | bool
    x, y = _pair(a, b, "isclose")
    rtol, atol = scalar(rtol, "isclose", "rtol"), scalar(atol, "isclose", "atol")
    if y.__class__ is Array:
        dtype = _core.result_dtype((y, 1.0), "isclose", "b")
        y = astype(y, dtype) if y._dtype is not dtype else y
        tol = ew.add(atol, ew.multiply(rtol, ew.abs(y)))
        finite = ew.isfinite(y)
    else:
        y = float(y) if isinstance(y, int) else y
        tol = atol + rtol * abs(y)
        finite = bool(np.isfinite(y))
    close = ew.logical_and(ew.less_equal(ew.abs(ew.subtract(x, y)), tol), finite)
    result = ew.logical_or(close, ew.equal(x, y))
    if equal_nan:
        result = ew.logical_or(result, ew.logical_and(_isnan(x), _isnan(y)))
    return result


@numpy_function("bool(ak.all(ak.abs(a - b) <= atol + rtol * ak.abs(b)))")
def allclose(
    a: Any, b: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> bool:
    """Whether every element of ``a`` is close to ``b`` (``isclose``): a Python ``bool``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.allclose.html

    Examples
    --------
    >>> ak.allclose(ak.asarray([1.0, 2.0]), ak.asarray([1.0, 2.0 + 1e-9]))
    True
    >>> ak.allclose(ak.asarray([1.0, ak.nan]), ak.asarray([1.0, ak.nan]))
    False
    """
    try:
        close = isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)
    except (TypeError, ValueError) as e:
        raise renamed(e, "isclose", "allclose") from None
    return bool(all_(close))


@numpy_function("a.shape == b.shape and bool(ak.all(a == b))")
def array_equal(a1: Array, a2: Array, equal_nan: bool = False) -> bool:
    """Whether ``a1`` and ``a2`` have the same shape and elements (NaNs equal with
    ``equal_nan``): a Python ``bool``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.array_equal.html

    Examples
    --------
    >>> ak.array_equal(ak.asarray([1, 2]), ak.asarray([1.0, 2.0]))
    True
    >>> ak.array_equal(ak.asarray([1, 2]), ak.asarray([[1, 2]]))
    False
    """
    check_array(a1, "array_equal", "a1")
    check_array(a2, "array_equal", "a2")
    _core.same_driver((a1, a2), "array_equal")
    if tuple(a1.shape) != tuple(a2.shape):
        return False
    same = ew.equal(a1, a2)
    if equal_nan and (a1._dtype.kind in "fc" or a2._dtype.kind in "fc"):
        same = ew.logical_or(same, ew.logical_and(ew.isnan(a1), ew.isnan(a2)))
    return bool(all_(same))


@numpy_function("bool(ak.all(a1 == a2)) (shapes that broadcast)")
def array_equiv(a1: Array, a2: Array) -> bool:
    """Whether ``a1`` and ``a2`` broadcast together and are equal everywhere: a Python
    ``bool``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.array_equiv.html

    Examples
    --------
    >>> ak.array_equiv(ak.asarray([1, 2]), ak.asarray([[1, 2], [1, 2]]))
    True
    >>> ak.array_equiv(ak.asarray([1, 2]), ak.asarray([1, 2, 3]))
    False
    """
    check_array(a1, "array_equiv", "a1")
    check_array(a2, "array_equiv", "a2")
    _core.same_driver((a1, a2), "array_equiv")
    try:
        _core.broadcast_shapes(tuple(a1.shape), tuple(a2.shape), fn="array_equiv")
    except ValueError:
        return False
    return bool(all_(ew.equal(a1, a2)))


@numpy_function("ak.imag(x) != 0")
def iscomplex(x: Array) -> Array:
    """Where an element has a non-zero imaginary part (all ``False`` for real input).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.iscomplex.html

    Examples
    --------
    >>> ak.iscomplex(ak.asarray([1 + 1j, 2 + 0j]))
    Array([ True, False], dtype=bool)
    """
    check_array(x, "iscomplex")
    if x._dtype.kind == "c":
        return ew.not_equal(ew.imag(x), 0)
    return _constant(x, False)


@numpy_function("ak.imag(x) == 0")
def isreal(x: Array) -> Array:
    """Where an element has a zero imaginary part (all ``True`` for real input).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.isreal.html

    Examples
    --------
    >>> ak.isreal(ak.asarray([1 + 1j, 2 + 0j]))
    Array([False,  True], dtype=bool)
    """
    check_array(x, "isreal")
    if x._dtype.kind == "c":
        return ew.equal(ew.imag(x), 0)
    return _constant(x, True)


def _constant(x: Array, value: bool) -> Array:
    """A boolean array of ``x``'s shape, driver and device, all ``value``."""
    return full_like(x, value, dtype=np.dtype(bool))


def _dtype_of(x: Any) -> np.dtype:
    if x.__class__ is Array:
        return x._dtype
    dtype = getattr(x, "dtype", None)
    if isinstance(dtype, np.dtype):
        return dtype
    return np.asarray(x).dtype  # Python data (host only), as NumPy reads it


@numpy_function("ak.isdtype(x.dtype, 'complex floating')")
def iscomplexobj(x: Any) -> bool:
    """Whether ``x`` (an array, a dtype-carrying object or Python data) has a complex
    dtype, whatever its values.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.iscomplexobj.html

    Examples
    --------
    >>> ak.iscomplexobj(ak.asarray([1 + 0j])), ak.iscomplexobj(ak.ones(2)), ak.iscomplexobj(1j)
    (True, False, True)
    """
    return _dtype_of(x).kind == "c"


@numpy_function("not ak.isdtype(x.dtype, 'complex floating')")
def isrealobj(x: Any) -> bool:
    """Whether ``x`` does not have a complex dtype (``not iscomplexobj(x)``).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.isrealobj.html

    Examples
    --------
    >>> ak.isrealobj(ak.asarray([1.0])), ak.isrealobj(ak.asarray([1 + 0j]))
    (True, False)
    """
    return _dtype_of(x).kind != "c"


def _signed_inf(name: str, x: Array, out: Any, negative: bool) -> Array:
    check_array(x, name)
    if out is not None:
        raise TypeError(f"{name}: out= is not supported (arraykit returns new arrays)")
    if x._dtype.kind == "c":
        raise TypeError(
            f"{name}: 'x' must be real: this operation is not supported for complex values "
            "because it would be ambiguous"
        )
    if x._dtype.kind not in "f":
        return _constant(x, False)
    return ew.logical_and(ew.isinf(x), ew.signbit(x) if negative else ew.logical_not(ew.signbit(x)))


@numpy_function("ak.isinf(x) & ak.signbit(x)")
def isneginf(x: Array, out: Any = None) -> Array:
    """Where an element is negative infinity.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.isneginf.html

    Examples
    --------
    >>> ak.isneginf(ak.asarray([-ak.inf, ak.inf, ak.nan, -1.0]))
    Array([ True, False, False, False], dtype=bool)
    """
    return _signed_inf("isneginf", x, out, True)


@numpy_function("ak.isinf(x) & ~ak.signbit(x)")
def isposinf(x: Array, out: Any = None) -> Array:
    """Where an element is positive infinity.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.isposinf.html

    Examples
    --------
    >>> ak.isposinf(ak.asarray([-ak.inf, ak.inf, ak.nan, 1.0]))
    Array([False,  True, False, False], dtype=bool)
    """
    return _signed_inf("isposinf", x, out, False)


@numpy_function("isinstance(element, (bool, int, float, complex))")
def isscalar(element: Any) -> bool:
    """Whether ``element`` is a scalar: a Python or NumPy scalar (numbers, ``str``,
    ``bytes``); arrays, 0-D ones included, are not, as in NumPy.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.isscalar.html

    Examples
    --------
    >>> ak.isscalar(3.1), ak.isscalar(ak.asarray(3.1)), ak.isscalar("a")
    (True, False, True)
    """
    return element.__class__ is not Array and isinstance(
        element, (np.generic, str, bytes, numbers.Number)
    )
