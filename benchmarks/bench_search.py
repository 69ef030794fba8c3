"""Benchmark of the search bot's strength (not a test: prints figures for the README).

    python benchmarks/bench_search.py [--games 200] [--workers 2] [--iterations 8]
                                      [--horizon 1] [--candidates 4] [--seed 1] [--json FILE]

Plays 2-player games of Along History (all three ages): the search bot ("mcts") against the
greedy bot, the search bot in the first seat in even games and the second in odd ones, game i
with seed `seed + i` and bots seeded from it. Prints the search bot's win rate (a shared win
counts as half a win) with its 95% Wilson interval, the mean score margin, and the CPU time
per game (both bots; CPU time is the figure to trust on a shared machine) with the wall time
and the load average around the run. Games go to `--workers` processes
(`concurrent.futures.ProcessPoolExecutor`); the figures do not depend on their number.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import GreedyBot
from interpreter.bots.playout import playout
from interpreter.bots.search import CANDIDATES, HORIZON, ITERATIONS, SearchBot
from interpreter.tools.stats import wilson

PLAYERS = 2
_game: Game | None = None


def _load() -> None:
    global _game
    _game = Game.load(bundled())


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def one_game(seed: int, iterations: int, horizon: int, candidates: int) -> dict[str, Any]:
    """One game of the search bot against the greedy bot; the search bot's seat alternates."""
    assert _game is not None
    seat = seed % 2
    search = SearchBot(
        seed * 16 + seat, iterations=iterations, horizon=horizon, candidates=candidates
    )
    bots: list[Any] = [GreedyBot(seed * 16 + s) for s in range(PLAYERS)]
    bots[seat] = search
    cpu = time.process_time()
    state = playout(_game, bots, seed)
    cpu = time.process_time() - cpu
    won = 1.0 / len(state.winners) if seat in state.winners else 0.0
    other = max(s for i, s in enumerate(state.scores) if i != seat)
    return {
        "seed": seed,
        "seat": seat,
        "won": won,
        "cpu_s": cpu,
        "searched": search.searched,
        "margin": state.scores[seat] - other,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--horizon", type=int, default=HORIZON)
    parser.add_argument("--candidates", type=int, default=CANDIDATES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()

    from rich.progress import Progress

    load_before = os.getloadavg()[0]
    wall = time.perf_counter()
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.workers, initializer=_load) as pool, Progress() as bar:
        task = bar.add_task("mcts against greedy", total=args.games)
        futures = [
            pool.submit(one_game, args.seed + i, args.iterations, args.horizon, args.candidates)
            for i in range(args.games)
        ]
        for future in futures:
            results.append(future.result())
            bar.advance(task)
    wall = time.perf_counter() - wall
    load_after = os.getloadavg()[0]

    games = len(results)
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    cpu = sum(r["cpu_s"] for r in results) / games
    by_seat = {s: [r for r in results if r["seat"] == s] for s in range(PLAYERS)}
    figures = {
        "games": games,
        "players": PLAYERS,
        "opponent": "greedy",
        "budget": {
            "iterations": args.iterations,
            "horizon": args.horizon,
            "candidates": args.candidates,
        },
        "wins": wins,
        "win_rate": wins / games,
        "wilson95": [low, high],
        "win_rate_by_seat": {
            s: sum(r["won"] for r in rs) / len(rs) for s, rs in by_seat.items() if rs
        },
        "mean_margin": sum(r["margin"] for r in results) / games,
        "cpu_s_per_game": cpu,
        "searched_per_game": sum(r["searched"] for r in results) / games,
        "wall_s": wall,
        "workers": args.workers,
        "machine": f"{_cpu_name()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_average": [round(load_before, 1), round(load_after, 1)],
    }
    print(
        f"{games} two-player games, the search bot (iterations {args.iterations}, "
        f"horizon {args.horizon}, candidates {args.candidates}) against the greedy bot, "
        f"seats alternated"
    )
    print(
        f"search bot wins {wins:g} of {games}: {wins / games:.1%} "
        f"(95% Wilson interval {low:.1%} to {high:.1%})"
    )
    print(
        "by seat: "
        + ", ".join(f"seat {s + 1} {r:.1%}" for s, r in figures["win_rate_by_seat"].items())
    )
    print(
        f"mean score margin {figures['mean_margin']:+.1f} points; "
        f"{figures['searched_per_game']:.0f} decisions searched a game"
    )
    print(
        f"CPU {cpu:.2f} s a game (both bots); wall {wall:.0f} s with {args.workers} workers; "
        f"load average {load_before:.1f} before, {load_after:.1f} after; {figures['machine']}"
    )
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
