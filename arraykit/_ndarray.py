"""NumPy's ``ndarray`` methods and Python protocols on ``Array``: extensions to the standard.

People port NumPy (and TF-NumPy) code full of ``x.reshape(2, 3)``, ``x.sum(axis=0)``,
``x.astype(np.float32)``, ``x.item()`` and ``f"{x:.3f}"``.  Each method here delegates to
the core function of the same meaning, so its result is identical on every driver and to
``ak.<function>``; the arguments are NumPy's (varargs shapes and axes, ``axis``,
``keepdims``, ``dtype``, ``ddof``; ``out`` only as ``None``).  The in-place ones
(``sort``, ``fill``) write as ``x[...] = value`` does, so views see them on every driver.

The standard leaves these out on purpose, so that portable code can be checked: under
``ak.use(promotion="strict")`` every method here raises ``TypeError`` naming the standard
spelling (``x.reshape(2, 3)`` -> ``ak.reshape(x, (2, 3))``).  The Python protocols the
standard defines (``__bool__``, ``__len__``...) are not refused; ``format``, ``in`` and
``divmod`` of arrays are, as extensions.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from types import ModuleType
from typing import Any, Literal

import numpy as np

# This module loads after every chapter of the namespace (arraykit/__init__.py installs
# it last); the methods look the functions up at call time.
import arraykit as ak

from . import _config
from . import _dtypes as dt
from ._aliasing import is_c_contiguous, part
from ._array import Array

# name -> the standard's spelling, for the refusal under promotion="strict".
STANDARD_SPELLING = {
    "reshape": "ak.reshape(x, shape)",
    "ravel": "ak.reshape(x, (-1,))",
    "flatten": "ak.reshape(x, (-1,), copy=True)",
    "transpose": "ak.permute_dims(x, axes) or x.mT",
    "swapaxes": "ak.permute_dims(x, axes)",
    "squeeze": "ak.squeeze(x, axis)",
    "astype": "ak.astype(x, dtype)",
    "copy": "ak.asarray(x, copy=True)",
    "sum": "ak.sum(x)",
    "prod": "ak.prod(x)",
    "mean": "ak.mean(x)",
    "std": "ak.std(x, correction=ddof)",
    "var": "ak.var(x, correction=ddof)",
    "min": "ak.min(x)",
    "max": "ak.max(x)",
    "argmin": "ak.argmin(x)",
    "argmax": "ak.argmax(x)",
    "any": "ak.any(x)",
    "all": "ak.all(x)",
    "cumsum": "ak.cumulative_sum(x)",
    "cumprod": "ak.cumulative_prod(x)",
    "clip": "ak.clip(x, min, max)",
    "round": "ak.round(x)",
    "conj": "ak.conj(x)",
    "dot": "ak.matmul(x, y) or ak.vecdot(x, y)",
    "nonzero": "ak.nonzero(x)",
    "sort": "x[...] = ak.sort(x)",
    "argsort": "ak.argsort(x)",
    "fill": "x[...] = value",
    "item": "float(x), int(x) or bool(x) of a 0-D array",
    "tolist": "np.asarray(x).tolist()",
    "tobytes": "np.asarray(x).tobytes()",
    "numpy": "np.asarray(x)",
    "real": "ak.real(x)",
    "imag": "ak.imag(x)",
    "nbytes": "x.size * x.dtype.itemsize",
    "itemsize": "x.dtype.itemsize",
    "flat": "ak.reshape(x, (-1,))",
    "__format__": "format(float(x), spec) of a 0-D array",
    "__contains__": "ak.any(x == value)",
    "__divmod__": "(ak.floor_divide(x, y), ak.remainder(x, y))",
    "__rdivmod__": "(ak.floor_divide(y, x), ak.remainder(y, x))",
    "__round__": "ak.round(x)",
    # issue 25, part B (_ndarray_more)
    "view": "ak.astype(x, dtype) (it converts the values: the standard has no views of bytes)",
    "take": "ak.take(x, indices, axis=axis)",
    "repeat": "ak.repeat(x, repeats, axis=axis)",
    "diagonal": "ak.linalg.diagonal(x, offset=offset)",
    "trace": "ak.linalg.trace(x, offset=offset)",
    "searchsorted": "ak.searchsorted(x, v, side=side)",
    "compress": "ak.take(x, ak.nonzero(condition)[0], axis=axis)",
    "choose": "ak.take_along_axis(ak.stack(choices), x[None], axis=0)[0]",
    "conjugate": "ak.conj(x)",
    "put": "x[indices] = values",
    "partition": "x[...] = ak.sort(x, axis=axis)",
    "argpartition": "ak.argsort(x, axis=axis)",
    "resize": "ak.reshape of a new array (ak.concat with zeros to grow it)",
}


def _allowed(name: str) -> None:
    if _config.get().promotion.name == "strict":
        raise TypeError(
            f"x.{name.strip('_') if name.startswith('__') else name} is NumPy's, not the "
            f"array API standard's (refused under promotion='strict'); use "
            f"{STANDARD_SPELLING[name]}"
        )


def _no_out(name: str, out: Any) -> None:
    if out is not None:
        raise TypeError(f"x.{name}: out= is not supported (arraykit returns new arrays)")


def _c_order(name: str, order: str) -> None:
    if order not in ("C", "K", "A"):
        raise ValueError(f"x.{name}: only order='C' is supported, got order={order!r}")


def _varargs(name: str, args: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """NumPy's ``x.reshape(2, 3)`` == ``x.reshape((2, 3))``; ``None`` for no arguments."""
    if not args:
        return None
    if len(args) == 1 and (args[0] is None or isinstance(args[0], (tuple, list))):
        return None if args[0] is None else tuple(args[0])
    for a in args:
        if not isinstance(a, (int, np.integer)) or isinstance(a, bool):
            raise TypeError(f"x.{name}: expected integers or one tuple, got {a!r}")
    return tuple(int(a) for a in args)


