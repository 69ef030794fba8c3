"""Benchmark of Through the Ages games (not a test: prints figures).

    python benchmarks/bench_tta.py [--games 3] [--players 3]

Whole games of the bundled Through the Ages pack (five ages, to Age IV's last round) on the
playout path (`interpreter.bots.playout`: choices played in place, no log), with random bots
and with greedy bots, seeds 1 to N. CPU time is the figure to trust (other work may share the
machine); the median and the fastest game are printed, with the game's length in choices.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.playout import play_out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    game = Game.load(bundled("through_the_ages"))
    for name, bot in (("random", RandomBot), ("greedy", GreedyBot)):
        cpu: list[float] = []
        lengths: list[int] = []
        for seed in range(1, args.games + 1):
            state = game.new(players=args.players, seed=seed, quiet=True)
            start = time.process_time()
            choices = play_out(game, state, [bot(seed * 10 + i) for i in range(args.players)])
            cpu.append(time.process_time() - start)
            lengths.append(len(choices))
            assert state.over
        print(
            f"Through the Ages, {args.players} players, {name} bots, {args.games} games: "
            f"median {statistics.median(cpu):.2f} s CPU a game (fastest {min(cpu):.2f} s), "
            f"{statistics.median(lengths):.0f} choices a game"
        )


if __name__ == "__main__":
    main()
