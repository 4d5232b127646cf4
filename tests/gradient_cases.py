"""The gradient table: how to call each differentiable public function, where, and which
arguments ``tests/test_gradients.py`` differentiates (against central differences on the
NumPy driver, on every driver with ``capabilities.autodiff``).

A row is a ``Case``: ``f`` builds the function's output(s) from arrays, ``inputs`` draws
those arrays for a dtype kind ("real": float64, "complex": complex128), ``diff`` names
the differentiated positions.  The loss the test differentiates is a fixed random
weighting of every floating output (real and imaginary parts weighted apart), so each
output element counts.  Elementwise rows evaluate many points in one call, chosen to
reach each function's domain, the points near its branch cuts (the standard's cuts,
from both sides) and the special values where the derivative exists (0, signed zeros).

``NOT_DIFFERENTIABLE`` lists, with the reason, every public function that is not a row:
``test_every_public_function_is_in_the_table`` walks the namespace (``ak``,
``ak.linalg``, ``ak.fft``) and fails on a name in neither, so a function added later
needs a row here and no new test code.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import arraykit as ak

REAL, COMPLEX = "real", "complex"
BOTH = (REAL, COMPLEX)


@dataclass(frozen=True)
class Case:
    name: str  # the public name: "sin", "linalg.det", "Array.__getitem__"
    f: Callable[..., Any]  # arrays -> an Array or a tuple of them
    inputs: Callable[[np.random.Generator, str], list[np.ndarray]]
    diff: tuple[int, ...] = (0,)
    kinds: tuple[str, ...] = BOTH
    variant: str = ""
    elementwise: bool = False  # output i depends on input i only: perturb all at once
    h: float = 1e-6  # central-difference step, relative to max(1, |x|)
    rtol: float = 1e-6

    @property
    def id(self) -> str:
        return self.name + (f"[{self.variant}]" if self.variant else "")

    def rng(self, kind: str) -> np.random.Generator:
        return np.random.default_rng(zlib.crc32(f"{self.id}/{kind}".encode()))


def _cplx(rng: np.random.Generator, n: int, lo: float = -2, hi: float = 2) -> np.ndarray:
    return rng.uniform(lo, hi, n) + 1j * rng.uniform(lo, hi, n)


def _points(real: tuple, complex_: tuple = ()) -> Callable:
    """Sample points of an elementwise function: ``real`` is (lo, hi, special points),
    ``complex_`` the special complex points (plus random ones in [-2, 2]^2)."""
    lo, hi, special = real

    def make(rng: np.random.Generator, kind: str) -> np.ndarray:
        if kind == REAL:
            return np.concatenate([rng.uniform(lo, hi, 10), np.asarray(special, float)])
        return np.concatenate([_cplx(rng, 10), np.asarray(complex_, complex)])

    return make


def _near(*points: complex, d: float = 1e-2) -> tuple[complex, ...]:
    """Points at distance ``d`` on both sides of a branch cut: ``p`` on the real axis gets
    ``p +- d*1j``; ``p`` on the imaginary axis gets ``p +- d``."""
    out = []
    for p in points:
        step = d * 1j if complex(p).imag == 0 else d
        out += [p + step, p - step]
    return tuple(out)


# Branch cuts of the standard, approached from both sides.
_REAL_AXIS_OUT = _near(-3, -1.5, 1.5, 3)  # (-inf, -1) and (1, inf): acos, asin, atanh
_IMAG_AXIS_OUT = _near(-3j, -1.5j, 1.5j, 3j)  # (-inf j, -j), (j, inf j): asinh, atan
_NEGATIVE_AXIS = _near(-3, -1, -0.25)  # (-inf, 0): log, sqrt
_ZEROS = (0.0, -0.0)

# name -> (real (lo, hi, special points), complex special points, real only)
UNARY: dict[str, tuple] = {
    "abs": ((-3, 3, (1.0, -1.0)), (1j, -2 + 0.5j)),
    "acos": ((-0.95, 0.95, _ZEROS), (*_REAL_AXIS_OUT, 0j, 2j, -2 + 0.1j)),
    "acosh": ((1.05, 3, (2.0,)), (*_near(-3, -0.5, 0.5), -1.5 + 0.5j, -0.5 - 2j, 2j, -2j)),
    "asin": ((-0.95, 0.95, _ZEROS), (*_REAL_AXIS_OUT, 0j, 2j)),
    "asinh": ((-3, 3, _ZEROS), (*_IMAG_AXIS_OUT, 0j, 2)),
    "atan": ((-3, 3, _ZEROS), (*_IMAG_AXIS_OUT, 0j, 2)),
    "atanh": ((-0.95, 0.95, _ZEROS), (*_REAL_AXIS_OUT, 0j, 2j)),
    "conj": ((-3, 3, ()), (0j,)),
    "cos": ((-3, 3, _ZEROS), (0j,)),
    "cosh": ((-3, 3, _ZEROS), (0j, 3j)),
    "exp": ((-3, 3, _ZEROS), (0j, 3j)),
    "expm1": ((-3, 3, (*_ZEROS, 1e-8)), (0j, 1e-8j, 3j)),
    "imag": ((-3, 3, ()), (0j,)),
    "log": ((0.05, 3, (1.0,)), (*_NEGATIVE_AXIS, 1 + 0j, 2j, -2j)),
    "log1p": ((-0.95, 3, (*_ZEROS, 1e-8)), (*_near(-4, -2, -1.25), 0j, 2j)),
    "log2": ((0.05, 3, (1.0, 2.0, 0.5)), (*_NEGATIVE_AXIS, 2j)),
    "log10": ((0.05, 3, (1.0, 10.0, 0.1)), (*_NEGATIVE_AXIS, 2j)),
    "negative": ((-3, 3, _ZEROS), (0j,)),
    "positive": ((-3, 3, _ZEROS), (0j,)),
    "real": ((-3, 3, ()), (0j,)),
    "reciprocal": ((0.2, 3, (-0.5, -2.0)), (2j, -1 + 0j)),
    "round": ((-3, 3, (0.3, -1.2, 2.7)), (1.3 - 0.2j,)),
    "sign": ((-3, 3, (1.0, -1.0)), (1 + 2j, 1j, -3 + 0j)),
    "sin": ((-3, 3, _ZEROS), (0j, 3j)),
    "sinh": ((-3, 3, (*_ZEROS, 0.5)), (0j, 3j)),
    "sqrt": ((0.05, 3, (1.0, 4.0)), (*_NEGATIVE_AXIS, 2j, -2j)),
    "square": ((-3, 3, _ZEROS), (0j,)),
    "tan": ((-1.2, 1.2, _ZEROS), (0j, 3j)),
    "tanh": ((-3, 3, (*_ZEROS, 0.5, 5.0)), (0j, 0.5j)),
    # real only (piecewise constant: the derivative is 0 where it exists)
    "ceil": ((-3, 3, (0.3, -1.2)), None),
    "floor": ((-3, 3, (0.3, -1.2)), None),
    "trunc": ((-3, 3, (0.3, -1.2)), None),
}


def _avoid_integers(x: np.ndarray) -> np.ndarray:
    """Away from the jumps of floor, ceil, trunc, round (integers and halves)."""
    frac = x - np.floor(x)
    return np.where(np.abs(frac - 0.5) < 0.05, x + 0.1, np.where(frac < 0.05, x + 0.1, x))


def _unary_case(name: str, spec: tuple) -> Case:
    real, cplx = spec
    make = _points(real, cplx or ())
    if name in ("ceil", "floor", "trunc", "round"):
        base = make

        def make(rng: np.random.Generator, kind: str) -> np.ndarray:
            x = base(rng, kind)
            return _avoid_integers(x.real) + 1j * _avoid_integers(x.imag) if kind == COMPLEX \
                else _avoid_integers(x)  # fmt: skip

    fn = getattr(ak, name)
    return Case(
        name,
        fn,
        lambda rng, kind: [make(rng, kind)],
        kinds=BOTH if cplx is not None else (REAL,),
        elementwise=True,
    )


def _pairs(real: Callable, complex_: Callable | None = None) -> Callable:
    def make(rng: np.random.Generator, kind: str) -> list[np.ndarray]:
        return list(real(rng) if kind == REAL else complex_(rng))

    return make


def _u(lo: float, hi: float, n: int = 12) -> Callable:
    return lambda rng: rng.uniform(lo, hi, n)


def _both(a: Callable, b: Callable) -> Callable:
    return lambda rng: (a(rng), b(rng))


def _c(n: int = 12, lo: float = -2, hi: float = 2) -> Callable:
    return lambda rng: _cplx(rng, n, lo, hi)


def _away(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """x, y with no ties (maximum, minimum) and x/y away from integers (remainder)."""
    q = x / y
    frac = q - np.floor(q)
    bad = (frac < 0.05) | (frac > 0.95)
    return np.where(bad, x + 0.3 * y, x), y


def _power_points(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    # 0 ** 2 (the derivatives are 0), 1 ** 0, negative bases with integer exponents
    # (the derivative in x2 does not exist: NaN)
    x1 = np.concatenate([rng.uniform(0.2, 3, 10), [0.0, 1.0, -2.0, -0.5]])
    x2 = np.concatenate([rng.uniform(-2, 2, 10), [2.0, 0.0, 3.0, 2.0]])
    return x1, x2


def _complex_power_points(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    x1 = np.concatenate([_cplx(rng, 10), _near(-2, -0.5)])
    x2 = np.concatenate([_cplx(rng, 10, -1, 1), [2, 0.5 + 0.5j, 3, -1]])
    return x1, x2


BINARY: dict[str, tuple] = {
    # name -> (real inputs, complex inputs or None)
    "add": (_both(_u(-3, 3), _u(-3, 3)), _both(_c(), _c())),
    "subtract": (_both(_u(-3, 3), _u(-3, 3)), _both(_c(), _c())),
    "multiply": (_both(_u(-3, 3), _u(-3, 3)), _both(_c(), _c())),
    "divide": (_both(_u(-3, 3), _u(0.3, 3)), _both(_c(), _c(12, 0.3, 2))),
    "pow": (_power_points, _complex_power_points),
    "atan2": (
        lambda rng: (
            np.concatenate([rng.uniform(-3, 3, 10), [0.01, -0.01, 1.0, -1.0]]),
            np.concatenate([rng.uniform(0.2, 3, 10), [-2.0, -2.0, 0.0, 0.0]]),
        ),
        None,
    ),
    # smooth where the operands tie too (the backends' formulas take max(x1, x2))
    "hypot": (
        lambda rng: (
            np.r_[rng.uniform(-3, 3, 10), 1.5, -2.0, 0.0],
            np.r_[rng.uniform(0.2, 3, 10), 1.5, 2.0, 1.0],
        ),
        None,
    ),
    "logaddexp": (
        lambda rng: (
            np.r_[rng.uniform(-3, 3, 10), 1.5, -2.0],
            np.r_[rng.uniform(-3, 3, 10), 1.5, -2.0],
        ),
        None,
    ),
    "maximum": (lambda rng: _away(rng.uniform(-3, 3, 12), rng.uniform(-3, 3, 12)), None),
    "minimum": (lambda rng: _away(rng.uniform(-3, 3, 12), rng.uniform(-3, 3, 12)), None),
    "copysign": (
        lambda rng: (np.r_[rng.uniform(-3, 3, 12)], rng.uniform(-3, 3, 12)),
        None,
    ),
    "remainder": (
        lambda rng: _away(rng.uniform(-5, 5, 12), rng.choice([-1.5, 0.7, 2.0], 12)),
        None,
    ),
    "floor_divide": (
        lambda rng: _away(rng.uniform(-5, 5, 12), rng.choice([-1.5, 0.7, 2.0], 12)),
        None,
    ),
    "nextafter": (_both(_u(-3, 3), _u(-3, 3)), None),
}


def _binary_case(name: str, spec: tuple) -> Case:
    real, cplx = spec
    return Case(
        name,
        getattr(ak, name),
        _pairs(real, cplx),
        diff=(0, 1),
        kinds=BOTH if cplx is not None else (REAL,),
        elementwise=True,
    )


# ---------------------------------------------------------------- other rows
def _m(*shape: int, spd: bool = False) -> Callable:
    """Inputs: one array of ``shape`` per call, real or complex."""

    def make(rng: np.random.Generator, kind: str) -> list[np.ndarray]:
        x = rng.uniform(-1, 1, shape)
        if kind == COMPLEX:
            x = x + 1j * rng.uniform(-1, 1, shape)
        return [x]

    return make


def _ms(*shapes: tuple[int, ...]) -> Callable:
    def make(rng: np.random.Generator, kind: str) -> list[np.ndarray]:
        return [_m(*s)(rng, kind)[0] for s in shapes]

    return make


def _with(make: Callable, fix: Callable) -> Callable:
    return lambda rng, kind: fix(make(rng, kind))


def _conditioned(arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Square matrices made well conditioned (+ 3 I)."""
    return [a + 3 * np.eye(a.shape[-1]) if a.shape[-2:] == a.shape[-1:] * 2 else a for a in arrays]


