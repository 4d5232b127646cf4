"""Differential fuzzing: random programs of 1-6 arraykit calls, each call checked against
NumPy itself on the same input (issue 13, item 2).

A program starts from an array of a drawn dtype (bool, every integer, float32/64,
complex64/128), shape (0-3 dimensions, empty ones included) and values (NaN, +-inf, -0.0,
subnormals where ``driver.capabilities.subnormals``, integers at their dtype's limits;
complex values have finite parts).  Each step draws a call that fits the current array
(``differential_ops`` and ``differential_numeric`` hold the calls, their NumPy references
and the checks), runs it on the driver under test and NumPy on an identical copy of the
input, compares, and feeds the driver's result into the next call.

Checks: identical dtypes, shapes, NaN and inf positions everywhere; identical bits for
integer, bool and exactly rounded operations; ``ULP_BOUNDS`` for transcendental
functions; ``REL_TOL`` times the problem size (and condition number) for sums, linalg and
FFT.  Where a driver flushes subnormals (``capabilities.subnormals`` false), a NumPy
result below 4x the smallest normal number may be zero (a subnormal intermediate value).
Both raising is agreement (the program stops there).  Not compared, as the standard
leaves them to the implementation: the parts of complex products and quotients of
infinite or NaN parts (only which elements are finite), and sums whose magnitude exceeds
the dtype's range (overflow depends on the order).  On a lazy driver (Dask) a call that
needs a size the driver cannot know yet is retried after ``ak.compute`` (the documented
remedy), and its documented refusals end the program; both are counted in the report.

The corners (issue 24, ``differential_corners``): the program's input is drawn in a
layout (contiguous, transposed, strided, negative-strided, broadcast (read-only), a 0-D
view, empty) built the same way on both sides, and NumPy's side keeps NumPy's own result
where it has the driver's values (a view stays a view, a read-only one read-only), so
writes raise on both sides or neither; ``float16`` where ``capabilities.float16``;
integer powers with negative and mixed-sign exponents; Python bools and ``None`` in basic
keys; ``astype`` to every dtype (float to integer out of range, float64 to float16);
``ufunc.at`` with repeated indices; ``inv``/``solve``/``matrix_power(x, -n)``/``det``/
``slogdet``/``matrix_rank`` of rank-deficient, NaN- and inf-bearing matrices (whether a
call raises must agree); writes through every kind of view, then the base and the view
compared.  Where arraykit departs from NumPy on purpose (``docs/guides/departures.md``)
the reference follows the page's rule: float to integer casts saturate (NaN gives 0),
``maximum``/``minimum``/``max``/``min`` order ``-0 < +0``, float16 sums, products and
scans accumulate in float32.  Where both raise on a write, a cast, an integer power or
linear algebra, the errors' classes must agree too.

``test_sweep`` calls every public function of ``ak``, ``ak.linalg`` and ``ak.fft`` once
with valid inputs and compares it with NumPy (``differential_sweep``), so every public
function is called in CI's run; ``test_every_public_function_is_drawn_or_swept`` fails
for a public function neither drawn nor swept.  Each run ends with a coverage table
(pytest's terminal summary): calls per function, dtype and layout, and the public
functions never called.

Budget: ``ARRAYKIT_FUZZ_EXAMPLES`` programs per driver (200 by default; tox's ``fuzz``
env runs 10^5).  ``ARRAYKIT_FUZZ_REPORT=path`` appends one JSON line per driver with the
number of programs and calls run and the coverage table.
``tests/data/known_disagreements.toml`` lists the comparisons skipped on purpose, each
with its reason.
"""

from __future__ import annotations

import json
import os
import random
import time
import tomllib
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from bad_input_cases import FUNCTIONS
from deprecations import quiet
from differential_corners import (
    astype_drawer,
    build_input,
    draw_linalg_hard,
    draw_ufunc_at,
    draw_view_write,
    hard_matrix,
    layout_of,
)
from differential_coverage import COVERAGE, PUBLIC, Coverage, Report, report_row
from differential_numeric import draw_fft, draw_linalg
from differential_ops import (
    BINARY_EXACT,
    BINARY_ULP,
    REL_TOL,
    ULP_BOUNDS,
    UNARY_EXACT,
    UNARY_ULP,
    Call,
    Drawer,
    binary_drawer,
    det_flush,
    draw_cumulative,
    draw_getitem,
    draw_reduction,
    draw_search,
    draw_setitem,
    draw_sort,
    draw_unique,
    pick,
    unary_drawer,
)
from differential_sweep import SWEPT, reference, sweep, sweep_other
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import arraykit as ak

