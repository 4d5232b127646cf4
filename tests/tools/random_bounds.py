"""Print README's table of how closely each driver's ``ak.random`` draws agree with the
NumPy driver's: the draws of ``tests/random_draws.py`` (the ones
``test_same_stream_as_numpy_driver`` checks), measured on every installed driver.

    python tests/tools/random_bounds.py                 # 10**4 values per draw, as CI
    python tests/tools/random_bounds.py --n 100002 --seed 7

A cell is ``=`` where the draw is bit-identical, else the largest error in ulps (``normal``
in ulps of ``max(|x|, 1)``); the last column is the bound the test holds every driver to
(``random_draws.BOUNDS``).  Exit status 1 where a draw exceeds it.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import random_draws

import arraykit as ak


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=random_draws.N)
    p.add_argument("--seed", type=int, default=random_draws.SEED)
    a = p.parse_args(argv)
    with ak.use("numpy"):
        ref = random_draws.draws(a.seed, a.n)
    others = [d for d in ak.drivers.available() if d != "numpy"]
    errs = {}
    for d in others:
        with ak.use(d):
            errs[d] = random_draws.errors(random_draws.draws(a.seed, a.n), ref)
    print(f"seed {a.seed}, {a.n} values per draw; = : bit-identical to the NumPy driver")
    print("| draw | " + " | ".join(others) + " | bound |")
    print("|---|" + "---|" * (len(others) + 1))
    over = []
    for name in ref:
        bound = random_draws.BOUNDS.get(name, 0)
        cells = []
        for d in others:
            e = errs[d][name]
            if e > bound:
                over.append((d, name))
            cells.append("=" if e == 0 else f"{e:g}" if math.isfinite(e) else "DIFFERS")
        print(f"| {name} | " + " | ".join(cells) + f" | {bound or '='} |")
    if over:
        print("over the bound:", over)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
