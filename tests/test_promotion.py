"""The four promotion modes against oracles that are not arraykit's own.

* ``"numpy"``: ``numpy.result_type`` (NumPy 2 treats Python scalars as weak, NEP 50).
* ``"jax"``: ``jax.numpy.result_type`` with 64-bit types and ``"standard"`` promotion,
  run in a subprocess (JAX's switches are process-wide); weak results come back
  materialised.  JAX's ``"strict"`` promotion is a second oracle for ``"strict"``, and
  JAX without 64-bit types one for ``default_float="float32"``.
* ``"strict"``: the standard's promotion tables, transcribed below as data.
* ``"safe"``: TensorFlow's ``dtype_conversion_mode="safe"``, recorded by
  tests/tools/probe_tf_promotion.py into tests/data/tf_safe_promotion.json.

Every ordered pair of the 13 standard dtypes and every dtype with each Python scalar
kind is checked through ``ak.result_type`` in every mode; ``ak.add`` checks that
arithmetic follows the same rules.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import arraykit as ak
from arraykit import _dtypes

DTYPES = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128",
)  # fmt: skip
NUMERIC = DTYPES[1:]
# Python scalar kinds are keyed by their type (``bool`` the type, ``"bool"`` the dtype).
SCALARS: dict[type, Any] = {bool: True, int: 1, float: 1.0, complex: 1j}
KINDS = {t.__name__: t for t in SCALARS}
MODES = ("numpy", "strict", "jax", "safe")
# The extras (not in the standard) join the JAX and TF comparisons: float16 always,
# bfloat16 (from ml_dtypes) when present.
EXTRA = ("float16", *(("bfloat16",) if _dtypes.bfloat16 is not None else ()))

DATA = Path(__file__).parent / "data"
TF_JSON = DATA / "tf_safe_promotion.json"
DEFAULTS = {"default_float": "float64", "default_int": "int64"}


def dtype(name: str) -> np.dtype:
    return _dtypes.bfloat16 if name == "bfloat16" else getattr(ak, name)


def operand(name: str | type) -> Any:
    """A dtype for a dtype name, a Python scalar for a scalar type."""
    return SCALARS[name] if isinstance(name, type) else dtype(name)


def ak_result(mode: str, *names: str | type, **settings: str) -> str:
    """``ak.result_type`` of dtype names / scalar kinds under ``mode``: a name or "error"."""
    with ak.use(promotion=mode, **{**DEFAULTS, **settings}):
        try:
            return ak.result_type(*map(operand, names)).name
        except TypeError:
            return "error"


def mismatches(mode: str, expected: dict[tuple, str], **settings: str) -> list:
    got = {k: ak_result(mode, *k, **settings) for k in expected}
    return [(k, f"expected {v}", f"got {got[k]}") for k, v in expected.items() if got[k] != v]


# ------------------------------------------------------------------ the spec's tables
# Transcribed from spec/2025.12/API_specification/type_promotion.rst (data-apis/array-api
# at 5f847a3858875c682ae901aa22b0413bf24be9da): signed, unsigned, mixed, floating.
SPEC_TABLES = """
     i1  i2  i4  i8
i1   i1  i2  i4  i8
i2   i2  i2  i4  i8
i4   i4  i4  i4  i8
i8   i8  i8  i8  i8

     u1  u2  u4  u8
u1   u1  u2  u4  u8
u2   u2  u2  u4  u8
u4   u4  u4  u4  u8
u8   u8  u8  u8  u8

     u1  u2  u4
i1   i2  i4  i8
i2   i2  i4  i8
i4   i4  i4  i8
i8   i8  i8  i8

     f4   f8   c8   c16
