"""Creation functions.

New arrays are placed on the active driver's active device (``ak.use``) unless
``device=`` says otherwise; ``*_like`` functions follow their input's driver and device.
Python data takes the default dtypes of the active settings.

Spec: https://data-apis.org/array-api/2025.12/API_specification/creation_functions.html
"""

from __future__ import annotations

import math
import operator
from typing import Any, cast

import numpy as np

from . import _aliasing, _config
from . import _dtypes as dt
from ._array import Array
from ._core import (
    check_array,
    holds_typed_scalars,
    infer_dtype,
    int_arg,
    new,
    python_scalar,
    refuse_in_strict,
    same_driver,
)
from ._data_types import astype, host_cast
from ._devices import Device
from ._types import DeviceArg, DType
from .drivers import Driver
from .drivers import get as get_driver

__all__ = [
    "arange", "asarray", "empty", "empty_like", "eye", "from_dlpack", "full", "full_like",
    "linspace", "logspace", "meshgrid", "ones", "ones_like", "tril", "triu", "zeros",
    "zeros_like",
]  # fmt: skip

_PY_SCALARS = (bool, int, float, complex)


def _target(
    fn: str, device: Device | str | None, driver: str | Driver | None = None
) -> tuple[Driver, Device, _config.Config]:
    """The driver and device a creation function places its result on."""
    cfg = _config.get()
    if driver is not None:
        drv = get_driver(driver)
    elif device is not None and isinstance(device, Device):
        # A device names its driver: code that follows its inputs' device (worker threads,
        # whose default driver is NumPy) creates on that driver.
        drv = cfg.driver if device.driver == cfg.driver.name else get_driver(device.driver)
    else:
        drv = cfg.driver
    if device is None:
        dev = cfg.device if drv is cfg.driver and cfg.device is not None else drv.default_device()
    else:
        dev = _config.resolve_device(drv, device)
    return drv, dev, cfg


def _dtype_arg(dtype: Any, fn: str) -> np.dtype | None:
    if dtype is None:
        return None
    try:
        return dt.canonical(dtype)
    except TypeError as e:
        raise TypeError(f"{fn}: {e}") from None


def _shape_arg(shape: Any, fn: str) -> tuple[int, ...]:
    items = shape if isinstance(shape, (tuple, list)) else (shape,)
    try:
        out = tuple(operator.index(s) for s in items)
    except TypeError:
        raise TypeError(f"{fn}: 'shape' must be an int or a tuple of ints, got {shape!r}") from None
    if any(s < 0 for s in out):
        raise ValueError(f"{fn}: negative dimensions are not allowed, got {shape!r}")
    return out


