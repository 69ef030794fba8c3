"""Simulation: many whole games played by bots, streamed into a balance report.

Game i is played with seed `seed + i` and its bots are seeded from that game's seed and their
seat, so a simulation gives the same report whatever the number of workers. With workers > 1
the games go to a process pool (or, with `dask`, to a dask.distributed cluster) in batches of
seeds (25 games a task: one game a task would cost more in overhead than a short game takes,
and a small batch loses little when stopped). Each batch comes back as a `Report` of its games
and reports merge exactly (counts and exact sums), so the figures do not depend on which
worker played what, nor in which order batches finish; memory does not grow with the number
of games.

What is recorded of each game is in `observe.py`; what the report makes of it in `report.py`.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules_dsl.safe_files import is_file

from ..bots.greedy import Bot
from ..bots.playout import freeze_heap, thaw_heap
from ..bots.registry import BOTS
from ..core.state import State
from ..engine.game import Game
from .observe import Recorder, new_report
from .report import GameRecord, Report
from .stopping import SimulationStopped, StopSignals, signals_held

BATCH = 25  # games per task of the process pool
MAX_ACTIONS = 100_000  # a game longer than this is stopped and reported

BotSpec = str | Sequence[str]


@dataclass(frozen=True)
class Config:
    """What a worker needs to load the game (a path and options: it crosses processes)."""

    pack: str
    variant: str | None
    board: str | None
    ages: str | None
    players: int
    seed: int
    bots: tuple[str, ...]  # one per seat

    def title(self, game: Game) -> dict[str, Any]:
        """What the report says it is about."""
        return {
            "pack": game.pack.name,
            "variant": self.variant,
            "board": self.board,
            "ages": "+".join(game.ages),
            "players": self.players,
            "seed": self.seed,
            "bots": list(self.bots),
            # the reports show an age by its name, the pack's word, not its id
            "age_names": {a.id: a.name for a in game.pack.ages if a.id in game.ages}
            | {d.name: d.name for d in game.pack.decks},
            # which of the engine's own mechanics the pack plays (the report says only those)
            "has_tokens": bool(game.pack.tokens),
            "has_wars": bool(game.pack.game.get("contests")),
        }


# ------------------------------------------------------------------ playing one game


def seat_bots(bots: BotSpec | None, players: int) -> tuple[str, ...]:
    """The bot of each seat: one name for all, or a list (or "a,b") cycled over the seats."""
    names: list[str]
    if bots is None:
        names = ["greedy"]
    elif isinstance(bots, str):
        names = [b.strip() for b in bots.split(",") if b.strip()]
    else:
        names = [str(b).strip() for b in bots]
    if not names:
        raise ValueError("no bot given")
    for name in names:
        if name not in BOTS:
            raise ValueError(f'no bot "{name}" (bots: {", ".join(sorted(BOTS))})')
    return tuple(names[i % len(names)] for i in range(players))


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of a seat's bot in the game played with `game_seed`."""
    return game_seed * 16 + seat + 1


def play(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    watch: Recorder | None = None,
    max_actions: int = MAX_ACTIONS,
) -> State:
    """Play one whole game with one bot per seat; return the final state. `watch` is told of
    each move and listens to the engine while the moves (not the bots' tries) are applied."""
    note = watch.note if watch is not None else None
    with _observed(game, watch):
        state = game.new(players=len(bots), seed=seed, quiet=True)
    actions = 0
    while not state.over:
        if actions >= max_actions:
            raise RuntimeError(f"the game was stopped after {max_actions} actions")
        seat = state.to_move
        if seat is None:
            raise RuntimeError("the game waits for nobody: it cannot go on")
        choice = bots[seat].choose(game, state, game.choices(state))
        if watch is not None:
            watch.before(state, choice)
        game.observer = note  # (not `_observed`: a context manager a move costs more)
        try:
            game.play(state, choice)  # in place: the recorder keeps values, not positions
        finally:
            game.observer = None
        actions += 1
        if watch is not None:
            watch.after(state)
    return state


@contextmanager
def _observed(game: Game, watch: Recorder | None) -> Iterator[None]:
    game.observer = watch.note if watch is not None else None
    try:
        yield
    finally:
        game.observer = None


