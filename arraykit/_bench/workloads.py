"""The five workloads of the TF-NumPy articles, written once against a small table of
operations (``Ops``) that every backend fills with its own functions.

Each workload has a *size*: the number of elements of its (first) input.  ``matmul``
multiplies two square ``n x n`` matrices with ``n = round(sqrt(size))``, so its sizes are
``n**2``; the full run adds the articles' largest matrix, 4096 x 4096.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

Fn = Callable[..., Any]

MATMUL_MAX_SIDE = 4096


@dataclass(frozen=True)
class Ops:
    """The operations the workloads are made of, for one namespace; ``None``: missing."""

    exp: Fn | None
    tanh: Fn | None
    sort: Fn | None  # ascending, stability not required (np.sort's default)
    matmul: Fn | None
    fft: Fn | None  # 1-D complex FFT of a real input (complex64 for float32)
    where: str = "xp"  # how the namespace is spelled in messages ("ak", "jnp", ...)


@dataclass(frozen=True)
class Workload:
    name: str
    title: str
    needs: str  # the ``Ops`` field the workload calls
    build: Callable[[Fn], Fn]  # the needed op -> the function of the workload's inputs
    exponent: float  # time ~ size**exponent, to forecast the next size against the budget
    n_inputs: int = 1
    square: bool = False  # inputs are n x n matrices (size = n * n)
    tolerance: float = 1e-3  # relative to max |reference| for float32 (x1e-6 for float64)

    def function(self, ops: Ops) -> Fn | None:
        """The workload as a function of native inputs, or ``None`` if ``ops`` lacks it."""
        op = getattr(ops, self.needs)
        return None if op is None else self.build(op)

    def missing(self, ops: Ops) -> str:
        return f"{ops.where}.{self.needs.replace('fft', 'fft.fft')} is missing"

    def shape(self, size: int) -> tuple[int, ...]:
        if self.square:
            n = max(1, round(math.sqrt(size)))
            return (n, n)
        return (size,)

    def sizes(self, sizes: Sequence[int], *, full: bool = False) -> list[int]:
        """The element counts this workload runs at for the requested ``sizes``."""
        out = {math.prod(self.shape(s)) for s in sizes}
        if full and self.square:
            out.add(MATMUL_MAX_SIDE * MATMUL_MAX_SIDE)
        return sorted(out)

    def inputs(self, size: int, dtype: np.dtype, seed: int = 0) -> tuple[np.ndarray, ...]:
        """Random NumPy inputs (the same for every backend at a given size)."""
        rng = np.random.default_rng([seed, size])
        shape = self.shape(size)
        return tuple(
            rng.uniform(-5.0, 5.0, shape).astype(dtype, copy=False) for _ in range(self.n_inputs)
        )

    def check(self, got: Any, ref: np.ndarray, dtype: np.dtype) -> str | None:
        """Why ``got`` is not the NumPy reference's answer, or ``None`` if it is."""
        got = np.asarray(got)
        if got.shape != ref.shape:
            return f"result has shape {got.shape}, NumPy's has {ref.shape}"
        if got.dtype.kind != ref.dtype.kind:
            return f"result has dtype {got.dtype}, NumPy's has {ref.dtype}"
        if ref.size == 0:
            return None
        scale = float(np.max(np.abs(ref))) or 1.0
        err = float(np.max(np.abs(got.astype(ref.dtype) - ref))) / scale
        tol = self.tolerance * (1e-6 if np.dtype(dtype) == np.float64 else 1.0)
        if not err <= tol:
            return f"result differs from NumPy's (relative error {err:.2e} > {tol:.0e})"
        return None

    def label_size(self, size: int) -> str:
        """A short column heading for ``size``: ``1e5``, ``300``, ``32x32``."""
        if self.square:
            n = self.shape(size)[0]
            return f"{n}x{n}"
        return format_size(size)


def format_size(size: int) -> str:
    if size < 1000:
        return str(size)
    mantissa, exp = f"{size:.1e}".split("e")
    return f"{mantissa.rstrip('0').rstrip('.')}e{int(exp)}"


def _sigmoid(exp: Fn) -> Fn:
    return lambda x: 1 / (1 + exp(-x))


def _same(op: Fn) -> Fn:
    return op


WORKLOADS: dict[str, Workload] = {
    w.name: w
    for w in (
        Workload("sigmoid", "sigmoid 1/(1+exp(-x))", "exp", _sigmoid, 1.0),
        Workload("sort", "sort(x)", "sort", _same, 1.1),
        # float32 matmul on GPUs defaults to TF32 (JAX, TF): ~1e-3 relative error.
        Workload(
            "matmul",
            "matmul(a, b), n x n",
            "matmul",
            _same,
            1.5,
            n_inputs=2,
            square=True,
            tolerance=1e-2,
        ),
        Workload("tanh", "tanh(x)", "tanh", _same, 1.0),
        Workload("fft", "fft(x), complex output", "fft", _same, 1.1),
    )
}
