"""ak.random's continuous distributions besides the gamma family
(``tests/test_random_gamma.py``), on every driver: each is its documented algorithm,
checked against NumPy formulas (float64) on a twin generator's uniforms and normals (or,
for ``standard_cauchy``, against its exact CDF); NumPy's errors for bad parameters and its
values for NaN and infinite ones; broadcasting; ``out=`` and ``dtype=`` as NumPy's; von
Mises' accept/reject decisions the NumPy driver's, candidate for candidate; the ends of the
uniforms; draws under ``ak.jit`` and ``ak.vmap``.  Statistics: tests/test_random_stats.py."""

from __future__ import annotations

from decimal import Decimal, localcontext

import numpy as np
import pytest

import arraykit as ak
from arraykit.random import _vonmises

N = 4096  # one size for every draw here: TF and JAX compile per size
F64 = np.float64


def _twins(seed: int) -> tuple[ak.random.Generator, ak.random.Generator]:
    return ak.random.default_rng(seed), ak.random.default_rng(seed)


def _u(twin: ak.random.Generator, dtype: str = "float64") -> np.ndarray:
    return np.asarray(twin.random(N, dtype=dtype))


def _open(u: np.ndarray, bits: int = 52) -> np.ndarray:
    """NumPy's twin of the documented ``w``: ``u`` with its last bit set."""
    return np.floor(u * 2.0**bits) * 2.0**-bits + 2.0 ** -(bits + 1)


def _exp(u: np.ndarray) -> np.ndarray:
    return -np.log1p(-u)


def _logit(w: np.ndarray) -> np.ndarray:
    return np.log(w / (1 - w))  # NumPy's form: the same values to 1e-15 absolute


def _laplace(w: np.ndarray, loc: float = -1.0, scale: float = 3.0) -> np.ndarray:
    """The inverse CDF, written as ``loc - scale sign(w - 1/2) log(1 - |2 w - 1|)``."""
    return loc - scale * np.sign(w - 0.5) * np.log1p(-np.abs(2 * w - 1))


def _wald(z: np.ndarray, u: np.ndarray, mean: float, scale: float) -> np.ndarray:
    """NumPy's C code (random_wald), vectorised."""
    y = mean * z * z
    x = mean + mean / (2 * scale) * (y - np.sqrt(4 * scale * y + y * y))
    return np.where(u <= mean / (mean + x), x, mean * mean / x)


# name: (draw from g, reference from the twin's uniforms, exact)
FORMULAS = {
    "standard_exponential": (lambda g: g.standard_exponential(N), lambda t: _exp(_u(t)), False),
    "standard_exponential f32": (
        lambda g: g.standard_exponential(N, dtype="float32"),
        lambda t: _exp(_u(t, "float32").astype(F64)).astype(np.float32),
        False,
    ),
    "gumbel": (
        lambda g: g.gumbel(1.5, 2.0, N),
        lambda t: 1.5 - 2.0 * np.log(-np.log1p(-_open(_u(t)))),
        False,
    ),
    "laplace": (lambda g: g.laplace(-1.0, 3.0, N), lambda t: _laplace(_open(_u(t))), False),
    "logistic": (
        lambda g: g.logistic(0.5, 2.0, N),
        lambda t: 0.5 + 2.0 * _logit(_open(_u(t))),
        False,
    ),
    "pareto": (lambda g: g.pareto(3.0, N), lambda t: np.expm1(_exp(_u(t)) / 3.0), False),
    "power": (lambda g: g.power(0.7, N), lambda t: (1 - _u(t)) ** (1 / 0.7), False),
    "weibull": (lambda g: g.weibull(1.5, N), lambda t: _exp(_u(t)) ** (1 / 1.5), False),
    "rayleigh": (lambda g: g.rayleigh(2.0, N), lambda t: 2.0 * np.sqrt(2 * _exp(_u(t))), False),
    "triangular": (
        lambda g: g.triangular(-1.0, 0.5, 3.0, N),
        lambda t: _triangular(_u(t), -1.0, 0.5, 3.0),
        True,
    ),
    "wald": (
        lambda g: g.wald(2.0, 3.0, N),
        lambda t: _wald(np.asarray(t.standard_normal(N)), _u(t), 2.0, 3.0),
        False,
    ),
}


def _triangular(u: np.ndarray, left: float, mode: float, right: float) -> np.ndarray:
    """NumPy's C code (random_triangular), vectorised."""
    base, left_base = right - left, mode - left
    ratio, left_prod, right_prod = left_base / base, left_base * base, (right - mode) * base
    return np.where(
        u <= ratio, left + np.sqrt(u * left_prod), right - np.sqrt((1.0 - u) * right_prod)
    )


