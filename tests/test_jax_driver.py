"""The JAX driver's own behaviour: 64-bit exactness, functional ``__setitem__``, devices,
pytrees under ``jax.jit``/``vmap``/``grad``, data-dependent shapes under tracing, and the
extras.  Values are checked against NumPy (or math), never against arraykit itself.

The driver-parametrised suite covers the standard on JAX too (``ARRAYKIT_TEST_DRIVERS=
numpy,jax``); this file holds what only a JAX driver has.  Multi-device logic runs in a
subprocess with ``XLA_FLAGS=--xla_force_host_platform_device_count=2``.
"""

from __future__ import annotations

import json
import os
import re
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
    pytest.mark.jax,
    pytest.mark.skipif("jax" not in DRIVERS, reason="the JAX driver is not under test"),
]

jax = pytest.importorskip("jax") if "jax" in DRIVERS else None
xps = xps_mod.make_strategies_namespace(np, api_version="2024.12")
fixture_ok = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def jx() -> Iterator[ak.drivers.Driver]:
    """The JAX driver, active with NumPy promotion and 64-bit defaults."""
    drv = ak.drivers.get("jax")
    with ak.use(drv, promotion="numpy", default_float="float64", default_int="int64"):
        yield drv


def run_subprocess(code: str, devices: int = 1) -> dict:
    env = dict(os.environ, XLA_FLAGS=f"--xla_force_host_platform_device_count={devices}")
    env["JAX_PLATFORMS"] = "cpu"
    env.pop("JAX_ENABLE_X64", None)
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------- the driver
def test_capabilities_and_native_values(jx):
    caps = jx.capabilities
    assert (caps.mutable, caps.multi_device, caps.data_dependent_shapes) == (False, True, True)
    assert caps.autodiff and caps.jit and caps.vmap and caps.float64 and caps.complex
    assert set(caps.sort_kinds) == {"quicksort", "mergesort", "heapsort", "stable"}
    x = ak.asarray([1.0, 2.0])
    assert isinstance(x.native, jax.Array)
    assert x.driver is jx
    # XLA flushes subnormal results to zero (storage keeps them); the flag says so.
    assert not caps.subnormals
    tiny = ak.asarray(2.0**-1060)
    assert float(tiny) == 2.0**-1060 and float(tiny + 0.0) == 0.0


@pytest.mark.parametrize(
    ("value", "dtype"),
    [
        (2**63 + 12345, "uint64"),
        (-(2**62) - 7, "int64"),
        (1.0 + 2.0**-40, "float64"),
        (1.0 + 2.0**-40 + 3j, "complex128"),
    ],
)
def test_64_bit_types_keep_their_width(jx, value, dtype):
    x = ak.asarray([value, value], dtype=np.dtype(dtype))
    assert x.dtype == np.dtype(dtype)
    assert x.native.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(np.asarray(x), np.array([value, value], dtype=dtype))
    # Arithmetic stays 64-bit too: float32 would round 1 + 2**-40 to 1.
    y = x - x[0]
    np.testing.assert_array_equal(np.asarray(y), np.zeros(2, dtype=dtype))
    assert (ak.sum(x) - x[0]).dtype == np.dtype(dtype)


def test_default_dtypes_are_64_bit(jx):
    assert ak.asarray([1, 2]).dtype == ak.int64
    assert ak.asarray([1.5]).dtype == ak.float64
    assert ak.arange(3).native.dtype == np.int64
    assert ak.zeros(2).native.dtype == np.float64


def test_asarray_copy_semantics_with_host_data(jx):
    if jx.default_device().kind != "cpu":
        pytest.skip("host memory can only be shared with a CPU device")
    buf = np.zeros(16)
    start = (-buf.ctypes.data % 64) // 8  # XLA:CPU shares 64-byte aligned buffers only
    data = buf[start : start + 4]
    data[:] = np.arange(4.0)
    shared = ak.asarray(data, copy=False)  # never copies: JAX views the host buffer
    copied = ak.asarray(data, copy=True)
    data[0] = 100.0
    assert np.asarray(shared)[0] == 100.0
    assert np.asarray(copied)[0] == 0.0
    with pytest.raises(ValueError, match="copy=False"):
        ak.asarray(data, dtype=ak.float32, copy=False)


