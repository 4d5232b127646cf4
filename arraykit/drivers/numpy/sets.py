"""Set primitives of the NumPy driver (core: ``arraykit/_sets.py``).

NumPy 2's ``unique_*`` functions follow the array API.  The inverse indices are
reshaped like ``x`` all the same, the contract's shape whatever a NumPy release returns
(a view, and free, when they already have it).
"""

from __future__ import annotations

import numpy as np

from ._common import as_ndarray


class Sets:
    """``unique_all``, ``unique_counts``, ``unique_inverse``, ``unique_values``, ``isin``."""

    def unique_all(self, x: np.ndarray) -> tuple[np.ndarray, ...]:
        r = np.unique_all(x)
        return r.values, r.indices, r.inverse_indices.reshape(x.shape), r.counts

    def unique_counts(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        r = np.unique_counts(x)
        return r.values, r.counts

    def unique_inverse(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        r = np.unique_inverse(x)
        return r.values, r.inverse_indices.reshape(x.shape)

    def unique_values(self, x: np.ndarray) -> np.ndarray:
        return np.unique_values(x)

    def isin(self, x1: np.ndarray, x2: np.ndarray, invert: bool) -> np.ndarray:
        return as_ndarray(np.isin(x1, x2, invert=invert))
