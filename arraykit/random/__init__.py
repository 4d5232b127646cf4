"""``ak.random``: one ``Generator``, the same streams on every driver and device.

``default_rng(seed)`` gives a :class:`Generator` with NumPy's method names over the
Philox4x32-10 counter-based bit generator (:mod:`arraykit.random._philox` documents the
words, :mod:`arraykit.random._generator` how words become floats and integers).  For a
given seed the raw words, ``integers``, ``random``, ``uniform``, ``permutation``,
``choice``, ``permuted``, ``bytes`` and the discrete distributions (``poisson``,
``binomial``, ``hypergeometric``, ``geometric``, ``negative_binomial``, ``logseries``,
``zipf``, ``multinomial``, ``multivariate_hypergeometric``) are bit-identical on the NumPy,
TensorFlow, JAX and Dask drivers; ``normal``, ``exponential`` and the other continuous
distributions (``multivariate_normal`` and ``dirichlet`` too) agree to a few ulps (one
algorithm, each backend's ``log``/``cos``; README's table, printed by
``tests/tools/random_bounds.py``).  Every rejection sampler (the float64 normals'
ziggurat, ``standard_gamma`` and the draws built on it, ``vonmises``, PTRS, BTRS, HRUA,
Zipf) runs on one engine, :mod:`arraykit.random._rejection`, taking the same decisions on
every driver.  The algorithms, with their papers, are listed below the members.  The
NumPy driver draws the words through Numba's kernels or randomgen's ``Philox(number=4,
width=32)`` where they are installed, else by ufuncs (:mod:`arraykit.drivers.numpy.random`):
the same stream either way.

Examples
--------
>>> ak.random.default_rng(0).poisson(2.0, size=3).dtype
dtype('int64')
"""

from __future__ import annotations

from ._generator import BitGenerator, Generator, default_rng

__all__ = ["BitGenerator", "Generator", "default_rng"]
