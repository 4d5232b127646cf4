"""The calls the differential fuzzer draws, each with its NumPy reference and its check.

A *call* is one arraykit function applied to the program's current array ``x`` (plus
operands drawn for it).  Every drawer below looks at the current value (a NumPy copy of
the driver's array: dtype, shape and, for linalg, conditioning) and returns a ``Call``
or ``None`` when it does not apply.  The ``ak`` side runs on the driver under test, the
``ref`` side runs NumPy itself on an identical copy of the input, so each call is
compared on the same input even after an earlier call rounded differently.

Checks (what ``compare`` in ``test_differential.py`` does with them):

* ``exact``: identical dtype, shape and bits (signs of zero included; NaN positions).
* ``ulp``: within ``ULP_BOUNDS[name]`` units in the last place of NumPy's value, with
  identical NaN and infinity positions.
* ``rel``: within ``REL_TOL[dtype] * size`` of a scale per element (the result's norm,
  or ``sum |x|`` for sums, ``|a| @ |b|`` for matmul), identical NaN/inf positions.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import arraykit as ak

# Relative error for sums, means, linalg and FFT, per element of the problem (the matrix
# size, the FFT length, the number of summed terms): error <= REL_TOL * n * scale.
REL_TOL: dict[str, float] = {"float16": 1e-3, "float32": 1e-5, "complex64": 1e-5,
                             "float64": 1e-12, "complex128": 1e-12}  # fmt: skip
# Condition number limits for inv/solve/det/qr (beyond them the backends' answers may
# legitimately differ by more than REL_TOL * n); the tolerance is scaled by cond.
COND_LIMIT: dict[str, float] = {"float16": 1e1, "float32": 1e2, "complex64": 1e2,
                                "float64": 1e4, "complex128": 1e4}  # fmt: skip


def det_flush(r: np.ndarray) -> np.ndarray:
    """What flushing a subnormal intermediate may change det by, on a driver that flushes
    (TF, JAX on CPU): an LU multiplier ``l = a_ik / u_kk`` below the smallest normal number
    ``tiny`` is lost with ``l u_kj``, below ``tiny |u_kj|``, so the determinant moves by
    less than ``tiny`` times the product of the other rows' norms, times LU's growth (at
    most ``2**(n-1)``) and ``n`` such losses: ``[[2, 5], [tiny, 0]]`` has det ``-5 tiny``
    in NumPy and 0 on JAX and TF (the JAX fuzz run's stop)."""
    n = r.shape[-1]
    a = np.abs(r.astype(np.complex128 if r.dtype.kind == "c" else np.float64))
    rows = np.max(a, axis=-1) * np.sqrt(a.shape[-1])  # each row's norm, at most
    tiny = float(np.finfo(r.dtype).smallest_normal)
    with np.errstate(all="ignore"):
        others = np.prod(rows, axis=-1) / np.min(np.where(rows > 0, rows, np.inf), axis=-1)
    return np.nan_to_num(tiny * n * 2.0 ** (n - 1) * others, posinf=0.0)


@dataclasses.dataclass
class Call:
    name: str  # the arraykit function (``linalg.inv``, ``__getitem__``, ...)
    ak: Callable[[Any], Any]  # on the driver's array
    ref: Callable[[np.ndarray], Any]  # NumPy on the same values
    check: str = "exact"  # exact | ulp | rel | unstable (values equal, order of ties free)
    scale: Callable[[np.ndarray], Any] | None = None  # rel: per-element error scale
    n: int = 1  # rel: the size the tolerance is multiplied by
    post: Callable[[np.ndarray], np.ndarray] | None = None  # applied to both outputs
    flow: int = 0  # which output of a tuple feeds the next call
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)  # for conditions
    # where both raise, arraykit's error must be of the reference's class (ValueError for a
    # read-only destination or an integer's negative power, LinAlgError, TypeError ...)
    same_error: bool = False
    # the public functions the call runs besides ``name`` (coverage: ``flip`` of a write
    # through a view, ``astype``)
    uses: tuple[str, ...] = ()
    # rel, on a driver that flushes subnormals: the absolute error a flushed intermediate
    # value may cause, per result element (det: a flushed LU multiplier)
    flush: Callable[[np.ndarray], Any] | None = None


Drawer = Callable[[Any, np.ndarray, Any], "Call | None"]
Elements = Callable[[np.dtype], st.SearchStrategy]


