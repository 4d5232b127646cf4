"""The bad-input matrix's classes and valid base values for the parameters of NumPy's
statistics extras (issue 25 phase 2, part A: ``arraykit/_numpy_api/order_statistics.py``,
``nan_functions.py``, ``histograms.py``, ``covariance.py``, ``interpolation.py``), merged
into ``tests/bad_input_cases.py``'s tables (whose class names these strings are)."""

from __future__ import annotations

from typing import Any

import numpy as np

# parameter name -> its class
KINDS: dict[str, str] = {
    **dict.fromkeys(("q", "xp", "fp", "y", "fweights", "aweights", "sample"), "array"),
    "minlength": "size",
    "method": "choice",
    **dict.fromkeys(("overwrite_input", "density", "right", "rowvar", "bias"), "flag"),
    **dict.fromkeys(("ddof", "period", "left"), "scalar"),
    # any data, as NumPy's: a mean of keepdims' shape, bins (a count, edges or an
    # estimator's name), a range (a pair): tests/test_numpy_api.py
    **dict.fromkeys(("mean", "bins", "range"), "other"),
}
# (function, parameter) -> its class, where the name means something else there
KIND_OVERRIDES: dict[tuple[str, str], str] = {
    ("interp", "right"): "scalar",
    ("digitize", "bins"): "array",
}
# (function, parameter) -> a valid array (host data) for the base calls
BASE_ARRAYS: dict[tuple[str, str], np.ndarray] = {
    ("bincount", "x"): np.array([0, 1, 1, 2]),
    ("digitize", "bins"): np.array([0.0, 0.25, 1.0]),
    ("interp", "x"): np.array([0.5, 1.5]),
    ("interp", "xp"): np.array([0.0, 1.0, 2.0]),
    ("interp", "fp"): np.array([1.0, 3.0, 2.0]),
    ("histogram2d", "x"): np.array([0.1, 0.5, 0.9]),
    ("histogram2d", "y"): np.array([0.2, 0.4, 0.3]),
}
BASE_VALUES: dict[str, Any] = {"q": 0.5}