def asarray(
    obj: Any,
    /,
    *,
    dtype: DType | None = None,
    device: DeviceArg = None,
    copy: bool | None = None,
    driver: str | Driver | None = None,
) -> Array:
    """Convert ``obj`` to an array.

    ``obj`` may be an arraykit array, a native value of a driver (``np.ndarray``,
    ``tf.Tensor``, ``jax.Array``: wrapped without a copy when possible), anything with
    ``__array__`` or the buffer protocol, a Python scalar or a nested sequence of them.
    arraykit adds ``driver=``: the driver to place the result on (default: the input's
    driver for arrays, else the active one), which is also how an array moves between
    drivers.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.asarray.html

    Examples
    --------
    >>> ak.asarray([[1, 2], [3, 4]]).dtype
    dtype('int64')
    >>> ak.asarray([1.5, 2.5], dtype=ak.float32)
    Array([1.5, 2.5], dtype=float32)
    """
    dtype = _dtype_arg(dtype, "asarray")
    if copy not in (True, False, None):
        raise ValueError(f"asarray: copy must be True, False or None, got {copy!r}")
    if obj.__class__ is Array:
        return _from_array(obj, dtype, device, copy, driver)
    drv, dev, cfg = _target("asarray", device, driver)
    if drv.is_native(obj):
        native_dtype = drv.dtype_of(obj)
        x = new(obj, drv, native_dtype)
        return _from_array(x, dtype, device, copy, None)
    if isinstance(obj, np.ndarray) or hasattr(obj, "__array__") or _is_buffer(obj):
        data = np.asarray(obj)
        if dtype is None:
            try:
                dtype = dt.canonical(data.dtype)
            except TypeError as e:
                raise TypeError(
                    f"asarray: cannot make an array of 'obj' from {type(obj).__name__}: {e}"
                ) from None
        if copy is False and data.dtype != dtype:
            raise ValueError(f"asarray: copy=False, but converting to {dtype} needs a copy")
        return new(drv.asarray(host_cast(data, dtype), dtype, dev, copy), drv, dtype)
    if copy is False:
        raise ValueError("asarray: copy=False, but Python data cannot be used without a copy")
    if obj.__class__ in _PY_SCALARS and dtype is None:
        dtype = {bool: dt.bool, int: None, float: cfg.default_float, complex: cfg.default_complex}[
            obj.__class__
        ]
    if dtype is None or (obj.__class__ is int and dtype.kind in "iu"):
        try:
            data = np.asarray(_unwrap(obj))
        except (ValueError, OverflowError) as e:
            raise (OverflowError if isinstance(e, OverflowError) else ValueError)(
                f"asarray: cannot make an array of 'obj' from {type(obj).__name__}: {e}"
            ) from None
        if dtype is None:
            if data.dtype.kind in "biufc" and holds_typed_scalars(obj):
                dtype = dt.canonical(data.dtype)  # [np.int32(1), ...] is int32, as NumPy
            else:
                dtype = infer_dtype(data, cfg, "asarray")
        elif data.dtype.kind == "O" or (
            data.size
            and not np.iinfo(dtype).min <= int(data.min()) <= int(data.max()) <= np.iinfo(dtype).max
        ):
            raise OverflowError(f"asarray: Python int out of bounds for {dtype}")
        obj = data
    else:
        obj = _unwrap(obj)
    return new(drv.asarray(obj, dtype, dev, True), drv, dtype)


def _unwrap(obj: Any) -> Any:
    """Nested sequences may hold 0-D arraykit arrays: replace them by Python scalars."""
    if obj.__class__ is Array:
        return obj._driver.to_numpy(obj._value)
    if isinstance(obj, (list, tuple)):
        return [_unwrap(o) for o in obj]
    return obj


def _is_buffer(obj: Any) -> bool:
    if isinstance(obj, (bytes, bytearray, memoryview)):
        return True
    try:
        memoryview(obj)
    except TypeError:
        return False
    return True


def _from_array(
    x: Array,
    dtype: np.dtype | None,
    device: Device | str | None,
    copy: bool | None,
    driver: str | Driver | None,
) -> Array:
    drv = x._driver
    if driver is not None and get_driver(driver) is not drv:
        if copy is False:
            raise ValueError("asarray: copy=False, but moving between drivers copies")
        target, dev, _ = _target("asarray", device, driver)
        out_dtype = dtype or x._dtype
        data = host_cast(drv.to_numpy(x._value), out_dtype)
        return new(target.asarray(data, out_dtype, dev, True), target, out_dtype)
    value = x._value
    copied = False
    if device is not None:
        dev = _config.resolve_device(drv, device)
        if dev != drv.device_of(value):
            if copy is False:
                raise ValueError("asarray: copy=False, but moving to another device copies")
            value, copied = drv.to_device(value, dev), True
    if dtype is not None and dtype is not x._dtype:
        if copy is False:
            raise ValueError(f"asarray: copy=False, but casting to {dtype} copies")
        return new(drv.astype(value, dtype), drv, dtype)
    if copy and not copied:
        value = drv.copy(value)
    return x if value is x._value else new(value, drv, x._dtype)


