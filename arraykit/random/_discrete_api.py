"""The Generator's discrete and multivariate methods, with NumPy's signatures: thin
delegations to :mod:`~arraykit.random._discrete`, :mod:`~arraykit.random._hypergeometric`
and :mod:`~arraykit.random._multivariate` (whose docstrings give the algorithms)."""

from __future__ import annotations

from typing import Any

import arraykit as ak

from .._types import DeviceArg
from . import _discrete, _hypergeometric, _multivariate
from ._args import Gen, Param, Size


class DiscreteMethods:
    """Mixed into :class:`~arraykit.random.Generator`: every method returns int64 values
    (floats for ``multivariate_normal`` and ``dirichlet``), takes ``device=``, and
    broadcasts array parameters against each other and ``size`` as NumPy does."""

    def poisson(
        self: Gen, lam: Param = 1.0, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Poisson counts of mean ``lam``: inversion for ``lam < 10``, Hormann's PTRS
        above.

        Examples
        --------
        >>> k = ak.random.default_rng(0).poisson([0.5, 40.0], size=(3, 2))
        >>> k.shape, k.dtype, bool(ak.all(k >= 0))
        ((3, 2), dtype('int64'), True)
        """
        return _discrete.poisson(self, lam, size, device)

    def binomial(
        self: Gen, n: Any, p: Param, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Binomial counts of ``n`` trials of probability ``p``: inversion for ``n
        min(p, 1-p) < 10``, Hormann's BTRS above (float ``n`` truncated, as NumPy).

        Examples
        --------
        >>> k = ak.random.default_rng(0).binomial(10, [0.0, 0.5, 1.0])
        >>> k.tolist()[0], k.tolist()[2]
        (0, 10)
        """
        return _discrete.binomial(self, n, p, size, device)

    def geometric(self: Gen, p: Param, size: Size = None, *, device: DeviceArg = None) -> ak.Array:
        """Trials up to the first success (``>= 1``) of probability ``p``, by inversion.

        Examples
        --------
        >>> k = ak.random.default_rng(0).geometric([0.5, 1.0], size=(2, 2))
        >>> k[:, 1].tolist()
        [1, 1]
        """
        return _discrete.geometric(self, p, size, device)

    def negative_binomial(
        self: Gen, n: Param, p: Param, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Failures before the ``n``-th success: ``poisson(standard_gamma(n) (1-p)/p)``.

        Examples
        --------
        >>> ak.random.default_rng(0).negative_binomial(3, 1.0, size=2).tolist()
        [0, 0]
        """
        return _discrete.negative_binomial(self, n, p, size, device)

    def logseries(self: Gen, p: Param, size: Size = None, *, device: DeviceArg = None) -> ak.Array:
        """Logarithmic series values (``>= 1``) by Kemp's algorithm LK.

        Examples
        --------
        >>> ak.random.default_rng(0).logseries(0.0, size=3).tolist()
        [1, 1, 1]
        """
        return _discrete.logseries(self, p, size, device)

    def zipf(self: Gen, a: Param, size: Size = None, *, device: DeviceArg = None) -> ak.Array:
        """Zipf values (``>= 1``) of exponent ``a > 1`` by Devroye's rejection.

        Examples
        --------
        >>> bool(ak.all(ak.random.default_rng(0).zipf(2.0, size=5) >= 1))
        True
        """
        return _discrete.zipf(self, a, size, device)

    def hypergeometric(
        self: Gen,
        ngood: Any,
        nbad: Any,
        nsample: Any,
        size: Size = None,
        *,
        device: DeviceArg = None,
    ) -> ak.Array:
        """Good items among ``nsample`` drawn without replacement from ``ngood`` good and
        ``nbad`` bad ones: inversion where the variance is below 4, Stadlober's HRUA
        above.

        Examples
        --------
        >>> ak.random.default_rng(0).hypergeometric(5, 5, 10, size=2).tolist()
        [5, 5]
        """
        return _hypergeometric.hypergeometric(self, ngood, nbad, nsample, size, device)

    def multivariate_hypergeometric(
        self: Gen,
        colors: Any,
        nsample: int,
        size: Size = None,
        method: str = "marginals",
        *,
        device: DeviceArg = None,
    ) -> ak.Array:
        """Counts of each color among ``nsample`` items drawn without replacement from
        ``colors[i]`` items of color ``i`` (shape ``size + (len(colors),)``).

        Examples
        --------
        >>> c = ak.random.default_rng(0).multivariate_hypergeometric([5, 10, 15], 8, size=2)
        >>> c.shape, ak.sum(c, axis=1).tolist()
        ((2, 3), [8, 8])
        """
        return _hypergeometric.multivariate_hypergeometric(
            self, colors, nsample, size, method, device
        )

    def multinomial(
        self: Gen, n: Any, pvals: Any, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Counts of ``n`` trials over the categories of ``pvals`` (last axis), by
        conditional binomials.

        Examples
        --------
        >>> c = ak.random.default_rng(0).multinomial(10, [0.2, 0.0, 0.8], size=2)
        >>> c.shape, ak.sum(c, axis=1).tolist(), c[:, 1].tolist()
        ((2, 3), [10, 10], [0, 0])
        """
        return _multivariate.multinomial(self, n, pvals, size, device)

    def multivariate_normal(
        self: Gen,
        mean: Any,
        cov: Any,
        size: Size = None,
        check_valid: str = "warn",
        tol: float = 1e-8,
        *,
        method: str = "svd",
        device: DeviceArg = None,
    ) -> ak.Array:
        """Normal vectors of mean ``mean`` and covariance ``cov``: ``mean + z @ A.T`` with
        ``A A.T = cov`` by ``method`` ("svd", "eigh" or "cholesky"), as NumPy.

        Examples
        --------
        >>> rng = ak.random.default_rng(0)
        >>> rng.multivariate_normal([0.0, 1.0], [[1.0, 0.5], [0.5, 2.0]], size=4).shape
        (4, 2)
        """
        return _multivariate.multivariate_normal(
            self, mean, cov, size, check_valid, tol, method, device
        )

    def dirichlet(
        self: Gen, alpha: Any, size: Size = None, *, device: DeviceArg = None
    ) -> ak.Array:
        """Dirichlet vectors: gamma draws of shapes ``alpha`` normalised to sum 1 (in
        logarithms, so tiny ``alpha`` give vectors, not NaN).

        Examples
        --------
        >>> x = ak.random.default_rng(0).dirichlet([1.0, 2.0, 3.0], size=2)
        >>> x.shape, bool(ak.all(ak.abs(ak.sum(x, axis=1) - 1) < 1e-12))
        ((2, 3), True)
        """
        return _multivariate.dirichlet(self, alpha, size, device)

    def permuted(self: Gen, x: Any, *, axis: int | None = None, out: Any = None) -> ak.Array:
        """``x`` with each slice along ``axis`` shuffled independently (the flattened
        array for ``axis=None``), into ``out`` when given (``out`` may be ``x``).

        Examples
        --------
        >>> x = ak.random.default_rng(0).permuted(ak.reshape(ak.arange(6), (2, 3)), axis=1)
        >>> ak.sort(x, axis=1).tolist()
        [[0, 1, 2], [3, 4, 5]]
        """
        return _multivariate.permuted(self, x, axis, out)

    def bytes(self: Gen, length: int) -> bytes:
        """``length`` random bytes: the next words, little-endian.

        Examples
        --------
        >>> len(ak.random.default_rng(0).bytes(5))
        5
        """
        return _multivariate.random_bytes(self, length)
