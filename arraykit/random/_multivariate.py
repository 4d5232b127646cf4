"""Multivariate distributions and shuffles of ``ak.random``, written once in core on the
Philox stream: ``multinomial``, ``multivariate_normal``, ``dirichlet``, ``permuted``,
``bytes``.

- ``multinomial(n, pvals)``: conditional binomials, as NumPy: category ``j < k - 1``
  gets ``binomial(left, pvals[j] / (1 - pvals[0] - ... - pvals[j-1]))`` (clipped to
  ``[0, 1]``), the last what is left; one binomial draw of the batch per category.
- ``multivariate_normal(mean, cov)``: ``mean + z @ A.T`` with ``z = standard_normal(size
  + (k,))`` and, as NumPy, ``A = U sqrt(s)`` from ``svd(cov)`` ("svd"), ``U sqrt(|s|)``
  from ``eigh(cov)`` ("eigh") or ``cholesky(cov)``, by the driver's ``ak.linalg`` (so
  gradients flow to ``mean`` and ``cov``).  The columns of ``U`` are only defined up to
  sign, which backends choose differently: each column is turned so that its entry of
  largest magnitude is positive (the distribution is the same), so drivers agree to a
  few ulps of the factor where the eigenvalues are distinct.  ``check_valid`` is NumPy's
  check, on the host (left out inside ``ak.jit``/``ak.vmap``).
- ``dirichlet(alpha)``: the gamma draws ``G_i = standard_gamma(alpha_i)`` (``_gamma``,
  Marsaglia-Tsang) of a ``size + (k,)`` array, normalised as ``exp(log G_i - max_j log
  G_j) / sum`` from their logarithms, so that tiny ``alpha`` (whose draws underflow)
  give vectors, not NaN; ``alpha_i = 0`` gives 0 there, a NaN in ``alpha`` a row of NaN.
- ``permuted(x, axis)``: two words per element (uint64 keys ``a | b << 32`` in the
  element order of ``x``), each slice along ``axis`` in the order of a stable argsort of
  its keys (the flattened array for ``axis=None``).
- ``bytes(length)``: the next ``ceil(length / 4)`` words as little-endian bytes.
"""

from __future__ import annotations

import math
import operator
import warnings
from typing import Any

import numpy as np

import arraykit as ak

from .._core import normalize_axis, transform_tracing
from . import _gamma
from ._args import Checked, Gen, check, draw_shape, flat, known_shape, known_size, param, size_shape
from ._compiled import host, on_host
from ._discrete import _device, binomial_flat, int_param

# ----------------------------------------------------------------------------- multinomial


def _pvals(pvals: Any, fn: str) -> tuple[ak.Array, int]:
    """``pvals`` checked, as float64, and its number of categories."""
    if isinstance(pvals, ak.Array):
        pv = ak.astype(pvals, ak.float64)
    else:
        pv = ak.asarray(np.asarray(pvals, dtype=np.float64))
    k = known_shape(pv, fn, "pvals")[-1] if pv.ndim else 0
    if k == 0:
        raise ValueError(
            f"{fn}: pvals must have at least 1 dimension and the last dimension of pvals "
            "must be greater than 0."
        )
    check(ak.isnan(pv) | (pv < 0) | (pv > 1), fn, ValueError,
          "pvals < 0, pvals > 1 or pvals contains NaNs")  # fmt: skip
    check(ak.sum(pv[..., :-1], axis=-1) > 1.0 + 1e-12, fn, ValueError, "sum(pvals[:-1]) > 1.0")
    return pv, k


