"""The standard's special cases of complex elementwise functions, written once for every
driver whose backend kernels miss them (XLA misses many; TF some; NumPy's follow C99).

Each table transcribes the spec's "For complex floating-point operands" list for one
function (C99 Annex G), for ``a = real(x)``, ``b = imag(x)`` reflected into the half
plane (or quadrant) the spec states them for; the function's symmetry maps the result
back: ``f(conj(z)) == conj(f(z))`` for all of them, plus ``f(-z) == -f(z)`` ("odd") or
``f(-z) == f(z)`` ("even").  The first matching rule wins, as in the spec.  Where the
spec leaves a sign unspecified the table picks ``+``.  ``asin``/``atan``/``sin``/``tan``
and ``cos`` are defined by the spec "as if" through the hyperbolic ones; ``log2`` and
``log10`` by the change of base from ``log``; ``square`` as ``x * x``.

A driver wraps its kernels with ``with_special_cases(name, kernel, ops)``, where ``ops``
(``ComplexOps``) gives the few native functions the rules need; the rules use only those
and the native values' operators (``==``, ``>``, ``!=``, ``&``, ``|``, ``~``, ``^``,
unary ``-``, ``*`` and ``-`` with Python floats).  Part of the driver contract: drivers may
import this module as they import ``_base``.

Spec: https://data-apis.org/array-api/2025.12/API_specification/elementwise_functions.html
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from ._accurate import by_inverse_log

INF, NAN, PI = np.inf, np.nan, np.pi

Rule = tuple[Any, Any, Any]  # (condition, real part, imaginary part)


class ComplexOps(Protocol):
    """The native functions the special cases need, from the driver."""

    def is_complex(self, x: Any) -> bool: ...
    def real(self, x: Any) -> Any: ...
    def imag(self, x: Any) -> Any: ...
    def complex(self, re: Any, im: Any) -> Any: ...  # exact: no inf * 0 as in re + 1j*im
    def where(self, cond: Any, x: Any, y: Any) -> Any: ...  # x may be a Python float
    def signbit(self, x: Any) -> Any: ...
    def isnan(self, x: Any) -> Any: ...
    def isinf(self, x: Any) -> Any: ...
    def isfinite(self, x: Any) -> Any: ...
    def cos(self, x: Any) -> Any: ...
    def sin(self, x: Any) -> Any: ...
    def stop_gradient(self, x: Any) -> Any: ...  # the identity where there are no gradients


class _Parts:
    """The spec's conditions on one part (real or imaginary) of the input."""

    __slots__ = ("o",)

    def __init__(self, o: ComplexOps) -> None:
        self.o = o

    def pz(self, v: Any) -> Any:  # +0
        return (v == 0) & ~self.o.signbit(v)

    def mz(self, v: Any) -> Any:  # -0
        return (v == 0) & self.o.signbit(v)

    def posfin(self, v: Any) -> Any:  # positive and finite
        return self.o.isfinite(v) & (v > 0)

    def nzfin(self, v: Any) -> Any:  # nonzero and finite
        return self.o.isfinite(v) & (v != 0)

    def fin(self, v: Any) -> Any:
        return self.o.isfinite(v)

    def nan(self, v: Any) -> Any:
        return self.o.isnan(v)

    def inf(self, v: Any) -> Any:
        return self.o.isinf(v)

    def pinf(self, v: Any) -> Any:
        return v == INF

    def ninf(self, v: Any) -> Any:
        return v == -INF


RuleSet = Callable[[_Parts, Any, Any], list[Rule]]


def _acos(p: _Parts, a: Any, b: Any) -> list[Rule]:
    return [
        ((a == 0) & p.pz(b), PI / 2, -0.0),
        ((a == 0) & p.nan(b), PI / 2, NAN),
        (p.fin(a) & p.pinf(b), PI / 2, -INF),
        (p.nzfin(a) & p.nan(b), NAN, NAN),
        (p.ninf(a) & p.posfin(b), PI, -INF),
        (p.pinf(a) & p.posfin(b), 0.0, -INF),
        (p.ninf(a) & p.pinf(b), 3 * PI / 4, -INF),
        (p.pinf(a) & p.pinf(b), PI / 4, -INF),
        (p.inf(a) & p.nan(b), NAN, INF),
        (p.nan(a) & p.fin(b), NAN, NAN),
        (p.nan(a) & p.pinf(b), NAN, -INF),
        (p.nan(a) & p.nan(b), NAN, NAN),
    ]


