"""Record TensorFlow's ``dtype_conversion_mode="safe"`` promotion results as JSON.

The oracle for arraykit's ``"safe"`` promotion mode (tests/test_promotion.py).  TF's
switch (``experimental_enable_numpy_behavior``) is process-wide and must be set before
first use, so this runs as its own process, in an environment with TensorFlow::

    python -m venv /tmp/tfvenv && /tmp/tfvenv/bin/pip install tensorflow-cpu
    /tmp/tfvenv/bin/python tests/tools/probe_tf_promotion.py [OUT.json]

For every ordered pair of dtypes, and every dtype with each Python scalar kind, it
records the dtype TF's promotion (``flexible_dtypes.result_type``, which TF's operators
call) gives, whether that result is *weak*, and the dtype an actual ``x + y`` returns
(``"error"`` when TF refuses the promotion, ``"no-kernel"`` when it promotes but has no
add kernel for the dtype, e.g. bool, ``"no-conversion"`` when it promotes but cannot
convert the Python scalar, e.g. ``True`` to int8).  The default output is
tests/data/tf_safe_promotion.json.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

DTYPES = [
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128", "bfloat16", "float16",
]  # fmt: skip
SCALARS = {"bool": True, "int": 1, "float": 1.0, "complex": 1j}
OUT = Path(__file__).resolve().parent.parent / "data" / "tf_safe_promotion.json"


def main(out: Path) -> None:
    import tensorflow as tf
    from tensorflow.python.framework import flexible_dtypes

    tf.experimental.numpy.experimental_enable_numpy_behavior(dtype_conversion_mode="safe")

    def tensor(name: str) -> tf.Tensor:
        return tf.ones((), dtype=getattr(tf, name))

    def promote(x: object, y: object) -> tuple[str, bool]:
        try:
            dt, weak = flexible_dtypes.result_type(x, y)
        except TypeError:
            return "error", False
        return dt.name, bool(weak)

    def add(x: object, y: object) -> str:
        try:
            return (x + y).dtype.name
        except TypeError as e:  # a refused promotion, or a scalar TF cannot convert
            return "error" if "promotion" in str(e) else "no-conversion"
        except (tf.errors.InvalidArgumentError, tf.errors.NotFoundError):
            return "no-kernel"

    pairs, scalars, pair_ops, scalar_ops = {}, {}, {}, {}
    weak_pairs, weak_scalars = [], []
    for a in DTYPES:
        for b in DTYPES:
            key = f"{a},{b}"
            pairs[key], is_weak = promote(tensor(a), tensor(b))
            pair_ops[key] = add(tensor(a), tensor(b))
            if is_weak:
                weak_pairs.append(key)
        for kind, value in SCALARS.items():
            key = f"{a},{kind}"
            scalars[key], is_weak = promote(tensor(a), value)
            scalar_ops[key] = add(tensor(a), value)
            if is_weak:
                weak_scalars.append(key)
    scalar_dtypes = {kind: promote(value, value)[0] for kind, value in SCALARS.items()}
    data = {
        "generator": "tests/tools/probe_tf_promotion.py",
        "tensorflow": tf.__version__,
        "dtype_conversion_mode": "safe",
        "python_scalar_dtypes": scalar_dtypes,
        "pairs": pairs,
        "scalars": scalars,
        "weak_pairs": weak_pairs,
        "weak_scalars": weak_scalars,
        "pair_ops": pair_ops,
        "scalar_ops": scalar_ops,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {out}: {len(pairs)} pairs, {len(scalars)} scalar cases")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
