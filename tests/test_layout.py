"""The house rules of docs/architecture.md, read off the source: a driver imports only
the contract (``drivers/_base.py``, the complex special cases every driver shares,
``drivers/_complex_cases.py``, and the accurate formulas, ``drivers/_accurate.py``),
``_devices.py``, ``_dtypes.py``, its own package and its framework; no module is longer
than a reader can hold (600 lines).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "arraykit"
DRIVERS = PACKAGE / "drivers"
# What a driver may take from arraykit outside its own package.
ALLOWED_CORE = {
    "arraykit.drivers._base",
    "arraykit.drivers._complex_cases",
    "arraykit.drivers._accurate",
    "arraykit._devices",
    "arraykit._dtypes",
}
MAX_LINES = 600


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _arraykit_imports(path: Path) -> set[str]:
    """Every arraykit module ``path`` imports, relative imports resolved."""
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "arraykit"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                stem = ".".join([*base, node.module] if node.module else base)
            elif node.module and node.module.split(".")[0] == "arraykit":
                stem = node.module
            else:
                continue
            # `from .. import _base` imports a module; `from .._base import X` a name.
            found |= {f"{stem}.{a.name}" for a in node.names} | {stem}
    return found


def _driver_modules() -> list[Path]:
    return sorted(p for p in DRIVERS.rglob("*.py") if p.parent != DRIVERS)


def test_every_builtin_driver_is_a_package() -> None:
    packages = {p.parent.name for p in _driver_modules()}
    assert {"numpy", "tensorflow", "jax"} <= packages


@pytest.mark.parametrize("path", _driver_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_drivers_import_only_the_contract(path: Path) -> None:
    own = f"arraykit.drivers.{path.relative_to(DRIVERS).parts[0]}"
    foreign = {
        m
        for m in _arraykit_imports(path)
        if not (m == own or m.startswith(own + ".") or m in ALLOWED_CORE)
        and not any(m.startswith(a + ".") for a in ALLOWED_CORE)  # names taken from them
        and m not in {"arraykit", "arraykit.drivers"}  # the packages themselves
    }
    assert not foreign, f"{path.name} imports core beyond the contract: {sorted(foreign)}"


@pytest.mark.parametrize(
    "path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_no_module_is_over_600_lines(path: Path) -> None:
    assert len(path.read_text().splitlines()) <= MAX_LINES
