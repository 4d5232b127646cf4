"""Deprecation hygiene (issue 27 #5): a ``DeprecationWarning``, ``PendingDeprecationWarning``
or ``FutureWarning`` that NumPy, TensorFlow, JAX or Dask raise while arraykit's code calls
them is an error in the test suite.

pyproject's ``error::DeprecationWarning:arraykit.*`` filters catch a warning *attributed*
to an arraykit module, which is where a backend's ``stacklevel`` points only when arraykit
called the deprecated function itself; one raised deeper (NumPy's ``fftn`` warns from
``_raw_fftnd``, TF and JAX from their own wrappers) is attributed to the backend and slips
through.  So ``conftest.py`` shows every warning of a test (and of collection) through
``raising_deprecations()``: walking out from where the warning was raised, the first
frame that is arraykit's or the tests' own decides.  arraykit's frame first: arraykit
called the backend, and the warning is raised as an exception there (as ``-W error``
would).  A test's frame first: the test (or a client library it calls, scikit-learn,
SciPy) used the backend itself, and the warning is only recorded.

``ARRAYKIT_DEPRECATIONS_LOG=FILE`` writes each such warning (test, message, stack) to FILE
as a JSON line instead of raising, to see all of them in one run.

Blocks of the tests that silence warnings around arraykit calls use ``quiet()``, which
silences everything but these categories, so that the rule still holds inside them.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import arraykit as ak

DEPRECATIONS = (DeprecationWarning, PendingDeprecationWarning, FutureWarning)
_ARRAYKIT = str(Path(ak.__file__).resolve().parent) + os.sep
_TESTS = str(Path(__file__).resolve().parent) + os.sep
_LOG = os.environ.get("ARRAYKIT_DEPRECATIONS_LOG")


def raised_by_arraykit(frame: FrameType | None) -> bool:
    """Whether, walking out from ``frame``, arraykit's code comes before the tests'."""
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(_ARRAYKIT):
            return True
        if name.startswith(_TESTS):
            return False
        frame = frame.f_back
    return False


def _stack(frame: FrameType | None) -> list[str]:
    out = []
    while frame is not None:
        out.append(f"{frame.f_code.co_filename}:{frame.f_lineno}")
        frame = frame.f_back
    return out


@contextlib.contextmanager
def raising_deprecations(where: str) -> Iterator[None]:
    """Within: a deprecation raised while arraykit's code runs is raised, not shown."""
    shown: Callable[..., Any] = warnings.showwarning

    def show(message: Warning | str, category: type[Warning], *rest: Any) -> None:
        if issubclass(category, DEPRECATIONS) and raised_by_arraykit(sys._getframe(1)):
            if not _LOG:
                raise message if isinstance(message, Warning) else category(message)
            record = {"test": where, "category": category.__name__, "message": str(message),
                      "stack": _stack(sys._getframe(1))}  # fmt: skip
            with open(_LOG, "a", encoding="utf-8") as log:
                log.write(json.dumps(record) + "\n")
        shown(message, category, *rest)

    warnings.showwarning = show
    try:
        yield
    finally:
        warnings.showwarning = shown


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """``warnings.simplefilter("ignore")`` for every warning but the deprecations."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for category in DEPRECATIONS:
            warnings.simplefilter("always", category)
        yield