def _acosh(p: _Parts, a: Any, b: Any) -> list[Rule]:
    return [
        ((a == 0) & p.pz(b), 0.0, PI / 2),
        (p.fin(a) & p.pinf(b), INF, PI / 2),
        (p.nzfin(a) & p.nan(b), NAN, NAN),
        (p.pz(a) & p.nan(b), NAN, PI / 2),
        (p.ninf(a) & p.posfin(b), INF, PI),
        (p.pinf(a) & p.posfin(b), INF, 0.0),
        (p.ninf(a) & p.pinf(b), INF, 3 * PI / 4),
        (p.pinf(a) & p.pinf(b), INF, PI / 4),
        (p.inf(a) & p.nan(b), INF, NAN),
        (p.nan(a) & p.fin(b), NAN, NAN),
        (p.nan(a) & p.pinf(b), INF, NAN),
        (p.nan(a) & p.nan(b), NAN, NAN),
    ]


def _asinh(p: _Parts, a: Any, b: Any) -> list[Rule]:  # odd: a >= 0 here
    return [
        (p.pz(a) & p.pz(b), 0.0, 0.0),
        (p.posfin(a) & p.pinf(b), INF, PI / 2),
        (p.fin(a) & p.nan(b), NAN, NAN),
        (p.pinf(a) & p.posfin(b), INF, 0.0),
        (p.pinf(a) & p.pinf(b), INF, PI / 4),
        (p.nan(a) & p.pz(b), NAN, 0.0),
        (p.nan(a) & p.nzfin(b), NAN, NAN),
        (p.nan(a) & p.pinf(b), INF, NAN),
        (p.nan(a) & p.nan(b), NAN, NAN),
    ]


def _atanh(p: _Parts, a: Any, b: Any) -> list[Rule]:  # odd
    return [
        (p.pz(a) & p.pz(b), 0.0, 0.0),
        (p.pz(a) & p.nan(b), 0.0, NAN),
        ((a == 1) & p.pz(b), INF, 0.0),
        (p.posfin(a) & p.pinf(b), 0.0, PI / 2),
        (p.nzfin(a) & p.nan(b), NAN, NAN),
        (p.pinf(a) & p.posfin(b), 0.0, PI / 2),
        (p.pinf(a) & p.pinf(b), 0.0, PI / 2),
        (p.pinf(a) & p.nan(b), 0.0, NAN),
        (p.nan(a) & p.fin(b), NAN, NAN),
        (p.nan(a) & p.pinf(b), 0.0, PI / 2),
        (p.nan(a) & p.nan(b), NAN, NAN),
    ]


def _cosh(p: _Parts, a: Any, b: Any) -> list[Rule]:  # even
    return [
        (p.pz(a) & p.pz(b), 1.0, 0.0),
        (p.pz(a) & p.pinf(b), NAN, 0.0),
        (p.pz(a) & p.nan(b), NAN, 0.0),
        (p.nzfin(a) & p.pinf(b), NAN, NAN),
        (p.nzfin(a) & p.nan(b), NAN, NAN),
        (p.pinf(a) & p.pz(b), INF, 0.0),
        (p.pinf(a) & p.nzfin(b), INF * p.o.cos(b), INF * p.o.sin(b)),
        (p.pinf(a) & p.pinf(b), INF, NAN),
        (p.pinf(a) & p.nan(b), INF, NAN),
        (p.nan(a) & (b == 0), NAN, 0.0),
        (p.nan(a) & p.nzfin(b), NAN, NAN),
        (p.nan(a) & p.nan(b), NAN, NAN),
    ]


