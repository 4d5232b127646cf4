"""``Generator``: NumPy's distributions over the Philox4x32-10 words of ``_philox``.

How words become numbers (each draw takes whole blocks: a draw of ``n`` words advances
the counter by ``ceil(n / 4)`` blocks, and the next draw starts at the next block):

- ``random``/``uniform`` float32: one word ``w`` per value, ``(w >> 8) * 2**-24``;
  float64: two words ``a, b`` per value, ``((a >> 5) * 2**26 + (b >> 6)) * 2**-53``
  (both exact, in ``[0, 1)``); ``uniform`` is ``low + (high - low) * u``.  Array
  parameters (``low``, ``high``, ``loc``, ``scale``) take nothing from the stream: the
  values of a draw of the broadcast shape are scaled element by element, as NumPy's are.
- ``integers`` in ``[low, low + r)``: ``k = floor(U * r / 2**B)`` with ``U`` a B-bit
  number made of ``B / 32`` words (the first word least significant), ``B = 64`` when
  ``r <= 2**32`` and ``B = 128`` otherwise; the result is ``low + k`` (mod 2**64, in the
  dtype; ``bool``: ``!= 0``).  That is Lemire's multiply-shift with 32 or more guard
  bits and no rejection step, so every draw takes a fixed number of words (as ``jit``
  needs) and the bias of any value is below ``r / 2**B <= 2**-32`` relative: no modulo
  bias.  Array bounds take ``B`` from the dtype, not the values: 64 for ``bool`` and
  dtypes of at most 32 bits, else 128 (``_integers``).
- ``standard_normal``/``normal`` float64: Marsaglia and Tsang's ziggurat on word pairs,
  its rejections in fixed rounds (:mod:`arraykit.random._ziggurat`), times ``scale``
  plus ``loc``; float32: Box-Muller on ``2m`` float32 uniforms ``u`` (``m = ceil(n /
  2)``): ``u1 = u[:m]``, ``u2 = u[m:]``, ``rad = sqrt(-2 log1p(-u1))``, the values are
  ``concat(rad cos(2 pi u2), rad sin(2 pi u2))[:n]``.  Written once in core: drivers
  agree to a few ulps (their ``exp``/``log``/``cos``; the ziggurat's box values, 98.5%,
  exactly).
- ``exponential``: ``-log1p(-u) * scale``.
- ``lognormal(mean, sigma)``: ``exp(normal(mean, sigma))``.
- the other continuous distributions: :mod:`arraykit.random._continuous` (inversions,
  Wald), :mod:`arraykit.random._gamma` (the gamma family) and
  :mod:`arraykit.random._vonmises`, the rejection samplers in the fixed rounds of
  :mod:`arraykit.random._rejection`.
- ``permutation(n)``: the stable argsort of ``n`` uint64 keys ``a | b << 32`` (two words
  each); ``shuffle`` writes ``permutation`` back into the array.
- ``choice`` (``a`` an int, or an array or sequence sampled along ``axis``): with
  replacement and no ``p``, ``integers(0, n)``; with ``p``, the first
  index whose cumulative probability (summed on the host in float64, then divided by the
  total) exceeds a float64 ``random`` value; without replacement and no ``p``, the first
  ``size`` of ``permutation(n)``; with ``p``, the ``size`` smallest ``exponential / p``
  (Efraimidis-Spirakis), in order.

Seeding: ``numpy.random.SeedSequence(seed).generate_state(2, uint32)`` is the key, the
counter starts at 0; ``spawn`` spawns the ``SeedSequence`` as NumPy does.
"""

from __future__ import annotations

import math
import operator
from typing import Any

import numpy as np

import arraykit as ak

from .._core import transform_tracing
from .._types import DeviceArg
from . import _philox
from ._args import Size, integer, known_size, size_shape
from ._choice import choice
from ._continuous import ContinuousMethods
from ._discrete_api import DiscreteMethods
from ._integers import integers

__all__ = ["BitGenerator", "Generator", "default_rng"]

_CAPTURED = (
    "Generator: a Generator used inside a function transformed by ak.jit or ak.vmap must "
    "be one of its arguments (f(rng, ...)), so that its counter goes in and out of the "
    "program; one captured from outside would draw the same numbers on every call"
)


