"""Function transforms: ``grad``, ``value_and_grad``, ``jacobian``, ``jit``, ``vmap`` and
``stop_gradient`` over arraykit arrays and nested tuples/lists/dicts of them.

This module holds what every transform shares (the driver's hooks, flattening trees of
arrays into native leaves and back); each family has its own module:
``_transforms_grad`` (``grad``, ``value_and_grad``, ``jacobian``, ``stop_gradient``),
``_transforms_jit`` and ``_transforms_vmap``.

Core decides, drivers execute: core flattens the user's arguments into native leaves
(recording each leaf's dtype), validates them (differentiated leaves are float/complex
arrays, ``grad``'s output is a real 0-d array, ``vmap``'s axes are in range and its mapped
sizes agree), and hands a *native* function to the driver's hook; that function wraps
the leaves back into Arrays, calls the user's function and unwraps its outputs.  The
hooks (``drv.transforms``: ``value_and_grad``, ``jacobian``, ``jit``, ``vmap``,
``stop_gradient``) see natives only; their contract is ``drivers._base.Transforms``.

Decisions:

* The driver is the one of the arguments' arrays (the active driver when none is an array).
* Non-array leaves of the arguments (Python scalars, strings, ``None``) are constants:
  under ``jit`` they are static (hashable; a new value traces again); they are refused
  in differentiated arguments (convert them with ``ak.asarray``).
* ``jit(f, static_argnums=..., static_argnames=...)`` makes whole arguments static
  (hashable, no arrays); keyword arguments are traced like positional ones; the other
  options go to the driver (``jit_compile`` for TensorFlow; JAX always compiles;
  NumPy runs ``f`` eagerly and ignores it).
* ``vmap``'s ``out_axes`` is applied by core (``moveaxis``, or element 0 for ``None``):
  drivers always stack outputs along axis 0.
* Complex inputs: the gradient of a real ``f`` at ``z = x + iy`` is ``df/dx + i df/dy``
  on every driver (TensorFlow's and PyTorch's convention; the JAX hooks conjugate what
  JAX returns), so ``z - lr * grad`` descends.  ``grad`` needs a real output and
  ``jacobian`` real outputs (differentiate ``real``/``imag`` of a complex one).
* ``jit``'s fast paths, tried once a call has shown the driver: when the driver's
  compiled functions trace again per shapes and dtypes themselves
  (``Transforms.jit_traces_by_signature``: JAX), calls whose arguments are all
  positional arrays of that driver run ``f`` compiled over their natives (the flat
  form: no trace key, results rebuilt from the structure every trace returned); a
  driver whose compiler flattens arraykit arrays itself may offer ``jit_arrays`` for
  other calls (JAX: ``Array`` is a registered pytree).  Each declines, and is not tried
  again, when a trace shows that core's rules would differ (Python constants among the
  traced leaves or the results, other drivers' arrays, results whose structure varies).
* Writes to the arguments (``x[i] = v``, ``x += 1``, through a view, ``np.add.at``) keep
  NumPy's meaning (see "writes" below): ``jit`` returns the written arguments' new values
  as extra outputs and assigns them to the caller's arrays after the call; ``vmap`` does
  so for mapped arguments (each element's write lands in its slice, as in NumPy's loop
  over views) and raises ``ValueError`` for unmapped ones; ``grad``, ``value_and_grad``
  and ``jacobian`` raise ``ValueError``; so do ``jit`` and ``vmap`` when a written
  argument shares memory with another argument.  The fast paths decline functions that
  write (they are found while tracing): core's general path takes them.
* ``vmap`` keeps the driver's mapped function per argument structure and dtypes, so a
  tracing driver (TensorFlow) traces once per shape, not once per call.
* Inside ``vmap``'s function, data-dependent shapes (``unique_*``, ``nonzero``,
  ``x[mask]``, ``repeat`` with an array) raise one ``ValueError`` on every driver
  (``_core.refuse_under_vmap``; ``ak.jit`` traces inside ``vmap`` apart from eager ones);
  over an axis of size 0, ``vmap`` returns empty stacks of ``f``'s results for one element
  (JAX's answer; drivers without a tracer run ``f`` once on zeros to learn them).
* ``jacobian`` returns, for each output leaf, the argument's structure (a tuple of them
  for a tuple ``argnums``) with leaves of shape ``out.shape + leaf.shape`` (reverse mode).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from . import _config, drivers
from ._array import Array
from ._core import same_driver, transform_tracing
from ._views import assign
from .drivers._base import Driver


# --------------------------------------------------------------------- hooks lookup
def transform_hooks(drv: Driver, fn: str) -> Any:
    """The driver's transform hooks, or a ``TypeError`` naming ``fn``."""
    hooks = getattr(drv, "transforms", None)
    if hooks is None:
        raise TypeError(f"{fn}: the {drv.name!r} driver provides no function transforms")
    return hooks


