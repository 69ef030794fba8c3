"""The facts of one game played by bots, gathered as it is played, for the balance report.

Most facts come from the position around each move: the offers (a copy coming into a player's
events zone: dealt, drawn or exchanged to them; each acquisition takes a copy offered, so a card
is never acquired more often than offered, whatever its copies), the cards acquired by an
acquire or buy move (card, seat, round of the age), the cards each player owned when an age
ended and the points they brought then. The others are told
by the engine as they happen (`Game.note`): a calamity failing, a card destroyed (counted for a
calamity while that calamity's failure rule runs), an achievement token taken on the board, a
war's outcome, and every card rule that starts to run (effect coverage). The simulation listens
only while the real move is applied, never while a bot tries moves on a copy of the position.

A card counts as owned by a player when it is in their civilization (active or in decadence)
when its age ends: at the end of the game for the last age, at the last decision before the age
ended for the others (cards then leave: the civilization becomes the legacy of the past), with
the cards of that age left in their legacy after it. A player owning two copies counts once.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules_dsl import ast

from ..compile.meaning import Ctx
from ..compile.program import card_program
from .report import CardRef, GameRecord, Report, RuleRef

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import State
    from ..engine.game import Game

ACQUIRING = ("acquire", "buy")


class Recorder:
    """Fills a `GameRecord` while one game is played: `before(state, action)` and
    `after(state)` around each move, `note` as the engine's observer during the move."""

    def __init__(self, game: Game, record: GameRecord, players: int) -> None:
        self.game = game
        self.copies = game.catalog.copies
        self.record = record
        self.offered: list[Counter[int]] = [Counter() for _ in range(players)]  # card -> offers
        self.showing: list[set[int]] = [set() for _ in range(players)]  # copies in events
        self.owned: list[set[int]] = [set() for _ in range(players)]
        self.points: list[Counter[int]] = [Counter() for _ in range(players)]
        self.rounds: set[tuple[int, int]] = set()
        self.fired: set[str] = set()
        self.striking: dict[int, list[int]] = {}  # calamity copy -> what it destroyed
        self._age = -1
        self._ending: list[tuple[set[int], Counter[int]]] = []  # per seat, at the last move
        # what a civilization holds, by its cards, while none of them has a points formula
        self._held: dict[tuple[int, ...], tuple[set[int], Counter[int]]] = {}

    # ---------------------------------------------------------------- around each move

    def before(self, state: State, action: Action) -> None:
        record = self.record
        if not record.actions:  # later, `after` has seen the position this move starts from
            self._see_events(state)
        record.actions += 1
        if state.round > 0:
            self.rounds.add((state.age, state.round))
        if action.kind in ACQUIRING:
            record.acquired.append(
                (self.copies[action.params["card"]], int(state.to_move or 0), state.round)
            )
        self._age = state.age
        # what each player has now, in case this move ends the age (the cards then leave)
        self._ending = [self._holding(state, seat) for seat in range(len(state.players))]

    def after(self, state: State) -> None:
        self._see_events(state)
        if state.age != self._age and not state.over:  # an age ended and the next began
            ended = self.game.ages[self._age]
            for seat, (cards, points) in enumerate(self._ending):
                archive = self.game.zones.archive
                legacy = {
                    self.copies[c]
                    for c in (state.players[seat].zones[archive] if archive >= 0 else ())
                    if self.game.catalog.info(c).age == ended
                }
                self.owned[seat] |= cards | legacy
                self.points[seat].update(points)

    def finish(self, state: State) -> GameRecord:
        """The record of the finished game whose final position is `state`."""
        record = self.record
        self._see_events(state)
        self.rounds.add((state.age, state.round))
        for seat in range(len(state.players)):
            cards, points = self._holding(state, seat)
            self.owned[seat] |= cards
            self.points[seat].update(points)
        record.rounds = len(self.rounds)
        record.scores = list(state.scores)
        record.winners = list(state.winners)
        record.age_scores = {
            age: [p.age_scores[i] for p in state.players]
            for i, age in enumerate(self.game.ages)
            if all(len(p.age_scores) > i for p in state.players)
        }
        record.offered = [sorted(c.elements()) for c in self.offered]
        record.owned = [sorted(s) for s in self.owned]
        record.points = [dict(sorted(c.items())) for c in self.points]
        record.fired = sorted(self.fired)
        seats = range(len(state.players))  # the pack's own measures, at the end (`report:`)
        record.measures = {
            name: [int(measure(Ctx(state, self.game.catalog, seat))) for seat in seats]
            for name, measure in self.game.formulas.report.items()
        }
        return record

    def _see_events(self, state: State) -> None:
        """Count the copies that came into each player's hand since the last look."""
        hand = self.game.zones.hand
        if hand < 0:  # a game with no hand: nothing is offered from one
            return
        for seat, player in enumerate(state.players):
            now = set(player.zones[hand])
            self.offered[seat].update(self.copies[c] for c in now - self.showing[seat])
            self.showing[seat] = now

    def _holding(self, state: State, seat: int) -> tuple[set[int], Counter[int]]:
        """The cards in a player's civilization and the points each brings now (the same
        cards bring the same points unless one has a points formula: those are kept by the
        cards, and read again only while some card's points depend on the position). The
        sets and counters returned are read, never changed."""
        held = tuple(state.players[seat].all_cards())
        known = self._held.get(held)
        if known is not None:
            return known
        cards: set[int] = set()
        points: Counter[int] = Counter()
        formulas = self.game.formulas.points
        catalog = self.game.catalog
        constant = True
        for copy in held:
            info = catalog.info(copy)
            cards.add(info.index)
            formula = formulas.get(info.index)
            value = (
                formula(Ctx(state, self.game.catalog, seat, copy))
                if formula is not None
                else int(info.points)
            )
            constant = constant and formula is None
            if value:
                points[info.index] += value
        if constant:
            self._held[held] = (cards, points)
        return cards, points

    # ---------------------------------------------------------------- told by the engine

    def note(self, kind: str, facts: dict[str, Any]) -> None:
        record = self.record
        if kind == "rule":
            if facts["key"].startswith("card:"):
                self.fired.add(facts["key"])
        elif kind == "fail":
            lost: list[int] = []
            self.striking[facts["card"]] = lost
            record.failed.append((self.copies[facts["card"]], facts["seat"], lost))
        elif kind == "destroy":
            calamity = _failing(facts["frames"])
            if calamity is not None and calamity in self.striking:
                self.striking[calamity].append(self.copies[facts["card"]])
        elif kind == "token":
            record.tokens.append((facts["value"], facts["seat"]))
        elif kind == "contest":
            record.wars.append((facts["attacker"], facts["defender"], facts["winner"]))


