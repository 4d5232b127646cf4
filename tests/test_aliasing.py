"""One aliasing rule on every driver (issue 24): a result shares memory with its input
exactly where NumPy's does.

Generated from the namespace: every public function (``ak.*``, ``ak.linalg.*``,
``ak.fft.*``), every ``Array`` method and attribute that returns an array, over input
layouts (contiguous, transposed, strided, negative-strided, broadcast, 0-D, empty).  Each
case runs the same program on NumPy and on arraykit, in both directions:

* write to the result (``r[...] = 7``), then compare the input's base with NumPy's (a
  write through a view reaches the base; through a copy it does not; a read-only view
  refuses, as NumPy's ``broadcast_to`` and ``diagonal`` do);
* write to the input's base, then compare the result: a view follows (NumPy's values),
  a copy keeps the values it had.

NumPy is the oracle for every name it has (all but ``compute`` and ``stop_gradient``,
which ``arraykit._aliasing.RULES`` declares): ``test_numpy_agrees_with_the_table`` checks
the table against NumPy itself, so a view NumPy gives and the table forgets fails there.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from bad_input_cases import FUNCTIONS, base_call, make
from deprecations import quiet

import arraykit as ak

# ---------------------------------------------------------------------- layouts
# name -> (root of the data, the input made from the root with either namespace).  The
# input has the values of ``a``; it is a view of the root in NumPy (except "contiguous").


def _flip_all(a: Any) -> tuple:
    return (slice(None, None, -1),) * a.ndim


def _every_other(a: Any) -> tuple:
    return (slice(None, None, 2),) * a.ndim


LAYOUTS: dict[str, tuple[Callable[[np.ndarray], np.ndarray], Callable[[Any, Any], Any]]] = {
    "contiguous": (lambda a: a.copy(), lambda xp, r: r),
    "transposed": (
        # a copy (ascontiguousarray returns a 1-D input itself, which the case then writes)
        lambda a: np.array(np.transpose(a), order="C", copy=True),
        lambda xp, r: xp.permute_dims(r, tuple(reversed(range(r.ndim)))),
    ),
    "strided": (
        lambda a: _spread(a),
        lambda xp, r: r[_every_other(r)],
    ),
    "negative": (lambda a: a[_flip_all(a)].copy(), lambda xp, r: r[_flip_all(r)]),
    # the first row broadcast to the input's shape: other values, a read-only input
    "broadcast": (
        lambda a: a[:1].copy(),
        lambda xp, r: xp.broadcast_to(r, (3, *r.shape[1:])),
    ),
    "0d": (lambda a: a.copy(), lambda xp, r: r[(0,) * r.ndim + (...,)]),
    "empty": (lambda a: a.copy(), lambda xp, r: r[:0]),
}


def _spread(a: np.ndarray) -> np.ndarray:
    out = np.zeros(tuple(2 * n for n in a.shape), a.dtype)
    out[_every_other(a)] = a
    return out


# ---------------------------------------------------------------------- calls


# Calls whose NumPy spelling differs from the base call (ak args -> NumPy call).
def _broadcast_arrays_future(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """NumPy's ``broadcast_arrays`` as arraykit's rule has it (docs/guides/departures.md):
    the arrays that needed broadcasting come back read-only, as ``broadcast_to``'s do
    (NumPy 2.4's are writable with a DeprecationWarning, and read-only in its future)."""
    shape = np.broadcast_shapes(*(a.shape for a in arrays))
    return tuple(a if a.shape == shape else np.broadcast_to(a, shape) for a in arrays)


NUMPY_CALLS: dict[str, Callable[..., Any]] = {
    "broadcast_arrays": _broadcast_arrays_future,
    "astype": lambda x, dtype, **kw: np.astype(x, dtype, **kw),
    "unique_all": lambda x: np.unique_all(x),
    "take": lambda x, indices, axis=None: np.take(x, indices, axis=axis),
}
# Extra calls of functions whose aliasing depends on an argument: (name, extra kwargs).
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("astype", {"copy": False}),
    ("asarray", {"copy": False}),
    ("reshape", {"copy": False}),
    ("reshape", {"copy": True}),
    ("squeeze", {"axis": ()}),
    ("real", {}),
    ("imag", {}),
]


# Results whose values are unspecified (not compared after writes).
UNSPECIFIED = {"empty_like", "empty"}

# NumPy answers that are not an aliasing rule, with the reason (the case is skipped).
NUMPY_QUIRKS = {
    ("fft.fftn", "0d"): "NumPy's fftn over no axes returns its input itself, even a real one "
    "(the standard's fftn returns a new complex array)",
    ("fft.ifftn", "0d"): "as fft.fftn",
}


def _np_function(name: str) -> Callable[..., Any] | None:
    if name in NUMPY_CALLS:
        return NUMPY_CALLS[name]
    mod: Any = np
    *path, leaf = name.split(".")
    for p in path:
        mod = getattr(mod, p)
    return getattr(mod, leaf, None)


