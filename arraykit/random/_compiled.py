"""How the discrete and multivariate samplers of ``ak.random`` run: compiled per size by
``ak.jit`` where the driver compiles (one program instead of each round's many small
operations), traced into the enclosing program inside a transform, and on the host
through the NumPy driver where the driver is lazy (Dask would build a graph of thousands
of small steps per draw, costlier than the draw itself); and how an integer draw ends
(:func:`finish`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

import arraykit as ak

from .._core import transform_tracing
from ..drivers import get as get_driver

if TYPE_CHECKING:
    from ._args import Gen

MASK64 = (1 << 64) - 1


def compiled(fn: Callable[..., Any], static_argnums: tuple[int, ...] = ()) -> Callable[..., Any]:
    """``fn(gen, *args)`` compiled per size by ``ak.jit`` where the driver compiles; on a
    lazy driver run on the host through the NumPy driver by :func:`on_host`."""
    jitted = ak.jit(fn, static_argnums=static_argnums)

    def call(gen: Gen, *args: Any) -> Any:
        first = next(a for a in args if isinstance(a, ak.Array))
        if host(first):
            return on_host(jitted, gen, *args)
        if transform_tracing.depth:  # inside a transform already: traced into its program
            return fn(gen, *args)
        return jitted(gen, *args)

    return call


def host(x: ak.Array) -> bool:
    """Whether a draw on ``x``'s driver runs on the host (:func:`on_host`): a lazy one's."""
    return x._driver.capabilities.lazy


def on_host(fn: Callable[..., Any], gen: Gen, *args: Any, device: Any = None) -> Any:
    """``fn(gen, *args)`` run eagerly through the NumPy driver on the arrays' values, its
    arrays brought back to ``device`` (by default the first array argument's).  The generator draws
    the same words there, so the values are the same; inside ``ak.jit``/``ak.vmap``
    (which run eagerly on a lazy driver) its state, there arrays, is read and written
    back."""
    if device is None:
        device = next(a.device for a in args if isinstance(a, ak.Array))
    host_args = [np.asarray(a) if isinstance(a, ak.Array) else a for a in args]
    bg = gen.bit_generator
    counter, key = bg.counter, bg.key
    if not isinstance(counter, int):
        c, k = np.asarray(counter), np.asarray(key)
        bg.counter, bg.key = int(c[0]) | int(c[1]) << 64, (int(k[0]), int(k[1]))
    depth, transform_tracing.depth = transform_tracing.depth, 0  # concrete values here
    try:
        with ak.use(get_driver("numpy")):
            out = fn(gen, *(ak.asarray(a) if isinstance(a, np.ndarray) else a for a in host_args))
            values = [np.asarray(o) for o in (out if isinstance(out, tuple) else (out,))]
    finally:
        transform_tracing.depth = depth
        if not isinstance(counter, int):
            done = bg.counter
            bg.counter = ak.asarray([done & MASK64, done >> 64], dtype=ak.uint64, device=device)
            bg.key = key
    back = tuple(ak.asarray(v, device=device) for v in values)
    return back if isinstance(out, tuple) else back[0]


def finish(value: ak.Array, fn: str) -> ak.Array:
    """int64 values of float64 ones; a NaN (a value without an accepted candidate,
    ``_rejection``) raises eagerly and is -1 traced, never a wrong number."""
    failed = ak.isnan(value)
    if not transform_tracing.depth and bool(ak.any(failed)):
        raise RuntimeError(f"{fn}: a value found no accepted candidate (p < 2**-64)")
    return ak.where(failed, -1, ak.astype(ak.where(failed, 0.0, value), ak.int64))