def play_record(game: Game, config: Config, index: int) -> GameRecord:
    """Play game `index` of a simulation and record what the report needs."""
    seed = config.seed + index
    record = GameRecord(index=index, seed=seed)
    bots = [BOTS[name](bot_seed(seed, seat)) for seat, name in enumerate(config.bots)]
    watch = Recorder(game, record, config.players)
    try:
        state = play(game, bots, seed, watch)
    except Exception as e:  # an engine or pack error: reported, not fatal
        return GameRecord(index=index, seed=seed, error=f"{type(e).__name__}: {e}")
    return watch.finish(state)


# ------------------------------------------------------------------ many games

# Loaded games, one set per thread: a game listens to one game's record at a time (its
# observer), and a dask worker may run batches in several threads.
_LOADED = threading.local()


def _load(config: Config) -> Game:
    """The game of `config`, kept while its files are as they were when it was loaded (a
    long-lived process may simulate a pack, have it edited, and simulate it again)."""
    games: dict[tuple, tuple[tuple, Game]] = _LOADED.__dict__.setdefault("games", {})
    key = (config.pack, config.variant, config.board, config.ages)
    deck = (config.pack,) if is_file(config.pack) else ()
    kept = games.get(key)
    if kept is not None and kept[1].pack.stamp(*deck) == kept[0]:
        return kept[1]
    if len(games) >= 16:  # bounded: packs come and go in a long session
        games.clear()
    game = Game.load(config.pack, variant=config.variant, board=config.board, ages=config.ages)
    games[key] = (game.pack.stamp(*deck), game)
    return game


def play_batch(config: Config, start: int, count: int, parent: int | None = None) -> Report:
    """The report of games start .. start+count-1 (a task of a worker). A worker whose
    `parent` process is gone stops between two games instead of playing on alone."""
    game = _load(config)
    report = new_report(game, config.title(game))
    frozen = freeze_heap()  # a dask worker's batch (a pool's workers inherit it)
    try:
        for i in range(start, start + count):
            if parent is not None and os.getppid() != parent:
                break
            report.add(play_record(game, config, i))
    finally:
        thaw_heap(frozen)
    return report


def _worker_start() -> None:
    # Ctrl-C reaches every process of the terminal's group: the main process alone decides
    # what to do (sum up the finished games, then end the workers).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # started while the main process held these back: a worker must die of SIGTERM
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


@contextmanager
def _long_lived() -> Iterator[None]:
    """What is alive when play starts (the pack, its compiled rules, the catalogue) lives
    through it: the garbage collector is told so (`gc.freeze`) and stops walking it again and
    again — greedy games 10–25% faster; forked workers inherit it — and takes it back at the
    end (`gc.unfreeze`), so a long-lived process frees it when it is dropped."""
    gc.collect()
    frozen = freeze_heap()
    try:
        yield
    finally:
        thaw_heap(frozen)


def simulate(
    pack: str | Path | Game,
    games: int,
    players: int = 3,
    seed: int = 0,
    bots: BotSpec | None = "greedy",
    variant: str | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    board: str | None = None,
    ages: str | Sequence[str] | None = None,
    batch: int = BATCH,
    dask: str | None = None,
    stop: StopSignals | None = None,
) -> Report:
    """Play `games` games of `players` bots and return their balance report. `pack` is a pack
    folder or a deck file (or, with one local worker, a loaded Game); `bots` one name, or
    names cycled over the seats; `progress(done, total)` is told when play starts (done 0)
    and as games finish. `dask` is the address of a dask.distributed scheduler to play the
    batches on (its workers must see the pack at the same path).

    Memory does not grow with `games`: batches are handed out as workers free up and each
    finished batch is merged into the report. Ctrl-C or SIGTERM stops the simulation: the
    workers are ended and the report of the games finished is returned, marked
    `interrupted` (a signal while the pack loads gives a report of no game). `stop` is the
    caller's own `StopSignals`, installed for longer than this call (the command line's, for
    the whole command); without it the signals are taken over for the call only."""
    own = stop is None
    if stop is None:
        stop = StopSignals()
        stop.install()
    try:
        return _simulate(
            pack,
            games,
            players,
            seed,
            bots,
            variant,
            workers,
            progress,
            board,
            ages,
            batch,
            dask,
            stop,
        )
    finally:
        if own:
            stop.restore()


