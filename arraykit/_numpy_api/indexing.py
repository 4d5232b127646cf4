"""NumPy's indexing routines beyond the standard (NumPy reference: "Indexing routines":
generating index arrays, indexing-like operations): ``diag_indices``, ``tril_indices``,
``ix_``, ``select``, ``compress``, ``diagonal``...

Index arrays have the default integer dtype and go where the standard's creation
functions put them (``device=``, else the active device).  ``compress`` and boolean
arguments of ``ix_`` have sizes that depend on the data (as ``nonzero``): they run
eagerly, not under ``ak.jit``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from .. import _elementwise as ew
from .._array import Array
from .._core import check_array, int_arg, normalize_axis
from .._creation import arange, asarray
from .._indexing import take
from .._manipulation import moveaxis, reshape
from .._searching import nonzero, where
from .._utility import any as any_
from ..linalg import diagonal as _diagonal
from ._base import known, like, numpy_function, renamed, same_driver, sequence
from ._indices import checked, index_array, strides, unravel

__all__ = [
    "compress", "diag_indices", "diag_indices_from", "diagonal", "ix_", "select",
    "tril_indices", "triu_indices"
]  # fmt: skip
# issue 25, part B
__all__ += ["choose", "indices", "ravel_multi_index", "unravel_index"]


@numpy_function("(ak.arange(n),) * ndim")
def diag_indices(n: int, ndim: int = 2, *, device: Any = None) -> tuple[Array, ...]:
    """The indices of the main diagonal of an ``n`` x ... x ``n`` array of ``ndim``
    dimensions: ``ndim`` times ``arange(n)``, for ``x[diag_indices(n)]``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.diag_indices.html

    Examples
    --------
    >>> x = ak.reshape(ak.arange(9), (3, 3))
    >>> x[ak.diag_indices(3)]
    Array([0, 4, 8], dtype=int64)
    """
    n = int_arg("diag_indices", "n", n)
    ndim = int_arg("diag_indices", "ndim", ndim)
    if n < 0:
        raise ValueError(f"diag_indices: 'n' must be non-negative, got {n}")
    idx = arange(n, device=device)
    return (idx,) * ndim


@numpy_function("(ak.arange(arr.shape[0]),) * arr.ndim")
def diag_indices_from(arr: Array) -> tuple[Array, ...]:
    """``diag_indices`` for ``arr``, whose sides must all be equal (at least 2-D).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.diag_indices_from.html

    Examples
    --------
    >>> len(ak.diag_indices_from(ak.ones((2, 2, 2))))
    3
    """
    check_array(arr, "diag_indices_from", "arr")
    if arr.ndim < 2:
        raise ValueError("diag_indices_from: 'arr' must be at least 2-D")
    if len(set(arr.shape)) != 1:
        raise ValueError(f"diag_indices_from: all sides of 'arr' must be equal, got {arr.shape}")
    n = known(arr.shape, "diag_indices_from")[0]
    return (arange(n, device=arr.device),) * arr.ndim


def _triangle(
    name: str, fn: Any, n: int, k: int, m: int | None, device: Any
) -> tuple[Array, Array]:
    n = int_arg(name, "n", n)
    k = int_arg(name, "k", k)
    m = n if m is None else int_arg(name, "m", m)
    if n < 0 or m < 0:
        raise ValueError(f"{name}: negative dimensions are not allowed, got n={n}, m={m}")
    # The indices depend on n, k and m only: computed from those Python ints, as arange.
    rows, cols = fn(n, k, m)
    return (asarray(rows, device=device), asarray(cols, device=device))


@numpy_function(None)
def tril_indices(
    n: int, k: int = 0, m: int | None = None, *, device: Any = None
) -> tuple[Array, Array]:
    """The row and column indices of the lower triangle (at and below the ``k``-th
    diagonal) of an ``n`` x ``m`` array, row by row.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.tril_indices.html

    Examples
    --------
    >>> ak.tril_indices(3)
    (Array([0, 1, 1, 2, 2, 2], dtype=int64), Array([0, 0, 1, 0, 1, 2], dtype=int64))
    """
    return _triangle("tril_indices", np.tril_indices, n, k, m, device)


@numpy_function(None)
def triu_indices(
    n: int, k: int = 0, m: int | None = None, *, device: Any = None
) -> tuple[Array, Array]:
    """The row and column indices of the upper triangle (at and above the ``k``-th
    diagonal) of an ``n`` x ``m`` array, row by row.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.triu_indices.html

    Examples
    --------
    >>> ak.triu_indices(3, k=1)
    (Array([0, 0, 1], dtype=int64), Array([1, 2, 2], dtype=int64))
    """
    return _triangle("triu_indices", np.triu_indices, n, k, m, device)


@numpy_function("ak.reshape(a, shape) for each 1-D a (an open mesh)")
def ix_(*args: Array) -> tuple[Array, ...]:
    """An open mesh from 1-D sequences: the ``i``-th of ``N`` arrays is reshaped to have
    its length on axis ``i`` and size 1 elsewhere, so ``x[ix_(rows, cols)]`` selects the
    cross product.  Boolean arrays stand for their ``nonzero`` indices.

    NumPy: `numpy.ix_ <https://numpy.org/doc/stable/reference/generated/numpy.ix_.html>`__

    Examples
    --------
    >>> x = ak.reshape(ak.arange(9), (3, 3))
    >>> x[ak.ix_(ak.asarray([0, 2]), ak.asarray([1, 2]))]
    Array([[1, 2],
           [7, 8]], dtype=int64)
    """
    out = []
    n = len(args)
    for i, a in enumerate(args):
        check_array(a, "ix_", f"args[{i}]")
    same_driver(args, "ix_")
    for i, a in enumerate(args):
        if a.ndim != 1:
            raise ValueError(f"ix_: cross index must be 1 dimensional, args[{i}] has {a.shape}")
        if a._dtype.kind == "b":
            a = nonzero(a)[0]
        elif a._dtype.kind not in "iu":
            raise TypeError(f"ix_: 'args[{i}]' must have an integer or boolean dtype")
        # new axes around it, not a reshape: a lazy driver's nonzero has an unknown size
        out.append(a[(None,) * i + (slice(None),) + (None,) * (n - 1 - i)])
    return tuple(out)


@numpy_function("ak.where(cond_1, choice_1, ak.where(cond_2, choice_2, ...default))")
def select(condlist: Any, choicelist: Any, default: Any = 0) -> Array:
    """Elements of ``choicelist[i]`` where ``condlist[i]`` is the first true condition,
    ``default`` where none is.  Choices (arrays or Python scalars) and ``default``
    promote together (a Python scalar ``default`` is weak, as in NumPy).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.select.html

    Examples
    --------
    >>> x = ak.arange(6)
    >>> ak.select([x < 2, x > 3], [x, x ** 2], default=-1)
    Array([ 0,  1, -1, -1, 16, 25], dtype=int64)
    """
    conds = sequence(condlist, "select", "condlist")
    if not isinstance(choicelist, (tuple, list)):
        raise TypeError(
            f"select: 'choicelist' must be a list of arrays, got {type(choicelist).__name__}"
        )
    if len(conds) != len(choicelist):
        raise ValueError("select: list of cases must be same length as list of conditions")
    for i, c in enumerate(conds):
        if c._dtype.kind != "b":
            raise TypeError(
                f"select: invalid entry {i} in 'condlist': should be a boolean array, got "
                f"{c._dtype}"
            )
    for i, c in enumerate(choicelist):
        if c.__class__ is not Array and not isinstance(c, (bool, int, float, complex)):
            check_array(c, "select", f"choicelist[{i}]")
    if default.__class__ is not Array and not isinstance(default, (bool, int, float, complex)):
        check_array(default, "select", "default")
    arrays = [*conds, *(c for c in choicelist if c.__class__ is Array)]
    _core.same_driver(arrays, "select")
    dtype = _core.result_dtype([*choicelist, default], "select", "choicelist")
    shape = _core.broadcast_shapes(*(tuple(a.shape) for a in arrays), fn="select")
    from .._creation import full
    from .._manipulation import broadcast_to

    if isinstance(default, Array):  # (an arraykit array or a Python scalar: checked above)
        out = broadcast_to(default, shape)
    else:
        out = full(shape, default, dtype=dtype, device=conds[0].device)
    for cond, choice in zip(conds[::-1], choicelist[::-1], strict=True):
        out = where(cond, choice, out)
    return out if out._dtype is dtype else _astype(out, dtype)


def _astype(x: Array, dtype: Any) -> Array:
    from .._data_types import astype

    return astype(x, dtype)


@numpy_function("ak.take(a, ak.nonzero(condition)[0], axis=axis)")
def compress(condition: Array, a: Array, axis: int | None = None, out: Any = None) -> Array:
    """The slices of ``a`` along ``axis`` (of the flattened ``a`` by default) where
    ``condition`` (1-D, its truth values) holds; a shorter ``condition`` counts as false
    beyond its end.  Its size depends on the data: not under ``ak.jit``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.compress.html

    Examples
    --------
    >>> ak.compress(ak.asarray([False, True]), ak.asarray([[1, 2], [3, 4]]), axis=0)
    Array([[3, 4]], dtype=int64)
    """
    check_array(condition, "compress", "condition")
    check_array(a, "compress", "a")
    if out is not None:
        raise TypeError("compress: out= is not supported (arraykit returns new arrays)")
    if condition.ndim != 1:
        raise ValueError(f"compress: 'condition' must be 1-D, got shape {condition.shape}")
    if axis is None:
        a, ax = reshape(a, (-1,)), 0
    else:
        ax = normalize_axis(axis, a.ndim, "compress")
    n = a.shape[ax]
    cond = condition if condition._dtype.kind == "b" else ew.not_equal(condition, 0)
    m = cond.shape[0]
    if n is not None and m is not None and m > n:
        if bool(any_(cond[n:])):
            raise IndexError(
                f"compress: index {n} is out of bounds for axis {ax} with size {n} "
                "('condition' is longer and true there)"
            )
        cond = cond[:n]
    try:
        return take(a, nonzero(cond)[0], axis=ax)
    except (TypeError, ValueError, IndexError) as e:
        raise renamed(e, "take", "compress") from None


@numpy_function("ak.linalg.diagonal(x, offset=offset) (the last two axes)")
def diagonal(a: Array, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
    """The diagonals of ``a`` in the plane of ``axis1`` and ``axis2``, on a new last
    axis; a read-only view, as NumPy's (``ak.linalg.diagonal`` takes the last two axes).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.diagonal.html

    Examples
    --------
    >>> ak.diagonal(ak.reshape(ak.arange(8), (2, 2, 2)), axis1=1, axis2=2)
    Array([[0, 3],
           [4, 7]], dtype=int64)
    """
    check_array(a, "diagonal", "a")
    offset = int_arg("diagonal", "offset", offset)
    if a.ndim < 2:
        raise ValueError(f"diagonal: 'a' must have at least 2 dimensions, got shape {a.shape}")
    i = normalize_axis(axis1, a.ndim, "diagonal", "axis1")
    j = normalize_axis(axis2, a.ndim, "diagonal", "axis2")
    if i == j:
        raise ValueError("diagonal: 'axis1' and 'axis2' cannot be the same")
    return _diagonal(moveaxis(a, (i, j), (-2, -1)), offset=offset)


# ---------------------------------------------------------------------- issue 25, part B
def _shape_arg(fn: str, arg: str, shape: Any) -> tuple[int, ...]:
    dims = (shape,) if isinstance(shape, (int, np.integer)) else shape
    if not isinstance(dims, (tuple, list)):
        raise TypeError(f"{fn}: {arg!r} must be a tuple of ints, got {type(shape).__name__}")
    out = tuple(int_arg(fn, arg, n) for n in dims)
    if any(n < 0 for n in out):
        raise ValueError(f"{fn}: dimensions in {arg!r} must be non-negative, got {out}")
    return out


def _order(fn: str, order: Any) -> str:
    if order not in ("C", "F"):
        raise ValueError(f"{fn}: 'order' must be 'C' or 'F', got {order!r}")
    name: str = order
    return name


@numpy_function("(x // stride_k) % shape[k] for each axis k")
def unravel_index(indices: Any, shape: Any, order: str = "C") -> tuple[Array, ...]:
    """The multi-index of each flat index in ``indices`` (an integer array or Python int)
    into an array of ``shape``: a tuple of integer arrays of ``indices``' shape.  An index
    out of range raises ``ValueError``, as in NumPy.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.unravel_index.html

    Examples
    --------
    >>> ak.unravel_index(ak.asarray([22, 41, 37]), (7, 6))
    (Array([3, 6, 6], dtype=int64), Array([4, 5, 1], dtype=int64))
    """
    idx = index_array(indices, "unravel_index", "indices")
    dims = _shape_arg("unravel_index", "shape", shape)
    order = _order("unravel_index", order)
    size = 1
    for n in dims:
        size *= n
    message = f"unravel_index: index {{bad}} is out of bounds for array with size {size}"
    idx = checked(idx, size, "unravel_index", ValueError, message)
    return unravel(idx, dims, order)


@numpy_function("ak.sum(index_k * stride_k) over the axes k")
def ravel_multi_index(
    multi_index: Any, dims: Any, mode: str | tuple[str, ...] = "raise", order: str = "C"
) -> Array:
    """The flat index of each multi-index (a tuple of integer arrays, one per axis,
    broadcast together) into an array of shape ``dims``.  ``mode`` (one, or one per axis):
    ``"raise"`` (an index out of range raises ``ValueError``), ``"wrap"`` or ``"clip"``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.ravel_multi_index.html

    Examples
    --------
    >>> ak.ravel_multi_index((ak.asarray([3, 6, 6]), ak.asarray([4, 5, 1])), (7, 6))
    Array([22, 41, 37], dtype=int64)
    """
    fn = "ravel_multi_index"
    shape = _shape_arg(fn, "dims", dims)
    order = _order(fn, order)
    if not isinstance(multi_index, (tuple, list)):
        check_array(multi_index, fn, "multi_index")
        multi_index = tuple(multi_index[i] for i in range(multi_index.shape[0] or 0))
    if len(multi_index) != len(shape):
        raise ValueError(
            f"{fn}: parameter multi_index must be a sequence of length {len(shape)}, got "
            f"{len(multi_index)}"
        )
    like = next((m for m in multi_index if m.__class__ is Array), None)
    parts = [index_array(m, fn, f"multi_index[{i}]", like) for i, m in enumerate(multi_index)]
    same_driver(parts, fn)
    modes = (mode,) * len(shape) if isinstance(mode, str) else tuple(mode)
    if len(modes) != len(shape):
        raise ValueError(f"{fn}: 'mode' must be one mode or one per dimension, got {mode!r}")
    out = None
    for i, (part, n, step, m) in enumerate(zip(parts, shape, strides(shape, order), modes,
                                               strict=True)):  # fmt: skip
        if m == "wrap":
            part = ew.remainder(part, n) if n else part
        elif m == "clip":
            part = ew.clip(part, 0, max(n - 1, 0))
        elif m == "raise":
            part = checked(part, n, fn, ValueError, f"{fn}: invalid entry in coordinates array "
                           f"(multi_index[{i}] has {{bad}}, dimension {n})")  # fmt: skip
        else:
            raise ValueError(f"{fn}: 'mode' must be 'raise', 'wrap' or 'clip', got {m!r}")
        term = ew.multiply(part, step) if step != 1 else part
        out = term if out is None else ew.add(out, term)
    if out is None:
        raise ValueError(f"{fn}: 'dims' must have at least one dimension")
    return out if out._dtype.kind == "i" else _astype(out, _core.default_index_dtype())


@numpy_function("ak.meshgrid(*(ak.arange(n) for n in dimensions), indexing='ij')")
def indices(
    dimensions: Any, dtype: Any = int, sparse: bool = False, *, device: Any = None
) -> Array | tuple[Array, ...]:
    """An array of shape ``(len(dimensions), *dimensions)`` whose ``i``-th entry holds the
    index along axis ``i`` of each position (``sparse=True``: a tuple of arrays of size 1
    but along their own axis, which broadcast to it).

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.indices.html

    Examples
    --------
    >>> ak.indices((2, 3))[1]
    Array([[0, 1, 2],
           [0, 1, 2]], dtype=int64)
    """
    from .._dtypes import canonical
    from .._manipulation import broadcast_to, stack

    dims = _shape_arg("indices", "dimensions", dimensions)
    try:
        dtype = canonical(dtype)
    except TypeError as e:
        raise TypeError(f"indices: 'dtype': {e}") from None
    k = len(dims)
    parts = []
    for i, n in enumerate(dims):
        line = arange(n, dtype=dtype, device=device)
        parts.append(reshape(line, tuple(n if j == i else 1 for j in range(k))))
    if sparse:
        return tuple(parts)
    if not parts:
        return reshape(arange(0, dtype=dtype, device=device), (0,))
    return stack([broadcast_to(p, dims) for p in parts])


@numpy_function("ak.take_along_axis(ak.stack(choices), a[None], axis=0)[0]")
def choose(a: Any, choices: Any, out: Any = None, mode: str = "raise") -> Array:
    """``choices[a[i]][i]`` for each position ``i`` of ``a`` (an integer array), the
    choices (arrays or Python scalars) and ``a`` broadcast together.  ``mode``
    ``"raise"`` (an index out of range raises ``ValueError``), ``"wrap"`` or ``"clip"``.

    NumPy: https://numpy.org/doc/stable/reference/generated/numpy.choose.html

    Examples
    --------
    >>> ak.choose(ak.asarray([2, 0, 1]), [ak.asarray([1, 2, 3]), ak.asarray([10, 20, 30]),
    ...                                    ak.asarray([100, 200, 300])])
    Array([100,   2,  30], dtype=int64)
    """
    from .._creation import asarray
    from .._data_types import astype
    from .._indexing import take_along_axis
    from .._manipulation import broadcast_to, stack
    from ._base import no_out

    fn = "choose"
    no_out(fn, out)
    if not isinstance(choices, (tuple, list)):
        check_array(choices, fn, "choices")
        choices = [choices[i] for i in range(choices.shape[0] or 0)]
    if not choices:
        raise ValueError(f"{fn}: 'choices' needs at least one choice")
    ref = a if a.__class__ is Array else next((c for c in choices if c.__class__ is Array), None)
    idx = index_array(a, fn, "a", ref)
    choices = [_choice(c, idx, fn, i) for i, c in enumerate(choices)]
    for i, c in enumerate(choices):
        if c.__class__ is not Array and not isinstance(c, (bool, int, float, complex)):
            check_array(c, fn, f"choices[{i}]")
    arrays = [idx, *(c for c in choices if c.__class__ is Array)]
    same_driver(arrays, fn)
    dtype = _core.result_dtype(list(choices), fn, "choices")
    shape = _core.broadcast_shapes(*(tuple(x.shape) for x in arrays), fn=fn)
    n = len(choices)
    if mode == "wrap":
        idx = ew.remainder(idx, n)
    elif mode == "clip":
        idx = ew.clip(idx, 0, n - 1)
    elif mode == "raise":
        idx = checked(idx, n, fn, ValueError, f"{fn}: invalid entry in choice array "
                      f"({{bad}} with {n} choices)")  # fmt: skip
    else:
        raise ValueError(f"{fn}: 'mode' must be 'raise', 'wrap' or 'clip', got {mode!r}")
    full = [
        broadcast_to(c if c.__class__ is Array else asarray(c, dtype=dtype, device=idx.device),
                     shape) for c in choices
    ]  # fmt: skip
    stacked = stack([x if x._dtype is dtype else astype(x, dtype) for x in full])
    picked = take_along_axis(stacked, reshape(broadcast_to(idx, shape), (1, *shape)), axis=0)
    return reshape(picked, shape)


def _choice(c: Any, idx: Array, fn: str, i: int) -> Any:
    """A choice as NumPy takes it: an array, a Python scalar, a list or NumPy data."""
    from .._creation import asarray

    if c.__class__ is Array or isinstance(c, (bool, int, float, complex)):
        return c
    if isinstance(c, (list, tuple)):
        try:
            return asarray(c, device=idx.device)
        except (TypeError, ValueError) as e:
            raise type(e)(f"{fn}: 'choices[{i}]': {e}") from None
    return like(idx, c, fn, f"choices[{i}]")