class BitGenerator:
    """Philox4x32-10 with a 64-bit key and a 128-bit counter (``state`` as in NumPy).

    Examples
    --------
    >>> bg = ak.random.BitGenerator(0)
    >>> bg.state = {"bit_generator": "Philox4x32",
    ...             "state": {"counter": [0, 0, 0, 0], "key": [0, 0]}}
    >>> [hex(w) for w in bg.random_raw(4).tolist()]    # Random123's known answer
    ['0x6627e8d5', '0xe169c58d', '0xbc57ac4c', '0x9b00dbd8']
    """

    seed_seq: np.random.SeedSequence | None  # None: rebuilt from ak.jit's leaves
    key: tuple[int, int] | ak.Array  # inside ak.jit: uint64 arrays of shape (2,)
    counter: int | ak.Array

    def __init__(self, seed: Any = None) -> None:
        ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        self.seed_seq = ss
        k = ss.generate_state(2, np.uint32)
        self.key = (int(k[0]), int(k[1]))
        self.counter = 0

    @property
    def state(self) -> dict[str, Any]:
        c = self.counter
        return {
            "bit_generator": "Philox4x32",
            "state": {
                "counter": np.array([(c >> (32 * i)) & 0xFFFFFFFF for i in range(4)], np.uint32),
                "key": np.array(self.key, np.uint32),
            },
        }

    @state.setter
    def state(self, value: Any) -> None:
        if not isinstance(value, dict) or value.get("bit_generator") != "Philox4x32":
            raise ValueError("state must be for a Philox4x32 PRNG")
        try:
            counter = np.asarray(value["state"]["counter"])
            key = np.asarray(value["state"]["key"])
        except (KeyError, TypeError):
            raise ValueError("state must be a dict with 'counter' and 'key'") from None
        if counter.shape != (4,) or key.shape != (2,):
            raise ValueError("state: 'counter' must have 4 words and 'key' 2 (uint32)")
        cw = [int(v) for v in counter]
        kw = [int(v) for v in key]
        if any(not 0 <= v <= 0xFFFFFFFF for v in cw + kw):
            raise ValueError("state: words must be in [0, 2**32)")
        self.counter = sum(v << (32 * i) for i, v in enumerate(cw))
        self.key = (kw[0], kw[1])

    def random_raw(self, size: Size = None, *, device: DeviceArg = None) -> ak.Array:
        """The next raw 32-bit words (uint32), as many as ``size`` holds.

        Examples
        --------
        >>> w = ak.random.default_rng(0).bit_generator.random_raw(3)
        >>> w.shape, w.dtype
        ((3,), dtype('uint32'))
        """
        shape = size_shape(size, "random_raw")
        return ak.reshape(self._words(math.prod(shape), device), shape)

    def _words(self, n: int, device: Any) -> ak.Array:
        key, counter = self._advance(n)
        return _philox.words(key, counter, n, device)

    def _pairs(self, n: int, device: Any) -> ak.Array:
        """The next ``2 n`` words as ``n`` uint64 pairs ``a | b << 32``."""
        key, counter = self._advance(2 * n)
        return _philox.pairs(key, counter, n, device)

    def _uniform01(self, n: int, dtype: Any, device: Any) -> ak.Array | None:
        """``n`` floats by the driver's native mapping of the next words, or ``None``
        (the state unchanged) where the driver has none."""
        nwords = n if dtype == ak.float32 else 2 * n
        key, counter = self.key, self.counter
        out = _philox.uniform(key, counter, n, dtype, device)
        if out is not None:
            self._advance(nwords)
        return out

    def _integers(self, low: int, r: int, n: int, dtype: Any, device: Any) -> ak.Array | None:
        """``integers``' values for ``r <= 2**32`` by the driver's native mapping of the
        next ``2 n`` words, or ``None`` (the state unchanged) where the driver has none."""
        out = _philox.integers(self.key, self.counter, low, r, n, dtype, device)
        if out is not None:
            self._advance(2 * n)
        return out

    def _advance(self, n: int) -> tuple[Any, Any]:
        """The key and counter of a draw of ``n`` words; moves the counter past them."""
        counter = self.counter
        blocks = _philox.blocks_for(n)
        if isinstance(counter, int):
            if transform_tracing.depth:
                raise TypeError(_CAPTURED)
            self.counter = (counter + blocks) % (1 << 128)
            return self.key, counter
        lo = counter[0] + blocks
        hi = counter[1] + ak.astype(lo < counter[0], ak.uint64)
        self.counter = ak.stack([lo, hi])
        return self.key, counter

    # ``ak.jit`` arguments: the state as two uint64 arrays of shape (2,) on the active
    # driver, counter (low, high 64 bits) and key (k0, k1), traced inside the program.
    def __ak_flatten__(self) -> list[ak.Array]:
        c = self.counter
        if isinstance(c, int):
            c = ak.asarray([c & _philox.MASK64, c >> 64], dtype=ak.uint64)
        k = self.key
        if isinstance(k, tuple):
            k = ak.asarray(list(k), dtype=ak.uint64)
        return [c, k]

    @classmethod
    def __ak_unflatten__(cls, leaves: list[ak.Array]) -> BitGenerator:
        obj = cls.__new__(cls)
        obj.seed_seq = None
        obj.counter, obj.key = leaves
        return obj

    def __ak_update__(self, leaves: list[ak.Array]) -> None:
        if transform_tracing.depth:  # a transform called inside another one's trace
            if isinstance(self.counter, int):
                raise TypeError(_CAPTURED)
            self.counter = leaves[0]  # the new counter, an array of the outer trace
            return
        c = np.asarray(leaves[0])
        self.counter = int(c[0]) | int(c[1]) << 64


