"""Manipulation primitives of the NumPy driver (core: ``arraykit/_manipulation.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._base import Part
from ._common import as_ndarray

# NumPy's, typed for the contract's shape (``None`` sizes exist on lazy drivers only; NumPy's
# stubs want ints): an alias costs nothing per call, where ``typing.cast`` would cost a call.
_broadcast_to: Callable[..., np.ndarray] = np.broadcast_to


class Manipulation(Part):
    """Reshaping, joining, flipping and repeating: NumPy's function of the same meaning."""

    def reshape(self, x: np.ndarray, shape: tuple[int, ...], copy: bool | None) -> np.ndarray:
        return np.reshape(x, shape, copy=copy)

    def permute_dims(self, x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
        return np.transpose(x, axes)

    def broadcast_to(self, x: np.ndarray, shape: tuple[int | None, ...]) -> np.ndarray:
        return _broadcast_to(x, shape)

    def concat(self, xs: list[np.ndarray], axis: int) -> np.ndarray:
        return np.concatenate(xs, axis=axis)

    def stack(self, xs: list[np.ndarray], axis: int) -> np.ndarray:
        return np.stack(xs, axis=axis)

    def expand_dims(self, x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
        return np.expand_dims(x, axes)

    def squeeze(self, x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
        return np.squeeze(x, axes)

    def flip(self, x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
        return as_ndarray(np.flip(x, axes))  # np.flip of a 0-d array gives a NumPy scalar

    def roll(self, x: np.ndarray, shifts: tuple[int, ...], axes: tuple[int, ...] | None) -> Any:
        return np.roll(x, shifts, axes)

    def repeat(self, x: np.ndarray, repeats: Any, axis: int) -> np.ndarray:
        return np.repeat(x, repeats, axis=axis)

    def tile(self, x: np.ndarray, reps: tuple[int, ...]) -> np.ndarray:
        return np.tile(x, reps)
