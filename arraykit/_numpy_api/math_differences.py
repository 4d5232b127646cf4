"""NumPy's differences and integrals of sampled functions (NumPy reference: "Mathematical
functions", sums, products, differences): ``ediff1d``, ``gradient``, ``trapezoid``.

NumPy's formulas, term for term, so float results are NumPy's bit for bit (``trapezoid``
sums in the backend's order: within rounding).  ``gradient`` with coordinate arrays
takes NumPy's uniform formulas where the coordinates are evenly spaced, as NumPy does,
decided on the device (both are computed and one selected), so it needs no host read
and compiles under ``ak.jit``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _config, _core
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array, normalize_axes, normalize_axis
from .._creation import asarray
from .._data_types import astype
from .._manipulation import concat, reshape
from .._searching import where
from .._statistics import sum as sum_
from .._utility import all as all_
from ._base import like, numpy_function

__all__ = ["ediff1d", "gradient", "trapezoid"]


@numpy_function("ak.concat([to_begin, x[1:] - x[:-1], to_end]) of the flattened x")
def ediff1d(ary: Array, to_end: Any = None, to_begin: Any = None) -> Array:
    """The differences between consecutive elements of the flattened ``ary``, with
    ``to_begin`` and ``to_end`` (arrays or scalars, flattened) around them, in ``ary``'s
    dtype; they must cast to it under NumPy's ``same_kind`` rule, else ``TypeError``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.ediff1d.html

    Examples
    --------
    >>> ak.ediff1d(ak.asarray([1, 2, 4, 7, 0]), to_begin=-99, to_end=ak.asarray([88, 99]))
    Array([-99,   1,   2,   3,  -7,  88,  99], dtype=int64)
    """
    fn = "ediff1d"
    check_array(ary, fn, "ary")
    x = reshape(ary, (-1,))
    dtype = x._dtype
    try:
        parts = [ew.subtract(x[1:], x[:-1])]
    except TypeError as e:
        raise TypeError(f"{fn}: 'ary': {e}") from None
    if parts[0]._dtype is not dtype:
        parts[0] = astype(parts[0], dtype)
    for name, extra in (("to_begin", to_begin), ("to_end", to_end)):
        if extra is None:
            continue
        ex = _as_array(extra, x, fn, name)
        if not np.can_cast(ex._dtype, dtype, casting="same_kind"):
            raise TypeError(
                f"{fn}: dtype of {name!r} ({ex._dtype}) must be compatible with input 'ary' "
                f"({dtype}) under the same_kind rule"
            )
        ex = reshape(ex if ex._dtype is dtype else astype(ex, dtype), (-1,))
        parts.insert(0, ex) if name == "to_begin" else parts.append(ex)
    _core.same_driver(parts, fn)
    return concat(parts) if len(parts) > 1 else parts[0]


def _as_array(value: Any, x: Array, fn: str, arg: str) -> Array:
    if isinstance(value, (list, tuple)):
        try:
            return asarray(value, device=x.device, driver=x._driver)
        except (TypeError, ValueError) as e:
            raise type(e)(f"{fn}: {arg!r}: {e}") from None
    return like(x, value, fn, arg)


def _at(ndim: int, axis: int, item: Any) -> tuple[Any, ...]:
    return (slice(None),) * axis + (item,) + (slice(None),) * (ndim - axis - 1)


def _spacing(f: Array, value: Any, n: int | None, fn: str) -> Any:
    """A Python scalar, a 0-D array (uniform spacing) or the 1-D differences of the
    coordinates (``n`` of them, ``None`` where a lazy driver does not know it yet)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    d = _as_array(value, f, fn, "varargs")
    _core.same_driver((f, d), fn)
    if d.ndim == 0:
        return d
    if d.ndim != 1:
        raise ValueError(f"{fn}: distances must be either scalars or 1d, got shape {d.shape}")
    if d.shape[0] != n:
        if n is None:
            raise ValueError(
                f"{fn}: the length of an axis of f is unknown (None, from a boolean index, "
                "nonzero or unique_*), so the coordinates cannot be checked against it: "
                "call ak.compute(x) first"
            )
        raise ValueError(
            f"{fn}: when 1d, distances must match the length of the corresponding "
            f"dimension ({n}), got {d.shape[0]}"
        )
    if d._dtype.kind in "biu":
        d = astype(d, _config.get().default_float)
    diffx = ew.subtract(d[1:], d[:-1])
    return diffx


