"""The bad-input matrix (issue 13, item 5): every public function gets wrong input of each
kind, and must raise the documented exception naming the function and the argument.

The cases are generated from the namespace: each public function's parameters are
classified by name (``x``, ``x1`` → arrays, ``axis`` → an axis, ``shape`` → a shape...)
and each class yields its bad values.  A function added later is covered with no new
code; a parameter name the classifier does not know fails ``test_every_parameter_known``
until it is classified here.

Whether a generated call is bad at all is decided by an independent reference,
array-api-strict (the standard's reference namespace): where it has the function and
accepts the call (``roll`` with a repeated axis, ``matrix_power`` with ``n=-1``), the
case is not one.  What arraykit must raise is fixed by the kind of case:

- not an array (``object()``, a string, ``None``, a ragged list), a wrong dtype kind: ``TypeError``;
- a wrong rank, incompatible shapes, repeated axes, negative sizes, a bad choice: ``ValueError``;
- an axis out of range: ``IndexError`` that is also a ``ValueError`` (NumPy's and
  array-api-strict's ``AxisError``); an integer index out of range: ``IndexError``;
- arrays of two drivers or on two devices: ``ValueError`` (``docs/architecture.md``).

Dtype-kind cases run under ``promotion="strict"``, where arraykit follows the standard
(the NumPy mode computes ``sin`` of integers in float64, as NumPy does).
"""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest
from bad_input_cases import (
    CASES,
    FUNCTIONS,
    Call,
    Case,
    array_slots,
    base_array,
    base_call,
    build,
    check_raises,
    kind_of,
    make,
    on_ak,
    strict_rejects,
)
from fake_drivers import registered_two_cpu_driver

import arraykit as ak

# ---------------------------------------------------------------- the tests


def test_every_parameter_known() -> None:
    unknown = {
        f"{fname}({p})"
        for fname, fn in FUNCTIONS.items()
        for p in inspect.signature(fn).parameters
        if kind_of(fname, p) is None
    }
    assert not unknown, f"classify these parameters in tests/test_bad_input.py: {unknown}"


def test_every_base_call_succeeds(driver: ak.drivers.Driver) -> None:
    """The valid calls the cases vary are valid, so that each case's error is its own."""
    failed = {}
    for fname in FUNCTIONS:
        call = base_call(fname)
        try:
            FUNCTIONS[fname](
                *(make(a, on_ak) for a in call.args),
                **{k: make(v, on_ak) for k, v in call.kwargs.items()},
            )
        except Exception as e:
            failed[fname] = f"{type(e).__name__}: {e}"
    assert not failed, failed


def test_matrix_is_large() -> None:
    assert len(CASES) > 500
    kinds = {c.what for c in CASES}
    assert {"object", "ragged", "dtype_bool", "axis_high", "axes_repeated", "negative"} <= kinds


# Cases that fail today, each with why it is left: strict xfails, so a fix shows up.
KNOWN: dict[str, str] = {}


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, marks=pytest.mark.xfail(reason=KNOWN[c.id], strict=True))
        if c.id in KNOWN
        else c
        for c in CASES
    ],
    ids=[c.id for c in CASES],
)
def test_bad_input(case: Case, driver: ak.drivers.Driver) -> None:
    check_raises(case, driver)


MULTI = sorted(f for f in FUNCTIONS if len(array_slots(base_call(f))) >= 2)


def test_multi_array_functions_found() -> None:
    assert {"add", "matmul", "where", "concat", "linalg.solve", "take"} <= set(MULTI)


@pytest.mark.parametrize("fname", MULTI)
def test_arrays_of_two_drivers(fname: str, driver: ak.drivers.Driver) -> None:
    call = base_call(fname)
    with registered_two_cpu_driver() as other:

        def place(n: int, data: np.ndarray) -> ak.Array:
            return ak.asarray(data, driver=driver if n == 0 else other)

        args, kwargs = build(call, place)
        with pytest.raises(ValueError, match=rf"{fname.rsplit('.', 1)[-1]}.*two drivers"):
            FUNCTIONS[fname](*args, **kwargs)


@pytest.mark.parametrize("fname", MULTI)
def test_arrays_on_two_devices(fname: str) -> None:
    call = base_call(fname)
    with registered_two_cpu_driver() as name, ak.use(name):
        last = len(array_slots(call)) - 1

        def place(n: int, data: np.ndarray) -> ak.Array:
            return ak.asarray(data, device="cpu:1" if n == last else "cpu")

        args, kwargs = build(call, place)
        with pytest.raises(ValueError, match=rf"{fname.rsplit('.', 1)[-1]}.*two devices"):
            FUNCTIONS[fname](*args, **kwargs)


def _mismatched(fname: str) -> Call | None:
    """The base call with its last array of shape (2,), if the reference refuses that."""
    call = base_call(fname)
    bad = np.ones(2, dtype=base_array(fname, "x").dtype)
    last = len(array_slots(call)) - 1
    args, kwargs = build(call, lambda n, data: bad.astype(data.dtype) if n == last else data)
    mismatched = Call(args, kwargs)
    return mismatched if strict_rejects(fname, mismatched) or fname in BAD_SHAPES else None


# Mismatched shapes the reference accepts against the standard's text.
BAD_SHAPES = {
    "linalg.cross": "array-api-strict follows np.cross, which takes 2-vectors; the standard "
    "requires size 3 along axis",
}


SHAPE_CASES = [(f, c) for f in MULTI if (c := _mismatched(f)) is not None]


@pytest.mark.parametrize("fname, call", SHAPE_CASES, ids=[f for f, _ in SHAPE_CASES])
def test_incompatible_shapes(fname: str, call: Call, driver: ak.drivers.Driver) -> None:
    args, kwargs = build(call, lambda n, data: ak.asarray(data))
    with pytest.raises((ValueError, IndexError)) as info:
        FUNCTIONS[fname](*args, **kwargs)
    message = str(info.value)
    assert re.search(rf"(?<!\w){fname.rsplit('.', 1)[-1]}(?!\w)", message), message
    assert "(2,)" in message, message
