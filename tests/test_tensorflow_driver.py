"""The TensorFlow driver's own behaviour: devices and pinning, exact dtype emulation where
TF has no kernel, the standard's special cases TF gets wrong, interop, ``tf.function`` and
gradients, and that process-wide TF settings stay untouched.  Values are checked against
NumPy (or math), never against arraykit itself.

The driver-parametrised suite covers the standard on TF too (``ARRAYKIT_TEST_DRIVERS=
numpy,tensorflow``); this file holds what only the TF driver has.  Multi-device logic runs
in a subprocess that splits the CPU into logical devices before TF initialises.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator

import numpy as np
import pytest
from conftest import DRIVERS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import array_api as xps_mod

import arraykit as ak

pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif("tensorflow" not in DRIVERS, reason="the TF driver is not under test"),
]

tf = pytest.importorskip("tensorflow") if "tensorflow" in DRIVERS else None
xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")
fixture_ok = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
NARROW = ["int8", "int16", "uint8", "uint16", "uint32", "uint64"]
# Every TF op the driver lifts to a wider (or reinterpreted) dtype when a kernel is missing.
LIFTED_OPS = [
    "AddV2", "Sub", "Mul", "Neg", "Square", "Abs", "Sign", "Invert", "BitwiseAnd",
    "BitwiseOr", "BitwiseXor", "LeftShift", "RightShift", "Equal", "NotEqual", "Less",
    "LessEqual", "Greater", "GreaterEqual", "Maximum", "Minimum", "FloorDiv", "FloorMod",
    "Pow", "Sum", "Prod", "Max", "Min", "Cumsum", "Cumprod", "BatchMatMulV3",
]  # fmt: skip


@pytest.fixture
def tfd() -> Iterator[ak.drivers.Driver]:
    """The TF driver, active with NumPy promotion and 64-bit defaults."""
    drv = ak.drivers.get("tensorflow")
    with ak.use(drv, promotion="numpy", default_float="float64", default_int="int64"):
        yield drv


@pytest.fixture(scope="module")
def emulating() -> ak.drivers.Driver:
    """A TF driver told that no narrow-integer kernel exists (nor float32 for two ops), so
    every primitive takes its emulation path on this CPU."""
    from arraykit.drivers.tensorflow import TensorFlowDriver

    missing = {(op, d) for op in LIFTED_OPS for d in NARROW}
    missing |= {("Sin", "float32"), ("Atan2", "float32"), ("FloorDiv", "int64")}
    return TensorFlowDriver(_emulate=frozenset(missing))


def run_subprocess(code: str) -> dict:
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def check(result: ak.Array, expected: np.ndarray) -> None:
    expected = np.asarray(expected)
    assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    assert result.shape == expected.shape, (result.shape, expected.shape)
    np.testing.assert_array_equal(np.asarray(result), expected)


# ---------------------------------------------------------------------- the driver
def test_capabilities_and_native_values(tfd):
    caps = tfd.capabilities
    assert (caps.mutable, caps.multi_device, caps.data_dependent_shapes) == (False, True, True)
    assert caps.autodiff and caps.jit and caps.vmap and caps.float64 and caps.complex
    assert not caps.subnormals  # TF's CPU kernels flush them to zero
    x = ak.asarray([1.0, 2.0])
    assert isinstance(x.native, tf.Tensor)
    assert x.driver is tfd


def test_asarray_of_a_tensor_does_not_copy(tfd):
    t = tf.constant([1, 2, 3], dtype=tf.uint16)
    x = ak.asarray(t)
    assert x.native is t
    assert x.dtype == ak.uint16
    assert ak.asarray(t, copy=True).native is not t
    with pytest.raises(ValueError, match="copy=False"):
        ak.asarray(t, dtype=ak.float32, copy=False)
    with pytest.raises(ValueError, match="copy=False"):
        ak.asarray(np.ones(3), copy=False)


def test_numpy_view_is_read_only_and_exact(tfd):
    big = np.array([2**64 - 1, 2**63 + 5, 0], dtype=np.uint64)
    x = ak.asarray(big)
    view = np.asarray(x)
    np.testing.assert_array_equal(view, big)
    assert not view.flags.writeable
    assert int(x[0]) == 2**64 - 1


def test_dlpack_round_trips(tfd):
    x = ak.asarray(np.arange(6.0).reshape(2, 3))
    np.testing.assert_array_equal(np.from_dlpack(x), np.arange(6.0).reshape(2, 3))
    assert x.__dlpack_device__() == (1, 0)
    # NumPy memory is only 16-byte aligned: TF kernels need 64, so this copies
    y = ak.from_dlpack(np.arange(5, dtype=np.int32)[1:])
    check(y, np.arange(1, 5, dtype=np.int32))
    with pytest.raises(BufferError, match="copy=False"):
        ak.from_dlpack(np.arange(5, dtype=np.int32)[1:], copy=False)
    z = ak.from_dlpack(x)  # TF to TF: zero-copy
    check(z, np.arange(6.0).reshape(2, 3))


def test_setitem_is_functional_and_keeps_identity(tfd):
    x = ak.asarray(np.arange(12).reshape(3, 4))
    before = x.native
    same = x
    x[1, ak.asarray([0, 3])] = -1
    x[x > 9] = 0
    x[..., 1] = ak.asarray([7, 8, 9])
    expected = np.arange(12).reshape(3, 4)
    expected[1, [0, 3]] = -1
    expected[expected > 9] = 0
    expected[..., 1] = [7, 8, 9]
    assert x is same and x.native is not before
    check(x, expected)
    np.testing.assert_array_equal(before.numpy(), np.arange(12).reshape(3, 4))


@pytest.mark.parametrize(
    "key",
    [
        (slice(None), [0, 2]),
        ([0, 2], slice(None), [1, 3]),
        (slice(None), None, [1, 2], [0, 3]),
        (0, slice(None), [1, 3]),
        (Ellipsis, True),
        ([[0, 1], [2, 0]], 1),
    ],
)
def test_advanced_indexing_places_dims_like_numpy(tfd, key):
    a = np.arange(3 * 4 * 5 * 6).reshape(3, 4, 5, 6)
    x = ak.asarray(a)
    ak_key = tuple(ak.asarray(k) if isinstance(k, list) else k for k in key)
    check(x[ak_key], a[tuple(np.asarray(k) if isinstance(k, list) else k for k in key)])


def test_out_of_range_index_raises(tfd):
    x = ak.asarray([1.0, 2.0, 3.0])
    with pytest.raises(IndexError, match="out of bounds"):
        x[ak.asarray([0, 3])]
    with pytest.raises(IndexError, match="out of bounds"):
        ak.take(x, ak.asarray([5]))


# ---------------------------------------------------------------------- special cases
def test_integer_division_matches_numpy(tfd):
    for dtype in ("int8", "int64", "uint32"):
        info = np.iinfo(dtype)
        a = np.array([7, info.max, info.min, 0, 5, info.min], dtype=dtype)
        b = np.array([0, 3, 1 if dtype[0] == "u" else -1, 0, 2, 7], dtype=dtype)
        x1, x2 = ak.asarray(a), ak.asarray(b)
        with np.errstate(all="ignore"):
            check(ak.floor_divide(x1, x2), np.floor_divide(a, b))
            check(ak.remainder(x1, x2), np.remainder(a, b))


def test_float_floor_divide_and_remainder(tfd):
    vals = np.array([-0.0, 0.0, 1.5, -1.5, np.inf, -np.inf, np.nan, 7.0, -7.0])
    a, b = np.meshgrid(vals, vals)
    with np.errstate(all="ignore"):
        # the standard prefers floor(x1 / x2) where NumPy pairs // with % (infinities)
        q = np.asarray(ak.floor_divide(ak.asarray(a), ak.asarray(b)))
        np.testing.assert_array_equal(q, np.floor(a / b))
        assert np.array_equal(np.signbit(q), np.signbit(np.floor(a / b)))
        np.testing.assert_array_equal(
            np.asarray(ak.remainder(ak.asarray(a), ak.asarray(b))), np.remainder(a, b)
        )


def test_shifts_beyond_the_bit_width(tfd):
    a = np.array([1, -8, 127, -1], dtype=np.int8)
    s = np.array([8, 9, 100, 7], dtype=np.int8)
    check(ak.bitwise_left_shift(ak.asarray(a), ak.asarray(s)), np.left_shift(a, s))
    check(ak.bitwise_right_shift(ak.asarray(a), ak.asarray(s)), np.right_shift(a, s))
    u = np.array([255, 2**63, 1], dtype=np.uint64)
    us = np.array([64, 63, 70], dtype=np.uint64)
    check(ak.bitwise_right_shift(ak.asarray(u), ak.asarray(us)), np.right_shift(u, us))
    check(ak.bitwise_left_shift(ak.asarray(u), ak.asarray(us)), np.left_shift(u, us))


def test_float_special_cases(tfd):
    a = np.array([0.5, 1.5, 2.5, -0.5, -2.5, np.nan, -0.0])
    check(ak.round(ak.asarray(a)), np.round(a))  # half to even
    check(ak.sign(ak.asarray(a)), np.sign(a))
    check(ak.copysign(ak.asarray(a), ak.asarray(-np.ones(7))), np.copysign(a, -1.0))
    check(ak.signbit(ak.asarray(a)), np.signbit(a))
    check(ak.nextafter(ak.asarray(a), ak.asarray(np.full(7, np.inf))), np.nextafter(a, np.inf))
    b = np.array([1.0, np.nan, 3.0, np.nan, -np.inf, 0.0, 1.0])
    check(ak.maximum(ak.asarray(a), ak.asarray(b)), np.maximum(a, b))
    check(ak.minimum(ak.asarray(b), ak.asarray(a)), np.minimum(b, a))
    m = np.array([[1.0, np.nan, 2.0], [3.0, 4.0, 5.0]])
    check(ak.max(ak.asarray(m), axis=1), np.max(m, axis=1))
    check(ak.min(ak.asarray(m), axis=0), np.min(m, axis=0))
    check(ak.argmax(ak.asarray(m), axis=1), np.argmax(m, axis=1))
    z = np.array([3 + 4j, 0j, complex(np.nan, 1), -2j])
    with np.errstate(invalid="ignore"):
        np.testing.assert_allclose(np.asarray(ak.sign(ak.asarray(z))), np.sign(z))


def test_integer_pow_with_negative_exponents(tfd):
    a = np.array([1, -1, -1, 2, 0, 3], dtype=np.int32)
    b = np.array([-3, -3, -2, -1, 2, 2], dtype=np.int32)
    with pytest.raises(ValueError, match="negative integer powers"):  # eagerly: NumPy's
        ak.pow(ak.asarray(a), ak.asarray(b))
    # traced, the values are unknown: core's defined result (ak.pow's docstring)
    traced = ak.jit(ak.pow)(ak.asarray(a), ak.asarray(b))
    check(traced, np.array([1, -1, 1, 0, 0, 9], dtype=np.int32))


# ---------------------------------------------------------------------- dtype emulation
@pytest.mark.parametrize("dtype", INTS)
def test_emulated_integer_ops_are_exact(emulating, dtype):
    info = np.iinfo(dtype)
    rng = np.random.default_rng(len(dtype))
    a = rng.integers(info.min, info.max, size=40, dtype=dtype, endpoint=True)
    b = rng.integers(info.min, info.max, size=40, dtype=dtype, endpoint=True)
    a[:4] = [info.max, info.min, info.max - 1, 0]
    b[:4] = [3, 7, info.max, 1]
    b[b == 0] = 1
    shifts = (rng.integers(0, info.bits + 3, size=40)).astype(dtype)
    with ak.use(emulating, promotion="numpy", default_int="int64"):
        x1, x2 = ak.asarray(a), ak.asarray(b)
        with np.errstate(all="ignore"):
            for f in ("add", "subtract", "multiply", "floor_divide", "remainder", "maximum",
                      "minimum", "bitwise_and", "bitwise_or", "bitwise_xor", "less",
                      "greater_equal", "equal"):  # fmt: skip
                check(getattr(ak, f)(x1, x2), getattr(np, f)(a, b))
            for f in ("negative", "square", "abs", "sign", "bitwise_invert"):
                check(getattr(ak, f)(x1), getattr(np, f)(a))
            check(ak.bitwise_left_shift(x1, ak.asarray(shifts)), np.left_shift(a, shifts))
            check(ak.bitwise_right_shift(x1, ak.asarray(shifts)), np.right_shift(a, shifts))
            small = (np.abs(b.astype(np.int64)) % 70).astype(dtype)
            check(ak.pow(x1, ak.asarray(small)), np.power(a, small))
        check(ak.sum(x1, dtype=dtype), np.sum(a, dtype=dtype))
        check(ak.prod(x1, dtype=dtype), np.prod(a, dtype=dtype))
        check(ak.max(x1), np.max(a))
        check(ak.min(x1), np.min(a))
        check(ak.cumulative_sum(x1, dtype=dtype), np.cumsum(a, dtype=dtype))
        check(ak.sort(x1), np.sort(a))
        m1, m2 = ak.reshape(x1, (5, 8)), ak.reshape(x2, (8, 5))
        with np.errstate(all="ignore"):
            check(ak.matmul(m1, m2), np.matmul(a.reshape(5, 8), b.reshape(8, 5)))


def test_emulated_uint64_above_2_63(emulating):
    a = np.array([2**64 - 1, 2**63, 2**63 + 12345, 17, 2**64 - 2], dtype=np.uint64)
    b = np.array([2**63 + 1, 3, 2**64 - 1, 2**63, 10], dtype=np.uint64)
    with ak.use(emulating):
        x1, x2 = ak.asarray(a), ak.asarray(b)
        for f in ("floor_divide", "remainder", "maximum", "less", "add", "multiply"):
            check(getattr(ak, f)(x1, x2), getattr(np, f)(a, b))
        check(ak.argsort(x1), np.argsort(a, kind="stable"))


def test_emulated_float32_ops(emulating):
    a = np.linspace(-3, 3, 11, dtype=np.float32)
    with ak.use(emulating):
        r = ak.sin(ak.asarray(a))
        assert r.dtype == ak.float32
        np.testing.assert_allclose(np.asarray(r), np.sin(a), rtol=1e-6)
        r = ak.atan2(ak.asarray(a), ak.asarray(a[::-1].copy()))
        np.testing.assert_allclose(np.asarray(r), np.arctan2(a, a[::-1]), rtol=1e-6)


@fixture_ok
@given(
    data=st.data(),
    dtype=st.sampled_from(INTS),
)
def test_elementwise_matches_numpy_property(tfd, data, dtype):
    shape = data.draw(xps.array_shapes(max_dims=2, max_side=5))
    a = data.draw(xps.arrays(np.dtype(dtype), shape))
    b = data.draw(xps.arrays(np.dtype(dtype), shape))
    x1, x2 = ak.asarray(a), ak.asarray(b)
    with np.errstate(all="ignore"):
        for f in ("add", "multiply", "floor_divide", "remainder", "maximum", "less_equal"):
            check(getattr(ak, f)(x1, x2), getattr(np, f)(a, b))
    if a.ndim:
        check(ak.argsort(x1, axis=-1, stable=True), np.argsort(a, axis=-1, kind="stable"))
        desc = np.flip(np.argsort(np.flip(a, -1), axis=-1, kind="stable"), -1)
        check(ak.argsort(x1, axis=-1, descending=True), a.shape[-1] - 1 - desc)


# ---------------------------------------------------------------------- sorting, sets, fft
@pytest.mark.parametrize("kind", ["quicksort", "mergesort", "heapsort", "stable"])
def test_sort_kinds_are_stable(tfd, kind):
    a = np.array([3, 1, 2, 1, 3, 0, 1], dtype=np.int16)
    check(ak.argsort(ak.asarray(a), kind=kind), np.argsort(a, kind="stable"))
    check(ak.sort(ak.asarray(a), kind=kind, descending=True), np.sort(a)[::-1])


def test_unique_nan_rules(tfd):
    a = np.array([2.0, np.nan, -0.0, 0.0, np.nan, 2.0, 1.0])
    r = ak.unique_all(ak.asarray(a))
    vals = np.asarray(r.values)
    assert np.isnan(vals).sum() == 2 and (vals == 0).sum() == 1
    np.testing.assert_array_equal(np.asarray(r.counts)[~np.isnan(vals)], [2, 1, 2])
    np.testing.assert_array_equal(
        vals[np.asarray(r.inverse_indices)][~np.isnan(a)], a[~np.isnan(a)]
    )


def test_fft_float64_gives_complex128(tfd):
    a = np.random.default_rng(0).random((4, 6))
    r = ak.fft.fftn(ak.asarray(a), s=(5, 4), axes=(1, 0), norm="ortho")
    assert r.dtype == ak.complex128
    np.testing.assert_allclose(np.asarray(r), np.fft.fftn(a, s=(5, 4), axes=(1, 0), norm="ortho"))
    r = ak.fft.irfftn(ak.fft.rfftn(ak.asarray(a)), s=a.shape, axes=(0, 1))
    np.testing.assert_allclose(np.asarray(r), a, atol=1e-12)


# ---------------------------------------------------------------------- tf.function, grads
def test_tf_function_with_unknown_dimensions(tfd):
    shapes = []

    # autograph=False: AutoGraph would transpile arraykit's own Python (seconds per trace)
    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float64)], autograph=False)
    def f(t):
        x = ak.asarray(t)
        shapes.append(x.shape)
        y = ak.sum(ak.sin(x) * 2, axis=0) + x[0]
        return ak.sort(y).native

    out = f(tf.constant(np.arange(6.0).reshape(2, 3)))
    a = np.arange(6.0).reshape(2, 3)
    np.testing.assert_allclose(out.numpy(), np.sort(np.sum(np.sin(a) * 2, axis=0) + a[0]))
    assert shapes == [(None, 3)]


def test_gradient_tape_sees_through_primitives(tfd):
    t = tf.constant([0.5, 1.0, 2.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(t)
        y = ak.sum(ak.tanh(ak.asarray(t)) ** 2).native
    g = tape.gradient(y, t).numpy()
    a = np.array([0.5, 1.0, 2.0])
    np.testing.assert_allclose(g, 2 * np.tanh(a) * (1 - np.tanh(a) ** 2))
    m = tf.constant(np.arange(6.0).reshape(2, 3))
    with tf.GradientTape() as tape:  # element reads stay on the tape
        tape.watch(m)
        y = (ak.positive(ak.asarray(m))[1, 2] * 3).native  # copies stay on the tape too
    np.testing.assert_array_equal(tape.gradient(y, m).numpy(), [[0, 0, 0], [0, 0, 3]])


def test_eager_vmap_traces_once_per_shape(tfd):
    # tf.vectorized_map, called eagerly, builds a new tf.function (and traces) every call.
    traced = []

    def f(row):
        traced.append(row.shape)
        return ak.sum(ak.sin(row) * row)

    mapped = ak.vmap(f)
    a, b = np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4)
    for x in (a, a, a + 1, b, b):
        got = mapped(ak.asarray(x))
        np.testing.assert_allclose(np.asarray(got), np.sum(np.sin(x) * x, axis=1))
    assert traced == [(3,), (4,)]


# ---------------------------------------------------------------------- devices
# One subprocess (TF takes seconds to import): split the CPU into three logical devices
# before TF initialises, snapshot TF's process-wide settings, use arraykit on every
# device, snapshot again.
_SUBPROCESS = """
import json
import numpy as np
import tensorflow as tf
from tensorflow.python.framework import ops
from tensorflow.python.ops.numpy_ops import np_dtypes

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 3)

