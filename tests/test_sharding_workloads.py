"""The seeds' workloads over several devices (issue 28 item 4): ``examples/model.py``'s
training step data-parallel over 8 devices gives the losses of one device.

(The benchmark's many-devices study, ``python -m arraykit bench --devices 8``, is tested
with the benchmark's tests: ``tests/test_bench_devices.py``.)

Needs a driver that shards with at least 8 devices of one kind: ``tox -e py311-sharding``
gives JAX 8 virtual CPU devices (``XLA_FLAGS=--xla_force_host_platform_device_count=8``,
set before JAX starts); elsewhere these tests skip, saying so.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import arraykit as ak

N_DEVICES = 8
STEPS = 50

_PATH = Path(__file__).resolve().parent.parent / "examples" / "model.py"
_spec = importlib.util.spec_from_file_location("arraykit_example_model_sharded", _PATH)
assert _spec is not None and _spec.loader is not None
model = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(model)


def _numpy_initial_loss(seed: int = 0, n: int = 64) -> float:
    """The example's initial loss, with NumPy alone (the same seed, the same draws)."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 4))
    y = np.sin(x[:, 0]) + 0.5 * x[:, 1] ** 2
    w1 = rng.normal(size=(4, 16)) / 2.0
    w2 = rng.normal(size=(16,)) / 4.0
    return float(np.mean((np.maximum(x @ w1, 0.0) @ w2 - y) ** 2))


def test_data_parallel_training_gives_the_losses_of_one_device(
    driver: ak.drivers.Driver, devices: list[ak.Device]
) -> None:
    one = model.run(driver.name, steps=STEPS)
    many = model.run(driver.name, steps=STEPS, devices=N_DEVICES)
    # The split is real: x and y cut in 8 along axis 0 over a 1-D mesh of the driver's
    # first 8 devices, the parameters on every one of them, before and after training.
    mesh = ak.Mesh(np.array(devices, dtype=object), ("data",))
    where = many["placement"]
    assert where["x"] == ak.Sharding(mesh, ("data",))
    assert where["x"].splits((64, 4)) == (N_DEVICES, 1)
    assert where["y"].splits((64,)) == (N_DEVICES,)
    assert all(d == ak.Sharding(mesh, ()) for d in where["params"].values())
    assert not isinstance(one["placement"]["x"], ak.Sharding)
    # The losses: each step's is a mean of the squares of n = 64 residuals r_i, which
    # the 8 devices add up in another order (8 partial sums, then their sum) than one
    # device does.  Any order of summation of n terms is within n eps sum|terms| of any
    # other, so with the same parameters the two losses differ by at most
    # n eps mean(r_i**2) = n eps loss (every term is positive).  The parameters of step k
    # come from k gradients summed in those two orders too; a gradient step on this
    # smooth loss does not amplify a relative change of the parameters (the loss falls
    # monotonically at lr 0.05), so the bound of step k is (k + 1) n eps loss_k.
    # (Measured on 8 virtual CPU devices: at most 1.3 eps loss_k in 50 steps; a learning
    # rate 1e-9 off on the 8 devices shows as 1e-10, a thousand times the bound.)
    l1, l8 = np.asarray(one["losses"]), np.asarray(many["losses"])
    assert l1.shape == l8.shape == (STEPS,)
    assert np.all(np.diff(l1) < 0)  # the premise of the bound: every step lowers the loss
    eps = np.finfo(np.float64).eps
    bound = (np.arange(STEPS) + 1) * 64 * eps * l1
    over = np.abs(l8 - l1) > bound
    assert not over.any(), (
        f"steps {np.flatnonzero(over)[:5].tolist()}...: |8 devices - 1| = "
        f"{np.abs(l8 - l1)[over][:5].tolist()} over {bound[over][:5].tolist()}"
    )
    # ... and they are the training's, not two equal wrong answers: the first is the
    # loss of the example's initial parameters, computed with NumPy alone.
    want = _numpy_initial_loss()
    assert abs(l8[0] - want) <= 64 * eps * want
    assert many["per_example_max_diff"] < 1e-10  # vmap(grad) on the split examples


def test_a_traced_value_meets_a_replicated_array(devices: list[ak.Device]) -> None:
    """Inside ``ak.grad``/``ak.jit``, a traced value (left) combined with a concrete array
    on a mesh (right): the example's per-example loss does ``forward(...) - y[None]``.
    (It raised 'arrays on two devices, traced and sharding(...)': the traced value's
    device equals every device of its driver, but a Sharding on the right was asked
    first and said no.)"""
    mesh = ak.Mesh(np.array(devices, dtype=object), ("data",))
    whole, rows = ak.Sharding(mesh, ()), ak.Sharding(mesh, ("data",))
    c = ak.asarray(3.0, device=whole)
    g = ak.grad(lambda w: (w * 2.0 - c) ** 2)(ak.asarray(1.0, device=whole))
    assert float(g) == 2 * (2.0 - 3.0) * 2.0  # exact: small integers
    x = np.arange(16.0)
    got = ak.jit(lambda a: a * 2.0 - c)(ak.asarray(x, device=rows))
    assert got.device == rows
    np.testing.assert_array_equal(np.asarray(got), x * 2.0 - 3.0)


def test_the_example_refuses_devices_it_cannot_split_over(driver: ak.drivers.Driver) -> None:
    """A driver that does not shard, or too few devices: a clear ValueError, not a
    silently single-device run."""
    if driver.make_sharding is None:
        with pytest.raises(ValueError, match="places each array on one device"):
            model.run(driver.name, steps=1, devices=2)
        return
    kind = driver.default_device().kind
    have = len([d for d in driver.devices() if d.kind == kind])
    with pytest.raises(ValueError, match=f"needs {2 * have} devices, {have} available"):
        model.run(driver.name, steps=1, devices=2 * have)


def test_the_example_cli_on_8_devices(
    driver: ak.drivers.Driver, devices: list[ak.Device], capsys: pytest.CaptureFixture[str]
) -> None:
    assert model.main(["--driver", driver.name, "--steps", "2", "--devices", "8"]) == 0
    out = capsys.readouterr().out
    assert "x split over" in out and "{'data': 8}" in out


def test_the_example_makes_its_devices_in_a_fresh_process(driver: ak.drivers.Driver) -> None:
    """``python examples/model.py --driver D --devices 4`` as a new user types it, in a
    process whose framework has not started: the example asks for the virtual CPU devices
    itself (it failed on TensorFlow: 'a 8 mesh needs 8 devices, 1 available')."""
    if driver.make_sharding is None:
        pytest.skip(f"the {driver.name} driver places each array on one device")
    root = Path(__file__).resolve().parents[1]
    env = {k: v for k, v in os.environ.items() if k not in ("XLA_FLAGS",)}
    env["PYTHONPATH"] = str(root)
    args = ["--driver", driver.name, "--devices", "4", "--steps", "2"]
    done = subprocess.run([sys.executable, str(root / "examples" / "model.py"), *args],
                          capture_output=True, text=True, env=env, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "{'data': 4}" in done.stdout
