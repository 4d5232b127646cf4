"""The docstrings of the generated elementwise functions (``_elementwise.TABLE``).

``docstring`` writes one from the function's row: summary, the dtypes it accepts, what
arraykit does beyond or instead of the standard (``NOTES``: only where there is something
to say), the link to the standard's page and an ``Examples`` section (``EXAMPLES``).

The examples' outputs are literal text, computed with NumPy when they were written, and
``tests/test_doctests.py`` runs them on every driver: use values whose results print the
same digits on every backend (an array repr shows 8 significant digits).
"""

from __future__ import annotations

_COMPARISON = (
    "An integer array compared with a Python int outside its dtype's range gives the "
    "mathematical answer, as NumPy 2 does (``int8_array < 1000`` is all True), instead of "
    "an overflow error or a wrapped-around bound."
)

_BOOLEAN = (
    "Two boolean arrays give a boolean array, as in NumPy and JAX: ``add`` and ``maximum`` "
    "are their logical OR, ``multiply`` and ``minimum`` their AND (``mask1 + mask2``); "
    'under ``promotion="strict"`` booleans are refused, as the standard takes numbers.'
)

NOTES: dict[str, str] = {
    **dict.fromkeys(
        ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal"), _COMPARISON
    ),
    **dict.fromkeys(("add", "maximum", "multiply", "minimum"), _BOOLEAN),
    "imag": (
        "The standard takes complex input only; like NumPy, arraykit also accepts a real "
        "array (its imaginary part: zeros of its dtype), except under "
        '``promotion="strict"``, which raises ``TypeError``.'
    ),
}


def docstring(name: str, arity: int, summary: str, words: str, inexact: bool, spec_url: str) -> str:
    """The docstring of the generated function ``name``."""
    args = "x" if arity == 1 else "x1, x2"
    article = "" if words == "any" else "an " if words[0] in "aeiou" else "a "
    accepts = f"Accepts arrays of {article}{words} dtype."
    if inexact:
        accepts += (
            " Integer and boolean arrays compute in the default float dtype, as in NumPy, "
            'except under ``promotion="strict"`` (``TypeError``: the standard takes '
            "floating-point input only)."
        )
    if arity == 2:
        accepts += (
            " Either argument may be a Python scalar (a weak operand, as the standard "
            'says); outside ``promotion="strict"`` also a NumPy scalar or array, which '
            "keeps its own dtype (NEP 50)."
        )
    note = f"\n\n{NOTES[name]}" if name in NOTES else ""
    return (
        f"{summary}, elementwise (the standard's ``{name}({args}, /)``).\n\n"
        f"{accepts}{note}\n\nSpec: {spec_url}\n\nExamples\n--------" + EXAMPLES[name].rstrip("\n")
    )


