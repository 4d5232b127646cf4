"""Function transforms: ``grad``, ``value_and_grad``, ``jacobian``, ``jit``, ``vmap`` and
``stop_gradient`` over arraykit arrays and nested tuples/lists/dicts of them (issue 5).

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
* ``vmap`` keeps the driver's mapped function per argument structure and dtypes, so a
  tracing driver (TensorFlow) traces once per shape, not once per call.
* ``jacobian`` returns, for each output leaf, the argument's structure (a tuple of them
  for a tuple ``argnums``) with leaves of shape ``out.shape + leaf.shape`` (reverse mode).
"""

from __future__ import annotations

import functools
import inspect
import operator
from collections.abc import Callable
from typing import Any

from . import _config
from ._array import Array, _object_new
from ._core import normalize_axis, same_driver
from .drivers._base import NOT_HANDLED, Driver

__all__ = ["grad", "jacobian", "jit", "stop_gradient", "value_and_grad", "vmap"]


# --------------------------------------------------------------------- hooks lookup
def _hooks(drv: Driver, fn: str) -> Any:
    hooks = getattr(drv, "transforms", None)
    if hooks is None:
        raise TypeError(f"{fn}: the {drv.name!r} driver provides no function transforms")
    return hooks


def autodiff_drivers() -> tuple[str, ...]:
    """Names of the available drivers with automatic differentiation, without importing
    any framework (built-in drivers declare it in the registry's metadata)."""
    from . import drivers

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
# ("t"|"l", type, specs) for tuples and lists, ("d", keys, specs) for dicts, ("c", obj)
# for any other leaf (a constant).  Specs are hashable when the constants are.


def _flatten(tree: Any, leaves: list[Array]) -> tuple:
    cls = tree.__class__
    if cls is Array:
        leaves.append(tree)
        return ("a", tree._dtype)
    if isinstance(tree, tuple):
        return ("t", cls, tuple(_flatten(t, leaves) for t in tree))
    if isinstance(tree, list):
        return ("l", cls, tuple(_flatten(t, leaves) for t in tree))
    if isinstance(tree, dict):
        return ("d", tuple(tree), tuple(_flatten(v, leaves) for v in tree.values()))
    return ("c", tree)


def _unflatten(spec: tuple, values: Any, drv: Driver, dtype_of_value: bool = False) -> Any:
    """The tree of ``spec`` with array leaves made of the next natives of ``values``."""
    tag = spec[0]
    if tag == "a":
        v = next(values)
        return Array._new(v, drv, drv.dtype_of(v) if dtype_of_value else spec[1])
    if tag == "t":
        items = [_unflatten(s, values, drv, dtype_of_value) for s in spec[2]]
        return spec[1](*items) if hasattr(spec[1], "_fields") else spec[1](items)
    if tag == "l":
        return spec[1](_unflatten(s, values, drv, dtype_of_value) for s in spec[2])
    if tag == "d":
        return {
            k: _unflatten(s, values, drv, dtype_of_value)
            for k, s in zip(spec[1], spec[2], strict=True)
        }
    return spec[1]


def _driver_of(leaves: list[Array], fn: str) -> Driver:
    return same_driver(leaves, fn) if leaves else _config.get().driver


def _flatten_args(args: tuple, fn: str) -> tuple[list[tuple], list[list[Array]], Driver]:
    specs, per_arg = [], []
    for a in args:
        leaves: list[Array] = []
        specs.append(_flatten(a, leaves))
        per_arg.append(leaves)
    drv = _driver_of([x for leaves in per_arg for x in leaves], fn)
    return specs, per_arg, drv


def _check_callable(f: Any, fn: str) -> None:
    if not callable(f):
        raise TypeError(f"{fn}: 'f' must be callable, got {type(f).__name__}")


def _normalize_argnums(argnums: Any, nargs: int, fn: str) -> tuple[int, ...]:
    items = argnums if isinstance(argnums, tuple) else (argnums,)
    out = []
    for a in items:
        try:
            a = operator.index(a)
        except TypeError:
            raise TypeError(
                f"{fn}: 'argnums' must be an int or a tuple of ints, got {argnums!r}"
            ) from None
        if not -nargs <= a < nargs:
            raise IndexError(f"{fn}: argnums={argnums!r} is out of range for {nargs} arguments")
        out.append(a % nargs)
    if len(set(out)) != len(out):
        raise ValueError(f"{fn}: repeated argument in argnums={argnums!r}")
    return tuple(out)


