"""Turn the standard's special-case text into data: tests/data/special_cases_2025_12.json.

    python tests/tools/gen_special_cases.py STUBS/_2025_12/elementwise_functions.py

The stubs are the spec's source (the ``array-api`` repository, which the conformance
suite pins: ``conformance/setup_suite.sh`` fetches it).  Every "- If ..." line of every
elementwise function's *Special Cases* is parsed into conditions on the operands
(``x``, ``x1``, ``x2``; ``a``/``b`` for the real and imaginary parts of a complex ``x``)
and the result the spec states.  ``tests/test_special_cases.py`` checks the JSON on every
driver.  A line this parser cannot express is listed in ``UNCHECKED`` with the reason;
any other line it cannot read is an error, so a new spec revision is looked at.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "data" / "special_cases_2025_12.json"

# (function, fragment of the line) -> why the line is not checked.
UNCHECKED: dict[tuple[str, str], str] = {
    ("*", "cis("): "results written with cis(b) are values of a formula, not special values; "
    "the formula's accuracy is the driver's",
    ("*", "have the same mathematical sign"): "a statement about every finite operand, "
    "checked by the value tests (tests/test_properties.py), not a special value",
    ("*", "have different mathematical signs"): "as above",
    ("*", "signed infinity with the mathematical sign determined"): "refers to the sign "
    "rule above; the infinities it covers are listed as their own cases",
    ("*", "``c``"): "complex x1 and x2 (add, subtract, multiply, divide, equal...): the "
    "spec states these per component through the real cases, which are checked",
    ("*", "``d``"): "as above (the components c + dj of a complex x2)",
    ("*", "equally close"): "round's ties: checked by tests against np.round",
    ("*", "even integer closest"): "round's ties: checked by tests against np.round",
    ("*", "different data type"): "not a special value",
    ("*", "broadcasted element"): "clip with min > max is implementation-defined",
    ("clip", "_i`` is ``NaN``"): "clip's NaN bounds (keyword operands): "
    "test_clip_with_nan_bounds in tests/test_special_cases.py",
    ("*", "the elements of the returned array must equal"): "clip with no bounds: "
    "checked by the clip tests",
}

VARS = r"(?:x_i|x1_i|x2_i|a|b|abs\(x1_i\))"
RE_LINE = re.compile(r"^- If (?P<cond>.+?), the result is (?P<result>.+?)\s*$")
RE_CLAUSE_SPLIT = re.compile(rf"(?:,\s+and\s+|\s+and\s+|,\s+)(?=``{VARS}``|the sign bit)")


def _value(token: str) -> str:
    """A value of the spec's text, normalised: '+0', '-0', 'inf', '-inf', 'nan', '1',
    '+pi/2' ...  ('±' keeps its meaning: sign unspecified)."""
    t = token.strip().strip("`").replace(" ", "")
    t = t.replace("infinity", "inf").replace("NaN", "nan").replace("π", "pi")
    return t


def _cond(text: str) -> dict[str, Any]:
    """One operand's condition: {'op': ..., 'values': [...]} (see test_special_cases)."""
    t = text.strip()
    t = re.sub(r"^is\s+", "", t)
    simple = {
        "a finite number": "finite",
        "a positive (i.e., greater than ``0``) finite number": "positive_finite",
        "a negative (i.e., less than ``0``) finite number": "negative_finite",
        "a nonzero finite number": "nonzero_finite",
        "any value (including ``NaN``)": "any",
        "any value, including ``NaN``": "any",
        "any value": "any",
        "either a finite number or ``NaN``": "finite_or_nan",
        "a finite number or ``NaN``": "finite_or_nan",
        "an odd integer value": "odd_integer",
        "not an odd integer value": "not_odd_integer",
        "already integer-valued": "integer",
        "an integer value": "integer",
        "not an integer value": "not_integer",
        "a nonzero number": "nonzero",
        "a positive (i.e., greater than ``0``) number": "positive",
    }
    if t in simple:
        return {"op": simple[t]}
    if m := re.fullmatch(r"(?:equals )?``(-?)(x[12]_i)``", t):  # relations between operands
        return {"op": "neg_of" if m[1] else "equals", "values": [m[2]]}
    if m := re.fullmatch(r"does not equal ``(x[12]_i)``", t):
        return {"op": "not_equals", "values": [m[1]]}
    if m := re.fullmatch(r"(?:either )?``([^`]+)`` or ``([^`]+)``", t):
        return {"op": "in", "values": [_value(m[1]), _value(m[2])]}
    if m := re.fullmatch(r"``([^`]+)``", t):
        return {"op": "in", "values": [_value(m[1])]}
    for words, op in (
        ("greater than", "gt"),
        ("less than", "lt"),
        ("not equal to", "ne"),
        ("not", "ne"),
    ):
        if m := re.fullmatch(rf"{words} ``([^`]+)``", t):
            return {"op": op, "values": [_value(m[1])]}
    raise ValueError(f"condition not understood: {text!r}")


