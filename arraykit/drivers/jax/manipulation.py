"""The JAX driver's manipulation primitives (core's ``_manipulation.py``), with the native
fast paths of core's composites ``stack``, ``moveaxis``, ``unstack``,
``broadcast_arrays`` and ``meshgrid``.

All are kernels bound as they are, except ``repeat``: with an array of counts its
result's shape depends on the data (see ``Manipulation.repeat``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax.numpy as jnp
import numpy as np
from jax import lax

from .._base import Part
from .kernels import KernelTable, compile_table, kernel_jit
from .tracing import Tracer, concrete

_TABLE: KernelTable = {
    "reshape": (lambda x, shape, copy: jnp.reshape(x, shape), (1, 2)),
    "permute_dims": (lambda x, axes: lax.transpose(x, axes), (1,)),
    "broadcast_to": (lambda x, shape: jnp.broadcast_to(x, shape), (1,)),
    "concat": (lambda xs, axis: jnp.concatenate(xs, axis=axis), (1,)),
    "expand_dims": (lambda x, axes: lax.expand_dims(x, axes), (1,)),
    "squeeze": (lambda x, axes: lax.squeeze(x, axes), (1,)),
    "flip": (lambda x, axes: lax.rev(x, axes), (1,)),
    "roll": (lambda x, shifts, axes: jnp.roll(x, shifts, axes), (1, 2)),
    "tile": (lambda x, reps: jnp.tile(x, reps), (1,)),
    # composites with a native fast path (see drivers/_base.py COMPOSITES)
    "stack": (lambda xs, axis: jnp.stack(xs, axis=axis), (1,)),
    "moveaxis": (lambda x, src, dst: jnp.moveaxis(x, src, dst), (1, 2)),
    "unstack": (lambda x, axis: tuple(jnp.unstack(x, axis=axis)), (1,)),
    "broadcast_arrays": (lambda *xs: tuple(jnp.broadcast_arrays(*xs)), ()),
    "meshgrid": (lambda xs, indexing: tuple(jnp.meshgrid(*xs, indexing=indexing)), (1,)),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""The manipulation primitives and composites, compiled (bound as they are)."""

_repeat = kernel_jit(lambda x, r, axis: jnp.repeat(x, r, axis), static_argnums=(1, 2))
_repeat_counts = kernel_jit(
    lambda x, r, axis, total: jnp.repeat(x, r, axis, total_repeat_length=total),
    static_argnums=(2, 3),
)

_REPEAT = "an array of counts makes the result's shape depend on the data"


class Manipulation(Part):
    """``repeat``: compiled for an int, on the host for an array of counts."""

    # From JAXDriver's other parts (devices.py).
    _from_host: Callable[[Any, Any], Any]

    def repeat(self, x: Any, repeats: Any, axis: int) -> Any:
        if repeats.__class__ is int:
            return _repeat(x, repeats, axis)
        concrete(repeats, "repeat", _REPEAT, "pass an int, or repeat outside the transform")
        if isinstance(x, Tracer):  # concrete counts: the total is known
            total = int(np.sum(np.asarray(repeats)))
            return _repeat_counts(x, repeats, axis, total)
        return self._from_host(np.repeat(np.asarray(x), np.asarray(repeats), axis), x)
