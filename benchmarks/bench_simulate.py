"""Benchmark of `agesmith simulate` (not a test: prints figures for the README).

    python benchmarks/bench_simulate.py [--games 40] [--memory 100,10000]

1. Speed: whole three-age games of Along History, 3 greedy bots, with 1 and 2 worker
   processes: games per second and the speed-up of two workers (goal: at least 1.8×). The
   figure for 2 workers includes starting the pool and loading the pack in each worker.
2. Memory: the peak resident memory of the main process (VmHWM of /proc/self/status, in a
   fresh process for each size in --memory; not getrusage, whose maximum survives exec and so
   counts the benchmark's own memory; short games: the introductory variant's first age,
   2 workers), to show that the streamed report does not grow with the number of games.

The figures depend on the machine and on what else runs on it: say both with them.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time

from cards import bundled
from interpreter.tools.simulate import simulate

PACK = str(bundled("along_history"))


def _cpu() -> float:
    me, children = (resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def speed(games: int, workers: int) -> tuple[float, float]:
    """Games per second (wall clock) and CPU seconds per game."""
    started, cpu = time.perf_counter(), _cpu()
    report = simulate(PACK, games, 3, seed=0, bots="greedy", workers=workers)
    elapsed = time.perf_counter() - started
    assert report.failed == 0, report.errors
    return games / elapsed, (_cpu() - cpu) / games


MEASURE = """
import sys, time
from pathlib import Path
from interpreter.tools.simulate import simulate
started = time.perf_counter()
report = simulate(sys.argv[1], int(sys.argv[2]), 3, seed=0, workers=2, variant="introductory",
                  ages="prehistory")
assert report.failed == 0, report.errors
peak = next(line.split()[1] for line in Path("/proc/self/status").read_text().splitlines()
            if line.startswith("VmHWM:"))
print(peak, time.perf_counter() - started)
"""


def peak_memory(games: int) -> tuple[int, float]:
    """Peak resident KiB of a fresh main process simulating `games` short games."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, PACK, str(games)],
        check=True,
        capture_output=True,
        text=True,
    )
    kib, seconds = done.stdout.split()
    return int(kib), float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games of the speed runs")
    parser.add_argument(
        "--memory", default="100,10000", help="comma-separated numbers of games of the memory runs"
    )
    args = parser.parse_args()
    load = os.getloadavg()
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
        f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    # The pack loaded and the payment caches warmer (they go on filling over a process's first
    # hundred games or so; the workers of the 2-worker run are forked from this process and
    # start with its caches as they are by then).
    speed(60, 1)
    (one, cpu_one), (two, cpu_two) = speed(args.games, 1), speed(args.games, 2)
    print(
        f"{args.games} whole games, 3 greedy bots: 1 worker {one:.2f} games/s, "
        f"2 workers {two:.2f} games/s ({two / one:.2f}×); CPU per game "
        f"{cpu_one * 1000:.0f} ms and {cpu_two * 1000:.0f} ms"
    )
    for games in (int(n) for n in args.memory.split(",") if n):
        peak, seconds = peak_memory(games)
        print(
            f"{games:>6} short games (2 workers, {seconds:.0f} s): main process peak "
            f"resident memory {peak / 1024:.1f} MiB"
        )
    load = os.getloadavg()
    print(f"load average at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
