"""The JAX driver's set primitives (core's ``_sets.py``).

``isin`` is a kernel bound as it is.  The ``unique_*`` results' shapes depend on the
data: NumPy computes them on the host (its semantics are the spec's: sorted, NaNs
distinct and last, signed zeros equal), eagerly only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax.numpy as jnp
import numpy as np

from .kernels import KernelTable, compile_table
from .tracing import concrete

_TABLE: KernelTable = {
    "isin": (lambda x1, x2, invert: jnp.isin(x1, x2, invert=invert), (2,)),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""``isin``, compiled (bound as it is)."""

_UNIQUE = "the number of distinct values decides the result's shape"


class Sets:
    """``unique_all``, ``unique_counts``, ``unique_inverse``, ``unique_values``: on the
    host (eagerly only)."""

    # From JAXDriver's other parts (devices.py).
    _from_host: Callable[[Any, Any], Any]

    def _unique(self, x: Any, fn: str) -> np.ndarray:
        instead = f"compute it outside, or with a known bound n: jax.numpy.{fn}(x.native, size=n)"
        concrete(x, fn, _UNIQUE, instead)
        return np.asarray(x)

    def unique_all(self, x: Any) -> tuple[Any, ...]:
        r = np.unique_all(self._unique(x, "unique_all"))
        inverse = r.inverse_indices.reshape(x.shape)
        return self._from_host((r.values, r.indices, inverse, r.counts), x)

    def unique_counts(self, x: Any) -> tuple[Any, Any]:
        r = np.unique_counts(self._unique(x, "unique_counts"))
        return self._from_host((r.values, r.counts), x)

    def unique_inverse(self, x: Any) -> tuple[Any, Any]:
        r = np.unique_inverse(self._unique(x, "unique_inverse"))
        return self._from_host((r.values, r.inverse_indices.reshape(x.shape)), x)

    def unique_values(self, x: Any) -> Any:
        return self._from_host(np.unique_values(self._unique(x, "unique_values")), x)
