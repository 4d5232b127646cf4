"""Measure every elementwise function's error in ulps on every driver, and write the
published table: ``tests/data/accuracy_bounds.json`` and ``docs/reference/accuracy.md``.

    python tests/tools/accuracy.py                 # measure and print, change nothing
    python tests/tools/accuracy.py --write         # measure, write the JSON and the page
    python tests/tools/accuracy.py --page          # rewrite the page from the JSON
    python tests/tools/accuracy.py --only log1p,tanh --drivers jax

``tests/test_accuracy.py`` checks the bounds on the CI points (``POINTS`` per function and
dtype, the same points: one seed per function and dtype) and that the page is this JSON.
``--write`` measures those points and as many again from another seed (``--extra``), so a
published bound holds on more than the points CI draws.

**The error.**  A real result ``g`` is ``|g - r| / ulp(r)`` ulps off, ``r`` the reference
rounded to the dtype (so a correctly rounded result is 0 ulps off, a faithful one at most
1), ``ulp(r)`` the spacing of the dtype at ``|r|`` (``2**(e - p + 1)`` for ``2**e <= |r|
< 2**(e+1)``; the smallest subnormal below the normal range), as glibc's ``libm-test``
counts.  A complex result is measured component by component in ulps of the larger
component of the reference: ``max(|g.re - r.re|, |g.im - r.im|) / ulp(max(|r.re|,
|r.im|))``, the normwise relative error in ulps (JAX's and NumPy's tests compare complex
values normwise too); a component much smaller than the other is not held to its own ulp,
which no formula of the larger one could keep (the real part of ``(1 + 1e-20j)**2``).
Where the reference is infinite or NaN the result must be the same (an infinite part
where the reference's larger part overflows), else the error is infinite.  A bound is the
largest error measured, rounded up to an integer.

**Subnormals.**  A driver that flushes subnormal numbers to zero (``capabilities.subnormals``
false: TensorFlow and JAX on CPU) is measured on the points whose operands (each part) are
zero or normal and whose reference is zero or normal; elsewhere its result is the flush.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import accuracy_cases as C

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "accuracy_bounds.json"
PAGE = ROOT / "docs" / "reference" / "accuracy.md"
POINTS = 100_000
DRIVERS = ("numpy", "tensorflow", "jax", "dask")

# ----------------------------------------------------------------- references
_NP_NAMES = {
    "acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh",
    "atan": "arctan", "atanh": "arctanh", "atan2": "arctan2", "pow": "power",
    "conj": "conjugate",
}  # fmt: skip


def _np(name: str) -> Callable[..., Any]:
    return getattr(np, _NP_NAMES.get(name, name))


def _floor_divide(x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
    # NumPy's quotient, with the standard's floor(x1 / x2) where an operand is infinite
    out = np.floor_divide(x1, x2)
    return np.where(np.isinf(x1) | np.isinf(x2), np.floor(np.divide(x1, x2)), out)


def _clog1p(z: np.ndarray) -> np.ndarray:
    a, b = z.real, z.imag
    small = (np.abs(a) < 0.5) & (np.abs(b) < 0.5)
    re = np.where(small, 0.5 * np.log1p(a * (2 + a) + b * b), np.log(np.hypot(1 + a, b)))
    return _complex(re, np.arctan2(b, 1 + a))


def _cexpm1(z: np.ndarray) -> np.ndarray:
    a, b = z.real, z.imag
    half = np.sin(b / 2)
    re = np.expm1(a) * np.cos(b) - 2 * half * half
    return _complex(re, np.where(b == 0, b, np.exp(a) * np.sin(b)))


def _complex(re: np.ndarray, im: np.ndarray) -> np.ndarray:
    out = np.empty(re.shape, np.result_type(re.dtype, np.complex64))
    out.real, out.imag = re, im
    return out


EXACT = frozenset({
    "abs", "add", "ceil", "clip", "conj", "copysign", "divide", "equal", "floor",
    "floor_divide", "greater", "greater_equal", "imag", "isfinite", "isinf", "isnan",
    "less", "less_equal", "maximum", "minimum", "multiply", "negative", "nextafter",
    "not_equal", "positive", "real", "reciprocal", "remainder", "round", "sign", "signbit",
    "sqrt", "square", "subtract", "trunc",
})  # fmt: skip
"""Exact or correctly rounded by IEEE 754 for real operands: the reference is NumPy's
result in the dtype itself."""
EXACT_COMPLEX = frozenset({
    "add", "subtract", "conj", "real", "imag", "negative", "positive", "equal", "not_equal",
    "isfinite", "isinf", "isnan", "round",
})  # fmt: skip
"""... and for complex operands (part by part)."""
_SPECIAL_REF = {"floor_divide": _floor_divide}
_COMPLEX_REF = {"log1p": _clog1p, "expm1": _cexpm1}


def reference(name: str, dtype: np.dtype, args: tuple[np.ndarray, ...]) -> np.ndarray:
    """The reference result, rounded to the dtype of the function's result."""
    complex_ = dtype.kind == "c"
    with np.errstate(all="ignore"):
        if name in (EXACT_COMPLEX if complex_ else EXACT):
            return np.asarray(_SPECIAL_REF.get(name, _np(name))(*args))
        wide = [a.astype(C.WIDE[dtype.name]) for a in args]
        f = _COMPLEX_REF.get(name) if complex_ else None
        out = np.asarray((f or _np(name))(*wide))
    if out.dtype.kind == "b":
        return out
    if out.dtype.kind == "c":
        return out.astype(dtype)
    return out.astype(dtype if not complex_ else np.finfo(dtype).dtype)


