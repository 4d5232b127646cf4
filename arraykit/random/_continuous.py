"""The Generator's continuous distributions (a mixin of ``Generator``), each one
algorithm written once in core on ``random()``'s uniform floats ``u`` in ``[0, 1)`` and
``standard_normal()``'s normals (:mod:`arraykit.random._generator` says how words become
those; the gamma family and ``vonmises`` reject candidates, in the fixed rounds of
:mod:`arraykit.random._rejection`).  Every draw takes whole draws of ``random`` or
``standard_normal`` of the output's size, in the order given; parameters take nothing from
the stream.  ``e = -log1p(-u)`` is a standard exponential; ``w`` is ``u`` with its last bit
set, ``floor(u * 2**52) * 2**-52 + 2**-53`` (float32: 23 and 24), exact and symmetric in
``(0, 1)``, for the inversions that need both ends finite.

- ``standard_exponential``, ``exponential(scale)``: ``e * scale`` (inversion; NumPy's
  ``method="zig"`` and ``"inv"`` both take it).
- ``gumbel(loc, scale)``: ``loc - scale * log(-log1p(-w))`` (inversion).
- ``laplace(loc, scale)``: ``loc + scale * log(2 w)`` for ``w < 1/2``, else ``loc - scale
  * log(2 - 2 w)`` (inversion, as NumPy's; both arguments exact).
- ``logistic(loc, scale)``: ``loc + scale * logit(w)``, ``logit(w) = log(w / (1 - w))``
  for ``w < 1/4``, else ``log1p((2 w - 1) / (1 - w))`` (accurate near ``w = 1/2`` where the
  plain quotient's logarithm loses the digits; ``2 w - 1`` and ``1 - w`` are exact).
- ``pareto(a)``: ``expm1(e / a)`` (NumPy's Lomax form); ``power(a)``: ``(1 - u)**(1/a)``;
  ``weibull(a)``: ``e**(1/a)`` (0 for ``a == 0``); ``rayleigh(scale)``: ``scale * sqrt(2
  e)``; all inversions.
- ``standard_cauchy``: ``tan(pi t)`` with ``t = w - 1/2``, as ``sign(t) / tan(pi (1/2 -
  |t|))`` for ``|t| > 1/4`` (inversion, accurate in both tails).
- ``triangular(left, mode, right)``: NumPy's inversion: ``left + sqrt(u (mode - left)
  (right - left))`` for ``u <= (mode - left) / (right - left)``, else ``right - sqrt((1 -
  u) (right - mode) (right - left))`` (only exactly rounded operations).
- ``wald(mean, scale)``: Michael, Schucany and Haas (The American Statistician 30(2),
  1976): a normal ``z`` (one whole ``standard_normal`` draw) then a uniform ``u``; ``r =
  mean z**2 / scale``, ``x = mean (2 / (sqrt(r + 4) + sqrt(r)))**2`` (NumPy's ``mean +
  mean / (2 scale) (y - sqrt(4 scale y + y**2))``, ``y = mean z**2``, rewritten without its
  cancellation), the value ``x`` if ``u <= mean / (mean + x)``, else ``mean**2 / x``.
- ``vonmises(mu, kappa)``: Best and Fisher's wrapped-Cauchy rejection (Applied
  Statistics 28(2), 1979), NumPy's form and thresholds (:mod:`arraykit.random._vonmises`).
- ``standard_gamma``, ``gamma``, ``chisquare``, ``beta``, ``f``, ``standard_t``,
  ``noncentral_chisquare``, ``noncentral_f``: :mod:`arraykit.random._gamma`.

``random``, ``standard_normal``, ``standard_exponential`` and ``standard_gamma`` take
NumPy's ``dtype`` (float32 or float64) and ``out`` (an arraykit array of that dtype, filled
in place and returned; ``size``, if given, must be its shape); the others give float64,
as NumPy's.  Invalid parameters raise NumPy's ``ValueError`` (checked eagerly; inside
``ak.jit``/``ak.vmap`` traced parameters are not checked).
"""

from __future__ import annotations

import math
import typing
from typing import TYPE_CHECKING, Any

import arraykit as ak

from .._types import DeviceArg
from . import _gamma, _vonmises, _ziggurat
from ._args import (
    Checked,
    Gen,
    Param,
    Size,
    cast,
    check,
    draw_shape,
    float_dtype,
    param,
    size_shape,
)

