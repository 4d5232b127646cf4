"""Views on every driver: NumPy's aliasing, kept by core where values are immutable.

On NumPy, ``v = x[1:4]`` shares ``x``'s memory: ``v += 1`` changes ``x`` and ``x[2] = 9``
changes ``v``.  NumPy-style client code relies on it (SciPy's ``oaconvolve`` writes its
result through slices).  A TF tensor or a JAX array cannot share memory that way, so core
keeps the relation itself.  *Which* results are views is one table, ``_aliasing.RULES``
(NumPy's answer, function by function); this module is the mechanism:

* A view records ``(base, key)`` in ``_view``; the base keeps weak references to its views
  in ``_views``.  ``key`` is a basic index (ints, slices, ``None``, ``...``: ``x[1:4]``,
  ``flip``, ``unstack``) or a ``Whole`` (another layout of the base: ``reshape``,
  ``permute_dims``, ``expand_dims``, ``squeeze``, ``diagonal``, ``real``/``imag``,
  ``broadcast_to``), which says how to read the view from its base, how to write the base
  from the view (``None``: a read-only view, as NumPy's ``broadcast_to`` and ``diagonal``
  are) and how NumPy lays the view out in memory.
* A write to an array (``__setitem__``, an in-place operator) goes through ``assign``:
  the new value is written back into the base at the view's key, and the base's into its
  own base, up to the root; then every live view below the arrays that changed reads its
  value again (``getitem`` of its base at its key).  All new values are computed before
  any is stored, so a failure (a read-only view on the way) leaves every array as it was.
* ``layout_of`` gives an array's NumPy layout (shape, byte strides): a root is
  C-contiguous, a view's follows from its base's through its key.  ``reshape`` and
  ``ravel`` read it to return a view exactly where NumPy can (``_aliasing``).  On a
  mutable driver (NumPy) the native values are NumPy's own views and layouts.

Reads cost nothing: arrays hold their current value at all times.  Making a view costs a
weak reference (~0.3 us, beside a backend's 5-50 us slice); a write costs one functional
update per ancestor and one slice per live descendant.  A view keeps its base alive, as in
NumPy (``v.base``); a base does not keep its views alive, so no reference cycles form.
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections.abc import Callable
from typing import Any, NamedTuple, cast

from ._array import Array
from ._core import transform_tracing

_BASIC = (int, slice)


class Layout(NamedTuple):
    """An array's memory layout as NumPy would have it: shape and byte strides."""

    shape: tuple[int, ...]
    strides: tuple[int, ...]
    itemsize: int


def c_layout(shape: tuple[int, ...], itemsize: int) -> Layout:
    """A C-contiguous layout (a fresh NumPy array's)."""
    strides, step = [], itemsize
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return Layout(shape, tuple(reversed(strides)), itemsize)


def same_layout(layout: Layout) -> Layout:
    return layout


class Whole:
    """The "key" of a view of the whole base in another layout.

    ``forward(driver, base_value)`` is the view's value; ``backward(driver, view_value,
    base_value)`` the base's after a write to the view, or ``None`` for a read-only view
    (a write raises ``ValueError``: ``refusal``, NumPy's message by default);
    ``layout(base_layout)`` the view's layout."""

    __slots__ = ("backward", "forward", "layout", "refusal")

    def __init__(
        self,
        forward: Callable[[Any, Any], Any],
        backward: Callable[[Any, Any, Any], Any] | None,
        layout: Callable[[Layout], Layout] = same_layout,
        refusal: str | None = None,
    ) -> None:
        self.forward, self.backward, self.layout = forward, backward, layout
        self.refusal = refusal


def whole_view(
    x: Array,
    out: Array,
    forward: Callable[[Any, Any], Any],
    backward: Callable[[Any, Any, Any], Any] | None,
    layout: Callable[[Layout], Layout] = same_layout,
) -> Array:
    """``out`` (``forward`` of ``x``) linked as a view of ``x`` on an immutable driver.
    Where a lazy driver does not know a size yet, the view follows writes to ``x`` and
    refuses its own (``UNSIZED``): writing back into ``x`` needs the sizes."""
    if x._driver.capabilities.mutable:
        return out  # NumPy's own views
    if backward is not None and (None in out.shape or None in x.shape):
        return link(x, out, Whole(forward, None, layout, UNSIZED))
    return link(x, out, Whole(forward, backward, layout))


UNSIZED = (
    "a write through a view of an array whose sizes are unknown (None: from a boolean "
    "index, nonzero or unique_*) cannot reach that array yet: call ak.compute(x) first"
)