def _sinh(p: _Parts, a: Any, b: Any) -> list[Rule]:  # odd
    return [
        (p.pz(a) & p.pz(b), 0.0, 0.0),
        (p.pz(a) & p.pinf(b), 0.0, NAN),
        (p.pz(a) & p.nan(b), 0.0, NAN),
        (p.posfin(a) & p.pinf(b), NAN, NAN),
        (p.posfin(a) & p.nan(b), NAN, NAN),
        (p.pinf(a) & p.pz(b), INF, 0.0),
        (p.pinf(a) & p.posfin(b), INF * p.o.cos(b), INF * p.o.sin(b)),
        (p.pinf(a) & p.pinf(b), INF, NAN),
        (p.pinf(a) & p.nan(b), INF, NAN),
        (p.nan(a) & p.pz(b), NAN, 0.0),
        (p.nan(a) & p.nzfin(b), NAN, NAN),
        (p.nan(a) & p.nan(b), NAN, NAN),
    ]


def _tanh(p: _Parts, a: Any, b: Any) -> list[Rule]:  # odd
    return [
        (p.pz(a) & p.pz(b), 0.0, 0.0),
        (p.nzfin(a) & p.pinf(b), NAN, NAN),
        (p.pz(a) & p.pinf(b), 0.0, NAN),
        (p.nzfin(a) & p.nan(b), NAN, NAN),
        (p.pz(a) & p.nan(b), 0.0, NAN),
        (p.pinf(a) & p.posfin(b), 1.0, 0.0),
        (p.pinf(a) & p.pinf(b), 1.0, 0.0),
        (p.pinf(a) & p.nan(b), 1.0, 0.0),
        (p.nan(a) & p.pz(b), NAN, 0.0),
        (p.nan(a) & (b != 0) & ~p.nan(b), NAN, NAN),
        (p.nan(a) & p.nan(b), NAN, NAN),
    ]


def _exp_like(minus: float) -> RuleSet:
    """exp (``minus=0``) and expm1 (``minus=1``): the same table, shifted by ``-minus``."""

    def rules(p: _Parts, a: Any, b: Any) -> list[Rule]:
        return [
            ((a == 0) & p.pz(b), 1.0 - minus, 0.0),
            (p.fin(a) & p.pinf(b), NAN, NAN),
            (p.fin(a) & p.nan(b), NAN, NAN),
            (p.pinf(a) & p.pz(b), INF, 0.0),
            (p.ninf(a) & p.fin(b), 0.0 * p.o.cos(b) - minus, 0.0 * p.o.sin(b)),
            (p.pinf(a) & p.nzfin(b), INF * p.o.cos(b) - minus, INF * p.o.sin(b)),
            (p.ninf(a) & p.pinf(b), 0.0 - minus, 0.0),
            (p.pinf(a) & p.pinf(b), INF, NAN),
            (p.ninf(a) & p.nan(b), 0.0 - minus, 0.0),
            (p.pinf(a) & p.nan(b), INF, NAN),
            (p.nan(a) & p.pz(b), NAN, 0.0),
            (p.nan(a) & (b != 0), NAN, NAN),
        ]

    return rules


def _log_like(one: float) -> RuleSet:
    """log (``one=0``) and log1p (``one=1``: its pole is at ``a == -1``)."""

    def rules(p: _Parts, a: Any, b: Any) -> list[Rule]:
        pole = [((a == -1) & p.pz(b), -INF, 0.0)] if one else [
            (p.mz(a) & p.pz(b), -INF, PI),
            (p.pz(a) & p.pz(b), -INF, 0.0),
        ]  # fmt: skip
        return [
            *pole,
            (p.fin(a) & p.pinf(b), INF, PI / 2),
            (p.fin(a) & p.nan(b), NAN, NAN),
            (p.ninf(a) & p.posfin(b), INF, PI),
            (p.pinf(a) & p.posfin(b), INF, 0.0),
            (p.ninf(a) & p.pinf(b), INF, 3 * PI / 4),
            (p.pinf(a) & p.pinf(b), INF, PI / 4),
            (p.inf(a) & p.nan(b), INF, NAN),
            (p.nan(a) & p.fin(b), NAN, NAN),
            (p.nan(a) & p.pinf(b), INF, NAN),
            (p.nan(a) & p.nan(b), NAN, NAN),
        ]

    return rules


