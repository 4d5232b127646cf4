"""The standard's special cases of every elementwise function, real and complex, on every
driver: generated from the spec's own text.

``tests/data/special_cases_2025_12.json`` holds every "- If ..." line of the 2025.12
stubs' *Special Cases* sections, parsed by ``tests/tools/gen_special_cases.py`` (run it
again on a new revision).  Each function is evaluated on a grid of special and ordinary
values (every pair of them for two operands, every ``a + bj`` for complex ones); for
each grid point the first case of the spec's list whose conditions hold is the
expectation, as the spec's lists are read.  Signs of zeros and infinities and NaN-ness
are exact; "an implementation-dependent approximation to ``+π/4``" allows a few ulps;
a sign the spec calls unspecified is not checked.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraykit as ak

# The grids hold infinities, zeros and NaNs on purpose: NumPy's warnings say so.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

DATA = json.loads((Path(__file__).parent / "data" / "special_cases_2025_12.json").read_text())
CASES: dict[tuple[str, bool], list[dict[str, Any]]] = {}
for _case in DATA["cases"]:
    CASES.setdefault((_case["function"], _case["complex"]), []).append(_case)

# Grids: the values the spec's conditions name, and ordinary ones on each side of them.
REAL_GRID = [math.nan, -math.nan, math.inf, -math.inf, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5,
             2.0, -2.0, 2.5, -2.5, 3.0, -3.0, 0.25, -0.75, 1e-30, 1e30, -1e30]  # fmt: skip
PART_GRID = [math.nan, math.inf, -math.inf, 0.0, -0.0, 1.5, -1.5, 0.5, -2.5, 1e30]
APPROX_RTOL = {"float32": 4e-7, "float64": 1e-15}


def _number(token: str) -> float:
    """A value of the JSON: '+0', '-0', 'inf', '-pi/2', '3pi/4', '1', ..."""
    t = token.lstrip("±")
    sign = -1.0 if t.startswith("-") else 1.0
    t = t.lstrip("+-")
    if t == "nan":
        return math.nan
    if t == "inf":
        return sign * math.inf
    if m := re.fullmatch(r"(\d*)pi(?:/(\d+))?", t):
        return sign * (int(m[1] or 1) * math.pi / int(m[2] or 1))
    return sign * float(t)


def _is(x: np.ndarray, token: str) -> np.ndarray:
    """``x`` is the value ``token`` (signed zeros distinguished where the token is signed)."""
    v = _number(token)
    if math.isnan(v):
        return np.isnan(x)
    if v == 0 and token.lstrip("±") in ("+0", "-0"):
        return (x == 0) & (np.signbit(x) == token.startswith("-"))
    return x == v


def _holds(cond: dict[str, Any], x: np.ndarray, env: dict[str, np.ndarray]) -> np.ndarray:
    op, values = cond["op"], cond.get("values", [])
    finite = np.isfinite(x)
    with np.errstate(invalid="ignore"):
        if op in ("integer", "not_integer", "odd_integer", "not_odd_integer"):
            integer = finite & (np.floor(x) == x)
            odd = integer & (np.abs(np.remainder(x, 2)) == 1)
        match op:
            case "in":
                return np.logical_or.reduce([_is(x, v) for v in values])
            case "any":
                return np.ones(x.shape, bool)
            case "finite":
                return finite
            case "finite_or_nan":
                return finite | np.isnan(x)
            case "positive_finite":
                return finite & (x > 0)
            case "negative_finite":
                return finite & (x < 0)
            case "nonzero_finite":
                return finite & (x != 0)
            case "nonzero":
                return (x != 0) & ~np.isnan(x)
            case "positive":
                return x > 0
            case "gt":
                return x > _number(values[0])
            case "lt":
                return x < _number(values[0])
            case "ne":
                return ~_is(x, values[0])
            case "integer":
                return integer
            case "not_integer":
                return finite & ~integer
            case "odd_integer":
                return odd
            case "not_odd_integer":
                return ~odd & ~np.isnan(x)
            case "signbit":
                return np.signbit(x) == (values[0] == "1")
            case "equals":
                return x == env[values[0]]
            case "not_equals":
                return x != env[values[0]]
            case "neg_of":
                return x == -env[values[0]]
    raise AssertionError(f"unknown condition {op!r}")


def _matches(case: dict[str, Any], env: dict[str, np.ndarray]) -> np.ndarray:
    conditions = case["conditions"]
    if isinstance(conditions, list):  # ["any_of", {var: cond}, ...]
        return np.logical_or.reduce(
            [_holds(c, env[v], env) for part in conditions[1:] for v, c in part.items()]
        )
    out = np.ones(next(iter(env.values())).shape, bool)
    for var, conds in conditions.items():
        for c in conds:
            out &= _holds(c, env[var], env)
    return out


def _same(got: np.ndarray, token: str, rtol: float, sign_free: bool = False) -> np.ndarray:
    """``got`` equals the spec's value ``token`` (exact; ``rtol`` for π's multiples)."""
    v = _number(token)
    if math.isnan(v):
        return np.isnan(got)
    free = sign_free or token.startswith("±") or token in ("0", "inf")
    g, w = (np.abs(got), abs(v)) if free else (got, v)
    if "pi" in token:
        return np.isclose(g, w, rtol=rtol, atol=0)
    ok = g == w
    if v == 0 and not free:
        ok &= np.signbit(got) == (math.copysign(1, v) < 0)
    return ok


def _expected_ok(case: dict[str, Any], got: np.ndarray, env: dict[str, np.ndarray],
                 rtol: float) -> np.ndarray:  # fmt: skip
    r = case["result"]
    with np.errstate(invalid="ignore"):
        match r["kind"]:
            case "exact" | "approx":
                return _same(got, r["value"], rtol)
            case "bool":
                return got == r["value"]
            case "nan_sign":
                return np.isnan(got) & (np.signbit(got) == (r["value"] == "1"))
            case "abs_of":
                ref = np.abs(env[r["value"].replace("abs(", "").rstrip(")")])
                ref = -ref if r.get("negate") else ref
                return np.where(np.isnan(ref), np.isnan(got), got == ref)
            case "same_as":
                ref = env[r["value"]]
                same = (got == ref) & (np.signbit(got) == np.signbit(ref))
                return np.where(np.isnan(ref), np.isnan(got), same)
            case "complex":
                re_ok = _same(got.real, r["real"], rtol, r["real_sign_unspecified"])
                im_ok = _same(got.imag, r["imag"], rtol, r["imag_sign_unspecified"])
                return re_ok & im_ok
    raise AssertionError(f"unknown result {r!r}")


def _grid(arity: int, complex_: bool, dtype: str) -> tuple[list[np.ndarray], dict[str, Any]]:
    """The operands to call the function with, and the spec's names for their values."""
    if complex_:
        a, b = (g.ravel() for g in np.meshgrid(PART_GRID, PART_GRID, indexing="ij"))
        z = np.empty(a.shape, dtype)
        z.real, z.imag = a, b  # a + b*1j would turn inf * 0 into NaN
        parts = np.dtype(dtype).type(0).real.dtype
        return [z], {"a": a.astype(parts), "b": b.astype(parts)}
    if arity == 1:
        x = np.array(REAL_GRID, dtype)
        return [x], {"x_i": x}
    x1, x2 = (g.ravel().astype(dtype) for g in np.meshgrid(REAL_GRID, REAL_GRID, indexing="ij"))
    return [x1, x2], {"x1_i": x1, "x2_i": x2, "abs(x1_i)": np.abs(x1)}


