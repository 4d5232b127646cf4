"""NumPy functions on arraykit arrays (NEP 13/18): what arraykit implements runs on the
array's driver and device; the rest runs on a host copy, visibly (a warning or, on
request, an error), and gives NumPy's answer back on the array's driver and device.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import arraykit as ak

DATA = np.array([[3.0, 1.0], [2.0, 5.0]])


def on_same_place(out: ak.Array, x: ak.Array) -> None:
    assert out.__class__ is ak.Array
    assert out.driver is x.driver and out.device == x.device


@pytest.mark.parametrize(
    "call",
    [
        lambda m, a: m.tanh(a),
        lambda m, a: m.add(a, 1.0),
        lambda m, a: m.sum(a, axis=0),
        lambda m, a: m.concatenate([a, a], axis=1),
        lambda m, a: m.linalg.inv(a),
        lambda m, a: m.fft.fft(a),
        lambda m, a: m.sort(a, axis=-1),
    ],
    ids=["tanh", "add", "sum", "concatenate", "linalg.inv", "fft.fft", "sort"],
)
def test_implemented_numpy_functions_run_on_the_driver(driver, call):
    if not driver.capabilities.complex and "fft" in repr(call):
        pytest.skip("no complex dtypes")
    x = ak.asarray(DATA)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ak.HostFallbackWarning)  # no host round trip
        out = call(np, x)
    on_same_place(out, x)
    np.testing.assert_allclose(np.asarray(out), call(np, DATA), rtol=1e-12)


def test_mixed_numpy_and_arraykit_operands(driver):
    x = ak.asarray(DATA)
    for out, want in ((np.ones(2) + x, 1.0 + DATA), (x < np.full(2, 2.5), DATA < 2.5)):
        on_same_place(out, x)
        np.testing.assert_array_equal(np.asarray(out), want)


@pytest.mark.parametrize(
    "call",
    [
        lambda m, a: m.unique(a),
        lambda m, a: m.atleast_2d(a[0]),
        lambda m, a: m.median(a, axis=0),
        lambda m, a: m.fmod.accumulate(a, axis=1),
        lambda m, a: m.fmod(a, 1.5),
        lambda m, a: m.percentile(a, 50.0),
    ],
    ids=["unique", "atleast_2d", "median", "fmod.accumulate", "fmod", "percentile"],
)
def test_the_rest_runs_on_the_host_with_a_named_warning(driver, call):
    x = ak.asarray(DATA)
    with pytest.warns(ak.HostFallbackWarning, match=r"numpy\.\w+.* host copy") as record:
        out = call(np, x)
    assert record[0].filename == __file__  # the warning points at the caller's line
    on_same_place(out, x)
    np.testing.assert_allclose(np.asarray(out), call(np, DATA))


def test_host_fallback_error_and_allow(driver):
    x = ak.asarray(DATA)
    with ak.use(host_fallback="error"), pytest.raises(ak.HostFallbackError, match="unique"):
        np.unique(x)
    with ak.use(host_fallback="allow"), warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_array_equal(np.asarray(np.unique(x)), np.unique(DATA))
    with pytest.raises(ValueError, match="host_fallback must be one of"):
        ak.use(host_fallback="sometimes")


def test_writes_through_numpy_functions_land_through_arraykit(driver):
    """``out=`` arrays and the arrays NumPy functions write into (``np.copyto``'s
    destination, ``np.fill_diagonal``'s matrix) change on every driver, with their views:
    arraykit computes, or runs the function on a writable host copy and writes the result
    back through ``__setitem__``; the read-only host array of an input is never written."""
    x = ak.asarray(DATA.copy())  # the NumPy driver would share DATA's memory
    row = x[1]
    host = np.asarray(x)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ak.HostFallbackWarning)
        assert np.add(x, 1.0, out=x) is x  # arraykit's add, written back
    np.testing.assert_array_equal(np.asarray(x), DATA + 1.0)
    np.testing.assert_array_equal(np.asarray(row), DATA[1] + 1.0)
    if not driver.capabilities.mutable:
        np.testing.assert_array_equal(host, DATA)  # a copy, and nothing wrote into it
    sums = ak.zeros(2)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ak.HostFallbackWarning)
        assert np.sum(x, axis=0, out=sums) is sums  # a NumPy function with an out=
        assert np.clip(x, 2.0, 4.0, out=x) is x
    np.testing.assert_array_equal(np.asarray(sums), (DATA + 1.0).sum(axis=0))
    np.testing.assert_array_equal(np.asarray(row), np.clip(DATA[1] + 1.0, 2.0, 4.0))
    clipped = np.clip(DATA + 1.0, 2.0, 4.0)
    assert not hasattr(ak, "fmod"), "pick a NumPy ufunc arraykit lacks for this check"
    with pytest.warns(ak.HostFallbackWarning, match="fmod"):
        assert np.fmod(x, 1.5, out=x) is x  # on the host, written back
    want = np.fmod(clipped, 1.5)
    np.testing.assert_allclose(np.asarray(x), want, rtol=1e-15)
    np.testing.assert_allclose(np.asarray(row), want[1], rtol=1e-15)
    with pytest.warns(ak.HostFallbackWarning, match="fill_diagonal"):
        np.fill_diagonal(x, -1.0)
    np.fill_diagonal(want, -1.0)
    np.testing.assert_allclose(np.asarray(row), want[1], rtol=1e-15)
    with pytest.warns(ak.HostFallbackWarning, match="copyto"):
        np.copyto(row, np.array([7.0, 8.0]))
    np.testing.assert_array_equal(np.asarray(x)[1], [7.0, 8.0])


def test_np_array_copies_are_writable(driver):
    x = ak.asarray(DATA)
    host = np.array(x)
    host[0, 0] = -1.0
    np.testing.assert_array_equal(np.asarray(x), DATA)
    if not driver.capabilities.mutable:
        with pytest.raises(ValueError, match="read-only"):
            np.asarray(x)[0, 0] = -1.0


def test_array_protocol_copy_false_shares_or_raises(driver):
    """NumPy 2's ``__array__(copy=False)``: no copy, or ValueError (as NumPy's own arrays,
    JAX's and Dask's do).  On a CPU device the host memory is shared; a lazy driver has
    no memory to share until it computes."""
    x = ak.asarray(DATA.copy())
    if driver.capabilities.lazy or x.device.kind != "cpu":
        with pytest.raises(ValueError, match="copy=False"):
            np.asarray(x, copy=False)
    else:
        assert np.shares_memory(np.asarray(x, copy=False), np.asarray(x))
    assert not np.shares_memory(np.asarray(x, copy=True), np.asarray(x))
    with pytest.raises(ValueError, match="copy=False"):  # a conversion needs a copy
        x.__array__(np.float32, copy=False)
    np.testing.assert_array_equal(x.__array__(np.float32), DATA.astype(np.float32))
