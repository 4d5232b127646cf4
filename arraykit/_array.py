"""The Array: the one array class every driver's values live in.

An ``Array`` holds a driver-native value (``np.ndarray``, ``tf.Tensor``, ``jax.Array`` or
a tracer), its driver and its dtype.  Arrays are made by arraykit functions only
(``Array._new``); users call ``ak.asarray``.  Operators are installed from one table
(``_OPERATORS``) and call the core function of the same meaning, so operators and
functions cannot drift apart.

Spec: https://data-apis.org/array-api/2025.12/API_specification/array_object.html
"""

from __future__ import annotations

import math
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _config
from .drivers._base import CoreLink, link_core

if TYPE_CHECKING:
    from ._devices import Device
    from .drivers._base import Driver

_object_new = object.__new__


class Array:
    """An n-dimensional array of one dtype on one device of one driver."""

    __slots__ = ("__weakref__", "_driver", "_dtype", "_value")

    _value: Any
    _driver: Driver
    _dtype: np.dtype

    def __new__(cls, *args: Any, **kwargs: Any) -> Array:
        raise TypeError("arraykit arrays are created with ak.asarray() or another ak function")

    @classmethod
    def _new(cls, value: Any, driver: Driver, dtype: np.dtype) -> Array:
        """Wrap a native value; ``dtype`` must be the canonical dtype of ``value``."""
        obj = _object_new(cls)
        obj._value = value
        obj._driver = driver
        obj._dtype = dtype
        return obj

    # ------------------------------------------------------------------ attributes
    @property
    def native(self) -> Any:
        """The driver's native value (no copy)."""
        return self._value

    @property
    def driver(self) -> Driver:
        return self._driver

    @property
    def dtype(self) -> np.dtype:
        return self._dtype

    @property
    def device(self) -> Device:
        return self._driver.device_of(self._value)

    @property
    def shape(self) -> tuple[int | None, ...]:
        return tuple(self._driver.shape_of(self._value))

    @property
    def ndim(self) -> int:
        return len(self._driver.shape_of(self._value))

    @property
    def size(self) -> int | None:
        shape = self._driver.shape_of(self._value)
        return None if None in shape else math.prod(shape)

    @property
    def T(self) -> Array:  # the spec's name
        if self.ndim != 2:
            raise ValueError(f"x.T requires a 2-D array, got {self.ndim}-D; use x.mT for stacks")
        from ._manipulation import permute_dims

        return permute_dims(self, (1, 0))

    @property
    def mT(self) -> Array:  # the spec's name
        from ._linalg_core import matrix_transpose

        return matrix_transpose(self)

    def __array_namespace__(self, /, *, api_version: str | None = None) -> Any:
        import arraykit

        if api_version is not None and api_version not in arraykit.SUPPORTED_API_VERSIONS:
            raise ValueError(
                f"unsupported array API version {api_version!r}; supported: "
                f"{arraykit.SUPPORTED_API_VERSIONS}"
            )
        return arraykit

    def to_device(self, device: Device | str, /, *, stream: Any = None) -> Array:
        """A copy of this array on ``device`` (of the same driver); itself if already there."""
        if stream is not None:
            raise ValueError("to_device: stream is not supported")
        dev = _config.resolve_device(self._driver, device)
        if dev == self.device:
            return self
        return Array._new(self._driver.to_device(self._value, dev), self._driver, self._dtype)

    # ------------------------------------------------------------------ conversion
    def _scalar(self, fn: str) -> Any:
        if self.ndim != 0:
            raise TypeError(f"{fn}() needs a 0-D array, got shape {self.shape}")
        return self._driver.to_scalar(self._value)

    def __bool__(self) -> bool:
        return bool(self._scalar("bool"))

    def __int__(self) -> int:
        if self._dtype.kind == "c":
            raise TypeError("int() of a complex array is not defined; use ak.real or ak.abs")
        return int(self._scalar("int"))

    def __float__(self) -> float:
        if self._dtype.kind == "c":
            raise TypeError("float() of a complex array is not defined; use ak.real or ak.abs")
        return float(self._scalar("float"))

    def __complex__(self) -> complex:
        value = complex(self._scalar("complex"))
        if value != value and self._dtype.kind == "f":  # the spec: NaN -> NaN + NaN j
            return complex(math.nan, math.nan)
        return value

    def __index__(self) -> int:
        if self._dtype.kind not in "iu":
            raise TypeError(f"only integer arrays can be used as an index, got {self._dtype}")
        return int(self._scalar("index"))

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        out = self._driver.to_numpy(self._value)
        if dtype is not None and out.dtype != dtype:
            if copy is False:
                raise ValueError("__array__: copy=False, but a dtype conversion is needed")
            return out.astype(dtype)
        if copy:
            return out.copy()
        return out

    def __dlpack__(
        self,
        /,
        *,
        stream: Any = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[Any, int] | None = None,
        copy: bool | None = None,
    ) -> Any:
        return self._driver.dlpack(self._value, stream, max_version, dl_device, copy)

    def __dlpack_device__(self) -> tuple[Any, int]:
        return self._driver.dlpack_device(self._value)

    # NEP 13/18: NumPy functions on arraykit arrays run through arraykit (see _interop).
    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        from ._interop import array_ufunc

        return array_ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        from ._interop import array_function

        return array_function(func, types, args, kwargs)

    # ------------------------------------------------------------------ indexing
    def __getitem__(self, key: Any, /) -> Array:
        return _getitem(self, key)

    def __setitem__(self, key: Any, value: Any, /) -> None:
        _setitem(self, key, value)

    def __iter__(self) -> Any:
        if self.ndim == 0:
            raise TypeError("iteration over a 0-D array")
        n = self.shape[0]
        if n is None:
            raise TypeError("iteration over an array whose first dimension is unknown")
        return (self[i] for i in range(n))

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("len() of a 0-D array")
        n = self.shape[0]
        if n is None:
            raise TypeError("len() of an array whose first dimension is unknown")
        return n

    __hash__ = None  # type: ignore[assignment] # __eq__ is elementwise

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        head = f"dtype={self._dtype}, device={self.device}, driver={self._driver.name}"
        if None in self.shape:
            return f"Array(<shape {self.shape}>, {head})"
        try:
            data = np.array2string(
                np.asarray(self._driver.to_numpy(self._value)), separator=", ", prefix="Array("
            )
        except Exception:  # tracers and lazy values have no data to show
            return f"Array(<shape {self.shape}>, {head})"
        return f"Array({data}, {head})"

    def __str__(self) -> str:
        return self.__repr__()


