"""Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11):
the bit generator behind ``ak.random``.

A block is a 128-bit counter ``c`` (words ``c0`` low .. ``c3`` high) and a 64-bit key
``(k0, k1)``; ten rounds of::

    hi0:lo0 = 0xD2511F53 * x0     hi1:lo1 = 0xCD9E8D57 * x2     (32 x 32 -> 64-bit products)
    x = (hi1 ^ x1 ^ k0, lo1, hi0 ^ x3 ^ k1, lo0)
    k = (k0 + 0x9E3779B9, k1 + 0xBB67AE85)  (mod 2**32)

give four 32-bit words ``x0, x1, x2, x3``.  The stream from counter ``c`` is the words of
blocks ``c, c + 1, c + 2, ...`` (mod 2**128) in that order: the same words as Random123's
``philox4x32_10`` and TensorFlow's ``"philox"`` stateless ops (key ``k0 | k1 << 32``,
counter ``[c0 | c1 << 32, c2 | c3 << 32]``).

A driver may provide the words natively (the optional ``philox4x32_10`` primitive);
otherwise :func:`generic_words` computes them with arraykit's own array functions on
uint64 arrays holding 32-bit values, so any driver gets the same words.  A driver may
also pair the words into uint64 ``a | b << 32`` (``philox_pairs``) or turn them into
uniform floats or bounded integers natively (the optional ``philox_uniform`` and
``philox_integers``, by the mapping of ``_generator``: the NumPy
driver's, through Numba's kernels or randomgen; JAX's and TF's, from a block's lanes or
TF's uint64 draw); :func:`uniform` and :func:`integers` use them where the driver has
them and they do not decline.
"""

from __future__ import annotations

from typing import Any

import arraykit as ak

from .. import _config
from .._devices import Device
from ..drivers import get as get_driver
from ..drivers._base import Driver

M0, M1 = 0xD2511F53, 0xCD9E8D57
W0, W1 = 0x9E3779B9, 0xBB67AE85
MASK32 = 0xFFFFFFFF
MASK64 = (1 << 64) - 1


def blocks_for(n: int) -> int:
    """Counter blocks that ``n`` words take (every draw starts on a block boundary)."""
    return -(-n // 4)


def target(device: Any) -> tuple[Driver, Device]:
    """The driver and device of a draw: ``device``'s, or the active ones."""
    cfg = _config.get()
    drv = cfg.driver
    if isinstance(device, Device) and device.driver != drv.name:
        drv = get_driver(device.driver)
    if device is None:
        dev = cfg.device if cfg.device is not None else drv.default_device()
    else:
        dev = _config.resolve_device(drv, device)
    return drv, dev


def generic_words(key: tuple[int, int], counter: Any, n: int, device: Any) -> ak.Array:
    """The first ``n`` words from block ``counter`` as a uint32 array, by array ops.

    ``counter`` is a Python int (0 <= counter < 2**128) or a uint64 array of shape (2,)
    (low, high 64 bits), and ``key`` two Python ints or a uint64 array of shape (2,), as
    inside ``ak.jit``."""
    nb = blocks_for(n)
    idx = ak.arange(nb, dtype=ak.uint64, device=device)
    if isinstance(counter, int):
        c_lo, c_hi = counter & MASK64, counter >> 64
    else:
        c_lo, c_hi = counter[0], counter[1]
    lo = idx + c_lo
    hi = ak.astype(lo < idx, ak.uint64) + c_hi  # carry out of the low 64 bits
    x0, x1, x2, x3 = lo & MASK32, lo >> 32, hi & MASK32, hi >> 32
    k0, k1 = key[0], key[1]
    for _ in range(10):
        p0, p1 = x0 * M0, x2 * M1
        x0, x1, x2, x3 = (p1 >> 32) ^ x1 ^ k0, p1 & MASK32, (p0 >> 32) ^ x3 ^ k1, p0 & MASK32
        k0, k1 = (k0 + W0) & MASK32, (k1 + W1) & MASK32
    words = ak.reshape(ak.stack([x0, x1, x2, x3], axis=1), (4 * nb,))
    return ak.astype(words[:n], ak.uint32)


def words(key: tuple[int, int], counter: Any, n: int, device: Any) -> ak.Array:
    """``generic_words``, through the active driver's native primitive where it has one."""
    drv, dev = target(device)
    native = getattr(drv, "philox4x32_10", None)
    if native is None:
        return generic_words(key, counter, n, dev)
    if not isinstance(counter, int):
        counter = counter._value
    if not isinstance(key, tuple):
        key = key._value
    return ak.Array._new(native(key, counter, n, dev), drv, ak.uint32)


def pairs(key: Any, counter: Any, n: int, device: Any) -> ak.Array:
    """The first ``2 n`` words from block ``counter`` as ``n`` uint64 pairs ``a | b <<
    32``, by the driver's native ``philox_pairs`` where it has one."""
    drv, dev = target(device)
    native = getattr(drv, "philox_pairs", None)
    if native is not None:
        c = counter if isinstance(counter, int) else counter._value
        k = key if isinstance(key, tuple) else key._value
        return ak.Array._new(native(k, c, n, dev), drv, ak.uint64)
    return pairs_of(words(key, counter, 2 * n, device))


def pairs_of(w: ak.Array) -> ak.Array:
    """The uint64 pairs ``a | b << 32`` of consecutive words ``a, b`` (uint32, even count)."""
    p = ak.astype(ak.reshape(w, (-1, 2)), ak.uint64)
    return p[:, 0] | (p[:, 1] << 32)


def uniform(key: Any, counter: Any, n: int, dtype: Any, device: Any) -> ak.Array | None:
    """``n`` uniform floats of ``dtype`` from block ``counter`` by the driver's native
    ``philox_uniform``, or ``None`` where it has none or it declines."""
    return _mapped("philox_uniform", key, counter, dtype, device, n)


def integers(
    key: Any, counter: Any, low: int, r: int, n: int, dtype: Any, device: Any
) -> ak.Array | None:
    """``n`` values ``low + floor(U * r / 2**64)`` of ``dtype`` (two words each, ``r <=
    2**32``) by the driver's native ``philox_integers``, or ``None`` where it has none or
    it declines."""
    return _mapped("philox_integers", key, counter, dtype, device, low, r, n)


def _mapped(
    name: str, key: Any, counter: Any, dtype: Any, device: Any, *args: Any
) -> ak.Array | None:
    """The driver's optional fast path ``name(key, counter, *args, dtype, device)`` as an
    Array of ``dtype``, or ``None`` where the driver has none or it declines."""
    drv, dev = target(device)
    native = getattr(drv, name, None)
    if native is None:
        return None
    c = counter if isinstance(counter, int) else counter._value
    k = key if isinstance(key, tuple) else key._value
    out = native(k, c, *args, dtype, dev)
    return None if out is None else ak.Array._new(out, drv, dtype)
