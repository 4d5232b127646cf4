"""NumPy's functions beyond the array API standard, for porting NumPy and TF-NumPy code.

One module per section of NumPy's reference (https://numpy.org/doc/stable/reference/
routines.html), each function written once on the standard's functions (core), with
NumPy's signature and a docstring saying what differs from NumPy, if anything:

=====================  ==================================================================
module                 NumPy reference section
=====================  ==================================================================
``creation``           Array creation routines
``manipulation``       Array manipulation routines
``padding``            Padding arrays
``math``               Mathematical functions (elementwise)
``aliases``            NumPy's names of the standard's elementwise functions (thin
                       aliases of them)
``math_sums``          Mathematical functions: sums, products, differences; extrema
``statistics``         Statistics
``logic``              Logic functions
``indexing``           Indexing routines
``linalg``             Linear algebra (the functions of NumPy's main namespace)
``polynomials``        Polynomials (the main namespace's ``polyval``...)
``dtypes``             Data type routines and NumPy's scalar types
=====================  ==================================================================

Sections still to come (set routines, sorting and searching, functional programming...)
get a module of the same kind.  To add a function: write it in its section's module on
the standard's functions, decorate it with ``@numpy_function(<the standard's spelling>)``
(``_base``: refused under ``promotion="strict"``), give it NumPy's signature and an
example, and list it in the module's ``__all__``; ``arraykit/__init__.py`` re-exports
every module's ``__all__``, and the tests generated from the namespace (bad input,
aliasing, gradients, ``tests/test_numpy_api.py``) pick it up.

Issue 25, part B (np-extras) adds, in the same way:

=====================  ==================================================================
``inserting``          Indexing routines: inserting data into arrays (``put``...)
``sets``               Set routines
``sorting``            Sorting, searching, and counting
``functional``         Functional programming
``math_float``         Mathematical functions: floating point routines
``math_differences``   Mathematical functions: ``ediff1d``, ``gradient``, ``trapezoid``
``convolution``        ``convolve`` (mathematical functions), ``correlate`` (statistics)
=====================  ==================================================================
"""

from __future__ import annotations

from types import ModuleType

from . import (
    aliases,
    creation,
    dtypes,
    indexing,
    linalg,
    logic,
    manipulation,
    math,
    math_sums,
    padding,
    polynomials,
    statistics,
)
from ._base import SPELLINGS
from .aliases import *  # noqa: F403
from .creation import *  # noqa: F403
from .dtypes import *  # noqa: F403
from .indexing import *  # noqa: F403
from .linalg import *  # noqa: F403
from .logic import *  # noqa: F403
from .manipulation import *  # noqa: F403
from .math import *  # noqa: F403
from .math_sums import *  # noqa: F403
from .padding import *  # noqa: F403
from .polynomials import *  # noqa: F403
from .statistics import *  # noqa: F403

# isort: split
# ---- issue 25, part B (np-extras): NumPy's everyday extras
from . import convolution, functional, inserting, math_differences, math_float, sets, sorting
from .convolution import *  # noqa: F403
from .functional import *  # noqa: F403
from .inserting import *  # noqa: F403
from .math_differences import *  # noqa: F403
from .math_float import *  # noqa: F403
from .sets import *  # noqa: F403
from .sorting import *  # noqa: F403

# ---- end of issue 25, part B (np-extras)

MODULES: tuple[ModuleType, ...] = (creation, manipulation, padding, math, aliases, math_sums,
                                   statistics, logic, indexing, linalg, polynomials,
                                   dtypes)  # fmt: skip
# issue 25, part B (np-extras)
MODULES += (inserting, sets, sorting, functional, math_float, math_differences, convolution)
# Spelled out (not a loop) so that type checkers read what the namespace exports.
__all__: list[str] = []
__all__ += creation.__all__
__all__ += manipulation.__all__
__all__ += padding.__all__
__all__ += math.__all__
__all__ += aliases.__all__
__all__ += math_sums.__all__
__all__ += statistics.__all__
__all__ += logic.__all__
__all__ += indexing.__all__
__all__ += linalg.__all__
__all__ += polynomials.__all__
__all__ += dtypes.__all__
__all__ += inserting.__all__
__all__ += sets.__all__
__all__ += sorting.__all__
__all__ += functional.__all__
__all__ += math_float.__all__
__all__ += math_differences.__all__
__all__ += convolution.__all__
SPELLINGS = SPELLINGS  # name -> the standard's spelling, named by the strict refusal

# -- issue 25 phase 2, part A: NumPy's statistics extras (branch np-stats) ----------------
# Kept in a block of their own below the others, so that merges of other sections' new
# modules do not touch these lines.  Modules: order_statistics (median, quantile...),
# nan_functions (nanmin... nancumprod), histograms, histograms_nd, covariance (cov,
# corrcoef), interpolation (interp); _masked is the helper the nan* functions share.
from . import (  # noqa: E402
    covariance,
    histograms,
    histograms_nd,
    interpolation,
    nan_functions,
    order_statistics,
)
from .covariance import *  # noqa: E402, F403
from .histograms import *  # noqa: E402, F403
from .histograms_nd import *  # noqa: E402, F403
from .interpolation import *  # noqa: E402, F403
from .nan_functions import *  # noqa: E402, F403
from .order_statistics import *  # noqa: E402, F403

STATS_MODULES = (order_statistics, nan_functions, histograms, histograms_nd, covariance,
                 interpolation)  # fmt: skip
MODULES += STATS_MODULES
__all__ += order_statistics.__all__
__all__ += nan_functions.__all__
__all__ += histograms.__all__
__all__ += histograms_nd.__all__
__all__ += covariance.__all__
__all__ += interpolation.__all__
# -- end of np-stats ---------------------------------------------------------------------
