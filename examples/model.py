"""A dense layer with ReLU and a linear projection, trained by gradient descent.

    python examples/model.py --driver jax --steps 200

Synthetic regression data; ``ak.value_and_grad`` under ``ak.jit`` for training steps,
and per-example gradients with ``ak.vmap(ak.grad(...))`` checked against a Python loop.
On a driver without automatic differentiation (NumPy) it runs the forward pass and
reports the error that training raises.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

import arraykit as ak


def init_params(rng: np.random.Generator, n_in: int, n_hidden: int) -> dict:
    return {
        "w1": ak.asarray(rng.normal(size=(n_in, n_hidden)) / np.sqrt(n_in)),
        "b1": ak.zeros(n_hidden),
        "w2": ak.asarray(rng.normal(size=(n_hidden,)) / np.sqrt(n_hidden)),
        "b2": ak.asarray(0.0),
    }


def forward(params: dict, x: ak.Array) -> ak.Array:
    hidden = ak.maximum(x @ params["w1"] + params["b1"], 0.0)
    return hidden @ params["w2"] + params["b2"]


def loss(params: dict, x: ak.Array, y: ak.Array) -> ak.Array:
    return ak.mean((forward(params, x) - y) ** 2)


def example_loss(params: dict, x: ak.Array, y: ak.Array) -> ak.Array:
    """The loss of one example (``x`` 1-D, ``y`` 0-D)."""
    return loss(params, x[None, :], y[None])


def make_step(lr: float):
    @ak.jit
    def step(params: dict, x: ak.Array, y: ak.Array) -> tuple:
        value, grads = ak.value_and_grad(loss)(params, x, y)
        new = {k: params[k] - lr * grads[k] for k in params}
        return new, value

    return step


def per_example_grads(params: dict, x: ak.Array, y: ak.Array) -> dict:
    return ak.vmap(ak.grad(example_loss), in_axes=(None, 0, 0))(params, x, y)


def run(driver: str, steps: int = 100, n: int = 64, lr: float = 0.05, seed: int = 0) -> dict:
    """Train (or, without autodiff, run the forward pass); returns what happened."""
    rng = np.random.default_rng(seed)
    with ak.use(driver, default_float="float64"):
        x_np = rng.normal(size=(n, 4))
        y_np = np.sin(x_np[:, 0]) + 0.5 * x_np[:, 1] ** 2
        x, y = ak.asarray(x_np), ak.asarray(y_np)
        params = init_params(rng, 4, 16)
        result: dict = {"initial_loss": float(loss(params, x, y))}
        if not ak.drivers.get(driver).capabilities.autodiff:
            try:
                make_step(lr)(params, x, y)
            except TypeError as e:
                result["error"] = str(e)
            return result
        step = make_step(lr)
        losses = []
        for _ in range(steps):
            params, value = step(params, x, y)
            losses.append(float(value))
        result["losses"] = losses
        result["final_loss"] = float(loss(params, x, y))
        batch = per_example_grads(params, x[:8], y[:8])
        loop = [ak.grad(example_loss)(params, x[i], y[i]) for i in range(8)]
        result["per_example_max_diff"] = max(
            float(np.max(np.abs(np.asarray(batch[k][i]) - np.asarray(loop[i][k]))))
            for k in params
            for i in range(8)
        )
        return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--driver", default="numpy", choices=["numpy", "tensorflow", "jax"])
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args(argv)
    result = run(args.driver, steps=args.steps)
    print(f"initial loss: {result['initial_loss']:.4f}")
    if "error" in result:
        print(f"training needs automatic differentiation: {result['error']}")
        return 0
    print(f"final loss:   {result['final_loss']:.4f} after {args.steps} steps")
    print(
        f"per-example gradients (vmap vs loop), max difference: "
        f"{result['per_example_max_diff']:.2e}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
