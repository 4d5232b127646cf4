"""Gradient rows for the NumPy extensions (``arraykit/_numpy_api``), merged into
``tests/gradient_cases.py``'s table: each extension is a composition of the standard's
functions, so it differentiates wherever they do; these rows check that the composition
keeps the derivative (against central differences, on every autodiff driver).

NumPy's names of standard functions (``absolute``, ``arccos``...) reuse the standard
function's row under their own name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np
from gradient_cases import (
    BINARY,
    BOTH,
    COMPLEX,
    M3,
    M23,
    REAL,
    UNARY,
    Case,
    _avoid_integers,
    _binary_case,
    _i,
    _m,
    _ms,
    _points,
    _unary_case,
    _with,
)

import arraykit as ak
from arraykit._numpy_api.math import _ALIASES


def _alias_row(name: str, target: Any) -> Case | None:
    std = target.__name__
    if std in UNARY:
        return dataclasses.replace(_unary_case(std, UNARY[std]), name=name, f=getattr(ak, name))
    if std in BINARY:
        return dataclasses.replace(_binary_case(std, BINARY[std]), name=name, f=getattr(ak, name))
    return None


ALIAS_ROWS = [r for n, (t, _, _) in _ALIASES.items() if (r := _alias_row(n, t)) is not None]


def _real(lo: float, hi: float, special: tuple = ()) -> Callable:
    return lambda rng, kind: [_points((lo, hi, special))(rng, kind)]


def _off_integers(lo: float, hi: float) -> Callable:
    return lambda rng, kind: [_avoid_integers(rng.uniform(lo, hi, 12))]


def _pair(a: Callable, b: Callable) -> Callable:
    return lambda rng, kind: [a(rng), b(rng)]


V5 = _m(5)

ROWS: list[Case] = [
    *ALIAS_ROWS,
    # -- math, elementwise
    Case("fabs", ak.fabs, _real(-3, 3, (1.0, -1.0)), kinds=(REAL,), elementwise=True),
    Case("cbrt", ak.cbrt, _real(0.2, 3, (-1.5, -8.0)), kinds=(REAL,), elementwise=True),
    Case("exp2", ak.exp2, lambda rng, kind: [_points((-3, 3, (0.0, 1.0)), (0j, 2j))(rng, kind)],
         elementwise=True),
    *(Case(n, getattr(ak, n), _real(-3, 3, (0.0,)), kinds=(REAL,), elementwise=True)
      for n in ("deg2rad", "rad2deg", "degrees", "radians")),
    Case("logaddexp2", ak.logaddexp2,
         _pair(lambda rng: rng.uniform(-3, 3, 12), lambda rng: rng.uniform(-3, 3, 12)),
         diff=(0, 1), kinds=(REAL,), elementwise=True),
    Case("heaviside", ak.heaviside,
         _pair(lambda rng: np.r_[rng.uniform(0.2, 3, 6), -rng.uniform(0.2, 3, 6)],
               lambda rng: rng.uniform(0, 1, 12)), diff=(0, 1), kinds=(REAL,),
         elementwise=True),
    Case("sinc", ak.sinc, _real(-3, 3, (0.5, -1.5)), kinds=(REAL,), elementwise=True),
    Case("float_power", ak.float_power,
         _pair(lambda rng: rng.uniform(0.3, 3, 12), lambda rng: rng.uniform(-2, 2, 12)),
         diff=(0, 1), kinds=(REAL,), elementwise=True),
    *(Case(n, getattr(ak, n), _off_integers(-3, 3), kinds=(REAL,), elementwise=True)
      for n in ("fix", "rint")),
    Case("around", lambda x: ak.around(x, 1), lambda rng, kind: [
        _avoid_integers(rng.uniform(-30, 30, 12)) / 10], kinds=(REAL,), elementwise=True),
    Case("angle", ak.angle, _m(6), kinds=(COMPLEX,)),
    Case("divmod", lambda a, b: ak.divmod(a, b),
         _pair(lambda rng: _avoid_integers(rng.uniform(-5, 5, 12)),
               lambda rng: np.full(12, 1.0)), kinds=(REAL,)),
    Case("nan_to_num", ak.nan_to_num, V5, kinds=(REAL,)),
    # -- sums, products, extrema, statistics
    *(Case(n, lambda x, n=n: getattr(ak, n)(x, axis=1), M23) for n in
      ("cumsum", "cumprod", "nansum", "nanprod", "nanmean")),
    Case("cumsum", ak.cumsum, M23, variant="flat"),
    *(Case(n, lambda x, n=n: getattr(ak, n)(x, axis=0), M23, kinds=(REAL,))
      for n in ("amax", "amin", "ptp")),
    Case("average", lambda x, w: ak.average(x, axis=1, weights=w),
         _with(_ms((2, 3), (3,)), lambda a: [a[0], np.abs(a[1]) + 0.5]), diff=(0, 1),
         kinds=(REAL,)),
    Case("cross", ak.cross, _ms((2, 3), (3,)), diff=(0, 1)),
    # -- creation
    *(Case(n, getattr(ak, n), M23) for n in ("array", "asanyarray", "ascontiguousarray",
                                            "copy")),
    Case("diag", lambda x: ak.diag(x, k=1), V5), Case("diag", ak.diag, M3, variant="2-D"),
    Case("diagflat", ak.diagflat, M23), Case("vander", ak.vander, _m(3)),
    # -- manipulation
    Case("concatenate", lambda a, b: ak.concatenate([a, b]), _ms((1, 3), (2, 3)),
         diff=(0, 1)),
    Case("append", ak.append, _ms((2, 3), (2,)), diff=(0, 1)),
    *(Case(n, getattr(ak, n), V5) for n in ("atleast_1d", "atleast_2d", "atleast_3d")),
    *(Case(n, getattr(ak, n), M23) for n in ("transpose", "ravel", "flatten", "fliplr",
                                            "flipud", "rot90")),
    Case("swapaxes", lambda x: ak.swapaxes(x, 0, 1), M23),
    *(Case(n, lambda a, b, n=n: getattr(ak, n)([a, b]), _ms((2, 3), (2, 3)), diff=(0, 1))
      for n in ("hstack", "vstack", "dstack", "column_stack")),
    *(Case(n, lambda x, n=n: tuple(getattr(ak, n)(x, [1])), _m(2, 3, 2))
      for n in ("split", "array_split", "hsplit", "vsplit", "dsplit")),
    *(Case("pad", lambda x, m=m: ak.pad(x, 2, mode=m), V5, variant=m)
      for m in ("constant", "reflect", "edge", "mean", "linear_ramp")),
    # -- indexing
    Case("select", lambda a, b: ak.select([_i([True, False, False]), _i([True, True, False])],
                                          [a, b], default=1.5), _ms((3,), (3,)), diff=(0, 1)),
    Case("compress", lambda x: ak.compress(_i([True, False, True]), x, axis=1), M23),
    Case("diagonal", lambda x: ak.diagonal(x, 1), M3),
    # -- linear algebra
    Case("dot", ak.dot, _ms((2, 3), (3, 2)), diff=(0, 1)),
    Case("vdot", ak.vdot, _ms((2, 3), (3, 2)), diff=(0, 1)),
    Case("inner", ak.inner, _ms((2, 3), (4, 3)), diff=(0, 1)),
    Case("outer", ak.outer, _ms((3,), (2,)), diff=(0, 1)),
    Case("kron", ak.kron, _ms((2, 2), (2, 3)), diff=(0, 1)),
    Case("einsum", lambda a, b: ak.einsum("ij,kj->ik", a, b), _ms((2, 3), (4, 3)),
         diff=(0, 1)),
    Case("einsum", lambda x: ak.einsum("ii->i", x), M3, variant="diagonal"),
    Case("trace", ak.trace, M3),
    Case("polyval", ak.polyval, _ms((3,), (4,)), diff=(0, 1)),
]  # fmt: skip

_INTEGER_OUT = "integer or boolean output"
_NO_ARRAY = "takes no array to differentiate (creation from Python values, dtypes, settings)"
NOT_DIFFERENTIABLE: dict[str, str] = {
    **dict.fromkeys(("bitwise_not", "invert", "left_shift", "right_shift", "gcd", "lcm",
                     "iscomplex", "isreal", "isneginf", "isposinf", "isclose"), _INTEGER_OUT),
    **dict.fromkeys(("allclose", "array_equal", "array_equiv", "iscomplexobj", "isrealobj",
                     "isscalar", "ndim", "shape", "size", "ix_", "diag_indices_from"),
                    "a Python value or integer indices"),
    **dict.fromkeys(("diag_indices", "tril_indices", "triu_indices", "identity", "tri",
                     "geomspace", "issubdtype", "promote_types"), _NO_ARRAY),
}  # fmt: skip

# name -> a function of a float array whose output does not move with it (gradient 0)
NOT_DIFFERENTIABLE_CALLS: dict[str, Callable[[Any], Any]] = {
    "bitwise_not": lambda x: ak.bitwise_not(ak.astype(x, ak.int64)),
    "invert": lambda x: ak.invert(x > 0),
    "left_shift": lambda x: ak.left_shift(ak.astype(x, ak.int64), 1),
    "right_shift": lambda x: ak.right_shift(ak.astype(x, ak.int64), 1),
    "gcd": lambda x: ak.gcd(ak.astype(x, ak.int64), 6),
    "lcm": lambda x: ak.lcm(ak.astype(x, ak.int64), 6),
    "iscomplex": ak.iscomplex,
    "isreal": ak.isreal,
    "isneginf": ak.isneginf,
    "isposinf": ak.isposinf,
    "isclose": lambda x: ak.isclose(x, 0.5),
    "allclose": lambda x: ak.asarray(ak.allclose(x, x)),
    "array_equal": lambda x: ak.asarray(ak.array_equal(x, x)),
    "array_equiv": lambda x: ak.asarray(ak.array_equiv(x, x)),
    "iscomplexobj": lambda x: ak.asarray(ak.iscomplexobj(x)),
    "isrealobj": lambda x: ak.asarray(ak.isrealobj(x)),
    "isscalar": lambda x: ak.asarray(ak.isscalar(x)),
    "ndim": lambda x: ak.asarray(ak.ndim(x)),
    "shape": lambda x: ak.asarray(ak.shape(x)),
    "size": lambda x: ak.asarray(ak.size(x)),
    "ix_": lambda x: ak.ix_(ak.asarray([0, 1]))[0],
    "diag_indices_from": lambda x: ak.diag_indices_from(x[:, :2])[0],
}

_ = BOTH

# -- issue 25 phase 2, part A: the statistics extras (tests/gradient_cases_numpy_stats.py)
from gradient_cases_numpy_stats import NOT_DIFFERENTIABLE as _STATS_NOT_DIFF  # noqa: E402
from gradient_cases_numpy_stats import NOT_DIFFERENTIABLE_CALLS as _STATS_CALLS  # noqa: E402
from gradient_cases_numpy_stats import ROWS as _STATS_ROWS  # noqa: E402

ROWS += _STATS_ROWS
NOT_DIFFERENTIABLE.update(_STATS_NOT_DIFF)
NOT_DIFFERENTIABLE_CALLS.update(_STATS_CALLS)
