"""The float64 normals' ziggurat (``arraykit/random/_ziggurat.py``) on every driver: its
tables against the geometry they claim (each layer's area, the tail's mass), its values
against a NumPy re-implementation of the documented algorithm on a twin generator's words
(the same decisions, candidate for candidate), its tail against SciPy's truncated normal,
and a value without an accepted candidate (NaN traced, an error eagerly).  The moments and
the goodness of fit of ``standard_normal`` itself: tests/test_random_stats.py."""

from __future__ import annotations

import math

import numpy as np
import pytest
import random_reference
from scipy import special, stats

import arraykit as ak
from arraykit.random import _ziggurat as Z

R, V = float(Z.R), float(Z.V)


def _edges() -> np.ndarray:
    """``x[i]``, the right edge of box ``i`` (``x[0] = 0``, ``x[255] = R``), from WI."""
    return np.concatenate([[0.0], Z.WI[1:] * 2.0**52])


def test_layers_have_the_area_and_edges_they_claim() -> None:
    """Every box ``x[i] (f(x[i-1]) - f(x[i]))`` and the base (its rectangle and the tail
    beyond ``R``) has area ``V`` (box 1 to 1e-9: the paper's ``V`` has 12 digits), and
    ``KI``, ``FI``, ``FD`` are what the edges make them."""
    x, f = _edges(), lambda t: np.exp(-t * t / 2)
    assert x[255] == R
    boxes = x[1:] * (f(x[:-1]) - f(x[1:]))
    np.testing.assert_allclose(boxes[1:], V, rtol=1e-13)
    np.testing.assert_allclose(boxes[0], V, rtol=2e-9)
    base = R * f(R) + math.sqrt(math.pi / 2) * math.erfc(R / math.sqrt(2))
    np.testing.assert_allclose(base, V, rtol=1e-10)
    np.testing.assert_allclose(Z.WI[0] * 2.0**52, V / f(R), rtol=1e-15)
    # KI from 50 digits, here from doubles: the same to the last few of 2**52
    assert Z.KI[1] == 0 and abs(Z.KI[0] - math.floor(R / (V / f(R)) * 2.0**52)) <= 4
    assert np.abs(Z.KI[2:] - np.floor(x[1:-1] / x[2:] * 2.0**52)).max() <= 4
    np.testing.assert_allclose(Z.FI, np.concatenate([[1.0], f(x[1:])]), rtol=1e-15)
    np.testing.assert_allclose(Z.FD[1:], Z.FI[:-1] - Z.FI[1:], rtol=1e-12)


def test_rejection_bounds_hold() -> None:
    """``Q`` bounds a candidate's rejection (the wedges: one minus the normal's half mass
    over the ziggurat's), ``P_OUT`` is the chance a candidate lies outside its box,
    ``Q_OUT`` bounds a rejection given that, and ``LQ`` is ``-log Q(R)``."""
    reject = 1 - math.sqrt(math.pi / 2) / (256 * V)
    assert 0.0066 < reject <= Z.Q
    assert pytest.approx(np.mean(1 - Z.KI / 2.0**52), rel=1e-14) == Z.P_OUT
    assert Z.Q / Z.P_OUT <= Z.Q_OUT < 0.5
    assert pytest.approx(-special.log_ndtr(-R), rel=2e-16) == Z.LQ
    rounds = Z.rounds(10**6)
    assert rounds[0] == (10**6, 1) and rounds[1][0] < 0.0165 * 10**6


def test_tail_is_the_normal_quantile_beyond_r() -> None:
    """AS 241's tail, to a few ulps of SciPy's quantile, from ``R`` (``u = 0``) to the
    last uniform below 1 (``1 - 2**-53``: 9.4), through its branch at ``s = 5``."""
    u = np.concatenate([np.linspace(0, 1, 20001)[:-1], 1 - np.logspace(-15.9, -1, 200)])
    got = np.asarray(Z.tail(ak.asarray(u)))
    want = stats.norm.isf((1 - u) * stats.norm.sf(R))
    np.testing.assert_allclose(got, want, rtol=8 * 2.0**-52)
    assert abs(got[0] - R) < 4 * np.spacing(R)


