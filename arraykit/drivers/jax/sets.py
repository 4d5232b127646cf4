"""The JAX driver's set primitives (core's ``_sets.py``).

``isin`` is a kernel bound as it is.  The ``unique_*`` results' shapes depend on the
data: they are computed on the host, eagerly (or under an eager ``jax.grad``) only, by
the contract's reference ``_base.host_unique`` (sorted, NaNs distinct and last, first
occurrences; NumPy's own ``unique_values`` returns integers in hash order).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax.numpy as jnp
import numpy as np

from .._base import Part, host_unique
from .kernels import KernelTable, compile_table
from .tracing import Tracer, known_value

_TABLE: KernelTable = {
    "isin": (lambda x1, x2, invert: jnp.isin(x1, x2, invert=invert), (2,)),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""``isin``, compiled (bound as it is)."""

_UNIQUE = "the number of distinct values decides the result's shape"


class Sets(Part):
    """``unique_all``, ``unique_counts``, ``unique_inverse``, ``unique_values``: on the
    host (eagerly only)."""

    # From JAXDriver's other parts (devices.py).
    _from_host: Callable[[Any, Any], Any]

    def _unique(self, x: Any, fn: str, parts: tuple[int, ...]) -> tuple[Any, ...]:
        """``parts`` of ``host_unique``'s (values, indices, inverse, counts) on ``x``'s
        device; under ``jax.grad`` the values are gathered from ``x`` (the first
        occurrences), so they carry its gradient, as TensorFlow's do."""
        instead = f"compute it outside, or with a known bound n: jax.numpy.{fn}(x.native, size=n)"
        known = known_value(x, fn, _UNIQUE, instead)
        host = host_unique(np.asarray(known))
        out: tuple[Any, ...] = self._from_host(tuple(host[i] for i in parts), known)
        if isinstance(x, Tracer):
            out = (jnp.ravel(x)[host[1]], *out[1:])
        return out

    def unique_all(self, x: Any) -> tuple[Any, ...]:
        return self._unique(x, "unique_all", (0, 1, 2, 3))

    def unique_counts(self, x: Any) -> tuple[Any, Any]:
        return self._unique(x, "unique_counts", (0, 3))

    def unique_inverse(self, x: Any) -> tuple[Any, Any]:
        return self._unique(x, "unique_inverse", (0, 2))

    def unique_values(self, x: Any) -> Any:
        return self._unique(x, "unique_values", (0,))[0]
