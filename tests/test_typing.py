"""arraykit typed and checked (issue 27): what type checkers read matches what runs, and
mypy --strict and pyright agree with tests/typing/'s library-author programs.

The checker tests run mypy and pyright for real where they are installed (the tox env
``typing`` pins both) and are skipped, saying so, elsewhere.  Each checker also runs on
``arraykit/`` itself, where its errors per file must equal ``tests/typing/baseline.json``
(none for the public modules): a new error fails, and so does a fixed one until the
baseline is lowered (``python tests/test_typing.py --write-baseline``), so the count only
goes down.
"""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Protocol

import pytest

import arraykit as ak
from arraykit import _array_methods, _elementwise
from arraykit.typing import FFTNamespace, LinalgNamespace, Namespace

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = ROOT / "tests" / "typing"
BASELINE = PROGRAMS / "baseline.json"
CHECKERS = ("mypy", "pyright")
# Modules a library author's checker reads for arraykit's public types: no error allowed.
PUBLIC = (
    "arraykit/__init__.py",
    "arraykit/typing.py",
    "arraykit/_types.py",
    "arraykit/_array.py",
    "arraykit/_array_methods.py",
    "arraykit/_version.py",
    "arraykit/drivers/_primitives.py",
)


# ---------------------------------------------------------------------- what runs
class _Empty(Protocol):
    """The names every protocol class statement has (Python 3.13 adds ``__firstlineno__``
    and ``__static_attributes__`` to a class statement's, not to ``type()``'s)."""


_PROTOCOL_INTERNALS = set(vars(_Empty)) | {"__annotations__"}


def _members(protocol: type) -> set[str]:
    """The names a protocol declares (attributes and methods)."""
    return (set(vars(protocol)) | set(protocol.__annotations__)) - _PROTOCOL_INTERNALS


def test_all_lists_every_public_name() -> None:
    """``ak.__all__`` is spelled out for checkers; it must be the namespace's public names."""
    public = {
        n
        for n in vars(ak)
        if (not n.startswith("_") or n in ("__version__", "__array_api_version__"))
        and n != "annotations"  # from __future__
    } | {"__array_namespace_info__"}
    assert sorted(set(ak.__all__) ^ public) == []
    assert len(ak.__all__) == len(set(ak.__all__))
    assert set(_elementwise.__all__) == set(_elementwise.TABLE) | {"clip", "positive"}


