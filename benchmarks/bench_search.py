"""Benchmark of the search bot's strength (not a test: prints figures for the README).

    python benchmarks/bench_search.py [--pack along_history] [--players 2] [--games 200]
                                      [--workers 2] [--iterations N] [--horizon N]
                                      [--candidates N] [--seed 1] [--json FILE]

Plays games of a bundled pack (Along History, all three ages, by default; `--pack
the_ancient_world --players 3` for The Ancient World): the search bot ("mcts") against greedy
bots, the search bot in seat `i % players` in game i, game i with seed `seed + i` and bots
seeded from it. The budget is the search bot's own default for the pack unless given. Prints
the search bot's win rate (a shared win counts as a share of a win; its fair share is one in
`players`) with its 95% Wilson interval, the mean score margin over the best other player, the
CPU time per game (every bot; CPU time is the figure to trust on a shared machine) and per
searched decision (the search bot's alone), with the wall time and the load average around the
run. Games go to `--workers` processes (`concurrent.futures.ProcessPoolExecutor`); the figures
do not depend on their number.
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

import interpreter
from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import GreedyBot
from interpreter.bots.playout import playout
from interpreter.bots.search import (
    CANDIDATES,
    ITERATIONS,
    TO_THE_END,
    SearchBot,
    default_horizon,
)
from interpreter.tools.stats import wilson

_game: Game | None = None


def _load(pack: str) -> None:
    global _game
    _game = Game.load(bundled(pack))


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


class Timed:
    """The search bot, with the CPU time of each decision it searched."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, game: Game, state: Any, actions: Any) -> Any:
        searched, cpu = self.bot.searched, time.process_time()
        choice = self.bot.choose(game, state, actions)
        if self.bot.searched > searched:
            self.times.append(time.process_time() - cpu)
        return choice


def one_game(
    seed: int, players: int, iterations: int, horizon: int | None, candidates: int
) -> dict[str, Any]:
    """One game of the search bot against greedy bots; the search bot's seat turns round."""
    assert _game is not None
    seat = seed % players
    search = Timed(
        SearchBot(seed * 16 + seat, iterations=iterations, horizon=horizon, candidates=candidates)
    )
    bots: list[Any] = [GreedyBot(seed * 16 + s) for s in range(players)]
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
        "searched": search.bot.searched,
        "decision_s": search.times,
        "margin": state.scores[seat] - other,
    }


def _horizon(pack: str, given: int | None) -> int:
    return given if given is not None else default_horizon(Game.load(bundled(pack)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pack", default="along_history", help="a bundled pack's folder name")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument(
        "--horizon", type=int, default=None, help="round ends (0: to the end); default: the pack's"
    )
    parser.add_argument("--candidates", type=int, default=CANDIDATES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    horizon = _horizon(args.pack, args.horizon)

    from rich.progress import Progress

    load_before = os.getloadavg()[0]
    wall = time.perf_counter()
    results: list[dict[str, Any]] = []
    with (
        ProcessPoolExecutor(args.workers, initializer=_load, initargs=(args.pack,)) as pool,
        Progress() as bar,
    ):
        task = bar.add_task("mcts against greedy", total=args.games)
        futures = [
            pool.submit(
                one_game, args.seed + i, args.players, args.iterations, horizon, args.candidates
            )
            for i in range(args.games)
        ]
        for future in futures:
            results.append(future.result())
            bar.advance(task)
            game = results[-1]  # a line per game, so that a run cut short still tells
            bar.console.print(
                f"seed {game['seed']}: seat {game['seat'] + 1}, won {game['won']:g}, "
                f"margin {game['margin']:+d}, CPU {game['cpu_s']:.1f} s"
            )
    wall = time.perf_counter() - wall
    load_after = os.getloadavg()[0]
    report(args, horizon, results, wall, (load_before, load_after))


def report(
    args: argparse.Namespace,
    horizon: int,
    results: list[dict[str, Any]],
    wall: float,
    load: tuple[float, float],
) -> None:
    """Print the figures (and write them to `--json`)."""
    games = len(results)
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    cpu = sum(r["cpu_s"] for r in results) / games
    decisions = sorted(t for r in results for t in r["decision_s"])
    per_decision = sum(decisions) / max(1, len(decisions))
    slowest = decisions[-1] if decisions else 0.0
    by_seat = {s: [r for r in results if r["seat"] == s] for s in range(args.players)}
    figures = {
        "pack": args.pack,
        "compiled": interpreter.compiled(),
        "games": games,
        "players": args.players,
        "opponent": "greedy",
        "budget": {
            "iterations": args.iterations,
            "horizon": horizon,
            "candidates": args.candidates,
        },
        "wins": wins,
        "win_rate": wins / games,
        "fair_share": 1 / args.players,
        "wilson95": [low, high],
        "win_rate_by_seat": {
            s: sum(r["won"] for r in rs) / len(rs) for s, rs in by_seat.items() if rs
        },
        "mean_margin": sum(r["margin"] for r in results) / games,
        "cpu_s_per_game": cpu,
        "searched_per_game": sum(r["searched"] for r in results) / games,
        "cpu_s_per_searched_decision": per_decision,
        "cpu_s_slowest_decision": slowest,
        "wall_s": wall,
        "workers": args.workers,
        "machine": f"{_cpu_name()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_average": [round(load[0], 1), round(load[1], 1)],
    }
    reach = "to the end" if horizon == TO_THE_END else f"horizon {horizon}"
    print(
        f"{games} {args.players}-player games of {args.pack} "
        f"({'compiled' if figures['compiled'] else 'Python sources'}), the search bot "
        f"(iterations {args.iterations}, {reach}, candidates {args.candidates}) against "
        f"{args.players - 1} greedy bot(s), seats turned round"
    )
    print(
        f"search bot wins {wins:g} of {games}: {wins / games:.1%} "
        f"(95% Wilson interval {low:.1%} to {high:.1%}; a fair share is {1 / args.players:.1%})"
    )
    print(
        "by seat: "
        + ", ".join(f"seat {s + 1} {r:.1%}" for s, r in figures["win_rate_by_seat"].items())
    )
    print(
        f"mean score margin {figures['mean_margin']:+.1f} points over the best other; "
        f"{figures['searched_per_game']:.0f} decisions searched a game, "
        f"{per_decision:.2f} s of CPU each on average (slowest {slowest:.2f} s)"
    )
    print(
        f"CPU {cpu:.2f} s a game (every bot); wall {wall:.0f} s with {args.workers} workers; "
        f"load average {load[0]:.1f} before, {load[1]:.1f} after; {figures['machine']}"
    )
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