def test_python_scalars_keep_signed_zeros_and_nans(jx):
    # Scalar operands are cached per value: -0.0 == 0.0 must not share an entry.
    x = ak.asarray([1.0, -1.0])
    assert np.signbit(np.asarray(ak.asarray(-0.0)))
    assert not np.signbit(np.asarray(ak.asarray(0.0)))
    np.testing.assert_array_equal(np.asarray(ak.copysign(x, -0.0)), [-1.0, -1.0])
    np.testing.assert_array_equal(np.asarray(ak.copysign(x, 0.0)), [1.0, 1.0])
    # NaNs of either sign are equal to nothing, and must not share an entry either.
    assert not np.signbit(np.asarray(ak.asarray(float("nan"))))
    assert np.signbit(np.asarray(ak.asarray(-float("nan"))))


# ---------------------------------------------------------------------- setitem
def test_setitem_basic_boolean_and_integer_array_keys(jx):
    data = np.arange(12.0).reshape(3, 4)
    x = ak.asarray(data)
    ident = id(x)
    expected = data.copy()
    x[1] = 100.0
    expected[1] = 100.0
    x[:, 1:3] = ak.asarray([-1.0, -2.0])
    expected[:, 1:3] = [-1.0, -2.0]
    mask = data > 8
    x[ak.asarray(mask)] = 7.0
    expected[mask] = 7.0
    x[ak.asarray([0, 2]), ak.asarray([3, 0])] = ak.asarray([50.0, 60.0])
    expected[[0, 2], [3, 0]] = [50.0, 60.0]
    x[ak.asarray(data < 2)] = ak.asarray([8.0, 9.0])  # one value per selected element
    expected[data < 2] = [8.0, 9.0]
    assert id(x) == ident
    np.testing.assert_array_equal(np.asarray(x), expected)


def test_setitem_failure_leaves_the_array_unchanged(jx):
    x = ak.asarray([1.0, 2.0, 3.0])
    before = x.native
    with pytest.raises(IndexError, match="out of bounds"):
        x[ak.asarray([0, 3])] = 5.0
    with pytest.raises(IndexError, match="out of bounds"):
        x[5] = 1.0
    with pytest.raises(ValueError, match="broadcast"):
        x[:2] = ak.asarray([1.0, 2.0, 3.0])
    assert x.native is before


def test_out_of_range_indices_raise_eagerly(jx):
    x = ak.asarray([1.0, 2.0, 3.0])
    with pytest.raises(IndexError, match="index 3 is out of bounds"):
        x[ak.asarray([0, 3])]
    with pytest.raises(IndexError, match="-4"):
        ak.take(x, ak.asarray([-4]))


def test_under_jit_out_of_range_indices_follow_jax(jx):
    # Documented: core cannot check traced indices; JAX clamps gathers, fills for take
    # and drops out-of-range scatters.
    x = ak.asarray([1.0, 2.0, 3.0])

    def f(v, i):
        y = ak.asarray(v, copy=True)
        y[i] = ak.asarray([9.0, 9.0])
        return v[i], ak.take(v, i), y

    got, taken, updated = jax.jit(f)(x, ak.asarray([1, 7]))
    np.testing.assert_array_equal(np.asarray(got), [2.0, 3.0])
    assert np.isnan(np.asarray(taken)[1])
    np.testing.assert_array_equal(np.asarray(updated), [1.0, 9.0, 3.0])


def test_to_scalar_raises_on_tracers(jx):
    def f(v):
        return jx.to_scalar(v.native)

    with pytest.raises(TypeError, match="traced value"):
        jax.jit(f)(ak.asarray(1.0))
    with pytest.raises(TypeError, match="traced value"):
        jax.jit(lambda v: float(v))(ak.asarray(1.0))


# ---------------------------------------------------------------------- pytrees
def test_user_jit_accepts_and_returns_arrays(jx):
    data = np.linspace(-2, 2, 7, dtype=np.float32)
    f = jax.jit(lambda x: ak.sin(x) + 1)
    out = f(ak.asarray(data))
    assert isinstance(out, ak.Array)
    assert out.dtype == ak.float32
    np.testing.assert_allclose(np.asarray(out), np.sin(data) + 1, rtol=1e-6)
    out2 = f(ak.asarray(data[::-1].copy()))  # the compiled function is reused
    np.testing.assert_allclose(np.asarray(out2), np.sin(data[::-1]) + 1, rtol=1e-6)
    # The scalar operand made while tracing was a tracer: it must not be reused eagerly.
    np.testing.assert_allclose(np.asarray(ak.asarray(data) + 1), data + 1)


