"""More of NumPy's ``ndarray`` methods on ``Array`` (issue 25, part B): ``view``,
``take``, ``repeat``, ``diagonal``, ``trace``, ``searchsorted``, ``compress``, ``choose``,
``conjugate``, ``put``, ``partition``, ``argpartition``, ``resize``, and ``x.flat``
with writes.  As in ``_ndarray``: each delegates to the core function of the
same meaning, with NumPy's arguments, refused under ``promotion="strict"`` naming the
standard's spelling (``_ndarray.STANDARD_SPELLING``); the in-place ones (``put``,
``partition``, ``resize``, ``x.flat[i] = v``) write as ``x[...] = value`` does, so views
see them on every driver.

``docs/reference/numpy.rst`` lists the ``ndarray`` names left out (those about a host
buffer: ``ctypes``, ``data``, ``strides``...), each with its reason.
"""

from __future__ import annotations

import builtins
import sys
from collections.abc import Iterator
from typing import Any, Literal, cast

import numpy as np

import arraykit as ak  # loaded after every chapter (see _ndarray)

from . import _core
from . import _dtypes as dt
from ._array import Array
from ._ndarray import _allowed, _no_out

_PY = (bool, int, float, complex)


def _data(x: Array, value: Any) -> Any:
    """``value`` as an array on ``x``'s driver where NumPy takes array-likes (lists)."""
    if value.__class__ is Array or isinstance(value, _PY):
        return value
    return ak.asarray(value, device=x.device, driver=x.driver)


