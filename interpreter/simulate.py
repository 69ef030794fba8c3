"""Simulation: many whole games played by bots, summed up for a designer.

Game i is played with seed `seed + i` and its bots are seeded from that game's seed and their
seat, so a simulation gives the same summary whatever the number of workers. With workers > 1
the games go to a process pool in batches (25 games a task: one game a task would cost more in
overhead than a short game takes, and a small batch loses little when stopped).

Per-card statistics say how often each distinct card was acquired and how often the players
who owned it won. A card counts as owned by a player when it is in their civilization (active
or in decadence) at the end of its age: at the end of the game for the last age, at the last
decision before the age ended for the others (cards then leave: the civilization becomes the
legacy of the past, and the old legacy leaves), together with the cards of that age left in
their legacy after it. A player owning two copies counts once.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import queue
import signal
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .bots import BOTS, Bot
from .engine import Game
from .state import State

BATCH = 25                  # games per task of the process pool
MAX_ACTIONS = 100_000       # a game longer than this is stopped and reported

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
    bots: tuple[str, ...]           # one per seat


@dataclass
class GameRecord:
    """The outcome of one game."""

    index: int
    seed: int
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    actions: int = 0
    rounds: int = 0
    acquired: list[int] = field(default_factory=list)          # card index per acquisition
    owned: list[list[int]] = field(default_factory=list)       # per seat: card indexes
    error: str | None = None


@dataclass
class Summary:
    """Everything a simulation found, as plain data."""

    pack: str
    variant: str | None
    board: str | None
    ages: str | None
    players: int
    seed: int
    games: int
    bots: list[str]                                  # per seat
    seats: list[dict[str, Any]]                      # per seat: bot, scores, win rate
    by_bot: dict[str, dict[str, Any]]                # per bot: seats played, wins, win rate
    length: dict[str, float]                         # actions and rounds per game
    cards: list[dict[str, Any]]                      # per distinct card
    ties: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)     # the first 100 by index
    failed: int = 0                                  # games that ended in an error
    interrupted: bool = False                        # stopped early: `games` were finished

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_data(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Summary:
        return cls(**json.loads(text))

    def ranked_cards(self, minimum: int | None = None) -> list[dict[str, Any]]:
        """Cards owned often enough to judge (`minimum` owners), best win rate first."""
        if minimum is None:
            minimum = max(3, (self.games - self.failed) * self.players // 50)
        found = [c for c in self.cards if c["owned"] >= minimum]
        return sorted(found, key=lambda c: (-c["win_rate"], -c["owned"], c["name"]))


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


def play(game: Game, bots: Sequence[Bot], seed: int,
         on_state: Callable[[State, State, Action], None] | None = None,
         max_actions: int = MAX_ACTIONS) -> State:
    """Play one whole game with one bot per seat; return the final state. `on_state(before,
    after, action)` is called after each action."""
    state = game.new(players=len(bots), seed=seed, quiet=True)
    actions = 0
    while not state.over:
        if actions >= max_actions:
            raise RuntimeError(f"the game was stopped after {max_actions} actions")
        seat = state.to_move
        if seat is None:
            raise RuntimeError("the game waits for nobody: it cannot go on")
        choice = bots[seat].choose(game, state, game.choices(state))
        after = game.apply(state, choice)
        actions += 1
        if on_state is not None:
            on_state(state, after, choice)
        state = after
    return state


def play_record(game: Game, config: Config, index: int) -> GameRecord:
    """Play game `index` of a simulation and record what the statistics need."""
    seed = config.seed + index
    record = GameRecord(index=index, seed=seed)
    catalog = game.catalog
    bots = [BOTS[name](bot_seed(seed, seat)) for seat, name in enumerate(config.bots)]
    owned: list[set[int]] = [set() for _ in range(config.players)]
    rounds: set[tuple[int, int]] = set()

    def civilizations(state: State) -> list[set[int]]:
        return [{catalog.copies[c] for c in p.all_cards()} for p in state.players]

    def watch(before: State, after: State, action: Action) -> None:
        record.actions += 1
        if before.round > 0:
            rounds.add((before.age, before.round))
        if action.kind in ("acquire", "buy"):
            record.acquired.append(catalog.copies[action.params["card"]])
        if after.age != before.age:             # an age ended: what each player had
            ended = game.ages[before.age]
            for seat, cards in enumerate(civilizations(before)):
                owned[seat] |= cards
                owned[seat] |= {catalog.copies[c] for c in after.players[seat].legacy
                                if catalog.info(c).age == ended}

    try:
        state = play(game, bots, seed, watch)
    except Exception as e:          # an engine or pack error: reported, not fatal
        record.error = f"{type(e).__name__}: {e}"
        return record
    rounds.add((state.age, state.round))
    for seat, cards in enumerate(civilizations(state)):
        owned[seat] |= cards
    record.rounds = len(rounds)
    record.scores = list(state.scores)
    record.winners = list(state.winners)
    record.owned = [sorted(s) for s in owned]
    return record


# ------------------------------------------------------------------ many games

_GAMES: dict[tuple, Game] = {}


def _load(config: Config) -> Game:
    key = (config.pack, config.variant, config.board, config.ages)
    if key not in _GAMES:
        _GAMES[key] = Game.load(config.pack, variant=config.variant, board=config.board,
                                ages=config.ages)
    return _GAMES[key]


def play_batch(config: Config, start: int, count: int,
               parent: int | None = None) -> list[GameRecord]:
    """Games start .. start+count-1 (a task of the process pool). A worker whose `parent`
    process is gone stops between two games instead of playing on alone."""
    game = _load(config)
    records = []
    for i in range(start, start + count):
        if parent is not None and os.getppid() != parent:
            break
        records.append(play_record(game, config, i))
    return records


class SimulationStopped(BaseException):
    """The simulation was asked to stop (Ctrl-C or SIGTERM); the finished games are summed.
    Not an `Exception`, so that a game's own error handling never swallows it."""


