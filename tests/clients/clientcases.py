"""The table-driven harness shared by the client tests (imported as ``from clientcases import``).

A :class:`Case` is a name, a callable that takes an array namespace (``xp``) and returns
what a client computed from arrays built with ``xp.asarray`` (an array, a scalar, or
nested tuples/lists/dicts of them), and a tolerance.  :func:`check` runs the callable
once with NumPy (the reference) and once with arraykit on the active driver, and
compares: every NumPy array in the reference must come back as an arraykit array on the
driver under test (same shape, same dtype unless the case says otherwise) with the same
values to ``rtol``/``atol``; scalars compare as numbers; anything else with ``==``.

``signs=axis`` compares eigen/singular vectors up to sign: each vector along ``axis`` of
every 2-D result is flipped so that its largest-magnitude entry is positive, in both
results, before comparing.

Arrays must also be on the device where ``ak.asarray`` puts the inputs.

``xfail`` maps a driver name to the reason the case cannot pass there (an arraykit or
client limitation); the case is then marked ``xfail(strict=True)``, so it is noticed the
day it starts passing.
"""

from __future__ import annotations

import os

# SciPy reads SCIPY_ARRAY_API once, when it is first imported, and scikit-learn refuses
# array_api_dispatch=True without it: set it here, which every client test module imports
# before its client.  (Not in a tests/clients/conftest.py: a second module named conftest
# would shadow tests/conftest.py for the test modules that `from conftest import DRIVERS`.)
# Where SciPy was imported earlier in the process, test_scipy skips and says why.
os.environ.setdefault("SCIPY_ARRAY_API", "1")

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

import arraykit as ak

#: the drivers the ``driver`` fixture runs (for cases that fail on every driver)
DRIVERS = ["numpy", "tensorflow", "jax", "dask"]

#: Tolerances: float64 results computed by the same algorithm agree to a few ulps, but the
#: order of reductions differs between backends; iterative solvers get looser bounds.
EXACT = 0.0
TIGHT = 1e-10
LOOSE = 1e-6


@dataclass(frozen=True)
class Case:
    name: str
    fn: Callable[[Any], Any]
    rtol: float = TIGHT
    atol: float = TIGHT
    signs: int | None = None
    check_dtype: bool = True
    #: the result's arrays belong to the input's namespace (False: the client returns NumPy)
    native: bool = True
    xfail: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.name


def xfail_on(driver: str, reasons: Mapping[str, str], cases: list[Case]) -> list[Case]:
    """``cases`` with the strict xfail ``reasons[name]`` on ``driver`` added by name."""
    return [
        dataclasses.replace(c, xfail={**c.xfail, driver: reasons[c.name]})
        if c.name in reasons
        else c
        for c in cases
    ]


def params(cases: list[Case]) -> list[Any]:
    """``pytest.param`` per case, ids are the case names (which must be unique)."""
    names = [c.name for c in cases]
    dupes = {n for n in names if names.count(n) > 1}
    assert not dupes, f"duplicate case names: {sorted(dupes)}"
    return [pytest.param(c, id=c.name) for c in cases]


def data(xp: Any, shape: tuple[int, ...], seed: int = 0, *, low: float = -1.0, high: float = 1.0):
    """A float64 array of ``shape`` (uniform in [low, high)), the same for every ``xp``."""
    rng = np.random.default_rng(seed)
    return xp.asarray(rng.uniform(low, high, size=shape))


def ints(xp: Any, shape: tuple[int, ...], n: int, seed: int = 0):
    """An int64 array of ``shape`` with values in ``range(n)``, the same for every ``xp``."""
    rng = np.random.default_rng(seed)
    return xp.asarray(rng.integers(0, n, size=shape).astype(np.int64))