def identity_view(x: Array) -> Array:
    """A new Array of ``x``'s value that is a view of all of ``x`` (NumPy's ``x.view()``)."""
    out = Array._new(x._value, x._driver, x._dtype)
    return whole_view(x, out, _same_value, _new_value)


def _same_value(driver: Any, value: Any) -> Any:
    return value


def _new_value(driver: Any, value: Any, base: Any) -> Any:
    return value


#: Held while a write reads an immutable value and stores its update (``__setitem__``,
#: ``assign``): threads that write disjoint parts of one array, as NumPy code does
#: (scikit-learn's threaded pairwise_distances fills column blocks of one output), must
#: not lose each other's updates.  Mutable drivers write in place and need no lock.
WRITE_LOCK = threading.RLock()
NO_LOCK = contextlib.nullcontext()


def is_view_key(key: tuple[Any, ...], ndim: int) -> bool:
    """Whether NumPy returns a view for ``x[key]`` (``key`` normalised, ``x.ndim == ndim``)."""
    ints = 0
    for item in key:
        cls = item.__class__
        if cls is int:
            ints += 1
        elif cls is not slice and item is not None and item is not Ellipsis:
            return False  # an index array or a Python bool: advanced indexing copies
    return ints < ndim or len(key) > ints


def link(base: Array, view: Array, key: tuple[Any, ...] | Whole) -> Array:
    """Record ``view`` (the value of ``base[key]``) as a view of ``base``; return it."""
    view._view = (base, key)
    refs = getattr(base, "_views", None)
    if refs is None:
        base._views = [weakref.ref(view)]
    else:
        if len(refs) >= 16 and len(refs) & (len(refs) - 1) == 0:  # at powers of two
            refs[:] = [r for r in refs if r() is not None]  # amortised pruning
        refs.append(weakref.ref(view))
    return view


def same_view(x: Array, key: tuple[Any, ...], value: Array) -> bool:
    """Whether ``value`` is the view ``x[key]``: then ``x[key] = value`` has nothing to do
    (``x[1:4] += 1`` already wrote through the view ``x[1:4]``)."""
    link_ = getattr(value, "_view", None)
    if link_ is None or link_[0] is not x or link_[1].__class__ is Whole:
        return False
    if len(link_[1]) != len(key):
        return False
    return all(
        (a.__class__ is b.__class__ and a.__class__ in _BASIC and a == b) or a is b
        for a, b in zip(link_[1], key, strict=True)
    )


READ_ONLY = "assignment destination is read-only"


def check_writable(a: Array) -> None:
    """``ValueError`` if ``a`` is a read-only view or a view of one (NumPy's message, or
    the view's own ``refusal``).  Mutable drivers call it before writing in place."""
    up = getattr(a, "_view", None)
    while up is not None:
        base, key = up
        if key.__class__ is Whole and key.backward is None:
            raise ValueError(key.refusal or READ_ONLY)
        up = getattr(base, "_view", None)


def refuse_writes_to(x: Array, message: str) -> Array:
    """``x`` made read-only with ``message`` as the refusal (an argument a transform cannot
    write back: ``ak.vmap``'s unmapped ones), on every driver."""
    stand_in = Array._new(x._value, x._driver, x._dtype)
    return link(stand_in, x, Whole(_same_value, None, refusal=message))


def assign(a: Array, value: Any) -> None:
    """Give ``a`` the native ``value`` and keep its bases and views in step with it."""
    up = getattr(a, "_view", None)
    if up is None and getattr(a, "_views", None) is None:
        if transform_tracing.journal is not None:  # ak.jit/ak.vmap run f: checked after it
            transform_tracing.journal.append((weakref.ref(a), a._value))
        a._value = value  # neither a view nor viewed: the common case
        return
    with WRITE_LOCK:
        changed = [(a, value)]
        while up is not None:  # compute every ancestor's new value before storing any
            base, key = up
            if key.__class__ is Whole:
                if key.backward is None:
                    raise ValueError(key.refusal or READ_ONLY)
                value = key.backward(base._driver, value, base._value)
            else:
                value = base._driver.setitem(base._value, key, value)
            changed.append((base, value))
            up = getattr(base, "_view", None)
        journal = transform_tracing.journal
        if journal is not None:  # ak.jit/ak.vmap run f: writes are checked after it
            journal.extend((weakref.ref(arr), arr._value) for arr, _ in changed)
        for arr, v in changed:
            arr._value = v
        done = {id(arr) for arr, _ in changed}
        for arr, _ in changed:
            _refresh(arr, done)


