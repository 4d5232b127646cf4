"""NumPy's ``pad`` (NumPy reference: "Padding arrays").

One axis at a time, as NumPy pads (so corners come out as NumPy's): the modes that
repeat the array's own elements (``edge``, ``wrap``, ``reflect``, ``symmetric``) are one
``take`` with an index array computed from the shape alone, so they run under ``ak.jit``
too; ``constant``, the statistics (``maximum``, ``minimum``, ``mean``, ``median``) and
``linear_ramp`` join new blocks with ``concat``.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from .. import _elementwise as ew
from .. import _statistics as st
from .._array import Array
from .._core import check_array
from .._creation import arange, asarray, full, zeros
from .._data_types import astype
from .._indexing import take
from .._manipulation import broadcast_to, concat, reshape
from .._searching import where
from .._sorting import sort
from .._utility import any as any_
from ._base import known, numpy_function

__all__ = ["pad"]

_OPTIONS = {
    "constant": {"constant_values"},
    "edge": set(),
    "wrap": set(),
    "empty": set(),
    "reflect": {"reflect_type"},
    "symmetric": {"reflect_type"},
    "linear_ramp": {"end_values"},
    "maximum": {"stat_length"},
    "minimum": {"stat_length"},
    "mean": {"stat_length"},
    "median": {"stat_length"},
}


def _pairs(value: Any, ndim: int, name: str, as_index: bool) -> list[tuple[Any, Any]]:
    """NumPy's ``_as_pairs``: a scalar, a pair, or one pair per axis -> one pair per axis."""
    if value is None:
        return [(None, None)] * ndim
    if value.__class__ is Array:
        value = np.asarray(value._driver.to_numpy(value._value)).tolist()
    arr = np.asarray(value, dtype=object)
    if (
        arr.ndim > 2
        or arr.size == 0
        or (arr.ndim == 2 and arr.shape != (ndim, 2))
        or (arr.ndim == 1 and arr.size not in (1, 2))
    ):
        raise ValueError(
            f"pad: {name!r} {value!r} cannot be broadcast to ({ndim}, 2) for an array of "
            f"{ndim} dimensions"
        )
    flat = arr.reshape(-1).tolist()
    if as_index:
        try:
            flat = [operator.index(v) for v in flat]
        except TypeError:
            raise TypeError(f"pad: {name!r} must be of integral type, got {value!r}") from None
        if any(v < 0 for v in flat):
            raise ValueError(f"pad: {name!r} can't contain negative values, got {value!r}")
    if arr.ndim == 2:
        return [(flat[2 * i], flat[2 * i + 1]) for i in range(ndim)]
    pair = (flat[0], flat[-1])
    return [pair] * ndim


def _index(n: int, before: int, after: int, mode: str) -> np.ndarray:
    """For each position of the padded axis, the index of the element it repeats."""
    p = np.arange(-before, n + after)
    if mode == "edge":
        return np.clip(p, 0, n - 1)
    if mode == "wrap":
        return p % n
    if mode == "reflect":
        if n == 1:
            return np.zeros_like(p)
        q = p % (2 * n - 2)
        return np.where(q < n, q, 2 * n - 2 - q)
    q = p % (2 * n)  # symmetric
    return np.where(q < n, q, 2 * n - 1 - q)


def _at(axis: int, ndim: int, item: Any) -> tuple[Any, ...]:
    return (slice(None),) * axis + (item,) + (slice(None),) * (ndim - axis - 1)


def _block(x: Array, axis: int, width: int, value: Any) -> Array:
    """``value`` (a scalar or an array of size 1 along ``axis``) over ``width`` positions."""
    shape = list(known(x.shape, "pad"))
    shape[axis] = width
    if value.__class__ is Array:
        return broadcast_to(value, tuple(shape))
    block = full(tuple(shape), value, device=x.device)
    return astype(block, x._dtype) if block._dtype is not x._dtype else block


