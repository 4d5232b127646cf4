"""The one masked-reduction helper (issue 25, item 5) of NumPy's ``nan*`` functions
(``nansum``... ``nanvar``, ``nanargmin``, ``nancumsum``) and of its order statistics
(``median``, ``quantile``, ``percentile`` and their ``nan`` forms).

``Masked(a, axis, keepdims, fn)`` marks ``a``'s NaNs once (none for a dtype without NaN)
and gives what every such function needs: ``a`` with its NaNs replaced (``filled``: the
identity of the reduction), the count of numbers per reduced slice (``count``), the
slices without a number (``empty``), NumPy's ``RuntimeWarning`` for them (``warn``), and,
for the order statistics, each slice sorted along a last axis with its NaNs last
(``sorted``) and the result put back in NumPy's shape (``restore``).

Everything is built on the standard's functions: the values never leave the device.
NumPy's warnings and errors that depend on the values (an all-NaN slice) read one
boolean, eagerly only: under ``ak.jit`` and on a lazy driver (Dask) the value is NumPy's
(NaN) without the warning, as the functions' docstrings say.
"""

from __future__ import annotations

import functools
import sys
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from .. import _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .. import _statistics as st
from .._array import Array
from .._core import normalize_axes
from .._creation import ones_like
from .._manipulation import moveaxis, permute_dims, reshape
from .._searching import count_nonzero, where
from .._sorting import sort
from .._utility import all as all_
from .._utility import any as any_
from ._base import known

if TYPE_CHECKING:
    from types import FrameType


def eager(a: Array) -> bool:
    """Whether ``a``'s values can be read now: not while ``ak.jit``/``ak.vmap`` trace, not
    on a lazy driver (whose values exist once computed)."""
    return _core.transform_tracing.depth == 0 and not a._driver.capabilities.lazy


F = TypeVar("F", bound=Callable[..., Any])


def quiet(fn: F) -> F:
    r"""``fn`` with NumPy's floating-point warnings off inside (``0/0`` of an empty slice,
    ``inf - inf``): NumPy's own functions warn with the ``RuntimeWarning``\ s they state
    (``warn``), not with those of their steps."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with np.errstate(all="ignore"):
            return fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def warn(message: str) -> None:
    """NumPy's ``RuntimeWarning(message)``, attributed to the caller's line (the first
    frame outside arraykit)."""
    frame: FrameType | None = sys._getframe(0)
    level = 1
    while frame is not None and frame.f_globals.get("__name__", "").startswith("arraykit"):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, RuntimeWarning, stacklevel=level)


def any_true(flags: Array) -> bool | None:
    """``bool(any(flags))`` where the values can be read now; else ``None``."""
    if not eager(flags):
        return None
    try:
        return bool(any_(flags))
    except Exception:  # a tracer of another transform (grad): no values to read
        return None


class Masked:
    """``a`` reduced over ``axis`` as NumPy's NaN-aware functions reduce it."""

    __slots__ = ("a", "axes", "fn", "keepdims", "nan")

    def __init__(self, a: Array, axis: Any, keepdims: bool, fn: str, *, skip_nan: bool = True):
        self.a = a
        self.fn = fn
        self.axes = normalize_axes(tuple(axis) if isinstance(axis, list) else axis, a.ndim, fn)
        self.keepdims = bool(keepdims)
        # NaNs counted out (nan* functions) or not (median...: a NaN makes the result NaN)
        self.nan = ew.isnan(a) if skip_nan and a._dtype.kind in "fc" else None

    # ------------------------------------------------------------ the nan functions
    def filled(self, value: Any) -> Array:
        """``a`` with its NaNs replaced by ``value``."""
        return self.a if self.nan is None else where(self.nan, value, self.a)

    def count(self, keepdims: bool | None = None, skip: Array | None = None) -> Array:
        """The numbers (not NaN; not ``skip`` if given) in each reduced slice, int64."""
        kd = self.keepdims if keepdims is None else keepdims
        skip = self.nan if skip is None else skip
        size = st._reduced_count(tuple(self.a.shape), self.axes)
        if skip is None:
            return st.sum(ones_like(self.a, dtype=dt.int64), axis=self.axes, keepdims=kd)
        if size is None:  # a lazy driver's unknown size: count what is kept
            skip = ew.logical_not(skip)
            return count_nonzero(skip, axis=self.axes, keepdims=kd)
        return ew.subtract(size, count_nonzero(skip, axis=self.axes, keepdims=kd))

    def empty(self, keepdims: bool | None = None) -> Array | None:
        """The slices without a number (all NaN); ``None`` where ``a`` holds no NaN."""
        if self.nan is None:
            return None
        kd = self.keepdims if keepdims is None else keepdims
        return all_(self.nan, axis=self.axes, keepdims=kd)

    def warn(self, flags: Array | None, message: str) -> None:
        """NumPy's ``RuntimeWarning(message)`` if any of ``flags`` is set (eagerly)."""
        if flags is not None and any_true(flags):
            warn(message)

    # ------------------------------------------------------------ order statistics
    def slices(self) -> Array:
        """``a`` with the reduced axes moved last and merged into one."""
        a, axes = self.a, self.axes
        if axes is None:
            return reshape(a, (-1,))
        kept = [i for i in range(a.ndim) if i not in axes]
        order = (*kept, *sorted(axes))
        x = a if order == tuple(range(a.ndim)) else permute_dims(a, order)
        if len(axes) == 1:
            return x
        shape = known(a.shape, self.fn)
        return reshape(x, (*(shape[i] for i in kept), -1))

    def sorted(self) -> Array:
        """Each slice sorted along the last axis, NaNs last (where NumPy's partition puts
        them)."""
        return sort(self.slices(), axis=-1)

    def restore(self, r: Array, lead: int = 0) -> Array:
        """``r`` (``lead`` leading axes, then the kept axes of ``a`` in order) in NumPy's
        shape: ``keepdims`` puts the reduced axes back with size 1."""
        if not self.keepdims:
            return r
        a, axes = self.a, self.axes
        reduced = range(a.ndim) if axes is None else axes
        shape = (*r.shape[:lead], *(1 if i in reduced else a.shape[i] for i in range(a.ndim)))
        return reshape(r, known(shape, self.fn))


