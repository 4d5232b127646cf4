"""arraykit's ``Array`` as a JAX pytree: ``jax.jit``, ``jax.vmap`` and ``jax.grad`` accept
arraykit arrays as arguments, and ``jit``/``vmap`` return them.

An array flattens to its native value (the one leaf) and keeps its driver and dtype as
aux data.  The flatten runs on every ``jax.jit`` call over arrays (``ak.jit``'s tree form
included): it is as short as it can be.
"""

from __future__ import annotations

from typing import Any

import jax
import numpy as np

from ... import _dtypes
from ..._array import Array
from .._base import Driver

_CANON = _dtypes._CANONICAL
_REGISTERED = False


def _flatten(a: Array) -> tuple[tuple[Any], tuple[Driver, np.dtype]]:
    return (a._value,), (a._driver, a._dtype)


def _unflatten(aux: tuple[Driver, np.dtype], children: Any) -> Array:
    # JAX unflattens with tracers and with placeholder leaves (object(), None): no
    # validation; a leaf's own (canonical) dtype wins over the recorded one.
    (value,) = children
    drv, dtype = aux
    return Array._new(value, drv, _CANON.get(getattr(value, "dtype", None), dtype))


def register() -> None:
    """Register ``Array`` with JAX, once per process (JAX refuses a second time)."""
    global _REGISTERED
    if not _REGISTERED:
        jax.tree_util.register_pytree_node(Array, _flatten, _unflatten)
        _REGISTERED = True
