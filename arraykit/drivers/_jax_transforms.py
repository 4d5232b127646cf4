"""Function-transform hooks of the JAX driver: ``jax.value_and_grad``, ``jax.jacrev``,
``jax.jit`` (static arguments), ``jax.vmap`` and ``lax.stop_gradient`` on natives.

The hook contract is in ``_numpy_transforms``'s docstring.  ``jit_compile`` is accepted
and ignored (JAX always compiles).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
from jax import lax

from ._numpy_transforms import JIT_OPTIONS, check_jit_options


class JAXTransforms:
    """The transform hooks of ``JAXDriver``."""

    def value_and_grad(self, fn: Callable, argnums: tuple[int, ...], has_aux: bool) -> Callable:
        return jax.value_and_grad(fn, argnums=argnums, has_aux=has_aux)

    def jacobian(self, fn: Callable, argnums: tuple[int, ...]) -> Callable:
        return jax.jacrev(fn, argnums=argnums)

    def jit(self, fn: Callable, static_argnums: tuple[int, ...], options: dict) -> Callable:
        check_jit_options(options, JIT_OPTIONS, "jax")
        return jax.jit(fn, static_argnums=static_argnums)

    def vmap(self, fn: Callable, in_axes: tuple[int | None, ...], out_axes: int) -> Callable:
        return jax.vmap(fn, in_axes=in_axes, out_axes=out_axes)

    def stop_gradient(self, x: Any) -> Any:
        return lax.stop_gradient(x)