def _check_differentiable(spec: tuple, leaves: list[Array], i: int, fn: str) -> None:
    if spec[0] == "c" or _has_constant(spec):
        raise TypeError(
            f"{fn}: argument {i} holds a non-array leaf; differentiated arguments must be "
            "floating-point arrays (convert Python numbers with ak.asarray)"
        )
    for x in leaves:
        if x._dtype.kind not in "fc":
            raise TypeError(
                f"{fn}: argument {i} must be floating-point or complex to be differentiated, "
                f"got an array of dtype {x._dtype}"
            )


def _has_constant(spec: tuple) -> bool:
    if spec[0] == "c":
        return True
    if spec[0] in "tld":
        return any(_has_constant(s) for s in spec[2])
    return False


def _unwrap_out(tree: Any) -> tuple[tuple, tuple]:
    leaves: list[Array] = []
    spec = _flatten(tree, leaves)
    return spec, tuple(x._value for x in leaves)


# --------------------------------------------------------------------- gradients
def _differentiated(
    args: tuple, argnums: Any, fn: str
) -> tuple[list[tuple], list[list[Array]], Driver, tuple[int, ...]]:
    """The flattened arguments, their driver and ``argnums`` normalized, once checked that
    the driver differentiates and the differentiated arguments can be."""
    specs, per_arg, drv = _flatten_args(args, fn)
    nums = _normalize_argnums(argnums, len(args), fn)
    if not drv.capabilities.autodiff:
        raise no_autodiff_error(fn, drv)
    for i in nums:
        _check_differentiable(specs[i], per_arg[i], i, fn)
    return specs, per_arg, drv, nums


def _gradient_call(
    f: Callable, args: tuple, argnums: Any, has_aux: bool, fn: str
) -> tuple[Any, Any, Any, tuple[int, ...], Driver]:
    """(value, aux, grads) of ``f`` at ``args``, with ``grads`` shaped like the arguments."""
    specs, per_arg, drv, nums = _differentiated(args, argnums, fn)
    aux_spec: list[tuple] = []

    def native(*leaf_tuples: Any) -> Any:
        call_args = [_unflatten(s, iter(t), drv) for s, t in zip(specs, leaf_tuples, strict=True)]
        out = f(*call_args)
        if has_aux:
            if not (isinstance(out, tuple) and len(out) == 2):
                raise TypeError(f"{fn}: with has_aux=True, f must return a pair (value, aux)")
            out, aux = out
        if out.__class__ is not Array:
            raise TypeError(f"{fn}: f must return a 0-d real floating-point array, got {out!r}")
        if out.ndim != 0 or out._dtype.kind != "f":
            raise TypeError(
                f"{fn}: f must return a 0-d real floating-point array (a scalar loss), got "
                f"shape {out.shape} and dtype {out._dtype}"
            )
        if not has_aux:
            return out._value
        spec, natives = _unwrap_out(aux)
        aux_spec[:] = [spec]
        return out._value, natives

    leaf_tuples = tuple(tuple(x._value for x in leaves) for leaves in per_arg)
    result, grads = _hooks(drv, fn).value_and_grad(native, nums, has_aux)(*leaf_tuples)
    if has_aux:
        value, aux_natives = result
        aux = _unflatten(aux_spec[0], iter(aux_natives), drv, dtype_of_value=True)
    else:
        value, aux = result, None
    value = Array._new(value, drv, drv.dtype_of(value))
    trees = tuple(_unflatten(specs[i], iter(g), drv) for i, g in zip(nums, grads, strict=True))
    grad_tree = trees if isinstance(argnums, tuple) else trees[0]
    return value, aux, grad_tree, nums, drv


