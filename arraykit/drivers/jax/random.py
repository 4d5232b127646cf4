"""Philox4x32-10 words in ``jax.numpy`` (JAX has no Philox; its ``threefry`` is another
algorithm), one compiled kernel per word count, inlined into an enclosing trace."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ..._devices import Device
from .._base import Part
from .devices import TRACED

_M0, _M1 = 0xD2511F53, 0xCD9E8D57
_W0, _W1 = 0x9E3779B9, 0xBB67AE85
_MASK64 = (1 << 64) - 1


@partial(jax.jit, static_argnums=2, inline=True)
def _words(key: Any, counter: Any, n: int) -> Any:
    # uint32 lanes; only the two products per round are 64-bit (1.5x faster on CPU than
    # carrying every lane as uint64).
    nb = -(-n // 4)
    u32, u64 = jnp.uint32, jnp.uint64
    lo = jnp.arange(nb, dtype=u64) + counter[0]
    hi = (lo < counter[0]).astype(u64) + counter[1]
    x0, x1 = lo.astype(u32), (lo >> u64(32)).astype(u32)
    x2, x3 = hi.astype(u32), (hi >> u64(32)).astype(u32)
    k0, k1 = key[0].astype(u32), key[1].astype(u32)
    for _ in range(10):
        p0, p1 = x0.astype(u64) * u64(_M0), x2.astype(u64) * u64(_M1)
        x0, x1, x2, x3 = (
            (p1 >> u64(32)).astype(u32) ^ x1 ^ k0,
            p1.astype(u32),
            (p0 >> u64(32)).astype(u32) ^ x3 ^ k1,
            p0.astype(u32),
        )
        k0, k1 = k0 + u32(_W0), k1 + u32(_W1)
    return jnp.stack([x0, x1, x2, x3], axis=1).reshape(-1)[:n]


class Random(Part):
    """The optional ``philox4x32_10`` primitive."""

    replicated: Callable[[Device], Any]  # devices.py's

    def philox4x32_10(self, key: Any, counter: Any, n: int, device: Device) -> Any:
        k = np.array(key, np.uint64) if isinstance(key, tuple) else key
        if isinstance(counter, int):
            counter = np.array([counter & _MASK64, (counter >> 64) & _MASK64], np.uint64)
        if device is TRACED:
            return _words(k, counter, n)
        at = self.replicated(device)  # a sharding's words: on every device of its mesh
        return _words(jax.device_put(k, at), jax.device_put(counter, at), n)