def autodiff_drivers() -> tuple[str, ...]:
    """Names of the available drivers with automatic differentiation, without importing
    any framework (built-in drivers declare it in the registry's metadata)."""
    return tuple(name for name in drivers.available() if drivers.supports_autodiff(name))


def no_autodiff_error(fn: str, drv: Driver) -> TypeError:
    """The error for a gradient transform on a driver without automatic differentiation."""
    names = ", ".join(autodiff_drivers()) or "none installed"
    return TypeError(
        f"{fn}: the {drv.name!r} driver has no automatic differentiation; drivers that "
        f"support it: {names} (e.g. ak.use('jax') and ak.asarray(x, driver='jax'))"
    )


# --------------------------------------------------------------------- pytrees
# A spec describes a tree with its arrays taken out: ("a", dtype) for an array leaf,
# ("t"|"l", type, specs) for tuples and lists, ("d", keys, specs) for dicts, ("o", type,
# specs) for an object whose state is arrays (``__ak_flatten__() -> list``, rebuilt by
# ``type.__ak_unflatten__(list)``), ("c", obj) for any other leaf (a constant).  Specs
# are hashable when the constants are.


def flatten(tree: Any, leaves: list[Array]) -> tuple[Any, ...]:
    cls = tree.__class__
    if cls is Array:
        leaves.append(tree)
        return ("a", tree._dtype)
    if isinstance(tree, tuple):
        return ("t", cls, tuple(flatten(t, leaves) for t in tree))
    if isinstance(tree, list):
        return ("l", cls, tuple(flatten(t, leaves) for t in tree))
    if isinstance(tree, dict):
        return ("d", tuple(tree), tuple(flatten(v, leaves) for v in tree.values()))
    if hasattr(cls, "__ak_flatten__"):  # state made of arrays (ak.random.Generator)
        return ("o", cls, tuple(flatten(v, leaves) for v in tree.__ak_flatten__()))
    return ("c", tree)


def stateful(tree: Any, found: list[Any]) -> list[Any]:
    """The objects with array state (``__ak_flatten__``) in ``tree``, in ``flatten``'s
    order: ``jit`` hands their state after the call back to them (``__ak_update__``)."""
    if isinstance(tree, (tuple, list)):
        for t in tree:
            stateful(t, found)
    elif isinstance(tree, dict):
        for t in tree.values():
            stateful(t, found)
    elif hasattr(tree.__class__, "__ak_flatten__"):
        found.append(tree)
    return found


def unflatten(spec: tuple[Any, ...], values: Any, drv: Driver, dtype_of_value: bool = False) -> Any:
    """The tree of ``spec`` with array leaves made of the next natives of ``values``."""
    tag = spec[0]
    if tag == "a":
        v = next(values)
        return Array._new(v, drv, drv.dtype_of(v) if dtype_of_value else spec[1])
    if tag == "t":
        items = [unflatten(s, values, drv, dtype_of_value) for s in spec[2]]
        return spec[1](*items) if hasattr(spec[1], "_fields") else spec[1](items)
    if tag == "l":
        return spec[1](unflatten(s, values, drv, dtype_of_value) for s in spec[2])
    if tag == "d":
        return {
            k: unflatten(s, values, drv, dtype_of_value)
            for k, s in zip(spec[1], spec[2], strict=True)
        }
    if tag == "o":
        return spec[1].__ak_unflatten__([unflatten(s, values, drv) for s in spec[2]])
    return spec[1]


