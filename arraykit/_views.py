"""Views on drivers whose values are immutable (TensorFlow, JAX): NumPy's semantics for
basic indexing.

On NumPy, ``v = x[1:4]`` shares ``x``'s memory: ``v += 1`` changes ``x`` and ``x[2] = 9``
changes ``v``.  NumPy-style client code relies on it (SciPy's ``oaconvolve`` writes its
result through slices).  A TF tensor or a JAX array cannot share memory that way, so core
keeps the relation itself:

* A view is the result of basic indexing (ints, slices, ``None``, ``...``) that NumPy
  returns as a view: every such key except integers addressing every axis (NumPy returns a
  scalar, a copy, there), and the results of the layout changes NumPy returns as views
  (``reshape`` unless ``copy=True``, ``permute_dims``, ``moveaxis``, ``matrix_transpose``,
  ``expand_dims``, ``squeeze``), whose key is a ``Whole``.  It records ``(base, key)`` in
  ``_view``; the base keeps weak references to its views in ``_views``.  Integer- and
  boolean-array indexing copy, as in NumPy.
* A write to an array (``__setitem__``, an in-place operator) goes through ``assign``:
  the new value is written back into the base at the view's key, and the base's into its
  own base, up to the root; then every live view below the arrays that changed reads its
  value again (``getitem`` of its base at its key).  All new values are computed before
  any is stored, so a failure leaves every array as it was.

Reads cost nothing: arrays hold their current value at all times.  Making a view costs a
weak reference (~0.3 us, beside a backend's 5-50 us slice); a write costs one functional
update per ancestor and one slice per live descendant.  A view keeps its base alive, as in
NumPy (``v.base``); a base does not keep its views alive, so no reference cycles form.
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from typing import Any

from ._array import Array

_BASIC = (int, slice)


class Whole:
    """The "key" of a view of the whole base in another layout: ``reshape``,
    ``permute_dims`` (``.T``, ``moveaxis``, ``matrix_transpose``), ``expand_dims``,
    ``squeeze``, which NumPy returns as views (SciPy's ``oaconvolve`` adds overlapping
    blocks through a swapaxes of a reshape).  ``forward(driver, base_value)`` is the view's
    value, ``backward(driver, view_value)`` the base's after a write to the view."""

    __slots__ = ("backward", "forward")

    def __init__(self, forward: Any, backward: Any) -> None:
        self.forward, self.backward = forward, backward


def whole_view(x: Array, out: Array, forward: Any, backward: Any) -> Array:
    """``out`` (``forward`` of ``x``) linked as a view of ``x`` on an immutable driver."""
    if x._driver.capabilities.mutable or None in out.shape:
        return out  # NumPy's own views, or sizes a lazy driver does not know yet
    return link(x, out, Whole(forward, backward))


#: Held while a write reads an immutable value and stores its update (``__setitem__``,
#: ``assign``): threads that write disjoint parts of one array, as NumPy code does
#: (scikit-learn's threaded pairwise_distances fills column blocks of one output), must
#: not lose each other's updates.  Mutable drivers write in place and need no lock.
WRITE_LOCK = threading.RLock()
NO_LOCK = contextlib.nullcontext()


def is_view_key(key: tuple, ndim: int) -> bool:
    """Whether NumPy returns a view for ``x[key]`` (``key`` normalised, ``x.ndim == ndim``)."""
    ints = 0
    for item in key:
        cls = item.__class__
        if cls is int:
            ints += 1
        elif cls is not slice and item is not None and item is not Ellipsis:
            return False  # an index array or a Python bool: advanced indexing copies
    return ints < ndim or len(key) > ints


def link(base: Array, view: Array, key: tuple) -> Array:
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


def same_view(x: Array, key: tuple, value: Array) -> bool:
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


def assign(a: Array, value: Any) -> None:
    """Give ``a`` the native ``value`` and keep its bases and views in step with it."""
    up = getattr(a, "_view", None)
    if up is None and getattr(a, "_views", None) is None:
        a._value = value  # neither a view nor viewed: the common case
        return
    with WRITE_LOCK:
        changed = [(a, value)]
        while up is not None:  # compute every ancestor's new value before storing any
            base, key = up
            if key.__class__ is Whole:
                value = key.backward(base._driver, value)
            else:
                value = base._driver.setitem(base._value, key, value)
            changed.append((base, value))
            up = getattr(base, "_view", None)
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
    for ref in refs:
        view = ref()
        if view is None or id(view) in done:
            continue
        key = view._view[1]
        if key.__class__ is Whole:
            view._value = key.forward(drv, base._value)
        else:
            view._value = drv.getitem(base._value, key)
        _refresh(view, done)