def test_vmap_and_grad_keep_dtypes(jx):
    data = np.arange(6, dtype=np.float32).reshape(3, 2)
    seen = []

    def row_norm(r):
        seen.append(r.dtype)
        return ak.sum(r * r)

    out = jax.vmap(row_norm)(ak.asarray(data))
    assert out.dtype == ak.float32 and seen == [ak.float32]
    np.testing.assert_allclose(np.asarray(out), (data**2).sum(axis=1))

    # jax.grad needs a JAX scalar out: return .native (ak.grad does that for you).
    g = jax.grad(lambda w: ak.sum(ak.tanh(w) ** 2).native)(ak.asarray(data[0]))
    assert isinstance(g, ak.Array) and g.dtype == ak.float32
    t = np.tanh(data[0].astype(np.float64))
    np.testing.assert_allclose(np.asarray(g), 2 * t * (1 - t**2), rtol=1e-5)


def test_jit_results_belong_to_the_driver_of_the_arguments(jx):
    # ak.jit's fast path is bound to the first call's driver; another JAX driver
    # instance (its own device rules) must get results of its own.
    other = type(jx)()
    f = ak.jit(lambda a, b: (a * b, ak.sum(a)))
    data = np.arange(3.0)
    for drv in (jx, other, jx, other):
        with ak.use(drv):
            x = ak.asarray(data)
        prod, total = f(x, x)
        assert prod.driver is drv and total.driver is drv
        np.testing.assert_array_equal(np.asarray(prod), data * data)
        assert float(total) == 3.0


def test_jit_keeps_each_drivers_compiled_form(jx):
    # One wrapper used on JAX, then NumPy (no compiler), then JAX again, as a library
    # tested on several namespaces does: back on JAX, the form JAX compiled is reused
    # (no trace again), for single results and containers alike.
    traces = []

    def f(a, b):
        traces.append(type(a.driver).__name__)
        return a * b, {"s": ak.sum(a)}

    single = ak.jit(lambda a: a * 2)
    jf = ak.jit(f)
    data = np.arange(3.0)
    x, xn = ak.asarray(data), ak.asarray(data, driver="numpy")
    for _ in range(3):
        for v in (x, xn):
            prod, parts = jf(v, v)
            assert prod.driver is v.driver and parts["s"].driver is v.driver
            np.testing.assert_array_equal(np.asarray(prod), data * data)
            assert float(parts["s"]) == 3.0
            out = single(v)
            assert out.driver is v.driver
            np.testing.assert_array_equal(np.asarray(out), data * 2)
    assert traces.count(type(jx).__name__) == 1  # NumPy runs f on every call


def _nested_calls(jaxpr) -> list[str]:
    """Names of the call primitives (nested ``jit``s) anywhere in ``jaxpr``."""
    found = []
    for eqn in jaxpr.eqns:
        if eqn.primitive.name in ("jit", "pjit", "closed_call", "core_call"):
            found.append(eqn.primitive.name)
        for value in eqn.params.values():
            for item in value if isinstance(value, (tuple, list)) else (value,):
                sub = getattr(item, "jaxpr", item)  # ClosedJaxpr or Jaxpr
                if hasattr(sub, "eqns"):
                    found += _nested_calls(sub)
    return found


def _entry_ops(compiled_text: str) -> list[str]:
    """The opcodes of the ENTRY computation of an optimized HLO module, in order."""
    entry = compiled_text[compiled_text.index("\nENTRY") :]
    entry = entry[: entry.index("\n}")]
    return re.findall(r"= \S+ ([a-z][a-z0-9-]*)\(", entry)


