"""ak.random: the Philox4x32-10 words against the algorithm and its published known
answers, the documented mapping from words to numbers, the same streams on every driver,
NumPy's errors, state, spawning, and draws inside ak.jit / ak.vmap."""

from __future__ import annotations

import math

import numpy as np
import pytest
import random_draws
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arraykit as ak
from arraykit.random._philox import generic_words

M32 = 0xFFFFFFFF


def philox_ref(key: tuple[int, int], counter: int, nblocks: int) -> list[int]:
    """Philox4x32-10 in plain Python, from Salmon et al. (SC'11) / Random123."""
    out = []
    for b in range(nblocks):
        c = (counter + b) % (1 << 128)
        x = [(c >> (32 * i)) & M32 for i in range(4)]
        k0, k1 = key
        for _ in range(10):
            p0, p1 = 0xD2511F53 * x[0], 0xCD9E8D57 * x[2]
            x = [(p1 >> 32) ^ x[1] ^ k0, p1 & M32, (p0 >> 32) ^ x[3] ^ k1, p0 & M32]
            k0, k1 = (k0 + 0x9E3779B9) & M32, (k1 + 0xBB67AE85) & M32
        out.extend(x)
    return out


# Random123's kat_vectors for philox4x32_10: (counter words c0..c3, key k0 k1, output).
KAT = [
    ((0, 0, 0, 0), (0, 0), (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)),
    ((M32,) * 4, (M32, M32), (0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD)),
    (
        (0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344),
        (0xA4093822, 0x299F31D0),
        (0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1),
    ),
]


def _gen_at(key: tuple[int, int], counter: int) -> ak.random.Generator:
    g = ak.random.default_rng(0)
    g.bit_generator.state = {
        "bit_generator": "Philox4x32",
        "state": {
            "counter": [(counter >> (32 * i)) & M32 for i in range(4)],
            "key": list(key),
        },
    }
    return g


def _np(x: ak.Array) -> np.ndarray:
    return np.asarray(x)


def test_reference_matches_known_answers() -> None:
    for ctr, key, expected in KAT:
        c = sum(v << (32 * i) for i, v in enumerate(ctr))
        assert philox_ref(key, c, 1) == list(expected)


@pytest.mark.parametrize("ctr,key,expected", KAT)
def test_raw_words_known_answers(driver, ctr, key, expected) -> None:
    c = sum(v << (32 * i) for i, v in enumerate(ctr))
    raw = _gen_at(key, c).bit_generator.random_raw(4)
    assert raw.dtype == ak.uint32
    assert _np(raw).tolist() == list(expected)
    assert _np(generic_words(key, c, 4, None)).tolist() == list(expected)


