"""The JAX driver's utility primitives (core's ``_utility.py``): ``all`` and ``any``,
kernels bound as they are.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from .kernels import KernelTable, compile_table


def _truth(x: Any) -> Any:
    # jnp.all/any cast complex to bool by the real part alone: 1j would be False.
    return x != 0 if jnp.iscomplexobj(x) else x


_TABLE: KernelTable = {
    "all": (lambda x, axes, kd: jnp.all(_truth(x), axes, keepdims=kd), (1, 2)),
    "any": (lambda x, axes, kd: jnp.any(_truth(x), axes, keepdims=kd), (1, 2)),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""``all`` and ``any``, compiled (bound as they are)."""