def test_traced_code_lowers_like_its_jax_numpy_twin(jx):
    # Driver kernels are inlined into a trace: ak code compiles to the program jnp code
    # compiles to (nested calls reorder XLA's schedule and change run time).
    jnp = pytest.importorskip("jax.numpy")
    rng = np.random.default_rng(0)
    p = {"w": rng.normal(size=(8, 4)).astype(np.float32), "b": np.zeros(4, np.float32)}
    x = rng.normal(size=(16, 8)).astype(np.float32)

    def ak_loss(p, x):
        h = ak.maximum(x @ p["w"] + p["b"], 0.0)
        return ak.mean(1 / (1 + ak.exp(-h)) ** 2)

    def jnp_loss(p, x):
        mm = jnp.matmul(x, p["w"], precision=jax.lax.Precision.HIGHEST)
        h = jnp.maximum(mm + p["b"], 0.0)
        return jnp.mean(1 / (1 + jnp.exp(-h)) ** 2)

    pa, xa = {k: ak.asarray(v) for k, v in p.items()}, ak.asarray(x)
    pj, xj = {k: jnp.asarray(v) for k, v in p.items()}, jnp.asarray(x)
    ak_grad = ak.grad(ak_loss)
    assert _nested_calls(jax.make_jaxpr(ak_grad)(pa, xa).jaxpr) == []
    ak_ops = _entry_ops(jax.jit(ak_grad).lower(pa, xa).compile().as_text())
    jnp_ops = _entry_ops(jax.jit(jax.grad(jnp_loss)).lower(pj, xj).compile().as_text())
    assert ak_ops == jnp_ops and "fusion" in ak_ops
    np.testing.assert_allclose(
        np.asarray(ak_grad(pa, xa)["w"]), np.asarray(jax.grad(jnp_loss)(pj, xj)["w"]), rtol=1e-6
    )


def test_pytree_flatten_and_placeholder_leaves(jx):
    x = ak.asarray(np.arange(3, dtype=np.int16))
    leaves, treedef = jax.tree_util.tree_flatten({"a": x, "b": [x, 1]})
    assert isinstance(leaves[0], jax.Array) and len(leaves) == 3
    back = jax.tree_util.tree_unflatten(treedef, leaves)
    assert back["a"].dtype == ak.int16
    np.testing.assert_array_equal(np.asarray(back["b"][0]), [0, 1, 2])
    # JAX unflattens with sentinels and None internally: no validation may run.
    for leaf in (object(), None):
        odd = jax.tree_util.tree_unflatten(jax.tree_util.tree_structure(x), [leaf])
        assert odd.native is leaf and odd.dtype == ak.int16


# ---------------------------------------------------------------------- data-dependent
def test_data_dependent_shapes_work_eagerly(jx):
    data = np.array([[0, 3, 0], [2, 2, 0]])
    x = ak.asarray(data)
    for got, want in zip(ak.nonzero(x), np.nonzero(data), strict=True):
        np.testing.assert_array_equal(np.asarray(got), want)
    np.testing.assert_array_equal(np.asarray(x[x > 1]), data[data > 1])
    values, counts = ak.unique_counts(x)
    np.testing.assert_array_equal(np.asarray(values), [0, 2, 3])
    np.testing.assert_array_equal(np.asarray(counts), [3, 2, 1])
    np.testing.assert_array_equal(
        np.asarray(ak.repeat(ak.asarray([1, 2]), ak.asarray([2, 0]))), [1, 1]
    )


@pytest.mark.parametrize(
    ("fn", "match"),
    [
        (lambda x: x[x > 1], "ak.where"),
        (lambda x: ak.nonzero(x), "size=n"),
        (lambda x: ak.unique_values(x), "number of distinct values"),
        (lambda x: ak.unique_all(x), "unique_all"),
        (lambda x: ak.repeat(x, x), "repeat"),
    ],
)
def test_data_dependent_shapes_under_jit_say_why(jx, fn, match):
    with pytest.raises(TypeError, match=match) as info:
        jax.jit(fn)(ak.asarray([0, 1, 2]))
    assert "traced value" in str(info.value)


def test_masked_assignment_of_a_scalar_traces(jx):
    data = np.array([[-1.0, 2.0], [3.0, -4.0]])

    def relu(v):
        v = ak.asarray(v, copy=True)
        v[v < 0] = 0.0
        return v

    out = jax.jit(relu)(ak.asarray(data))
    np.testing.assert_array_equal(np.asarray(out), np.maximum(data, 0))
    with pytest.raises(TypeError, match="one entry per True"):
        jax.jit(lambda v: v.__setitem__(v < 0, ak.asarray([1.0, 2.0])))(ak.asarray(data))


# ---------------------------------------------------------------------- devices
def test_devices_and_placement(jx):
    devs = ak.__array_namespace_info__().devices()
    assert devs[0] == jx.default_device()
    assert all(d.kind in ("cpu", "gpu", "tpu") for d in devs)
    cpu = next(d for d in devs if d.kind == "cpu")
    assert str(cpu) == "cpu"
    x = ak.asarray([1.0, 2.0], device="cpu")
    assert x.device == cpu
    assert x.native.devices() == {cpu.native}
    assert x.to_device("cpu") is x