@pytest.mark.parametrize("name", list(FORMULAS))
def test_each_is_the_documented_algorithm(driver, name) -> None:
    draw, reference, exact = FORMULAS[name]
    g, twin = _twins(41)
    got = np.asarray(draw(g))
    want = reference(twin)
    assert got.dtype == want.dtype and got.shape == (N,)
    if exact:  # only exactly rounded operations: NumPy's bits
        np.testing.assert_array_equal(got, want)
    else:  # the drivers' log, exp, sqrt: a few ulps
        tol = 1e-12 if got.dtype == F64 else 2e-6
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)
    # every draw takes whole draws of its size: the twin is where g is
    np.testing.assert_array_equal(np.asarray(g.random(3)), np.asarray(twin.random(3)))


def test_wald_without_numpys_cancellation(driver) -> None:
    """Where ``mean z**2 / scale`` is large NumPy's ``y - sqrt(4 scale y + y**2)``
    cancels (0.3% off at mean 1000, scale 0.001); the rewritten form is within a few ulps
    of the exact value (50 digits) of NumPy's formula on the same ``z``."""
    mean, scale = 1000.0, 1e-3
    g, twin = _twins(49)
    x = np.asarray(g.wald(mean, scale, N))
    z, u = np.asarray(twin.standard_normal(N)), _u(twin)
    exact = []
    with localcontext() as ctx:
        ctx.prec = 50
        m, s = Decimal(mean), Decimal(scale)  # the doubles' exact values
        for zi in z[:500].tolist():
            y = m * Decimal(zi) * Decimal(zi)
            exact.append(float(m + m / (2 * s) * (y - (4 * s * y + y * y).sqrt())))
    exact = np.array(exact)
    exact = np.where(u[:500] <= mean / (mean + exact), exact, mean * (mean / exact))
    np.testing.assert_allclose(x[:500], exact, rtol=1e-13)
    with np.errstate(all="ignore"):
        numpy_form = _wald(z[:500], u[:500], mean, scale)
    assert np.nanmax(np.abs(numpy_form / exact - 1)) > 1e-6  # what the rewriting avoids


def test_standard_cauchy_is_its_inverse_cdf(driver) -> None:
    """``F(x) = 1/2 + atan(x) / pi`` of each value is its ``w`` to an ulp, in both tails
    (where ``tan(pi (w - 1/2))`` evaluated directly is off by 1e-8 relative)."""
    g, twin = _twins(42)
    x = np.asarray(g.standard_cauchy(N))
    w = _open(_u(twin))
    tail = np.arctan(1 / np.abs(x)) / np.pi  # min(F(x), 1 - F(x)), without cancellation
    np.testing.assert_allclose(tail, np.minimum(w, 1 - w), rtol=1e-13)
    assert ((x < 0) == (w < 0.5)).all()


def test_ends_of_the_uniforms_stay_finite(driver, monkeypatch) -> None:
    """``u = 0`` and the largest ``u < 1`` (each drawn once in 2**53 float64 values, 2**24
    float32 ones): NumPy's formulas on them are infinite; the documented ``w`` is not."""
    ends = np.array([0.0, 1 - 2.0**-53])
    g = ak.random.default_rng(0)
    monkeypatch.setattr(g, "random", lambda shape, dtype=None, device=None: ak.asarray(ends))
    w = np.asarray([2.0**-53, 1 - 2.0**-53])
    np.testing.assert_array_equal(_open(ends), w)
    with np.errstate(divide="ignore"):
        assert np.isinf(np.log(-np.log1p(-ends[0])))  # gumbel's formula on u itself
        assert np.isinf(_logit(ends)[0])  # logistic's
    for x in (g.gumbel(0.0, 1.0, 2), g.logistic(0.0, 1.0, 2), g.laplace(0.0, 1.0, 2),
              g.standard_cauchy(2)):  # fmt: skip
        x = np.asarray(x)
        assert np.isfinite(x).all() and x[0] != x[1]
    np.testing.assert_allclose(np.asarray(g.logistic(0.0, 1.0, 2)), _logit(w), rtol=1e-15)
    ends32 = np.array([0.0, 1 - 2.0**-24], np.float32)
    np.testing.assert_array_equal(_open(ends32, 23), [2.0**-24, 1 - 2.0**-24])


