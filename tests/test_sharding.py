"""Arrays split over several devices (issue 28): ``ak.Mesh``, ``ak.Sharding``, placement
wherever ``device=`` goes, ``x.device``/``x.sharding``, and the answers of one device.

The split tests need a driver that shards (``driver.make_sharding``) with at least 8
devices of one kind: ``tox -e py311-sharding`` gives JAX 8 virtual CPU devices
(``XLA_FLAGS=--xla_force_host_platform_device_count=8``, set before JAX starts) and
TensorFlow 8 logical CPU devices (``ARRAYKIT_TEST_TF_CPUS=8``, see ``conftest.py``); the
other envs skip them, saying so.  The refusals run on every driver that does not shard.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import arraykit as ak


@pytest.fixture
def mesh(devices: list[ak.Device]) -> ak.Mesh:
    return ak.Mesh(np.array(devices, dtype=object).reshape(4, 2), ("data", "model"))


def _values(seed: int, shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape)


# ---------------------------------------------------------------- placement
def test_an_array_placed_on_a_sharding_reports_it(mesh: ak.Mesh) -> None:
    s = ak.Sharding(mesh, ("data", "model"))
    host = _values(0, (8, 6))
    x = ak.asarray(host, device=s)
    assert x.device == s and x.sharding == s  # the native value is split so (device_of)
    assert s.splits(x.shape) == (4, 2)
    np.testing.assert_array_equal(np.asarray(x), host)
    one = ak.asarray(host)
    assert one.sharding is None and not isinstance(one.device, ak.Sharding)
    # the standard's idiom places a new array as x is placed
    for new in (ak.zeros((8, 6), device=x.device), ak.ones_like(x), ak.full_like(x, 2.0)):
        assert new.device == s


def test_to_device_gathers_and_reshards(mesh: ak.Mesh, devices: list[ak.Device]) -> None:
    host = _values(1, (8, 4))
    x = ak.asarray(host, device=ak.Sharding(mesh, ("data",)))
    one = x.to_device(devices[3])
    assert one.device == devices[3] and one.sharding is None
    cols = ak.Sharding(mesh, (None, "data"))
    y = x.to_device(cols)
    assert y.device == cols
    np.testing.assert_array_equal(np.asarray(one), host)
    np.testing.assert_array_equal(np.asarray(y), host)
    assert x.to_device(x.device) is x


def test_a_mesh_axis_pair_splits_one_array_axis(mesh: ak.Mesh) -> None:
    s = ak.Sharding(mesh, (("data", "model"),))
    assert s.splits((16, 3)) == (8, 1)
    try:
        x = ak.asarray(np.arange(16.0), device=s)
    except ValueError as e:  # DTensor (TF) maps an array axis to one mesh axis: refused
        assert "splits an array axis over one mesh axis" in str(e)
        return
    assert x.device == s
    np.testing.assert_array_equal(np.asarray(x * 2), np.arange(16.0) * 2)


# ---------------------------------------------------------------- the answers of one device
def test_elementwise_keeps_the_split_and_the_values_of_one_device(mesh: ak.Mesh) -> None:
    s = ak.Sharding(mesh, ("data",))
    a, b = _values(2, (8, 5)), _values(3, (8, 5))
    x, y = ak.asarray(a, device=s), ak.asarray(b, device=s)
    xs, ys = ak.asarray(a), ak.asarray(b)
    for f, ulps in (
        (lambda u, v: u**2 - v / 3 + 1.5, 0),  # correctly rounded: bit for bit
        (lambda u, v: ak.where(u > v, u * v, ak.abs(v)), 0),
        # TF's vectorised kernels compute each piece's last elements by scalar code, so
        # a value's result depends on its position (as slices of one device's array do):
        # within the functions' ulp bound
        (lambda u, v: ak.sin(u) * v + 1.5, 2),
        (lambda u, v: ak.where(u > v, ak.exp(u), ak.log1p(ak.abs(v))), 2),
    ):
        got = f(x, y)
        assert got.device == s
        np.testing.assert_array_max_ulp(np.asarray(got), np.asarray(f(xs, ys)), maxulp=ulps)


def test_reductions_and_matmul_within_their_bounds(mesh: ak.Mesh) -> None:
    a = _values(4, (64, 16))
    w = _values(5, (16, 3))
    x = ak.asarray(a, device=ak.Sharding(mesh, ("data",)))
    wr = ak.asarray(w, device=ak.Sharding(mesh, ()))  # replicated: every device has all
    eps = np.finfo(np.float64).eps
    # each device sums its rows, then the partial sums are added: another order than one
    # device's, so within n eps sum|x| (the bound of any order of summation)
    for axis in (0, 1, None):
        got = np.asarray(ak.sum(x, axis=axis))
        want = a.sum(axis=axis)
        bound = a.shape[0] * eps * np.abs(a).sum(axis=axis)
        assert np.all(np.abs(got - want) <= bound)
    assert ak.max(x).device.spec == ()  # a 0-d result: nothing left to split
    np.testing.assert_array_equal(np.asarray(ak.max(x, axis=0)), a.max(axis=0))
    got = ak.matmul(x, wr)
    assert got.device.mesh == mesh and got.shape == (64, 3)
    bound = w.shape[0] * eps * np.abs(a) @ np.abs(w)
    assert np.all(np.abs(np.asarray(got) - a @ w) <= bound)


def test_indexing_and_writes_through_views(mesh: ak.Mesh) -> None:
    s = ak.Sharding(mesh, ("data",))
    host = _values(6, (8, 4))
    x = ak.asarray(host, device=s)
    np.testing.assert_array_equal(np.asarray(x[1:5, ::2]), host[1:5, ::2])
    idx = ak.asarray([7, 0, 3], device=ak.Sharding(mesh, ()))
    np.testing.assert_array_equal(np.asarray(x[idx]), host[[7, 0, 3]])
    x[0, 0] = 5.0
    v = x[2:4]  # a view, as NumPy's: writing it writes x
    v[:] = -1.0
    host[0, 0], host[2:4] = 5.0, -1.0
    assert x.device == s
    np.testing.assert_array_equal(np.asarray(x), host)


def test_jit_compiles_one_program_for_the_split(mesh: ak.Mesh) -> None:
    s = ak.Sharding(mesh, ("data",))
    a = _values(7, (16, 4))
    x = ak.asarray(a, device=s)

    def step(u: ak.Array) -> ak.Array:
        return ak.tanh(u) * 2.0 - u

    got = ak.jit(step)(x)
    assert got.device == s
    np.testing.assert_array_equal(np.asarray(got), np.asarray(step(ak.asarray(a))))


def test_placement_under_ak_use_and_pickling(mesh: ak.Mesh) -> None:
    s = ak.Sharding(mesh, ("data",))
    with ak.use(device=s):
        x = ak.arange(16.0)  # the default placement: split, and its 0-d operands replicated
        assert x.device == s
        assert ak.asarray(3.0).device == ak.Sharding(mesh, ())
        r = ak.random.default_rng(5).random(16)
        z = ak.random.default_rng(5).standard_normal(4000)  # the ziggurat's rounds too
    assert r.device.mesh == mesh and z.device.mesh == mesh
    np.testing.assert_array_equal(np.asarray(r), np.asarray(ak.random.default_rng(5).random(16)))
    want = np.asarray(ak.random.default_rng(5).standard_normal(4000))
    np.testing.assert_allclose(np.asarray(z), want, rtol=8 * 2.0**-52, atol=0)
    y = pickle.loads(pickle.dumps(x))
    assert y.device == s
    np.testing.assert_array_equal(np.asarray(y), np.arange(16.0))


def test_jit_places_arguments_and_results_by_the_shardings_given(mesh: ak.Mesh) -> None:
    rows, cols, whole = (ak.Sharding(mesh, ("data",)), ak.Sharding(mesh, (None, "model")),
                         ak.Sharding(mesh, ()))  # fmt: skip
    a, b = _values(8, (8, 4)), _values(9, (8, 4))
    x = ak.asarray(a, device=whole)  # replicated: in_shardings splits it in the program

    @ak.jit
    def plain(u: ak.Array, v: ak.Array) -> tuple[ak.Array, ak.Array]:
        return u * v, ak.sum(u, axis=0)

    step = ak.jit(plain, in_shardings=(rows, None), out_shardings=(cols, whole))
    y = ak.asarray(b, device=rows)
    got, total = step(x, y)
    assert got.device == cols and total.device == whole
    np.testing.assert_array_equal(np.asarray(got), a * b)
    assert np.all(np.abs(np.asarray(total) - a.sum(axis=0)) <= 8 * 2.3e-16 * np.abs(a).sum(0))
    # one sharding for every result; a write to an argument still reaches the caller's
    inc = ak.jit(_add_one, out_shardings=whole)
    z = ak.asarray(a, device=rows)
    assert inc(z).device == whole
    np.testing.assert_array_equal(np.asarray(z), a + 1.0)
    with pytest.raises(ValueError, match="in_shardings has 1 entries for 2 values"):
        ak.jit(plain, in_shardings=(rows,))(x, y)
    with pytest.raises(ValueError, match="argument 0 is on cpu, not on the mesh"):
        ak.jit(plain, in_shardings=rows)(ak.asarray(a), y)  # one device: a transfer to see


def _add_one(u: ak.Array) -> ak.Array:
    u += 1.0
    return u * 2.0


# ---------------------------------------------------------------- what is refused
def test_mixing_a_split_array_with_another_placement_raises(
    mesh: ak.Mesh, devices: list[ak.Device]
) -> None:
    x = ak.asarray(np.ones((8, 2)), device=ak.Sharding(mesh, ("data",)))
    with pytest.raises(ValueError, match="two devices"):
        x + ak.asarray(np.ones((8, 2)), device=devices[0])
    other = ak.Mesh(np.array(devices[::-1], dtype=object).reshape(4, 2), ("data", "model"))
    with pytest.raises(ValueError, match="two devices"):
        x + ak.asarray(np.ones((8, 2)), device=ak.Sharding(other, ("data",)))
    # one mesh, two splits: combined as the backend's own arrays are
    y = ak.asarray(np.ones((8, 2)), device=ak.Sharding(mesh, (None, "model")))
    np.testing.assert_array_equal(np.asarray(x + y), np.full((8, 2), 2.0))


def test_bad_meshes_and_specs_raise(devices: list[ak.Device]) -> None:
    with pytest.raises(ValueError, match="more than once"):
        ak.Mesh([devices[0], devices[0]], ("d",))
    with pytest.raises(ValueError, match="axis names"):
        ak.Mesh(np.array(devices[:4], dtype=object).reshape(2, 2), ("d",))
    with pytest.raises(TypeError, match="Device objects"):
        ak.Mesh(["cpu:0", "cpu:1"], ("d",))
    mesh = ak.Mesh(devices[:4], ("d",))
    with pytest.raises(ValueError, match="not an axis"):
        ak.Sharding(mesh, ("e",))
    with pytest.raises(ValueError, match="splits two array axes"):
        ak.Sharding(mesh, ("d", "d"))
    with pytest.raises(TypeError, match="tuple"):
        ak.Sharding(mesh, "d")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs 64 devices"):
        ak.make_mesh((8, 8), ("a", "b"))
    s = ak.Sharding(mesh, ("d",))
    with pytest.raises(ValueError, match="cannot be split into 4 equal pieces"):
        ak.asarray(np.ones(6), device=s)  # XLA splits evenly
    with pytest.raises(ValueError, match="a 1-d array cannot be split"):
        ak.asarray(np.ones(8), device=ak.Sharding(mesh, (None, "d")))


def test_drivers_that_do_not_shard_refuse_by_name(driver: ak.drivers.Driver) -> None:
    if driver.make_sharding is not None:
        pytest.skip(f"the {driver.name} driver shards")
    mesh = ak.make_mesh((1,), ("data",))
    s = ak.Sharding(mesh, ("data",))
    with pytest.raises(ValueError, match=f"the '{driver.name}' driver places each array on one"):
        ak.zeros(4, device=s)
    with pytest.raises(ValueError, match="places each array on one"):
        ak.ones(3).to_device(s)
    with pytest.raises(ValueError, match="places each array on one"):
        ak.jit(lambda u: u + 1.0, out_shardings=s)(ak.ones(4))


# ---------------------------------------------------------------- the rest of the namespace
def test_whole_array_functions_on_a_split_array(mesh: ak.Mesh) -> None:
    """Functions beyond the data-parallel ones (data-dependent shapes, sorts, scans,
    linear algebra, FFTs, writes) give NumPy's answers on a split array, and their results
    stay on its mesh (a backend that runs them whole replicates them)."""
    s = ak.Sharding(mesh, ("data",))
    host = _values(10, (8, 4))
    x = ak.asarray(host, device=s)
    cases = {
        "mask": (lambda u: u[u > 0.3], lambda h: h[h > 0.3]),
        "sort": (lambda u: ak.sort(u, axis=0), lambda h: np.sort(h, axis=0)),
        "argsort": (lambda u: ak.argsort(u, axis=0, stable=True),
                    lambda h: np.argsort(h, axis=0, stable=True)),
        "cumsum": (lambda u: ak.cumulative_sum(u, axis=0), lambda h: np.cumsum(h, axis=0)),
        "nonzero": (lambda u: ak.nonzero(u > 0)[1], lambda h: np.nonzero(h > 0)[1]),
        "unique": (lambda u: ak.unique_values(ak.round(u)), lambda h: np.unique(np.round(h))),
        "reshape": (lambda u: ak.reshape(u, (4, 8)), lambda h: h.reshape(4, 8)),
        "slice": (lambda u: u[1:7:2, ::-1], lambda h: h[1:7:2, ::-1]),
        "take": (lambda u: ak.take(u, ak.asarray([7, 0, 7], device=ak.Sharding(mesh, ())),
                                   axis=0), lambda h: h[[7, 0, 7]]),
        "concat": (lambda u: ak.concat([u, u * 2.0]), lambda h: np.concatenate([h, h * 2.0])),
        "flip": (lambda u: ak.flip(u, axis=0), lambda h: h[::-1]),
        "inv": (lambda u: ak.linalg.inv(ak.reshape(u, (2, 4, 4))),
                lambda h: np.linalg.inv(h.reshape(2, 4, 4))),
        "fft": (lambda u: ak.fft.fft(u, axis=0), lambda h: np.fft.fft(h, axis=0)),
    }  # fmt: skip
    for name, (f, ref) in cases.items():
        got = f(x)
        assert isinstance(got.device, ak.Sharding) and got.device.mesh == mesh, name
        want = ref(host)
        assert got.shape == want.shape, name
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12, atol=1e-12, err_msg=name)
    y = ak.asarray(host, device=s)
    y[y < 0] = 0.0  # a boolean-mask write keeps the split
    assert y.device == s
    np.testing.assert_array_equal(np.asarray(y), np.where(host < 0, 0.0, host))


def test_jit_of_whole_array_functions_on_a_split_array(mesh: ak.Mesh) -> None:
    s = ak.Sharding(mesh, ("data",))
    host = _values(11, (8, 4))
    x = ak.asarray(host, device=s)

    @ak.jit
    def f(u: ak.Array) -> ak.Array:
        return ak.sort(u, axis=0)[::2] + ak.cumulative_sum(u, axis=1)[::2]

    want = np.sort(host, axis=0)[::2] + np.cumsum(host, axis=1)[::2]
    got = f(x)
    assert isinstance(got.device, ak.Sharding) and got.device.mesh == mesh
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-13)
