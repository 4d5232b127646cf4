"""NumPy's array creation routines beyond the standard (NumPy reference: "Array creation
routines": from existing data, building matrices, numerical ranges): ``array``,
``copy``, ``identity``, ``diag``, ``tri``, ``vander``, ``geomspace``...

New arrays go where the standard's creation functions put them (the active driver and
device, or ``device=``); functions of arrays follow their input.  Default dtypes are
arraykit's (NumPy's ``float`` is the active default float).
"""

from __future__ import annotations

import cmath
import math
from typing import Any

from .. import _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .._aliasing import is_c_contiguous
from .._array import Array
from .._core import check_array, int_arg
from .._creation import arange, asarray, eye, logspace, zeros
from .._data_types import astype
from .._devices import Device
from .._manipulation import broadcast_to, concat, reshape
from .._searching import where
from .._statistics import cumulative_prod
from ..linalg import diagonal
from ._base import known, numpy_function, renamed

__all__ = [
    "array", "asanyarray", "ascontiguousarray", "copy", "diag", "diagflat", "geomspace",
    "identity", "tri", "vander"
]  # fmt: skip

_ERRORS = (TypeError, ValueError, IndexError, OverflowError)


def _asarray(fn: str, arg: str, obj: Any, **kwargs: Any) -> Array:
    """``asarray(obj, **kwargs)`` with errors naming ``fn`` and its argument ``arg``."""
    try:
        return asarray(obj, **kwargs)
    except _ERRORS as e:
        text = str(renamed(e, "asarray", fn)).replace("'obj'", repr(arg))
        raise type(e)(text) from None


def _ndmin(x: Array, ndmin: int, fn: str) -> Array:
    ndmin = int_arg(fn, "ndmin", ndmin)
    if x.ndim >= ndmin:
        return x
    return x[(None,) * (ndmin - x.ndim) + (...,)]  # a view, as NumPy's


@numpy_function("ak.asarray(object, copy=True)")
def array(
    object: Any,
    dtype: Any = None,
    *,
    copy: bool | None = True,
    order: str = "K",
    subok: bool = False,
    ndmin: int = 0,
    like: Any = None,
    device: Device | str | None = None,
) -> Array:
    """An array from ``object``, copied unless ``copy`` says otherwise (NumPy's
    ``array``; ``asarray`` copies only when it must).  ``ndmin`` prepends axes of size 1.
    ``order`` and ``subok`` are accepted for NumPy's sake (arraykit has one layout and one
    array class); ``like`` only as ``None``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.array.html

    Examples
    --------
    >>> ak.array([1, 2, 3], dtype=float)
    Array([1., 2., 3.], dtype=float64)
    >>> ak.array(5, ndmin=2)
    Array([[5]], dtype=int64)
    """
    if like is not None:
        raise TypeError("array: like= is not supported")
    x = _asarray("array", "object", object, dtype=dtype, copy=copy, device=device)
    return _ndmin(x, ndmin, "array")


@numpy_function("ak.asarray(a)")
def asanyarray(
    a: Any,
    dtype: Any = None,
    order: str | None = None,
    *,
    device: Device | str | None = None,
    copy: bool | None = None,
    like: Any = None,
) -> Array:
    """``asarray``: arraykit has one array class, so "any array" is an arraykit array.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.asanyarray.html

    Examples
    --------
    >>> x = ak.asarray([1.0, 2.0])
    >>> ak.asanyarray(x) is x
    True
    """
    if like is not None:
        raise TypeError("asanyarray: like= is not supported")
    return _asarray("asanyarray", "a", a, dtype=dtype, device=device, copy=copy)


@numpy_function("ak.asarray(a)")
def ascontiguousarray(a: Any, dtype: Any = None, *, like: Any = None) -> Array:
    """``a`` as a C-contiguous array of at least one dimension: ``a`` itself when it is
    one already, else a copy (NumPy's; a 0-D array becomes 1-D).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.ascontiguousarray.html

    Examples
    --------
    >>> x = ak.reshape(ak.arange(6), (2, 3))
    >>> ak.ascontiguousarray(x) is x, ak.ascontiguousarray(x.T).shape
    (True, (3, 2))
    """
    if like is not None:
        raise TypeError("ascontiguousarray: like= is not supported")
    x = _asarray("ascontiguousarray", "a", a, dtype=dtype)
    if x.ndim == 0:
        return reshape(x, (1,))
    if is_c_contiguous(x) is False:
        return asarray(x, copy=True)
    return x


