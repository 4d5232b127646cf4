"""The discrete samplers of ``ak.random`` (``poisson``, ``binomial``, ``hypergeometric``,
``geometric``, ``negative_binomial``, ``logseries``, ``zipf``) on every driver: the
algorithms of their docstrings re-implemented in NumPy on a twin generator's uniforms
(``tests/random_reference.py``) and equal value for value (the same accept/reject
decisions, the inversions by SciPy's probabilities), the words a draw takes (fixed by its
shape), NumPy's errors, and draws under ak.jit / ak.vmap as eagerly."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
import random_reference as ref
from scipy import stats

import arraykit as ak
from arraykit.random import _rejection

N = 3000  # one size: one compiled program per sampler on the drivers that compile


def _twins(seed: int) -> tuple[ak.random.Generator, ak.random.Generator]:
    return ak.random.default_rng(seed), ak.random.default_rng(seed)


def _u(twin: ak.random.Generator, n: int) -> np.ndarray:
    return np.asarray(twin.random(n))


def _counter(g: ak.random.Generator) -> list[int]:
    return g.bit_generator.state["state"]["counter"].tolist()


def test_schedule_leaves_no_value_behind() -> None:
    """The documented schedule (``random_reference.schedule``, searched differently);
    each round leaves more values waiting than the next serves with probability at most
    2**-68 (SciPy's exact binomial tail, which Chernoff's bound exceeds), each value has
    candidates enough for q**K <= 2**-65, or the rounds end where none can be left
    waiting: a failure below 2**-64 per value.  At most 7 rounds for any n."""
    for q in (0.05, 0.3, 0.343, 0.35, 0.5):
        for n in (1, 17, 300, 3000, 10**4, 10**5, 10**7, 2**62):
            sched = _rejection.schedule(n, q)
            if n <= 10**5:
                assert list(sched) == ref.schedule(n, q)
            assert sched[0] == (n, 1) and len(sched) <= 7
            total = sum(k for _, k in sched)
            for (m, k), (m_next, _) in itertools.pairwise(sched):
                assert 0 < m_next <= m
                if m < 10**8:
                    assert stats.binom(m, q**k).sf(m_next) <= 2.0**-68
            m, k = sched[-1]
            ends = total * -math.log2(q) >= 65 or _rejection.room(m, q**k, 64) == 0
            assert ends, (q, n, sched)
    assert _rejection.schedule(0, 0.3) == ()


@pytest.mark.parametrize("lam", [3.0, 30.0, "array"])
def test_poisson_is_the_documented_algorithm(driver, lam) -> None:
    g, twin = _twins(41)
    if lam == "array":
        lam_np = np.resize([0.0, 0.7, 9.99, 10.0, 25.0, 1e4], N)
        got = np.asarray(g.poisson(ak.asarray(lam_np)))
        want = ref.poisson(_u(twin, N), ref.uniforms(twin, N, 0.3), lam_np)
    elif lam < 10:
        got = np.asarray(g.poisson(lam, N))
        want = ref.poisson(_u(twin, N), None, np.full(N, lam))
    else:
        got = np.asarray(g.poisson(lam, N))
        want = ref.poisson(None, ref.uniforms(twin, N, 0.3), np.full(N, lam))
    assert got.dtype == np.int64
    np.testing.assert_array_equal(got, want)
    assert _counter(g) == _counter(twin)


@pytest.mark.parametrize("n,p", [(10, 0.3), (100, 0.3), (1000, 0.8), ("array", None)])
def test_binomial_is_the_documented_algorithm(driver, n, p) -> None:
    g, twin = _twins(42)
    if n == "array":
        n_np = np.resize([0.0, 5.0, 12.0, 40.0, 1000.0, 7.0], N)
        p_np = np.resize([0.5, 0.0, 0.6, 0.5, 0.02, 1.0], N)
        got = np.asarray(g.binomial(ak.asarray(n_np.astype(np.int64)), ak.asarray(p_np)))
        want = ref.binomial(_u(twin, N), ref.uniforms(twin, N, 0.35), n_np, p_np)
    else:
        got = np.asarray(g.binomial(n, p, N))
        small = n * min(p, 1 - p) < 10
        u = _u(twin, N) if small else ref.uniforms(twin, N, 0.35)
        want = ref.binomial(u if small else None, None if small else u, np.full(N, float(n)),
                            np.full(N, p))  # fmt: skip
    np.testing.assert_array_equal(got, want)
    assert _counter(g) == _counter(twin)


@pytest.mark.parametrize(
    "good,bad,sample", [(10, 20, 5), (100, 200, 50), (200, 100, 250), (3, 10**6, 5 * 10**5)]
)
def test_hypergeometric_is_the_documented_algorithm(driver, good, bad, sample) -> None:
    g, twin = _twins(43)
    got = np.asarray(g.hypergeometric(good, bad, sample, N))
    gs, bs, ss = (np.full(N, float(v)) for v in (good, bad, sample))
    pop, cs = good + bad, min(sample, good + bad - sample)
    var = (pop - cs) * cs * (good / pop) * (bad / pop) / (pop - 1)
    if var < 4:
        want = ref.hypergeometric(_u(twin, N), None, gs, bs, ss)
    else:
        want = ref.hypergeometric(None, ref.uniforms(twin, N, 0.5), gs, bs, ss)
    np.testing.assert_array_equal(got, want)
    assert _counter(g) == _counter(twin)


def test_hypergeometric_array_parameters(driver) -> None:
    g, twin = _twins(44)
    good = np.resize([10, 100, 200, 0, 5, 700], N)
    bad = np.resize([20, 200, 100, 5, 0, 30], N)
    sample = np.resize([5, 50, 250, 3, 3, 600], N)
    got = np.asarray(g.hypergeometric(ak.asarray(good), ak.asarray(bad), ak.asarray(sample)))
    want = ref.hypergeometric(_u(twin, N), ref.uniforms(twin, N, 0.5),
                              *(v.astype(float) for v in (good, bad, sample)))  # fmt: skip
    np.testing.assert_array_equal(got, want)


def test_zipf_logseries_geometric_are_the_documented_algorithms(driver) -> None:
    g, twin = _twins(45)
    a = np.resize([1.05, 1.5, 3.0, 2000.0], N)
    got = np.asarray(g.zipf(ak.asarray(a)))
    big = a >= 1025
    want = ref.rounds(ref.uniforms(twin, N, 0.35), N, 0.35, [np.where(big, 2.0, a)],
                      ref.zipf)  # fmt: skip
    want = np.where(big, 1, want).astype(np.int64)
    # X = floor(exp(e)): above 2**40 (a < 1.1 only) the last bits of exp(e), whose
    # relative error is e (up to 44) times that of the backend's log, are in the value;
    # below, it is the same number
    low = want < 2**40
    np.testing.assert_array_equal(got[low], want[low])
    np.testing.assert_allclose(got[~low], want[~low], rtol=1e-13)
    # logseries: Kemp's LK on V = 1 - u1 and U = u2
    p = 0.9
    got = np.asarray(g.logseries(p, N))
    u = _u(twin, 2 * N)
    v, w = 1 - u[:N], u[N:]
    q = -np.expm1(np.log1p(-p) * w)
    with np.errstate(all="ignore"):
        many = np.floor(1 + np.log(v) / np.log(q))
    want = np.where(v >= p, 1, np.where(v <= q * q, many, np.where(v >= q, 1, 2)))
    np.testing.assert_array_equal(got, want.astype(np.int64))
    # geometric: inversion
    got = np.asarray(g.geometric([0.01, 0.5, 1.0], size=(N // 3, 3)))
    u = _u(twin, N).reshape(N // 3, 3)
    with np.errstate(divide="ignore"):
        want = np.maximum(np.ceil(np.log1p(-u) / np.log1p(-np.array([0.01, 0.5, 1.0]))), 1)
    want[:, 2] = 1
    np.testing.assert_array_equal(got, want.astype(np.int64))


def test_inversion_keeps_the_far_tail(driver) -> None:
    """Uniforms next to 1: the tail summed downwards gives SciPy's quantile, where the
    cumulative sum, rounded to 1, would end the search too early or late."""
    from arraykit.random import _discrete, _hypergeometric

    u_np = np.array([0.0, 0.3, 0.5 - 2**-54, 0.5, 1 - 2**-20, 1 - 2**-40, 1 - 2**-53])
    u = ak.asarray(u_np)
    n = u_np.size
    for lam in (0.5, 3.0, 9.9):
        want = ref.invert(u_np, stats.poisson(lam))
        np.testing.assert_array_equal(np.asarray(_discrete.poisson_flat_table(u, lam)), want)
        steps = _discrete._poisson_steps(u, ak.full(n, lam))
        np.testing.assert_array_equal(np.asarray(steps), want)
    for nn, p in ((30, 0.1), (2**40, 3e-12), (9, 0.5)):
        want = ref.invert(u_np, stats.binom(nn, p))
        got = _discrete._binomial_steps(u, ak.full(n, float(nn)), ak.full(n, p))
        np.testing.assert_array_equal(np.asarray(got), want)
    for good, bad, sample in ((10, 20, 5), (3, 10**6, 4 * 10**5)):
        want = ref.invert(u_np, stats.hypergeom(good + bad, good, sample))
        mn, mx, cs = (ak.full(n, float(v)) for v in (good, bad, sample))
        got = _hypergeometric.invert_flat(u, mn, mx, cs)
        np.testing.assert_array_equal(np.asarray(got), want)


def test_words_depend_on_the_shape_only(driver) -> None:
    """Draws of one shape take the same words whatever the parameters' values (the
    twin's counter is where the documented counts put it)."""
    draws = [
        (lambda g, v: g.poisson(v, 257), [0.5, 9.0, 11.0, 300.0]),
        (lambda g, v: g.binomial(20, v, 257), [0.01, 0.3, 0.5, 0.9]),
        (lambda g, v: g.hypergeometric(50, 60, v, 257), [1, 20, 60]),
        (lambda g, v: g.zipf(v, 257), [1.1, 4.0, 3000.0]),
    ]
    for draw, values in draws:
        counters = set()
        for v in values:
            g = ak.random.default_rng(46)
            draw(g, v)
            counters.add(tuple(_counter(g)))
        assert len(counters) <= 2  # the two regimes of a scalar parameter at most
    g, twin = _twins(47)
    g.poisson(ak.asarray(np.full(257, 3.0)))  # an array: both regimes' words
    twin.random(257)
    ref.uniforms(twin, 257, 0.3)
    assert _counter(g) == _counter(twin)


