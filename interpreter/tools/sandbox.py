"""The sandbox: a position changed by hand (a card moved, a counter set, a die's face set), and
the game going on from it by its own rules.

An edit is plain data (`Edit.to_data`), so a game's history can hold it beside the decisions and
a save can replay it. `apply_edit` makes the change on a copy of the position through the
interpreter's own moves (`mechanics/moves.py`: a card leaves its pile or row as any rule takes
it out), writes a line of the log saying what was edited, then runs the rules on from the same
instruction to the decision they ask for now: the legal choices are those of the edited
position, as a save's loader finds them (`saves.py`, `rederive`). The zones, counters and dice
offered are the pack's own; nothing here knows a game.

An edit the position cannot take (a card on no zone of the table, a value beyond the counter's
bound, a face the die does not have) raises SandboxError and changes nothing; so does one after
which the rules cannot go on (their error is the message).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_dsl.bounds import counter_bound
from rules_dsl.errors import AgesmithError

from ..core.card_state import forget
from ..core.errors import RuleError, RuleLoopError
from ..core.rows import fill_place
from ..core.state import State
from ..engine.game import Game
from ..mechanics.dice import die_text
from ..mechanics.moves import move_card, remove_card
from .saves import copy_ids

EDIT_MARK = "Sandbox:"  # the start of the log line of every edit
EDITED = "edited in the sandbox"  # a save's extra: the edits that made its position, in words


def edited_note(extra: Any) -> list[str]:
    """The edits a save's extra says made its position (none when it says none), in words."""
    said = extra.get(EDITED) if isinstance(extra, dict) else None
    if not isinstance(said, list):
        return []
    return [" ".join(str(e).split())[:200] for e in said[:100]]


def edited_warning(edits: list[str]) -> str:
    """What a person resuming such a save is told."""
    shown = "; ".join(edits[:5]) + ("; ..." if len(edits) > 5 else "")
    return f"this position was edited in the sandbox ({len(edits)} edit" + (
        f"{'' if len(edits) == 1 else 's'}: {shown})"
    )


class SandboxError(AgesmithError):
    """An edit the position cannot take: nothing was changed."""


@dataclass(frozen=True)
class Place:
    """A zone of the table: a player's (seat) or a shared one (seat None), by its pack name."""

    zone: str
    seat: int | None = None

    def label(self, game: Game) -> str:
        return self.zone if self.seat is None else f"{game.player_name(self.seat)}'s {self.zone}"


@dataclass(frozen=True)
class Edit:
    """One change by hand. kind "move": `card` (a copy's name, as saves name it) to `to`;
    "counter": the player `seat`'s `counter` set to `value`; "die": die number `die` (from 0)
    shows face number `value` (from 0) of its faces."""

    kind: str
    card: str = ""
    to: Place | None = None
    seat: int = 0
    counter: str = ""
    die: int = 0
    value: int = 0

    def to_data(self) -> dict[str, Any]:
        if self.kind == "move":
            assert self.to is not None
            return {"kind": "move", "card": self.card, "zone": self.to.zone, "seat": self.to.seat}
        if self.kind == "counter":
            return {
                "kind": "counter",
                "seat": self.seat,
                "counter": self.counter,
                "value": self.value,
            }
        return {"kind": "die", "die": self.die, "value": self.value}

    @classmethod
    def from_data(cls, data: Any) -> Edit:
        """An edit read back from a save; SandboxError when it is not one."""
        if not isinstance(data, dict):
            raise SandboxError("an edit of the sandbox is an object")
        kind = data.get("kind")
        try:
            if kind == "move":
                seat = data.get("seat")
                if seat is not None and not _whole(seat):
                    raise TypeError
                return cls("move", card=str(data["card"]), to=Place(str(data["zone"]), seat))
            if kind == "counter":
                if not (_whole(data["seat"]) and _whole(data["value"])):
                    raise TypeError
                return cls(
                    "counter",
                    seat=data["seat"],
                    counter=str(data["counter"]),
                    value=data["value"],
                )
            if kind == "die" and _whole(data["die"]) and _whole(data["value"]):
                return cls("die", die=data["die"], value=data["value"])
        except (KeyError, TypeError):
            pass
        raise SandboxError(f"not an edit of the sandbox: {data!r}"[:200])


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ------------------------------------------------------------------ what can be edited


def places(game: Game, state: State) -> list[Place]:
    """Every zone a card can be moved to: each player's, in the pack's order, then the shared
    ones."""
    out = [Place(name, p.seat) for p in state.players for name, _ in game.zones.player_order()]
    return out + [Place(zone.name) for zone in game.zones.shared]


def cards_at(game: Game, state: State, place: Place) -> list[int]:
    """The copies in a zone (a tableau's piles flattened, each pile's active card first)."""
    if place.seat is None:
        found = game.zones.find(place.zone)
        return list(state.zones[found[1]]) if found is not None else []
    return list(game.zone(state, place.zone, place.seat))


def where(game: Game, state: State, copy: int) -> Place | None:
    """The zone a copy lies in, None when it is on no zone of the table."""
    for place in places(game, state):
        if copy in cards_at(game, state, place):
            return place
    return None


