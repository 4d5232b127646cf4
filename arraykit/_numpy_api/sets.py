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
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array
from .._creation import ones
from .._data_types import astype
from .._manipulation import concat, reshape
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
    return ones((1,), dtype=bool, device=x.device)


def _firsts(s: Array) -> Array:
    """Where a sorted 1-D ``s`` starts a run of equal values (NumPy's ``unique``, which
    keeps one NaN: a NaN after a NaN is no new value)."""
    change = ew.not_equal(s[1:], s[:-1])
    if s._dtype.kind in "fc":
        nan = ew.isnan(s)
        change = ew.logical_and(change, ew.logical_not(ew.logical_and(nan[1:], nan[:-1])))
    return concat([_true(s), change])


def unique(x: Array, return_index: bool = False) -> Any:
    """NumPy's ``unique`` of the 1-D ``x`` (sorted, one NaN); with ``return_index`` also the
    index of each value's first occurrence."""
    if x.shape[0] == 0:
        return (x, astype(x, _core.default_index_dtype())) if return_index else x
    if not return_index:
        s = sort(x, stable=True)
        return s[_firsts(s)]
    perm = argsort(x, stable=True)
    s = x[perm]
    keep = _firsts(s)
    return s[keep], perm[keep]


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
        a, b = unique(a), unique(b)
    if a.shape[0] == 0 or b.shape[0] == 0:
        return a
    return a[isin(a, b, invert=True)]


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
    if not assume_unique:
        if return_indices:
            (a, ia), (b, ib) = unique(a, True), unique(b, True)
        else:
            a, b = unique(a), unique(b)
    aux = _joined(fn, a, b)
    if return_indices:
        order = argsort(aux, stable=True)
        aux = aux[order]
    else:
        aux = sort(aux, stable=True)
    if aux.shape[0] == 0:
        found = aux
        mask = None
    else:
        mask = ew.equal(aux[1:], aux[:-1])
        found = aux[:-1][mask]
    if not return_indices:
        return found
    if mask is None:
        empty = astype(aux, _core.default_index_dtype())
        return found, empty, empty
    i1 = order[:-1][mask]
    i2 = ew.subtract(order[1:][mask], a.shape[0])
    if not assume_unique:
        i1, i2 = ia[i1], ib[i2]
    return found, i1, i2


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
    if not assume_unique:
        a, b = unique(a), unique(b)
    aux = sort(_joined(fn, a, b), stable=True)
    if aux.shape[0] == 0:
        return aux
    change = ew.not_equal(aux[1:], aux[:-1])
    flag = concat([_true(aux), change, _true(aux)])
    return aux[ew.logical_and(flag[1:], flag[:-1])]
