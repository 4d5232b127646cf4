"""The deprecation rule of the test suite (tests/deprecations.py, issue 27 #5) holds: a
backend's deprecation raised while arraykit's code calls it fails the test, wherever the
backend's ``stacklevel`` attributes it, and one that a test causes itself does not.

The "backend" and "arraykit" here are functions compiled with a file name inside NumPy's
and arraykit's package folders (a frame's file is what the rule reads), so no real
deprecated API is needed.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from deprecations import DEPRECATIONS, quiet

import arraykit as ak

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("ARRAYKIT_DEPRECATIONS_LOG")),
    reason="ARRAYKIT_DEPRECATIONS_LOG is set: deprecations are logged, not raised",
)
IN_ARRAYKIT = str(Path(ak.__file__).resolve().parent / "_deprecation_probe.py")
IN_NUMPY = str(Path(np.__file__).resolve().parent / "_deprecation_probe.py")
# NumPy's own function, warning about itself from deep inside (stacklevel=1: the warning
# is attributed to NumPy's module, as NumPy's fftn's is to _raw_fftnd's).
BACKEND = (
    "import warnings\n"
    "def old(category):\n"
    "    warnings.warn('old is deprecated', category, stacklevel=1)\n"
    "    return 1\n"
)
CALLER = "def call(category):\n    return old(category)\n"


def _caller(file: str) -> Callable[[type[Warning]], Any]:
    """``call(category)``, defined in ``file``, calling the backend's deprecated ``old``."""
    namespace: dict[str, Any] = {"__name__": "numpy._deprecation_probe"}
    exec(compile(BACKEND, IN_NUMPY, "exec"), namespace)
    exec(compile(CALLER, file, "exec"), namespace)
    return namespace["call"]


@pytest.mark.parametrize("category", DEPRECATIONS, ids=lambda c: c.__name__)
def test_backend_deprecation_under_arraykit_is_an_error(category: type[Warning]) -> None:
    with pytest.raises(category, match="old is deprecated"):
        _caller(IN_ARRAYKIT)(category)


@pytest.mark.parametrize("category", DEPRECATIONS, ids=lambda c: c.__name__)
def test_backend_deprecation_from_a_test_is_a_warning(category: type[Warning]) -> None:
    with pytest.warns(category, match="old is deprecated"):
        assert _caller(__file__)(category) == 1


def test_other_warnings_under_arraykit_stay_warnings() -> None:
    with pytest.warns(RuntimeWarning, match="old is deprecated"):
        assert _caller(IN_ARRAYKIT)(RuntimeWarning) == 1


def test_quiet_silences_all_but_arraykits_deprecations() -> None:
    with quiet():
        assert _caller(IN_ARRAYKIT)(RuntimeWarning) == 1
        assert _caller(__file__)(UserWarning) == 1
        with pytest.raises(DeprecationWarning):
            _caller(IN_ARRAYKIT)(DeprecationWarning)


def test_arraykit_deprecation_in_a_worker_thread_is_an_error() -> None:
    """Dask's threaded scheduler runs arraykit's block functions in its own threads."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        future = pool.submit(_caller(IN_ARRAYKIT), DeprecationWarning)
        with pytest.raises(DeprecationWarning):
            future.result()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with ThreadPoolExecutor(1) as pool:
            assert pool.submit(_caller(__file__), DeprecationWarning).result() == 1
    assert [type(w.message) for w in caught] == [DeprecationWarning]
