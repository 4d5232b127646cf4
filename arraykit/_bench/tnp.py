"""``tf.experimental.numpy`` (tnp), the TF-NumPy articles' own contender, measured as they
used it: ``tnp.experimental_enable_numpy_behavior()``, then NumPy code with ``tnp`` in
place of ``np``, eagerly.

Enabling NumPy behaviour changes TensorFlow for the whole process (operators, promotion),
and arraykit's TensorFlow driver is measured with TensorFlow left as it was.  So tnp runs
in a worker process (``python -m arraykit._bench.tnp``) that the main process asks, cell
by cell, in the order of the study, to prepare a cell (the worker makes the same inputs,
same seed, checks its answer against NumPy's and sizes its loop with the same code,
``interleave.prepare``), then to time each of its repeats in turn with NumPy's
(``interleave.py``).  The protocol is one JSON object per line on the worker's stdin and
stdout: ``{"op": "prepare", ...}`` is answered by the cell's record and its number of
repeats, ``{"op": "repeat", "label": ...}`` by ``{"s": seconds per call}``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
from collections.abc import Callable
from contextlib import ExitStack
from functools import partial
from typing import Any, TextIO

import numpy as np

from .backends import Backend, tf_sync
from .report import ERROR, Result
from .workloads import WORKLOADS, Ops, Workload

LABEL = "tnp"


def _tnp_ops(tnp: Any) -> Ops:
    fft = getattr(tnp, "fft", None)
    return Ops(
        exp=tnp.exp,
        tanh=tnp.tanh,
        sort=tnp.sort,
        matmul=tnp.matmul,
        fft=getattr(fft, "fft", None),
        where="tnp",
    )


class Worker:
    """The worker process, seen from the main one."""

    def __init__(self) -> None:
        env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": os.environ.get("TF_CPP_MIN_LOG_LEVEL", "2")}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "arraykit._bench.tnp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        self.hello = self._read() or {"error": "the tnp worker did not start"}

    def _read(self) -> dict[str, Any] | None:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        return json.loads(line) if line else None

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
            reply = self._read()
        except (OSError, ValueError) as e:
            return {"status": ERROR, "error": f"the tnp worker failed: {e}"}
        return reply or {"status": ERROR, "error": "the tnp worker exited"}

    def prepare(
        self, label: str, r: Result, opts: argparse.Namespace
    ) -> tuple[Result, Callable[[], float] | None, int]:
        """``r`` (a cell of backend ``label``) prepared by the worker: its record, a
        function that has the worker time one repeat, and how many the budget allows."""
        reply = self._ask(
            {
                "op": "prepare",
                "label": label,
                "workload": r.workload,
                "size": r.size,
                "dtype": opts.dtype,
                "repeat": opts.repeat,
                "budget": opts.budget,
                "min_time": opts.min_time,
            }
        )
        if "error" in reply:
            reply["note"] = reply.pop("error")
        reply.pop("samples", None)
        reply.pop("ratios", None)
        r = dataclasses.replace(r, **{k: v for k, v in reply.items() if k in _FIELDS})
        return r, partial(self.repeat, label), int(reply.get("repeats", 0))

    def repeat(self, label: str) -> float:
        """One repeat of ``label``'s prepared cell, timed in the worker: seconds per call."""
        reply = self._ask({"op": "repeat", "label": label})
        if "s" not in reply:
            raise RuntimeError(reply.get("error", "the tnp worker did not answer"))
        return float(reply["s"])

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


_FIELDS = {f.name for f in dataclasses.fields(Result)}


def backends(
    workloads: list[Workload], stack: ExitStack
) -> tuple[list[Backend], str | None, str | None]:
    """The tnp columns (one per device kind, with tnp inputs and with NumPy inputs), TF's
    version, and a note when the worker could not start."""
    worker = Worker()
    stack.callback(worker.close)
    hello = worker.hello
    if "error" in hello:
        return [], None, f"tnp: {hello['error']}"
    out = []
    for device in hello["devices"]:
        for inputs, suffix in (("native", ""), ("numpy", " (np in)")):
            label = f"{LABEL}@{device}{suffix}"
            out.append(
                Backend(
                    label=label,
                    impl="tnp",
                    driver="tensorflow",
                    device=device,
                    mode="eager",
                    inputs=inputs,
                    to_native=_identity,
                    ops={w.name: _remote_only for w in workloads if w.name in hello["ops"]},
                    missing={w.name: hello["missing"].get(w.name, "missing") for w in workloads},
                    remote=partial(worker.prepare, label),
                )
            )
    return out, hello["version"], None


