"""The JAX driver's sorting primitives (core's ``_sorting.py``).

One ``lax.sort`` serves every ``kind`` (core has turned a stable kind into
``stable=True``; XLA picks the algorithm).  It orders -0.0 and +0.0 as equal and every
NaN last, as NumPy does.  Descending sorts reverse, sort ascending and reverse back, so
equal elements keep their input order.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from jax import lax

from .kernels import KernelTable, compile_table


def _sort(x: Any, axis: int, descending: bool, stable: bool, kind: Any) -> Any:
    if not descending:
        return lax.sort(x, dimension=axis, is_stable=stable)
    return lax.rev(lax.sort(lax.rev(x, (axis,)), dimension=axis, is_stable=stable), (axis,))


def _argsort(x: Any, axis: int, descending: bool, stable: bool, kind: Any) -> Any:
    n = x.shape[axis]
    if descending:  # sort the reversed input and map back: equal elements keep their order
        x = lax.rev(x, (axis,))
    iota = lax.broadcasted_iota(np.int64, x.shape, axis)
    _, idx = lax.sort((x, iota), dimension=axis, is_stable=stable, num_keys=1)
    return lax.rev(n - 1 - idx, (axis,)) if descending else idx


_TABLE: KernelTable = {
    "sort": (_sort, (1, 2, 3, 4)),
    "argsort": (_argsort, (1, 2, 3, 4)),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""``sort`` and ``argsort``, compiled (bound as they are)."""
