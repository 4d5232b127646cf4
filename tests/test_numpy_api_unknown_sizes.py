"""NumPy's extras on a lazy driver's arrays of unknown size (``None`` in ``shape``: a
boolean index, ``nonzero`` or ``unique_*`` made them): a function that needs a size it
does not know yet refuses with ``ValueError`` naming the remedy (``ak.compute``), as the
standard's functions do, and after ``ak.compute`` it gives NumPy's answer.

Before, these calls reached Python arithmetic with ``None`` and raised ``TypeError``
(``'>' not supported between instances of 'int' and 'NoneType'``), a core function's
"'shape' must be an int or a tuple of ints", or a wrong ``IndexError`` (found by mypy and
pyright, issue 27).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import pytest

import arraykit as ak

XS = np.array([1.0, -2.0, 3.0, 0.5, 5.0, -1.0, 2.5, 4.0, 0.25, 6.0])
M = np.arange(24.0).reshape(8, 3) - 7.5
ROWS = np.array([True, False, True, True, False, True, True, False])
K = np.array([1.0, 0.5, 2.0])
C = np.array([-1.0, -2.5, 0.5, 1.5, -3.0, 2.5, 9.0])


class In(NamedTuple):
    """The inputs: ``a`` 1-D, ``b`` 2-D (rows unknown), ``c`` 1-D increasing (unknown
    sizes, on a lazy driver); ``k`` 1-D of known size."""

    a: Any
    b: Any
    c: Any
    k: Any


def _inputs(xp: Any) -> In:
    x, m, c = xp.asarray(XS), xp.asarray(M), xp.asarray(C)
    return In(x[x > 0], m[xp.asarray(ROWS)], c[c > 0], xp.asarray(K))


def _put(xp: Any, a: Any, ind: Any, v: Any) -> Any:
    a = xp.asarray(a, copy=True)
    xp.put(a, ind, v)
    return a


def _put_along(xp: Any, a: Any) -> Any:
    a = xp.asarray(a, copy=True)
    xp.put_along_axis(a, xp.argmax(a, axis=1, keepdims=True), 99.0, axis=1)
    return a


# name -> f(xp, inputs), xp the namespace (arraykit or NumPy)
CALLS: dict[str, Callable[[Any, In], Any]] = {
    "convolve": lambda xp, i: xp.convolve(i.a, i.k),
    "convolve-v": lambda xp, i: xp.convolve(i.k, i.a, "same"),
    "correlate": lambda xp, i: xp.correlate(i.a, i.k, "full"),
    "correlate-v": lambda xp, i: xp.correlate(i.k, i.a, "valid"),
    "diag": lambda xp, i: xp.diag(i.a, 1),
    "diagflat": lambda xp, i: xp.diagflat(i.b),
    "vander": lambda xp, i: xp.vander(i.a),
    "vander-N": lambda xp, i: xp.vander(i.a, 3),
    "gradient-coords": lambda xp, i: xp.gradient(i.a, xp.arange(8.0) ** 2),
    "histogramdd-bins": lambda xp, i: xp.histogramdd(i.k, bins=[i.c])[0],
    "histogram-bins": lambda xp, i: xp.histogram(i.k, bins=i.c),
    "interp": lambda xp, i: xp.interp(i.k, i.c, i.c * 2),
    "interp-fp": lambda xp, i: xp.interp(i.k, xp.asarray([0.0, 1.0, 2.0, 3.0]), i.c),
    "interp-x": lambda xp, i: xp.interp(i.b, i.k, i.k),
    "pad": lambda xp, i: xp.pad(i.a, 2),
    "pad-edge": lambda xp, i: xp.pad(i.b, ((0, 0), (1, 1)), mode="edge"),
    "put": lambda xp, i: _put(xp, i.a, [0, 2], xp.asarray([7.0, 8.0])),
    "put-v": lambda xp, i: _put(xp, xp.asarray(M), [0, 4, 5], i.c),
    "put-ind": lambda xp, i: _put(xp, xp.asarray(K), xp.astype(i.c, xp.int64) % 3, 5.0),
    "put_along_axis": lambda xp, i: _put_along(xp, i.b),
    "kron": lambda xp, i: xp.kron(i.a, i.k),
    "einsum": lambda xp, i: xp.einsum("ij,j->i", i.b, i.k),
    "polyval": lambda xp, i: xp.polyval(i.a, 0.5),
    "polyfit": lambda xp, i: xp.polyfit(i.c, i.c * 2.0 + 1.0, 1),
    "polyfit-y": lambda xp, i: xp.polyfit(xp.asarray([1.0, 2.0, 3.0, 4.0]), i.c, 1),
    "polyfit-w": lambda xp, i: xp.polyfit(
        xp.asarray([1.0, 2.0, 3.0, 4.0]), xp.asarray([2.0, 3.0, 5.0, 9.0]), 1, w=i.c
    ),
    "average-weights": lambda xp, i: xp.average(i.b, axis=1, weights=i.k),
    "median": lambda xp, i: xp.median(i.b, axis=1),
    "nanmedian": lambda xp, i: xp.nanmedian(i.b, axis=1, keepdims=True),
    "quantile": lambda xp, i: xp.quantile(i.b, 0.3, axis=1),
    "percentile": lambda xp, i: xp.percentile(i.b, [10, 90], axis=-1, method="lower"),
    "nanquantile": lambda xp, i: xp.nanquantile(i.b, 0.5, axis=1),
    "quantile-weights-axis": lambda xp, i: xp.quantile(
        i.b, 0.5, axis=0, weights=i.b * 0 + 1, method="inverted_cdf"
    ),
    "quantile-weights": lambda xp, i: xp.quantile(
        i.a, 0.5, weights=i.a * 0 + 1, method="inverted_cdf"
    ),
}


# what works on unknown sizes (lazily, no refusal), name -> f(xp, inputs)
WORKS: dict[str, Callable[[Any, In], Any]] = {
    "average-returned": lambda xp, i: xp.average(i.b, axis=1, returned=True),
    "nanmean-where": lambda xp, i: xp.nanmean(i.b, axis=1, where=xp.asarray([True, False, True])),
}


@pytest.mark.parametrize("name", sorted(WORKS))
def test_unknown_sizes_that_need_no_size_work(driver: ak.drivers.Driver, name: str) -> None:
    got = WORKS[name](ak, _inputs(ak))
    want = WORKS[name](np, _inputs(np))
    if not isinstance(want, tuple):
        got, want = (got,), (want,)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(np.asarray(g), w, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_unknown_sizes_refuse_naming_the_remedy(driver: ak.drivers.Driver, name: str) -> None:
    call = CALLS[name]
    got_in = _inputs(ak)
    if not driver.capabilities.lazy:
        assert all(None not in v.shape for v in got_in)  # every size known: no refusal
    else:
        assert got_in.a.shape == got_in.c.shape == (None,) and got_in.b.shape == (None, 3)
        with pytest.raises(ValueError, match=r"call ak\.compute\(x\) first"):
            call(ak, got_in)
        got_in = In(*ak.compute(*got_in))
    got = call(ak, got_in)
    want = call(np, _inputs(np))
    if isinstance(want, tuple):
        for g, w in zip(got, want, strict=True):
            np.testing.assert_allclose(np.asarray(g), w, rtol=1e-12, atol=1e-12)
    else:
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12, atol=1e-12)


def test_put_into_an_empty_array_with_indices_of_unknown_number(driver: ak.drivers.Driver) -> None:
    # NumPy raises IndexError for indices into an empty array, none for no indices: with
    # their number unknown, arraykit cannot tell which (it returned silently)
    c = ak.asarray(C)
    ind = ak.astype(c[c > 0], ak.int64)
    if not driver.capabilities.lazy:
        with pytest.raises(IndexError, match="cannot replace elements of an empty array"):
            ak.put(ak.zeros(0), ind, 1.0)
        return
    with pytest.raises(ValueError, match=r"call ak\.compute\(x\) first"):
        ak.put(ak.zeros(0), ind, 1.0)
    with pytest.raises(IndexError, match="cannot replace elements of an empty array"):
        ak.put(ak.zeros(0), ak.compute(ind), 1.0)