f4   f4   f8   c8   c16
f8   f8   f8   c16  c16
c8   c8   c16  c8   c16
c16  c16  c16  c16  c16
"""
CODES = {
    "b": "bool", "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64",
    "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
    "f4": "float32", "f8": "float64", "c8": "complex64", "c16": "complex128",
}  # fmt: skip


def _parse_spec_tables() -> dict[tuple[str, str], str]:
    out = {("bool", "bool"): "bool"}  # bool is a lone node of the spec's lattice
    for block in SPEC_TABLES.strip().split("\n\n"):
        header, *rows = (line.split() for line in block.splitlines())
        for row, *cells in rows:
            for col, cell in zip(header, cells, strict=True):
                r, c, v = CODES[row], CODES[col], CODES[cell]
                assert out.setdefault((r, c), v) == v and out.setdefault((c, r), v) == v
    return out


SPEC = _parse_spec_tables()
# "Mixing arrays with Python scalars": the array dtype, except a Python complex with a
# real floating array, which gives the complex dtype of the array's precision.
SPEC_SCALARS = {
    bool: {"bool": "bool"},
    int: {t: t for t in NUMERIC},
    float: {t: t for t in ("float32", "float64", "complex64", "complex128")},
    complex: {
        "float32": "complex64", "float64": "complex128",
        "complex64": "complex64", "complex128": "complex128",
    },
}  # fmt: skip


def spec_expected(a: str, b: str | type) -> str:
    if isinstance(b, type):
        return SPEC_SCALARS[b].get(a, "error")
    return SPEC.get((a, b), "error")


def test_spec_table_transcription() -> None:
    assert len(SPEC) == 1 + 16 + 16 + 2 * 12 + 16
    assert SPEC["int8", "uint32"] == SPEC["uint32", "int8"] == "int64"
    assert ("uint64", "int64") not in SPEC and ("int32", "float32") not in SPEC
    assert SPEC["complex64", "float64"] == "complex128"


# ------------------------------------------------------------------ oracles
_JAX_ORACLE = r"""
import itertools, json
import jax
import jax.numpy as jnp

NAMES = %(names)r
SCALARS = {"bool": True, "int": 1, "float": 1.0, "complex": 1j}
SMALL = [n for n in NAMES if n not in ("int64", "uint64", "float64", "complex128")]

def res(*args):
    try:
        return jnp.result_type(*args).name
    except (TypeError, ValueError):  # jax.errors.TypePromotionError is a ValueError
        return "error"

def table(names, promotion):
    with jax.numpy_dtype_promotion(promotion):
        pairs = {f"{a},{b}": res(jnp.dtype(a), jnp.dtype(b)) for a in names for b in names}
        scalars = {f"{a},{k}": res(jnp.dtype(a), v) for a in names for k, v in SCALARS.items()}
    return {"pairs": pairs, "scalars": scalars}

jax.config.update("jax_enable_x64", True)
out = {"version": jax.__version__, "standard": table(NAMES, "standard"),
       "strict": table(NAMES, "strict")}
with jax.numpy_dtype_promotion("standard"):
    out["promote_types"] = {f"{a},{b}": jnp.promote_types(a, b).name for a in NAMES for b in NAMES}
    out["triples"] = {",".join(t): res(*map(jnp.dtype, t))
                      for t in itertools.product(NAMES[:13], repeat=3)}
jax.config.update("jax_enable_x64", False)
out["standard_x32"] = table(SMALL, "standard")
print(json.dumps(out))
"""


def _split(table: dict[str, str]) -> dict[tuple[str, ...], str]:
    """``{"int8,uint8": r}`` -> ``{("int8", "uint8"): r}``."""
    return {tuple(k.split(",")): v for k, v in table.items()}


def _split_scalars(table: dict[str, str]) -> dict[tuple[str, type], str]:
    """``{"int8,float": r}`` -> ``{("int8", float): r}``."""
    out = {}
    for key, v in table.items():
        a, kind = key.split(",")
        out[a, KINDS[kind]] = v
    return out


@pytest.fixture(scope="module")
def jax_oracle() -> dict[str, dict[tuple[str, ...], str]]:
    """JAX's answers, computed in a subprocess so that its process-wide flags stay there."""
    if importlib.util.find_spec("jax") is None:
        pytest.skip("jax is not installed: no oracle for the 'jax' promotion mode")
    env = {**os.environ, "JAX_PLATFORMS": "cpu"}
    proc = subprocess.run(
        [sys.executable, "-c", _JAX_ORACLE % {"names": [*DTYPES, *EXTRA]}],
        capture_output=True, text=True, env=env, timeout=300, check=True,
    )  # fmt: skip
    raw = json.loads(proc.stdout)
    out = {}
    for name in ("standard", "strict", "standard_x32"):
        out[name] = {**_split(raw[name]["pairs"]), **_split_scalars(raw[name]["scalars"])}
    out["promote_types"] = _split(raw["promote_types"])
    out["triples"] = _split(raw["triples"])
    return out


