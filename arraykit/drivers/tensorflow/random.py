"""Philox4x32-10 words by TF's own stateless ``"philox"`` kernel (the same words as
Random123's ``philox4x32_10``: key ``k0 | k1 << 32``, counter ``[c_low64, c_high64]``);
float64 ``random`` and two-word ``integers`` from its uint64 draw, whose values are the
word pairs ``a | b << 32`` (1.6x faster than pairing the uint32 words)."""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf

from ..._devices import Device, Sharding
from .mesh import Meshes

_PHILOX = 1  # TF's Algorithm enum: RNG_ALG_PHILOX
_MASK64 = (1 << 64) - 1


def _draw(key: Any, counter: Any, n: int, dtype: Any) -> Any:
    return tf.raw_ops.StatelessRandomUniformFullIntV2(
        shape=tf.constant([n], tf.int32), key=key, counter=counter, alg=_PHILOX, dtype=dtype
    )


def _halves(key: Any, counter: Any, n: int) -> tuple[Any, Any]:
    """The ``n`` word pairs ``(a, b)`` as uint64: TF's uint64 draw takes the words two by
    two, the first as the low half (as core's ``U = a | b << 32``)."""
    u = _draw(key, counter, n, tf.uint64)
    return tf.bitwise.bitwise_and(u, tf.constant(0xFFFFFFFF, tf.uint64)), _shr(u, 32)


def _shr(x: Any, k: int) -> Any:
    return tf.bitwise.right_shift(x, tf.constant(k, x.dtype))


def _key_counter(key: Any, counter: Any) -> tuple[Any, Any]:
    """TF's key (``[k0 | k1 << 32]``) and counter (``[low64, high64]``) tensors."""
    if isinstance(key, tuple):
        k = tf.constant(np.array([key[0] | key[1] << 32], np.uint64))
    else:  # a uint64 tensor (k0, k1), inside a transform
        k = tf.reshape(tf.bitwise.bitwise_or(key[0], tf.bitwise.left_shift(key[1], 32)), [1])
    if isinstance(counter, int):
        counter = tf.constant(np.array([counter & _MASK64, (counter >> 64) & _MASK64], np.uint64))
    return k, counter


def _box_tests(
    key: Any, counter: Any, n: int, ki: Any, wi: Any, cap: int, count: Any
) -> tuple[Any, Any, Any, Any]:
    """``philox_box`` in one XLA kernel: TF's graph would run its steps one by one over
    the whole draw, and its cumulative sum alone took twice XLA's."""
    p = _draw(key, counter, n, tf.uint64)
    i = tf.cast(tf.bitwise.bitwise_and(p, tf.constant(511, tf.uint64)), tf.int32)
    rabs = tf.cast(_shr(p, 12), tf.float64)
    inside = rabs < tf.gather(ki, i)
    value = tf.where(inside, rabs * tf.gather(wi, i), tf.constant(-0.0, tf.float64))
    ranks = tf.cumsum(tf.cast(tf.logical_not(inside), count))
    slot = tf.where(inside, tf.zeros([], count), tf.minimum(ranks, tf.constant(cap, count)))
    return p, value, ranks, slot


_box: Any = tf.function(_box_tests, jit_compile=True)


class Random(Meshes):
    """The optional ``philox4x32_10``, ``philox_pairs``, ``philox_box``, ``philox_uniform``
    (float64) and ``philox_integers`` primitives."""

    def philox4x32_10(self, key: Any, counter: Any, n: int, device: Device) -> Any:
        return self._drawn(key, counter, n, tf.uint32, device)

    def philox_pairs(self, key: Any, counter: Any, n: int, device: Device) -> Any:
        return self._drawn(key, counter, n, tf.uint64, device)

    def _drawn(self, key: Any, counter: Any, n: int, dtype: Any, device: Device) -> Any:
        """TF's draw of ``n`` words (uint32) or word pairs (uint64) on ``device``; on a
        sharding, on its first device and then on every device of the mesh."""
        if isinstance(device, Sharding):
            whole = Sharding(device.mesh, ())
            whole.native = self.make_sharding(whole)
            got = self._drawn(key, counter, n, dtype, device.mesh.devices.flat[0])
            return self._to_sharding(got, whole)
        with tf.device(device.native):
            return _draw(*_key_counter(key, counter), n, dtype)

    def philox_box(
        self,
        key: Any,
        counter: Any,
        n: int,
        ki: np.ndarray,
        wi: np.ndarray,
        cap: int,
        count: Any,
        device: Device,
    ) -> Any:
        """``arraykit.random._ziggurat.boxes``: the box tests of ``n`` candidates (pairs
        from block ``counter``) in one XLA kernel."""
        if isinstance(device, Sharding):
            return None  # core's box tests on philox_pairs
        with tf.device(device.native):
            k, c = _key_counter(key, counter)
            return _box(k, c, n, tf.constant(ki), tf.constant(wi), cap, tf.as_dtype(count))

    def philox_uniform(self, key: Any, counter: Any, n: int, dtype: Any, device: Device) -> Any:
        if dtype != np.float64 or isinstance(device, Sharding):
            return None  # core maps the words
        with tf.device(device.native):
            a, b = _halves(*_key_counter(key, counter), n)
            a, b = tf.cast(_shr(a, 5), tf.float64), tf.cast(_shr(b, 6), tf.float64)
            return (a * 67108864.0 + b) * 2.0**-53  # exact, as core's mapping

    def philox_integers(
        self, key: Any, counter: Any, low: int, r: int, n: int, dtype: Any, device: Device
    ) -> Any:
        """``low + (b r + (a r >> 32)) >> 32`` (mod 2**64) into ``dtype``, ``r <= 2**32``:
        core's ``low + floor(U r / 2**64)``."""
        if not 1 <= r <= 1 << 32 or isinstance(device, Sharding):
            return None  # core maps the words
        with tf.device(device.native):
            a, b = _halves(*_key_counter(key, counter), n)
            r64 = tf.constant(r, tf.uint64)
            v = _shr(b * r64 + _shr(a * r64, 32), 32)
            v += tf.constant(low % (1 << 64), tf.uint64)
            if dtype == np.bool_:
                return tf.not_equal(v, tf.constant(0, tf.uint64))
            if np.dtype(dtype).kind == "i":  # two's complement, then the dtype's low bits
                v = tf.bitcast(v, tf.int64)
            return tf.cast(v, tf.as_dtype(dtype))
