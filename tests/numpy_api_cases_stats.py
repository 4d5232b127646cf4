"""The cases of NumPy's statistics extras (issue 25 phase 2, part A) for
``tests/test_numpy_api.py``: order statistics (every ``method``), the ``nan*`` reductions,
histograms, ``interp``, ``cov``/``corrcoef``; appended to ``numpy_api_cases.CASES``.

Inputs reach NumPy's corners: NaN-bearing slices and all-NaN ones, ties (even counts,
repeated values), empty and 0-D arrays, integers (NumPy answers in float64), float32
(kept by a Python scalar ``q``, promoted by an array ``q``).  Order statistics are exact:
arraykit applies NumPy's formulas operation for operation.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy_api_cases import (
    C128,
    EXACT,
    F32,
    F64,
    I32,
    I64,
    NUMS,
    REALS,
    SUMS,
    Case,
    plain,
    rand,
    reduce_cases,
    special,
    with_nans,
)


def order_inputs(kind: str) -> list[list[np.ndarray]]:
    """NaN-bearing and all-NaN slices (``with_nans``), ties in slices of even and odd
    length, an empty axis."""
    ties = np.array([[3, 1, 2, 2, 7, 1], [5, 5, 5, 5, 0, 9], [4, 4, 8, 8, 1, 1]], dtype=kind)
    return [*with_nans(kind), [ties], [ties[:, :5].copy()], [rand(kind, (2, 0, 3))]]


def _axis_inputs(inputs: Callable) -> Callable:
    return lambda kind: [i for i in inputs(kind) if i[0].ndim >= 2]


FULL = os.environ.get("ARRAYKIT_NUMPY_API_FULL") == "1"
_Q = lambda kind: [i for i in order_inputs(kind) if i[0].size]  # noqa: E731
_METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation",
            "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
            "normal_unbiased", "lower", "higher", "midpoint", "nearest")  # fmt: skip


def _quantile_cases(name: str, scale: float) -> list[Case]:
    """``q`` a Python scalar (weak), a list, an array of float32; axes; every method."""
    q1, ql = 0.3 * scale, [0.0, 0.25 * scale, 0.5 * scale, 1.0 * scale]
    qa = np.array([0.1, 0.75], np.float32) * scale
    out = [
        Case(name, lambda f, x: f(x, q1), order_inputs, NUMS, EXACT, fma=True),
        Case(
            name,
            lambda f, x: f(x, ql, axis=1),
            _axis_inputs(order_inputs),
            NUMS,
            EXACT,
            fma=True,
            variant="list",
        ),
        Case(
            name,
            lambda f, x: f(x, qa, axis=-1, keepdims=True),
            _axis_inputs(order_inputs),
            REALS,
            EXACT,
            fma=True,
            variant="array-q",
            numpy=lambda x: getattr(np, name)(x, qa, axis=-1, keepdims=True),
        ),
        Case(
            name,
            lambda f, x: f(x, q1, axis=(0, 1)),
            _axis_inputs(order_inputs),
            (F64,),
            EXACT,
            fma=True,
            variant="axes",
        ),
        Case(name, lambda f, x: f(x, 1 if scale == 1 else 100), _Q, (I64,), EXACT, variant="int-q"),
    ]
    if scale != 1:  # percentiles are the quantiles of q / 100: one set of methods is enough
        return out
    # every method on NaN-bearing and tied slices (and on 2 x 10^4 values per driver:
    # tests/test_numpy_stats.py)
    out += [Case(name, lambda f, x, m=m: f(x, ql, axis=0, method=m), _methods_inputs,
                 (F64, I64) if m == "weibull" else (F64,), EXACT, jit=m == "nearest",
                 fma=True, variant=m)
            for m in _METHODS if m != "linear"]  # fmt: skip
    return out


def _methods_inputs(kind: str) -> list[list[np.ndarray]]:
    return [i for i in order_inputs(kind) if i[0].ndim == 2 and i[0].shape[1] in (4, 6)]


def _weights_q(name: str, scale: float) -> Case:
    def inputs(kind: str) -> list[list[np.ndarray]]:
        x = rand(kind, (3, 6))
        if kind in REALS:
            x[0, 2] = np.nan
        # weights of a's shape, and 1-D for 1-D a (NumPy's nanquantile fails on 1-D weights
        # along an axis of a 2-D a: IndexError)
        w = np.abs(rand(F64, (3, 6))) + 0.25
        return [[x, w], [x[1], np.array([0, 0, 1, 2, 0, 3.0])]]

    def call(f: Any, x: Any, w: Any) -> Any:
        return f(x, [0.0, 0.4 * scale, scale], axis=-1, method="inverted_cdf", weights=w)

    return Case(name, call, inputs, (F64, I64), EXACT, variant="weights")


ORDER = [
    *reduce_cases("median", (*NUMS, I32), EXACT, order_inputs),
    *reduce_cases("nanmedian", NUMS, EXACT, order_inputs),
    *_quantile_cases("quantile", 1), *_quantile_cases("percentile", 100),
    *_quantile_cases("nanquantile", 1), *_quantile_cases("nanpercentile", 100),
    *(_weights_q(n, s) for n, s in (("quantile", 1), ("nanquantile", 1),
                                    ("percentile", 100), ("nanpercentile", 100))),
]  # fmt: skip


def _no_all_nan(kind: str) -> list[list[np.ndarray]]:
    """``with_nans`` but no all-NaN slice (NumPy's nanargmin raises there)."""
    x = rand(kind, (3, 4))
    if kind in REALS:
        x[0, 1] = x[2, 3] = np.nan
    return [[special(kind)], [x], [rand(kind, ())]]


NAN = [
    *reduce_cases("nanmin", NUMS, EXACT), *reduce_cases("nanmax", NUMS, EXACT),
    *reduce_cases("nanmax", REALS, EXACT, with_nans, ({"axis": 1, "initial": 0.5},)),
    *reduce_cases("nanargmin", NUMS, EXACT, _no_all_nan, ({}, {"axis": 0},
                                                          {"axis": -1, "keepdims": True})),
    *reduce_cases("nanargmax", NUMS, EXACT, _no_all_nan, ({}, {"axis": 1})),
    *reduce_cases("nanvar", (*NUMS, C128), SUMS),
    *reduce_cases("nanvar", REALS, SUMS, with_nans, ({"axis": 1, "ddof": 1},
                                                    {"axis": 0, "ddof": 3})),
    *reduce_cases("nanstd", (*NUMS, C128), SUMS),
    *reduce_cases("nancumsum", (*NUMS, C128), SUMS, with_nans, ({}, {"axis": 0},
                                                                {"axis": -1})),
    *reduce_cases("nancumprod", NUMS, SUMS, with_nans, ({}, {"axis": 1})),
]  # fmt: skip


def _counts(kind: str) -> list[list[np.ndarray]]:
    rng = np.random.default_rng(7)
    return [[rng.integers(0, 9, 40).astype(kind)], [np.array([0, 3, 3, 1], kind)],
            [np.array([], kind)], [np.array([2, -1], kind)]]  # fmt: skip


def _binned(kind: str) -> list[list[np.ndarray]]:
    """Values on the edges of 0..4 in 8 bins, NaN, infinities, ties, and random ones."""
    x = np.array([0, 0.5, 1, 4, 4, 2.25, -1, 5, 3.5, 0.5], dtype=kind)
    return [[x], [rand(kind, (3, 5))], [np.array([2, 2, 2], kind)], [np.array([], kind)]]


def _estimated(kind: str) -> list[list[np.ndarray]]:
    """Values on edges and ties; all of ``_binned`` with ARRAYKIT_NUMPY_API_FULL=1."""
    return _binned(kind) if FULL else _binned(kind)[:1]


def _bins_nan(kind: str) -> list[list[np.ndarray]]:
    return [[special(kind)], *_binned(kind)]


_EDGES = np.array([-1.0, 0.0, 0.5, 2.25, 4.0])
_W = lambda x: np.linspace(0.5, 2.0, x.size).reshape(x.shape)  # noqa: E731

HISTOGRAMS = [
    Case("bincount", lambda f, x: f(x), _counts, (I64, I32, "bool"), EXACT, jit=False),
    Case("bincount", lambda f, x: f(x, minlength=12), _counts, (I64,), EXACT, variant="minlength"),
    Case("bincount", lambda f, x: f(x, x * 0.5 - 1, minlength=9), _counts, (I64,), SUMS,
         variant="weights"),
    Case("digitize", lambda f, x: f(x, _EDGES), _bins_nan, (*REALS, I64), EXACT),
    Case("digitize", lambda f, x: f(x, _EDGES[::-1].copy(), right=True), _bins_nan, REALS,
         EXACT, variant="decreasing"),
    Case("histogram", lambda f, x: f(x, 8), _binned, (*REALS, I64), EXACT),
    Case("histogram", lambda f, x: f(x, 8, range=(0, 4)), _bins_nan, (*REALS, I64), EXACT,
         variant="range"),
    Case("histogram", lambda f, x: f(x, _EDGES), _bins_nan, (F64, I64), EXACT, variant="edges"),
    Case("histogram", lambda f, x: f(x, 5, weights=_W(x)), _binned, (F64,), SUMS,
         variant="weights", numpy=lambda x: np.histogram(x, 5, weights=_W(x))),
    Case("histogram", lambda f, x: f(x, _EDGES, density=True), _binned, (F64,), SUMS,
         variant="density"),
    # the estimators read the data eagerly, on one input; "stone" builds at least 100
    # histograms (30 s on Dask at CI's load): with ARRAYKIT_NUMPY_API_FULL=1 only
    *(Case("histogram", lambda f, x, b=b: f(x, b), _estimated, (F64, I64), EXACT, jit=False,
           variant=b) for b in ("auto", "fd", "doane", "scott", "rice", "sturges", "sqrt",
                                *(("stone",) if FULL else ()))),
    Case("histogram_bin_edges", lambda f, x: f(x, 6), _bins_nan, (*REALS, I64), EXACT),
    Case("histogram_bin_edges", lambda f, x: f(x, "auto", range=(0, 3)), _binned, REALS,
         EXACT, jit=False, variant="auto"),
    Case("histogram2d", lambda f, x: f(x[0], x[1], 4), lambda k: [[rand(k, (2, 30))]], REALS,
         EXACT),
    Case("histogram2d", lambda f, x: f(x[0], x[1], [_EDGES, 3], range=[(0, 1), (-2, 2)]),
         lambda k: [[rand(k, (2, 30))]], (F64,), EXACT, variant="bins"),
    Case("histogramdd", lambda f, x: f(x, bins=(2, 3, 4)), lambda k: [[rand(k, (40, 3))]],
         (*REALS, I64), EXACT),
    Case("histogramdd", lambda f, x: f(x, bins=3, density=True, weights=_W(x[:, 0])),
         lambda k: [[rand(k, (40, 2))]], (F64,), SUMS, variant="weights",
         numpy=lambda x: np.histogramdd(x, bins=3, density=True, weights=_W(x[:, 0]))),
]  # fmt: skip

_XP = np.array([-2.5, 0.0, 0.5, 1.0, 3.0])
_FP = np.array([1.0, -0.0, 2.0, np.inf, 4.0])


def _interp_x(kind: str) -> list[list[np.ndarray]]:
    return [[np.concatenate([special(kind), _XP.astype(kind)])], [rand(kind, (3, 4))],
            [rand(kind, ())]]  # fmt: skip


OTHER = [
    Case("interp", lambda f, x: f(x, _XP, [*_FP[:4].tolist(), 4.0]), _interp_x,
         (*REALS, I64), EXACT, fma=True,
         numpy=lambda x: np.interp(x, _XP, [*_FP[:4].tolist(), 4.0])),
    Case("interp", lambda f, x: f(x, _XP, _FP, left=-9.0, right=9.0), _interp_x, (F64,),
         EXACT, fma=True, variant="inf"),
    Case("interp", lambda f, x: f(x, _XP, [*_FP[:4].tolist(), 1j]), _interp_x, (F64,),
         EXACT, fma=True, variant="complex",
         numpy=lambda x: np.interp(x, _XP, [*_FP[:4].tolist(), 1j])),
    Case("interp", lambda f, x: f(x, _XP[::-1].copy(), _XP, period=3.5), _interp_x, (F64,),
         EXACT, fma=True, variant="period"),
    Case("interp", lambda f, x: f(x, _XP[:1], _FP[:1]), _interp_x, (F64,), EXACT,
         variant="one-point"),
    Case("cov", lambda f, x: f(x), plain, (*NUMS, C128), SUMS),
    Case("cov", lambda f, x, y: f(x, y, rowvar=False, bias=True),
         lambda k: [[rand(k, (5, 3)), rand(k, (5, 2))]], (F64,), SUMS, variant="y"),
    Case("cov", lambda f, x, w: f(x, fweights=w, aweights=w * 0.5, ddof=2),
         lambda k: [[rand(k, (3, 6)), np.array([1, 2, 1, 3, 1, 1])]], (F64, C128), SUMS,
         variant="weights"),
    Case("corrcoef", lambda f, x: f(x), plain, (*NUMS, C128), SUMS),
    Case("corrcoef", lambda f, x: f(x, rowvar=False), lambda k: [[rand(k, (6, 3))]], (F64,),
         SUMS, variant="rowvar"),
]  # fmt: skip

CASES: list[Case] = [*ORDER, *NAN, *HISTOGRAMS, *OTHER]
_ = (F32, SUMS)
