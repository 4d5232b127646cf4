"""Set primitives of the NumPy driver (core: ``arraykit/_sets.py``).

``unique_*`` follow the contract's order (sorted, NaNs last, first occurrences) through
``_base.host_unique``: NumPy's own ``unique_values``/``unique_counts`` return integers in
hash order since NumPy 2.3, which changed the results of clients that rely on sorted
uniques (scikit-learn's label encoding, for one).
"""

from __future__ import annotations

import numpy as np

from .._base import Part, host_unique
from ._common import as_ndarray


class Sets(Part):
    """``unique_all``, ``unique_counts``, ``unique_inverse``, ``unique_values``, ``isin``."""

    def unique_all(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return host_unique(x)

    def unique_counts(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        values, _, _, counts = host_unique(x)
        return values, counts

    def unique_inverse(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        values, _, inverse, _ = host_unique(x)
        return values, inverse

    def unique_values(self, x: np.ndarray) -> np.ndarray:
        return host_unique(x)[0]

    def isin(self, x1: np.ndarray, x2: np.ndarray, invert: bool) -> np.ndarray:
        return as_ndarray(np.isin(x1, x2, invert=invert))
