"""The JAX driver's statistical primitives (core's ``_statistics.py``): kernels bound as
they are.  Core chose the accumulation dtype of ``sum``, ``prod`` and ``cumulative_*``;
it reaches ``jax.numpy`` as a static argument.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from .kernels import KernelTable, compile_table

_TABLE: KernelTable = {
    "sum": (lambda x, axes, dtype, kd: jnp.sum(x, axes, dtype=dtype, keepdims=kd), (1, 2, 3)),
    "prod": (lambda x, axes, dtype, kd: jnp.prod(x, axes, dtype=dtype, keepdims=kd), (1, 2, 3)),
    "max": (lambda x, axes, kd: jnp.max(x, axes, keepdims=kd), (1, 2)),
    "min": (lambda x, axes, kd: jnp.min(x, axes, keepdims=kd), (1, 2)),
    "mean": (lambda x, axes, kd: jnp.mean(x, axes, keepdims=kd), (1, 2)),
    "var": (lambda x, axes, c, kd: jnp.var(x, axes, correction=c, keepdims=kd), (1, 2, 3)),
    "std": (lambda x, axes, c, kd: jnp.std(x, axes, correction=c, keepdims=kd), (1, 2, 3)),
    "cumulative_sum": (
        lambda x, axis, dtype, ii: jnp.cumulative_sum(
            x, axis=axis, dtype=dtype, include_initial=ii
        ),
        (1, 2, 3),
    ),
    "cumulative_prod": (
        lambda x, axis, dtype, ii: jnp.cumulative_prod(
            x, axis=axis, dtype=dtype, include_initial=ii
        ),
        (1, 2, 3),
    ),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""The statistical primitives, compiled (bound as they are)."""
