"""NumPy's mathematical functions beyond the standard that reduce or accumulate (NumPy
reference: "Mathematical functions", its parts "Sums, products, differences" and "Extrema
finding"): ``cumsum``, ``nansum``, ``amax``, ``cross``...

Each is the standard's reduction with NumPy's arguments: ``axis=None`` over the flattened
array where NumPy flattens, ``dtype=``, ``keepdims=``, ``initial=`` and ``where=`` as
NumPy has them, ``out`` only as ``None``.  Result dtypes are the standard's (which are
NumPy's: integers accumulate in the default integer).
"""

from __future__ import annotations

from typing import Any

from .. import _core
from .. import _elementwise as ew
from .. import _statistics as st
from .._array import Array
from .._core import check_array, normalize_axes, normalize_axis
from .._creation import full
from .._manipulation import broadcast_to, moveaxis, reshape, stack
from .._searching import where
from ._base import like, no_out, numpy_function, renamed, scalar
from ._masked import Masked

__all__ = ["amax", "amin", "cross", "cumprod", "cumsum", "nanprod", "nansum"]

_ERRORS = (TypeError, ValueError, IndexError, OverflowError)


def _axis(axis: Any) -> Any:
    return tuple(axis) if isinstance(axis, list) else axis


def _cumulative(name: str, std: str, a: Array, axis: Any, dtype: Any, out: Any) -> Array:
    check_array(a, name, "a")
    no_out(name, out)
    x = a
    if axis is None:  # NumPy: over the flattened array
        x, axis = reshape(a, (-1,)), 0
    fn = st.cumulative_sum if std == "cumulative_sum" else st.cumulative_prod
    try:
        return fn(x, axis=axis, dtype=dtype)
    except _ERRORS as e:
        raise renamed(e, std, name) from None


@numpy_function("ak.cumulative_sum(x, axis=axis)")
def cumsum(a: Array, axis: int | None = None, dtype: Any = None, out: Any = None) -> Array:
    """Cumulative sum along ``axis``; over the flattened array when ``axis`` is ``None``
    (NumPy's default; the standard's ``cumulative_sum`` needs an axis for N-D input).
    Also ``x.cumsum()``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.cumsum.html

    Examples
    --------
    >>> x = ak.asarray([[1, 2], [3, 4]])
    >>> ak.cumsum(x)
    Array([ 1,  3,  6, 10], dtype=int64)
    >>> ak.cumsum(x, axis=0, dtype=float)
    Array([[1., 2.],
           [4., 6.]], dtype=float64)
    """
    return _cumulative("cumsum", "cumulative_sum", a, axis, dtype, out)


@numpy_function("ak.cumulative_prod(x, axis=axis)")
def cumprod(a: Array, axis: int | None = None, dtype: Any = None, out: Any = None) -> Array:
    """Cumulative product along ``axis``; over the flattened array when ``axis`` is
    ``None``.  Also ``x.cumprod()``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.cumprod.html

    Examples
    --------
    >>> ak.cumprod(ak.asarray([[1, 2], [3, 4]]), axis=1)
    Array([[ 1,  2],
           [ 3, 12]], dtype=int64)
    """
    return _cumulative("cumprod", "cumulative_prod", a, axis, dtype, out)


def _masked(name: str, a: Array, where_: Any, fill: Any) -> Array:
    """``a`` with the elements outside NumPy's ``where=`` mask replaced by ``fill``."""
    if where_ is True:
        return a
    mask = like(a, where_, name, "where")
    if mask._dtype.kind != "b":
        raise TypeError(f"{name}: 'where' must be a boolean array, got {mask._dtype}")
    return where(mask, a, fill)


def _nan_reduction(
    name: str, std: str, a: Array, axis: Any, dtype: Any, out: Any, keepdims: bool,
    initial: Any, where_: Any,
) -> Array:  # fmt: skip
    check_array(a, name, "a")
    no_out(name, out)
    initial = None if initial is None else scalar(initial, name, "initial")
    identity = 0 if std == "sum" else 1
    # NaN counts as the identity, as NumPy's nan* functions do (the helper they share)
    x = Masked(a, axis, keepdims, name).filled(identity)
    x = _masked(name, x, where_, identity)
    fn = st.sum if std == "sum" else st.prod
    try:
        y = fn(x, axis=_axis(axis), dtype=dtype, keepdims=keepdims)
    except _ERRORS as e:
        raise renamed(e, std, name) from None
    if initial is not None:
        y = ew.add(y, initial) if std == "sum" else ew.multiply(y, initial)
    return y


@numpy_function("ak.sum(ak.where(ak.isnan(x), 0, x))")
def nansum(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = None,
    where: Any = True,
) -> Array:
    """Sum, with NaNs counted as zero (an all-NaN slice sums to 0).  ``initial`` is added
    to each sum; ``where`` (a boolean array broadcasting to ``a``) selects the elements.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nansum.html

    Examples
    --------
    >>> x = ak.asarray([[1.0, ak.nan], [ak.nan, ak.nan]])
    >>> ak.nansum(x), ak.nansum(x, axis=1)
    (Array(1., dtype=float64), Array([1., 0.], dtype=float64))
    """
    return _nan_reduction("nansum", "sum", a, axis, dtype, out, keepdims, initial, where)


@numpy_function("ak.prod(ak.where(ak.isnan(x), 1, x))")
def nanprod(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = None,
    where: Any = True,
) -> Array:
    """Product, with NaNs counted as one (an all-NaN slice gives 1).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.nanprod.html

    Examples
    --------
    >>> ak.nanprod(ak.asarray([2.0, ak.nan, 3.0]))
    Array(6., dtype=float64)
    """
    return _nan_reduction("nanprod", "prod", a, axis, dtype, out, keepdims, initial, where)


