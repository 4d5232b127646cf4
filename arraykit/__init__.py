"""arraykit: one array namespace over NumPy, TensorFlow, JAX and Dask.

The Python array API standard (2025.12) plus NumPy's extras, on pluggable drivers::

    import arraykit as ak

    ak.use("jax", device="cpu")
    x = ak.linspace(-3, 3, 1_000)
    y = 1 / (1 + ak.exp(-x))

This module is the public namespace: explicit re-exports over private modules, one per
chapter of the standard.

Examples
--------
>>> x = ak.asarray([0.0, -ak.inf, ak.inf])      # on the active driver and device
>>> 1 / (1 + ak.exp(-x))
Array([0.5, 0. , 1. ], dtype=float64)
"""

from __future__ import annotations

import math as _math
import sys as _sys
from typing import TYPE_CHECKING as _TYPE_CHECKING
from . import drivers
from ._array import Array
from ._config import set_defaults, use
from ._devices import Device, Mesh, Sharding
from ._sharding import make_mesh
from ._dtypes import (
    bool,
    complex64,
    complex128,
    finfo,
    float16,
    float32,
    float64,
    iinfo,
    int8,
    int16,
    int32,
    int64,
    isdtype,
    uint8,
    uint16,
    uint32,
    uint64,
)

from ._version import __version__

__array_api_version__ = "2025.12"
SUPPORTED_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")

e = _math.e
inf = _math.inf
nan = _math.nan
pi = _math.pi
newaxis = None

# <chapter: creation>
from ._creation import (
    arange,
    asarray,
    empty,
    empty_like,
    eye,
    from_dlpack,
    full,
    full_like,
    linspace,
    logspace,
    meshgrid,
    ones,
    ones_like,
    tril,
    triu,
    zeros,
    zeros_like,
)

# <chapter: elementwise>
from ._elementwise import *  # noqa: F403 - generated from a table; see _elementwise.__all__
from ._elementwise import clip, positive

# <chapter: indexing>
from ._indexing import take, take_along_axis

# <chapter: data types>
from ._data_types import astype, can_cast, result_type

# <chapter: manipulation>
from ._manipulation import (
    broadcast_arrays,
    broadcast_shapes,
    broadcast_to,
    concat,
    expand_dims,
    flip,
    moveaxis,
    permute_dims,
    repeat,
    reshape,
    roll,
    squeeze,
    stack,
    tile,
    unstack,
)

# <chapter: searching>
from ._searching import (
    argmax,
    argmin,
    count_nonzero,
    nonzero,
    searchsorted,
    where,
)

# <chapter: sorting>
from ._sorting import argsort, sort

# <chapter: sets>
from ._sets import (
    isin,
    unique_all,
    unique_counts,
    unique_inverse,
    unique_values,
)

# <chapter: statistics>
from ._statistics import (
    cumulative_prod,
    cumulative_sum,
    max,
    mean,
    min,
    prod,
    std,
    sum,
    var,
)

# <chapter: utility>
from ._utility import all, any, compute, diff

# <chapter: linear algebra>
from ._linalg_core import matmul, matrix_transpose, tensordot, vecdot

# <chapter: NumPy interoperability>
from ._interop import HostFallbackError, HostFallbackWarning

# <chapter: info>
from ._info import __array_namespace_info__

# <chapter: extensions>
from . import fft, linalg

# <chapter: NumPy extensions>
# NumPy's functions beyond the standard (concatenate, einsum, pad, isclose...), its names
# of standard functions (absolute, power...) and scalar types (float_, ndarray...): one
# module per NumPy reference section in _numpy_api; refused under promotion="strict".
from ._numpy_api import *  # noqa: F403 - see _numpy_api.__all__

