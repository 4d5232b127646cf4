"""pytest plugin: scikit-learn's own array API tests with arraykit as one more namespace.

Run as ``pytest -p sklearn_arraykit --pyargs sklearn -k "array_api or array_namespace"``
with ``tests/clients`` on ``PYTHONPATH`` (``tox -e clients`` does).  scikit-learn's array
API tests iterate over ``sklearn.utils._array_api.yield_namespaces()``; this plugin wraps
it to yield ``"arraykit"`` after ``"array_api_strict"`` (scikit-learn then imports
``arraykit`` and gets its namespace from ``arraykit.asarray(1)``), and makes the first
driver of ``ARRAYKIT_TEST_DRIVERS`` (default ``numpy``) arraykit's default for the run,
with float64 defaults, as the ``driver`` fixture of tests/ does.

At the end it prints the outcomes per namespace (arraykit, array_api_strict), so
arraykit's numbers stand next to the reference implementation's on the same tests.
"""

from __future__ import annotations

import collections
import os
from typing import Any

import pytest

_COUNTS: collections.Counter[tuple[str, str]] = collections.Counter()
_NAMESPACES = ("arraykit", "array_api_strict")


def _driver() -> str:
    return (os.environ.get("ARRAYKIT_TEST_DRIVERS") or "numpy").split(",")[0]


def pytest_configure(config: pytest.Config) -> None:
    os.environ.setdefault("SCIPY_ARRAY_API", "1")
    from sklearn.utils import _array_api

    import arraykit as ak

    # The process defaults, not this thread's: the libraries compute in worker threads too
    # (joblib's, concurrent.futures'), as a user's program would set them up.
    ak.set_defaults(_driver(), promotion="numpy", default_float="float64", default_int="int64")
    original = _array_api.yield_namespaces

    def yield_namespaces(include_numpy_namespaces: bool = True) -> Any:
        for name in original(include_numpy_namespaces=include_numpy_namespaces):
            yield name
            if name == "array_api_strict":
                yield "arraykit"

    _array_api.yield_namespaces = yield_namespaces


def _namespace(nodeid: str) -> str | None:
    params = nodeid.partition("[")[2]
    for name in _NAMESPACES:
        if name in params:
            return name
    return None


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    name = _namespace(report.nodeid)
    if name is None:
        return
    if report.when == "call" or (report.when == "setup" and not report.passed):
        outcome = report.outcome
        if hasattr(report, "wasxfail"):
            outcome = "xpassed" if report.passed else "xfailed"
        _COUNTS[name, outcome] += 1


def summary(terminalreporter: Any, what: str) -> None:
    """The outcomes per namespace, arraykit's next to array-api-strict's."""
    import arraykit

    where = os.path.dirname(os.path.dirname(arraykit.__file__))
    terminalreporter.section(f"array API {what} (arraykit on the {_driver()!r} driver)")
    terminalreporter.write_line(f"arraykit from {where}")
    for name in _NAMESPACES:
        outcomes = {o: n for (ns, o), n in sorted(_COUNTS.items()) if ns == name}
        line = ", ".join(f"{n} {o}" for o, n in outcomes.items()) or "no tests"
        terminalreporter.write_line(f"{name}: {line}")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    summary(terminalreporter, "namespaces")