EXAMPLES = int(os.environ.get("ARRAYKIT_FUZZ_EXAMPLES", "200"))
KNOWN = tomllib.loads(
    (Path(__file__).parent / "data" / "known_disagreements.toml").read_text()
).get("disagreement", [])

DTYPES = [np.dtype(n) for n in (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128")]  # fmt: skip

FLOATS = [np.dtype("float32"), np.dtype("float64")]
FLOAT16 = np.dtype("float16")


def dtypes_of(caps: Any) -> list[np.dtype]:
    """The dtypes programs start from and ``astype`` casts to on a driver."""
    return DTYPES + ([FLOAT16] if caps.float16 else [])


def drawers(caps: Any) -> list[Drawer]:
    """The drawers tried in a random order for each call (the first that fits the array
    is used); the ones of many functions are listed twice, to be tried first twice as
    often."""
    return [
        unary_drawer(UNARY_EXACT, "exact"), unary_drawer(UNARY_ULP, "ulp"),
        binary_drawer(BINARY_EXACT, "exact"), binary_drawer(BINARY_ULP, "ulp"),
        unary_drawer(UNARY_ULP, "ulp"), binary_drawer(BINARY_EXACT, "exact"),
        draw_reduction, draw_cumulative, draw_sort, draw_unique, draw_search,
        draw_getitem, draw_setitem, draw_linalg, draw_linalg, draw_fft,
        astype_drawer(dtypes_of(caps)), draw_ufunc_at, draw_linalg_hard, draw_linalg_hard,
        draw_view_write, draw_view_write,
    ]  # fmt: skip


# The public functions the drawers call (with ``Call.uses``): test_every_public_function_
# is_drawn_or_swept.  Everything else public is swept (differential_sweep).
DRAWN = {
    *UNARY_EXACT, *UNARY_ULP, *BINARY_EXACT, *BINARY_ULP, "max", "min", "all", "any",
    "count_nonzero", "sum", "prod", "mean", "var", "std", "cumulative_sum",
    "cumulative_prod", "sort", "argsort", "unique_values", "unique_counts",
    "unique_inverse", "unique_all", "where", "nonzero", "argmax", "argmin", "searchsorted",
    "matmul", "linalg.svdvals", "linalg.eigvalsh", "linalg.inv", "linalg.det",
    "linalg.solve", "linalg.qr", "fft.fft", "fft.ifft", "fft.fftn", "fft.rfft", "fft.irfft",
    "astype", "linalg.matrix_rank", "linalg.matrix_power", "linalg.slogdet", "reshape",
    "expand_dims", "broadcast_to", "flip", "moveaxis", "permute_dims", "unstack",
    "linalg.diagonal", "squeeze", "maximum", "minimum",
}  # fmt: skip


# ------------------------------------------------------------------------- values
def elements(caps: Any, profile: str) -> Any:
    """dtype -> strategy of its values; ``moderate``: small values only (linalg, FFT)."""

    def el(dtype: np.dtype) -> st.SearchStrategy:
        if dtype == np.bool_:
            return st.booleans()
        if dtype.kind in "iu":
            info = np.iinfo(dtype)
            small = st.integers(max(info.min, -5), min(info.max, 5))
            if profile == "moderate":
                return small
            edges = [info.min, info.min + 1, info.max, info.max - 1, 0, 1]
            return small | st.sampled_from(edges) | st.integers(info.min, info.max)
        if dtype.kind == "c":
            part = el(np.dtype(f"float{dtype.itemsize * 4}")).filter(np.isfinite)
            return st.builds(complex, part, part)
        width, fi = dtype.itemsize * 8, np.finfo(dtype)
        sub = caps.subnormals
        mid = st.integers(-9, 9).map(float) | st.floats(
            -10.0, 10.0, width=width, allow_subnormal=sub
        )
        if profile == "moderate":
            return mid
        specials = [
            0.0,
            -0.0,
            np.inf,
            -np.inf,
            np.nan,
            float(fi.max),
            -float(fi.max),
            float(fi.smallest_normal),
            -float(fi.smallest_normal),
            float(fi.eps),
        ]
        if caps.subnormals:
            specials += [float(fi.smallest_subnormal), -float(fi.smallest_subnormal)]
        anything = st.floats(width=width, allow_subnormal=caps.subnormals)
        return mid | st.sampled_from(specials) | anything

    return el


SHAPES = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5) | st.builds(
    lambda b, n: (*b, n, n), st.sampled_from([(), (2,)]), st.integers(1, 4)
)


# ---------------------------------------------------------------------- comparing
def _tuple(out: Any) -> tuple[Any, ...]:
    return tuple(out) if isinstance(out, tuple) else (out,)


def _one(out: tuple[Any, ...]) -> Any:
    return out[0] if len(out) == 1 else out


def _parts(a: np.ndarray) -> list[np.ndarray]:
    return [a.real, a.imag] if a.dtype.kind == "c" else [a]


def _flushed(g: np.ndarray, w: np.ndarray, caps: Any) -> np.ndarray:
    """Where a flushing driver may return zero for NumPy's subnormal result, or for one
    within a factor 4 of the smallest normal number (an intermediate value was subnormal:
    XLA's asin(x) is 2 atan2(x, 1 + sqrt(1 - x^2)), where x / 2 is flushed)."""
    if caps.subnormals or w.dtype.kind not in "fc":
        return np.zeros(w.shape, bool)
    tiny = np.finfo(w.dtype).smallest_normal
    return (np.abs(w) < 4 * tiny) & (g == 0)


def _same_specials(g: np.ndarray, w: np.ndarray, rounded: bool = False) -> str | None:
    if rounded and w.dtype.kind == "c":
        # Complex products (multiply, divide, prod, matmul ...) with an infinite or NaN
        # part: the standard leaves the parts to the implementation (C99 Annex G's
        # recovery or the plain formula); only which elements are non-finite must agree.
        ok = np.array_equal(np.isfinite(g), np.isfinite(w))
        return None if ok else "non-finite positions differ"
    for gp, wp in zip(_parts(g), _parts(w), strict=True):
        if not np.array_equal(np.isnan(gp), np.isnan(wp)):
            return "NaN positions differ"
        inf = np.isinf(wp) | np.isinf(gp)
        if not np.array_equal(gp[inf], wp[inf]):
            return "inf positions differ"
    return None


def _exact(g: np.ndarray, w: np.ndarray, caps: Any, zero_sign: bool) -> str | None:
    if w.dtype.kind not in "fc":
        return None if np.array_equal(g, w) else "values differ"
    if err := _same_specials(g, w):
        return err
    for gp, wp in zip(_parts(g), _parts(w), strict=True):
        ok = (gp == wp) | np.isnan(wp) | _flushed(gp, wp, caps)
        if zero_sign:
            ok &= (np.signbit(gp) == np.signbit(wp)) | np.isnan(wp) | _flushed(gp, wp, caps)
        if not ok.all():
            return "values (or signs of zero) differ"
    return None


def _ulp(g: np.ndarray, w: np.ndarray, caps: Any, bound: int, base: Any = None) -> str | None:
    """Within ``bound`` ulps of NumPy's ``w``, or of ``base`` where given (the scale an
    ill-conditioned function's accuracy is stated in: docs/reference/accuracy.md)."""
    if err := _same_specials(g, w, rounded=True):
        return err
    fin = np.isfinite(w) & np.isfinite(g)
    real_dt = np.finfo(w.dtype).dtype
    # complex: in ulp of the larger part (|w| itself may overflow), error part by part
    mag = np.maximum(np.abs(w.real), np.abs(w.imag)) if w.dtype.kind == "c" else np.abs(w)
    if base is not None:
        with np.errstate(invalid="ignore"):
            mag = np.fmax(mag, np.broadcast_to(np.asarray(base, np.float64), mag.shape))
    spacing = np.spacing(np.maximum(mag, np.finfo(real_dt).smallest_normal).astype(real_dt))
    gw, ww = g.astype(np.complex128), w.astype(np.complex128)
    err = np.maximum(np.abs(gw.real - ww.real), np.abs(gw.imag - ww.imag))
    # a flushing driver may flush a part (of a complex value) or an intermediate value
    atol = 0.0 if caps.subnormals else 4 * float(np.finfo(real_dt).smallest_normal)
    ok = ~fin | (err <= bound * spacing.astype(np.float64) + atol) | _flushed(g, w, caps)
    if not ok.all():
        worst = float(np.max(np.where(fin, err / spacing, 0)))
        return f"{worst:.1f} ulp > {bound} ulp"
    return None


def _rel(
    g: np.ndarray, w: np.ndarray, scale: Any, tol: float, caps: Any, flush: Any = 0.0
) -> str | None:
    scale = np.broadcast_to(np.asarray(scale, np.float64), w.shape)
    flush = np.broadcast_to(np.asarray(flush, np.float64), w.shape)
    # Where the scale (sum |x|, say) exceeds the dtype's range, whether a partial result
    # overflows depends on the order of the operations: not compared.
    kept = ~(scale > np.finfo(w.dtype).max)
    g, w, scale, flush = g[kept], w[kept], scale[kept], flush[kept]
    if err := _same_specials(g, w, rounded=True):
        return err
    fin = np.isfinite(w) & np.isfinite(scale)
    err = np.abs(g.astype(np.complex128) - w.astype(np.complex128))
    # a flushing driver may flush a part (of a complex value) or an intermediate value
    atol = 0.0 if caps.subnormals else np.maximum(4 * np.finfo(w.dtype).smallest_normal, flush)
    ok = ~fin | (err <= tol * scale + atol) | _flushed(g, w, caps)
    if not ok.all():
        worst = float(np.max(np.where(fin, err / np.where(scale > 0, scale, 1), 0)))
        return f"relative error {worst:.3g} > {tol:.3g}"
    return None


def compare(call: Call, x: np.ndarray, got: tuple, want: tuple, caps: Any) -> str | None:
    if len(got) != len(want):
        return f"{len(got)} outputs, NumPy has {len(want)}"
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        if g.dtype != w.dtype:
            return f"output {i}: dtype {g.dtype}, NumPy {w.dtype}"
        if g.shape != w.shape:
            return f"output {i}: shape {g.shape}, NumPy {w.shape}"
    if call.check == "shape":  # values are rounding noise (a singular matrix's inverse)
        return None
    if call.check == "rank":  # the count of singular values near the tolerance may differ
        ambiguous = call.scale(x) if call.scale is not None else 0
        ok = np.abs(got[0].astype(np.int64) - want[0]) <= ambiguous
        return None if ok.all() else f"rank {got[0].tolist()}, NumPy {want[0].tolist()}"
    # Complex products and quotients of infinite or NaN parts: the standard leaves them to
    # the implementation (C99 Annex G's recovery, or the plain formula NumPy uses).
    y = np.asarray(call.extra.get("y", 0.0))
    nonfinite = not (np.isfinite(x).all() and np.isfinite(y).all())
    if call.check != "exact" and "c" in (x.dtype.kind, y.dtype.kind) and nonfinite:
        return None
    if call.post is not None:
        got, want = _tuple(call.post(_one(got))), _tuple(call.post(_one(want)))
    scales = _tuple(call.scale(x)) if call.scale is not None else ()
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        if call.check in ("exact", "unstable"):
            err = _exact(g, w, caps, zero_sign=call.check == "exact")
        elif call.check == "ulp" and w.dtype.kind in "fc":
            double = np.finfo(w.dtype).dtype == np.float64
            bound = ULP_BOUNDS[call.extra.get("ulp_of", call.name)][int(double)]
            base = call.scale(x) if call.scale is not None else None
            err = _ulp(g, w, caps, bound * call.extra.get("ulp_scale", 1), base)
        elif call.check == "rel" and w.dtype.kind in "fc":
            scale = scales[i] if len(scales) > 1 else scales[0]
            flush = call.flush(x) if call.flush is not None and not caps.subnormals else 0.0
            err = _rel(g, w, scale, REL_TOL[w.dtype.name] * call.n, caps, flush)
        else:
            err = _exact(g, w, caps, zero_sign=True)
        if err:
            return f"output {i}: {err}"
    return None


def known(driver: Any, call: Call, x: np.ndarray, entries: list | None = None) -> dict | None:
    for entry in KNOWN if entries is None else entries:
        if entry["driver"] in (driver.name, "*") and entry["function"] == call.name:
            env = {"np": np, "x": x, "dtype": x.dtype.name, **call.extra}
            if eval(entry.get("condition", "True"), env):
                return entry
    return None


# ------------------------------------------------------------------------- running
def _host(out: Any) -> tuple[np.ndarray, ...]:
    return tuple(np.array(o, copy=True) for o in _tuple(out))


def _lazy_refusal(e: Exception) -> bool:
    """A lazy driver's documented refusal: an assignment it cannot make lazily, or a size
    it cannot know before computing (even after ak.compute: a boolean index's)."""
    text = str(e)
    return "assigns lazily" in text or (isinstance(e, ValueError) and "None" in text)


# Where both raise, arraykit's error must be of the first of these the reference's is.
ERRORS = (np.linalg.LinAlgError, IndexError, TypeError, OverflowError, ZeroDivisionError,
          ValueError)  # fmt: skip


def _same_error(ref_err: Exception, ak_err: Exception) -> bool:
    cls = next((c for c in ERRORS if isinstance(ref_err, c)), type(ref_err))
    return isinstance(ak_err, cls)


def _identical(r: Any, x: np.ndarray) -> bool:
    """Whether NumPy's result ``r`` holds exactly the driver's values ``x`` (signs of
    zero included): then it stays NumPy's side of the program, a view or read-only as
    NumPy made it."""
    if not isinstance(r, np.ndarray) or r.dtype != x.dtype or r.shape != x.shape:
        return False
    if not np.array_equal(r, x, equal_nan=x.dtype.kind in "fc"):
        return False
    return x.dtype.kind not in "fc" or all(
        np.array_equal(np.signbit(p), np.signbit(q))
        for p, q in zip(_parts(r), _parts(x), strict=True)
    )


def _start(data: Any, caps: Any) -> tuple[np.ndarray, Any, str]:
    """The program's input: (NumPy's, arraykit's, its layout)."""
    kinds = dtypes_of(caps)
    dtype = pick(data, kinds + FLOATS * 3, "dtype")  # floats weighed up: most calls take them
    profiles = ["any", "moderate"] + (["hard"] if dtype.kind in "fc" else [])
    profile = pick(data, profiles, "values")
    if profile == "hard":
        v = hard_matrix(data, dtype)
    else:
        el = elements(caps, profile)
        v = data.draw(hnp.arrays(dtype, data.draw(SHAPES, label="shape"), elements=el(dtype)))
    layout, xr, a = build_input(data, v)
    return xr, a, layout


def run_program(data: Any, driver: Any, stats: Counter, cov: Coverage) -> None:
    caps = driver.capabilities
    xr, a, layout = _start(data, caps)
    el = elements(caps, "any")
    x = np.array(xr, copy=True)  # the values; xr: NumPy's input (a view, read-only ...)
    steps = data.draw(st.integers(1, 6), label="length")
    stats["programs"] += 1
    cov.programs += 1
    choices = drawers(caps)
    for step in range(steps):
        seed = data.draw(st.integers(0, 2**32 - 1), label="drawers")
        order = random.Random(seed).sample(range(len(choices)), len(choices))  # uniformly
        call = next(c for i in order if (c := choices[i](data, x, el)) is not None)
        where = layout if step == 0 else layout_of(xr)
        note(f"step {step}: {call.name} on {x.dtype}{list(x.shape)} ({where}) "
             f"{x.tolist()!r:.400}")  # fmt: skip
        stats["calls"] += 1
        cov.calls += 1
        for name in (call.name, *call.uses):
            cov.function[name] += 1
        cov.dtype[x.dtype.name] += 1
        cov.layout[where] += 1
        ref_err = ak_err = None
        raw: Any = None
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                raw = call.ref(xr)  # NumPy's side: its own array, written in place
                want = _host(raw)
            except Exception as e:
                ref_err = e
            try:
                out = call.ak(a)
                got = _host(out)
            except ValueError as e:
                # A lazy driver may refuse what needs a size it does not know yet (a
                # boolean index, nonzero or unique_* made it; the documented remedy is
                # ak.compute first): the call must agree after it.  Counted in the report
                # (refusals whose message does not name ak.compute, separately).
                if not (caps.lazy and None in a.shape) or (
                    ref_err is not None and "ak.compute" not in str(e)
                ):  # not a refusal: NumPy raises too (or sizes are known)
                    ak_err = e
                else:
                    hint = "ak.compute" in str(e)
                    stats[f"unknown size refused: {call.name}{'' if hint else ' (no hint)'}"] += 1
                    a = ak.compute(a)
                    try:
                        out = call.ak(a)
                        got = _host(out)
                    except Exception as e2:
                        ak_err = e2
            except Exception as e:
                ak_err = e
        entry = known(driver, call, x)
        if entry is not None:
            stats["known"] += 1
            note(f"  skipped: known disagreement ({entry['reason']})")
        if ak_err is not None and ref_err is None and caps.lazy and _lazy_refusal(ak_err):
            stats[f"lazy refusal: {call.name}: {str(ak_err)[:60]}"] += 1  # in the report
            return
        if ref_err or ak_err:
            if entry is None and (ref_err is None or ak_err is None):
                raise AssertionError(f"{call.name}: NumPy raised {ref_err!r}, arraykit {ak_err!r}")
            if entry is None and call.same_error and not _same_error(ref_err, ak_err):
                raise AssertionError(f"{call.name}: NumPy raised {ref_err!r}, arraykit {ak_err!r}")
            stats[f"both raised: {call.name}: {type(ref_err).__name__}"] += 1
            return
        with np.errstate(all="ignore"), warnings.catch_warnings():  # inf - inf, empty means
            warnings.simplefilter("ignore")  # in the error measures
            err = None if entry is not None else compare(call, x, got, want, caps)
        if err:
            note(f"  arraykit: {[g.tolist() for g in got]!r:.600}")
            note(f"  NumPy:    {[w.tolist() for w in want]!r:.600}")
            raise AssertionError(f"{call.name} on {driver.name}: {err}")
        flow = _tuple(out)[call.flow] if isinstance(out, tuple) else out
        a, x = flow, got[call.flow]
        mine = _tuple(raw)[call.flow] if isinstance(raw, tuple) else raw
        if not _identical(mine, x):  # equal within the bound, not bit for bit: both sides
            # go on from the same C-order values (arraykit's view of a negative-strided
            # input went on as a view while NumPy's side went on from a C-order copy, and a
            # write through the next step's ravel reached one base and not the other)
            xr, a = x.copy(), ak.asarray(x.copy())
        elif np.may_share_memory(mine, xr) or mine.flags.c_contiguous:
            xr = mine  # a view of the input (its layout is the rule's) or a C-order array
        else:  # a new array in NumPy's "K" order (sort of a transposed input, a flipped
            # result): arraykit's are C-order on TF/JAX/Dask, NumPy's own on the NumPy
            # driver; both sides go on from a C-order copy (reported: ravel/reshape views)
            xr, a = x.copy(), ak.asarray(x.copy())
            stats["new non-C-order results made C-order"] += 1
        if x.size > 600 or x.ndim > 4:
            return
        if not caps.subnormals and x.dtype.kind in "fc":
            # A flushing driver may still return a subnormal (nextafter(0, 1), a copy), which
            # its arithmetic then reads as zero: flushed before it flows into the next call.
            flushed = x.copy()
            for part in [flushed.real, flushed.imag] if x.dtype.kind == "c" else [flushed]:
                part[np.abs(part) < np.finfo(part.dtype).smallest_normal] *= 0  # signed zeros
            if not np.array_equal(flushed, x):
                x, a, xr = flushed, ak.asarray(flushed.copy()), flushed.copy()
                stats["subnormals flushed between calls"] += 1


@pytest.fixture(scope="module", autouse=True)
def _coverage_report(request: pytest.FixtureRequest) -> None:
    """The coverage table at the end of the run (pytest's terminal summary)."""
    manager = request.config.pluginmanager
    if not manager.has_plugin("arraykit-fuzz-coverage"):
        manager.register(Report(), "arraykit-fuzz-coverage")


@pytest.mark.parametrize("fname", SWEPT)
def test_sweep(driver: ak.drivers.Driver, fname: str) -> None:
    """Every public function once, on valid inputs, against NumPy (differential_sweep)."""
    cov = COVERAGE.setdefault(driver.name, Coverage())
    with np.errstate(all="ignore"), quiet():
        if fname in FUNCTIONS:
            sweep(fname)
        else:
            sweep_other(fname, driver)
    cov.swept.add(fname)


def test_every_public_function_is_drawn_or_swept() -> None:
    """A public function (a new one too) is drawn by the programs or swept with a NumPy
    reference; one that is neither fails here, with its name."""
    missing = sorted(PUBLIC - DRAWN - set(SWEPT))
    assert not missing, f"neither drawn nor swept: {missing}"
    no_reference = sorted(f for f in FUNCTIONS if reference(f) is None)
    assert not no_reference, f"no NumPy reference (differential_sweep.REFERENCES): {no_reference}"
    assert DRAWN <= PUBLIC, f"drawn names that are not public: {sorted(DRAWN - PUBLIC)}"


def test_differential(driver: ak.drivers.Driver) -> None:
    stats: Counter = Counter()
    cov = COVERAGE.setdefault(driver.name, Coverage())
    start = time.perf_counter()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st.data())
    def programs(data: Any) -> None:
        run_program(data, driver, stats, cov)

    try:
        programs()
    finally:
        cov.seconds += time.perf_counter() - start
        if path := os.environ.get("ARRAYKIT_FUZZ_REPORT"):
            row = report_row(driver.name, stats)
            row["known"] = stats.get("known", 0)
            with open(path, "a") as f:
                f.write(json.dumps(row, sort_keys=True) + "\n")