@pytest.fixture(scope="module")
def tf_safe() -> dict[str, Any]:
    """TensorFlow's "safe" promotion, probed once (see tests/tools/probe_tf_promotion.py)."""
    if not TF_JSON.exists():
        pytest.skip(f"{TF_JSON.name} is missing: run tests/tools/probe_tf_promotion.py")
    return json.loads(TF_JSON.read_text())


def tf_scalar_settings(tf: dict[str, Any], kind: type) -> dict[str, str]:
    """The arraykit defaults that stand for TF's dtype of a Python scalar of ``kind``.

    TF types Python scalars as *weak* int32, float32 and complex128; arraykit's weak
    scalars take the default dtypes, and its default complex is the complex dtype of the
    default float: int and float scalars are compared under ``default_int="int32"``,
    ``default_float="float32"``, complex scalars under ``default_float="float64"``.
    """
    weak = tf["python_scalar_dtypes"]
    if kind is complex:
        return {"default_float": str(_dtypes.REAL_OF[np.dtype(weak["complex"])])}
    return {"default_int": weak["int"], "default_float": weak["float"]}


# ------------------------------------------------------------------ "numpy"
def test_numpy_oracle_treats_python_scalars_as_weak() -> None:
    # NEP 50: the oracle for the scalar cases must itself use weak Python scalars.
    assert np.result_type(np.dtype("int8"), 1) == np.int8
    assert np.result_type(np.dtype("uint8"), True) == np.uint8
    assert np.result_type(np.dtype("float32"), 1.0) == np.float32
    assert np.result_type(np.dtype("float32"), 1j) == np.complex64
    assert np.result_type(np.dtype("int8"), 1.0) == np.float64
    assert np.result_type(np.dtype("bool"), 1) == np.int64


@pytest.mark.parametrize("a", DTYPES)
def test_numpy_mode_matches_numpy(a: str) -> None:
    expected = {(a, b): np.result_type(np.dtype(a), np.dtype(b)).name for b in DTYPES}
    expected |= {(a, t): np.result_type(np.dtype(a), v).name for t, v in SCALARS.items()}
    assert mismatches("numpy", expected) == []


def test_numpy_mode_many_dtypes_match_numpy() -> None:
    # NumPy promotes a set of dtypes at once, not as a left fold of pairs:
    # (int8, uint16, float32) -> float32, although int8+uint16 -> int32 and
    # int32+float32 -> float64.
    wrong = []
    with ak.use(promotion="numpy", **DEFAULTS):
        for names in itertools.product(DTYPES, repeat=3):
            want = np.result_type(*names)
            got = ak.result_type(*map(dtype, names))
            if got != want:
                wrong.append((names, want, got))
    assert wrong == []


@given(
    st.lists(st.sampled_from(DTYPES), min_size=1, max_size=5),
    st.lists(st.sampled_from(list(SCALARS.values())), max_size=3),
)
def test_numpy_mode_dtypes_with_scalars_match_numpy(names: list[str], scalars: list) -> None:
    want = np.result_type(*names, *scalars)
    with ak.use(promotion="numpy", **DEFAULTS):
        assert ak.result_type(*map(dtype, names), *scalars) == want


def test_numpy_mode_python_scalar_alone() -> None:
    with ak.use(promotion="numpy", **DEFAULTS):
        assert ak.result_type(ak.int8, 300) == ak.int8  # the value does not matter
        assert ak.result_type(ak.uint64, ak.int64) == ak.float64


# float16 is an extra NumPy has: "numpy" mode gives NumPy's answer for every pair,
# every Python scalar kind and every triple that involves it.
@pytest.mark.parametrize("a", DTYPES)
def test_numpy_mode_float16_matches_numpy(a: str) -> None:
    expected = {}
    for x, y in ((a, "float16"), ("float16", a), ("float16", "float16")):
        expected[x, y] = np.result_type(np.dtype(x), np.dtype(y)).name
    assert mismatches("numpy", expected) == []


def test_numpy_mode_float16_samples() -> None:
    # The task's examples, spelled out (NumPy 2's own answers; checked above in full).
    for other, want in [("int8", "float16"), ("uint8", "float16"), ("int16", "float32"),
                        ("int32", "float64"), ("float32", "float32"),
                        ("complex64", "complex64"), ("bool", "float16")]:  # fmt: skip
        assert np.result_type(other, np.float16).name == want
        assert ak_result("numpy", other, "float16") == want


