"""Searching functions: ``argmax``, ``argmin``, ``count_nonzero``, ``nonzero``,
``searchsorted``, ``where``.

Index results always have the default integer dtype of the active settings
(``ak.use(default_int=...)``), whatever dtype a driver's primitive produced.

Spec: https://data-apis.org/array-api/2025.12/API_specification/searching_functions.html
"""

from __future__ import annotations

from typing import Any, Literal, overload

from . import _config, _promotion
from . import _dtypes as dt
from ._array import Array
from ._core import (
    bounded_index,
    broadcast_shapes,
    check_array,
    host_operand,
    is_host_data,
    new,
    normalize_axes,
    normalize_axis,
    refuse_in_strict,
    refuse_under_vmap,
    refuse_unknown_broadcast,
    result_dtype,
    same_driver,
    scalar_to_native,
)
from ._creation import asarray
from .drivers._base import Driver

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]

_REAL = frozenset((dt.bool, *dt.INTEGER, *dt.REAL_FLOATING, *dt.EXTRA_REAL_FLOATING))


def _index_result(drv: Driver, value: Any) -> Array:
    """Wrap a native index array, cast to the default integer dtype if needed."""
    target = _config.get().default_int
    if drv.dtype_of(value) is not target:
        value = drv.astype(value, target)
    return new(value, drv, target)


def _real_native(x: Array, fn: str, arg: str = "x") -> Any:
    """``x``'s native value for an ordering primitive: real dtypes only, bool as uint8."""
    if x._dtype not in _REAL:
        raise TypeError(
            f"{fn}: {arg!r} must have a real-valued dtype, got {x._dtype} (complex numbers "
            "have no order; use ak.real or ak.abs)"
        )
    return x._driver.astype(x._value, dt.uint8) if x._dtype is dt.bool else x._value


def _arg_reduce(name: str, x: Array, axis: int | None, keepdims: bool) -> Array:
    check_array(x, name)
    if x._dtype.kind == "b":  # argmax(mask): the first True, as NumPy; not the standard's
        refuse_in_strict("a boolean array (the standard's are real-valued numeric)", name, "x")
    value = _real_native(x, name)
    shape = x.shape
    if axis is None:
        ax = None
        if x.size == 0:
            raise ValueError(f"{name}: 'x' is empty (shape {shape}); it has no {name[3:]}imum")
    else:
        ax = normalize_axis(axis, x.ndim, name)
        if shape[ax] == 0:  # even when the result is empty, as NumPy and JAX refuse
            raise ValueError(
                f"{name}: axis {axis} of 'x' (shape {shape}) is empty; it has no {name[3:]}imum"
            )
    drv = x._driver
    return _index_result(drv, getattr(drv, name)(value, ax, bool(keepdims)))


