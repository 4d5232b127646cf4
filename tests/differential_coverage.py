"""The differential fuzzer's coverage table: calls per function, dtype and layout, per
driver, and the public functions never called; printed at the end of each pytest run (a
terminal summary, so it is in CI's log) and written to ``ARRAYKIT_FUZZ_REPORT``.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections import Counter
from typing import Any

import arraykit as ak


def public_names() -> set[str]:
    """Every public callable of ``ak``, ``ak.linalg`` and ``ak.fft`` (classes and modules
    aside), read from the namespace itself."""

    def wanted(obj: Any) -> bool:
        return callable(obj) and not isinstance(obj, type) and not inspect.ismodule(obj)

    out = {n for n, o in vars(ak).items() if not n.startswith("_") and wanted(o)}
    out.add("__array_namespace_info__")
    for mod in (ak.linalg, ak.fft):
        prefix = mod.__name__.rsplit(".", 1)[1]
        out |= {f"{prefix}.{n}" for n in mod.__all__ if wanted(getattr(mod, n))}
    return out


PUBLIC = public_names()


@dataclasses.dataclass
class Coverage:
    """One driver's counts in this pytest run."""

    function: Counter = dataclasses.field(default_factory=Counter)
    dtype: Counter = dataclasses.field(default_factory=Counter)
    layout: Counter = dataclasses.field(default_factory=Counter)
    swept: set[str] = dataclasses.field(default_factory=set)
    programs: int = 0
    calls: int = 0
    seconds: float = 0.0

    def called(self) -> set[str]:
        return set(self.function) | self.swept

    def never_called(self) -> list[str]:
        return sorted(PUBLIC - self.called())


COVERAGE: dict[str, Coverage] = {}


def report_row(name: str, stats: Counter) -> dict[str, Any]:
    cov = COVERAGE.get(name, Coverage())
    return {
        "driver": name,
        "programs": cov.programs,
        "calls": cov.calls,
        "seconds": round(cov.seconds, 1),
        "per_function": dict(sorted(cov.function.items())),
        "per_dtype": dict(sorted(cov.dtype.items())),
        "per_layout": dict(sorted(cov.layout.items())),
        "swept": len(cov.swept),
        "never_called": cov.never_called(),
        "events": dict(sorted(stats.items())),
    }


def _columns(counts: Counter, width: int = 100) -> list[str]:
    cells = [f"{k} {v}" for k, v in sorted(counts.items())]
    size = max((len(c) for c in cells), default=0) + 2
    per = max(1, width // size)
    return ["  " + "".join(c.ljust(size) for c in cells[i : i + per])
            for i in range(0, len(cells), per)]  # fmt: skip


def table(name: str, cov: Coverage) -> list[str]:
    lines = [
        f"{name}: {cov.programs} programs, {cov.calls} calls in {cov.seconds:.0f} s; "
        f"{len(cov.function)} functions drawn, {len(cov.swept)} swept"
    ]
    lines += ["calls per function:", *_columns(cov.function)]
    lines += ["calls per dtype:", *_columns(cov.dtype)]
    lines += ["calls per layout:", *_columns(cov.layout)]
    never = cov.never_called()
    lines.append(f"public functions never called: {', '.join(never) if never else 'none'}")
    return lines


class Report:
    """A pytest plugin: the coverage table in the terminal summary."""

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not COVERAGE:
            return
        terminalreporter.write_sep("=", "differential fuzzing coverage")
        for name, cov in COVERAGE.items():
            for line in table(name, cov):
                terminalreporter.write_line(line)