def test_numpy_mode_float16_scalars_and_triples_match_numpy() -> None:
    expected = {("float16", t): np.result_type(np.float16, v).name for t, v in SCALARS.items()}
    assert expected["float16", float] == "float16"  # NEP 50: the Python float is weak
    assert mismatches("numpy", expected) == []
    wrong = []
    with ak.use(promotion="numpy", **DEFAULTS):
        for names in itertools.product([*DTYPES, "float16"], repeat=3):
            if "float16" in names and np.result_type(*names) != ak.result_type(*map(dtype, names)):
                wrong.append(names)
    assert wrong == []


@pytest.mark.parametrize("mode", ["numpy", "jax", "safe"])
def test_float16_array_with_python_float_stays_float16(mode: str) -> None:
    x = ak.asarray([1.5, -2.25], dtype=ak.float16)
    with ak.use(promotion=mode):
        y = x + 1.0
    assert y.dtype == ak.float16
    np.testing.assert_array_equal(np.asarray(y), np.asarray([1.5, -2.25], np.float16) + 1.0)


def test_strict_mode_float16_only_with_itself() -> None:
    assert ak_result("strict", "float16", "float16") == "float16"
    for other in [*DTYPES, *EXTRA]:
        if other != "float16":
            assert ak_result("strict", "float16", other) == "error", other
            assert ak_result("strict", other, "float16") == "error", other
    assert ak_result("strict", "float16", float) == "float16"  # the spec: float scalars


# ------------------------------------------------------------------ "jax"
@pytest.mark.parametrize("a", [*DTYPES, *EXTRA])
def test_jax_mode_matches_jax(a: str, jax_oracle: dict) -> None:
    expected = {k: v for k, v in jax_oracle["standard"].items() if k[0] == a}
    assert len(expected) == len(DTYPES) + len(EXTRA) + len(SCALARS)
    assert mismatches("jax", expected) == []


def test_jax_mode_many_dtypes_match_jax(jax_oracle: dict) -> None:
    got = {k: ak_result("jax", *k) for k in jax_oracle["triples"]}
    assert [(k, v, got[k]) for k, v in jax_oracle["triples"].items() if got[k] != v] == []


@pytest.mark.parametrize(
    ("default_float", "expected"), [("float64", "float64"), ("float32", "float32")]
)
def test_jax_mode_uint64_int64_gives_default_float(default_float: str, expected: str) -> None:
    for pair in (("uint64", "int64"), ("int64", "uint64"), ("uint64", "int8")):
        assert ak_result("jax", *pair, default_float=default_float) == expected
    assert ak_result("numpy", "uint64", "int64", default_float=default_float) == "float64"


# JAX without 64-bit types refuses to make int64 from uint32 with a signed integer (it
# gives int32); arraykit never narrows a promotion result: default_int is not "x32 mode".
_X32_EXCEPTIONS = {frozenset(("uint32", s)): "int64" for s in ("int8", "int16", "int32")}


def test_default_float32_jax_mode_matches_jax_without_x64(jax_oracle: dict) -> None:
    settings = {"default_float": "float32", "default_int": "int32"}
    expected = {
        k: _X32_EXCEPTIONS.get(frozenset(k), v) for k, v in jax_oracle["standard_x32"].items()
    }
    assert expected[("int8", float)] == "float32"  # the weak float is the default
    assert mismatches("jax", expected, **settings) == []


# ------------------------------------------------------------------ "strict"
@pytest.mark.parametrize("a", DTYPES)
def test_strict_mode_matches_spec(a: str) -> None:
    expected = {(a, b): spec_expected(a, b) for b in [*DTYPES, *SCALARS]}
    assert mismatches("strict", expected) == []


@pytest.mark.parametrize(
    ("a", "b"), [p for p in itertools.product(DTYPES, repeat=2) if p not in SPEC]
)
def test_strict_mode_undefined_pairs_name_both_dtypes(a: str, b: str) -> None:
    with ak.use(promotion="strict"), pytest.raises(TypeError) as info:
        ak.result_type(dtype(a), dtype(b))
    msg = str(info.value)
    assert "result_type" in msg and a in msg and b in msg


