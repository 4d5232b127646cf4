"""Run the official array-api-tests suite against one arraykit driver.

    python conformance/run.py --driver numpy [--max-examples 200] [--seed N]
        [--tests PATH_OR_K_EXPR] [--json OUT] [extra pytest args...]

The suite lives, uncommitted, in .array-api-tests/ (see conformance/README.md).
A whole-suite run writes its summary (counts + failing test ids) to
conformance/results/<driver>.json; partial runs write theirs under .array-api-tests/reports/.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "conformance"
SUITE = ROOT / ".array-api-tests"
SUITE_COMMIT = "55fcc60179efa2680ddd6cd926ddf17b83530e2b"
SPEC_COMMIT = "5f847a3858875c682ae901aa22b0413bf24be9da"
API_VERSION = "2025.12"
DRIVERS = ("numpy", "tensorflow", "jax", "dask")
OUTCOMES = ("passed", "failed", "error", "xfailed", "xpassed", "skipped")

FETCH_HELP = f"""\
The array-api-tests suite is missing from {SUITE} or not at the pinned commits
  suite {SUITE_COMMIT}
  spec  {SPEC_COMMIT}
Clone and pin both (from GitHub, or from local clones given as paths) with:
  conformance/setup_suite.sh [SUITE_SOURCE] [SPEC_SOURCE]"""


def git_head(path: Path) -> str | None:
    """The commit checked out at ``path``, or None if it is not a git work tree."""
    cmd = ["git", "-C", str(path), "rev-parse", "HEAD"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return proc.stdout.strip() if proc.returncode == 0 else None


def arraykit_commit() -> str | None:
    """The arraykit commit under test, with ``-dirty`` when the work tree has changes to
    tracked files (results are claims about a commit: see README, "Results")."""
    head = git_head(ROOT)
    if head is None:
        return None
    # The results files themselves do not count: a run writes one for the next to see.
    cmd = ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no", "--"]
    cmd += [".", ":(exclude)conformance/results"]
    dirty = subprocess.run(cmd, capture_output=True, text=True).stdout.strip()
    return f"{head}-dirty" if dirty else head


def suite_ready() -> bool:
    has_own_git = (SUITE / ".git").exists() and (SUITE / "array-api" / ".git").exists()
    return (
        has_own_git
        and git_head(SUITE) == SUITE_COMMIT
        and git_head(SUITE / "array-api") == SPEC_COMMIT
    )


def module_string(driver: str, promotion: str | None = None) -> str:
    """ARRAY_API_TESTS_MODULE in the suite's exec form.

    The suite strips the leading ``exec('`` and trailing ``')``, exec()s the rest
    and takes ``xp`` from the resulting globals (it then needs ``xp.__name__``).
    """
    if promotion is None:
        return f"exec('import arraykit; xp = arraykit.namespace(\"{driver}\")')"
    setup = f'arraykit.use("{driver}", promotion="{promotion}")'
    return f"exec('import arraykit; {setup}; xp = arraykit')"


def selection(tests: str | None) -> list[str]:
    """Turn --tests into pytest args: a suite path (``tests/x.py`` ok) or a -k expr."""
    if tests is None:
        return ["array_api_tests/"]
    if tests.endswith(".py") or "/" in tests or "::" in tests:
        name = re.sub(r"^(array_api_tests|tests)/", "", tests)
        return [f"array_api_tests/{name}"]
    return ["array_api_tests/", "-k", tests]


def summarize(report: dict, meta: dict) -> dict:
    counts = report.get("summary", {})
    failing = sorted(
        t["nodeid"] for t in report.get("tests", []) if t["outcome"] in ("failed", "error")
    )
    failing += sorted(c["nodeid"] for c in report.get("collectors", []) if c["outcome"] == "failed")
    summary = {k: counts.get(k, 0) for k in OUTCOMES}
    summary["total"] = counts.get("total", 0)
    return {**meta, "summary": summary, "failing": failing}


def parse_args(argv: list[str] | None) -> tuple[argparse.Namespace, list[str]]:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], epilog="Other arguments are passed to pytest."
    )
    p.add_argument("--driver", choices=DRIVERS)
    p.add_argument(
        "--promotion",
        choices=("numpy", "strict", "jax", "safe"),
        help="run under ak.use(promotion=...): 'strict' checks that the standard alone, "
        "with NumPy's extensions refused, still passes (results get a '.strict' suffix)",
    )
    p.add_argument("--max-examples", type=int, default=200)
    p.add_argument("--seed", type=int, help="passed as --hypothesis-seed")
    p.add_argument("--tests", help="suite path (e.g. tests/test_sorting_functions.py) or -k expr")
    p.add_argument("--json", type=Path, help="where to write the full pytest-json-report")
    # Hidden: test a plain importable module (e.g. array_api_strict) instead of arraykit.
    p.add_argument("--module", help=argparse.SUPPRESS)
    args, extra = p.parse_known_args(argv)
    if not (args.driver or args.module):
        p.error("--driver is required")
    return args, extra


def main(argv: list[str] | None = None) -> int:
    args, extra = parse_args(argv)
    if not suite_ready():
        print(FETCH_HELP, file=sys.stderr)
        return 2

    label = re.sub(r"\W+", "_", args.module).strip("_") if args.module else args.driver
    if args.promotion and not args.module:
        label += f".{args.promotion}"
    reports = SUITE / "reports"
    full_report = (args.json or reports / f"{label}.full.json").resolve()
    # Only a whole-suite run of a driver is a result to commit; summaries of partial
    # (--tests, extra pytest args) and --module smoke runs stay out of git.
    partial = bool(args.module or args.tests or extra)
    results = reports if partial else HERE / "results"
    summary_path = results / f"{label}{'.partial' if partial else ''}.json"

    env = dict(os.environ, ARRAY_API_TESTS_VERSION=API_VERSION)
    env["ARRAY_API_TESTS_MODULE"] = args.module or module_string(args.driver, args.promotion)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))

    cmd = [sys.executable, "-m", "pytest", *selection(args.tests)]
    # Pin the suite's own config and rootdir: otherwise pytest may pick arraykit's
    # pyproject.toml, node ids gain a ".array-api-tests/" prefix and no xfail id matches.
    cmd += ["-c", str(SUITE / "pytest.ini"), "--rootdir", str(SUITE)]
    cmd += ["--max-examples", str(args.max_examples), "-rfE"]
    # Hypothesis's 800 ms deadline times the machine, not conformance: on a JIT backend the
    # first call at each new shape includes compilation (JAX: ~0.1-1 s), which fails
    # correct code at random.  array-api-strict's and array-api-compat's own CI runs of
    # this suite disable it too.
    cmd += ["--hypothesis-disable-deadline"]
    if not args.module:
        cmd += ["--xfails-file", str(HERE / "xfails" / f"{args.driver}.txt")]
    if args.seed is not None:
        cmd += ["--hypothesis-seed", str(args.seed)]
    cmd += ["--json-report", f"--json-report-file={full_report}", *extra]

    commit = arraykit_commit()  # before the run: what was tested, not what came after
    full_report.parent.mkdir(parents=True, exist_ok=True)
    full_report.unlink(missing_ok=True)
    print("+", " ".join(cmd), flush=True)
    rc = subprocess.run(cmd, cwd=SUITE, env=env).returncode
    if not full_report.exists():
        print(f"no JSON report written (pytest exit code {rc})", file=sys.stderr)
        return rc or 1

    meta = {
        "target": label,
        "module": env["ARRAY_API_TESTS_MODULE"],
        "api_version": API_VERSION,
        "arraykit_commit": commit,
        "suite_commit": SUITE_COMMIT,
        "spec_commit": SPEC_COMMIT,
        "promotion": args.promotion or "numpy",
        "max_examples": args.max_examples,
        "seed": args.seed,
        "tests": args.tests,
        "pytest_exit_code": rc,
    }
    result = summarize(json.loads(full_report.read_text()), meta)
    summary_path.parent.mkdir(parents=True, exist_ok=True)
    summary_path.write_text(json.dumps(result, indent=2) + "\n")
    counts = " ".join(f"{k}={v}" for k, v in result["summary"].items())
    print(f"{label}: {counts}\nsummary: {summary_path}\nfull report: {full_report}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