def unflatten_args(
    spec: tuple[Any, ...], values: Any, drv: Driver, made: list[Array | None]
) -> Any:
    """``unflatten`` of a function's arguments, collecting in ``made`` the arrays made, one
    entry per native taken (``None`` for the state of an object: ``jit`` hands that back
    through ``__ak_update__``), so that writes to them can be found after the call."""
    tag = spec[0]
    if tag == "a":
        x = Array._new(next(values), drv, spec[1])
        made.append(x)
        return x
    if tag == "t":
        items = [unflatten_args(s, values, drv, made) for s in spec[2]]
        return spec[1](*items) if hasattr(spec[1], "_fields") else spec[1](items)
    if tag == "l":
        return spec[1](unflatten_args(s, values, drv, made) for s in spec[2])
    if tag == "d":
        return {
            k: unflatten_args(s, values, drv, made) for k, s in zip(spec[1], spec[2], strict=True)
        }
    if tag == "o":
        state = [unflatten(s, values, drv) for s in spec[2]]
        made.extend([None] * sum(_arrays_in(s) for s in spec[2]))
        return spec[1].__ak_unflatten__(state)
    return spec[1]


def _arrays_in(spec: tuple[Any, ...]) -> int:
    if spec[0] == "a":
        return 1
    if spec[0] in "tldo":
        return sum(_arrays_in(s) for s in spec[2])
    return 0


# --------------------------------------------------------------------- writes
# NumPy code writes to its arguments (``x[i] = v``, ``x += 1``, through a view of ``x``)
# and expects the caller's array to change.  A transform calls ``f`` on arrays of its own
# (traced values, or per-element slices); on TF, JAX and Dask a write replaces such an
# array's held value (``_views.assign``).  The transforms find the arrays so written
# after ``f`` returns: ``jit`` hands their new values out of the compiled function and
# assigns them to the caller's arrays (so the caller's views see the write too), ``vmap``
# likewise for mapped arguments, the gradient transforms refuse them.


def written(made: Sequence[Array | None], natives: Any) -> tuple[int, ...]:
    """The positions of the arrays of ``made`` (``unflatten``'s) whose value is no longer
    the native they were made of: ``f`` wrote to them."""
    return tuple(
        i
        for i, (x, v) in enumerate(zip(made, natives, strict=True))
        if x is not None and x._value is not v
    )


def _root(x: Array) -> Array:
    link = getattr(x, "_view", None)
    while link is not None:
        x = link[0]
        link = getattr(x, "_view", None)
    return x


def write_back(leaves: list[Array], positions: tuple[int, ...], values: Any, fn: str) -> None:
    """Give the caller's arrays ``leaves[i]`` (``i`` in ``positions``) the new ``values``
    through ``_views.assign`` (bases and views follow), after checking that no other
    argument leaf is the same array or a view of the same one (``ValueError``): inside
    ``f`` they were separate values, so the write did not reach the other as in NumPy."""
    roots = [id(_root(x)) for x in leaves]
    for i in positions:
        if roots.count(roots[i]) > 1:
            raise ValueError(
                f"{fn}: f writes to an array argument (x[...] = ..., x += ...) that another "
                "argument shares memory with (the same array, or a view of the same array); "
                f"inside {fn} they are separate values, so the write would not reach the "
                "other as in NumPy: pass a copy (ak.asarray(x, copy=True)) or one of them"
            )
    for i, v in zip(positions, values, strict=True):
        assign(leaves[i], v)


def refuse_writes(made: Sequence[Array | None], natives: Any, fn: str) -> None:
    """``ValueError`` when ``f`` wrote to one of the arrays ``made`` of its arguments (the
    gradient transforms: the write cannot reach the caller's array)."""
    if written(made, natives):
        raise ValueError(
            f"{fn}: f writes to one of its array arguments (x[...] = ..., x += ..., or through "
            f"a view of it); {fn} calls f on its own copy of the arguments, so the write "
            "would be lost: write to a copy (y = ak.asarray(x, copy=True)) and return it"
        )


