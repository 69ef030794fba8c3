"""The game as a value: every fact of a position is plain data that goes to JSON and back.

Card copies are small integers (indexes into the game's catalogue of copies); zones are lists of
them. The civilization zone is a list of piles: the first card of a pile is active, the cards
under it are in decadence. Where play stands inside a phase or a half-resolved effect is the
`frames` stack; a decision waiting for a player is `pending`. The random generator's state is
part of the value, so the same seed and actions give the same game.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field, fields
from typing import Any

from .chance import Chance


@dataclass
class PlayerState:
    """One civilization."""

    seat: int
    events: list[int] = field(default_factory=list)
    civilization: list[list[int]] = field(default_factory=list)    # piles: [active, *decadent]
    legacy: list[int] = field(default_factory=list)
    tilted: list[int] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)          # gold, universal resource...
    tokens: list[int] = field(default_factory=list)                 # achievement token values
    space: str | None = None                                        # marker on the board
    score: int = 0
    age_scores: list[int] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)             # facts of this turn
    marks: dict[str, Any] = field(default_factory=dict)             # facts that last

    def active_cards(self) -> list[int]:
        return [pile[0] for pile in self.civilization]

    def decadent_cards(self) -> list[int]:
        return [c for pile in self.civilization for c in pile[1:]]

    def all_cards(self) -> list[int]:
        return [c for pile in self.civilization for c in pile]


@dataclass
class State:
    """A whole position, decision points included."""

    players: list[PlayerState]
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    age: int = 0                        # index into the ages being played
    round: int = 0
    active: int = 0                     # seat of the active player
    dice: list[dict[str, Any]] = field(default_factory=list)       # {die, face, used, times}
    board: dict[str, int] = field(default_factory=dict)            # space -> token value
    frames: list[dict[str, Any]] = field(default_factory=list)
    pending: dict[str, Any] | None = None
    rng: int = 0                        # the generator's state (see chance.py)
    log: list[str] = field(default_factory=list)
    over: bool = False
    winners: list[int] = field(default_factory=list)
    steps: int = 0                      # work done since the last decision (the step budget)
    marks: dict[str, Any] = field(default_factory=dict)            # facts of the round and age

    # ---------------------------------------------------------------- derived facts

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    @property
    def to_move(self) -> int | None:
        """The seat of the player who must decide now (None when the game is over)."""
        return None if self.pending is None else int(self.pending["player"])

    # ---------------------------------------------------------------- chance

    def random(self) -> Chance:
        return Chance(self.rng)

    def store_random(self, generator: Chance) -> None:
        self.rng = generator.state

    # ---------------------------------------------------------------- values

    def clone(self) -> State:
        """An independent copy. The log and the pending decision are shared until replaced:
        the engine only ever appends to a fresh log list and replaces `pending` whole."""
        new = copy.copy(self)
        new.players = [_clone_player(p) for p in self.players]
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.dice = [dict(d) for d in self.dice]
        new.board = dict(self.board)
        new.frames = copy_data(self.frames)
        new.log = list(self.log)
        new.marks = dict(self.marks)
        new.winners = list(self.winners)
        return new

    def to_json(self) -> str:
        return json.dumps(self.to_data(), separators=(",", ":"), sort_keys=True)

    def to_data(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "players"}
        data["players"] = [{f.name: getattr(p, f.name) for f in fields(p)}
                           for p in self.players]
        return copy.deepcopy(data)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> State:
        data = copy.deepcopy(data)
        players = [PlayerState(**p) for p in data.pop("players")]
        return cls(players=players, **data)

    @classmethod
    def from_json(cls, text: str) -> State:
        return cls.from_data(json.loads(text))

    def digest(self) -> str:
        """A hash of the whole position: equal positions have equal digests."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()


def copy_data(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, scalars), faster than deepcopy."""
    if isinstance(value, dict):
        return {k: copy_data(v) if isinstance(v, (dict, list)) else v for k, v in value.items()}
    if isinstance(value, list):
        return [copy_data(v) if isinstance(v, (dict, list)) else v for v in value]
    return value


def _clone_player(p: PlayerState) -> PlayerState:
    new = copy.copy(p)
    new.events = list(p.events)
    new.civilization = [list(pile) for pile in p.civilization]
    new.legacy = list(p.legacy)
    new.tilted = list(p.tilted)
    new.counters = dict(p.counters)
    new.tokens = list(p.tokens)
    new.age_scores = list(p.age_scores)
    new.flags = copy_data(p.flags)
    new.marks = dict(p.marks)
    return new