def _floor_divide(x1: Any, x2: Any) -> Any:
    """NumPy's, with the standard's special cases where an operand is infinite (floor of
    the quotient; NumPy gives NaN there), which arraykit follows on every driver."""
    out = np.floor_divide(x1, x2)
    if out.dtype.kind == "f":
        out = np.where(np.isinf(x1) | np.isinf(x2), np.floor(np.divide(x1, x2)), out)
    return out


def _signed_zeros(out: Any, pos: Any, neg: Any, kind: str) -> Any:
    """``out`` with arraykit's order of zeros (docs/guides/departures.md, "Signed zeros
    order -0 < +0"): a zero maximum is +0 where any operand (``pos``) is +0, a zero
    minimum -0 where any (``neg``) is -0.  NumPy's own sign there is the platform's."""
    out = np.asarray(out)
    if out.dtype.kind != "f":
        return out
    zero = out == 0
    if not zero.any():
        return out
    plus = pos if kind == "max" else ~neg
    sign = np.where(plus, 1, -1).astype(out.dtype)  # copysign(float32, int64) is float64
    return np.where(zero, np.copysign(np.zeros((), out.dtype), sign), out)


def _zeros(x: Any, sign: bool) -> Any:
    """Where ``x`` is a zero of sign ``sign`` (True: -0)."""
    x = np.asarray(x)
    if x.dtype.kind != "f":
        return np.zeros(x.shape, bool)
    return (x == 0) & (np.signbit(x) == sign)


def maximum_rule(x1: Any, x2: Any) -> Any:
    out = np.maximum(x1, x2)
    pos, neg = _zeros(x1, False) | _zeros(x2, False), _zeros(x1, True) | _zeros(x2, True)
    return _signed_zeros(out, pos, neg, "max")


def minimum_rule(x1: Any, x2: Any) -> Any:
    out = np.minimum(x1, x2)
    pos, neg = _zeros(x1, False) | _zeros(x2, False), _zeros(x1, True) | _zeros(x2, True)
    return _signed_zeros(out, pos, neg, "min")


def reduce_rule(name: str) -> Callable[..., Any]:
    """``np.max``/``np.min`` with the order of zeros of ``_signed_zeros``."""

    def ref(r: np.ndarray, **kw: Any) -> Any:
        out = getattr(np, name)(r, **kw)
        pos, neg = (np.any(_zeros(r, s), axis=kw.get("axis"), keepdims=kw.get("keepdims", False))
                    for s in (False, True))  # fmt: skip
        return _signed_zeros(out, pos, neg, name)

    return ref


