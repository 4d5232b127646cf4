"""Calls that must NOT type-check: each marked line is an error for mypy and pyright.

tests/test_typing.py runs both checkers on this file and expects an error on exactly the
lines marked ``# error``, so the checks cannot pass vacuously (an ``Any`` leaking from
arraykit's API would let these through).  Not collected by pytest.
"""

from __future__ import annotations

import arraykit as ak
from arraykit.typing import Array, Namespace

x = ak.asarray([1.0, 2.0])
ak.zeros(3, dtype=float)  # error: a Python type is not a dtype
ak.astype(x, "float32")  # error: a string is not a dtype
ak.sum(x, axis="0")  # error: an axis is an int or a tuple of ints
ak.add(1, 2)  # error: at least one argument is an array
ak.bitwise_and(x, 1.5)  # error: bitwise functions take Python ints and bools
y: int = ak.mean(x)  # error: an Array, not a Python scalar
x[0.5]  # error: not an index
ak.linalg.solve(x)  # error: solve takes two arrays


def f(xp: Namespace, v: Array) -> Array:
    return xp.sort(v, kind="stable")  # error: kind= is arraykit's, not the standard's
