"""The game as a value: every fact of a position is plain data that goes to JSON and back.

Card copies are small integers (indexes into the game's catalogue of copies); zones are lists of
them, in the order the pack declares them (`interpreter.model.zones`). The tableau is a list of
piles (`tableau`): the first card of a pile is active, the cards under it are in decadence.
Where play stands inside a phase or a half-resolved effect is the `frames` stack; a decision
waiting for a player is `pending`. The random generator's state is
part of the value, so the same seed and actions give the same game.

The log is not part of the position: it is a persistent chain of lines shared by a state and
its copies (appending makes a new link), turned into a list only when read, and left out of the
JSON and the digest. So copying a state, `to_json` and `digest` cost the same at the end of a
game as at its start. A quiet state (the playout path) keeps no log at all.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .card_state import cards_data, cards_from_data
from .chance import Chance
from .rows import gaps_data, gaps_from_data

# A log is None or (previous link, line, number of lines).
Log = tuple[Any, str, int] | None


class PlayerState:
    """One player's part of the position."""

    __slots__ = (
        "age_scores",
        "counters",
        "flags",
        "marks",
        "score",
        "seat",
        "space",
        "tableau",
        "tilted",
        "tokens",
        "zones",
    )

    def __init__(
        self,
        seat: int,
        zones: list[list[int]] | None = None,
        tableau: list[list[int]] | None = None,
        tilted: list[int] | None = None,
        counters: dict[str, int] | None = None,
        tokens: list[int] | None = None,
        space: str | None = None,
        score: int = 0,
        age_scores: list[int] | None = None,
        flags: dict[str, Any] | None = None,
        marks: dict[str, Any] | None = None,
    ) -> None:
        self.seat = seat
        # the player's zones but the tableau, in the order the pack declares them
        self.zones: list[list[int]] = zones if zones is not None else []
        # the tableau's piles, the active card first; a pile is replaced by a new list, never
        # changed in place (a copy of the player shares them)
        self.tableau: list[list[int]] = tableau if tableau is not None else []
        self.tilted: list[int] = tilted if tilted is not None else []
        self.counters: dict[str, int] = counters if counters is not None else {}
        self.tokens: list[int] = tokens if tokens is not None else []  # token values
        self.space = space  # marker on board
        self.score = score
        self.age_scores: list[int] = age_scores if age_scores is not None else []
        # Facts of this turn, and facts that last. Their values are replaced, never changed in
        # place (a list of cards is written anew), so a copy of the dict is a copy of the facts:
        # tests/interpreter/test_positions_kept.py shows `apply` leaves every position as it was.
        self.flags: dict[str, Any] = flags if flags is not None else {}
        self.marks: dict[str, Any] = marks if marks is not None else {}

    def active_cards(self) -> list[int]:
        return [pile[0] for pile in self.tableau]

    def decadent_cards(self) -> list[int]:
        return [c for pile in self.tableau for c in pile[1:]]

    def all_cards(self) -> list[int]:
        return [c for pile in self.tableau for c in pile]

    def copy(self) -> PlayerState:
        # the piles are shared: a pile is replaced, never changed in place (see `tableau`)
        return PlayerState(
            self.seat,
            [zone[:] for zone in self.zones],
            self.tableau[:],
            self.tilted[:],
            self.counters.copy(),
            self.tokens[:],
            self.space,
            self.score,
            self.age_scores[:],
            self.flags.copy(),
            self.marks.copy(),
        )

    def to_data(self) -> dict[str, Any]:
        return copy_data({name: getattr(self, name) for name in PLAYER_FIELDS})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerState) and self.to_data() == other.to_data()

    def __repr__(self) -> str:
        return f"PlayerState({self.to_data()!r})"


PLAYER_FIELDS = (
    "seat",
    "zones",
    "tableau",
    "tilted",
    "counters",
    "tokens",
    "space",
    "score",
    "age_scores",
    "flags",
    "marks",
)


# Every attribute of a State (`become` copies them all; compiled classes have no `__slots__`).
STATE_SLOTS = (
    "_log",
    "_shared",
    "active",
    "age",
    "board",
    "cards",
    "dice",
    "frames",
    "gaps",
    "marks",
    "moves",
    "over",
    "pending",
    "pieces",
    "players",
    "quiet",
    "rng",
    "round",
    "steps",
    "winners",
    "zones",
)


