"""The discrete samplers of ``ak.random`` (``poisson``, ``binomial``, ``hypergeometric``,
``geometric``, ``negative_binomial``, ``logseries``, ``zipf``) on every driver: the
algorithms of their docstrings re-implemented in NumPy on a twin generator's uniforms
(``tests/random_reference.py``) and equal value for value (the same accept/reject
decisions, the inversions by SciPy's probabilities), the words a draw takes (fixed by its
shape), NumPy's errors, and draws under ak.jit / ak.vmap as eagerly; the rejection engine's
schedule and each sampler's rejection bound.  ``ARRAYKIT_RANDOM_FULL=1`` also maps a draw
with a bare ``ak.vmap`` where the driver compiles (in CI it is compiled: JAX runs a bare
vmap operation by operation, 14 s here)."""

from __future__ import annotations

import itertools
import math
import os

import numpy as np
import pytest
import random_reference as ref
from scipy import integrate, stats

import arraykit as ak
from arraykit.random import _discrete, _gamma, _hypergeometric, _rejection, _vonmises

N = 3000  # one size: one compiled program per sampler on the drivers that compile
FULL = os.environ.get("ARRAYKIT_RANDOM_FULL") == "1"


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


# Each rejection sampler's q (the bound its schedule is made for) against the measured
# rejection of a first candidate, over its regime, worst cases included (PTRS at lam = 10,
# BTRS at n p = 10, HRUA at variance 4, Zipf near a = 1.1, gamma at shape 1, von Mises
# at large kappa): the rate plus 3 standard errors stays below q.
def _which(draw, *params):  # the numbers of the candidates accepted
    out = draw(ak.random.default_rng(54), *params, True)
    return np.asarray(out[0] if isinstance(out, tuple) else out)


BOUNDS = {
    "PTRS": (0.3, lambda p: _which(_discrete._ptrs_draw, p[0]),
             [(10.0,), (10.5,), (15.0,), (100.0,), (1e8,), (9e18,)]),
    "BTRS": (0.35, lambda p: _which(_discrete._btrs_draw, p[0], p[1]),
             [(20.0, 0.5), (21.0, 0.48), (40.0, 0.25), (1e6, 1e-5), (2.0**62, 0.5)]),
    "HRUA": (0.5, lambda p: _which(_hypergeometric._hrua_draw, *p),
             [(30.0, 150.0, 36.0), (40.0, 40.0, 24.0), (20.0, 1000.0, 306.0),
              (20.0, 2e5, 60006.0), (1e8, 9e8, 4e8)]),
    "Zipf": (0.35, lambda p: _which(_discrete._zipf_draw, p[0]),
             [(1.0001,), (1.05,), (1.1,), (1.3,), (3.0,)]),
    "gamma": (_gamma.Q, lambda p: _which(_gamma._sample, p[0], ak.float64),
              [(1e-3,), (0.999,), (1.0,), (3.0,)]),
    "vonmises": (_vonmises.Q, lambda p: _which(_vonmises._sample, ak.zeros_like(p[0]), p[0]),
                 [(0.5,), (3.0,), (1e3,), (1e6,)]),
}  # fmt: skip


def _gamma_rejection(a: float) -> float:
    """Marsaglia-Tsang's rejection probability for shape ``a >= 1``, by quadrature."""
    d = a - 1 / 3
    c = 1 / np.sqrt(9 * d)

    def accepted(x: float) -> float:
        v = (1 + c * x) ** 3
        return stats.norm.pdf(x) * min(1.0, np.exp(0.5 * x * x + d - d * v + d * np.log(v)))

    return 1 - integrate.quad(accepted, -1 / c, np.inf, limit=200, epsabs=1e-13)[0]


@pytest.mark.parametrize("name", list(BOUNDS))
def test_every_rejection_sampler_within_its_bound(name) -> None:
    q, draw, cases = BOUNDS[name]
    n = 10**5
    for params in cases:
        number = draw([ak.full(n, v) for v in params])
        rate = (number >= n).mean()  # round 1: candidate i is value i's only one
        se = np.sqrt(rate * (1 - rate) / n)
        if name == "gamma":  # 0.0483 at shape 1, the largest: too near q for 3 se
            exact = _gamma_rejection(params[0] + (params[0] < 1))
            assert abs(rate - exact) < 4 * se, (params, rate, exact)
        else:
            assert rate + 3 * se <= q, (name, params, rate)
        assert not np.isnan(number).any()
    if name == "gamma":  # falls as the shape grows (a < 1 draws shape a + 1)
        worst = [_gamma_rejection(a) for a in (1.0, 1.01, 1.5, 3.0, 50.0)]
        assert worst == sorted(worst, reverse=True) and worst[0] < q