BAD = [
    lambda g: g.gumbel(0.0, -1.0, 3),
    lambda g: g.laplace(0.0, [1.0, -1.0]),
    lambda g: g.logistic(0.0, -1.0),
    lambda g: g.pareto(0.0, 3),
    lambda g: g.power([1.0, 0.0]),
    lambda g: g.weibull(-1.0),
    lambda g: g.rayleigh(-1.0),
    lambda g: g.triangular(2.0, 1.0, 3.0),
    lambda g: g.triangular(0.0, 4.0, 3.0),
    lambda g: g.triangular(1.0, 1.0, 1.0),
    lambda g: g.triangular([0.0, 2.0], 1.5, 3.0),
    lambda g: g.vonmises(0.0, -1.0),
    lambda g: g.wald(0.0, 1.0),
    lambda g: g.wald(1.0, [1.0, 0.0]),
    lambda g: g.f(0.0, 1.0),
    lambda g: g.f(1.0, -1.0),
    lambda g: g.noncentral_chisquare(0.0, 1.0),
    lambda g: g.noncentral_chisquare(2.0, -1.0),
    lambda g: g.noncentral_f(0.0, 1.0, 1.0),
    lambda g: g.noncentral_f(1.0, 0.0, 1.0),
    lambda g: g.noncentral_f(1.0, 1.0, -1.0),
    lambda g: g.gumbel([0.0, 1.0], 1.0, size=3),
    lambda g: g.standard_exponential(3, dtype="int32"),
    lambda g: g.standard_cauchy(-1),
]


@pytest.mark.parametrize("call", BAD)
def test_bad_parameters_raise_numpys_errors(driver, call) -> None:
    try:
        call(np.random.default_rng(0))
    except Exception as exc:
        expected, message = type(exc), str(exc)
    else:
        raise AssertionError("NumPy accepted it")
    with pytest.raises(expected) as info:
        call(ak.random.default_rng(0))
    if expected is ValueError and "shape" not in message and "negative" not in message:
        assert str(info.value).endswith(": " + message)  # "gumbel: scale < 0"


EDGES = [
    lambda g: g.gumbel(0.0, 0.0, 2),
    lambda g: g.gumbel(np.nan, 1.0, 2),
    lambda g: g.laplace(0.0, np.nan, 2),
    lambda g: g.logistic(np.inf, 1.0, 2),
    lambda g: g.pareto(np.inf, 2),
    lambda g: g.pareto(np.nan, 2),
    lambda g: g.power(np.inf, 2),
    lambda g: g.weibull(0.0, 2),
    lambda g: g.weibull(np.inf, 2),
    lambda g: g.rayleigh(0.0, 2),
    lambda g: g.triangular(0.0, np.nan, 1.0, 2),
    lambda g: g.wald(np.nan, 1.0, 2),
    lambda g: g.wald(1.0, np.inf, 2),
    lambda g: g.vonmises(0.0, np.inf, 2),
    lambda g: g.vonmises(np.nan, 1.0, 2),
    lambda g: g.vonmises(0.0, np.nan, 2),
    lambda g: g.f(np.nan, 1.0, 2),
    lambda g: g.noncentral_chisquare(2.0, np.nan, 2),
    lambda g: g.noncentral_chisquare(0.5, np.nan, 2),
    lambda g: g.noncentral_chisquare([0.5, 2.0], [np.nan, 1.0]),
    lambda g: g.noncentral_chisquare(np.inf, 1.0, 2),
    lambda g: g.standard_gamma([np.nan, np.inf, 0.0]),
    lambda g: g.chisquare(np.inf, 2),
    lambda g: g.beta(np.nan, 1.0, 2),
]


@pytest.mark.parametrize("call", EDGES)
def test_nan_and_infinite_parameters_as_numpy(driver, call) -> None:
    """Where NumPy's value does not depend on the draw, the same value; NaN where NumPy's
    is NaN."""
    want = np.asarray(call(np.random.default_rng(0)))
    got = np.asarray(call(ak.random.default_rng(0)))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    fixed = np.isinf(want) | (want == np.asarray(call(np.random.default_rng(1))))
    np.testing.assert_array_equal(got[fixed], want[fixed])