def _reflect(name: str, env: dict[str, Any], got: np.ndarray) -> tuple[dict, np.ndarray]:
    """Map each complex grid point into the part of the plane the spec's list is written
    for, with the symmetries the spec states: ``f(conj(z)) == conj(f(z))``, and
    ``f(-z) == -f(z)`` (odd) or ``f(-z) == f(z)`` (even); the result moves with it."""
    sym = SYMMETRY[name]
    a, b, got = env["a"].copy(), env["b"].copy(), got.copy()
    if sym["conj"]:
        flip = np.signbit(b)
        b[flip] = -b[flip]
        got[flip] = np.conj(got[flip])
    if sym["odd"] or sym["even"]:
        flip = np.signbit(a)
        a[flip], b[flip] = -a[flip], -b[flip]
        if sym["odd"]:
            got[flip] = -got[flip]
        if sym["conj"]:  # -z may have left the upper half plane: reflect it back
            back = flip & np.signbit(b)
            b[back] = -b[back]
            got[back] = np.conj(got[back])
    return {"a": a, "b": b, "x_i": None}, got


def _rotate(z: np.ndarray, times_i: bool) -> np.ndarray:
    """``z * 1j`` exactly (``-b + aj``: no ``inf * 0``), or ``z`` unchanged."""
    if not times_i:
        return z
    out = np.empty_like(z)
    out.real, out.imag = -z.imag, z.real
    return out