def _first_array_index(call_args: tuple) -> int | None:
    for i, a in enumerate(call_args):
        if isinstance(a, np.ndarray):
            return i
    return None


def function_cases() -> list[tuple[str, dict[str, Any]]]:
    out = [(name, {}) for name in FUNCTIONS]
    out += VARIANTS
    return out


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, (tuple, list)):
        return [v for item in value for v in _leaves(item)]
    return [value]


# ---------------------------------------------------------------------- the experiment


def _new_values(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind == "b":
        return ~a
    return (a * 2 + 1).astype(a.dtype)


def _sentinel(dtype: np.dtype) -> Any:
    return True if dtype.kind == "b" else np.asarray(7).astype(dtype)


def _write(r: Any, dtype: np.dtype) -> type[BaseException] | None:
    """``r[...] = 7``; the exception class it raised, or None."""
    try:
        with quiet():
            if isinstance(r, np.ndarray):  # NumPy's broadcast_arrays write deprecation
                warnings.simplefilter("ignore", DeprecationWarning)
            r[...] = _sentinel(dtype)
    except (ValueError, TypeError) as e:
        return type(e)
    return None


def run(
    ak_fn: Callable[..., Any],
    np_fn: Callable[..., Any],
    args: tuple,
    kwargs: dict,
    layout: str,
    direction: str,
) -> str | None:
    """Run one case; a description of the first difference from NumPy, or None.  Raises
    ``pytest.skip`` where NumPy refuses the call itself (no aliasing question there)."""
    index = _first_array_index(args)
    if index is None:
        pytest.skip("no array argument")
    make_root, make_input = LAYOUTS[layout]
    np_root = make_root(args[index])
    ak_root = ak.asarray(np_root.copy())
    np_x, ak_x = make_input(np, np_root), make_input(ak, ak_root)
    np_args = (*args[:index], np_x, *args[index + 1 :])
    ak_args = (*[make(a, ak.asarray) for a in args[:index]], ak_x,
               *[make(a, ak.asarray) for a in args[index + 1 :]])  # fmt: skip
    ak_kwargs = {k: make(v, ak.asarray) for k, v in kwargs.items()}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            np_out = np_fn(*np_args, **kwargs)
    except Exception:
        pytest.skip(f"NumPy refuses the {layout} input")
    try:
        ak_out = ak_fn(*ak_args, **ak_kwargs)
    except (ValueError, TypeError, IndexError):
        pytest.skip(f"arraykit refuses the {layout} input (the standard's rule)")
    np_results, ak_results = _leaves(np_out), _leaves(ak_out)
    if len(np_results) != len(ak_results):
        return f"{len(ak_results)} results, NumPy {len(np_results)}"
    pairs = [(n, a) for n, a in zip(np_results, ak_results, strict=True) if isinstance(a, ak.Array)]
    if direction == "result":
        for k, (nr, ar) in enumerate(pairs):
            expected = _write(nr, nr.dtype) if isinstance(nr, np.ndarray) else None
            got = _write(ar, ar.dtype)
            if (expected is None) != (got is None):
                return f"result {k}: a write raised {got}, NumPy's {expected}"
            if not np.array_equal(np.asarray(ak_root), np_root, equal_nan=True):
                return (
                    f"result {k}: after a write to it, the base is {np.asarray(ak_root)}, "
                    f"NumPy's {np_root}"
                )
        return None
    before = [np.array(ar, copy=True) for _, ar in pairs]
    np_root[...] = _new_values(np_root)
    ak_root[...] = ak.asarray(_new_values(np.asarray(ak_root)))
    for k, ((nr, ar), was) in enumerate(zip(pairs, before, strict=True)):
        shared = isinstance(nr, np.ndarray) and np.shares_memory(nr, np_root)
        want = nr if shared else was
        if not np.array_equal(np.asarray(ar), want, equal_nan=True):
            return (
                f"result {k}: NumPy's is {'a view' if shared else 'a copy'}, yet after a "
                f"write to the base it is {np.asarray(ar)}, not {want}"
            )
    return None


def _case_id(name: str, extra: dict, layout: str, direction: str) -> str:
    options = "".join(f"-{k}={v}" for k, v in extra.items())
    return f"{name}{options}-{layout}-{direction}"


CASES = [
    pytest.param(
        name,
        extra,
        layout,
        direction,
        id=_case_id(name, extra, layout, direction),
    )
    for name, extra in function_cases()
    for layout in LAYOUTS
    for direction in ("result", "base")
]


@pytest.mark.parametrize(("name", "extra", "layout", "direction"), CASES)
def test_function_aliasing_matches_numpy(driver, name, extra, layout, direction):
    if (name, layout) in NUMPY_QUIRKS:
        pytest.skip(NUMPY_QUIRKS[name, layout])
    if name in UNSPECIFIED and direction == "base":
        pytest.skip("its values are unspecified")
    call = base_call(name)
    np_fn = _np_function(name)
    if np_fn is None:
        pytest.skip("declared in arraykit._aliasing.RULES (no NumPy counterpart)")
    problem = run(FUNCTIONS[name], np_fn, call.args, {**call.kwargs, **extra}, layout, direction)
    assert problem is None, problem


# ---------------------------------------------------------------------- methods, attributes

# Array attributes that hold no array data of the input (metadata, host data, in-place
# methods returning None), with the reason.
NOT_ARRAYS = {
    "device": "a Device",
    "sharding": "a Sharding or None",
    "driver": "a Driver",
    "dtype": "a dtype",
    "itemsize": "an int",
    "nbytes": "an int",
    "ndim": "an int",
    "shape": "a tuple",
    "size": "an int",
    "native": "the driver's value itself (x.native is x.native)",
    "item": "a Python scalar",
    "tolist": "Python data",
    "tobytes": "bytes",
    "numpy": "a host copy (np.asarray semantics: tests/test_numpy_interop.py)",
    "fill": "in place, returns None (tests/test_ndarray_methods.py)",
    "sort": "in place, returns None (tests/test_ndarray_methods.py)",
    "flat": "an iterator of 0-D copies; x.flat[i] = v writes into x (tests/test_numpy_extras.py)",
    "put": "in place, returns None (tests/test_numpy_extras.py: writes reach views)",
    "partition": "in place, returns None (tests/test_numpy_extras.py)",
    "resize": "in place, returns None (tests/test_numpy_extras.py)",
}
# Arguments of the methods that need some (NumPy's spelling, valid for a 3x3 input).
METHOD_ARGS: dict[str, tuple] = {
    "reshape": (-1,), "swapaxes": (0, 1), "astype": (np.float64,), "clip": (0.2, 0.5),
    "dot": (np.eye(3),), "to_device": ("cpu",),
    # issue 25, part B
    "take": ([0, 2],), "repeat": (2,), "searchsorted": (0.3,), "compress": ([True, False, True],),
    "choose": ([np.eye(3), np.ones((3, 3))],), "argpartition": (1,),
}  # fmt: skip
METHOD_VARIANTS: list[tuple[str, tuple, dict]] = [
    ("astype", (np.float64,), {"copy": False}),
    ("reshape", (3, 3), {}),
    ("squeeze", (), {}),
    ("transpose", (1, 0), {}),
    ("view", (np.int64,), {}),
    ("view", (np.float32,), {}),
    ("view", (np.complex128,), {}),
]
METHODS = sorted(n for n in dir(ak.Array) if not n.startswith("_") and n not in NOT_ARRAYS)


def test_every_array_attribute_is_classified():
    """A new public attribute of Array needs a row: its aliasing is tested, or it holds no
    array data of the input (``NOT_ARRAYS``, with the reason)."""
    for name in METHODS:
        assert hasattr(np.ndarray, name), f"Array.{name}: no NumPy counterpart to test against"


def _method_call(name: str, args: tuple, kwargs: dict) -> tuple[Callable, Callable]:
    attr = getattr(ak.Array, name)
    if isinstance(attr, property):
        return (lambda x: getattr(x, name)), (lambda x: getattr(x, name))

    def ak_call(x: Any) -> Any:
        return getattr(x, name)(*(make(a, ak.asarray) for a in args), **kwargs)

    def np_call(x: Any) -> Any:
        if name == "to_device":
            return x  # NumPy's ndarray.to_device("cpu") is the array itself
        return getattr(x, name)(*args, **kwargs)

    return ak_call, np_call


METHOD_CASES = [
    pytest.param(name, args, kwargs, dtype, layout, direction,
                 id=_case_id(f"{name}{args or ''}", kwargs, f"{dtype}-{layout}", direction))
    for name, args, kwargs in [(n, METHOD_ARGS.get(n, ()), {}) for n in METHODS] + METHOD_VARIANTS
    for dtype in (["float64", "complex128"] if name in ("real", "imag", "conj", "conjugate")
                  else ["float64"])
    for layout in LAYOUTS
    for direction in ("result", "base")
]  # fmt: skip


@pytest.mark.parametrize(("name", "args", "kwargs", "dtype", "layout", "direction"), METHOD_CASES)
def test_method_aliasing_matches_numpy(driver, name, args, kwargs, dtype, layout, direction):
    ak_call, np_call = _method_call(name, args, kwargs)
    base = (0.5 * np.eye(3) + 0.125 + np.arange(9).reshape(3, 3) / 64).astype(dtype)
    if dtype == "complex128":
        base = base + 1j * base[::-1]
    problem = run(ak_call, np_call, (base,), {}, layout, direction)
    assert problem is None, problem