if TYPE_CHECKING:
    from ._generator import BitGenerator

F64 = ak.float64


def _f64(p: Checked) -> Checked:
    return cast(p, F64)


def _target(out: Any, size: Any, dtype: Any, device: Any, fn: str) -> tuple[Any, Any, Any]:
    """``(size, dtype, device)`` of a draw into ``out`` (NumPy's checks), or as given."""
    dtype = float_dtype(dtype, fn)
    if out is None:
        return size, dtype, device
    if not isinstance(out, ak.Array):
        raise ValueError(f"{fn}: Supplied output array must be an arraykit array, got {out!r}")
    if out.dtype != dtype:
        raise TypeError(
            f"{fn}: Supplied output array has the wrong type. Expected {dtype}, got {out.dtype}"
        )
    if size is not None and size_shape(size, fn) != out.shape:
        raise ValueError(f"{fn}: size must match out.shape when used together")
    return out.shape, dtype, out.device if device is None else device


def _into(out: ak.Array | None, values: ak.Array) -> ak.Array:
    if out is None:
        return values
    out[...] = values
    return out


def _open(u: ak.Array) -> ak.Array:
    """``u`` with its last bit set: in ``(0, 1)``, symmetric, exact on every driver."""
    bits = 23 if u.dtype == ak.float32 else 52
    return ak.floor(u * 2.0**bits) * 2.0**-bits + 2.0 ** -(bits + 1)