def snapshot():
    return {
        "conversion": str(ops.get_dtype_conversion_mode()),
        "numpy_promotion": ops.is_numpy_style_type_promotion(),
        "numpy_slicing": ops._numpy_style_slicing,
        "tensor_methods": hasattr(tf.Tensor, "reshape") or hasattr(tf.Tensor, "ravel"),
        "prefer_float32": np_dtypes.is_prefer_float32(),
        "soft_placement": tf.config.get_soft_device_placement(),
        "run_eagerly": tf.config.functions_run_eagerly(),
        "tf32": tf.config.experimental.tensor_float_32_execution_enabled(),
        "jit": tf.config.optimizer.get_jit(),
    }

before = snapshot()
import arraykit as ak
ak.use("tensorflow")
out = {}
info = ak.__array_namespace_info__()
out["devices"] = [str(d) for d in info.devices()]
out["default"] = str(info.default_device())
x0 = ak.arange(6.0)
with ak.use(device="cpu:1"):
    x1 = ak.linspace(0, 1, 6)
    o = ak.ones((2, 3), dtype=ak.int8)
out["placed"] = [x0.native.device[-5:], x1.native.device[-5:], o.native.device[-5:]]
results = {
    "sin": ak.sin(x1), "add_scalar": x1 + 1, "getitem": x1[1:4], "sum": ak.sum(x1),
    "sort": ak.sort(x1), "where": ak.where(x1 > 0.5, x1, 0.0), "matmul": x1 @ x1,
    "fft": ak.fft.fft(x1), "unique": ak.unique_values(x1),
    "take": ak.take(x1, ak.asarray([1, 2], device="cpu:1")),
    "concat": ak.concat([x1, x1]), "eig": ak.linalg.eigvals(ak.reshape(x1[:4], (2, 2))),
    "uint64": ak.astype(x1, ak.uint64) // 3,
}
with tf.device("/CPU:2"):  # a caller's scope does not move work off the input's device
    results["scoped"] = ak.exp(x1)