def _hermitian(x: Any) -> Any:
    return (x + ak.conj(ak.matrix_transpose(x))) / 2


def _spd(x: Any) -> Any:
    return x @ ak.conj(ak.matrix_transpose(x)) + 3 * ak.eye(x.shape[-1], dtype=x.dtype)


def _i(values: Any) -> Any:
    return ak.asarray(np.asarray(values))


M3 = _m(3, 3)
M23 = _m(2, 3)
V4 = _m(4)

OTHER: list[Case] = [
    # -- elementwise with bounds
    Case("clip", lambda x, lo, hi: ak.clip(x, lo, hi),
         _pairs(lambda rng: (np.r_[rng.uniform(-3, 3, 12), -2.0, 2.0],
                             np.full(14, -1.0), np.full(14, 1.2))),
         diff=(0, 1, 2), kinds=(REAL,), elementwise=True),
    Case("clip", lambda x: ak.clip(x, -1.0, 1.2), _m(12), kinds=(REAL,), variant="scalars"),
    # -- reductions and statistics
    *[Case(n, lambda x, n=n: getattr(ak, n)(x, axis=1), M23, variant="axis=1",
           kinds=(REAL,) if n in ("max", "min", "var", "std") else BOTH)
      for n in ("sum", "prod", "mean", "max", "min", "var", "std")],
    Case("sum", lambda x: ak.sum(x), M23),
    Case("prod", lambda x: ak.prod(x, axis=0),
         _with(M23, lambda a: [a[0] * np.array([[1, 0, 1], [1, 1, 1]])]), variant="zeros"),
    Case("var", lambda x: ak.var(x, correction=1, axis=0, keepdims=True), M23, kinds=(REAL,),
         variant="correction=1"),
    Case("std", lambda x: ak.std(x), M23, kinds=(REAL,), variant="all"),
    Case("cumulative_sum", lambda x: ak.cumulative_sum(x, axis=1, include_initial=True), M23),
    Case("cumulative_prod", lambda x: ak.cumulative_prod(x, axis=1), M23),
    Case("cumulative_prod", lambda x: ak.cumulative_prod(x, include_initial=True),
         _with(_m(5), lambda a: [a[0] * np.array([1, 1, 0, 1, 1])]), variant="zero"),
    Case("cumulative_prod", lambda x: ak.cumulative_prod(x),
         _with(_m(5), lambda a: [a[0] * np.array([1, 0, 1, 0, 1])]), variant="zeros"),
    Case("diff", lambda x, p, a: ak.diff(x, axis=0, prepend=p, append=a),
         _ms((3, 2), (1, 2), (2, 2)), diff=(0, 1, 2)),
    Case("diff", lambda x: ak.diff(x, n=2), _m(5), variant="n=2"),
    # -- linear algebra (core)
    Case("matmul", ak.matmul, _ms((2, 3), (3, 2)), diff=(0, 1)),
    Case("matmul", ak.matmul, _ms((3,), (2, 3, 2)), diff=(0, 1), variant="batched"),
    Case("tensordot", lambda a, b: ak.tensordot(a, b, axes=([1], [0])),
         _ms((2, 3), (3, 2)), diff=(0, 1)),
    Case("vecdot", ak.vecdot, _ms((2, 3), (3,)), diff=(0, 1)),
    Case("matrix_transpose", ak.matrix_transpose, M23),
    # -- linalg extension
    Case("linalg.cholesky", lambda x: ak.linalg.cholesky(_spd(x)), M3),
    Case("linalg.cholesky", lambda x: ak.linalg.cholesky(_spd(x), upper=True), M3,
         variant="upper"),
    Case("linalg.cross", ak.linalg.cross, _ms((2, 3), (2, 3)), diff=(0, 1)),
    Case("linalg.det", ak.linalg.det, M3),
    Case("linalg.det", ak.linalg.det,
         lambda rng, kind: [np.array([[1 + 1j, 2], [0.5j, 3]]) if kind == COMPLEX
                            else np.array([[1.0, 2], [0.5, 3]])], variant="issue"),
    Case("linalg.det", ak.linalg.det, _with(M3, lambda a: [a[0] * [[1], [1], [0]]]),
         variant="singular"),
    Case("linalg.diagonal", lambda x: ak.linalg.diagonal(x, offset=1), M3),
    Case("linalg.eig", lambda x: (ak.sum(ak.linalg.eig(x)[0] ** 2),
                                  ak.sum(ak.linalg.eig(x)[0] ** 3)), _with(M3, _conditioned),
         variant="values"),
    Case("linalg.eig", lambda x: ak.sum(ak.linalg.eig(x)[0] * ak.abs(ak.linalg.eig(x)[1]) ** 2,
                                        axis=-1), _with(M3, _conditioned), variant="vectors"),
    Case("linalg.eigvals", lambda x: ak.sum(ak.linalg.eigvals(x) ** 3), _with(M3, _conditioned)),
    Case("linalg.eigh", lambda x: ak.linalg.eigh(_hermitian(x))[0], M3, variant="values"),
    Case("linalg.eigh", lambda x: ak.sum(ak.exp(ak.linalg.eigh(_hermitian(x))[0])
                                         * ak.abs(ak.linalg.eigh(_hermitian(x))[1]) ** 2,
                                         axis=-1), M3, variant="vectors"),
    Case("linalg.eigvalsh", lambda x: ak.linalg.eigvalsh(_hermitian(x)), M3),
    Case("linalg.inv", ak.linalg.inv, _with(M3, _conditioned)),
    Case("linalg.matmul", ak.linalg.matmul, _ms((2, 3), (3, 2)), diff=(0, 1)),
    *[Case("linalg.matrix_norm", lambda x, o=o: ak.linalg.matrix_norm(x, ord=o),
           _m(3, 4), variant=f"ord={o}")
      for o in ("fro", "nuc", 2, -2, 1, -1, float("inf"), float("-inf"))],
    Case("linalg.matrix_power", lambda x: ak.linalg.matrix_power(x, 3), M3),
    Case("linalg.matrix_power", lambda x: ak.linalg.matrix_power(x, -2),
         _with(M3, _conditioned), variant="n=-2"),
    Case("linalg.matrix_transpose", ak.linalg.matrix_transpose, M23),
    Case("linalg.outer", ak.linalg.outer, _ms((3,), (2,)), diff=(0, 1)),
    Case("linalg.pinv", ak.linalg.pinv, _m(3, 2)),
    Case("linalg.qr", lambda x: tuple(ak.linalg.qr(x)), _m(3, 2)),
    Case("linalg.slogdet", lambda x: tuple(ak.linalg.slogdet(x)), M3),
    Case("linalg.solve", ak.linalg.solve, _with(_ms((3, 3), (3, 2)), _conditioned),
         diff=(0, 1)),
    Case("linalg.svd", lambda x: ak.linalg.svd(x, full_matrices=False)[1], _m(3, 2),
         variant="values"),
    Case("linalg.svd", lambda x: (lambda u, s, vh: (u * s**2) @ vh)(
        *ak.linalg.svd(x, full_matrices=False)), _m(3, 2), variant="vectors"),
    Case("linalg.svdvals", ak.linalg.svdvals, _m(2, 3)),
    Case("linalg.tensordot", lambda a, b: ak.linalg.tensordot(a, b, axes=1),
         _ms((2, 3), (3, 2)), diff=(0, 1)),
    Case("linalg.trace", lambda x: ak.linalg.trace(x, offset=-1), M3),
    Case("linalg.vecdot", ak.linalg.vecdot, _ms((2, 3), (2, 3)), diff=(0, 1)),
    *[Case("linalg.vector_norm", lambda x, o=o: ak.linalg.vector_norm(x, ord=o, axis=-1),
           M23, variant=f"ord={o}")
      for o in (2, 1, 3, -1, float("inf"), float("-inf"))],
    # -- fft
    *[Case(f"fft.{n}", lambda x, n=n, nm=nm: getattr(ak.fft, n)(x, norm=nm), _m(6),
           kinds=(REAL,) if n in ("rfft", "ihfft") else BOTH, variant=f"norm={nm}")
      for n in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")
      for nm in ("backward", "ortho")],
    Case("fft.irfft", lambda x: ak.fft.irfft(x, n=7), _m(4), variant="n=7 odd"),
    *[Case(f"fft.{n}", getattr(ak.fft, n), _m(2, 4), kinds=(REAL,) if n == "rfftn" else BOTH)
      for n in ("fftn", "ifftn", "rfftn", "irfftn")],
    Case("fft.fftshift", ak.fft.fftshift, _m(5)),
    Case("fft.ifftshift", ak.fft.ifftshift, _m(2, 4)),
    # -- creation functions taking arrays
    Case("tril", lambda x: ak.tril(x, k=-1), M3),
    Case("triu", ak.triu, M3),
    Case("meshgrid", lambda a, b: tuple(ak.meshgrid(a, b)), _ms((3,), (2,)), diff=(0, 1)),
    Case("asarray", lambda x: ak.asarray(x, copy=True), _m(3)),
    Case("astype", lambda x: ak.astype(x, ak.complex128), _m(3), kinds=(REAL,),
         variant="to complex"),
    Case("astype", lambda x: ak.astype(x, ak.float32), _m(3), kinds=(REAL,), rtol=1e-4,
         h=1e-3, variant="to float32"),
    # -- indexing
    Case("Array.__getitem__", lambda x: x[1:, ::-2], M23, variant="basic"),
    Case("Array.__getitem__", lambda x: x[_i([2, 0, 2]), None], _m(3), variant="integer"),
    Case("Array.__getitem__", lambda x: x[_i([True, False, True])], _m(3), variant="mask"),
    Case("Array.__setitem__", lambda x, v: _setitem(x, (slice(None), 1), v),
         _ms((2, 3), (2,)), diff=(0, 1)),
    Case("take", lambda x: ak.take(x, _i([2, 0, 2]), axis=1), M23),
    Case("take_along_axis", lambda x: ak.take_along_axis(x, _i([[1, 1], [0, 2]]), axis=1), M23),
    # -- manipulation
    Case("broadcast_arrays", lambda a, b: tuple(ak.broadcast_arrays(a, b)),
         _ms((3, 1), (2,)), diff=(0, 1)),
    Case("broadcast_to", lambda x: ak.broadcast_to(x, (2, 3)), _m(3)),
    Case("concat", lambda a, b: ak.concat([a, b], axis=1), _ms((2, 1), (2, 2)), diff=(0, 1)),
    Case("expand_dims", lambda x: ak.expand_dims(x, axis=0), _m(3)),
    Case("flip", lambda x: ak.flip(x, axis=1), M23),
    Case("moveaxis", lambda x: ak.moveaxis(x, 0, 1), M23),
    Case("permute_dims", lambda x: ak.permute_dims(x, (1, 0)), M23),
    Case("repeat", lambda x: ak.repeat(x, 2, axis=0), M23),
    Case("repeat", lambda x: ak.repeat(x, _i([1, 0, 2])), _m(3), variant="counts"),
    Case("reshape", lambda x: ak.reshape(x, (3, 2)), M23),
    Case("roll", lambda x: ak.roll(x, 1, axis=1), M23),
    Case("squeeze", lambda x: ak.squeeze(x, axis=0), _m(1, 3)),
    Case("stack", lambda a, b: ak.stack([a, b], axis=1), _ms((3,), (3,)), diff=(0, 1)),
    Case("tile", lambda x: ak.tile(x, (2, 1)), M23),
    Case("unstack", lambda x: tuple(ak.unstack(x, axis=1)), M23),
    # -- searching, sorting
    Case("where", lambda a, b: ak.where(_i([True, False, True]), a, b), _ms((3,), (3,)),
         diff=(0, 1)),
    Case("where", lambda x: ak.where(x > 0, ak.sqrt(ak.abs(x)), x), _m(6), kinds=(REAL,),
         variant="branches"),
    Case("sort", lambda x: ak.sort(x, axis=1), M23, kinds=(REAL,)),
    Case("sort", lambda x: ak.sort(x, descending=True), _m(5), kinds=(REAL,),
         variant="descending"),
    # -- sets: the unique values move with x (distinct values here: where two are equal
    # a step splits them, changing the shape); the integer outputs do not
    Case("unique_values", ak.unique_values, M23),
    *[Case(n, lambda x, n=n: tuple(getattr(ak, n)(x)), _m(5))
      for n in ("unique_all", "unique_counts", "unique_inverse")],
]  # fmt: skip