def _sqrt(p: _Parts, a: Any, b: Any) -> list[Rule]:
    return [
        ((a == 0) & p.pz(b), 0.0, 0.0),
        (p.pinf(b), INF, INF),
        (p.fin(a) & p.nan(b), NAN, NAN),
        (p.ninf(a) & p.posfin(b), 0.0, INF),
        (p.pinf(a) & p.posfin(b), INF, 0.0),
        (p.ninf(a) & p.nan(b), NAN, INF),
        (p.pinf(a) & p.nan(b), INF, NAN),
        (p.nan(a), NAN, NAN),
    ]


# name -> (symmetry, rules)
COMPLEX_SPECIAL_CASES: dict[str, tuple[str, RuleSet]] = {
    "acos": ("conj", _acos),
    "acosh": ("conj", _acosh),
    "asinh": ("odd", _asinh),
    "atanh": ("odd", _atanh),
    "cosh": ("even", _cosh),
    "sinh": ("odd", _sinh),
    "tanh": ("odd", _tanh),
    "exp": ("conj", _exp_like(0.0)),
    "expm1": ("conj", _exp_like(1.0)),
    "log": ("conj", _log_like(0.0)),
    "log1p": ("conj", _log_like(1.0)),
    "sqrt": ("conj", _sqrt),
}


def _tabled(
    f: Callable[[Any], Any], symmetry: str, rules: RuleSet, o: ComplexOps
) -> Callable[[Any], Any]:
    """``f`` with the spec's special cases applied to complex input (real input as is)."""
    p = _Parts(o)

    def kernel(x: Any) -> Any:
        if not o.is_complex(x):
            return f(x)
        # Work where the spec's lists are written (a >= 0 for odd and even functions,
        # b >= 0), then map back by the symmetry: backend kernels do not keep it at signed
        # zeros and infinities (XLA's exp(1.5 - 0j) gave 4.48 + 0j, acos(inf - 0j) -inf j;
        # TF's sqrt(inf - 1j) inf + 0j).  The special values are constants: no gradient
        # flows through them (else the masked-out branches, e.g. INF * cos(b), give
        # 0 * inf = NaN gradients), but at finite points f's derivative does (below).
        const = o.stop_gradient(x)
        a, b = o.real(const), o.imag(const)
        flip_b = o.signbit(b) & ~o.isnan(b)
        if symmetry == "conj":
            flip_a = flip_b & ~flip_b
        else:
            flip_a = o.signbit(a) & ~o.isnan(a)
            a = o.where(flip_a, -a, a)
        b = o.where(flip_b, -b, b)
        xa, xb = o.real(x), o.imag(x)  # the same reflection, with its gradient
        out = f(o.complex(o.where(flip_a, -xa, xa), o.where(flip_b, -xb, xb)))
        re, im = o.real(out), o.imag(out)
        re_f, im_f = re, im
        matched = None
        for cond, r, i in reversed(rules(p, a, b)):
            re = o.where(cond, r, re)
            im = o.where(cond, i, im)
            matched = cond if matched is None else matched | cond
        # A rule that matches a finite point where ``f`` is finite (exp(0j): 1 + 0j) fixes
        # the value only: the derivative there is f's.  Subtracting a zero that carries
        # it keeps the value exactly (signed zeros too: v - 0.0 is v).
        keep = matched & o.isfinite(a) & o.isfinite(b) & o.isfinite(re_f) & o.isfinite(im_f)
        re = re - o.where(~keep, 0.0, o.stop_gradient(re_f) - re_f)
        im = im - o.where(~keep, 0.0, o.stop_gradient(im_f) - im_f)
        im = o.where(flip_b ^ flip_a, -im, im)  # see the module docstring
        if symmetry == "odd":
            re, im = o.where(flip_a, -re, re), o.where(flip_a, -im, im)
        return o.complex(re, im)

    return kernel


def _times_i(z: Any, o: ComplexOps) -> Any:
    """``z * 1j`` exactly: ``-b + aj`` (no ``inf * 0`` as in a complex product)."""
    return o.complex(-o.imag(z), o.real(z))


