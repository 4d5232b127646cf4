"""Set functions: ``isin`` and the ``unique_*`` family.

The ``unique_*`` functions return named tuples with the spec's field names and follow
its value-equality rules on every driver: NaNs are distinct (each counted once), ``-0.0``
and ``+0.0`` are one value; index arrays have the default integer dtype.  They need a
driver whose ``capabilities.data_dependent_shapes`` is set.

Where the standard leaves the order open, arraykit gives the one NumPy, JAX, PyTorch,
CuPy and array-api-strict give and clients rely on (scikit-learn encodes labels by
position in ``unique_values``): values ascending (complex numbers by real, then imaginary
part), NaNs last; each value is represented by its first occurrence in ``x`` (``-0.0``
or ``0.0``, whichever comes first), which ``indices`` points at.

Spec: https://data-apis.org/array-api/2025.12/API_specification/set_functions.html
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

import numpy as np

from . import _config, _promotion
from . import _dtypes as dt
from ._array import Array
from ._core import check_array, new, refuse_under_vmap, result_dtype, same_driver
from .drivers import Driver

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


class UniqueAllResult(NamedTuple):
    """``unique_all``'s result."""

    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    """``unique_counts``'s result."""

    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    """``unique_inverse``'s result."""

    values: Array
    inverse_indices: Array


