"""Philox4x32-10 words by TF's own stateless ``"philox"`` kernel (the same words as
Random123's ``philox4x32_10``: key ``k0 | k1 << 32``, counter ``[c_low64, c_high64]``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf

from ..._devices import Device, Sharding
from .mesh import Meshes

_PHILOX = 1  # TF's Algorithm enum: RNG_ALG_PHILOX
_MASK64 = (1 << 64) - 1


def _words(key: Any, counter: Any, n: int) -> Any:
    return tf.raw_ops.StatelessRandomUniformFullIntV2(
        shape=tf.constant([n], tf.int32), key=key, counter=counter, alg=_PHILOX, dtype=tf.uint32
    )


class Random(Meshes):
    """The optional ``philox4x32_10`` primitive."""

    def philox4x32_10(self, key: Any, counter: Any, n: int, device: Device) -> Any:
        if isinstance(device, Sharding):  # the words on every device of the mesh
            whole = Sharding(device.mesh, ())
            whole.native = self.make_sharding(whole)
            words = self.philox4x32_10(key, counter, n, device.mesh.devices.flat[0])
            return self._to_sharding(words, whole)
        with tf.device(device.native):
            if isinstance(key, tuple):
                k = tf.constant(np.array([key[0] | key[1] << 32], np.uint64))
            else:  # a uint64 tensor (k0, k1), inside a transform
                k = tf.reshape(
                    tf.bitwise.bitwise_or(key[0], tf.bitwise.left_shift(key[1], 32)), [1]
                )
            if isinstance(counter, int):
                c = np.array([counter & _MASK64, (counter >> 64) & _MASK64], np.uint64)
                counter = tf.constant(c)
            return _words(k, counter, n)
