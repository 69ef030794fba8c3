"""Benchmark of the workshop's A/B balance run (not a test: prints figures for the README).

    python benchmarks/bench_ab.py [--games 2000] [--workers 2] [--poll 0.5]

Plays what the Balance page plays when a designer asks for an A/B: a deck of Along History
(one calamity fewer, a tiger more: written to a temporary folder beside a copy of the pack)
against the pack, `--games` three-player games of three greedy bots each, on the same seeds,
through `editor.balance.BalanceRun` (the page's own thread, `simulate` with its worker
processes). The page's progress bar reads the run's counts of finished games each time it
draws itself again; this script reads them every `--poll` seconds as the page does and counts
the readings that found more games done, to show the bar moves all the way.

Goal (issue 20): 2 × 2,000 games in at most 60 s of wall time on the 2-core machine. Wall time
is the goal's measure; it depends on what else runs, so the load before and after is printed.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from cards import bundled  # noqa: E402
from editor.balance import BalanceRun, Setup  # noqa: E402

GOAL_S = 60.0
DECK = """deck: One calamity fewer
pack: along_history
copies:
  prehistory:
    famine: 0
    tiger: 2
"""


def _cpu() -> float:
    me, children = (resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def run(games: int, workers: int, poll: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        pack = Path(folder) / "along_history"
        shutil.copytree(bundled("along_history"), pack)
        deck = Path(folder) / "fewer.deck.yaml"
        deck.write_text(DECK, encoding="utf-8")
        setup = Setup(
            play=str(deck),
            label="One calamity fewer",
            bots=("greedy",) * 3,
            players=3,
            games=games,
            seed=0,
            workers=workers,
            against=str(pack),
            against_label="Along History",
        )
        load = os.getloadavg()[0]
        started, cpu = time.perf_counter(), _cpu()
        balance = BalanceRun(setup, pack).start()
        readings = moved = 0
        last = -1
        while balance.running:
            time.sleep(poll)
            done = sum(balance.done)
            readings += 1
            moved += done > last
            last = done
        balance.wait()
        wall, cpu = time.perf_counter() - started, _cpu() - cpu
        if balance.error:
            raise SystemExit(f"the run failed: {balance.error}")
        assert balance.result is not None
        return {
            "games": 2 * games,
            "wall_s": wall,
            "cpu_s": cpu,
            "readings": readings,
            "moved": moved,
            "load_start": load,
            "load_end": os.getloadavg()[0],
            "changes": len(balance.result.get("changes") or []),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games of each side")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--poll", type=float, default=0.5, help="seconds between two readings")
    args = parser.parse_args()
    r = run(args.games, args.workers, args.poll)
    goal = GOAL_S * args.games / 2000  # the goal scaled to the games asked for
    verdict = "met" if r["wall_s"] <= goal else "missed"
    print(
        f"A/B of 2 x {args.games} three-player greedy games, {args.workers} workers: "
        f"{r['wall_s']:.1f} s wall, {r['cpu_s']:.1f} s CPU "
        f"({r['cpu_s'] / r['games'] * 1000:.1f} ms CPU a game); goal {goal:.0f} s: "
        f"{verdict}. Progress read {r['readings']} times, moved at {r['moved']}. "
        f"Load average {r['load_start']:.1f} at the start, {r['load_end']:.1f} at the end."
    )


if __name__ == "__main__":
    main()