out["runs_on"] = {k: v.native.device[-5:] for k, v in results.items()}
out["array_device"] = sorted({str(v.device) for v in results.values()})
y = x1.to_device("cpu:2")
out["to_device"] = [str(y.device), y.native.device[-5:], np.asarray(y).tolist()]
try:
    ak.add(x0, x1)
except ValueError as e:
    out["mix"] = str(e)
x1[0] = 5.0
out["setitem_device"] = x1.native.device[-5:]
z = ak.asarray([1, 2, 3], dtype=ak.uint64)
w = ak.fft.rfft(ak.astype(z, ak.float32)), ak.linalg.svd(ak.eye(3)), ak.unique_all(z)
out["before"], out["after"] = before, snapshot()
try:
    tf.constant([1], tf.int32) + tf.constant([1.5])
    out["mixed"] = "promoted"
except Exception:
    out["mixed"] = "raised"
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def subprocess_report() -> dict:
    return run_subprocess(_SUBPROCESS)


def test_devices_placement_pinning_and_mixing(subprocess_report):
    out = subprocess_report
    assert out["devices"] == ["cpu", "cpu:1", "cpu:2"]
    assert out["default"] == "cpu"
    assert out["placed"] == ["CPU:0", "CPU:1", "CPU:1"]
    assert set(out["runs_on"].values()) == {"CPU:1"}, out["runs_on"]
    assert out["array_device"] == ["cpu:1"]
    assert out["to_device"][:2] == ["cpu:2", "CPU:2"]
    np.testing.assert_allclose(out["to_device"][2], np.linspace(0, 1, 6))
    assert "two devices" in out["mix"] and "cpu:1" in out["mix"]
    assert out["setitem_device"] == "CPU:1"