class Generator(ContinuousMethods, DiscreteMethods):
    """NumPy's ``Generator`` API over Philox4x32-10, with the same words on every driver.

    Every method takes ``device=`` (default: the active driver's device) and returns an
    arraykit array on the active driver (``size=None`` gives a 0-d array).

    Inside ``ak.jit``/``ak.vmap``: the state is a counter on the host and each draw takes
    a number of blocks known from its ``size`` alone.  A draw inside a function traced by
    ``ak.jit`` is baked into the program, so draw outside and pass the numbers in, or use
    :func:`philox_words`-based ``Generator.random_raw`` outside as well.

    Examples
    --------
    >>> rng = ak.random.Generator(ak.random.BitGenerator(7))
    >>> k = rng.integers(0, 10, size=5)
    >>> k.shape, k.dtype, bool(ak.all((k >= 0) & (k < 10)))
    ((5,), dtype('int64'), True)
    """

    def __init__(self, bit_generator: BitGenerator) -> None:
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError("Generator: bit_generator must be an ak.random.BitGenerator")
        self.bit_generator = bit_generator

    def __repr__(self) -> str:
        return "Generator(Philox4x32)"

    def __ak_flatten__(self) -> list[Any]:
        return [self.bit_generator]

    @classmethod
    def __ak_unflatten__(cls, leaves: list[Any]) -> Generator:
        return cls(leaves[0])

    def __ak_update__(self, leaves: list[Any]) -> None:
        self.bit_generator.__ak_update__(leaves)

    def spawn(self, n_children: int) -> list[Generator]:
        """``n_children`` independent generators (``SeedSequence.spawn``, as NumPy).

        Examples
        --------
        >>> a, b = ak.random.default_rng(0).spawn(2)
        >>> bool(ak.all(a.random(4) == b.random(4)))
        False
        """
        if self.bit_generator.seed_seq is None:
            raise TypeError("spawn: not inside ak.jit (spawn outside and pass the children in)")
        n = operator.index(n_children)
        if n < 0:
            raise ValueError("spawn: n_children must be non-negative")
        return [Generator(BitGenerator(s)) for s in self.bit_generator.seed_seq.spawn(n)]

    # ---------------------------------------------------------------- floats
    def _uniform01(self, n: int, dtype: Any, device: Any) -> ak.Array:
        native = self.bit_generator._uniform01(n, dtype, device)
        if native is not None:
            return native
        if dtype == ak.float32:
            w = self.bit_generator._words(n, device)
            return ak.astype(w >> 8, ak.float32) * (2.0**-24)
        w = ak.reshape(self.bit_generator._words(2 * n, device), (n, 2))
        a = ak.astype(w[:, 0] >> 5, ak.float64)
        b = ak.astype(w[:, 1] >> 6, ak.float64)
        return (a * 67108864.0 + b) * (2.0**-53)

    # ---------------------------------------------------------------- integers
    def integers(
        self,
        low: Any,
        high: Any = None,
        size: Size = None,
        dtype: Any = None,
        endpoint: bool = False,
        *,
        device: DeviceArg = None,
    ) -> ak.Array:
        """Integers in ``[low, high)`` (``[low, high]`` with ``endpoint``); ``integers(n)``
        is ``[0, n)``.  ``low`` and ``high`` may be arrays (or sequences), broadcast as in
        NumPy; ``dtype`` any integer dtype or ``bool`` in NumPy's spellings (default
        int64, as NumPy's).

        Examples
        --------
        >>> rng = ak.random.default_rng(0)
        >>> k = rng.integers([0, 10, 100], [5, 20, 200], dtype="int16")
        >>> k.shape, k.dtype
        ((3,), dtype('int16'))
        >>> ok = (k >= ak.asarray([0, 10, 100])) & (k < ak.asarray([5, 20, 200]))
        >>> bool(ak.all(ok))
        True
        """
        return integers(self, low, high, size, dtype, endpoint, device)

    # ---------------------------------------------------------------- permutations
    def _perm(self, n: int, device: Any) -> ak.Array:
        w = ak.astype(ak.reshape(self.bit_generator._words(2 * n, device), (n, 2)), ak.uint64)
        keys = w[:, 0] | (w[:, 1] << 32)
        return ak.argsort(keys, stable=True)

    def permutation(self, x: Any, axis: int = 0, *, device: DeviceArg = None) -> ak.Array:
        """A permuted ``arange(x)`` for an int ``x``, else a permuted copy of the array
        ``x`` along ``axis``.

        Examples
        --------
        >>> p = ak.random.default_rng(0).permutation(5)
        >>> ak.sort(p).tolist()
        [0, 1, 2, 3, 4]
        """
        if isinstance(x, ak.Array):
            if x.ndim == 0:
                raise ValueError("permutation: x must be an integer or at least 1-dimensional")
            ax = operator.index(axis)
            if not -x.ndim <= ax < x.ndim:
                raise ValueError(f"permutation: axis {axis} is out of bounds for {x.ndim}-d x")
            n = known_size(x, ax, "permutation")
            return ak.take(x, self._perm(n, x.device), axis=ax)
        n = max(integer(x, "permutation", "x"), 0)  # NumPy: arange(x), empty for x < 0
        return ak.astype(self._perm(n, device), ak.int64)

    def shuffle(self, x: ak.Array, axis: int = 0) -> None:
        """Permute the array ``x`` in place along ``axis`` (TF and JAX arrays too).

        Examples
        --------
        >>> x = ak.arange(6)
        >>> ak.random.default_rng(0).shuffle(x)
        >>> ak.sort(x).tolist()
        [0, 1, 2, 3, 4, 5]
        """
        if not isinstance(x, ak.Array):
            raise TypeError("shuffle: x must be an arraykit array")
        if x.ndim == 0:
            raise ValueError("shuffle: x must be at least 1-dimensional")
        x[...] = self.permutation(x, axis=axis)

    def choice(
        self,
        a: Any,
        size: Size = None,
        replace: bool = True,
        p: Any = None,
        axis: int = 0,
        shuffle: bool = True,
        *,
        device: DeviceArg = None,
    ) -> ak.Array:
        """Samples of ``arange(a)`` (an int ``a``) or of ``a`` along ``axis`` (an array,
        a NumPy array or a sequence, as NumPy's).

        ``p`` is checked and summed on the host (NumPy's checks and errors), so it is a
        concrete sequence or array, not a traced one.  ``shuffle`` is accepted for
        NumPy's signature; samples without replacement are always in random order.

        Examples
        --------
        >>> rng = ak.random.default_rng(1)
        >>> s = rng.choice([10, 20, 30], 4, p=[0.5, 0.5, 0.0])
        >>> s.shape, bool(ak.all((s == 10) | (s == 20)))
        ((4,), True)
        """
        return choice(self, a, size, replace, p, axis, device)


def default_rng(seed: Any = None) -> Generator:
    """A ``Generator`` seeded as NumPy's ``default_rng`` (an int, a sequence of ints, a
    ``SeedSequence``, a ``Generator`` (returned as is) or ``None`` for OS entropy).

    Examples
    --------
    >>> x = ak.random.default_rng(42).random(3)
    >>> x.shape, x.dtype
    ((3,), dtype('float64'))
    >>> bool(ak.all(x == ak.random.default_rng(42).random(3)))    # same seed, same numbers
    True
    """
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(BitGenerator(seed))
