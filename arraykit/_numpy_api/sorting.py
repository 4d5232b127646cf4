"""NumPy's sorting routines beyond the standard (NumPy reference: "Sorting, searching,
and counting"): ``partition``, ``argpartition``, ``lexsort``.

``partition`` and ``argpartition`` return a full (stable) sort along the axis: that is
a partition for every ``kth`` at once, so what NumPy determines is NumPy's answer (the
``kth`` element in its sorted place, the smaller ones before it, the larger after,
NaNs last); the order within each side, which NumPy leaves unspecified (its introselect
shuffles them), is the sorted one.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from .._array import Array
from .._core import check_array, normalize_axis
from .._indexing import take_along_axis
from .._manipulation import reshape
from .._sorting import argsort, sort
from ._base import numpy_function

__all__ = ["argpartition", "lexsort", "partition"]


def _partition_args(
    fn: str, a: Array, kth: Any, axis: Any, kind: str, order: Any
) -> tuple[Array, int]:
    check_array(a, fn, "a")
    if kind != "introselect":
        raise ValueError(f"{fn}: 'kind' must be 'introselect', got {kind!r}")
    if order is not None:
        raise ValueError(f"{fn}: 'order' applies to structured arrays, which arraykit lacks")
    if axis is None:
        a, ax = reshape(a, (-1,)), 0
    else:
        ax = normalize_axis(axis, a.ndim, fn)
    n = a.shape[ax]
    if kth.__class__ is Array:
        raise TypeError(f"{fn}: 'kth' must be a Python int or a sequence of them, not an array")
    ks = kth.tolist() if isinstance(kth, np.ndarray) else kth
    ks = list(ks) if isinstance(ks, (list, tuple)) else [ks]
    for k in ks:
        k = _core.int_arg(fn, "kth", k)
        if n is not None and not -n <= k < n:
            raise ValueError(f"{fn}: kth(={k}) out of bounds ({n})")
    return a, ax


@numpy_function("x[...] = ak.sort(x, axis=axis) (a sort partitions for every kth)")
def partition(
    a: Array, kth: int | list[int], axis: int | None = -1, kind: str = "introselect",
    order: Any = None,
) -> Array:  # fmt: skip
    """A copy of ``a`` with the element at each ``kth`` position (an int or a sequence)
    where a sort puts it, smaller ones before it and larger ones after (NaNs last):
    arraykit returns the sort itself, a partition for every ``kth`` (NumPy's order within
    each side is unspecified).  ``axis=None``: of the flattened ``a``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.partition.html

    Examples
    --------
    >>> ak.partition(ak.asarray([3.0, 4.0, 2.0, 1.0]), 2)[2]
    Array(3., dtype=float64)
    """
    a, ax = _partition_args("partition", a, kth, axis, kind, order)
    return sort(a, axis=ax, stable=True)


@numpy_function("ak.argsort(x, axis=axis) (a sort partitions for every kth)")
def argpartition(
    a: Array, kth: int | list[int], axis: int | None = -1, kind: str = "introselect",
    order: Any = None,
) -> Array:  # fmt: skip
    """The indices that partition ``a`` along ``axis`` at ``kth`` (see ``partition``):
    arraykit's are those of a stable sort.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.argpartition.html

    Examples
    --------
    >>> x = ak.asarray([3.0, 4.0, 2.0, 1.0])
    >>> x[ak.argpartition(x, 2)][2]
    Array(3., dtype=float64)
    """
    a, ax = _partition_args("argpartition", a, kth, axis, kind, order)
    return argsort(a, axis=ax, stable=True)


@numpy_function("successive stable ak.argsort calls, the last key first")
def lexsort(keys: Any, axis: int = -1) -> Array:
    """The indices that sort by several keys: the last key is the primary one, the first
    the least significant (a stable sort by each key in turn, from the first).  ``keys``
    is a sequence of arrays of one shape, or an array whose first axis runs over the keys
    (a 1-D array is one key).  NaNs sort last, as in NumPy.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.lexsort.html

    Examples
    --------
    >>> surnames = ak.asarray([2, 1, 2, 1])
    >>> first = ak.asarray([7, 9, 5, 8])
    >>> ak.lexsort((first, surnames))
    Array([3, 1, 2, 0], dtype=int64)
    """
    fn = "lexsort"
    if keys.__class__ is Array:
        if keys.ndim == 0:
            raise TypeError(f"{fn}: 'keys' must be a sequence of arrays or an array of keys")
        parts = [keys] if keys.ndim == 1 else [keys[i] for i in range(keys.shape[0] or 0)]
    elif isinstance(keys, (tuple, list)):
        parts = [check_array(k, fn, f"keys[{i}]") for i, k in enumerate(keys)]
    else:
        raise TypeError(
            f"{fn}: 'keys' must be a sequence of arrays or an array, got {type(keys).__name__}"
        )
    if not parts:
        raise TypeError(f"{fn}: need a sequence of keys with len > 0")
    _core.same_driver(parts, fn)
    shape = tuple(parts[0].shape)
    for i, k in enumerate(parts):
        if tuple(k.shape) != shape:
            raise ValueError(f"{fn}: all keys need to be the same shape, keys[{i}] is {k.shape}")
    if not shape:
        raise ValueError(f"{fn}: keys must be at least 1-D")
    ax = normalize_axis(axis, len(shape), fn)
    idx = argsort(parts[0], axis=ax, stable=True)
    for k in parts[1:]:
        idx = take_along_axis(idx, argsort(take_along_axis(k, idx, axis=ax), axis=ax,
                                           stable=True), axis=ax)  # fmt: skip
    return idx