def arange(
    start: int | float,
    /,
    stop: int | float | None = None,
    step: int | float = 1,
    *,
    dtype: DType | None = None,
    device: DeviceArg = None,
) -> Array:
    """Evenly spaced values in ``[start, stop)``.

    Floats are NumPy's bit for bit, as its ``arange`` computes them: ``start``, ``start +
    step``, then ``first + i * (second - first)`` in ``dtype`` (float16: in float32).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.arange.html
    """
    stop_name = "stop"
    if stop is None:  # arange(n): the argument named start is the stop
        start, stop, stop_name = 0, start, "start"
    start, _ = python_scalar(start, "arange", "start")  # np.int64(3), 0-D arrays
    stop, _ = python_scalar(stop, "arange", stop_name)
    step, _ = python_scalar(step, "arange", "step")
    for name, v in (("start", start), (stop_name, stop), ("step", step)):
        if v.__class__ not in (int, float) and not isinstance(v, (int, float)):
            raise TypeError(f"arange: {name!r} must be an int or a float, got {v!r}")
    if step == 0:
        raise ValueError("arange: step must not be zero")
    drv, dev, cfg = _target("arange", device)
    dtype = _dtype_arg(dtype, "arange")
    if dtype is None:
        ints = all(isinstance(v, int) for v in (start, stop, step))
        dtype = cfg.default_int if ints else cfg.default_float
    if dtype.kind not in "iufc":
        raise TypeError(f"arange: dtype must be a numeric dtype, got {dtype}")
    n = max(math.ceil((cast(float, stop) - start) / step), 0)  # numbers: checked above
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        last = start + (n - 1) * step
        if n and not (info.min <= start <= info.max and info.min <= last <= info.max):
            raise OverflowError(f"arange: values out of bounds for {dtype}")
        return new(drv.arange(start, stop, step, dtype, dev), drv, dtype)
    real = dt.REAL_OF.get(dtype, dtype)  # complex: a zero imaginary part, as NumPy's
    work = dt.float32 if real is dt.float16 else real  # NumPy's fill: first + i * delta
    with np.errstate(over="ignore", invalid="ignore"):
        head = np.array([start, start + step][:n], real)
        if n < 3:
            return asarray(head, dtype=dtype, device=dev)
        first, delta = work.type(head[0]), work.type(head[1]) - work.type(head[0])
        formula = np.array([first + work.type(0) * delta, first + delta], work)  # as head?
    v = drv.multiply(drv.arange(0, n, 1, work, dev), drv.asarray(delta, work, dev, None))
    v = drv.add(v, drv.asarray(first, work, dev, None))
    if formula.tobytes() != head.astype(work).tobytes():  # -0, inf or first + delta rounds
        v = drv.setitem(v, (slice(0, 2),), drv.asarray(head, work, dev, None))
    return astype(new(v, drv, work), dtype, copy=False)


def _filled(fn: str, shape: Any, fill: Any, dtype: Any, device: Any) -> Array:
    shape = _shape_arg(shape, fn)
    drv, dev, cfg = _target(fn, device)
    dtype = _dtype_arg(dtype, fn)
    fill, fill_dtype = python_scalar(fill, fn, "fill_value")  # np.float32(0.5), 0-D arrays
    if dtype is None:
        dtype = fill_dtype or _scalar_dtype(fill, cfg, fn)
    _check_fill(fill, dtype, fn)
    return new(drv.full(shape, fill, dtype, dev), drv, dtype)


def _scalar_dtype(fill: Any, cfg: _config.Config, fn: str) -> np.dtype:
    if isinstance(fill, bool):
        return dt.bool
    if isinstance(fill, int):
        return cfg.default_int
    if isinstance(fill, float):
        return cfg.default_float
    if isinstance(fill, complex):
        return cfg.default_complex
    raise TypeError(f"{fn}: fill_value must be a Python bool, int, float or complex, got {fill!r}")