@numpy_function("(f[2:] - f[:-2]) / (2 * dx) inside, one-sided differences at the ends")
def gradient(
    f: Array, *varargs: Any, axis: int | tuple[int, ...] | None = None, edge_order: int = 1
) -> Array | tuple[Array, ...]:
    """The gradient of sampled values: central differences inside, one-sided (first or
    second order, ``edge_order``) at the ends, along each axis of ``axis`` (all by
    default).  ``varargs``: nothing (spacing 1), one scalar for every axis, or one scalar
    or 1-D coordinate array per axis (NumPy's second-order formula for uneven spacing).
    One array for one axis, else a tuple, as in NumPy; integers give the default float.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.gradient.html

    Examples
    --------
    >>> ak.gradient(ak.asarray([1.0, 2.0, 4.0, 7.0, 11.0]))
    Array([1. , 1.5, 2.5, 3.5, 4. ], dtype=float64)
    >>> ak.gradient(ak.asarray([1.0, 2.0, 4.0, 7.0]), 2.0, edge_order=2)
    Array([0.25, 0.75, 1.25, 1.75], dtype=float64)
    """
    fn = "gradient"
    check_array(f, fn, "f")
    ndim = f.ndim
    given = None if axis is None else normalize_axes(axis, ndim, fn)
    axes = tuple(range(ndim)) if given is None else given
    edge_order = _core.int_arg(fn, "edge_order", edge_order)
    if edge_order not in (1, 2):
        raise ValueError(f"{fn}: 'edge_order' must be 1 or 2, got {edge_order}")
    n = len(varargs)
    if n == 0:
        spacings: list[Any] = [1.0] * len(axes)
    elif n == 1 and (isinstance(varargs[0], (int, float)) or getattr(varargs[0], "ndim", 1) == 0):
        spacings = [varargs[0]] * len(axes)
    elif n == len(axes):
        spacings = list(varargs)
    else:
        raise TypeError(f"{fn}: invalid number of arguments ({n} spacings for {len(axes)} axes)")
    otype = f._dtype if f._dtype.kind in "fc" else _config.get().default_float
    if f._dtype.kind in "biu":
        f = astype(f, otype)
    outs = []
    for ax, spacing in zip(axes, spacings, strict=True):
        size = f.shape[ax]
        if size is not None and size < edge_order + 1:
            raise ValueError(
                f"{fn}: shape of array too small to calculate a numerical gradient, at least "
                f"(edge_order + 1) elements are required (axis {ax} has {size})"
            )
        dx = _spacing(f, spacing, size, fn)
        if isinstance(dx, Array) and dx.ndim == 1:
            even = all_(ew.equal(dx, dx[0]))
            uneven = _along(f, ax, dx, edge_order, otype, uniform=False)
            uni = _along(f, ax, dx[0], edge_order, otype, uniform=True)
            outs.append(where(even, uni, uneven))
        else:
            outs.append(_along(f, ax, dx, edge_order, otype, uniform=True))
    return outs[0] if len(outs) == 1 else tuple(outs)