EXAMPLES: dict[str, str] = {
    "abs": """
>>> ak.abs(ak.asarray([-1.5, -0.0, 2.0]))
Array([1.5, 0. , 2. ], dtype=float64)
>>> ak.abs(ak.asarray([3 + 4j]))
Array([5.], dtype=float64)
""",
    "acos": """
>>> ak.acos(ak.asarray([1.0, 2.0]))
Array([ 0., nan], dtype=float64)
""",
    "acosh": """
>>> ak.acosh(ak.asarray([1.0, ak.inf, 0.5]))
Array([ 0., inf, nan], dtype=float64)
""",
    "add": """
>>> ak.add(ak.asarray([1.0], dtype=ak.float32), 0.5)
Array([1.5], dtype=float32)
>>> ak.add(ak.asarray([1.0], dtype=ak.float32), np.float64(0.5))
Array([1.5], dtype=float64)
>>> with ak.use(promotion="strict"):
...     ak.add(ak.asarray([1.0]), np.float64(0.5))
Traceback (most recent call last):
    ...
TypeError: add: 'x2' is NumPy data (float64), which the standard does not accept ...
""",
    "asin": """
>>> ak.asin(ak.asarray([0.0, -0.0, 2.0]))
Array([ 0., -0., nan], dtype=float64)
""",
    "asinh": """
>>> ak.asinh(ak.asarray([0.0, -0.0, -ak.inf]))
Array([  0.,  -0., -inf], dtype=float64)
""",
    "atan": """
>>> ak.atan(ak.asarray([-0.0, 1.0, ak.inf]))
Array([-0.        ,  0.78539816,  1.57079633], dtype=float64)
""",
    "atan2": """
>>> ak.atan2(ak.asarray([1.0, 0.0, -0.0]), ak.asarray([0.0, -0.0, -0.0]))
Array([ 1.57079633,  3.14159265, -3.14159265], dtype=float64)
""",
    "atanh": """
>>> ak.atanh(ak.asarray([0.0, 1.0, -1.0]))
Array([  0.,  inf, -inf], dtype=float64)
""",
    "bitwise_and": """
>>> ak.bitwise_and(ak.asarray([12, 10]), 6)
Array([4, 2], dtype=int64)
>>> ak.bitwise_and(ak.asarray([True, True]), ak.asarray([True, False]))
Array([ True, False], dtype=bool)
""",
    "bitwise_left_shift": """
>>> ak.bitwise_left_shift(ak.asarray([1, 3]), 2)
Array([ 4, 12], dtype=int64)
""",
    "bitwise_invert": """
>>> ak.bitwise_invert(ak.asarray([0, 5], dtype=ak.int8))
Array([-1, -6], dtype=int8)
>>> ak.bitwise_invert(ak.asarray([0], dtype=ak.uint8))
Array([255], dtype=uint8)
""",
    "bitwise_or": """
>>> ak.bitwise_or(ak.asarray([12, 10]), 1)
Array([13, 11], dtype=int64)
""",
    "bitwise_right_shift": """
>>> ak.bitwise_right_shift(ak.asarray([16, -16]), 2)
Array([ 4, -4], dtype=int64)
""",
    "bitwise_xor": """
>>> ak.bitwise_xor(ak.asarray([12, 10]), 6)
Array([10, 12], dtype=int64)
""",
    "ceil": """
>>> ak.ceil(ak.asarray([-1.5, -0.5, 0.5]))
Array([-1., -0.,  1.], dtype=float64)
>>> ak.ceil(ak.asarray([3]))
Array([3], dtype=int64)
""",
    "conj": """
>>> ak.conj(ak.asarray([1 + 2j, 3 - 4j]))
Array([1.-2.j, 3.+4.j], dtype=complex128)
>>> ak.conj(ak.asarray([1, 2]))
Array([1, 2], dtype=int64)
""",
    "copysign": """
>>> ak.copysign(ak.asarray([1.0, 2.0, 3.0]), ak.asarray([-0.0, 1.0, -1.0]))
Array([-1.,  2., -3.], dtype=float64)
""",
    "cos": """
>>> ak.cos(ak.asarray([0.0, -0.0, ak.inf]))
Array([ 1.,  1., nan], dtype=float64)
""",
    "cosh": """
>>> ak.cosh(ak.asarray([0.0, -ak.inf]))
Array([ 1., inf], dtype=float64)
""",
    "divide": """
>>> ak.divide(ak.asarray([1, 2]), 4)
Array([0.25, 0.5 ], dtype=float64)
>>> ak.divide(ak.asarray([1.0, -1.0, 0.0]), 0.0)
Array([ inf, -inf,  nan], dtype=float64)
""",
    "equal": """
>>> ak.equal(ak.asarray([1.0, ak.nan]), ak.asarray([1.0, ak.nan]))
Array([ True, False], dtype=bool)
>>> ak.equal(ak.asarray([1, 2], dtype=ak.int8), 1000)
Array([False, False], dtype=bool)
""",
    "exp": """
>>> ak.exp(ak.asarray([0.0, -ak.inf, ak.inf]))
Array([ 1.,  0., inf], dtype=float64)
""",
    "expm1": """
>>> ak.expm1(ak.asarray([0.0, -0.0, -ak.inf]))
Array([ 0., -0., -1.], dtype=float64)
""",
    "floor": """
>>> ak.floor(ak.asarray([-1.5, -0.5, 0.5]))
Array([-2., -1.,  0.], dtype=float64)
""",
    "floor_divide": """
>>> ak.floor_divide(ak.asarray([7, -7]), 2)
Array([ 3, -4], dtype=int64)
>>> ak.floor_divide(ak.asarray([7.0, -7.0]), 2.0)
Array([ 3., -4.], dtype=float64)
""",
    "greater": """
>>> ak.greater(ak.asarray([1, 2, 3]), 2)
Array([False, False,  True], dtype=bool)
>>> ak.greater(ak.asarray([1, 2], dtype=ak.int8), -1000)
Array([ True,  True], dtype=bool)
""",
    "greater_equal": """
>>> ak.greater_equal(ak.asarray([1.0, 2.0, ak.nan]), 2.0)
Array([False,  True, False], dtype=bool)
>>> ak.greater_equal(ak.asarray([1, 2], dtype=ak.uint8), -1)
Array([ True,  True], dtype=bool)
""",
    "hypot": """
>>> ak.hypot(ak.asarray([3.0, ak.inf]), ak.asarray([4.0, ak.nan]))
Array([ 5., inf], dtype=float64)
""",
    "imag": """
>>> ak.imag(ak.asarray([1 + 2j, 3 - 4j]))
Array([ 2., -4.], dtype=float64)
>>> ak.imag(ak.asarray([1.5, 2.0]))
Array([0., 0.], dtype=float64)
>>> with ak.use(promotion="strict"):
...     ak.imag(ak.asarray([1.5]))
Traceback (most recent call last):
    ...
TypeError: imag: expected an array of a complex floating-point dtype, got float64 ...
""",
    "isfinite": """
>>> ak.isfinite(ak.asarray([1.0, ak.inf, ak.nan]))
Array([ True, False, False], dtype=bool)
""",
    "isinf": """
>>> ak.isinf(ak.asarray([1.0, -ak.inf, ak.nan]))
Array([False,  True, False], dtype=bool)
""",
    "isnan": """
>>> ak.isnan(ak.asarray([1.0, ak.nan, ak.inf]))
Array([False,  True, False], dtype=bool)
""",
    "less": """
>>> ak.less(ak.asarray([1, 2, 3]), 2)
Array([ True, False, False], dtype=bool)
>>> ak.less(ak.asarray([-5, 100], dtype=ak.int8), 1000)
Array([ True,  True], dtype=bool)
""",
    "less_equal": """
>>> ak.less_equal(ak.asarray([1.0, 2.0, ak.nan]), 2.0)
Array([ True,  True, False], dtype=bool)
>>> ak.less_equal(ak.asarray([1, 2], dtype=ak.uint8), -1)
Array([False, False], dtype=bool)
""",
    "log": """
>>> ak.log(ak.asarray([1.0, 0.0, -1.0]))
Array([  0., -inf,  nan], dtype=float64)
""",
    "log1p": """
>>> ak.log1p(ak.asarray([0.0, -0.0, -1.0]))
Array([  0.,  -0., -inf], dtype=float64)
""",
    "log2": """
>>> ak.log2(ak.asarray([1.0, 8.0, 0.5]))
Array([ 0.,  3., -1.], dtype=float64)
""",
    "log10": """
>>> ak.log10(ak.asarray([1.0, 100.0, 0.0]))
Array([  0.,   2., -inf], dtype=float64)
""",
    "logaddexp": """
>>> ak.logaddexp(ak.asarray([0.0, -ak.inf]), ak.asarray([-ak.inf, -ak.inf]))
Array([  0., -inf], dtype=float64)
""",
    "logical_and": """
>>> ak.logical_and(ak.asarray([True, True, False]), ak.asarray([True, False, False]))
Array([ True, False, False], dtype=bool)
""",
    "logical_not": """
>>> ak.logical_not(ak.asarray([True, False]))
Array([False,  True], dtype=bool)
""",
    "logical_or": """
>>> ak.logical_or(ak.asarray([True, True, False]), ak.asarray([True, False, False]))
Array([ True,  True, False], dtype=bool)
""",
    "logical_xor": """
>>> ak.logical_xor(ak.asarray([True, True, False]), ak.asarray([True, False, False]))
Array([False,  True, False], dtype=bool)
""",
    "maximum": """
>>> ak.maximum(ak.asarray([1.0, ak.nan, 3.0]), 2.0)
Array([ 2., nan,  3.], dtype=float64)
>>> ak.maximum(ak.asarray([0.0, -0.0]), ak.asarray([-0.0, -0.0]))  # -0 < +0, any order
Array([ 0., -0.], dtype=float64)
""",
    "minimum": """
>>> ak.minimum(ak.asarray([1.0, ak.nan, 3.0]), 2.0)
Array([ 1., nan,  2.], dtype=float64)
>>> ak.minimum(ak.asarray([0.0, 0.0]), ak.asarray([-0.0, 0.0]))  # -0 < +0, any order
Array([-0.,  0.], dtype=float64)
""",
    "multiply": """
>>> ak.multiply(ak.asarray([1, 2, 3]), ak.asarray([4, 5, 6]))
Array([ 4, 10, 18], dtype=int64)
>>> ak.multiply(ak.asarray([0.0, 2.0]), ak.inf)
Array([nan, inf], dtype=float64)
""",
    "negative": """
>>> ak.negative(ak.asarray([1.0, 0.0, -2.0]))
Array([-1., -0.,  2.], dtype=float64)
""",
    "nextafter": """
>>> ak.nextafter(ak.asarray([1.0]), 2.0)
Array([1.], dtype=float64)
>>> ak.nextafter(ak.asarray([1.0], dtype=ak.float32), 0.0)
Array([0.99999994], dtype=float32)
""",
    "not_equal": """
>>> ak.not_equal(ak.asarray([1.0, ak.nan]), ak.asarray([1.0, ak.nan]))
Array([False,  True], dtype=bool)
>>> ak.not_equal(ak.asarray([1, 2], dtype=ak.int8), 1000)
Array([ True,  True], dtype=bool)
""",
    "pow": """
>>> ak.pow(ak.asarray([2, 3]), 3)
Array([ 8, 27], dtype=int64)
>>> ak.pow(ak.asarray([2.0, 0.5]), -1)
Array([0.5, 2. ], dtype=float64)
>>> ak.pow(ak.asarray([ak.nan]), 0.0)
Array([1.], dtype=float64)
""",
    "real": """
>>> ak.real(ak.asarray([1 + 2j, 3 - 4j]))
Array([1., 3.], dtype=float64)
>>> ak.real(ak.asarray([1.5], dtype=ak.float32))
Array([1.5], dtype=float32)
""",
    "reciprocal": """
>>> ak.reciprocal(ak.asarray([2.0, 0.0, -0.0]))
Array([ 0.5,  inf, -inf], dtype=float64)
""",
    "remainder": """
>>> ak.remainder(ak.asarray([7, -7]), 3)
Array([1, 2], dtype=int64)
>>> ak.remainder(ak.asarray([7.0]), -3.0)
Array([-2.], dtype=float64)
""",
    "round": """
>>> ak.round(ak.asarray([0.5, 1.5, 2.5, -0.5]))
Array([ 0.,  2.,  2., -0.], dtype=float64)
""",
    "sign": """
>>> ak.sign(ak.asarray([-2.0, 0.0, 3.0]))
Array([-1.,  0.,  1.], dtype=float64)
>>> ak.sign(ak.asarray([-2j, 0j]))
Array([-0.-1.j,  0.+0.j], dtype=complex128)
""",
    "signbit": """
>>> ak.signbit(ak.asarray([-0.0, 0.0, -1.0]))
Array([ True, False,  True], dtype=bool)
""",
    "sin": """
>>> ak.sin(ak.asarray([0.0, -0.0, ak.inf]))
Array([ 0., -0., nan], dtype=float64)
""",
    "sinh": """
>>> ak.sinh(ak.asarray([-0.0, ak.inf]))
Array([-0., inf], dtype=float64)
""",
    "square": """
>>> ak.square(ak.asarray([-3, 4]))
Array([ 9, 16], dtype=int64)
>>> ak.square(ak.asarray([0.5]))
Array([0.25], dtype=float64)
""",
    "sqrt": """
>>> ak.sqrt(ak.asarray([4.0, 0.25, -0.0, -1.0]))
Array([ 2. ,  0.5, -0. ,  nan], dtype=float64)
""",
    "subtract": """
>>> ak.subtract(ak.asarray([5, 7]), 2)
Array([3, 5], dtype=int64)
>>> ak.subtract(ak.asarray([ak.inf]), ak.inf)
Array([nan], dtype=float64)
""",
    "tan": """
>>> ak.tan(ak.asarray([0.0, -0.0]))
Array([ 0., -0.], dtype=float64)
""",
    "tanh": """
>>> ak.tanh(ak.asarray([0.0, ak.inf, -ak.inf]))
Array([ 0.,  1., -1.], dtype=float64)
""",
    "trunc": """
>>> ak.trunc(ak.asarray([-1.7, 1.7]))
Array([-1.,  1.], dtype=float64)
""",
}
