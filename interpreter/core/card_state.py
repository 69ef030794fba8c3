"""The state a card copy carries beyond the zone it is in, kept sparse in `State.cards`.

Only copies that differ from a fresh card have an entry: `{"down": True}` when the card is face
down, `"marks": [...]` the pack's marks on it (sorted names), `"tokens": {counter: amount}` the
counters' units lying on it, `"players": {state: seat}` the player each of the pack's player
states names (a war card's target). An entry is replaced, never changed in place, so a copy of the
position (`State.clone`) copies the dict and shares the entries; an entry left empty is removed.
What each state means in play is the pack's (`interpreter/model/card_states.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .pieces import lift_from

if TYPE_CHECKING:
    from .state import State

Entry = dict[str, Any]


def _store(state: State, copy: int, entry: Entry) -> None:
    if entry:
        state.cards[copy] = entry
    else:
        state.cards.pop(copy, None)


def is_face_down(state: State, copy: int) -> bool:
    entry = state.cards.get(copy) if state.cards else None
    return entry is not None and "down" in entry


def turn(state: State, copy: int, down: bool) -> bool:
    """Turn a card face down or face up; whether it changed."""
    if is_face_down(state, copy) == down:
        return False
    entry = dict(state.cards.get(copy, {}))
    if down:
        entry["down"] = True
    else:
        del entry["down"]
    _store(state, copy, entry)
    return True


def has_mark(state: State, copy: int, mark: str) -> bool:
    entry = state.cards.get(copy) if state.cards else None
    return entry is not None and mark in entry.get("marks", ())


def set_mark(state: State, copy: int, mark: str, on: bool = True) -> bool:
    """Put a mark on a card or take it off; whether it changed."""
    if has_mark(state, copy, mark) == on:
        return False
    entry = dict(state.cards.get(copy, {}))
    marks = set(entry.get("marks", ()))
    marks = marks | {mark} if on else marks - {mark}
    if marks:
        entry["marks"] = sorted(marks)
    else:
        entry.pop("marks", None)
    _store(state, copy, entry)
    return True


def clear_marks(state: State, marks: tuple[str, ...]) -> None:
    """Take these marks off every card (their lifetime has ended)."""
    if not marks or not state.cards:
        return
    for copy in [c for c, e in state.cards.items() if "marks" in e]:
        for mark in marks:
            set_mark(state, copy, mark, False)


def player_named(state: State, copy: int, name: str) -> int | None:
    """The player a card's player state names (its target), if it names one."""
    entry = state.cards.get(copy) if state.cards else None
    if entry is None or "players" not in entry:
        return None
    seat = entry["players"].get(name)
    return None if seat is None else int(seat)


def name_player(state: State, copy: int, name: str, seat: int) -> None:
    """Make a card's player state name this player (replacing the one it named)."""
    entry = dict(state.cards.get(copy, {}))
    players = dict(entry.get("players", {}))
    players[name] = seat
    entry["players"] = players
    _store(state, copy, entry)


def tokens_on(state: State, copy: int, counter: str) -> int:
    entry = state.cards.get(copy) if state.cards else None
    return int(entry.get("tokens", {}).get(counter, 0)) if entry is not None else 0


def add_tokens(state: State, copy: int, counter: str, amount: int) -> int:
    """Put `amount` units of a counter on a card (a negative amount takes them off, never
    below none); return how many really moved (negative when taken)."""
    before = tokens_on(state, copy, counter)
    after = max(0, before + amount)
    if after == before:
        return 0
    entry = dict(state.cards.get(copy, {}))
    tokens = dict(entry.get("tokens", {}))
    if after:
        tokens[counter] = after
    else:
        del tokens[counter]
    if tokens:
        entry["tokens"] = tokens
    else:
        entry.pop("tokens", None)
    _store(state, copy, entry)
    return after - before


def forget(state: State, copy: int) -> None:
    """A card leaving play (discarded, destroyed, shuffled back): it is a fresh card again,
    and the tokens on it go back to the supply; the pieces on it go back to their owners."""
    if state.cards:
        state.cards.pop(copy, None)
    if state.pieces:
        lift_from(state, copy)


def cards_data(cards: dict[int, Entry]) -> dict[str, Entry]:
    """The entries as JSON data (keys are text in JSON)."""
    return {str(copy): cards[copy] for copy in sorted(cards)}


def cards_from_data(data: dict[str, Any]) -> dict[int, Entry]:
    return {int(copy): entry for copy, entry in data.items()}