def last(x: Array, index: Array, fn: str) -> Array:
    """``x[..., index]`` along the last axis, ``index`` (in range) broadcast over the
    others (an integer array whose last axis is the number of picks); ``fn`` is named in
    errors."""
    from .._manipulation import broadcast_to

    shape = (*x.shape[:-1], index.shape[-1])
    if tuple(index.shape) != shape:
        index = broadcast_to(index, known(shape, fn))
    return gather(x, index, -1)


def front(r: Array, q_shape: tuple[int | None, ...], fn: str) -> Array:
    """``r`` (kept axes, then the picks) with the picks first, shaped as ``q``; ``fn`` is
    named in errors."""
    r = moveaxis(r, -1, 0)
    return reshape(r, known((*q_shape, *r.shape[1:]), fn))


# ------------------------------------------------------------ shared by the statistics
def cast(x: Array, dtype: Any) -> Array:
    """``x`` in ``dtype``: ``x`` itself where it has it already (no copy)."""
    from .._data_types import astype

    return x if x._dtype is dtype else astype(x, dtype, copy=False)


def gather(x: Array, index: Array, axis: int = -1) -> Array:
    """``take_along_axis(x, index, axis)`` for indices known to be in range (computed by
    the caller): the driver's primitive, without the bounds check's reads."""
    drv = x._driver
    ax = axis % x.ndim
    return _core.new(drv.take_along_axis(x._value, index._value, ax), drv, x._dtype)


def take1(x: Array, index: Array, fn: str) -> Array:
    """``x[index]`` of a 1-D ``x`` for indices known to be in range, ``index``'s shape
    (``fn`` is named in errors)."""
    drv = x._driver
    flat = index if index.ndim == 1 else reshape(index, (-1,))
    out = _core.new(drv.take(x._value, flat._value, 0), drv, x._dtype)
    return out if index.ndim == 1 else reshape(out, known(index.shape, fn))


def array_like(base: Array, value: Any, fn: str, arg: str) -> Array:
    """``value`` as an array on ``base``'s driver: an arraykit array, a Python scalar, or
    data NumPy takes (lists, NumPy arrays), as NumPy's array_like arguments."""
    from ._base import like

    if isinstance(value, (list, tuple)):
        import numpy as np

        try:
            value = np.asarray(value)
        except (ValueError, TypeError) as e:
            raise TypeError(f"{fn}: {arg!r} is not array data: {e}") from None
        if value.dtype.kind not in "biufc":
            raise TypeError(f"{fn}: {arg!r} must hold numbers, got {value.dtype}")
    return like(base, value, fn, arg)