@numpy_function("ak.asarray(a, copy=True)")
def copy(a: Array, order: str = "K", subok: bool = False) -> Array:
    """A copy of ``a`` (``x.copy()``); ``order`` and ``subok`` are accepted for NumPy's
    sake.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.copy.html

    Examples
    --------
    >>> x = ak.asarray([1, 2])
    >>> y = ak.copy(x)
    >>> y[0] = 9
    >>> x
    Array([1, 2], dtype=int64)
    """
    check_array(a, "copy", "a")
    return asarray(a, copy=True)


@numpy_function("ak.eye(n)")
def identity(n: int, dtype: Any = None, *, like: Any = None) -> Array:
    """The ``n`` by ``n`` identity matrix (default float dtype).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.identity.html

    Examples
    --------
    >>> ak.identity(2, dtype=int)
    Array([[1, 0],
           [0, 1]], dtype=int64)
    """
    if like is not None:
        raise TypeError("identity: like= is not supported")
    n = int_arg("identity", "n", n)
    if n < 0:
        raise ValueError(f"identity: 'n' must be non-negative, got {n}")
    try:
        return eye(n, dtype=dtype)
    except _ERRORS as e:
        raise renamed(e, "eye", "identity") from None


def _matrix_from_diagonal(v: Array, k: int, fn: str) -> Array:
    """The square matrix with the 1-D ``v`` on its ``k``-th diagonal, zeros elsewhere."""
    n = known(v.shape, fn)[0]
    size = n + abs(k)
    index = arange(size, device=v.device)
    rows, cols = reshape(index, (size, 1)), reshape(index, (1, size))
    on = ew.equal(ew.subtract(cols, rows), k)
    values = concat([v, zeros((abs(k),), dtype=v._dtype, device=v.device)])
    # row i holds v[i] for k >= 0 (in column i + k); column j holds v[j] for k < 0 (in
    # row j - k)
    values = reshape(values, (size, 1)) if k >= 0 else reshape(values, (1, size))
    return where(on, values, zeros((), dtype=v._dtype, device=v.device))


@numpy_function("ak.linalg.diagonal(v, offset=k) (2-D v)")
def diag(v: Array, k: int = 0) -> Array:
    """The ``k``-th diagonal of a 2-D ``v`` (a read-only view, as NumPy's), or the 2-D
    array with the 1-D ``v`` on its ``k``-th diagonal.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.diag.html

    Examples
    --------
    >>> ak.diag(ak.asarray([1, 2]), k=1)
    Array([[0, 1, 0],
           [0, 0, 2],
           [0, 0, 0]], dtype=int64)
    >>> ak.diag(ak.reshape(ak.arange(9), (3, 3)))
    Array([0, 4, 8], dtype=int64)
    """
    check_array(v, "diag", "v")
    k = int_arg("diag", "k", k)
    if v.ndim == 1:
        return _matrix_from_diagonal(v, k, "diag")
    if v.ndim == 2:
        return diagonal(v, offset=k)
    raise ValueError(f"diag: 'v' must be 1-D or 2-D, got shape {v.shape}")


@numpy_function(None)
def diagflat(v: Array, k: int = 0) -> Array:
    """The 2-D array with the flattened ``v`` on its ``k``-th diagonal.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.diagflat.html

    Examples
    --------
    >>> ak.diagflat(ak.asarray([[1, 2]]))
    Array([[1, 0],
           [0, 2]], dtype=int64)
    """
    check_array(v, "diagflat", "v")
    return _matrix_from_diagonal(reshape(v, (-1,)), int_arg("diagflat", "k", k), "diagflat")


@numpy_function("ak.tril(ak.ones((N, M)), k=k)")
def tri(
    N: int,
    M: int | None = None,
    k: int = 0,
    dtype: Any = float,
    *,
    device: Device | str | None = None,
    like: Any = None,
) -> Array:
    """The ``N`` by ``M`` array with ones at and below the ``k``-th diagonal, zeros above.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.tri.html

    Examples
    --------
    >>> ak.tri(3, 4, k=1, dtype=int)
    Array([[1, 1, 0, 0],
           [1, 1, 1, 0],
           [1, 1, 1, 1]], dtype=int64)
    """
    if like is not None:
        raise TypeError("tri: like= is not supported")
    N = int_arg("tri", "N", N)
    M = N if M is None else int_arg("tri", "M", M)
    k = int_arg("tri", "k", k)
    for name, n in (("N", N), ("M", M)):
        if n < 0:
            raise ValueError(f"tri: negative dimensions are not allowed, got {name}={n}")
    try:
        dtype = dt.canonical(dtype)
    except TypeError as e:
        raise TypeError(f"tri: 'dtype': {e}") from None
    rows = reshape(arange(N, device=device), (N, 1))
    cols = reshape(arange(M, device=device), (1, M))
    return astype(ew.greater_equal(ew.add(rows, k), cols), dtype)