def test_array_parameters_broadcast_as_numpy(driver) -> None:
    g = ak.random.default_rng(43)
    cases = [
        lambda r: r.gumbel([0.0, 1.0], [[1.0], [2.0]]),
        lambda r: r.laplace(0.0, [1.0, 2.0], size=(3, 2)),
        lambda r: r.pareto([[1.0, 2.0, 3.0]], size=(2, 3)),
        lambda r: r.triangular([0.0, -1.0], 0.0, [[1.0], [2.0], [3.0]]),
        lambda r: r.wald([1.0, 2.0], 1.0, size=(4, 2)),
        lambda r: r.vonmises([[0.0], [1.0]], [0.5, 2.0, 9.0]),
        lambda r: r.f([1.0, 2.0], [[3.0], [4.0]]),
        lambda r: r.noncentral_chisquare([1.0, 3.0], [[0.0], [2.0]]),
        lambda r: r.noncentral_f(2.0, [3.0, 4.0], 1.0, size=(2, 2)),
        lambda r: r.weibull(np.array([0.5, 1.0])),
    ]
    for case in cases:
        want = case(np.random.default_rng(0))
        got = case(g)
        assert got.shape == want.shape and got.dtype == want.dtype
    a = ak.asarray([1.0, 2.0])  # arraykit arrays as parameters
    assert g.rayleigh(a, size=(5, 2)).shape == (5, 2)


OUT = [
    ("random", lambda g, **kw: g.random(**kw)),
    ("standard_normal", lambda g, **kw: g.standard_normal(**kw)),
    ("standard_exponential", lambda g, **kw: g.standard_exponential(**kw)),
    ("standard_gamma", lambda g, **kw: g.standard_gamma(2.5, **kw)),
]