def counters(game: Game) -> list[str]:
    """The pack's counters, as it declares them."""
    return [str(name) for name in game.pack.game.get("counters") or {}]


def counter_most(game: Game, counter: str) -> int:
    return counter_bound(game.pack.game.get("counters"), counter)


def faces(game: Game, die: dict[str, Any]) -> list[str]:
    """A die's faces as the pack writes them."""
    spec = (game.pack.game.get("dice") or {}).get(die["die"]) or {}
    return [str(face) for face in spec.get("faces") or []]


# ------------------------------------------------------------------ editing


def describe(game: Game, state: State, edit: Edit) -> str:
    """What the edit does, in words (the log's line says it after EDIT_MARK)."""
    if edit.kind == "move":
        assert edit.to is not None
        copy = _copy(game, edit.card)
        source = where(game, state, copy)
        frm = f" from {source.label(game)}" if source is not None else ""
        return f"{game.name(copy)} moved{frm} to {edit.to.label(game)}"
    if edit.kind == "counter":
        return f"{game.player_name(edit.seat)}'s {edit.counter} set to {edit.value}"
    die = state.dice[edit.die]
    shown = faces(game, die)[edit.value]
    return f"die {edit.die + 1} ({die['die']}, was {die_text(game, die)}) set to {shown}"


def apply_edit(game: Game, state: State, edit: Edit) -> tuple[State, str]:
    """The position after `edit`, the rules run on to the decision they ask for now, and the
    edit in words. SandboxError (nothing changed) when it cannot be made."""
    if state.over:
        raise SandboxError("the game is over: its position is no longer edited")
    _check(game, state, edit)
    text = describe(game, state, edit)
    new = state.clone()
    if edit.kind == "move":
        assert edit.to is not None
        _move(game, new, _copy(game, edit.card), edit.to)
    elif edit.kind == "counter":
        player = new.players[edit.seat]
        player.counters = {**player.counters, edit.counter: edit.value}
    else:
        new.dice[edit.die].update(face=edit.value, times=1)  # the copy's own die (clone)
    new.say(f"{EDIT_MARK} {text}.")
    new.moves += 1  # a choice offered before the edit belongs to another position
    new.pending, new.steps = None, 0
    try:
        game.run(new)  # the decision of the edited position, and its options
    except (RuleError, RuleLoopError) as e:
        raise SandboxError(f"the rules cannot go on after this edit: {e}") from None
    return new, text


def _copy(game: Game, name: str) -> int:
    ids = game.caches.get("sandbox copy ids")
    if ids is None:
        ids = game.caches["sandbox copy ids"] = {n: i for i, n in enumerate(copy_ids(game))}
    if name not in ids:
        raise SandboxError(f"the game has no card {name!r}")
    return int(ids[name])


def copy_name(game: Game, copy: int) -> str:
    """A copy's name as saves and edits write it."""
    return copy_ids(game)[copy]


def _check(game: Game, state: State, edit: Edit) -> None:
    if edit.kind == "move":
        copy = _copy(game, edit.card)
        if edit.to is None or edit.to not in places(game, state):
            raise SandboxError(f"no zone {edit.to.zone if edit.to else ''!r} to move a card to")
        now = where(game, state, copy)
        if now is None:
            raise SandboxError(f"{game.name(copy)} lies on no zone of the table")
        if now == edit.to:
            raise SandboxError(f"{game.name(copy)} already lies in {now.label(game)}")
    elif edit.kind == "counter":
        if not 0 <= edit.seat < len(state.players):
            raise SandboxError(f"there is no player {edit.seat + 1}")
        if edit.counter not in counters(game):
            raise SandboxError(f"the pack has no counter {edit.counter!r}")
        most = counter_most(game, edit.counter)
        if not 0 <= edit.value <= most:
            raise SandboxError(f"{edit.counter} holds 0 to {most}, not {edit.value}")
        if state.players[edit.seat].counters.get(edit.counter, 0) == edit.value:
            raise SandboxError(f"{edit.counter} is {edit.value} already")
    elif edit.kind == "die":
        if not 0 <= edit.die < len(state.dice):
            raise SandboxError(f"there is no die {edit.die + 1} on the table")
        shown = faces(game, state.dice[edit.die])
        if not 0 <= edit.value < len(shown):
            raise SandboxError(f"the die has {len(shown)} faces, not a face {edit.value + 1}")
        if state.dice[edit.die]["face"] == edit.value:
            raise SandboxError(f"die {edit.die + 1} shows that face already")
    else:
        raise SandboxError(f"no edit of the kind {edit.kind!r}")


def _move(game: Game, state: State, copy: int, to: Place) -> None:
    """Move a copy as the rules' own moves do: out of its pile or row, into a player's zone
    (a tableau as a pile of its own), or onto a shared zone (a row's first empty place, a
    pile's top) as a fresh card, as a discarded one is."""
    found = game.zones.find(to.zone)
    assert found is not None
    side, index = found
    if side == "player":
        assert to.seat is not None
        move_card(state, copy, to.seat, index)
        return
    remove_card(state, copy)
    forget(state, copy)
    if index in state.gaps:
        fill_place(state, index, copy)
    else:
        state.zones[index].append(copy)