def _stat(x: Array, axis: int, lo: int, hi: int, mode: str) -> Array:
    chunk = x[_at(axis, x.ndim, slice(lo, hi))]
    if hi <= lo and mode in ("maximum", "minimum"):
        raise ValueError("pad: stat_length of 0 yields no value for padding")
    if mode == "maximum":
        return st.max(chunk, axis=axis, keepdims=True)
    if mode == "minimum":
        return st.min(chunk, axis=axis, keepdims=True)
    if mode == "mean":
        value = st.mean(chunk if chunk._dtype.kind in "fc" else astype(chunk, np.dtype("float64")),
                        axis=axis, keepdims=True)  # fmt: skip
    else:  # median: the middle of the sorted chunk (the mean of the two middles)
        m = hi - lo
        s = sort(chunk if chunk._dtype.kind in "fc" else astype(chunk, np.dtype("float64")),
                 axis=axis)  # fmt: skip
        mid = s[_at(axis, x.ndim, slice((m - 1) // 2, m // 2 + 1))]
        value = st.mean(mid, axis=axis, keepdims=True)
    if x._dtype.kind in "iub":
        value = astype(ew.round(value), x._dtype)
    return value


def _ramp(x: Array, axis: int, width: int, end: Any, edge: Array, right: bool) -> Array:
    """NumPy's ``linspace(end, edge, width, endpoint=False)`` along ``axis``."""
    if width == 0:
        return _block(x, axis, 0, 0)
    work = x._dtype if x._dtype.kind in "fc" else np.dtype("float64")
    edge = astype(edge, work)
    delta = ew.subtract(edge, end)
    shape = [1] * x.ndim
    shape[axis] = width
    i = reshape(astype(arange(width, device=x.device), work), tuple(shape))
    step = ew.divide(delta, width)
    # NumPy divides the positions first when any step is 0, else multiplies by the step
    y = where(any_(ew.equal(step, 0)), ew.multiply(ew.divide(i, width), delta),
              ew.multiply(i, step))  # fmt: skip
    y = ew.add(y, end)
    if x._dtype.kind in "iu":
        y = ew.floor(y)
    y = astype(y, x._dtype)
    return y[_at(axis, x.ndim, slice(None, None, -1))] if right else y


def _pad_axis(
    x: Array, axis: int, before: int, after: int, mode: str, opts: dict[str, Any]
) -> Array:
    n = known(x.shape, "pad")[axis]
    ndim = x.ndim
    if mode in ("edge", "wrap", "reflect", "symmetric"):
        odd = opts.get("reflect_type", "even") == "odd"
        if odd and (before > n - (mode == "reflect") or after > n - (mode == "reflect")):
            raise ValueError(f"pad: reflect_type='odd' is supported for pads up to the axis "
                             f"length only (axis {axis}: {n})")  # fmt: skip
        idx = asarray(_index(n, before, after, mode), device=x.device)
        out = take(x, idx, axis=axis)
        if not odd:
            return out
        # odd: each padded value is reflected about its edge, 2 * edge - value
        first, last = x[_at(axis, ndim, slice(0, 1))], x[_at(axis, ndim, slice(n - 1, n))]
        pos = reshape(arange(-before, n + after, device=x.device), _shape(ndim, axis, -1))
        twice = where(ew.less(pos, 0), ew.multiply(first, 2), ew.multiply(last, 2))
        inside = ew.logical_and(ew.greater_equal(pos, 0), ew.less(pos, n))
        return where(inside, out, ew.subtract(twice, out))
    if mode in ("constant", "empty"):
        values = opts["constant_values"][axis] if mode == "constant" else (0, 0)
        parts = [_block(x, axis, before, values[0]), x, _block(x, axis, after, values[1])]
    elif mode == "linear_ramp":
        values = opts["end_values"][axis]
        first, last = x[_at(axis, ndim, slice(0, 1))], x[_at(axis, ndim, slice(n - 1, n))]
        parts = [_ramp(x, axis, before, values[0], first, False), x,
                 _ramp(x, axis, after, values[1], last, True)]  # fmt: skip
    else:
        left_len, right_len = opts["stat_length"][axis]
        left_len = n if left_len is None or left_len > n else left_len
        right_len = n if right_len is None or right_len > n else right_len
        left = _stat(x, axis, 0, left_len, mode)
        right = left if left_len == right_len == n else _stat(x, axis, n - right_len, n, mode)
        parts = [_block(x, axis, before, left), x, _block(x, axis, after, right)]
    return concat(parts, axis=axis)


def _shape(ndim: int, axis: int, n: int) -> tuple[int, ...]:
    shape = [1] * ndim
    shape[axis] = n
    return tuple(shape)


@numpy_function(None)
def pad(array: Array, pad_width: Any, mode: str = "constant", **kwargs: Any) -> Array:
    """``array`` padded by ``pad_width`` (an int, a ``(before, after)`` pair, or one pair
    per axis) in NumPy's ``mode``: ``"constant"`` (``constant_values``), ``"edge"``,
    ``"wrap"``, ``"reflect"`` and ``"symmetric"`` (``reflect_type``; ``"odd"`` for pads
    up to the axis length), ``"linear_ramp"`` (``end_values``), ``"maximum"``,
    ``"minimum"``, ``"mean"``, ``"median"`` (``stat_length``), ``"empty"`` (zeros here).
    A function as ``mode`` is not taken.  Always a new array.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.pad.html

    Examples
    --------
    >>> ak.pad(ak.asarray([1, 2, 3]), (2, 1))
    Array([0, 0, 1, 2, 3, 0], dtype=int64)
    >>> ak.pad(ak.asarray([1, 2, 3]), 2, mode="reflect")
    Array([3, 2, 1, 2, 3, 2, 1], dtype=int64)
    >>> ak.pad(ak.asarray([[1, 2]]), ((0, 1), (1, 0)), mode="edge")
    Array([[1, 1, 2],
           [1, 1, 2]], dtype=int64)
    """
    check_array(array, "pad", "array")
    if not isinstance(mode, str):
        raise TypeError(f"pad: 'mode' must be a string (a function is not supported), got {mode!r}")
    if mode not in _OPTIONS:
        raise ValueError(f"pad: mode {mode!r} is not supported; expected one of {sorted(_OPTIONS)}")
    unsupported = set(kwargs) - _OPTIONS[mode]
    if unsupported:
        raise ValueError(f"pad: unsupported keyword arguments for mode {mode!r}: {unsupported}")
    ndim = array.ndim
    widths = _pairs(pad_width, ndim, "pad_width", True)
    opts: dict[str, Any] = {"reflect_type": kwargs.get("reflect_type", "even")}
    if opts["reflect_type"] not in ("even", "odd"):
        raise ValueError(f"pad: reflect_type must be 'even' or 'odd', got {opts['reflect_type']!r}")
    opts["constant_values"] = _pairs(
        kwargs.get("constant_values", 0), ndim, "constant_values", False
    )
    opts["end_values"] = _pairs(kwargs.get("end_values", 0), ndim, "end_values", False)
    opts["stat_length"] = _pairs(kwargs.get("stat_length"), ndim, "stat_length", True)
    sizes = known(array.shape, "pad")
    shape = [n + b + a for n, (b, a) in zip(sizes, widths, strict=True)]
    if mode not in ("constant", "empty"):
        for axis, (n, (b, a)) in enumerate(zip(sizes, widths, strict=True)):
            if n == 0 and (b or a):
                raise ValueError(
                    f"pad: can't extend empty axis {axis} using modes other than 'constant' or "
                    "'empty'"
                )
        if 0 in sizes:
            return zeros(tuple(shape), dtype=array._dtype, device=array.device)
    x = array
    for axis, (before, after) in enumerate(widths):
        if before or after:
            x = _pad_axis(x, axis, before, after, mode, opts)
    return asarray(x, copy=True) if x is array else x
