"""NumPy's set routines beyond the standard (NumPy reference: "Set routines"):
``setdiff1d``, ``union1d``, ``intersect1d``, ``setxor1d``.

NumPy's algorithms, written once on the standard's ``sort``, ``argsort`` and boolean
indexing: the inputs are flattened, the results sorted, and NaNs are NumPy's (``unique``
keeps one NaN, ``intersect1d`` none, ``setxor1d`` one from each side).  Their sizes
depend on the data, so they run eagerly, not under ``ak.jit`` (as ``unique_values``).
"""

from __future__ import annotations

from typing import Any

from .. import _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array
from .._creation import ones, ones_like, zeros_like
from .._data_types import astype
from .._indexing import take
from .._manipulation import concat, reshape
from .._searching import searchsorted
from .._sets import isin
from .._sorting import argsort, sort
from ._base import numpy_function

__all__ = ["intersect1d", "setdiff1d", "setxor1d", "union1d"]


def _flat(x: Any, fn: str, arg: str) -> Array:
    check_array(x, fn, arg)
    return x if x.ndim == 1 else reshape(x, (-1,))


def _joined(fn: str, a: Array, b: Array) -> Array:
    """``a`` and ``b`` (1-D) end to end, in their promoted dtype."""
    _core.same_driver((a, b), fn)
    dtype = _core.result_dtype((a, b), fn, "ar1 and ar2")
    return concat([a if a._dtype is dtype else astype(a, dtype),
                   b if b._dtype is dtype else astype(b, dtype)])  # fmt: skip


def _true(x: Array) -> Array:
    return ones((1,), dtype=dt.bool, device=x.device)


def _firsts(s: Array) -> Array:
    """Where a sorted 1-D ``s`` starts a run of equal values (NumPy's ``unique``, which
    keeps one NaN: a NaN after a NaN is no new value)."""
    if s.shape[0] == 0:
        return zeros_like(s, dtype=dt.bool)
    change = ew.not_equal(s[1:], s[:-1])
    if s._dtype.kind in "fc":
        nan = ew.isnan(s)
        change = ew.logical_and(change, ew.logical_not(ew.logical_and(nan[1:], nan[:-1])))
    return concat([_true(s), change])


def _as(x: Array, dtype: Any) -> Array:
    return x if x._dtype is dtype else astype(x, dtype)


def unique(x: Array) -> Array:
    """NumPy's ``unique`` of the 1-D ``x``: sorted, one NaN."""
    s = sort(x, stable=True)
    return s[_firsts(s)]


@numpy_function("the sorted unique values of ar1 where ak.isin(ar1, ar2, invert=True)")
def setdiff1d(ar1: Array, ar2: Array, assume_unique: bool = False) -> Array:
    """The sorted unique values of ``ar1`` that are not in ``ar2`` (``assume_unique``:
    ``ar1`` as given, in its order).  NaN is never in ``ar2``, so it stays.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.setdiff1d.html

    Examples
    --------
    >>> ak.setdiff1d(ak.asarray([1, 2, 3, 2, 4, 1]), ak.asarray([3, 4, 5, 6]))
    Array([1, 2], dtype=int64)
    """
    a, b = _flat(ar1, "setdiff1d", "ar1"), _flat(ar2, "setdiff1d", "ar2")
    _core.same_driver((a, b), "setdiff1d")
    if not assume_unique:
        a = sort(a, stable=True)
        keep = _firsts(a)
    else:
        keep = None
    if b.shape[0] != 0:
        out = isin(a, b, invert=True)
        keep = out if keep is None else ew.logical_and(keep, out)
    return a if keep is None else a[keep]


@numpy_function("the sorted unique values of ak.concat([ar1, ar2]) (flattened)")
def union1d(ar1: Array, ar2: Array) -> Array:
    """The sorted unique values in either array.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.union1d.html

    Examples
    --------
    >>> ak.union1d(ak.asarray([-1, 0, 1]), ak.asarray([-2, 0, 2]))
    Array([-2, -1,  0,  1,  2], dtype=int64)
    """
    a, b = _flat(ar1, "union1d", "ar1"), _flat(ar2, "union1d", "ar2")
    return unique(_joined("union1d", a, b))


@numpy_function("the values of ak.unique_values(ar1) for which ak.isin(., ar2)")
def intersect1d(
    ar1: Array, ar2: Array, assume_unique: bool = False, return_indices: bool = False
) -> Array | tuple[Array, Array, Array]:
    """The sorted unique values in both arrays (NaN is in neither); ``return_indices``
    also gives the index of each in the flattened ``ar1`` and ``ar2`` (their first
    occurrences).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.intersect1d.html

    Examples
    --------
    >>> ak.intersect1d(ak.asarray([1, 3, 4, 3]), ak.asarray([3, 1, 2, 1]))
    Array([1, 3], dtype=int64)
    """
    fn = "intersect1d"
    a, b = _flat(ar1, fn, "ar1"), _flat(ar2, fn, "ar2")
    _core.same_driver((a, b), fn)
    dtype = _core.result_dtype((a, b), fn, "ar1 and ar2")
    a, b = _as(a, dtype), _as(b, dtype)
    perm = argsort(a, stable=True)
    s = take(a, perm) if a.shape[0] != 0 else a
    keep = _firsts(s) if b.shape[0] != 0 else zeros_like(s, dtype=dt.bool)
    if b.shape[0] != 0:
        keep = ew.logical_and(keep, isin(s, b))
    if not return_indices:
        return s[keep]
    found = s[keep]
    pb = argsort(b, stable=True)
    sb = take(b, pb) if b.shape[0] != 0 else b
    at = searchsorted(sb, found, side="left")  # the first of its run: the first occurrence
    return found, perm[keep], take(pb, at) if b.shape[0] != 0 else _as(found, pb._dtype)


@numpy_function("the values of ak.concat of both arrays' unique values that occur once")
def setxor1d(ar1: Array, ar2: Array, assume_unique: bool = False) -> Array:
    """The sorted unique values in exactly one of the arrays (NaNs: one from each side,
    as NumPy's, since NaN is never equal to NaN).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.setxor1d.html

    Examples
    --------
    >>> ak.setxor1d(ak.asarray([1, 2, 3, 2, 4]), ak.asarray([2, 3, 5, 7, 5]))
    Array([1, 4, 5, 7], dtype=int64)
    """
    fn = "setxor1d"
    a, b = _flat(ar1, fn, "ar1"), _flat(ar2, fn, "ar2")
    _core.same_driver((a, b), fn)
    dtype = _core.result_dtype((a, b), fn, "ar1 and ar2")
    a, b = _as(a, dtype), _as(b, dtype)
    parts, keeps = [], []
    for x, other in ((a, b), (b, a)):
        if assume_unique:
            keep = ones_like(x, dtype=dt.bool)
        else:
            x = sort(x, stable=True)
            keep = _firsts(x)
        if other.shape[0] != 0:
            keep = ew.logical_and(keep, isin(x, other, invert=True))
        parts.append(x)
        keeps.append(keep)
    aux, keep = concat(parts), concat(keeps)
    order = argsort(aux, stable=True)
    return take(aux, order)[take(keep, order)] if aux.shape[0] != 0 else aux