# -------------------------------------------------------------------- points
def points(name: str, dtype: np.dtype, n: int, seed: int = 0) -> tuple[np.ndarray, ...]:
    """The operands ``name`` is measured on in ``dtype`` (deterministic in the seed)."""
    import arraykit._elementwise as E

    rng = np.random.default_rng([zlib.crc32(f"{name}:{dtype.name}".encode()), seed])
    arity = 3 if name == "clip" else 1 if name == "positive" else E.TABLE[name][0]
    if dtype.kind == "c":
        if name == "pow":
            return C.complex_pow(rng, n, dtype)
        return tuple(C.complex_values(name, rng, n, dtype) for _ in range(arity))
    if arity == 1:
        return (C.real_unary(name, rng, n, dtype),)
    if arity == 3:
        x, a, b = (C.draw(rng, C.DEFAULT, n, dtype) for _ in range(3))
        return x, np.minimum(a, b), np.maximum(a, b)
    return C.real_binary(name, rng, n, dtype)


def functions() -> dict[str, list[str]]:
    """Every elementwise function of the namespace -> the floating dtypes it takes (an
    empty list: integer and boolean operands only, where results are exact)."""
    import arraykit._elementwise as E

    out = {}
    for name in sorted([*E.TABLE, "positive", "clip"]):
        allowed = E.NUMERIC[0] if name in ("positive", "clip") else E.TABLE[name][1][0]
        if name == "clip":
            allowed = E.REAL[0]
        out[name] = [d for d in C.FLOAT_DTYPES if np.dtype(d) in allowed]
    return out


