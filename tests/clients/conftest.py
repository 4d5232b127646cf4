"""Client tests: SciPy's array API support must be switched on before SciPy is imported.

SciPy reads ``SCIPY_ARRAY_API`` once, when it is first imported; scikit-learn refuses
``array_api_dispatch=True`` without it.  Setting it here (at import time of this conftest)
is enough when ``tests/clients`` runs on its own (as ``tox -e clients`` does); when other
test files imported SciPy first, the SciPy-backed cases skip and say why
(:func:`scipy_array_api_active`).
"""

from __future__ import annotations

import os

os.environ.setdefault("SCIPY_ARRAY_API", "1")
