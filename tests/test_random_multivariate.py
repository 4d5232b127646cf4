"""The multivariate draws of ``ak.random`` (``multinomial``, ``multivariate_normal``,
``multivariate_hypergeometric``, ``dirichlet``) and ``permuted`` and ``bytes`` on every
driver: each is the construction its docstring states, rebuilt from a twin generator's
draws; NumPy's shapes, broadcasting and errors."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import arraykit as ak


def _twins(seed: int) -> tuple[ak.random.Generator, ak.random.Generator]:
    return ak.random.default_rng(seed), ak.random.default_rng(seed)


def _np(x: ak.Array) -> np.ndarray:
    return np.asarray(x)


# ----------------------------------------------------------------------------- multinomial


def test_multinomial_is_conditional_binomials(driver) -> None:
    g, twin = _twins(51)
    pvals = [0.2, 0.0, 0.5, 0.3]
    got = _np(g.multinomial(40, pvals, size=500))
    assert got.shape == (500, 4) and got.dtype == np.int64
    left, rest, want = 40, 1.0, []
    for p in pvals[:-1]:
        x = _np(twin.binomial(left if isinstance(left, int) else ak.asarray(left),
                              min(max(p / rest, 0.0), 1.0), size=500))  # fmt: skip
        want.append(x)
        left, rest = left - x, rest - p
    want.append(left)
    np.testing.assert_array_equal(got, np.stack(want, axis=-1))
    assert (got.sum(axis=-1) == 40).all() and (got[:, 1] == 0).all()


def test_multinomial_shapes_as_numpy(driver) -> None:
    g = ak.random.default_rng(52)
    p3 = [0.2, 0.3, 0.5]
    batch = [[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]
    cases = [
        ((10, p3), {}, (3,)),
        ((10, p3), {"size": (4, 2)}, (4, 2, 3)),
        (([10, 20], p3), {}, (2, 3)),
        (([[10], [20]], batch), {}, (2, 2, 3)),
        ((10, batch), {"size": (5, 2)}, (5, 2, 3)),
        ((10.7, [0.5, 0.5]), {}, (2,)),
    ]
    for args, kw, shape in cases:
        assert np.random.default_rng(0).multinomial(*args, **kw).shape == shape
        x = _np(g.multinomial(*args, **kw))
        assert x.shape == shape and x.dtype == np.int64
        n = np.broadcast_to(np.trunc(np.asarray(args[0])), shape[:-1] or ())
        np.testing.assert_array_equal(x.sum(axis=-1), n)
    x = _np(g.multinomial(ak.asarray([5, 7]), ak.asarray(batch)))
    np.testing.assert_array_equal(x.sum(axis=-1), [5, 7])


MULTINOMIAL_BAD = [
    lambda g: g.multinomial(-1, [0.5, 0.5]),
    lambda g: g.multinomial(10, [-0.1, 1.1]),
    lambda g: g.multinomial(10, [np.nan, 0.5]),
    lambda g: g.multinomial(10, 0.5),
    lambda g: g.multinomial(10, []),
    lambda g: g.multinomial(10, [0.6, 0.6, 0.0]),
    lambda g: g.multinomial([10, 20], [0.5, 0.5], size=3),
]


# ----------------------------------------------------------------------------- normal

COV = np.array([[2.0, 0.6, 0.1], [0.6, 1.0, -0.3], [0.1, -0.3, 0.5]])
MEAN = np.array([1.0, -2.0, 0.5])


def _factor(cov: np.ndarray, method: str) -> np.ndarray:
    """NumPy's factor of ``method``, columns turned as documented."""
    if method == "cholesky":
        return np.linalg.cholesky(cov)
    if method == "eigh":
        s, u = np.linalg.eigh(cov)
    else:
        u, s, _ = np.linalg.svd(cov)
    top = u[np.argmax(np.abs(u), axis=0), np.arange(u.shape[1])]
    return u * np.where(top < 0, -1.0, 1.0) * np.sqrt(np.abs(s))


@pytest.mark.parametrize("method", ["svd", "eigh", "cholesky"])
def test_multivariate_normal_is_mean_plus_z_times_the_factor(driver, method) -> None:
    g, twin = _twins(53)
    got = _np(g.multivariate_normal(MEAN, COV, size=(40, 5), method=method))
    assert got.shape == (40, 5, 3) and got.dtype == np.float64
    z = _np(twin.standard_normal((40, 5, 3)))
    want = MEAN + z @ _factor(COV, method).T
    np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-10)