def argmax(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
    """Indices of the first maximum along ``axis`` (of the flattened array if ``None``).

    Boolean arrays are accepted (``argmax(mask)`` finds the first ``True``), except under
    ``promotion="strict"`` (``TypeError``, as the standard asks real numbers); complex arrays
    and empty reductions raise (``TypeError``, ``ValueError``).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.argmax.html

    Examples
    --------
    >>> x = ak.asarray([[1, 9, 3], [7, 2, 8]])
    >>> ak.argmax(x)                      # into the flattened array
    Array(1, dtype=int64)
    >>> ak.argmax(x, axis=1)
    Array([1, 2], dtype=int64)
    """
    return _arg_reduce("argmax", x, axis, keepdims)


def argmin(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
    """Indices of the first minimum along ``axis`` (of the flattened array if ``None``).

    Boolean arrays are accepted (not under ``promotion="strict"``); complex arrays and
    empty reductions raise (``TypeError``,
    ``ValueError``).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.argmin.html

    Examples
    --------
    >>> ak.argmin(ak.asarray([[1, 9, 3], [7, 2, 8]]), axis=0)
    Array([0, 1, 0], dtype=int64)
    """
    return _arg_reduce("argmin", x, axis, keepdims)


def count_nonzero(
    x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Number of non-zero (``True``; for complex, either part non-zero) elements along ``axis``.

    ``axis=()`` counts each element on its own (0 or 1).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.count_nonzero.html

    Examples
    --------
    >>> ak.count_nonzero(ak.asarray([[0, 1, 2], [3, 0, 0]]), axis=1)
    Array([2, 1], dtype=int64)
    """
    check_array(x, "count_nonzero")
    axes = normalize_axes(axis, x.ndim, "count_nonzero")
    drv = x._driver
    return _index_result(drv, drv.count_nonzero(x._value, axes, bool(keepdims)))


def _require_data_dependent(drv: Driver, fn: str) -> None:
    if not drv.capabilities.data_dependent_shapes:
        raise NotImplementedError(
            f"{fn}: the {drv.name!r} driver cannot make arrays whose shape depends on the "
            "data (capabilities.data_dependent_shapes is False); use ak.where or a boolean "
            "mask with a fixed shape instead"
        )


def nonzero(x: Array, /) -> tuple[Array, ...]:
    """Indices of the non-zero elements, one 1-D index array per axis, in row-major order.

    A 0-D ``x`` raises ``ValueError`` (as the spec requires); a driver without
    data-dependent shapes raises ``NotImplementedError``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.nonzero.html

    Examples
    --------
    >>> ak.nonzero(ak.asarray([[0, 1], [2, 0]]))
    (Array([0, 1], dtype=int64), Array([1, 0], dtype=int64))
    """
    check_array(x, "nonzero")
    if x.ndim == 0:
        raise ValueError(
            "nonzero: 'x' must have at least one dimension, got a 0-D array; use "
            "ak.nonzero(ak.reshape(x, (1,))) or bool(x)"
        )
    refuse_under_vmap(
        "nonzero",
        "the number of non-zero elements",
        "use ak.where(x != 0, a, b) or ak.count_nonzero, which keep the shape",
    )
    drv = x._driver
    _require_data_dependent(drv, "nonzero")
    return tuple(_index_result(drv, v) for v in drv.nonzero(x._value))


def searchsorted(
    x1: Array,
    x2: Array | int | float,
    /,
    *,
    side: Literal["left", "right"] = "left",
    sorter: Array | None = None,
) -> Array:
    """Indices at which inserting ``x2``'s elements into sorted ``x1`` keeps it sorted.

    ``x1`` and ``x2`` promote together under the active mode (a Python scalar ``x2`` as
    a weak scalar, giving a 0-D result); boolean inputs are accepted, complex ones raise
    ``TypeError``.  ``sorter`` indices out of range raise ``IndexError``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.searchsorted.html

    Examples
    --------
    >>> ak.searchsorted(ak.asarray([1, 3, 5, 7]), ak.asarray([0, 3, 6]))
    Array([0, 1, 3], dtype=int64)
    >>> ak.searchsorted(ak.asarray([1, 3, 5, 7]), ak.asarray([3]), side="right")
    Array([2], dtype=int64)
    """
    fn = "searchsorted"
    check_array(x1, fn, "x1")
    if side not in ("left", "right"):
        raise ValueError(f"{fn}: 'side' must be 'left' or 'right', got {side!r}")
    if x1.ndim != 1:
        raise ValueError(f"{fn}: 'x1' must be 1-D, got shape {x1.shape}")
    arrays = [x1]
    if type(x2) is Array:
        arrays.append(x2)
    elif _promotion.scalar_kind(x2) not in ("b", "i", "f"):
        raise TypeError(
            f"{fn}: 'x2' must be an arraykit array or a Python int or float, got "
            f"{type(x2).__name__}"
        )
    if sorter is not None:
        check_array(sorter, fn, "sorter")
        arrays.append(sorter)
        if sorter._dtype not in dt.INTEGER:
            raise TypeError(f"{fn}: 'sorter' must have an integer dtype, got {sorter._dtype}")
        if sorter.shape != x1.shape:
            raise ValueError(
                f"{fn}: 'sorter' of shape {sorter.shape} must have x1's shape {x1.shape}"
            )
    drv = same_driver(arrays, fn)
    dtype = result_dtype((x1, x2), fn)
    if dtype not in _REAL:
        raise TypeError(
            f"{fn}: 'x1' and 'x2' must have real-valued dtypes, got {dtype} (complex numbers "
            "have no order)"
        )
    # Ordering primitives take no booleans: search the same order as uint8.
    work = dt.uint8 if dtype is dt.bool else dtype
    v1 = x1._value if x1._dtype is work else drv.astype(x1._value, work)
    if type(x2) is Array:
        v2 = x2._value if x2._dtype is work else drv.astype(x2._value, work)
    else:
        v2 = scalar_to_native(drv, x2, dtype, x1._value, fn)
        v2 = v2 if work is dtype else drv.astype(v2, work)
    s = None if sorter is None else bounded_index(sorter, x1.shape[0], 0, fn)
    return _index_result(drv, drv.searchsorted(v1, v2, side, s))


def _host_arguments(*args: Any) -> list[Any]:
    """``where``'s NumPy scalars and arrays as arrays beside its first arraykit array."""
    like = next((a for a in args if a.__class__ is Array), None)
    if like is None:
        return list(args)
    return [
        host_operand(a, like._driver, like._value, "where", name)
        if a.__class__ is not Array and is_host_data(a)
        else a
        for name, a in zip(("condition", "x1", "x2"), args, strict=True)
    ]


class _NotGiven:
    def __repr__(self) -> str:
        return "<not given>"


_NOT_GIVEN: Any = _NotGiven()


@overload
def where(condition: Array, /) -> tuple[Array, ...]: ...
@overload
def where(
    condition: Array,
    x1: Array | int | float | complex | bool,
    x2: Array | int | float | complex | bool,
    /,
) -> Array: ...
def where(
    condition: Any, x1: Any = _NOT_GIVEN, x2: Any = _NOT_GIVEN, /
) -> Array | tuple[Array, ...]:
    """Elements of ``x1`` where ``condition`` is true, else of ``x2``.

    ``x1`` and ``x2`` (arrays or Python scalars, at least one an array) promote like the
    operands of a binary elementwise function under the active mode.  ``condition`` is a
    boolean array in the standard; as in NumPy, arraykit also takes a numeric one and
    uses its truth (non-zero), except under ``promotion="strict"`` (``TypeError``: write
    ``x != 0``).  NumPy scalars and arrays among the arguments join the arrays' driver
    and device with their own dtypes (not under "strict").

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.where.html

    Examples
    --------
    >>> x = ak.asarray([-2.0, 0.5, 3.0])
    >>> ak.where(x > 0, x, 0.0)
    Array([0. , 0.5, 3. ], dtype=float64)

    ``where(condition)`` alone is ``nonzero(condition)``, as in NumPy, JAX, TF-NumPy and
    PyTorch (scikit-learn's ``roc_curve`` calls it so); not under "strict".
    """
    if x1 is _NOT_GIVEN or x2 is _NOT_GIVEN:
        if x1 is not x2 or _config.get().promotion.name == "strict":
            raise TypeError("where: expected three arguments (condition, x1, x2)")
        return nonzero(check_array(condition, "where", "condition"))
    if is_host_data(condition) or is_host_data(x1) or is_host_data(x2):
        condition, x1, x2 = _host_arguments(condition, x1, x2)
    check_array(condition, "where", "condition")
    if condition._dtype is not dt.bool:
        if condition._dtype not in dt.NUMERIC or _config.get().promotion.name == "strict":
            raise TypeError(
                f"where: 'condition' must have a boolean dtype, got {condition._dtype}; "
                "compare explicitly, e.g. condition != 0"
            )
        drv = condition._driver
        condition = new(drv.astype(condition._value, dt.bool), drv, dt.bool)  # truthiness
    for arg, a in (("x1", x1), ("x2", x2)):
        if a.__class__ is not Array and _promotion.scalar_kind(a) is None:
            raise TypeError(
                f"where: {arg!r} must be an arraykit array or a Python scalar, got "
                f"{type(a).__name__}"
            )
    arrays = [a for a in (condition, x1, x2) if a.__class__ is Array]
    if len(arrays) == 1 and _config.get().promotion.name != "strict":
        # Two Python scalars, as NumPy takes them (SciPy's solvers write where(c, 0, 1)):
        # x1 becomes an array of its default dtype on the condition's device, and x2
        # promotes with it as a weak scalar (where(c, 1, 2.5) is float64, as in NumPy).
        x1 = asarray(x1, device=condition.device)
        arrays.append(x1)
    if len(arrays) == 1:
        raise TypeError(
            "where: at least one of 'x1' and 'x2' must be an arraykit array, got "
            f"{type(x1).__name__} and {type(x2).__name__}"
        )
    drv = same_driver(arrays, "where")
    if len(arrays) == 3 and x1._dtype is x2._dtype:  # the common case: no promotion
        dtype = x1._dtype
    else:
        dtype = result_dtype((x1, x2), "where")
    natives = [
        (a._value if a._dtype is dtype else drv.astype(a._value, dtype))
        if a.__class__ is Array
        else scalar_to_native(drv, a, dtype, condition._value, "where")
        for a in (x1, x2)
    ]
    shapes = [a.shape for a in arrays]
    broadcast_shapes(*shapes, fn="where")
    try:
        out = drv.where(condition._value, natives[0], natives[1])
    except ValueError as e:
        refuse_unknown_broadcast("where", shapes, e)
        raise
    return new(out, drv, dtype)
