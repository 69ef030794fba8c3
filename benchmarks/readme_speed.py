"""Regenerate the README's "Speed" section from a fresh benchmark run (no hand-copied numbers).

    python benchmarks/readme_speed.py [--games 8] [--runs 9]

Runs `bench_play.run` and the command-line timings of `bench_rules`, then rewrites the section
between "## Speed" and the next heading of README.md (atomically; its "###" subsections, from
their own benchmarks, are kept), saying on what machine
and under what load the figures were taken, and whether the interpreter ran compiled (mypyc,
setup.py). When it did, the play figures of the Python sources are measured too, in a second
process (`AGESMITH_PURE_PYTHON=1`), and the profile is always taken of the sources: a profiler
cannot see inside compiled code.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import bench_play  # noqa: E402
import bench_rules  # noqa: E402

from rules_dsl.safe_files import write_atomic  # noqa: E402

VALIDATE_STARTS = 7.5  # a cold validate's goal, in starts of a bare Python


def wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, break_on_hyphens=False)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def profile_shares(games: int = 3) -> list[tuple[str, float]]:
    """Where the CPU time of random playouts goes: self time by module, as shares."""
    import cProfile
    import pstats

    from cards import bundled
    from interpreter import Game
    from interpreter.bots.greedy import RandomBot
    from interpreter.bots.playout import playout

    game = Game.load(bundled())
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        playout(game, [RandomBot(seed * 16 + i) for i in range(4)], seed)
    profiler.disable()
    # Stats.stats, the raw table keyed by (file, line, function), is not in typeshed; the
    # typed get_stats_profile() keys by function name only, merging same-named functions
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    by_module: dict[str, float] = {}
    for (file, _, _), (_, _, self_time, _, _) in stats.items():
        name = Path(file).name if file.startswith(str(ROOT)) else "Python and libraries"
        by_module[name] = by_module.get(name, 0.0) + self_time
    total = sum(by_module.values())
    return sorted(((k, v / total) for k, v in by_module.items()), key=lambda kv: -kv[1])


def pure_python(*args: str) -> str:
    """The output of this folder's script `args[0]` run on the interpreter's Python sources."""
    env = {**os.environ, "AGESMITH_PURE_PYTHON": "1"}
    return subprocess.run(
        [sys.executable, str(HERE / args[0]), *args[1:]],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def pure_play(games: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "play.json"
        pure_python("bench_play.py", "--games", str(games), "--json", str(out))
        return dict(json.loads(out.read_text(encoding="utf-8")))


def section(games: int, runs: int) -> str:
    play = bench_play.run(games)
    compiled = play["machine"]["core"] != "pure Python"
    pure = pure_play(games) if compiled else None
    walls, cpus = bench_rules.validate_command(runs, False)
    fresh_walls, fresh_cpus = bench_rules.validate_command(runs, True)
    floor = statistics.median(bench_rules.python_start(runs))
    m = play["machine"]
    rows = [
        [what, measured, goal, bench_play.verdict(factor)]
        for what, measured, goal, factor in bench_play.report(play)
    ]
    if pure is not None:
        for row, (_, measured, _, _) in zip(rows, bench_play.report(pure), strict=True):
            row.insert(2, measured)
    # Issue 20: a cold `validate` in at most 7.5 times Python's own start (the machine's
    # speed cancels out); with empty caches, half a second.
    for label, w, c, goal, goal_text in (
        (
            "cold `agesmith validate cards/along_history`, whole process",
            walls,
            cpus,
            VALIDATE_STARTS * floor,
            f"≤ {VALIDATE_STARTS}× `python -c pass` ({ms(VALIDATE_STARTS * floor)}) wall",
        ),
        (
            "the same with empty caches (parse, schema results)",
            fresh_walls,
            fresh_cpus,
            0.5,
            "< 500 ms wall",
        ),
    ):
        wall, cpu = statistics.median(w), statistics.median(c)
        rows.append(
            [
                label,
                f"{ms(wall)} wall ({wall / floor:.1f}× `python -c pass`), {ms(cpu)} CPU",
                *(["—"] if pure else []),
                goal_text,
                bench_play.verdict(wall / goal),
            ]
        )
    head = [
        "what",
        *([m["core"], "pure Python"] if pure else [f"measured ({m['core']})"]),
        "goal",
        "verdict",
    ]
    table = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    table += ["| " + " | ".join(row) + " |" for row in rows]
    shares = ", ".join(
        f"`{name}` {share:.0%}" if name.endswith(".py") else f"{name} {share:.0%}"
        for name, share in json.loads(pure_python("readme_speed.py", "--profile"))[:8]
    )
    if compiled:
        core = (
            "The interpreter ran compiled (mypyc, `setup.py`); the pure-Python column is "
            "the same benchmark on its Python sources (`AGESMITH_PURE_PYTHON=1`), run just "
            "after in another process; the verdicts are the compiled figures'."
        )
    else:
        core = (
            "The interpreter ran from its Python sources: this install has no compiled "
            "core (see `setup.py`)."
        )
    today = datetime.date.today().isoformat()
    return "\n".join(
        [
            "## Speed",
            "",
            *wrap(
                f"Generated by `python benchmarks/readme_speed.py` on {today}: {m['cpu']}, "
                f"{m['cores']} cores, Python {m['python']}. The machine was shared with other "
                f"work (load average {m['load_1min']:.1f} at the start, "
                f"{m['load_1min_end']:.1f} at the end, on 2 cores), so CPU time is the figure to "
                "trust; wall times are given where the goal is about waiting. python-chess random "
                "playouts, the yardstick, ran in the same process as Agesmith's; Agesmith plays "
                "random 4-player games of Along History "
                "(all three ages) on the playout path. Each play figure is the best of "
                f"{play['rounds']} interleaved rounds (new seeds each round), the cold game the "
                "best first game of "
                f"{max(bench_play.COLD_PROCESSES, play['rounds'])} fresh processes: other work "
                "only ever slows a run down. "
                f"Python alone starts in {ms(floor)}; `validate` is timed with "
                "Python's bytecode written, as an installed copy runs. A goal missed says how many "
                f"times faster the figure must get. {core}",
                100,
            ),
            "",
            *table,
            "",
            *wrap(
                "Details: `python benchmarks/bench_play.py` and "
                "`python benchmarks/bench_rules.py`; "
                "instructions per game (which other work cannot change): "
                "`python benchmarks/bench_instructions.py`.",
                100,
            ),
            "",
            *wrap(
                "Where the time of random playouts goes (self time under cProfile, by "
                "module, measured by the same run, on the Python sources: a profiler cannot see "
                f"inside compiled code): {shares}.",
                100,
            ),
            "",
            *notes_head(),
            "",
        ]
    )


def notes_head() -> list[str]:
    """The speed notes' opening (what is cached, and how), and where the rest is: how play is
    made fast, what is left and the compiled core stay in benchmarks/SPEED_NOTES.md, not in the
    README."""
    notes = (ROOT / "benchmarks" / "SPEED_NOTES.md").read_text(encoding="utf-8")
    head = notes.split("\n### ", 1)[0].strip()
    return [
        head,
        "",
        *wrap(
            "How play is made fast, what is left to do, the compiled core and the "
            "typing measurements: `benchmarks/SPEED_NOTES.md`.",
            100,
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument(
        "--profile", action="store_true", help="only print the profile's shares by module, as JSON"
    )
    args = parser.parse_args()
    if args.profile:
        print(json.dumps(profile_shares()))
        return
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    start = text.index("\n## Speed\n") + 1  # the heading itself, not "### Speed of ..."
    # up to the next heading: the section's own subsections (typing, the first page) are
    # written from their own benchmarks' runs and stay as they are
    ends = [i for i in (text.find("\n## ", start + 1), text.find("\n### ", start + 1)) if i != -1]
    end = min(ends, default=-1)
    new = section(args.games, args.runs)
    text = text[:start] + new + (text[end:] if end != -1 else "")
    write_atomic(readme, text)
    print(new)


if __name__ == "__main__":
    main()