def test_strict_mode_undefined_scalar_names_both() -> None:
    with ak.use(promotion="strict"), pytest.raises(TypeError, match=r"float.*int8|int8.*float"):
        ak.result_type(ak.int8, 1.0)
    with ak.use(promotion="strict"), pytest.raises(TypeError, match=r"int.*bool|bool.*int"):
        ak.result_type(ak.bool, 1)


def test_strict_mode_agrees_with_jax_strict(jax_oracle: dict) -> None:
    # JAX's strict mode allows less than the standard (identical dtypes, weak scalars of
    # the same kind): wherever it has a result, the standard and arraykit agree with it.
    allowed = {
        k: v
        for k, v in jax_oracle["strict"].items()
        if v != "error" and not any(e in k for e in EXTRA)
    }
    assert all(spec_expected(*k) == v for k, v in allowed.items())
    assert mismatches("strict", allowed) == []


# ------------------------------------------------------------------ "safe"
def test_tf_probe_agrees_with_tf_operators(tf_safe: dict) -> None:
    # The recorded promotion is what TF's `+` does, wherever TF has a kernel and can
    # convert the Python scalar (it cannot convert True to int8, say).
    for results, ops in (("pairs", "pair_ops"), ("scalars", "scalar_ops")):
        for key, op in tf_safe[ops].items():
            if op not in ("no-kernel", "no-conversion"):
                assert op == tf_safe[results][key], key
    assert tf_safe["dtype_conversion_mode"] == "safe"


@pytest.mark.parametrize("a", [*DTYPES, *EXTRA])
def test_safe_mode_matches_tensorflow(a: str, tf_safe: dict) -> None:
    pairs = _split(tf_safe["pairs"])
    expected = {(a, b): pairs[a, b] for b in [*DTYPES, *EXTRA]}
    assert mismatches("safe", expected) == []
    scalars = _split_scalars(tf_safe["scalars"])
    for kind in SCALARS:
        settings = tf_scalar_settings(tf_safe, kind)
        assert mismatches("safe", {(a, kind): scalars[a, kind]}, **settings) == []


def test_safe_mode_refusals_name_both_dtypes() -> None:
    with ak.use(promotion="safe"), pytest.raises(TypeError, match=r"uint64.*int64|int64.*uint64"):
        ak.result_type(ak.uint64, ak.int64)
    with ak.use(promotion="safe"), pytest.raises(TypeError, match=r"float.*int32|int32.*float"):
        ak.result_type(ak.int32, 1.0)


# ------------------------------------------------------------------ default_float="float32"
@pytest.mark.parametrize("mode", ["numpy", "jax"])
def test_default_float32_for_weak_scalars(mode: str) -> None:
    f32 = {"default_float": "float32"}
    assert ak_result(mode, "int8", float, **f32) == "float32"
    assert ak_result(mode, "int64", float, **f32) == "float32"
    assert ak_result(mode, "bool", float, **f32) == "float32"
    assert ak_result(mode, "int16", complex, **f32) == "complex64"
    assert ak_result(mode, "bool", int, default_int="int32") == "int32"
    # An array's own dtype is never narrowed.
    assert ak_result(mode, "float64", float, **f32) == "float64"
    assert ak_result(mode, "float64", complex, **f32) == "complex128"
    assert ak_result(mode, "int32", "float64", **f32) == "float64"


def test_default_float32_in_arithmetic(driver: ak.drivers.Driver) -> None:
    with ak.use(default_float="float32"):
        x = ak.ones((2,), dtype=ak.int16)
        assert ak.add(x, 1.5).dtype == ak.float32
        assert (x * 0.5).dtype == ak.float32
        assert ak.ones(3).dtype == ak.float32
        np.testing.assert_array_equal(np.asarray(ak.add(x, 1.5)), np.full(2, 2.5, np.float32))


# ------------------------------------------------------------------ can_cast
def _can_cast_expected(mode: str, oracles: dict[str, Any]) -> dict[tuple[str, str], bool]:
    pairs = list(itertools.product(DTYPES, repeat=2))
    if mode == "numpy":
        return {(a, b): bool(np.can_cast(a, b)) for a, b in pairs}
    if mode == "strict":
        return {(a, b): a == b or SPEC.get((a, b)) == b for a, b in pairs}
    if mode == "jax":
        return {(a, b): oracles["jax"]["promote_types"][a, b] == b for a, b in pairs}
    tf = _split(oracles["safe"]["pairs"])
    return {(a, b): tf[a, b] == b for a, b in pairs}


