"""How the JAX driver compiles its kernels: ``kernel_jit`` and kernel tables.

Every compute primitive is a ``jax.jit`` function with its non-array arguments (axes,
dtypes, flags) static, so each call is one C++ dispatch and each distinct set of static
arguments compiles once.  Each chapter module (``elementwise``, ``sorting``...) holds a
table of its kernels, compiled here, and ``JAXDriver.__init__`` binds them as instance
attributes: the driver's primitive *is* the compiled function, with no Python frame of
arraykit's in between.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import jax
from jax import lax

HIGHEST = lax.Precision.HIGHEST  # exact float32 matmuls on GPU/TPU too (no TF32/bf16 passes)

kernel_jit = partial(jax.jit, inline=True)
"""``jax.jit`` for a driver kernel: compiled on its own when called eagerly (one C++
dispatch), inlined into the caller's trace under ``ak.jit``, ``ak.grad`` and ``ak.vmap``.
A traced arraykit function then lowers to the program its ``jax.numpy`` twin lowers to;
nested calls reorder XLA's schedule (an MLP training step ran 8 % slower at one size,
15 % faster at another)."""

KernelTable = dict[str, tuple[Callable[..., Any], tuple[int, ...]]]
"""``{name: (function, static argument positions)}``: a chapter's kernels, uncompiled."""


def compile_table(table: KernelTable) -> dict[str, Any]:
    """``{name: compiled kernel}``: each function under ``kernel_jit``, with its static
    argument positions (none: every argument is an array)."""
    return {
        name: kernel_jit(f, static_argnums=static) if static else kernel_jit(f)
        for name, (f, static) in table.items()
    }
