"""Function-transform hooks of the Dask driver (the contract: ``_base.Transforms``).

``jit`` runs ``fn`` as it is: a Dask program is a graph already, built lazily and run
when a value is needed.  ``vmap`` loops over the mapped axis and stacks; a mapped axis
of unknown size (after a boolean index) is computed first, the loop needs its length;
over an axis of size 0 it runs ``fn`` once on a stand-in element of zeros, for the
shapes and dtypes of its results, and returns empty stacks of them (as the NumPy
driver).  There is no automatic differentiation (``capabilities.autodiff`` is false).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import dask.array as da

from .._base import JIT_OPTIONS, Transforms, check_jit_options


def _empty_stacks(
    fn: Callable[..., Any], leaves: tuple[Any, ...], in_axes: tuple[int | None, ...], out_axes: int
) -> tuple[Any, ...]:
    """``fn``'s results over zero elements: empty stacks of the results ``fn`` gives for
    one element of zeros (built lazily, for their shapes and dtypes only)."""
    args = [
        x if a is None else da.zeros(x.shape[:a] + x.shape[a + 1 :], dtype=x.dtype)
        for x, a in zip(leaves, in_axes, strict=True)
    ]
    try:
        outs = fn(*args)
    except Exception as e:
        e.add_note(
            "vmap: over an axis of size 0, the 'dask' driver runs the function once on an "
            "element of zeros to find the shapes of its results"
        )
        raise
    return tuple(
        da.empty((*o.shape[:out_axes], 0, *o.shape[out_axes:]), dtype=o.dtype) for o in outs
    )


class DaskTransforms(Transforms):
    """Lazy stand-ins: ``jit`` is the identity, ``vmap`` a loop, no gradients."""

    def jit(
        self, fn: Callable[..., Any], static_argnums: tuple[int, ...], options: dict[str, Any]
    ) -> Callable[..., Any]:
        check_jit_options(options, JIT_OPTIONS, "dask")
        return fn

    def vmap(
        self,
        fn: Callable[..., Any],
        in_axes: tuple[int | None, ...],
        out_axes: int,
        checked: bool = False,  # the contract's; never passed here (``checks`` is False)
    ) -> Callable[..., Any]:
        def mapped(*leaves: Any) -> tuple[Any, ...]:
            leaves = tuple(
                x.compute_chunk_sizes() if a is not None and math.isnan(x.shape[a]) else x
                for x, a in zip(leaves, in_axes, strict=True)
            )
            sizes = {x.shape[a] for x, a in zip(leaves, in_axes, strict=True) if a is not None}
            if len(sizes) > 1:
                raise ValueError(f"vmap: mapped axes have different sizes {sorted(sizes)}")
            size = sizes.pop()
            if size == 0:
                return _empty_stacks(fn, leaves, in_axes, out_axes)
            results = []
            for i in range(size):
                args = [
                    x if a is None else da.take(x, i, axis=a)
                    for x, a in zip(leaves, in_axes, strict=True)
                ]
                results.append(tuple(fn(*args)))
            return tuple(da.stack(outs, axis=out_axes) for outs in zip(*results, strict=True))

        return mapped

    def stop_gradient(self, x: Any) -> Any:
        return x