# Drivers that must know the array class (JAX's pytree registration) get it through the
# contract, never by importing this module.
link_core(CoreLink(Array, attrgetter("_value", "_driver", "_dtype"), Array._new))


# _indexing imports this module, so it is bound on first use: each stub replaces itself
# with the real function (a function-level import costs ~1 us on every call).
def _getitem(x: Array, key: Any) -> Array:
    global _getitem
    from ._indexing import getitem

    _getitem = getitem
    return getitem(x, key)


def _setitem(x: Array, key: Any, value: Any) -> None:
    global _setitem
    from ._indexing import setitem

    _setitem = setitem
    setitem(x, key, value)


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


def install_operators(namespace: dict[str, Any]) -> None:
    """Install every operator on ``Array``, each calling the core function it names."""

    def binary(fn: Any) -> Any:
        def op(self: Array, other: Any, /) -> Any:
            if not _operand_ok(other):
                return NotImplemented
            return fn(self, other)

        return op

    def reflected(fn: Any) -> Any:
        def op(self: Array, other: Any, /) -> Any:
            if not _operand_ok(other):
                return NotImplemented
            return fn(other, self)

        return op

    def inplace(fn: Any, name: str) -> Any:
        def op(self: Array, other: Any, /) -> Array:
            if not _operand_ok(other):
                return NotImplemented
            result = fn(self, other)
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
                self._value = drv.setitem(self._value, (Ellipsis,), result._value)
            else:
                self._value = result._value
            return self

        return op

    def unary(fn: Any) -> Any:
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