def _conditions(text: str) -> dict[str, list[dict[str, Any]]] | list[Any]:
    """``{var: [conditions...]}``; or ``["any_of", {var: cond}, ...]`` for 'either x1_i
    or x2_i is NaN' / 'x1_i is NaN or x2_i is NaN'."""
    t = text.replace("``a`` ``-infinity``", "``a`` is ``-infinity``")  # a typo in 2025.12
    if m := re.fullmatch(rf"(?:either )?``({VARS})`` or ``({VARS})`` is (.+)", t):
        c = _cond(m[3])
        return ["any_of", {m[1]: c}, {m[2]: c}]
    m = re.fullmatch(rf"``({VARS})`` is (.+?) or ``({VARS})`` is (.+)", t)
    if m and " and " not in t:
        return ["any_of", {m[1]: _cond(m[2])}, {m[3]: _cond(m[4])}]
    out: dict[str, list[dict[str, Any]]] = {}
    last = None
    for clause in RE_CLAUSE_SPLIT.split(t):
        clause = clause.strip()
        if m := re.fullmatch(r"the sign bit of ``(\w+)`` is ``([01])``", clause):
            out.setdefault(m[1], []).append({"op": "signbit", "values": [m[2]]})
            continue
        if m := re.fullmatch(rf"``({VARS})``\s+(.+)", clause):
            last = m[1]
            out.setdefault(last, []).append(_cond(m[2]))
        elif last is not None:  # "greater than 0 and less than 1": the same operand
            out[last].append(_cond(clause))
        else:
            raise ValueError(f"clause not understood: {clause!r}")
    return out


def _real_result(text: str) -> dict[str, Any]:
    t = text.strip().rstrip(".")
    if m := re.fullmatch(r"an implementation-dependent approximation to ``([^`]+)``", t):
        return {"kind": "approx", "value": _value(m[1])}
    if m := re.fullmatch(r"``NaN`` with a sign bit of ``([01])``", t):
        return {"kind": "nan_sign", "value": m[1]}
    if m := re.fullmatch(r"``([^`]+)``, even if ``x1_i`` is ``NaN``", t):
        return {"kind": "exact", "value": _value(m[1])}
    if m := re.fullmatch(r"(?:equal to|equivalent to) ``abs\((\w+)\)``", t):
        return {"kind": "abs_of", "value": m[1]}
    if m := re.fullmatch(r"``(-?)\|(x[12]?_i)\|``", t):
        return {"kind": "abs_of", "value": m[2], "negate": bool(m[1])}
    if m := re.fullmatch(r"``(x_i|x1_i|x2_i)``", t):
        return {"kind": "same_as", "value": m[1]}
    if m := re.fullmatch(r"``(True|False)``", t):
        return {"kind": "bool", "value": m[1] == "True"}
    if m := re.fullmatch(r"``([^`]+)``", t):
        return {"kind": "exact", "value": _value(m[1])}
    raise ValueError(f"result not understood: {text!r}")


