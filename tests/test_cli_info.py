"""``python -m arraykit info`` tells the truth (issue 29 #5): a driver's framework is
installed when it imports (``tensorflow-cpu`` is imported as ``tensorflow``), its version
is the module's, and the backends' start-up logs do not land in the table."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import arraykit as ak
from arraykit import __main__ as cli

ROOT = Path(__file__).resolve().parents[1]


def _distribution_version(*names: str) -> str | None:
    """The installed version of the first of ``names`` that is installed (the reference:
    pip's record, not the module)."""
    for name in names:
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return None


def test_info_in_a_fresh_process() -> None:
    env = {k: v for k, v in os.environ.items() if k != "TF_CPP_MIN_LOG_LEVEL"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "arraykit", "info"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    out = done.stdout + done.stderr
    assert "cpu_feature_guard" not in out and "absl::InitializeLog" not in out
    lines = {line.split()[0]: line for line in done.stdout.splitlines() if line[:2] == "  "}
    for driver, dists in (
        ("numpy", ("numpy",)),
        ("tensorflow", ("tensorflow", "tensorflow-cpu")),
        ("jax", ("jax",)),
        ("dask", ("dask",)),
    ):
        if importlib.util.find_spec(driver) is None:
            assert "not installed" in lines[driver]
            continue
        version = _distribution_version(*dists)
        assert f"{driver} {version}:" in lines[driver], lines[driver]
        assert "not installed" not in lines[driver]


def test_info_reads_the_module_and_restores_the_environment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No distribution metadata at all (as for numpy under another distribution name):
    the version still comes from the module; TF_CPP_MIN_LOG_LEVEL is back as it was."""

    def no_metadata(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", no_metadata)
    monkeypatch.setattr(ak.drivers, "_names", lambda: ["numpy"])
    monkeypatch.setenv("TF_CPP_MIN_LOG_LEVEL", "1")
    assert cli.main(["info"]) == 0
    assert f"numpy {np.__version__}: devices [cpu]" in capsys.readouterr().out
    assert os.environ["TF_CPP_MIN_LOG_LEVEL"] == "1"
    monkeypatch.delenv("TF_CPP_MIN_LOG_LEVEL")
    with cli.quiet_startup():
        assert os.environ["TF_CPP_MIN_LOG_LEVEL"] == "3"
    assert "TF_CPP_MIN_LOG_LEVEL" not in os.environ


def test_quiet_startup_silences_descriptor_2_and_restores_it(tmp_path: Path) -> None:
    """What C++ logging writes to fd 2 inside is dropped; after, fd 2 writes again."""
    code = (
        "import os, sys; from arraykit.__main__ import quiet_startup\n"
        "with quiet_startup():\n    os.write(2, b'inside\\n')\n"
        "os.write(2, b'after\\n')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        timeout=120,
        check=True,
    )
    assert done.stderr == b"after\n"


@pytest.mark.skipif(
    importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed"
)
def test_bench_start_up_is_quiet(tmp_path: Path) -> None:
    """TF's and absl's start-up lines stay out of the bench's output (issue 29 #6: they
    landed between its start-up message and its progress)."""
    env = {k: v for k, v in os.environ.items() if k != "TF_CPP_MIN_LOG_LEVEL"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "arraykit", "bench", "--sizes", "10", "--workloads", "tanh",
         "--drivers", "tensorflow", "--repeat", "2", "--no-plots", "--out", str(tmp_path)],
        env=env, capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    out = done.stdout + done.stderr
    assert "absl::InitializeLog" not in out and "port.cc" not in out, out[-2000:]
    assert "cpu_feature_guard" not in out
    assert "importing the frameworks" in done.stdout
