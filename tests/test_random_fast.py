"""The NumPy driver's fast paths for ``ak.random``: the Numba kernels and randomgen's
``Philox(number=4, width=32)`` give arraykit's words, floats and integers (against
Philox4x32-10 from the paper, in plain Python, and the documented mapping), and without
either the ufunc path gives the same streams."""

from __future__ import annotations

import math
import os
import sys

import numpy as np
import pytest
from test_random import M32, philox_ref

import arraykit as ak
from arraykit.drivers.numpy import random as np_random

SEEDS = (0, 12345, 2**100)
COUNTERS = (0, 1, 2**64 - 3, 2**64 - 1, 5 * 2**64 - 2, 2**128 - 2, 2**128 - 1, 2**96 + 7)
LENGTHS = (1, 2, 3, 4, 5, 7, 8, 9, 63, 255, 256, 257, 1000)


def _unused(*args: object) -> None:
    raise AssertionError("a slower path ran")


def _require_numba() -> None:
    """The Numba path is tested where Numba is installed (the ``fast`` extra, which CI's
    NumPy environment has: ``ARRAYKIT_TEST_NUMBA=1`` makes its absence a failure)."""
    if np_random.load_numba() is None:
        if os.environ.get("ARRAYKIT_TEST_NUMBA"):
            pytest.fail("ARRAYKIT_TEST_NUMBA is set but Numba does not import")
        pytest.skip("Numba is not installed (the fast extra)")


@pytest.fixture(params=["numba", "randomgen", "ufuncs"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The NumPy driver by its Numba kernels (for every draw size), by randomgen, and as if
    neither were installed."""
    if request.param == "numba":
        _require_numba()
        monkeypatch.setattr(np_random, "NUMBA_MIN", 0)
        monkeypatch.setattr(np_random, "_randomgen", _unused)
        monkeypatch.setattr(np_random, "philox_words", _unused)
    elif request.param == "randomgen":
        assert np_random.load_randomgen() is not None, "randomgen is a declared dependency"
        monkeypatch.setattr(np_random, "_numba", None)
        monkeypatch.setattr(np_random, "philox_words", _unused)
    else:
        monkeypatch.setattr(np_random, "_numba", None)
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


def test_large_draws_same_on_every_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """10**5 values of each method by Numba (where installed), randomgen and ufuncs,
    continuing one stream."""

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
        results = {}
        if np_random.load_numba() is not None:
            monkeypatch.setattr(np_random, "NUMBA_MIN", 0)
            results["numba"] = draws()
        monkeypatch.setattr(np_random, "_numba", None)
        results["randomgen"] = draws()
        monkeypatch.setattr(np_random, "_philox_class", None)
        results["ufuncs"] = draws()
    for name, got in results.items():
        for f, s in zip(got, results["ufuncs"], strict=True):
            assert f.dtype == s.dtype, name
            np.testing.assert_array_equal(f, s, err_msg=name)


def test_numba_path_serves_large_draws_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small draws do not import Numba (its import and first compilation take about a
    second); draws of ``NUMBA_MIN`` values and more run its kernels."""
    _require_numba()
    calls: list[str] = []
    kernels = np_random.load_numba()

    class Spy:
        def __getattr__(self, name: str) -> object:
            calls.append(name)
            return getattr(kernels, name)

    monkeypatch.setattr(np_random, "_numba", Spy())
    with ak.use("numpy"):
        g = ak.random.default_rng(7)
        g.random(np_random.NUMBA_MIN - 1)
        g.integers(0, 10, np_random.NUMBA_MIN - 1)
        assert calls == []
        g.random(np_random.NUMBA_MIN, dtype=ak.float32)
        g.random(np_random.NUMBA_MIN)
        g.integers(0, 10, np_random.NUMBA_MIN)
        g.bit_generator.random_raw(np_random.NUMBA_MIN)
    assert calls == ["uniform32", "uniform64", "below", "words"]


def test_missing_numba_is_detected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba raises
    monkeypatch.delitem(sys.modules, "arraykit.drivers.numpy.philox_numba", raising=False)
    monkeypatch.delattr(sys.modules[np_random.__package__], "philox_numba", raising=False)
    assert np_random.load_numba() is None


def test_missing_randomgen_is_detected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "randomgen", None)  # import randomgen raises
    monkeypatch.setitem(sys.modules, "randomgen.philox", None)
    assert np_random.load_randomgen() is None