class ContinuousMethods:
    """``random``, ``uniform`` and NumPy's continuous distributions (``Generator``
    inherits them)."""

    bit_generator: BitGenerator
    if TYPE_CHECKING:  # Generator's

        def _uniform01(self, n: int, dtype: Any, device: Any) -> ak.Array: ...

    # ---------------------------------------------------------------- floats
    def random(
        self, size: Size = None, dtype: Any = None, out: Any = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Floats in ``[0, 1)``.

        Examples
        --------
        >>> out = ak.zeros(3, dtype=ak.float32)
        >>> r = ak.random.default_rng(0).random(dtype=ak.float32, out=out)
        >>> r is out, bool(ak.all((out >= 0) & (out < 1)))
        (True, True)
        """
        size, dtype, device = _target(out, size, dtype, device, "random")
        shape = size_shape(size, "random")
        u = ak.reshape(self._uniform01(math.prod(shape), dtype, device), shape)
        return _into(out, u)

    def uniform(
        self,
        low: Param = 0.0,
        high: Param = 1.0,
        size: Size = None,
        dtype: Any = None,
        *,
        device: DeviceArg = None,
    ) -> ak.Array:
        """Floats in ``[low, high)``: ``low + (high - low) * random()``; ``low`` and
        ``high`` may be arrays, broadcast as in NumPy.

        Examples
        --------
        >>> ak.random.default_rng(0).uniform(2.0, 2.0, size=2).tolist()
        [2.0, 2.0]
        >>> u = ak.random.default_rng(0).uniform([0.0, 10.0], [1.0, 11.0])
        >>> bool(ak.all((u >= ak.asarray([0.0, 10.0])) & (u < ak.asarray([1.0, 11.0]))))
        True
        """
        lo, hi = param(low, "uniform", "low"), param(high, "uniform", "high")
        dtype = float_dtype(dtype, "uniform")
        shape = draw_shape(size, (lo, hi), "uniform")
        lo, hi = cast(lo, dtype), cast(hi, dtype)
        span = hi - lo
        finite = ak.isfinite(span) if isinstance(span, ak.Array) else math.isfinite(span)
        check(~finite if isinstance(finite, ak.Array) else not finite, "uniform",
               OverflowError, "high - low range exceeds valid bounds")  # fmt: skip
        return self.random(shape, dtype, device=device) * span + lo

    def standard_normal(
        self, size: Size = None, dtype: Any = None, out: Any = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Standard normal floats: float64 by the ziggurat (:mod:`arraykit.random._ziggurat`),
        float32 by Box-Muller (:mod:`arraykit.random._generator`).

        Examples
        --------
        >>> z = ak.random.default_rng(0).standard_normal((2, 3), dtype=ak.float32)
        >>> z.shape, z.dtype
        ((2, 3), dtype('float32'))
        """
        size, dtype, device = _target(out, size, dtype, device, "standard_normal")
        shape = size_shape(size, "standard_normal")
        n = math.prod(shape)
        if dtype == ak.float32:
            z = self._box_muller(n, dtype, device)
        else:
            z = _ziggurat.standard_normal64(typing.cast("Gen", self), n, device)
        return _into(out, ak.reshape(z, shape))

    def _box_muller(self, n: int, dtype: Any, device: Any) -> ak.Array:
        """``n`` normals of ``dtype`` by Box-Muller on ``2 ceil(n / 2)`` uniforms (one
        ``random`` draw; :mod:`arraykit.random._generator`)."""
        m = -(-n // 2)
        u = self._uniform01(2 * m, dtype, device)
        rad = ak.sqrt(-2.0 * ak.log1p(-u[:m]))
        theta = (2 * math.pi) * u[m:]
        return ak.concat([rad * ak.cos(theta), rad * ak.sin(theta)])[:n]

    def normal(
        self,
        loc: Param = 0.0,
        scale: Param = 1.0,
        size: Size = None,
        dtype: Any = None,
        *,
        device: DeviceArg = None,
    ) -> ak.Array:
        """Normal floats of mean ``loc`` and standard deviation ``scale`` (arrays
        broadcast as in NumPy).

        Examples
        --------
        >>> ak.random.default_rng(0).normal([1.0, -2.0], 0.0).tolist()
        [1.0, -2.0]
        """
        loc, scale = param(loc, "normal", "loc"), param(scale, "normal", "scale")
        check(scale < 0, "normal", ValueError, "scale < 0")
        dtype = float_dtype(dtype, "normal")
        shape = draw_shape(size, (loc, scale), "normal")
        z = self.standard_normal(shape, dtype, device=device)
        return z * cast(scale, dtype) + cast(loc, dtype)

    def _exp(self, shape: Any, dtype: Any = F64, device: Any = None) -> ak.Array:
        return -ak.log1p(-self.random(shape, dtype, device=device))

    def standard_exponential(
        self,
        size: Size = None,
        dtype: Any = None,
        method: str = "zig",
        out: Any = None,
        *,
        device: DeviceArg = None,
    ) -> ak.Array:
        """Exponential floats of mean 1: ``-log1p(-random())`` (inversion, whatever
        ``method``: NumPy's ``"zig"`` and ``"inv"`` name its two algorithms).

        Examples
        --------
        >>> e = ak.random.default_rng(2).standard_exponential(4, dtype="float32")
        >>> e.dtype, bool(ak.all(e >= 0))
        (dtype('float32'), True)
        """
        if not isinstance(method, str):
            raise TypeError(f"standard_exponential: method must be a str, got {method!r}")
        size, dtype, device = _target(out, size, dtype, device, "standard_exponential")
        return _into(out, self._exp(size_shape(size, "standard_exponential"), dtype, device))

    def exponential(
        self, scale: Param = 1.0, size: Size = None, dtype: Any = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Exponential floats of mean ``scale``: ``-log1p(-random()) * scale`` (an array
        ``scale`` broadcasts as in NumPy).

        Examples
        --------
        >>> ak.random.default_rng(0).exponential(0.0, size=2).tolist()
        [0.0, 0.0]
        >>> bool(ak.all(ak.random.default_rng(0).exponential(2.0, size=8) >= 0))
        True
        """
        scale = param(scale, "exponential", "scale")
        check(scale < 0, "exponential", ValueError, "scale < 0")
        dtype = float_dtype(dtype, "exponential")
        shape = draw_shape(size, (scale,), "exponential")
        return self._exp(shape, dtype, device) * cast(scale, dtype)

    def lognormal(
        self, mean: Param = 0.0, sigma: Param = 1.0, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Log-normal floats: ``exp(normal(mean, sigma))``, the same draw as ``normal``
        (arrays broadcast as in NumPy).

        Examples
        --------
        >>> x = ak.random.default_rng(3).lognormal(0.0, 0.5, size=4)
        >>> x.shape, bool(ak.all(x > 0))
        ((4,), True)
        """
        mean, sigma = param(mean, "lognormal", "mean"), param(sigma, "lognormal", "sigma")
        check(sigma < 0, "lognormal", ValueError, "sigma < 0")
        shape = draw_shape(size, (mean, sigma), "lognormal")
        return ak.exp(self.normal(mean, sigma, shape, device=device))

    # ---------------------------------------------------------------- inversions
    def _loc_scale(
        self, loc: Param, scale: Param, size: Size, fn: str
    ) -> tuple[Checked, Checked, tuple[int, ...]]:
        loc, scale = param(loc, fn, "loc"), param(scale, fn, "scale")
        check(scale < 0, fn, ValueError, "scale < 0")
        return _f64(loc), _f64(scale), draw_shape(size, (loc, scale), fn)

    def gumbel(
        self, loc: Param = 0.0, scale: Param = 1.0, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Gumbel (extreme value type I) floats: ``loc - scale * log(-log1p(-w))``, ``w``
        a uniform in ``(0, 1)`` (module docstring).

        Examples
        --------
        >>> ak.random.default_rng(0).gumbel(1.5, 0.0, size=2).tolist()
        [1.5, 1.5]
        """
        loc, scale, shape = self._loc_scale(loc, scale, size, "gumbel")
        w = _open(self.random(shape, device=device))
        return loc - scale * ak.log(-ak.log1p(-w))

    def laplace(
        self, loc: Param = 0.0, scale: Param = 1.0, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Laplace (double exponential) floats of mean ``loc`` and scale ``scale``.

        Examples
        --------
        >>> ak.random.default_rng(0).laplace(3.0, 0.0, size=2).tolist()
        [3.0, 3.0]
        """
        loc, scale, shape = self._loc_scale(loc, scale, size, "laplace")
        w = _open(self.random(shape, device=device))
        low = w < 0.5
        t = ak.log(ak.where(low, w + w, 2.0 - (w + w)))  # both exact
        return ak.where(low, loc + scale * t, loc - scale * t)

    def logistic(
        self, loc: Param = 0.0, scale: Param = 1.0, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Logistic floats: ``loc + scale * log(w / (1 - w))`` (module docstring).

        Examples
        --------
        >>> ak.random.default_rng(0).logistic(-1.0, 0.0, size=2).tolist()
        [-1.0, -1.0]
        """
        loc, scale, shape = self._loc_scale(loc, scale, size, "logistic")
        w = _open(self.random(shape, device=device))
        v = 1.0 - w
        logit = ak.where(w < 0.25, ak.log(w / v), ak.log1p((w + w - 1.0) / v))
        return loc + scale * logit

    def _shape_a(
        self, a: Param, size: Size, fn: str, zero_ok: bool
    ) -> tuple[Checked, tuple[int, ...]]:
        a = param(a, fn, "a")
        if zero_ok:
            check(a < 0, fn, ValueError, "a < 0")
        else:
            check(a <= 0, fn, ValueError, "a <= 0")
        return _f64(a), draw_shape(size, (a,), fn)

    def pareto(self, a: Param, size: Size = None, *, device: DeviceArg = None) -> ak.Array:
        """Pareto II (Lomax) floats of shape ``a``, as NumPy's: ``expm1(e / a)``.

        Examples
        --------
        >>> x = ak.random.default_rng(0).pareto(3.0, size=100)
        >>> x.dtype, bool(ak.all(x >= 0))
        (dtype('float64'), True)
        """
        a, shape = self._shape_a(a, size, "pareto", zero_ok=False)
        return ak.expm1(self._exp(shape, device=device) / a)

    def power(self, a: Param, size: Size = None, *, device: DeviceArg = None) -> ak.Array:
        """Floats in ``[0, 1]`` of density ``a x**(a-1)``: ``(1 - random())**(1/a)``.

        Examples
        --------
        >>> x = ak.random.default_rng(0).power(5.0, size=100)
        >>> bool(ak.all((x >= 0) & (x <= 1)))
        True
        """
        a, shape = self._shape_a(a, size, "power", zero_ok=False)
        return ak.pow(1.0 - self.random(shape, device=device), 1.0 / a)

    def weibull(self, a: Param, size: Size = None, *, device: DeviceArg = None) -> ak.Array:
        """Weibull floats of shape ``a``: ``e**(1/a)``, ``e`` a standard exponential
        (0 for ``a == 0``, as NumPy).

        Examples
        --------
        >>> ak.random.default_rng(0).weibull(0.0, size=2).tolist()
        [0.0, 0.0]
        """
        a, shape = self._shape_a(a, size, "weibull", zero_ok=True)
        e = self._exp(shape, device=device)
        if isinstance(a, ak.Array):
            return ak.where(a == 0, 0.0, ak.pow(e, 1.0 / ak.where(a == 0, 1.0, a)))
        return ak.zeros_like(e) if a == 0 else ak.pow(e, 1.0 / a)

    def rayleigh(
        self, scale: Param = 1.0, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Rayleigh floats: ``scale * sqrt(2 e)``, ``e`` a standard exponential.

        Examples
        --------
        >>> ak.random.default_rng(0).rayleigh(0.0, size=2).tolist()
        [0.0, 0.0]
        """
        s = param(scale, "rayleigh", "scale")
        check(s < 0, "rayleigh", ValueError, "scale < 0")
        shape = draw_shape(size, (s,), "rayleigh")
        return _f64(s) * ak.sqrt(2.0 * self._exp(shape, device=device))

    def standard_cauchy(self, size: Size = None, *, device: DeviceArg = None) -> ak.Array:
        """Cauchy floats of location 0 and scale 1: ``tan(pi (w - 1/2))`` (module
        docstring).

        Examples
        --------
        >>> c = ak.random.default_rng(0).standard_cauchy((4, 2))
        >>> c.shape, c.dtype
        ((4, 2), dtype('float64'))
        """
        t = _open(self.random(size_shape(size, "standard_cauchy"), device=device)) - 0.5
        at = ak.abs(t)
        tail = ak.sign(t) / ak.tan(math.pi * (0.5 - at))
        return ak.where(at <= 0.25, ak.tan(math.pi * t), tail)

    def triangular(
        self, left: Param, mode: Param, right: Param, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Triangular floats on ``[left, right]`` with peak at ``mode`` (NumPy's
        inversion, module docstring).

        Examples
        --------
        >>> x = ak.random.default_rng(0).triangular(-1.0, 0.0, 2.0, size=100)
        >>> bool(ak.all((x >= -1) & (x <= 2)))
        True
        """
        fn = "triangular"
        lo, md, hi = param(left, fn, "left"), param(mode, fn, "mode"), param(right, fn, "right")
        check(lo > md, fn, ValueError, "left > mode")
        check(md > hi, fn, ValueError, "mode > right")
        check(lo == hi, fn, ValueError, "left == right")
        shape = draw_shape(size, (lo, md, hi), fn)
        lo, md, hi = _f64(lo), _f64(md), _f64(hi)
        u = self.random(shape, device=device)
        base = hi - lo
        left_base = md - lo
        first = lo + ak.sqrt(u * (left_base * base))
        second = hi - ak.sqrt((1.0 - u) * ((hi - md) * base))
        return ak.where(u <= left_base / base, first, second)

    # ---------------------------------------------------------------- two-draw ones
    def wald(
        self, mean: Param, scale: Param, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Wald (inverse Gaussian) floats (Michael, Schucany and Haas; module docstring).

        Examples
        --------
        >>> bool(ak.all(ak.random.default_rng(0).wald(1.0, 2.0, size=100) > 0))
        True
        """
        m, s = param(mean, "wald", "mean"), param(scale, "wald", "scale")
        check(m <= 0, "wald", ValueError, "mean <= 0")
        check(s <= 0, "wald", ValueError, "scale <= 0")
        shape = draw_shape(size, (m, s), "wald")
        m, s = _f64(m), _f64(s)
        z = self.standard_normal(shape, device=device)
        u = self.random(shape, device=device)
        r = (m * z * z) / s
        q = 2.0 / (ak.sqrt(r + 4.0) + ak.sqrt(r))
        x = m * (q * q)
        return ak.where(u <= m / (m + x), x, m * (m / x))

    def vonmises(
        self: Gen, mu: Param, kappa: Param, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """von Mises floats on ``[-pi, pi]`` of mode ``mu`` and concentration ``kappa``
        (Best-Fisher rejection: :mod:`arraykit.random._vonmises`).

        Examples
        --------
        >>> x = ak.random.default_rng(4).vonmises([0.0, 3.0], 2.0, size=(5, 2))
        >>> x.shape, bool(ak.all(ak.abs(x) <= ak.pi))
        ((5, 2), True)
        """
        return _vonmises.vonmises(self, mu, kappa, size, device)

    # ---------------------------------------------------------------- gamma family
    def standard_gamma(
        self: Gen,
        shape: Param,
        size: Size = None,
        dtype: Any = None,
        out: Any = None,
        *,
        device: DeviceArg = None,
    ) -> ak.Array:
        """Gamma floats of shape ``shape`` and scale 1 (Marsaglia-Tsang in fixed rounds:
        :mod:`arraykit.random._gamma`); an array ``shape`` broadcasts as in NumPy.

        Examples
        --------
        >>> g = ak.random.default_rng(5).standard_gamma([0.5, 2.0], size=(3, 2))
        >>> g.shape, bool(ak.all(g >= 0))
        ((3, 2), True)
        """
        size, dtype, device = _target(out, size, dtype, device, "standard_gamma")
        return _into(out, _gamma.standard_gamma(self, shape, size, dtype, device))

    def gamma(
        self: Gen, shape: Param, scale: Param = 1.0, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Gamma floats: ``standard_gamma(shape) * scale``.

        Examples
        --------
        >>> g = ak.random.default_rng(0).gamma([0.5, 4.0], 2.0, size=(3, 2))
        >>> g.shape, bool(ak.all(g >= 0))
        ((3, 2), True)
        """
        return _gamma.gamma(self, shape, scale, size, device)

    def chisquare(self: Gen, df: Param, size: Size = None, *, device: DeviceArg = None) -> ak.Array:
        """Chi-square floats with ``df`` degrees of freedom: ``2 standard_gamma(df/2)``.

        Examples
        --------
        >>> bool(ak.all(ak.random.default_rng(0).chisquare(3.0, size=100) >= 0))
        True
        """
        return _gamma.chisquare(self, df, size, device)

    def beta(
        self: Gen, a: Param, b: Param, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Beta floats: ``X / (X + Y)`` of two gamma draws (:mod:`arraykit.random._gamma`).

        Examples
        --------
        >>> b = ak.random.default_rng(0).beta(0.5, 0.5, size=100)
        >>> bool(ak.all((b >= 0) & (b <= 1)))
        True
        """
        return _gamma.beta(self, a, b, size, device)

    def f(
        self: Gen, dfnum: Param, dfden: Param, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Fisher's F floats: ``(X / dfnum) / (Y / dfden)`` of two chi-square draws.

        Examples
        --------
        >>> bool(ak.all(ak.random.default_rng(0).f(5.0, 7.0, size=100) >= 0))
        True
        """
        return _gamma.f(self, dfnum, dfden, size, device)

    def standard_t(
        self: Gen, df: Param, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Student's t floats: ``Z / sqrt(chisquare(df) / df)``.

        Examples
        --------
        >>> t = ak.random.default_rng(0).standard_t(10.0, size=(2, 2))
        >>> t.shape, t.dtype
        ((2, 2), dtype('float64'))
        """
        return _gamma.standard_t(self, df, size, device)

    def noncentral_chisquare(
        self: Gen, df: Param, nonc: Param, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Noncentral chi-square floats, NumPy's algorithm: ``chisquare(df - 1) + (Z +
        sqrt(nonc))**2`` for ``df >= 1``; for ``df < 1``, ``chisquare(df + 2 i)`` with ``i =
        poisson(nonc / 2)`` (``chisquare(df)`` where ``nonc == 0``).

        Examples
        --------
        >>> x = ak.random.default_rng(0).noncentral_chisquare([3.0, 0.5], 2.0, size=(50, 2))
        >>> x.shape, bool(ak.all(x >= 0))
        ((50, 2), True)
        """
        return _gamma.noncentral_chisquare(self, df, nonc, size, device)

    def noncentral_f(
        self: Gen,
        dfnum: Param,
        dfden: Param,
        nonc: Param,
        size: Size = None,
        *,
        device: DeviceArg = None,
    ) -> ak.Array:
        """Noncentral F floats: ``(X / dfnum) / (Y / dfden)``, ``X`` a
        ``noncentral_chisquare(dfnum, nonc)`` draw, then ``Y`` a ``chisquare(dfden)`` one.

        Examples
        --------
        >>> bool(ak.all(ak.random.default_rng(0).noncentral_f(3.0, 5.0, 1.5, size=100) >= 0))
        True
        """
        return _gamma.noncentral_f(self, dfnum, dfden, nonc, size, device)
