"""Function-transform hooks of the TensorFlow driver: ``tf.GradientTape`` (watching the
differentiated inputs; persistent for Jacobians), ``tf.function`` (``jit_compile`` as an
option; retraced when a shape, dtype or static value changes) and ``tf.vectorized_map``
(falling back to ``tf.map_fn`` where it cannot vectorise).

The hook contract is ``_base.Transforms``; TensorFlow's complex-gradient convention is
the contract's.  ``vmap`` is one ``tf.function`` per mapped function (core keeps it), so
eager calls trace once per shape instead of on every call.

Out-of-range indices inside a compiled or mapped function: core checks indices eagerly,
but a traced index is known only when the graph runs, where TF's CPU kernels reject it
with an ``InvalidArgumentError``; the hooks re-raise that as the ``IndexError`` arraykit
raises eagerly (TF's GPU gathers return zeros, and XLA's, ``jit_compile=True``, clamp:
README says so).  ``checked=True`` adds core's bounds checks as graph assertions
(``tf.debugging.Assert``, ordered before the index is used), re-raised as core's own
``IndexError`` on any device; XLA drops assertions, so ``jit_compile=True`` refuses it.  A singular
matrix in a graph's ``MatrixInverse``/``MatrixSolve`` is the contract's ``SingularMatrix``
signal, which core's ``jit`` turns into ``LinAlgError``.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
from collections.abc import Callable
from typing import Any, NoReturn

import tensorflow as tf

from .._base import (
    JIT_OPTIONS,
    SingularMatrix,
    Transforms,
    check_jit_options,
)
from .mesh import on_its_mesh, run_whole, split_trace, tracing_on
from .vmap import mapped

_ZERO = tf.UnconnectedGradients.ZERO


class _OncePerMessage(logging.Filter):
    """Lets each of pfor's "Using a while_loop for converting <op>" warnings through once
    per process: ``tf.vectorized_map`` logs one per op it cannot vectorise each time it
    traces, and ``ak.vmap`` may trace the same body more than once (gradients, then
    values), which printed the same warning twice (issue 29 #6).  Drops TF's "triggered
    tf.function retracing" for the driver's own functions: a program making several
    ``ak.vmap`` functions made TF count their first traces as retraces."""

    def __init__(self) -> None:
        super().__init__()
        self._seen: set[str] = set()
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "triggered tf.function retracing" in text and "TFTransforms." in text:
            return False  # each ak.vmap is a tf.function of its own, traced once per shape
        if "Using a while_loop for converting" not in text:
            return True
        with self._lock:
            if text in self._seen:
                return False
            self._seen.add(text)
            return True


_ONCE = _OncePerMessage()
logging.getLogger("tensorflow").addFilter(_ONCE)


# TF's messages for an index outside its axis: GatherV2 / ScatterNd ("indices[0] = 5 is not
# in [0, 3)") and GatherNd ("indices = [5] does not index into param shape [3]").
_OUT_OF_RANGE = re.compile(
    r"indices(?:\[[\d,]+\])? = \[?(?P<index>-?[\d, ]+)\]? "
    r"(?:is not in \[0, (?P<size>\d+)\)"
    r"|does not index into (?:param )?shape \[(?P<shape>[\d, ]+)\])"
)


# A failed check of core's (``checked=True``): "assertion failed: [arraykit check 3] [7]".
_CHECK = re.compile(r"\[arraykit check (?P<number>\d+)\](?P<values>(?: \[[^\]]*\])*)")

# Each distinct check added while tracing (its error class, message and the names of its
# values), by number: a retrace of the same function reuses its numbers.
_checks: list[tuple[type[Exception], str, tuple[str, ...]]] = []
_check_numbers: dict[tuple[type[Exception], str, tuple[str, ...]], int] = {}
_checks_lock = threading.Lock()


def _check_number(entry: tuple[type[Exception], str, tuple[str, ...]]) -> int:
    with _checks_lock:  # threads may trace at once
        number = _check_numbers.get(entry)
        if number is None:
            number = _check_numbers[entry] = len(_checks)
            _checks.append(entry)
        return number


def _reraise(error: tf.errors.InvalidArgumentError) -> NoReturn:
    """``error`` as the ``IndexError`` core raises eagerly when it is an index out of range."""
    m = _CHECK.search(error.message)
    if m is not None:  # a check of core's, raised as its own error with its own message
        cls, message, names = _checks[int(m["number"])]
        values = re.findall(r"\[([^\]]*)\]", m["values"])
        raise cls(message.format(**dict(zip(names, values, strict=True)))) from error
    if "not invertible" in error.message:  # MatrixInverse, MatrixSolve, Lu on a singular matrix
        raise SingularMatrix() from error
    m = _OUT_OF_RANGE.search(error.message)
    if m is None:
        raise error
    bound = f"size {m['size']}" if m["size"] else f"shape ({m['shape']})"
    raise IndexError(
        f"index {m['index'].strip()} is out of bounds for an axis of {bound} (TensorFlow "
        "found it when the compiled or mapped function ran)"
    ) from error


def _index_errors(call: Callable[..., Any]) -> Callable[..., Any]:
    """``call`` with TF's out-of-range index errors re-raised as ``IndexError``."""

    @functools.wraps(call)
    def checked(*args: Any) -> Any:
        try:
            return call(*args)
        except tf.errors.InvalidArgumentError as e:
            _reraise(e)

    return checked


def _dense(g: Any) -> Any:
    # Gradients of gathers come as IndexedSlices: core wants plain tensors.
    return tf.convert_to_tensor(g) if isinstance(g, tf.IndexedSlices) else g


def _move_axis(x: Any, src: int, dst: int) -> Any:
    if src == dst:
        return x
    perm = list(range(x.shape.rank))
    perm.insert(dst, perm.pop(src))
    return tf.transpose(x, perm)


def _distinct_sources(
    args: tuple[Any, ...], argnums: tuple[int, ...]
) -> tuple[list[Any], list[Any]]:
    """The arguments with each differentiated leaf a tensor of its own: the tape would
    add up the gradients of two leaves holding one tensor object."""
    out = list(args)
    for i in argnums:
        out[i] = tuple(tf.identity(t) for t in out[i])
    return out, [out[i] for i in argnums]


class TFTransforms(Transforms):
    """The transform hooks of ``TensorFlowDriver``."""

    checks = True

    def check(
        self, ok: Any, error: type[Exception], message: str, guarded: Any, **values: Any
    ) -> Any:
        if not self.tracing_checks():
            return guarded
        number = _check_number((error, message, tuple(values)))
        assertion = tf.debugging.Assert(ok, [f"arraykit check {number}", *values.values()])
        with tf.control_dependencies([assertion]):  # the check runs before the index is used
            return tf.identity(guarded)

    def value_and_grad(
        self, fn: Callable[..., Any], argnums: tuple[int, ...], has_aux: bool
    ) -> Callable[..., Any]:
        def call(*given: Any) -> Any:
            args, sources = _distinct_sources(given, argnums)
            with tf.GradientTape() as tape:
                tape.watch(sources)
                out = fn(*args)
            value = out[0] if has_aux else out
            with on_its_mesh(value):
                grads = tape.gradient(value, sources, unconnected_gradients=_ZERO)
            grads = tuple(tuple(_dense(g) for g in per_arg) for per_arg in grads)
            return out, grads

        return call

    def jacobian(self, fn: Callable[..., Any], argnums: tuple[int, ...]) -> Callable[..., Any]:
        def call(*given: Any) -> Any:
            args, sources = _distinct_sources(given, argnums)
            with tf.GradientTape(persistent=True) as tape:
                tape.watch(sources)
                outs = fn(*args)
            result = []
            for out in outs:
                try:
                    jac = tape.jacobian(out, sources, unconnected_gradients=_ZERO)
                except (ValueError, NotImplementedError, tf.errors.OpError):
                    # pfor cannot vectorise some gradient: one gradient per output element
                    jac = tape.jacobian(
                        out, sources, unconnected_gradients=_ZERO, experimental_use_pfor=False
                    )
                result.append(tuple(tuple(_dense(j) for j in per_arg) for per_arg in jac))
            del tape
            return tuple(result)

        return lambda *given: run_whole(call, given)  # split arrays: see mesh.py

    def jit(
        self, fn: Callable[..., Any], static_argnums: tuple[int, ...], options: dict[str, Any]
    ) -> Callable[..., Any]:
        # The static values determine the other arguments' structure, shapes and dtypes
        # (the contract), so one trace per static value is enough: its concrete function
        # is called with the flat tensors.  That skips tf.function's per-call argument
        # binding and signature matching (~100 us here, more than many kernels).
        check_jit_options(options, JIT_OPTIONS | {"checked"}, "tensorflow")
        jit_compile = options.get("jit_compile")
        if options.get("checked"):
            if jit_compile:
                raise ValueError(
                    "jit: checked=True cannot be combined with jit_compile=True on the "
                    "'tensorflow' driver: XLA drops TF's graph assertions (and clamps "
                    "out-of-range indices); use one or the other"
                )
            fn = self.traced_checking(fn)
        traced: dict[tuple[Any, ...], Any] = {}

        def call(*args: Any) -> Any:
            static = tuple(args[i] for i in static_argnums)
            dynamic = [a for i, a in enumerate(args) if i not in static_argnums]
            flat = tf.nest.flatten(dynamic)
            mesh, layouts = split_trace(flat)  # split arguments: one program per layout
            key = (static, layouts) if layouts else static
            concrete = traced.get(key)
            if concrete is None:

                def flat_fn(*tensors: Any) -> Any:
                    rebuilt = iter(tf.nest.pack_sequence_as(dynamic, list(tensors)))
                    full = [a if i in static_argnums else next(rebuilt) for i, a in enumerate(args)]
                    with tracing_on(mesh):
                        return fn(*full)

                traced_fn = tf.function(flat_fn, jit_compile=jit_compile, autograph=False)
                concrete = traced[key] = traced_fn.get_concrete_function(*flat)
            try:  # free in Python 3.11 unless it raises
                return concrete(*flat)
            except tf.errors.InvalidArgumentError as e:
                _reraise(e)
            except (tf.errors.UnimplementedError, tf.errors.UnknownError) as e:
                if mesh is None:
                    raise
                raise NotImplementedError(
                    "jit: TensorFlow's DTensor cannot compile this function for arrays split "
                    f"over a mesh ({str(e).splitlines()[0][:200]}); run it eagerly, or gather "
                    "the arrays first with x.to_device(device)"
                ) from None

        return call

    def vmap(
        self,
        fn: Callable[..., Any],
        in_axes: tuple[int | None, ...],
        out_axes: int,
        checked: bool = False,
    ) -> Callable[..., Any]:
        if checked:
            fn = self.traced_checking(fn)

        def call(*leaves: Any) -> tuple[Any, ...]:
            at = [i for i, a in enumerate(in_axes) if a is not None]
            fixed = [i for i, a in enumerate(in_axes) if a is None]
            elems = tuple(
                _move_axis(leaves[i], a, 0) for i, a in enumerate(in_axes) if a is not None
            )

            def body(*xs: Any) -> tuple[Any, ...]:
                args = list(leaves)
                for i, x in zip(at + fixed, xs, strict=True):
                    args[i] = x
                return tuple(fn(*args))

            outs = mapped(body, elems, [leaves[i] for i in fixed])
            return tuple(_move_axis(o, 0, out_axes) for o in outs)

        # Eagerly, tf.vectorized_map builds and traces a new tf.function on every call;
        # one of our own, kept by core, traces once per shape.
        traced = _index_errors(tf.function(call, autograph=False))

        def whole_if_split(*leaves: Any) -> tuple[Any, ...]:
            out: tuple[Any, ...] = run_whole(traced, leaves)  # split leaves: see mesh.py
            return out

        return whole_if_split

    def stop_gradient(self, x: Any) -> Any:
        return tf.stop_gradient(x)

    def traced(self, x: Any) -> bool:
        symbolic: bool = tf.is_symbolic_tensor(x)
        return symbolic
