"""``jit``: the driver's compiler over natives, with core's trace keys, static arguments
and the drivers' fast paths (the flat form, ``Transforms.jit_arrays``)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, cast

from ._array import Array, _object_new
from ._core import transform_tracing
from ._linalg_checks import failure
from ._sharding import ShardingsArg, constrained, placed_on_the_mesh
from ._transforms import (
    check_callable,
    driver_of,
    flatten,
    has_constant,
    marked,
    stateful,
    transform_hooks,
    unflatten,
    unflatten_args,
    unwrap_out,
    write_back,
    written,
)
from .drivers._base import NOT_HANDLED, Driver, LinAlgSignal

__all__ = ["jit"]


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


def _static_spec(value: Any, what: str, fn: str) -> tuple[Any, ...]:
    probe: list[Array] = []
    flatten(value, probe)
    if probe:
        raise TypeError(f"{fn}: static argument {what} must not hold arrays")
    return ("c", value)


class _Declined(Exception):
    """Raised while tracing the flat form of a ``jit``-compiled function when its results
    are not arrays of the call's driver in a structure shared by every trace."""


def _structure(spec: tuple[Any, ...]) -> tuple[Any, ...]:
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

    def __init__(
        self, f: Callable[..., Any], driver: Driver, hooks: Any, options: dict[str, Any]
    ) -> None:
        self.driver = driver
        self.spec: tuple[Any, ...] = ()  # the results' spec, from the first trace
        self.by_value = False  # traces disagreed on dtypes: ask the driver per call
        self.dtype: Any = None  # the dtype of a single-array result, all traces agreeing

        def on_natives(*values: Any) -> Any:
            dtype_of = driver.dtype_of
            leaves: list[Array] = []
            args = [Array._new(v, driver, dtype_of(v)) for v in values]
            spec = flatten(f(*args), leaves)
            if has_constant(spec) or any(x._driver is not driver for x in leaves):
                raise _Declined
            if written(args, values):  # f writes to an argument: core's path hands it back
                raise _Declined
            if not self.spec:  # the first trace (a spec is never empty)
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
        return unflatten(spec, values, self.driver, self.by_value)