def test_process_wide_tf_settings_are_untouched(subprocess_report):
    out = subprocess_report
    assert out["before"] == out["after"]
    assert out["mixed"] == "raised"  # TF's own strict dtype rules still hold


# ---------------------------------------------------------------------- unknown sizes
@pytest.mark.parametrize(
    "name",
    ["tensordot", "tensordot_batch", "fft_pad", "fft_crop", "pinv", "pinv_rtol"],
)
def test_sizes_unknown_while_tracing(tfd: ak.drivers.Driver, name: str) -> None:
    """Under ``ak.jit`` a boolean index leaves a size unknown until the program runs (TF
    allows it); these primitives read sizes while tracing and raised Python's
    ``TypeError`` (``int * None``) instead of computing."""
    host = np.array([-2.0, 3.0, -1.0, 4.0, 5.0, -6.0, 7.0])
    w = np.arange(12.0).reshape(4, 3)
    fs = {
        "tensordot": (lambda a, xp: xp.tensordot(a[a > 0][:4], xp.asarray(w), axes=1)),
        "tensordot_batch": (lambda a, xp: xp.tensordot(
            xp.reshape(a[a > 0], (-1, 1)), xp.reshape(a[a > 0], (1, -1)), axes=1)),
        "fft_pad": (lambda a, xp: xp.fft.fft(a[a > 0], n=8)),
        "fft_crop": (lambda a, xp: xp.fft.fft(a[a > 0], n=2)),
        "pinv": (lambda a, xp: xp.linalg.pinv(xp.reshape(a[a > 0], (1, -1)))),
        "pinv_rtol": (lambda a, xp: xp.linalg.pinv(xp.reshape(a[a > 0], (-1, 1)), rtol=0.1)),
    }  # fmt: skip
    f = fs[name]
    want = f(host, np)
    got = ak.jit(lambda a: f(a, ak))(ak.asarray(host))
    assert got.shape == want.shape
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12, atol=1e-12)
