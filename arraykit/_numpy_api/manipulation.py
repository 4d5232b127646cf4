"""NumPy's array manipulation routines beyond the standard (NumPy reference: "Array
manipulation routines": shape, transpose-like operations, changing dimensions, joining,
splitting and rearranging arrays): ``concatenate``, ``transpose``, ``ravel``,
``atleast_2d``, ``hstack``, ``split``, ``rot90``...

Views follow NumPy's aliasing rule (``arraykit/_aliasing.py``): ``transpose``,
``swapaxes``, ``atleast_*d``, ``fliplr``, ``flipud``, ``rot90`` and the pieces of the
``split`` family are views of their input on every driver, ``ravel`` is one where the
input is C-contiguous; the joins (``concatenate``, ``hstack``...) copy.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable
from typing import Any, TypeAlias

import numpy as np

from .. import _core
from .._aliasing import is_c_contiguous
from .._array import Array
from .._core import check_array, normalize_axis
from .._data_types import astype
from .._manipulation import concat, flip, permute_dims, reshape
from ._base import numpy_function, renamed, same_driver, sequence

_Lift: TypeAlias = Callable[[Array], Array]  # an array with NumPy's dimensions added
_StackAxis: TypeAlias = int | Callable[[Array], int]  # (a function: of the first array)
_Axis: TypeAlias = int | Callable[[int], int]  # an axis, or the axis for a number of dims

__all__ = [
    "append", "array_split", "atleast_1d", "atleast_2d", "atleast_3d", "column_stack",
    "concatenate", "dsplit", "dstack", "flatten", "fliplr", "flipud", "hsplit", "hstack",
    "ndim", "ravel", "rot90", "shape", "size", "split", "swapaxes", "transpose", "vsplit",
    "vstack"
]  # fmt: skip

_ERRORS = (TypeError, ValueError, IndexError, OverflowError)


def _join(name: str, arrays: list[Array], axis: int | None, dtype: Any) -> Array:
    if dtype is not None:
        from .. import _dtypes as dt

        try:
            target = dt.canonical(dtype)
        except TypeError as e:
            raise TypeError(f"{name}: 'dtype': {e}") from None
        arrays = [astype(a, target) if a._dtype is not target else a for a in arrays]
    try:
        return concat(arrays, axis=axis)
    except _ERRORS as e:
        raise renamed(e, "concat", name) from None


def _casting(name: str, casting: str) -> None:
    if casting not in ("no", "equiv", "safe", "same_kind", "unsafe"):
        raise ValueError(f"{name}: unknown casting {casting!r}")


@numpy_function("ak.concat(arrays, axis=axis)")
def concatenate(
    arrays: tuple[Array, ...] | list[Array],
    axis: int | None = 0,
    out: Any = None,
    *,
    dtype: Any = None,
    casting: str = "same_kind",
) -> Array:
    """Join ``arrays`` along an existing ``axis`` (flattened with ``axis=None``); the
    standard's ``concat`` with NumPy's ``dtype=``.  Mixed dtypes promote.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.concatenate.html

    Examples
    --------
    >>> ak.concatenate([ak.asarray([[1, 2]]), ak.asarray([[3, 4]])], axis=1)
    Array([[1, 2, 3, 4]], dtype=int64)
    >>> ak.concatenate((ak.asarray([1]), ak.asarray([2.5])), dtype=ak.float32)
    Array([1. , 2.5], dtype=float32)
    """
    if out is not None:
        raise TypeError("concatenate: out= is not supported (arraykit returns new arrays)")
    _casting("concatenate", casting)
    return _join("concatenate", sequence(arrays, "concatenate", "arrays"), axis, dtype)


@numpy_function("ak.concat([arr, values], axis=axis)")
def append(arr: Array, values: Array, axis: int | None = None) -> Array:
    """``values`` appended to ``arr`` along ``axis``; both flattened when ``axis`` is
    ``None`` (NumPy's default).  A copy.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.append.html

    Examples
    --------
    >>> ak.append(ak.asarray([1, 2]), ak.asarray([[3, 4]]))
    Array([1, 2, 3, 4], dtype=int64)
    """
    check_array(arr, "append", "arr")
    check_array(values, "append", "values")
    return _join("append", [arr, values], axis, None)


def _at_least(name: str, arys: tuple[Any, ...], key: Any) -> Array | tuple[Array, ...]:
    if not arys:
        raise TypeError(f"{name}: expected at least one array")
    same_driver([a for a in arys if a.__class__ is Array], name)
    out: list[Array] = []
    for i, a in enumerate(arys):
        check_array(a, name, f"arys[{i}]")
        k = key(a.ndim)
        out.append(a if k is None else a[k])  # basic indexing: views, as NumPy's
    return out[0] if len(out) == 1 else tuple(out)


@numpy_function("ak.reshape(x, (1,)) (0-D x)")
def atleast_1d(*arys: Array) -> Array | tuple[Array, ...]:
    """Each array with at least one dimension (a 0-D array becomes shape ``(1,)``, a view);
    one array for one argument, a tuple for several.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.atleast_1d.html

    Examples
    --------
    >>> ak.atleast_1d(ak.asarray(1.5))
    Array([1.5], dtype=float64)
    """
    return _at_least("atleast_1d", arys, lambda n: (None,) if n == 0 else None)


@numpy_function("x[None, :] (1-D x)")
def atleast_2d(*arys: Array) -> Array | tuple[Array, ...]:
    """Each array with at least two dimensions: shape ``(n,)`` becomes ``(1, n)``, 0-D
    ``(1, 1)``; views.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.atleast_2d.html

    Examples
    --------
    >>> ak.atleast_2d(ak.asarray([1, 2])).shape
    (1, 2)
    """
    return _at_least("atleast_2d", arys, lambda n: {0: (None, None), 1: (None, ...)}.get(n))


@numpy_function("x[None, :, None] (1-D x), x[..., None] (2-D x)")
def atleast_3d(*arys: Array) -> Array | tuple[Array, ...]:
    """Each array with at least three dimensions: ``(n,)`` becomes ``(1, n, 1)``, ``(m,
    n)`` becomes ``(m, n, 1)``, 0-D ``(1, 1, 1)``; views.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.atleast_3d.html

    Examples
    --------
    >>> ak.atleast_3d(ak.asarray([1, 2])).shape, ak.atleast_3d(ak.ones((2, 3))).shape
    ((1, 2, 1), (2, 3, 1))
    """
    keys = {0: (None, None, None), 1: (None, slice(None), None), 2: (..., None)}
    return _at_least("atleast_3d", arys, keys.get)


def _axes(name: str, axes: Any, ndim: int) -> tuple[int, ...]:
    try:
        items = tuple(operator.index(a) for a in axes)
    except TypeError:
        raise TypeError(f"{name}: 'axes' must be a sequence of ints, got {axes!r}") from None
    if len(items) != ndim:
        raise ValueError(f"{name}: 'axes' {axes!r} don't match an array of {ndim} dimensions")
    out = tuple(normalize_axis(a, ndim, name, "axes") for a in items)
    if len(set(out)) != ndim:
        raise ValueError(f"{name}: repeated axis in 'axes' {axes!r}")
    return out


@numpy_function("ak.permute_dims(a, axes)")
def transpose(a: Array, axes: tuple[int, ...] | list[int] | None = None) -> Array:
    """``a`` with its axes permuted (reversed by default); a view.  Also ``x.T``,
    ``x.transpose()``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.transpose.html

    Examples
    --------
    >>> ak.transpose(ak.ones((2, 3, 4))).shape, ak.transpose(ak.ones((2, 3, 4)), (1, 0, 2)).shape
    ((4, 3, 2), (3, 2, 4))
    """
    check_array(a, "transpose", "a")
    perm = tuple(range(a.ndim))[::-1] if axes is None else _axes("transpose", axes, a.ndim)
    return permute_dims(a, perm)


@numpy_function("ak.permute_dims(a, axes) (axis1 and axis2 exchanged)")
def swapaxes(a: Array, axis1: int, axis2: int) -> Array:
    """``a`` with two axes exchanged; a view.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.swapaxes.html

    Examples
    --------
    >>> ak.swapaxes(ak.ones((2, 3, 4)), 0, 2).shape
    (4, 3, 2)
    """
    check_array(a, "swapaxes", "a")
    i = normalize_axis(axis1, a.ndim, "swapaxes", "axis1")
    j = normalize_axis(axis2, a.ndim, "swapaxes", "axis2")
    perm = list(range(a.ndim))
    perm[i], perm[j] = perm[j], perm[i]
    return permute_dims(a, tuple(perm))


def _flat(name: str, a: Array, order: str, copy: bool) -> Array:
    check_array(a, name, "a")
    if order == "F":
        a = permute_dims(a, tuple(range(a.ndim))[::-1])
    elif order != "C":
        raise ValueError(f"{name}: only order='C' or 'F' is supported, got order={order!r}")
    copy_ = True if copy or is_c_contiguous(a) is False else None
    return reshape(a, (-1,), copy=copy_)


@numpy_function("ak.reshape(a, (-1,))")
def ravel(a: Array, order: str = "C") -> Array:
    """``a`` flattened (row-major; column-major with ``order="F"``): a view when the
    memory allows, as NumPy's, else a copy.  Also ``x.ravel()``.  NumPy's ``order="K"``
    and ``"A"`` (follow the memory) are not taken.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.ravel.html

    Examples
    --------
    >>> ak.ravel(ak.asarray([[1, 2], [3, 4]]))
    Array([1, 2, 3, 4], dtype=int64)
    >>> ak.ravel(ak.asarray([[1, 2], [3, 4]]), order="F")
    Array([1, 3, 2, 4], dtype=int64)
    """
    return _flat("ravel", a, order, False)


@numpy_function("ak.reshape(a, (-1,), copy=True)")
def flatten(a: Array, order: str = "C") -> Array:
    """A flattened copy of ``a`` (TF-NumPy's function form of ``x.flatten()``).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.ndarray.flatten.html

    Examples
    --------
    >>> ak.flatten(ak.asarray([[1, 2], [3, 4]]))
    Array([1, 2, 3, 4], dtype=int64)
    """
    return _flat("flatten", a, order, True)


def _stack(name: str, tup: Any, lift: _Lift, axis: _StackAxis, dtype: Any, casting: str) -> Array:
    _casting(name, casting)
    arrays = sequence(tup, name, "tup")
    same_driver(arrays, name)
    lifted = [lift(a) for a in arrays]
    ax = axis(lifted[0]) if callable(axis) else axis
    return _join(name, lifted, ax, dtype)


def _lift(ndmin: int) -> _Lift:
    lifts: dict[int, dict[int, tuple[Any, ...]]] = {
        1: {0: (None,)},
        2: {0: (None, None), 1: (None, ...)},
        3: {0: (None, None, None), 1: (None, slice(None), None), 2: (..., None)},
    }
    keys = lifts[ndmin]

    def lift(a: Array) -> Array:
        key = keys.get(a.ndim)
        return a if key is None else a[key]

    return lift


@numpy_function("ak.concat(tup, axis=1) (ak.concat(tup) for 1-D arrays)")
def hstack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> Array:
    """Join arrays column-wise: along axis 1, or axis 0 for 1-D arrays (0-D ones become
    1-D).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.hstack.html

    Examples
    --------
    >>> ak.hstack([ak.asarray([1, 2]), ak.asarray([3])])
    Array([1, 2, 3], dtype=int64)
    >>> ak.hstack([ak.ones((2, 1)), ak.zeros((2, 2))])
    Array([[1., 0., 0.],
           [1., 0., 0.]], dtype=float64)
    """
    axis = lambda a: 0 if a.ndim == 1 else 1  # noqa: E731
    return _stack("hstack", tup, _lift(1), axis, dtype, casting)


@numpy_function("ak.concat(tup, axis=0) (1-D arrays as rows)")
def vstack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> Array:
    """Join arrays row-wise, along axis 0 (1-D arrays become rows).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.vstack.html

    Examples
    --------
    >>> ak.vstack([ak.asarray([1, 2]), ak.asarray([3, 4])])
    Array([[1, 2],
           [3, 4]], dtype=int64)
    """
    return _stack("vstack", tup, _lift(2), 0, dtype, casting)


@numpy_function("ak.concat(tup, axis=2) (arrays made 3-D)")
def dstack(tup: Any) -> Array:
    """Join arrays depth-wise, along axis 2 (``(n,)`` becomes ``(1, n, 1)``, ``(m, n)``
    becomes ``(m, n, 1)``).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.dstack.html

    Examples
    --------
    >>> ak.dstack([ak.asarray([1, 2]), ak.asarray([3, 4])])
    Array([[[1, 3],
            [2, 4]]], dtype=int64)
    """
    return _stack("dstack", tup, _lift(3), 2, None, "same_kind")


@numpy_function("ak.stack(tup, axis=1) (1-D arrays)")
def column_stack(tup: Any) -> Array:
    """Join 1-D arrays as the columns of a 2-D array (2-D arrays join as they are).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.column_stack.html

    Examples
    --------
    >>> ak.column_stack([ak.asarray([1, 2]), ak.asarray([3, 4])])
    Array([[1, 3],
           [2, 4]], dtype=int64)
    """

    def lift(a: Array) -> Array:
        return a[:, None] if a.ndim < 2 else a

    def lift_0d(a: Array) -> Array:
        return lift(a[None] if a.ndim == 0 else a)

    return _stack("column_stack", tup, lift_0d, 1, None, "same_kind")


def _split(name: str, ary: Array, indices_or_sections: Any, axis: int, equal: bool) -> list[Array]:
    check_array(ary, name, "ary")
    ax = normalize_axis(axis, ary.ndim, name)
    n = ary.shape[ax]
    if n is None:
        raise ValueError(f"{name}: the size of axis {ax} is not known yet; call ak.compute first")
    if isinstance(indices_or_sections, (list, tuple, np.ndarray)) or (
        indices_or_sections.__class__ is Array
    ):
        items: Any = indices_or_sections
        if items.__class__ is Array:
            items = np.asarray(items._driver.to_numpy(items._value)).tolist()
        try:
            cuts = [operator.index(i) for i in items]
        except TypeError:
            raise TypeError(
                f"{name}: 'indices_or_sections' must be an int or a sequence of ints, got "
                f"{indices_or_sections!r}"
            ) from None
        bounds = [0, *cuts, n]
    else:
        if isinstance(indices_or_sections, (bool, np.bool_)):
            raise TypeError(f"{name}: 'indices_or_sections' must be an int, got a bool")
        try:
            sections = operator.index(indices_or_sections)
        except TypeError:
            raise TypeError(
                f"{name}: 'indices_or_sections' must be an int or a sequence of ints, got "
                f"{indices_or_sections!r}"
            ) from None
        if sections <= 0:
            raise ValueError(f"{name}: number sections must be larger than 0, got {sections}")
        if equal and n % sections:
            raise ValueError(f"{name}: array split does not result in an equal division")
        each, extra = divmod(n, sections)
        sizes = [each + 1] * extra + [each] * (sections - extra)
        bounds = [0]
        for s in sizes:
            bounds.append(bounds[-1] + s)
    head = (slice(None),) * ax
    return [ary[(*head, slice(lo, hi))] for lo, hi in itertools.pairwise(bounds)]


@numpy_function("[x[..., a:b] for each piece] (ak.unstack for single elements)")
def split(ary: Array, indices_or_sections: Any, axis: int = 0) -> list[Array]:
    """``ary`` cut along ``axis`` into ``indices_or_sections`` equal pieces (an int that
    must divide the axis), or at the given indices; the pieces are views.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.split.html

    Examples
    --------
    >>> ak.split(ak.arange(6), 3)
    [Array([0, 1], dtype=int64), Array([2, 3], dtype=int64), Array([4, 5], dtype=int64)]
    >>> ak.split(ak.arange(6), [1, 4])
    [Array([0], dtype=int64), Array([1, 2, 3], dtype=int64), Array([4, 5], dtype=int64)]
    """
    return _split("split", ary, indices_or_sections, axis, True)


@numpy_function("[x[..., a:b] for each piece]")
def array_split(ary: Array, indices_or_sections: Any, axis: int = 0) -> list[Array]:
    """As ``split``, but a number of sections need not divide the axis: the first pieces
    get one more element.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.array_split.html

    Examples
    --------
    >>> ak.array_split(ak.arange(5), 3)
    [Array([0, 1], dtype=int64), Array([2, 3], dtype=int64), Array([4], dtype=int64)]
    """
    return _split("array_split", ary, indices_or_sections, axis, False)


def _split_along(name: str, ary: Array, items: Any, least: int, axis: _Axis) -> list[Array]:
    check_array(ary, name, "ary")
    if ary.ndim < least:
        raise ValueError(
            f"{name}: only works on arrays of {least} or more dimensions, got shape {ary.shape}"
        )
    ax = axis(ary.ndim) if callable(axis) else axis
    return _split(name, ary, items, ax, True)


@numpy_function("[x[:, a:b] for each piece] (x[a:b] for 1-D x)")
def hsplit(ary: Array, indices_or_sections: Any) -> list[Array]:
    """``split`` along axis 1 (axis 0 for 1-D arrays).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.hsplit.html

    Examples
    --------
    >>> [p.shape for p in ak.hsplit(ak.ones((2, 4)), 2)]
    [(2, 2), (2, 2)]
    """
    return _split_along("hsplit", ary, indices_or_sections, 1, lambda n: 1 if n > 1 else 0)


@numpy_function("[x[a:b] for each piece]")
def vsplit(ary: Array, indices_or_sections: Any) -> list[Array]:
    """``split`` along axis 0, of arrays of at least two dimensions.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.vsplit.html

    Examples
    --------
    >>> [p.shape for p in ak.vsplit(ak.ones((4, 2)), [1])]
    [(1, 2), (3, 2)]
    """
    return _split_along("vsplit", ary, indices_or_sections, 2, 0)


@numpy_function("[x[:, :, a:b] for each piece]")
def dsplit(ary: Array, indices_or_sections: Any) -> list[Array]:
    """``split`` along axis 2, of arrays of at least three dimensions.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.dsplit.html

    Examples
    --------
    >>> [p.shape for p in ak.dsplit(ak.ones((1, 2, 4)), 2)]
    [(1, 2, 2), (1, 2, 2)]
    """
    return _split_along("dsplit", ary, indices_or_sections, 3, 2)


@numpy_function("ak.flip(m, axis=1)")
def fliplr(m: Array) -> Array:
    """``m`` with the order of its columns (axis 1) reversed; a view.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.fliplr.html

    Examples
    --------
    >>> ak.fliplr(ak.asarray([[1, 2], [3, 4]]))
    Array([[2, 1],
           [4, 3]], dtype=int64)
    """
    check_array(m, "fliplr", "m")
    if m.ndim < 2:
        raise ValueError(f"fliplr: 'm' must be at least 2-D, got shape {m.shape}")
    return m[:, ::-1]


@numpy_function("ak.flip(m, axis=0)")
def flipud(m: Array) -> Array:
    """``m`` with the order of its rows (axis 0) reversed; a view.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.flipud.html

    Examples
    --------
    >>> ak.flipud(ak.asarray([1, 2, 3]))
    Array([3, 2, 1], dtype=int64)
    """
    check_array(m, "flipud", "m")
    if m.ndim < 1:
        raise ValueError(f"flipud: 'm' must be at least 1-D, got shape {m.shape}")
    return m[::-1, ...]


@numpy_function("ak.flip and ak.permute_dims")
def rot90(m: Array, k: int = 1, axes: tuple[int, int] = (0, 1)) -> Array:
    """``m`` rotated by 90 degrees ``k`` times in the plane of ``axes``, from the first
    axis towards the second; a view (NumPy's flips and transposes).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.rot90.html

    Examples
    --------
    >>> ak.rot90(ak.asarray([[1, 2], [3, 4]]))
    Array([[2, 4],
           [1, 3]], dtype=int64)
    """
    check_array(m, "rot90", "m")
    k = _core.int_arg("rot90", "k", k)
    pair = tuple(_core.int_arg("rot90", "axes", a) for a in axes)
    if len(pair) != 2:
        raise ValueError("rot90: len(axes) must be 2")
    a0, a1 = pair
    n = m.ndim
    if not (-n <= a0 < n and -n <= a1 < n):
        raise _core.AxisError(f"rot90: 'axes'={pair} out of range for an array of {n} dimensions")
    if a0 == a1 or abs(a0 - a1) == n:
        raise ValueError(f"rot90: 'axes' must be different, got {pair}")
    k %= 4
    if k == 0:
        return m[...]
    if k == 2:
        return flip(flip(m, axis=a0), axis=a1)
    perm = list(range(n))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return permute_dims(flip(m, axis=a1), tuple(perm))
    return flip(permute_dims(m, tuple(perm)), axis=a1)


def _as_array(a: Any) -> Any:
    return a if a.__class__ is Array or hasattr(a, "shape") else np.asarray(a)


@numpy_function("x.ndim")
def ndim(a: Any) -> int:
    """The number of dimensions of ``a`` (an array, or Python data as NumPy reads it).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.ndim.html

    Examples
    --------
    >>> ak.ndim(ak.ones((2, 3))), ak.ndim(1.0)
    (2, 0)
    """
    return len(_as_array(a).shape)


@numpy_function("x.shape")
def shape(a: Any) -> tuple[int | None, ...]:
    """The shape of ``a`` (``None`` for a size a lazy driver does not know yet).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.shape.html

    Examples
    --------
    >>> ak.shape(ak.ones((2, 3))), ak.shape([[1, 2]])
    ((2, 3), (1, 2))
    """
    return tuple(_as_array(a).shape)


@numpy_function("x.size (or x.shape[axis])")
def size(a: Any, axis: int | tuple[int, ...] | None = None) -> int | None:
    """The number of elements of ``a``, or along ``axis``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.size.html

    Examples
    --------
    >>> ak.size(ak.ones((2, 3))), ak.size(ak.ones((2, 3)), 1)
    (6, 3)
    """
    s = tuple(_as_array(a).shape)
    axes = range(len(s)) if axis is None else _core.normalize_axes(axis, len(s), "size") or ()
    total = 1
    for i in axes:
        if s[i] is None:
            return None
        total *= s[i]
    return total
