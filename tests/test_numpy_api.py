"""NumPy code ports unchanged (issue 25): every callable of TF-NumPy (``dir(tnp)`` with
TensorFlow 2.21) is in arraykit, with NumPy's signature and NumPy's answers, on every
driver, eagerly and under ``ak.jit``.

Generated from the list of names: each name (TF-NumPy's, and every NumPy extension of
``arraykit/_numpy_api``) needs a row in ``tests/numpy_api_cases.py``, which says how to
call it on NumPy and on arraykit, over which dtypes and inputs (0-D, empty, broadcast,
NaN, infinities, signed zeros) and how closely the answers must agree: bit for bit where
NumPy's result is exactly rounded or arraykit uses NumPy's formula, within twice a stated
bound in ulps for functions NumPy takes from the C library (each side within the bound of
the correctly rounded value; complex results normwise, as docs/reference/accuracy.md
measures them), within rounding for sums.  NumPy itself is the reference; where it raises,
arraykit must raise too.

By default each case runs on its first dtype, float32 and complex128 (where the backends'
kernels differ most from NumPy's), and under ``ak.jit`` on its first dtype:
``ARRAYKIT_NUMPY_API_FULL=1`` runs every dtype, eagerly and compiled.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import pathlib
import re
import warnings
from typing import Any

import numpy as np
import pytest
from deprecations import quiet
from numpy_api_cases import C128, CASES, EXACT, F32, SUMS, TYPES, ULPS, B, Case, reseed

import arraykit as ak
from arraykit._numpy_api import SPELLINGS

# dir(tensorflow.experimental.numpy), its public callables, with TensorFlow 2.21.
TNP_CALLABLES = """
abs absolute add all allclose amax amin angle any append arange arccos arccosh arcsin
arcsinh arctan arctan2 arctanh argmax argmin argsort around array array_equal asanyarray
asarray ascontiguousarray atleast_1d atleast_2d atleast_3d average bitwise_and bitwise_not
bitwise_or bitwise_xor bool_ broadcast_arrays broadcast_to cbrt ceil clip complex128
complex64 complex_ compress concatenate conj conjugate copy cos cosh count_nonzero cross
cumprod cumsum deg2rad diag diag_indices diagflat diagonal diff divide divmod dot dsplit
dstack einsum empty empty_like equal exp exp2 expand_dims experimental_enable_numpy_behavior
expm1 eye fabs finfo fix flatten flip fliplr flipud float16 float32 float64 float_
float_power floor floor_divide full full_like gcd geomspace greater greater_equal heaviside
hsplit hstack hypot identity iinfo imag inexact inner int16 int32 int64 int8 int_ isclose
iscomplex iscomplexobj isfinite isinf isnan isneginf isposinf isreal isrealobj isscalar
issubdtype ix_ kron lcm less less_equal linspace log log10 log1p log2 logaddexp logaddexp2
logical_and logical_not logical_or logical_xor logspace matmul max maximum mean meshgrid min
minimum mod moveaxis multiply nanmean nanprod nansum ndarray ndim negative nextafter nonzero
not_equal object_ ones ones_like outer pad polyval positive power prod promote_types ptp
rad2deg ravel real reciprocal remainder repeat reshape result_type roll rot90 round select
shape sign signbit sin sinc sinh size sort split sqrt square squeeze stack std string_
subtract sum swapaxes take take_along_axis tan tanh tensordot tile trace transpose tri tril
triu true_divide uint16 uint32 uint64 uint8 unicode_ vander var vdot vsplit vstack where
zeros zeros_like
""".split()  # noqa: SIM905
NOT_PORTED = {
    "experimental_enable_numpy_behavior": "ak.use(promotion=..., default_float=...) replaces "
    "it, scoped to a thread or task instead of changing TensorFlow for the whole process",
}
# NumPy main-namespace callables found in arraykit (issue 25 asks for 260+): 318 of 462
# with the statistics extras (part A) and the everyday extras (part B).
NUMPY_FLOOR = 318


def test_the_list_is_tf_numpys():
    tf = pytest.importorskip("tensorflow")
    if not tf.__version__.startswith("2.21"):
        pytest.skip(f"the list is TF 2.21's; this is TF {tf.__version__}")
    import tensorflow.experimental.numpy as tnp

    names = sorted(n for n in dir(tnp) if not n.startswith("_") and callable(getattr(tnp, n)))
    assert names == sorted(TNP_CALLABLES)


def test_every_tf_numpy_callable_is_in_arraykit():
    missing = [n for n in TNP_CALLABLES if n not in NOT_PORTED and not hasattr(ak, n)]
    found = len(TNP_CALLABLES) - len(NOT_PORTED) - len(missing)
    print(f"TF-NumPy callables found in arraykit: {found} / {len(TNP_CALLABLES) - 1}")
    assert not missing, missing


def test_the_migration_guide_has_a_row_for_each():
    guide = pathlib.Path(__file__).parents[1] / "docs" / "guides" / "tf-numpy.md"
    rows = re.findall(r"^\| `(\w+)` \| (`ak\.(\w+)`|—) \|", guide.read_text(), re.MULTILINE)
    assert sorted(r[0] for r in rows) == sorted(TNP_CALLABLES)
    assert all(r[2] == r[0] for r in rows if r[0] not in NOT_PORTED)  # the same name


def test_every_name_has_a_numpy_case():
    names = (set(TNP_CALLABLES) | set(ak._numpy_api.__all__)) - set(NOT_PORTED) - TYPES
    assert names - {c.name for c in CASES} == set()


def test_numpy_callables_found():
    names = [n for n in dir(np) if not n.startswith("_") and callable(getattr(np, n))]
    found = [n for n in names if hasattr(ak, n)]
    print(f"NumPy main-namespace callables found in arraykit: {len(found)} / {len(names)}")
    assert len(found) >= NUMPY_FLOOR


# ---------------------------------------------------------------------- comparison
_ERRORS = (TypeError, ValueError, IndexError, ZeroDivisionError, OverflowError)


def _ordered(a: np.ndarray) -> np.ndarray:
    """Floats as integers in the order of the floats (adjacent floats differ by 1)."""
    ints = a.view({2: np.int16, 4: np.int32, 8: np.int64}[a.dtype.itemsize]).astype(np.int64)
    low = np.iinfo({2: np.int16, 4: np.int32, 8: np.int64}[a.dtype.itemsize]).min
    return np.where(ints < 0, low - ints, ints)


def _ulps(got: np.ndarray, want: np.ndarray) -> int:
    if want.dtype.kind == "c":  # normwise, as docs/reference/accuracy.md measures
        ok = np.isfinite(want) & np.isfinite(got)
        if not ok.any():
            return 0
        g, w = got[ok], want[ok]
        err = np.maximum(np.abs(g.real - w.real), np.abs(g.imag - w.imag))
        return int(np.ceil((err / np.spacing(np.maximum(abs(w.real), abs(w.imag)))).max()))
    ok = np.isfinite(want) & np.isfinite(got)
    if not ok.any():
        return 0
    return int(np.abs(_ordered(got[ok]) - _ordered(want[ok])).max())


def _same_specials(got: np.ndarray, want: np.ndarray, where: str) -> None:
    parts = [(got.real, want.real), (got.imag, want.imag)] if want.dtype.kind == "c" else [
        (got, want)]  # fmt: skip
    for g, w in parts:
        np.testing.assert_array_equal(np.isnan(g), np.isnan(w), err_msg=f"{where}: NaNs")
        inf = np.isinf(w) | np.isinf(g)
        np.testing.assert_array_equal(g[inf], w[inf], err_msg=f"{where}: infinities")


def compare(got: Any, want: Any, case: Case, kind: str, where: str) -> None:
    if isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)), f"{where}: {type(got).__name__}, NumPy a sequence"
        assert len(got) == len(want), where
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            compare(g, w, case, kind, f"{where}[{i}]")
        return
    if not isinstance(want, (np.ndarray, np.generic)) or isinstance(want, np.dtype):
        assert not isinstance(got, ak.Array), f"{where}: an array where NumPy has {want!r}"
        if isinstance(want, float) and want != want:
            assert got != got, where
        else:
            assert got == want, f"{where}: {got!r}, NumPy {want!r}"
        return
    assert isinstance(got, (ak.Array, bool, np.generic)), f"{where}: got {type(got).__name__}"
    w = np.asarray(want)
    g = np.asarray(got)
    assert g.shape == w.shape, f"{where}: shape {g.shape}, NumPy {w.shape}"
    assert g.dtype == w.dtype, f"{where}: dtype {g.dtype}, NumPy {w.dtype}"
    if w.dtype.kind not in "fc":
        np.testing.assert_array_equal(g, w, err_msg=where)
        return
    _same_specials(g, w, where)
    mode = case.mode
    if mode == EXACT:
        finite = np.isfinite(w)
        np.testing.assert_array_equal(g[finite], w[finite], err_msg=where)
        zero = finite & (w == 0)
        if w.dtype.kind == "f":  # signed zeros, as NumPy's
            np.testing.assert_array_equal(np.signbit(g[zero]), np.signbit(w[zero]),
                                          err_msg=f"{where}: signed zeros")  # fmt: skip
    elif mode == ULPS:
        # each within case.ulps of the correctly rounded value (NumPy's own last bits are
        # its platform's: docs/reference/accuracy.md), so within twice that of each other
        assert _ulps(g, w) <= 2 * case.ulps, f"{where}: {_ulps(g, w)} ulps\n{g}\n{w}"
    else:
        rtol = 2e-5 if w.dtype in (np.float32, np.complex64) else 1e-12
        finite = np.isfinite(w)
        scale = max(1.0, float(np.abs(w[finite]).max())) if finite.any() else 1.0
        np.testing.assert_allclose(g[finite], w[finite], rtol=rtol, atol=rtol * scale,
                                   err_msg=where)  # fmt: skip


def _run(fn: Any, *, reference: bool = False) -> tuple[Any, BaseException | None]:
    """``fn()``'s result or exception, with its warnings silenced but the deprecations
    arraykit raises (errors: tests/deprecations.py)."""
    with quiet(), np.errstate(all="ignore"):
        if reference:  # NumPy's own deprecations are not arraykit's
            warnings.simplefilter("ignore")
        try:
            return fn(), None
        except Exception as e:  # NumPy's answer may be an exception: compared below
            return None, e


def check(case: Case, kind: str, driver: Any, jit: bool) -> None:
    f_np = case.numpy or getattr(np, case.name)
    f_ak = getattr(ak, case.name)
    tried = 0
    if jit and case.fma:
        case = dataclasses.replace(case, mode=SUMS)
    reseed(f"{case.id}-{kind}")
    cases = case.inputs(kind)
    for k, inputs in enumerate(cases[:JIT_INPUTS] if jit else cases):
        where = f"{case.id}[{kind}] input {k} {[a.shape for a in inputs]}"
        want, np_error = _run(lambda inputs=inputs: case.call(f_np, *inputs)
                              if case.numpy is None else case.numpy(*inputs),
                              reference=True)  # fmt: skip
        arrays = [ak.asarray(a) for a in inputs]
        if jit:
            if not arrays or np_error is not None:
                continue
            fn = ak.jit(lambda *xs: case.call(f_ak, *xs))
            got, ak_error = _run(lambda fn=fn, arrays=arrays: fn(*arrays))
        else:
            got, ak_error = _run(lambda arrays=arrays: case.call(f_ak, *arrays))
        if np_error is not None:
            assert ak_error is not None, f"{where}: NumPy raises {np_error!r}, arraykit gives {got}"
            assert isinstance(ak_error, _ERRORS), f"{where}: {ak_error!r}"
            continue
        if ak_error is not None:
            raise AssertionError(f"{where}: arraykit raises {ak_error!r}") from ak_error
        compare(got, want, case, kind, where)
        tried += 1
    if not jit:
        assert tried, f"{case.id}[{kind}]: NumPy refuses every input; the case tests nothing"


# Where arraykit gives the standard's answer and NumPy another (elementwise special cases
# of the standard's functions, tested in tests/test_special_cases.py): strict xfails.
STANDARD = "the array API standard's special case, which arraykit follows: "
KNOWN = {
    **dict.fromkeys(
        ("floor_divide-float64", "floor_divide-float32", "divmod-float64", "divmod-float32"),
        STANDARD + "floor_divide(+-inf, finite) is +-inf (NumPy: nan)",
    ),
    "expm1-complex128": STANDARD + "expm1(inf + 0j) is inf + 0j (NumPy: inf + nan j)",
}


def _param(c: Case, k: str) -> Any:
    key = f"{c.id}-{k}"
    marks = [pytest.mark.xfail(reason=KNOWN[key], strict=True)] if key in KNOWN else []
    return pytest.param(c, k, id=key, marks=marks)


FULL = os.environ.get("ARRAYKIT_NUMPY_API_FULL") == "1"


def _kinds(c: Case, jit: bool) -> tuple[str, ...]:
    if FULL:
        return c.kinds
    return c.kinds[:1] if jit else tuple(k for k in c.kinds if k in (c.kinds[0], F32, C128))


PARAMS = [_param(c, k) for c in CASES for k in _kinds(c, jit=False)]


def _needs(driver: Any, kind: str) -> None:
    if kind == C128 and not driver.capabilities.complex:
        pytest.skip("no complex dtypes")


@pytest.mark.parametrize(("case", "kind"), PARAMS)
def test_matches_numpy(driver, case, kind):
    _needs(driver, kind)
    check(case, kind, driver, jit=False)


# Under ak.jit (a compilation per input): each case's first kind (every kind when FULL), on
# its first inputs (the special values and a 2-D array).
JIT_INPUTS = 2
JIT_PARAMS = [_param(c, k) for c in CASES if c.jit for k in _kinds(c, jit=True)]


@pytest.mark.parametrize(("case", "kind"), JIT_PARAMS)
def test_matches_numpy_under_jit(driver, case, kind):
    _needs(driver, kind)
    if not driver.capabilities.jit:
        pytest.skip("the driver does not compile (ak.jit runs eagerly, as tested above)")
    check(case, kind, driver, jit=True)


# ---------------------------------------------------------------------- strict, types
@pytest.mark.parametrize("name", sorted(SPELLINGS))
def test_refused_under_strict_with_the_standard_spelling(driver, name):
    fn = getattr(ak, name)
    params = inspect.signature(fn).parameters.values()
    args = [ak.ones(3) for p in params if p.default is p.empty and p.kind in (
        p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]  # fmt: skip
    with ak.use(promotion="strict"), pytest.raises(TypeError) as info:
        fn(*args)
    message = str(info.value)
    assert message.startswith(f"{name} is NumPy's, not the array API standard's"), message
    if SPELLINGS[name]:
        assert SPELLINGS[name] in message


def test_numpy_types_are_numpys(driver):
    assert (ak.bool_, ak.int_, ak.float_, ak.complex_) == (np.bool_, np.int_, np.float64,
                                                           np.complex128)  # fmt: skip
    assert ak.inexact is np.inexact and ak.ndarray is ak.Array
    x = ak.zeros(3, dtype=ak.float_)
    assert x.dtype == ak.float_ and isinstance(x, ak.ndarray)
    assert ak.asarray([1, 2], dtype=ak.int_).dtype == np.int_
    assert ak.issubdtype(x.dtype, ak.inexact) and not ak.issubdtype(ak.int_, ak.inexact)
    for t in (ak.object_, ak.string_, ak.unicode_):
        with pytest.raises(TypeError, match="not a supported dtype"):
            ak.zeros(2, dtype=t)
        assert not ak.issubdtype(t, ak.number)


@pytest.mark.parametrize("spelling", [bool, int, float, complex, "f4", "<i8", np.float32])
def test_every_dtype_argument_takes_numpys_spellings(driver, spelling):
    want = np.dtype(spelling)
    if want.kind == "c" and not driver.capabilities.complex:
        pytest.skip("no complex dtypes")
    x = ak.asarray([1, 0, 2])
    assert x.astype(spelling).dtype == want
    assert ak.astype(x, spelling).dtype == want
    assert ak.asarray([1, 2], dtype=spelling).dtype == want
    for make in (ak.zeros, ak.ones, ak.empty):
        assert make(2, dtype=spelling).dtype == want
    assert ak.full(2, want.type(1).item(), dtype=spelling).dtype == want
    assert ak.eye(2, dtype=spelling).dtype == want
    assert ak.identity(2, dtype=spelling).dtype == want
    assert ak.tri(2, dtype=spelling).dtype == want
    assert ak.ones_like(x, dtype=spelling).dtype == want
    if want.kind != "b":
        assert ak.arange(3, dtype=spelling).dtype == want
        assert x.sum(dtype=spelling).dtype == want
        assert ak.sum(x, dtype=spelling).dtype == want
        assert ak.cumsum(x, dtype=spelling).dtype == want
        assert ak.can_cast(x.dtype, spelling) == np.can_cast(x.dtype, want)
    assert ak.concatenate([x, x], dtype=spelling).dtype == want
    assert ak.einsum("i,i->i", x, x, dtype=spelling).dtype == want


def test_wrong_kinds_are_refused():
    with pytest.raises(TypeError, match="fabs: 'x' must have a real-valued dtype"):
        ak.fabs(ak.asarray([1j]))
    with pytest.raises(TypeError, match="gcd: expected integer arrays"):
        ak.gcd(ak.asarray([1.5]), 2)
    with pytest.raises(TypeError, match="isneginf: 'x' must be real"):
        ak.isneginf(ak.asarray([1j]))
    with pytest.raises(TypeError, match="select: invalid entry 0 in 'condlist'"):
        ak.select([ak.asarray([1, 0])], [ak.asarray([1, 2])])
    with pytest.raises(ValueError, match="amax: reduction max has no identity"):
        ak.amax(ak.ones(3), where=ak.asarray([True, False, True]))
    with pytest.raises(ZeroDivisionError, match="average: weights sum to zero"):
        ak.average(ak.ones(2), weights=ak.asarray([1.0, -1.0]))
    with pytest.raises(ValueError, match="split: array split does not result in an equal"):
        ak.split(ak.ones(5), 2)


def test_float_spellings_of_default_dtypes_follow_the_settings(driver):
    with ak.use(default_float="float32"):
        assert ak.tri(2).dtype == ak.float32
        assert ak.identity(2).dtype == ak.float32
        assert ak.cbrt(ak.asarray([8])).dtype == ak.float32
        assert ak.average(ak.asarray([1, 2])).dtype == ak.float32


_ = (B, F32, SUMS)
