"""Helpers every spec chapter uses: argument checks, axis normalisation, driver/device
agreement, broadcasting of shapes and result dtypes.  Error messages name the function
and the argument, once, here.
"""

from __future__ import annotations

import functools
import numbers
import operator
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from . import _config, _promotion
from . import _dtypes as dt
from ._array import Array
from ._devices import Device, Sharding
from .drivers._base import Driver

new = Array._new


class _TransformTracing(threading.local):
    depth = 0
    mapping = 0
    journal: list[Any] | None = None  # (weakref, old value) of arrays written while tracing


transform_tracing = _TransformTracing()
"""``transform_tracing.depth > 0`` while ``ak.jit`` or ``ak.vmap`` runs the user's
function (to trace it, or eagerly on drivers without a compiler): state held on the host
(a random ``Generator`` not passed as an argument) would be baked into the program, so
its users refuse.  ``transform_tracing.mapping > 0`` while ``ak.vmap`` runs it (also
inside a ``jit`` or ``grad`` within): see ``refuse_under_vmap``."""


def refuse_under_vmap(fn: str, why: str, instead: str) -> None:
    """The one error, on every driver, for a function whose result's shape depends on
    the data (``why``: on what), called while ``ak.vmap`` runs the mapped function.

    Each mapped element could give another shape, which no stacked result can hold; JAX
    and TensorFlow cannot trace it and a loop would fail or not depending on the data, so
    it raises whatever the input (a constant too) and the data."""
    if transform_tracing.mapping:
        raise ValueError(
            f"vmap: {fn} has a data-dependent output shape ({why}), which vmap cannot "
            f"batch: each mapped element could give another shape; {instead}"
        )


def check_array(x: Any, fn: str, arg: str = "x") -> Array:
    """``x`` if it is an arraykit Array, else a ``TypeError`` naming ``fn`` and ``arg``."""
    if x.__class__ is not Array:
        raise TypeError(
            f"{fn}: {arg!r} must be an arraykit array, got {type(x).__name__}"
            + ("; convert it with ak.asarray()" if not isinstance(x, Array) else "")
        )
    return x


def check_dtype(x: Array, allowed: Sequence[np.dtype], fn: str, what: str, arg: str = "x") -> None:
    """``TypeError`` unless ``x``'s dtype is one of ``allowed`` (described as ``what``)."""
    if x._dtype not in allowed:
        raise TypeError(f"{fn}: {arg!r} must have a {what} dtype, got {x._dtype}")


def same_driver(arrays: Sequence[Array], fn: str) -> Driver:
    """The one driver (and, for multi-device drivers, the one device) of ``arrays``."""
    drv = arrays[0]._driver
    for a in arrays[1:]:
        if a._driver is not drv:
            raise ValueError(
                f"{fn}: arrays of two drivers, {drv.name!r} and {a._driver.name!r}, cannot be "
                f"mixed; move one with ak.asarray(x, driver={drv.name!r})"
            )
    if drv.capabilities.multi_device and len(arrays) > 1:
        dev = drv.device_of(arrays[0]._value)
        for a in arrays[1:]:
            other = drv.device_of(a._value)
            # Asked both ways: a traced value's device equals every device of its driver,
            # but Python asks the left operand first, and a Sharding there says no.
            if other is not dev and other != dev and dev != other and not _one_mesh(dev, other):
                raise ValueError(
                    f"{fn}: arrays on two devices, {dev} and {other}, cannot be mixed; "
                    + (f"move one with x.to_device({str(dev)!r})" if not isinstance(dev, Sharding)
                       else "move one with x.to_device(y.device)")
                )  # fmt: skip
    return drv


def _one_mesh(a: Device, b: Device) -> bool:
    """Arrays split over one mesh combine whatever their splits (the backend moves data
    between the mesh's devices as its own arrays do), never with another mesh's or one
    device's."""
    return isinstance(a, Sharding) and isinstance(b, Sharding) and a.mesh == b.mesh


