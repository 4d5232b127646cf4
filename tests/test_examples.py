"""examples/model.py runs briefly on every driver: the loss decreases, per-example
gradients from ``ak.vmap(ak.grad(...))`` equal a loop, and drivers without automatic
differentiation run the forward pass and report the training error."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

_PATH = Path(__file__).resolve().parent.parent / "examples" / "model.py"
_spec = importlib.util.spec_from_file_location("arraykit_example_model", _PATH)
model = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(model)


def _numpy_loss(seed: int = 0, n: int = 64) -> float:
    """The example's initial loss, computed with NumPy alone (same seed, same draws)."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 4))
    y = np.sin(x[:, 0]) + 0.5 * x[:, 1] ** 2
    w1 = rng.normal(size=(4, 16)) / 2.0
    w2 = rng.normal(size=(16,)) / 4.0
    pred = np.maximum(x @ w1, 0.0) @ w2
    return float(np.mean((pred - y) ** 2))


def test_model_example(driver):
    result = model.run(driver.name, steps=30)
    np.testing.assert_allclose(result["initial_loss"], _numpy_loss(), rtol=1e-12)
    if not driver.capabilities.autodiff:
        assert "no automatic differentiation" in result["error"]
        return
    losses = result["losses"]
    assert losses[-1] < 0.7 * losses[0]
    assert result["final_loss"] < losses[0]
    assert result["per_example_max_diff"] < 1e-10


def test_model_example_cli(capsys):
    assert model.main(["--driver", "numpy", "--steps", "1"]) == 0
    assert "initial loss" in capsys.readouterr().out
