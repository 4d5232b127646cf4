"""What the NumPy extensions that compute or write through flat indices share (issue 25,
part B): index arguments as NumPy takes them, range checks with NumPy's errors, C-order
positions of multi-indices and back, and ``write_flat``, the one write of ``put``,
``put_along_axis`` and ``x.flat[i] = v``.
"""

from __future__ import annotations

import math
from typing import Any

from .. import _core
from .. import _dtypes as dt
from .. import _elementwise as ew
from .._array import Array
from .._creation import arange, asarray
from .._data_types import astype
from .._indexing import take
from .._manipulation import reshape
from .._searching import searchsorted, where
from .._sorting import argsort
from ._base import known

_INDEX_KINDS = "iu"
_WRITE = "a write of values"  # (named in write_flat's and cycled's refusals of unknown sizes)


def index_array(value: Any, fn: str, arg: str, like: Array | None = None) -> Array:
    """``value`` (an integer array, a Python int or a list of them, as NumPy takes index
    arguments) as an integer ``Array``; ``TypeError`` naming ``fn`` and ``arg`` for
    anything else (floats and booleans included: NumPy's "only int indices permitted")."""
    if value.__class__ is not Array:
        if isinstance(value, bool) or not isinstance(value, (int, list, tuple)):
            if _core.is_host_data(value) and not isinstance(value, (str, bytes)):
                value = _core.host_operand(value, *_where(like), fn, arg)
            else:
                raise TypeError(
                    f"{fn}: {arg!r} must be an integer array or a Python int, got "
                    f"{type(value).__name__}"
                )
        else:
            kw: dict[str, Any] = (
                {} if like is None else {"device": like.device, "driver": like._driver}
            )
            try:
                value = asarray(value, **kw)
            except (TypeError, ValueError) as e:
                raise type(e)(f"{fn}: {arg!r}: {e}") from None
    out: Array = value
    if out._dtype.kind not in _INDEX_KINDS:
        if out.size == 0 and out._dtype.kind == "f":  # NumPy's [] is float64 too
            return astype(out, dt.int64)
        raise TypeError(
            f"{fn}: {arg!r} must have an integer dtype (only int indices permitted), got "
            f"{out._dtype}"
        )
    return out


def _where(like: Array | None) -> tuple[Any, Any]:
    from .._config import get

    if like is not None:
        return like._driver, like._value
    drv = get().driver
    return drv, drv.asarray(0, dt.int64, drv.default_device(), None)


def checked(idx: Array, n: int | None, fn: str, error: type, message: str, low: int = 0) -> Array:
    """``idx`` where its values lie in ``[low, n)``; else ``error(message)`` (``{bad}`` in
    it: the first value out of range), eagerly.  Inside ``ak.jit`` the values exist only
    when the program runs: checked there with ``checked=True`` (``ak.jit``), else not."""
    drv = idx._driver
    if n is None or idx.size == 0:
        return idx
    v = idx._value
    try:
        lo = drv.to_scalar(drv.min(v, None, False))
        hi = drv.to_scalar(drv.max(v, None, False))
    except Exception:
        hooks = drv.transforms
        if hooks is None or not hooks.checks or not hooks.tracing_checks():
            return idx
        dev = drv.device_of(v)
        zero = drv.asarray(low, idx._dtype, dev, None)
        nn = drv.asarray(n, idx._dtype, dev, None)
        lo_, hi_ = drv.min(v, None, False), drv.max(v, None, False)
        under = drv.less(lo_, zero)
        ok = drv.logical_not(drv.logical_or(under, drv.greater_equal(hi_, nn)))
        guarded = hooks.check(ok, error, message, v, bad=drv.where(under, lo_, hi_))
        return Array._new(guarded, drv, idx._dtype)
    if lo < low or hi >= n:
        raise error(message.format(bad=lo if lo < low else hi))
    return idx


def strides(shape: tuple[int, ...], order: str = "C") -> list[int]:
    """Each axis's step in a flat index of an array of ``shape`` (C or Fortran order)."""
    out = [1] * len(shape)
    axes = range(len(shape) - 1, -1, -1) if order == "C" else range(len(shape))
    step = 1
    for i in axes:
        out[i] = step
        step *= shape[i]
    return out