@pytest.fixture(params=MODES)
def mode_oracles(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    mode = request.param
    oracles: dict[str, Any] = {}
    if mode == "jax":
        oracles["jax"] = request.getfixturevalue("jax_oracle")
    if mode == "safe":
        oracles["safe"] = request.getfixturevalue("tf_safe")
    return mode, oracles


def test_can_cast_matches_oracle(mode_oracles: tuple[str, dict[str, Any]]) -> None:
    mode, oracles = mode_oracles
    expected = _can_cast_expected(mode, oracles)
    with ak.use(promotion=mode):
        got = {(a, b): ak.can_cast(dtype(a), dtype(b)) for a, b in expected}
    assert [(k, v) for k, v in expected.items() if got[k] != v] == []


def test_can_cast_accepts_arrays(driver: ak.drivers.Driver) -> None:
    x = ak.ones((2,), dtype=ak.int16)
    assert ak.can_cast(x, ak.int32) is True
    assert ak.can_cast(x, ak.uint16) is False
    assert ak.can_cast(x, ak.float32) == bool(np.can_cast(np.int16, np.float32))
    with ak.use(promotion="strict"):
        assert ak.can_cast(x, ak.float32) is False
    with pytest.raises(TypeError, match="can_cast"):
        ak.can_cast(x, "not a dtype")


# ------------------------------------------------------------------ through ak.add
def _expected(mode: str, a: str, b: str | type, oracles: dict[str, Any]) -> str:
    if mode == "numpy":
        return np.result_type(np.dtype(a), operand(b) if isinstance(b, type) else b).name
    if mode == "strict":
        return spec_expected(a, b)
    if mode == "jax":
        return oracles["jax"]["standard"][a, b]
    tf = oracles["safe"]
    if isinstance(b, type):
        return tf["scalars"][f"{a},{b.__name__}"]
    return tf["pairs"][f"{a},{b}"]


def _supported(drv: ak.drivers.Driver, name: str) -> bool:
    caps = drv.capabilities
    return (caps.float64 or name not in ("float64", "complex128")) and (
        caps.complex or not name.startswith("complex")
    )


def _add_outcome(x: Any, y: Any) -> str:
    try:
        return ak.add(x, y).dtype.name
    except TypeError:
        return "error"


def test_add_follows_the_mode(
    driver: ak.drivers.Driver, mode_oracles: tuple[str, dict[str, Any]]
) -> None:
    mode, oracles = mode_oracles
    names = [n for n in NUMERIC if _supported(driver, n)]
    wrong = []
    for a, b in itertools.combinations_with_replacement(names, 2):  # result_type: both orders
        want = _expected(mode, a, b, oracles)
        if want not in ("error", *names):
            continue  # a result this driver cannot hold
        with ak.use(promotion=mode, **DEFAULTS):
            got = _add_outcome(ak.ones((), dtype=dtype(a)), ak.ones((), dtype=dtype(b)))
        if got != want:
            wrong.append((a, b, want, got))
    for a, kind in itertools.product(names, SCALARS):
        want = _expected(mode, a, kind, oracles)
        settings = tf_scalar_settings(oracles["safe"], kind) if mode == "safe" else DEFAULTS
        if want not in ("error", *names):
            continue
        with ak.use(promotion=mode, **settings):
            x = ak.ones((2,), dtype=dtype(a))
            for got in (_add_outcome(x, SCALARS[kind]), _add_outcome(SCALARS[kind], x)):
                if got != want:
                    wrong.append((a, kind, want, got))
    assert wrong == []


def test_add_strict_error_names_function_and_dtypes(driver: ak.drivers.Driver) -> None:
    x, y = ak.ones((2,), dtype=ak.int8), ak.ones((2,), dtype=ak.float32)
    with ak.use(promotion="strict"), pytest.raises(TypeError) as info:
        ak.add(x, y)
    msg = str(info.value)
    assert "add" in msg and "int8" in msg and "float32" in msg


def test_add_values_after_promotion(driver: ak.drivers.Driver) -> None:
    a = np.array([1, 2, 3], dtype=np.uint16)
    b = np.array([-1, 0, 1], dtype=np.int8)
    out = ak.add(ak.asarray(a), ak.asarray(b))
    np.testing.assert_array_equal(np.asarray(out), a + b)
    assert out.dtype == (a + b).dtype
