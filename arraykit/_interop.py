"""NumPy interoperability: NEP 13 (``__array_ufunc__``) and NEP 18 (``__array_function__``),
and pickling.

``np.tanh(x)`` or ``np.sum(x, axis=0)`` on an arraykit array runs through arraykit, on
the array's driver and device, and returns an arraykit array.  NumPy arrays and
scalars among the arguments are host data: they join the arraykit array's driver and
device (as ``ak.asarray`` would).  A NumPy function arraykit has no counterpart for,
or a ufunc method other than a plain call (``reduce``, ``out=``...), makes NumPy raise
its usual ``TypeError`` naming the function — never a silent conversion to NumPy.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np

from ._array import Array
from ._creation import asarray

# NumPy ufunc name -> arraykit function name, where they differ.
_UFUNC_NAMES = {
    "absolute": "abs", "arccos": "acos", "arccosh": "acosh", "arcsin": "asin",
    "arcsinh": "asinh", "arctan": "atan", "arctanh": "atanh", "arctan2": "atan2",
    "conjugate": "conj", "invert": "bitwise_invert", "left_shift": "bitwise_left_shift",
    "right_shift": "bitwise_right_shift", "power": "pow", "true_divide": "divide",
    "mod": "remainder", "rint": "round",
}  # fmt: skip

# NumPy function name -> (arraykit function path, keyword renames).
_FUNCTIONS: dict[str, tuple[str, dict[str, str]]] = {
    **{
        name: (name, {})
        for name in (
            "sum", "prod", "mean", "max", "min", "all", "any", "argmax", "argmin", "sort",
            "argsort", "where", "nonzero", "reshape", "stack", "squeeze", "expand_dims",
            "flip", "roll", "repeat", "tile", "moveaxis", "broadcast_to", "broadcast_arrays",
            "tril", "triu", "matmul", "tensordot", "vecdot", "cumulative_sum",
            "cumulative_prod", "diff", "searchsorted", "isin", "clip", "take",
            "take_along_axis", "zeros_like", "ones_like", "empty_like", "full_like", "astype",
            "unique_values", "unique_counts", "unique_inverse", "unique_all", "meshgrid",
        )
    },
    "std": ("std", {"ddof": "correction"}),
    "var": ("var", {"ddof": "correction"}),
    "concatenate": ("concat", {}),
    "transpose": ("permute_dims", {}),
    "linalg.inv": ("linalg.inv", {}),
    "linalg.det": ("linalg.det", {}),
    "linalg.solve": ("linalg.solve", {}),
    "linalg.cholesky": ("linalg.cholesky", {}),
    "linalg.eigh": ("linalg.eigh", {}),
    "linalg.eigvalsh": ("linalg.eigvalsh", {}),
    "linalg.eig": ("linalg.eig", {}),
    "linalg.eigvals": ("linalg.eigvals", {}),
    "linalg.qr": ("linalg.qr", {}),
    "linalg.svd": ("linalg.svd", {}),
    "linalg.slogdet": ("linalg.slogdet", {}),
    "linalg.pinv": ("linalg.pinv", {}),
    "linalg.matrix_rank": ("linalg.matrix_rank", {}),
    "linalg.matrix_power": ("linalg.matrix_power", {}),
    "linalg.norm": ("linalg.vector_norm", {}),
    "fft.fft": ("fft.fft", {}),
    "fft.ifft": ("fft.ifft", {}),
    "fft.rfft": ("fft.rfft", {}),
    "fft.irfft": ("fft.irfft", {}),
    "fft.fftn": ("fft.fftn", {}),
    "fft.ifftn": ("fft.ifftn", {}),
    "fft.fftshift": ("fft.fftshift", {}),
    "fft.ifftshift": ("fft.ifftshift", {}),
}  # fmt: skip


def _resolve(namespace: ModuleType, path: str) -> Any:
    obj: Any = namespace
    for part in path.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def _first_array(values: Any) -> Array | None:
    for v in values:
        if v.__class__ is Array:
            return v
        if isinstance(v, (list, tuple)):
            found = _first_array(v)
            if found is not None:
                return found
    return None


def _convert(value: Any, like: Array) -> Any:
    """NumPy arrays and scalars join ``like``'s driver and device; the rest pass through."""
    if isinstance(value, (np.ndarray, np.generic)):
        return asarray(np.asarray(value), driver=like._driver, device=like.device)
    if isinstance(value, list | tuple) and any(
        isinstance(v, (np.ndarray, np.generic, Array)) for v in value
    ):
        return type(value)(_convert(v, like) for v in value)
    return value


def array_ufunc(
    namespace: ModuleType, ufunc: np.ufunc, method: str, inputs: tuple, kwargs: dict
) -> Any:
    """``__array_ufunc__``: a plain ufunc call runs the arraykit function of that meaning."""
    if method != "__call__" or kwargs:
        return NotImplemented
    fn = _resolve(namespace, _UFUNC_NAMES.get(ufunc.__name__, ufunc.__name__))
    like = _first_array(inputs)
    if fn is None or like is None:
        return NotImplemented
    return fn(*(_convert(v, like) for v in inputs))


def array_function(namespace: ModuleType, func: Any, types: Any, args: tuple, kwargs: dict) -> Any:
    """``__array_function__``: NumPy functions with an arraykit counterpart run on arraykit."""
    module = func.__module__ or ""
    name = func.__name__
    for sub in ("linalg", "fft"):
        if module.startswith(f"numpy.{sub}") or module == f"numpy.{sub}":
            name = f"{sub}.{name}"
    entry = _FUNCTIONS.get(name)
    like = _first_array((*args, *kwargs.values()))
    if entry is None or like is None:
        return NotImplemented
    path, renames = entry
    fn = _resolve(namespace, path)
    if fn is None:
        return NotImplemented
    args = tuple(_convert(a, like) for a in args)
    kwargs = {renames.get(k, k): _convert(v, like) for k, v in kwargs.items()}
    return fn(*args, **kwargs)


# ---------------------------------------------------------------------- pickling
def _unpickle(driver: str, device: str, data: np.ndarray, dtype: np.dtype) -> Array:
    """An array pickled by ``_pickle``, back on its driver and device: ``ValueError``
    naming the driver or device when this process has no such one."""
    return asarray(data, dtype=dtype, device=device, driver=driver)


def reduce_array(x: Array) -> tuple[Any, tuple[str, str, np.ndarray, np.dtype]]:
    """``Array.__reduce__``: arrays pickle as host data plus their driver, device and
    dtype (a traced value has no data yet: its driver raises ``TypeError`` saying so)."""
    data = np.array(x._driver.to_numpy(x._value), copy=True)
    return _unpickle, (x._driver.name, str(x.device), data, x._dtype)
