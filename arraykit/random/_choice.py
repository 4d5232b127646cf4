"""``Generator.choice``: NumPy's checks and messages, draws as the module docstring of
``_generator`` states."""

from __future__ import annotations

import math
import operator
from typing import Any

import numpy as np

import arraykit as ak

from .._core import normalize_axis
from ._args import Gen, known_shape, size_shape


def _probabilities(p: Any, n: int) -> np.ndarray:
    """``p`` checked on the host as NumPy checks it (float64)."""
    try:
        pv = np.asarray(p, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError("choice: p must be an array of probabilities") from None
    if pv.ndim != 1:
        raise ValueError("choice: p must be 1-dimensional")
    if pv.size != n:
        raise ValueError("choice: a and p must have same size")
    if not np.all(np.isfinite(pv)):
        raise ValueError("choice: probabilities contain NaN")
    if np.any(pv < 0):
        raise ValueError("choice: probabilities are not non-negative")
    if abs(math.fsum(pv) - 1.0) > math.sqrt(np.finfo(np.float64).eps):
        raise ValueError("choice: probabilities do not sum to 1")
    return pv


def choice(gen: Gen, a: Any, size: Any, replace: bool, p: Any, axis: int, device: Any) -> ak.Array:
    fn = "choice"
    pop: ak.Array | None = None
    if isinstance(a, (list, tuple, np.ndarray)):  # NumPy's sequences: a population
        host = np.asarray(a)
        if host.dtype.kind not in "biufc":
            raise ValueError(f"{fn}: a must be a sequence or an integer, not {host.dtype}")
        a = ak.asarray(host, device=device) if host.ndim else host.item()
    if isinstance(a, ak.Array) and a.ndim == 0:
        if not ak.isdtype(a.dtype, "integral"):
            raise ValueError(f"{fn}: a must be a sequence or an integer, not a 0-d {a.dtype}")
        a = int(a)
    ax = 0
    pop_shape: tuple[int, ...] = ()
    if isinstance(a, ak.Array):
        ax = normalize_axis(axis, a.ndim, fn)
        pop_shape = known_shape(a, fn, "a")
        pop, n, device = a, pop_shape[ax], a.device
    else:
        if not isinstance(a, (int, np.integer)):
            raise ValueError(f"{fn}: a must be a sequence or an integer, not {type(a)}")
        n = operator.index(a)
        if n < 0:
            raise ValueError(f"{fn}: a must be a positive integer unless no samples are taken")
    shape = size_shape(size, fn)
    k = math.prod(shape)
    if n == 0 and k > 0:
        raise ValueError(f"{fn}: a cannot be empty unless no samples are taken")
    pv = None if p is None else _probabilities(p, n)
    if not replace and k > n:
        raise ValueError(f"{fn}: Cannot take a larger sample than population when replace is False")
    if pv is not None and not replace and np.count_nonzero(pv) < k:
        raise ValueError(f"{fn}: Fewer non-zero entries in p than size")
    if pv is None and replace:
        idx = gen.integers(0, n, size=k, device=device) if n > 0 else _empty(device)
    elif pv is None:
        idx = ak.astype(gen._perm(n, device)[:k], ak.int64)
    elif replace:
        cdf = np.cumsum(pv)
        cdf /= cdf[-1]
        u = gen.random(k, device=device)
        cdf_a = ak.asarray(cdf, device=u.device)
        idx = ak.searchsorted(cdf_a, u, side="right")
        idx = ak.minimum(ak.astype(idx, ak.int64), n - 1)
    else:
        e = gen.exponential(size=n, device=device)
        with np.errstate(divide="ignore"):
            inv = np.where(pv > 0, 1.0 / np.where(pv > 0, pv, 1.0), np.inf)
        keys = e * ak.asarray(inv, device=e.device)
        idx = ak.astype(ak.argsort(keys, stable=True)[:k], ak.int64)
    if pop is None:
        return ak.reshape(idx, shape)
    taken = ak.take(pop, idx, axis=ax)
    return ak.reshape(taken, pop_shape[:ax] + shape + pop_shape[ax + 1 :])


def _empty(device: Any) -> ak.Array:
    return ak.zeros(0, dtype=ak.int64, device=device)
