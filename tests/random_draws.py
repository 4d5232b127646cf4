"""The draws that every driver must make as the NumPy driver does, at least 10**4 values
of each method and dtype (``tests/test_random.py`` checks them on each driver;
``tests/tools/random_bounds.py`` prints the measured agreement, README's table).

Bit-identical draws must be equal; the draws written in core over each backend's
``log1p``, ``sqrt``, ``cos``, ``sin`` and ``exp`` (``normal``, ``standard_normal``,
``exponential``, ``lognormal`` and the gamma family, whose rejection decisions must be the
same on every driver) agree within ``BOUNDS`` ulps, ``normal(1, 2)`` and ``standard_t``
in ulps of ``max(|x|, 1)`` (``1 + 2z`` cancels near 0, ``z / s`` inherits ``z``'s absolute
error; so do the continuous draws of ``NEAR_ZERO``), the others in ulps of ``|x|``."""

from __future__ import annotations

import numpy as np

import arraykit as ak

N = 10_002  # a multiple of 6: the draws of several shapes take exactly N values
SEED = 12345

# In ulps, the largest error against the NumPy driver measured on any driver (TF, JAX),
# by the tool, on these draws and on 10**5 values per draw from seed 7 (``--n 100002
# --seed 7``); a draw not named here is bit-identical.
BOUNDS = {
    "normal f64": 3,
    "normal f32": 6,
    "standard_normal f64": 3,
    "standard_normal f32": 3,
    "exponential f64": 4,
    "exponential f32": 4,
    "lognormal f64": 9,
    # -- the continuous distributions (random-cont, issue 26); the gamma family's (shapes
    # of 0.3 and 0.5 among these draws) grow with 1 / shape below shape 1, where the
    # u**(1/a) factor amplifies the backends' log1p
    "standard_gamma f64": 62,
    "standard_gamma f32": 32,
    "gamma f64": 26,
    "chisquare f64": 21,
    "beta f64": 47,
    "standard_t f64": 23,
    "standard_exponential f64": 2,
    "standard_exponential f32": 4,
    "gumbel": 4,
    "laplace": 2,
    "logistic": 2,
    "pareto": 7,
    "power": 2,
    "weibull": 7,
    "rayleigh": 2,
    "standard_cauchy": 2,
    "wald": 8,
    "vonmises": 8,
    "f": 51,
    "noncentral_chisquare": 7,
    "noncentral_f": 25,
    "standard_gamma out f32": 14,
}
# Draws measured in ulps of max(|x|, 1): a sum or a ratio that may cancel near 0.
NEAR_ZERO = ("normal", "standard_t", "gumbel", "laplace", "logistic", "vonmises", "noncentral_chi")