# ---------------------------------------------------------------------- errors
def _ulp(r: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """The spacing of ``dtype`` at ``|r|`` (``r`` may lie beyond its range: a scale)."""
    fi = np.finfo(dtype)
    _, e = np.frexp(np.abs(r).astype(np.longdouble))
    tiny = fi.minexp - fi.nmant
    one = np.longdouble(1)
    return np.where(r == 0, np.ldexp(one, tiny), np.ldexp(one, np.maximum(e - fi.nmant - 1, tiny)))


def _nonfinite_same(g: np.ndarray, r: np.ndarray) -> np.ndarray:
    return np.where(np.isnan(r), np.isnan(g), np.where(np.isinf(r), g == r, True))


def errors(got: np.ndarray, ref: np.ndarray, floor: np.ndarray | None = None) -> np.ndarray:
    """The error of each result in ulps (module docstring); inf where it is not finite.
    ``floor``: measure in ulps of ``max(|ref|, |floor|)`` (``ULP_FLOOR``)."""
    if ref.dtype.kind == "b":
        return np.where(got == ref, 0.0, np.inf)
    ld = np.longdouble
    with np.errstate(all="ignore"):
        if ref.dtype.kind != "c":
            at = ref if floor is None else np.maximum(np.abs(ref), floor)
            err = np.abs(got.astype(ld) - ref.astype(ld)) / _ulp(at, ref.dtype).astype(ld)
            err = np.where(np.isfinite(ref), np.where(np.isfinite(err), err, np.inf), 0.0)
            return np.where(_nonfinite_same(got, ref), err, np.inf).astype(np.float64)
        rr, ri, gr, gi = ref.real, ref.imag, got.real, got.imag
        scale = np.maximum(np.abs(rr), np.abs(ri))
        if floor is not None:
            scale = np.where(np.isfinite(scale), np.maximum(scale.astype(ld), floor), scale)
        d = np.maximum(np.abs(gr.astype(ld) - rr.astype(ld)), np.abs(gi.astype(ld) - ri.astype(ld)))
        err = d / _ulp(scale, np.finfo(ref.dtype).dtype).astype(ld)
        finite = np.isfinite(rr) & np.isfinite(ri)
        err = np.where(finite, np.where(np.isfinite(err), err, np.inf), 0.0)
        ok = _nonfinite_same(gr, rr) & _nonfinite_same(gi, ri)
        # the reference overflows: the result must not be finite (the parts of an infinite
        # complex value are the implementation's, as in C99 Annex G)
        ok |= np.isinf(scale) & ~(np.isfinite(gr) & np.isfinite(gi))
        return np.where(ok | finite, err, np.inf).astype(np.float64)


def _logaddexp_scale(x1: np.ndarray, x2: np.ndarray) -> np.ndarray:
    wide = C.WIDE[x1.dtype.name]
    a, b = x1.astype(wide), x2.astype(wide)
    with np.errstate(all="ignore"):
        r = np.logaddexp(a, b)
        terms = [np.nan_to_num(np.exp(v - r) * np.abs(v)) for v in (a, b)]
    return np.maximum(np.abs(r), np.maximum(*terms))


def _cpow_scale(z: np.ndarray, w: np.ndarray) -> np.ndarray | None:
    if z.dtype.kind != "c":
        return None  # real pow: in ulps of the result (libm's pow is that accurate)
    wide = C.WIDE[z.dtype.name]
    a, b = z.astype(wide), w.astype(wide)
    with np.errstate(all="ignore"):
        cond = np.abs(b) + np.abs(b * np.log(a))
        return np.nan_to_num(np.abs(a**b).astype(np.longdouble) * cond)


ULP_FLOOR: dict[str, Callable[..., np.ndarray | None]] = {
    "logaddexp": _logaddexp_scale, "pow": _cpow_scale,
}  # fmt: skip
"""Functions measured in ulps of ``max(scale, ULP_FLOOR(*operands))`` (``scale``: ``|r|``,
or the larger part of a complex ``r``), where they are ill-conditioned:

* complex ``pow``, ``z**w = exp(w log z)``, in ulps of ``|r| (|w| + |w log z|)``: half an
  ulp of ``z`` moves it by ``|w|`` of its ulps, of ``w`` by ``|w log z|`` (700 where it
  nears the overflow); NumPy's (C99's ``cpow``) and the other backends' are that far off.
* ``logaddexp`` (``r``) in ulps of ``max(|r|, w1 |x1|, w2 |x2|)``, ``w = exp(x - r)`` its
  derivatives, the most half an ulp of an operand moves it.  It is ill-conditioned near the curve
``exp(x1) + exp(x2) = 1`` where it cancels to 0: there NumPy's own is 10**10 ulps of the
result off, and no formula in the dtype's precision does better (the rounding of
``x1 - x2`` alone moves the result by many of its ulps); this scale is the error of a
backward-stable formula, and equals ``|r|`` away from that curve."""


def _normal(x: np.ndarray) -> np.ndarray:
    """Whether each element (each part) is zero, infinite, NaN or at least 2**p times the
    smallest normal number (p: the significand's bits), where no exact intermediate value
    of the usual formulas (x1 - x2, x / 2) is subnormal."""
    if x.dtype.kind == "c":
        return _normal(x.real) & _normal(x.imag)
    if x.dtype.kind != "f":
        return np.ones(x.shape, bool)
    fi = np.finfo(x.dtype)
    return ~((x != 0) & (np.abs(x) < np.ldexp(float(fi.smallest_normal), fi.nmant + 1)))


def kept(args: tuple[np.ndarray, ...], ref: np.ndarray, subnormals: bool) -> np.ndarray:
    """The points a driver is measured on (module docstring: subnormals)."""
    keep = np.ones(ref.shape, bool)
    if not subnormals:
        for a in args:
            keep &= _normal(a)
        if ref.dtype.kind == "c":
            keep &= _normal(np.maximum(np.abs(ref.real), np.abs(ref.imag)))
        else:
            keep &= _normal(ref)
    return keep


def run(name: str, args: tuple[np.ndarray, ...]) -> np.ndarray:
    """``ak.<name>`` of ``args`` on the active driver, as a NumPy array."""
    import arraykit as ak

    with np.errstate(all="ignore"):  # NumPy's warnings of overflow and invalid operands
        return np.asarray(getattr(ak, name)(*(ak.asarray(a) for a in args)))


def measure(name: str, dtype: str, subnormals: bool, n: int = POINTS, seed: int = 0) -> dict:
    """The largest error of ``name`` in ``dtype`` on the active driver, and where."""
    dt = np.dtype(dtype)
    args = points(name, dt, n, seed)
    ref = reference(name, dt, args)
    got = run(name, args)
    assert got.dtype == ref.dtype, (name, dtype, got.dtype, ref.dtype)
    floor = ULP_FLOOR[name](*args) if name in ULP_FLOOR else None
    err = np.where(kept(args, ref, subnormals), errors(got, ref, floor), 0.0)
    i = int(np.argmax(err))
    return {
        "ulps": float(err[i]),
        "over4": int((err > 4).sum()),
        "finite_max": float(err[np.isfinite(err)].max()),
        "points": int(ref.size),
        "worst": [repr(a[i].item()) for a in args],
        "got": repr(got[i].item()),
        "want": repr(ref[i].item()),
    }


def bound(ulps: float) -> float:
    """The published bound of a largest measured error: rounded up to an integer."""
    return int(np.ceil(ulps)) if np.isfinite(ulps) else float("inf")


# ------------------------------------------------------------------ the table
def measure_driver(driver: str, names: list[str] | None, extra: int, log: Any = None) -> dict:
    """``{name: {dtype: bound}}`` on ``driver``: the CI points, and ``extra`` more."""
    import arraykit as ak

    drv = ak.drivers.get(driver)
    out: dict[str, dict[str, float]] = {}
    with ak.use(drv):
        for name, dtypes in functions().items():
            if names and name not in names:
                continue
            for dtype in dtypes:
                ulps = measure(name, dtype, drv.capabilities.subnormals)["ulps"]
                if extra:
                    more = measure(name, dtype, drv.capabilities.subnormals, extra, seed=1)
                    ulps = max(ulps, more["ulps"])
                out.setdefault(name, {})[dtype] = bound(ulps)
                if log:
                    log(f"{driver:10} {name:14} {dtype:10} {ulps:8.3g}")
    return out


_DRIVER_NOTES = {
    "numpy": "NumPy's own functions (SVML on this AVX-512 machine, glibc's libm)",
    "tensorflow": "Eigen's kernels, and the formulas where they miss",
    "jax": "XLA's kernels, and the formulas where they miss",
    "dask": "the NumPy driver's, block by block",
}


def render_page(data: dict) -> str:
    """The reference page (``docs/reference/accuracy.md``) of the table ``data``."""
    drivers = data["drivers"]
    lines = [
        "# Accuracy of the elementwise functions",
        "",
        "<!-- Generated by tests/tools/accuracy.py --write from "
        "tests/data/accuracy_bounds.json; do not edit. -->",
        "",
        "Every elementwise function has a published bound in ulps (units in the last place) "
        "per dtype and driver, at most 4. `tests/test_accuracy.py` checks every bound on "
        "every driver in CI; `python tests/tools/accuracy.py --write` measures them again "
        "and rewrites this page. Results are within their bound, not bit-identical to "
        "NumPy's ({doc}`../guides/departures`).",
        "",
        "**What is measured.** "
        f"{data['points']:,} points per function and dtype, and {data['extra']:,} more "
        "for the published table: magnitudes log-uniform over the whole finite range and "
        "both signs (subnormals included), crowded near the hard regions (0, branch points "
        "such as `acos` near +-1, `log1p` near -1 and -0.4, multiples of pi/2 for the "
        "trigonometric functions, the overflow thresholds of `exp`, `cosh` and `hypot`, the "
        "curve where `logaddexp` is 0, `pow` with huge exponents); two-argument functions "
        "draw their operands independently (a 2-D spread) and jointly where they "
        "interact. float16 unary functions take every finite float16 value.",
        "",
        "**Against what.** A reference computed in a wider dtype and rounded once: "
        "`np.longdouble` (x87 80-bit, 64-bit significand) for float64 and complex128, "
        "float64 for float32, float16 and complex64. The operations IEEE 754 rounds "
        "correctly (`+ - * /`, `sqrt`) and the exact ones (rounding, comparisons, "
        "`nextafter`, `remainder`) are held to the correctly rounded result, "
        "`floor_divide` to NumPy's quotient (`npy_divmod`'s): bound 0.",
        "",
        "**The error.** A real result `g` is `|g - r| / ulp(r)` ulps off, `r` the correctly "
        "rounded reference (so a correctly rounded function has bound 0, a faithfully "
        "rounded one 1), as glibc's `libm-test` counts. A complex result is measured "
        "normwise, part by part in ulps of the reference's larger part: "
        "`max(|g.re - r.re|, |g.im - r.im|) / ulp(max(|r.re|, |r.im|))`, as JAX's and "
        "NumPy's own tests compare complex values; a part far smaller than the other is "
        "held to the larger's ulp. Where the reference overflows, the result must not "
        "be finite.",
        "",
        "**Ill-conditioned functions.** `logaddexp` is measured in ulps of "
        "`max(|r|, w1 |x1|, w2 |x2|)` (`w = exp(x - r)`, its derivatives): near the curve "
        "`exp(x1) + exp(x2) = 1` it cancels to 0, and half an ulp of an operand moves it "
        "by many of its own ulps (NumPy's own is 10^10 of them off there). Complex `pow` is "
        "measured in ulps of `|r| (|w| + |w log z|)`, the most an ulp of `z` or `w` moves "
        "`z**w`; real `pow` is held to ulps of its result.",
        "",
        "**Complex arithmetic.** `multiply`, `divide`, `reciprocal`, `square`, `sign` and "
        "`pow` of complex operands are measured where each part is zero or between "
        "2^(emin/2) and 2^(emax/2) in magnitude (and `pow`'s result and its reciprocal "
        "are normal): C99's formulas for them, NumPy's among them, overflow or underflow "
        "in products of parts beyond (`a*c - b*d` overflows where `a*c` does). Their "
        "special values are checked by `tests/test_special_cases.py`.",
        "",
        "**Subnormals.** A driver that flushes subnormal numbers to zero "
        "(`capabilities.subnormals` false: TensorFlow and JAX on CPU) is measured where "
        "each operand (each part) and the reference are zero or at least 2^p times the "
        "smallest normal number (p the significand's bits); below, its results are the "
        "flush.",
        "",
        f"Measured on {data['machine']}, with {data['versions']}.",
        "",
    ]
    for dtype in C.FLOAT_DTYPES:
        rows = [(n, b[dtype]) for n, b in data["bounds"].items() if dtype in b]
        lines += [f"## {dtype}", "", "| function | " + " | ".join(drivers) + " |"]
        lines.append("|---|" + "---:|" * len(drivers))
        for name, per in rows:
            cells = " | ".join(_cell(per.get(d)) for d in drivers)
            lines.append(f"| `{name}` | {cells} |")
        lines.append("")
    lines += [
        "## Integer and boolean operands only",
        "",
        "Exact on every driver (bit-identical to NumPy): "
        + ", ".join(f"`{n}`" for n in data["integer_only"])
        + ".",
        "",
        "Drivers: " + "; ".join(f"{d}: {_DRIVER_NOTES.get(d, d)}" for d in drivers) + ".",
        "",
    ]
    return "\n".join(lines)


def _cell(value: float | None) -> str:
    return "-" if value is None else str(int(value))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write the JSON and the page")
    parser.add_argument("--page", action="store_true", help="rewrite the page from the JSON")
    parser.add_argument("--only", default="", help="functions, comma-separated")
    parser.add_argument("--drivers", default=",".join(DRIVERS))
    parser.add_argument("--extra", type=int, default=POINTS, help="points beyond CI's")
    args = parser.parse_args(argv)
    if args.page:
        PAGE.write_text(render_page(json.loads(DATA.read_text())))
        return
    names = [n for n in args.only.split(",") if n] or None
    start = time.perf_counter()
    measured = {d: measure_driver(d, names, args.extra, print) for d in args.drivers.split(",")}
    print(f"measured in {time.perf_counter() - start:.0f} s")
    if not args.write:
        return
    data = json.loads(DATA.read_text()) if DATA.exists() and names else {"bounds": {}}
    for driver, table in measured.items():
        for name, per in table.items():
            for dtype, b in per.items():
                data["bounds"].setdefault(name, {}).setdefault(dtype, {})[driver] = b
    data["bounds"] = {n: data["bounds"][n] for n in sorted(data["bounds"])}
    data.update(_metadata(args.extra))
    DATA.write_text(dump(data))
    PAGE.write_text(render_page(data))


def dump(data: dict) -> str:
    """The JSON of the table, a line per function and dtype."""
    rows = [
        f'  "{name}": {{\n'
        + ",\n".join(f'   "{dt}": {json.dumps(b)}' for dt, b in per.items())
        + "\n  }"
        for name, per in data["bounds"].items()
    ]
    meta = {k: v for k, v in data.items() if k != "bounds"}
    head = json.dumps(meta, indent=1)[:-2]
    return head + ',\n "bounds": {\n' + ",\n".join(rows) + "\n }\n}\n"


def _metadata(extra: int) -> dict:
    import dask
    import jax
    import tensorflow as tf

    return {
        "drivers": list(DRIVERS),
        "points": POINTS,
        "extra": extra,
        "integer_only": [n for n, d in functions().items() if not d],
        "machine": f"{platform.machine()} ({_cpu()})",
        "versions": f"NumPy {np.__version__}, TensorFlow {tf.__version__}, "
        f"JAX {jax.__version__}, Dask {dask.__version__}",
    }


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                avx = "AVX-512" if "avx512f" in Path("/proc/cpuinfo").read_text() else "AVX2"
                return f"{line.split(':', 1)[1].strip()}, {avx}"
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


if __name__ == "__main__":
    main()