def _extremum(
    name: str, std: str, a: Array, axis: Any, out: Any, keepdims: bool, initial: Any,
    where_: Any,
) -> Array:  # fmt: skip
    check_array(a, name, "a")
    no_out(name, out)
    initial = None if initial is None else scalar(initial, name, "initial")
    if where_ is not True:
        like(a, where_, name, "where")
        if initial is None:
            raise ValueError(
                f"{name}: reduction {std} has no identity, so 'where' needs an 'initial' value"
            )
    x = _masked(name, a, where_, initial)
    fn = st.max if std == "max" else st.min
    if initial is not None:
        axes = normalize_axes(_axis(axis), a.ndim, name)
        count = st._reduced_count(a.shape, axes)
        if count == 0:  # NumPy's reduction starts from initial: an empty one gives it
            shape = st._reduced_shape(a.shape, axes, keepdims)
            return full(shape, initial, dtype=a._dtype, device=a.device)
    try:
        y = fn(x, axis=_axis(axis), keepdims=keepdims)
    except _ERRORS as e:
        raise renamed(e, std, name) from None
    if initial is not None:
        y = ew.maximum(y, initial) if std == "max" else ew.minimum(y, initial)
    return y


@numpy_function("ak.max(x, axis=axis)")
def amax(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = None,
    where: Any = True,
) -> Array:
    """Maximum over ``axis`` (NaN if any element is NaN), with NumPy's ``initial`` (the
    start of the reduction: empty slices give it) and ``where`` (a mask; needs
    ``initial``).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.amax.html

    Examples
    --------
    >>> x = ak.asarray([[1.0, 5.0], [3.0, 2.0]])
    >>> ak.amax(x), ak.amax(x, axis=0)
    (Array(5., dtype=float64), Array([3., 5.], dtype=float64))
    >>> ak.amax(x, axis=1, initial=4.0)
    Array([5., 4.], dtype=float64)
    """
    return _extremum("amax", "max", a, axis, out, keepdims, initial, where)


@numpy_function("ak.min(x, axis=axis)")
def amin(
    a: Array,
    axis: int | tuple[int, ...] | None = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = None,
    where: Any = True,
) -> Array:
    """Minimum over ``axis`` (NaN if any element is NaN), with NumPy's ``initial`` and
    ``where``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.amin.html

    Examples
    --------
    >>> ak.amin(ak.asarray([[1, 5], [3, 2]]), axis=1)
    Array([1, 2], dtype=int64)
    """
    return _extremum("amin", "min", a, axis, out, keepdims, initial, where)


@numpy_function("ak.linalg.cross(a, b, axis=axis) (3-vectors)")
def cross(
    a: Array,
    b: Array,
    axisa: int = -1,
    axisb: int = -1,
    axisc: int = -1,
    axis: int | None = None,
) -> Array:
    """Cross product of 3-vectors (or 2-vectors: the z component, or a 3-vector where the
    other is one) along the given axes, broadcasting the others, with NumPy's formula
    (``a1*b2 - a2*b1``...), so results are NumPy's bit for bit.  ``axis`` sets all three.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.cross.html

    Examples
    --------
    >>> ak.cross(ak.asarray([1.0, 0.0, 0.0]), ak.asarray([0.0, 1.0, 0.0]))
    Array([0., 0., 1.], dtype=float64)
    >>> ak.cross(ak.asarray([[1, 2], [3, 4]]), ak.asarray([[5, 6], [7, 8]]))
    Array([-4, -4], dtype=int64)
    """
    check_array(a, "cross", "a")
    check_array(b, "cross", "b")
    _core.same_driver((a, b), "cross")
    names = ("axisa", "axisb", "axisc")
    if axis is not None:
        axisa = axisb = axisc = axis
        names = ("axis",) * 3
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("cross: 'a' and 'b' must have at least one dimension")
    a = moveaxis(a, normalize_axis(axisa, a.ndim, "cross", names[0]), -1)
    b = moveaxis(b, normalize_axis(axisb, b.ndim, "cross", names[1]), -1)
    na, nb = a.shape[-1], b.shape[-1]
    if na not in (2, 3) or nb not in (2, 3):
        raise ValueError(
            f"cross: incompatible dimensions for cross product (dimension must be 2 or 3), "
            f"got {na} and {nb}"
        )
    _core.broadcast_shapes(a.shape[:-1], b.shape[:-1], fn="cross")
    a0, a1, b0, b1 = a[..., 0], a[..., 1], b[..., 0], b[..., 1]
    z = ew.subtract(ew.multiply(a0, b1), ew.multiply(a1, b0))
    if na == 2 and nb == 2:
        return z
    if na == 3 and nb == 3:
        a2, b2 = a[..., 2], b[..., 2]
        x = ew.subtract(ew.multiply(a1, b2), ew.multiply(a2, b1))
        y = ew.subtract(ew.multiply(a2, b0), ew.multiply(a0, b2))
    elif na == 2:  # a2 == 0
        b2 = b[..., 2]
        x = ew.multiply(a1, b2)
        y = ew.negative(ew.multiply(a0, b2))
    else:  # b2 == 0
        a2 = a[..., 2]
        x = ew.negative(ew.multiply(a2, b1))
        y = ew.multiply(a2, b0)
    shape = _core.broadcast_shapes(x.shape, y.shape, z.shape, fn="cross")
    c = stack([broadcast_to(v, shape) for v in (x, y, z)], axis=-1)
    return moveaxis(c, -1, normalize_axis(axisc, c.ndim, "cross", names[2]))