def blobs(xp: Any, n: int = 60, d: int = 4, k: int = 3, seed: int = 0):
    """Separable classification data: ``(X, y)`` with ``k`` classes of ``n // k`` rows."""
    rng = np.random.default_rng(seed)
    centres = rng.normal(scale=4.0, size=(k, d))
    y = np.repeat(np.arange(k), n // k)
    x = centres[y] + rng.normal(size=(y.size, d))
    perm = rng.permutation(y.size)
    return xp.asarray(x[perm]), xp.asarray(y[perm].astype(np.int64))


def regression(xp: Any, n: int = 40, d: int = 5, targets: int = 0, seed: int = 0):
    """``(X, y)`` with ``y = X @ w + noise`` (``targets`` columns, 1-D when 0)."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, d))
    w = rng.normal(size=(d, max(targets, 1)))
    y = x @ w + 0.1 * rng.normal(size=(n, max(targets, 1)))
    return xp.asarray(x), xp.asarray(y if targets else y[:, 0])


def _normalise_signs(a: np.ndarray, axis: int) -> np.ndarray:
    if a.ndim != 2:
        return a
    idx = np.expand_dims(np.argmax(np.abs(a), axis=axis), axis)
    sign = np.sign(np.take_along_axis(a, idx, axis=axis))
    sign[sign == 0] = 1
    return a * sign


def _compare(got: Any, want: Any, case: Case, driver: Any, device: Any, where: str) -> None:
    if isinstance(want, np.ndarray):
        if case.native:
            assert isinstance(got, ak.Array), (
                f"{where}: expected an arraykit array, got {type(got)}"
            )
            assert got.driver.name == driver.name, (
                f"{where}: result on driver {got.driver.name}, input on {driver.name}"
            )
            assert got.device == device, f"{where}: result on {got.device}, input on {device}"
        got_np = np.asarray(got)
        assert got_np.shape == want.shape, f"{where}: shape {got_np.shape} != {want.shape}"
        if case.check_dtype:
            assert got_np.dtype == want.dtype, f"{where}: dtype {got_np.dtype} != {want.dtype}"
        if case.signs is not None:
            got_np = _normalise_signs(got_np, case.signs)
            want = _normalise_signs(want, case.signs)
        if want.dtype.kind in "biuSUO":
            np.testing.assert_array_equal(got_np, want, err_msg=where)
        else:
            np.testing.assert_allclose(
                got_np, want, rtol=case.rtol, atol=case.atol, err_msg=where, equal_nan=True
            )
    elif isinstance(want, tuple | list):
        assert isinstance(got, tuple | list), f"{where}: {type(got)} is not a sequence"
        assert len(got) == len(want), f"{where}: length {len(got)} != {len(want)}"
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            _compare(g, w, case, driver, device, f"{where}[{i}]")
    elif isinstance(want, dict):
        assert set(got) == set(want), f"{where}: keys {set(got)} != {set(want)}"
        for k in want:
            _compare(got[k], want[k], case, driver, device, f"{where}[{k!r}]")
    elif isinstance(want, bool | np.bool_):
        assert bool(got) == bool(want), f"{where}: {got} != {want}"
    elif isinstance(want, int | float | complex | np.number):
        if isinstance(got, ak.Array):
            assert got.ndim == 0, f"{where}: expected a scalar, got shape {got.shape}"
            got = got.__complex__() if isinstance(want, complex) else float(got)
        if isinstance(want, float | np.floating) and math.isnan(want):
            assert math.isnan(got), f"{where}: {got} is not nan"
        else:
            np.testing.assert_allclose(got, want, rtol=case.rtol, atol=case.atol, err_msg=where)
    else:
        assert got == want, f"{where}: {got!r} != {want!r}"


def check(case: Case, driver: Any, request: pytest.FixtureRequest) -> None:
    """Run ``case`` on NumPy and on arraykit (active driver) and compare the results."""
    reason = case.xfail.get(driver.name)
    if reason:
        request.applymarker(pytest.mark.xfail(strict=True, reason=reason))
    want = case.fn(np)
    got = case.fn(ak)
    _compare(got, want, case, driver, ak.asarray(0.0).device, case.name)
