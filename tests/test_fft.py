"""The FFT extension: values against numpy.fft, round trips, dtypes and errors against the
spec."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")
# Few examples: every new shape costs a compilation on tracing drivers (JAX).
fixture_ok = settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=15)

RNG = np.random.default_rng(1)
R = RNG.standard_normal((3, 4, 5))
C = R + 1j * RNG.standard_normal((3, 4, 5))
NORMS = ["backward", "ortho", "forward"]


def close(result: ak.Array, expected: np.ndarray, rtol: float = 1e-10) -> None:
    expected = np.asarray(expected)
    assert result.shape == expected.shape
    np.testing.assert_allclose(np.asarray(result), expected, rtol=rtol, atol=rtol)


def arr(x: np.ndarray) -> ak.Array:
    return ak.asarray(np.asarray(x))


def test_namespace_has_the_14_spec_names():
    names = {
        "fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
        "fftfreq", "rfftfreq", "fftshift", "ifftshift",
    }  # fmt: skip
    assert set(ak.fft.__all__) == names
    assert all(callable(getattr(ak.fft, n)) for n in names)


# ---------------------------------------------------------------------- 1-D transforms
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize(("n", "axis"), [(None, -1), (3, 0), (9, 1), (None, -3)])
@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
def test_one_dimensional_against_numpy(driver, name, n, axis, norm):
    x = R if name in ("rfft", "ihfft") else C
    out = getattr(ak.fft, name)(arr(x), n=n, axis=axis, norm=norm)
    close(out, getattr(np.fft, name)(x, n=n, axis=axis, norm=norm))


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize(
    ("s", "axes"),
    [(None, None), (None, (0, 2)), ((2, 6), (1, 0)), ((-1, 8), (0, 2)), (None, (-1,))],
)
@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_n_dimensional_against_numpy(driver, name, s, axes, norm):
    x = R if name == "rfftn" else C
    out = getattr(ak.fft, name)(arr(x), s=s, axes=axes, norm=norm)
    if s is not None:  # -1: the size of that axis
        s = tuple(x.shape[a] if n == -1 else n for a, n in zip(axes, s, strict=True))
    close(out, getattr(np.fft, name)(x, s=s, axes=axes, norm=norm))


# ---------------------------------------------------------------------- dtypes
@pytest.mark.parametrize(
    ("name", "dtype", "out"),
    [
        ("fft", "complex64", "complex64"), ("fft", "float32", "complex64"),
        ("fft", "float64", "complex128"), ("ifftn", "float32", "complex64"),
        ("rfft", "float64", "complex128"), ("rfftn", "float32", "complex64"),
        ("irfft", "complex64", "float32"), ("irfftn", "complex128", "float64"),
        ("irfft", "float32", "float32"), ("hfft", "complex64", "float32"),
        ("ihfft", "float32", "complex64"), ("fftshift", "float32", "float32"),
    ],
)  # fmt: skip
def test_result_dtypes(driver, name, dtype, out):
    x = np.arange(8).astype(dtype)
    result = getattr(ak.fft, name)(arr(x))
    assert result.dtype == np.dtype(out)
    rtol = 1e-5 if np.dtype(out) in (np.float32, np.complex64) else 1e-10
    close(result, getattr(np.fft, name)(x), rtol=rtol)


@pytest.mark.parametrize(
    ("name", "out"),
    [("fft", "complex128"), ("rfft", "complex128"), ("irfft", "float64"), ("ihfft", "complex128")],
)
def test_integer_input_computes_in_the_default_float(driver, name, out):
    x = np.arange(8, dtype=np.int32)
    result = getattr(ak.fft, name)(arr(x))
    assert result.dtype == np.dtype(out)
    close(result, getattr(np.fft, name)(x.astype(np.float64)))
    with ak.use(default_float="float32"):
        assert getattr(ak.fft, name)(arr(x)).dtype == np.dtype(
            out.replace("128", "64").replace("float64", "float32")
        )


def test_integer_input_refused_under_strict(driver):
    x = arr(np.arange(4))
    with ak.use(promotion="strict"):
        with pytest.raises(TypeError, match="fft: 'x' must have a floating-point dtype, got int64"):
            ak.fft.fft(x)
        with pytest.raises(TypeError, match="rfft: 'x' must have a real floating-point dtype"):
            ak.fft.rfft(x)


def test_complex_input_to_real_transforms_is_refused(driver):
    for name in ("rfft", "rfftn", "ihfft"):
        with pytest.raises(TypeError, match=f"{name}: 'x' must have a real floating-point dtype"):
            getattr(ak.fft, name)(arr(C))


# ---------------------------------------------------------------------- round trips
@pytest.mark.parametrize("norm", NORMS)
def test_round_trips(driver, norm):
    close(ak.fft.ifft(ak.fft.fft(arr(C), norm=norm), norm=norm), C)
    close(ak.fft.ifftn(ak.fft.fftn(arr(C), norm=norm), norm=norm), C)
    close(ak.fft.irfft(ak.fft.rfft(arr(R), norm=norm), n=5, norm=norm), R)
    spec = ak.fft.rfftn(arr(R), axes=(0, 1, 2), norm=norm)
    close(ak.fft.irfftn(spec, s=R.shape, axes=(0, 1, 2), norm=norm), R)
    close(ak.fft.hfft(ak.fft.ihfft(arr(R), norm=norm), n=5, norm=norm), R)


def test_fftn_over_no_axes_is_a_copy(driver):
    x = arr(C)
    out = ak.fft.fftn(x, axes=())
    np.testing.assert_array_equal(np.asarray(out), C)


# ---------------------------------------------------------------------- frequencies
@pytest.mark.parametrize("n", [1, 2, 5, 8])
@pytest.mark.parametrize("d", [1.0, 0.25, 3])
def test_frequencies(driver, n, d):
    close(ak.fft.fftfreq(n, d=d), np.fft.fftfreq(n, d=d), rtol=1e-15)
    close(ak.fft.rfftfreq(n, d=d), np.fft.rfftfreq(n, d=d), rtol=1e-15)


def test_frequency_dtypes(driver):
    assert ak.fft.fftfreq(4).dtype == ak.float64
    out = ak.fft.rfftfreq(10, d=0.1, dtype=ak.float32)
    assert out.dtype == ak.float32
    close(out, np.fft.rfftfreq(10, d=0.1).astype(np.float32), rtol=1e-7)
    with ak.use(default_float="float32"):
        assert ak.fft.fftfreq(4).dtype == ak.float32
    assert ak.fft.fftfreq(3, device=ak.fft.fftfreq(1).device).device == driver.default_device()


# ---------------------------------------------------------------------- shifts
@pytest.mark.parametrize("axes", [None, 0, -1, (0, 2), [2, 1]])
def test_shifts_against_numpy(driver, axes):
    close(ak.fft.fftshift(arr(R), axes=axes), np.fft.fftshift(R, axes=axes), rtol=0)
    close(ak.fft.ifftshift(arr(R), axes=axes), np.fft.ifftshift(R, axes=axes), rtol=0)
    back = ak.fft.ifftshift(ak.fft.fftshift(arr(R), axes=axes), axes=axes)
    np.testing.assert_array_equal(np.asarray(back), R)


def test_shift_of_integers_and_0d(driver):
    np.testing.assert_array_equal(np.asarray(ak.fft.fftshift(arr(np.arange(5)))), [3, 4, 0, 1, 2])
    assert float(ak.fft.ifftshift(arr(np.float64(2.0)))) == 2.0


# ---------------------------------------------------------------------- errors
def test_argument_errors(driver):
    x = arr(C)
    with pytest.raises(ValueError, match="fft: 'norm' must be one of 'backward', 'ortho'"):
        ak.fft.fft(x, norm="none")
    with pytest.raises(ValueError, match=r"ifft: invalid number of data points \(0\)"):
        ak.fft.ifft(x, n=0)
    with pytest.raises(TypeError, match="rfft: 'n' must be an int, got float"):
        ak.fft.rfft(arr(R), n=4.0)
    with pytest.raises(IndexError, match="fft: axis=3 is out of range"):
        ak.fft.fft(x, axis=3)
    with pytest.raises(IndexError, match="fft: axis=-1 is out of range"):
        ak.fft.fft(arr(np.complex128(1)))
    with pytest.raises(ValueError, match=r"irfft: invalid number of data points \(0\)"):
        ak.fft.irfft(arr(np.ones((2, 1), complex)))  # default n = 2 * (1 - 1)
    with pytest.raises(ValueError, match="fftn: 's' requires 'axes'"):
        ak.fft.fftn(x, s=(2, 2, 2))
    with pytest.raises(ValueError, match=r"ifftn: 's' \(\(2,\)\) and 'axes' \(\(0, 1\)\) differ"):
        ak.fft.ifftn(x, s=(2,), axes=(0, 1))
    with pytest.raises(ValueError, match="fftn: repeated axis"):
        ak.fft.fftn(x, axes=(0, -3))
    with pytest.raises(IndexError, match="rfftn: axes=5 is out of range"):
        ak.fft.rfftn(arr(R), axes=(5,))
    with pytest.raises(ValueError, match="irfftn: at least one axis"):
        ak.fft.irfftn(x, axes=())
    with pytest.raises(TypeError, match="fftn: 'axes' must be a sequence of ints"):
        ak.fft.fftn(x, axes=1)
    with pytest.raises(TypeError, match="hfft: 'x' must be an arraykit array"):
        ak.fft.hfft(C)


def test_frequency_and_shift_errors(driver):
    with pytest.raises(ValueError, match="fftfreq: 'n' must be at least 1, got 0"):
        ak.fft.fftfreq(0)
    with pytest.raises(ValueError, match="rfftfreq: the sample spacing 'd' must not be zero"):
        ak.fft.rfftfreq(4, d=0)
    with pytest.raises(TypeError, match="fftfreq: 'dtype' must be a real floating-point dtype"):
        ak.fft.fftfreq(4, dtype=ak.complex128)
    with pytest.raises(TypeError, match="fftfreq: 'd' must be a real number"):
        ak.fft.fftfreq(4, d="1")
    with pytest.raises(ValueError, match="unknown device"):
        ak.fft.fftfreq(4, device="nowhere:7")
    with pytest.raises(IndexError, match="fftshift: axes=3 is out of range"):
        ak.fft.fftshift(arr(R), axes=3)
    with pytest.raises(ValueError, match="ifftshift: repeated axis"):
        ak.fft.ifftshift(arr(R), axes=(1, 1))


# ---------------------------------------------------------------------- properties
@fixture_ok
@given(
    x=xps.arrays(
        dtype=np.float64,
        shape=xps.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=6),
        elements={"min_value": -1e3, "max_value": 1e3, "allow_subnormal": False},
    ),
    norm=st.sampled_from(NORMS),
)
def test_transforms_match_numpy_on_random_arrays(driver, x, norm):
    c = x + 0.5j * x[..., ::-1]
    close(ak.fft.fftn(ak.asarray(c), norm=norm), np.fft.fftn(c, norm=norm), rtol=1e-9)
    close(ak.fft.rfftn(ak.asarray(x), norm=norm), np.fft.rfftn(x, norm=norm), rtol=1e-9)
    back = ak.fft.irfft(ak.fft.rfft(ak.asarray(x), norm=norm), n=x.shape[-1], norm=norm)
    close(back, x, rtol=1e-9)
