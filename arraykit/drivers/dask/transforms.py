"""Function-transform hooks of the Dask driver (the contract: ``_base.Transforms``).

``jit`` runs ``fn`` as it is: a Dask program is a graph already, built lazily and run
when a value is needed.  ``vmap`` loops over the mapped axis and stacks.  There is no
automatic differentiation (``capabilities.autodiff`` is false).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import dask.array as da

from .._base import JIT_OPTIONS, Transforms, check_jit_options


class DaskTransforms(Transforms):
    """Lazy stand-ins: ``jit`` is the identity, ``vmap`` a loop, no gradients."""

    def jit(self, fn: Callable, static_argnums: tuple[int, ...], options: dict) -> Callable:
        check_jit_options(options, JIT_OPTIONS, "dask")
        return fn

    def vmap(self, fn: Callable, in_axes: tuple[int | None, ...], out_axes: int) -> Callable:
        def mapped(*leaves: Any) -> tuple:
            size = next(x.shape[a] for x, a in zip(leaves, in_axes, strict=True) if a is not None)
            results = []
            for i in range(int(size)):
                args = [
                    x if a is None else da.take(x, i, axis=a)
                    for x, a in zip(leaves, in_axes, strict=True)
                ]
                results.append(tuple(fn(*args)))
            if not results:
                raise ValueError("vmap: cannot map over an axis of size 0 on this driver")
            return tuple(da.stack(outs, axis=out_axes) for outs in zip(*results, strict=True))

        return mapped

    def stop_gradient(self, x: Any) -> Any:
        return x
