"""Cases of ``tests/test_numpy_api.py`` for issue 25, part B (NumPy's everyday extras:
convolution, polynomial fits, differences, index arithmetic, writes, partitions, sets,
functional routines, floating point routines), merged into ``numpy_api_cases.CASES``.

Inputs reach where NumPy's answers are delicate: repeated indices (the last write wins),
ties and NaNs in partitions and sets, the edges of ``gradient`` (both edge orders, even
and uneven coordinates), ``ldexp`` rounding once into the subnormal range and
overflowing, ``frexp``/``modf`` of signed zeros, infinities and NaN.  Partitions are
compared where NumPy determines them (the ``kth`` element and the values on each side),
not in NumPy's unspecified order within a side.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
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
    matrix,
    none,
    pairs,
    plain,
    rand,
    special,
    unary,
)

import arraykit as ak

V = (F64, I64)  # a variant's kinds: float64 by default, int64 too under ARRAYKIT_NUMPY_API_FULL


def _c(name: str, call: Any, inputs: Any = matrix, kinds: tuple = NUMS, mode: str = EXACT,
       **kw: Any) -> Case:  # fmt: skip
    return Case(name, call, inputs, kinds, mode, **kw)


def _xp(a: Any) -> Any:
    return a.__array_namespace__()


def _sides(r: Any, k: int) -> tuple:
    """What a partition at ``k`` determines (along the last axis): the values before ``k``
    (sorted, as a multiset), the ``k``-th, the values after (sorted).  Signed zeros are
    one value there (which of -0.0 and 0.0 lands where is NumPy's sort's choice)."""
    xp = _xp(r)
    r = _zero(r)
    return xp.sort(r[..., :k], axis=-1), r[..., k], xp.sort(r[..., k + 1 :], axis=-1)


def _zero(r: Any) -> Any:
    """``r`` with -0.0 made 0.0 (where NumPy's answer takes either: its sort's choice)."""
    if isinstance(r, tuple):
        return tuple(_zero(x) for x in r)
    xp = _xp(r)
    return xp.where(r == 0, xp.abs(r), r) if r.dtype.kind == "f" else r  # (x + 0 may fold)


def _ties(kind: str) -> list[list[np.ndarray]]:
    """Partition inputs: the special values (NaN, infinities, signed zeros), rows with ties."""
    x = rand(kind, (3, 7))
    x = x if kind == I64 else np.floor(x)  # ties
    return [[special(kind)], [x], [rand(kind, (2, 3, 5))]]


def _signal(kind: str) -> list[list[np.ndarray]]:
    return [[rand(kind, (7,)), rand(kind, (3,))], [rand(kind, (3,)), rand(kind, (7,))],
            [rand(kind, (4,)), rand(kind, (4,))], [rand(kind, (5,)), rand(kind, (1,))],
            [rand(kind, ()), rand(kind, (2,))]]  # fmt: skip


def _fit(kind: str) -> list[list[np.ndarray]]:
    x = np.linspace(-2, 3, 9).astype(kind)
    return [[x, rand(kind, (9,))], [x, rand(kind, (9, 3))]]


def _coords(kind: str) -> list[list[np.ndarray]]:
    """Samples with coordinates: uneven ones, and even ones NumPy treats as uniform."""
    f = rand(kind, (4, 6))
    uneven = np.array([0.0, 0.5, 1.75, 2.0, 3.5, 5.0])
    even = np.arange(4) * 0.25  # exactly even: NumPy's uniform formulas
    return [[f, uneven.astype(kind), even.astype(kind)]]


def _sets(kind: str) -> list[list[np.ndarray]]:
    a, b = rand(kind, (12,)), rand(kind, (3, 3))
    if kind in REALS:
        a, b = np.round(a), np.round(b)  # repeats and common values
        a[[1, 5]] = np.nan
        b[0, 0] = np.nan
        a[3], b[1, 1] = -0.0, 0.0
    return [[a, b], [a, a[:0]], [special(kind), special(kind)[::-2].copy()]]


def _sized(x: Any) -> Any:
    """``x``, on a driver that writes values of data-dependent size through a boolean mask
    (``piecewise``): a lazy one cannot, and says so (tests/test_numpy_extras.py)."""
    if isinstance(x, ak.Array) and x.driver.capabilities.lazy:
        pytest.skip("piecewise: a lazy driver cannot write values of unknown size through a mask")
    return x


def _put(f: Any, a: Any, ind: Any, v: Any, **kw: Any) -> Any:
    b = a.copy()
    f(b, ind, v, **kw)
    return b


def _flat_exponents(kind: str) -> list[list[np.ndarray]]:
    """``ldexp`` operands: special values against exponents reaching overflow, the edge of
    the normal range, and far beyond either end (the subnormal range, which XLA flushes:
    tests/test_numpy_extras.py)."""
    x = special(kind)
    n = np.array([0, 1, -1, 3, -1021, 1025, -1021, 2000, -2000, 5, -124, 128, -126, 2,
                  10, -50, 7, 60], dtype=np.int32)  # fmt: skip
    return [[x, n], [rand(kind, (3, 1)), np.array([[-3, 0, 4, 1030, -2080]])]]


def _ints(*rows: Any) -> Any:
    return lambda kind: [[np.array(r) for r in rows]]


EXTRAS: list[Case] = [
    # convolve, correlate
    *(_c(n, lambda f, a, v, m=m: f(a, v, mode=m), _signal, NUMS if m == "full" else V, SUMS,
         variant=m) for n in ("convolve", "correlate") for m in ("full", "same", "valid")),
    _c("convolve", lambda f, a, v: f(a, v), _signal, (C128,), SUMS, variant="complex"),
    _c("correlate", lambda f, a, v: f(a, v, "full"), _signal, (C128,), SUMS,
       variant="complex"),
    _c("convolve", lambda f, a, v: f(a > 0, v > 0), _signal, (F64,), variant="bool"),
    # polyfit (the SVD is the backend's: within rounding)
    _c("polyfit", lambda f, x, y: f(x, y, 2), _fit, REALS, SUMS),
    _c("polyfit", lambda f, x, y: f(x, y, 3, w=abs(x) + 0.5), _fit, (F64,), SUMS,
       variant="w"),
    _c("polyfit", lambda f, x, y: f(x, y, 1, cov=True), _fit, (F64,), SUMS, variant="cov"),
    _c("polyfit", lambda f, x, y: f(x, y, 2, cov="unscaled"), _fit, (F64,), SUMS,
       variant="unscaled"),
    _c("polyfit", lambda f, x, y: (lambda r: (r[0], r[1], int(r[2]), r[3], float(r[4])))(
        f(x, y, 2, full=True)), _fit, (F64,), SUMS, jit=False, variant="full"),
    # differences and integrals
    _c("ediff1d", lambda f, a: f(a), unary, NUMS),
    _c("ediff1d", lambda f, a: f(a, to_end=[7, 8], to_begin=-1), plain, V,
       variant="to_begin"),
    _c("trapezoid", lambda f, y: f(y), plain, (*NUMS, C128), SUMS),
    _c("trapezoid", lambda f, y: f(y, dx=0.25, axis=0), plain, V, SUMS, variant="dx"),
    _c("trapezoid", lambda f, y, x: f(y, x), pairs((3, 5), (5,)), REALS, SUMS, variant="x"),
    _c("trapezoid", lambda f, y, x: f(y, x=x, axis=0), pairs((4, 3), (4, 3)), (F64,), SUMS,
       variant="x N-D"),
    _c("gradient", lambda f, y: f(y), plain, NUMS, fma=True),
    # complex: finite values (a backend's complex division by a real differs from NumPy's
    # at infinities)
    _c("gradient", lambda f, y: f(y, 0.5), matrix, (C128,), fma=True, variant="complex"),
    _c("gradient", lambda f, y: f(y, 0.5, edge_order=2), plain, V, fma=True,
       variant="edge_order"),
    _c("gradient", lambda f, y: f(y, axis=-1), plain, (F64,), fma=True, variant="axis"),
    *(_c("gradient", lambda f, y, u, e, o=o: f(y, e, u, edge_order=o), _coords, REALS,
         fma=True, variant=f"coordinates-{o}") for o in (1, 2)),
    _c("gradient", lambda f, y, u, e: f(y, 2.0, u), _coords, (F64,), fma=True,
       variant="mixed"),
    # index arithmetic
    _c("unravel_index", lambda f, i: f(i, (7, 6)), _ints([22, 41, 37, 0, 41]), (I64,)),
    _c("unravel_index", lambda f, i: f(i, (3, 2, 4), order="F"), _ints([[0, 5], [23, 9]]),
       (I64,), variant="F"),
    _c("ravel_multi_index", lambda f, a, b: f((a, b), (7, 6)), _ints([3, 6, 6], [4, 5, 1]),
       (I64,)),
    _c("ravel_multi_index", lambda f, a, b: f((a, b), (4, 6), mode=("clip", "wrap"),
                                                order="F"),
       _ints([3, 6, -1], [[4], [-7]]), (I64,), variant="modes"),
    _c("indices", lambda f: f((2, 3)), none),
    _c("indices", lambda f: f((3, 1, 2), dtype=float, sparse=True), none, variant="sparse"),
    _c("choose", lambda f, a, b, c: f(a, [b, c]), lambda k: [[
        np.array([[0, 1, 1], [1, 0, 0]]), rand(k, (2, 3)), rand(k, (3,))]]),
    *(_c("choose", lambda f, a, b, c, m=m: f(a, [b, c, 7], mode=m), lambda k: [[
        np.array([3, -1, 5, 0, 1, 2]), rand(k, (6,)), rand(k, (1,))]], V, variant=m)
      for m in ("wrap", "clip")),
    # writes (copies of the input are written, on NumPy and on arraykit)
    _c("put", lambda f, a: _put(f, a, [0, 5, 0, -1, 5], [1.5, -2.5, 3.5]), matrix),
    _c("put", lambda f, a: _put(f, a, [[13], [-30]], [7], mode="wrap"), matrix, V,
       variant="wrap"),
    _c("put", lambda f, a: _put(f, a, [100, -3], [9, 8, 7], mode="clip"), matrix, V,
       variant="clip"),
    _c("put_along_axis", lambda f, a: _put(f, a, np.array([[0, 3, 0], [1, 1, 1], [-1, 2, 2]]),
                                           np.array([[1.5], [2.5], [3.5]]), axis=1), pairs((3, 4)),
       variant="repeats"),
    _c("put_along_axis", lambda f, a: _put(f, a, np.array([[2, 0, 1, 1]]), -1, axis=0),
       pairs((3, 4)), V, variant="axis 0"),
    _c("put_along_axis", lambda f, a: _put(f, a, np.array([5, 0, -2]), 4.0, axis=None),
       pairs((3, 4)), V, variant="flat"),
    # partitions (what NumPy determines) and lexsort (stable: fully determined)
    *(_c("partition", lambda f, a, k=k: _sides(f(a, k), k), _ties,
         (*REALS, I64) if k == 2 else V, variant=str(k)) for k in (0, 2, -1)),
    _c("partition", lambda f, a: _sides(f(a, [1, 3]), 3), _ties, V, variant="kths"),
    _c("partition", lambda f, a: _sides(f(a, 4, axis=None)[None], 4), _ties, V,
       variant="flat"),
    _c("argpartition", lambda f, a: _sides(_xp(a).take_along_axis(a, f(a, 2), axis=-1), 2),
       _ties, (*REALS, I64)),
    _c("argpartition", lambda f, a: _sides(_xp(a).take_along_axis(
        _xp(a).moveaxis(a, 0, -1), _xp(a).moveaxis(f(a, 1, axis=0), 0, -1), axis=-1), 1),
       _ties, (F64,), variant="axis 0"),
    _c("lexsort", lambda f, a, b: f((a, b)), lambda k: [[np.round(rand(k, (9,))),
                                                         np.round(rand(k, (9,)))]],
       (F64, I64)),
    _c("lexsort", lambda f, k: f(k, axis=0), lambda kind: [[np.round(rand(kind, (3, 4, 2)))]],
       (F64,), variant="array"),
    _c("lexsort", lambda f, a: f([a]), lambda k: [[special(k)]], REALS, variant="specials"),
    # sets: sizes depend on the data (eager)
    *(_c(n, lambda f, a, b, n=n: _zero(f(a, b)), _sets, (F64, I64, F32), jit=False)
      for n in ("setdiff1d", "union1d", "intersect1d", "setxor1d")),
    _c("intersect1d", lambda f, a, b: f(a, b, return_indices=True), _sets, (I64,),
       jit=False, variant="indices"),
    _c("setdiff1d", lambda f, a, b: f(a, b, assume_unique=True), _sets, (I64,), jit=False,
       variant="assume_unique"),
    # functional programming
    _c("apply_along_axis", lambda f, a: f(lambda v: v[0] * 2 + v[-1], 1, a), matrix),
    _c("apply_along_axis", lambda f, a: f(lambda v: _xp(v).flip(v) * 2, 0, a),
       pairs((2, 3, 4)), variant="vector"),
    _c("apply_along_axis", lambda f, a: f(lambda v, s: _xp(v).outer(v, v) * s, -1, a, 2),
       pairs((2, 3)), variant="matrix"),
    _c("apply_over_axes", lambda f, a: f(
        lambda x, axis: _xp(x).sum(x, axis=axis), a, (0, 2)), pairs((2, 3, 4)), mode=SUMS),
    _c("piecewise", lambda f, x: f(_sized(x), [x < 0, x > 1],
                                   [lambda v: v * 2, lambda v: -v, 0.5]), plain, REALS, jit=False),
    _c("piecewise", lambda f, x: f(_sized(x), [x < 0], [lambda v: v * 2]), plain, NUMS,
       jit=False, variant="no default"),
    _c("piecewise", lambda f, x: f(x, x > 0, [1.5, 0]), plain, (I64,), jit=False,
       variant="cast"),
    # floating point routines: exact
    _c("frexp", lambda f, x: f(x), unary, NUMS),
    _c("modf", lambda f, x: f(x), unary, (*NUMS, I32)),
    _c("ldexp", lambda f, x, n: f(x, n), _flat_exponents, REALS),
    _c("ldexp", lambda f, x: f(x, 3), unary, V, variant="scalar"),
    _c("ldexp", lambda f, x, n: f(x, n.astype(np.int8)), _flat_exponents, (F64,),
       variant="int8"),
]  # fmt: skip