def value_and_grad(
    f: Callable[..., Any], /, argnums: int | tuple[int, ...] = 0, *, has_aux: bool = False
) -> Callable[..., Any]:
    """A function returning ``(f(*args), grad)`` (``((value, aux), grad)`` with ``has_aux``).

    Not in the standard (JAX's ``jax.value_and_grad``).  ``f`` must return a 0-d real
    floating-point array; the differentiated arguments (``argnums``: an int or a tuple)
    are float or complex arrays or nested tuples/lists/dicts of them, and ``grad`` has
    their structure (a tuple of them for a tuple ``argnums``).  For a complex input
    ``z = x + iy`` the gradient is ``df/dx + i df/dy`` on every driver.  Drivers without
    ``capabilities.autodiff`` (NumPy) raise ``TypeError`` naming the drivers that have it.
    """
    _check_callable(f, "value_and_grad")

    @functools.wraps(f)
    def wrapper(*args: Any) -> Any:
        value, aux, g, _, _ = _gradient_call(f, args, argnums, has_aux, "value_and_grad")
        return ((value, aux) if has_aux else value), g

    return wrapper


def grad(
    f: Callable[..., Any], /, argnums: int | tuple[int, ...] = 0, *, has_aux: bool = False
) -> Callable[..., Any]:
    """A function returning the gradient of ``f`` (``(grad, aux)`` with ``has_aux``).

    Not in the standard (JAX's ``jax.grad``); see ``value_and_grad`` for the rules.
    """
    _check_callable(f, "grad")

    @functools.wraps(f)
    def wrapper(*args: Any) -> Any:
        _, aux, g, _, _ = _gradient_call(f, args, argnums, has_aux, "grad")
        return (g, aux) if has_aux else g

    return wrapper


def jacobian(f: Callable[..., Any], /, argnums: int | tuple[int, ...] = 0) -> Callable[..., Any]:
    """A function returning the Jacobian of ``f`` (reverse mode, like ``jax.jacrev``).

    Not in the standard.  ``f`` returns an array or a tree of arrays; for each output
    leaf the result holds the differentiated argument's structure (a tuple of them for a
    tuple ``argnums``) with leaves of shape ``out.shape + leaf.shape``.
    """
    _check_callable(f, "jacobian")
    fn = "jacobian"

    @functools.wraps(f)
    def wrapper(*args: Any) -> Any:
        specs, per_arg, drv, nums = _differentiated(args, argnums, fn)
        out_spec: list[tuple] = []

        def native(*leaf_tuples: Any) -> tuple:
            call_args = [
                _unflatten(s, iter(t), drv) for s, t in zip(specs, leaf_tuples, strict=True)
            ]
            leaves: list[Array] = []
            spec = _flatten(f(*call_args), leaves)
            for x in leaves:
                if x._dtype.kind != "f":
                    raise TypeError(
                        f"{fn}: f must return real floating-point arrays, got one of dtype "
                        f"{x._dtype} (for a complex output, take the Jacobians of ak.real "
                        "and ak.imag of it)"
                    )
            out_spec[:] = [spec]
            return tuple(x._value for x in leaves)

        leaf_tuples = tuple(tuple(x._value for x in leaves) for leaves in per_arg)
        jac = _hooks(drv, fn).jacobian(native, nums)(*leaf_tuples)
        per_out = []
        for per_num in jac:
            trees = tuple(
                _unflatten(specs[i], iter(j), drv, dtype_of_value=True)
                for i, j in zip(nums, per_num, strict=True)
            )
            per_out.append(trees if isinstance(argnums, tuple) else trees[0])
        return _unflatten_objects(out_spec[0], iter(per_out))

    return wrapper


def _unflatten_objects(spec: tuple, objs: Any) -> Any:
    """The tree of ``spec`` with each array leaf replaced by the next of ``objs``."""
    tag = spec[0]
    if tag == "a":
        return next(objs)
    if tag == "t":
        items = [_unflatten_objects(s, objs) for s in spec[2]]
        return spec[1](*items) if hasattr(spec[1], "_fields") else spec[1](items)
    if tag == "l":
        return spec[1](_unflatten_objects(s, objs) for s in spec[2])
    if tag == "d":
        return {k: _unflatten_objects(s, objs) for k, s in zip(spec[1], spec[2], strict=True)}
    return spec[1]


