"""``vmap``: the driver's vectoriser over natives; core checks the axes and sizes and
applies ``out_axes``."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, cast

from ._array import Array
from ._core import normalize_axis, transform_tracing
from ._linalg_checks import failure
from ._manipulation import moveaxis
from ._transforms import (
    check_callable,
    flatten,
    flatten_args,
    stateful,
    traced_call,
    transform_hooks,
    unflatten,
    unflatten_args,
    unwrap_out,
    write_back,
    written,
)
from ._views import refuse_writes_to
from .drivers._base import LinAlgSignal

__all__ = ["vmap"]


_MAPPED_CACHE_SIZE = 64
_UNMAPPED_WRITE = (
    "{fn}: f writes to an argument that is not mapped (in_axes None); NumPy's loop would "
    "write it once per element, in order, which a mapped function cannot: map it, or write "
    "to a copy"
)


def _mapping(f: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` with ``transform_tracing.depth`` and ``.mapping`` raised while it runs: what
    cannot be batched (a data-dependent shape: ``_core.refuse_under_vmap``) refuses."""

    @functools.wraps(f)
    def run(*args: Any) -> Any:
        tracing = transform_tracing
        tracing.depth += 1
        tracing.mapping += 1
        try:
            return traced_call(f, args, {}, "vmap")
        finally:
            tracing.depth -= 1
            tracing.mapping -= 1

    return run


