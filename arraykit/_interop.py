"""NumPy interoperability: NEP 13 (``__array_ufunc__``) and NEP 18 (``__array_function__``),
and pickling.

``np.tanh(x)`` or ``np.sum(x, axis=0)`` on an arraykit array runs through arraykit, on
the array's driver and device, and returns an arraykit array.  NumPy arrays and
scalars among the arguments are host data: they join the arraykit array's driver and
device (as ``ak.asarray`` would).

A NumPy function arraykit has no counterpart for (``np.unique``, ``np.atleast_1d``...),
or a ufunc call arraykit does not take (``np.add.reduce``, ``out=``...), runs on a host
copy of the arrays, and its array results come back to the first array's driver and
device, so client code works; the round trip is never silent: it warns with a
``HostFallbackWarning`` (once per call site, as Python's warning filter does), or raises
``HostFallbackError`` under ``ak.use(host_fallback="error")``, or is quiet under
``"allow"``.  The host copy of a TF or JAX array is read-only, so a NumPy function that
writes into one (``out=x``) fails with NumPy's read-only error rather than losing the
write; on the NumPy driver it shares memory and the write lands, as in NumPy.
"""

from __future__ import annotations

import warnings
from types import ModuleType
from typing import Any

import numpy as np

from . import _config
from . import _dtypes as dt
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
    """``__array_ufunc__``: a plain ufunc call runs the arraykit function of that meaning;
    other calls run on the host (see the module docstring)."""
    like = _first_array((*inputs, *kwargs.get("out", ())))
    if like is None:
        return NotImplemented
    fn = _resolve(namespace, _UFUNC_NAMES.get(ufunc.__name__, ufunc.__name__))
    if method != "__call__" or kwargs or fn is None:
        what = f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
        if kwargs:
            what += f" with {', '.join(f'{k}=' for k in kwargs)}"
        return _host_fallback(getattr(ufunc, method), inputs, kwargs, like, what)
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
    if like is None:
        return NotImplemented
    fn = None if entry is None else _resolve(namespace, entry[0])
    if fn is None:
        return _host_fallback(func, args, kwargs, like, f"numpy.{name}")
    renames = entry[1]
    args = tuple(_convert(a, like) for a in args)
    kwargs = {renames.get(k, k): _convert(v, like) for k, v in kwargs.items()}
    return fn(*args, **kwargs)


# ---------------------------------------------------------------------- host fallback
class HostFallbackWarning(UserWarning):
    """A NumPy function arraykit does not implement ran on a host copy of arraykit arrays
    (``ak.use(host_fallback="allow")`` silences it, ``"error"`` forbids it).

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     y = np.unwrap(ak.asarray([1.0, 2.0, 4.0]))    # not in arraykit: on the host
    >>> caught[0].category.__name__, y
    ('HostFallbackWarning', Array([1., 2., 4.], dtype=float64))
    """


class HostFallbackError(TypeError):
    """A NumPy function arraykit does not implement was called on arraykit arrays under
    ``ak.use(host_fallback="error")``.

    Examples
    --------
    >>> with ak.use(host_fallback="error"):
    ...     try:
    ...         np.unwrap(ak.asarray([1.0, 2.0, 4.0]))
    ...     except ak.HostFallbackError as e:
    ...         print(e)
    numpy.unwrap: arraykit does not implement it, and ak.use(host_fallback='error') forbids ...
    """


def _to_host(value: Any) -> Any:
    """``value`` with every arraykit array replaced by its host data (``np.asarray``)."""
    if value.__class__ is Array:
        return np.asarray(value)
    if isinstance(value, (list, tuple)):
        items = [_to_host(v) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    if isinstance(value, dict):
        return {k: _to_host(v) for k, v in value.items()}
    return value


def _from_host(value: Any, like: Array) -> Any:
    """``value`` with every NumPy array or scalar of a dtype arraykit has made an arraykit
    array on ``like``'s driver and device (anything else is returned as it is)."""
    if isinstance(value, (np.ndarray, np.generic)):
        if value.dtype not in dt.ALL and value.dtype not in dt.EXTRAS:
            return value
        return asarray(value, driver=like._driver, device=like.device)
    if isinstance(value, (list, tuple)):
        items = [_from_host(v, like) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    return value


def _host_fallback(func: Any, args: tuple, kwargs: dict, like: Array, what: str) -> Any:
    mode = _config.get().host_fallback
    where = f"the {like._driver.name!r} driver's arrays on {like.device}"
    if mode == "error":
        raise HostFallbackError(
            f"{what}: arraykit does not implement it, and ak.use(host_fallback='error') "
            f"forbids running it on a host copy of {where}"
        )
    if mode == "warn":
        warnings.warn(
            f"{what}: arraykit does not implement it; it ran on a host copy of {where} and "
            "its result came back (ak.use(host_fallback='allow') silences this, 'error' "
            "forbids it)",
            HostFallbackWarning,
            stacklevel=4,  # the caller of the NumPy function
        )
    return _from_host(func(*_to_host(args), **_to_host(kwargs)), like)


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