def test_multivariate_normal_check_valid_as_numpy(driver) -> None:
    g = ak.random.default_rng(54)
    bad = [[1.0, 2.0], [2.0, 1.0]]
    for method in ("svd", "eigh"):
        with pytest.warns(RuntimeWarning, match="positive-semidefinite"):
            g.multivariate_normal([0.0, 0.0], bad, method=method)
        with pytest.raises(ValueError, match="positive-semidefinite"):
            g.multivariate_normal([0.0, 0.0], bad, check_valid="raise", method=method)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            x = g.multivariate_normal([0.0, 0.0], bad, check_valid="ignore", method=method)
            assert x.shape == (2,)
            g.multivariate_normal([0.0, 0.0], [[1.0, 0.0], [0.0, -1e-9]], method=method)
    with pytest.raises(np.linalg.LinAlgError):
        g.multivariate_normal([0.0, 0.0], bad, method="cholesky")
    g.multivariate_normal([0.0, 0.0], np.eye(2), check_valid="bad", method="cholesky")  # NumPy


NORMAL_BAD = [
    lambda g: g.multivariate_normal([0.0, 0.0], np.eye(2), method="foo"),
    lambda g: g.multivariate_normal([[0.0, 0.0]], np.eye(2)),
    lambda g: g.multivariate_normal(0, [[1.0]]),  # an int mean: was astype's TypeError
    lambda g: g.multivariate_normal([0.0, 0.0, 0.0], np.eye(2)),
    lambda g: g.multivariate_normal([0.0, 0.0], [1.0, 1.0]),
    lambda g: g.multivariate_normal([0.0, 0.0], np.eye(2), check_valid="bad"),
    lambda g: g.multivariate_normal([0.0, 0.0], [[1.0, 2.0], [2.0, 1.0]], check_valid="raise"),
]


# ----------------------------------------------------------------------------- hypergeometric


def test_multivariate_hypergeometric_count_is_the_smallest_keys(driver) -> None:
    g, twin = _twins(55)
    colors, nsample = [5, 0, 10, 15], 8
    got = _np(g.multivariate_hypergeometric(colors, nsample, size=(20, 3), method="count"))
    assert got.shape == (20, 3, 4) and got.dtype == np.int64
    total = sum(colors)
    w = _np(twin.bit_generator.random_raw(2 * 60 * total)).astype(np.uint64).reshape(60, total, 2)
    keys = w[..., 0] | (w[..., 1] << np.uint64(32))
    chosen = np.argsort(keys, axis=-1, kind="stable")[:, :nsample]
    labels = np.repeat(np.arange(4), colors)[chosen]
    want = np.stack([(labels == c).sum(axis=-1) for c in range(4)], axis=-1)
    np.testing.assert_array_equal(got.reshape(60, 4), want)


def test_multivariate_hypergeometric_marginals_are_successive_draws(driver) -> None:
    g, twin = _twins(56)
    colors, nsample = [7, 3, 12, 4], 11
    got = _np(g.multivariate_hypergeometric(colors, nsample, size=300))
    left, remaining, want = nsample, sum(colors), []
    for c in colors[:-1]:
        s = left if isinstance(left, int) else ak.asarray(left)
        x = _np(twin.hypergeometric(c, remaining - c, s, size=300))
        want.append(x)
        left, remaining = left - x, remaining - c
    want.append(left)
    np.testing.assert_array_equal(got, np.stack(want, axis=-1))
    assert (got.sum(axis=-1) == nsample).all() and (got <= colors).all()


def test_multivariate_hypergeometric_edges(driver) -> None:
    g = ak.random.default_rng(57)
    for method in ("count", "marginals"):
        assert _np(g.multivariate_hypergeometric([3, 4], 0, method=method)).tolist() == [0, 0]
        assert _np(g.multivariate_hypergeometric([3, 4], 7, method=method)).tolist() == [3, 4]
        assert g.multivariate_hypergeometric([], 0, method=method).shape == (0,)
        assert g.multivariate_hypergeometric([3, 4], 2, size=0, method=method).shape == (0, 2)
    big = _np(g.multivariate_hypergeometric(np.array([10**8, 2 * 10**8]), 1000, size=4))
    assert (big.sum(axis=-1) == 1000).all()


