"""The methods of ``Array`` that are core functions: operators, indexing, ``T``/``mT``,
``__array_namespace__``, the NumPy protocols (NEP 13/18) and pickling (``Device``'s too,
which needs the driver registry).

They are installed on the class by ``install`` once every chapter is loaded: the chapters
import ``_array`` (for the class), so ``_array`` cannot import them, and installing the
functions themselves (``Array.__getitem__ is _indexing.getitem``) costs no extra frame per
call.  Operators come from one table and call the core function of the same meaning, so
operators and functions cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np

from . import _config, _interop, _ndarray, _promotion
from ._array import Array
from ._config import reduce_device
from ._data_types import astype
from ._devices import Device
from ._indexing import getitem, setitem
from ._linalg_core import matrix_transpose
from ._manipulation import permute_dims
from ._views import assign, check_writable


def _same_kind(result: np.dtype, target: np.dtype) -> bool:
    """Whether an in-place operator casts ``result`` back to the array's ``target`` dtype:
    NumPy's ``same_kind`` rule (``int32_array += int64_array``, ``float32 += float64``),
    outside ``promotion="strict"``, where the standard's in-place rule (no dtype change)
    holds."""
    return _promotion.casts_on_assignment(_config.get().promotion, result, target)


def install(namespace: ModuleType) -> None:
    """Install every method below on ``Array``; ``namespace`` is the public ``arraykit``
    module (what ``__array_namespace__`` returns and the NumPy protocols look names up in)."""
    versions = namespace.SUPPORTED_API_VERSIONS

    def __array_namespace__(self: Array, /, *, api_version: str | None = None) -> ModuleType:
        if api_version is not None and api_version not in versions:
            raise ValueError(
                f"unsupported array API version {api_version!r}; supported: {versions}"
            )
        return namespace

    # NEP 13/18: NumPy functions on arraykit arrays run through arraykit (see _interop).
    def __array_ufunc__(self: Array, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        return _interop.array_ufunc(namespace, ufunc, method, inputs, kwargs)

    def __array_function__(self: Array, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        return _interop.array_function(namespace, func, types, args, kwargs)

    for fn in (__array_namespace__, __array_ufunc__, __array_function__):
        setattr(Array, fn.__name__, fn)
    Array.__reduce__ = _interop.reduce_array  # type: ignore[method-assign,assignment]
    Device.__reduce__ = reduce_device  # type: ignore[method-assign,assignment]
    Array.__getitem__ = getitem  # type: ignore[method-assign,assignment]
    Array.__setitem__ = setitem  # type: ignore[method-assign,assignment]
    Array.T = property(_T, doc=_T.__doc__)  # type: ignore[method-assign,assignment]
    Array.mT = property(matrix_transpose, doc=_MT_DOC)  # type: ignore[method-assign,assignment]
    _install_operators(vars(namespace))
    _ndarray.install()  # NumPy's methods, extensions refused under "strict"


_MT_DOC = """The transpose of each matrix in a stack (the spec's ``x.mT``).

Examples
--------
>>> ak.zeros((5, 2, 3)).mT.shape
(5, 3, 2)
"""


def _T(x: Array) -> Array:
    """The transpose: the axes in reverse order, a view (the spec's ``x.T`` is for 2-D
    arrays; other ranks are NumPy's, refused under ``promotion="strict"``: use
    ``x.mT`` for stacks of matrices).

    Examples
    --------
    >>> ak.asarray([[1, 2, 3]]).T
    Array([[1],
           [2],
           [3]], dtype=int64)
    >>> ak.zeros((2, 3, 4)).T.shape
    (4, 3, 2)
    """
    if x.ndim == 2:
        return permute_dims(x, (1, 0))
    if _config.get().promotion.name == "strict":
        raise ValueError(
            f"x.T requires a 2-D array in the standard, got {x.ndim}-D (refused under "
            "promotion='strict'; NumPy reverses all axes); use x.mT for stacks or "
            "ak.permute_dims(x, axes)"
        )
    return permute_dims(x, tuple(range(x.ndim - 1, -1, -1)))


# ---------------------------------------------------------------------- operators
# dunder stem -> core function name.  Binary operators get a reflected (__rX__) and an
# in-place (__iX__) form; comparisons and unary operators do not.
_BINARY_OPERATORS = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
    "floordiv": "floor_divide", "mod": "remainder", "pow": "pow", "matmul": "matmul",
    "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
    "lshift": "bitwise_left_shift", "rshift": "bitwise_right_shift",
}  # fmt: skip
_COMPARISONS = {
    "lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal",
    "eq": "equal", "ne": "not_equal",
}  # fmt: skip
_UNARY_OPERATORS = {"neg": "negative", "pos": "positive", "invert": "bitwise_invert", "abs": "abs"}

_PY_SCALARS = (bool, int, float, complex)


def _operand_ok(other: Any) -> bool:
    return other.__class__ is Array or other.__class__ in _PY_SCALARS


# Python sequences: returning NotImplemented would let Python repeat them (``x * "ab"`` is
# ``"ab" * x.__index__()``, a silent wrong answer for a 0-D integer array), so refuse here.
_SEQUENCES = (str, bytes, list, tuple)


def _refuse(fname: str, other: Any) -> Any:
    """NotImplemented for an operand of no array type (a foreign array may handle it),
    ``TypeError`` naming the function for a Python sequence (but ``==`` and ``!=`` keep
    Python's fallback to identity: ``x == "abc"`` is False)."""
    if isinstance(other, _SEQUENCES) and fname not in ("equal", "not_equal"):
        raise TypeError(
            f"{fname}: 'other' must be an arraykit array or a Python scalar, got "
            f"{type(other).__name__}; convert it with ak.asarray()"
        )
    return NotImplemented


def _install_operators(namespace: dict[str, Any]) -> None:
    """Every operator, each calling the core function it names."""

    def binary(fn: Any) -> Any:
        def op(self: Array, other: Any, /) -> Any:
            if not _operand_ok(other):
                return _refuse(fn.__name__, other)
            return fn(self, other)

        return op

    def reflected(fn: Any) -> Any:
        def op(self: Array, other: Any, /) -> Any:
            if not _operand_ok(other):
                return _refuse(fn.__name__, other)
            return fn(other, self)

        return op

    def inplace(fn: Any, name: str) -> Any:
        def op(self: Array, other: Any, /) -> Any:  # self, or NotImplemented
            if not _operand_ok(other):
                return _refuse(fn.__name__, other)
            result = fn(self, other)
            if result._dtype is not self._dtype and _same_kind(result._dtype, self._dtype):
                result = astype(result, self._dtype)  # NumPy's in-place casting, not strict
            if result._dtype is not self._dtype:
                raise TypeError(
                    f"in-place {name}: the result dtype {result._dtype} differs from the "
                    f"array's dtype {self._dtype}"
                )
            if result.shape != self.shape:
                raise ValueError(
                    f"in-place {name}: the result shape {result.shape} differs from the "
                    f"array's shape {self.shape}"
                )
            drv = self._driver
            if drv.capabilities.mutable:  # update in place, so that views see it (NumPy)
                if getattr(self, "_view", None) is not None:
                    check_writable(self)  # core's read-only marks
                self._value = drv.setitem(self._value, (Ellipsis,), result._value)
            else:  # a new value, written through to the bases and views of self
                assign(self, result._value)
            return self

        return op

    def unary(fn: Callable[[Array], Array]) -> Any:
        def op(self: Array, /) -> Array:
            return fn(self)

        return op

    def install(name: str, op: Any) -> None:
        op.__name__ = op.__qualname__ = name
        setattr(Array, name, op)

    for stem, fname in _BINARY_OPERATORS.items():
        fn = namespace[fname]
        install(f"__{stem}__", binary(fn))
        install(f"__r{stem}__", reflected(fn))
        install(f"__i{stem}__", inplace(fn, fname))
    for stem, fname in _COMPARISONS.items():
        install(f"__{stem}__", binary(namespace[fname]))
    for stem, fname in _UNARY_OPERATORS.items():
        install(f"__{stem}__", unary(namespace[fname]))
