"""arraykit's ``Array`` as a JAX pytree: ``jax.jit``, ``jax.vmap`` and ``jax.grad`` accept
arraykit arrays as arguments, and ``jit``/``vmap`` return them.

An array flattens to its native value (the one leaf) and keeps its driver and dtype as
aux data.  The class and its accessors come from core through the contract
(``_base.core_link``): a driver never imports ``Array``.  The flatten runs on every
``jax.jit`` call over arrays (``ak.jit``'s tree form included): core's own ``flatten``,
registered as it is (no wrapper frame).
"""

from __future__ import annotations

from typing import Any

import jax
import numpy as np

from ... import _dtypes
from .._base import CoreLink, Driver

_CANON: dict[Any, np.dtype] = _dtypes._CANONICAL  # keys: any dtype-like, or None
_REGISTERED = False


def register(link: CoreLink) -> None:
    """Register core's array class with JAX, once per process (JAX refuses a second
    registration of a type)."""
    global _REGISTERED
    if _REGISTERED:
        return
    new = link.new

    def unflatten(aux: tuple[Driver, np.dtype], children: Any) -> Any:
        # JAX unflattens with tracers and with placeholder leaves (object(), None): no
        # validation; a leaf's own (canonical) dtype wins over the recorded one.
        (native,) = children
        driver, dtype = aux
        return new(native, driver, _CANON.get(getattr(native, "dtype", None), dtype))

    jax.tree_util.register_pytree_node(link.array_type, link.flatten, unflatten)
    _REGISTERED = True