SYMMETRY = DATA["symmetry"]
COMPLEX_AS_IF = {
    n: s["as_if"]
    for n, s in SYMMETRY.items()
    if "base" in s.get("as_if", {}) and s["as_if"]["complex_only"]
}
EXPRESSIONS = {n: s["as_if"]["expression"] for n, s in SYMMETRY.items()
               if "expression" in s.get("as_if", {})}  # fmt: skip

PARAMS = [
    pytest.param(name, complex_, dtype, id=f"{name}-{dtype}")
    for (name, complex_) in sorted({*CASES, *((n, True) for n in COMPLEX_AS_IF)})
    for dtype in (("complex64", "complex128") if complex_ else ("float32", "float64"))
]


def _check(name: str, complex_: bool, dtype: str, operands: list, env: dict, got: np.ndarray,
           driver: Any) -> list[str]:  # fmt: skip
    """Every grid point against the first case of ``name``'s list that applies."""
    cases = CASES[name, complex_]
    rtol = APPROX_RTOL["float32" if dtype in ("float32", "complex64") else "float64"]
    tiny = np.finfo(dtype).smallest_normal
    unmatched = np.ones(got.shape, bool)
    failures = []
    for case in cases:
        hit = _matches(case, env) & unmatched  # the first case that applies decides
        unmatched &= ~hit
        if not hit.any():
            continue
        ok = _expected_ok(case, got, env, rtol)
        if not driver.capabilities.subnormals and not complex_:
            ok |= hit & (np.abs(got) < tiny) & ~np.isnan(got)  # a flushed result
        for i in np.flatnonzero(hit & ~ok)[:3]:
            args = ", ".join(repr(x[i].item()) for x in operands)
            failures.append(f"{name}({args}) = {got[i].item()!r}: {case['text']}")
    return failures


@pytest.mark.parametrize("name, complex_, dtype", PARAMS)
def test_special_cases_from_the_spec(driver, name, complex_, dtype):
    if complex_ and not driver.capabilities.complex:
        pytest.skip("driver has no complex dtypes")
    base = COMPLEX_AS_IF.get(name, {}).get("base", name) if complex_ else name
    arity = CASES[base, complex_][0]["arity"]
    operands, env = _grid(arity, complex_, dtype)
    got = np.asarray(getattr(ak, name)(*(ak.asarray(x) for x in operands)))
    if complex_:
        # asin(z) = -1j * asinh(z * 1j): asinh's cases at z * 1j, for the result * 1j.
        # cos(z) = cosh(z * 1j): cosh's cases at z * 1j, for the result as it is;
        # log2(z) = log(z) / log(2): log's cases at z, for the result * log(2).
        as_if = COMPLEX_AS_IF.get(name, {})
        w = _rotate(operands[0], "divide_by_log" not in as_if and name in COMPLEX_AS_IF)
        rotate = as_if.get("rotate", False)
        if "divide_by_log" in as_if:
            k = got.real.dtype.type(np.log(as_if["divide_by_log"]))
            scaled = np.empty_like(got)  # part by part: a complex product makes inf * 0
            scaled.real, scaled.imag = got.real * k, got.imag * k
            got = scaled
        env, got = _reflect(base, {"a": w.real, "b": w.imag}, _rotate(got, rotate))
    failures = _check(base, complex_, dtype, operands, env, got, driver)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("name", sorted(EXPRESSIONS))
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_functions_the_spec_defines_as_an_expression(driver, name, dtype):
    # "special cases must be handled as if the operation is implemented as 1.0 / x"
    if dtype.startswith("complex") and not driver.capabilities.complex:
        pytest.skip("driver has no complex dtypes")
    (x,), _ = _grid(1, dtype.startswith("complex"), dtype)
    a = ak.asarray(x)
    want = {"divide(1, x)": lambda: ak.divide(ak.ones_like(a), a),
            "multiply(x, x)": lambda: ak.multiply(a, a)}[EXPRESSIONS[name]]()  # fmt: skip
    got, ref = np.asarray(getattr(ak, name)(a)), np.asarray(want)
    # Special values exactly; finite ones to rounding (an algorithm may skip a step).
    special = ~np.isfinite(ref) | (ref == 0) | ~np.isfinite(x) | (x == 0)
    rtol = APPROX_RTOL["float32" if dtype in ("float32", "complex64") else "float64"] * 4
    same = (got == ref) | (np.isnan(got) & np.isnan(ref))
    same |= ~special & np.isclose(got, ref, rtol=rtol, atol=0)
    if dtype.startswith("float"):
        same &= np.signbit(got) == np.signbit(ref)
    else:
        nan = np.isnan(ref)  # a complex NaN: one component NaN is enough
        same |= nan & np.isnan(got)
    bad = np.flatnonzero(~same)[:5]
    assert not bad.size, [(x[i], got[i], ref[i]) for i in bad]