def test_x64_and_multi_device_logic_on_two_host_devices():
    result = run_subprocess(
        """
        import json, numpy as np, jax, arraykit as ak
        x64_before = jax.config.jax_enable_x64
        ak.use("jax")
        info = ak.__array_namespace_info__()
        names = [str(d) for d in info.devices()]
        a = ak.asarray([1.0, 2.0])
        b = ak.asarray([3.0, 4.0], device="cpu:1")
        c = a.to_device("cpu:1")
        try:
            a + b
            err = None
        except ValueError as e:
            err = str(e)
        with ak.use(device="cpu:1"):
            z = ak.zeros(2)
        out = {"x64": [x64_before, jax.config.jax_enable_x64]}
        out |= {"names": names, "a": str(a.device), "b": str(b.device), "c": str(c.device),
               "z": str(z.device), "err": err, "sum": np.asarray(b + c).tolist(),
               "b_native": sorted(d.id for d in b.native.devices()),
               "sum_dev": str((b + c).device)}
        print(json.dumps(out))
        """,
        devices=2,
    )
    assert result["x64"] == [False, True]  # turned on when the driver is first used
    assert result["names"] == ["cpu", "cpu:1"]
    placed = {k: result[k] for k in "abcz"}
    assert placed == {"a": "cpu", "b": "cpu:1", "c": "cpu:1", "z": "cpu:1"}
    assert result["b_native"] == [1]
    assert "two devices" in result["err"] and "cpu:1" in result["err"]
    assert result["sum"] == [4.0, 6.0] and result["sum_dev"] == "cpu:1"


def test_a_device_that_refuses_float64_raises():
    # A fake CPU that cannot hold 64-bit floats: creation and casts raise, not narrow.
    from arraykit.drivers.jax import JAXDriver

    drv = JAXDriver(refuse={"cpu": {ak.float64, ak.complex128}})
    with ak.use(drv):
        x = ak.asarray([1.0, 2.0], dtype=ak.float32)
        np.testing.assert_array_equal(np.asarray(x + 1), [2.0, 3.0])
        with pytest.raises(TypeError, match=r"cannot hold float64"):
            ak.asarray([1.0, 2.0])
        with pytest.raises(TypeError, match=r"cannot hold complex128"):
            ak.zeros(3, dtype=ak.complex128)
        with pytest.raises(TypeError, match=r"cannot hold float64"):
            ak.astype(x, ak.float64)


# ---------------------------------------------------------------------- extras
def test_sort_kinds_are_stable_and_agree(jx):
    data = np.array([3, 1, 2, 1, 3, 0, 2, 1])
    x = ak.asarray(data)
    for kind in ("quicksort", "mergesort", "heapsort", "stable"):
        np.testing.assert_array_equal(np.asarray(ak.sort(x, kind=kind)), np.sort(data))
        np.testing.assert_array_equal(
            np.asarray(ak.argsort(x, kind=kind)), np.argsort(data, kind="stable")
        )
    np.testing.assert_array_equal(
        np.asarray(ak.argsort(x, descending=True)), np.argsort(-data, kind="stable")
    )


def test_sort_puts_nans_last_and_keeps_signed_zeros_in_order(jx):
    data = np.array([np.nan, 1.0, -0.0, -np.nan, 0.0, -1.0, -0.0])
    x = ak.asarray(data)
    np.testing.assert_array_equal(np.asarray(ak.argsort(x)), np.argsort(data, kind="stable"))
    out = np.asarray(ak.sort(x))
    np.testing.assert_array_equal(out[:5], [-1.0, -0.0, 0.0, -0.0, 1.0])
    assert np.signbit(out[1]) and not np.signbit(out[2]) and np.isnan(out[5:]).all()