RE_COMPLEX = re.compile(r"^(?P<re>\S+)\s+(?P<op>[-+±])\s+(?P<im>.+)$")


# Complex results whose zero the spec writes unsigned where C99 Annex G gives it a sign that
# varies with the operand, and NumPy, TensorFlow and JAX all follow C99.
C99_SIGNED_ZERO = {
    ("tanh", "``1 + 0j``"): "C99: tanh(+inf + iy) = 1 + i0 sin(2y)",
}


def _complex_result(text: str, name: str = "") -> dict[str, Any]:
    t = text.strip()
    note = ""
    if m := re.fullmatch(r"(.+?)\s*\((.+)\)\.?", t):
        t, note = m[1], m[2]
    t = t.rstrip(".")
    if m := re.fullmatch(r"(?:equal to|equivalent to) ``abs\((\w+)\)``", t):
        return {"kind": "abs_of", "value": m[1]}
    m = re.fullmatch(r"``([^`]+)``", t)
    if not m:
        raise ValueError(f"complex result not understood: {text!r}")
    value = m[1]
    if " + " not in value and " - " not in value and " ± " not in value:
        return _real_result(f"``{value}``")  # abs/isnan...: a real result
    c = RE_COMPLEX.match(value)
    if not c or "j" not in c["im"]:
        raise ValueError(f"complex value not understood: {value!r}")
    real, imag = _value(c["re"]), _value(c["im"].replace("j", ""))
    if c["op"] == "-":
        imag = imag[1:] if imag.startswith("-") else "-" + imag.lstrip("+")
    elif c["op"] == "±":
        imag = "±" + imag.lstrip("+")
    both = "signs of real and imaginary" in note
    if (name, f"``{value}``") in C99_SIGNED_ZERO:
        note += " sign of the imaginary component is unspecified"
    real_free = both or real.startswith("±") or ("real" in note and "unspecified" in note)
    imag_free = both or imag.startswith("±") or ("imaginary" in note and "unspecified" in note)
    # An unsigned zero or infinity in a complex result is positive (C99 Annex G writes
    # "+0 + 0j" and "+infinity + 0 j" for the same thing), unless its sign is unspecified.
    real, imag = (
        t if free or t[0] in "+-±" or t == "nan" else "+" + t
        for t, free in ((real, real_free), (imag, imag_free))
    )
    return {
        "kind": "complex",
        "real": real,
        "imag": imag,
        "real_sign_unspecified": real_free,
        "imag_sign_unspecified": imag_free,
    }


def _special_cases(doc: str) -> str | None:
    m = re.search(r"\*\*Special [Cc]ases\*\*", doc)
    if not m:
        return None
    return re.split(r"\n\.\. version", doc[m.end() :])[0]


