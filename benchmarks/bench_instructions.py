"""Instructions per game, counted by valgrind (not a test: prints figures).

    python benchmarks/bench_instructions.py [--random 5] [--greedy 3]

CPU time on a shared machine moves by a fifth from run to run; the number of instructions a
game executes does not (other work cannot change it). Each figure is the instructions of a
process that loads Along History and plays the games (the first ones of the process, seeds
0, 1, ...) less those of a process that only loads it, per game. Needs `valgrind` (Debian:
`apt-get install valgrind`); slow (a game runs ~50 times slower under it).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = """
import sys
from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.playout import playout
bot = RandomBot if sys.argv[1] == "random" else GreedyBot
game = Game.load(sys.argv[3])
for seed in range(int(sys.argv[2])):
    playout(game, [bot(seed * 16 + seat) for seat in range(4)], seed)
"""


def instructions(kind: str, games: int) -> int:
    """The instructions of one process playing `games` games of `kind` bots."""
    python = os.path.realpath(sys.executable)  # not a shim: valgrind follows no script
    out = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            python,
            "-c",
            PLAY,
            kind,
            str(games),
            str(ROOT / "cards" / "along_history"),
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--random", type=int, default=5, help="random games to count")
    parser.add_argument("--greedy", type=int, default=3, help="greedy games to count")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed")
    import interpreter

    core = "compiled (mypyc)" if interpreter.compiled() else "pure Python"
    instructions("random", 0)  # a first process writes the bytecode files: not counted
    load = instructions("random", 0)
    print(f"interpreter {core}; loading the pack: {load / 1e6:,.0f} million instructions")
    for kind, games in (("random", args.random), ("greedy", args.greedy)):
        if games <= 0:  # --greedy 0: that kind is not counted
            continue
        per_game = (instructions(kind, games) - load) / games
        print(
            f"a 4-player {kind} game (seeds 0–{games - 1}): {per_game / 1e6:,.0f} million "
            "instructions"
        )


if __name__ == "__main__":
    main()
