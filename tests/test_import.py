"""Importing arraykit, and using it on the NumPy driver, imports no heavy framework.

Each check runs in a fresh interpreter: the test process itself may have imported
TensorFlow or JAX for other drivers.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("tensorflow", "jax", "jaxlib", "torch", "dask")

_REPORT = f"""
import json, sys
print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))
"""


def _heavy_modules_after(code: str) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-c", code + _REPORT],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_import_imports_no_framework() -> None:
    assert _heavy_modules_after("import arraykit") == []


def test_listing_drivers_imports_no_framework() -> None:
    code = "import arraykit as ak\nassert 'numpy' in ak.drivers.available()\n"
    assert _heavy_modules_after(code) == []


@pytest.mark.parametrize(
    "work",
    [
        "x = ak.asarray([[1.0, 2.0], [3.0, 4.0]]); y = ak.sin(x) + 1; float(ak.sum(y))",
        "x = ak.arange(10); x[x > 4]; ak.sort(ak.flip(x)); ak.argmax(x)",
        "ak.linalg.det(ak.eye(3)); ak.matmul(ak.ones((2, 3)), ak.ones((3,)))",
        "ak.fft.fft(ak.linspace(0, 1, 8)); ak.unique_values(ak.asarray([1, 1, 2]))",
        "ak.__array_namespace_info__().devices(); ak.result_type(ak.int8, 1.0)",
        "import numpy as np; np.asarray(ak.zeros(3)); ak.asarray(np.ones(2)).dtype",
    ],
)
def test_numpy_driver_work_imports_no_framework(work: str) -> None:
    code = f"import arraykit as ak\nwith ak.use('numpy'):\n    {work}\n"
    assert _heavy_modules_after(code) == []