def draws(seed: int = SEED, n: int = N) -> dict[str, np.ndarray]:
    """One generator, every draw in turn (each continues the stream of the one before),
    ``n`` values or rows each (``n`` a multiple of 6)."""
    N = n
    g = ak.random.default_rng(seed)
    x = ak.reshape(ak.arange(2 * N, dtype=ak.int64), (N, 2))
    p5 = [0.1, 0.2, 0.3, 0.25, 0.15]
    out = {
        "random_raw u32": g.bit_generator.random_raw(N + 3),
        "integers [-1000, 1000) i64": g.integers(-1000, 1000, size=(N // 4, 4)),
        "integers full range i64": g.integers(-(2**63), 2**63 - 1, size=N, endpoint=True),
        "integers full range u64": g.integers(0, 2**64 - 1, N, dtype=ak.uint64, endpoint=True),
        "integers [0, 2**40) u64": g.integers(3, 2**40, N, dtype="uint64"),
        "integers u8": g.integers(0, 255, size=N, dtype=ak.uint8, endpoint=True),
        "integers i8": g.integers(-128, 127, size=N, dtype=np.int8, endpoint=True),
        "integers bool": g.integers(0, 2, size=N, dtype=bool),
        "integers array bounds i64": g.integers([0, -50, 10], [[70], [2**40]], (N // 6, 2, 3)),
        "integers array bounds i16": g.integers(-5, [10, 300], size=(N // 2, 2), dtype="i2"),
        "random f64": g.random(N + 1),
        "random f32": g.random((N // 5, 5), dtype=ak.float32),
        "uniform f32": g.uniform(-2.0, 3.0, N, dtype=ak.float32),
        "uniform f64": g.uniform([0.0, -1.0], 5.0, size=(N // 2, 2)),
        "permutation": g.permutation(N),
        "permutation of rows": g.permutation(x),
        "choice": g.choice(3 * N, N, replace=False),
        "choice with replacement": g.choice(1000, N),
        "choice p": g.choice(5, N, p=p5),
        "choice p no replacement": g.choice(2 * N, N, replace=False, p=np.full(2 * N, 0.5 / N)),
        "choice of a list": g.choice([10, 20, 30], N),
        "choice along axis 1": g.choice(ak.reshape(x, (2, N)), N, axis=1),
        "choice of rows, p": g.choice(x, N, p=np.full(N, 1.0 / N)),
        "normal f64": g.normal(1.0, 2.0, N),
        "normal f32": g.normal(1.0, 2.0, N, dtype=ak.float32),
        "standard_normal f64": g.standard_normal(N),
        "standard_normal f32": g.standard_normal(N, dtype=ak.float32),
        "exponential f64": g.exponential(3.0, N),
        "exponential f32": g.exponential(1.0, N, dtype=ak.float32),
        "lognormal f64": g.lognormal(0.5, 0.75, N),
        "standard_gamma f64": g.standard_gamma(np.resize([0.3, 1.0, 2.5, 50.0], N)),
        "standard_gamma f32": g.standard_gamma(np.resize([0.3, 1.0, 2.5, 50.0], N), dtype="f4"),
        "gamma f64": g.gamma(2.0, 3.0, N),
        "chisquare f64": g.chisquare(4.0, N),
        "beta f64": g.beta(0.5, 2.0, N),
        "standard_t f64": g.standard_t(3.0, N),
    }
    out.update(_continuous(g, N))  # random-cont's block
    out.update(disc_draws(g, N))  # discrete and multivariate (branch random-disc)
    return {k: np.asarray(v) for k, v in out.items()}


def _continuous(g: ak.random.Generator, N: int) -> dict[str, ak.Array]:
    """The continuous distributions of issue 26 (branch random-cont), in turn."""
    half, third = (N // 2, 2), (N // 3, 3)
    return {
        "standard_exponential f64": g.standard_exponential(N),
        "standard_exponential f32": g.standard_exponential(N, dtype=ak.float32),
        "gumbel": g.gumbel(0.5, 2.0, N),
        "laplace": g.laplace(0.5, 2.0, N),
        "logistic": g.logistic(0.5, 2.0, N),
        "pareto": g.pareto(2.5, N),
        "power": g.power(0.7, N),
        "weibull": g.weibull([0.5, 2.0], size=half),
        "rayleigh": g.rayleigh(2.0, N),
        "standard_cauchy": g.standard_cauchy(N),
        "triangular": g.triangular(-1.0, [0.5, 3.0], 3.0, size=half),
        "wald": g.wald([1.0, 3.0], 2.0, size=half),
        "vonmises": g.vonmises([0.0, 2.5, -1.0], [0.5, 4.0, 1e7], size=third),
        "f": g.f(3.0, [5.0, 0.8], size=half),
        "noncentral_chisquare": g.noncentral_chisquare([1.0, 4.0], 2.0, size=half),
        "noncentral_f": g.noncentral_f(3.0, 7.0, 1.5, N),
        "standard_gamma out f32": g.standard_gamma(
            0.7, dtype=ak.float32, out=ak.zeros(N, dtype=ak.float32)
        ),
    }


# ---- discrete and multivariate distributions (branch random-disc) -----------------------
# Integer draws: their accept/reject decisions and inversions the same on every driver,
# so bit-identical; multivariate_normal (the driver's svd/eigh/cholesky and matmul) and
# dirichlet (the gamma draws' log/exp) within BOUNDS_DISC ulps (multivariate_normal's in
# ulps of max(|x|, 1)).
BOUNDS_DISC = {  # measured as BOUNDS (seed 12345 and 10**4 rows, seed 7 and 10**5)
    "multivariate_normal svd f64": 6,
    "multivariate_normal cholesky f64": 3,
    "dirichlet f64": 33,  # exp of log-gamma draws: |log G| times their ulps
    "noncentral_chisquare df < 1": 9,  # standard_gamma's of shapes df / 2 + i
}
BOUNDS.update(BOUNDS_DISC)
NEAR_ZERO = (*NEAR_ZERO, "multivariate_normal")


def disc_draws(g: ak.random.Generator, N: int) -> dict[str, ak.Array]:
    cov = [[2.0, 0.6, 0.1], [0.6, 1.0, -0.3], [0.1, -0.3, 0.5]]
    m6 = N // 6
    return {
        "poisson inversion": g.poisson(3.0, N),
        "poisson PTRS": g.poisson(40.0, N),
        "poisson array lam": g.poisson(np.resize([0.5, 9.0, 12.0, 1e5], N)),
        "binomial inversion": g.binomial(30, 0.1, N),
        "binomial BTRS": g.binomial(1000, 0.7, N),
        "binomial array": g.binomial(np.resize([5, 60, 2**40], N), np.resize([0.5, 0.3], N)),
        "geometric": g.geometric([0.01, 0.3, 0.9], size=(N // 3, 3)),
        "negative_binomial": g.negative_binomial(2.5, 0.3, N),
        "hypergeometric inversion": g.hypergeometric(10, 20, 5, N),
        "hypergeometric HRUA": g.hypergeometric(300, 500, 200, N),
        "hypergeometric array": g.hypergeometric(np.resize([10, 300, 700], N), 500, 200),
        "logseries": g.logseries([0.3, 0.99], size=(N // 2, 2)),
        "zipf": g.zipf([2.0, 4.5], size=(N // 2, 2)),
        "multinomial": g.multinomial(50, [0.1, 0.25, 0.05, 0.6], size=N // 4 + 1),
        "multivariate_hypergeometric marginals": g.multivariate_hypergeometric(
            [12, 30, 8], 20, size=N // 3 + 1
        ),
        "multivariate_hypergeometric count": g.multivariate_hypergeometric(
            [12, 30, 8], 20, size=N // 3 + 1, method="count"
        ),
        "multivariate_normal svd f64": g.multivariate_normal([1.0, -1.0, 0.5], cov, N // 3),
        "multivariate_normal cholesky f64": g.multivariate_normal(
            [1.0, -1.0, 0.5], cov, N // 3, method="cholesky"
        ),
        "dirichlet f64": g.dirichlet([0.5, 2.0, 7.0], N // 3 + 1),
        "permuted": g.permuted(ak.reshape(ak.arange(6 * m6), (m6, 6)), axis=1),
        "bytes": ak.asarray(np.frombuffer(g.bytes(N + 3), dtype=np.uint8)),
        # df < 1: NumPy's Poisson mixture, chisquare(df + 2 poisson(nonc / 2))
        "noncentral_chisquare df < 1": g.noncentral_chisquare(
            [0.3, 0.8], [2.0, 40.0], size=(N // 2, 2)
        ),
    }


def ulps(got: np.ndarray, ref: np.ndarray, floor: float) -> float:
    spacing = np.spacing(np.maximum(np.abs(ref), floor).astype(ref.dtype))
    return float(np.max(np.abs(got.astype(np.float64) - ref) / spacing.astype(np.float64)))


def errors(got: dict[str, np.ndarray], ref: dict[str, np.ndarray]) -> dict[str, float]:
    """Per draw: 0 where bit-identical, the largest error in ulps for the ``BOUNDS``
    draws, ``inf`` where a dtype, a shape or an exact value differs."""
    out = {}
    for name, r in ref.items():
        g = got[name]
        if g.dtype != r.dtype or g.shape != r.shape:
            out[name] = float("inf")
        elif name in BOUNDS:
            near_zero = name.startswith(NEAR_ZERO)  # a sum or a ratio
            floor = 1.0 if near_zero else float(np.finfo(r.dtype).tiny)
            out[name] = ulps(g, r, floor)
        else:
            out[name] = 0.0 if np.array_equal(g, r) else float("inf")
    return out
