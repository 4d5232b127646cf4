"""The corners the differential fuzzer reaches (issue 24): program inputs in non-contiguous
layouts, casts to every dtype, ``ufunc.at``, linear algebra on rank-deficient and NaN
input, and writes through every kind of view (see ``differential_ops`` for ``Call``).

Each draw is compared with NumPy on the same input, built the same way on both sides, or
with the rule of ``docs/guides/departures.md`` where arraykit departs from NumPy on
purpose (float to integer casts saturate, ``maximum``/``minimum`` order ``-0 < +0``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from differential_ops import (
    COND_LIMIT,
    REL_TOL,
    Call,
    Elements,
    _basic_index,
    _operand_shape,
    _zeros,
    det_flush,
    kind,
    pick,
)
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import arraykit as ak

PY = {"b": bool, "i": int, "u": int, "f": float, "c": complex}


# --------------------------------------------------------------------------- layouts
# name -> (the root array made from the values, the input made from the root with either
# namespace).  The input has the drawn values (``broadcast``: its first row, repeated) and
# is a view of the root, except for "contiguous".
def _all(step: int, ndim: int) -> tuple[slice, ...]:
    return (slice(None, None, step),) * ndim


def _spread(v: np.ndarray) -> np.ndarray:
    out = np.zeros(tuple(2 * n for n in v.shape), v.dtype)
    out[_all(2, v.ndim)] = v
    return out


LAYOUTS: dict[str, tuple[Callable[[np.ndarray], np.ndarray], Callable[[Any, Any, tuple], Any]]] = {
    "contiguous": (lambda v: v.copy(), lambda xp, r, shape: r),
    "transposed": (
        lambda v: np.ascontiguousarray(np.transpose(v)),
        lambda xp, r, shape: xp.permute_dims(r, tuple(reversed(range(r.ndim)))),
    ),
    "strided": (_spread, lambda xp, r, shape: r[_all(2, r.ndim)]),
    "negative-strided": (
        lambda v: v[_all(-1, v.ndim)].copy(),
        lambda xp, r, shape: r[_all(-1, r.ndim)],
    ),
    # read-only: a write raises ValueError on both sides
    "broadcast": (
        lambda v: v[:1].copy() if v.ndim else v.copy(),
        lambda xp, r, shape: xp.broadcast_to(r, shape),
    ),
    "0-d view": (lambda v: v.copy(), lambda xp, r, shape: r[(0,) * r.ndim + (...,)]),
    "empty": (lambda v: v.copy(), lambda xp, r, shape: r[:0]),
}


def layout_fits(name: str, v: np.ndarray) -> bool:
    if name == "0-d view":
        return v.size > 0
    if name == "empty":
        return v.ndim > 0
    if name in ("transposed", "strided", "negative-strided"):
        return v.ndim > 0
    return True


def build_input(data: Any, v: np.ndarray) -> tuple[str, np.ndarray, Any]:
    """A layout for the drawn values ``v``, and the program's input in it: (its name, the
    NumPy input, arraykit's), each a view of its own root where the layout is one."""
    names = [n for n in LAYOUTS if layout_fits(n, v)]
    # contiguous inputs stay the most common: most calls are not about layouts
    name = pick(data, ["contiguous"] * len(names) + names, "layout")
    make_root, make_input = LAYOUTS[name]
    root = make_root(v)
    np_in = make_input(np, root, v.shape)
    ak_in = make_input(ak, ak.asarray(root.copy()), v.shape)
    return name, np_in, ak_in


def layout_of(r: np.ndarray) -> str:
    """The layout of a NumPy array (the reference's input), for the coverage table."""
    if r.base is None and r.flags.c_contiguous:
        return "contiguous"
    if r.size == 0:
        return "empty"
    if r.ndim == 0:
        return "0-d view"
    if not r.flags.writeable and 0 in r.strides:
        return "broadcast"
    if any(s < 0 for s in r.strides):
        return "negative-strided"
    if r.flags.c_contiguous:
        return "view (contiguous)"
    if r.flags.f_contiguous:
        return "transposed"
    return "strided"