class State:
    """A whole position, decision points included."""

    __slots__ = STATE_SLOTS

    def __init__(
        self,
        players: list[PlayerState],
        zones: list[list[int]] | None = None,
        age: int = 0,
        round: int = 0,
        active: int = 0,
        dice: list[dict[str, Any]] | None = None,
        board: dict[str, int] | None = None,
        frames: list[dict[str, Any]] | None = None,
        pending: dict[str, Any] | None = None,
        rng: int = 0,
        over: bool = False,
        winners: list[int] | None = None,
        steps: int = 0,
        marks: dict[str, Any] | None = None,
        moves: int = 0,
        log: list[str] | None = None,
        cards: dict[int, dict[str, Any]] | None = None,
        pieces: list[dict[str, Any]] | None = None,
        gaps: dict[int, list[int]] | None = None,
    ) -> None:
        self.players = players
        # the shared zones, in the order the pack declares them
        self.zones: list[list[int]] = zones if zones is not None else []
        self.age = age  # index into the ages being played
        self.round = round
        self.active = active  # seat of the active player
        self.dice: list[dict[str, Any]] = dice if dice is not None else []  # die, face, used..
        self.board: dict[str, int] = board if board is not None else {}  # space -> token index
        self.frames: list[dict[str, Any]] = frames if frames is not None else []
        self.pending = pending  # {player, kind, prompt, describe?, options: [Action]}
        self.rng = rng  # the generator's state (see chance.py)
        self.over = over
        self.winners: list[int] = winners if winners is not None else []
        self.steps = steps  # work done since the last decision (the step budget)
        # facts of the round and the age; values replaced, never changed in place (see flags)
        self.marks: dict[str, Any] = marks if marks is not None else {}
        self.moves = moves  # decisions answered so far (bots draw from it)
        # copy -> what it carries beyond its zone (face down, marks, tokens on it), only for
        # copies that differ from a fresh card; entries are replaced, never changed in place
        # (core/card_state.py), so a copy of the dict is a copy of the cards' states
        self.cards: dict[int, dict[str, Any]] = cards if cards is not None else {}
        # the pieces of the pack's kinds (core/pieces.py): entries replaced, never changed in
        # place, so a copy of the list is a copy of the pieces
        self.pieces: list[dict[str, Any]] = pieces if pieces is not None else []
        # each row's empty places (core/rows.py), an entry for every row of the game; entries
        # replaced, never changed in place
        self.gaps: dict[int, list[int]] = gaps if gaps is not None else {}
        self.quiet = False  # keep no log (playouts)
        self._log: Log = None
        # frames[:_shared] may be shared with a copy of the position (`clone`): such a frame is
        # copied before it changes (`own_frame`), so a copy costs one frame, not the stack
        self._shared = 0
        for line in log or ():
            self.say(line)

    # ---------------------------------------------------------------- derived facts

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    @property
    def to_move(self) -> int | None:
        """The seat of the player who must decide now (None when the game is over)."""
        return None if self.pending is None else int(self.pending["player"])

    # ---------------------------------------------------------------- the log

    def say(self, line: str) -> None:
        if not self.quiet:
            self._log = (self._log, line, 1 + (self._log[2] if self._log else 0))

    @property
    def log(self) -> list[str]:
        """The lines of the log, oldest first (built when read)."""
        lines = []
        link = self._log
        while link is not None:
            lines.append(link[1])
            link = link[0]
        lines.reverse()
        return lines

    @log.setter
    def log(self, lines: list[str]) -> None:
        self._log = None
        for line in lines:
            self.say(line)

    @property
    def log_length(self) -> int:
        return self._log[2] if self._log else 0

    # ---------------------------------------------------------------- chance

    def random(self) -> Chance:
        return Chance(self.rng)

    def store_random(self, generator: Chance) -> None:
        self.rng = generator.state

    # ---------------------------------------------------------------- values

    def clone(self) -> State:
        """An independent copy. The log and the pending decision are shared: the log is
        persistent, and the engine replaces `pending` whole, never changing it in place. The
        frames are shared until one changes (`own_frame`): the copy and this state both
        copy a frame before changing it."""
        new = State(
            [p.copy() for p in self.players],
            [zone[:] for zone in self.zones],
            self.age,
            self.round,
            self.active,
            [d.copy() for d in self.dice],
            self.board.copy(),
            self.frames[:],
            self.pending,
            self.rng,
            self.over,
            self.winners[:],
            self.steps,
            self.marks.copy(),
            self.moves,
            None,
            self.cards.copy() if self.cards else None,
            self.pieces[:] if self.pieces else None,
            self.gaps.copy() if self.gaps else None,
        )
        new.quiet = self.quiet
        new._log = self._log
        new._shared = self._shared = len(self.frames)
        return new

    def own_frame(self, index: int = -1) -> dict[str, Any]:
        """The frame at `index` (the innermost by default), made this state's own to change:
        a frame shared with a copy of the position is copied first (with the shared frames
        above it, so that no frame is copied twice)."""
        frames = self.frames
        if index < 0:
            index += len(frames)
        shared = min(self._shared, len(frames))
        if index < shared:
            frames[index:shared] = copy_frames(frames[index:shared])
            shared = index
        self._shared = shared
        return frames[index]

    def pop_frame(self) -> None:
        """Leave the innermost frame (its program is done)."""
        self.frames.pop()
        if self._shared > len(self.frames):
            self._shared = len(self.frames)

    def become(self, other: State) -> None:
        """Take every fact of `other` (a copy of this state made earlier): undo in place."""
        for name in STATE_SLOTS:
            setattr(self, name, getattr(other, name))

    def to_json(self) -> str:
        return json.dumps(self.to_data(), separators=(",", ":"), sort_keys=True)

    def to_data(self) -> dict[str, Any]:
        """The position as plain data (the log is not part of it)."""
        data = {name: copy_data(getattr(self, name)) for name in STATE_FIELDS}
        data["players"] = [p.to_data() for p in self.players]
        data["pending"] = pending_data(self.pending)
        if self.cards:  # left out when no card differs (a position without card states)
            data["cards"] = copy_data(cards_data(self.cards))
        if self.pieces:  # left out when the game has none (the digests of games without)
            data["pieces"] = copy_data(self.pieces)
        if self.gaps:  # left out in a game without rows (the digests of games without)
            data["gaps"] = gaps_data(self.gaps)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> State:
        """A state from `to_data`'s output, trusted as it is (saves are checked in saves.py)."""
        from .actions import Action

        data = copy_data(data)
        data.pop("log", None)
        data["cards"] = cards_from_data(data.pop("cards", None) or {})
        data["gaps"] = gaps_from_data(data.pop("gaps", None))
        players = [PlayerState(**p) for p in data.pop("players")]
        pending = data.get("pending")
        if pending is not None:
            pending["options"] = [Action.from_data(o) for o in pending["options"]]
        return cls(players=players, **data)

    @classmethod
    def from_json(cls, text: str) -> State:
        return cls.from_data(json.loads(text))

    def digest(self) -> str:
        """A hash of the whole position: equal positions have equal digests."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_data() == other.to_data()

    def __repr__(self) -> str:
        return f"State({self.to_json()})"


STATE_FIELDS = (
    "zones",
    "age",
    "round",
    "active",
    "dice",
    "board",
    "frames",
    "rng",
    "over",
    "winners",
    "steps",
    "marks",
    "moves",
)

# Every field a frame (one rule being carried out) can hold, with what its value is: the one
# definition of a frame, which the save loader checks frames against (a field a rule writes but
# missing here would make the program's own saves unreadable: tests/interpreter/test_saves.py
# reads every field the interpreter's sources use and finds it here).
FRAME_FIELDS: dict[str, str] = {
    "prog": "program",  # the program's name: "phase:turn", "card:<index>:<event>:<n>"
    "pc": "instruction",  # the next instruction of the program
    "player": "seat",  # the player the rule speaks for ("you")
    "card": "card",  # the card copy the rule belongs to, or None
    "roles": "roles",  # role -> seat: the players of the rule's roles (a war's sides)
    "loc": "data",  # the working data of the instruction under way
    "doer": "seat",  # who carries out the step ("each opponent pays...")
    "it": "data",  # the last card or amount mentioned ("half of it")
    "it_counter": "counter",  # the counter that amount was of ("take all gold ... half of it")
    "loops": "loops",  # the loops under way, innermost last (mechanics/loops.py)
    "bid": "amount",  # the winning bid of the rule's last auction (mechanics/bidding.py)
    "left": "card",  # the card a piece moved from ("the card vacated", mechanics/piece_moves.py)
}
FRAME_REQUIRED = ("prog", "pc", "player")


def pending_data(pending: dict[str, Any] | None) -> dict[str, Any] | None:
    """A pending decision as plain data: options written as {kind, params} (and their text
    when it is not written from the position by a describer)."""
    if pending is None:
        return None
    out = {k: v for k, v in pending.items() if k != "options"}
    described = pending.get("describe") is not None
    out["options"] = [o.to_data(text=not described) for o in pending["options"]]
    return copy_data(out)


def copy_frames(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A deep copy of frames (plain data: compiled, `copy_data` is three times as fast as a
    round trip through marshal)."""
    return [copy_data(frame) for frame in frames]


def copy_data(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, scalars), faster than deepcopy."""
    if isinstance(value, dict):
        return {k: copy_data(v) if isinstance(v, (dict, list)) else v for k, v in value.items()}
    if isinstance(value, list):
        return [copy_data(v) if isinstance(v, (dict, list)) else v for v in value]
    return value