def jit(
    f: Callable[..., Any],
    /,
    *,
    static_argnums: int | tuple[int, ...] = (),
    static_argnames: str | tuple[str, ...] = (),
    checked: bool = False,
    in_shardings: ShardingsArg = None,
    out_shardings: ShardingsArg = None,
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

    ``in_shardings`` and ``out_shardings`` (a driver that shards: JAX; see the "Many
    devices" guide) are an ``ak.Sharding`` for every positional array argument (every
    result), or a tuple with one per position (``None``: as it comes): the compiled
    program splits them so (JAX's ``with_sharding_constraint``), one SPMD program.

    Writes keep NumPy's meaning: a write to an argument inside ``f`` (``x[i] = v``, ``x +=
    1``, through a view of ``x``, ``np.add.at(x, ...)``) is in ``x`` after the call, and in
    the caller's views of ``x``, on every driver: the compiled function hands the new
    values out and core assigns them to the caller's arrays (the NumPy driver runs ``f``
    as it is).  Two arguments sharing memory (the same array, or views of one array) of
    which ``f`` writes one raise ``ValueError``: inside the compiled function they are
    separate values, so the write would not reach the other as it does in NumPy.

    Rounding: compilers that fuse operations (XLA: JAX always, TensorFlow with
    ``jit_compile=True``) contract ``a * b + c`` (and ``a * b - c``, ``c - a * b``) into
    one fused multiply-add, rounded once instead of twice.  Such a result differs from
    the eager one by at most half an ulp of ``a * b`` plus one ulp of the result (an ulp:
    the spacing of the dtype at that value): within an ulp or so, but under cancellation
    (``c`` near ``-a * b``) the fused result keeps the product's rounding error, which the
    eager one loses, so it may differ by many ulps of a small result.  XLA also rewrites
    some expressions into others of the same mathematical value, rounded differently: it
    folds constants across operations (``(x + 0.1) + 0.2`` into ``x + 0.3``, ``(x * 3) *
    3`` into ``x * 9``) and turns ``exp(a) * exp(b)``, ``log(exp(x))``, ``x / sqrt(y)``
    into ``exp(a + b)``, ``x``, ``x * rsqrt(y)``.  arraykit turns neither off (XLA has no
    switch for the contraction short of unoptimised code, 2-6 times slower).  Eager
    calls, TensorFlow's default ``tf.function``, NumPy and Dask round each operation once.

    Failures found only as the compiled code runs: an index out of range raises
    ``IndexError`` where the backend's kernel checks it (TensorFlow on CPU; JAX and TF's
    XLA clamp gathers and drop scattered writes, TF's GPU kernels return zeros).  With
    ``checked=True`` the compiled program checks its indices itself, where the driver can
    carry such checks (``driver.transforms.checks``: JAX through
    ``jax.experimental.checkify``, TensorFlow through graph assertions, not with
    ``jit_compile=True``), and raises the ``IndexError`` of an eager call, at the cost of
    a few operations per index (and on JAX a device-to-host read per call).  A singular
    matrix in ``linalg.inv``/``solve`` raises ``ak.linalg.LinAlgError`` on TensorFlow,
    whose kernels check, and gives inf/NaN entries on JAX, as ``jax.jit`` does; a
    matrix that is not positive definite gives NaN from ``cholesky`` on both.  Checking
    those inside the compiled function would cost a device-to-host round trip per call;
    eagerly, every driver raises ``LinAlgError``.

    Examples
    --------
    >>> @ak.jit
    ... def sigmoid(x):
    ...     return 1 / (1 + ak.exp(-x))
    ...
    >>> sigmoid(ak.asarray([0.0]))
    Array([0.5], dtype=float64)
    >>> scale = ak.jit(lambda x, n: x * n, static_argnums=1)
    >>> scale(ak.arange(3), 2)
    Array([0, 2, 4], dtype=int64)
    >>> @ak.jit
    ... def double_in_place(x):
    ...     x *= 2.0
    ...     return x[0]
    ...
    >>> x = ak.asarray([1.0, 2.0])
    >>> double_in_place(x)
    Array(2., dtype=float64)
    >>> x                           # the write is kept, as in NumPy
    Array([2., 4.], dtype=float64)
    """
    check_callable(f, "jit")
    fn = "jit"
    if in_shardings is not None or out_shardings is not None:
        f = constrained(f, in_shardings, out_shardings)
    user_f, f = f, marked(f)
    static, static_names = _static_args(user_f, static_argnums, static_argnames, fn)
    compiled: dict[Driver, Callable[..., Any]] = {}
    # trace key -> (specs of the positional arguments, spec of the keyword arguments)
    call_specs: dict[int, tuple[list[Any], tuple[Any, ...] | None]] = {}
    out_specs: dict[tuple[Driver, int], tuple[Any, ...]] = {}
    # Each driver's fast paths, tried in this order: core's flat form (all arguments
    # positional arrays, no statics), then the driver's ``jit_arrays``.  A flat form is
    # dropped once it declines at trace time (``jit_arrays`` drops itself).  ``flat`` and
    # ``fast`` are those of the ``current`` driver: the one of the last call that reached
    # core's path, where a call on another driver switches them.
    paths: dict[Driver, tuple[_FlatForm | None, Callable[..., Any] | None]] = {}
    current: Driver | None = None
    flat: _FlatForm | None = None
    fast: Callable[..., Any] | None = None

    @functools.wraps(user_f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        nonlocal current, flat, fast
        try:  # free in Python 3.11 unless it raises
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
                        res = _object_new(Array)  # type: ignore[type-abstract]  # mypy: Array lacks the methods _methods installs
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
                    specs.append(flatten(a, leaves))
            kw_spec = None
            if kwargs:
                kw_spec = (
                    "d",
                    tuple(kwargs),
                    tuple(
                        _static_spec(v, repr(k), fn) if k in static_names else flatten(v, leaves)
                        for k, v in kwargs.items()
                    ),
                )
            drv = driver_of(leaves, fn)
            if drv is not current and drv in paths:  # back to a driver compiled for before
                current = drv
                flat, fast = paths[drv]
                if flat is not None or fast is not None:
                    return wrapper(*args, **kwargs)
            values = tuple(x._value for x in leaves)
            shape_of = drv.shape_of
            shapes = tuple(shape_of(v) for v in values)
            # Inside ak.vmap or not: a trace made outside and reused inside would skip what
            # vmap refuses (data-dependent shapes, _core.refuse_under_vmap).
            key = _static_key((tuple(specs), kw_spec, shapes, transform_tracing.mapping > 0), fn)
            call = compiled.get(drv)
            if call is None:

                def native(key: int, leaves: tuple[Any, ...]) -> tuple[Any, ...]:
                    it = iter(leaves)
                    pos_specs, kw = call_specs[key]
                    made: list[Array | None] = []
                    call_args = [unflatten_args(s, it, drv, made) for s in pos_specs]
                    call_kwargs = {} if kw is None else unflatten_args(kw, it, drv, made)
                    spec, outs = unwrap_out(f(*call_args, **call_kwargs), drv)
                    # Array state of the arguments (a Generator's counter) after the call
                    # goes out after the results, and back to the caller's objects; then
                    # the new values of the arguments f wrote to, for the caller's arrays.
                    state: list[Array] = []
                    for obj in stateful((call_args, call_kwargs), []):
                        flatten(obj.__ak_flatten__(), state)
                    writes = written(made, leaves)
                    out_specs[drv, key] = (spec, len(state), writes)
                    return (
                        outs
                        + tuple(x._value for x in state)
                        + tuple(cast(Array, made[i])._value for i in writes)  # written: not None
                    )

                hooks = transform_hooks(drv, fn)
                checking = checked and hooks.checks
                opts = dict(options, checked=True) if checking else options
                call = compiled[drv] = hooks.jit(native, (0,), dict(opts))
                # From now on, try this driver's fast paths first.
                flat = fast = None
                if hooks.jit_traces_by_signature and not (static or static_names):
                    flat = _FlatForm(f, drv, hooks, dict(opts))
                if hooks.jit_arrays is not None and not checking:  # carries no checks
                    fast = hooks.jit_arrays(f, static, static_names)
                current, paths[drv] = drv, (flat, fast)
                if flat is not None or fast is not None:
                    return wrapper(*args, **kwargs)
            call_specs[key] = (specs, kw_spec)
            outs = call(key, values)
            spec, n_state, writes = out_specs[drv, key]
            if writes:  # f wrote to arguments: the caller's arrays take the new values
                n = len(outs) - len(writes)
                write_back(leaves, writes, outs[n:], fn)
                outs = outs[:n]
            if n_state:
                values = iter(outs[len(outs) - n_state :])
                for obj in stateful((args, kwargs), []):
                    old: list[Array] = []
                    flatten(obj.__ak_flatten__(), old)
                    obj.__ak_update__([Array._new(next(values), drv, x._dtype) for x in old])
                outs = outs[: len(outs) - n_state]
            return unflatten(spec, iter(outs), drv)
        except LinAlgSignal as e:  # a backend kernel refused a matrix as the graph ran
            raise failure("jit", e, (), "a matrix inside the compiled function") from e

    if in_shardings is not None:
        return placed_on_the_mesh(wrapper, in_shardings)
    return wrapper
