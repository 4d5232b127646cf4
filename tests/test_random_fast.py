"""The NumPy driver's fast paths for ``ak.random``: randomgen's ``Philox(number=4,
width=32)`` gives arraykit's words and floats (against Philox4x32-10 from the paper, in
plain Python, and the documented mapping), and without randomgen the ufunc path gives
the same streams."""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest
from test_random import M32, philox_ref

import arraykit as ak
from arraykit.drivers.numpy import random as np_random

SEEDS = (0, 12345, 2**100)
COUNTERS = (0, 1, 2**64 - 3, 2**64 - 1, 5 * 2**64 - 2, 2**128 - 2, 2**128 - 1, 2**96 + 7)
LENGTHS = (1, 2, 3, 4, 5, 7, 8, 9, 63, 255, 256, 257, 1000)


@pytest.fixture(params=["randomgen", "ufuncs"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The NumPy driver with randomgen, and as if it were not installed."""
    if request.param == "randomgen":
        assert np_random.load_randomgen() is not None, "randomgen is a declared dependency"

        def unused(*args: object) -> None:
            raise AssertionError("the ufunc path ran")

        monkeypatch.setattr(np_random, "philox_words", unused)
    else:
        monkeypatch.setattr(np_random, "_philox_class", None)
        assert ak.drivers.get("numpy").philox_uniform((1, 2), 0, 4, ak.float64, None) is None
    with ak.use("numpy"):
        yield request.param


def _at(seed: int, counter: int) -> tuple[ak.random.Generator, tuple[int, int]]:
    g = ak.random.default_rng(seed)
    key = tuple(int(v) for v in g.bit_generator.state["state"]["key"])
    g.bit_generator.state = {
        "bit_generator": "Philox4x32",
        "state": {"counter": [(counter >> (32 * i)) & M32 for i in range(4)], "key": list(key)},
    }
    return g, key


def _counter(g: ak.random.Generator) -> int:
    words = g.bit_generator.state["state"]["counter"]
    return sum(int(v) << (32 * i) for i, v in enumerate(words))


def test_words_and_floats_against_reference(path: str) -> None:
    for seed in SEEDS:
        for c in COUNTERS:
            for n in LENGTHS:
                ref = np.array(philox_ref(_at(seed, c)[1], c, math.ceil(2 * n / 4)), np.uint64)
                g = _at(seed, c)[0]
                raw = np.asarray(g.bit_generator.random_raw(n))
                assert raw.dtype == np.uint32
                np.testing.assert_array_equal(raw, ref[:n], err_msg=f"{seed} {c} {n}")
                assert _counter(g) == (c + math.ceil(n / 4)) % 2**128
                g = _at(seed, c)[0]
                f32 = np.asarray(g.random(n, dtype=ak.float32))
                want = (ref[:n] >> 8).astype(np.float32) * np.float32(2**-24)
                np.testing.assert_array_equal(f32, want, err_msg=f"{seed} {c} {n}")
                assert f32.dtype == np.float32
                assert _counter(g) == (c + math.ceil(n / 4)) % 2**128
                g = _at(seed, c)[0]
                f64 = np.asarray(g.random(n))
                a, b = ref[0 : 2 * n : 2] >> 5, ref[1 : 2 * n : 2] >> 6
                np.testing.assert_array_equal(f64, (a * 2.0**26 + b) * 2.0**-53)
                assert _counter(g) == (c + math.ceil(2 * n / 4)) % 2**128


@pytest.mark.parametrize(
    "low,high,dtype",
    [(-7, 1000, "int64"), (0, 2**32 - 1, "uint32"), (-(2**31), 2**31 - 1, "int32"),
     (5, 5, "uint8"), (-128, 127, "int8"), (0, 1, "bool"), (2**63 - 9, 2**63 - 1, "int64"),
     (2**64 - 2**32, 2**64 - 1, "uint64")],
)  # fmt: skip
def test_integers_against_reference(path: str, low: int, high: int, dtype: str) -> None:
    """``low + floor(U * r / 2**64)`` in Python integers, wrapped into the dtype."""
    n = 1001
    for seed, c in ((0, 2**64 - 3), (2**100, 2**128 - 2)):
        g, key = _at(seed, c)
        ref = philox_ref(key, c, math.ceil(2 * n / 4))
        r = high - low + 1
        want = [low + ((ref[2 * i] | ref[2 * i + 1] << 32) * r >> 64) for i in range(n)]
        got = np.asarray(g.integers(low, high, size=n, dtype=dtype, endpoint=True))
        assert got.dtype == np.dtype(dtype)
        assert [int(v) for v in got] == want
        assert _counter(g) == (c + math.ceil(2 * n / 4)) % 2**128


def test_large_draws_same_on_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """10**5 values of each method, with and without randomgen, continuing one stream."""

    def draws() -> list[np.ndarray]:
        g = ak.random.default_rng(2026)
        out = [
            g.random(100_001, dtype=ak.float32),
            g.random(100_003),
            g.integers(-7, 1000, 100_000),
            g.integers(0, 2**32, 100_000, dtype=ak.uint32),
            g.integers(-128, 127, 100_001, dtype="i1", endpoint=True),
            g.integers(0, 2, 100_000, dtype=bool),
            g.integers(0, 2**40, 100_000, dtype=ak.uint64),
            g.standard_normal(100_001),
            g.exponential(2.0, 100_000, dtype=ak.float32),
            g.uniform(-1.0, 3.0, 100_000),
            g.permutation(100_000),
            g.bit_generator.random_raw(5),
        ]
        return [np.asarray(x) for x in out]

    with ak.use("numpy"):
        fast = draws()
        monkeypatch.setattr(np_random, "_philox_class", None)
        slow = draws()
    for f, s in zip(fast, slow, strict=True):
        assert f.dtype == s.dtype
        np.testing.assert_array_equal(f, s)


def test_missing_randomgen_is_detected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "randomgen", None)  # import randomgen raises
    monkeypatch.setitem(sys.modules, "randomgen.philox", None)
    assert np_random.load_randomgen() is None
