"""The JAX driver's FFT primitives (core's ``fft.py``), with the native fast paths of
core's composites ``fftshift`` and ``ifftshift``: ``jax.numpy.fft`` kernels bound as
they are, with ``s``, ``axes`` and ``norm`` static.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax.numpy as jnp

from .kernels import KernelTable, compile_table


def _fft(f: Callable[..., Any]) -> Callable[..., Any]:
    def kernel(x: Any, s: Any, axes: Any, norm: str) -> Any:
        return f(x, s=s, axes=axes, norm=norm)

    return kernel


_TABLE: KernelTable = {
    "fftn": (_fft(jnp.fft.fftn), (1, 2, 3)),
    "ifftn": (_fft(jnp.fft.ifftn), (1, 2, 3)),
    "rfftn": (_fft(jnp.fft.rfftn), (1, 2, 3)),
    "irfftn": (_fft(jnp.fft.irfftn), (1, 2, 3)),
    # composites with a native fast path (see drivers/_base.py COMPOSITES)
    "fftshift": (lambda x, axes: jnp.fft.fftshift(x, axes), (1,)),
    "ifftshift": (lambda x, axes: jnp.fft.ifftshift(x, axes), (1,)),
}
KERNELS: dict[str, Any] = compile_table(_TABLE)
"""The FFT primitives and shifts, compiled (bound as they are)."""