MVH_BAD = [
    lambda g: g.multivariate_hypergeometric([5, 10, 15], 31),
    lambda g: g.multivariate_hypergeometric([5, -10, 15], 8),
    lambda g: g.multivariate_hypergeometric([5, 10, 15], -1),
    lambda g: g.multivariate_hypergeometric([5, 10, 15], 8, method="x"),
    lambda g: g.multivariate_hypergeometric([[5, 10, 15]], 8),
    lambda g: g.multivariate_hypergeometric([5.5, 10, 15], 8),
    lambda g: g.multivariate_hypergeometric([5, 10], 3.0),
    lambda g: g.multivariate_hypergeometric([10**9, 10**9], 8),
    lambda g: g.multivariate_hypergeometric([2**62, 2**62], 8),
]


# ----------------------------------------------------------------------------- dirichlet


def test_dirichlet_is_normalised_gamma_draws(driver) -> None:
    g, twin = _twins(58)
    alpha = [0.5, 2.0, 7.0]
    got = _np(g.dirichlet(alpha, size=(50, 2)))
    assert got.shape == (50, 2, 3) and got.dtype == np.float64
    with ak.use("numpy"):  # the twin's words are the same there; its gamma is the reference
        gam = _np(twin.standard_gamma(np.resize(alpha, 300))).reshape(50, 2, 3)
    np.testing.assert_allclose(got, gam / gam.sum(axis=-1, keepdims=True), rtol=1e-12)


def test_dirichlet_tiny_zero_and_nan_alpha(driver) -> None:
    g = ak.random.default_rng(59)
    tiny = _np(g.dirichlet([1e-3, 1e-3, 1e-3], size=2000))
    assert not np.isnan(tiny).any()
    np.testing.assert_allclose(tiny.sum(axis=-1), 1.0, rtol=1e-12)
    assert (tiny.max(axis=-1) > 0.99).mean() > 0.9  # nearly all the mass on one part
    assert np.random.default_rng(0).dirichlet([1e-300, 1e-300]).sum() == 1.0  # NumPy too
    z = _np(g.dirichlet([0.0, 2.0, 3.0], size=5))
    assert (z[:, 0] == 0).all()
    np.testing.assert_allclose(z.sum(axis=-1), 1.0, rtol=1e-12)
    assert (_np(g.dirichlet([0.0, 0.0], size=2)) == 0).all()  # as NumPy
    assert np.isnan(_np(g.dirichlet([np.nan, 2.0], size=2))).all()
    assert g.dirichlet([], size=3).shape == (3, 0)


DIRICHLET_BAD = [
    lambda g: g.dirichlet([-1.0, 2.0]),
    lambda g: g.dirichlet([[1.0, 2.0]]),
    lambda g: g.dirichlet(5.0),
]


# ----------------------------------------------------------------------------- permuted


@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_permuted_sorts_each_slice_by_its_keys(driver, axis) -> None:
    g, twin = _twins(60)
    x = np.arange(60).reshape(3, 4, 5) * 10
    got = _np(g.permuted(ak.asarray(x), axis=axis))
    w = _np(twin.bit_generator.random_raw(2 * 60)).astype(np.uint64).reshape(60, 2)
    keys = w[:, 0] | (w[:, 1] << np.uint64(32))
    if axis is None:
        want = x.reshape(-1)[np.argsort(keys, kind="stable")].reshape(x.shape)
    else:
        order = np.argsort(keys.reshape(x.shape), axis=axis, kind="stable")
        want = np.take_along_axis(x, order, axis=axis)
    np.testing.assert_array_equal(got, want)
    if axis is not None:  # each slice a permutation of itself
        np.testing.assert_array_equal(np.sort(got, axis=axis), x)


def test_permuted_out_as_numpy(driver) -> None:
    g, twin = _twins(61)
    x = ak.reshape(ak.arange(12), (3, 4))
    expected = _np(twin.permuted(x, axis=1))
    same = g.permuted(x, axis=1, out=x)  # in place
    assert same is x
    np.testing.assert_array_equal(_np(x), expected)
    out = ak.zeros((3, 4), dtype=ak.float64)
    assert g.permuted(ak.arange(12.0), out=ak.reshape(out, (12,))).shape == (12,)
    assert sorted(_np(g.permuted([3, 1, 2])).tolist()) == [1, 2, 3]