def _check_fill(fill: Any, dtype: np.dtype, fn: str) -> None:
    if not isinstance(fill, (bool, int, float, complex)):
        raise TypeError(f"{fn}: fill_value must be a Python scalar, got {type(fill).__name__}")
    kind = dtype.kind
    ok = {
        "b": (bool,),
        "i": (bool, int),
        "u": (bool, int),
        "f": (bool, int, float),
        "c": (bool, int, float, complex),
    }[kind]
    if not isinstance(fill, ok):
        raise TypeError(f"{fn}: fill_value {fill!r} does not fit a {dtype} array")
    if kind in "iu" and not isinstance(fill, bool):
        info = np.iinfo(dtype)
        if not info.min <= cast(int, fill) <= info.max:  # an int: checked above
            raise OverflowError(f"{fn}: fill_value {fill} is out of bounds for {dtype}")


def full(
    shape: int | tuple[int, ...],
    fill_value: bool | int | float | complex,
    *,
    dtype: DType | None = None,
    device: DeviceArg = None,
) -> Array:
    """An array of ``shape`` filled with ``fill_value``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.full.html

    Examples
    --------
    >>> ak.full(3, 0.5, dtype=ak.float32)
    Array([0.5, 0.5, 0.5], dtype=float32)
    """
    return _filled("full", shape, fill_value, dtype, device)


def zeros(
    shape: int | tuple[int, ...], *, dtype: DType | None = None, device: DeviceArg = None
) -> Array:
    """An array of zeros (default dtype: the default float).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.zeros.html

    Examples
    --------
    >>> ak.zeros(3, dtype=ak.int32)
    Array([0, 0, 0], dtype=int32)
    """
    return _filled("zeros", shape, 0.0 if dtype is None else False, dtype, device)


def ones(
    shape: int | tuple[int, ...], *, dtype: DType | None = None, device: DeviceArg = None
) -> Array:
    """An array of ones (default dtype: the default float).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.ones.html
    """
    return _filled("ones", shape, 1.0 if dtype is None else True, dtype, device)


def empty(
    shape: int | tuple[int, ...], *, dtype: DType | None = None, device: DeviceArg = None
) -> Array:
    """An uninitialised array (default dtype: the default float).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.empty.html
    """
    shape = _shape_arg(shape, "empty")
    drv, dev, cfg = _target("empty", device)
    dtype = _dtype_arg(dtype, "empty") or cfg.default_float
    return new(drv.empty(shape, dtype, dev), drv, dtype)


def _filled_like(fn: str, x: Array, fill: Any, dtype: Any, device: Any) -> Array:
    check_array(x, fn)  # fill None: empty_like; unknown sizes need the driver's full_like
    drv, shape, dtype = x._driver, x.shape, _dtype_arg(dtype, fn) or x._dtype
    dev = drv.device_of(x._value) if device is None else _config.resolve_device(drv, device)
    if fn == "full_like":
        fill, _ = python_scalar(fill, fn, "fill_value")  # np.float32(0.5), 0-D arrays
        _check_fill(fill, dtype, fn)
    if None not in shape:
        sizes = cast("tuple[int, ...]", shape)  # known: checked
        value = drv.empty(sizes, dtype, dev) if fill is None else drv.full(sizes, fill, dtype, dev)
    elif drv.full_like is not None:  # sizes a lazy driver learns only when it computes
        value = drv.full_like(x._value, False if fill is None else fill, dtype, dev)
    else:
        raise ValueError(f"{fn}: the {drv.name} driver cannot fill an unknown shape {shape}")
    return new(value, drv, dtype)


def full_like(
    x: Array,
    /,
    fill_value: bool | int | float | complex,
    *,
    dtype: DType | None = None,
    device: DeviceArg = None,
) -> Array:
    """An array shaped like ``x`` filled with ``fill_value``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.full_like.html
    """
    return _filled_like("full_like", x, fill_value, dtype, device)