def multinomial(gen: Gen, n: Any, pvals: Any, size: Any, device: Any) -> ak.Array:
    fn = "multinomial"
    n = int_param(n, fn, "n")
    check(n < 0, fn, ValueError, "n < 0")
    pv, k = _pvals(pvals, fn)
    lead = pv[..., 0]
    batch = draw_shape(size, (n, lead) if isinstance(n, ak.Array) else (lead,), fn)
    device = _device(device, n, pv)
    rows = math.prod(batch)
    left: Any = n if not isinstance(n, ak.Array) else flat(n, batch, device)
    if not isinstance(left, ak.Array):
        left = int(left)
    scalar_p = pv.ndim == 1 and not transform_tracing.depth
    host_p = [float(v) for v in pv.tolist()] if scalar_p else None
    rest: Any = 1.0 if host_p is not None else ak.ones(rows, dtype=ak.float64, device=device)
    out = []
    for j in range(k - 1):
        if host_p is not None:
            pj: Checked = host_p[j]
            pj = min(max(pj / rest, 0.0), 1.0) if rest > 0 else 0.0
            rest -= host_p[j]
        else:
            pcol = flat(pv[..., j], batch, device)
            pj = ak.where(rest > 0, ak.clip(pcol / ak.where(rest > 0, rest, 1.0), 0.0, 1.0), 0.0)
            rest = rest - pcol
        x = binomial_flat(gen, left, pj, rows, device)
        out.append(x)
        left = (ak.astype(left - x, ak.float64) if not isinstance(left, ak.Array)
                else left - ak.astype(x, ak.float64))  # fmt: skip
    last = left if isinstance(left, ak.Array) else ak.full(rows, float(left), device=device)
    out.append(ak.astype(last, ak.int64))
    return ak.reshape(ak.stack(out, axis=-1), (*batch, k))


# ----------------------------------------------------------------------------- normal

_METHODS = ("svd", "eigh", "cholesky")
_NOT_PSD = "covariance is not symmetric positive-semidefinite."


def _signed(u: ak.Array) -> ak.Array:
    """``u`` with each column turned so that its entry of largest magnitude is >= 0."""
    idx = ak.argmax(ak.abs(u), axis=0)
    top = ak.take_along_axis(u, ak.reshape(idx, (1, -1)), axis=0)
    return u * ak.where(top < 0, -1.0, 1.0)


def multivariate_normal(
    gen: Gen,
    mean: Any,
    cov: Any,
    size: Any,
    check_valid: str,
    tol: float,
    method: str,
    device: Any,
) -> ak.Array:
    fn = "multivariate_normal"
    if method not in _METHODS:
        raise ValueError(f"{fn}: method must be one of {{'eigh', 'svd', 'cholesky'}}")
    m = param(mean, fn, "mean")  # a number (an int too) is refused below, as NumPy
    sigma = param(cov, fn, "cov")
    if not isinstance(m, ak.Array) or m.ndim != 1:
        raise ValueError(f"{fn}: mean must be 1 dimensional")
    if not isinstance(sigma, ak.Array) or sigma.ndim != 2:
        raise ValueError(f"{fn}: cov must be 2 dimensional and square")
    k, (rows, cols) = known_size(m, 0, fn, "mean"), known_shape(sigma, fn, "cov")
    if rows != cols:
        raise ValueError(f"{fn}: cov must be 2 dimensional and square")
    if k != rows:
        raise ValueError(f"{fn}: mean and cov must have same length")
    mu, sigma = ak.astype(m, ak.float64), ak.astype(sigma, ak.float64)
    device = _device(device, mu, sigma)
    if device is not None:
        mu, sigma = ak.asarray(mu, device=device), ak.asarray(sigma, device=device)
    shape = size_shape(size, fn)
    if method == "cholesky":
        factor = ak.linalg.cholesky(sigma)
    elif method == "eigh":
        s, u = ak.linalg.eigh(sigma)
        _check_psd(check_valid, lambda: bool(ak.any(s < -tol)), fn)
        factor = _signed(u) * ak.sqrt(ak.abs(s))
    else:
        u, s, vh = ak.linalg.svd(sigma)

        def fails() -> bool:
            back = ak.matmul(ak.matrix_transpose(vh) * s, vh)
            return not bool(ak.all(ak.abs(back - sigma) <= tol + tol * ak.abs(sigma)))

        _check_psd(check_valid, fails, fn)
        factor = _signed(u) * ak.sqrt(s)
    z = gen.standard_normal((*shape, k), device=device)
    return mu + ak.matmul(z, ak.matrix_transpose(factor))


def _check_psd(check_valid: str, fails: Any, fn: str) -> None:
    """NumPy's ``check_valid`` (not for "cholesky", whose factorisation checks)."""
    if check_valid == "ignore":
        return
    if check_valid not in ("warn", "raise"):
        raise ValueError(f"{fn}: check_valid must equal 'warn', 'raise', or 'ignore'")
    if transform_tracing.depth or not fails():
        return
    if check_valid == "warn":
        warnings.warn(_NOT_PSD, RuntimeWarning, stacklevel=4)
    else:
        raise ValueError(f"{fn}: {_NOT_PSD}")