def stop_gradient(x: Array, /) -> Array:
    """``x``, treated as a constant by ``grad``, ``value_and_grad`` and ``jacobian``.

    Not in the standard (``jax.lax.stop_gradient``, ``tf.stop_gradient``); the identity
    on drivers without automatic differentiation.
    """
    if x.__class__ is not Array:
        raise TypeError(f"stop_gradient: 'x' must be an arraykit array, got {type(x).__name__}")
    drv = x._driver
    return Array._new(_hooks(drv, "stop_gradient").stop_gradient(x._value), drv, x._dtype)


# --------------------------------------------------------------------- jit
_KEYS: dict[Any, int] = {}
"""Trace keys (argument structure, dtypes, shapes, static values) -> small ints: the one
static argument of the native function is then cheap to hash on every driver."""


def _static_key(key: Any, fn: str) -> int:
    try:
        return _KEYS.setdefault(key, len(_KEYS))
    except TypeError:
        raise TypeError(
            f"{fn}: static arguments and non-array leaves of the arguments must be hashable "
            "(pass arrays as arraykit arrays)"
        ) from None


def _static_args(
    f: Callable[..., Any], static_argnums: Any, static_argnames: Any, fn: str
) -> tuple[tuple[int, ...], frozenset[str]]:
    """``jit``'s static arguments as positions and names, each completed from the other
    through ``f``'s signature (as ``jax.jit`` does), so either way of passing works."""
    nums = static_argnums if isinstance(static_argnums, tuple) else (static_argnums,)
    for a in nums:
        if a.__class__ is not int:
            raise TypeError(f"{fn}: static_argnums must be an int or a tuple of ints, got {a!r}")
    names = (static_argnames,) if isinstance(static_argnames, str) else tuple(static_argnames)
    for n in names:
        if not isinstance(n, str):
            raise TypeError(f"{fn}: static_argnames must be a str or a tuple of str, got {n!r}")
    try:
        params = list(inspect.signature(f).parameters.values())
    except (TypeError, ValueError):  # no signature (some builtins): take them as given
        return nums, frozenset(names)
    kinds = inspect.Parameter
    if names and not any(p.kind is kinds.VAR_KEYWORD for p in params):
        missing = sorted(set(names) - {p.name for p in params})
        if missing:
            raise ValueError(f"{fn}: static_argnames {missing} are not parameters of f")
    by_position = (kinds.POSITIONAL_ONLY, kinds.POSITIONAL_OR_KEYWORD)
    positional = [p for p in params if p.kind in by_position]
    extra_nums, extra_names = [], []
    for i, p in enumerate(positional):
        if p.name in names:
            extra_nums.append(i)
        elif (i in nums or i - len(positional) in nums) and p.kind is kinds.POSITIONAL_OR_KEYWORD:
            extra_names.append(p.name)
    return nums + tuple(extra_nums), frozenset(names + tuple(extra_names))


def _static_spec(value: Any, what: str, fn: str) -> tuple:
    probe: list[Array] = []
    _flatten(value, probe)
    if probe:
        raise TypeError(f"{fn}: static argument {what} must not hold arrays")
    return ("c", value)


class _Declined(Exception):
    """Raised while tracing the flat form of a ``jit``-compiled function when its results
    are not arrays of the call's driver in a structure shared by every trace."""


def _structure(spec: tuple) -> tuple:
    """``spec`` (one without constants) without its dtypes."""
    if spec[0] == "a":
        return ("a",)
    return (spec[0], spec[1], tuple(_structure(s) for s in spec[2]))