# ----------------------------------------------------------------------------- casts
def astype_rule(r: np.ndarray, to: np.dtype, copy: bool = True) -> np.ndarray:
    """``r.astype(to, copy=copy)`` by arraykit's rules: NumPy's, except that a float cast to
    an integer saturates and NaN gives 0 (docs/guides/departures.md, "Casts and rounding"),
    and that complex to a real dtype is refused (the standard: "should not be permitted").
    ``copy=False`` to the same dtype is ``r`` itself, as NumPy's (a read-only view stays
    read-only)."""
    if r.dtype.kind == "c" and to.kind in "iuf":
        raise TypeError("complex to real: the standard says it should not be permitted")
    out = r.astype(to, copy=copy)
    if r.dtype.kind == "f" and to.kind in "iu":
        info = np.iinfo(to)
        t = np.trunc(r.astype(np.float64))
        hi = t >= float(info.max) + 1  # exact: a power of two
        lo = t < float(info.min)
        out = np.where(np.isnan(t), 0, np.where(hi, info.max, np.where(lo, info.min, out)))
        out = out.astype(to)
    return out


def astype_drawer(dtypes: list[np.dtype]) -> Callable[[Any, np.ndarray, Elements], Call]:
    def draw(data: Any, x: np.ndarray, el: Elements) -> Call:
        to = pick(data, dtypes, "to")
        copy = data.draw(st.sampled_from([None, True, False]), label="copy")
        method = data.draw(st.booleans(), label="method")
        kw = {} if copy is None else {"copy": copy}

        def run(a: Any) -> Any:
            return a.astype(to, **kw) if method else ak.astype(a, to, **kw)

        return Call("astype", run, lambda r: astype_rule(r, to, copy is not False), same_error=True,
                    extra={"to": to.name})  # fmt: skip

    return draw


# ------------------------------------------------------------------------ ufunc.at
# ufunc -> the dtype kinds it is drawn for
AT_UFUNCS: dict[str, str] = {
    "add": "iufc", "subtract": "iufc", "multiply": "iuf", "divide": "f",
    "floor_divide": "iu", "power": "iuf", "maximum": "iuf", "minimum": "iuf",
    "bitwise_and": "biu", "bitwise_or": "biu", "bitwise_xor": "biu",
    "logical_and": "b", "logical_or": "b", "logical_xor": "b",
}  # fmt: skip


def _at_index(data: Any, x: np.ndarray) -> Any:
    """An index with repeated positions, as ``ufunc.at`` takes it (NumPy data)."""
    choices = ["repeats", "repeats", "slice", "int"] + (["tuple", "mask"] if x.ndim > 1 else [])
    c = pick(data, choices, "at index")
    n = x.shape[0]
    ints = st.integers(-n, n - 1)
    if c == "repeats":
        return np.array(data.draw(st.lists(ints, max_size=8), label="at ints"), np.int64)
    if c == "slice":
        step = data.draw(st.sampled_from([None, 1, 2, -1]), label="step")
        return slice(data.draw(st.none() | st.integers(-n, n)), None, step)
    if c == "int":
        return data.draw(ints, label="at int")
    if c == "mask":
        return data.draw(hnp.arrays(np.bool_, x.shape[:1]), label="at mask")
    k = data.draw(st.integers(1, 8), label="at count")
    sizes = x.shape[: data.draw(st.integers(1, x.ndim), label="at axes")]
    if 0 in sizes:  # an empty axis: empty index arrays
        return tuple(np.zeros(0, np.int64) for _ in sizes)
    return tuple(
        np.array(data.draw(st.lists(st.integers(-m, m - 1), min_size=k, max_size=k)), np.int64)
        for m in sizes
    )


def _at_rule(name: str, r: np.ndarray, before: np.ndarray, index: Any, v: Any) -> np.ndarray:
    """NumPy's ``maximum.at``/``minimum.at`` result with arraykit's order of zeros: a zero
    maximum is +0 where any operand at that position was +0 (departures.md)."""
    if name not in ("maximum", "minimum") or r.dtype.kind != "f":
        return r
    vals = np.broadcast_to(np.asarray(v, r.dtype), before[index].shape)
    pos, neg = _zeros(before, False), _zeros(before, True)
    np.logical_or.at(pos, index, _zeros(vals, False))
    np.logical_or.at(neg, index, _zeros(vals, True))
    fixed = np.where(r == 0, np.copysign(0.0, np.where(pos if name == "maximum" else ~neg, 1, -1)),
                     r).astype(r.dtype)  # fmt: skip
    r[...] = fixed
    return r


