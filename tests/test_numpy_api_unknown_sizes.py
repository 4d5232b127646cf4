"""NumPy's extras on a lazy driver's arrays of unknown size (``None`` in ``shape``: a
boolean index, ``nonzero`` or ``unique_*`` made them): a function that needs a size it
does not know yet refuses with ``ValueError`` naming the remedy (``ak.compute``), as the
standard's functions do, and after ``ak.compute`` it gives NumPy's answer.

Before, these calls reached Python arithmetic with ``None`` and raised ``TypeError``
(``'>' not supported between instances of 'int' and 'NoneType'``) or a core function's
"'shape' must be a tuple of ints" (found by mypy and pyright, issue 27).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import arraykit as ak

XS = np.array([1.0, -2.0, 3.0, 0.5, 5.0, -1.0, 2.5, 4.0, 0.25, 6.0])
M = np.arange(24.0).reshape(8, 3) - 7.5
ROWS = np.array([True, False, True, True, False, True, True, False])
K = np.array([1.0, 0.5, 2.0])

# name -> f(xp, a, b, k): a is 1-D, b is 2-D (rows unknown), k is 1-D of known size; xp
# is the namespace (arraykit or NumPy)
CALLS: dict[str, Callable[[Any, Any, Any, Any], Any]] = {
    "convolve": lambda xp, a, b, k: xp.convolve(a, k),
    "convolve-v": lambda xp, a, b, k: xp.convolve(k, a, "same"),
    "correlate": lambda xp, a, b, k: xp.correlate(a, k, "full"),
    "correlate-v": lambda xp, a, b, k: xp.correlate(k, a, "valid"),
    "median": lambda xp, a, b, k: xp.median(b, axis=1),
    "nanmedian": lambda xp, a, b, k: xp.nanmedian(b, axis=1, keepdims=True),
    "quantile": lambda xp, a, b, k: xp.quantile(b, 0.3, axis=1),
    "percentile": lambda xp, a, b, k: xp.percentile(b, [10, 90], axis=-1, method="lower"),
    "nanquantile": lambda xp, a, b, k: xp.nanquantile(b, 0.5, axis=1),
    "quantile-weights-axis": lambda xp, a, b, k: xp.quantile(
        b, 0.5, axis=0, weights=b * 0 + 1, method="inverted_cdf"
    ),
    "quantile-weights": lambda xp, a, b, k: xp.quantile(
        a, 0.5, weights=a * 0 + 1, method="inverted_cdf"
    ),
}


def _inputs(xp: Any) -> tuple[Any, Any, Any]:
    x, m = xp.asarray(XS), xp.asarray(M)
    return x[x > 0], m[xp.asarray(ROWS)], xp.asarray(K)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_unknown_sizes_refuse_naming_the_remedy(driver: ak.drivers.Driver, name: str) -> None:
    call = CALLS[name]
    a, b, k = _inputs(ak)
    if not driver.capabilities.lazy:
        assert None not in a.shape + b.shape  # every size known: nothing to refuse
    else:
        assert a.shape == (None,) and b.shape == (None, 3)
        with pytest.raises(ValueError, match=r"call ak\.compute\(x\) first"):
            call(ak, a, b, k)
        a, b = ak.compute(a), ak.compute(b)
    got = call(ak, a, b, k)
    want = call(np, *_inputs(np))
    if isinstance(want, tuple):
        for g, w in zip(got, want, strict=True):
            np.testing.assert_allclose(np.asarray(g), w, rtol=1e-12, atol=1e-12)
    else:
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12, atol=1e-12)
