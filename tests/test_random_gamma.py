"""The gamma family (``standard_gamma``, ``gamma``, ``chisquare``, ``beta``,
``standard_t``) on every driver: the algorithm of ``arraykit/random/_gamma.py``
re-implemented in NumPy on a twin generator's normals and uniforms, the words a draw
takes (fixed by its size), statistics against SciPy (Kolmogorov-Smirnov and moments at
fixed seeds), NumPy's errors, and draws under ak.jit / ak.vmap."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import arraykit as ak
from arraykit.random import _gamma

N = 100_000
P_MIN = 1e-3


def _twins(seed: int) -> tuple[ak.random.Generator, ak.random.Generator]:
    return ak.random.default_rng(seed), ak.random.default_rng(seed)


def _reference(twin: ak.random.Generator, a: np.ndarray, dtype: str) -> np.ndarray:
    """Marsaglia-Tsang (ACM TOMS 2000) in fixed rounds, in NumPy, on the twin's draws."""
    n = a.size
    small = a < 1
    d = np.where(small, a + 1, a) - 1 / 3
    c = 1 / np.sqrt(9 * d)
    value, done = np.zeros(n), np.zeros(n, bool)
    for m in _gamma.round_sizes(n):
        waiting = np.flatnonzero(~done)[:m]  # the first m values without a candidate
        x = np.asarray(twin.standard_normal(m, dtype=dtype)).astype(np.float64)
        u = np.asarray(twin.random(m, dtype=dtype)).astype(np.float64)
        k = waiting.size
        dj, cj, x, u = d[waiting], c[waiting], x[:k], u[:k]
        v = (1 + cj * x) ** 3
        with np.errstate(invalid="ignore", divide="ignore"):
            ok = (v > 0) & (np.log1p(-u) < 0.5 * x * x + dj - dj * v + dj * np.log(v))
        value[waiting[ok]] = (dj * v)[ok]
        done[waiting[ok]] = True
    assert done.all()
    b = np.asarray(twin.random(n, dtype=dtype)).astype(np.float64)
    with np.errstate(divide="ignore"):
        return np.where(small, value * (1 - b) ** (1 / np.where(small, a, 1)), value)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_standard_gamma_is_the_documented_algorithm(driver, dtype) -> None:
    a = np.resize([0.3, 1.0, 2.5, 7.0, 50.0, 0.05], 3000)
    g, twin = _twins(31)
    got = np.asarray(g.standard_gamma(a, dtype=dtype))
    assert got.dtype == np.dtype(dtype) and got.shape == a.shape
    want = _reference(twin, a, dtype)
    tol = 1e-12 if dtype == "float64" else 2e-5  # the drivers' log/cos: a few ulps
    tiny = float(np.finfo(dtype).tiny)  # below it: subnormal, flushed by XLA
    np.testing.assert_allclose(got, want, rtol=tol, atol=tiny)
    # the same number of words whatever was accepted: the twin is where g is
    np.testing.assert_array_equal(np.asarray(g.random(4)), np.asarray(twin.random(4)))


def test_words_taken_depend_on_size_only(driver) -> None:
    for a in (0.5, 1.0, 40.0):
        g, twin = _twins(32)
        g.standard_gamma(a, size=257)
        for m in _gamma.round_sizes(257):
            twin.standard_normal(m)
            twin.random(m)
        twin.random(257)
        assert g.bit_generator.state["state"]["counter"].tolist() == (
            twin.bit_generator.state["state"]["counter"].tolist()
        )


def test_no_candidate_accepted_is_an_error(driver, monkeypatch) -> None:
    monkeypatch.setattr(_gamma, "ROUNDS", 1)  # about 5% of the values find none
    with pytest.raises(RuntimeError, match="no candidate accepted"):
        ak.random.default_rng(0).standard_gamma(1.0, size=1009)  # a size traced only here
    if driver.capabilities.jit:  # inside a transform: NaN, never a wrong number
        out = ak.jit(lambda rng: rng.standard_gamma(1.0, size=1013))(ak.random.default_rng(0))
        x = np.asarray(out)
        assert np.isnan(x).any() and (x[~np.isnan(x)] > 0).all()


@pytest.mark.parametrize("a", [0.3, 1.0, 2.5, 50.0])
def test_standard_gamma_statistics(driver, a) -> None:
    x = np.asarray(ak.random.default_rng(33).standard_gamma(a, N))
    assert x.min() >= 0
    assert stats.kstest(x, stats.gamma(a).cdf).pvalue > P_MIN
    assert abs(x.mean() - a) < 5 * np.sqrt(a / N)
    assert abs(x.var() / a - 1) < 0.05
    y = np.asarray(ak.random.default_rng(34).standard_gamma(a, N, dtype=ak.float32))
    assert y.dtype == np.float32
    assert stats.kstest(y.astype(np.float64), stats.gamma(a).cdf).pvalue > P_MIN


