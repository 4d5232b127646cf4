"""The rounding ``ak.jit`` may change: compilers that fuse operations (XLA: JAX, and
TensorFlow with ``jit_compile=True``) contract a product and a sum into one fused
multiply-add, rounded once instead of twice.  ``ak.jit``'s docstring states the bound on
the difference from the eager result; these tests check it on many inputs, cancellation
included (where an FMA differs most: it keeps the product's rounding error).

Per contracted ``a * b + c``: |jit - eager| <= ulp(a*b)/2 + ulp(result), where ulp(r) is
the spacing of the result's dtype at |r| (NumPy's ``spacing``).  Eagerly, and on drivers
that do not contract, the difference is 0.
"""

from __future__ import annotations

import numpy as np
import pytest

import arraykit as ak

N = 20_000  # per form and dtype: 10^5 contracted operations per driver in all

FORMS = {
    "a*b+c": (lambda a, b, c: a * b + c, lambda p, c: p + c),
    "a*b-c": (lambda a, b, c: a * b - c, lambda p, c: p - c),
    "c-a*b": (lambda a, b, c: c - a * b, lambda p, c: c - p),
    "c+a*b": (lambda a, b, c: c + a * b, lambda p, c: c + p),
}


def _operands(dtype, rng):
    a = rng.normal(size=N).astype(dtype)
    b = rng.normal(size=N).astype(dtype)
    c = rng.normal(size=N).astype(dtype)
    # Half the draws cancel: c within a few ulps of -a*b (or of a*b for the minus forms),
    # where the fused result keeps the product's rounding error.
    p = (a.astype(np.float64) * b).astype(dtype)
    near = (p * (1 + rng.integers(-4, 5, N) * np.finfo(dtype).eps)).astype(dtype)
    half = rng.random(N) < 0.5
    return a, b, np.where(half, near, c), np.where(half, -near, c)


@pytest.mark.parametrize("jit_compile", [False, True], ids=["default", "jit_compile"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("form", list(FORMS))
def test_jit_differs_from_eager_within_the_fma_bound(driver, form, dtype, jit_compile):
    if dtype == np.float64 and not driver.capabilities.float64:
        pytest.skip("no float64")
    rng = np.random.default_rng([list(FORMS).index(form), np.dtype(dtype).itemsize])
    a, b, c_minus, c_plus = _operands(dtype, rng)
    c = c_minus if "-" in form else c_plus
    f, _ = FORMS[form]
    args = [ak.asarray(v) for v in (a, b, c)]
    eager = np.asarray(f(*args))
    jitted = np.asarray(ak.jit(f, jit_compile=jit_compile)(*args))
    assert jitted.dtype == eager.dtype == dtype
    # NumPy's eager result is the twice-rounded one arraykit's eager call gives too.
    np.testing.assert_array_equal(eager, f(a, b, c))
    product_ulp = np.spacing(np.abs(a * b))
    result_ulp = np.spacing(np.maximum(np.abs(jitted), np.abs(eager)))
    diff = np.abs(jitted.astype(np.float64) - eager.astype(np.float64))
    bound = product_ulp.astype(np.float64) / 2 + result_ulp
    over = diff > bound
    assert not over.any(), (
        f"{over.sum()} of {N} beyond the bound; worst at a={a[over][0]!r}, b={b[over][0]!r}, "
        f"c={c[over][0]!r}: eager {eager[over][0]!r}, jit {jitted[over][0]!r}"
    )


def test_the_bound_is_that_of_one_fused_multiply_add(driver):
    """The bound is not loose: a fused multiply-add computed exactly (Python's fractions)
    differs from the twice-rounded result by up to it, on inputs that cancel."""
    from fractions import Fraction

    a, b = 1.0 + 2.0**-30, 1.0 - 2.0**-30  # a*b = 1 - 2^-60: rounds to 1.0
    c = -1.0
    fused = float(Fraction(a) * Fraction(b) + Fraction(c))  # -2^-60, one rounding
    twice = a * b + c  # 0.0
    assert twice == 0.0 and fused == -(2.0**-60)
    assert abs(fused - twice) <= np.spacing(a * b) / 2 + np.spacing(max(abs(fused), abs(twice)))
    got = np.asarray(ak.jit(lambda x, y, z: x * y + z)(*(ak.asarray([v]) for v in (a, b, c))))
    assert got[0] in (twice, fused)  # the one or the other rounding, nothing else
