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
from typing import Any

from . import drivers
from ._array import Array
from ._config import set_defaults, use
from ._devices import Device
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

__version__ = "0.1.0"
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

# <chapter: transforms>
from ._transforms_grad import grad, jacobian, stop_gradient, value_and_grad
from ._transforms_jit import jit
from ._transforms_vmap import vmap


def namespace(driver: str | drivers.Driver) -> Any:
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
    use(driver)
    return __import__("arraykit")


# Array's operators and the methods that are core functions, now that every chapter is loaded.
from . import _methods

_methods.install(_sys.modules[__name__])

# <extension: random> (uses the public namespace above)
from . import random

# Examples for the docstrings of modules at the 600-line cap (_creation.py, linalg.py).
from . import _examples

_examples.attach()
