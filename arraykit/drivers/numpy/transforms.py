"""Function-transform hooks of the NumPy driver (the contract: ``_base.Transforms``).

``jit`` runs ``fn`` eagerly and ``vmap`` loops over the mapped axis and stacks (each
element a view, as in a NumPy loop, so writes to it land in the caller's array); over an
axis of size 0 it runs ``fn`` once on a stand-in element of zeros, for the shapes and
dtypes of its results (JAX and TensorFlow trace ``fn`` to the same end), and returns
empty stacks of them (``Transforms.vmap``'s contract).  There
is no automatic differentiation: ``capabilities.autodiff`` is false, so core raises its
``TypeError`` (naming the drivers that differentiate) before it would call
``value_and_grad`` or ``jacobian``, and this driver leaves those hooks out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._base import JIT_OPTIONS, Transforms, check_jit_options


def empty_stacks(
    fn: Callable[..., Any], leaves: tuple[Any, ...], in_axes: tuple[int | None, ...], out_axes: int
) -> tuple[Any, ...]:
    """``fn``'s results over zero elements: empty stacks of the results ``fn`` gives for
    one element of zeros (run only for their shapes and dtypes)."""
    args = [
        x if a is None else np.zeros(x.shape[:a] + x.shape[a + 1 :], x.dtype)
        for x, a in zip(leaves, in_axes, strict=True)
    ]
    try:
        with np.errstate(all="ignore"):
            outs = fn(*args)
    except Exception as e:
        e.add_note(
            "vmap: over an axis of size 0, the 'numpy' driver runs the function once on an "
            "element of zeros to find the shapes of its results"
        )
        raise
    return tuple(
        np.empty((*np.shape(o)[:out_axes], 0, *np.shape(o)[out_axes:]), np.asarray(o).dtype)
        for o in outs
    )


def _read_only(x: np.ndarray) -> np.ndarray:
    view = x.view()
    view.flags.writeable = False
    return view


class NumPyTransforms(Transforms):
    """Eager stand-ins: ``jit`` is the identity, ``vmap`` a loop, no gradients."""

    def jit(
        self, fn: Callable[..., Any], static_argnums: tuple[int, ...], options: dict[str, Any]
    ) -> Callable[..., Any]:
        check_jit_options(options, JIT_OPTIONS, "numpy")
        return fn

    def vmap(
        self,
        fn: Callable[..., Any],
        in_axes: tuple[int | None, ...],
        out_axes: int,
        checked: bool = False,  # the contract's; never passed here (``checks`` is False)
    ) -> Callable[..., Any]:
        def mapped(*leaves: Any) -> tuple[Any, ...]:
            size = next(x.shape[a] for x, a in zip(leaves, in_axes, strict=True) if a is not None)
            results = []
            # Mapped arguments are views of their element (a write lands in the caller's
            # array, as in NumPy's loop over views); the others read-only views, so that
            # a write to them makes a copy, which core finds and refuses.
            fixed = [
                _read_only(x) if a is None else x for x, a in zip(leaves, in_axes, strict=True)
            ]
            for i in range(size):
                args = [
                    x if a is None else x[(slice(None),) * a + (i, Ellipsis)]  # 0-d: a view too
                    for x, a in zip(fixed, in_axes, strict=True)
                ]
                results.append(tuple(fn(*args)))
            if not results:
                return empty_stacks(fn, leaves, in_axes, out_axes)
            return tuple(np.stack(outs, axis=out_axes) for outs in zip(*results, strict=True))

        return mapped

    def stop_gradient(self, x: Any) -> Any:
        return x