def unravel(flat: Array, shape: tuple[int, ...], order: str = "C") -> tuple[Array, ...]:
    """The multi-index of each flat index (in range) of an array of ``shape``."""
    out = []
    for n, step in zip(shape, strides(shape, order), strict=True):
        q = ew.floor_divide(flat, step) if step != 1 else flat
        out.append(ew.remainder(q, n) if n > 0 else q)
    return tuple(out)


def write_flat(a: Array, flat: Array, values: Array) -> None:
    """``a.flat[flat] = values``: ``flat`` 1-D, non-negative and in range, ``values`` 1-D of
    its length in ``a``'s dtype.  Written through ``a[...] = ...`` (views see it, on every
    driver).  Where a position repeats, its last value wins, as in NumPy's sequential
    writes, on every driver (a backend's scatter leaves the order of repeats open).

    Without autodiff: one scatter of the last values (every repeat gets its position's
    winner, so the order does not matter).  With autodiff, whose scatters give a repeated
    position's gradient to every repeat (TensorFlow), each element of ``a`` gathers its
    winner instead (``where``): a write costs a pass over ``a``, and each gradient goes to
    the value that was written.  The callers know every size (refused otherwise)."""
    (m,) = known(flat.shape, _WRITE)
    if m == 0:
        return
    if a.ndim == 0:
        a[...] = values[m - 1]
        return
    order = argsort(flat, stable=True)
    ordered = take(flat, order)
    if a._driver.capabilities.autodiff:
        line = reshape(a, (-1,))
        shape = known(a.shape, _WRITE)
        pos = arange(math.prod(shape), dtype=ordered._dtype, device=a.device)
        j = ew.subtract(searchsorted(ordered, pos, side="right"), 1)
        jc = ew.clip(j, 0, m - 1)
        hit = ew.logical_and(ew.greater_equal(j, 0), ew.equal(take(ordered, jc), pos))
        new = where(hit, take(values, take(order, jc)), line)
        a[...] = reshape(new, shape)
        return
    last = ew.subtract(searchsorted(ordered, ordered, side="right"), 1)
    winners = take(values, take(order, last))
    if a.ndim == 1:
        a[ordered] = winners
        return
    # one 1-D index array (what every driver scatters with): into the flattened a, a
    # view of it where NumPy's ravel is one (so the write reaches a), else written back
    from .._aliasing import is_c_contiguous

    view = is_c_contiguous(a) is True
    line = reshape(a, (-1,)) if view else reshape(a, (-1,), copy=True)
    line[ordered] = winners
    if not view:
        a[...] = reshape(line, known(a.shape, _WRITE))


def cycled(values: Array, m: int) -> Array:
    """``values`` (1-D, not empty) repeated or cut to length ``m``, as NumPy's ``put``."""
    (n,) = known(values.shape, _WRITE)
    if n == m:
        return values
    if m <= n:
        return values[:m]
    pos = ew.remainder(arange(m, device=values.device), n)
    return take(values, pos)


def cast_values(values: Array, a: Array, fn: str) -> Array:
    """``values`` in ``a``'s dtype, cast as NumPy's ``put`` does (unsafely: floats into an
    integer array truncate), except complex into real, which NumPy refuses too."""
    if values._dtype.kind == "c" and a._dtype.kind != "c":
        raise TypeError(f"{fn}: cannot cast complex values to {a._dtype}")
    return values if values._dtype is a._dtype else astype(values, a._dtype)


def values_of(a: Array, value: Any, fn: str, arg: str) -> Array:
    """``value`` (an array, a Python scalar, a list of them or NumPy data) as an array on
    ``a``'s driver and device, as NumPy takes the values to write."""
    from ._base import like

    if isinstance(value, (list, tuple)):
        try:
            return asarray(value, device=a.device)
        except (TypeError, ValueError) as e:
            raise type(e)(f"{fn}: {arg!r}: {e}") from None
    return like(a, value, fn, arg)


def flatten(x: Array) -> Array:
    return reshape(x, (-1,)) if x.ndim != 1 else x