def _simulate(
    pack: str | Path | Game,
    games: int,
    players: int,
    seed: int,
    bots: BotSpec | None,
    variant: str | None,
    workers: int,
    progress: Callable[[int, int], None] | None,
    board: str | None,
    ages: str | Sequence[str] | None,
    batch: int,
    dask: str | None,
    stop: StopSignals,
) -> Report:
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    ages_played = ages if ages is None or isinstance(ages, str) else "+".join(ages)
    names = seat_bots(bots, players)
    if isinstance(pack, Game):
        if workers > 1 or dask:
            raise ValueError("workers load the pack from its path: give a path, not a Game")
        game = pack
        config = Config(
            str(game.pack.root),
            game.pack.variant,
            game.board_side,
            "+".join(game.ages),
            players,
            seed,
            names,
        )
    else:
        config = Config(str(pack), variant, board, ages_played, players, seed, names)
        game = _load(config)  # loaded here first: a bad pack fails early
    limits = game.pack.game.get("players") or {}
    if not limits.get("min", 1) <= players <= limits.get("max", 10):
        raise ValueError(
            f"{game.pack.name} is for {limits.get('min')} to "
            f"{limits.get('max')} players, not {players}"
        )
    report = new_report(game, config.title(game))

    def tell() -> None:
        if progress is not None:
            progress(report.games + report.failed, games)

    def add(part: Report) -> None:
        with stop.held():  # a report is never left half-merged
            report.merge(part)
            tell()

    try:
        with stop.running(), _long_lived():
            if progress is not None:
                progress(0, games)  # started: from now on Ctrl-C gives a report
            # at least four batches a worker, so that a slow worker does not hold up the end
            size = max(1, min(batch, -(-games // (4 * max(1, workers)))))
            if dask:
                from .dask_run import in_dask

                in_dask(dask, play_batch, config, _batches(games, size), add)
            elif workers <= 1 or games <= 1:
                for i in range(games):
                    record = play_record(game, config, i)
                    with stop.held():
                        report.add(record)
                        tell()
            else:  # never more processes than batches (`--workers 100000` is no fork bomb)
                _in_pool(config, _batches(games, size), min(workers, -(-games // size)), add)
    except (SimulationStopped, KeyboardInterrupt):
        report.interrupted = True
    return report


def _batches(games: int, size: int) -> Iterator[tuple[int, int]]:
    """(first game, number of games) of each batch, in order."""
    return ((start, min(size, games - start)) for start in range(0, games, size))


def _in_pool(
    config: Config, batches: Iterator[tuple[int, int]], workers: int, add: Callable[[Report], None]
) -> None:
    """Play the batches in `workers` processes, two batches in flight per worker at most; the
    workers never outlive this call (they are terminated if it is interrupted)."""
    # no signal may fall between starting the workers and being ready to end them, nor cut
    # ending them short: a stop waits (blocked) until either is done
    pool = None
    try:
        with signals_held():  # a stop held back here is raised as the block ends: in the try
            pool = multiprocessing.get_context().Pool(workers, initializer=_worker_start)
        _feed(pool, config, batches, workers, add)
    finally:
        if pool is not None:
            with signals_held():
                pool.terminate()
                pool.join()


def _feed(
    pool: Any,
    config: Config,
    batches: Iterator[tuple[int, int]],
    workers: int,
    add: Callable[[Report], None],
) -> None:
    """Hand `batches` to `pool`, two in flight per worker, and add their reports."""
    done: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()

    def submit() -> int:
        task = next(batches, None)
        if task is None:
            return 0
        pool.apply_async(
            play_batch,
            (config, *task, os.getpid()),
            callback=lambda r: done.put((True, r)),
            error_callback=lambda e: done.put((False, e)),
        )
        return 1

    in_flight = sum(submit() for _ in range(2 * workers))
    while in_flight:
        ok, result = done.get()
        in_flight -= 1
        if not ok:
            raise result
        add(result)
        in_flight += submit()
    pool.close()


__all__ = [
    "Config",
    "SimulationStopped",
    "play",
    "play_batch",
    "play_record",
    "seat_bots",
    "simulate",
]