@numpy_function(None)
def vander(x: Array, N: int | None = None, increasing: bool = False) -> Array:
    """The Vandermonde matrix of the 1-D ``x``: columns ``x**(N-1), ..., x, 1`` (the
    other way round with ``increasing``), by repeated multiplication as NumPy computes
    them.  The dtype is NumPy's ``promote_types(x.dtype, int)`` (float32 gives float64,
    booleans the default integer).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.vander.html

    Examples
    --------
    >>> ak.vander(ak.asarray([1, 2, 3]), 3)
    Array([[1, 1, 1],
           [4, 2, 1],
           [9, 3, 1]], dtype=int64)
    """
    check_array(x, "vander")
    if x.ndim != 1:
        raise ValueError(f"vander: 'x' must be one-dimensional, got shape {x.shape}")
    n = known(x.shape, "vander")[0]
    N = n if N is None else int_arg("vander", "N", N)
    if N < 0:
        raise ValueError(f"vander: 'N' must be non-negative, got {N}")
    # NumPy's dtype: promote_types(x.dtype, int), so float32 gives float64
    dtype = _core.result_dtype((x._dtype, _core.default_index_dtype()), "vander")
    x = astype(x, dtype) if x._dtype is not dtype else x
    ones = zeros((n, min(N, 1)), dtype=dtype, device=x.device)
    cols = [ew.add(ones, 1)]
    if N > 1:
        powers = cumulative_prod(_repeat_column(x, n, N - 1), axis=1)
        cols.append(powers)
    v = concat(cols, axis=1) if N else zeros((n, 0), dtype=dtype, device=x.device)
    return v if increasing else v[:, ::-1]


def _repeat_column(x: Array, n: int, times: int) -> Array:
    """The ``n`` values of the 1-D ``x`` as a column, repeated ``times`` times."""
    return broadcast_to(reshape(x, (n, 1)), (n, times))


def _scalar(value: Any, fn: str, arg: str) -> Any:
    value, _ = _core.python_scalar(value, fn, arg)
    if isinstance(value, bool) or not isinstance(value, (int, float, complex)):
        raise TypeError(f"{fn}: {arg!r} must be a real or complex number, got {value!r}")
    return value


@numpy_function(None)
def geomspace(
    start: int | float | complex,
    stop: int | float | complex,
    num: int = 50,
    endpoint: bool = True,
    dtype: Any = None,
    axis: int = 0,
    *,
    device: Device | str | None = None,
) -> Array:
    """``num`` numbers spaced evenly on a log scale from ``start`` to ``stop`` (a
    geometric progression), with NumPy's algorithm: ``logspace`` of the magnitudes' base-10
    logarithms, the sign (or complex phase) of ``start`` put back, the end points exact.
    ``start`` and ``stop`` are scalars (NumPy also takes arrays); ``axis`` is then 0.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.geomspace.html

    Examples
    --------
    >>> ak.geomspace(1, 1000, num=4)
    Array([   1.,   10.,  100., 1000.], dtype=float64)
    >>> ak.geomspace(-1, -8, num=4, dtype=int)
    Array([-1, -2, -4, -8], dtype=int64)
    """
    start = _scalar(start, "geomspace", "start")
    stop = _scalar(stop, "geomspace", "stop")
    num = int_arg("geomspace", "num", num)
    if num < 0:
        raise ValueError(f"geomspace: 'num' must be non-negative, got {num}")
    if int_arg("geomspace", "axis", axis) not in (0, -1):
        raise ValueError("geomspace: 'axis' must be 0 for scalar 'start' and 'stop'")
    if start == 0 or stop == 0:
        raise ValueError("geomspace: geometric sequence cannot include zero")
    log_start: float | complex
    log_stop: float | complex
    sign: float | complex
    if isinstance(start, complex) or isinstance(stop, complex):
        sign = start / abs(start)
        start, stop = start / sign, stop / sign
        log_start, log_stop = cmath.log10(start), cmath.log10(stop)
    else:  # NumPy: the logarithm of a negative stop (start positive) is NaN
        sign = math.copysign(1.0, start)
        start, stop = start / sign, stop / sign
        log_start = math.log10(start)
        log_stop = math.log10(stop) if stop > 0 else math.nan
    y = logspace(log_start, log_stop, num, endpoint=endpoint, base=10.0, device=device)
    index = arange(num, device=y.device)
    if num > 0:
        y = where(ew.equal(index, 0), start, y)
    if num > 1 and endpoint:
        y = where(ew.equal(index, num - 1), stop, y)
    y = ew.multiply(y, sign)
    if dtype is not None:
        try:
            target = dt.canonical(dtype)
        except TypeError as e:
            raise TypeError(f"geomspace: 'dtype': {e}") from None
        y = astype(y, target) if y._dtype is not target else y  # NumPy's cast: truncation
    return y