def test_a_value_without_an_accepted_candidate(driver, monkeypatch) -> None:
    monkeypatch.setattr(_rejection, "BITS", 1)  # 2 candidates: about 9% of them fail
    with pytest.raises(RuntimeError, match="no accepted candidate"):
        ak.random.default_rng(0).poisson(10.0, size=1009)
    if driver.capabilities.jit:  # traced: -1, never a wrong number
        x = np.asarray(ak.jit(lambda rng: rng.poisson(10.0, size=1013))(ak.random.default_rng(0)))
        assert (x == -1).any() and (x[x != -1] >= 0).all()


BAD = [
    lambda g: g.poisson(-1.0),
    lambda g: g.poisson([1.0, np.nan]),
    lambda g: g.poisson(1e19),
    lambda g: g.poisson([1.0, 2.0], size=3),
    lambda g: g.binomial(-1, 0.5),
    lambda g: g.binomial(5, 1.5),
    lambda g: g.binomial([5, 6], [0.5, np.nan]),
    lambda g: g.binomial(np.nan, 0.5),
    lambda g: g.geometric(0.0),
    lambda g: g.geometric([0.5, 1.5]),
    lambda g: g.negative_binomial(0, 0.5),
    lambda g: g.negative_binomial(1, 0.0),
    lambda g: g.negative_binomial(np.nan, 0.5),
    lambda g: g.negative_binomial(1e10, 1e-10),
    lambda g: g.hypergeometric(-1, 5, 2),
    lambda g: g.hypergeometric(5, -1, 2),
    lambda g: g.hypergeometric(5, 5, -1),
    lambda g: g.hypergeometric(5, 5, 11),
    lambda g: g.hypergeometric([5, 5], 5, [3, 11]),
    lambda g: g.hypergeometric(10**9, 5, 3),
    lambda g: g.logseries(1.0),
    lambda g: g.logseries([0.5, -0.1]),
    lambda g: g.zipf(1.0),
    lambda g: g.zipf(np.nan),
]