def zeros_like(x: Array, /, *, dtype: DType | None = None, device: DeviceArg = None) -> Array:
    """Zeros shaped like ``x``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.zeros_like.html

    Examples
    --------
    >>> ak.zeros_like(ak.asarray([[1, 2, 3]], dtype=ak.int16))   # shape, dtype, device of x
    Array([[0, 0, 0]], dtype=int16)
    """
    return _filled_like("zeros_like", x, False, dtype, device)


def ones_like(x: Array, /, *, dtype: DType | None = None, device: DeviceArg = None) -> Array:
    """Ones shaped like ``x``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.ones_like.html
    """
    return _filled_like("ones_like", x, True, dtype, device)


def empty_like(x: Array, /, *, dtype: DType | None = None, device: DeviceArg = None) -> Array:
    """An uninitialised array shaped like ``x``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.empty_like.html
    """
    return _filled_like("empty_like", x, None, dtype, device)


def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: DType | None = None,
    device: DeviceArg = None,
) -> Array:
    """A 2-D array with ones on the ``k``-th diagonal.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.eye.html

    Examples
    --------
    >>> ak.eye(3, k=1, dtype=ak.int64)
    Array([[0, 1, 0],
           [0, 0, 1],
           [0, 0, 0]], dtype=int64)
    """
    n_rows = int_arg("eye", "n_rows", n_rows)
    n_cols = n_rows if n_cols is None else int_arg("eye", "n_cols", n_cols)
    if n_rows < 0 or n_cols < 0:
        raise ValueError(f"eye: 'n_rows' and 'n_cols' must be non-negative, got {n_rows}, {n_cols}")
    drv, dev, cfg = _target("eye", device)
    dtype = _dtype_arg(dtype, "eye") or cfg.default_float
    return new(drv.eye(n_rows, n_cols, int_arg("eye", "k", k), dtype, dev), drv, dtype)


def _span_args(fn: str, num: Any, **bounds: Any) -> tuple[Any, ...]:
    """``linspace``'s and ``logspace``'s count and bounds (as Python scalars), checked."""
    num = int_arg(fn, "num", num)
    if num < 0:
        raise ValueError(f"{fn}: 'num' must be non-negative, got {num}")
    values = [python_scalar(v, fn, name)[0] for name, v in bounds.items()]
    for name, v in zip(bounds, values, strict=True):
        if not isinstance(v, (int, float, complex)):
            raise TypeError(f"{fn}: {name!r} must be a Python scalar, got {type(v).__name__}")
    return (num, *values)


def linspace(
    start: int | float | complex,
    stop: int | float | complex,
    /,
    num: int,
    *,
    dtype: DType | None = None,
    device: DeviceArg = None,
    endpoint: bool = True,
) -> Array:
    """``num`` evenly spaced values from ``start`` to ``stop``.

    Beyond the standard, as NumPy: an integer ``dtype`` computes in the default float
    dtype and rounds towards minus infinity (not under ``promotion="strict"``).

    Values are NumPy's bit for bit: its formula, in float64 (complex128), rounded once to
    ``dtype``.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.linspace.html
    """
    num, start, stop = _span_args("linspace", num, start=start, stop=stop)
    drv, dev, cfg = _target("linspace", device)
    dtype = _dtype_arg(dtype, "linspace")
    is_complex = isinstance(start, complex) or isinstance(stop, complex)
    if dtype is None:
        dtype = cfg.default_complex if is_complex else cfg.default_float
    if dtype.kind in "iu" and not is_complex:
        refuse_in_strict(f"an integer dtype ({dtype})", "linspace", "dtype")
        values = drv.floor(drv.linspace(start, stop, num, bool(endpoint), cfg.default_float, dev))
        return new(drv.astype(values, dtype), drv, dtype)
    if dtype.kind not in "fc" or (is_complex and dtype.kind != "c"):
        raise TypeError(f"linspace: dtype must be a floating-point dtype, got {dtype}")
    return new(drv.linspace(start, stop, num, bool(endpoint), dtype, dev), drv, dtype)


