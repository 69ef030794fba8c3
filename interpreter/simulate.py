"""Simulation: many whole games played by bots, summed up for a designer.

Game i is played with seed `seed + i` and its bots are seeded from that game's seed and their
seat, so a simulation gives the same summary whatever the number of workers. With workers > 1
the games go to a process pool in batches (about 100 games a task: one game a task would cost
more in overhead than a short game takes).

Per-card statistics say how often each distinct card was acquired and how often the players
who owned it won. A card counts as owned by a player when it is in their civilization (active
or in decadence) at the end of its age: at the end of the game for the last age, at the last
decision before the age ended for the others (cards then leave: the civilization becomes the
legacy of the past, and the old legacy leaves), together with the cards of that age left in
their legacy after it. A player owning two copies counts once.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .bots import BOTS, Bot
from .engine import Game
from .state import State

BATCH = 100                 # games per task of the process pool
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
    errors: list[dict[str, Any]] = field(default_factory=list)

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
            minimum = max(3, (self.games - len(self.errors)) * self.players // 50)
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


def play_batch(config: Config, start: int, count: int) -> list[GameRecord]:
    """Games start .. start+count-1 (a task of the process pool)."""
    game = _load(config)
    return [play_record(game, config, i) for i in range(start, start + count)]


def simulate(pack: str | Path | Game, games: int, players: int = 3, seed: int = 0,
             bots: BotSpec | None = "greedy", variant: str | None = None, workers: int = 1,
             progress: Callable[[int, int], None] | None = None, board: str | None = None,
             ages: str | Sequence[str] | None = None, batch: int = BATCH) -> Summary:
    """Play `games` games of `players` bots and sum them up. `pack` is a pack folder (or, with
    one worker, a loaded Game); `bots` one name, or names cycled over the seats;
    `progress(done, total)` is told as games finish."""
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    if isinstance(ages, (list, tuple)):
        ages = "+".join(ages)
    names = seat_bots(bots, players)
    if isinstance(pack, Game):          # workers load it again from its folder and options
        game = pack
        config = Config(str(game.pack.root), game.pack.variant, game.board_side,
                        "+".join(game.ages), players, seed, names)
    else:
        config = Config(str(pack), variant, board, ages, players, seed, names)
        game = _load(config)            # loaded here first: a bad pack fails early
    limits = game.pack.game.get("players") or {}
    if not limits.get("min", 1) <= players <= limits.get("max", 10):
        raise ValueError(f"{game.pack.name} is for {limits.get('min')} to "
                         f"{limits.get('max')} players, not {players}")
    records: list[GameRecord] = []
    if workers <= 1 or games <= 1:
        for i in range(games):
            records.append(play_record(game, config, i))
            if progress is not None:
                progress(i + 1, games)
    else:
        size = max(1, min(batch, -(-games // workers)))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_batch, config, start, min(size, games - start))
                       for start in range(0, games, size)]
            done = 0
            for future in futures:
                found = future.result()
                records += found
                done += len(found)
                if progress is not None:
                    progress(done, games)
    records.sort(key=lambda r: r.index)
    return summarize(game, config, records)


# ------------------------------------------------------------------ summing up


def _mean(values: Sequence[float]) -> float:
    return round(statistics.fmean(values), 4) if values else 0.0


def _median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else 0.0


def summarize(game: Game, config: Config, records: list[GameRecord]) -> Summary:
    """The statistics of finished games (games that failed are listed as errors)."""
    played = [r for r in records if r.error is None]
    n = len(played)
    seats = []
    for seat, name in enumerate(config.bots):
        scores = [r.scores[seat] for r in played]
        wins = sum(1 / len(r.winners) for r in played if seat in r.winners)
        seats.append({"seat": seat + 1, "bot": name, "mean_score": _mean(scores),
                      "median_score": _median(scores), "wins": round(wins, 4),
                      "win_rate": round(wins / n, 4) if n else 0.0})
    by_bot: dict[str, dict[str, Any]] = {}
    for seat, name in enumerate(config.bots):
        entry = by_bot.setdefault(name, {"seats": 0, "wins": 0.0, "scores": []})
        entry["seats"] += n
        entry["wins"] += sum(1 / len(r.winners) for r in played if seat in r.winners)
        entry["scores"] += [r.scores[seat] for r in played]
    for entry in by_bot.values():
        scores = entry.pop("scores")
        entry["mean_score"] = _mean(scores)
        entry["wins"] = round(entry["wins"], 4)
        entry["win_rate"] = round(entry["wins"] / entry["seats"], 4) if entry["seats"] else 0.0
    actions = [r.actions for r in played]
    rounds = [r.rounds for r in played]
    length = {"mean_actions": _mean(actions), "median_actions": _median(actions),
              "max_actions": float(max(actions, default=0)), "mean_rounds": _mean(rounds),
              "median_rounds": _median(rounds), "max_rounds": float(max(rounds, default=0))}
    cards = []
    acquired = [0] * len(game.catalog.cards)
    owned = [0] * len(game.catalog.cards)
    won = [0.0] * len(game.catalog.cards)
    for r in played:
        for index in r.acquired:
            acquired[index] += 1
        for seat, indexes in enumerate(r.owned):
            share = 1 / len(r.winners) if seat in r.winners else 0.0
            for index in indexes:
                owned[index] += 1
                won[index] += share
    for info in game.catalog.cards:
        if info.age not in game.ages:
            continue
        i = info.index
        cards.append({"name": info.name, "id": info.id, "age": info.age, "type": info.type,
                      "acquired": acquired[i],
                      "acquired_per_game": round(acquired[i] / n, 4) if n else 0.0,
                      "owned": owned[i], "wins": round(won[i], 4),
                      "win_rate": round(won[i] / owned[i], 4) if owned[i] else 0.0})
    return Summary(pack=game.pack.name, variant=config.variant, board=config.board,
                   ages=config.ages, players=config.players, seed=config.seed,
                   games=len(records), bots=list(config.bots), seats=seats, by_bot=by_bot,
                   length=length, cards=cards, ties=sum(len(r.winners) > 1 for r in played),
                   errors=[{"game": r.index, "seed": r.seed, "error": r.error}
                           for r in records if r.error is not None])


__all__ = ["Config", "GameRecord", "Summary", "play", "seat_bots", "simulate"]
