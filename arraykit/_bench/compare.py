"""``python -m arraykit bench --compare OLD.json [NEW.json]``: two runs side by side (a new
version against an old one, one machine against another, CPU against GPU).

Per cell (workload, backend, size) measured in both runs: the ratio of the median times,
new / old (below 1: the new run is faster), flagged when the two runs' spreads do not
overlap (the new run's upper quartile below the old one's lower quartile, or the other
way round): a difference beyond both runs' noise; and, where the two runs recorded the
machine's load (``load.py``), a difference beyond the spreads that the two loads explain
(between 1 and the ratio of their load factors) is flagged as such, not as a change.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .load import SLACK, load_factor, mean_load
from .report import OK
from .workloads import WORKLOADS, format_size

FASTER, SLOWER, LOAD, UNSTABLE = "faster", "slower", "load", "unstable"
CALIBRATION_MIN = 10  # cells of unchanged code needed to measure the machine's change


@dataclass(frozen=True)
class Change:
    workload: str
    backend: str
    size: int
    ratio: float  # new median / old median
    # FASTER, SLOWER (beyond both spreads and what the loads explain), LOAD (beyond both
    # spreads, within what the loads explain) or None (within the spreads)
    verdict: str | None


def load(path: Path) -> dict[str, Any]:
    """A ``results.json`` written by the benchmark; ``ValueError`` saying why if it is not."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"cannot read {path}: {e}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("results"), list):
        raise ValueError(f"{path} is not a results.json of python -m arraykit bench")
    return doc


def _cells(doc: dict[str, Any]) -> dict[tuple[str, str, int], dict[str, Any]]:
    out = {}
    for r in doc["results"]:
        if r.get("status") == OK and r.get("median_s") and r.get("q1_s") and r.get("q3_s"):
            out[r["workload"], r["backend"], int(r["size"])] = r
    return out


def _version(doc: dict[str, Any], framework: str) -> str | None:
    versions = doc.get("machine", {}).get("versions", {})
    found: str | None = (
        (doc.get("frameworks") or {}).get(framework)
        or versions.get(framework)
        or versions.get(f"{framework}-cpu")
    )
    return found


def machine_change(old: dict[str, Any], new: dict[str, Any]) -> tuple[float, float, int] | None:
    """How much the machine alone moved the times between the runs: the 10th and 90th
    percentiles of new / old over the cells of unchanged code (the raw frameworks' rows,
    not arraykit's, whose framework has the same version in both runs), and their count;
    ``None`` with fewer than ``CALIBRATION_MIN`` such cells."""
    before = _cells(old)
    ratios = []
    for key, n in _cells(new).items():
        o = before.get(key)
        if (
            o is None
            or n.get("impl") in (None, "arraykit")
            or n.get("unstable")
            or o.get("unstable")
        ):
            continue
        fw = "tensorflow" if n["impl"] == "tnp" else n["impl"]
        if _version(old, fw) is None or _version(old, fw) != _version(new, fw):
            continue
        ratios.append(n["median_s"] / o["median_s"])
    if len(ratios) < CALIBRATION_MIN:
        return None
    q = statistics.quantiles(ratios, n=10, method="inclusive")
    return q[0], q[-1], len(ratios)


def explained_range(old: dict[str, Any], new: dict[str, Any]) -> tuple[float, float] | None:
    """The ratios new / old that the machine's change explains, where both runs recorded
    their load: from 1 to the loads' bound (``load.explained``), widened to what the
    unchanged code's own cells did (``machine_change``); ``None`` without load records."""
    f_old, f_new = load_factor(old), load_factor(new)
    if f_old is None or f_new is None:
        return None
    bound = (f_new / f_old) ** SLACK
    lo, hi = min(1.0, bound), max(1.0, bound)
    moved = machine_change(old, new)
    if moved is not None:
        lo, hi = min(lo, moved[0]), max(hi, moved[1])
    return lo, hi


