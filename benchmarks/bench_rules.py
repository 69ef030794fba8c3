"""Benchmark of the rules language and pack loading (not a test: prints figures for the README).

    python benchmarks/bench_rules.py [--runs 15]

Measures, on the bundled Along History pack:
0. the whole command `agesmith validate cards/along_history` in a fresh process (Python's own
   start included), wall and CPU time, with the parse cache and with an empty one;
1. cold load + validation in a fresh Python process, after the interpreter has started
   (imports, YAML, schemas, every rule, semantic checks), with the on-disk parse cache as a
   designer has it, and once more with an empty cache (grammar built, every rule parsed);
2. parsing one card's rules text (median over every card of the pack, cache bypassed);
3. re-checking one edited card: the card file changed on disk, the pack loaded again in the
   same process (unchanged rules come from the parse cache).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACK = ROOT / "cards" / "along_history"

COLD = """
import time
t = time.perf_counter()
from rules_dsl.pack import load_pack
pack, diagnostics = load_pack({pack!r})
assert not any(d.is_error for d in diagnostics)
print(time.perf_counter() - t)
"""


def cold_load(runs: int, fresh_cache: bool) -> list[float]:
    """Load in a new process; with fresh_cache, as on the first run ever (nothing cached)."""
    out = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            env = user_env()
            if fresh_cache:
                env["XDG_CACHE_HOME"] = tmp
            result = subprocess.run(
                [sys.executable, "-c", COLD.format(pack=str(PACK))],
                capture_output=True,
                text=True,
                check=True,
                cwd=ROOT,
                env=env,
            )
        out.append(float(result.stdout.strip()))
    return out


def user_env() -> dict[str, str]:
    """The environment of a user's shell: Python writes its bytecode (`__pycache__`), as an
    installed copy does after its first run. A session that sets PYTHONDONTWRITEBYTECODE
    would otherwise time compiling every module of the command at each run (~0.1 s here)."""
    import os

    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def validate_command(runs: int, fresh_cache: bool) -> tuple[list[float], list[float]]:
    """`python -m agesmith validate` as a user runs it (after one untimed run, which writes
    the bytecode): (wall times, CPU times) in seconds."""
    import resource

    subprocess.run(
        [sys.executable, "-m", "agesmith", "validate", str(PACK)],
        capture_output=True,
        check=True,
        cwd=ROOT,
        env=user_env(),
    )
    walls, cpus = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            env = user_env()
            if fresh_cache:
                env["XDG_CACHE_HOME"] = tmp
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "agesmith", "validate", str(PACK)],
                capture_output=True,
                check=True,
                cwd=ROOT,
                env=env,
            )
            walls.append(time.perf_counter() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def python_start(runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        out.append(time.perf_counter() - t)
    return out


def parse_one_card(runs: int) -> list[float]:
    from rules_dsl.pack import load_pack
    from rules_dsl.parser import parse

    pack, _ = load_pack(PACK)
    assert pack is not None
    texts = []
    for doc_name, doc in pack.documents.items():
        if doc_name == "game.yaml":
            continue
        texts += [c["rules"] for c in doc.data["cards"] if c.get("rules")]
    timings = []
    for _ in range(runs):
        for text in texts:
            t = time.perf_counter()
            parse(text)  # parse() is not cached; try_parse() is
            timings.append(time.perf_counter() - t)
    return timings


def recheck_one_card(runs: int) -> list[float]:
    import shutil

    from rules_dsl.pack import load_pack

    timings = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "pack"
        shutil.copytree(PACK, copy)
        load_pack(copy)  # warm: the editor has the pack open
        path = copy / "middle_ages.yaml"
        original = path.read_text(encoding="utf-8")
        for i in range(runs):
            edited = original.replace("war +1 per 2 lands", f"war +{i % 3 + 1} per 2 lands")
            path.write_text(edited, encoding="utf-8")
            t = time.perf_counter()
            _, diagnostics = load_pack(copy)
            timings.append(time.perf_counter() - t)
            assert not any(d.is_error for d in diagnostics)
    return timings


def show(label: str, timings: list[float], goal_ms: float) -> None:
    median = statistics.median(timings) * 1000
    best = min(timings) * 1000
    verdict = "meets" if median <= goal_ms else "misses"
    print(
        f"{label:<46} median {median:8.2f} ms   best {best:8.2f} ms   "
        f"(goal {goal_ms:g} ms: {verdict})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {sys.platform}, {args.runs} runs")
    for label, fresh in (
        ("agesmith validate, whole process", False),
        ("  the same, empty parse cache", True),
    ):
        walls, cpus = validate_command(args.runs, fresh)
        show(label + " (wall)", walls, 300 if not fresh else 500)
        show(label + " (CPU)", cpus, 300 if not fresh else 500)
    show("python -c pass (the floor)", python_start(args.runs), 40)
    show("cold load + validation (fresh process)", cold_load(args.runs, False), 300)
    show("  the same, first run ever (empty parse cache)", cold_load(args.runs, True), 300)
    show("parse one card's rules", parse_one_card(max(1, args.runs // 5)), 1)
    show("re-check one edited card (reload the pack)", recheck_one_card(args.runs), 20)


if __name__ == "__main__":
    main()
