"""ak.random's statistics on every driver: moments and Kolmogorov-Smirnov tests against
the exact distributions (SciPy), range and bias of integers (up to the full 64-bit
ranges), choice and permutation properties, independence of seeds and spawned children.
Fixed seeds: each test is deterministic; p-value threshold 1e-3."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import arraykit as ak

N = 100_000
P_MIN = 1e-3


def _np(x: ak.Array) -> np.ndarray:
    return np.asarray(x)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_uniform(driver, dtype) -> None:
    g = ak.random.default_rng(2024)
    u = _np(g.random(N, dtype=getattr(ak, dtype))).astype(np.float64)
    assert u.min() >= 0.0 and u.max() < 1.0
    assert stats.kstest(u, "uniform").pvalue > P_MIN
    assert abs(u.mean() - 0.5) < 5 * np.sqrt(1 / 12 / N)
    assert abs(u.var() - 1 / 12) < 0.003
    v = _np(g.uniform(-2.0, 6.0, N, dtype=getattr(ak, dtype))).astype(np.float64)
    assert v.min() >= -2.0 and v.max() < 6.0
    assert stats.kstest(v, "uniform", args=(-2.0, 8.0)).pvalue > P_MIN


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_normal(driver, dtype) -> None:
    g = ak.random.default_rng(7)
    z = _np(g.normal(1.5, 2.0, N, dtype=getattr(ak, dtype))).astype(np.float64)
    assert stats.kstest(z, "norm", args=(1.5, 2.0)).pvalue > P_MIN
    assert abs(z.mean() - 1.5) < 5 * 2.0 / np.sqrt(N)
    assert abs(z.std() / 2.0 - 1) < 0.01
    assert abs(stats.skew(z)) < 0.05 and abs(stats.kurtosis(z)) < 0.1
    odd = _np(g.standard_normal(N + 1, dtype=getattr(ak, dtype))).astype(np.float64)
    assert stats.kstest(odd, "norm").pvalue > P_MIN


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_exponential(driver, dtype) -> None:
    g = ak.random.default_rng(11)
    e = _np(g.exponential(3.0, N, dtype=getattr(ak, dtype))).astype(np.float64)
    assert e.min() >= 0.0
    assert stats.kstest(e, "expon", args=(0, 3.0)).pvalue > P_MIN
    assert abs(e.mean() - 3.0) < 5 * 3.0 / np.sqrt(N)


def test_lognormal(driver) -> None:
    g = ak.random.default_rng(13)
    x = _np(g.lognormal(0.5, 0.75, N))
    assert x.dtype == np.float64 and x.min() > 0.0
    ref = stats.lognorm(s=0.75, scale=np.exp(0.5))
    assert stats.kstest(x, ref.cdf).pvalue > P_MIN
    assert abs(np.log(x).mean() - 0.5) < 5 * 0.75 / np.sqrt(N)
    assert abs(x.mean() / ref.mean() - 1) < 0.02
    both = _np(g.lognormal([0.0, 1.0], [[0.5], [1.0]], size=(N // 4, 2, 2)))
    for i, s in enumerate((0.5, 1.0)):
        for j, m in enumerate((0.0, 1.0)):
            cdf = stats.lognorm(s=s, scale=np.exp(m)).cdf
            assert stats.kstest(both[:, i, j], cdf).pvalue > P_MIN


@pytest.mark.parametrize("dtype", ["int16", "int64", "uint8"])
def test_integers_array_bounds_unbiased(driver, dtype) -> None:
    """Each element of a draw with array bounds is uniform on its own range."""
    low, high = [0, -3, 10], [[15], [20]]
    if dtype == "uint8":
        low = [0, 3, 10]
    k = _np(ak.random.default_rng(17).integers(low, high, size=(N // 6, 2, 3), dtype=dtype))
    assert k.dtype == np.dtype(dtype)
    for i in range(2):
        for j in range(3):
            lo, hi = low[j], high[i][0]
            counts = np.bincount(k[:, i, j].astype(np.int64) - lo, minlength=hi - lo)
            assert counts.size == hi - lo
            assert stats.chisquare(counts).pvalue > P_MIN
    b = _np(ak.random.default_rng(18).integers(0, 2, size=N, dtype=bool))
    assert stats.chisquare(np.bincount(b.astype(np.int64))).pvalue > P_MIN


@pytest.mark.parametrize(
    "low,high,dtype",
    [(0, 7, "int64"), (-3, 3, "int8"), (0, 255, "uint8"), (10, 2**32 + 9, "uint64")],
)
def test_integers_small_ranges_unbiased(driver, low, high, dtype) -> None:
    """Chi-square over the values (small ranges) or over 8 equal bins (the wide one)."""
    g = ak.random.default_rng(5)
    x = _np(g.integers(low, high, size=N, dtype=getattr(ak, dtype), endpoint=True))
    x = x.astype(object).astype(float) if dtype == "uint64" else x.astype(np.int64)
    assert x.min() >= low and x.max() <= high
    r = high - low + 1
    bins = r if r <= 256 else 8
    counts = np.bincount(((x - low) * bins // r).astype(np.int64), minlength=bins)
    assert stats.chisquare(counts).pvalue > P_MIN


@pytest.mark.parametrize(
    "low,high,dtype",
    [
        (-(2**63), 2**63 - 1, "int64"),  # the full int64 range
        (2**62, 2**63 - 1, "int64"),  # up to 2**63
        (0, 2**64 - 1, "uint64"),  # the full uint64 range
        (0, 3 * 2**61, "uint64"),  # a range not a power of two
    ],
)
def test_integers_wide_ranges(driver, low, high, dtype) -> None:
    g = ak.random.default_rng(13)
    x = [
        int(v)
        for v in _np(g.integers(low, high, size=20_000, dtype=getattr(ak, dtype), endpoint=True))
    ]
    assert low <= min(x) and max(x) <= high
    r = high - low + 1
    # 16 equal bins of the range, and the low 8 bits (each bit pattern equally likely)
    counts = np.bincount([(v - low) * 16 // r for v in x], minlength=16)
    assert stats.chisquare(counts).pvalue > P_MIN
    low_bits = np.bincount([(v - low) & 0xFF for v in x], minlength=256)
    assert stats.chisquare(low_bits).pvalue > P_MIN
    assert max(x) - min(x) > r * 0.99  # the extremes are reached, near both ends


def test_permutation_is_a_permutation(driver) -> None:
    g = ak.random.default_rng(3)
    for n in (0, 1, 2, 17, 1000):
        p = _np(g.permutation(n))
        np.testing.assert_array_equal(np.sort(p), np.arange(n))
    # position of element 0 over many permutations of 5: uniform
    pos = [int(np.argmax(_np(g.permutation(5)) == 0)) for _ in range(500)]
    assert stats.chisquare(np.bincount(pos, minlength=5)).pvalue > P_MIN


def test_choice_without_replacement_never_repeats(driver) -> None:
    g = ak.random.default_rng(17)
    for _ in range(20):
        c = _np(g.choice(50, 30, replace=False))
        assert len(set(c.tolist())) == 30 and c.min() >= 0 and c.max() < 50
    full = _np(g.choice(40, 40, replace=False))
    np.testing.assert_array_equal(np.sort(full), np.arange(40))
    p = np.array([0.05, 0.4, 0.05, 0.3, 0.2])
    for _ in range(10):
        c = _np(g.choice(5, 3, replace=False, p=p))
        assert len(set(c.tolist())) == 3
    # one Python int per draw: a stack of 2000 draws is one huge graph on a lazy driver
    first = np.array([int(g.choice(5, 2, replace=False, p=p)[0]) for _ in range(2000)])
    # the first pick of a sequential draw without replacement follows p
    assert stats.chisquare(np.bincount(first, minlength=5), 2000 * p).pvalue > P_MIN


def test_choice_follows_p(driver) -> None:
    g = ak.random.default_rng(19)
    p = np.array([0.1, 0.0, 0.25, 0.4, 0.25])
    c = _np(g.choice(5, N, p=p))
    counts = np.bincount(c, minlength=5)
    assert counts[1] == 0
    nz = p > 0
    assert stats.chisquare(counts[nz], N * p[nz]).pvalue > P_MIN
    u = _np(g.choice(6, N))
    assert stats.chisquare(np.bincount(u, minlength=6)).pvalue > P_MIN


def _blocks(g: ak.random.Generator, n_words: int) -> set[int]:
    w = _np(g.bit_generator.random_raw(n_words)).astype(np.uint64).reshape(-1, 2)
    return set((w[:, 0] | (w[:, 1] << np.uint64(32))).tolist())


def test_seeds_and_spawned_children_do_not_overlap(driver) -> None:
    """The first 10**6 words of each stream, as 64-bit pairs: no pair in common (a
    chance collision among 2e6 random 64-bit values has probability ~1e-7)."""
    parent = ak.random.default_rng(2026)
    kids = parent.spawn(2)
    streams = [parent, *kids, ak.random.default_rng(2027)]
    seen: set[int] = set()
    total = 0
    for g in streams:
        b = _blocks(g, 10**6)
        total += len(b)
        seen |= b
    assert len(seen) == total


# ---- discrete and multivariate distributions (branch random-disc) -----------------------
# One size for every draw below (ND values or rows): one compiled program per sampler on
# the drivers that compile.  Discrete draws: chi-square over the values (bins of expected
# count below 5 merged), mean and variance within 6 standard errors.

ND = 20_000


def _chi2(x: np.ndarray, pmf, lo: int = 0) -> float:
    """Chi-square p-value of the integer sample ``x`` against ``pmf`` on ``lo, lo + 1, ...``
    (the tail beyond the largest value seen in one bin)."""
    x = x.astype(np.int64)
    assert x.min() >= lo
    ks = np.arange(lo, x.max() + 1)
    expected = pmf(ks) * x.size
    expected[-1] += x.size - expected.sum()  # the upper tail
    observed = np.bincount(x - lo, minlength=ks.size).astype(float)
    obs, exp, o, e = [], [], 0.0, 0.0
    for a, b in zip(observed, expected, strict=True):
        o, e = o + a, e + b
        if e >= 5:
            obs.append(o)
            exp.append(e)
            o = e = 0.0
    if obs:
        obs[-1] += o
        exp[-1] += e
    if len(obs) < 2:
        return 1.0
    exp_a = np.array(exp)
    return float(stats.chisquare(obs, exp_a * sum(obs) / exp_a.sum()).pvalue)


def _moments(x: np.ndarray, dist) -> None:
    """Mean and variance within 6 standard errors (the variance's from the kurtosis)."""
    mean, var = float(dist.mean()), float(dist.var())
    assert abs(x.mean() - mean) < 6 * np.sqrt(var / x.size), (x.mean(), mean)
    if var > 0:
        kurtosis = float(dist.stats(moments="k"))
        assert abs(x.var() / var - 1) < 6 * np.sqrt((kurtosis + 2) / x.size), (x.var(), var)


def _check(x: ak.Array, dist, lo: int = 0) -> None:
    x = _np(x)
    assert x.dtype == np.int64
    assert _chi2(x, dist.pmf, lo) > P_MIN, dist.dist.name
    _moments(x.astype(np.float64), dist)


@pytest.mark.parametrize("lam", [0.5, 7.0, 10.0, 60.0])
def test_poisson(driver, lam) -> None:
    _check(ak.random.default_rng(71).poisson(lam, ND), stats.poisson(lam))


def test_poisson_array_lam(driver) -> None:
    lams = [0.5, 9.5, 10.0, 300.0]
    x = _np(ak.random.default_rng(72).poisson(ak.asarray(np.resize(lams, ND))))
    for j, lam in enumerate(lams):
        _check(ak.asarray(x[j::4]), stats.poisson(lam))


@pytest.mark.parametrize("n,p", [(12, 0.3), (100, 0.45), (50, 0.9), (10**6, 3e-6)])
def test_binomial(driver, n, p) -> None:
    _check(ak.random.default_rng(73).binomial(n, p, ND), stats.binom(n, p))


def test_binomial_array_parameters(driver) -> None:
    ns, ps = [8, 40, 400, 3000], [0.5, 0.7, 0.02, 0.001]
    g = ak.random.default_rng(74)
    x = _np(g.binomial(ak.asarray(np.resize(ns, ND)), ak.asarray(np.resize(ps, ND))))
    for j in range(4):
        _check(ak.asarray(x[j::4]), stats.binom(ns[j], ps[j]))


@pytest.mark.parametrize("p", [0.05, 0.6])
def test_geometric(driver, p) -> None:
    _check(ak.random.default_rng(75).geometric(p, ND), stats.geom(p), lo=1)


@pytest.mark.parametrize("n,p", [(2.5, 0.3), (40.0, 0.8)])
def test_negative_binomial(driver, n, p) -> None:
    _check(ak.random.default_rng(76).negative_binomial(n, p, ND), stats.nbinom(n, p))


@pytest.mark.parametrize("good,bad,sample", [(10, 20, 5), (300, 500, 200), (700, 30, 600)])
def test_hypergeometric(driver, good, bad, sample) -> None:
    x = ak.random.default_rng(77).hypergeometric(good, bad, sample, ND)
    _check(x, stats.hypergeom(good + bad, good, sample))


def test_hypergeometric_array_parameters(driver) -> None:
    cases = [(10, 20, 5), (300, 500, 200), (700, 30, 600), (4, 10**5, 3 * 10**4)]
    good, bad, sample = (ak.asarray(np.resize([c[i] for c in cases], ND)) for i in range(3))
    x = _np(ak.random.default_rng(78).hypergeometric(good, bad, sample))
    for j, (gd, bd, s) in enumerate(cases):
        _check(ak.asarray(x[j::4]), stats.hypergeom(gd + bd, gd, s))


@pytest.mark.parametrize("p", [0.3, 0.95])
def test_logseries(driver, p) -> None:
    _check(ak.random.default_rng(79).logseries(p, ND), stats.logser(p), lo=1)


@pytest.mark.parametrize("a", [1.3, 3.0])
def test_zipf(driver, a) -> None:
    x = _np(ak.random.default_rng(80).zipf(a, ND))
    assert x.min() >= 1
    capped = np.minimum(x, 200)  # the tail beyond 200 as one value: the pmf's own tail
    dist = stats.zipf(a)
    pmf = lambda k: np.where(k < 200, dist.pmf(k), dist.sf(199))  # noqa: E731
    assert _chi2(capped, pmf, lo=1) > P_MIN
    if a > 3:  # the mean exists (and its sample mean settles) for a > 2; variance for a > 3
        _moments(x.astype(float), dist)


def test_multinomial(driver) -> None:
    p = np.array([0.1, 0.25, 0.05, 0.6])
    x = _np(ak.random.default_rng(81).multinomial(50, p, size=ND))
    assert (x.sum(axis=1) == 50).all()
    for j in range(4):  # each count is binomial(50, p_j)
        _check(ak.asarray(x[:, j]), stats.binom(50, p[j]))
    cov = np.cov(x.T)
    want = 50 * (np.diag(p) - np.outer(p, p))
    assert np.abs(cov - want).max() < 0.1 * np.abs(want).max()


@pytest.mark.parametrize("method", ["marginals", "count"])
def test_multivariate_hypergeometric(driver, method) -> None:
    colors, nsample = [12, 30, 8], 20
    x = _np(ak.random.default_rng(82).multivariate_hypergeometric(colors, nsample, ND, method))
    assert (x.sum(axis=1) == nsample).all()
    for j, c in enumerate(colors):  # each count is hypergeometric
        _check(ak.asarray(x[:, j]), stats.hypergeom(sum(colors), c, nsample))


def test_multivariate_normal(driver) -> None:
    mean = np.array([1.0, -1.0, 0.5])
    cov = np.array([[2.0, 0.6, 0.1], [0.6, 1.0, -0.3], [0.1, -0.3, 0.5]])
    for method in ("svd", "eigh", "cholesky"):
        x = _np(ak.random.default_rng(83).multivariate_normal(mean, cov, ND, method=method))
        assert x.shape == (ND, 3)
        white = (x - mean) @ np.linalg.inv(np.linalg.cholesky(cov)).T  # standard normals
        for j in range(3):
            assert stats.kstest(white[:, j], "norm").pvalue > P_MIN, method
        assert np.abs(np.cov(x.T) - cov).max() < 0.06
        assert np.abs(x.mean(axis=0) - mean).max() < 6 * np.sqrt(2.0 / ND)


def test_dirichlet(driver) -> None:
    alpha = np.array([0.3, 2.0, 5.0])
    x = _np(ak.random.default_rng(84).dirichlet(alpha, ND))
    np.testing.assert_allclose(x.sum(axis=1), 1.0, rtol=1e-12)
    a0 = alpha.sum()
    for j, a in enumerate(alpha):  # each part is beta(a_j, a0 - a_j)
        dist = stats.beta(a, a0 - a)
        assert stats.kstest(x[:, j], dist.cdf).pvalue > P_MIN
        assert abs(x[:, j].mean() - dist.mean()) < 6 * dist.std() / np.sqrt(ND)


def test_permuted_is_uniform(driver) -> None:
    x = ak.reshape(ak.asarray(np.tile(np.arange(5), ND // 5)), (ND // 5, 5))
    pos = np.argmax(_np(ak.random.default_rng(85).permuted(x, axis=1)) == 0, axis=1)
    assert stats.chisquare(np.bincount(pos, minlength=5)).pvalue > P_MIN