if _TYPE_CHECKING:  # the same names, from the modules that list them (mypy cannot follow
    # _numpy_api's `__all__ += module.__all__` through the star import above)
    from ._numpy_api.aliases import *  # noqa: F403
    from ._numpy_api.creation import *  # noqa: F403
    from ._numpy_api.dtypes import *  # noqa: F403
    from ._numpy_api.indexing import *  # noqa: F403
    from ._numpy_api.linalg import *  # noqa: F403
    from ._numpy_api.logic import *  # noqa: F403
    from ._numpy_api.manipulation import *  # noqa: F403
    from ._numpy_api.math import *  # noqa: F403
    from ._numpy_api.math_sums import *  # noqa: F403
    from ._numpy_api.padding import *  # noqa: F403
    from ._numpy_api.polynomials import *  # noqa: F403
    from ._numpy_api.statistics import *  # noqa: F403
    from ._numpy_api.convolution import *  # noqa: F403
    from ._numpy_api.functional import *  # noqa: F403
    from ._numpy_api.inserting import *  # noqa: F403
    from ._numpy_api.math_differences import *  # noqa: F403
    from ._numpy_api.math_float import *  # noqa: F403
    from ._numpy_api.sets import *  # noqa: F403
    from ._numpy_api.sorting import *  # noqa: F403
    from ._numpy_api.covariance import *  # noqa: F403
    from ._numpy_api.histograms import *  # noqa: F403
    from ._numpy_api.histograms_nd import *  # noqa: F403
    from ._numpy_api.interpolation import *  # noqa: F403
    from ._numpy_api.nan_functions import *  # noqa: F403
    from ._numpy_api.order_statistics import *  # noqa: F403

# <chapter: typing>
from . import typing
from .typing import Namespace as _Namespace

# <chapter: transforms>
from ._transforms_grad import grad, jacobian, stop_gradient, value_and_grad
from ._transforms_jit import jit
from ._transforms_vmap import vmap


def namespace(driver: str | drivers.Driver) -> _Namespace:
    """The arraykit namespace with ``driver`` made the active driver of this thread.

    For tools that take a namespace object rather than calling ``ak.use`` (the
    conformance suite, ``array_api_compat``-style dispatch).

    Examples
    --------
    >>> drv = ak.asarray(0).driver        # the active driver
    >>> xp = ak.namespace(drv)
    >>> xp is ak, xp.__array_api_version__
    (True, '2025.12')
    """
    import arraykit  # this module, a Namespace (tests/typing checks it)

    use(driver)
    return arraykit


# Array's operators and the methods that are core functions, now that every chapter is loaded.
from . import _methods

_methods.install(_sys.modules[__name__])

# <extension: random> (uses the public namespace above)
from . import random

# Examples for the docstrings of modules at the 600-line cap (_creation.py, linalg.py).
from . import _examples

_examples.attach()