# ---------------------------------------------------------------------- isin
def _operand(drv: Driver, v: Any, dtype: np.dtype, like: Any) -> Any:
    """``v`` as a native of ``dtype``; None for a Python int that ``dtype`` cannot hold
    (it equals no element of the other operand)."""
    if v.__class__ is Array:
        return v._value if v._dtype is dtype else drv.astype(v._value, dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        if not info.min <= v <= info.max:
            return None
    return drv.asarray(v, dtype, drv.device_of(like), None)


def isin(x1: Array | int, x2: Array | int, /, *, invert: bool = False) -> Array:
    """Whether each element of ``x1`` equals some element of ``x2`` (or not, ``invert``).

    Either argument may be a Python int (the result is 0-D when ``x1`` is one).  The
    operands are compared in their promoted dtype; a Python int that dtype cannot hold
    matches nothing.  Outside ``promotion="strict"`` any promotable dtypes are accepted
    (value equality: NaN matches nothing, ``-0.0`` matches ``+0.0``); under ``"strict"``
    only integers, as the standard says.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.isin.html

    Examples
    --------
    >>> ak.isin(ak.asarray([1, 2, 3, 4]), ak.asarray([2, 4]))
    Array([False,  True, False,  True], dtype=bool)
    """
    arrays = [a for a in (x1, x2) if type(a) is Array]
    if not arrays:
        raise TypeError(
            "isin: at least one of 'x1' and 'x2' must be an arraykit array, got "
            f"{type(x1).__name__} and {type(x2).__name__}"
        )
    for arg, v in (("x1", x1), ("x2", x2)):
        if v.__class__ is not Array and _promotion.scalar_kind(v) is None:
            raise TypeError(
                f"isin: {arg!r} must be an arraykit array or a Python int, got "
                f"{type(v).__name__}; convert it with ak.asarray()"
            )
    drv = same_driver(arrays, "isin")
    dtype = result_dtype((x1, x2), "isin")
    if dtype not in dt.INTEGER and _config.get().promotion.name == "strict":
        raise TypeError(
            f"isin: the standard defines isin for integer dtypes only, got {dtype} (the "
            "'strict' promotion mode follows the standard)"
        )
    like = arrays[0]._value
    v1 = _operand(drv, x1, dtype, like)
    v2 = _operand(drv, x2, dtype, like)
    invert = bool(invert)
    if v1 is None or v2 is None:
        shape = cast("tuple[int, ...]", x1.shape) if type(x1) is Array else ()
        return new(drv.full(shape, invert, dt.bool, drv.device_of(like)), drv, dt.bool)
    v2 = drv.reshape(v2, (-1,), None)
    return new(drv.isin(v1, v2, invert), drv, dt.bool)


# ---------------------------------------------------------------------- unique_*
def _unique_driver(x: Array, fn: str) -> Driver:
    check_array(x, fn)
    refuse_under_vmap(
        fn,
        "the number of distinct values",
        "compute it outside the mapped function, or use ak.sort, which keeps the shape",
    )
    drv = x._driver
    if not drv.capabilities.data_dependent_shapes:
        raise NotImplementedError(
            f"{fn}: the {drv.name!r} driver cannot compute results whose shape depends on "
            "the data; move x to another driver with ak.asarray(x, driver=...)"
        )
    return drv


def _index(drv: Driver, value: Any, index: np.dtype) -> Array:
    """An index array of the default integer dtype ``index``."""
    if drv.dtype_of(value) is not index:
        value = drv.astype(value, index)
    return new(value, drv, index)


def unique_all(x: Array, /) -> UniqueAllResult:
    """Unique elements of ``x`` (flattened, ascending, NaNs last), with the index of each
    one's first occurrence, the inverse indices and the counts.

    Returns a ``UniqueAllResult(values, indices, inverse_indices, counts)`` named tuple;
    ``inverse_indices`` has ``x``'s shape.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.unique_all.html

    Examples
    --------
    >>> r = ak.unique_all(ak.asarray([4, 2, 4, 9]))
    >>> r.values, r.indices, r.counts
    (Array([2, 4, 9], dtype=int64), Array([1, 0, 3], dtype=int64), Array([1, 2, 1], dtype=int64))
    """
    drv = _unique_driver(x, "unique_all")
    values, indices, inverse, counts = drv.unique_all(x._value)
    index = _config.get().default_int
    return UniqueAllResult(
        new(values, drv, x._dtype),
        _index(drv, indices, index),
        _index(drv, inverse, index),
        _index(drv, counts, index),
    )


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """Unique elements of ``x`` (flattened, ascending, NaNs last) and how often each occurs.

    Returns a ``UniqueCountsResult(values, counts)`` named tuple.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.unique_counts.html

    Examples
    --------
    >>> values, counts = ak.unique_counts(ak.asarray([3, 1, 3, 2, 1, 3]))
    >>> values
    Array([1, 2, 3], dtype=int64)
    >>> counts
    Array([2, 1, 3], dtype=int64)
    """
    drv = _unique_driver(x, "unique_counts")
    values, counts = drv.unique_counts(x._value)
    index = _config.get().default_int
    return UniqueCountsResult(new(values, drv, x._dtype), _index(drv, counts, index))


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """Unique elements of ``x`` (flattened, ascending, NaNs last) and the indices that
    rebuild ``x`` from them.

    Returns a ``UniqueInverseResult(values, inverse_indices)`` named tuple;
    ``inverse_indices`` has ``x``'s shape.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.unique_inverse.html

    Examples
    --------
    >>> values, inverse = ak.unique_inverse(ak.asarray([[5, 2], [2, 7]]))
    >>> values
    Array([2, 5, 7], dtype=int64)
    >>> inverse                         # shaped like the input
    Array([[1, 0],
           [0, 2]], dtype=int64)
    >>> ak.take(values, ak.reshape(inverse, (-1,)))
    Array([5, 2, 2, 7], dtype=int64)
    """
    drv = _unique_driver(x, "unique_inverse")
    values, inverse = drv.unique_inverse(x._value)
    index = _config.get().default_int
    return UniqueInverseResult(new(values, drv, x._dtype), _index(drv, inverse, index))


def unique_values(x: Array, /) -> Array:
    """Unique elements of ``x`` (flattened), ascending with NaNs last, as a 1-D array of
    ``x``'s dtype.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.unique_values.html

    Examples
    --------
    >>> ak.unique_values(ak.asarray([3, 1, 3, 2, 1]))
    Array([1, 2, 3], dtype=int64)
    """
    drv = _unique_driver(x, "unique_values")
    return new(drv.unique_values(x._value), drv, x._dtype)