def _symmetry(name: str, doc: str) -> dict[str, Any]:
    """What the spec says about f(conj(z)), f(-z), and "as if implemented as" formulas."""
    flat = " ".join(doc.split())
    out: dict[str, Any] = {
        "conj": f"``{name}(conj(x))`` must equal ``conj({name}(x))``" in flat,
        "odd": bool(
            re.search(rf"``{name}\(-(\w)\)`` must equal ``-{name}\(\1\)``", flat)
            or re.search(rf"``{name}\((\w)\)`` must equal ``-{name}\(-\1\)``", flat)
        ),
        "even": bool(re.search(rf"``{name}\((\w)\)`` must equal ``{name}\(-\1\)``", flat)),
    }
    m = re.search(
        r"For (complex )?floating-point operands, special cases (?:must|should) be handled "
        r"as if the operation is implemented as ``([^`]+)``",
        flat,
    )
    if re.search(
        r"For complex floating-point operands, special cases must be handled as if "
        r"the operation is implemented using the standard change of base formula",
        flat,
    ):
        base = {"log2": 2, "log10": 10}[name]
        out["as_if"] = {"base": "log", "rotate": False, "divide_by_log": base,
                        "complex_only": True}  # fmt: skip
    if m:
        formula = m[2]
        if f := re.fullmatch(r"-1j \* (\w+)\(x\*1j\)", formula):
            out["as_if"] = {"base": f[1], "rotate": True, "complex_only": bool(m[1])}
        elif f := re.fullmatch(r"(\w+)\(x\*1j\)", formula):
            out["as_if"] = {"base": f[1], "rotate": False, "complex_only": bool(m[1])}
        elif formula == "1.0 / x":
            out["as_if"] = {"expression": "divide(1, x)", "complex_only": False}
        elif formula == "x * x":
            out["as_if"] = {"expression": "multiply(x, x)", "complex_only": False}
        else:
            out["as_if_unchecked"] = f"{formula}: a formula of two operands (pow's complex "
            "special cases are not listed by the standard)"
    return out


def _unchecked(name: str, line: str) -> str | None:
    for (fn, fragment), why in UNCHECKED.items():
        if fn in ("*", name) and fragment in line:
            return why
    return None


def parse(stubs: Path) -> dict[str, Any]:
    tree = ast.parse(stubs.read_text())
    cases: list[dict[str, Any]] = []
    unchecked: list[dict[str, str]] = []
    functions = []
    symmetry: dict[str, dict[str, Any]] = {}
    for fn in tree.body:
        if not isinstance(fn, ast.FunctionDef):
            continue
        text = _special_cases(ast.get_docstring(fn) or "")
        if text is None:
            continue
        functions.append(fn.name)
        symmetry[fn.name] = _symmetry(fn.name, ast.get_docstring(fn) or "")
        arity = len(fn.args.posonlyargs) + len(fn.args.args)
        section = "real"
        # The lines of a "- If" item may wrap: join continuation lines first.
        lines: list[str] = []
        in_item = False  # a "- " item continues on the following non-blank lines
        for raw in text.splitlines():
            s = raw.strip()
            if re.match(r"For complex floating-point operands, let ``a = real\(x_i\)``", s):
                section = "complex"
            if s.startswith("- "):
                item = re.sub(r"^-\s+", "- ", s)
                lines.append(f"{section}\t{item}")
                in_item = True
            elif s and in_item:
                lines[-1] += " " + s
            else:
                in_item = False
        for entry in lines:
            section, line = entry.split("\t", 1)
            why = _unchecked(fn.name, line)
            if why is None and not line.startswith("- If "):
                why = "a note in the list, not a special case"
            if why is not None:
                unchecked.append({"function": fn.name, "text": line, "reason": why})
                continue
            m = RE_LINE.match(line)
            if not m:
                raise ValueError(f"{fn.name}: line not understood: {line!r}")
            result_text = re.sub(r"\s*\(\*\*note\*\*:.*\)$", "", m["result"])
            cases.append(
                {
                    "function": fn.name,
                    "arity": arity,
                    "complex": section == "complex",
                    "conditions": _conditions(m["cond"]),
                    "result": (
                        _complex_result(result_text, fn.name)
                        if section == "complex"
                        else _real_result(result_text)
                    ),
                    "text": line,
                }
            )
    return {
        "source": "array-api 2025.12 elementwise_functions.py (spec stubs)",
        "functions": functions,
        "symmetry": symmetry,
        "cases": cases,
        "unchecked": unchecked,
    }


if __name__ == "__main__":
    data = parse(Path(sys.argv[1]))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    n_complex = sum(c["complex"] for c in data["cases"])
    print(
        f"{len(data['functions'])} functions, {len(data['cases'])} cases "
        f"({len(data['cases']) - n_complex} real, {n_complex} complex), "
        f"{len(data['unchecked'])} lines unchecked -> {OUT}"
    )