def _along(f: Array, ax: int, dx: Any, edge_order: int, otype: Any, uniform: bool) -> Array:
    """NumPy's gradient of ``f`` along ``ax``: ``dx`` a scalar (``uniform``) or the 1-D
    differences of the coordinates."""
    nd = f.ndim

    def at(item: Any) -> Array:
        return f[_at(nd, ax, item)]

    shape = tuple(-1 if i == ax else 1 for i in range(nd))
    mul, add, sub, div = _mul, ew.add, ew.subtract, _div

    def shaped(v: Any) -> Any:
        return reshape(v, shape) if isinstance(v, Array) and v.ndim == 1 else v

    def comb(a: Any, b: Any, c: Any, f1: Array, f2: Array, f3: Array) -> Array:
        return add(add(mul(a, f1), mul(b, f2)), mul(c, f3))

    if uniform:
        inside = div(sub(at(slice(2, None)), at(slice(None, -2))), mul(2.0, dx))
    else:
        dx1, dx2 = dx[0:-1], dx[1:]
        a = div(ew.negative(dx2), mul(dx1, add(dx1, dx2)))
        b = div(sub(dx2, dx1), mul(dx1, dx2))
        c = div(dx1, mul(dx2, add(dx1, dx2)))
        inside = comb(shaped(a), shaped(b), shaped(c), at(slice(None, -2)), at(slice(1, -1)),
                      at(slice(2, None)))  # fmt: skip
    if edge_order == 1:
        d0, dn = (dx, dx) if uniform else (dx[0], dx[-1])
        first = div(sub(at(slice(1, 2)), at(slice(0, 1))), d0)
        last = div(sub(at(slice(-1, None)), at(slice(-2, -1))), dn)
    else:
        if uniform:
            a0, b0, c0 = div(-1.5, dx), div(2.0, dx), div(-0.5, dx)
            an, bn, cn = div(0.5, dx), div(-2.0, dx), div(1.5, dx)
        else:
            dx1, dx2 = dx[0], dx[1]
            a0 = div(ew.negative(add(mul(2.0, dx1), dx2)), mul(dx1, add(dx1, dx2)))
            b0 = div(add(dx1, dx2), mul(dx1, dx2))
            c0 = div(ew.negative(dx1), mul(dx2, add(dx1, dx2)))
            dx1, dx2 = dx[-2], dx[-1]
            an = div(dx2, mul(dx1, add(dx1, dx2)))
            bn = div(ew.negative(add(dx2, dx1)), mul(dx1, dx2))
            cn = div(add(mul(2.0, dx2), dx1), mul(dx2, add(dx1, dx2)))
        first = comb(a0, b0, c0, at(slice(0, 1)), at(slice(1, 2)), at(slice(2, 3)))
        last = comb(an, bn, cn, at(slice(-3, -2)), at(slice(-2, -1)), at(slice(-1, None)))
    parts = [first, inside, last]
    parts = [p if p._dtype is otype else astype(p, otype) for p in parts]
    return concat(parts, axis=ax)


def _number(v: Any) -> bool:
    return isinstance(v, (int, float, complex)) and not isinstance(v, bool)


def _mul(a: Any, b: Any) -> Any:
    """``a * b``; of two Python numbers, Python's product (NumPy's: a weak scalar)."""
    return a * b if _number(a) and _number(b) else ew.multiply(a, b)


def _div(a: Any, b: Any) -> Any:
    return a / b if _number(a) and _number(b) else ew.divide(a, b)


@numpy_function("ak.sum(dx * (y[1:] + y[:-1]) / 2.0, axis=axis)")
def trapezoid(y: Array, x: Array | None = None, dx: float = 1.0, axis: int = -1) -> Array:
    """The integral of the samples ``y`` along ``axis`` by the trapezoidal rule, at the
    coordinates ``x`` (1-D along the axis, or ``y``'s shape) or evenly ``dx`` apart.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.trapezoid.html

    Examples
    --------
    >>> ak.trapezoid(ak.asarray([1.0, 2.0, 3.0]), dx=0.5)
    Array(2., dtype=float64)
    >>> ak.trapezoid(ak.asarray([1, 2, 3]), x=ak.asarray([4.0, 6.0, 8.0]))
    Array(8., dtype=float64)
    """
    fn = "trapezoid"
    check_array(y, fn, "y")
    ax = normalize_axis(axis, y.ndim, fn)
    if x is None:
        d: Any = dx
        if d.__class__ is not Array and not isinstance(d, (int, float, complex)):
            d = like(y, dx, fn, "dx")
    else:
        xs = _as_array(x, y, fn, "x")
        _core.same_driver((y, xs), fn)
        if xs.ndim == 1:
            d = ew.subtract(xs[1:], xs[:-1])
            d = reshape(d, tuple(-1 if i == ax else 1 for i in range(y.ndim)))
        else:
            xa = normalize_axis(axis, xs.ndim, fn)
            d = ew.subtract(xs[_at(xs.ndim, xa, slice(1, None))],
                            xs[_at(xs.ndim, xa, slice(None, -1))])  # fmt: skip
    nd = y.ndim
    s = ew.add(y[_at(nd, ax, slice(1, None))], y[_at(nd, ax, slice(None, -1))])
    try:
        return sum_(ew.divide(ew.multiply(d, s), 2.0), axis=ax)
    except ValueError as e:
        raise ValueError(f"{fn}: {e}") from None