def logspace(
    start: int | float | complex,
    stop: int | float | complex,
    /,
    num: int = 50,
    *,
    base: int | float | complex = 10.0,
    dtype: DType | None = None,
    device: DeviceArg = None,
    endpoint: bool = True,
) -> Array:
    """``base ** linspace(start, stop, num)``: values evenly spaced on a log scale.

    Not in the standard: NumPy's ``logspace``, computed as NumPy does, in the default
    float (or complex) dtype, then converted to ``dtype`` (an integer ``dtype`` truncates).
    """
    num, start, stop, base = _span_args("logspace", num, start=start, stop=stop, base=base)
    dtype, cfg = _dtype_arg(dtype, "logspace"), _config.get()
    complex_ = complex in {type(start), type(stop)} or dtype in dt.COMPLEX_FLOATING
    work = cfg.default_complex if complex_ else cfg.default_float
    y = base ** linspace(start, stop, num, dtype=work, device=device, endpoint=endpoint)
    return y if dtype is None or dtype == work else astype(y, dtype)


def meshgrid(*arrays: Array, indexing: str = "xy") -> tuple[Array, ...]:
    """Coordinate matrices from 1-D coordinate vectors.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.meshgrid.html
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: 'indexing' must be 'xy' or 'ij', got {indexing!r}")
    if not arrays:
        return ()
    for i, a in enumerate(arrays):
        check_array(a, "meshgrid", f"arrays[{i}]")
        if a.ndim != 1:
            raise ValueError(f"meshgrid: arrays must be 1-D, arrays[{i}] has shape {a.shape}")
        if a._dtype is not arrays[0]._dtype:
            raise TypeError(
                f"meshgrid: arrays must share one dtype, got {arrays[0]._dtype} and {a._dtype}"
            )
    drv = same_driver(arrays, "meshgrid")
    if drv.meshgrid is not None:
        return tuple(
            new(v, drv, arrays[0]._dtype)
            for v in drv.meshgrid([a._value for a in arrays], indexing)
        )
    sizes: list[Any] = [a.shape[0] for a in arrays]  # a lazy driver's None goes as is
    if indexing == "xy" and len(arrays) > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    out = []
    for i, a in enumerate(arrays):
        axis = i
        if indexing == "xy" and len(arrays) > 1 and i < 2:
            axis = 1 - i
        shape = [1] * len(arrays)
        shape[axis] = sizes[axis]
        v = drv.broadcast_to(drv.reshape(a._value, tuple(shape), None), tuple(sizes))
        out.append(new(drv.copy(v) if drv.capabilities.mutable else v, drv, a._dtype))
    return tuple(out)


def tril(x: Array, /, *, k: int = 0) -> Array:
    """The lower triangle of each matrix in ``x`` (elements above the ``k``-th diagonal zeroed).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.tril.html
    """
    check_array(x, "tril")
    if x.ndim < 2:
        raise ValueError(f"tril: x must have at least 2 dimensions, got shape {x.shape}")
    return new(x._driver.tril(x._value, operator.index(k)), x._driver, x._dtype)


def triu(x: Array, /, *, k: int = 0) -> Array:
    """The upper triangle of each matrix in ``x`` (elements below the ``k``-th diagonal zeroed).

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.triu.html
    """
    check_array(x, "triu")
    if x.ndim < 2:
        raise ValueError(f"triu: x must have at least 2 dimensions, got shape {x.shape}")
    return new(x._driver.triu(x._value, operator.index(k)), x._driver, x._dtype)


def from_dlpack(x: Any, /, *, device: DeviceArg = None, copy: bool | None = None) -> Array:
    """An array from any object implementing ``__dlpack__``, on the active driver.

    Spec: https://data-apis.org/array-api/2025.12/API_specification/generated/array_api.from_dlpack.html
    """
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack: 'x' ({type(x).__name__}) does not implement __dlpack__")
    drv, dev, _ = _target("from_dlpack", device)
    value = drv.from_dlpack(x, dev, copy)
    return _aliasing.dlpack(x, new(value, drv, drv.dtype_of(value)), copy)
