"""Log-factorials without cancellation, for the discrete samplers of ``ak.random``
(``_discrete``'s PTRS and BTRS, ``_hypergeometric``'s HRUA and inversions): Stirling's
series with Hormann's table of its remainder for small arguments (W. Hormann, "The
transformed rejection method for generating Poisson random variables", Insurance:
Mathematics and Economics 12, 1993), and the log of a falling factorial written so that
two huge log-factorials never cancel.  Each takes float64 arrays or Python numbers (then
the same recurrences in Python floats, for the host tables of ``_inversion``).
"""

from __future__ import annotations

import math
from typing import Any

import arraykit as ak

# log(k!) - ((k + 1/2) log(k + 1) - (k + 1) + log(2 pi) / 2) for k = 0..9 (Hormann 1993)
_FC = (
    0.0810614667953272,
    0.0413406959554092,
    0.0276779256849983,
    0.02079067210376509,
    0.0166446911898211,
    0.0138761288230707,
    0.0118967099458917,
    0.0104112652619720,
    0.00925546218271273,
    0.00833056343336287,
)
HALF_LOG_2PI = 0.9189385332046727


def stirling_tail(k: Any) -> Any:
    """``fc(k) = log(k!) - (k + 1/2) log(k + 1) + (k + 1) - log(2 pi) / 2`` for integral
    ``k >= 0`` (a float64 array or a Python number): the table for ``k <= 9``, else the
    series ``(1/12 - (1/360 - r**2/1260) r**2) r`` with ``r = 1/(k+1)``."""
    if not isinstance(k, ak.Array):
        if k <= 9:
            return _FC[int(k)]
        r = 1 / (k + 1)
        return (1.0 / 12 - (1.0 / 360 - r * r * (1.0 / 1260)) * r * r) * r
    r = 1 / (ak.maximum(k, 9.0) + 1)
    r2 = r * r
    out = (1.0 / 12 - (1.0 / 360 - r2 * (1.0 / 1260)) * r2) * r
    for i, v in enumerate(_FC):  # selects, not a gather: they fuse with the rest
        out = ak.where(k == i, v, out)
    return out


def _xp(*values: Any) -> Any:
    return ak if any(isinstance(v, ak.Array) for v in values) else math


def log_falling(a: Any, t: Any) -> Any:
    """``log(a! / (a - t)!)`` for integral ``0 <= t <= a`` (float64 arrays or Python
    numbers), without the cancellation of two log-factorials of large ``a``: ``(a - t +
    1/2) log1p(t / (a - t + 1)) + t log(a + 1) - t + fc(a) - fc(a - t)``."""
    xp, b = _xp(a, t), a - t
    return (
        (b + 0.5) * xp.log1p(t / (b + 1))
        + t * xp.log(a + 1)
        - t
        + (stirling_tail(a) - stirling_tail(b))
    )


def log_factorial_diff(x: Any, y: Any) -> Any:
    """``log(x!) - log(y!)`` for integral ``x, y >= 0`` (float64 arrays), by
    :func:`log_falling` of the larger over the smaller."""
    hi, lo = ak.maximum(x, y), ak.minimum(x, y)
    d = log_falling(hi, hi - lo)
    return ak.where(x >= y, d, -d)


def log_factorial(k: Any) -> Any:
    """``log(k!)`` for integral ``k >= 0`` (a float64 array or a Python number): ``(k +
    1/2) log(k + 1) - (k + 1) + log(2 pi)/2 + fc(k)``."""
    return (k + 0.5) * _xp(k).log(k + 1) - (k + 1) + HALF_LOG_2PI + stirling_tail(k)
