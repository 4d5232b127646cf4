"""Function-transform hooks of the JAX driver: ``jax.value_and_grad``, ``jax.jacrev``,
``jax.jit`` (static arguments), ``jax.vmap`` and ``lax.stop_gradient`` on natives.

The hook contract is ``_base.Transforms``.  ``jit_compile`` is accepted and ignored (JAX
always compiles).  Gradients of complex inputs are conjugated: JAX returns
``df/dx - i df/dy``, the contract ``df/dx + i df/dy``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

from ._base import JIT_OPTIONS, Transforms, check_jit_options


def _conj_complex(tree: Any) -> Any:
    return jax.tree_util.tree_map(lambda g: g.conj() if jnp.iscomplexobj(g) else g, tree)


class JAXTransforms(Transforms):
    """The transform hooks of ``JAXDriver``."""

    def value_and_grad(self, fn: Callable, argnums: tuple[int, ...], has_aux: bool) -> Callable:
        vg = jax.value_and_grad(fn, argnums=argnums, has_aux=has_aux)

        def call(*args: Any) -> Any:
            value, grads = vg(*args)
            return value, _conj_complex(grads)

        return call

    def jacobian(self, fn: Callable, argnums: tuple[int, ...]) -> Callable:
        jac = jax.jacrev(fn, argnums=argnums)
        return lambda *args: _conj_complex(jac(*args))

    def jit(self, fn: Callable, static_argnums: tuple[int, ...], options: dict) -> Callable:
        check_jit_options(options, JIT_OPTIONS, "jax")
        return jax.jit(fn, static_argnums=static_argnums)

    def vmap(self, fn: Callable, in_axes: tuple[int | None, ...], out_axes: int) -> Callable:
        return jax.vmap(fn, in_axes=in_axes, out_axes=out_axes)

    def stop_gradient(self, x: Any) -> Any:
        return lax.stop_gradient(x)
