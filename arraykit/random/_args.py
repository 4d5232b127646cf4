"""Argument checks shared by the Generator's methods: NumPy's rules and messages for
``size``, parameters (numbers or arrays that broadcast), dtypes and value checks."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, SupportsIndex, TypeAlias, TypeGuard

import numpy as np

import arraykit as ak

from .._core import transform_tracing

if TYPE_CHECKING:
    from .._types import DeviceArg
    from ._generator import BitGenerator

_FLOATS = ("float32", "float64")
Checked = float | ak.Array
"""A parameter once checked (:func:`param`): a number or an array."""
Param: TypeAlias = "float | np.number[Any] | ak.Array | np.ndarray[Any, Any] | Sequence[Any]"
"""A parameter as the methods take it: a real number, or an array of them (an arraykit or
NumPy array, or a sequence), which broadcasts against the other parameters and ``size``."""
Size: TypeAlias = "SupportsIndex | Sequence[SupportsIndex] | None"
"""NumPy's ``size``: ``None`` (one value, or the parameters' shape), an int or ints."""


class Gen(Protocol):
    """What the draws' helpers use of a :class:`~arraykit.random.Generator` (the
    methods of its mixins annotate ``self`` with it, which ``Generator`` satisfies)."""

    bit_generator: BitGenerator

    def random(
        self, size: Size = None, dtype: Any = None, out: Any = None, *, device: DeviceArg = None
    ) -> ak.Array: ...
    def standard_normal(
        self, size: Size = None, dtype: Any = None, out: Any = None, *, device: DeviceArg = None
    ) -> ak.Array: ...
    def exponential(
        self, scale: Param = 1.0, size: Size = None, dtype: Any = None, *, device: DeviceArg = None
    ) -> ak.Array: ...
    def standard_gamma(
        self,
        shape: Param,
        size: Size = None,
        dtype: Any = None,
        out: Any = None,
        *,
        device: DeviceArg = None,
    ) -> ak.Array: ...
    def integers(
        self,
        low: Any,
        high: Any = None,
        size: Size = None,
        dtype: Any = None,
        endpoint: bool = False,
        *,
        device: DeviceArg = None,
    ) -> ak.Array: ...
    def _perm(self, n: int, device: Any) -> ak.Array: ...
    def _box_muller(self, n: int, dtype: Any, device: Any) -> ak.Array: ...


def _known(shape: tuple[int | None, ...]) -> TypeGuard[tuple[int, ...]]:
    return None not in shape


def known_shape(x: ak.Array, fn: str, arg: str = "x") -> tuple[int, ...]:
    """``x.shape``, refused while a size is unknown (``None``: a lazy driver's array after
    a boolean index, ``nonzero`` or ``unique_*``): a draw's size must be known."""
    shape = x.shape
    if _known(shape):
        return shape
    raise ValueError(
        f"{fn}: {arg} has unknown sizes (shape {shape}, from a boolean index, nonzero or "
        "unique_*): call ak.compute(x) first"
    )


def known_size(x: ak.Array, axis: int, fn: str, arg: str = "x") -> int:
    """``x.shape[axis]``, refused as :func:`known_shape` refuses an unknown size."""
    n = x.shape[axis]
    if n is None:
        raise ValueError(
            f"{fn}: the size of axis {axis} of {arg} is unknown (from a boolean index, "
            "nonzero or unique_*): call ak.compute(x) first"
        )
    return n


def size_shape(size: Any, fn: str) -> tuple[int, ...]:
    if size is None:
        return ()
    dims = (size,) if not isinstance(size, Sequence) else tuple(size)
    try:
        shape = tuple(operator.index(d) for d in dims)
    except TypeError:
        raise TypeError(
            f"{fn}: size must be None, an int or a tuple of ints, got {size!r}"
        ) from None
    if any(d < 0 for d in shape):
        raise ValueError(f"{fn}: negative dimensions are not allowed (size={size!r})")
    return shape


def float_dtype(dtype: Any, fn: str) -> Any:
    d = ak.float64 if dtype is None else dtype
    name = getattr(d, "name", None) or np.dtype(d).name
    if name not in _FLOATS:
        raise TypeError(f"{fn}: Unsupported dtype {name!r} (must be float32 or float64)")
    return ak.float32 if name == "float32" else ak.float64


def real_number(value: Any, fn: str, arg: str) -> float:
    if isinstance(value, ak.Array):
        if value.ndim != 0:
            raise TypeError(f"{fn}: {arg} must be a real number (arrays are not supported)")
        value = float(value)
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{fn}: {arg} must be a real number, got {value!r}")
    return float(value)


def param(value: Any, fn: str, arg: str) -> Checked:
    """A distribution's parameter: a real number, or an array of them (NumPy arrays and
    sequences too), which broadcasts against the other parameters and ``size``."""
    if isinstance(value, (np.ndarray, list, tuple)):
        value = ak.asarray(value)
    if isinstance(value, ak.Array):  # 0-d too: it may be traced (ak.grad of loc/scale)
        if not ak.isdtype(value.dtype, ("integral", "real floating")):
            raise TypeError(f"{fn}: {arg} must be real numbers, got an array of {value.dtype}")
        return value
    return real_number(value, fn, arg)


def draw_shape(size: Any, params: tuple[Checked, ...], fn: str) -> tuple[int, ...]:
    """The shape of a draw: ``size``, which array parameters must broadcast to, or, with
    ``size=None``, the parameters' broadcast shape (as NumPy)."""
    shapes = [known_shape(p, fn, "a parameter") for p in params if isinstance(p, ak.Array)]
    if size is None:
        try:
            return np.broadcast_shapes(*shapes) if shapes else ()  # known: NumPy = the spec
        except ValueError:
            raise ValueError(
                f"{fn}: shape mismatch: parameters of shapes {shapes} cannot be broadcast"
            ) from None
    shape = size_shape(size, fn)
    for s in shapes:
        try:
            ok = ak.broadcast_shapes(s, shape) == shape
        except ValueError:
            ok = False
        if not ok:
            raise ValueError(
                f"{fn}: shape mismatch: a parameter of shape {s} cannot be broadcast to "
                f"size {shape}"
            )
    return shape


def cast(p: Checked, dtype: Any) -> Checked:
    return ak.astype(p, dtype) if isinstance(p, ak.Array) else p


def check(fails: Any, fn: str, error: type[Exception], message: str) -> None:
    """Raise where ``fails`` (a bool or an array of them) holds anywhere; array checks are
    left out inside ``ak.jit``/``ak.vmap``, where values are unknown."""
    if isinstance(fails, ak.Array):
        if transform_tracing.depth:
            return
        fails = bool(ak.any(fails))
    if fails:
        raise error(f"{fn}: {message}")


def integer(value: Any, fn: str, arg: str) -> int:
    if isinstance(value, ak.Array) and value.ndim == 0:
        value = int(value)
    if isinstance(value, bool):
        raise TypeError(f"{fn}: {arg} must be an int, got {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{fn}: {arg} must be an int, got {value!r}") from None


def flat(p: Checked, shape: tuple[int, ...], device: Any, dtype: Any = None) -> ak.Array:
    """A parameter (number or array) broadcast to ``shape``, flat, as ``dtype`` (default
    float64), on ``device`` where one is given."""
    dtype = ak.float64 if dtype is None else dtype
    if isinstance(p, ak.Array):
        p = ak.astype(p, dtype)
        if device is not None:
            p = ak.asarray(p, device=device)
        return ak.reshape(ak.broadcast_to(p, shape), (-1,))
    return ak.full(math.prod(shape), p, dtype=dtype, device=device)
