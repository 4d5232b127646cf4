"""NumPy's ufunc methods on arraykit arrays: ``at``, ``reduce``, ``accumulate``,
``reduceat``, ``outer``, and ufunc calls with ``out=``, ``where=`` and ``dtype=``.

They compute on the array's driver and device and give NumPy's values and dtypes.  A
write (``ufunc.at``'s first operand, an ``out=`` array) goes through arraykit's write
machinery (``_views.assign``: a functional update on TensorFlow, JAX and Dask, in place
on NumPy), so the array and its live views change, as in NumPy; nothing is ever written
into a host copy.

Decisions:

* Dtypes and argument checks are NumPy's own: a call on a tiny host array of the same
  dtype, with every size clamped to at most 1 (so an empty axis stays empty), gives the
  result dtype (``np.add.reduce`` of ``int8`` is ``int64``, ``np.maximum.reduce`` of
  ``int8`` is ``int8``) and raises NumPy's error for a bad axis, a missing ``initial``...
* ``ufunc.at(a, indices, b)`` is unbuffered: a repeated index applies the operation once
  per occurrence, in order.  As in NumPy, ``b`` is converted with NumPy's default dtypes
  (a Python float is float64), the operation runs in the promoted dtype and its result is
  cast to ``a``'s dtype unsafely (``np.add.at(int_array, i, 1.5)`` truncates).  The
  indices (any NumPy index: ints, slices, lists, index arrays, boolean masks, tuples of
  them) are read on the host; each round updates the positions whose k-th occurrence it
  is (gather, operation, scatter), so the values are NumPy's, rounding included.
  Integer and boolean operations that are exactly associative (``add``, ``multiply``,
  bitwise and logical ones, ``maximum``/``minimum``) combine the repeats of each index in
  ``log2`` rounds instead.  A writable NumPy value of a mutable driver runs NumPy's own
  ``ufunc.at`` in place when the dtypes agree with NumPy's.
* ``reduce``/``accumulate``: ``add``, ``multiply``, ``maximum``, ``minimum``,
  ``logical_and``, ``logical_or`` run arraykit's reductions (``sum``, ``cumulative_sum``
  ...); other exactly associative operations (bitwise and logical ones on integers and
  booleans, ``maximum``/``minimum`` accumulations) combine pairwise in ``log2`` rounds;
  the rest (``subtract``, ``divide``, ``power``...) fold in order along the axis, one
  operation per element, as NumPy's definition says.  ``where=`` fills the masked-out
  elements with the ufunc's identity (or ``initial``).
* ``reduceat`` reduces each segment (one reduction per index); ``outer`` broadcasts.
* ``ufunc(..., where=m)`` without ``out``: NumPy leaves the masked-out elements
  uninitialised; arraykit gives zeros there.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, cast

import numpy as np

from . import _dtypes as dt
from ._array import Array
from ._core import new, same_driver
from ._creation import asarray
from ._data_types import astype
from ._indexing import _normalize_key
from ._manipulation import broadcast_to, concat, expand_dims, moveaxis, reshape, stack
from ._searching import where as _where
from ._statistics import cumulative_prod, cumulative_sum, prod
from ._statistics import max as _max
from ._statistics import min as _min
from ._statistics import sum as _sum
from ._utility import all as _all
from ._utility import any as _any
from ._views import NO_LOCK, WRITE_LOCK, assign

_REDUCTIONS: dict[str, Callable[..., Array]] = {
    "add": _sum, "multiply": prod, "maximum": _max, "minimum": _min,
    "logical_and": _all, "logical_or": _any,
}  # fmt: skip
_ACCUMULATIONS = {"add": cumulative_sum, "multiply": cumulative_prod}
# Any grouping of these gives the value of the fold in order, on every dtype ...
_EXACT = frozenset(
    {"maximum", "minimum", "fmax", "fmin", "logical_and", "logical_or", "logical_xor"}
)
# ... and of these on integers and booleans (wrapping arithmetic is exact); their
# results cast to a narrower integer are those of the narrower operation.
_EXACT_INT = frozenset({"add", "multiply", "bitwise_and", "bitwise_or", "bitwise_xor"})


_Args = tuple[Any, ...]  # a ufunc method's operands
_Kwargs = dict[str, Any]  # and its keywords

# arraykit orders -0 < +0 in these (docs/guides/departures.md), NumPy's loops do not
_SIGNED_ZEROS = frozenset({"maximum", "minimum"})


def _exact(name: str, dtype: np.dtype) -> bool:
    return name in _EXACT or (name in _EXACT_INT and dtype.kind in "biu")


def _array(value: Any, like: Array) -> Array:
    """``value`` as an Array beside ``like`` (host data with NumPy's default dtypes)."""
    if value.__class__ is Array:
        return value
    return asarray(np.asarray(value), driver=like._driver, device=like.device)


def _full(shape: tuple[int | None, ...], value: Any, dtype: np.dtype, like: Array) -> Array:
    drv = like._driver
    sizes = cast("tuple[int, ...]", shape)  # a lazy driver's unknown size goes to full as is
    return new(drv.full(sizes, value, dtype, drv.device_of(like._value)), drv, dtype)


def _gather(x: Array, positions: np.ndarray) -> Array:
    """``x[positions]`` along axis 0, for host positions known to be in range."""
    drv = x._driver
    index = drv.asarray(positions, dt.int64, drv.device_of(x._value), None)
    return new(drv.getitem(x._value, (index,)), drv, x._dtype)


def _known(x: Array, what: str) -> tuple[int, ...]:
    """``x``'s shape, once checked that its sizes are known (a lazy driver's may not be)."""
    shape = x.shape
    if None in shape:
        raise ValueError(
            f"{what}: the array's shape {x.shape} is not known yet (compute it with ak.compute)"
        )
    return cast("tuple[int, ...]", shape)


def _clamped(x: Array) -> np.ndarray:
    """A host array of ``x``'s dtype with every size clamped to at most 1: NumPy's own
    checks and result dtypes, at no cost (an empty axis stays empty; an unknown size, a
    lazy driver's, counts as 1)."""
    return np.zeros(tuple(1 if n is None else min(n, 1) for n in x.shape), dtype=x._dtype)


def write_out(out: Any, value: Array, name: str) -> Any:
    """Store ``value`` into ``out`` (NumPy's ``same_kind`` rule for ``out=``): an arraykit
    array through ``__setitem__`` (its views see it), returned; a NumPy array in place
    (NumPy refuses a read-only one), returned as an arraykit array beside ``value`` (as a
    NumPy operand joins the arraykit one: ``host += x`` makes ``host`` arraykit's, which
    client code mixing the two relies on)."""
    target = out._dtype if out.__class__ is Array else out.dtype
    if not np.can_cast(value._dtype, target, "same_kind"):
        raise TypeError(
            f"numpy.{name}: cannot cast the result of dtype {value._dtype} to the out= "
            f"array's dtype {target} (NumPy's 'same_kind' rule)"
        )
    if out.__class__ is Array:
        out[...] = value if value._dtype is target else astype(value, target)
        return out
    np.copyto(out, np.asarray(value), casting="same_kind")
    return asarray(out, driver=value._driver, device=value.device)


def _single_out(kwargs: _Kwargs, name: str) -> Any:
    out = kwargs.pop("out", None)
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError(f"numpy.{name}: out= must hold one array, got {len(out)}")
        out = out[0]
    return out


# --------------------------------------------------------------------------- __call__
_CALL_KWARGS = frozenset({"out", "where", "dtype", "casting", "order", "subok"})


def call(ufunc: np.ufunc, fn: Any, inputs: _Args, kwargs: _Kwargs, like: Array) -> Any:
    """``ufunc(*inputs, **kwargs)`` through ``fn``; ``NotImplemented`` for keywords or
    ufuncs it does not take (the caller runs those on the host)."""
    if (
        ufunc.nout != 1
        or not set(kwargs) <= _CALL_KWARGS
        or kwargs.get("casting", "same_kind") != "same_kind"
        or kwargs.get("order", "K") != "K"
        or kwargs.get("subok", True) is not True
    ):
        return NotImplemented
    kwargs = dict(kwargs)
    name = ufunc.__name__
    out = _single_out(kwargs, name)
    mask = kwargs.pop("where", True)
    dtype = kwargs.pop("dtype", None)
    args = [_array(v, like) if isinstance(v, (np.ndarray, np.generic)) else v for v in inputs]
    if dtype is not None:
        dtype = np.dtype(dtype)
        probe = tuple(a._dtype if a.__class__ is Array else type(a) for a in args)
        loop = ufunc.resolve_dtypes((*probe, None), signature=(None,) * ufunc.nin + (dtype,))
        args = [
            astype(a, loop[i]) if a.__class__ is Array and a._dtype != loop[i] else a
            for i, a in enumerate(args)
        ]
    res = fn(*args)
    if dtype is not None and res._dtype != dtype:
        res = astype(res, dtype)
    if mask is not True:
        other = _array(out, like) if out is not None else _full(res.shape, 0, res._dtype, res)
        if other._dtype != res._dtype:
            other = astype(other, res._dtype)
        res = _where(_array(mask, like), res, other)
    return res if out is None else write_out(out, res, name)


def outer(ufunc: np.ufunc, fn: Any, inputs: _Args, kwargs: _Kwargs, like: Array) -> Any:
    """``ufunc.outer(A, B)``: ``A`` gets ``B.ndim`` trailing axes, then the plain call."""
    if len(inputs) != 2 or ufunc.nin != 2:
        raise ValueError(f"numpy.{ufunc.__name__}.outer: takes two operands (a binary ufunc)")
    a, b = (_array(v, like) for v in inputs)
    a = reshape(a, cast("tuple[int, ...]", a.shape) + (1,) * b.ndim)
    return call(ufunc, fn, (a, b), kwargs, like)


# --------------------------------------------------------------------------- reduce
def _fold(name: str, fn: Any, xs: Array, dtype: np.dtype, start: Array | None) -> Array:
    """``fn`` folded along axis 0 of ``xs`` (from ``start`` when given): pairwise in
    ``log2`` rounds where that is exact, else in order."""
    n = cast(int, xs.shape[0])  # known: _reduce reshaped a known shape
    if _exact(name, dtype):
        while n > 1:
            half = n // 2
            head = _cast(fn(xs[:half], xs[half : 2 * half]), dtype)
            xs = concat([head, xs[2 * half :]]) if n % 2 else head
            n = half + n % 2
        acc = xs[0]
        return acc if start is None else _cast(fn(start, acc), dtype)
    acc, first = (xs[0], 1) if start is None else (start, 0)
    for i in range(first, n):
        acc = _cast(fn(acc, xs[i]), dtype)
    return acc


def _cast(x: Array, dtype: np.dtype) -> Array:
    return x if x._dtype is dtype else astype(x, dtype)


def _axes(axis: Any, ndim: int) -> tuple[int, ...]:
    if axis is None:
        return tuple(range(ndim))
    items = axis if isinstance(axis, tuple) else (axis,)
    return tuple(int(a) % ndim for a in items)


def reduce(ufunc: np.ufunc, fn: Any, inputs: _Args, kwargs: _Kwargs, like: Array) -> Any:
    """``ufunc.reduce(array, axis=0, dtype=None, out=None, keepdims=False, initial=...,
    where=True)``."""
    name = ufunc.__name__
    kwargs = dict(kwargs)
    out = _single_out(kwargs, name)
    (x,) = inputs
    x = _array(x, like)
    axis = kwargs.get("axis", 0)
    dtype = kwargs.get("dtype")
    keepdims = bool(kwargs.get("keepdims", False))
    mask = kwargs.get("where", True)
    has_initial = "initial" in kwargs and kwargs["initial"] is not np._NoValue
    probe_kw = {k: v for k, v in kwargs.items() if k in ("axis", "dtype", "keepdims", "initial")}
    if mask is not True:
        probe_kw["where"] = np.zeros(_clamped(x).shape, dtype=bool)
    probe = ufunc.reduce(_clamped(x), **probe_kw)  # NumPy's checks and result dtype
    res_dtype = dt.canonical(np.asarray(probe).dtype)
    axes = _axes(axis, x.ndim)
    kept = tuple(1 if i in axes else n for i, n in enumerate(x.shape))
    if axis == ():  # no axis reduced: each element is a reduction of one
        x, axes = x[None], (0,)
    shape = tuple(n for i, n in enumerate(x.shape) if i not in axes)
    initial = kwargs["initial"] if has_initial else None
    m = None if mask is True else broadcast_to(_array(mask, x), cast("tuple[int, ...]", x.shape))
    if any(x.shape[i] == 0 for i in axes):  # NumPy's value for an empty reduction
        fill = ufunc.reduce(np.zeros(0, x._dtype), dtype=dtype, **_initial(kwargs))
        res = _full(shape, fill.item(), res_dtype, x)
    else:
        res = _reduce(ufunc, fn, x, axes, res_dtype, initial, m)
    if keepdims:
        res = reshape(res, cast("tuple[int, ...]", kept))
    res = _cast(res, res_dtype)
    return res if out is None else write_out(out, res, f"{name}.reduce")


def _initial(kwargs: _Kwargs) -> _Kwargs:
    value = kwargs.get("initial", np._NoValue)
    return {} if value is np._NoValue else {"initial": value}


def _reduce(
    ufunc: np.ufunc,
    fn: Any,
    x: Array,
    axes: tuple[int, ...],
    dtype: np.dtype,
    initial: Any,
    mask: Array | None,
) -> Array:
    name = ufunc.__name__
    x = _cast(x, dtype)
    identity = ufunc.identity
    fill = identity if identity is not None else initial
    if mask is not None:  # masked-out elements take the identity (or the initial value)
        x = _where(mask, x, _fill(fill, x))
    native = _REDUCTIONS.get(name)
    start = None if initial is None else _fill(initial, x)
    if native is not None:
        if name in ("add", "multiply"):
            res = native(x, axis=axes, dtype=dtype)
        else:
            res = _cast(native(x, axis=axes), dtype)
        return res if start is None else _cast(fn(start, res), dtype)
    sizes = _known(x, f"numpy.{name}.reduce")
    rest = [i for i in range(x.ndim) if i not in axes]
    moved = moveaxis(x, axes, tuple(range(len(axes)))) if axes else x
    size = 1
    for i in axes:
        size *= sizes[i]
    xs = reshape(moved, (size, *tuple(sizes[i] for i in rest)))
    if mask is not None and start is None:
        start = _fill(identity, x)  # NumPy starts a masked reduction from the identity
    return _fold(name, fn, xs, dtype, start)


def _fill(value: Any, like: Array) -> Array:
    """The Python or NumPy scalar ``value`` as a 0-d array of ``like``'s dtype (NumPy's
    cast: ``-1`` is all ones in an unsigned dtype)."""
    host = np.asarray(value).astype(like._dtype)
    return asarray(host, driver=like._driver, device=like.device)


# --------------------------------------------------------------------------- accumulate
def accumulate(ufunc: np.ufunc, fn: Any, inputs: _Args, kwargs: _Kwargs, like: Array) -> Any:
    """``ufunc.accumulate(array, axis=0, dtype=None, out=None)``."""
    name = ufunc.__name__
    kwargs = dict(kwargs)
    out = _single_out(kwargs, f"{name}.accumulate")
    (x,) = inputs
    x = _array(x, like)
    probe = ufunc.accumulate(_clamped(x), **kwargs)  # NumPy's checks and result dtype
    dtype = dt.canonical(probe.dtype)
    axis = int(kwargs.get("axis", 0)) % x.ndim
    native = _ACCUMULATIONS.get(name)
    if native is not None:
        res = native(x, axis=axis, dtype=dtype)
    elif x.shape[axis] == 0:
        res = _cast(x, dtype)
    else:
        n = _known(x, f"numpy.{name}.accumulate")[axis]
        xs = moveaxis(_cast(x, dtype), axis, 0)
        if _exact(name, dtype):  # inclusive scan in log2(n) rounds (Hillis-Steele)
            d = 1
            while d < n:
                xs = concat([xs[:d], _cast(fn(xs[:-d], xs[d:]), dtype)])
                d *= 2
        else:
            acc = [xs[0]]
            for i in range(1, n):
                acc.append(_cast(fn(acc[-1], xs[i]), dtype))
            xs = stack(acc)
        res = moveaxis(xs, 0, axis)
    res = _cast(res, dtype)
    return res if out is None else write_out(out, res, f"{name}.accumulate")


def reduceat(ufunc: np.ufunc, fn: Any, inputs: _Args, kwargs: _Kwargs, like: Array) -> Any:
    """``ufunc.reduceat(array, indices, axis=0, dtype=None, out=None)``: for each ``i``,
    the reduction of ``array[indices[i]:indices[i + 1]]`` along ``axis`` (of
    ``array[indices[i]]`` where the next index is not larger)."""
    name = ufunc.__name__
    kwargs = dict(kwargs)
    out = _single_out(kwargs, f"{name}.reduceat")
    x, indices = inputs
    x = _array(x, like)
    idx = np.asarray(_host(indices, f"numpy.{name}.reduceat"))
    axis = kwargs.get("axis", 0)
    probe_x = np.zeros(tuple(1 for _ in x.shape), dtype=x._dtype)
    probe = ufunc.reduceat(probe_x, [0], **kwargs)  # NumPy's checks and result dtype
    dtype = dt.canonical(probe.dtype)
    axis = int(axis) % x.ndim
    n = _known(x, f"numpy.{name}.reduceat")[axis]
    if idx.ndim != 1 or idx.dtype.kind not in "iu":
        raise TypeError(f"numpy.{name}.reduceat: indices must be a 1-D sequence of integers")
    for i in idx:
        if not 0 <= i < n:
            raise IndexError(f"index {i} out-of-bounds in {name}.reduceat [0, {n})")
    pieces = []
    xs = moveaxis(x, axis, 0)
    bounds = [int(i) for i in idx] + [n]
    for lo, hi in itertools.pairwise(bounds):
        part = xs[lo : lo + 1] if hi <= lo else xs[lo:hi]
        red = _reduce(ufunc, fn, part, (0,), dtype, None, None)
        pieces.append(expand_dims(_cast(red, dtype), axis=0))
    res = moveaxis(concat(pieces), 0, axis) if pieces else _cast(moveaxis(xs[:0], 0, axis), dtype)
    return res if out is None else write_out(out, res, f"{name}.reduceat")


# --------------------------------------------------------------------------- at
def _host(value: Any, what: str) -> Any:
    """An index with its arraykit arrays read on the host (``TypeError`` for traced ones)."""
    if isinstance(value, tuple):
        return tuple(_host(v, what) for v in value)
    if value.__class__ is Array:
        try:
            return np.asarray(value)
        except Exception as e:
            raise TypeError(
                f"{what}: the indices must be known on the host (Python ints, slices, "
                "lists, NumPy arrays or concrete arrays); inside ak.jit or ak.vmap they "
                f"are traced ({e})"
            ) from None
    return value


def _basic(key: Any) -> bool:
    items = key if isinstance(key, tuple) else (key,)
    return all(
        i is None or i is Ellipsis or isinstance(i, (int, np.integer, slice)) for i in items
    ) and not any(isinstance(i, bool) for i in items)


def at(ufunc: np.ufunc, fn: Any, inputs: _Args, like: Array) -> None:
    """``ufunc.at(a, indices, b=None)``: unbuffered in place, repeated indices included."""
    name = ufunc.__name__
    what = f"numpy.{name}.at"
    if len(inputs) not in (2, 3):
        raise TypeError(f"{what}: takes (a, indices) or (a, indices, b)")
    a, key = inputs[0], inputs[1]
    if ufunc.nin == 2 and len(inputs) == 2:
        raise ValueError(f"{what}: a binary ufunc needs the second operand b")
    if ufunc.nin == 1 and len(inputs) == 3:
        raise ValueError(f"{what}: a unary ufunc takes no second operand")
    if ufunc.nin > 2 or ufunc.nout != 1:
        raise ValueError(f"{what}: only unary and binary ufuncs with one output have .at")
    if a.__class__ is not Array:  # host data: NumPy writes into it, as NumPy would
        host = [np.asarray(v) if v.__class__ is Array else v for v in inputs[2:]]
        ufunc.at(a, _host(key, what), *host)
        return
    b = _array(inputs[2], a) if len(inputs) == 3 else None
    drv = same_driver((a,) if b is None else (a, b), what)
    key = _host(key, what)
    # NumPy's loop: the ufunc on 0-size operands gives the dtype arraykit computes in
    probe = _full((0,), 0, a._dtype, a)
    loop = fn(probe) if b is None else fn(probe, _full((0,), 0, b._dtype, b))
    if _numpy_in_place(ufunc, a, b, loop._dtype):
        ufunc.at(a._value, key, *(() if b is None else (np.asarray(b),)))
        return
    with NO_LOCK if drv.capabilities.mutable else WRITE_LOCK:
        value = a._value
        if _basic(key):  # ints and slices: no index repeats
            nkey = cast("tuple[Any, ...]", _normalize_key(a, key, what))  # no bools
            value = _apply(fn, a, value, nkey, b, loop._dtype)
        else:
            value = _apply_repeated(name, fn, a, value, key, b, loop._dtype, what)
        assign(a, value)


def _numpy_in_place(ufunc: np.ufunc, a: Array, b: Array | None, loop: np.dtype) -> bool:
    """Whether NumPy's own ``ufunc.at`` may write into ``a``'s value: a writable NumPy
    array of a mutable driver, and NumPy's loop dtype the one arraykit computes in."""
    value = a._value
    if not (a._driver.capabilities.mutable and isinstance(value, np.ndarray)):
        return False
    if ufunc.__name__ in _SIGNED_ZEROS and loop.kind in "fc":
        return False  # NumPy's signs of zero are the platform's; arraykit's order -0 < +0
    if loop.kind in "fc" and a._dtype.kind in "iu":
        return False  # NumPy's cast back of an out-of-range float is the platform's
    if not value.flags.writeable or (b is not None and not isinstance(b._value, np.ndarray)):
        return False
    try:
        dtypes = (a._dtype, None) if b is None else (a._dtype, b._dtype, None)
        return ufunc.resolve_dtypes(dtypes)[-1] == loop
    except (TypeError, ValueError):
        return False


def _apply(
    fn: Any, a: Array, value: Any, key: tuple[Any, ...], b: Array | None, loop: np.dtype
) -> Any:
    """``value`` with ``value[key]`` replaced by ``fn(value[key], b)`` cast to ``a``'s dtype
    (unsafely, as ``ufunc.at`` does)."""
    drv = a._driver
    cur = new(drv.getitem(value, key), drv, a._dtype)
    if b is None:  # a unary ufunc keeps the shape
        res = fn(cur)
    else:
        res = fn(cur, b)
        if res.shape != cur.shape:
            raise ValueError(
                f"ufunc.at: b of shape {b.shape} does not broadcast to the indexed shape "
                f"{cur.shape}"
            )
    return drv.setitem(value, key, _cast(res, a._dtype)._value)


def _apply_repeated(
    name: str, fn: Any, a: Array, value: Any, key: Any, b: Array | None, loop: np.dtype, what: str
) -> Any:
    shape = _known(a, what)
    flat: np.ndarray
    drv = a._driver
    try:  # the coordinates of every element the key selects, by NumPy's own indexing
        if shape:
            picked = [
                np.asarray(np.broadcast_to(np.arange(n).reshape((n,) + (1,) * k), shape)[key])
                for n, k in zip(shape, range(len(shape) - 1, -1, -1), strict=True)
            ]
            sel_shape = picked[0].shape
            coords = [p.ravel() for p in picked]
            flat = np.ravel_multi_index(coords, shape)
        else:
            sel_shape = np.zeros((), dtype=np.int8)[key].shape
            coords = []
            flat = np.zeros(int(np.prod(sel_shape)), dtype=np.intp)
    except IndexError as e:
        raise IndexError(f"{what}: {e}") from None
    n = flat.size
    if n == 0:  # nothing to update, but a read-only ``a`` refuses, as NumPy's does
        if drv.capabilities.mutable and shape:  # the array's own flag: a write of nothing
            nothing = tuple(
                drv.asarray(np.zeros(0, np.int64), dt.int64, drv.device_of(value), None)
                for _ in shape
            )
            return drv.setitem(value, nothing, drv.getitem(value, nothing))
        return value  # core's read-only marks: assign refuses
    if b is not None and b.ndim:
        try:
            fits = np.broadcast_shapes(cast("tuple[int, ...]", b.shape), sel_shape) == sel_shape
        except ValueError:
            fits = False
        if not fits:
            raise ValueError(
                f"{what}: b of shape {b.shape} does not broadcast to the indexed shape {sel_shape}"
            )
        b = reshape(broadcast_to(b, sel_shape), (n,))
    device = drv.device_of(value)
    flat_mode = len(shape) > 1 and not drv.capabilities.mutable
    if flat_mode:  # one 1-D index into the flattened value: every driver scatters that
        value, coords = drv.reshape(value, (int(np.prod(shape)),), None), [flat]

    def index(positions: np.ndarray) -> tuple[Any, ...]:
        return tuple(drv.asarray(c[positions], dt.int64, device, None) for c in coords)

    order = np.argsort(flat, kind="stable")
    sorted_flat = flat[order]
    starts = np.flatnonzero(np.r_[True, sorted_flat[1:] != sorted_flat[:-1]])
    counts = np.diff(np.r_[starts, n])
    most = int(counts.max())
    if most == 1:  # no index repeats: one gather, operation and scatter
        value = _apply(fn, a, value, index(np.arange(n)), b, loop)
    elif b is not None and _exact(name, loop) and _combines(name, a._dtype, loop):
        # the repeats of each position combined in log2 rounds (segmented scan), then
        # one update per position
        vals = _gather(_cast(b if b.ndim else broadcast_to(b, (n,)), loop), order)
        group = np.repeat(np.arange(starts.size), counts)
        d = 1
        while d < most:
            same = asarray(group[d:] == group[:-d], driver=drv, device=a.device)
            vals = concat([vals[:d], _where(same, _cast(fn(vals[:-d], vals[d:]), loop), vals[d:])])
            d *= 2
        totals = _gather(vals, starts + counts - 1)
        value = _apply(fn, a, value, index(order[starts]), totals, loop)
    else:  # in order: round r applies the r-th occurrence of every repeated position
        value = _in_rounds(fn, a, value, b, order, starts, counts, index)
    return drv.reshape(value, shape, None) if flat_mode else value


def _in_rounds(
    fn: Any,
    a: Array,
    value: Any,
    b: Array | None,
    order: np.ndarray,
    starts: np.ndarray,
    counts: np.ndarray,
    index: Any,
) -> Any:
    """The unbuffered update of ``value`` in NumPy's order, exact for any ufunc: the
    positions' values are gathered once into a short vector, ordered by how often they
    repeat (most first), so that the positions with an r-th occurrence are a prefix of it;
    round r updates that prefix with those occurrences' ``b`` (slices and concatenations
    only); then one scatter.  ``b`` is gathered once, in round order."""
    drv = a._driver
    by_count = np.argsort(-counts, kind="stable")
    counts, starts = counts[by_count], starts[by_count]
    key = index(order[starts])
    vec = drv.getitem(value, key)
    sizes = np.searchsorted(-counts, -np.arange(int(counts[0])), side="left")  # prefixes
    if b is not None and b.ndim:
        b = _gather(b, np.concatenate([order[starts[:k] + r] for r, k in enumerate(sizes)]))
    done = 0
    for k in map(int, sizes):
        cur = new(drv.getitem(vec, (slice(0, k),)), drv, a._dtype)
        if b is None:
            res = fn(cur)
        elif b.ndim:
            res = fn(cur, new(drv.getitem(b._value, (slice(done, done + k),)), drv, b._dtype))
        else:
            res = fn(cur, b)
        head = _cast(res, a._dtype)._value
        # concatenated, not scattered: a lazy driver's graph stays cheap to extend
        vec = head if k == sizes[0] else drv.concat([head, drv.getitem(vec, (slice(k, None),))], 0)
        done += k
    return drv.setitem(value, key, vec)


def _combines(name: str, dtype: np.dtype, loop: np.dtype) -> bool:
    """Whether combining the repeats in ``loop`` first gives the in-order result cast to
    ``dtype`` each step: always when they agree; for wrapping integer arithmetic and
    bitwise operations also when ``dtype`` is a narrower integer."""
    if dtype == loop:
        return True
    return name in _EXACT_INT and dtype.kind in "iu" and loop.kind in "iu"
