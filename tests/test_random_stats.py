"""ak.random's statistics on every driver: moments and Kolmogorov-Smirnov tests against
the exact distributions (SciPy), range and bias of integers (up to the full 64-bit
ranges), choice and permutation properties, independence of seeds and spawned children.
Fixed seeds: each test is deterministic; p-value threshold 1e-3."""

from __future__ import annotations

import zlib

import numpy as np
import pytest
from scipy import special, stats

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
    # position of element 0 over many permutations of 5: uniform (a computed graph per
    # permutation on a lazy driver: 113 s of Dask's CI time for 500)
    pos = [
        int(np.argmax(_np(g.permutation(5)) == 0))
        for _ in range(150 if driver.capabilities.lazy else 500)
    ]
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
    # one Python int per draw: a stack of draws is one huge graph on a lazy driver, where
    # each draw is a computed graph (Dask: 2000 took 465 s of CI's time at load 4; 400
    # still tell p from uniform: expected counts 20 to 160)
    n = 400 if driver.capabilities.lazy else 2000
    first = np.array([int(g.choice(5, 2, replace=False, p=p)[0]) for _ in range(n)])
    # the first pick of a sequential draw without replacement follows p
    assert stats.chisquare(np.bincount(first, minlength=5), n * p).pvalue > P_MIN


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


# ---------------------------------------------------------------- continuous distributions
# (issue 26, branch random-cont) Every continuous method at a fixed seed: Kolmogorov-Smirnov
# against SciPy's distribution, and the mean (and variance where the fourth moment is
# finite) within a few standard errors; one size N for every draw (compiled once per size).
def _gamma_sg(a: float, dtype: str) -> tuple:
    return (lambda g: g.standard_gamma(a, N, dtype=dtype), stats.gamma(a))


CONTINUOUS = {
    "standard_gamma 0.3": _gamma_sg(0.3, "float64"),
    "standard_gamma 1": _gamma_sg(1.0, "float64"),
    "standard_gamma 2.5": _gamma_sg(2.5, "float64"),
    "standard_gamma 50": _gamma_sg(50.0, "float64"),
    "standard_gamma 0.3 f32": _gamma_sg(0.3, "float32"),
    "standard_gamma 2.5 f32": _gamma_sg(2.5, "float32"),
    "gamma": (lambda g: g.gamma(2.0, 3.0, N), stats.gamma(2.0, scale=3.0)),
    "chisquare 4": (lambda g: g.chisquare(4.0, N), stats.chi2(4.0)),
    "chisquare 0.5": (lambda g: g.chisquare(0.5, N), stats.chi2(0.5)),
    "beta 0.5 2": (lambda g: g.beta(0.5, 2.0, N), stats.beta(0.5, 2.0)),
    "beta 2 5": (lambda g: g.beta(2.0, 5.0, N), stats.beta(2.0, 5.0)),
    "beta 0.2 0.3": (lambda g: g.beta(0.2, 0.3, N), stats.beta(0.2, 0.3)),
    "standard_t 3": (lambda g: g.standard_t(3.0, N), stats.t(3.0)),
    "standard_t 30": (lambda g: g.standard_t(30.0, N), stats.t(30.0)),
    "f 3 12": (lambda g: g.f(3.0, 12.0, N), stats.f(3.0, 12.0)),
    "f 0.5 1.5": (lambda g: g.f(0.5, 1.5, N), stats.f(0.5, 1.5)),
    "noncentral_chisquare 3 2": (
        lambda g: g.noncentral_chisquare(3.0, 2.0, N),
        stats.ncx2(3.0, 2.0),
    ),
    "noncentral_chisquare 1 5": (
        lambda g: g.noncentral_chisquare(1.0, 5.0, N),
        stats.ncx2(1.0, 5.0),
    ),
    "noncentral_f 3 12 2": (lambda g: g.noncentral_f(3.0, 12.0, 2.0, N), stats.ncf(3, 12, 2)),
    # df < 1, nonc > 0: NumPy's Poisson mixture (a Poisson count of mean nonc / 2 in each)
    "noncentral_chisquare 0.5 1": (
        lambda g: g.noncentral_chisquare(0.5, 1.0, N),
        stats.ncx2(0.5, 1.0),
    ),
    "noncentral_chisquare 0.2 60": (
        lambda g: g.noncentral_chisquare(0.2, 60.0, N),  # counts by PTRS (mean 30)
        stats.ncx2(0.2, 60.0),
    ),
    "noncentral_f 0.5 12 3": (lambda g: g.noncentral_f(0.5, 12.0, 3.0, N), stats.ncf(0.5, 12, 3)),
    "standard_exponential": (lambda g: g.standard_exponential(N), stats.expon()),
    "standard_exponential f32": (
        lambda g: g.standard_exponential(N, dtype="float32"),
        stats.expon(),
    ),
    "gumbel": (lambda g: g.gumbel(1.0, 2.0, N), stats.gumbel_r(1.0, 2.0)),
    "laplace": (lambda g: g.laplace(1.0, 2.0, N), stats.laplace(1.0, 2.0)),
    "logistic": (lambda g: g.logistic(1.0, 2.0, N), stats.logistic(1.0, 2.0)),
    "pareto": (lambda g: g.pareto(5.0, N), stats.lomax(5.0)),
    "pareto 0.5": (lambda g: g.pareto(0.5, N), stats.lomax(0.5)),
    "power": (lambda g: g.power(3.0, N), stats.powerlaw(3.0)),
    "power 0.2": (lambda g: g.power(0.2, N), stats.powerlaw(0.2)),
    "weibull": (lambda g: g.weibull(1.5, N), stats.weibull_min(1.5)),
    "rayleigh": (lambda g: g.rayleigh(2.0, N), stats.rayleigh(scale=2.0)),
    "standard_cauchy": (lambda g: g.standard_cauchy(N), stats.cauchy()),
    "triangular": (lambda g: g.triangular(0.0, 1.0, 3.0, N), stats.triang(1 / 3, 0.0, 3.0)),
    "wald": (lambda g: g.wald(2.0, 3.0, N), stats.invgauss(2.0 / 3.0, scale=3.0)),
    "wald 50 0.5": (lambda g: g.wald(50.0, 0.5, N), stats.invgauss(100.0, scale=0.5)),
}