def _identity(a: np.ndarray) -> np.ndarray:
    return a


def _remote_only(*args: Any) -> Any:
    raise RuntimeError("tnp cells run in the worker process")


# ---------------------------------------------------------------------- the worker
def _worker_backends(tf: Any, tnp: Any) -> tuple[dict[str, Backend], Ops]:
    from .backends import _device_name

    ops = _tnp_ops(tnp)
    kinds: dict[str, str] = {}
    for dev in tf.config.list_logical_devices():
        kinds.setdefault(dev.device_type, dev.name)
    table: dict[str, Backend] = {}
    for kind, name in kinds.items():
        device = _device_name(kind, int(name.rsplit(":", 1)[1]))

        def put(a: np.ndarray, name: str = name) -> Any:
            with tf.device(name):
                return tf.identity(tnp.asarray(a))

        fns = {w.name: f for w in WORKLOADS.values() if (f := w.function(ops)) is not None}
        for inputs, suffix in (("native", ""), ("numpy", " (np in)")):
            label = f"{LABEL}@{device}{suffix}"
            table[label] = Backend(
                label=label,
                impl="tnp",
                driver="tensorflow",
                device=device,
                mode="eager",
                inputs=inputs,
                to_native=put,
                # The articles' way: NumPy arrays straight into tnp's functions.
                convert=_identity,
                ops=fns,
                sync=tf_sync(tf),
                context=partial(tf.device, name),
            )
    return table, ops


def serve(stdin: TextIO, reply: Callable[[dict[str, Any]], None]) -> None:
    """Answer requests until stdin closes: prepare a cell, time one repeat of it."""
    from .interleave import Row, one_line, prepare  # as in the main process

    try:
        import tensorflow as tf

        tnp = tf.experimental.numpy
        tnp.experimental_enable_numpy_behavior()
        table, ops = _worker_backends(tf, tnp)
    except Exception as e:
        reply({"error": f"fails to start: {type(e).__name__}: {e}"})
        return
    numpy_ops = Ops(np.exp, np.tanh, np.sort, np.matmul, np.fft.fft, where="np")
    reply(
        {
            "version": tf.__version__,
            "devices": list(dict.fromkeys(b.device for b in table.values())),
            "ops": [n for n, w in WORKLOADS.items() if w.function(ops) is not None],
            "missing": {n: w.missing(ops) for n, w in WORKLOADS.items() if w.function(ops) is None},
        }
    )
    prepared: dict[str, Row] = {}  # label -> its cell at the size asked last
    for line in stdin:
        q = json.loads(line)
        if q.get("op") == "repeat":
            try:
                reply({"s": prepared[q["label"]].repeat()})
            except Exception as e:
                reply({"error": one_line(e)})
            continue
        w, b = WORKLOADS[q["workload"]], table[q["label"]]
        opts = argparse.Namespace(
            dtype=q["dtype"], repeat=q["repeat"], budget=q["budget"], min_time=q["min_time"]
        )
        inputs = w.inputs(q["size"], np.dtype(q["dtype"]))
        reference = w.function(numpy_ops)
        assert reference is not None  # NumPy has every workload's op
        ref = np.asarray(reference(*inputs))
        prepared.pop(q["label"], None)  # the last size's inputs go
        r, row, _ = prepare(b, w, q["size"], inputs, ref, opts, None)
        if row is not None:
            prepared[q["label"]] = row
        reply({**dataclasses.asdict(r), "repeats": row.repeats if row is not None else 0})


def _main() -> None:
    # TensorFlow may print on stdout: the protocol gets its own copy of it.
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)

    def reply(obj: dict[str, Any]) -> None:
        channel.write(json.dumps(obj) + "\n")
        channel.flush()

    serve(sys.stdin, reply)


if __name__ == "__main__":
    _main()
