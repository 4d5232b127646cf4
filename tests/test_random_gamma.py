"""The gamma family (``standard_gamma``, ``gamma``, ``chisquare``, ``beta``, ``f``,
``standard_t``, ``noncentral_chisquare``, ``noncentral_f``) on every driver: the algorithm
of ``arraykit/random/_gamma.py`` re-implemented in NumPy on a twin generator's normals and
uniforms, the words a draw takes (fixed by its size), the accept/reject decisions the NumPy
driver's candidate for candidate, NumPy's errors, and draws under ak.jit / ak.vmap.
Statistics: tests/test_random_stats.py."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import arraykit as ak
from arraykit.random import _gamma, _philox, _rejection

N = 4096  # one size for the draws here: TF and JAX compile per size
SHAPES = np.resize([0.3, 1.0, 2.5, 7.0, 50.0, 0.05, 1e3, 1e-3], N)


def _twins(seed: int) -> tuple[ak.random.Generator, ak.random.Generator]:
    return ak.random.default_rng(seed), ak.random.default_rng(seed)


def _twin_draws(twin: ak.random.Generator, n: int, dtype: str) -> list[np.ndarray]:
    """The twin's normals and uniforms of each round, then the last uniforms, as float64
    (drawn in one compiled call: eagerly, JAX would compile every operation per size)."""

    ak_dtype = getattr(ak, dtype)

    def draw(t: ak.random.Generator) -> list[ak.Array]:
        out = []
        for m, k in _gamma.rounds(n):  # Box-Muller normals, not the float64 ziggurat's
            out += [t._box_muller(m * k, ak_dtype, None), t.random(m * k, dtype=dtype)]
        return [*out, t.random(n, dtype=dtype)]

    return [np.asarray(x).astype(np.float64) for x in ak.jit(draw)(twin)]


def _reference(twin: ak.random.Generator, a: np.ndarray, dtype: str) -> np.ndarray:
    """Marsaglia-Tsang (ACM TOMS 2000) in fixed rounds, in NumPy, on the twin's draws."""
    n = a.size
    small = a < 1
    d = np.where(small, a + 1, a) - 1 / 3
    c = 1 / np.sqrt(9 * d)
    value, done = np.zeros(n), np.zeros(n, bool)
    draws = _twin_draws(twin, n, dtype)
    for j, (m, k) in enumerate(_gamma.rounds(n)):
        waiting = np.flatnonzero(~done)[:m]  # the first m values without a candidate
        x, u = draws[2 * j].reshape(m, k), draws[2 * j + 1].reshape(m, k)
        x, u = x[: waiting.size], u[: waiting.size]
        dj, cj = d[waiting, None], c[waiting, None]
        v = (1 + cj * x) ** 3
        with np.errstate(invalid="ignore", divide="ignore"):
            ok = (v > 0) & (np.log1p(-u) < 0.5 * x * x + dj - dj * v + dj * np.log(v))
        got = ok.any(axis=1)
        first = np.argmax(ok, axis=1)  # each value's first accepted candidate
        value[waiting[got]] = (dj * v)[np.arange(waiting.size), first][got]
        done[waiting[got]] = True
    assert done.all()
    b = draws[-1]
    with np.errstate(divide="ignore"):
        return np.where(small, value * (1 - b) ** (1 / np.where(small, a, 1)), value)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_standard_gamma_is_the_documented_algorithm(driver, dtype) -> None:
    g, twin = _twins(31)
    got = np.asarray(g.standard_gamma(SHAPES, dtype=dtype))
    assert got.dtype == np.dtype(dtype) and got.shape == SHAPES.shape
    want = _reference(twin, SHAPES, dtype).astype(dtype)  # float64, rounded once
    tol = 1e-12 if dtype == "float64" else 2e-7  # the drivers' log/cos: a few ulps
    tiny = float(np.finfo(dtype).tiny)  # below it: subnormal, flushed by XLA
    np.testing.assert_allclose(got, want, rtol=tol, atol=tiny)
    # the same number of words whatever was accepted: the twin is where g is
    np.testing.assert_array_equal(np.asarray(g.random(4)), np.asarray(twin.random(4)))


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_decisions_are_the_numpy_drivers(driver, dtype) -> None:
    """The number of the candidate each value accepts, bit for bit: the same accept and
    reject decisions on every driver (float32 draws decide in float64)."""
    sample = ak.jit(_gamma._sample, static_argnums=(2, 3))
    got, _, ok = sample(
        ak.random.default_rng(39),
        ak.asarray(SHAPES),
        ak.float32 if dtype == "float32" else ak.float64,
        True,
    )
    assert bool(ok)
    with ak.use("numpy"):
        args = ak.random.default_rng(39), ak.asarray(SHAPES), getattr(ak, dtype), True
        want = np.asarray(_gamma._sample(*args)[0])
    np.testing.assert_array_equal(np.asarray(got), want)
    assert (want >= N).sum() > N // 100  # some values rejected their first candidate


