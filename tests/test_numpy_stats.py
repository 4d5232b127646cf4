"""NumPy's statistics extras (issue 25 phase 2, part A) beyond the generated comparison of
``tests/test_numpy_api.py``: large draws against NumPy (every quantile method bit for bit,
histogram counts exactly), NumPy's warnings and errors for all-NaN slices, the rules for
sizes that depend on the data under ``ak.jit``, and core's counting without a driver's
``bincount`` fast path.  The rules are those of docs/guides/departures.md, "Statistics
extras".
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import arraykit as ak
from arraykit._numpy_api.order_statistics import METHODS

RNG = np.random.default_rng(2502)


def _same(got, want):
    g, w = np.asarray(got), np.asarray(want)
    assert g.shape == w.shape and g.dtype == w.dtype, (g.shape, g.dtype, w.shape, w.dtype)
    np.testing.assert_array_equal(g, w)


# ---------------------------------------------------------------- large draws
@pytest.mark.parametrize("method", METHODS)
def test_every_method_is_numpys_bit_for_bit_on_large_draws(driver, method):
    # 2 x 10^4 values with many ties (rounded to 1/8) and NaNs: quantiles of each row,
    # NaN-ignoring ones too, at q values that hit each method's index rules
    x = np.round(RNG.normal(size=(2, 10_000)) * 8) / 8
    x[0, RNG.integers(0, 10_000, 300)] = np.nan
    q = [0.0, 0.001, 0.1, 0.25, 1 / 3, 0.5, 0.9, 0.999, 1.0]
    for name in ("quantile", "nanquantile"):
        want = getattr(np, name)(x, q, axis=1, method=method)
        got = getattr(ak, name)(ak.asarray(x), q, axis=1, method=method)
        _same(got, want)
    _same(ak.nanmedian(ak.asarray(x), axis=1), np.nanmedian(x, axis=1))


def test_histograms_count_as_numpy_on_large_draws(driver):
    x = RNG.normal(size=100_000)
    x[:50] = np.linspace(-1, 1, 50)  # values on the edges of 20 bins over [-1, 1]
    for bins, rng in ((20, (-1, 1)), (37, None), (np.array([-3.0, -0.5, 0.0, 0.1, 2.0]), None)):
        counts, edges = ak.histogram(ak.asarray(x), ak.asarray(bins) if
                                     isinstance(bins, np.ndarray) else bins, range=rng)  # fmt: skip
        want = np.histogram(x, bins, range=rng)
        _same(counts, want[0])
        _same(edges, want[1])
    labels = RNG.integers(0, 1000, 100_000)
    _same(ak.bincount(ak.asarray(labels)), np.bincount(labels))
    w = RNG.normal(size=100_000)
    np.testing.assert_allclose(np.asarray(ak.bincount(ak.asarray(labels), ak.asarray(w))),
                               np.bincount(labels, w), rtol=1e-12, atol=1e-12)  # fmt: skip


def test_counting_without_the_drivers_fast_path(driver, monkeypatch):
    # core's sort-and-search, for a driver that has no native bincount
    monkeypatch.setattr(driver, "bincount", None, raising=False)
    labels = RNG.integers(0, 50, 2000)
    w = RNG.uniform(0, 1, 2000)
    with ak.use(driver):
        assert ak.asarray([1]).__class__ is ak.Array
        _same(ak.bincount(ak.asarray(labels), minlength=60), np.bincount(labels, minlength=60))
        np.testing.assert_allclose(np.asarray(ak.bincount(ak.asarray(labels), ak.asarray(w))),
                                   np.bincount(labels, w), rtol=1e-12)  # fmt: skip
        x = RNG.normal(size=3000)
        _same(ak.histogram(ak.asarray(x), 15)[0], np.histogram(x, 15)[0])


# ---------------------------------------------------------------- all-NaN slices
X = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]])
WARNS = {
    "nanmin": lambda m, x: m.nanmin(x, axis=1),
    "nanmax": lambda m, x: m.nanmax(x, axis=1),
    "nanmedian": lambda m, x: m.nanmedian(x, axis=1),
    "nanquantile": lambda m, x: m.nanquantile(x, 0.5, axis=1),
    "nanpercentile": lambda m, x: m.nanpercentile(x, [5, 50], axis=1),
    "nanmean": lambda m, x: m.nanmean(x, axis=1),
    "nanvar": lambda m, x: m.nanvar(x, axis=1),
    "nanstd": lambda m, x: m.nanstd(x, axis=1, ddof=1),
}


def _warned(fn):
    # every RuntimeWarning, NumPy's floating-point ones too: the ones NumPy's function
    # gives, and no others (not those of the steps arraykit composes it from)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = fn()
    return out, sorted({(type(w.message), str(w.message)) for w in caught
                        if issubclass(w.category, RuntimeWarning)})  # fmt: skip


@pytest.mark.parametrize("name", sorted(WARNS))
def test_all_nan_slices_give_numpys_value_and_warning(driver, name):
    want, want_warnings = _warned(lambda: WARNS[name](np, X))
    got, got_warnings = _warned(lambda: WARNS[name](ak, ak.asarray(X)))
    assert want_warnings, "NumPy warns here"
    np.testing.assert_array_equal(np.asarray(got), want)
    if driver.capabilities.lazy:  # values exist once computed: NaN, no warning
        assert got_warnings == []
    else:
        assert got_warnings == want_warnings


@pytest.mark.parametrize("name", sorted(WARNS))
def test_all_nan_slices_under_jit_give_nan_without_a_warning(driver, name):
    if not driver.capabilities.jit:
        pytest.skip("the driver does not compile (ak.jit runs eagerly)")
    want = WARNS[name](np, X) if name != "nanmean" else np.nanmean(X, axis=1)
    got, got_warnings = _warned(lambda: ak.jit(lambda x: WARNS[name](ak, x))(ak.asarray(X)))
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want, dtype=float))
    assert got_warnings == []


@pytest.mark.parametrize("name", ["nanargmin", "nanargmax"])
def test_nanargmin_of_an_all_nan_slice(driver, name):
    with pytest.raises(ValueError, match="All-NaN slice encountered"):
        getattr(np, name)(X, axis=1)
    fn = getattr(ak, name)
    want = [0 if name == "nanargmin" else 2, -1]  # the first row's answer, -1 for the second
    if driver.capabilities.lazy:  # unknown until computed: -1 marks the slice
        np.testing.assert_array_equal(np.asarray(fn(ak.asarray(X), axis=1)), want)
    else:
        with pytest.raises(ValueError, match=f"{name}: All-NaN slice encountered"):
            fn(ak.asarray(X), axis=1)
    if driver.capabilities.jit:
        got = ak.jit(lambda x: fn(x, axis=1))(ak.asarray(X))
        np.testing.assert_array_equal(np.asarray(got), want)


# ---------------------------------------------------------------- data-dependent sizes
def test_bincount_under_jit_needs_minlength(driver):
    x = ak.asarray([0, 3, 3, 1])
    if not driver.capabilities.jit:  # eager: NumPy's answer
        _same(ak.jit(ak.bincount)(x), np.bincount([0, 3, 3, 1]))
        return
    with pytest.raises(ValueError, match="bincount: the result's length, max\\(x\\) \\+ 1"):
        ak.jit(ak.bincount)(x)
    _same(ak.jit(lambda x: ak.bincount(x, minlength=6))(x), np.bincount([0, 3, 3, 1], minlength=6))
    # a value at or past minlength: not counted (checked=True raises instead)
    _same(ak.jit(lambda x: ak.bincount(x, minlength=3))(x), np.array([1, 1, 0]))
    if driver.transforms.checks:
        with pytest.raises(ValueError, match="at least minlength=3"):
            ak.jit(lambda x: ak.bincount(x, minlength=3), checked=True)(x)


def test_histogram_under_jit(driver):
    x = RNG.normal(size=200)
    want = np.histogram(x, 7)
    got = ak.jit(lambda x: ak.histogram(x, 7))(ak.asarray(x))
    _same(got[0], want[0])
    # the edges are NumPy's linspace, i * step + first: under XLA a fused multiply-add may
    # round it once (departures.md, "Fused multiply-adds"): within ulp(i * step) / 2 +
    # ulp(edge), many ulps of an edge near 0 where first nearly cancels i * step
    edges, first = want[1], want[1][0]
    step = (edges[-1] - first) / 7
    bound = np.spacing(np.abs(np.arange(8) * step)) / 2 + np.spacing(np.abs(edges))
    assert (np.abs(np.asarray(got[1]) - edges) <= bound).all()
    if driver.capabilities.jit:
        with pytest.raises(ValueError, match="bins='auto' makes the number of bins depend"):
            ak.jit(lambda x: ak.histogram(x, "auto"))(ak.asarray(x))


def test_digitize_needs_monotonic_bins(driver):
    bins = ak.asarray([0.0, 2.0, 1.0])
    with pytest.raises(ValueError, match="monotonically increasing or decreasing"):
        np.digitize([1.5], [0.0, 2.0, 1.0])
    if not driver.capabilities.lazy:
        with pytest.raises(ValueError, match="digitize: bins must be monotonically"):
            ak.digitize(ak.asarray([1.5]), bins)
    if driver.capabilities.jit:
        got = ak.jit(ak.digitize)(ak.asarray([1.5, -1.0]), bins)
        np.testing.assert_array_equal(np.asarray(got), [-1, -1])


# ---------------------------------------------------------------- arguments
def test_quantile_arguments_are_checked_as_numpy_does(driver):
    x = ak.asarray([1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="quantile: Quantiles must be in the range"):
        ak.quantile(x, 1.5)
    with pytest.raises(ValueError, match="percentile: Percentiles must be in the range"):
        ak.percentile(x, [50, -1])
    with pytest.raises(ValueError, match=r"'nope' is not a valid method\. Use one of: inverted"):
        ak.quantile(x, 0.5, method="nope")
    with pytest.raises(TypeError, match="quantile: a must be an array of real numbers"):
        ak.quantile(ak.asarray([1j]), 0.5)
    with pytest.raises(ValueError, match="Only method 'inverted_cdf' supports weights"):
        ak.quantile(x, 0.5, weights=x)
    with pytest.raises(IndexError, match="index -1 is out of bounds"):
        ak.quantile(ak.asarray(np.zeros(0)), 0.5)


def test_a_tie_of_signed_zeros_picks_the_first_in_the_input(driver):
    # NumPy's partition leaves either zero at the position; arraykit's sort is stable
    for x in ([0.0, -0.0, 5.0], [-0.0, 0.0, 5.0]):
        got = ak.quantile(ak.asarray(x), 0.0, method="lower")
        assert np.signbit(np.asarray(got)) == np.signbit(x[0])


def test_quantiles_given_as_python_bools_are_numpys(driver):
    # q of Python bools is 0 and 1, as NumPy reads them (raised AttributeError: the host
    # path called ndarray.cast, which NumPy has not; found by mypy, issue 27)
    xs = RNG.standard_normal(101)
    x = ak.asarray(xs)
    for q in (True, False, [False, True], (True, True, False)):
        _same(ak.quantile(x, q), np.quantile(xs, q))
        _same(ak.percentile(x, q), np.percentile(xs, q))
        _same(ak.nanquantile(x, q, method="lower"), np.nanquantile(xs, q, method="lower"))


def test_histogramdd_of_points_without_coordinates_is_refused_as_numpy_does(driver):
    # D = 0 (shape (N, 0)): NumPy raises ValueError; arraykit raised AttributeError from
    # the missing bin index (found by mypy, issue 27)
    with pytest.raises(ValueError, match="too small depth"):
        np.histogramdd(np.zeros((3, 0)))
    with pytest.raises(ValueError, match=r"histogramdd: .*too small depth"):
        ak.histogramdd(ak.zeros((3, 0)))