class _FlatForm:
    """``f`` compiled over the natives of its positional arguments, for calls whose
    arguments are all arrays of ``driver``: the common call, made without core's trace key
    or flattening.  For drivers whose ``jit`` traces again per shapes and dtypes itself
    (``Transforms.jit_traces_by_signature``).

    Each trace checks that ``f`` returns arrays of ``driver`` in the structure of the first
    trace (``_Declined`` otherwise: the caller then stops using the form).  So results are
    rebuilt from that structure, with its dtypes while every trace agreed on them.
    """

    __slots__ = ("by_value", "call", "driver", "dtype", "spec")

    def __init__(self, f: Callable, driver: Driver, hooks: Any, options: dict) -> None:
        self.driver = driver
        self.spec: tuple | None = None  # the results' spec, from the first trace
        self.by_value = False  # traces disagreed on dtypes: ask the driver per call
        self.dtype: Any = None  # the dtype of a single-array result, all traces agreeing

        def on_natives(*values: Any) -> Any:
            dtype_of = driver.dtype_of
            leaves: list[Array] = []
            spec = _flatten(f(*[Array._new(v, driver, dtype_of(v)) for v in values]), leaves)
            if _has_constant(spec) or any(x._driver is not driver for x in leaves):
                raise _Declined
            if self.spec is None:
                self.spec = spec
                self.dtype = spec[1] if spec[0] == "a" else None
            elif spec != self.spec:
                if _structure(spec) != _structure(self.spec):
                    raise _Declined
                self.by_value, self.dtype = True, None
            if spec[0] == "a":
                return leaves[0]._value
            return tuple(x._value for x in leaves)

        self.call = hooks.jit(on_natives, (), options)

    def rebuild(self, out: Any) -> Any:
        """Results other than one array of agreed dtype (which the caller makes)."""
        spec = self.spec
        values = iter((out,) if spec[0] == "a" else out)
        return _unflatten(spec, values, self.driver, self.by_value)


def jit(
    f: Callable[..., Any],
    /,
    *,
    static_argnums: int | tuple[int, ...] = (),
    static_argnames: str | tuple[str, ...] = (),
    **options: Any,
) -> Callable[..., Any]:
    """``f`` compiled by the driver of its arguments (traced once per argument structure,
    dtypes, shapes and static values).

    Not in the standard (``jax.jit``, ``tf.function``).  ``static_argnums`` (an int or a
    tuple) and ``static_argnames`` (a str or a tuple) name arguments passed by value
    (hashable, no arrays; a new value traces again), each completed from the other
    through ``f``'s signature; keyword arguments are accepted.  Other ``options`` go to
    the driver (``jit_compile=True`` for XLA on TensorFlow).  Drivers without
    ``capabilities.jit`` (NumPy) run ``f`` as is.  Inside ``f``, what needs values
    (``bool(x)``, data-dependent shapes) raises an error that says so.
    """
    _check_callable(f, "jit")
    fn = "jit"
    static, static_names = _static_args(f, static_argnums, static_argnames, fn)
    compiled: dict[Driver, Callable] = {}
    # trace key -> (specs of the positional arguments, spec of the keyword arguments)
    call_specs: dict[int, tuple[list, tuple | None]] = {}
    out_specs: dict[tuple[Driver, int], tuple] = {}
    # Each driver's fast paths, tried in this order: core's flat form (all arguments
    # positional arrays, no statics), then the driver's ``jit_arrays``.  A flat form is
    # dropped once it declines at trace time (``jit_arrays`` drops itself).  ``flat`` and
    # ``fast`` are those of the ``current`` driver: the one of the last call that reached
    # core's path, where a call on another driver switches them.
    paths: dict[Driver, tuple[_FlatForm | None, Callable | None]] = {}
    current: Driver | None = None
    flat: _FlatForm | None = None
    fast: Callable | None = None

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        nonlocal current, flat, fast
        form = flat
        if form is not None and not kwargs:
            drv = form.driver
            natives = []
            for a in args:
                if a.__class__ is not Array or a._driver is not drv:
                    break
                natives.append(a._value)
            else:
                dtype = form.dtype
                try:
                    if dtype is None:
                        return form.rebuild(form.call(*natives))
                    # One array of known dtype (Array._new, inlined): made before the
                    # call, so that little Python runs after the dispatch, while the
                    # driver's threads compute.
                    res = _object_new(Array)
                    res._driver, res._dtype = drv, dtype
                    res._value = out = form.call(*natives)
                    if form.dtype is dtype:
                        return res
                    return form.rebuild(out)  # this call traced, and the dtype changed
                except _Declined:
                    flat = None
                    paths[drv] = (None, fast)
        if fast is not None:
            out = fast(args, kwargs)
            if out is not NOT_HANDLED:
                return out
        nargs = len(args)
        nums = {a % nargs for a in static if -nargs <= a < nargs} if static else ()
        leaves: list[Array] = []
        specs = []
        for i, a in enumerate(args):
            if i in nums:
                specs.append(_static_spec(a, str(i), fn))
            elif a.__class__ is Array:  # the common case, without the recursion
                leaves.append(a)
                specs.append(("a", a._dtype))
            else:
                specs.append(_flatten(a, leaves))
        kw_spec = None
        if kwargs:
            kw_spec = (
                "d",
                tuple(kwargs),
                tuple(
                    _static_spec(v, repr(k), fn) if k in static_names else _flatten(v, leaves)
                    for k, v in kwargs.items()
                ),
            )
        drv = _driver_of(leaves, fn)
        if drv is not current and drv in paths:  # back to a driver compiled for before
            current = drv
            flat, fast = paths[drv]
            if flat is not None or fast is not None:
                return wrapper(*args, **kwargs)
        natives = tuple(x._value for x in leaves)
        shape_of = drv.shape_of
        key = _static_key((tuple(specs), kw_spec, tuple(shape_of(v) for v in natives)), fn)
        call = compiled.get(drv)
        if call is None:

            def native(key: int, leaves: tuple) -> tuple:
                it = iter(leaves)
                pos_specs, kw = call_specs[key]
                call_args = [_unflatten(s, it, drv) for s in pos_specs]
                call_kwargs = {} if kw is None else _unflatten(kw, it, drv)
                spec, outs = _unwrap_out(f(*call_args, **call_kwargs))
                out_specs[drv, key] = spec
                return outs

            hooks = _hooks(drv, fn)
            call = compiled[drv] = hooks.jit(native, (0,), dict(options))
            # From now on, try this driver's fast paths first.
            flat = fast = None
            if hooks.jit_traces_by_signature and not (static or static_names):
                flat = _FlatForm(f, drv, hooks, dict(options))
            if hooks.jit_arrays is not None:
                fast = hooks.jit_arrays(f, static, static_names)
            current, paths[drv] = drv, (flat, fast)
            if flat is not None or fast is not None:
                return wrapper(*args, **kwargs)
        call_specs[key] = (specs, kw_spec)
        outs = call(key, natives)
        return _unflatten(out_specs[drv, key], iter(outs), drv)

    return wrapper