def driver_of(leaves: list[Array], fn: str) -> Driver:
    return same_driver(leaves, fn) if leaves else _config.get().driver


def flatten_args(
    args: tuple[Any, ...], fn: str
) -> tuple[list[tuple[Any, ...]], list[list[Array]], Driver]:
    specs, per_arg = [], []
    for a in args:
        leaves: list[Array] = []
        specs.append(flatten(a, leaves))
        per_arg.append(leaves)
    drv = driver_of([x for leaves in per_arg for x in leaves], fn)
    return specs, per_arg, drv


def marked(f: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` with ``_core.transform_tracing`` raised while it runs (``ak.jit``), its
    writes to arrays from outside checked (``traced_call``)."""

    @functools.wraps(f)
    def run(*args: Any, **kwargs: Any) -> Any:
        transform_tracing.depth += 1
        try:
            return traced_call(f, args, kwargs, "jit")
        finally:
            transform_tracing.depth -= 1

    return run


def traced_call(
    f: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], fn: str
) -> Any:
    """``f(*args, **kwargs)``, run by ``ak.jit`` or ``ak.vmap`` (``fn``), which keep the
    writes to its arguments (or refuse them).  A driver that traces ``f`` (its
    ``capabilities.jit`` or ``.vmap``) runs it once for many calls: a write to an array
    ``f`` closes over (or a global) would happen once, at the trace, and could leave a
    traced value (a tracer, a symbolic tensor) where its data was.  Such arrays get their
    values back and the call raises ``ValueError``.  Eager stand-ins (the NumPy and Dask
    drivers) run ``f`` every time, so its writes land as in NumPy."""
    journal: list[Any] = []
    outer = transform_tracing.journal
    transform_tracing.journal = journal
    try:
        out = f(*args, **kwargs)
    except BaseException:
        _restore_outside(journal, None, fn)
        raise
    finally:
        transform_tracing.journal = outer
    if _restore_outside(journal, out, fn):
        raise ValueError(
            f"{fn}: f writes to an array that is not one of its arguments (one it closes "
            f"over, or a global): {fn} runs f once to trace it, so the write would not "
            "happen on each call; pass the array as an argument (its writes are kept), or "
            "return the new value"
        )
    if outer is not None:
        outer.extend(journal)  # a transform inside another: the outer one checks too
    return out


def _restore_outside(journal: list[Any], out: Any, fn: str) -> bool:
    """Give the arrays from outside ``f`` written while it was traced (and their views,
    journaled too) their old values back; whether there were any.  From outside: alive
    after ``f``, not among its results, holding a concrete value before the write (``f``'s
    arguments hold traced ones), on a driver that traces for ``fn``."""
    if not journal:
        return False
    results: list[Array] = []
    if out is not None:
        flatten(out, results)
    mine = {id(x) for x in results}
    restored = False
    for ref, old in reversed(journal):  # the oldest value is restored last: it stays
        x = ref()
        if x is None or id(x) in mine or not getattr(x._driver.capabilities, fn):
            continue
        hooks = x._driver.transforms
        if hooks is None or hooks.traced(old):
            continue
        x._value = old  # no recomputation: inside a trace it would be traced again
        restored = True
    return restored


def check_callable(f: Any, fn: str) -> None:
    if not callable(f):
        raise TypeError(f"{fn}: 'f' must be callable, got {type(f).__name__}")


def has_constant(spec: tuple[Any, ...]) -> bool:
    if spec[0] == "c":
        return True
    if spec[0] in "tldo":
        return any(has_constant(s) for s in spec[2])
    return False


def unwrap_out(tree: Any, drv: Driver | None = None) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The spec and the natives of ``tree``'s arrays; with ``drv``, an array of another
    driver among them (a constant the function returns) is copied onto ``drv`` first."""
    leaves: list[Array] = []
    spec = flatten(tree, leaves)
    if drv is None:
        return spec, tuple(x._value for x in leaves)
    return spec, tuple(
        x._value
        if x._driver is drv
        else drv.asarray(x._driver.to_numpy(x._value), x._dtype, drv.default_device(), True)
        for x in leaves
    )