def make_methods() -> dict[str, Any]:
    """The methods and properties, over the public namespace ``ak``."""
    from ._numpy_api import indexing as np_indexing  # ak.<name> (checkers see it here)
    from ._numpy_api import inserting, sorting
    from ._numpy_api import linalg as np_linalg
    from ._numpy_api._indices import flatten, index_array
    from ._numpy_api.inserting import positions
    from ._reinterpret import view as reinterpret

    def view(self: Array, dtype: Any = None, type: Any = None) -> Array:
        """a view of ``x``, its bytes read as ``dtype`` if given (NumPy's rule for the
        shape: another itemsize scales the last axis, which must be contiguous); writes
        go both ways.  ``x.view(float)`` of float64 data is a view of the same values.

        Examples
        --------
        >>> x = ak.asarray([1.0, -2.0])
        >>> x.view(ak.int64)[0]
        Array(4607182418800017408, dtype=int64)
        >>> ak.asarray([1 + 2j, 3 - 4j]).view(float)
        Array([ 1.,  2.,  3., -4.], dtype=float64)
        """
        _allowed("view")
        if type is not None and not _array_class(type):
            raise TypeError(f"x.view: 'type' must be an array class, got {type!r}")
        if dtype is None or _array_class(dtype):  # x.view(np.ndarray): the same values
            return reinterpret(self, self._dtype)
        return reinterpret(self, dt.canonical(dtype))

    def take(self: Array, indices: Any, axis: int | None = None, out: Any = None,
             mode: str = "raise") -> Array:  # fmt: skip
        """elements at ``indices`` (any shape; lists too) along ``axis``, of the flattened
        ``x`` by default; ``mode`` ``"raise"``, ``"wrap"`` or ``"clip"``, as NumPy's.

        Examples
        --------
        >>> x = ak.asarray([[1, 2, 3], [4, 5, 6]])
        >>> x.take([[0, 5]]), x.take([4], axis=1, mode="wrap")
        (Array([[1, 6]], dtype=int64), Array([[2],
               [5]], dtype=int64))
        """
        _allowed("take")
        _no_out("take", out)
        idx = index_array(indices, "x.take", "indices", self)
        a = self
        if axis is None:
            a, ax = ak.reshape(self, (-1,)), 0
        else:
            ax = _core.normalize_axis(axis, self.ndim, "x.take")
        n = a.shape[ax]
        if mode not in ("raise", "wrap", "clip"):
            raise ValueError(f"x.take: 'mode' must be 'raise', 'wrap' or 'clip', got {mode!r}")
        if n == 0 and idx.size:
            raise IndexError("x.take: cannot do a non-empty take from an empty axis")
        flat = flatten(idx)
        if n and mode != "raise":
            flat = positions(flat, n, mode, "x.take")
        got = ak.take(a, flat, axis=ax)
        shape = cast("tuple[int, ...]", (*a.shape[:ax], *idx.shape, *a.shape[ax + 1 :]))
        return got if tuple(got.shape) == shape else ak.reshape(got, shape)

    def repeat(self: Array, repeats: Any, axis: int | None = None) -> Array:
        """each element repeated (``repeats``: an int or one per element), of the
        flattened ``x`` by default.

        Examples
        --------
        >>> ak.asarray([[1, 2], [3, 4]]).repeat([1, 2], axis=0)
        Array([[1, 2],
               [3, 4],
               [3, 4]], dtype=int64)
        """
        _allowed("repeat")
        return ak.repeat(self, _data(self, repeats), axis=axis)

    def diagonal(self: Array, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
        """the diagonals in the plane of ``axis1`` and ``axis2`` (a read-only view).

        Examples
        --------
        >>> ak.asarray([[1, 2], [3, 4]]).diagonal()
        Array([1, 4], dtype=int64)
        """
        _allowed("diagonal")
        return np_indexing.diagonal(self, offset, axis1, axis2)

    def trace(self: Array, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None,
              out: Any = None) -> Array:  # fmt: skip
        """the sums along the diagonals (``ak.trace``).

        Examples
        --------
        >>> ak.asarray([[1, 2], [3, 4]]).trace(offset=1)
        Array(2, dtype=int64)
        """
        _allowed("trace")
        return np_linalg.trace(self, offset, axis1, axis2, dtype, out)

    def searchsorted(
        self: Array, v: Any, side: Literal["left", "right"] = "left", sorter: Any = None
    ) -> Array:
        """where ``v`` (an array, a list or a scalar) would go into the sorted 1-D ``x``.

        Examples
        --------
        >>> ak.asarray([1.0, 2.0, 2.0, 5.0]).searchsorted([2.0, 6.0], side="right")
        Array([3, 4], dtype=int64)
        """
        _allowed("searchsorted")
        if sorter is not None:
            sorter = _data(self, sorter)
        return ak.searchsorted(self, _data(self, v), side=side, sorter=sorter)

    def compress(self: Array, condition: Any, axis: int | None = None, out: Any = None) -> Array:
        """the slices along ``axis`` (of the flattened ``x`` by default) where
        ``condition`` holds.

        Examples
        --------
        >>> ak.asarray([[1, 2], [3, 4]]).compress([False, True], axis=0)
        Array([[3, 4]], dtype=int64)
        """
        _allowed("compress")
        return np_indexing.compress(_data(self, condition), self, axis, out)

    def choose(self: Array, choices: Any, out: Any = None, mode: str = "raise") -> Array:
        """``choices[x[i]][i]`` for each position ``i`` of the integer ``x``.

        Examples
        --------
        >>> ak.asarray([1, 0, 1]).choose([[1, 2, 3], [10, 20, 30]])
        Array([10,  2, 30], dtype=int64)
        """
        _allowed("choose")
        return np_indexing.choose(self, choices, out, mode)

    def conjugate(self: Array) -> Array:
        """the complex conjugate (``x`` itself for real input, as NumPy's).

        Examples
        --------
        >>> ak.asarray([1 + 2j]).conjugate()
        Array([1.-2.j], dtype=complex128)
        """
        _allowed("conjugate")
        return ak.conj(self) if self._dtype.kind == "c" else self  # NumPy's: self if real

    def put(self: Array, indices: Any, values: Any, mode: str = "raise") -> None:
        """writes ``values`` into the flattened ``x`` at ``indices``, in place (views see
        it); the last of repeated indices wins, as in NumPy (``ak.put``).

        Examples
        --------
        >>> x = ak.zeros(4)
        >>> x.put([0, 2, 0], [1.0, 2.0, 3.0])
        >>> x
        Array([3., 0., 2., 0.], dtype=float64)
        """
        _allowed("put")
        inserting.put(self, indices, values, mode)

    def partition(self: Array, kth: Any, axis: int = -1, kind: str = "introselect",
                  order: Any = None) -> None:  # fmt: skip
        """partitions ``x`` in place at ``kth`` (``ak.partition``: arraykit sorts,
        which partitions for every ``kth``).

        Examples
        --------
        >>> x = ak.asarray([3.0, 4.0, 2.0, 1.0])
        >>> x.partition(1)
        >>> x[1]
        Array(2., dtype=float64)
        """
        _allowed("partition")
        self[...] = sorting.partition(self, kth, axis, kind, order)

    def argpartition(self: Array, kth: Any, axis: int | None = -1, kind: str = "introselect",
                     order: Any = None) -> Array:  # fmt: skip
        """the indices that partition ``x`` at ``kth`` (``ak.argpartition``).

        Examples
        --------
        >>> x = ak.asarray([3.0, 4.0, 2.0, 1.0])
        >>> x[x.argpartition(1)][1]
        Array(2., dtype=float64)
        """
        _allowed("argpartition")
        return sorting.argpartition(self, kth, axis, kind, order)

    def resize(self: Array, *new_shape: Any, refcheck: bool = True) -> None:
        """changes the shape and size of ``x`` in place: its elements in C order, cut or
        followed by zeros (NumPy's method; ``np.resize`` repeats instead).  As NumPy, it
        refuses (``ValueError``) where another array shares ``x``'s data: ``x`` a view of
        an array held elsewhere, or viewed (by an arraykit view or a NumPy array over its
        memory), since that array could not follow.  A view of a temporary nothing else
        holds (``ak.reshape(ak.arange(6), (2, 3))``, which NumPy refuses) is resized.

        Examples
        --------
        >>> x = ak.asarray([[1, 2], [3, 4]])
        >>> x.resize(3, 2)
        >>> x
        Array([[1, 2],
               [3, 4],
               [0, 0]], dtype=int64)
        """
        _allowed("resize")
        shape = new_shape[0] if len(new_shape) == 1 and isinstance(new_shape[0], (
            tuple, list)) else new_shape  # fmt: skip
        shape = tuple(_core.int_arg("x.resize", "new_shape", n) for n in shape)
        if any(n < 0 for n in shape):
            raise ValueError(f"x.resize: negative dimensions not allowed, got {shape}")
        _check_resizable(self, refcheck)
        size = 1
        for n in shape:
            size *= n
        flat = ak.reshape(self, (-1,))
        have = flat.shape[0]
        if have is None:
            raise ValueError("x.resize: the array's size is unknown (call ak.compute first)")
        if size < have:
            flat = flat[:size]
        elif size > have:
            flat = ak.concat([flat, ak.zeros(size - have, dtype=self.dtype, device=self.device)])
        new = ak.reshape(flat, shape, copy=True)
        self._value = new._value

    def flat(self: Array) -> FlatIter:
        """the elements in row-major order: indexable (``x.flat[i]``, slices, integer
        and boolean arrays), writable (``x.flat[i] = v`` writes into ``x``, values
        repeated to fit, as NumPy's) and iterable as 0-D arrays; ``ak.reshape(x, (-1,))``
        in the standard.

        Examples
        --------
        >>> x = ak.asarray([[1, 2], [3, 4]])
        >>> x.flat[2]
        Array(3, dtype=int64)
        >>> x.flat[[0, 3]] = 9
        >>> x
        Array([[9, 2],
               [3, 9]], dtype=int64)
        """
        _allowed("flat")
        return FlatIter(self)

    methods: dict[str, Any] = {
        "view": view, "take": take, "repeat": repeat, "diagonal": diagonal, "trace": trace,
        "searchsorted": searchsorted, "compress": compress, "choose": choose,
        "conjugate": conjugate, "put": put, "partition": partition,
        "argpartition": argpartition, "resize": resize,
    }  # fmt: skip
    for name, fn in methods.items():
        fn.__name__ = name
        fn.__qualname__ = f"Array.{name}"
        if fn.__doc__ is None:
            fn.__doc__ = f"NumPy's ``ndarray.{name}`` (``ak.{name}``'s meaning)."
    for name, fn in {"flat": flat}.items():
        fn.__name__ = name
        methods[name] = property(fn, doc=f"NumPy's ``ndarray.{name}``; {fn.__doc__ or ''}")
    return methods


def _array_class(t: Any) -> bool:
    return isinstance(t, builtins.type) and issubclass(t, (np.ndarray, Array))


def _check_resizable(x: Array, refcheck: bool) -> None:
    """NumPy's refusals of ``resize``: ``x`` a view of an array held elsewhere, or viewed by
    one (a view of a temporary of arraykit's own, which nothing else holds, is let go)."""
    up = getattr(x, "_view", None)
    # the array x views is held by x's link and getrefcount's argument, and else by its user
    if up is not None and sys.getrefcount(up[0]) > 2:
        raise ValueError(
            "x.resize: cannot resize this array: it does not own its data (it is a view)"
        )
    refs = getattr(x, "_views", None)
    viewed = any(r() is not None for r in refs) if refs else False
    if x._driver.capabilities.mutable and _referenced(x._value):
        viewed = True
    if viewed:
        raise ValueError(
            "x.resize: cannot resize an array that references or is referenced by another "
            "array (a view); use ak.reshape and ak.concat for a new array"
        )
    if _core.transform_tracing.depth:
        raise TypeError("x.resize changes an array's shape in place: not inside ak.jit/vmap")
    if up is not None:
        x._view = None  # no longer a view of that temporary
    _ = refcheck


def _referenced(value: Any) -> bool:
    """NumPy's own test on a mutable driver's value: another reference to its memory (a
    NumPy view's base, ``np.asarray(x)``) shows in the reference counts of the value and
    of the array owning its memory (3: the Array's attribute or ``value.base``, this
    frame's name, ``getrefcount``'s argument)."""
    if sys.getrefcount(value) > 3:
        return True
    base = value.base
    if base is None:
        return False
    return not isinstance(base, np.ndarray) or sys.getrefcount(base) > 3


class FlatIter:
    """``x.flat``: the elements of ``x`` in C order, read as 0-D arrays and written into
    ``x`` through ``x[...] = ...`` (so its views see the writes)."""

    __slots__ = ("_x",)

    def __init__(self, x: Array) -> None:
        self._x = x

    @property
    def base(self) -> Array:
        """The array iterated over (NumPy's ``flatiter.base``)."""
        return self._x

    def _flat(self) -> Array:
        return ak.reshape(self._x, (-1,))

    def __iter__(self) -> Iterator[Array]:
        return iter(self._flat())

    def __len__(self) -> int:
        return len(self._flat())

    def __getitem__(self, key: Any) -> Array:
        if isinstance(key, list):
            key = ak.asarray(key, device=self._x.device)
        return self._flat()[key]

    def __setitem__(self, key: Any, value: Any) -> None:
        from ._numpy_api._indices import cast_values, cycled, flatten, write_flat

        x = self._x
        n = x.size
        if n is None:
            raise ValueError("x.flat: the array's size is unknown (call ak.compute first)")
        if isinstance(key, list):
            key = ak.asarray(key, device=x.device)
        if key.__class__ is Array and key._dtype.kind == "b" and key.ndim == 1:
            self._set_where(key, value)
            return
        try:
            where = ak.arange(n, device=x.device)[key]
        except IndexError as e:
            raise IndexError(f"x.flat: {str(e).removeprefix('__getitem__: ')}") from None
        values = flatten(_value(x, value))
        if where.ndim == 0 and values.shape[0] != 1:  # NumPy's "Error setting single item"
            raise ValueError(
                f"x.flat: one element takes one value, got {values.shape[0]} ({value!r})"
            )
        where = flatten(where)
        m = cast(int, where.shape[0])  # known: n is
        if m == 0 or values.shape[0] == 0:
            return
        _core.same_driver((x, values), "x.flat")
        write_flat(x, where, cast_values(cycled(values, m), x, "x.flat"))

    def _set_where(self, mask: Array, value: Any) -> None:
        """``x.flat[mask] = value`` for a boolean mask over the flattened ``x``: the k-th
        selected element takes value ``k % len(value)`` (NumPy's repetition), selected by
        ``where`` (the count of selected elements need not be known: lazy drivers)."""
        from ._numpy_api._indices import cast_values, flatten

        x = self._x
        if tuple(mask.shape) != (x.size,):
            raise IndexError(
                f"x.flat: a boolean key must have the array's size {x.size}, got {mask.shape}"
            )
        values = cast_values(flatten(_value(x, value)), x, "x.flat")
        _core.same_driver((x, mask, values), "x.flat")
        n = cast(int, values.shape[0])  # known: a flattened host or concrete value
        if n == 0:
            return
        rank = ak.cumulative_sum(ak.astype(mask, ak.int64)) - 1
        picked = ak.take(values, ak.remainder(ak.clip(rank, 0, None), n))
        shape = cast("tuple[int, ...]", tuple(x.shape))  # known: x.size is
        x[...] = ak.reshape(ak.where(mask, picked, ak.reshape(x, (-1,))), shape)


def _value(x: Array, value: Any) -> Array:
    if value.__class__ is Array:
        return value
    try:
        return ak.asarray(value, device=x.device)
    except (TypeError, ValueError) as e:
        raise type(e)(f"x.flat: cannot assign {value!r}: {e}") from None
