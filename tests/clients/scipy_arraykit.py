"""pytest plugin: SciPy's own array API tests with arraykit as one more backend.

Run as ``SCIPY_ARRAY_API=1 pytest -p scipy_arraykit --pyargs scipy.special -m
array_api_backends`` with ``tests/clients`` on ``PYTHONPATH`` (``tox -e clients`` does).
SciPy's tests take their namespace from the ``xp`` fixture of ``scipy/conftest.py``,
parametrised over the backends found at import; when that conftest is registered, this
plugin adds ``arraykit`` to its parameters (after ``array_api_strict``) and to its known
backends (so ``skip_xp_backends`` markers naming others still resolve), and makes the first
driver of ``ARRAYKIT_TEST_DRIVERS`` (default ``numpy``) arraykit's default, with float64
defaults.  At the end it prints the outcomes per backend, arraykit's next to
array-api-strict's.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

import pytest
from sklearn_arraykit import _driver, pytest_runtest_logreport, summary  # noqa: F401

# The outcomes per backend are counted by the hook imported from sklearn_arraykit.


def pytest_configure(config: pytest.Config) -> None:
    os.environ.setdefault("SCIPY_ARRAY_API", "1")
    import arraykit as ak

    # The process defaults, not this thread's: the libraries compute in worker threads too
    # (joblib's, concurrent.futures'), as a user's program would set them up.
    ak.set_defaults(_driver(), promotion="numpy", default_float="float64", default_int="int64")


def pytest_plugin_registered(plugin: Any, manager: Any) -> None:
    if getattr(plugin, "__name__", None) != "scipy.conftest":
        return
    import arraykit

    fixture = plugin.xp
    marker = fixture._fixture_function_marker
    param = pytest.param(arraykit, id="arraykit", marks=pytest.mark.array_api_backends)
    fixture._fixture_function_marker = dataclasses.replace(marker, params=(*marker.params, param))
    plugin.xp_known_backends.add("arraykit")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    summary(terminalreporter, "backends")