def test_every_function_with_special_cases_is_checked():
    checked = {name for name, _ in CASES} | set(COMPLEX_AS_IF) | set(EXPRESSIONS)
    unchecked_only = {u["function"] for u in DATA["unchecked"]} - checked
    assert checked | unchecked_only == set(DATA["functions"])
    assert unchecked_only <= {"clip"}  # its cases are keyword operands: tested below
    assert len(DATA["cases"]) >= 440 and sum(c["complex"] for c in DATA["cases"]) >= 140
    for name in checked:
        assert callable(getattr(ak, name)), name


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_clip_with_nan_bounds(driver, dtype):
    # The spec: "If x_i is NaN, the result is NaN. If min_i is NaN, the result is NaN.
    # If max_i is NaN, the result is NaN."
    x = ak.asarray(np.array([math.nan, 0.5, 2.0, -3.0], dtype))
    lo = ak.asarray(np.array([0.0, math.nan, 0.0, -1.0], dtype))
    hi = ak.asarray(np.array([1.0, 1.0, math.nan, 1.0], dtype))
    got = np.asarray(ak.clip(x, min=lo, max=hi))
    assert np.isnan(got[:3]).all() and got[3] == -1.0


def _sign_left_open(name: str, z: np.ndarray) -> np.ndarray:
    """Where the first case of the spec's list that applies to ``z`` (seen as the spec's
    list is written: through the formula and the symmetries) leaves a sign unspecified."""
    as_if = COMPLEX_AS_IF.get(name, {})
    base = as_if.get("base", name)
    w = _rotate(z, bool(as_if) and "divide_by_log" not in as_if)
    env, _ = _reflect(base, {"a": w.real, "b": w.imag}, w)
    unmatched = np.ones(z.shape, bool)
    loose = np.zeros(z.shape, bool)
    for case in CASES.get((base, True), []):
        hit = _matches(case, env) & unmatched
        unmatched &= ~hit
        r = case["result"]
        if r.get("real_sign_unspecified") or r.get("imag_sign_unspecified"):
            loose |= hit
    return loose


SYMMETRIC = sorted(n for n, s in SYMMETRY.items() if s["conj"] or s["odd"] or s["even"])


@pytest.mark.parametrize("name", SYMMETRIC)
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_symmetries_and_branch_cuts_the_spec_states(driver, name, dtype):
    # "sqrt(conj(x)) must equal conj(sqrt(x))" holds on the branch cuts too, where only the
    # sign of a zero tells the sides apart: sqrt(-4 - 0j) is -2j, sqrt(-4 + 0j) is +2j.
    if not driver.capabilities.complex:
        pytest.skip("driver has no complex dtypes")
    sym = SYMMETRY[name]
    (z,), _ = _grid(1, True, dtype)
    z = np.concatenate([z, np.array([-4 + 0j, 4 + 0j, -0.5 + 0j, 2.5j, 1.5 + 0j], dtype)])
    z = np.concatenate([z, np.conj(z)])  # both sides of each cut
    f = getattr(ak, name)
    fz = np.asarray(f(ak.asarray(z)))
    checks = []
    if sym["conj"]:
        checks.append(("f(conj(z)) == conj(f(z))", np.conj(z), np.conj(fz)))
    if sym["odd"] or sym["even"]:
        checks.append(("f(-z) == -f(z)" if sym["odd"] else "f(-z) == f(z)", -z,
                       -fz if sym["odd"] else fz))  # fmt: skip
    rtol = APPROX_RTOL[dtype.replace("complex64", "float32").replace("complex128", "float64")]
    loose = _sign_left_open(name, z)
    for what, arg, want in checks:
        got = np.asarray(f(ak.asarray(arg)))
        # Results with a NaN part or a sign the spec leaves open are the case table's;
        # zeros and infinities must mirror exactly, other values to the last bits.
        ok = np.isnan(want) | np.isnan(fz) | loose | _sign_left_open(name, arg)
        exact = np.ones(z.shape, bool)
        for g, w in ((got.real, want.real), (got.imag, want.imag)):
            special = (w == 0) | np.isinf(w)
            exact &= np.where(
                special,
                (g == w) & (np.signbit(g) == np.signbit(w)),
                np.isclose(g, w, rtol=4 * rtol, atol=0) & (np.sign(g) == np.sign(w)),
            )
        ok |= exact
        bad = np.flatnonzero(~ok)[:5]
        assert not bad.size, f"{name}: {what} fails at " + ", ".join(
            f"z={arg[i]!r}: {got[i]!r} != {want[i]!r}" for i in bad
        )