def _setitem(x: Any, key: Any, value: Any) -> Any:
    y = ak.asarray(x, copy=True)
    y[key] = value
    return y


CASES: list[Case] = [
    *(_unary_case(n, s) for n, s in UNARY.items()),
    *(_binary_case(n, s) for n, s in BINARY.items()),
    *OTHER,
]

# Public functions that are not rows, with the reason.  Under ``grad`` the ones taking
# arrays give zero gradients on every driver (test_not_differentiable_gives_zeros).
NOT_DIFFERENTIABLE: dict[str, str] = {
    **dict.fromkeys(
        ("argmax", "argmin", "argsort", "count_nonzero", "searchsorted", "isin", "equal",
         "not_equal", "greater", "greater_equal", "less", "less_equal", "isfinite", "isinf",
         "isnan", "signbit", "logical_and", "logical_or", "logical_xor", "logical_not",
         "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_invert",
         "bitwise_left_shift", "bitwise_right_shift", "all", "any", "linalg.matrix_rank",
         "nonzero"),
        "integer or boolean output",
    ),
    **dict.fromkeys(("zeros_like", "ones_like", "full_like", "empty_like"),
                    "the output does not depend on the input's values"),
    **dict.fromkeys(
        ("arange", "empty", "eye", "full", "linspace", "logspace", "ones", "zeros",
         "fft.fftfreq", "fft.rfftfreq", "from_dlpack", "can_cast", "result_type", "finfo",
         "iinfo", "isdtype", "broadcast_shapes", "set_defaults", "namespace",
         "compute", "make_mesh"),
        "takes no array to differentiate (creation from Python values, dtypes, settings)",
    ),
    **dict.fromkeys(("grad", "value_and_grad", "jacobian", "jit", "vmap", "stop_gradient"),
                    "a transform (tests/test_transforms.py)"),
}  # fmt: skip


def public_functions() -> set[str]:
    """Every public function of the namespace, ``ak.linalg`` and ``ak.fft``."""
    names = {n for n in dir(ak) if not n.startswith("_") and _is_function(getattr(ak, n))}
    for mod in ("linalg", "fft"):
        m = getattr(ak, mod)
        names |= {f"{mod}.{n}" for n in m.__all__ if _is_function(getattr(m, n))}
    return names


def _is_function(obj: Any) -> bool:
    return callable(obj) and not isinstance(obj, type)


# The NumPy extensions' rows (arraykit/_numpy_api): tests/gradient_cases_numpy.py, which
# builds on the helpers above.
from gradient_cases_numpy import NOT_DIFFERENTIABLE as _NUMPY_NOT_DIFFERENTIABLE  # noqa: E402
from gradient_cases_numpy import ROWS as _NUMPY_ROWS  # noqa: E402

CASES += _NUMPY_ROWS
NOT_DIFFERENTIABLE.update(_NUMPY_NOT_DIFFERENTIABLE)