def make_methods() -> dict[str, Any]:
    """The methods and properties, over the public namespace ``ak``."""

    def reshape(self: Array, *shape: Any, order: str = "C", copy: bool | None = None) -> Array:
        _allowed("reshape")
        _c_order("reshape", order)
        new = _varargs("reshape", shape)
        if new is None:
            raise TypeError("x.reshape: a shape is required")
        return ak.reshape(self, new, copy=copy)

    def ravel(self: Array, order: str = "C") -> Array:
        _allowed("ravel")
        _c_order("ravel", order)  # a view only of a C-contiguous array, as NumPy's
        return ak.reshape(self, (-1,), copy=None if is_c_contiguous(self) is not False else True)

    def flatten(self: Array, order: str = "C") -> Array:
        _allowed("flatten")
        _c_order("flatten", order)
        return ak.reshape(self, (-1,), copy=True)

    def transpose(self: Array, *axes: Any) -> Array:
        _allowed("transpose")
        perm = _varargs("transpose", axes)
        if perm is None:
            perm = tuple(range(self.ndim - 1, -1, -1))
        return ak.permute_dims(self, perm)

    def swapaxes(self: Array, axis1: int, axis2: int) -> Array:
        _allowed("swapaxes")
        n = self.ndim
        a1, a2 = (operator.index(a) for a in (axis1, axis2))
        for a in (a1, a2):
            if not -n <= a < n:
                raise IndexError(f"x.swapaxes: axis {a} is out of range for {n}-D array")
        perm = list(range(n))
        perm[a1], perm[a2] = perm[a2], perm[a1]
        return ak.permute_dims(self, tuple(perm))

    def squeeze(self: Array, axis: int | tuple[int, ...] | None = None) -> Array:
        _allowed("squeeze")
        if axis is None:
            axis = tuple(i for i, n in enumerate(self.shape) if n == 1)
        return ak.squeeze(self, axis)

    def astype(
        self: Array,
        dtype: Any,
        order: str = "K",
        casting: str = "unsafe",
        subok: bool = True,
        copy: bool = True,
    ) -> Array:
        _allowed("astype")
        _c_order("astype", order)
        if casting != "unsafe":
            raise ValueError(f"x.astype: only casting='unsafe' is supported, got {casting!r}")
        return ak.astype(self, dt.canonical(dtype), copy=copy)

    def copy(self: Array, order: str = "C") -> Array:
        _allowed("copy")
        _c_order("copy", order)
        return ak.asarray(self, copy=True)

    def reduction(name: str, fn: Callable[..., Array], with_dtype: bool) -> Any:
        def typed(
            self: Array, axis: Any = None, dtype: Any = None, out: Any = None,
            keepdims: bool = False,
        ) -> Array:  # fmt: skip
            _allowed(name)
            _no_out(name, out)
            if dtype is not None:
                dtype = dt.canonical(dtype)
            return fn(self, axis=_axis(axis), dtype=dtype, keepdims=keepdims)

        def method(self: Array, axis: Any = None, out: Any = None, keepdims: bool = False) -> Array:
            _allowed(name)
            _no_out(name, out)
            return fn(self, axis=_axis(axis), keepdims=keepdims)

        return typed if with_dtype else method

    def mean(
        self: Array, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: bool = False
    ) -> Array:
        _allowed("mean")
        _no_out("mean", out)
        x = self if dtype is None else ak.astype(self, dt.canonical(dtype))
        return ak.mean(x, axis=_axis(axis), keepdims=keepdims)

    def spread(name: str) -> Any:
        fn: Callable[..., Array] = getattr(ak, name)

        def method(
            self: Array, axis: Any = None, dtype: Any = None, out: Any = None,
            ddof: float = 0, keepdims: bool = False,
        ) -> Array:  # fmt: skip
            _allowed(name)
            _no_out(name, out)
            x = self if dtype is None else ak.astype(self, dt.canonical(dtype))
            return fn(x, axis=_axis(axis), correction=ddof, keepdims=keepdims)

        return method

    def arg_reduction(name: str) -> Any:
        fn: Callable[..., Array] = getattr(ak, name)

        def method(self: Array, axis: int | None = None, out: Any = None, *,
                   keepdims: bool = False) -> Array:  # fmt: skip
            _allowed(name)
            _no_out(name, out)
            x = self
            if axis is None and self.ndim != 1:  # NumPy: the index into the flattened array
                x = ak.reshape(self, (-1,))
                if keepdims:
                    return ak.reshape(fn(x), (1,) * self.ndim)
            return fn(x, axis=axis, keepdims=keepdims)

        return method

    def cumulative(name: str, fn: Callable[..., Array]) -> Any:
        def method(self: Array, axis: int | None = None, dtype: Any = None,
                   out: Any = None) -> Array:  # fmt: skip
            _allowed(name)
            _no_out(name, out)
            x = self
            if axis is None and self.ndim != 1:  # NumPy: over the flattened array
                x, axis = ak.reshape(self, (-1,)), 0
            if dtype is not None:
                dtype = dt.canonical(dtype)
            return fn(x, axis=axis, dtype=dtype)

        return method

    def clip(self: Array, min: Any = None, max: Any = None, out: Any = None) -> Array:
        _allowed("clip")
        _no_out("clip", out)
        return ak.clip(self, min, max)

    def round_(self: Array, decimals: int = 0, out: Any = None) -> Array:
        _allowed("round")
        _no_out("round", out)
        return _round(ak, self, decimals)

    def conj(self: Array) -> Array:
        _allowed("conj")
        return ak.conj(self) if self._dtype.kind == "c" else self  # NumPy's: self if real

    def dot(self: Array, b: Any, out: Any = None) -> Array:
        _allowed("dot")
        _no_out("dot", out)
        return _dot(ak, self, b)

    def nonzero(self: Array) -> tuple[Array, ...]:
        _allowed("nonzero")
        return ak.nonzero(self)

    def sort(self: Array, axis: int = -1, kind: str | None = None, order: Any = None) -> None:
        _allowed("sort")
        if order is not None:
            raise ValueError("x.sort: order= applies to structured arrays, which arraykit lacks")
        self[...] = ak.sort(self, axis=axis, kind=kind)

    def argsort(self: Array, axis: int | None = -1, kind: str | None = None,
                order: Any = None, *, stable: bool | None = None) -> Array:  # fmt: skip
        _allowed("argsort")
        if order is not None:
            raise ValueError("x.argsort: order= applies to structured arrays")
        x = self
        if axis is None:
            x, axis = ak.reshape(self, (-1,)), -1
        if stable is not None and kind is None:
            kind = "stable" if stable else None
        return ak.argsort(x, axis=axis, kind=kind)

    def fill(self: Array, value: Any) -> None:
        _allowed("fill")
        self[...] = value

    def item(self: Array, *args: Any) -> Any:
        _allowed("item")
        x = self
        if len(args) == 1 and not isinstance(args[0], tuple):
            flat = ak.reshape(self, (-1,))
            x = flat[operator.index(args[0])]
        elif args:
            key = args[0] if len(args) == 1 else args
            x = self[tuple(operator.index(k) for k in key)]
        elif self.size != 1:
            raise ValueError(
                f"x.item(): can only convert an array of size 1 to a Python scalar, "
                f"got shape {self.shape}"
            )
        return _host(x).item() if x.ndim else x._driver.to_scalar(x._value)

    def tolist(self: Array) -> Any:
        _allowed("tolist")
        return _host(self).tolist()

    def tobytes(self: Array, order: Literal["C", "F", "A", "K"] = "C") -> bytes:
        _allowed("tobytes")
        return _host(self).tobytes(order=order)

    def numpy(self: Array) -> np.ndarray:
        """A writable NumPy copy on the host (TF's ``Tensor.numpy()``).

        Examples
        --------
        >>> ak.asarray([1.0, 2.0]).numpy()
        array([1., 2.])
        """
        _allowed("numpy")
        return np.array(_host(self), copy=True)

    def real(self: Array) -> Array:
        """the real part (``x`` itself for real input); ``ak.real(x)`` in the standard.

        Examples
        --------
        >>> ak.asarray([1 + 2j, 3 - 4j]).real
        Array([1., 3.], dtype=float64)
        """
        _allowed("real")
        return ak.real(self) if self._dtype.kind == "c" else self

    def imag(self: Array) -> Array:
        """the imaginary part (zeros for real input); ``ak.imag(x)`` in the standard.

        Examples
        --------
        >>> ak.asarray([1 + 2j, 3 - 4j]).imag
        Array([ 2., -4.], dtype=float64)
        >>> ak.asarray([1.5], dtype=ak.float32).imag
        Array([0.], dtype=float32)
        """
        _allowed("imag")
        if self._dtype.kind == "c":
            return ak.imag(self)
        drv = self._driver  # NumPy's read-only zeros (also for bool, which ak.imag refuses)
        return part(self, Array._new(drv.imag(self._value), drv, self._dtype), "imag")

    def nbytes(self: Array) -> int:
        """the size of the data in bytes, ``x.size * x.dtype.itemsize`` in the standard.

        Examples
        --------
        >>> ak.zeros((2, 3), dtype=ak.float32).nbytes
        24
        >>> with ak.use(promotion="strict"):
        ...     ak.zeros(3).nbytes
        Traceback (most recent call last):
            ...
        TypeError: x.nbytes is NumPy's, not the array API standard's ...
        """
        _allowed("nbytes")
        return _size(self) * self._dtype.itemsize

    def itemsize(self: Array) -> int:
        """the size of one element in bytes, ``x.dtype.itemsize`` in the standard.

        Examples
        --------
        >>> ak.zeros(3, dtype=ak.int16).itemsize
        2
        """
        _allowed("itemsize")
        return self._dtype.itemsize

    def __format__(self: Array, spec: str) -> str:
        if not spec:
            return str(self)
        _allowed("__format__")
        if self.ndim != 0:
            raise TypeError(
                f"unsupported format string {spec!r} for a {self.ndim}-D array; "
                "format a 0-D array or its elements"
            )
        return format(self._driver.to_scalar(self._value), spec)

    def __contains__(self: Array, value: Any) -> bool:
        _allowed("__contains__")
        return bool(ak.any(self == value))

    def __divmod__(self: Array, other: Any) -> Any:
        if not _operand(other):
            return NotImplemented
        _allowed("__divmod__")
        return ak.floor_divide(self, other), ak.remainder(self, other)

    def __rdivmod__(self: Array, other: Any) -> Any:
        if not _operand(other):
            return NotImplemented
        _allowed("__rdivmod__")
        return ak.floor_divide(other, self), ak.remainder(other, self)

    def __round__(self: Array, ndigits: int | None = None) -> Array:
        _allowed("__round__")
        return _round(ak, self, 0 if ndigits is None else ndigits)

    methods: dict[str, Any] = {
        "reshape": reshape, "ravel": ravel, "flatten": flatten, "transpose": transpose,
        "swapaxes": swapaxes, "squeeze": squeeze, "astype": astype, "copy": copy,
        "sum": reduction("sum", ak.sum, True), "prod": reduction("prod", ak.prod, True),
        "min": reduction("min", ak.min, False), "max": reduction("max", ak.max, False),
        "any": reduction("any", ak.any, False), "all": reduction("all", ak.all, False),
        "mean": mean, "std": spread("std"), "var": spread("var"),
        "argmin": arg_reduction("argmin"), "argmax": arg_reduction("argmax"),
        "cumsum": cumulative("cumsum", ak.cumulative_sum),
        "cumprod": cumulative("cumprod", ak.cumulative_prod),
        "clip": clip, "round": round_, "conj": conj, "dot": dot, "nonzero": nonzero,
        "sort": sort, "argsort": argsort, "fill": fill, "item": item, "tolist": tolist,
        "tobytes": tobytes, "numpy": numpy, "__format__": __format__,
        "__contains__": __contains__, "__divmod__": __divmod__,
        "__rdivmod__": __rdivmod__, "__round__": __round__,
    }  # fmt: skip
    for name, fn in methods.items():
        fn.__name__ = name
        fn.__qualname__ = f"Array.{name}"
    for name, fn in {
        "real": real, "imag": imag, "nbytes": nbytes, "itemsize": itemsize,
    }.items():  # fmt: skip
        fn.__name__ = name
        methods[name] = property(fn, doc=f"NumPy's ``ndarray.{name}``; {fn.__doc__ or ''}")
    return methods