def int_arg(fn: str, name: str, value: Any) -> int:
    """``value`` as an int (anything with ``__index__``, but not a bool); else ``TypeError``."""
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{fn}: {name!r} must be an int, got {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{fn}: {name!r} must be an int, got {type(value).__name__}") from None


# NumPy's (and array-api-strict's) error for an axis out of range: both an IndexError
# (what the spec's functions raise) and a ValueError (what NumPy code catches).
AxisError = np.exceptions.AxisError


def normalize_axis(axis: Any, ndim: int, fn: str, arg: str = "axis") -> int:
    """A non-negative axis from ``axis`` in ``[-ndim, ndim)``."""
    try:
        axis = operator.index(axis)
    except TypeError:
        raise TypeError(f"{fn}: {arg!r} must be an int, got {type(axis).__name__}") from None
    if not -ndim <= axis < ndim:
        raise AxisError(f"{fn}: {arg}={axis} is out of range for an array of {ndim} dimensions")
    return axis % ndim if ndim else 0


def normalize_axes(axis: Any, ndim: int, fn: str, arg: str = "axis") -> tuple[int, ...] | None:
    """``None`` (all axes) or a tuple of distinct non-negative axes, in the order given."""
    if axis is None:
        return None
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    out = tuple(normalize_axis(a, ndim, fn, arg) for a in axes)
    if len(set(out)) != len(out):
        raise ValueError(f"{fn}: repeated axis in {arg}={axis!r}")
    return out


def broadcast_shapes(  # -> Shape once _numpy_api's callers check for unknown sizes
    *shapes: tuple[int | None, ...], fn: str = "broadcast_shapes"
) -> tuple[Any, ...]:
    """The spec's broadcasting of shapes; ``None`` (unknown) sizes propagate."""
    ndim = max((len(s) for s in shapes), default=0)
    out: list[int | None] = []
    for i in range(-ndim, 0):
        size: int | None = 1
        for s in shapes:
            if len(s) < -i:
                continue
            n = s[i]
            if n is None:
                size = None if size in (1, None) else size
            elif n != 1:
                if size not in (1, None) and size != n:
                    raise ValueError(
                        f"{fn}: shapes {', '.join(str(tuple(s)) for s in shapes)} cannot be "
                        "broadcast together"
                    )
                size = n
        out.append(size)
    return tuple(out)


def refuse_unknown_broadcast(
    fn: str, shapes: Sequence[tuple[int | None, ...]], error: Exception
) -> None:
    """Raise the remedy when a lazy driver failed (``error``) to broadcast ``shapes`` with
    unknown (``None``) sizes: it can only once they are known."""
    if isinstance(error, ValueError) and any(None in s for s in shapes):
        raise ValueError(
            f"{fn}: shapes {', '.join(str(tuple(s)) for s in shapes)} cannot be broadcast "
            "while a size is unknown (None, from a boolean index, nonzero or unique_*): call "
            "ak.compute(x) first"
        ) from error


def result_dtype(args: Sequence[Any], fn: str, arg: str = "arguments") -> np.dtype:
    """The result dtype of ``args`` (arrays, dtypes, Python scalars) under the active mode;
    ``arg`` names them in errors."""
    cfg = _config.get()
    mode = cfg.promotion
    dtypes: list[np.dtype] = []
    scalars: list[str] = []
    for a in args:
        if a.__class__ is Array:
            dtypes.append(a._dtype)
        elif isinstance(a, np.dtype):
            dtypes.append(dt.canonical(a))
        else:
            kind = _promotion.scalar_kind(a)
            if kind is None:
                raise TypeError(
                    f"{fn}: expected arrays, dtypes or Python scalars as {arg}, got "
                    f"{type(a).__name__}"
                )
            scalars.append(kind)
    if not dtypes:
        if not scalars:
            raise ValueError(f"{fn}: at least one array, dtype or scalar is required")
        top = max(scalars, key="bifc".index)
        return {
            "b": dt.bool,
            "i": cfg.default_int,
            "f": cfg.default_float,
            "c": cfg.default_complex,
        }[top]
    out = _promotion.promote_many(mode, dtypes, cfg.default_float, fn)
    for kind in sorted(scalars, key="bifc".index):
        out = _promotion.promote_scalar(mode, out, kind, cfg.default_int, cfg.default_float, fn)
    return out


_UNSIGNED_OF = {dt.int32: dt.uint32, dt.int64: dt.uint64}


@functools.cache
def integer_accumulator(xd: np.dtype, default_int: np.dtype) -> np.dtype:
    """The dtype in which the spec's ``sum``, ``prod``, ``cumulative_*`` and ``trace``
    accumulate integers of dtype ``xd``: the default integer (its unsigned twin for
    unsigned ``xd``) unless ``xd`` is wider."""
    default = default_int if xd.kind == "i" else _UNSIGNED_OF[default_int]
    xi, di = np.iinfo(xd), np.iinfo(default)
    return default if di.min <= xi.min and xi.max <= di.max else xd


def scalar_to_native(drv: Driver, value: Any, dtype: np.dtype, like: Any, fn: str) -> Any:
    """A 0-d native of ``dtype`` holding the Python scalar ``value``, on ``like``'s device.

    Python ints must fit ``dtype`` when it is an integer dtype (``OverflowError``)."""
    if dtype.kind in "iu" and value.__class__ is int:
        lo, hi = dt.INT_BOUNDS[dtype]
        if not lo <= value <= hi:
            raise OverflowError(f"{fn}: Python int {value} is out of bounds for {dtype}")
    return drv.asarray(value, dtype, drv.device_of(like), None)


def bounded_index(index: Array, n: int | None, axis: int, fn: str) -> Any:
    """The native of an integer index array, bounds-checked and made non-negative."""
    drv = index._driver
    v = index._value
    if n is None or index.size == 0:
        return v
    try:
        lo = drv.to_scalar(drv.min(v, None, False))
        hi = drv.to_scalar(drv.max(v, None, False))
    except Exception:
        # Traced (ak.jit, ak.vmap): the values exist only when the program runs.  Negative
        # indices still wrap, in the program; bounds are checked in the program under
        # ``checked=True``, else they are the backend's to check (TF raises, re-raised as
        # IndexError by its jit hook; JAX clamps: see README).
        nn = drv.asarray(n, index._dtype, drv.device_of(v), None)
        zero = drv.asarray(0, index._dtype, drv.device_of(v), None)
        wrapped = drv.where(drv.less(v, zero), drv.add(v, nn), v)
        hooks = drv.transforms
        if hooks is not None and hooks.checks and hooks.tracing_checks():
            lo = drv.min(wrapped, None, False)
            hi = drv.max(wrapped, None, False)
            low = drv.less(lo, zero)
            wrapped = hooks.check(
                drv.logical_not(drv.logical_or(low, drv.greater_equal(hi, nn))),
                IndexError,
                f"{fn}: index {{bad}} is out of bounds for axis {axis} with size {n}",
                wrapped,
                bad=drv.where(low, drv.subtract(lo, nn), hi),
            )
        return wrapped
    if lo < -n or hi >= n:
        bad = lo if lo < -n else hi
        raise IndexError(f"{fn}: index {bad} is out of bounds for axis {axis} with size {n}")
    if lo < 0:
        nn = drv.asarray(n, index._dtype, drv.device_of(v), None)
        zero = drv.asarray(0, index._dtype, drv.device_of(v), None)
        v = drv.where(drv.less(v, zero), drv.add(v, nn), v)
    return v


def float16_in_float32(drv: Any, fn: str, value: Any, out: np.dtype, *args: Any) -> Any:
    """``drv``'s primitive ``fn`` of ``(value, *args)`` whose result has dtype ``out``; for
    the extra float16 computed in float32 and rounded once, as NumPy accumulates float16 in
    float (reductions and norms: a float16 running sum stops growing at 2048 when it adds
    ones; a running product drifts by hundreds of units in the last place)."""
    prim = getattr(drv, fn)
    if out is not dt.float16:
        return prim(value, *args)
    args = tuple(dt.float32 if a is dt.float16 else a for a in args)
    return drv.astype(prim(drv.astype(value, dt.float32), *args), dt.float16)


_NUMERIC = frozenset((*dt.NUMERIC, *dt.EXTRA_REAL_FLOATING))


def numeric_pair(fn: str, x1: Array, x2: Array) -> tuple[Array, Array]:
    """``x1`` and ``x2`` checked, on one driver, cast to their numeric result dtype."""
    check_array(x1, fn, "x1")
    check_array(x2, fn, "x2")
    drv = same_driver((x1, x2), fn)
    dtype = result_dtype((x1, x2), fn)
    if dtype not in _NUMERIC:
        raise TypeError(f"{fn}: expected numeric arrays, got {x1._dtype} and {x2._dtype}")
    if x1._dtype is not dtype:
        x1 = new(drv.astype(x1._value, dtype), drv, dtype)
    if x2._dtype is not dtype:
        x2 = new(drv.astype(x2._value, dtype), drv, dtype)
    return x1, x2


_HOST_DATA = (np.generic, np.ndarray)


def is_host_data(value: Any) -> bool:
    """Whether ``value`` is a NumPy scalar or array (not an arraykit array)."""
    return isinstance(value, _HOST_DATA)


def refuse_in_strict(what: str, fn: str, arg: str) -> None:
    """``TypeError`` under ``promotion="strict"`` for a NumPy-compatible spelling the
    standard does not define (array-api-compat's NumPy namespace accepts it)."""
    if _config.get().promotion.name == "strict":
        raise TypeError(
            f"{fn}: {arg!r} is {what}, which the standard does not accept (the 'strict' "
            "promotion mode follows the standard); use a Python scalar or an arraykit array"
        )


def host_operand(value: Any, drv: Driver, like: Any, fn: str, arg: str) -> Array:
    """A NumPy scalar or array given where arraykit takes an array or a Python scalar:
    an array of its own dtype (NumPy scalars are not weak, NEP 50) on the driver and
    device of the native ``like``.  Refused under ``promotion="strict"``."""
    refuse_in_strict(f"NumPy data ({type(value).__name__})", fn, arg)
    data = np.asarray(value)
    try:
        dtype = dt.canonical(data.dtype)
    except TypeError as e:
        raise TypeError(f"{fn}: {arg!r}: {e}") from None
    return new(drv.asarray(data, dtype, drv.device_of(like), None), drv, dtype)


def python_scalar(value: Any, fn: str, arg: str) -> tuple[Any, np.dtype | None]:
    """Where the standard takes a Python scalar (a fill value, a bound): ``value`` as one,
    with the dtype it carries when it was a NumPy scalar or a 0-D array (``None`` for
    Python scalars).  NumPy scalars and 0-D arrays are refused under "strict"."""
    if value.__class__ in (bool, int, float, complex):
        return value, None
    if value.__class__ is Array or isinstance(value, _HOST_DATA):
        shape = value.shape
        if shape != ():
            raise TypeError(f"{fn}: {arg!r} must be a scalar or a 0-D array, got shape {shape}")
        refuse_in_strict(f"a {type(value).__name__}", fn, arg)
        if type(value) is Array:
            return value._driver.to_scalar(value._value), value._dtype
        dtype = dt.canonical(value.dtype)
        return value.item(), dtype
    return value, None


def default_index_dtype() -> np.dtype:
    return _config.get().default_int


def holds_typed_scalars(obj: Any) -> bool:
    """Whether a nested sequence holds NumPy scalars or 0-D arrays, whose own dtypes NumPy
    keeps (``np.asarray([np.int32(1)])`` is int32); outside ``promotion="strict"``."""
    if not isinstance(obj, (list, tuple)) or _config.get().promotion.name == "strict":
        return False
    stack = [obj]
    while stack:
        for o in stack.pop():
            if isinstance(o, (list, tuple)):
                stack.append(o)
            elif isinstance(o, np.generic) or o.__class__ is Array:
                return True
    return False


def infer_dtype(data: np.ndarray, cfg: _config.Config, fn: str) -> np.dtype:
    """The spec's dtype for Python data: bool, then the default int/float/complex."""
    kind = data.dtype.kind
    if kind == "b":
        return dt.bool
    if kind in "iu":
        target = cfg.default_int
        if data.size:
            info = np.iinfo(target)
            if data.min() < info.min or data.max() > info.max:
                raise OverflowError(f"{fn}: Python int out of bounds for {target}")
        return target
    if kind == "f":
        return cfg.default_float
    if kind == "c":
        return cfg.default_complex
    if kind == "O":  # Python ints beyond 64 bits, or objects that are not numbers at all
        odd = next((v for v in data.flat if not isinstance(v, numbers.Number)), _NO_VALUE)
        if odd is _NO_VALUE:
            raise OverflowError(f"{fn}: Python int out of bounds for {cfg.default_int}")
        raise TypeError(
            f"{fn}: cannot make an array of 'obj' from {type(odd).__name__} {_short(odd)}; "
            "expected numbers, nested sequences of numbers, or arrays"
        )
    what = {"U": "strings", "S": "bytes", "M": "datetimes", "m": "timedeltas"}.get(kind)
    if what is None:
        raise TypeError(f"{fn}: cannot make an array of 'obj' from {data.dtype} data")
    first = f" ({_short(data.flat[0].item())}, ...)" if data.size else ""
    raise TypeError(
        f"{fn}: cannot make an array of 'obj' from {what}{first}; expected numbers, nested "
        "sequences of numbers, or arrays"
    )


_NO_VALUE = object()


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
