"""What several chapters of the NumPy driver share."""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np

NDArray: TypeAlias = np.ndarray[Any, Any]
"""A native of the NumPy driver, for checkers (NumPy's stubs type ``.real``/``.imag`` of
this spelling; of ``np.ndarray``'s default one, pyright does not)."""


def as_ndarray(x: Any) -> np.ndarray:
    """``x`` as an ``np.ndarray``: reductions and other NumPy functions return a NumPy
    scalar where the result is 0-d, and the contract wants a native 0-d array there."""
    return x if type(x) is np.ndarray else np.asarray(x)