@pytest.mark.parametrize("call", BAD)
def test_bad_arguments_raise_numpys_errors(driver, call) -> None:
    try:
        call(np.random.default_rng(0))
    except Exception as exc:
        expected = type(exc)
    else:
        raise AssertionError("NumPy accepted it")
    with pytest.raises(expected):
        call(ak.random.default_rng(0))


def test_edges_as_numpy(driver) -> None:
    g = ak.random.default_rng(48)
    assert np.asarray(g.poisson(0.0, 5)).tolist() == [0] * 5
    assert np.asarray(g.binomial(7, 1.0, 3)).tolist() == [7] * 3
    assert np.asarray(g.binomial(0, 0.5, 3)).tolist() == [0] * 3
    assert np.asarray(g.binomial(5.7, 1.0, 2)).tolist() == [5, 5]  # n truncated, as NumPy
    assert np.asarray(g.geometric(1e-300, 2)).tolist() == [2**63 - 1] * 2  # saturates
    assert np.asarray(g.negative_binomial(3, 1.0, 2)).tolist() == [0, 0]
    assert np.asarray(g.hypergeometric(5, 5, 10, 2)).tolist() == [5, 5]
    assert np.asarray(g.hypergeometric(0, 5, 3, 2)).tolist() == [0, 0]
    assert np.asarray(g.logseries(0.0, 2)).tolist() == [1, 1]
    assert np.asarray(g.zipf(2000.0, 2)).tolist() == [1, 1]
    with pytest.raises(TypeError):  # NumPy: ValueError (docs/guides/departures.md)
        g.poisson("a")
    x = g.poisson([1.0, 2.0], size=(3, 2))
    assert x.shape == (3, 2) and x.dtype == ak.int64
    assert g.binomial(5, 0.5).shape == ()
    huge = np.asarray(g.binomial(2**62, 0.5, 4)).astype(float)
    assert (np.abs(huge - 2**61) < 12 * 2**30).all()


def test_jit_and_vmap_draw_as_eagerly(driver) -> None:
    lam = ak.asarray(np.resize([0.5, 4.0, 30.0], 600))
    g, twin = _twins(49)

    def f(rng, lam):
        return rng.poisson(lam), rng.hypergeometric(40, 30, 20, size=lam.shape)

    jf = ak.jit(f)
    for _ in range(2):
        got, want = jf(g, lam), f(twin, lam)
        for x, y in zip(got, want, strict=True):
            np.testing.assert_array_equal(np.asarray(x), np.asarray(y))
    rows = ak.asarray([[2.0], [20.0], [200.0]])
    state = g.bit_generator.state
    mapped = np.asarray(ak.vmap(lambda row, rng: rng.poisson(row[0], size=4))(rows, g))
    for i, lam_i in enumerate((2.0, 20.0, 200.0)):  # one draw, shared by the batch
        eager = ak.random.default_rng(0)
        eager.bit_generator.state = state
        np.testing.assert_array_equal(mapped[i], np.asarray(eager.poisson(ak.full(4, lam_i))))