# ----------------------------------------------------------------------------- dirichlet


def dirichlet(gen: Gen, alpha: Any, size: Any, device: Any) -> ak.Array:
    fn = "dirichlet"
    if not isinstance(alpha, ak.Array) and np.ndim(alpha) == 0:
        raise TypeError(f"{fn}: alpha must be a sequence, got {alpha!r}")
    a = param(alpha, fn, "alpha")
    if not isinstance(a, ak.Array) or a.ndim != 1:  # not an Array: a number, refused above
        ndim = a.ndim if isinstance(a, ak.Array) else 0
        raise ValueError(f"{fn}: alpha must be 1-dimensional, got {ndim} dimensions")
    a = ak.astype(a, ak.float64)
    check(a < 0, fn, ValueError, "alpha < 0")
    device = _device(device, a)
    shape = (*size_shape(size, fn), known_size(a, 0, fn, "alpha"))
    if math.prod(shape) == 0:
        return ak.zeros(shape, dtype=ak.float64, device=device)
    nan = ak.isnan(a)
    shapes = flat(ak.where(nan, 1.0, a), shape, device)
    draw = on_host if host(shapes) else (lambda f, *x: f(*x))
    out = ak.reshape(draw(_dirichlet, gen, shapes, shape[-1]), shape)
    return ak.where(ak.any(nan), math.nan, out)


def _dirichlet(gen: Gen, shapes: ak.Array, k: int) -> ak.Array:
    lg = _gamma.standard_gamma_flat(gen, shapes, ak.float64, shapes.device, log=True)
    lg = ak.reshape(lg, (-1, k))
    top = ak.max(lg, axis=-1, keepdims=True)
    top = ak.where(ak.isfinite(top), top, 0.0)  # every alpha 0: a row of 0, as NumPy
    e = ak.exp(lg - top)
    total = ak.sum(e, axis=-1, keepdims=True)
    return e / ak.where(total > 0, total, 1.0)


# ----------------------------------------------------------------------------- permuted


def permuted(gen: Gen, x: Any, axis: int | None, out: Any) -> ak.Array:
    fn = "permuted"
    if not isinstance(x, ak.Array):
        x = ak.asarray(np.asarray(x))
    if x.ndim == 0:
        raise TypeError(f"{fn}: x must be at least 1-dimensional (len() of unsized object)")
    dest: ak.Array | None = None
    if out is not None:
        if not isinstance(out, ak.Array):
            raise TypeError(f"{fn}: out must be an arraykit array")
        dest = out
        if dest.shape != x.shape:
            raise ValueError(f"{fn}: out must have the same shape as x")
        if not ak.can_cast(x.dtype, dest.dtype):
            raise TypeError(
                f"{fn}: Cannot cast array data from {x.dtype!r} to {dest.dtype!r} according "
                "to the rule 'safe'"
            )
    shape = known_shape(x, fn)
    n = math.prod(shape)
    w = ak.astype(ak.reshape(gen.bit_generator._words(2 * n, x.device), (n, 2)), ak.uint64)
    keys = w[:, 0] | (w[:, 1] << 32)
    if axis is None:
        order = ak.argsort(keys, stable=True)
        result = ak.reshape(ak.take(ak.reshape(x, (-1,)), order), shape)
    else:
        ax = normalize_axis(operator.index(axis), x.ndim, fn)
        order = ak.argsort(ak.reshape(keys, shape), axis=ax, stable=True)
        result = ak.take_along_axis(x, order, axis=ax)
    if dest is None:
        return result
    dest[...] = ak.astype(result, dest.dtype)
    return dest


# ----------------------------------------------------------------------------- bytes


def random_bytes(gen: Gen, length: Any) -> bytes:
    fn = "bytes"
    if transform_tracing.depth:
        raise TypeError(f"{fn}: a bytes object is made on the host: call it outside ak.jit")
    try:
        n = operator.index(length)
    except TypeError:
        raise TypeError(f"{fn}: length must be an int, got {length!r}") from None
    if n < 0:
        raise ValueError(f"{fn}: length must be non-negative, got {n}")
    words = np.asarray(gen.bit_generator.random_raw(-(-n // 4)).tolist(), dtype="<u4")
    return words.tobytes()[:n]
