"""The backends' start-up logs silenced (``python -m arraykit info`` and the start of
``bench``): TensorFlow's ``cpu_feature_guard`` and oneDNN notices, absl's "All log
messages before absl::InitializeLog()", XLA's PjRt lines."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

__all__ = ["quiet_startup"]


@contextlib.contextmanager
def quiet_startup() -> Iterator[None]:
    """The backends' start-up logs silenced, then everything restored: the environment
    variable ``TF_CPP_MIN_LOG_LEVEL=3`` (read by TensorFlow and XLA as they load: TF's
    ``cpu_feature_guard``, oneDNN's and PjRt's notices) and the process's standard error
    (file descriptor 2, where their C++ logging writes) sent to ``os.devnull``."""
    saved = os.environ.get("TF_CPP_MIN_LOG_LEVEL")
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    sys.stderr.flush()
    try:
        fd = os.dup(2)
    except OSError:  # no descriptor 2 to silence
        fd = None
    if fd is not None:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
    try:
        yield
    finally:
        sys.stderr.flush()
        if fd is not None:
            os.dup2(fd, 2)
            os.close(fd)
        if saved is None:
            os.environ.pop("TF_CPP_MIN_LOG_LEVEL", None)
        else:
            os.environ["TF_CPP_MIN_LOG_LEVEL"] = saved
