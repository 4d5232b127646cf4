"""The Array: the one array class every driver's values live in.

An ``Array`` holds a driver-native value (``np.ndarray``, ``tf.Tensor``, ``jax.Array`` or
a tracer), its driver and its dtype.  Arrays are made by arraykit functions only
(``Array._new``); users call ``ak.asarray``.  The methods that are core functions
(operators, indexing, ``T``/``mT``, ``__array_namespace__``, the NumPy protocols) are
installed by ``_methods`` once the chapters are loaded, since the chapters import this
module.

Spec: https://data-apis.org/array-api/2025.12/API_specification/array_object.html
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from . import _config
from ._devices import Sharding
from .drivers._base import CoreLink, link_core

if TYPE_CHECKING:
    import weakref

    from ._array_methods import ArrayMethods as _Installed
    from ._devices import Device
    from .drivers._base import Driver
else:
    _Installed = object  # the methods _methods installs, declared for type checkers

_object_new = object.__new__


class Array(_Installed):
    """An n-dimensional array of one dtype on one device of one driver.

    Examples
    --------
    >>> x = ak.reshape(ak.arange(6.0), (2, 3))
    >>> x.shape, x.dtype, x.ndim, x.size
    ((2, 3), dtype('float64'), 2, 6)
    >>> x[1, ::2]
    Array([3., 5.], dtype=float64)
    >>> v = x[0]                          # a view, as in NumPy, on every driver
    >>> v += 10
    >>> x
    Array([[10., 11., 12.],
           [ 3.,  4.,  5.]], dtype=float64)
    >>> x[x > 11] = 0.0
    >>> x
    Array([[10., 11.,  0.],
           [ 3.,  4.,  5.]], dtype=float64)
    >>> x.T @ ak.ones(2)
    Array([13., 15.,  5.], dtype=float64)
    >>> x.sum(axis=1)                     # NumPy's method, an extension: ak.sum(x, axis=1)
    Array([21., 12.], dtype=float64)
    >>> x.tolist()
    [[10.0, 11.0, 0.0], [3.0, 4.0, 5.0]]
    >>> np.asarray(x)
    array([[10., 11.,  0.],
           [ 3.,  4.,  5.]])
    >>> float(x[1, 2])
    5.0
    """

    # _view and _views are set only on views and their bases, on drivers whose values are
    # immutable (see _views): reading them needs getattr(x, "_view", None).
    __slots__ = ("__weakref__", "_driver", "_dtype", "_value", "_view", "_views")

    _value: Any
    _driver: Driver
    _dtype: np.dtype
    _view: tuple[Array, Any] | None  # (base, key) of a view (see _views)
    _views: list[weakref.ref[Array]]  # a base's views

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
        """The driver's native value (no copy): an ``np.ndarray``, ``tf.Tensor``,
        ``jax.Array``, ``dask.array.Array`` or a tracer inside a transform.

        Examples
        --------
        >>> x = ak.asarray([1.0, 2.0])
        >>> x.native is x.native        # the value arraykit holds, not a copy
        True
        >>> np.asarray(x.native)
        array([1., 2.])
        """
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
    def sharding(self) -> Sharding | None:
        """How the array is split over several devices (``x.device`` is then this
        ``Sharding``), or ``None``: all of it on the one device ``x.device``.

        Examples
        --------
        >>> ak.ones(3).sharding is None
        True
        """
        dev = self._driver.device_of(self._value)
        return dev if isinstance(dev, Sharding) else None

    @property
    def shape(self) -> tuple[int | None, ...]:
        return tuple(self._driver.shape_of(self._value))

    @property
    def ndim(self) -> int:
        return len(self._driver.shape_of(self._value))

    @property
    def size(self) -> int | None:
        shape = self._driver.shape_of(self._value)
        return None if None in shape else math.prod(cast("tuple[int, ...]", shape))

    def to_device(self, device: Device | str, /, *, stream: Any = None) -> Array:
        """A copy of this array on ``device`` (of the same driver); itself if already there.

        Examples
        --------
        >>> x = ak.asarray([1.0, 2.0])
        >>> y = x.to_device(x.device)
        >>> str(y.device) == str(x.device)
        True
        """
        if stream is not None:
            raise ValueError("to_device: stream is not supported")
        dev = _config.resolve_device(self._driver, device)
        if dev == self.device:
            return self
        return Array._new(self._driver.to_device(self._value, dev), self._driver, self._dtype)

    # ------------------------------------------------------------------ conversion
    def _scalar(self, fn: str) -> Any:
        if self.ndim != 0:
            hint = (
                "reduce it first (ak.any(x) or ak.all(x))"
                if fn == "bool"
                else "index one element (x[0]) or reduce it (ak.sum(x)) first"
            )
            raise TypeError(f"{fn}() needs a 0-D array, got shape {self.shape}: {hint}")
        return self._driver.to_scalar(self._value)

    def __bool__(self) -> bool:
        if self.ndim and self.size == 1 and _config.get().promotion.name != "strict":
            # NumPy's truth value of a one-element array (SciPy's solvers test `if x:`)
            value = self._driver.reshape(self._value, (), None)
            return bool(self._driver.to_scalar(value))
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
        # NumPy 2's protocol: copy=False must not copy, or raise ValueError.  Host memory
        # is shared on a CPU device (read-only for TF and JAX, whose values are
        # immutable); a GPU's values, or a lazy driver's, need a copy made on the host.
        if copy is False and (self._driver.capabilities.lazy or self.device.kind != "cpu"):
            raise ValueError(
                f"__array__: copy=False, but the values are on {self._driver.name}'s "
                f"{self.device} device{' (lazy)' if self._driver.capabilities.lazy else ''} "
                "and NumPy needs a copy on the host; use np.asarray(x) or np.array(x)"
            )
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

    # ------------------------------------------------------------------ indexing
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

    # ------------------------------------------------------------------ copies
    # copy.copy and copy.deepcopy give an independent array on the same driver and device
    # (the driver's copy: no host round trip).  Pickling is registered in _interop.
    def __copy__(self) -> Array:
        return Array._new(self._driver.copy(self._value), self._driver, self._dtype)

    def __deepcopy__(self, memo: dict[int, Any]) -> Array:
        return self.__copy__()

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        head = f"dtype={self._dtype}, device={self.device}, driver={self._driver.name}"
        try:  # a lazy driver's value is computed to show it, sizes known or not
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
def _flatten(a: Array) -> tuple[tuple[Any], tuple[Driver, np.dtype]]:
    return (a._value,), (a._driver, a._dtype)


link_core(CoreLink(Array, _flatten, Array._new, _config.driver_options))
