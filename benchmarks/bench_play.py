"""Benchmark of the interpreter (not a test: prints figures for the README).

    python benchmarks/bench_play.py [--games 10]

Random playouts of full three-age games of Along History on one core, for 3 and 4 players:
actions per second, games per second, and the cost of one `legal_actions` + `apply`.
A random player exchanges cards far more than a person does, so its games are long.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from cards import bundled
from interpreter import Game


def playouts(game: Game, players: int, games: int) -> tuple[int, float, list[float]]:
    actions = 0
    per_game = []
    started = time.perf_counter()
    for seed in range(games):
        t = time.perf_counter()
        state = game.new(players, seed=seed)
        rng = random.Random(seed)
        while not state.over:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            actions += 1
        per_game.append(time.perf_counter() - t)
    return actions, time.perf_counter() - started, per_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    game = Game.load(bundled())
    print(f"Python {sys.version.split()[0]}, {args.games} random games per row, one core")
    for players in (3, 4):
        actions, seconds, per_game = playouts(game, players, args.games)
        print(f"{players} players: {actions / seconds:8.0f} actions/s   "
              f"{args.games / seconds:6.2f} games/s   "
              f"{seconds / actions * 1e6:7.0f} µs per legal_actions + apply   "
              f"median game {statistics.median(per_game):.2f} s, "
              f"{actions // args.games} actions")


if __name__ == "__main__":
    main()