def _refresh(base: Array, done: set[int]) -> None:
    """Read every live view of ``base`` (not in ``done``) again, and theirs, recursively."""
    refs = getattr(base, "_views", None)
    if not refs:
        return
    drv = base._driver
    journal = transform_tracing.journal
    for ref in refs:
        view = ref()
        if view is None or id(view) in done:
            continue
        if journal is not None:  # ak.jit/ak.vmap run f (see assign)
            journal.append((ref, view._value))
        key = view._view[1]
        if key.__class__ is Whole:
            view._value = key.forward(drv, base._value)
        else:
            view._value = drv.getitem(base._value, key)
        _refresh(view, done)


# ---------------------------------------------------------------------- layouts
def layout_of(x: Array) -> Layout | None:
    """``x``'s layout as NumPy would have it; ``None`` where a size is unknown (lazy)."""
    drv = x._driver
    shape = drv.shape_of(x._value)
    if None in shape:
        return None
    sizes = cast("tuple[int, ...]", shape)  # known: checked above
    itemsize = x._dtype.itemsize
    if drv.capabilities.mutable:
        strides = drv.strides_of(x._value)  # type: ignore[misc]  # pyright: ignore[reportOptionalCall]  # a mutable driver's
        return Layout(tuple(sizes), tuple(strides), itemsize)
    up = getattr(x, "_view", None)
    if up is None:
        return c_layout(tuple(sizes), itemsize)
    base, key = up
    outer = layout_of(base)
    if outer is None:
        return None
    if key.__class__ is Whole:
        return key.layout(outer)
    return _indexed(outer, key)


def _indexed(layout: Layout, key: tuple[Any, ...]) -> Layout:
    """The layout of ``base[key]`` for a normalised basic ``key``."""
    consumed = sum(1 for k in key if k.__class__ is int or k.__class__ is slice)
    shape: list[int] = []
    strides: list[int] = []
    axis = 0
    for item in key:
        if item is None:
            shape.append(1)
            strides.append(0)
        elif item is Ellipsis:
            rest = len(layout.shape) - consumed
            shape += layout.shape[axis : axis + rest]
            strides += layout.strides[axis : axis + rest]
            axis += rest
        elif item.__class__ is slice:
            start, stop, step = item.indices(layout.shape[axis])
            shape.append(len(range(start, stop, step)))
            strides.append(layout.strides[axis] * step)
            axis += 1
        else:
            axis += 1
    shape += layout.shape[axis:]
    strides += layout.strides[axis:]
    return Layout(tuple(shape), tuple(strides), layout.itemsize)


def c_contiguous(layout: Layout) -> bool:
    """NumPy's ``C_CONTIGUOUS`` flag: size-1 axes do not count, empty arrays are."""
    if 0 in layout.shape:
        return True
    step = layout.itemsize
    for n, s in zip(reversed(layout.shape), reversed(layout.strides), strict=True):
        if n != 1:
            if s != step:
                return False
            step *= n
    return True


def reshaped(layout: Layout, shape: tuple[int, ...]) -> Layout | None:
    """The layout of NumPy's C-order reshape of ``layout`` to ``shape`` (sizes known,
    equal products), or ``None`` where NumPy copies (its ``_attempt_nocopy_reshape``)."""
    if shape == layout.shape or c_contiguous(layout):
        if shape == layout.shape:
            return layout
        return c_layout(shape, layout.itemsize)
    olddims = [n for n in layout.shape if n != 1]
    oldstrides = [s for n, s in zip(layout.shape, layout.strides, strict=True) if n != 1]
    newstrides = [0] * len(shape)
    oi, oj, ni, nj = 0, 1, 0, 1
    while ni < len(shape) and oi < len(olddims):
        np_, op = shape[ni], olddims[oi]
        while np_ != op:
            if np_ < op:
                np_ *= shape[nj]
                nj += 1
            else:
                op *= olddims[oj]
                oj += 1
        for ok in range(oi, oj - 1):  # can the original axes oi..oj-1 merge?
            if oldstrides[ok] != olddims[ok + 1] * oldstrides[ok + 1]:
                return None
        newstrides[nj - 1] = oldstrides[oj - 1]
        for nk in range(nj - 1, ni, -1):
            newstrides[nk - 1] = newstrides[nk] * shape[nk]
        ni, nj = nj, nj + 1
        oi, oj = oj, oj + 1
    last = newstrides[ni - 1] if ni >= 1 else layout.itemsize
    for nk in range(ni, len(shape)):
        newstrides[nk] = last
    return Layout(tuple(shape), tuple(newstrides), layout.itemsize)
