"""ak.random's discrete and multivariate draws against their exact distributions (SciPy) on
every driver, at fixed seeds (p-value threshold 1e-3): discrete draws by a chi-square test
over their values (bins of expected count below 5 merged) and their mean and variance
within 6 standard errors; multivariate ones through their marginals (binomial,
hypergeometric, beta) and moments.  One size ``ND`` for every draw (values or rows): one
compiled program per sampler on the drivers that compile."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import arraykit as ak

P_MIN = 1e-3


def _np(x: ak.Array) -> np.ndarray:
    return np.asarray(x)


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
