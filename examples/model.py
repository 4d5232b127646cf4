"""A dense layer with ReLU and a linear projection, trained by gradient descent.

    python examples/model.py --driver jax --steps 200

Synthetic regression data; ``ak.value_and_grad`` under ``ak.jit`` for training steps,
and per-example gradients with ``ak.vmap(ak.grad(...))`` checked against a Python loop.
On a driver without automatic differentiation (NumPy) it runs the forward pass and
reports the error that training raises.

``--devices N`` trains data-parallel over N devices of a driver that splits arrays over
devices (JAX, TensorFlow): the examples ``x``, ``y`` split along axis 0 over a mesh
``("data",)`` of N devices, the parameters replicated (every device holds all of them),
one compiled step for all the devices, the losses those of one device (within the
rounding of another order of summation).  Without N accelerators, the example asks for
N virtual CPU devices before the framework starts, as the bench does (JAX: ``XLA_FLAGS``;
TensorFlow: logical devices); on one host they share its cores: this shows the method,
not a speed-up::

    python examples/model.py --driver jax --devices 8
    python examples/model.py --driver tensorflow --devices 8
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

import arraykit as ak


def init_params(
    rng: np.random.Generator, n_in: int, n_hidden: int, device: ak.Device | None = None
) -> dict:
    return {
        "w1": ak.asarray(rng.normal(size=(n_in, n_hidden)) / np.sqrt(n_in), device=device),
        "b1": ak.zeros(n_hidden, device=device),
        "w2": ak.asarray(rng.normal(size=(n_hidden,)) / np.sqrt(n_hidden), device=device),
        "b2": ak.asarray(0.0, device=device),
    }


def forward(params: dict, x: ak.Array) -> ak.Array:
    hidden = ak.maximum(x @ params["w1"] + params["b1"], 0.0)
    return hidden @ params["w2"] + params["b2"]


def loss(params: dict, x: ak.Array, y: ak.Array) -> ak.Array:
    return ak.mean((forward(params, x) - y) ** 2)


def example_loss(params: dict, x: ak.Array, y: ak.Array) -> ak.Array:
    """The loss of one example (``x`` 1-D, ``y`` 0-D)."""
    return loss(params, x[None, :], y[None])


def make_step(lr: float, data: ak.Sharding | None = None, whole: ak.Sharding | None = None):
    """The compiled training step; over a mesh, ``x`` and ``y`` split as ``data`` says (an
    argument not on that mesh is refused: moving it there each step would be a transfer
    per step) and the loss replicated (``whole``).  The parameters, a dict, are placed by
    the arguments (``in_shardings`` names one sharding per array argument): made
    replicated, they come back so, since every device adds up the gradient of its own
    examples and then the devices add their sums together."""

    def step(params: dict, x: ak.Array, y: ak.Array) -> tuple:
        value, grads = ak.value_and_grad(loss)(params, x, y)
        new = {k: params[k] - lr * grads[k] for k in params}
        return new, value

    if data is None:
        return ak.jit(step)
    return ak.jit(step, in_shardings=(None, data, data), out_shardings=(None, whole))


def shardings(driver: str, devices: int) -> tuple[ak.Sharding | None, ak.Sharding | None]:
    """For ``devices`` > 1, the examples' split (axis 0 over a 1-D mesh ``("data",)``) and
    the parameters' (replicated); ``(None, None)`` for one device."""
    if devices == 1:
        return None, None
    if ak.drivers.get(driver).make_sharding is None:
        raise ValueError(
            f"--devices {devices}: the {driver} driver places each array on one device "
            "(a driver that splits arrays over devices: jax)"
        )
    mesh = ak.make_mesh((devices,), ("data",))
    return ak.Sharding(mesh, ("data",)), ak.Sharding(mesh, ())


def per_example_grads(params: dict, x: ak.Array, y: ak.Array) -> dict:
    return ak.vmap(ak.grad(example_loss), in_axes=(None, 0, 0))(params, x, y)


def run(
    driver: str,
    steps: int = 100,
    n: int = 64,
    lr: float = 0.05,
    seed: int = 0,
    devices: int = 1,
) -> dict:
    """Train (or, without autodiff, run the forward pass); returns what happened.  With
    ``devices`` > 1, data-parallel over that many devices (``shardings``); the result's
    ``placement`` says where ``x``, ``y`` and the trained parameters were."""
    rng = np.random.default_rng(seed)
    with ak.use(driver, default_float="float64"):
        data, whole = shardings(driver, devices)
        x_np = rng.normal(size=(n, 4))
        y_np = np.sin(x_np[:, 0]) + 0.5 * x_np[:, 1] ** 2
        x, y = ak.asarray(x_np, device=data), ak.asarray(y_np, device=data)
        params = init_params(rng, 4, 16, device=whole)
        result: dict = {"initial_loss": float(loss(params, x, y))}
        if not ak.drivers.get(driver).capabilities.autodiff:
            try:
                make_step(lr)(params, x, y)
            except TypeError as e:
                result["error"] = str(e)
            return result
        step = make_step(lr, data, whole)
        losses = []
        for _ in range(steps):
            params, value = step(params, x, y)
            losses.append(float(value))
        result["losses"] = losses
        result["final_loss"] = float(loss(params, x, y))
        result["placement"] = {
            "x": x.device,
            "y": y.device,
            "params": {k: v.device for k, v in params.items()},
        }
        batch = per_example_grads(params, x[:8], y[:8])
        loop = [ak.grad(example_loss)(params, x[i], y[i]) for i in range(8)]
        result["per_example_max_diff"] = max(
            float(np.max(np.abs(np.asarray(batch[k][i]) - np.asarray(loop[i][k]))))
            for k in params
            for i in range(8)
        )
        return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="Without N accelerators, --devices N asks for N virtual CPU devices before the "
        "framework starts (JAX: XLA_FLAGS=--xla_force_host_platform_device_count=N, which "
        "you may also set yourself; TensorFlow: logical CPU devices); on one host they share "
        "its cores",
    )
    parser.add_argument("--driver", default="numpy", choices=["numpy", "tensorflow", "jax"])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument(
        "--devices",
        type=int,
        default=1,
        metavar="N",
        help="train data-parallel over N devices: the 64 examples split over a 1-D mesh, "
        "the parameters replicated (default 1)",
    )
    args = parser.parse_args(argv)
    if args.devices > 1:
        # Without that many accelerators: virtual CPU devices, asked for before the
        # framework starts (the bench's helper: XLA_FLAGS for JAX, logical devices for TF)
        from arraykit._bench.backends import virtual_cpu_devices

        virtual_cpu_devices(args.devices, [args.driver])
    try:
        result = run(args.driver, steps=args.steps, devices=args.devices)
    except ValueError as e:  # too few devices, or a driver that does not split arrays
        parser.error(f"{e} (--help says how --devices makes virtual CPU devices)")
    print(f"initial loss: {result['initial_loss']:.4f}")
    if "error" in result:
        print(f"training needs automatic differentiation: {result['error']}")
        return 0
    print(f"final loss:   {result['final_loss']:.4f} after {args.steps} steps")
    if args.devices > 1:
        print(f"x split over {result['placement']['x']}")
    print(
        f"per-example gradients (vmap vs loop), max difference: "
        f"{result['per_example_max_diff']:.2e}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