def test_family_statistics(driver) -> None:
    g = ak.random.default_rng(35)
    cases = [
        (g.gamma(2.0, 3.0, N), stats.gamma(2.0, scale=3.0)),
        (g.chisquare(4.0, N), stats.chi2(4.0)),
        (g.chisquare(0.5, N), stats.chi2(0.5)),
        (g.beta(0.5, 2.0, N), stats.beta(0.5, 2.0)),
        (g.beta(2.0, 5.0, N), stats.beta(2.0, 5.0)),
        (g.beta(0.2, 0.3, N), stats.beta(0.2, 0.3)),
        (g.standard_t(3.0, N), stats.t(3.0)),
        (g.standard_t(30.0, N), stats.t(30.0)),
    ]
    for got, dist in cases:
        x = np.asarray(got)
        assert x.dtype == np.float64 and x.shape == (N,)
        assert stats.kstest(x, dist.cdf).pvalue > P_MIN, dist.dist.name
        sd = dist.std()
        assert abs(x.mean() - dist.mean()) < 6 * sd / np.sqrt(N), dist.dist.name


def test_array_parameters_broadcast(driver) -> None:
    g = ak.random.default_rng(36)
    x = np.asarray(g.gamma([0.5, 4.0], [[1.0], [2.0]], size=(N // 4, 2, 2)))
    assert x.shape == (N // 4, 2, 2)
    for i, scale in enumerate((1.0, 2.0)):
        for j, shape in enumerate((0.5, 4.0)):
            cdf = stats.gamma(shape, scale=scale).cdf
            assert stats.kstest(x[:, i, j], cdf).pvalue > P_MIN
    assert g.standard_gamma([0.5, 2.0]).shape == (2,)
    assert g.beta(ak.asarray([0.5, 1.0]), 2.0).shape == (2,)


def test_tiny_and_zero_shapes(driver) -> None:
    g = ak.random.default_rng(37)
    b = np.asarray(g.beta(1e-3, 1e-3, 10_000))
    assert not np.isnan(b).any() and b.min() >= 0 and b.max() <= 1
    assert 0.4 < (b > 0.5).mean() < 0.6  # symmetric: half near 0, half near 1
    z = np.asarray(g.standard_gamma([0.0, 0.0], size=(5, 2)))
    assert (z == 0).all()


BAD = [
    lambda g: g.standard_gamma(-1.0, 3),
    lambda g: g.standard_gamma([1.0, -1.0]),
    lambda g: g.gamma(1.0, -1.0, 3),
    lambda g: g.chisquare(0.0, 3),
    lambda g: g.beta(0.0, 1.0, 3),
    lambda g: g.beta(1.0, -1.0, 3),
    lambda g: g.standard_t(0.0, 3),
    lambda g: g.gamma([1.0, 2.0], 1.0, size=3),
    lambda g: g.standard_gamma(1.0, 3, dtype="int32"),
]


@pytest.mark.parametrize("call", BAD)
def test_bad_arguments_raise_numpys_errors(driver, call) -> None:
    try:
        call(np.random.default_rng(0))
    except Exception as exc:
        expected = type(exc)
    else:
        raise AssertionError("NumPy accepted it")
    with pytest.raises(expected) as info:
        call(ak.random.default_rng(0))
    fn = str(info.value).split(":")[0]
    assert fn in {"standard_gamma", "gamma", "chisquare", "beta", "standard_t"}


def test_jit_and_vmap_draw_as_eagerly(driver) -> None:
    shape = ak.asarray([0.4, 1.0, 3.0, 20.0])
    g, twin = _twins(38)
    jf = ak.jit(lambda rng, a: (rng.standard_gamma(a, size=(50, 4)), rng.beta(a, 2.0)))
    for _ in range(2):
        got, want = jf(g, shape), (twin.standard_gamma(shape, (50, 4)), twin.beta(shape, 2.0))
        for x, y in zip(got, want, strict=True):
            np.testing.assert_allclose(np.asarray(x), np.asarray(y), rtol=1e-12)
    rows = ak.reshape(ak.arange(6, dtype=ak.float64), (3, 2))
    vf = ak.vmap(lambda row, rng: row * rng.standard_gamma(2.0, size=2))
    np.testing.assert_allclose(
        np.asarray(vf(rows, g)), np.asarray(rows) * np.asarray(twin.standard_gamma(2.0, 2))
    )
