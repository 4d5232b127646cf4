"""Gradient rows of NumPy's statistics extras (issue 25 phase 2, part A), merged into
``tests/gradient_cases_numpy.py``: order statistics and the ``nan*`` reductions (NaNs
made inside the function, where the input passes 0.6, so their gradient is 0 and the
central differences stay finite), ``interp`` (at points between the samples), ``cov``,
``corrcoef``, the weights of ``bincount`` and ``histogram`` (the sums move with them) and
the edges of the histograms (they move with the data's minimum and maximum)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gradient_cases import BOTH, REAL, Case, _i, _m, _ms, _with

import arraykit as ak

M35 = _m(3, 5)


def _nanify(x: Any) -> Any:
    """``x`` with NaN where it passes 0.6 (a mask that does not move under the small
    steps of the central differences: the inputs keep away from 0.6)."""
    return ak.where(ak.real(x) > 0.6, ak.nan, x)


def _away(values: np.ndarray) -> np.ndarray:
    """Values kept 0.01 away from 0.6 (the NaN mask's edge) and from each other."""
    v = np.where(np.abs(values - 0.6) < 0.01, values + 0.05, values)
    return v + np.arange(v.size).reshape(v.shape) * 1e-3


def _stats_input(rng: np.random.Generator, kind: str) -> list[np.ndarray]:
    x = _away(rng.uniform(-1, 1, (3, 5)))
    x[:, 0] = [0.8, -0.2, 0.9]  # a NaN in two rows
    return [x]


_Q = [0.1, 0.5, 0.85]
_INTERP_X = lambda rng, kind: [  # noqa: E731
    np.array([-0.5, 0.25, 0.7, 1.3, 1.9, 2.6, -2.0, 4.0]),
    rng.uniform(-1, 1, 5),
]
_XP = np.array([-1.0, 0.0, 1.0, 2.0, 3.0])


def _interp(x: Any, fp: Any) -> Any:
    return ak.interp(x, ak.asarray(_XP), fp)


def _flat(result: tuple) -> tuple:
    hist, edges = result
    return (hist, *edges)


ROWS: list[Case] = [
    Case("median", lambda x: ak.median(x, axis=1), _stats_input, kinds=(REAL,)),
    Case("nanmedian", lambda x: ak.nanmedian(_nanify(x), axis=1), _stats_input, kinds=(REAL,)),
    *(Case(n, lambda x, n=n, s=s: getattr(ak, n)(x, [q * s for q in _Q], axis=0), _stats_input,
           kinds=(REAL,)) for n, s in (("quantile", 1), ("percentile", 100))),
    Case("quantile", lambda x: ak.quantile(x, 0.3, method="hazen"), _stats_input,
         kinds=(REAL,), variant="hazen"),
    *(Case(n, lambda x, n=n, s=s: getattr(ak, n)(_nanify(x), [q * s for q in _Q], axis=1),
           _stats_input, kinds=(REAL,)) for n, s in (("nanquantile", 1),
                                                      ("nanpercentile", 100))),
    *(Case(n, lambda x, n=n: getattr(ak, n)(_nanify(x), axis=1), _stats_input, kinds=(REAL,))
      for n in ("nanmin", "nanmax")),
    *(Case(n, lambda x, n=n: getattr(ak, n)(_nanify(x), axis=1), _stats_input)
      for n in ("nanvar", "nanstd", "nancumsum", "nancumprod")),
    Case("interp", _interp, _INTERP_X, diff=(0, 1), kinds=(REAL,)),
    Case("cov", ak.cov, M35), Case("cov", lambda x, w: ak.cov(x, aweights=w),
                                   _with(_ms((3, 5), (5,)), lambda a: [a[0], np.abs(a[1]) + 0.5]),
                                   diff=(0, 1), kinds=(REAL,), variant="aweights"),
    Case("corrcoef", ak.corrcoef, M35, kinds=(REAL,)),
    Case("bincount", lambda w: ak.bincount(_i([0, 1, 1, 3, 4]), weights=w), _m(5),
         kinds=(REAL,)),
    Case("histogram", lambda x, w: ak.histogram(x, 3, weights=w), _ms((8,), (8,)),
         diff=(0, 1), kinds=(REAL,)),
    Case("histogram_bin_edges", lambda x: ak.histogram_bin_edges(x, 4), _m(6), kinds=(REAL,)),
    Case("histogram2d", lambda x, y: ak.histogram2d(x, y, 3), _ms((6,), (6,)), diff=(0, 1),
         kinds=(REAL,)),
    Case("histogramdd", lambda s: _flat(ak.histogramdd(s, 2)), _m(6, 2), kinds=(REAL,)),
]  # fmt: skip

_INTEGER_OUT = "integer or boolean output"
NOT_DIFFERENTIABLE: dict[str, str] = dict.fromkeys(("nanargmin", "nanargmax", "digitize"),
                                                   _INTEGER_OUT)  # fmt: skip
NOT_DIFFERENTIABLE_CALLS: dict[str, Callable[[Any], Any]] = {
    "nanargmin": lambda x: ak.nanargmin(x, axis=1),
    "nanargmax": lambda x: ak.nanargmax(x),
    "digitize": lambda x: ak.digitize(x, ak.asarray([-1.0, 0.0, 1.0])),
}
_ = BOTH