def compare(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """Every cell measured in both runs, in the new run's order."""
    before = _cells(old)
    explained = explained_range(old, new)
    changes = []
    for key, n in _cells(new).items():
        o = before.get(key)
        if o is None:
            continue
        verdict = None
        if n["q3_s"] < o["q1_s"]:
            verdict = FASTER
        elif n["q1_s"] > o["q3_s"]:
            verdict = SLOWER
        ratio = n["median_s"] / o["median_s"]
        if verdict is not None and explained and explained[0] <= ratio <= explained[1]:
            verdict = LOAD
        if n.get("unstable") or o.get("unstable"):  # not a time to judge by
            verdict = UNSTABLE
        changes.append(Change(*key, ratio, verdict))
    return changes


def _label(workload: str, size: int) -> str:
    w = WORKLOADS.get(workload)
    return w.label_size(size) if w is not None else format_size(size)


def _describe(doc: dict[str, Any]) -> str:
    m = doc.get("machine", {})
    versions = m.get("versions", {})
    frameworks = doc.get("frameworks", {})
    parts = [doc.get("created", "?"), f"{m.get('cpu', '?')} ({m.get('cpu_count', '?')} CPUs)"]
    for p in ("arraykit", "numpy", "jax", "tensorflow"):
        # the version the run imported (tensorflow-cpu is imported as tensorflow)
        v = frameworks.get(p) or versions.get(p) or versions.get(f"{p}-cpu")
        if v:
            parts.append(f"{p} {v}")
    load = mean_load(doc)
    parts.append("load not recorded" if load is None else f"load {load:g}")
    return ", ".join(parts)


def print_comparison(
    old: dict[str, Any], new: dict[str, Any], out: TextIO, names: tuple[str, str]
) -> list[Change]:
    """The tables of ratios, per workload; the changes."""
    changes = compare(old, new)
    print(f"old: {names[0]}: {_describe(old)}", file=out)
    print(f"new: {names[1]}: {_describe(new)}", file=out)
    if not changes:
        print("no cell was measured in both runs", file=out)
        return changes
    f_old, f_new = load_factor(old), load_factor(new)
    print(
        "ratio of median times, new / old (< 1: new is faster); + slower, - faster beyond "
        "both runs' spread (quartiles do not overlap) and beyond what the loads explain; "
        "L: beyond the spread, within what the loads explain; ?: unstable in either run, "
        "not judged",
        file=out,
    )
    for wname in dict.fromkeys(c.workload for c in changes):
        rows = [c for c in changes if c.workload == wname]
        sizes = sorted({c.size for c in rows})
        backends = list(dict.fromkeys(c.backend for c in rows))
        cell = {(c.backend, c.size): c for c in rows}
        heads = [_label(wname, s) for s in sizes]
        width = max(9, *(len(h) + 2 for h in heads))
        name_w = max(len("backend"), *(len(b) for b in backends))
        title = WORKLOADS[wname].title if wname in WORKLOADS else wname
        print(f"\n{title}", file=out)
        print(f"{'backend':<{name_w}} " + "".join(f"{h:>{width}}" for h in heads), file=out)
        for b in backends:
            texts = []
            for s in sizes:
                c = cell.get((b, s))
                if c is None:
                    texts.append("")
                    continue
                mark = {FASTER: "-", SLOWER: "+", LOAD: "L", UNSTABLE: "?", None: " "}[c.verdict]
                texts.append(f"{c.ratio:.2f}{mark}")
            print(f"{b:<{name_w}} " + "".join(f"{t:>{width}}" for t in texts), file=out)
    n_fast = sum(c.verdict == FASTER for c in changes)
    n_slow = sum(c.verdict == SLOWER for c in changes)
    n_load = sum(c.verdict == LOAD for c in changes)
    n_shaky = sum(c.verdict == UNSTABLE for c in changes)
    within = len(changes) - n_fast - n_slow - n_load - n_shaky
    print(
        f"\n{len(changes)} cells in both runs: {n_fast} faster and {n_slow} slower beyond "
        f"the spread and the load, {n_load} beyond the spread but within what the loads "
        f"explain, {within} within the spread, {n_shaky} unstable in either run (not judged)",
        file=out,
    )
    print(_load_summary(old, new, f_old, f_new, n_load, len(changes)), file=out)
    if explained_range(old, new) is not None:
        impl = {
            (r["workload"], r["backend"], int(r["size"])): r.get("impl") for r in new["results"]
        }
        ours = [c for c in changes if impl.get((c.workload, c.backend, c.size)) == "arraykit"]
        raw = [c for c in changes if c not in ours]
        beyond = (FASTER, SLOWER)
        print(
            f"beyond it: {sum(c.verdict in beyond for c in raw)} of the {len(raw)} raw "
            f"framework cells (unchanged code: about 20 % by the percentiles' construction) "
            f"and {sum(c.verdict in beyond for c in ours)} of the {len(ours)} arraykit cells"
            " (a real change in arraykit shows as a larger share)",
            file=out,
        )
    return changes


def _load_summary(
    old: dict[str, Any], new: dict[str, Any], f_old: float | None, f_new: float | None,
    n_load: int, total: int,
) -> str:  # fmt: skip
    """What the two runs' loads, and the unchanged code's own cells, explain."""
    if f_old is None or f_new is None:
        missing = " and ".join(n for n, f in (("old", f_old), ("new", f_new)) if f is None)
        return f"load: not recorded in the {missing} run: no difference attributed to it"
    cpus = (new.get("load") or {}).get("cpu_count")
    bound = (f_new / f_old) ** SLACK
    lines = [
        f"load: {mean_load(old):g} (old) and {mean_load(new):g} (new) on {cpus} CPUs: "
        f"the loads alone explain ratios from 1 to {bound:.2f}"
        + (" (neither run had more load than CPUs)" if bound == 1.0 else "")
    ]
    moved = machine_change(old, new)
    if moved is not None:
        lines.append(
            f"unchanged code (the raw frameworks' {moved[2]} cells, same versions in both "
            f"runs) moved by x{moved[0]:.2f} to x{moved[1]:.2f} (10th to 90th percentile): "
            "the machine's change, counted as explained too"
        )
    lo, hi = explained_range(old, new) or (1.0, 1.0)
    lines.append(
        f"{n_load} of the {total} cells differ beyond their spread by x{lo:.2f} to "
        f"x{hi:.2f} or less: attributed to the machine's load, not to the code (L)"
    )
    return "\n".join(lines)
