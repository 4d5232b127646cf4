"""``integers`` and ``choice`` in every argument form NumPy accepts: NumPy's dtypes and
spellings, array bounds (broadcast), empty draws, ``endpoint``, populations given as
sequences, ``p``, ``replace=False``, ``axis``, ``shuffle``; values against the mapping of
``arraykit/random/_integers.py`` recomputed from the raw words in Python integers, shapes
and errors against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import arraykit as ak

N = 10_000


def _twins(seed: int = 21) -> tuple[ak.random.Generator, ak.random.Generator]:
    return ak.random.default_rng(seed), ak.random.default_rng(seed)


def _expected(raw: ak.random.Generator, low, high, per: int, endpoint: bool, size) -> list[int]:
    """low + floor(U * r / 2**(32 per)) for each element, from the twin's raw words."""
    lo, hi = (np.broadcast_to(np.asarray(b, dtype=object), size).reshape(-1) for b in (low, high))
    words = [int(w) for w in np.asarray(raw.bit_generator.random_raw(per * lo.size))]
    out = []
    for i, (a, b) in enumerate(zip(lo, hi, strict=True)):
        r = int(b) - int(a) + (1 if endpoint else 0)
        u = sum(words[per * i + j] << (32 * j) for j in range(per))
        out.append(int(a) + (u * r >> (32 * per)))
    return out


@pytest.mark.parametrize(
    "spelling,name",
    [
        (np.int8, "int8"), ("i2", "int16"), (np.dtype("int32"), "int32"), (int, "int64"),
        ("uint8", "uint8"), (np.uint16, "uint16"), ("u4", "uint32"), (np.uint64, "uint64"),
        (ak.int16, "int16"), (None, "int64"),
    ],
)  # fmt: skip
def test_integer_dtypes_in_numpys_spellings(driver, spelling, name) -> None:
    info = np.iinfo(name)
    lo, hi = max(int(info.min), -1000), min(int(info.max), 1000)
    g, raw = _twins()
    got = g.integers(lo, hi, size=N, dtype=spelling, endpoint=True)
    assert got.dtype == np.dtype(name) and got.shape == (N,)
    assert np.asarray(got).tolist() == _expected(raw, lo, hi, 2, True, N)
    if spelling is not None:  # arraykit's default is None (int64); NumPy's is int64
        assert np.random.default_rng(0).integers(lo, hi, 3, dtype=spelling).dtype == got.dtype


@pytest.mark.parametrize("endpoint", [False, True])
def test_bool_dtype(driver, endpoint) -> None:
    g, raw = _twins()
    hi = 1 if endpoint else 2
    got = np.asarray(g.integers(0, hi, size=N, dtype=bool, endpoint=endpoint))
    assert got.dtype == np.bool_
    assert got.tolist() == [bool(v) for v in _expected(raw, 0, hi, 2, endpoint, N)]
    assert 0.45 < got.mean() < 0.55
    one = np.asarray(ak.random.default_rng(0).integers(1, 2, size=10, dtype="bool"))
    assert one.all()