def test_array_methods_declared_are_those_installed() -> None:
    """Every method ``_methods``/``_ndarray`` install on Array is declared for checkers in
    ``_array_methods.ArrayMethods``, and every declaration is installed."""
    source = (ROOT / "arraykit" / "_array.py").read_text()
    cls = next(
        n for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name == "Array"
    )
    written = {
        t.id if isinstance(t, ast.Name) else t.name
        for node in cls.body
        for t in (
            [node]
            if isinstance(node, ast.FunctionDef)
            else node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        if isinstance(t, (ast.Name, ast.FunctionDef))
    }
    installed = set(vars(ak.Array)) - written
    installed -= {"__module__", "__doc__", "__slots__", "__annotations__", "__weakref__"}
    installed -= {n for n in installed if n.startswith("_") and not n.startswith("__")}
    installed -= {"__firstlineno__", "__static_attributes__", "__parameters__", "__orig_bases__"}
    installed -= {"__reduce__"}  # pickling (_interop): object's own signature holds
    declared = _members(_array_methods.ArrayMethods) - {"__slots__", "__hash__"}  # Array sets both
    assert sorted(installed - declared) == [], "installed but not declared"
    assert sorted(declared - installed) == [], "declared but not installed"


def test_namespace_protocol_is_the_standards_namespace() -> None:
    """``arraykit.typing.Namespace`` declares the standard's names, no more, no fewer (the
    list array-api-strict exports, less its own flag functions)."""
    strict = pytest.importorskip("array_api_strict")
    own = {"set_array_api_strict_flags", "get_array_api_strict_flags",
           "reset_array_api_strict_flags", "ArrayAPIStrictFlags", "Device"}  # fmt: skip
    standard = {n for n in strict.__all__ if not n.startswith("_")} - own
    standard |= {"__array_namespace_info__", "__array_api_version__"}
    assert sorted(_members(Namespace) ^ standard) == []
    linalg = {n for n in dir(strict.linalg) if n in dir(ak.linalg) and not n.startswith("_")}
    linalg -= {"Array", "DType", "Literal", "NamedTuple", "Sequence", "np", "complex64",
               "complex128", "finfo", "EigResult", "EighResult", "QRResult", "SVDResult",
               "SlogdetResult"}  # fmt: skip
    assert sorted(_members(LinalgNamespace) ^ linalg) == []
    fft = {n for n in dir(strict.fft) if callable(getattr(ak.fft, n, None))} - {
        "Array", "DType", "Device", "Literal", "Sequence", "astype", "requires_extension",
    }  # fmt: skip
    assert sorted(_members(FFTNamespace) ^ fft) == []


def test_version_is_written_once() -> None:
    """``arraykit/_version.py`` is the one place: the installed metadata (where arraykit is
    installed as a distribution), ``ak.__version__``, the CLI and the docs read it."""
    from arraykit import _version

    assert ak.__version__ == _version.__version__
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject and 'path = "arraykit/_version.py"' in pyproject
    assert re.search(r"^version\s*=", pyproject, re.M) is None
    assert "release = arraykit.__version__" in (ROOT / "docs" / "conf.py").read_text()
    info = subprocess.run(
        [sys.executable, "-m", "arraykit", "info"], capture_output=True, text=True, check=True
    )
    assert f"arraykit {_version.__version__} " in info.stdout
    try:
        installed = importlib.metadata.version("arraykit-api")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("arraykit-api is not installed as a distribution here (a source checkout)")
    assert installed == _version.__version__


# ---------------------------------------------------------------------- the checkers
def _checker(name: str) -> list[str]:
    if importlib.util.find_spec(name) is None:
        pytest.skip(f"{name} is not installed here; the tox env 'typing' runs it (pinned)")
    return [sys.executable, "-m", name]


def _errors(checker: str, paths: list[str], *, package: bool = False) -> list[tuple[str, int]]:
    """``(file, line)`` of every error ``checker`` reports on ``paths`` (relative to ROOT)."""
    if checker == "mypy":
        cmd = [*_checker("mypy"), "--no-incremental"]
        # A library author's view: errors in their files only, arraykit's types as read.
        cmd += [] if package else ["--strict", "--follow-imports=silent"]
        out = subprocess.run([*cmd, *paths], capture_output=True, text=True, cwd=ROOT)
        pattern = re.compile(r"^(\S+?):(\d+): error:", re.M)
        found = [(f, int(n)) for f, n in pattern.findall(out.stdout)]
    else:
        cmd = [*_checker("pyright"), "--outputjson", "--pythonpath", sys.executable]
        out = subprocess.run([*cmd, *paths], capture_output=True, text=True, cwd=ROOT)
        report = json.loads(out.stdout)
        found = [
            (str(Path(d["file"]).relative_to(ROOT)), d["range"]["start"]["line"] + 1)
            for d in report["generalDiagnostics"]
            if d["severity"] == "error"
        ]
    assert out.returncode in (0, 1), out.stdout + out.stderr  # 2: the checker failed
    return found


@pytest.mark.parametrize("checker", CHECKERS)
def test_library_author_program_type_checks(checker: str) -> None:
    """tests/typing/library_author.py: every ``assert_type`` holds, ``ak`` is a Namespace."""
    assert _errors(checker, ["tests/typing/library_author.py"]) == []


@pytest.mark.parametrize("checker", CHECKERS)
def test_wrong_calls_do_not_type_check(checker: str) -> None:
    """tests/typing/must_fail.py: an error on exactly the lines marked ``# error``."""
    path = "tests/typing/must_fail.py"
    lines = (ROOT / path).read_text().splitlines()
    marked = {i for i, line in enumerate(lines, 1) if "  # error" in line}
    assert len(marked) >= 8
    assert {n for _, n in _errors(checker, [path])} == marked


def _counts(checker: str) -> dict[str, int]:
    return dict(sorted(Counter(f for f, _ in _errors(checker, ["arraykit"], package=True)).items()))


@pytest.mark.parametrize("checker", CHECKERS)
def test_arraykit_errors_match_the_baseline(checker: str) -> None:
    """mypy --strict (pyproject's [tool.mypy]) and pyright ([tool.pyright]: strict for the
    public modules) on arraykit/: the public modules have no error, every other file
    exactly its baseline count."""
    counts = _counts(checker)
    assert {f: n for f, n in counts.items() if f in PUBLIC} == {}
    baseline = json.loads(BASELINE.read_text())[checker]
    assert counts == baseline, (
        "errors per file differ from tests/typing/baseline.json; fix the new ones, or lower "
        "the baseline with `python tests/test_typing.py --write-baseline`"
    )


if __name__ == "__main__" and sys.argv[1:] == ["--write-baseline"]:
    BASELINE.write_text(json.dumps({c: _counts(c) for c in CHECKERS}, indent=1) + "\n")
