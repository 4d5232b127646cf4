"""NumPy interoperability: NEP 13 (``__array_ufunc__``) and NEP 18 (``__array_function__``),
and pickling.

``np.tanh(x)`` or ``np.sum(x, axis=0)`` on an arraykit array runs through arraykit, on
the array's driver and device, and returns an arraykit array.  NumPy arrays and
scalars among the arguments are host data: they join the arraykit array's driver and
device (as ``ak.asarray`` would).  So do the ufunc methods (``np.add.at``,
``np.add.reduce``, ``accumulate``, ``reduceat``, ``outer``) and ufunc calls with
``out=``, ``where=`` or ``dtype=``, with NumPy's values and dtypes (``_ufuncs``).

Nothing writes behind arraykit's back.  ``np.add.at(x, i, v)`` and an ``out=x`` array
update ``x`` through arraykit's write machinery (a functional update on TensorFlow, JAX
and Dask, in place on NumPy), so ``x`` and its live views change, as in NumPy.

A NumPy function arraykit has no counterpart for (``np.unique``, ``np.atleast_1d``...),
or a ufunc arraykit lacks (``np.fmod``), runs on a host copy of the arrays, and
its array results come back to the first array's driver and device, so client code
works; the round trip is never silent: it warns with a ``HostFallbackWarning`` (once per
call site, as Python's warning filter does), or raises ``HostFallbackError`` under
``ak.use(host_fallback="error")``, or is quiet under ``"allow"``.  The arrays such a
function writes (``out=``, ``ufunc.at``'s first operand, ``np.copyto``'s destination,
``np.fill_diagonal``'s matrix...) get a writable host copy, written back through
``__setitem__`` after the call; the host copy of any other TF, JAX or Dask array is
read-only, so a NumPy function that writes into an input fails with NumPy's read-only
error rather than losing the write (on the NumPy driver it shares memory and the write
lands, as in NumPy).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import numpy as np

from . import _config, _ufuncs
from . import _dtypes as dt
from ._array import Array
from ._creation import asarray
from ._devices import Device, Sharding
from ._indexing import setitem

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


# NumPy functions that write into their first argument.
# ---- issue 25, part B (np-extras): NumPy's everyday extras, NumPy's signatures
_FUNCTIONS.update({
    name: (name, {})
    for name in (
        "convolve", "correlate", "polyfit", "trapezoid", "gradient", "ediff1d",
        "unravel_index", "ravel_multi_index", "choose", "put", "put_along_axis", "partition",
        "argpartition", "lexsort", "setdiff1d", "union1d", "intersect1d", "setxor1d",
        "apply_along_axis", "apply_over_axes", "piecewise",
    )
})  # fmt: skip
# ---- end of issue 25, part B

_WRITES_FIRST = frozenset({"copyto", "fill_diagonal", "place", "put", "put_along_axis", "putmask"})


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


_METHODS = {
    "__call__": _ufuncs.call, "outer": _ufuncs.outer, "reduce": _ufuncs.reduce,
    "accumulate": _ufuncs.accumulate, "reduceat": _ufuncs.reduceat,
}  # fmt: skip


def array_ufunc(
    namespace: ModuleType,
    ufunc: np.ufunc,
    method: str,
    inputs: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> Any:
    """``__array_ufunc__``: a ufunc or one of its methods runs the arraykit function of
    that meaning (``_ufuncs``); the rest runs on the host (see the module docstring)."""
    out = kwargs.get("out", ())
    like = _first_array((*inputs, *(out if isinstance(out, tuple) else (out,))))
    if like is None:
        return NotImplemented
    fn = _resolve(namespace, _UFUNC_NAMES.get(ufunc.__name__, ufunc.__name__))
    if fn is not None:
        if method == "__call__" and not kwargs:  # the common call, first
            return fn(*(_convert(v, like) for v in inputs))
        if ufunc.signature is None:  # elementwise: its methods too
            if method == "at":
                return _ufuncs.at(ufunc, fn, inputs, like)
            run = _METHODS.get(method)
            result = NotImplemented if run is None else run(ufunc, fn, inputs, kwargs, like)
            if result is not NotImplemented:
                return result
    what = f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
    if kwargs:
        what += f" with {', '.join(f'{k}=' for k in kwargs)}"
    written = [inputs[0]] if method == "at" else []
    written += [o for o in (out if isinstance(out, tuple) else (out,)) if o.__class__ is Array]
    return _host_fallback(getattr(ufunc, method), inputs, kwargs, like, what, written)


def array_function(
    namespace: ModuleType, func: Any, types: Any, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> Any:
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
    if entry is None or fn is None:
        out: Any = kwargs.get("out")
        written = [o for o in (out if isinstance(out, tuple) else (out,)) if o.__class__ is Array]
        if name in _WRITES_FIRST and args and args[0].__class__ is Array:
            written.append(args[0])
        return _host_fallback(func, args, kwargs, like, f"numpy.{name}", written)
    renames = entry[1]
    out = kwargs.pop("out", None) if "out" in kwargs else None
    args = tuple(_convert(a, like) for a in args)
    kwargs = {renames.get(k, k): _convert(v, like) for k, v in kwargs.items()}
    result = fn(*args, **kwargs)
    if out is None:
        return result
    return _ufuncs.write_out(out, result, name)  # np.sum(x, out=y): written through arraykit


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


def _to_host(value: Any, copies: dict[int, tuple[Array, np.ndarray]]) -> Any:
    """``value`` with every arraykit array replaced by its host data: a writable copy for
    the arrays in ``copies`` (written back after the call), else ``np.asarray`` (shared
    memory on NumPy; read-only for the other drivers, whose values it does not hold)."""
    if value.__class__ is Array:
        pair = copies.get(id(value))
        if pair is not None:
            return pair[1]
        host = np.asarray(value)
        if not value._driver.capabilities.mutable and host.flags.writeable:
            host = host.view()
            host.flags.writeable = False  # a write into it would be lost: NumPy refuses
        return host
    if isinstance(value, (list, tuple)):
        items = [_to_host(v, copies) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    if isinstance(value, dict):
        return {k: _to_host(v, copies) for k, v in value.items()}
    return value


def _from_host(value: Any, like: Array, back: dict[int, Array]) -> Any:
    """``value`` with every NumPy array or scalar of a dtype arraykit has made an arraykit
    array on ``like``'s driver and device (a written copy: the array it was copied from;
    anything else is returned as it is)."""
    if isinstance(value, (np.ndarray, np.generic)):
        written = back.get(id(value))
        if written is not None:
            return written
        if value.dtype not in dt.ALL and value.dtype not in dt.EXTRAS:
            return value
        return asarray(value, driver=like._driver, device=like.device)
    if isinstance(value, (list, tuple)):
        items = [_from_host(v, like, back) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    return value


def _host_fallback(
    func: Any,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    like: Array,
    what: str,
    written: Sequence[Array] = (),
) -> Any:
    """``func`` on host copies; the arrays it writes (``out=``, ``ufunc.at``'s operand,
    ``np.copyto``'s destination) get writable copies, written back through arraykit."""
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
    copies = {id(a): (a, np.array(a)) for a in written}
    result = func(*_to_host(args, copies), **_to_host(kwargs, copies))
    for a, host in copies.values():
        setitem(a, ..., host)  # Array.__setitem__: the array's views see the write
    return _from_host(result, like, {id(h): a for a, h in copies.values()})


# ---------------------------------------------------------------------- pickling
def _unpickle(driver: str, device: Device | str, data: np.ndarray, dtype: np.dtype) -> Array:
    """An array pickled by ``_pickle``, back on its driver and device: ``ValueError``
    naming the driver or device when this process has no such one."""
    return asarray(data, dtype=dtype, device=device, driver=driver)


def reduce_array(x: Array) -> tuple[Any, tuple[str, Device | str, np.ndarray, np.dtype]]:
    """``Array.__reduce__``: arrays pickle as host data plus their driver, device and
    dtype (a traced value has no data yet: its driver raises ``TypeError`` saying so)."""
    data = np.array(x._driver.to_numpy(x._value), copy=True)
    dev = x.device  # a Sharding pickles whole; a device by its name (as before)
    return _unpickle, (x._driver.name, dev if isinstance(dev, Sharding) else str(dev), data,
                       x._dtype)  # fmt: skip