# --------------------------------------------------------------------- vmap
_MAPPED_CACHE_SIZE = 64


def _leaf_axes(arg: Any, axes: Any, out: list, fn: str) -> None:
    """Append the in_axes entry of every array leaf of ``arg`` (``axes``: int, None or a
    tree matching ``arg``)."""
    if axes is None or isinstance(axes, int):
        leaves: list[Array] = []
        _flatten(arg, leaves)
        out.extend((x, axes) for x in leaves)
        return
    if isinstance(axes, (tuple, list)) and isinstance(arg, (tuple, list)):
        if len(axes) != len(arg):
            raise ValueError(
                f"{fn}: in_axes {axes!r} does not match an argument of {len(arg)} items"
            )
        for a, ax in zip(arg, axes, strict=True):
            _leaf_axes(a, ax, out, fn)
        return
    if isinstance(axes, dict) and isinstance(arg, dict):
        if set(axes) != set(arg):
            raise ValueError(
                f"{fn}: in_axes keys {sorted(axes)} do not match the argument's {sorted(arg)}"
            )
        for k, v in arg.items():
            _leaf_axes(v, axes[k], out, fn)
        return
    raise TypeError(
        f"{fn}: in_axes entries must be an int, None or a tuple/list/dict matching the "
        f"argument, got {axes!r}"
    )


