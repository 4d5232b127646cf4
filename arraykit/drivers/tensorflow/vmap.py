"""``vmap`` on TensorFlow with the driver's own gradients kept (issue 30).

``tf.vectorized_map`` (pfor) rewrites each op of the mapped function into its batched
form, and ``tf.custom_gradient``'s marker op among them, so a gradient taken through the
rewritten ops uses TF's registered gradients, not those the driver defines
(``gradients.py``): ``copysign``'s was 0, a tie of ``maximum`` went wholly to ``x1``.

Here the mapped result carries its own gradient: the vector-Jacobian product of one
element, taken in the element's graph (before pfor rewrites it, where the driver's
gradients apply) and itself mapped over the elements, as JAX batches a VJP.  Gradients
reach the unmapped arguments and the tensors the function closes over (summed over the
elements).  The backward pass is built by the same function, so a gradient of the
gradient keeps the driver's gradients too.  Building it costs one more trace of the
element's function, when a gradient is first taken.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops as ga
from tensorflow.python.ops.parallel_for import pfor

from .support import FLOATING

_ZERO = tf.UnconnectedGradients.ZERO


if "Bitcast" not in pfor._pfor_converter_registry:

    @pfor.RegisterPFor("Bitcast")  # type: ignore[untyped-decorator]  # pfor is Any (typings/)
    def _bitcast(given: Any) -> Any:
        """pfor's rule for ``Bitcast`` (``copysign``, ``nextafter``, casts to float16 use
        it): the batched input bitcast; a change of width changes only the last axis.
        Without it pfor ran each ``Bitcast`` in a ``while_loop``, one element a step."""
        return pfor.wrap(ga.bitcast(given.stacked_input(0), given.get_attr("type")), True)


def _map(
    body: Callable[..., tuple[Any, ...]], elems: tuple[Any, ...], invariant: tuple[Any, ...]
) -> tuple[Any, ...]:
    """``body(*element, *invariant)`` over the first axis of ``elems``: pfor, or a
    ``tf.map_fn`` loop where pfor cannot vectorise."""

    def one(e: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(body(*e, *invariant))

    try:
        return tuple(tf.vectorized_map(one, elems, fallback_to_while_loop=True))
    except (ValueError, NotImplementedError, TypeError, tf.errors.OpError):
        specs = tuple(tf.TensorSpec(e.shape[1:], e.dtype) for e in elems)
        sig = tf.function(one, autograph=False).get_concrete_function(specs)
        out_sig = tuple(tf.TensorSpec(o.shape, o.dtype) for o in sig.structured_outputs)
        return tuple(tf.map_fn(one, elems, fn_output_signature=out_sig))


def _differentiable(x: Any) -> bool:
    return x.dtype in FLOATING


def mapped(
    body: Callable[..., tuple[Any, ...]],
    elems: Sequence[Any],
    invariant: Sequence[Any],
    outside: Sequence[Any] | None = None,
) -> tuple[Any, ...]:
    """``body(*element, *invariant)`` for each element of ``elems`` (their first axis),
    stacked, with the gradient of one element mapped in the same way (module docstring).
    Call it inside a ``tf.function``.  ``outside``: the tensors ``body`` reads besides its
    arguments (``None``: this graph's captures, the mapped function's in a fresh graph)."""
    elems, invariant = tuple(elems), tuple(invariant)
    outs = _map(body, elems, invariant)
    if not any(map(_differentiable, elems + invariant)) or not any(map(_differentiable, outs)):
        return outs
    graph = tf.compat.v1.get_default_graph()
    if outside is None:
        outside = [e for e, i in graph.captures if _differentiable(i)]
    held = tuple(graph.capture(t) for t in outside)  # as this graph holds them
    k, n = len(elems), len(elems) + len(invariant)
    wrt = [i for i, x in enumerate(elems + invariant + held) if _differentiable(x)]

    @tf.custom_gradient  # type: ignore[untyped-decorator]  # tf is Any (typings/)
    def attach(*xs: Any) -> Any:
        def backward(*gs: Any) -> list[Any]:
            live = [j for j, g in enumerate(gs) if g is not None and _differentiable(outs[j])]
            if not live:
                return [None] * len(xs)

            def vjp(*z: Any) -> tuple[Any, ...]:
                e, g, fixed = z[:k], z[k : k + len(live)], z[k + len(live) :]
                # body, traced again here, reads the outside tensors as this graph's
                # captures of them: capture them first, to watch them
                here = tf.compat.v1.get_default_graph()
                caps = [here.capture(t) for t in outside] if outside else []
                inputs = [*e, *fixed]
                watched = [(inputs + caps)[i] for i in wrt]
                with tf.GradientTape(watch_accessed_variables=False) as tape:
                    tape.watch(watched)
                    ys = body(*inputs)
                picked = [ys[j] for j in live]
                return tuple(
                    tape.gradient(
                        picked, watched, output_gradients=list(g), unconnected_gradients=_ZERO
                    )
                )

            lanes = xs[:k] + tuple(gs[j] for j in live)
            per_element = mapped(vjp, lanes, xs[k:n], outside)
            grads: list[Any] = [None] * len(xs)
            for i, g in zip(wrt, per_element, strict=True):
                grads[i] = g if i < k else tf.reduce_sum(g, axis=0)
            return grads

        return [tf.identity(o) for o in outs], backward

    return tuple(attach(*elems, *invariant, *held))