@pytest.mark.parametrize("name,draw", OUT)
def test_out_and_dtype_as_numpy(driver, name, draw) -> None:
    for dtype in ("float64", "float32"):
        g, twin = _twins(45)
        out = ak.zeros((N // 4, 4), dtype=dtype)
        back = draw(g, dtype=dtype, out=out)
        assert back is out and out.dtype == np.dtype(dtype) and out.shape == (N // 4, 4)
        want = np.asarray(draw(twin, dtype=dtype, size=(N // 4, 4)))
        np.testing.assert_array_equal(np.asarray(out), want)
        view = ak.zeros(2 * N, dtype=dtype)
        draw(g, dtype=dtype, out=view[::2])  # arraykit views are written through
        np.testing.assert_array_equal(np.asarray(view)[1::2], 0)
        assert (np.asarray(view)[::2] != 0).any()
    errors = [  # NumPy's out, arraykit's out
        (dict(out=np.zeros(3, np.float32)), dict(out=ak.zeros(3, dtype=ak.float32)), TypeError),
        (dict(out=np.zeros(3, np.int64)), dict(out=ak.zeros(3, dtype=ak.int64)), TypeError),
        (dict(out=np.zeros(3), size=4), dict(out=ak.zeros(3), size=4), ValueError),
        (dict(out=np.zeros(3), dtype="i4"), dict(out=ak.zeros(3), dtype="i4"), TypeError),
    ]
    for numpy_kw, kw, error in errors:
        with pytest.raises(error):
            draw(np.random.default_rng(0), **numpy_kw)
        with pytest.raises(error):
            draw(ak.random.default_rng(0), **kw)
    with pytest.raises(ValueError):
        draw(ak.random.default_rng(0), out=[0.0, 0.0])
    assert draw(ak.random.default_rng(0), out=ak.zeros(3), size=3).shape == (3,)


def test_vonmises_decisions_are_the_numpy_drivers(driver) -> None:
    """The number of the candidate each value accepts, bit for bit: the same accept and
    reject decisions on every driver (a decision that differed would also change the
    value far beyond the ulp bounds of ``tests/random_draws.py``)."""
    kappa = np.resize([1e-9, 3e-6, 0.1, 0.7, 2.0, 9.0, 300.0, 2e6], N)
    mu = np.resize([0.0, 1.0, -3.0], N)
    sample = ak.jit(_vonmises._sample, static_argnums=3)
    got, ok = sample(ak.random.default_rng(46), ak.asarray(mu), ak.asarray(kappa), True)
    assert bool(ok)
    with ak.use("numpy"):
        args = ak.random.default_rng(46), ak.asarray(mu), ak.asarray(kappa), True
        want = np.asarray(_vonmises._sample(*args)[0])
    np.testing.assert_array_equal(np.asarray(got), want)
    assert (want >= N).sum() > N // 10  # many values rejected a first candidate


def test_vonmises_is_best_fisher_without_cancellation(driver) -> None:
    """Each value is ``+-acos(W)`` of its accepted candidate's ``U`` (found by ``which``
    among the twin's uniforms), to a few ulps of the angle: against the same angle in long
    double (as ``2 atan(sqrt((s - 1) / (s + 1)) tan(pi U / 2))``, checked against
    ``acos((1 + s Z) / (s + Z))`` where neither cancels).  NumPy's double formulas lose
    the angle's digits near ``W = 1`` (``kappa = 1e5``: 1e-12 absolute on 1e-3)."""
    kappa = np.resize([0.05, 0.7, 2.0, 9.0, 300.0, 1e5], N)
    g, twin = _twins(50)
    got = np.asarray(g.vonmises(0.0, kappa))
    sample = ak.jit(_vonmises._sample, static_argnums=3)
    number = np.asarray(sample(ak.random.default_rng(50), ak.zeros(N), ak.asarray(kappa), True)[0])
    rounds = _vonmises.rounds(N)

    def uniforms(t):
        return [t.random(m * k) for m, k in rounds for _uv in range(2)] + [t.random(N)]

    drawn = [np.asarray(x) for x in ak.jit(uniforms)(twin)]
    u = np.concatenate(drawn[0:-1:2])[number.astype(np.int64)]  # the accepted U's
    ld = np.longdouble
    k = kappa.astype(ld)
    r = 1 + np.sqrt(1 + 4 * k * k)
    rho = (r - np.sqrt(2 * r)) / (2 * k)  # 64 bits: the cancellation costs 9 at most here
    s = (1 + rho * rho) / (2 * rho)
    z = np.cos(np.pi * u.astype(ld))
    want = np.arccos((1 + s * z) / (s + z))
    # near W = 1 long double's 1 - W cancels too (s - 1 = 5e-6 at kappa = 1e5: 2e-14 off):
    # the same angle as 2 atan(sqrt((s - 1) / (s + 1)) tan(pi U / 2)), in long double
    s_minus = (1 - rho) ** 2 / (2 * rho)  # 1 - rho: no cancellation in long double here
    half = 2 * np.arctan(np.sqrt(s_minus / (s_minus + 2)) * np.tan(np.pi * u.astype(ld) / 2))
    wide = np.abs(want) > 0.1  # the two forms agree where neither cancels
    np.testing.assert_allclose(half[wide].astype(np.float64), want[wide].astype(np.float64))
    want = np.where(drawn[-1] < 0.5, -half, half).astype(np.float64)
    np.testing.assert_allclose(got, want, rtol=8 * 2.0**-52, atol=0)
    d = kappa.astype(np.float64)  # NumPy's formulas in double, on the same candidates
    r = 1 + np.sqrt(1 + 4 * d * d)
    rho = (r - np.sqrt(2 * r)) / (2 * d)
    s = (1 + rho * rho) / (2 * rho)
    z = np.cos(np.pi * u)
    numpy_form = np.arccos((1 + s * z) / (s + z))
    far = np.abs(numpy_form - np.abs(want)) / np.abs(want)
    assert far.max() > 1e-12  # what the rewriting avoids


def test_vonmises_wrapped_into_the_circle_for_every_kappa(driver) -> None:
    g = ak.random.default_rng(47)
    x = np.asarray(g.vonmises([10.0, -7.0, 0.5, 100.0], [1.0, 5.0, 1e-9, 1e7], size=(N // 4, 4)))
    assert (np.abs(x) <= np.pi).all()
    # kappa 1e7: mu + z / sqrt(kappa), wrapped into [-pi, pi] (NumPy turns once: 93.7)
    np.testing.assert_allclose(x[:, 3], 100.0 - 32 * np.pi, atol=5 / np.sqrt(1e7))


def test_jit_and_vmap_draw_as_eagerly(driver) -> None:
    def f(rng):
        return (
            rng.gumbel(1.0, 2.0, N),  # the gamma family: tests/test_random_gamma.py
            rng.standard_cauchy(N),  # size N: the eager calls reuse the file's compiled ops
            rng.triangular(0.0, 1.0, 2.0, N),
            rng.wald(1.0, 2.0, N),
            rng.vonmises(0.5, 3.0, N),
            rng.standard_exponential(N, dtype="float32"),
        )

    g, twin = _twins(48)
    jf = ak.jit(f)
    # a compiled function's second call draws the next numbers, as eagerly (drivers that
    # do not compile run f as it is: once is enough, and Dask builds each graph slowly)
    for _ in range(2 if driver.capabilities.jit else 1):
        for x, y in zip(jf(g), f(twin), strict=True):
            np.testing.assert_allclose(np.asarray(x), np.asarray(y), rtol=1e-12, atol=1e-12)
    rows = ak.reshape(ak.arange(6, dtype=ak.float64), (3, 2))
    vf = ak.vmap(lambda row, rng: row + rng.vonmises(0.0, 2.0, size=2))
    np.testing.assert_allclose(
        np.asarray(vf(rows, g)), np.asarray(rows) + np.asarray(twin.vonmises(0.0, 2.0, 2))
    )