def vmap(
    f: Callable[..., Any], /, in_axes: int | tuple | list | None = 0, out_axes: Any = 0
) -> Callable[..., Any]:
    """``f`` mapped over an axis of its arguments, results stacked along ``out_axes``.

    Not in the standard (``jax.vmap``, ``tf.vectorized_map``).  ``in_axes``: an int or
    ``None`` for every argument, or a tuple with one entry per positional argument (an
    int, ``None`` for unmapped, or a tree matching the argument).  ``out_axes``: an int
    or ``None`` (output not mapped: element 0) for every output, or a tree matching the
    output.  Drivers without ``capabilities.vmap`` (NumPy) loop over the axis and stack.
    """
    _check_callable(f, "vmap")
    fn = "vmap"

    @functools.wraps(f)
    def wrapper(*args: Any) -> Any:
        if in_axes is None or isinstance(in_axes, int):
            per_arg_axes: Any = (in_axes,) * len(args)
        elif isinstance(in_axes, (tuple, list)):
            if len(in_axes) != len(args):
                raise ValueError(
                    f"{fn}: in_axes has {len(in_axes)} entries for {len(args)} arguments"
                )
            per_arg_axes = in_axes
        else:
            raise TypeError(f"{fn}: in_axes must be an int, None or a tuple, got {in_axes!r}")
        pairs: list[tuple[Array, int | None]] = []
        for a, ax in zip(args, per_arg_axes, strict=True):
            _leaf_axes(a, ax, pairs, fn)
        specs, per_arg, drv = _flatten_args(args, fn)
        flat = [x for leaves in per_arg for x in leaves]
        axes: list[int | None] = []
        sizes: dict[int, tuple] = {}
        for x, ax in pairs:
            if ax is None:
                axes.append(None)
                continue
            ax = normalize_axis(ax, x.ndim, fn, "in_axes")
            axes.append(ax)
            sizes.setdefault(x.shape[ax], x.shape)
        if not sizes:
            raise ValueError(f"{fn}: in_axes maps no array argument (all None)")
        if len(sizes) > 1:
            raise ValueError(
                f"{fn}: mapped axes have different sizes {sorted(sizes)} "
                f"(shapes {', '.join(str(s) for s in sizes.values())})"
            )
        key = (drv, tuple(specs), tuple(axes))
        try:
            entry = mapped.get(key)
        except TypeError:  # an unhashable constant among the arguments: map anew
            key, entry = None, None
        if entry is None:
            out_spec: list[tuple] = []

            def native(*leaves: Any) -> tuple:
                it = iter(leaves)
                call_args = [_unflatten(s, it, drv) for s in specs]
                spec, outs = _unwrap_out(f(*call_args))
                out_spec[:] = [spec]
                return outs

            entry = (_hooks(drv, fn).vmap(native, tuple(axes), 0), out_spec)
            if key is not None:
                if len(mapped) >= _MAPPED_CACHE_SIZE:
                    mapped.clear()
                mapped[key] = entry
        outs = entry[0](*(x._value for x in flat))
        out = _unflatten(entry[1][0], iter(outs), drv, dtype_of_value=True)
        return _move_out_axes(out, out_axes, fn)

    # (driver, argument specs, axes) -> (the driver's mapped function, its output spec):
    # a driver may trace the mapped function once per shape (TensorFlow does).
    mapped: dict[tuple, tuple[Callable, list]] = {}
    return wrapper


def _move_out_axes(tree: Any, axes: Any, fn: str) -> Any:
    from ._manipulation import moveaxis

    if tree.__class__ is Array:
        if axes is None:
            return tree[0]
        if not isinstance(axes, int):
            raise TypeError(f"{fn}: out_axes for an array output must be an int or None")
        ax = normalize_axis(axes, tree.ndim, fn, "out_axes")
        return tree if ax == 0 else moveaxis(tree, 0, ax)
    if axes is None or isinstance(axes, int):
        if isinstance(tree, (tuple, list)):
            items = [_move_out_axes(t, axes, fn) for t in tree]
            return type(tree)(*items) if hasattr(tree, "_fields") else type(tree)(items)
        if isinstance(tree, dict):
            return {k: _move_out_axes(v, axes, fn) for k, v in tree.items()}
        return tree
    if isinstance(tree, (tuple, list)) and isinstance(axes, (tuple, list)):
        if len(tree) != len(axes):
            raise ValueError(f"{fn}: out_axes {axes!r} does not match the output")
        items = [_move_out_axes(t, a, fn) for t, a in zip(tree, axes, strict=True)]
        return type(tree)(*items) if hasattr(tree, "_fields") else type(tree)(items)
    if isinstance(tree, dict) and isinstance(axes, dict):
        return {k: _move_out_axes(v, axes[k], fn) for k, v in tree.items()}
    raise ValueError(f"{fn}: out_axes {axes!r} does not match the output")