@pytest.mark.parametrize(
    "low,high,dtype,per",
    [
        ([0, 10, -50], [5, 1000, 50], None, 4),  # 64-bit dtypes: four words per value
        ([[0], [100]], [200, 30000], "int16", 2),  # 16 bits: two words; broadcast (2, 2)
        (0, [1, 2, 3, 255], np.uint8, 2),
        ([-(2**63), 0], [2**63 - 1, 2**62], "int64", 4),
        (0, [2**64 - 1, 2**32, 1], "uint64", 4),
        ([0, 0, 0], [2**32 - 1, 1, 2**31], "uint32", 2),
    ],
)
def test_array_bounds(driver, low, high, dtype, per) -> None:
    shape = np.broadcast_shapes(np.shape(low), np.shape(high))
    size = (N // max(1, int(np.prod(shape))), *shape)
    ndt = np.dtype(dtype or "int64")
    g, raw = _twins()
    for endpoint in (True, False):
        hi = high if endpoint else [h + 1 for h in np.ravel(high).tolist()]
        hi = np.reshape(np.array(hi, dtype=object), np.shape(high))
        if int(np.max(hi)) > np.iinfo(ndt).max:  # high = 2**63 or 2**64: not an array
            continue
        want = np.random.default_rng(0).integers(
            low, hi.astype(np.uint64 if ndt == np.uint64 else np.int64), size, ndt, endpoint
        )
        assert want.shape == size and want.dtype == ndt
        got = g.integers(low, hi.tolist(), size=size, dtype=dtype, endpoint=endpoint)
        assert got.shape == size and got.dtype == ndt
        want = _expected(raw, low, high, per, True, size)
        assert np.asarray(got).reshape(-1).tolist() == want


def test_array_bounds_as_arraykit_arrays_and_under_jit(driver) -> None:
    low = ak.asarray([0, 100, -5], dtype=ak.int32)
    high = ak.asarray([[200], [1000]])
    g, eager = _twins(3)
    want = np.asarray(eager.integers(np.asarray(low), np.asarray(high), size=(2, 3)))
    got = ak.jit(lambda rng, lo, hi: rng.integers(lo, hi, size=(2, 3)))(g, low, high)
    np.testing.assert_array_equal(np.asarray(got), want)
    with pytest.raises(TypeError, match="0-d high inside"):
        ak.jit(lambda rng, hi: rng.integers(0, hi, size=3))(g, ak.asarray(10))
    counter = g.bit_generator.state["state"]["counter"].tolist()
    assert counter == eager.bit_generator.state["state"]["counter"].tolist()  # none drawn
    again = ak.jit(lambda rng, lo, hi: rng.integers(lo, hi, size=(2, 3)))(g, low, high)
    np.testing.assert_array_equal(np.asarray(again), np.asarray(eager.integers(low, high, (2, 3))))


@pytest.mark.parametrize(
    "args,kwargs",
    [
        ((0, 0), {"size": 0}),
        ((5, 3), {"size": (2, 0)}),
        ((0, 300), {"size": 0, "dtype": "uint8"}),
        (([], 5), {}),
        ((0, []), {"size": 0}),
        (([5, 5], 3), {"size": (0, 2)}),
    ],
)
def test_empty_draws_take_no_words(driver, args, kwargs) -> None:
    want = np.random.default_rng(0).integers(*args, **kwargs)
    g, raw = _twins()
    got = g.integers(*args, **kwargs)
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_array_equal(np.asarray(g.random(3)), np.asarray(raw.random(3)))


BAD = [
    lambda m, g: g.integers(0, 10, dtype="float64"),
    lambda m, g: g.integers(0, 10, dtype=float),
    lambda m, g: g.integers(0, 10, dtype="foo"),
    lambda m, g: g.integers(0, 3, 5, dtype=bool),
    lambda m, g: g.integers(2, 5, dtype=bool),
    lambda m, g: g.integers([0, 5], [5, 5]),
    lambda m, g: g.integers([0, 5], [5, 4], endpoint=True),
    lambda m, g: g.integers([-1, 0], 5, dtype=np.uint8),
    lambda m, g: g.integers([0, 0], [5, 300], dtype=np.uint8),
    lambda m, g: g.integers([0, 0], [5, 256], dtype=np.uint8, endpoint=True),
    lambda m, g: g.integers([0, 1], [5, 10], size=3),
    lambda m, g: g.integers([0, 1], [[5], [10], [20]], size=(3, 3)),
    lambda m, g: g.choice(2.5, 2),
    lambda m, g: g.choice("abc", 2),
    lambda m, g: g.choice([], 1),
    lambda m, g: g.choice([1, 2, 3], 2, axis=1),
    lambda m, g: g.choice([1, 2, 3], 4, replace=False),
    lambda m, g: g.choice([10, 20], 2, p=[0.5, 0.6]),
    lambda m, g: g.choice([10, 20, 30], 2, p=[[0.5, 0.5, 0.0]]),
    lambda m, g: g.choice([10, 20, 30], 3, replace=False, p=[0.5, 0.5, 0.0]),
    lambda m, g: g.lognormal(0.0, -1.0, 3),
    lambda m, g: g.lognormal([0.0, 1.0], [1.0, 1.0], size=3),
]


@pytest.mark.parametrize("call", BAD)
def test_bad_forms_raise_numpys_errors(driver, call) -> None:
    try:
        call(np, np.random.default_rng(0))
    except Exception as exc:
        expected = type(exc)
    else:
        raise AssertionError("NumPy accepted it")
    with pytest.raises(expected) as info:
        call(ak, ak.random.default_rng(0))
    assert str(info.value).split(":")[0] in {"integers", "choice", "lognormal"}


def test_choice_of_sequences(driver) -> None:
    g, raw = _twins(5)
    got = g.choice([10, 20, 30], 2)
    assert got.shape == (2,) and got.dtype == ak.int64
    idx = np.asarray(raw.integers(0, 3, size=2))
    np.testing.assert_array_equal(np.asarray(got), np.array([10, 20, 30])[idx])
    rows = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
    got = g.choice(rows, (N, 2), axis=1)
    idx = np.asarray(raw.integers(0, 2, size=2 * N))
    np.testing.assert_array_equal(np.asarray(got), np.array(rows)[:, idx].reshape(3, N, 2))
    assert g.choice(np.array(5), 3).shape == (3,)  # a 0-d array is an int, as in NumPy
    assert g.choice((), 0).shape == (0,)


def test_choice_p_replace_axis_shuffle(driver) -> None:
    pop = np.arange(24.0).reshape(4, 6)
    p = [0.1, 0.2, 0.3, 0.15, 0.25, 0.0]
    g, raw = _twins(6)
    got = np.asarray(g.choice(pop, N, p=p, axis=1))
    u = np.asarray(raw.random(N))
    cdf = np.cumsum(p) / np.sum(p)
    idx = np.minimum(np.searchsorted(cdf, u, side="right"), 5)
    np.testing.assert_array_equal(got, pop[:, idx])
    assert not np.any(idx == 5)  # probability 0 never drawn
    counts = np.bincount(idx, minlength=6) / N
    np.testing.assert_allclose(counts, p, atol=0.015)
    for shuffle in (True, False):
        got = np.asarray(g.choice(pop, 3, replace=False, axis=1, shuffle=shuffle))
        perm = np.asarray(raw.permutation(6))[:3]
        np.testing.assert_array_equal(got, pop[:, perm])
    got = np.asarray(g.choice([10, 20, 30, 40], 2, replace=False, p=[0.4, 0.0, 0.3, 0.3]))
    e = np.asarray(raw.exponential(size=4))
    with np.errstate(divide="ignore"):
        keys = e / np.array([0.4, 0.0, 0.3, 0.3])
    np.testing.assert_array_equal(got, np.array([10, 20, 30, 40])[np.argsort(keys)[:2]])


UNKNOWN = [  # y: float64 values of unknown size (a boolean index on a lazy driver)
    lambda g, y: g.normal(y),
    lambda g, y: g.uniform(y, 2.0),
    lambda g, y: g.poisson(y),
    lambda g, y: g.poisson(y, size=3),
    lambda g, y: g.gamma(y),
    lambda g, y: g.binomial(5, y / 10),
    lambda g, y: g.vonmises(y, 1.0),
    lambda g, y: g.hypergeometric(ak.astype(y, ak.int64), 3, 1),
    lambda g, y: g.integers(0, ak.astype(y * 10, ak.int64)),
    lambda g, y: g.permutation(y),
    lambda g, y: g.shuffle(y),
    lambda g, y: g.choice(y, 2),
    lambda g, y: g.permuted(y),
    lambda g, y: g.dirichlet(y),
    lambda g, y: g.multinomial(3, y / 10),
    lambda g, y: g.multivariate_normal(y, ak.eye(3)),
]


@pytest.mark.parametrize("call", UNKNOWN)
def test_unknown_sizes_are_refused_with_the_remedy(driver, call) -> None:
    """An array whose sizes are unknown (Dask after a boolean index) is refused by a
    ValueError naming the method and ak.compute; NumPy's arrays always have sizes, and a
    size of None reached int arithmetic (TypeError: unsupported operand) or a wrong
    message ("mean and cov must have same length", "size must be None, an int...")."""
    x = ak.asarray([0.1, 0.2, -0.3, 0.4])
    y = x[x > 0]
    if None not in y.shape:
        pytest.skip("this driver knows the size after a boolean index")
    with pytest.raises(ValueError, match=r"^\w+: .*unknown.*ak\.compute"):
        call(ak.random.default_rng(0), y)
    known = ak.compute(y)  # the remedy
    assert isinstance(known, ak.Array) and known.shape == (3,)
    call(ak.random.default_rng(0), known)