KEYS = st.tuples(st.integers(0, M32), st.integers(0, M32))
COUNTERS = st.one_of(  # anywhere, and across the 64- and 128-bit carries
    st.integers(0, (1 << 128) - 1),
    st.integers((1 << 64) - 8, (1 << 64) + 8),
    st.integers((1 << 128) - 8, (1 << 128) - 1),
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # driver: stateless
@given(
    key=KEYS,
    counter=COUNTERS,
    n=st.integers(0, 23),
)
def test_raw_words_against_reference(driver, key, counter, n) -> None:
    """Native and array-op words, across 64- and 128-bit carries, and the counter after."""
    g = _gen_at(key, counter)
    expected = philox_ref(key, counter, math.ceil(n / 4))[:n]
    assert _np(g.bit_generator.random_raw(n)).tolist() == expected
    assert _np(generic_words(key, counter, n, None)).tolist() == expected
    after = sum(int(v) << (32 * i) for i, v in enumerate(g.bit_generator.state["state"]["counter"]))
    assert after == (counter + math.ceil(n / 4)) % (1 << 128)


def test_array_op_words_with_array_state(driver) -> None:
    """The state as uint64 arrays, as inside ak.jit: across the 64-bit carry."""
    key, counter = (0x12345678, 0x9ABCDEF0), (1 << 64) - 2
    k = ak.asarray(list(key), dtype=ak.uint64)
    c = ak.asarray([counter & ((1 << 64) - 1), counter >> 64], dtype=ak.uint64)
    expected = philox_ref(key, counter, 4)[:15]
    assert _np(generic_words(k, c, 15, None)).tolist() == expected


def test_raw_words_match_tensorflow_philox() -> None:
    """TensorFlow's stateless philox kernel is an independent implementation."""
    tf = pytest.importorskip("tensorflow")
    g = ak.random.default_rng(12345)
    k0, k1 = (int(v) for v in g.bit_generator.state["state"]["key"])
    with ak.use("numpy"):
        ours = _np(g.bit_generator.random_raw(1001))
    theirs = tf.raw_ops.StatelessRandomUniformFullIntV2(
        shape=[1001],
        key=tf.constant([k0 | k1 << 32], tf.uint64),
        counter=tf.constant([0, 0], tf.uint64),
        alg=1,
        dtype=tf.uint32,
    ).numpy()
    np.testing.assert_array_equal(ours, theirs)


def test_seeding_is_numpy_seed_sequence() -> None:
    for seed in (0, 12345, [1, 2, 3], 2**100):
        key = np.random.SeedSequence(seed).generate_state(2, np.uint32)
        state = ak.random.default_rng(seed).bit_generator.state["state"]
        np.testing.assert_array_equal(state["key"], key)
        np.testing.assert_array_equal(state["counter"], [0, 0, 0, 0])
    a = _np(ak.random.default_rng().bit_generator.random_raw(8))
    b = _np(ak.random.default_rng().bit_generator.random_raw(8))
    assert not np.array_equal(a, b)  # OS entropy


# ------------------------------------------------------------ the mapping to numbers
def _twins(seed: int = 99) -> tuple[ak.random.Generator, ak.random.Generator]:
    return ak.random.default_rng(seed), ak.random.default_rng(seed)


def test_float_mapping(driver) -> None:
    g, raw = _twins()
    w = _np(raw.bit_generator.random_raw(10)).astype(np.uint64)
    f32 = _np(g.random(10, dtype=ak.float32))
    np.testing.assert_array_equal(f32, (w[:10] >> 8).astype(np.float32) * np.float32(2**-24))
    w = _np(raw.bit_generator.random_raw(20)).astype(np.uint64)  # next whole blocks
    f64 = _np(g.random(10))
    a, b = w[0::2] >> 5, w[1::2] >> 6
    np.testing.assert_array_equal(f64, (a * 2.0**26 + b) * 2.0**-53)
    assert f64.dtype == np.float64 and f32.dtype == np.float32


@pytest.mark.parametrize(
    "low,high,dtype",
    [
        (0, 10, "int64"),
        (-5, 7, "int8"),
        (0, 2**32 - 1, "uint32"),
        (-(2**63), 2**63 - 1, "int64"),
        (2**63 - 3, 2**63 - 1, "int64"),
        (0, 2**64 - 1, "uint64"),
        (3, 2**40, "uint64"),
    ],
)
def test_integer_mapping(driver, low, high, dtype) -> None:
    """k = floor(U * r / 2**B) from the words, low + k: exact integer arithmetic."""
    g, raw = _twins()
    r = high - low + 1
    per = 2 if r <= 2**32 else 4
    words = [int(v) for v in _np(raw.bit_generator.random_raw(per * 25))]
    expected = []
    for i in range(25):
        u = sum(words[per * i + j] << (32 * j) for j in range(per))
        expected.append(low + (u * r >> (32 * per)))
    got = g.integers(low, high, size=25, dtype=getattr(ak, dtype), endpoint=True)
    assert got.dtype == getattr(ak, dtype)
    assert [int(v) for v in _np(got)] == expected


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # driver: stateless
@given(
    key=KEYS,
    counter=COUNTERS,
    n=st.integers(0, 23),
    bounds=st.sampled_from(
        [(0, 1, "bool"), (-128, 127, "int8"), (-7, 1000, "int16"), (0, 2**32 - 1, "uint32"),
         (5, 5, "uint8"), (-(2**31), 2**31 - 1, "int64"), (2**63 - 9, 2**63 - 1, "int64"),
         (2**64 - 2**32, 2**64 - 1, "uint64")]
    ),
)  # fmt: skip
def test_mappings_against_reference(driver, key, counter, n, bounds) -> None:
    """float32, float64 and two-word integers, on each driver's path (a driver may map
    the words itself: the NumPy and JAX drivers do), across 64- and 128-bit carries and
    for every length, against the paper's words and the documented mapping."""
    w = np.array(philox_ref(key, counter, math.ceil(2 * n / 4)), np.uint64)
    f32 = _np(_gen_at(key, counter).random(n, dtype=ak.float32))
    assert f32.dtype == np.float32
    np.testing.assert_array_equal(f32, (w[:n] >> 8).astype(np.float32) * np.float32(2**-24))
    g = _gen_at(key, counter)
    f64 = _np(g.random(n))
    np.testing.assert_array_equal(
        f64, ((w[0 : 2 * n : 2] >> 5) * 2.0**26 + (w[1 : 2 * n : 2] >> 6)) * 2.0**-53
    )
    after = sum(int(v) << (32 * i) for i, v in enumerate(g.bit_generator.state["state"]["counter"]))
    assert after == (counter + math.ceil(2 * n / 4)) % (1 << 128)
    low, high, dtype = bounds
    got = _np(_gen_at(key, counter).integers(low, high, n, dtype=getattr(ak, dtype), endpoint=True))
    r = high - low + 1
    want = [low + ((int(w[2 * i]) | int(w[2 * i + 1]) << 32) * r >> 64) for i in range(n)]
    assert got.dtype == np.dtype(dtype)
    assert [int(v) for v in got] == want


def test_normal_and_exponential_formulas(driver) -> None:
    """Box-Muller (float32) and -log1p(-u) from the same generator's uniforms, in NumPy
    (float64 normals: tests/test_random_normal.py)."""
    g, raw = _twins()
    u = _np(raw.random(10, dtype=ak.float32)).astype(np.float64)
    z = _np(g.standard_normal(9, dtype=ak.float32))
    rad = np.sqrt(-2 * np.log1p(-u[:5]))
    ref = np.concatenate([rad * np.cos(2 * np.pi * u[5:]), rad * np.sin(2 * np.pi * u[5:])])
    np.testing.assert_allclose(z, ref[:9], rtol=2e-6, atol=1e-7)
    u = _np(raw.random(6))
    np.testing.assert_allclose(_np(g.exponential(2.0, 6)), -np.log1p(-u) * 2.0, rtol=1e-14)
    u = _np(raw.random(6))
    np.testing.assert_allclose(_np(g.uniform(-3.0, 5.0, 6)), -3.0 + 8.0 * u, rtol=1e-15)


# ------------------------------------------------------------ every driver, one stream
def test_same_stream_as_numpy_driver(driver) -> None:
    """At least 10**4 values of every method and dtype (``tests/random_draws.py``):
    bit-identical, or within the published bound (``tests/tools/random_bounds.py``
    prints README's table from these draws)."""
    ours = random_draws.draws()
    with ak.use("numpy"):
        ref = random_draws.draws()
    assert all(r.size >= 10_000 for r in ref.values())
    for name, err in random_draws.errors(ours, ref).items():
        bound = random_draws.BOUNDS.get(name, 0)
        assert err <= bound, (name, err, bound)


def test_results_on_active_driver_and_device(driver) -> None:
    g = ak.random.default_rng(1)
    dev = ak.asarray(0).device
    for x in (g.random(3), g.integers(5, size=2), g.normal(size=2), g.permutation(4)):
        assert x.device == dev
        assert isinstance(x.native, type(ak.asarray(0).native))
    assert g.random(3, device=dev).device == dev
    assert g.random().shape == ()


# ------------------------------------------------------------ state and spawning
def test_state_roundtrip(driver) -> None:
    g = ak.random.default_rng(5)
    g.random(7)
    saved = g.bit_generator.state
    a = _np(g.normal(size=10))
    g.bit_generator.state = saved
    np.testing.assert_array_equal(_np(g.normal(size=10)), a)
    for bad in ({"bit_generator": "PCG64"}, {"bit_generator": "Philox4x32", "state": {}}):
        with pytest.raises(ValueError):
            g.bit_generator.state = bad


def test_spawn_matches_seed_sequence_spawn() -> None:
    kids = ak.random.default_rng(42).spawn(3)
    for kid, ss in zip(kids, np.random.SeedSequence(42).spawn(3), strict=True):
        key = ss.generate_state(2, np.uint32)
        np.testing.assert_array_equal(kid.bit_generator.state["state"]["key"], key)


# ------------------------------------------------------------ NumPy's errors
def _numpy_error(call) -> type[Exception]:
    try:
        call(np.random.default_rng(0))
    except Exception as exc:  # NumPy's exception type, whichever it is
        return type(exc)
    raise AssertionError("NumPy accepted it")


BAD = [
    lambda g: g.random(-1),
    lambda g: g.random((2, -3)),
    lambda g: g.integers(5, 5),
    lambda g: g.integers(5, 3),
    lambda g: g.integers(0, 300, dtype="uint8" if isinstance(g, np.random.Generator) else ak.uint8),
    lambda g: g.integers(-1, 3, dtype="uint8" if isinstance(g, np.random.Generator) else ak.uint8),
    lambda g: g.normal(0.0, -1.0, 3),
    lambda g: g.exponential(-1.0, 3),
    lambda g: g.choice(5, 6, replace=False),
    lambda g: g.choice(3, 2, p=[0.5, 0.2, 0.2]),
    lambda g: g.choice(3, 2, p=[1.2, -0.1, -0.1]),
    lambda g: g.choice(3, 2, p=[0.5, 0.5]),
    lambda g: g.choice(0, 2),
    lambda g: g.choice(3, 3, replace=False, p=[0.5, 0.5, 0.0]),
    lambda g: g.random(3, dtype="int32" if isinstance(g, np.random.Generator) else ak.int32),
    lambda g: g.normal(0.0, [1.0, -1.0]),  # array parameters: NumPy checks every element
    lambda g: g.exponential([[1.0], [-2.0]], (2, 3)),
    lambda g: g.normal([0.0, 1.0, 2.0], 1.0, size=(2,)),  # cannot broadcast to size
    lambda g: g.uniform([0.0, 1.0], [[1.0], [2.0], [3.0]], size=(3, 3)),
]


@pytest.mark.parametrize("call", BAD)
def test_bad_arguments_raise_numpys_errors(driver, call) -> None:
    expected = _numpy_error(call)
    with pytest.raises(expected) as info:
        call(ak.random.default_rng(0))
    assert str(info.value).split(":")[0] in {
        "random", "integers", "normal", "exponential", "choice", "permutation", "uniform",
    }  # fmt: skip


def test_array_parameters_broadcast_as_numpy(driver) -> None:
    """Array ``low``/``high``/``loc``/``scale`` (arraykit or NumPy arrays, sequences):
    NumPy's result shapes, and each value is the scalar formula applied to the draw of
    that shape, so the stream is the one of ``random``/``standard_normal``."""
    loc = ak.asarray([[0.0], [10.0]])
    scale = np.array([1.0, 2.0, 3.0])
    for size in (None, (4, 2, 3)):
        want = np.random.default_rng(0).normal(np.asarray(loc), scale, size).shape
        got = ak.random.default_rng(7).normal(loc, scale, size)
        assert got.shape == want
        z = ak.random.default_rng(7).standard_normal(want)
        np.testing.assert_allclose(np.asarray(got), np.asarray(z * ak.asarray(scale) + loc))
    u = ak.random.default_rng(3).uniform([0.0, 5.0], ak.asarray([1.0, 7.0]), dtype=ak.float32)
    r = ak.random.default_rng(3).random(2, dtype=ak.float32)
    assert u.dtype == ak.float32 and u.shape == (2,)
    np.testing.assert_allclose(np.asarray(u), np.asarray(r) * [1.0, 2.0] + [0.0, 5.0], rtol=1e-6)
    e = ak.random.default_rng(4).exponential([1.0, 2.0], size=(3, 2))
    ref = -np.log1p(-np.asarray(ak.random.default_rng(4).random((3, 2)))) * [1.0, 2.0]
    np.testing.assert_allclose(np.asarray(e), ref, rtol=1e-12)
    with pytest.raises(TypeError, match="real numbers"):
        ak.random.default_rng(0).normal(ak.asarray([1j, 2j]))


def test_shuffle_in_place(driver) -> None:
    x = ak.reshape(ak.arange(20, dtype=ak.float64), (10, 2))
    base = ak.zeros((12, 2), dtype=ak.float64)
    view = base[1:11]
    view[...] = x
    g1, g2 = _twins(3)
    g1.shuffle(view)
    expected = _np(x)[_np(g2.permutation(10))]
    np.testing.assert_array_equal(_np(view), expected)
    np.testing.assert_array_equal(_np(base)[1:11], expected)  # the write reached the base
    with pytest.raises(TypeError):
        g1.shuffle(np.arange(3))


# ------------------------------------------------------------ transforms
def test_jit_draws_next_numbers_without_retracing(driver) -> None:
    traces = []

    def f(rng, x):
        traces.append(1)
        return x + rng.normal(size=5), rng.integers(0, 1000, size=3), rng.permutation(6)

    jf = ak.jit(f)
    g, eager = _twins(8)
    x = ak.zeros(5, dtype=ak.float64)
    for _ in range(3):
        got, want = jf(g, x), f(eager, x)
        np.testing.assert_allclose(_np(got[0]), _np(want[0]), rtol=1e-13, atol=1e-13)
        np.testing.assert_array_equal(_np(got[1]), _np(want[1]))
        np.testing.assert_array_equal(_np(got[2]), _np(want[2]))
    other = ak.random.default_rng(9)
    jf(other, x)  # another key: an argument, no new trace either
    assert g.bit_generator.state["state"]["counter"].tolist() == (
        eager.bit_generator.state["state"]["counter"].tolist()
    )
    if driver.capabilities.jit:
        assert len(traces) == 3 + 1  # three eager calls of f, one trace
    captured = ak.random.default_rng(1)
    with pytest.raises(TypeError, match="must be one of its arguments"):
        ak.jit(lambda x: x + captured.random(5))(x)


def test_generator_through_nested_jit(driver) -> None:
    """A jitted function taking the generator, called inside another: the inner call
    hands the outer trace its new counter (it converted the traced counter to NumPy)."""
    inner = ak.jit(lambda rng: rng.random(3))
    outer = ak.jit(lambda rng: (inner(rng), rng.random(2), inner(rng)))
    g, eager = _twins(12)
    for _ in range(2):
        got = outer(g)
        want = (eager.random(3), eager.random(2), eager.random(3))
        for x, y in zip(got, want, strict=True):
            np.testing.assert_array_equal(_np(x), _np(y))
    assert g.bit_generator.state["state"]["counter"].tolist() == (
        eager.bit_generator.state["state"]["counter"].tolist()
    )
    captured = ak.random.default_rng(1)
    with pytest.raises(TypeError, match="must be one of its arguments"):
        ak.jit(lambda x: x + inner(captured))(ak.zeros(3))


def test_vmap_shares_one_draw(driver) -> None:
    g, eager = _twins(4)
    x = ak.reshape(ak.arange(8, dtype=ak.float64), (4, 2))
    vf = ak.vmap(lambda row, rng: row * rng.random(2))
    for _ in range(2):
        np.testing.assert_array_equal(_np(vf(x, g)), _np(x) * _np(eager.random(2)))
    with pytest.raises(TypeError, match="must be one of its arguments"):
        ak.vmap(lambda row: row + eager.random(2))(x)


def test_gradients_flow_through_loc_and_scale(driver) -> None:
    """The reparameterisation trick: d/dloc sum(normal(loc, s)) = n, d/ds = sum(z)."""
    if not driver.capabilities.autodiff:
        pytest.skip("the driver does not differentiate")

    def f(loc: ak.Array, s: ak.Array) -> ak.Array:
        return ak.sum(ak.random.default_rng(0).normal(loc, s, size=4))

    g_loc, g_s = ak.grad(f, argnums=(0, 1))(ak.asarray(1.0), ak.asarray(2.0))
    z = np.asarray(ak.random.default_rng(0).standard_normal(4))
    assert float(g_loc) == 4.0
    np.testing.assert_allclose(float(g_s), z.sum(), rtol=1e-12)
    jitted = ak.jit(lambda rng, loc: rng.normal(loc, 1.0))  # the Generator goes in and out
    loc = ak.asarray([0.0, 100.0])
    np.testing.assert_allclose(
        np.asarray(jitted(ak.random.default_rng(0), loc)),
        np.asarray(ak.random.default_rng(0).normal(loc, 1.0)),
    )
