"""The cases of ``tests/test_numpy_api.py``: how to call each NumPy function on NumPy and on
arraykit, over which dtypes and inputs, and how closely the answers must agree.

A ``Case`` holds a call ``call(f, *arrays)`` made with ``f = getattr(np, name)`` and with
``f = getattr(ak, name)`` on the same inputs (NumPy arrays, made arraykit arrays on the
driver under test), its input maker per dtype kind, and the agreement: ``EXACT`` (bit for
bit, signed zeros included: NumPy's result is exactly rounded, or arraykit computes it with
NumPy's own formula), ``ULPS`` (within ``ulps`` units in the last place: a function
NumPy takes from the C library), or ``SUMS`` (a reduction: NumPy adds pairwise, a
backend in its own order; within a relative ``rtol``).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

EXACT, ULPS, SUMS = "exact", "ulps", "sums"
F64, F32, I64, I32, B, C128 = "float64", "float32", "int64", "int32", "bool", "complex128"
REALS = (F64, F32)
NUMS = (F64, F32, I64)
INTS = (I64, I32)


@dataclass(frozen=True)
class Case:
    name: str
    call: Callable[..., Any]
    inputs: Callable[[str], list[list[np.ndarray]]]  # kind -> input tuples
    kinds: tuple[str, ...] = (F64,)
    mode: str = EXACT
    ulps: int = 4
    jit: bool = True  # static shapes: also run under ak.jit where the driver compiles
    numpy: Callable[..., Any] | None = None  # NumPy's spelling, where it differs
    # a*b - c*d inside: under ak.jit XLA may fuse it into a multiply-add, rounded once
    # (docs/guides/departures.md, "Fused multiply-adds"), so compiled it agrees as sums do
    fma: bool = False
    variant: str = ""
    notes: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.name + (f"[{self.variant}]" if self.variant else "")


# ---------------------------------------------------------------------- inputs
_RNG = np.random.default_rng(25)


def reseed(key: str) -> None:
    """Draw each test's random inputs from its own seed, so that a test alone (``-k``)
    sees the values it sees in the whole run."""
    global _RNG
    _RNG = np.random.default_rng(zlib.crc32(key.encode()))


def special(kind: str) -> np.ndarray:
    """Values that reach the corners: NaN, infinities, signed zeros, halves, integers."""
    if kind in REALS:
        v = [np.nan, np.inf, -np.inf, -0.0, 0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -2.5, 2.0, 3.0,
             -7.25, 0.1, 100.0, 1e-3, 0.75]  # fmt: skip
        return np.array(v, dtype=kind)
    if kind == C128:
        re = special(F64)[[0, 1, 3, 4, 5, 7, 9, 11]]
        im = special(F64)[[4, 3, 1, 7, 6, 0, 10, 12]]
        z = np.empty(re.shape, C128)  # not re + 1j * im: 1j * inf has a NaN real part
        z.real, z.imag = re, im
        return z
    if kind == B:
        return np.array([True, False, True, True])
    return np.array([0, 1, -1, 2, -3, 7, 12, -20, 100, 5], dtype=kind)


def rand(kind: str, shape: tuple[int, ...], lo: float = -3, hi: float = 3) -> np.ndarray:
    if kind == B:
        return _RNG.random(shape) < 0.5
    if kind in INTS:
        return _RNG.integers(-9, 10, shape).astype(kind)
    x = _RNG.uniform(lo, hi, shape)
    if kind == C128:
        x = x + 1j * _RNG.uniform(lo, hi, shape)
    return x.astype(kind)


def shapes(kind: str) -> list[np.ndarray]:
    """One array per layout of interest: the special values, 2-D, 0-D, empty."""
    return [special(kind), rand(kind, (3, 4)), rand(kind, ()), rand(kind, (0,)),
            rand(kind, (2, 0, 3))]  # fmt: skip


def unary(kind: str) -> list[list[np.ndarray]]:
    return [[a] for a in shapes(kind)]


def binary(kind: str) -> list[list[np.ndarray]]:
    s = special(kind)
    return [
        [s, s[::-1].copy()],
        [s[:, None], s[None, :]],  # every pair of special values, by broadcasting
        [rand(kind, (3, 1)), rand(kind, (4,))],
        [rand(kind, ()), rand(kind, (3,))],
        [rand(kind, (0,)), rand(kind, (1,))],
    ]


def positive_ints(kind: str) -> list[list[np.ndarray]]:
    return [[np.array([0, 1, 3, 12, 18, -24, 35, 0], dtype=kind),
             np.array([0, 0, 9, 8, -27, 36, -14, 5], dtype=kind)],
            [rand(kind, (3, 1)), rand(kind, (4,))]]  # fmt: skip


def shifts(kind: str) -> list[list[np.ndarray]]:
    return [[special(kind), np.arange(10, dtype=kind) % 5]]


def matrix(kind: str) -> list[list[np.ndarray]]:
    return [[rand(kind, (3, 4))], [rand(kind, (2, 3, 4))]]


def square(kind: str) -> list[list[np.ndarray]]:
    return [[rand(kind, (3, 3))], [rand(kind, (2, 3, 3))]]


def vectors(kind: str) -> list[list[np.ndarray]]:
    return [[rand(kind, (4,))], [rand(kind, (1,))], [rand(kind, (0,))]]


def with_nans(kind: str) -> list[list[np.ndarray]]:
    """Reduction inputs: the special values (NaN, infinities), a 2-D array with NaNs in
    some rows (an all-NaN row too), a 0-D array."""
    x = rand(kind, (3, 4))
    if kind in REALS or kind == C128:
        x[0, 1] = np.nan
        x[2, :] = np.nan
    return [[special(kind)], [x], [rand(kind, ())]]


def plain(kind: str) -> list[list[np.ndarray]]:
    return [[special(kind)], [rand(kind, (3, 4))], [rand(kind, (2, 3, 4))]]


def pairs(*shapes_: tuple[int, ...]) -> Callable[[str], list[list[np.ndarray]]]:
    return lambda kind: [[rand(kind, s) for s in shapes_]]


def none(kind: str) -> list[list[np.ndarray]]:
    return [[]]


def reduce_cases(name: str, kinds: tuple, mode: str, inputs: Callable = with_nans,
                 variants: tuple = ({}, {"axis": 0}, {"axis": -1, "keepdims": True}),
                 **kw: Any) -> list[Case]:  # fmt: skip
    """A reduction over ``variants`` of its keyword arguments (a 0-D input only with the
    first: NumPy's axes must exist)."""
    out = []
    for v in variants:

        def call(f: Any, x: Any, v: dict = v) -> Any:
            return f(x, **v)

        ins = inputs if not v else (lambda kind, inputs=inputs: [
            i for i in inputs(kind) if i[0].ndim >= 1])  # fmt: skip
        out.append(Case(name, call, ins, kinds, mode, variant=repr(v) if v else "", **kw))
    return out


# ---------------------------------------------------------------------- the table
def _u(name: str, kinds: tuple, mode: str = ULPS, **kw: Any) -> Case:
    return Case(name, lambda f, x: f(x), unary, kinds, mode, **kw)


def _b(name: str, kinds: tuple, mode: str = ULPS, inputs: Callable = binary, **kw: Any) -> Case:
    return Case(name, lambda f, x, y: f(x, y), inputs, kinds, mode, **kw)


def _scalar_b(name: str, kinds: tuple, value: Any, mode: str = ULPS) -> Case:
    """The second operand a Python scalar (weak, NEP 50)."""
    return Case(name, lambda f, x: f(x, value), unary, kinds, mode, variant=f"x2={value!r}")


def _ieee_zeros(name: str) -> Callable:
    """NumPy's ``maximum``/``minimum`` with IEEE 754-2019's order of signed zeros, which
    arraykit follows on every driver (docs/guides/departures.md, "Signed zeros order"):
    NumPy's own answer on equal zeros is the platform's."""
    f = getattr(np, name)

    def ref(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        r = f(a, b)
        if r.dtype.kind != "f":
            return r
        a, b = np.broadcast_arrays(a, b)
        pick = np.signbit if name == "minimum" else (lambda z: ~np.signbit(z))
        won = ((a == 0) & pick(a)) | ((b == 0) & pick(b))  # a zero of the winning sign
        zero = np.where(won, r.dtype.type(-0.0 if name == "minimum" else 0.0),
                        r.dtype.type(0.0 if name == "minimum" else -0.0))  # fmt: skip
        return np.where(r == 0, zero, r)

    return ref


CX = (F64, F32, C128)
UNARY = [
    # NumPy's names of the standard's functions (thin aliases)
    _u("absolute", NUMS, EXACT), _u("absolute", (C128,), ulps=2),  # hypot: accuracy.md
    _u("conjugate", (*NUMS, C128), EXACT),
    _u("arccos", CX), _u("arccosh", CX), _u("arcsin", CX), _u("arcsinh", CX),
    _u("arctan", CX), _u("arctanh", CX),
    _u("bitwise_not", (*INTS, B), EXACT), _u("invert", (*INTS, B), EXACT),
    # composed once in core
    _u("fabs", NUMS, EXACT), _u("cbrt", NUMS, ulps=1), _u("exp2", (*NUMS, C128), ulps=2),
    _u("deg2rad", NUMS, EXACT), _u("rad2deg", NUMS, EXACT), _u("radians", NUMS, EXACT),
    _u("degrees", NUMS, EXACT), _u("sinc", (*REALS, C128)), _u("fix", NUMS, EXACT),
    _u("rint", (*NUMS, C128), EXACT), _u("angle", (*NUMS, C128)),
    _u("nan_to_num", (*NUMS, C128), EXACT), _u("iscomplex", (*NUMS, C128), EXACT),
    _u("isreal", (*NUMS, C128), EXACT), _u("isneginf", NUMS, EXACT),
    _u("isposinf", NUMS, EXACT),
    # the standard's, under the names TF-NumPy shares with NumPy
    _u("abs", NUMS, EXACT), _u("abs", (C128,), ulps=2), _u("ceil", REALS, EXACT),
    _u("floor", REALS, EXACT),
    _u("conj", (*REALS, C128), EXACT), _u("real", (*REALS, C128), EXACT),
    _u("imag", (*REALS, C128), EXACT), _u("negative", (*NUMS, C128), EXACT),
    _u("positive", (*NUMS, C128), EXACT), _u("square", NUMS, EXACT),
    _u("square", (C128,), ulps=2),  # a complex product (accuracy.md)
    _u("sqrt", REALS, EXACT), _u("sqrt", (C128,), ulps=2), _u("sign", NUMS, EXACT),
    _u("sign", (C128,), ulps=2),  # z / |z|: the backends' complex division and abs
    _u("signbit", REALS, EXACT), _u("isfinite", (*NUMS, C128), EXACT),
    _u("isinf", (*NUMS, C128), EXACT), _u("isnan", (*NUMS, C128), EXACT),
    _u("logical_not", (B, I64), EXACT), _u("reciprocal", REALS, EXACT),
    _u("round", REALS, EXACT), *(_u(n, CX) for n in (
        "cos", "cosh", "exp", "expm1", "log", "log10", "log1p", "log2", "sin", "sinh", "tan",
        "tanh")),
]  # fmt: skip

BINARY = [
    _b("arctan2", REALS), _b("power", REALS), _b("true_divide", NUMS, EXACT),
    _b("mod", REALS, EXACT), _b("mod", INTS, EXACT, positive_ints, variant="ints"),
    _b("left_shift", INTS, EXACT, shifts), _b("right_shift", INTS, EXACT, shifts),
    _b("logaddexp2", REALS), _b("heaviside", NUMS, EXACT), _b("float_power", REALS),
    _b("gcd", INTS, EXACT, positive_ints), _b("lcm", INTS, EXACT, positive_ints),
    _b("divmod", REALS, EXACT), _b("divmod", INTS, EXACT, positive_ints, variant="ints"),
    _b("isclose", (*NUMS, C128), EXACT),
    Case("around", lambda f, x: f(x), unary, (*NUMS, C128), EXACT),
    Case("around", lambda f, x: f(x, 2), unary, (*REALS, C128), EXACT, variant="2"),
    Case("around", lambda f, x: f(x, -1), unary, NUMS, EXACT, variant="-1"),
    _scalar_b("power", REALS, 3), _scalar_b("power", INTS, 2, EXACT),
    _scalar_b("true_divide", NUMS, 4, EXACT), _scalar_b("heaviside", REALS, 0.5, EXACT),
    _scalar_b("isclose", REALS, 1.0, EXACT), _scalar_b("float_power", NUMS, 2),
    _scalar_b("logaddexp2", REALS, 1.0), _scalar_b("arctan2", REALS, -1.0),
    *(_b(n, NUMS, EXACT) for n in ("add", "subtract", "multiply", "divide", "equal",
                                   "not_equal", "greater", "greater_equal", "less",
                                   "less_equal")),
    *(_b(n, NUMS, EXACT, numpy=_ieee_zeros(n)) for n in ("maximum", "minimum")),
    *(_b(n, (*INTS, B), EXACT) for n in ("bitwise_and", "bitwise_or", "bitwise_xor")),
    *(_b(n, (B,), EXACT) for n in ("logical_and", "logical_or", "logical_xor")),
    _b("hypot", REALS), _b("logaddexp", REALS), _b("nextafter", REALS, EXACT),
    _b("floor_divide", REALS, EXACT), _b("remainder", REALS, EXACT),
]  # fmt: skip

REDUCTIONS = [
    *reduce_cases("amax", NUMS, EXACT), *reduce_cases("amin", NUMS, EXACT),
    *reduce_cases("amax", REALS, EXACT, plain, ({"axis": 1, "initial": 0.5},
                  {"axis": 0, "where": np.array([True, False, True, False]), "initial": -1.0})),
    *reduce_cases("ptp", NUMS, EXACT, plain),
    *reduce_cases("nansum", (*NUMS, C128), SUMS), *reduce_cases("nanprod", NUMS, SUMS),
    *reduce_cases("nanmean", (*NUMS, C128), SUMS),
    *reduce_cases("cumsum", (*NUMS, B), SUMS, plain, ({}, {"axis": 0}, {"axis": -1})),
    *reduce_cases("cumprod", NUMS, SUMS, plain, ({}, {"axis": 0}, {"axis": -1})),
    *reduce_cases("average", (*NUMS, C128), SUMS, plain, ({}, {"axis": 0},
                                                          {"axis": 1, "keepdims": True})),
    *reduce_cases("sum", (*NUMS, B), SUMS), *reduce_cases("prod", NUMS, SUMS),
    *reduce_cases("mean", (*REALS, C128), SUMS), *reduce_cases("max", NUMS, EXACT),
    *reduce_cases("min", NUMS, EXACT), *reduce_cases("std", REALS, SUMS),
    *reduce_cases("var", REALS, SUMS), *reduce_cases("all", (B, I64), EXACT),
    *reduce_cases("any", (B, I64), EXACT), *reduce_cases("count_nonzero", (F64, B), EXACT),
    *reduce_cases("argmax", REALS, EXACT, plain, ({}, {"axis": 0})),
    *reduce_cases("argmin", REALS, EXACT, plain, ({}, {"axis": 0})),
]  # fmt: skip


def _c(name: str, call: Callable, inputs: Callable = matrix, kinds: tuple = NUMS,
       mode: str = EXACT, **kw: Any) -> Case:  # fmt: skip
    return Case(name, call, inputs, kinds, mode, **kw)


_ND = lambda kind: [[a] for a in shapes(kind)[1:]] + [[rand(kind, (2, 3, 4))]]  # noqa: E731
_1D = lambda kind: [[rand(kind, (5,))], [rand(kind, (1,))], [rand(kind, (0,))]]  # noqa: E731

MANIPULATION = [
    _c("concatenate", lambda f, a, b: f([a, b]), pairs((2, 3), (1, 3))),
    _c("concatenate", lambda f, a, b: f((a, b), axis=1), pairs((2, 3), (2, 0)), variant="1"),
    _c("concatenate", lambda f, a, b: f([a, b], axis=None), pairs((2, 3), (4,)),
       variant="None"),
    _c("concatenate", lambda f, a, b: f([a, b], dtype=np.float32), pairs((2,), (3,)),
       kinds=(I64,), variant="dtype"),
    _c("append", lambda f, a, b: f(a, b), pairs((2, 3), (4,))),
    _c("append", lambda f, a, b: f(a, b, axis=0), pairs((2, 3), (1, 3)), variant="axis"),
    *(_c(n, lambda f, a, n=n: f(a), unary, (F64, I64)) for n in
      ("atleast_1d", "atleast_2d", "atleast_3d", "transpose", "ravel", "flipud", "ndim",
       "shape", "size")),
    *(_c(n, lambda f, a, b: f(a, b), pairs((), (2, 3))) for n in
      ("atleast_1d", "atleast_2d", "atleast_3d")),
    _c("transpose", lambda f, a: f(a, (1, 2, 0)), pairs((2, 3, 4)), variant="axes"),
    _c("transpose", lambda f, a: f(a, [-1, 0, 1]), pairs((2, 3, 4)), variant="negative"),
    _c("swapaxes", lambda f, a: f(a, 0, -1), _ND),
    _c("ravel", lambda f, a: f(a.mT), matrix, variant="transposed"),
    _c("ravel", lambda f, a: f(a, order="F"), matrix, variant="F"),
    _c("flatten", lambda f, a: f(a), _ND, numpy=lambda a: a.flatten()),
    _c("hstack", lambda f, a, b: f([a, b]), pairs((2, 3), (2, 1))),
    _c("hstack", lambda f, a, b: f((a, b)), pairs((3,), ()), variant="1-D"),
    _c("vstack", lambda f, a, b: f([a, b]), pairs((3,), (2, 3))),
    _c("dstack", lambda f, a, b: f([a, b]), pairs((3,), (1, 3))),
    _c("column_stack", lambda f, a, b: f([a, b]), pairs((3,), (3, 2))),
    _c("split", lambda f, a: f(a, 2), pairs((4, 3))),
    _c("split", lambda f, a: f(a, [1, 2, 7], axis=1), pairs((2, 5)), variant="indices"),
    _c("array_split", lambda f, a: f(a, 3, axis=-1), pairs((2, 5))),
    _c("hsplit", lambda f, a: f(a, 2), pairs((2, 4))),
    _c("hsplit", lambda f, a: f(a, [2]), pairs((5,)), variant="1-D"),
    _c("vsplit", lambda f, a: f(a, [1, 3]), pairs((4, 2))),
    _c("dsplit", lambda f, a: f(a, 2), pairs((2, 2, 4))),
    _c("fliplr", lambda f, a: f(a), _ND),
    _c("rot90", lambda f, a: f(a), matrix),
    *(_c("rot90", lambda f, a, k=k: f(a, k, axes=(2, 0)), pairs((2, 3, 4)), variant=str(k))
      for k in (2, 3, -1)),
    _c("size", lambda f, a: f(a, 1), matrix, variant="axis"),
    _c("pad", lambda f, a: f(a, 2), matrix),
    _c("pad", lambda f, a: f(a, ((1, 0), (0, 2)), constant_values=((7, 8), (9, 10))),
       pairs((2, 3)), variant="constant_values"),
    *(_c("pad", lambda f, a, m=m: f(a, ((3, 1), (2, 4)), mode=m), pairs((2, 3)), variant=m)
      for m in ("edge", "wrap", "reflect", "symmetric")),
    *(_c("pad", lambda f, a, m=m: f(a, ((1, 2), (2, 1)), mode=m), pairs((3, 4)),
         kinds=(F64, I64), mode=SUMS, variant=m)
      for m in ("maximum", "minimum", "mean", "median", "linear_ramp")),
    _c("pad", lambda f, a: f(a, (2, 1), mode="mean", stat_length=2), pairs((5,)),
       kinds=(F64, I64), mode=SUMS, variant="stat_length"),
    _c("pad", lambda f, a: f(a, 2, mode="reflect", reflect_type="odd"), pairs((4,)),
       variant="odd"),
    _c("pad", lambda f, a: f(a, 2, mode="linear_ramp", end_values=(5, -3)), pairs((4,)),
       kinds=(F64, I64), mode=SUMS, variant="end_values"),
    _c("broadcast_arrays", lambda f, a, b: f(a, b), pairs((3, 1), (4,))),
    _c("broadcast_to", lambda f, a: f(a, (2, 3, 4)), pairs((3, 1))),
    _c("expand_dims", lambda f, a: f(a, axis=1), matrix),
    _c("flip", lambda f, a: f(a, axis=0), matrix),
    _c("moveaxis", lambda f, a: f(a, 0, -1), matrix),
    _c("repeat", lambda f, a: f(a, 2, axis=0), matrix),
    _c("reshape", lambda f, a: f(a, (4, 3)), pairs((3, 4))),
    _c("roll", lambda f, a: f(a, 2, axis=1), matrix),
    _c("squeeze", lambda f, a: f(a, axis=0), pairs((1, 3))),
    _c("stack", lambda f, a, b: f([a, b], axis=1), pairs((2, 3), (2, 3))),
    _c("tile", lambda f, a: f(a, (2, 1)), matrix),
]  # fmt: skip

CREATION = [
    _c("array", lambda f: f([[1, 2], [3, 4]]), none),
    _c("array", lambda f: f([1.5, 2.5], dtype=np.float32, ndmin=3), none, variant="ndmin"),
    _c("array", lambda f, a: f(a), matrix, variant="array"),
    _c("asanyarray", lambda f, a: f(a), matrix),
    _c("asarray", lambda f, a: f(a), matrix),
    _c("asanyarray", lambda f: f([1, 2], dtype=complex), none, variant="list"),
    _c("ascontiguousarray", lambda f, a: f(a), unary),
    _c("ascontiguousarray", lambda f, a: f(a.mT, dtype=np.float32), matrix, variant="T"),
    _c("copy", lambda f, a: f(a), unary),
    _c("identity", lambda f: f(3), none),
    _c("identity", lambda f: f(2, int), none, variant="int"),
    _c("diag", lambda f, a: f(a), _1D),
    _c("diag", lambda f, a: f(a, k=-2), _1D, variant="k"),
    _c("diag", lambda f, a: f(a, 1), matrix, variant="2-D"),
    _c("diagflat", lambda f, a: f(a, 1), matrix),
    _c("tri", lambda f: f(3, 5, -1), none),
    _c("tri", lambda f: f(4, dtype=int), none, variant="int"),
    _c("vander", lambda f, a: f(a), _1D, mode=SUMS),
    _c("vander", lambda f, a: f(a, 4, increasing=True), _1D, mode=SUMS, variant="N"),
    _c("geomspace", lambda f: f(1, 1000, num=4), none, mode=SUMS),
    _c(
        "geomspace",
        lambda f: f(-2.0, -0.125, num=5, endpoint=False),
        none,
        mode=SUMS,
        variant="negative",
    ),
    _c("geomspace", lambda f: f(1j, 16j, num=5), none, mode=SUMS, variant="complex"),
    _c("geomspace", lambda f: f(1, 256, 9, dtype=int), none, mode=SUMS, variant="int"),
    _c("arange", lambda f: f(1.0, 3.0, 0.5), none),
    _c("empty", lambda f: f((2, 3)).shape, none),
    _c("empty_like", lambda f, a: f(a).shape, matrix),
    _c("eye", lambda f: f(3, 4, k=1), none),
    _c("full", lambda f: f((2, 3), 1.5), none),
    _c("full_like", lambda f, a: f(a, 7), matrix),
    _c("linspace", lambda f: f(0, 1, 5), none),
    _c("logspace", lambda f: f(0, 2, 3), none, mode=SUMS),
    _c("meshgrid", lambda f, a, b: f(a, b), pairs((3,), (2,))),
    _c("ones", lambda f: f((2, 3)), none),
    _c("ones_like", lambda f, a: f(a), matrix),
    _c("zeros", lambda f: f((2, 3), dtype=int), none),
    _c("zeros_like", lambda f, a: f(a), matrix),
    _c("tril", lambda f, a: f(a, k=-1), matrix),
    _c("triu", lambda f, a: f(a, k=1), matrix),
]

INDEXING = [
    _c("diag_indices", lambda f: f(3), none),
    _c("diag_indices_from", lambda f, a: f(a), square),
    _c("tril_indices", lambda f: f(4, -1, 3), none),
    _c("triu_indices", lambda f: f(3), none),
    _c(
        "ix_",
        lambda f, a, b: f(a, b),
        lambda kind: [[np.array([0, 2]), np.array([1])]],
        kinds=(I64,),
        jit=False,
    ),
    _c(
        "ix_",
        lambda f, a, b: f(a > 0, b),
        lambda kind: [[rand(F64, (4,)), np.array([1, 0])]],
        kinds=(F64,),
        jit=False,
        variant="bool",
    ),
    _c("select", lambda f, a: f([a > 1, a < -1], [a, a * 2], default=-5), matrix),
    _c("select", lambda f, a: f([a > 0], [a]), matrix, variant="default"),
    _c("compress", lambda f, a: f(a[0] > 0, a, axis=1), matrix, jit=False),
    _c("compress", lambda f, a: f(a[0, :2] > -10, a), matrix, jit=False, variant="flat"),
    _c("diagonal", lambda f, a: f(a), matrix),
    _c("diagonal", lambda f, a: f(a, 1, axis1=2, axis2=0), pairs((2, 3, 4)), variant="axes"),
    _c(
        "take",
        lambda f, a, i: f(a, i, axis=1),
        lambda kind: [[rand(kind, (3, 4)), np.array([3, 0, 1])]],
    ),
    _c(
        "take_along_axis",
        lambda f, a, i: f(a, i, axis=1),
        lambda kind: [[rand(kind, (3, 4)), np.array([[3], [0], [1]])]],
    ),
    _c("nonzero", lambda f, a: f(a > 0), matrix, jit=False),
    _c("where", lambda f, a: f(a > 0, a, -a), matrix),
]

LINALG = [
    _c("dot", lambda f, a, b: f(a, b), pairs((3, 4), (4, 2)), mode=SUMS),
    _c("dot", lambda f, a, b: f(a, b), pairs((4,), (4,)), mode=SUMS, variant="1-D"),
    _c("dot", lambda f, a, b: f(a, b), pairs((2, 3, 4), (5, 4, 2)), mode=SUMS, variant="N-D"),
    _c("dot", lambda f, a, b: f(a, b), pairs((), (3,)), variant="0-D"),
    _c("vdot", lambda f, a, b: f(a, b), pairs((2, 3), (6,)), (*NUMS, C128), SUMS),
    _c("inner", lambda f, a, b: f(a, b), pairs((2, 3), (4, 3)), mode=SUMS),
    _c("outer", lambda f, a, b: f(a, b), pairs((2, 2), (3,)), NUMS),
    _c("kron", lambda f, a, b: f(a, b), pairs((2, 2), (3, 2)), NUMS),
    # complex products: the backends' complex multiply (1 ulp: docs/reference/accuracy.md)
    _c("outer", lambda f, a, b: f(a, b), pairs((2, 2), (3,)), (C128,), ULPS, ulps=1, fma=True),
    _c("kron", lambda f, a, b: f(a, b), pairs((2, 2), (3, 2)), (C128,), ULPS, ulps=1,
       fma=True),
    _c("kron", lambda f, a, b: f(a, b), pairs((2,), (2, 3, 1)), variant="ranks"),
    *(_c("einsum", lambda f, a, b, s=s: f(s, a, b), pairs(*shapes_), mode=SUMS, variant=s)
      for s, shapes_ in (("ij,jk->ik", ((2, 3), (3, 4))), ("ij,jk", ((2, 3), (3, 4))),
                         ("ij,kj->", ((2, 3), (4, 3))), ("ik,jk->kji", ((2, 3), (4, 3))),
                         ("i,j", ((3,), (2,))), ("bij,bjk->bik", ((2, 3, 4), (2, 4, 1))))),
    _c("einsum", lambda f, a, b: f("...ij,...jk->...ik", a, b), pairs((2, 3, 4), (4, 5)),
       mode=SUMS, variant="ellipsis"),
    *(_c("einsum", lambda f, a, s=s: f(s, a), square, mode=SUMS, variant=s)
      for s in ("...ii", "...ii->...i", "...ij->...ji", "...ij")),
    _c("einsum", lambda f, a, b, c: f("i,ij,j->", a, b, c), pairs((3,), (3, 4), (4,)),
       mode=SUMS, variant="three"),
    _c("trace", lambda f, a: f(a), matrix, mode=SUMS),
    _c("trace", lambda f, a: f(a, 1, axis1=2, axis2=1), pairs((2, 3, 4)), mode=SUMS,
       variant="axes"),
    _c("cross", lambda f, a, b: f(a, b), pairs((4, 3), (3,)), NUMS, fma=True),
    # complex: differences of complex products, each within an ulp (accuracy.md)
    _c("cross", lambda f, a, b: f(a, b), pairs((4, 3), (3,)), (C128,), SUMS),
    _c("cross", lambda f, a, b: f(a, b, axisa=0, axisc=0), pairs((3, 2), (2, 3)),
       variant="axes", fma=True),
    _c("matmul", lambda f, a, b: f(a, b), pairs((2, 3), (3, 4)), mode=SUMS),
    _c("tensordot", lambda f, a, b: f(a, b, axes=1), pairs((2, 3), (3, 4)), mode=SUMS),
]  # fmt: skip

LOGIC = [
    _c("allclose", lambda f, a, b: f(a, b), binary, jit=False),
    _c("allclose", lambda f, a: f(a, a + 1e-9, equal_nan=True), unary, jit=False,
       variant="close"),
    _c("array_equal", lambda f, a, b: f(a, b), binary, jit=False),
    _c("array_equal", lambda f, a: f(a, a.copy(), equal_nan=True), unary, jit=False,
       variant="same"),
    _c("array_equiv", lambda f, a: f(a, a[None]), unary, jit=False),
    *(_c(n, lambda f, a, n=n: f(a), unary, (F64, C128), jit=False)
      for n in ("iscomplexobj", "isrealobj")),
    _c("isscalar", lambda f, a: f(a), unary, jit=False),
    _c("isscalar", lambda f: (f(1.5), f("x"), f(np.float32(2)), f(None)), none, jit=False,
       variant="python"),
    _c("polyval", lambda f, x: f([2.0, -1.0, 0.5], x), unary, REALS, SUMS),
    _c("polyval", lambda f, p, x: f(p, x), pairs((4,), (3, 2)), NUMS, SUMS, variant="array"),
    _c("clip", lambda f, a: f(a, -1, 2), plain, NUMS),
    _c("diff", lambda f, a: f(a, axis=0), matrix),
    _c("sort", lambda f, a: f(a, kind="stable"), plain, REALS),
    _c("argsort", lambda f, a: f(a, stable=True), plain, REALS),
    _c("result_type", lambda f: f(np.int8, np.uint8), none, jit=False),
    _c("promote_types", lambda f: (f(np.int8, np.uint64), f("f4", int)), none, jit=False),
    _c("issubdtype", lambda f: (f(np.float32, np.floating), f(int, np.inexact)), none,
       jit=False),
    _c("result_type", lambda f: f(float, np.int8, "f4"), none, jit=False, variant="types"),
    _c("finfo", lambda f: (float(f(np.float32).eps), float(f(float).max)), none, jit=False),
    _c("iinfo", lambda f: (int(f(np.int16).min), int(f(int).max)), none, jit=False),
]  # fmt: skip


CASES: list[Case] = [*UNARY, *BINARY, *REDUCTIONS, *MANIPULATION, *CREATION, *INDEXING,
                     *LINALG, *LOGIC]  # fmt: skip

# NumPy's scalar types and arraykit's dtype objects: not called like functions (tested
# by test_numpy_types_are_numpys and test_dtypes_are_numpys).
TYPES = {"bool_", "int_", "float_", "complex_", "object_", "string_", "unicode_", "inexact",
         "ndarray", "generic", "number", "integer", "signedinteger", "unsignedinteger",
         "floating", "complexfloating", "int8", "int16", "int32", "int64", "uint8", "uint16",
         "uint32", "uint64", "float16", "float32", "float64", "complex64",
         "complex128"}  # fmt: skip

# -- issue 25 phase 2, part A: the statistics extras (tests/numpy_api_cases_stats.py) -------
from numpy_api_cases_stats import CASES as _STATS_CASES  # noqa: E402

CASES += _STATS_CASES