def _at_in_float(ufunc: np.ufunc, r: np.ndarray, index: Any, v: Any) -> np.ndarray | None:
    """NumPy's ``ufunc.at`` where its loop is a float one and ``r`` an integer array (a
    uint64 ``r`` and a Python int, an int64 to NumPy there: a float64 loop), with each
    occurrence computed in the loop and cast back by arraykit's rule (saturating; NumPy's
    cast of an out-of-range float is the platform's: 0 - 1 gave 2**64 - 1); ``None``
    where the loop is not such a one."""
    try:
        loop = ufunc.resolve_dtypes((r.dtype, np.asarray(v).dtype, None))[-1]
    except TypeError:
        return None
    if not (loop.kind == "f" and r.dtype.kind in "iu"):
        return None
    out = r.copy()
    flat = out.reshape(-1)
    pos = np.arange(r.size).reshape(r.shape)[index]
    vals = np.broadcast_to(np.asarray(v), np.shape(pos))
    for p, val in zip(np.ravel(pos), np.ravel(vals), strict=True):  # in NumPy's order
        res = ufunc(np.asarray(flat[p]).astype(loop), np.asarray(val).astype(loop))
        flat[p] = astype_rule(np.asarray(res), r.dtype)
    r[...] = out
    return r


def draw_ufunc_at(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    if x.ndim == 0 or x.shape[0] == 0:
        return None
    names = sorted(n for n, kinds in AT_UFUNCS.items() if kind(x) in kinds)
    if not names:
        return None
    name = pick(data, names, "ufunc")
    index = _at_index(data, x)
    target = x[index].shape
    if name == "power" and kind(x) in "iu":  # negative exponents raise, as in NumPy
        elements: st.SearchStrategy = st.integers(-1 if kind(x) == "i" else 0, 4)
    else:
        elements = el(x.dtype)
    if data.draw(st.booleans(), label="scalar value"):
        v: Any = PY[kind(x)](data.draw(elements, label="value"))
        va: Any = v
    else:
        v = data.draw(hnp.arrays(x.dtype, _operand_shape(data, target), elements=elements))
        va = ak.asarray(v.copy())
    ufunc = getattr(np, name)

    def run(a: Any) -> Any:
        ufunc.at(a, index, va)
        return a

    def ref(r: np.ndarray) -> np.ndarray:
        before, writeable = r.copy(), r.flags.writeable
        if not writeable or _at_in_float(ufunc, r, index, v) is None:
            ufunc.at(r, index, v)  # NumPy resolves the loop first (TypeError), then refuses
        if not writeable:  # a read-only r; its path for a tuple of index arrays ignores
            raise ValueError("assignment destination is read-only")  # the flag: the rule
        return _at_rule(name, r, before, index, v)

    extra = {"index": index, "y": v, "ufunc": name}
    check = "exact"
    if name == "power" and kind(x) == "f":  # pow's bound, grown by each repeat's power
        check, extra["ulp_of"] = "ulp", "pow"
        hits = np.bincount(np.arange(x.size).reshape(x.shape)[index].ravel())
        repeats = max(1, int(hits.max(initial=0)))
        with np.errstate(all="ignore"):
            vs = np.abs(np.asarray(v, np.float64))
            grow = max(1.0, float(np.max(vs[np.isfinite(vs)], initial=1.0)))
        try:
            extra["ulp_scale"] = sum(grow**k for k in range(repeats))
        except OverflowError:  # a huge exponent, repeated
            extra["ulp_scale"] = float("inf")
        if extra["ulp_scale"] > 1e4:  # the first rounding decides: values not compared
            check = "shape"
    return Call(f"{name}.at", run, ref, check, same_error=True, uses=(name,), extra=extra)


# ------------------------------------------------------------------- hard matrices
def hard_matrix(data: Any, dtype: np.dtype) -> np.ndarray:
    """A square matrix (or a stack of two) that is rank-deficient, NaN- or inf-bearing or
    merely integer-valued: where LAPACK's pivots are rounding noise or non-finite."""
    n = data.draw(st.integers(1, 4), label="n")
    batch = data.draw(st.sampled_from([(), (), (2,)]), label="batch")
    shape = (*batch, n, n)
    ints = st.integers(-3, 3)
    m = data.draw(hnp.arrays(np.int64, shape, elements=ints), label="matrix").astype(np.float64)
    how = pick(data, ["duplicate", "sum", "zero row", "rank 1", "nan", "inf", "integers"],
               "structure")  # fmt: skip
    i, j, k = (data.draw(st.integers(0, n - 1), label="row") for _ in range(3))
    if how == "duplicate":
        m[..., j, :] = m[..., i, :]
    elif how == "sum":
        m[..., j, :] = m[..., i, :] + m[..., k, :]
    elif how == "zero row":
        m[..., i, :] = 0
    elif how == "rank 1":
        u = data.draw(hnp.arrays(np.int64, (*batch, n, 1), elements=ints), label="u")
        w = data.draw(hnp.arrays(np.int64, (*batch, 1, n), elements=ints), label="w")
        m = (u * w).astype(np.float64)
    elif how in ("nan", "inf"):
        m[..., i, j] = np.nan if how == "nan" else data.draw(st.sampled_from([np.inf, -np.inf]))
    if dtype.kind == "c":
        m = m + 1j * np.roll(m, 1, axis=-1) * data.draw(st.sampled_from([0, 1]), label="imag")
    return m.astype(dtype)


def _wide(r: np.ndarray) -> np.ndarray:
    return r.astype(np.complex128 if r.dtype.kind == "c" else np.float64)


def _hadamard(r: np.ndarray) -> np.ndarray:
    """|det| <= the product of the rows' norms: the scale of det's rounding error.  Each
    norm scaled by its row's largest modulus first (``np.linalg.norm`` squares: the
    norm of ``[1e-255j]`` underflowed to 0, which left no tolerance at all)."""
    a = np.abs(_wide(r))
    big = np.max(a, axis=-1, keepdims=True, initial=0.0)
    with np.errstate(invalid="ignore"):
        rows = big[..., 0] * np.sqrt(np.sum((a / np.where(big > 0, big, 1.0)) ** 2, axis=-1))
    return np.prod(rows, axis=-1)


def _ambiguous_rank(r: np.ndarray) -> np.ndarray:
    """How many singular values lie so near NumPy's rank tolerance (max(M, N) eps s_max)
    that rounding decides on which side: a rank may differ from NumPy's by that many."""
    w = _wide(r)
    if not np.isfinite(w).all():
        return np.zeros(r.shape[:-2], np.int64)
    s = np.linalg.svd(w, compute_uv=False)
    eps = np.finfo(r.dtype).eps
    tol = s.max(axis=-1, keepdims=True, initial=0.0) * max(r.shape[-2:]) * eps
    return np.sum((s > tol / 64) & (s < tol * 64) | (s < 64 * eps * np.max(np.abs(w))), axis=-1)


def _rank_scaled(r: np.ndarray) -> np.ndarray:
    """NumPy's rank after arraykit's rule (departures.md): a matrix with an entry above
    the square root of its dtype's range is scaled by a power of two first (LAPACK's
    complex SVD rounded a singular value of DBL_MAX up to inf: rank 0)."""
    fi = np.finfo(r.dtype)
    with np.errstate(invalid="ignore"):
        big = (np.abs(r) > 2.0 ** (fi.maxexp // 2)).any(axis=(-2, -1), keepdims=True)
        # not a matrix with an inf entry: arraykit zeroes it first (rank 0, as NumPy);
        # scaling it would turn a complex inf into NaN (complex(-inf, inf) * 2**-524)
        big &= np.isfinite(r).all(axis=(-2, -1), keepdims=True)
        down = np.asarray(2.0 ** -(fi.maxexp // 2 + 12), r.dtype)
        scaled = np.where(big, r * down, r)
    return np.linalg.matrix_rank(scaled)


def _det_of_slogdet(out: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    sign, logabs = out
    with np.errstate(all="ignore"):  # in the input's precision: its tolerance applies
        return np.asarray(sign * np.exp(logabs))


def draw_linalg_hard(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    """inv, solve, matrix_power(x, -n), det, slogdet and matrix_rank on any square float
    input (a hard matrix, most often): whether a call raises must agree with NumPy; values
    are compared where the input is well-conditioned (inverses, solutions) or within the
    rounding error of the determinant (|det| scale: the rows' norms)."""
    if x.ndim < 2 or kind(x) not in "fc" or x.size == 0:
        return None
    square = x.shape[-1] == x.shape[-2]
    names = ["linalg.matrix_rank"] + (
        ["linalg.inv", "linalg.solve", "linalg.matrix_power", "linalg.det", "linalg.slogdet"]
        if square
        else []
    )
    name = pick(data, names, "hard linalg")
    n = x.shape[-1]
    finite = bool(np.isfinite(x).all())
    with np.errstate(all="ignore"):
        cond = float(np.max(np.linalg.cond(_wide(x)))) if square and finite else math.inf
    well = x.dtype != np.float16 and cond <= COND_LIMIT.get(x.dtype.name, 0)
    tol_n = max(1, int(n * cond)) if well else 1
    check = "rel" if well else "shape"
    if name == "linalg.matrix_rank":
        return Call(name, ak.linalg.matrix_rank, _rank_scaled, "rank",
                    scale=_ambiguous_rank, same_error=True)  # fmt: skip
    if name == "linalg.inv":
        return Call(name, ak.linalg.inv, np.linalg.inv, check, _max_scale(np.linalg.inv), tol_n,
                    same_error=True)  # fmt: skip
    if name == "linalg.matrix_power":
        p = -data.draw(st.integers(1, 3), label="power")
        ref = lambda r: np.linalg.matrix_power(r, p)  # noqa: E731
        return Call(name, lambda a: ak.linalg.matrix_power(a, p), ref, check, _max_scale(ref),
                    tol_n * 3, same_error=True, extra={"power": p})  # fmt: skip
    if name == "linalg.solve":
        k = data.draw(st.integers(1, 3), label="k")
        b = data.draw(hnp.arrays(x.dtype, (*x.shape[:-1], k), elements=st.integers(-3, 3)),
                      label="b")  # fmt: skip
        ba = ak.asarray(b.copy())
        ref = lambda r: np.linalg.solve(r, b)  # noqa: E731
        return Call(name, lambda a: ak.linalg.solve(a, ba), ref, check, _max_scale(ref), tol_n,
                    same_error=True, extra={"y": b})  # fmt: skip
    # det and slogdet: an error of n eps times the rows' norms (LU with partial pivoting on
    # at most 4 x 4 grows by at most 8), whatever the conditioning; non-finite entries:
    # the order of the operations decides between inf and NaN (only raising is compared)
    det_check = "rel" if finite and x.dtype != np.float16 else "shape"
    if name == "linalg.det":
        return Call(name, ak.linalg.det, np.linalg.det, det_check, _hadamard, 8 * n,
                    same_error=True, flush=det_flush)  # fmt: skip
    return Call(name, lambda a: tuple(ak.linalg.slogdet(a)),
                lambda r: tuple(np.linalg.slogdet(r)), det_check, _hadamard, 8 * n,
                post=_det_of_slogdet, same_error=True, flush=det_flush)  # fmt: skip


def _max_scale(ref: Any) -> Any:
    return lambda r: np.max(np.abs(_wide(np.asarray(ref(r)))), initial=0.0)


# ------------------------------------------------------------------ writes via views
def _axis(data: Any, ndim: int, extra: int = 0) -> int:
    return data.draw(st.integers(-ndim - extra, ndim - 1 + extra), label="axis")


def _reshape_target(data: Any, shape: tuple[int, ...]) -> tuple[int, ...]:
    size = math.prod(shape)
    options = [(-1,), (1, -1), (*shape, 1), tuple(reversed(shape))]
    if size and size % 2 == 0:
        options += [(2, -1), (-1, 2)]
    return data.draw(st.sampled_from(options), label="new shape")


def _view_kinds(x: np.ndarray) -> list[str]:
    nd = x.ndim
    out = ["getitem", "reshape", "ravel", "expand_dims", "real", "imag", "broadcast_to"]
    if nd:
        out += ["flip", "moveaxis", "permute_dims"]
        out += ["unstack"] if x.shape[0] else []
    out += ["T"] if nd == 2 else []
    out += ["mT", "linalg.diagonal"] if nd >= 2 else []
    out += ["squeeze"] if 1 in x.shape else []
    return out


def _view(data: Any, x: np.ndarray, how: str) -> Callable[[Any, Any], Any]:
    """``(xp, a) -> a view of a`` of kind ``how`` (its arguments drawn now)."""
    nd, shape = x.ndim, x.shape
    if how == "getitem":
        key = _basic_index(data, shape)
        return lambda xp, a: a[key]
    if how == "reshape":
        target = _reshape_target(data, shape)
        return lambda xp, a: xp.reshape(a, target)
    if how == "ravel":
        return lambda xp, a: a.ravel()
    if how == "expand_dims":
        ax = _axis(data, nd, 1) if nd else data.draw(st.sampled_from([0, -1]), label="axis")
        return lambda xp, a: xp.expand_dims(a, axis=ax)
    if how in ("real", "imag"):
        return lambda xp, a: getattr(a, how)
    if how == "broadcast_to":
        return lambda xp, a: xp.broadcast_to(a, (2, *shape))
    if how == "flip":
        ax = data.draw(st.none() | st.integers(-nd, nd - 1), label="axis")
        return lambda xp, a: xp.flip(a, axis=ax)
    if how == "moveaxis":
        src, dst = _axis(data, nd), _axis(data, nd)
        return lambda xp, a: xp.moveaxis(a, src, dst)
    if how == "permute_dims":
        axes = tuple(data.draw(st.permutations(range(nd)), label="axes"))
        return lambda xp, a: xp.permute_dims(a, axes)
    if how == "unstack":
        ax = data.draw(st.sampled_from([i for i in range(nd) if shape[i]]), label="axis")
        k = data.draw(st.integers(0, shape[ax] - 1), label="which")
        return lambda xp, a: xp.unstack(a, axis=ax)[k]
    if how == "T":
        return lambda xp, a: a.T
    if how == "mT":
        return lambda xp, a: a.mT
    if how == "linalg.diagonal":
        off = data.draw(st.integers(-2, 2), label="offset")
        return lambda xp, a: xp.linalg.diagonal(a, offset=off)
    ax = data.draw(st.sampled_from([i for i, n in enumerate(shape) if n == 1]), label="axis")
    return lambda xp, a: xp.squeeze(a, axis=ax)


def draw_view_write(data: Any, x: np.ndarray, el: Elements) -> Call | None:
    """A view of the current array of one kind, then a write: through the view (then the
    base and the view are compared with NumPy's: the base changed exactly where NumPy's
    did) or into the base (the view follows exactly where NumPy's does).  Read-only views
    (``broadcast_to``, ``linalg.diagonal``, ``imag`` of real input) and views of a
    read-only input refuse a write through them: ``ValueError`` on both sides."""
    how = pick(data, _view_kinds(x), "view")
    make = _view(data, x, how)
    into = data.draw(st.sampled_from(["view", "base"]), label="write into")
    with np.errstate(all="ignore"):
        try:
            probe = make(np, x.copy())
        except Exception:
            return None  # NumPy refuses the view itself (a reshape that does not fit ...)
    written = probe if into == "view" else x
    dtype = written.dtype
    key = _basic_index(data, written.shape) if data.draw(st.booleans(), label="key") else ...
    try:
        target = written[key].shape
    except IndexError:
        return None
    if data.draw(st.booleans(), label="scalar value"):
        v: Any = PY[kind(np.empty(0, dtype))](data.draw(el(dtype), label="value"))
        va: Any = v
    else:
        v = data.draw(hnp.arrays(dtype, _operand_shape(data, target), elements=el(dtype)))
        va = ak.asarray(v.copy())

    def program(xp: Any, a: Any, value: Any) -> tuple[Any, Any]:
        view = make(xp, a)
        if isinstance(view, np.generic):  # NumPy's scalar (x[()] of a 0-D x): a copy
            view = np.array(view)
        (view if into == "view" else a)[key] = value
        return a, view

    uses = {"getitem": "__getitem__", "real": "Array.real", "imag": "Array.imag",
            "ravel": "Array.ravel", "T": "Array.T", "mT": "Array.mT"}.get(how, how)  # fmt: skip
    return Call(f"write via {how}", lambda a: program(ak, a, va), lambda r: program(np, r, v),
                same_error=True, uses=(uses, "__setitem__"),
                extra={"index": key, "y": v, "into": into})  # fmt: skip


__all__ = [
    "LAYOUTS",
    "REL_TOL",
    "astype_drawer",
    "build_input",
    "draw_linalg_hard",
    "draw_ufunc_at",
    "draw_view_write",
    "hard_matrix",
    "layout_of",
]