@pytest.mark.parametrize("entry", KNOWN, ids=lambda e: f"{e['driver']}-{e['function']}")
def test_known_disagreements_are_explained(entry: dict) -> None:
    assert set(entry) == {"driver", "function", "condition", "reason"}, entry
    assert len(entry["reason"]) > 20, "say why the backend cannot match NumPy"
    compile(entry["condition"], "<condition>", "eval")


def test_known_disagreements_match_driver_function_and_condition():
    entry = {"driver": "jax", "function": "sin", "reason": "an example, not a real one",
             "condition": "dtype == 'float32' and np.abs(x).max() > 1e4"}  # fmt: skip
    call, x32 = Call("sin", ak.sin, np.sin, "ulp"), np.array([2e4], np.float32)
    jax, tf = type("D", (), {"name": "jax"})(), type("D", (), {"name": "tensorflow"})()
    assert known(jax, call, x32, [entry]) is entry
    assert known(jax, call, np.array([2e4]), [entry]) is None  # float64: condition false
    assert known(tf, call, x32, [entry]) is None
    assert known(jax, Call("cos", ak.cos, np.cos), x32, [entry]) is None


def test_det_on_a_flushing_driver_may_lose_a_subnormal_multiplier():
    """``[[2, 5], [tiny, 0]]``: NumPy's det is ``-5 tiny``; TF and JAX flush the LU
    multiplier ``tiny / 2`` and give 0, within ``det_flush``'s bound (the JAX fuzz run's
    stop); a driver that keeps subnormals is held to NumPy's, and a wrong value is not
    excused."""
    tiny = np.finfo(np.float64).smallest_normal
    x = np.array([[2.0, 5.0], [tiny, 0.0]])
    rows = lambda r: np.prod(np.linalg.norm(r, axis=-1))  # noqa: E731  (the rows' norms)
    call = Call("linalg.det", ak.linalg.det, np.linalg.det, "rel", rows, n=16, flush=det_flush)
    flushing, gradual = ak.drivers.Capabilities(subnormals=False), ak.drivers.Capabilities()
    want = (np.linalg.det(x)[None],)
    assert compare(call, x, (np.zeros(1),), want, flushing) is None
    assert compare(call, x, (np.zeros(1),), want, gradual) is not None
    assert compare(call, x, (np.full(1, 1e-290),), want, flushing) is not None