def _as_if(
    f: Callable[[Any], Any], hyperbolic: Callable[[Any], Any], rotate_back: bool, o: ComplexOps
) -> Callable[[Any], Any]:
    """The spec's complex ``asin``/``atan``/``sin``/``tan`` ("special cases must be
    handled as if the operation is implemented as ``-1j * asinh(x*1j)``") and ``cos``
    (``cosh(x*1j)``): ``f`` where both parts are finite and nonzero, else the formula with
    the hyperbolic kernel, whose special cases are already the spec's."""

    def kernel(x: Any) -> Any:
        out = f(x)
        if not o.is_complex(x):
            return out
        w = hyperbolic(_times_i(x, o))
        if rotate_back:  # -1j * w
            w = o.complex(o.imag(w), -o.real(w))
        a, b = o.real(x), o.imag(x)
        special = ~o.isfinite(a) | ~o.isfinite(b) | (a == 0) | (b == 0)
        return o.where(special, w, out)

    return kernel


def _log_base(
    real_log: Callable[[Any], Any], base: int, log: Callable[[Any], Any], o: ComplexOps
) -> Callable[[Any], Any]:
    """The spec's complex ``log2``/``log10``: "as if implemented with the change of base
    formula", ``log(z) / log(base)``, part by part (a complex product would make
    ``log2(0j)`` ``-inf + NaN j``), by ``1 / log(base)`` in two parts (``_accurate``)."""

    def kernel(x: Any) -> Any:
        if not o.is_complex(x):
            return real_log(x)
        w = log(x)
        re, im = o.real(w), o.imag(w)
        return o.complex(by_inverse_log(re, base, re.dtype), by_inverse_log(im, base, im.dtype))

    return kernel


def _sign(f: Callable[[Any], Any], o: ComplexOps) -> Callable[[Any], Any]:
    """Complex ``sign`` where one part is infinite and the other finite: NumPy's unit
    toward the infinite part (``sign(inf - 1j)`` is ``1 + 0j``), where the backends' ``z /
    |z|`` divides inf by inf (NaN).  The spec leaves it to complex division's rules, so
    NumPy's answer holds; NaN parts stay the spec's NaN + NaN j (``f``'s)."""

    def kernel(x: Any) -> Any:
        out = f(x)
        if not o.is_complex(x):
            return out
        a, b = o.real(x), o.imag(x)
        ia, ib = o.isinf(a), o.isinf(b)
        zeros = o.where(ia | ~ia, 0.0, a)
        ones = o.where(ia | ~ia, 1.0, a)

        def unit(v: Any, inf: Any) -> Any:
            return o.where(inf, o.where(o.signbit(v), -1.0, ones), zeros)

        one_inf = (ia & o.isfinite(b)) | (ib & o.isfinite(a))
        return o.where(one_inf, o.complex(unit(a, ia), unit(b, ib)), out)

    return kernel


# The spec defines these complex functions' special cases by a formula (see _as_if).
AS_IF = {"asin": ("asinh", True), "atan": ("atanh", True), "sin": ("sinh", True),
         "tan": ("tanh", True), "cos": ("cosh", False)}  # fmt: skip
LOG_BASES = {"log2": 2, "log10": 10}


def with_special_cases(
    name: str, kernel: Callable[[Any], Any], o: ComplexOps, kernels: dict[str, Any]
) -> Callable[[Any], Any]:
    """``kernel`` (the driver's ``name``) with the standard's complex special cases;
    ``kernels`` holds the driver's other unary kernels (the "as if" formulas call its
    hyperbolic ones, ``log2``/``log10`` its ``log``).  Functions without a complex table
    come back as they are."""
    if name == "sign":
        return _sign(kernel, o)
    if name in COMPLEX_SPECIAL_CASES:
        return _tabled(kernel, *COMPLEX_SPECIAL_CASES[name], o)
    if name in AS_IF:
        hyperbolic, rotate_back = AS_IF[name]
        base = with_special_cases(hyperbolic, kernels[hyperbolic], o, kernels)
        return _as_if(kernel, base, rotate_back, o)
    if name in LOG_BASES:
        log = with_special_cases("log", kernels["log"], o, kernels)
        return _log_base(kernel, LOG_BASES[name], log, o)
    return kernel