def test_standard_normal_is_the_documented_ziggurat(driver) -> None:
    """2 10**5 values: the ziggurat of the docstring on the twin's words, in NumPy,
    candidate by candidate through every round (about 3 000 candidates outside their
    boxes, 1 300 rejected, 34 tail values), within a few ulps (the tail and wedge use
    each backend's exp, log1p, sqrt) and with the same decisions; the same words taken."""
    n = 200_000
    g, twin = ak.random.default_rng(77), ak.random.default_rng(77)
    got = np.asarray(g.standard_normal(n))
    tables = (Z.KI, Z.WI, Z.FI, Z.FD)
    want = random_reference.ziggurat(twin, n, tables, Z.P_OUT, Z.Q_OUT, Z.Q)
    assert got.dtype == np.float64 and not np.isnan(want).any()
    np.testing.assert_allclose(got, want, rtol=16 * 2.0**-52, atol=0)
    inside = (got == want).mean()
    assert inside > 0.98, inside  # the box values: exactly rounded products
    assert (np.abs(want) > R).sum() > 20  # the tail was drawn
    assert np.asarray(g.random(3)).tolist() == np.asarray(twin.random(3)).tolist()


def test_tail_and_wedges_fit_the_normal() -> None:
    """On the NumPy driver (every driver is held to its values): 4 10**6 values, the
    tail beyond ``R`` (about 1 000) against SciPy's truncated normal, and the values of
    the wedge region of the top boxes (where the density bends most) by KS."""
    z = np.asarray(ak.random.default_rng(2027).standard_normal(4_000_000))
    t = np.abs(z[np.abs(z) > R])
    assert 850 < t.size < 1250
    assert stats.kstest(t, stats.truncnorm(R, np.inf).cdf).pvalue > 1e-3
    x = _edges()
    band = np.abs(z)[(np.abs(z) > x[20]) & (np.abs(z) < x[40])]
    lo, hi = stats.norm.cdf(x[20]), stats.norm.cdf(x[40])
    assert stats.kstest(band, lambda v: (stats.norm.cdf(v) - lo) / (hi - lo)).pvalue > 1e-3
    assert stats.kstest(z, "norm").pvalue > 1e-3


def test_a_value_without_accepted_candidate(monkeypatch: pytest.MonkeyPatch, driver) -> None:
    """With rounds too few to serve every value (a failure of probability below
    2**-64 otherwise): an error eagerly, NaN for those values under ak.jit."""
    monkeypatch.setattr(Z, "rounds", lambda n: ((n, 1), (1, 1)))
    with pytest.raises(RuntimeError, match="no accepted candidate"):
        ak.random.default_rng(3).standard_normal(5000)
    got = np.asarray(ak.jit(lambda g: g.standard_normal(5000))(ak.random.default_rng(3)))
    assert 10 < np.isnan(got).sum() < 200
    ok = ~np.isnan(got)
    assert (np.abs(got[ok]) < 10).all()


@pytest.mark.parametrize("size", [0, (3, 0), 1, (1, 1), 2, 7])
def test_empty_and_tiny_draws(driver, size) -> None:
    """NumPy's shapes for empty and tiny sizes; an empty draw takes no words (the next
    draw is the twin's), eagerly and under ak.jit; one value takes the whole rounds."""
    want = np.random.default_rng(0).standard_normal(size)
    g, twin = ak.random.default_rng(4), ak.random.default_rng(4)
    for got in (g.standard_normal(size), ak.jit(lambda r: r.standard_normal(size))(g)):
        assert got.shape == want.shape and got.dtype == ak.float64
        assert not np.isnan(np.asarray(got)).any()
    if want.size == 0:
        assert np.asarray(g.random(3)).tolist() == np.asarray(twin.random(3)).tolist()
        assert g.normal(1.0, 2.0, size).shape == np.random.default_rng(0).normal(1, 2, size).shape
