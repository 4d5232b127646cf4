"""Philox4x32-10 words in ``jax.numpy`` (JAX has no Philox; its ``threefry`` is another
algorithm), one compiled kernel per word count, inlined into an enclosing trace; and
float64 ``random`` and ``integers`` mapped from each block's four lanes, without
interleaving the words first (3-4x faster on XLA's CPU backend)."""

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


def _lanes(key: Any, counter: Any, nb: int) -> tuple[Any, Any, Any, Any]:
    """The four words of blocks ``c .. c + nb - 1`` as four uint32 lanes.  Only the two
    products per round are 64-bit (1.5x faster on CPU than carrying every lane as
    uint64)."""
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
    return x0, x1, x2, x3


def _interleave(a: Any, b: Any, n: int) -> Any:
    """``[a[0], b[0], a[1], b[1], ...][:n]``.  XLA's CPU backend interleaves two lanes
    several times faster than four (a stack of four uint32 lanes took most of a draw)."""
    return jnp.stack([a, b], axis=1).reshape(-1)[:n]


@partial(jax.jit, static_argnums=2, inline=True)
def _words(key: Any, counter: Any, n: int) -> Any:
    x0, x1, x2, x3 = _lanes(key, counter, -(-n // 4))
    u64 = jnp.uint64
    pairs = (x0.astype(u64) | x1.astype(u64) << u64(32), x2.astype(u64) | x3.astype(u64) << u64(32))
    # Each uint64 back into its two words, the low one first (little-endian, as XLA's
    # CPU, GPU and TPU backends are; the words are checked against the paper's rounds).
    words = jax.lax.bitcast_convert_type(_interleave(*pairs, 2 * len(x0)), jnp.uint32)
    return words.reshape(-1)[:n]


@partial(jax.jit, static_argnums=2, inline=True)
def _pairs(key: Any, counter: Any, n: int) -> Any:
    """Words ``2 j, 2 j + 1`` as uint64 ``a | b << 32``, from the lanes."""
    x0, x1, x2, x3 = _lanes(key, counter, -(-n // 2))
    u64 = jnp.uint64
    return _interleave(
        x0.astype(u64) | x1.astype(u64) << u64(32), x2.astype(u64) | x3.astype(u64) << u64(32), n
    )


def _double(a: Any, b: Any) -> Any:
    """``((a >> 5) * 2**26 + (b >> 6)) * 2**-53`` (exact), as core's mapping."""
    f64 = jnp.float64
    return ((a >> 5).astype(f64) * 67108864.0 + (b >> 6).astype(f64)) * 2.0**-53


@partial(jax.jit, static_argnums=2, inline=True)
def _uniform64(key: Any, counter: Any, n: int) -> Any:
    x0, x1, x2, x3 = _lanes(key, counter, -(-n // 2))
    return _interleave(_double(x0, x1), _double(x2, x3), n)


@partial(jax.jit, static_argnums=(4, 5), inline=True)
def _below(key: Any, counter: Any, low: Any, r: Any, n: int, dtype: Any) -> Any:
    """``low + floor(U * r / 2**64)`` (mod 2**64) of ``U = a | b << 32``, ``r <= 2**32``,
    as ``(b r + (a r >> 32)) >> 32`` in uint64 (core's mapping), into ``dtype``; ``low``
    and ``r`` uint64 scalars (traced: one kernel per size and dtype, not per range)."""
    u64 = jnp.uint64
    x0, x1, x2, x3 = _lanes(key, counter, -(-n // 2))
    s32 = u64(32)

    def k(a: Any, b: Any) -> Any:
        return (b.astype(u64) * r + (a.astype(u64) * r >> s32)) >> s32

    v = _interleave(k(x0, x1), k(x2, x3), n) + low
    if dtype == np.bool_:
        return v != 0
    if np.dtype(dtype).kind == "i":  # two's complement, then the dtype's low bits
        v = jax.lax.bitcast_convert_type(v, jnp.int64)
    return v.astype(dtype)


class Random(Part):
    """The optional ``philox4x32_10``, ``philox_pairs``, ``philox_uniform`` (float64) and
    ``philox_integers`` primitives: the same words and values as core's mapping, computed
    from the four lanes of each block."""

    replicated: Callable[[Device], Any]  # devices.py's

    def _state(self, key: Any, counter: Any, device: Device) -> tuple[Any, Any]:
        k = np.array(key, np.uint64) if isinstance(key, tuple) else key
        if isinstance(counter, int):
            counter = np.array([counter & _MASK64, (counter >> 64) & _MASK64], np.uint64)
        if device is TRACED:
            return k, counter
        at = self.replicated(device)  # a sharding's words: on every device of its mesh
        return jax.device_put(k, at), jax.device_put(counter, at)

    def philox4x32_10(self, key: Any, counter: Any, n: int, device: Device) -> Any:
        return _words(*self._state(key, counter, device), n)

    def philox_pairs(self, key: Any, counter: Any, n: int, device: Device) -> Any:
        return _pairs(*self._state(key, counter, device), n)

    def philox_uniform(self, key: Any, counter: Any, n: int, dtype: Any, device: Device) -> Any:
        if dtype != np.float64:
            return None  # core maps the words: one word per float32, nothing to gain
        return _uniform64(*self._state(key, counter, device), n)

    def philox_integers(
        self, key: Any, counter: Any, low: int, r: int, n: int, dtype: Any, device: Device
    ) -> Any:
        if not 1 <= r <= 1 << 32:
            return None  # core maps four words per value
        k, c = self._state(key, counter, device)
        bounds = np.uint64(low % (1 << 64)), np.uint64(r)
        return _below(k, c, *bounds, n, np.dtype(dtype))
