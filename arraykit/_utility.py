"""Utility functions: ``all``, ``any``, ``diff``.

Spec: https://data-apis.org/array-api/2025.12/API_specification/utility_functions.html
"""

from __future__ import annotations

import builtins
import operator

from . import _dtypes as dt
from ._array import Array
from ._core import (
    check_array,
    new,
    normalize_axes,
    normalize_axis,
    refuse_in_strict,
    result_dtype,
    same_driver,
)

__all__ = ["all", "any", "compute", "diff"]

_NUMERIC = frozenset((*dt.NUMERIC, *dt.EXTRA_REAL_FLOATING))


def _reduce(name: str, x: Array, axis: int | tuple[int, ...] | None, keepdims: bool) -> Array:
    check_array(x, name)
    drv = x._driver
    axes = normalize_axes(axis, x.ndim, name)
    return new(getattr(drv, name)(x._value, axes, bool(keepdims)), drv, dt.bool)


def all(x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Array:
    """Whether every element along ``axis`` is true (non-zero; NaN counts as true).

    Accepts arrays of every dtype; ``axis=()`` tests each element on its own.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.all.html

    Examples
    --------
    >>> ak.all(ak.asarray([[True, False], [True, True]]), axis=1)
    Array([False,  True], dtype=bool)
    """
    return _reduce("all", x, axis, keepdims)


def any(x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Array:
    """Whether any element along ``axis`` is true (non-zero; NaN counts as true).

    Accepts arrays of every dtype; ``axis=()`` tests each element on its own.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.any.html

    Examples
    --------
    >>> ak.any(ak.asarray([0, 0, 3]))
    Array(True, dtype=bool)
    """
    return _reduce("any", x, axis, keepdims)


def diff(
    x: Array,
    /,
    *numpy_positional: int,
    axis: int = -1,
    n: int = 1,
    prepend: Array | None = None,
    append: Array | None = None,
) -> Array:
    """The ``n``-th forward difference ``out[i] = x[i+1] - x[i]`` along ``axis``.

    ``prepend`` and ``append`` are joined to ``x`` along ``axis`` first; the three arrays
    promote together under the active mode, which gives the result's dtype.  ``n=0``
    returns (a copy of) that joined array; ``n`` at least the joined length gives an empty
    axis.  Boolean arrays raise ``TypeError`` (there is no boolean subtraction; use
    ``ak.not_equal`` on slices).

    NumPy's positional spelling ``diff(x, n, axis)`` is accepted too (array-api-compat's
    NumPy namespace takes it), except under ``promotion="strict"``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.diff.html

    Examples
    --------
    >>> ak.diff(ak.asarray([1, 4, 9, 16]))
    Array([3, 5, 7], dtype=int64)
    >>> ak.diff(ak.asarray([1, 4, 9, 16]), n=2)
    Array([2, 2], dtype=int64)
    """
    if numpy_positional:
        if len(numpy_positional) > 2:
            raise TypeError(
                f"diff: takes at most 3 positional arguments (x, n, axis), got "
                f"{1 + len(numpy_positional)}"
            )
        refuse_in_strict("given positionally", "diff", "n")
        n = numpy_positional[0]  # pyright: ignore[reportGeneralTypeIssues]  # not empty: if above
        if len(numpy_positional) == 2:
            axis = numpy_positional[1]
    check_array(x, "diff")
    try:
        n = operator.index(n)
    except TypeError:
        raise TypeError(f"diff: 'n' must be an int, got {type(n).__name__}") from None
    if n < 0:
        raise ValueError(f"diff: 'n' must be non-negative, got {n}")
    if x.ndim == 0:
        raise ValueError("diff: 'x' must have at least one dimension, got shape ()")
    ax = normalize_axis(axis, x.ndim, "diff")
    extra = {"prepend": prepend, "append": append}
    arrays = [x]
    for arg, a in extra.items():
        if a is not None:
            check_array(a, "diff", arg)
            _check_joinable(x, a, ax, arg)
            arrays.append(a)
    drv = same_driver(arrays, "diff")
    dtype = result_dtype(arrays, "diff") if len(arrays) > 1 else x._dtype
    if dtype not in _NUMERIC:
        raise TypeError(f"diff: expected arrays of a numeric dtype, got {dtype}")
    natives = {
        arg: (None if a is None else a._value if a._dtype is dtype else drv.astype(a._value, dtype))
        for arg, a in {"x": x, **extra}.items()
    }
    if drv.diff is not None:
        out = drv.diff(
            natives["x"], axis=ax, n=n, prepend=natives["prepend"], append=natives["append"]
        )
        return new(out, drv, dtype)
    parts = [v for v in (natives["prepend"], natives["x"], natives["append"]) if v is not None]
    value = drv.concat(parts, ax) if len(parts) > 1 else parts[0]
    if n == 0:
        return new(drv.copy(value) if value is x._value else value, drv, dtype)
    head = (slice(None),) * ax
    upper, lower = (*head, slice(1, None)), (*head, slice(None, -1))
    for _ in range(n):
        value = drv.subtract(drv.getitem(value, upper), drv.getitem(value, lower))
    return new(value, drv, dtype)


def _check_joinable(x: Array, a: Array, axis: int, arg: str) -> None:
    """``ValueError`` unless ``a``'s shape equals ``x``'s except along ``axis``."""
    xs, as_ = x.shape, a.shape
    if len(as_) != len(xs) or builtins.any(
        i != axis and p is not None and q is not None and p != q
        for i, (p, q) in enumerate(zip(xs, as_, strict=True))
    ):
        raise ValueError(
            f"diff: {arg!r} of shape {as_} must match x's shape {xs} except along axis {axis}"
        )


def compute(x: Array, /, *more: Array) -> Array | tuple[Array, ...]:
    """The arrays with their values computed: one array for one argument, else a tuple.

    On a lazy driver (Dask) this runs the graphs of every argument in one pass on the
    active scheduler (threads, or the cluster of an active ``dask.distributed.Client``)
    and returns arrays holding the results there (``persist``), with every size known:
    call it before what needs the size a boolean index, ``nonzero`` or ``unique_*``
    left unknown (``None`` in ``shape``), and to reuse a result without computing it
    again.  On the other drivers values are computed when made: the arguments come back
    as they are.  The inputs are left unchanged.

    arraykit extension (not in the standard).

    Examples
    --------
    >>> u = ak.unique_values(ak.asarray([3, 1, 3, 2]))    # on Dask: shape (None,)
    >>> ak.compute(u)
    Array([1, 2, 3], dtype=int64)
    >>> a, b = ak.compute(ak.asarray([1.0]) * 2, ak.asarray([3.0]) + 1)    # one pass
    >>> a, b
    (Array([2.], dtype=float64), Array([4.], dtype=float64))
    """
    arrays = (x, *more)
    for i, a in enumerate(arrays):
        check_array(a, "compute", "x" if i == 0 else f"more[{i - 1}]")
    out: list[Array] = list(arrays)
    by_driver: dict[int, list[int]] = {}
    for i, a in enumerate(arrays):
        by_driver.setdefault(id(a._driver), []).append(i)
    for positions in by_driver.values():
        drv = arrays[positions[0]]._driver
        if drv.compute is None:
            continue
        values = drv.compute(tuple(arrays[i]._value for i in positions))
        for i, v in zip(positions, values, strict=True):
            out[i] = new(v, drv, arrays[i]._dtype)
    return out[0] if not more else tuple(out)
