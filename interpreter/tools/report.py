"""The balance report: what many games say about a pack, with the confidence each figure deserves.

A `Report` is fed one `GameRecord` at a time and two reports merge by adding their counts, so a
simulation streams its games through it (memory does not grow with the number of games) and
workers' partial reports merge into the same figures in any order.

Per card it keeps how often the card was offered (a copy coming into a player's events zone),
how many offers were acquired, the round it was acquired in, the points it brought, and the
wins of the players who owned it against those who did not — a difference of rates with
Newcombe's 95% interval. Per card that can fail: how often it failed and what it destroyed.
Also: seat win rates, game length and scores by age, the achievement tokens taken, wars
declared and won, and **effect coverage**: the triggered rules of the pack that never ran (a
card whose effect never ran is untested).
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from .stats import Difference, Running, adjust, mean_difference, rate_difference, wilson

MAX_ERRORS = 100  # failed games listed (the first by index); all are counted


# How the report splits a measure of the pack: every player, the game's winners, the others.
MEASURE_GROUPS = ("all", "winners", "others")


@dataclass
class GameRecord:
    """The facts of one finished game that the report needs (plain data: crosses processes)."""

    index: int
    seed: int
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    actions: int = 0
    rounds: int = 0
    age_scores: dict[str, list[int]] = field(default_factory=dict)  # age -> points per seat
    offered: list[list[int]] = field(default_factory=list)  # per seat: a card per offer
    acquired: list[tuple[int, int, int]] = field(default_factory=list)  # (card, seat, round)
    owned: list[list[int]] = field(default_factory=list)  # per seat: card indexes
    points: list[dict[int, int]] = field(default_factory=list)  # per seat: card -> points
    failed: list[tuple[int, int, list[int]]] = field(default_factory=list)  # (card, seat, lost)
    tokens: list[tuple[int, int]] = field(default_factory=list)  # (value, seat)
    wars: list[tuple[int, int, int | None]] = field(default_factory=list)  # (by, on, winner)
    fired: list[str] = field(default_factory=list)  # keys of rules that ran
    measures: dict[str, list[int]] = field(default_factory=dict)  # `report:` name -> per seat
    error: str | None = None


@dataclass(frozen=True)
class CardRef:
    """What the report says of a card besides its counts."""

    index: int
    id: str
    name: str
    age: str
    type: str


@dataclass(frozen=True)
class RuleRef:
    """A triggered rule of the pack, for effect coverage."""

    key: str
    card: str
    event: str
    where: str  # file:line
    card_id: str = ""  # the card's id and age in the pack, for a link to it (an id is unique
    age: str = ""  # within its age only)


@dataclass
class CardTally:
    offered: int = 0  # offers: a copy coming into a player's events
    taken_when_offered: int = 0  # of those, the offers acquired
    acquired: int = 0  # acquisitions
    per_game: Running = field(default_factory=Running)  # acquisitions in each game
    rounds: Running = field(default_factory=Running)
    owners: int = 0  # (game, seat) pairs that owned it
    owner_wins: Fraction = Fraction(0)  # a tie shares the win
    others: int = 0
    other_wins: Fraction = Fraction(0)
    points: Running = field(default_factory=Running)
    failed: int = 0  # a calamity striking
    destroyed: Counter[int] = field(default_factory=Counter)

    def merge(self, other: CardTally) -> None:
        self.offered += other.offered
        self.taken_when_offered += other.taken_when_offered
        self.acquired += other.acquired
        self.per_game.merge(other.per_game)
        self.rounds.merge(other.rounds)
        self.owners += other.owners
        self.owner_wins += other.owner_wins
        self.others += other.others
        self.other_wins += other.other_wins
        self.points.merge(other.points)
        self.failed += other.failed
        self.destroyed.update(other.destroyed)


@dataclass
class Report:
    """Counts over finished games; `to_json` turns them into the figures a designer reads."""

    title: dict[str, Any]  # pack, variant, board, ages, players, seed, bots
    cards: list[CardRef]
    rules: list[RuleRef]
    games: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)
    seat_wins: list[Fraction] = field(default_factory=list)
    seat_scores: list[Running] = field(default_factory=list)
    actions: Running = field(default_factory=Running)
    rounds: Running = field(default_factory=Running)
    ties: int = 0
    age_scores: dict[str, Running] = field(default_factory=dict)
    score_histogram: dict[str, Counter[int]] = field(default_factory=dict)
    tally: dict[int, CardTally] = field(default_factory=dict)
    tokens: Counter[int] = field(default_factory=Counter)
    wars_declared: int = 0
    wars_won_by_attacker: int = 0
    fired: Counter[str] = field(default_factory=Counter)
    # the pack's own measures at the end (`report:`): name -> all players, winners, the others
    measures: dict[str, dict[str, Running]] = field(default_factory=dict)
    failed: int = 0  # games that ended in an error (the first are listed)
    interrupted: bool = False  # stopped early: the figures cover the games finished

    def __post_init__(self) -> None:
        players = int(self.title["players"])
        if not self.seat_wins:
            self.seat_wins = [Fraction(0)] * players
            self.seat_scores = [Running() for _ in range(players)]

    # ---------------------------------------------------------------- feeding

    def add(self, record: GameRecord) -> None:
        """Count one game (a failed game is listed as an error and counts nothing else)."""
        if record.error is not None:
            self.failed += 1
            self.errors.append({"game": record.index, "seed": record.seed, "error": record.error})
            self._keep_first_errors()
            return
        self.games += 1
        share = Fraction(1, len(record.winners)) if record.winners else Fraction(0)
        self.ties += len(record.winners) > 1
        for seat, score in enumerate(record.scores):
            self.seat_scores[seat].add(score)
            if seat in record.winners:
                self.seat_wins[seat] += share
        self.actions.add(record.actions)
        self.rounds.add(record.rounds)
        for age, scores in record.age_scores.items():
            running = self.age_scores.setdefault(age, Running())
            histogram = self.score_histogram.setdefault(age, Counter())
            for score in scores:
                running.add(score)
                histogram[score] += 1
        seats = range(len(record.scores))
        acquisitions = Counter((card, seat) for card, seat, _ in record.acquired)
        for seat in seats:
            offers = Counter(record.offered[seat]) if record.offered else Counter()
            for card, n in offers.items():
                entry = self._card(card)
                entry.offered += n
                entry.taken_when_offered += min(n, acquisitions[card, seat])
        for card, _seat, round_ in record.acquired:
            entry = self._card(card)
            entry.acquired += 1
            entry.rounds.add(round_)
        times = Counter(card for card, _, _ in record.acquired)
        owning: dict[int, list[int]] = {}  # card -> the seats that owned it
        for seat, cards in enumerate(record.owned):
            for card in set(cards):
                owning.setdefault(card, []).append(seat)
        all_wins = share * len(record.winners)
        for ref in self.cards:
            entry = self._card(ref.index)
            entry.per_game.add(times[ref.index])
            owners = owning.get(ref.index, [])
            won = share * sum(seat in record.winners for seat in owners)
            entry.owners += len(owners)
            entry.owner_wins += won
            entry.others += len(seats) - len(owners)
            entry.other_wins += all_wins - won
            for seat in owners:
                entry.points.add(record.points[seat].get(ref.index, 0) if record.points else 0)
        for card, _seat, lost in record.failed:
            entry = self._card(card)
            entry.failed += 1
            entry.destroyed.update(lost)
        for value, _seat in record.tokens:
            self.tokens[value] += 1
        for attacker, _defender, winner in record.wars:
            self.wars_declared += 1
            self.wars_won_by_attacker += winner == attacker
        self.fired.update(record.fired)
        for name, values in record.measures.items():
            kept = self.measures.setdefault(name, {k: Running() for k in MEASURE_GROUPS})
            for seat, value in enumerate(values):
                kept["all"].add(value)
                kept["winners" if seat in record.winners else "others"].add(value)

    def _keep_first_errors(self) -> None:
        self.errors.sort(key=lambda e: e["game"])
        del self.errors[MAX_ERRORS:]

    def _card(self, index: int) -> CardTally:
        entry = self.tally.get(index)
        if entry is None:
            entry = self.tally[index] = CardTally()
        return entry

    def merge(self, other: Report) -> None:
        """Add another report of the same pack and settings (a worker's share)."""
        self.games += other.games
        self.failed += other.failed
        self.errors += other.errors
        self._keep_first_errors()
        self.interrupted |= other.interrupted
        for seat, wins in enumerate(other.seat_wins):
            self.seat_wins[seat] += wins
            self.seat_scores[seat].merge(other.seat_scores[seat])
        self.actions.merge(other.actions)
        self.rounds.merge(other.rounds)
        self.ties += other.ties
        for age, running in other.age_scores.items():
            self.age_scores.setdefault(age, Running()).merge(running)
            self.score_histogram.setdefault(age, Counter()).update(other.score_histogram[age])
        for index, entry in other.tally.items():
            self._card(index).merge(entry)
        self.tokens.update(other.tokens)
        self.wars_declared += other.wars_declared
        self.wars_won_by_attacker += other.wars_won_by_attacker
        self.fired.update(other.fired)
        for name, groups in other.measures.items():
            kept = self.measures.setdefault(name, {k: Running() for k in MEASURE_GROUPS})
            for key, running in groups.items():
                kept[key].merge(running)

    # ---------------------------------------------------------------- figures

    def card_rows(self) -> list[dict[str, Any]]:
        """One row per card of the ages played, with its figures and their intervals."""
        rows = []
        names = {ref.index: ref.name for ref in self.cards}
        tallies = [self.tally.get(ref.index, CardTally()) for ref in self.cards]
        # every card is tested at once: each is judged with the others in mind
        advantages = adjust(
            [rate_difference(t.owner_wins, t.owners, t.other_wins, t.others) for t in tallies]
        )
        # the cards that can fail: an "on failure" rule of theirs (or of their type) is played
        fails = {rule.card for rule in self.rules if rule.event == "failure"}
        for ref, t, advantage in zip(self.cards, tallies, advantages, strict=True):
            row: dict[str, Any] = {
                "id": ref.id,
                "name": ref.name,
                "age": ref.age,
                "type": ref.type,
                "offered": t.offered,
                "acquired": t.acquired,
                "acquired_when_offered": _rate(t.taken_when_offered, t.offered),
                "mean_round": round(t.rounds.mean, 2) if t.rounds.n else None,
                "owners": t.owners,
                "owner_win_rate": _rate(t.owner_wins, t.owners),
                "owner_win_ci": _interval(t.owner_wins, t.owners),
                "non_owner_win_rate": _rate(t.other_wins, t.others),
                "win_rate_advantage": advantage.to_json() if advantage else None,
                "mean_points": round(t.points.mean, 3) if t.points.n else None,
                "never_acquired": t.acquired == 0,
            }
            if ref.name in fails or t.failed:
                row["failed"] = t.failed
                row["destroyed"] = {
                    names.get(i, str(i)): n
                    for i, n in sorted(t.destroyed.items(), key=lambda x: (-x[1], x[0]))
                }
            rows.append(row)
        return rows

    def coverage(self) -> dict[str, Any]:
        never = [rule for rule in self.rules if not self.fired.get(rule.key)]
        return {
            "rules": len(self.rules),
            "fired": len(self.rules) - len(never),
            "never_fired": [
                {
                    "card": r.card,
                    "card_id": r.card_id,
                    "age": r.age,
                    "event": r.event,
                    "where": r.where,
                }
                for r in never
            ],
        }

    def to_json(self) -> dict[str, Any]:
        n = self.games
        seats = []
        for seat, wins in enumerate(self.seat_wins):
            seats.append(
                {
                    "seat": seat + 1,
                    "bot": self.title["bots"][seat],
                    "wins": round(float(wins), 4),
                    "win_rate": _rate(wins, n),
                    "win_ci": _interval(wins, n),
                    "score": self.seat_scores[seat].to_json(),
                }
            )
        ages = list(dict.fromkeys(ref.age for ref in self.cards))
        return {
            **self.title,
            "games": n + self.failed,
            "finished": n,
            "interrupted": self.interrupted,
            "seats": seats,
            "by_bot": self.by_bot(),
            "ties": self.ties,
            "length": {"actions": self.actions.to_json(), "rounds": self.rounds.to_json()},
            "scores_by_age": {
                age: {
                    "score": r.to_json(),
                    "histogram": {str(k): v for k, v in sorted(self.score_histogram[age].items())},
                }
                for age, r in sorted(self.age_scores.items(), key=lambda x: _order(ages, x[0]))
            },
            "cards": self.card_rows(),
            "tokens": {str(v): c for v, c in sorted(self.tokens.items())},
            "wars": {
                "declared": self.wars_declared,
                "won_by_attacker": self.wars_won_by_attacker,
                "attacker_win_rate": _rate(self.wars_won_by_attacker, self.wars_declared),
            },
            "measures": {
                name: {key: r.to_json() for key, r in groups.items()}
                for name, groups in self.measures.items()
            },
            "coverage": self.coverage(),
            "failed": self.failed,
            "errors": list(self.errors),
        }

    def by_bot(self) -> dict[str, dict[str, Any]]:
        """Per bot: the seats it played (games × its seats), its wins and win rate."""
        out: dict[str, dict[str, Any]] = {}
        for seat, name in enumerate(self.title["bots"]):
            entry = out.setdefault(name, {"seats": 0, "wins": Fraction(0)})
            entry["seats"] += self.games
            entry["wins"] += self.seat_wins[seat]
        return {
            name: {
                "seats": e["seats"],
                "wins": round(float(e["wins"]), 4),
                "win_rate": _rate(e["wins"], e["seats"]),
                "win_ci": _interval(e["wins"], e["seats"]),
            }
            for name, e in sorted(out.items())
        }

    def write_csv(self, folder: str | Path) -> list[Path]:
        """cards.csv, seats.csv and coverage.csv in `folder` (made if missing)."""
        from rules_dsl.safe_files import write_atomic

        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        data = self.to_json()
        cards = [
            {
                **{
                    k: v
                    for k, v in row.items()
                    if k not in ("win_rate_advantage", "owner_win_ci", "destroyed")
                },
                **_flat("owner_win_ci", row["owner_win_ci"]),
                **_flat("advantage", row["win_rate_advantage"]),
            }
            for row in data["cards"]
        ]
        seats = [
            {k: v for k, v in s.items() if k not in ("score", "win_ci")}
            | _flat("win_ci", s["win_ci"])
            | _flat("score", s["score"])
            for s in data["seats"]
        ]
        written = []
        for name, rows in (
            ("cards", cards),
            ("seats", seats),
            ("coverage", data["coverage"]["never_fired"]),
        ):
            written.append(write_atomic(out / f"{name}.csv", _csv(rows)))
        return written


def failing_kind(rows: list[dict[str, Any]]) -> str:
    """What the report calls the cards that can fail (the rows with "failed"): their type when
    they share one, the pack's word, else "card"."""
    kinds = {str(row["type"]) for row in rows if "failed" in row}
    return kinds.pop() if len(kinds) == 1 else "card"


def _order(ages: list[str], age: str) -> tuple[int, str]:
    return (ages.index(age) if age in ages else len(ages), age)


def _rate(successes: float | Fraction, trials: int) -> float | None:
    return round(float(successes / trials), 4) if trials else None


def _interval(successes: float | Fraction, trials: int) -> list[float] | None:
    if not trials:
        return None
    low, high = wilson(successes, trials)
    return [round(low, 4), round(high, 4)]


def _flat(prefix: str, value: Any) -> dict[str, Any]:
    if isinstance(value, dict):
        return {f"{prefix}_{k}": v for k, v in value.items()}
    if isinstance(value, list):
        return {f"{prefix}_low": value[0], f"{prefix}_high": value[1]}
    return {}


def _csv(rows: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    columns: dict[str, None] = {}
    for row in rows:
        columns.update(dict.fromkeys(row))
    writer = csv.DictWriter(buffer, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


# ------------------------------------------------------------------ A/B


@dataclass(frozen=True)
class Change:
    """One figure in A and in B, and whether B differs from A beyond chance."""

    what: str
    a: float | None
    b: float | None
    difference: Difference | None

    @property
    def significant(self) -> bool:
        return self.difference is not None and self.difference.significant

    def to_json(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "a": self.a,
            "b": self.b,
            "difference": self.difference.to_json() if self.difference else None,
        }


def compare(a: Report, b: Report) -> list[Change]:
    """Every figure of B against A: seats' win rates and scores, game length, and per card its
    acquisition rate and its owners' win rate; significant moves first."""
    changes: list[Change] = []
    for seat in range(min(len(a.seat_wins), len(b.seat_wins))):
        changes.append(
            Change(
                f"seat {seat + 1} win rate",
                _rate(a.seat_wins[seat], a.games),
                _rate(b.seat_wins[seat], b.games),
                rate_difference(b.seat_wins[seat], b.games, a.seat_wins[seat], a.games),
            )
        )
        changes.append(_means(f"seat {seat + 1} score", a.seat_scores[seat], b.seat_scores[seat]))
    changes.append(_means("actions per game", a.actions, b.actions))
    changes.append(_means("rounds per game", a.rounds, b.rounds))
    for age in a.age_scores.keys() & b.age_scores.keys():
        changes.append(_means(f"points scored in {age}", a.age_scores[age], b.age_scores[age]))
    b_cards = {(ref.age, ref.id): ref.index for ref in b.cards}
    for ref in a.cards:
        other = b_cards.get((ref.age, ref.id))
        if other is None:
            continue
        ta, tb = a.tally.get(ref.index, CardTally()), b.tally.get(other, CardTally())
        label = f"{ref.name} ({ref.age})"
        changes.append(
            Change(
                f"{label}: acquired per game",
                _rate(ta.acquired, a.games),
                _rate(tb.acquired, b.games),
                mean_difference(tb.per_game, ta.per_game) if ta.acquired or tb.acquired else None,
            )
        )
        changes.append(
            Change(
                f"{label}: owners' win rate",
                _rate(ta.owner_wins, ta.owners),
                _rate(tb.owner_wins, tb.owners),
                rate_difference(tb.owner_wins, tb.owners, ta.owner_wins, ta.owners),
            )
        )
    adjusted = adjust([c.difference for c in changes])  # one family of tests
    changes = [replace(c, difference=d) for c, d in zip(changes, adjusted, strict=True)]
    return sorted(
        changes, key=lambda c: (not c.significant, c.difference.p_value if c.difference else 1.0)
    )


def _means(what: str, a: Running, b: Running) -> Change:
    return Change(
        what,
        round(a.mean, 3) if a.n else None,
        round(b.mean, 3) if b.n else None,
        mean_difference(b, a),
    )