def test_isin_and_cumulative_with_include_initial(jx):
    data = np.array([[1, 5, 2], [7, 2, 9]])
    x = ak.asarray(data)
    np.testing.assert_array_equal(np.asarray(ak.isin(x, ak.asarray([2, 9]))), np.isin(data, [2, 9]))
    np.testing.assert_array_equal(
        np.asarray(ak.isin(x, ak.asarray([2, 9]), invert=True)), ~np.isin(data, [2, 9])
    )
    np.testing.assert_array_equal(
        np.asarray(ak.cumulative_sum(x, axis=1, include_initial=True)),
        np.cumulative_sum(data, axis=1, include_initial=True),
    )
    np.testing.assert_array_equal(
        np.asarray(ak.cumulative_prod(x, axis=0, include_initial=True)),
        np.cumulative_prod(data, axis=0, include_initial=True),
    )


def test_fft_and_eig_match_numpy(jx):
    rng = np.random.default_rng(0)
    a = rng.standard_normal((4, 4))
    np.testing.assert_allclose(np.asarray(ak.fft.fft(ak.asarray(a))), np.fft.fft(a), atol=1e-12)
    np.testing.assert_allclose(
        np.asarray(ak.fft.irfftn(ak.fft.rfftn(ak.asarray(a)), s=(4, 4), axes=(0, 1))), a, atol=1e-12
    )
    w = ak.linalg.eigvals(ak.asarray(a))
    assert w.dtype == ak.complex128
    np.testing.assert_allclose(
        np.sort_complex(np.asarray(w)), np.sort_complex(np.linalg.eigvals(a))
    )
    w32, v32 = ak.linalg.eig(ak.asarray(a.astype(np.float32)))
    assert w32.dtype == v32.dtype == ak.complex64
    av = a.astype(np.float32) @ np.asarray(v32)
    np.testing.assert_allclose(av, np.asarray(v32) * np.asarray(w32), atol=1e-4)


def test_float32_matmul_is_exact_to_float32(jx):
    rng = np.random.default_rng(1)
    a, b = rng.standard_normal((2, 64, 64)).astype(np.float32)
    got = np.asarray(ak.matmul(ak.asarray(a), ak.asarray(b)))
    np.testing.assert_allclose(got, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)


# ---------------------------------------------------------------------- properties
@settings(fixture_ok, max_examples=20)  # each new shape compiles: keep the file fast
@given(
    data=xps.arrays(
        dtype=st.sampled_from([np.float32, np.float64, np.int32, np.int64, np.uint8]),
        shape=xps.array_shapes(min_dims=1, max_dims=3, max_side=5),
        # capabilities.subnormals is False: XLA flushes subnormal results to zero.
        elements={"allow_subnormal": False},
    )
)
def test_elementwise_and_reductions_match_numpy(jx, data):
    x = ak.asarray(data)
    np.testing.assert_array_equal(np.asarray(x + x), data + data)
    np.testing.assert_array_equal(np.asarray(ak.negative(x)), -data)
    np.testing.assert_array_equal(np.asarray(ak.flip(x, axis=0)), data[::-1])
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(np.asarray(ak.max(x, axis=0)), np.max(data, axis=0))
    sorted_ = np.asarray(ak.sort(x, axis=-1))
    np.testing.assert_array_equal(sorted_, np.sort(data, axis=-1))
    np.testing.assert_array_equal(np.asarray(x[0]), data[0])


@settings(fixture_ok, max_examples=40)
@given(data=st.data())
def test_basic_indexing_matches_numpy(jx, data):
    # Basic keys compile one program per (shape, sizes, steps): offsets are dynamic.
    shape = data.draw(xps.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    a = np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape)
    key = data.draw(xps.indices(shape, allow_newaxis=True), label="key")
    got = ak.asarray(a)[key]
    np.testing.assert_array_equal(np.asarray(got), a[key])
    assert got.shape == a[key].shape


def test_device_of_a_tracer_does_not_read_its_sharding(jx, monkeypatch):
    """A tracer's ``sharding`` raises an error whose message JAX builds by walking the
    whole trace: read for every operation, it made tracing quadratic (a 16-round
    ``standard_gamma`` took 125 s to trace, 20 s after)."""
    from jax._src import core

    def walked(self):
        raise AssertionError("device_of read a tracer's sharding")

    monkeypatch.setattr(core.Tracer, "sharding", property(walked))
    seen = []

    def f(x):
        seen.append(jx.device_of(x * 2))
        return x

    jax.jit(f)(jax.numpy.ones(3))
    x = ak.asarray([1.0, 2.0])
    assert ak.jit(lambda v: ak.exp(v) + 1)(x).shape == (2,)
    assert len(seen) == 1 and seen[0] is not jx.default_device()