# The public names, spelled out for type checkers: a name not listed here is not exported
# to a checker running with --no-implicit-reexport (mypy --strict), and mypy reads
# neither a loop nor `__all__ += module.__all__` when it checks that this module is an
# arraykit.typing.Namespace.  tests/test_typing.py checks the list against the namespace.
__all__ = [
    "Array", "Device", "HostFallbackError", "HostFallbackWarning", "Mesh", "SUPPORTED_API_VERSIONS",
    "Sharding", "make_mesh",
    "__array_api_version__", "__array_namespace_info__", "__version__", "all", "any", "arange",
    "argmax", "argmin", "argsort", "asarray", "astype", "bool", "broadcast_arrays",
    "broadcast_shapes", "broadcast_to", "can_cast", "complex64", "complex128", "compute",
    "concat", "count_nonzero", "cumulative_prod", "cumulative_sum", "diff", "drivers", "e",
    "empty", "empty_like", "expand_dims", "eye", "fft", "finfo", "flip", "float16", "float32",
    "float64", "from_dlpack", "full", "full_like", "grad", "iinfo", "inf", "int8", "int16",
    "int32", "int64", "isdtype", "isin", "jacobian", "jit", "linalg", "linspace", "logspace",
    "matmul", "matrix_transpose", "max", "mean", "meshgrid", "min", "moveaxis", "nan",
    "namespace", "newaxis", "nonzero", "ones", "ones_like", "permute_dims", "pi", "prod",
    "random", "repeat", "reshape", "result_type", "roll", "searchsorted", "set_defaults",
    "sort", "squeeze", "stack", "std", "stop_gradient", "sum", "take", "take_along_axis",
    "tensordot", "tile", "tril", "triu", "typing", "uint8", "uint16", "uint32", "uint64",
    "unique_all", "unique_counts", "unique_inverse", "unique_values", "unstack", "use",
    "value_and_grad", "var", "vecdot", "vmap", "where", "zeros", "zeros_like",
    # the elementwise functions (_elementwise.__all__)
    "abs", "acos", "acosh", "add", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_and",
    "bitwise_invert", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift", "bitwise_xor",
    "ceil", "clip", "conj", "copysign", "cos", "cosh", "divide", "equal", "exp", "expm1",
    "floor", "floor_divide", "greater", "greater_equal", "hypot", "imag", "isfinite", "isinf",
    "isnan", "less", "less_equal", "log", "log10", "log1p", "log2", "logaddexp", "logical_and",
    "logical_not", "logical_or", "logical_xor", "maximum", "minimum", "multiply", "negative",
    "nextafter", "not_equal", "positive", "pow", "real", "reciprocal", "remainder", "round",
    "sign", "signbit", "sin", "sinh", "sqrt", "square", "subtract", "tan", "tanh", "trunc",
    # NumPy's functions (_numpy_api.__all__)
    "array", "asanyarray", "ascontiguousarray", "copy", "diag", "diagflat", "geomspace",
    "identity", "tri", "vander", "append", "array_split", "atleast_1d", "atleast_2d",
    "atleast_3d", "column_stack", "concatenate", "dsplit", "dstack", "flatten", "fliplr",
    "flipud", "hsplit", "hstack", "ndim", "ravel", "rot90", "shape", "size", "split",
    "swapaxes", "transpose", "vsplit", "vstack", "pad", "angle", "around", "cbrt", "deg2rad",
    "degrees", "divmod", "exp2", "fabs", "fix", "float_power", "gcd", "heaviside", "lcm",
    "logaddexp2", "nan_to_num", "rad2deg", "radians", "rint", "sinc", "absolute", "arccos",
    "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh", "bitwise_not", "invert",
    "left_shift", "right_shift", "conjugate", "power", "true_divide", "mod", "amax", "amin",
    "cross", "cumprod", "cumsum", "nanprod", "nansum", "average", "nanmean", "ptp", "allclose",
    "array_equal", "array_equiv", "isclose", "iscomplex", "iscomplexobj", "isneginf",
    "isposinf", "isreal", "isrealobj", "isscalar", "compress", "diag_indices",
    "diag_indices_from", "diagonal", "ix_", "select", "tril_indices", "triu_indices", "dot",
    "einsum", "inner", "kron", "outer", "trace", "vdot", "polyval", "bool_", "complex_",
    "complexfloating", "float_", "floating", "generic", "inexact", "int_", "integer",
    "issubdtype", "ndarray", "number", "object_", "promote_types", "signedinteger", "string_",
    "unicode_", "unsignedinteger", "median", "nanmedian", "nanpercentile", "nanquantile",
    "percentile", "quantile", "nanargmax", "nanargmin", "nancumprod", "nancumsum", "nanmax",
    "nanmin", "nanstd", "nanvar", "bincount", "digitize", "histogram", "histogram_bin_edges",
    "histogram2d", "histogramdd", "corrcoef", "cov", "interp",
    # NumPy's everyday extras (issue 25 part B)
    "choose", "indices", "ravel_multi_index", "unravel_index", "polyfit", "put",
    "put_along_axis", "intersect1d", "setdiff1d", "setxor1d", "union1d", "argpartition",
    "lexsort", "partition", "apply_along_axis", "apply_over_axes", "piecewise", "frexp",
    "ldexp", "modf", "ediff1d", "gradient", "trapezoid", "convolve", "correlate",
]  # fmt: skip
