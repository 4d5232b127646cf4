"""The Generator's continuous distributions (a mixin of ``Generator``): each one
algorithm written once here, or in :mod:`arraykit.random._gamma` for the gamma family,
on the uniform floats and normals of ``Generator`` (the module docstring of
:mod:`arraykit.random._generator` says how words become those)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import arraykit as ak

from . import _gamma
from ._args import Param, cast, check, draw_shape, float_dtype, param, size_shape

if TYPE_CHECKING:
    from ._generator import BitGenerator


class ContinuousMethods:
    """``random``, ``uniform``, the normal, exponential and gamma families (``Generator``
    inherits them)."""

    bit_generator: BitGenerator
    if TYPE_CHECKING:  # Generator's

        def _uniform01(self, n: int, dtype: Any, device: Any) -> ak.Array: ...

    # ---------------------------------------------------------------- floats
    def random(self, size: Any = None, dtype: Any = None, *, device: Any = None) -> ak.Array:
        """Floats in ``[0, 1)``."""
        shape = size_shape(size, "random")
        dtype = float_dtype(dtype, "random")
        return ak.reshape(self._uniform01(math.prod(shape), dtype, device), shape)

    def uniform(
        self,
        low: Param = 0.0,
        high: Param = 1.0,
        size: Any = None,
        dtype: Any = None,
        *,
        device: Any = None,
    ) -> ak.Array:
        """Floats in ``[low, high)``: ``low + (high - low) * random()``; ``low`` and
        ``high`` may be arrays, broadcast as in NumPy."""
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
        self, size: Any = None, dtype: Any = None, *, device: Any = None
    ) -> ak.Array:
        """Standard normal floats (Box-Muller, see the module docstring)."""
        shape = size_shape(size, "standard_normal")
        dtype = float_dtype(dtype, "standard_normal")
        n = math.prod(shape)
        m = -(-n // 2)
        u = self._uniform01(2 * m, dtype, device)
        rad = ak.sqrt(-2.0 * ak.log1p(-u[:m]))
        theta = (2 * math.pi) * u[m:]
        z = ak.concat([rad * ak.cos(theta), rad * ak.sin(theta)])[:n]
        return ak.reshape(z, shape)

    def normal(
        self,
        loc: Param = 0.0,
        scale: Param = 1.0,
        size: Any = None,
        dtype: Any = None,
        *,
        device: Any = None,
    ) -> ak.Array:
        """Normal floats of mean ``loc`` and standard deviation ``scale`` (arrays
        broadcast as in NumPy)."""
        loc, scale = param(loc, "normal", "loc"), param(scale, "normal", "scale")
        check(scale < 0, "normal", ValueError, "scale < 0")
        dtype = float_dtype(dtype, "normal")
        shape = draw_shape(size, (loc, scale), "normal")
        z = self.standard_normal(shape, dtype, device=device)
        return z * cast(scale, dtype) + cast(loc, dtype)

    def exponential(
        self, scale: Param = 1.0, size: Any = None, dtype: Any = None, *, device: Any = None
    ) -> ak.Array:
        """Exponential floats of mean ``scale``: ``-log1p(-random()) * scale`` (an array
        ``scale`` broadcasts as in NumPy)."""
        scale = param(scale, "exponential", "scale")
        check(scale < 0, "exponential", ValueError, "scale < 0")
        dtype = float_dtype(dtype, "exponential")
        shape = draw_shape(size, (scale,), "exponential")
        u = self.random(shape, dtype, device=device)
        return -ak.log1p(-u) * cast(scale, dtype)

    def lognormal(
        self, mean: Param = 0.0, sigma: Param = 1.0, size: Any = None, *, device: Any = None
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

    # ---------------------------------------------------------------- gamma family
    def standard_gamma(
        self, shape: Param, size: Any = None, dtype: Any = None, *, device: Any = None
    ) -> ak.Array:
        """Gamma floats of shape ``shape`` and scale 1 (Marsaglia-Tsang in fixed rounds:
        :mod:`arraykit.random._gamma`); an array ``shape`` broadcasts as in NumPy.

        Examples
        --------
        >>> g = ak.random.default_rng(5).standard_gamma([0.5, 2.0], size=(3, 2))
        >>> g.shape, bool(ak.all(g >= 0))
        ((3, 2), True)
        """
        return _gamma.standard_gamma(self, shape, size, dtype, device)

    def gamma(
        self, shape: Param, scale: Param = 1.0, size: Any = None, *, device: Any = None
    ) -> ak.Array:
        """Gamma floats: ``standard_gamma(shape) * scale``."""
        return _gamma.gamma(self, shape, scale, size, device)

    def chisquare(self, df: Param, size: Any = None, *, device: Any = None) -> ak.Array:
        """Chi-square floats with ``df`` degrees of freedom: ``2 standard_gamma(df/2)``."""
        return _gamma.chisquare(self, df, size, device)

    def beta(self, a: Param, b: Param, size: Any = None, *, device: Any = None) -> ak.Array:
        """Beta floats: ``X / (X + Y)`` of two gamma draws (:mod:`arraykit.random._gamma`)."""
        return _gamma.beta(self, a, b, size, device)

    def standard_t(self, df: Param, size: Any = None, *, device: Any = None) -> ak.Array:
        """Student's t floats: ``Z / sqrt(chisquare(df) / df)``."""
        return _gamma.standard_t(self, df, size, device)
