"""NumPy's indexing routines beyond the standard (NumPy reference: "Indexing routines":
generating index arrays, indexing-like operations): ``diag_indices``, ``tril_indices``,
``ix_``, ``select``, ``compress``, ``diagonal``...

Index arrays have the default integer dtype and go where the standard's creation
functions put them (``device=``, else the active device).  ``compress`` and boolean
arguments of ``ix_`` have sizes that depend on the data (as ``nonzero``): they run
eagerly, not under ``ak.jit``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array, int_arg, normalize_axis
from .._creation import arange, asarray
from .._indexing import take
from .._manipulation import moveaxis, reshape
from .._searching import nonzero, where
from .._utility import any as any_
from ..linalg import diagonal as _diagonal
from ._base import numpy_function, renamed, same_driver, sequence

__all__ = [
    "compress", "diag_indices", "diag_indices_from", "diagonal", "ix_", "select",
    "tril_indices", "triu_indices"
]  # fmt: skip


@numpy_function("(ak.arange(n),) * ndim")
def diag_indices(n: int, ndim: int = 2, *, device: Any = None) -> tuple[Array, ...]:
    """The indices of the main diagonal of an ``n`` x ... x ``n`` array of ``ndim``
    dimensions: ``ndim`` times ``arange(n)``, for ``x[diag_indices(n)]``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.diag_indices.html

    Examples
    --------
    >>> x = ak.reshape(ak.arange(9), (3, 3))
    >>> x[ak.diag_indices(3)]
    Array([0, 4, 8], dtype=int64)
    """
    n = int_arg("diag_indices", "n", n)
    ndim = int_arg("diag_indices", "ndim", ndim)
    if n < 0:
        raise ValueError(f"diag_indices: 'n' must be non-negative, got {n}")
    idx = arange(n, device=device)
    return (idx,) * ndim


@numpy_function("(ak.arange(arr.shape[0]),) * arr.ndim")
def diag_indices_from(arr: Array) -> tuple[Array, ...]:
    """``diag_indices`` for ``arr``, whose sides must all be equal (at least 2-D).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.diag_indices_from.html

    Examples
    --------
    >>> len(ak.diag_indices_from(ak.ones((2, 2, 2))))
    3
    """
    check_array(arr, "diag_indices_from", "arr")
    if arr.ndim < 2:
        raise ValueError("diag_indices_from: 'arr' must be at least 2-D")
    if len(set(arr.shape)) != 1:
        raise ValueError(f"diag_indices_from: all sides of 'arr' must be equal, got {arr.shape}")
    return (arange(arr.shape[0], device=arr.device),) * arr.ndim


def _triangle(name: str, fn: Any, n: int, k: int, m: int | None, device: Any) -> tuple:
    n = int_arg(name, "n", n)
    k = int_arg(name, "k", k)
    m = n if m is None else int_arg(name, "m", m)
    if n < 0 or m < 0:
        raise ValueError(f"{name}: negative dimensions are not allowed, got n={n}, m={m}")
    # The indices depend on n, k and m only: computed from those Python ints, as arange.
    rows, cols = fn(n, k, m)
    return (asarray(rows, device=device), asarray(cols, device=device))


@numpy_function(None)
def tril_indices(n: int, k: int = 0, m: int | None = None, *, device: Any = None) -> tuple:
    """The row and column indices of the lower triangle (at and below the ``k``-th
    diagonal) of an ``n`` x ``m`` array, row by row.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.tril_indices.html

    Examples
    --------
    >>> ak.tril_indices(3)
    (Array([0, 1, 1, 2, 2, 2], dtype=int64), Array([0, 0, 1, 0, 1, 2], dtype=int64))
    """
    return _triangle("tril_indices", np.tril_indices, n, k, m, device)


@numpy_function(None)
def triu_indices(n: int, k: int = 0, m: int | None = None, *, device: Any = None) -> tuple:
    """The row and column indices of the upper triangle (at and above the ``k``-th
    diagonal) of an ``n`` x ``m`` array, row by row.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.triu_indices.html

    Examples
    --------
    >>> ak.triu_indices(3, k=1)
    (Array([0, 0, 1], dtype=int64), Array([1, 2, 2], dtype=int64))
    """
    return _triangle("triu_indices", np.triu_indices, n, k, m, device)


@numpy_function("ak.reshape(a, shape) for each 1-D a (an open mesh)")
def ix_(*args: Array) -> tuple[Array, ...]:
    """An open mesh from 1-D sequences: the ``i``-th of ``N`` arrays is reshaped to have
    its length on axis ``i`` and size 1 elsewhere, so ``x[ix_(rows, cols)]`` selects the
    cross product.  Boolean arrays stand for their ``nonzero`` indices.

    NumPy: `numpy.ix_ <https://numpy.org/doc/stable/reference/generated/numpy.ix_.html>`__

    Examples
    --------
    >>> x = ak.reshape(ak.arange(9), (3, 3))
    >>> x[ak.ix_(ak.asarray([0, 2]), ak.asarray([1, 2]))]
    Array([[1, 2],
           [7, 8]], dtype=int64)
    """
    out = []
    n = len(args)
    for i, a in enumerate(args):
        check_array(a, "ix_", f"args[{i}]")
    same_driver(args, "ix_")
    for i, a in enumerate(args):
        if a.ndim != 1:
            raise ValueError(f"ix_: cross index must be 1 dimensional, args[{i}] has {a.shape}")
        if a._dtype.kind == "b":
            a = nonzero(a)[0]
        elif a._dtype.kind not in "iu":
            raise TypeError(f"ix_: 'args[{i}]' must have an integer or boolean dtype")
        # new axes around it, not a reshape: a lazy driver's nonzero has an unknown size
        out.append(a[(None,) * i + (slice(None),) + (None,) * (n - 1 - i)])
    return tuple(out)


@numpy_function("ak.where(cond_1, choice_1, ak.where(cond_2, choice_2, ...default))")
def select(condlist: Any, choicelist: Any, default: Any = 0) -> Array:
    """Elements of ``choicelist[i]`` where ``condlist[i]`` is the first true condition,
    ``default`` where none is.  Choices (arrays or Python scalars) and ``default``
    promote together (a Python scalar ``default`` is weak, as in NumPy).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.select.html

    Examples
    --------
    >>> x = ak.arange(6)
    >>> ak.select([x < 2, x > 3], [x, x ** 2], default=-1)
    Array([ 0,  1, -1, -1, 16, 25], dtype=int64)
    """
    conds = sequence(condlist, "select", "condlist")
    if not isinstance(choicelist, (tuple, list)):
        raise TypeError(
            f"select: 'choicelist' must be a list of arrays, got {type(choicelist).__name__}"
        )
    if len(conds) != len(choicelist):
        raise ValueError("select: list of cases must be same length as list of conditions")
    for i, c in enumerate(conds):
        if c._dtype.kind != "b":
            raise TypeError(
                f"select: invalid entry {i} in 'condlist': should be a boolean array, got "
                f"{c._dtype}"
            )
    for i, c in enumerate(choicelist):
        if c.__class__ is not Array and not isinstance(c, (bool, int, float, complex)):
            check_array(c, "select", f"choicelist[{i}]")
    if default.__class__ is not Array and not isinstance(default, (bool, int, float, complex)):
        check_array(default, "select", "default")
    arrays = [*conds, *(c for c in choicelist if c.__class__ is Array)]
    _core.same_driver(arrays, "select")
    dtype = _core.result_dtype([*choicelist, default], "select", "choicelist")
    shape = _core.broadcast_shapes(*(tuple(a.shape) for a in arrays), fn="select")
    from .._creation import full
    from .._manipulation import broadcast_to

    if default.__class__ is Array:
        out = broadcast_to(default, shape)
    else:
        out = full(shape, default, dtype=dtype, device=conds[0].device)
    for cond, choice in zip(conds[::-1], choicelist[::-1], strict=True):
        out = where(cond, choice, out)
    return out if out._dtype is dtype else _astype(out, dtype)


def _astype(x: Array, dtype: Any) -> Array:
    from .._data_types import astype

    return astype(x, dtype)


@numpy_function("ak.take(a, ak.nonzero(condition)[0], axis=axis)")
def compress(condition: Array, a: Array, axis: int | None = None, out: Any = None) -> Array:
    """The slices of ``a`` along ``axis`` (of the flattened ``a`` by default) where
    ``condition`` (1-D, its truth values) holds; a shorter ``condition`` counts as false
    beyond its end.  Its size depends on the data: not under ``ak.jit``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.compress.html

    Examples
    --------
    >>> ak.compress(ak.asarray([False, True]), ak.asarray([[1, 2], [3, 4]]), axis=0)
    Array([[3, 4]], dtype=int64)
    """
    check_array(condition, "compress", "condition")
    check_array(a, "compress", "a")
    if out is not None:
        raise TypeError("compress: out= is not supported (arraykit returns new arrays)")
    if condition.ndim != 1:
        raise ValueError(f"compress: 'condition' must be 1-D, got shape {condition.shape}")
    if axis is None:
        a, ax = reshape(a, (-1,)), 0
    else:
        ax = normalize_axis(axis, a.ndim, "compress")
    n = a.shape[ax]
    cond = condition if condition._dtype.kind == "b" else ew.not_equal(condition, 0)
    m = cond.shape[0]
    if n is not None and m is not None and m > n:
        if bool(any_(cond[n:])):
            raise IndexError(
                f"compress: index {n} is out of bounds for axis {ax} with size {n} "
                "('condition' is longer and true there)"
            )
        cond = cond[:n]
    try:
        return take(a, nonzero(cond)[0], axis=ax)
    except (TypeError, ValueError, IndexError) as e:
        raise renamed(e, "take", "compress") from None


@numpy_function("ak.linalg.diagonal(x, offset=offset) (the last two axes)")
def diagonal(a: Array, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
    """The diagonals of ``a`` in the plane of ``axis1`` and ``axis2``, on a new last
    axis; a read-only view, as NumPy's (``ak.linalg.diagonal`` takes the last two axes).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.diagonal.html

    Examples
    --------
    >>> ak.diagonal(ak.reshape(ak.arange(8), (2, 2, 2)), axis1=1, axis2=2)
    Array([[0, 3],
           [4, 7]], dtype=int64)
    """
    check_array(a, "diagonal", "a")
    offset = int_arg("diagonal", "offset", offset)
    if a.ndim < 2:
        raise ValueError(f"diagonal: 'a' must have at least 2 dimensions, got shape {a.shape}")
    i = normalize_axis(axis1, a.ndim, "diagonal", "axis1")
    j = normalize_axis(axis2, a.ndim, "diagonal", "axis2")
    if i == j:
        raise ValueError("diagonal: 'axis1' and 'axis2' cannot be the same")
    return _diagonal(moveaxis(a, (i, j), (-2, -1)), offset=offset)