def _leaf_axes(arg: Any, axes: Any, out: list[Any], fn: str) -> None:
    """Append the in_axes entry of every array leaf of ``arg`` (``axes``: int, None or a
    tree matching ``arg``)."""
    if axes is None or isinstance(axes, int):
        if axes is not None and stateful(arg, []):  # state (a Generator) is never mapped
            if isinstance(arg, (tuple, list)):
                for a in arg:
                    _leaf_axes(a, axes, out, fn)
                return
            if isinstance(arg, dict):
                for a in arg.values():
                    _leaf_axes(a, axes, out, fn)
                return
            axes = None
        leaves: list[Array] = []
        flatten(arg, leaves)
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
    f: Callable[..., Any],
    /,
    in_axes: int | tuple[Any, ...] | list[Any] | None = 0,
    out_axes: Any = 0,
    *,
    checked: bool = False,
) -> Callable[..., Any]:
    """``f`` mapped over an axis of its arguments, results stacked along ``out_axes``.

    Not in the standard (``jax.vmap``, ``tf.vectorized_map``).  ``in_axes``: an int or
    ``None`` for every argument, or a tuple with one entry per positional argument (an
    int, ``None`` for unmapped, or a tree matching the argument).  ``out_axes``: an int
    or ``None`` (output not mapped: element 0) for every output, or a tree matching the
    output.  Drivers without ``capabilities.vmap`` (NumPy) loop over the axis and stack.
    A write to a mapped argument inside ``f`` lands in that element's slice of the
    caller's array, as in NumPy's loop over views; a write to an unmapped one raises
    ``ValueError``.  Indices inside ``f`` are values of the mapped program, checked as in
    ``ak.jit``: ``checked=True`` makes an out-of-range one raise ``IndexError`` on every
    device.  Inside ``f``, functions whose result's shape depends on the data
    (``unique_*``, ``nonzero``, ``x[mask]``, ``repeat`` with an array) raise ``ValueError``
    on every driver.  Over an axis of size 0 the results are empty stacks of what ``f``
    returns for one element, as ``jax.vmap``'s (see the reference page, "Function
    transforms").

    Examples
    --------
    >>> rowsum = ak.vmap(lambda row: ak.sum(row))
    >>> rowsum(ak.asarray([[1, 2], [3, 4]]))
    Array([3, 7], dtype=int64)
    >>> ak.vmap(ak.matmul, in_axes=(0, None))(ak.ones((3, 2, 2)), ak.asarray([1.0, 2.0])).shape
    (3, 2)
    >>> ak.vmap(lambda row: row[:2] * 2)(ak.zeros((0, 5))).shape
    (0, 2)
    """
    check_callable(f, "vmap")
    fn = "vmap"
    user_f, f = f, _mapping(f)

    @functools.wraps(user_f)
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
        specs, per_arg, drv = flatten_args(args, fn)
        flat = [x for leaves in per_arg for x in leaves]
        axes: list[int | None] = []
        sizes: dict[int, tuple[int | None, ...]] = {}
        for x, ax in pairs:
            if ax is None:
                axes.append(None)
                continue
            ax = normalize_axis(ax, x.ndim, fn, "in_axes")
            axes.append(ax)
            n = x.shape[ax]
            if n is not None:  # unknown (lazy drivers): the driver finds it
                sizes.setdefault(n, x.shape)
        if not sizes and all(ax is None for ax in axes):
            raise ValueError(f"{fn}: in_axes maps no array argument (all None)")
        if len(sizes) > 1:
            raise ValueError(
                f"{fn}: mapped axes have different sizes {sorted(sizes)} "
                f"(shapes {', '.join(str(s) for s in sizes.values())})"
            )
        key = (drv, tuple(specs), tuple(axes))
        cacheable = True
        try:
            entry = mapped.get(key)
        except TypeError:  # an unhashable constant among the arguments: map anew
            cacheable, entry = False, None
        if entry is None:
            out_spec: list[Any] = []  # the results' spec, the count of state arrays, writes

            def native(*leaves: Any) -> tuple[Any, ...]:
                it = iter(leaves)
                made: list[Array | None] = []
                call_args = [unflatten_args(s, it, drv, made) for s in specs]
                for i, ax in enumerate(axes):
                    if ax is None and (m := made[i]) is not None:  # refused at the write itself
                        refuse_writes_to(m, _UNMAPPED_WRITE.format(fn=fn))
                spec, outs = unwrap_out(f(*call_args))
                # Array state of the arguments (a Generator's counter, not mapped) after
                # the call goes out after the results, and back to the caller's objects;
                # then the new values of the mapped arguments f wrote to.
                state: list[Array] = []
                for obj in stateful(call_args, []):
                    flatten(obj.__ak_flatten__(), state)
                writes = written(made, leaves)
                if any(axes[i] is None for i in writes):
                    raise ValueError(_UNMAPPED_WRITE.format(fn=fn))
                out_spec[:] = [spec, len(state), writes]
                written_values = tuple(cast(Array, made[i])._value for i in writes)  # not None
                return outs + tuple(x._value for x in state) + written_values

            hooks = transform_hooks(drv, fn)
            if checked and hooks.checks:
                entry = (hooks.vmap(native, tuple(axes), 0, checked=True), out_spec)
            else:
                entry = (hooks.vmap(native, tuple(axes), 0), out_spec)
            if cacheable:
                if len(mapped) >= _MAPPED_CACHE_SIZE:
                    mapped.clear()
                mapped[key] = entry
        outs = entry[0](*(x._value for x in flat))
        writes = entry[1][2]
        if writes:  # each element's write lands in its slice of the caller's array
            n = len(outs) - len(writes)
            new_values = [
                moveaxis(Array._new(v, drv, flat[i]._dtype), 0, axes[i])._value
                for i, v in zip(writes, outs[n:], strict=True)
            ]
            write_back(flat, writes, new_values, fn)
            outs = outs[:n]
        n_state = entry[1][1]
        if n_state:
            states = outs[len(outs) - n_state :]
            # Over zero elements nothing was drawn: the state stays as it was (a loop's).
            if drv.shape_of(states[0])[0] != 0:
                values = iter(states)
                for obj in stateful(args, []):
                    old: list[Array] = []
                    flatten(obj.__ak_flatten__(), old)
                    obj.__ak_update__([Array._new(next(values), drv, x._dtype)[0] for x in old])
            outs = outs[: len(outs) - n_state]
        out = unflatten(entry[1][0], iter(outs), drv, dtype_of_value=True)
        return _move_out_axes(out, out_axes, fn)

    # (driver, argument specs, axes) -> (the driver's mapped function, its output spec):
    # a driver may trace the mapped function once per shape (TensorFlow does).
    mapped: dict[tuple[Any, ...], tuple[Callable[..., Any], list[Any]]] = {}

    @functools.wraps(user_f)
    def failing_as_eagerly(*args: Any) -> Any:
        try:  # free in Python 3.11 unless it raises
            return wrapper(*args)
        except LinAlgSignal as e:  # a backend kernel refused a matrix as the graph ran
            raise failure("vmap", e, (), "a matrix inside the mapped function") from e

    return failing_as_eagerly


def _move_out_axes(tree: Any, axes: Any, fn: str) -> Any:
    if tree.__class__ is Array:
        if axes is None:
            if tree.shape[0] == 0:
                raise ValueError(
                    f"{fn}: out_axes=None takes an output of the first mapped element, and "
                    "the mapped axis has size 0"
                )
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