@pytest.mark.parametrize("name", list(CONTINUOUS))
def test_continuous(driver, name) -> None:
    draw, dist = CONTINUOUS[name]
    x = _np(draw(ak.random.default_rng(zlib.crc32(name.encode()))))  # a seed per case
    assert x.shape == (N,) and x.dtype == (np.float32 if "f32" in name else np.float64)
    x = x.astype(np.float64)
    lo, hi = dist.support()
    assert lo <= x.min() and x.max() <= hi, (x.min(), x.max())
    assert stats.kstest(x, dist.cdf).pvalue > P_MIN
    mean, var = dist.stats("mv")
    if np.isfinite(var):  # the mean within 6 standard errors
        assert abs(x.mean() - mean) < 6 * np.sqrt(var / N), (x.mean(), mean)
        if np.isfinite(dist.moment(4)):  # the variance within 6 of its standard errors
            se = np.sqrt((dist.moment(4) - 4 * mean * dist.moment(3) + 6 * mean**2 *
                          dist.moment(2) - 3 * mean**4 - var**2) / N)  # fmt: skip
            assert abs(x.var() - var) < 6 * se, (x.var(), var)
    else:  # quartiles within 6 standard errors (1 / (2 sqrt(N) density))
        for q in (0.25, 0.5, 0.75):
            se = np.sqrt(q * (1 - q) / N) / dist.pdf(dist.ppf(q))
            assert abs(np.quantile(x, q) - dist.ppf(q)) < 6 * se


@pytest.mark.parametrize("mu,kappa", [(1.0, 2.0), (-2.0, 0.1), (3.0, 100.0), (0.5, 2e6)])
def test_vonmises(driver, mu, kappa) -> None:
    """On the circle: the angle from ``mu`` (wrapped) against SciPy's von Mises, and the
    mean resultant length against ``I1(kappa) / I0(kappa)``."""
    x = _np(ak.random.default_rng(23).vonmises(mu, kappa, N))
    assert np.abs(x).max() <= np.pi
    d = np.angle(np.exp(1j * (x - mu)))
    assert stats.kstest(d, stats.vonmises(kappa).cdf).pvalue > P_MIN
    r = np.abs(np.mean(np.exp(1j * d)))
    want = special.ive(1, kappa) / special.ive(0, kappa)
    assert abs(r - want) < 6 * np.sqrt((1 - want**2) / N)  # sd of cos d below 1
