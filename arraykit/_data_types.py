"""Data type functions: ``astype``, ``can_cast``, ``result_type``.

``finfo``, ``iinfo`` and ``isdtype`` live with the dtype objects in ``_dtypes``.
Promotion questions are answered by the *active* promotion mode (``ak.use(promotion=...)``),
so ``can_cast`` and ``result_type`` always agree with what arithmetic does.

Spec: https://data-apis.org/array-api/2025.12/API_specification/data_type_functions.html
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from . import _config, _promotion
from . import _dtypes as dt
from ._array import Array
from ._core import check_array, new, result_dtype, same_driver
from ._devices import Device
from .drivers import get as get_driver
from .drivers._base import Driver

__all__ = ["astype", "can_cast", "result_type"]


def _dtype_arg(dtype: Any, fn: str, arg: str) -> np.dtype:
    """The canonical dtype of ``dtype``; ``TypeError`` naming ``fn`` and ``arg`` otherwise.

    Accepts what ``ak.asarray(dtype=...)`` accepts (dtype objects, NumPy scalar types,
    names), but not ``None``, which ``np.dtype`` would silently read as float64."""
    if dtype is None:
        raise TypeError(f"{fn}: {arg!r} must be a dtype such as ak.float32, got None")
    try:
        return dt.canonical(dtype)
    except TypeError as e:
        raise TypeError(f"{fn}: {arg!r}: {e}") from None


def supports(drv: Driver, dtype: np.dtype) -> builtins.bool:
    """Whether ``drv``'s devices can hold ``dtype`` (per its capability flags)."""
    caps = drv.capabilities
    if dtype.kind == "c" and not caps.complex:
        return False
    if dtype in (dt.float64, dt.complex128) and not caps.float64:
        return False
    if dtype is dt.float16:
        return caps.float16
    return dtype is not dt.bfloat16 or caps.bfloat16


def host_cast(data: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Host data on its way to ``dtype``, cast first where astype's rule differs from
    NumPy's conversion (floats to integers, ``float_to_int`` of the NumPy driver)."""
    if data.dtype.kind == "f" and dtype.kind in "iu":
        cast_data: np.ndarray = get_driver("numpy").astype(data, dtype)
        return cast_data
    return data


def astype(
    x: Array, dtype: np.dtype, /, *, copy: builtins.bool = True, device: Device | None = None
) -> Array:
    """Cast ``x`` to ``dtype``, irrespective of the promotion rules.

    One rule on every driver, eagerly and under ``ak.jit``: a narrowing float cast rounds
    once (float64 to float16 too); a float cast to an integer dtype truncates towards zero
    in range, saturates beyond it (``±inf`` too) and gives 0 for NaN, where NumPy's answer
    is the platform's (x86-64 wraps: ``[-2.5, 300.0]`` to uint8 is ``[254, 44]`` there);
    integers wrap modulo ``2**bits``, as in NumPy; float to ``bool`` is ``x != 0``.

    Casting a complex array to a real-valued dtype raises ``TypeError`` (the spec says it
    should not be permitted: cast ``ak.real(x)`` or ``ak.imag(x)``); complex to ``bool`` is
    allowed (``0j`` is ``False``).  A dtype the driver cannot hold (its ``float64``,
    ``complex``, ``float16`` or ``bfloat16`` capability is off) raises ``TypeError``.
    ``device=`` may also be a device's string form (``"cpu"``, ``"gpu:1"``).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.astype.html

    Examples
    --------
    >>> ak.astype(ak.asarray([1.7, -2.7]), ak.int32)
    Array([ 1, -2], dtype=int32)
    >>> ak.astype(ak.asarray([-2.5, 300.0, ak.nan, ak.inf]), ak.uint8)  # saturates
    Array([  0, 255,   0, 255], dtype=uint8)
    >>> ak.astype(ak.asarray([0, 1, 2]), ak.bool)
    Array([False,  True,  True], dtype=bool)
    """
    check_array(x, "astype")
    dtype = _dtype_arg(dtype, "astype", "dtype")
    drv = x._driver
    src = x._dtype
    if src.kind == "c" and dt.kind_of(dtype) in "iuf":
        raise TypeError(
            f"astype: casting {src} to {dtype} would discard the imaginary part; cast "
            "ak.real(x) or ak.imag(x) instead"
        )
    if not supports(drv, dtype):
        raise TypeError(f"astype: the {drv.name!r} driver cannot hold {dtype} values")
    value = x._value
    moved = False
    if device is not None:
        dev = _config.resolve_device(drv, device)
        if dev != drv.device_of(value):
            value, moved = drv.to_device(value, dev), True
    if dtype is not src:
        return new(drv.astype(value, dtype), drv, dtype)
    if moved:
        return new(value, drv, dtype)
    if copy:
        return new(drv.copy(value), drv, dtype)
    return x


def can_cast(from_: np.dtype | Array, to: np.dtype, /) -> builtins.bool:
    """Whether ``from_`` promotes to ``to`` under the active promotion mode.

    With the default ``"numpy"`` mode this is NumPy's "safe" casting between the standard's
    dtypes (``can_cast(int32, float64)`` is ``True``); under ``"strict"`` it is exactly the
    standard's promotion graph.  When ``from_`` is an array, a ``to`` its driver cannot hold
    gives ``False``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.can_cast.html

    Examples
    --------
    >>> ak.can_cast(ak.int8, ak.int64)
    True
    >>> ak.can_cast(ak.float64, ak.float32)
    False
    """
    if type(from_) is Array:
        src = from_._dtype
        if not supports(from_._driver, _dtype_arg(to, "can_cast", "to")):
            return False
    else:
        src = _dtype_arg(from_, "can_cast", "from_")
    return _promotion.can_cast(_config.get().promotion, src, _dtype_arg(to, "can_cast", "to"))


def result_type(
    *arrays_and_dtypes: Array | np.dtype | builtins.bool | int | float | complex,
) -> np.dtype:
    """The dtype of an operation on the arguments, under the active promotion mode.

    Python scalars are weak (NEP 50): ``result_type(ak.float32, 1.0)`` is ``float32``;
    Python's and NumPy's *types* spell dtypes, as in NumPy (``result_type(float, ak.int8)``
    is the default float).
    Arguments that do not promote raise ``TypeError`` naming both dtypes; arrays of two
    drivers or devices raise ``ValueError``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.result_type.html

    Examples
    --------
    >>> ak.result_type(ak.int8, ak.uint8)
    dtype('int16')
    >>> ak.result_type(ak.asarray([1], dtype=ak.float32), 1.0)   # Python scalars are weak
    dtype('float32')
    >>> with ak.use(promotion="jax"):
    ...     ak.result_type(ak.int64, ak.uint64)
    ...
    dtype('float64')
    """
    if builtins.any(isinstance(a, (type, str)) for a in arrays_and_dtypes):
        # dtype spellings (np.float32, "f4", Python's float as a *type*) name dtypes
        arrays_and_dtypes = tuple(
            _dtype_arg(a, "result_type", "arrays_and_dtypes") if isinstance(a, (type, str)) else a
            for a in arrays_and_dtypes
        )
    arrays = [a for a in arrays_and_dtypes if type(a) is Array]
    if len(arrays) > 1:
        same_driver(arrays, "result_type")
    if not arrays and not builtins.any(isinstance(a, np.dtype) for a in arrays_and_dtypes):
        raise ValueError("result_type: at least one array or dtype is required")
    return result_dtype(arrays_and_dtypes, "result_type", "arrays_and_dtypes")