def test_words_taken_depend_on_size_only(driver) -> None:
    """The counter moves by the blocks of the documented draws, whatever was accepted:
    per round a normal draw (``2 ceil(mk / 2)`` uniforms of two words) and a uniform one
    (two words each), then ``n`` uniforms."""
    n = 257
    words = [
        4 * -(-2 * 2 * -(-m * k // 2) // 4) + 4 * -(-2 * m * k // 4) for m, k in _gamma.rounds(n)
    ]
    blocks = (sum(words) + 4 * -(-2 * n // 4)) // 4
    for a in (0.5, 1.0, 40.0):
        g = ak.random.default_rng(32)
        g.standard_gamma(a, size=n)
        assert g.bit_generator.state["state"]["counter"].tolist() == [blocks, 0, 0, 0]


def test_a_rounds_draws_take_one_philox_call_where_the_driver_compiles(driver, monkeypatch):
    """JAX and TF compile a kernel per Philox call (XLA compiled 16 of them in 8 s), so a
    rejection sampler's uniforms and normals of a round come from one call for the words,
    though those drivers map floats natively too; the NumPy driver, which compiles
    nothing, maps each draw natively."""
    calls: list[str] = []
    for name in ("words", "uniform"):
        real = getattr(_philox, name)

        def counted(*args: object, name: str = name, real: Any = real) -> Any:
            out = real(*args)
            if out is not None:  # a driver's native mapping may decline
                calls.append(name)
            return out

        monkeypatch.setattr(_philox, name, counted)
    specs = [("normal", 10, ak.float64), ("uniform", 7, ak.float64), ("uniform", 5, ak.float32)]
    _rejection.draws(ak.random.default_rng(1), specs, None)
    native = getattr(driver, "philox_uniform", None) is not None
    assert calls == (["uniform"] * 3 if native and not driver.capabilities.jit else ["words"])


def test_no_candidate_accepted_is_an_error(driver, monkeypatch) -> None:
    monkeypatch.setattr(_rejection, "BITS", 1)  # one round: about 5% of the values find none
    with pytest.raises(RuntimeError, match="no accepted candidate"):
        ak.random.default_rng(0).standard_gamma(1.0, size=1009)  # a size traced only here
    if driver.capabilities.jit:  # inside a transform: NaN, never a wrong number
        out = ak.jit(lambda rng: rng.standard_gamma(1.0, size=1013))(ak.random.default_rng(0))
        x = np.asarray(out)
        assert np.isnan(x).any() and (x[~np.isnan(x)] > 0).all()


def _gammas(twin: ak.random.Generator, *shapes: float) -> list[np.ndarray]:
    return [np.asarray(twin.standard_gamma(a, N)) for a in shapes]


def test_the_family_is_the_documented_algorithm(driver) -> None:
    """Each draw from the twin's standard_gamma and standard_normal draws, in the
    documented order (``tests/test_random_gamma.py`` holds standard_gamma itself)."""
    g, t = _twins(35)
    np.testing.assert_array_equal(np.asarray(g.gamma(2.0, 3.0, N)), _gammas(t, 2.0)[0] * 3.0)
    np.testing.assert_array_equal(np.asarray(g.chisquare(5.0, N)), 2 * _gammas(t, 2.5)[0])
    for a, b in ((2.0, 5.0), (0.5, 2.0)):  # by the ratio, by logarithms
        x, y = _gammas(t, a, b)
        np.testing.assert_allclose(np.asarray(g.beta(a, b, N)), x / (x + y), rtol=1e-13)
    for k1, k2 in ((3.0, 7.0), (0.5, 1.5)):
        x, y = _gammas(t, k1 / 2, k2 / 2)
        np.testing.assert_allclose(np.asarray(g.f(k1, k2, N)), (x / k1) / (y / k2), rtol=1e-13)
    z, (x,) = np.asarray(t.standard_normal(N)), _gammas(t, 1.5)
    np.testing.assert_allclose(np.asarray(g.standard_t(3.0, N)), z / np.sqrt(2 * x / 3), rtol=1e-14)
    (x,), z = _gammas(t, 1.0), np.asarray(t.standard_normal(N))
    want = 2 * x + (z + np.sqrt(2.0)) ** 2
    np.testing.assert_allclose(np.asarray(g.noncentral_chisquare(3.0, 2.0, N)), want, rtol=1e-14)
    (x,) = _gammas(t, 0.25)  # df < 1, nonc == 0: chisquare(df), the normals drawn unused
    np.testing.assert_array_equal(np.asarray(g.noncentral_chisquare(0.5, 0.0, N)), 2 * x)
    t.standard_normal(N)
    (x,), z, (y,) = _gammas(t, 1.0), np.asarray(t.standard_normal(N)), _gammas(t, 3.5)
    want = ((2 * x + (z + np.sqrt(2.0)) ** 2) * 7.0) / (2 * y * 3.0)
    np.testing.assert_allclose(np.asarray(g.noncentral_f(3.0, 7.0, 2.0, N)), want, rtol=1e-14)
    np.testing.assert_array_equal(np.asarray(g.random(4)), np.asarray(t.random(4)))


def test_noncentral_below_one_degree_is_numpys_poisson_mixture(driver) -> None:
    """``df < 1`` with ``nonc > 0``: ``i = poisson(nonc / 2)``, then ``chisquare(df + 2
    i)``, NumPy's algorithm, from the twin's Poisson, gamma and (unused) normal draws in
    that order; an array parameter takes the Poisson draw's words where it is not used
    too.  A NaN ``nonc`` gives NaN, as NumPy; a ``nonc`` whose count would overflow
    (NumPy returns a number from the overflowed count) raises, and is NaN traced."""
    g, t = _twins(52)
    i = np.asarray(t.poisson(1.5, N))  # nonc = 3
    (x,) = _gammas(t, 0.25 + i)
    t.standard_normal(N)
    np.testing.assert_array_equal(np.asarray(g.noncentral_chisquare(0.5, 3.0, N)), 2 * x)
    df = np.resize([0.5, 2.0, 0.3], N)
    nonc = np.resize([3.0, 3.0, 0.0, 30.0], N)
    mixed = (df < 1) & (nonc > 0)
    i = np.asarray(t.poisson(np.where(mixed, nonc / 2, 0.0)))
    (x,) = _gammas(t, np.where(df < 1, df / 2 + i, (df - 1) / 2))
    z = np.asarray(t.standard_normal(N))
    want = np.where(df < 1, 2 * x, 2 * x + (z + np.sqrt(nonc)) ** 2)
    got = np.asarray(g.noncentral_chisquare(ak.asarray(df), ak.asarray(nonc)))
    np.testing.assert_allclose(got, want, rtol=1e-14)
    i = np.asarray(t.poisson(1.0, N))  # noncentral_f(0.5, 7, 2): then chisquare(7)
    (x,) = _gammas(t, 0.25 + i)
    t.standard_normal(N)
    (y,) = _gammas(t, 3.5)
    want = (2 * x * 7.0) / (2 * y * 0.5)
    np.testing.assert_allclose(np.asarray(g.noncentral_f(0.5, 7.0, 2.0, N)), want, rtol=1e-14)
    np.testing.assert_array_equal(np.asarray(g.random(4)), np.asarray(t.random(4)))
    with pytest.raises(ValueError, match="nonc too large"):
        g.noncentral_chisquare(0.5, 1e20)
    with pytest.raises(ValueError, match="nonc too large"):
        g.noncentral_f([0.5, 2.0], 3.0, 1e20)
    assert (np.asarray(g.noncentral_chisquare(2.0, 1e20, 3)) > 1e19).all()  # df >= 1: no count
    if driver.capabilities.jit:
        f = ak.jit(lambda rng, nonc: rng.noncentral_chisquare(0.5, nonc))
        x = np.asarray(f(g, ak.asarray([1e20, 1.0, np.nan])))
        assert np.isnan(x[[0, 2]]).all() and x[1] >= 0


def test_array_parameters_broadcast(driver) -> None:
    g = ak.random.default_rng(36)
    x = np.asarray(g.gamma([0.5, 4.0], [[1.0], [2.0]], size=(N // 4, 2, 2)))
    assert x.shape == (N // 4, 2, 2)
    g, twin = _twins(36)
    a = np.broadcast_to([0.5, 4.0], (N // 4, 2, 2))
    want = np.asarray(twin.standard_gamma(a)) * np.array([[1.0], [2.0]])
    np.testing.assert_array_equal(
        np.asarray(g.gamma([0.5, 4.0], [[1.0], [2.0]], (N // 4, 2, 2))), want
    )
    assert g.standard_gamma([0.5, 2.0]).shape == (2,)
    assert g.beta(ak.asarray([0.5, 1.0]), 2.0).shape == (2,)


def test_tiny_and_zero_shapes(driver) -> None:
    g = ak.random.default_rng(37)
    b = np.asarray(g.beta(1e-3, 1e-3, N))
    assert not np.isnan(b).any() and b.min() >= 0 and b.max() <= 1
    assert 0.4 < (b > 0.5).mean() < 0.6  # symmetric: half near 0, half near 1
    z = np.asarray(g.standard_gamma([0.0, 0.0], size=(5, 2)))
    assert (z == 0).all()
    # f of tiny degrees of freedom: X / Y of two gammas that underflow (NumPy: NaN for
    # about half of them, 0 / 0); by logarithms, 0, inf or a number, never NaN
    f = np.asarray(g.f(1e-3, 1e-3, N))
    assert not np.isnan(f).any() and f.min() >= 0
    assert 0.4 < (f > 1).mean() < 0.6
    with np.errstate(all="ignore"):
        assert np.isnan(np.random.default_rng(0).f(1e-3, 1e-3, N)).mean() > 0.2


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
    size = (N // 4, 4)  # N values: the eager draws reuse the file's compiled samplers
    jf = ak.jit(lambda rng, a: (rng.standard_gamma(a, size=size), rng.beta(a, 2.0, size)))
    for _ in range(2 if driver.capabilities.jit else 1):  # the next numbers, once compiled
        got = jf(g, shape)
        want = (twin.standard_gamma(shape, size), twin.beta(shape, 2.0, size))
        for x, y in zip(got, want, strict=True):
            np.testing.assert_allclose(np.asarray(x), np.asarray(y), rtol=1e-12)
    rows = ak.reshape(ak.arange(6, dtype=ak.float64), (3, 2))
    vf = ak.vmap(lambda row, rng: row * rng.standard_gamma(2.0, size=2))
    np.testing.assert_allclose(
        np.asarray(vf(rows, g)), np.asarray(rows) * np.asarray(twin.standard_gamma(2.0, 2))
    )