PERMUTED_BAD = [
    lambda g, A: g.permuted(A(np.arange(6).reshape(2, 3)), axis=2),
    lambda g, A: g.permuted(A(np.arange(6).reshape(2, 3)), out=A(np.zeros((3, 2)))),
    lambda g, A: g.permuted(A(np.arange(6).reshape(2, 3)), out=A(np.zeros((2, 3), np.int8))),
    lambda g, A: g.permuted(A(np.arange(6).reshape(2, 3)), out=[1]),
    lambda g, A: g.permuted(A(np.array(5))),
]


@pytest.mark.parametrize("call", PERMUTED_BAD)
def test_permuted_bad_arguments(driver, call) -> None:
    try:
        call(np.random.default_rng(0), np.asarray)
    except Exception as exc:
        expected = type(exc)
    with pytest.raises(expected):
        call(ak.random.default_rng(0), ak.asarray)


# ----------------------------------------------------------------------------- bytes


def test_bytes_are_the_next_words(driver) -> None:
    g, twin = _twins(62)
    for n in (0, 1, 4, 7, 33):
        b = g.bytes(n)
        words = _np(twin.bit_generator.random_raw(-(-n // 4))).astype("<u4")
        assert isinstance(b, bytes) and b == words.tobytes()[:n]
    with pytest.raises(ValueError):
        g.bytes(-1)  # NumPy returns 3 bytes
    with pytest.raises(TypeError):
        g.bytes(2.5)  # NumPy truncates
    if driver.capabilities.jit:
        with pytest.raises(TypeError, match="host"):
            ak.jit(lambda rng: ak.asarray(len(rng.bytes(3))))(g)


@pytest.mark.parametrize("call", MULTINOMIAL_BAD + NORMAL_BAD + MVH_BAD + DIRICHLET_BAD)
def test_bad_arguments_raise_numpys_errors(driver, call) -> None:
    try:
        call(np.random.default_rng(0))
    except Exception as exc:
        expected = type(exc)
    else:
        raise AssertionError("NumPy accepted it")
    with pytest.raises(expected):
        call(ak.random.default_rng(0))


def test_words_depend_on_the_shape_only(driver) -> None:
    counters = set()
    for pv in ([0.1, 0.9], [0.5, 0.5], [0.999, 0.001]):
        g = ak.random.default_rng(63)
        g.multinomial(ak.asarray([3, 300]), ak.asarray([pv, pv]))
        counters.add(tuple(g.bit_generator.state["state"]["counter"].tolist()))
    assert len(counters) == 1
    assert math.isfinite(float(ak.sum(ak.random.default_rng(64).dirichlet([1.0, 2.0], 3))))


def test_multivariate_normal_gradients_reach_mean_and_cov(driver) -> None:
    if not driver.capabilities.autodiff:
        pytest.skip("the driver does not differentiate")
    cov = ak.asarray([[2.0, 0.5], [0.5, 1.0]])

    def f(mean, cov):
        rng = ak.random.default_rng(3)
        return ak.sum(rng.multivariate_normal(mean, cov, size=5, method="cholesky"))

    mean = ak.asarray([0.0, 1.0])
    np.testing.assert_allclose(_np(ak.grad(f)(mean, cov)), [5.0, 5.0])
    # d/d cov of sum(z @ L.T), L = cholesky(cov): against central differences of the
    # lower triangle (the gradient's convention for a symmetric input)
    got = _np(ak.grad(f, argnums=1)(mean, cov))
    z = _np(ak.random.default_rng(3).standard_normal((5, 2))).sum(axis=0)
    h, c = 1e-6, _np(cov)
    for i, j in ((0, 0), (1, 0), (1, 1)):
        e = np.zeros((2, 2))
        e[i, j] = e[j, i] = h
        num = (np.linalg.cholesky(c + e) @ z).sum() - (np.linalg.cholesky(c - e) @ z).sum()
        assert abs(got[i, j] + (got[j, i] if i != j else 0) - num / (2 * h)) < 1e-6