def accumulate_in_float32(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` of float16 input computed in float32 and rounded once (docs/guides/
    departures.md, "Accumulation in float16"), other dtypes as they are."""

    def ref(r: np.ndarray, *args: Any, **kw: Any) -> Any:
        if r.dtype != np.float16:
            return fn(r, *args, **kw)
        wide = [a.astype(np.float32) if getattr(a, "dtype", None) == np.float16 else a
                for a in args]  # fmt: skip
        return np.asarray(fn(r.astype(np.float32), *wide, **kw)).astype(np.float16)

    return ref


# --------------------------------------------------------------- elementwise tables
# name: (NumPy reference, dtype kinds it is drawn for: b bool, i/u ints, f real float,
# c complex).  Unary and binary ops with ``exact`` checks, then the ``ulp`` ones.
UNARY_EXACT: dict[str, tuple[Callable[..., Any], str]] = {
    "abs": (np.abs, "iuf"), "negative": (np.negative, "iufc"), "positive": (np.positive, "iufc"),
    "floor": (np.floor, "f"), "ceil": (np.ceil, "f"), "trunc": (np.trunc, "f"),
    "round": (np.round, "f"), "sign": (np.sign, "iuf"), "square": (np.square, "iuf"),
    "sqrt": (np.sqrt, "f"), "reciprocal": (np.reciprocal, "f"), "isnan": (np.isnan, "fc"),
    "isinf": (np.isinf, "fc"), "isfinite": (np.isfinite, "fc"), "signbit": (np.signbit, "f"),
    "logical_not": (np.logical_not, "b"), "bitwise_invert": (np.invert, "biu"),
    "conj": (np.conj, "c"), "real": (np.real, "c"), "imag": (np.imag, "c"),
}  # fmt: skip
UNARY_ULP: dict[str, tuple[Callable[..., Any], str]] = {
    "exp": (np.exp, "f"), "expm1": (np.expm1, "f"), "log": (np.log, "f"),
    "log1p": (np.log1p, "f"), "log2": (np.log2, "f"), "log10": (np.log10, "f"),
    "sin": (np.sin, "f"), "cos": (np.cos, "f"), "tan": (np.tan, "f"),
    "asin": (np.arcsin, "f"), "acos": (np.arccos, "f"), "atan": (np.arctan, "f"),
    "sinh": (np.sinh, "f"), "cosh": (np.cosh, "f"), "tanh": (np.tanh, "f"),
    "asinh": (np.arcsinh, "f"), "acosh": (np.arccosh, "f"), "atanh": (np.arctanh, "f"),
    "abs": (np.abs, "c"), "sqrt": (np.sqrt, "c"),
}  # fmt: skip
BINARY_EXACT: dict[str, tuple[Callable[..., Any], str]] = {
    "add": (np.add, "iufc"), "subtract": (np.subtract, "iufc"), "multiply": (np.multiply, "iuf"),
    "divide": (np.divide, "iuf"), "floor_divide": (_floor_divide, "iuf"),
    "remainder": (np.remainder, "iuf"), "maximum": (maximum_rule, "iuf"),
    "minimum": (minimum_rule, "iuf"), "equal": (np.equal, "biufc"),
    "not_equal": (np.not_equal, "biufc"), "less": (np.less, "iuf"),
    "less_equal": (np.less_equal, "iuf"), "greater": (np.greater, "iuf"),
    "greater_equal": (np.greater_equal, "iuf"), "bitwise_and": (np.bitwise_and, "biu"),
    "bitwise_or": (np.bitwise_or, "biu"), "bitwise_xor": (np.bitwise_xor, "biu"),
    "bitwise_left_shift": (np.left_shift, "iu"), "bitwise_right_shift": (np.right_shift, "iu"),
    "logical_and": (np.logical_and, "b"), "logical_or": (np.logical_or, "b"),
    "logical_xor": (np.logical_xor, "b"), "copysign": (np.copysign, "f"),
    "nextafter": (np.nextafter, "f"), "pow": (np.power, "iu"),
}  # fmt: skip
BINARY_ULP: dict[str, tuple[Callable[..., Any], str]] = {
    "atan2": (np.arctan2, "f"), "hypot": (np.hypot, "f"), "logaddexp": (np.logaddexp, "f"),
    "pow": (np.power, "f"), "multiply": (np.multiply, "c"), "divide": (np.divide, "c"),
}  # fmt: skip


def _ulp_bounds(*tables: dict[str, tuple[Callable[..., Any], str]]) -> dict[str, tuple[int, int]]:
    """Units in the last place allowed between a driver's result and NumPy's, (float32 or
    complex64, float64 or complex128), from the published table (one source of truth:
    ``tests/data/accuracy_bounds.json``, ``docs/reference/accuracy.md``) for the dtype kinds
    the fuzzer draws the function for: both are within their bounds of the correctly
    rounded value, so within the sum of the two bounds of each other, twice that in
    NumPy's ulp (an ulp halves below a power of two).  Complex results are compared in ulps
    of the larger part, as the table measures them."""
    table = json.loads((Path(__file__).parent / "data" / "accuracy_bounds.json").read_text())
    out: dict[str, tuple[int, int]] = {}
    for name in {n for t in tables for n in t}:
        kinds = "".join(t[name][1] for t in tables if name in t)
        per = table["bounds"][name]
        pair = []
        for real, cplx in (("float32", "complex64"), ("float64", "complex128")):
            dtypes = [real] * ("f" in kinds) + [cplx] * ("c" in kinds)
            sums = [b[drv] + b["numpy"] for d in dtypes if (b := per.get(d)) for drv in b]
            pair.append(int(2 * max(sums, default=0)))
        out[name] = (pair[0], pair[1])
    return out


ULP_BOUNDS: dict[str, tuple[int, int]] = _ulp_bounds(UNARY_ULP, BINARY_ULP)


def pick(data: Any, options: list[Any], label: str = "op") -> Any:
    """One of ``options``, uniformly: through a drawn seed, as hypothesis's own choices
    among a few options favour the first ones (abs was drawn 200x more than acos)."""
    seed = data.draw(st.integers(0, 2**32 - 1), label=label)
    return options[random.Random(seed).randrange(len(options))]


def kind(x: np.ndarray) -> str:
    return "b" if x.dtype == np.bool_ else x.dtype.kind


def resolve(name: str) -> Callable[..., Any]:
    obj: Any = ak
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def unary_drawer(table: dict, check: str) -> Drawer:
    def draw(data: Any, x: np.ndarray, el: Elements) -> Call | None:
        names = [n for n, (_, kinds) in table.items() if kind(x) in kinds]
        if not names:
            return None
        name = pick(data, sorted(names))
        fn, ref = resolve(name), table[name][0]
        return Call(name, fn, ref, check)

    return draw


def _operand_shape(data: Any, shape: tuple[int, ...]) -> tuple[int, ...]:
    """A shape broadcasting with ``shape`` to ``shape`` (or the shape itself)."""
    k = data.draw(st.integers(0, len(shape)), label="operand ndim")
    tail = shape[len(shape) - k :]
    return tuple(data.draw(st.sampled_from([s, 1]), label="side") for s in tail)


def _operand(data: Any, x: np.ndarray, name: str, el: Elements) -> Any:
    """The second operand: a Python scalar or an array of ``x``'s dtype."""
    dt = x.dtype
    if name in ("bitwise_left_shift", "bitwise_right_shift"):
        elements: st.SearchStrategy = st.integers(0, dt.itemsize * 8 - 1)
    elif name == "pow" and dt.kind in "iu":
        # negative and mixed-sign exponents too: NumPy raises ValueError for any negative
        # integer exponent (1 ** -1 too), which arraykit must raise on every driver
        signs = pick(data, ["nonnegative", "nonnegative", "mixed", "negative"], "exponents")
        lo, hi = {"nonnegative": (0, 9), "mixed": (-3, 9), "negative": (-3, -1)}[signs]
        if dt.kind == "u":  # unsigned arrays hold no negative exponent, a Python int may
            if lo < 0 and data.draw(st.booleans(), label="scalar operand"):
                return data.draw(st.integers(lo, hi), label="scalar")
            lo, hi = 0, 9
        elements = st.integers(lo, hi)
    else:
        elements = el(dt)
    if data.draw(st.booleans(), label="scalar operand"):
        v = data.draw(elements, label="scalar")
        return {"b": bool, "i": int, "u": int, "f": float, "c": complex}[kind(x)](v)
    shape = _operand_shape(data, x.shape)
    return data.draw(hnp.arrays(dt, shape, elements=elements), label="operand")


def binary_drawer(table: dict, check: str) -> Drawer:
    def draw(data: Any, x: np.ndarray, el: Elements) -> Call | None:
        names = [n for n, (_, kinds) in table.items() if kind(x) in kinds]
        if not names:
            return None
        name = pick(data, sorted(names))
        fn, ref = resolve(name), table[name][0]
        y = _operand(data, x, name, el)
        # a Python scalar base of an integer power: 2 ** x with negative exponents in x
        int_pow = name == "pow" and kind(x) in "iu"
        swap = data.draw(st.booleans(), label="swap") and (
            name not in ("bitwise_left_shift", "bitwise_right_shift", "pow")
            or (int_pow and np.isscalar(y))
        )
        if swap and int_pow:
            y = data.draw(st.integers(0 if kind(x) == "u" else -3, 5), label="base")
        ya = y if np.isscalar(y) else ak.asarray(y.copy())
        same = int_pow  # NumPy's ValueError for a negative exponent, nothing else
        if name == "logaddexp":  # in ulps of its condition scale, as the accuracy table
            scale = lambda r: _logaddexp_scale(r, y)  # noqa: E731
            return Call(name, lambda a: fn(a, ya), lambda r: ref(r, y), check, scale,
                        extra={"y": y, "swap": False})  # fmt: skip
        if swap:
            return Call(name, lambda a: fn(ya, a), lambda r: ref(y, r), check,
                        extra={"y": y, "swap": True}, same_error=same)  # fmt: skip
        return Call(name, lambda a: fn(a, ya), lambda r: ref(r, y), check,
                    extra={"y": y, "swap": False}, same_error=same)  # fmt: skip

    return draw


def _logaddexp_scale(x1: np.ndarray, x2: Any) -> np.ndarray:
    """``max(|r|, w1 |x1|, w2 |x2|)`` with ``w = exp(x - r)``: how far half an ulp of an
    operand moves ``logaddexp``, which cancels to 0 near ``exp(x1) + exp(x2) = 1``
    (docs/reference/accuracy.md measures it in ulps of this)."""
    a, b = np.asarray(x1, np.float64), np.asarray(x2, np.float64)
    with np.errstate(all="ignore"):
        r = np.logaddexp(a, b)
        return np.fmax(np.abs(r), np.fmax(np.exp(a - r) * np.abs(a), np.exp(b - r) * np.abs(b)))


# ------------------------------------------------------------------------ reductions
def _axis(data: Any, x: np.ndarray, allow_none: bool = True) -> int | None:
    choices: list[int | None] = list(range(-x.ndim, x.ndim))
    if allow_none:
        choices.append(None)
    return data.draw(st.sampled_from(choices), label="axis")


def _count(x: np.ndarray, axis: int | None) -> int:
    return max(1, x.size if axis is None else x.shape[axis])


def draw_reduction(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    k = kind(x)
    names = ["max", "min", "all", "any", "count_nonzero"] if k != "c" else ["all", "any"]
    if k in "iufc":
        names += ["sum", "prod"]
    if k in "fc":
        names += ["mean"]
    if k == "f":
        names += ["var", "std"]
    name = pick(data, names)
    axis = _axis(data, x)
    keep = data.draw(st.booleans(), label="keepdims")
    kw: dict[str, Any] = {"axis": axis, "keepdims": keep}
    ref_kw, red = dict(kw), dict(kw)  # red: the reduction's own arguments, for scales
    if name in ("var", "std"):
        kw["correction"] = ref_kw["ddof"] = data.draw(st.sampled_from([0, 1]), label="corr")
    fn = resolve(name)
    ref = reduce_rule(name) if name in ("max", "min") else getattr(np, name)
    if name in ("sum", "prod", "mean", "var", "std"):
        ref = accumulate_in_float32(ref)
    call = Call(name, lambda a: fn(a, **kw), lambda r: ref(r, **ref_kw))
    if k in "fc" and name in ("sum", "mean"):
        call.check, call.n = "rel", _count(x, axis)
        absref = getattr(np, name)
        call.scale = lambda r: absref(np.abs(r).astype(np.float64), **red)
    elif k in "fc" and name == "prod":  # sequential vs pairwise: overflow may differ
        call.check, call.n = "rel", _count(x, axis)
        call.scale = lambda r: _prod_scale(
            r, lambda v: np.sum(v, **red), lambda v: np.prod(v, **red)
        )
    elif name in ("var", "std"):
        call.check, call.n = "rel", _count(x, axis) + 4
        call.scale = lambda r: np.mean(np.square(r.astype(np.float64)), **red)
        if name == "std":  # compare variances: sqrt near 0 amplifies rounding
            call.post = np.square
    return call


def _prod_scale(r: np.ndarray, add: Callable, mul: Callable) -> np.ndarray:
    """|product| per result element, or inf (not compared) where a partial product, in
    some order, leaves the normal range: whether it overflows, or underflows (and is
    flushed, capabilities.subnormals), depends on the order of the multiplications."""
    fi = np.finfo(r.dtype)
    m = np.abs(r).astype(np.float64)
    lg = np.log2(np.where(m == 0, 1.0, m))
    lo, hi = add(np.minimum(lg, 0)), add(np.maximum(lg, 0))
    out = np.abs(mul(r.astype(np.complex128)))
    # A complex partial product's part can be far below its modulus ((1 + 0.5j) 2.2e-308j
    # has the real part -1.1e-308): a flushing driver loses it, an error of up to the
    # smallest normal number over the partial's modulus; 60 bits above it, that is below
    # the tolerance (TF's prod of [2j, 1 + 0.5j, 3j, 2.2e-308j, 2j] lost its real part).
    floor = np.log2(fi.smallest_normal) + (60 if r.dtype.kind == "c" else 0)
    return np.where((lo < floor) | (hi > np.log2(fi.max)), np.inf, out)


def draw_cumulative(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    if x.ndim == 0 or kind(x) not in "iuf":
        return None
    name = pick(data, ["cumulative_sum", "cumulative_prod"])
    axis = _axis(data, x, allow_none=x.ndim == 1)
    init = data.draw(st.booleans(), label="include_initial")
    fn, ref = resolve(name), accumulate_in_float32(getattr(np, name))
    call = Call(name, lambda a: fn(a, axis=axis, include_initial=init),
                lambda r: ref(r, axis=axis, include_initial=init))  # fmt: skip
    if kind(x) == "f":
        call.check, call.n = "rel", _count(x, axis)
        if name == "cumulative_sum":
            call.scale = lambda r: np.cumulative_sum(np.abs(r).astype(np.float64), axis=axis,
                                                     include_initial=init)  # fmt: skip
        else:
            kw = {"axis": axis, "include_initial": init}
            call.scale = lambda r: _prod_scale(
                r, lambda v: np.cumulative_sum(v, **kw), lambda v: np.cumulative_prod(v, **kw)
            )
    return call


# --------------------------------------------------------------- sorting, sets, search
def draw_sort(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    if x.ndim == 0 or kind(x) not in "iuf":
        return None
    name = pick(data, ["sort", "argsort"])
    axis = _axis(data, x, allow_none=False)
    desc = data.draw(st.booleans(), label="descending")
    stable = data.draw(st.booleans(), label="stable")
    fn = resolve(name)

    def ref(r: np.ndarray) -> np.ndarray:
        if not desc:
            return getattr(np, name)(r, axis=axis, kind="stable")
        flipped = np.flip(r, axis)
        out = getattr(np, name)(flipped, axis=axis, kind="stable")
        return np.flip(out if name == "sort" else r.shape[axis] - 1 - out, axis)

    call = Call(name, lambda a: fn(a, axis=axis, descending=desc, stable=stable), ref)
    if not stable:  # ties may come in any order: compare the values they select
        call.check = "unstable"
        if name == "argsort":
            call.post = lambda i, r=x: np.take_along_axis(r, i, axis=axis)
    return call


def draw_unique(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    if kind(x) not in "biuf":
        return None
    name = pick(data, ["unique_values", "unique_counts", "unique_inverse", "unique_all"])
    fn = resolve(name)

    def ref(r: np.ndarray) -> Any:
        vals, index, inverse, counts = np.unique(
            r.reshape(-1), return_index=True, return_inverse=True, return_counts=True,
            equal_nan=False)  # fmt: skip
        inverse = inverse.reshape(r.shape)
        return {"unique_values": vals, "unique_counts": (vals, counts),
                "unique_inverse": (vals, inverse),
                "unique_all": (vals, index, inverse, counts)}[name]  # fmt: skip

    return Call(name, fn, ref)


def draw_search(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    k = kind(x)
    names = ["where"] + (["nonzero"] if x.ndim else [])
    if k in "iuf":
        names += ["argmax", "argmin"] + (["searchsorted"] if x.ndim == 1 else [])
    name = pick(data, names)
    if name in ("argmax", "argmin"):
        axis = _axis(data, x)
        keep = data.draw(st.booleans(), label="keepdims")
        fn, np_fn = resolve(name), getattr(np, name)

        return Call(
            name,
            lambda a: fn(a, axis=axis, keepdims=keep),
            lambda r: np_fn(r, axis=axis, keepdims=keep),
        )
    if name == "nonzero":
        return Call(name, ak.nonzero, np.nonzero)
    if name == "where":
        cond = data.draw(hnp.arrays(np.bool_, _operand_shape(data, x.shape)), label="cond")
        y = _operand(data, x, name, el)
        ca, ya = ak.asarray(cond), y if np.isscalar(y) else ak.asarray(y.copy())
        return Call(name, lambda a: ak.where(ca, a, ya), lambda r: np.where(cond, r, y),
                    extra={"y": y})  # fmt: skip
    side = data.draw(st.sampled_from(["left", "right"]), label="side")
    v = data.draw(hnp.arrays(x.dtype, hnp.array_shapes(min_dims=0, max_dims=2, min_side=0,
                                                       max_side=4), elements=el(x.dtype)),
                  label="v")  # fmt: skip
    va = ak.asarray(v.copy())
    return Call(name, lambda a: ak.searchsorted(ak.sort(a), va, side=side),
                lambda r: np.searchsorted(np.sort(r), v, side=side), extra={"y": v})  # fmt: skip


# ------------------------------------------------------------------------- indexing
def _basic_index(data: Any, shape: tuple[int, ...]) -> tuple[Any, ...]:
    per_axis: list[list[Any]] = []
    for n in shape:
        choices = ["slice", "full"] + (["int"] if n else [])
        c = data.draw(st.sampled_from(choices), label="index kind")
        if c == "int":
            item: Any = data.draw(st.integers(-n, n - 1), label="int")
        elif c == "slice":
            bound = st.none() | st.integers(-n - 2, n + 2)
            step = data.draw(st.sampled_from([None, 1, 2, 3, -1, -2]), label="step")
            item = slice(data.draw(bound, label="start"), data.draw(bound, label="stop"), step)
        else:
            item = slice(None)
        newaxis = data.draw(st.integers(0, 5), label="newaxis") == 0
        per_axis.append([item, None] if newaxis else [item])
    where = data.draw(st.sampled_from(["none", "front", "back"]), label="ellipsis")
    k = data.draw(st.integers(0, len(shape)), label="ellipsis axes")
    if where == "front":  # the ellipsis stands for the first k axes
        per_axis = [[...], *per_axis[k:]]
    elif where == "back":
        per_axis = [*per_axis[:k], [...]]
    key = [i for items in per_axis for i in items]
    # Python bools (a new axis of length 1 or 0, an advanced index: the result is a copy)
    # and None among the items, anywhere in the key
    for _ in range(data.draw(st.sampled_from([0, 0, 0, 1, 2]), label="bools")):
        item = data.draw(st.sampled_from([True, False, None]), label="bool item")
        key.insert(data.draw(st.integers(0, len(key)), label="at"), item)
    return tuple(key)


def _index(data: Any, x: np.ndarray, unique: bool) -> tuple[Any, Any]:
    """An index of one of the three kinds, as (for arraykit, for NumPy)."""
    kinds = ["basic"] + (["bool", "int"] if x.ndim else [])
    c = pick(data, kinds, "indexing")
    if c == "basic":
        idx = _basic_index(data, x.shape)
        return idx, idx
    if c == "bool":
        k = data.draw(st.integers(1, x.ndim), label="mask ndim")
        mask = data.draw(hnp.arrays(np.bool_, x.shape[:k]), label="mask")
        return ak.asarray(mask), mask
    axis = data.draw(st.integers(0, x.ndim - 1), label="axis")
    n = x.shape[axis]
    if n == 0:
        return (slice(None),) * axis + (ak.asarray(np.zeros(0, np.int64)),), (
            (slice(None),) * axis + (np.zeros(0, np.int64),))  # fmt: skip
    if unique:  # repeated positions in a setitem: which write wins is unspecified
        pos = data.draw(st.lists(st.integers(0, n - 1), unique=True, max_size=n), label="pos")
        signs = data.draw(st.lists(st.booleans(), min_size=len(pos), max_size=len(pos)))
        arr = np.array([p - n if s else p for p, s in zip(pos, signs, strict=True)], np.int64)
    else:
        arr = data.draw(hnp.arrays(np.int64, hnp.array_shapes(min_dims=1, max_dims=2, max_side=4),
                                   elements=st.integers(-n, n - 1)), label="ints")  # fmt: skip
    itype = data.draw(st.sampled_from([np.int64, np.int32, np.int16]), label="index dtype")
    arr = arr.astype(itype)
    pre = (slice(None),) * axis
    return (*pre, ak.asarray(arr)), (*pre, arr)


def draw_getitem(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    ia, ir = _index(data, x, unique=False)
    return Call("__getitem__", lambda a: a[ia], lambda r: r[ir], extra={"index": ir})


def draw_setitem(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    ia, ir = _index(data, x, unique=True)
    target = x[ir].shape
    if data.draw(st.booleans(), label="scalar value"):
        v = data.draw(el(x.dtype), label="value")
        v = {"b": bool, "i": int, "u": int, "f": float, "c": complex}[kind(x)](v)
        va: Any = v
    else:
        v = data.draw(hnp.arrays(x.dtype, _operand_shape(data, target), elements=el(x.dtype)))
        va = ak.asarray(v.copy())

    def run(a: Any) -> Any:
        a[ia] = va
        return a

    def ref(r: np.ndarray) -> np.ndarray:
        r[ir] = v  # in place: a read-only input (a broadcast view) raises, as it must
        return r

    return Call("__setitem__", run, ref, extra={"index": ir, "y": v}, same_error=True)
