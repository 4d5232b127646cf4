"""Every ```python block of README.md and docs/**/*.md runs as a saved script, ``python
file.py`` in a fresh process (issue 29 #4: README's Dask example failed so, without its
``if __name__ == "__main__":`` guard), on each driver it names: as written where every
framework it names is installed, and else, for each driver under test that it names,
with the other drivers it names replaced by that one.  A block that imports a framework
not installed here, or needs a GPU this machine lacks, is skipped with the reason.

README's first ```bash block is checked too: the two commands a new user runs, the ones
``.ci/fresh-setup`` runs and, for the tests, the one ``.ci/run`` runs.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FRAMEWORK = {"numpy": "numpy", "jax": "jax", "tensorflow": "tensorflow", "dask": "dask"}
_USE = re.compile(r'ak\.use\("(\w+)"')
_IMPORT = re.compile(r"^\s*(?:import|from)\s+(tensorflow|jax|dask)\b", re.M)


def blocks() -> list[tuple[str, str]]:
    """(``page:line``, code) of every ```python block."""
    out = []
    for page in PAGES:
        if "_build" in page.parts:
            continue
        lines = page.read_text(encoding="utf-8").splitlines()
        start = None
        for i, line in enumerate(lines):
            if start is None and line.strip() == "```python":
                start = i + 1
            elif start is not None and line.strip() == "```":
                out.append((f"{page.relative_to(ROOT)}:{start}", "\n".join(lines[start:i])))
                start = None
    return out


def _installed(framework: str) -> bool:
    return importlib.util.find_spec(framework) is not None


def _under_test() -> list[str]:
    wanted = os.environ.get("ARRAYKIT_TEST_DRIVERS")
    return wanted.split(",") if wanted else list(FRAMEWORK)


def _swap(code: str, missing: list[str], to: str) -> str:
    """``code`` with ``ak.use("X"`` turned into ``ak.use("to"`` for each X in ``missing``."""
    return _USE.sub(lambda m: f'ak.use("{to if m.group(1) in missing else m.group(1)}"', code)


def variants(code: str) -> list[tuple[str, str | None, str]]:
    """(name, the script or ``None``, why it is skipped) for one block."""
    named = list(dict.fromkeys(_USE.findall(code)))
    imported = set(_IMPORT.findall(code))
    missing_imports = sorted(f for f in imported if not _installed(f))
    if missing_imports:
        return [("as written", None, f"imports {', '.join(missing_imports)}, not installed")]
    if '"gpu:' in code:
        import arraykit as ak

        here = [n for n in named if _installed(FRAMEWORK.get(n, n))]
        gpus = [d for n in here for d in ak.drivers.get(n).devices() if "gpu" in str(d)]
        if not gpus:
            return [("as written", None, "needs a GPU, none here")]
    missing = [n for n in named if not _installed(FRAMEWORK.get(n, n))]
    if not missing:
        # once per CI run: in the job of a driver it names (NumPy's for a block naming none)
        runs_in = named or ["numpy"]
        if not set(runs_in) & set(_under_test()):
            return [("as written", None, f"runs where {' or '.join(runs_in)} is under test")]
        return [("as written", code, "")]
    out: list[tuple[str, str | None, str]] = []
    for d in named:
        if d in missing or d not in _under_test():
            continue
        out.append((f"on {d}", _swap(code, missing, d), ""))
    return out or [("as written", None, f"names {', '.join(missing)}, not installed")]


CASES = [
    pytest.param(code, why, id=f"{where} {name}")
    for where, block in blocks()
    for name, code, why in variants(block)
]


@pytest.mark.parametrize(("code", "why"), CASES)
def test_example_runs_as_a_saved_script(code: str | None, why: str, tmp_path: Path) -> None:
    if code is None:
        pytest.skip(why)
    script = tmp_path / "example.py"
    script.write_text(code + "\n", encoding="utf-8")
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (env.get("PYTHONPATH"), str(ROOT)) if p)
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]


def test_every_page_block_is_collected() -> None:
    """The extraction finds the blocks issue 29 names (README's Dask one among them)."""
    found = dict(blocks())
    dask = [code for where, code in found.items() if "Client()" in code]
    assert dask and all('if __name__ == "__main__":' in code for code in dask)
    assert any(where.startswith("README.md") for where in found)
    assert any(where.startswith("docs/") for where in found)


def readme_commands() -> list[str]:
    """The commands of README's first ```bash block (its lines that are not comments)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("```bash\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip() and not line.startswith("#")]


def test_readme_starts_with_the_two_commands_of_a_fresh_machine() -> None:
    """Each creates and uses a venv (a stock Debian/Ubuntu pip refuses to install outside
    one, and has no ``python`` command), states its duration, and is what CI runs."""
    bench, tests = readme_commands()
    for cmd in (bench, tests):
        assert cmd.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")
    assert bench.endswith("python -m arraykit bench --quick")
    tox = tests.split(" && ")[-1]
    envs = (
        "lint,typing,package,py311-numpy,py311-jax,py311-tensorflow,py311-dask,py311-sharding,"
        "py312,py313"
    )
    assert tox == f"tox p -p 2 -e {envs}"  # two environments at a time: CI's two cores
    assert f"-m {tox}" in (ROOT / ".ci" / "run").read_text()
    comments = (ROOT / "README.md").read_text().split("```bash\n", 1)[1].split("```")[0]
    assert len(re.findall(r"~\d+ min on 2 cores", comments)) == 2
