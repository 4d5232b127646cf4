"""The JAX driver's searching primitives (core's ``_searching.py``).

All are kernels bound as they are, except ``nonzero``, whose result's shape depends on
the data: NumPy computes it on the host, eagerly only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax.numpy as jnp
import numpy as np

from .._base import Part
from .kernels import KernelTable, compile_table
from .tracing import known_value

_TABLE: KernelTable = {
    "argmax": (lambda x, axis, keepdims: jnp.argmax(x, axis=axis, keepdims=keepdims), (1, 2)),
    "argmin": (lambda x, axis, keepdims: jnp.argmin(x, axis=axis, keepdims=keepdims), (1, 2)),
    "where": (lambda c, x1, x2: jnp.where(c, x1, x2), ()),
    "searchsorted": (
        lambda a, v, side, sorter: jnp.searchsorted(a, v, side=side, sorter=sorter),
        (2,),
    ),
    "count_nonzero": (lambda x, axes, keepdims: jnp.count_nonzero(x, axes, keepdims), (1, 2)),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""The searching primitives but ``nonzero``, compiled (bound as they are)."""

_NONZERO = "the number of non-zero elements decides the result's shape"
_NONZERO_INSTEAD = (
    "use ak.where(x != 0, a, b) to keep the shape, or, with a known bound n, "
    "jax.numpy.nonzero(x.native, size=n)"
)


class Searching(Part):
    """``nonzero``, on the host (eagerly only)."""

    # From JAXDriver's other parts (devices.py).
    _from_host: Callable[[Any, Any], Any]

    def nonzero(self, x: Any) -> tuple[Any, ...]:
        x = known_value(x, "nonzero", _NONZERO, _NONZERO_INSTEAD)
        out: tuple[Any, ...] = self._from_host(np.nonzero(np.asarray(x)), x)
        return out