def install() -> None:
    """Put every method and property of ``make_methods`` (and ``_ndarray_more``'s) on
    ``Array``."""
    from . import _ndarray_more

    for name, fn in {**make_methods(), **_ndarray_more.make_methods()}.items():
        if name in vars(Array):
            raise RuntimeError(f"Array.{name} is defined twice")
        setattr(Array, name, fn)
    # Above NumPy's ndarray (0), as TF-NumPy's ndarray: in `np_array + x`, NumPy defers.
    Array.__array_priority__ = 110


# ---------------------------------------------------------------------- helpers
_PY_SCALARS = (bool, int, float, complex)


def _operand(other: Any) -> bool:
    return other.__class__ is Array or other.__class__ in _PY_SCALARS


def _axis(axis: Any) -> Any:
    return tuple(axis) if isinstance(axis, list) else axis


def _size(x: Array) -> int:
    size = x.size
    if size is None:
        raise TypeError("the size of an array with unknown dimensions is not known yet")
    return size


def _host(x: Array) -> np.ndarray:
    return np.asarray(x._driver.to_numpy(x._value))


def _round(ak: ModuleType, x: Array, decimals: int) -> Array:
    """NumPy's ``round(x, decimals)``: half to even, scaled by ``10**decimals`` (NumPy's
    own algorithm, so the results are NumPy's bit for bit)."""
    decimals = operator.index(decimals)
    if decimals == 0 or x._dtype.kind in "biu":
        if x._dtype.kind in "iu" and decimals < 0:  # NumPy rounds integers to tens too
            return _int_round(ak, x, 10**-decimals)
        rounded: Array = ak.round(x)
        return rounded
    scale = 10.0**decimals if decimals > 0 else 10.0**-decimals
    if decimals > 0:
        up: Array = ak.round(x * scale)
        return up / scale
    down: Array = ak.round(x / scale)
    return down * scale


def _int_round(ak: ModuleType, x: Array, scale: int) -> Array:
    """Integers rounded to a multiple of ``scale``, half to even, exactly (as NumPy)."""
    q: Array = ak.floor_divide(x, scale)
    r = x - q * scale
    half = scale // 2
    up = (r > half) | ((r == half) & (ak.remainder(q, 2) == 1))
    rounded: Array = (q + ak.astype(up, x.dtype)) * scale
    return rounded


def _dot(ak: ModuleType, a: Array, b: Any) -> Array:
    """NumPy's ``dot``: products of scalars, inner products of vectors, matrix products,
    and for N-D a sum over the last axis of ``a`` and the second-to-last of ``b``."""
    if not isinstance(b, Array):
        b = ak.asarray(b, device=a.device, driver=a.driver)
    res: Array
    if a.ndim == 0 or b.ndim == 0:
        res = ak.multiply(a, b)
    elif b.ndim == 1:
        res = ak.tensordot(a, b, axes=([a.ndim - 1], [0]))
    elif a.ndim <= 2 and b.ndim == 2:
        res = ak.matmul(a, b)
    else:
        res = ak.tensordot(a, b, axes=([a.ndim - 1], [b.ndim - 2]))
    return res