def _worker_start() -> None:
    # Ctrl-C reaches every process of the terminal's group: the main process alone decides
    # what to do (sum up the finished games, then end the workers).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # started while the main process held these back: a worker must die of SIGTERM
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


@contextmanager
def _stop_on_signals() -> Iterator[None]:
    """Ctrl-C and SIGTERM become `SimulationStopped` in the main thread, for the duration."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: Any) -> None:
        for sig in previous:        # a second Ctrl-C must not interrupt ending the workers
            signal.signal(sig, signal.SIG_IGN)
        raise SimulationStopped(signal.Signals(signum).name)
    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def simulate(pack: str | Path | Game, games: int, players: int = 3, seed: int = 0,
             bots: BotSpec | None = "greedy", variant: str | None = None, workers: int = 1,
             progress: Callable[[int, int], None] | None = None, board: str | None = None,
             ages: str | Sequence[str] | None = None, batch: int = BATCH) -> Summary:
    """Play `games` games of `players` bots and sum them up. `pack` is a pack folder (or, with
    one worker, a loaded Game); `bots` one name, or names cycled over the seats;
    `progress(done, total)` is told when play starts (done 0) and as games finish.

    Memory does not grow with `games`: games are handed to the workers as they free up and
    each finished game is added to running totals. Ctrl-C or SIGTERM stops the simulation:
    the workers are ended and the summary of the games finished is returned, marked
    `interrupted`."""
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    ages_played = ages if ages is None or isinstance(ages, str) else "+".join(ages)
    names = seat_bots(bots, players)
    if isinstance(pack, Game):          # workers load it again from its folder and options
        game = pack
        config = Config(str(game.pack.root), game.pack.variant, game.board_side,
                        "+".join(game.ages), players, seed, names)
    else:
        config = Config(str(pack), variant, board, ages_played, players, seed, names)
        game = _load(config)            # loaded here first: a bad pack fails early
    limits = game.pack.game.get("players") or {}
    if not limits.get("min", 1) <= players <= limits.get("max", 10):
        raise ValueError(f"{game.pack.name} is for {limits.get('min')} to "
                         f"{limits.get('max')} players, not {players}")
    tally = Tally(game, config)

    def add(records: list[GameRecord]) -> None:
        for record in records:
            tally.add(record)
        if progress is not None and records:
            progress(tally.games, games)
    try:
        with _stop_on_signals():
            if progress is not None:
                progress(0, games)          # started: from now on Ctrl-C gives a summary
            if workers <= 1 or games <= 1:
                for i in range(games):
                    add([play_record(game, config, i)])
            else:
                _in_pool(config, games, workers, max(1, min(batch, -(-games // workers))),
                         add)
    except (SimulationStopped, KeyboardInterrupt):
        tally.interrupted = True
    return tally.summary()


def _in_pool(config: Config, games: int, workers: int, size: int,
             add: Callable[[list[GameRecord]], None]) -> None:
    """Play the games in `workers` processes, two batches in flight per worker at most; the
    workers never outlive this call (they are terminated if it is interrupted)."""
    # no signal may fall between starting the workers and being ready to end them
    stopping = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, stopping)
    try:
        pool = multiprocessing.get_context().Pool(workers, initializer=_worker_start)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)
    done: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
    try:
        starts = iter(range(0, games, size))
        in_flight = 0
        for _ in range(2 * workers):
            in_flight += _submit(pool, config, starts, games, size, done)
        while in_flight:
            ok, result = done.get()
            in_flight -= 1
            if not ok:
                raise result
            add(result)
            in_flight += _submit(pool, config, starts, games, size, done)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _submit(pool: Any, config: Config, starts: Iterator[int], games: int, size: int,
            done: queue.SimpleQueue[tuple[bool, Any]]) -> int:
    start = next(starts, None)
    if start is None:
        return 0
    pool.apply_async(play_batch, (config, start, min(size, games - start), os.getpid()),
                     callback=lambda r: done.put((True, r)),
                     error_callback=lambda e: done.put((False, e)))
    return 1


# ------------------------------------------------------------------ summing up

SHARES = 2520           # a win shared by k <= 10 players is SHARES // k: exact, in any order
MAX_ERRORS = 100        # the failed games listed (the first by index); all are counted


def _mean(total: int, n: int) -> float:
    return round(total / n, 4) if n else 0.0


def _median(counts: Counter[int]) -> float:
    """The median of values given as value -> how many times."""
    n = sum(counts.values())
    if not n:
        return 0.0
    ordered = sorted(counts.items())

    def nth(k: int) -> int:
        seen = 0
        for value, count in ordered:
            seen += count
            if seen > k:
                return value
        return ordered[-1][0]
    return float(nth((n - 1) // 2) + nth(n // 2)) / 2


class Tally:
    """Running totals of finished games: what a summary needs, whatever the number of games
    (values are counted, not listed), and the same whatever order games finish in."""

    def __init__(self, game: Game, config: Config) -> None:
        self.game = game
        self.config = config
        self.games = 0
        self.played = 0
        self.interrupted = False
        seats = config.players
        self.scores = [Counter[int]() for _ in range(seats)]
        self.wins = [0] * seats                             # in SHARES
        self.actions: Counter[int] = Counter()
        self.rounds: Counter[int] = Counter()
        self.ties = 0
        size = len(game.catalog.cards)
        self.acquired = [0] * size
        self.owned = [0] * size
        self.won = [0] * size                               # in SHARES
        self.failed = 0
        self.errors: list[dict[str, Any]] = []              # the first MAX_ERRORS by index

    def add(self, record: GameRecord) -> None:
        self.games += 1
        if record.error is not None:
            self.failed += 1
            self.errors.append({"game": record.index, "seed": record.seed,
                                "error": record.error})
            self.errors.sort(key=lambda e: e["game"])
            del self.errors[MAX_ERRORS:]
            return
        self.played += 1
        share = SHARES // len(record.winners) if record.winners else 0
        for seat, score in enumerate(record.scores):
            self.scores[seat][score] += 1
            if seat in record.winners:
                self.wins[seat] += share
        self.actions[record.actions] += 1
        self.rounds[record.rounds] += 1
        self.ties += len(record.winners) > 1
        for index in record.acquired:
            self.acquired[index] += 1
        for seat, indexes in enumerate(record.owned):
            for index in indexes:
                self.owned[index] += 1
                if seat in record.winners:
                    self.won[index] += share

    def summary(self) -> Summary:
        """The statistics of the games finished (games that failed are listed as errors)."""
        config, n = self.config, self.played

        def total(counts: Counter[int]) -> int:
            return sum(v * c for v, c in counts.items())
        seats = []
        for seat, name in enumerate(config.bots):
            wins = self.wins[seat] / SHARES
            seats.append({"seat": seat + 1, "bot": name,
                          "mean_score": _mean(total(self.scores[seat]), n),
                          "median_score": _median(self.scores[seat]), "wins": round(wins, 4),
                          "win_rate": round(wins / n, 4) if n else 0.0})
        by_bot: dict[str, dict[str, Any]] = {}
        for seat, name in enumerate(config.bots):
            entry = by_bot.setdefault(name, {"seats": 0, "wins": 0, "score": 0})
            entry["seats"] += n
            entry["wins"] += self.wins[seat]
            entry["score"] += total(self.scores[seat])
        for entry in by_bot.values():
            entry["mean_score"] = _mean(entry.pop("score"), entry["seats"])
            wins = entry["wins"] / SHARES
            entry["wins"] = round(wins, 4)
            entry["win_rate"] = round(wins / entry["seats"], 4) if entry["seats"] else 0.0
        length = {"mean_actions": _mean(total(self.actions), n),
                  "median_actions": _median(self.actions),
                  "max_actions": float(max(self.actions, default=0)),
                  "mean_rounds": _mean(total(self.rounds), n),
                  "median_rounds": _median(self.rounds),
                  "max_rounds": float(max(self.rounds, default=0))}
        cards = []
        for info in self.game.catalog.cards:
            if info.age not in self.game.ages:
                continue
            i = info.index
            won = self.won[i] / SHARES
            cards.append({"name": info.name, "id": info.id, "age": info.age, "type": info.type,
                          "acquired": self.acquired[i],
                          "acquired_per_game": round(self.acquired[i] / n, 4) if n else 0.0,
                          "owned": self.owned[i], "wins": round(won, 4),
                          "win_rate": round(won / self.owned[i], 4) if self.owned[i] else 0.0})
        return Summary(pack=self.game.pack.name, variant=config.variant, board=config.board,
                       ages=config.ages, players=config.players, seed=config.seed,
                       games=self.games, bots=list(config.bots), seats=seats, by_bot=by_bot,
                       length=length, cards=cards, ties=self.ties, errors=list(self.errors),
                       failed=self.failed, interrupted=self.interrupted)


def summarize(game: Game, config: Config, records: list[GameRecord]) -> Summary:
    """The statistics of finished games (games that failed are listed as errors)."""
    tally = Tally(game, config)
    for record in records:
        tally.add(record)
    return tally.summary()


__all__ = ["Config", "GameRecord", "SimulationStopped", "Summary", "Tally", "play", "seat_bots",
           "simulate"]