DECISIONS = {  # parameters over each sampler's regime, its extremes too
    "PTRS": (_discrete._ptrs_draw, [[10.0, 10.5, 37.2, 1e3, 1e6, 1e12, 9e18]]),
    "BTRS": (_discrete._btrs_draw, [[20.0, 1000.0, 1e6, 2.0**40, 2.0**62],
                                    [0.5, 0.3, 1e-5, 0.5, 1e-3]]),
    "HRUA": (_hypergeometric._hrua_draw, [[30.0, 300.0, 1e8, 50.0], [150.0, 500.0, 9e8, 9e8],
                                          [36.0, 200.0, 4e8, 4.5e8]]),
    "Zipf": (_discrete._zipf_draw, [[1.0001, 1.05, 1.5, 2.0, 4.5, 60.0, 1024.0]]),
}  # fmt: skip


@pytest.mark.parametrize("name", list(DECISIONS))
def test_decisions_are_the_numpy_drivers(driver, name) -> None:
    """The number of the candidate each value accepts, bit for bit: the same accept and
    reject decisions on every driver, compiled where the driver compiles."""
    draw, params = DECISIONS[name]
    values = [np.resize(p, N) for p in params]
    sample = ak.jit(draw, static_argnums=len(values) + 1)
    got = np.asarray(sample(ak.random.default_rng(55), *map(ak.asarray, values), True))
    with ak.use("numpy"):
        want = np.asarray(draw(ak.random.default_rng(55), *map(ak.asarray, values), True))
    np.testing.assert_array_equal(got, want)
    assert not np.isnan(want).any() and (want >= N).sum() > N // 20  # some rejected


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
        (lambda g, v: g.poisson(v, N), [0.5, 9.0, 11.0, 300.0]),
        (lambda g, v: g.binomial(20, v, N), [0.01, 0.3, 0.5, 0.9]),
        (lambda g, v: g.hypergeometric(50, 60, v, N), [1, 20, 60]),
        (lambda g, v: g.zipf(v, N), [1.1, 4.0, 3000.0]),
    ]
    for draw, values in draws:
        counters = set()
        for v in values:
            g = ak.random.default_rng(46)
            draw(g, v)
            counters.add(tuple(_counter(g)))
        assert len(counters) <= 2  # the two regimes of a scalar parameter at most
    g, twin = _twins(47)
    g.poisson(ak.asarray(np.full(N, 3.0)))  # an array: both regimes' words
    twin.random(N)
    ref.uniforms(twin, N, 0.3)
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
    g = ak.random.default_rng(48)  # size N: the file's compiled samplers and operations

    def every(x: ak.Array, value: int) -> bool:
        return bool((np.asarray(x) == value).all())

    assert every(g.poisson(0.0, N), 0)
    assert every(g.binomial(7, 1.0, N), 7)
    assert every(g.binomial(0, 0.5, N), 0)
    assert every(g.binomial(5.7, 1.0, N), 5)  # n truncated, as NumPy
    assert every(g.geometric(1e-300, N), 2**63 - 1)  # saturates
    assert every(g.negative_binomial(3, 1.0, N), 0)
    assert every(g.hypergeometric(5, 5, 10, N), 5)
    assert every(g.hypergeometric(0, 5, 3, N), 0)
    assert every(g.logseries(0.0, N), 1)
    assert every(g.zipf(2000.0, N), 1)
    with pytest.raises(TypeError):  # NumPy: ValueError (docs/guides/departures.md)
        g.poisson("a")
    x = g.poisson([1.0, 2.0], size=(N // 2, 2))
    assert x.shape == (N // 2, 2) and x.dtype == ak.int64
    assert g.binomial(5, 0.5).shape == ()
    huge = np.asarray(g.binomial(2**62, 0.5, N)).astype(float)
    assert (np.abs(huge - 2**61) < 12 * 2**30).all()


def test_jit_and_vmap_draw_as_eagerly(driver) -> None:
    lam = ak.asarray(np.resize([0.5, 4.0, 30.0], N))  # size N: the eager twins reuse
    g, twin = _twins(49)  # the file's compiled samplers

    def f(rng, lam):
        return rng.poisson(lam), rng.hypergeometric(40, 30, 20, size=lam.shape)

    jf = ak.jit(f)
    for _ in range(2 if driver.capabilities.jit else 1):  # once compiled: the next numbers
        got, want = jf(g, lam), f(twin, lam)
        for x, y in zip(got, want, strict=True):
            np.testing.assert_array_equal(np.asarray(x), np.asarray(y))
    rows = ak.asarray([[2.0], [20.0], [200.0]])
    state = g.bit_generator.state
    vf = ak.vmap(lambda row, rng: rng.poisson(row[0], size=N))
    mapped = np.asarray((vf if FULL or not driver.capabilities.jit else ak.jit(vf))(rows, g))
    for i, lam_i in enumerate((2.0, 20.0, 200.0)):  # one draw, shared by the batch
        eager = ak.random.default_rng(0)
        eager.bit_generator.state = state
        np.testing.assert_array_equal(mapped[i], np.asarray(eager.poisson(ak.full(N, lam_i))))