def _failing(frames: list[dict[str, Any]]) -> int | None:
    """The calamity whose failure rule is the innermost card rule running, if it is one."""
    for frame in reversed(frames):
        program = frame["prog"]
        if program.startswith("card:"):
            return frame.get("card") if ":failure:" in program else None
    return None


# ------------------------------------------------------------------ the report's frame


def card_refs(game: Game) -> list[CardRef]:
    """The distinct cards of the ages played and of the decks, in the pack's order."""
    return [
        CardRef(info.index, info.id, info.name, info.age, info.type)
        for info in game.catalog.cards
        if played(game, info.age)
    ]


def played(game: Game, owner: str) -> bool:
    """Whether a card's age is played, or the card is a deck's (dealt in every game)."""
    return owner in game.ages or game.catalog.is_deck(owner)


def rule_refs(game: Game) -> list[RuleRef]:
    """Every card rule that a trigger starts (one per card and trigger, type rules included),
    with where it is written (file:line), for the cards dealt in the ages played (a card a
    deck leaves out cannot run)."""
    dealt = set(game.catalog.copies)
    refs = []
    for info in game.catalog.cards:
        if not played(game, info.age) or info.index not in dealt:
            continue
        for event, bodies in info.triggers.items():
            for n, body in enumerate(bodies):
                key = card_program(info.index, event, n)
                where = _where(game, key, body)
                refs.append(RuleRef(key, info.name, event, where, info.id, info.age))
    return refs


def _where(game: Game, key: str, body: Any) -> str:
    """file:line of the trigger whose body is `body` (the file relative to the pack)."""
    source = game.sources.get(key)
    if source is None:
        return "?"
    card = game.pack.cards[int(key.split(":")[1])]
    extra = game.pack.type_rules.get(card.type)
    span = next(
        (
            s.span
            for s in (*card.rules.statements, *(extra.statements if extra else ()))
            if isinstance(s, ast.Trigger) and s.body is body
        ),
        None,
    )
    place = source.locate(span, "warning", "rule", "")  # only its place is read
    file, root = Path(place.file or source.file).resolve(), game.pack.root.resolve()
    if file.is_relative_to(root):
        file = file.relative_to(root)
    return f"{file}:{place.line}"


def new_report(game: Game, title: dict[str, Any]) -> Report:
    """An empty report of `game` (the pack as loaded, with its options) for `title`."""
    return Report(title, card_refs(game), rule_refs(game))


__all__ = ["Recorder", "card_refs", "new_report", "rule_refs"]
