"""Rows whose places keep their gaps: a zone of the table declared `{kind: row, places: N}`.

A row's cards are its zone's list, in the order of their places, as any zone's; what a row
adds is where the empty places are. `State.gaps` holds, for each row (by its index in
`State.zones`), the empty places before its last card, numbered from 1 (the leftmost), sorted;
the places after the last card are empty too and are not written. So a card taken from place 5
of a full row of 13 leaves `gaps[z] == [5]`, and the cards of places 6-13 keep their places
(and what they cost) until a rule slides the row (Through the Ages, TTA-T3). A row with no
gaps has `[]`: the entry marks the zone as a row for `remove_card`, which knows no game.

Entries are replaced, never changed in place, so a copy of the dict is a copy of the gaps
(`State.clone`). A pile (no `kind: row`) has no entry: taking a card from it slides the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import State


def place_at(gaps: list[int], index: int) -> int:
    """The place of the card at `index` (0 the first) of a row's list with these gaps."""
    place = index + 1
    for gap in gaps:  # sorted: each empty place at or before it moves the card one on
        if gap <= place:
            place += 1
    return place


def leave_place(state: State, z: int, copy: int) -> None:
    """Take `copy` out of the row at `State.zones[z]`: its place is empty from now on, the
    other cards keep theirs."""
    zone = state.zones[z]
    index = zone.index(copy)
    gaps = state.gaps[z]
    place = place_at(gaps, index)
    del zone[index]
    state.gaps[z] = _trimmed(sorted([*gaps, place]), len(zone))


def _trimmed(gaps: list[int], cards: int) -> list[int]:
    """The gaps before the row's last card only: those after it are no gaps (`State.gaps`)."""
    end = _last_place(gaps, cards)
    return [g for g in gaps if g < end]


def _last_place(gaps: list[int], cards: int) -> int:
    """The place of a row's last card (0 for an empty row)."""
    return place_at(gaps, cards - 1) if cards else 0


def empty_places(state: State, z: int, places: int) -> list[int]:
    """The empty places of the row at `State.zones[z]` among its `places`, left to right."""
    gaps = state.gaps.get(z, [])
    after = _last_place(gaps, len(state.zones[z]))
    return [*gaps, *range(after + 1, places + 1)]


def fill_place(state: State, z: int, copy: int) -> int:
    """Put `copy` into the row's first empty place (its leftmost); return that place."""
    zone = state.zones[z]
    gaps = state.gaps.get(z, [])
    if not gaps:
        zone.append(copy)
        return _last_place(gaps, len(zone))
    place = gaps[0]
    zone.insert(place - 1, copy)  # the leftmost gap: every place before it holds a card
    state.gaps[z] = gaps[1:]
    return place


def slide(state: State, z: int) -> bool:
    """Close the row's gaps: its cards slide left, keeping their order. True if any moved."""
    if not state.gaps.get(z):
        return False
    state.gaps[z] = []
    return True


def gaps_data(gaps: dict[int, list[int]]) -> dict[str, list[int]]:
    """`State.gaps` as JSON data (keys are strings there)."""
    return {str(z): list(places) for z, places in gaps.items()}


def gaps_from_data(data: Any) -> dict[int, list[int]]:
    return {int(z): [int(p) for p in places] for z, places in (data or {}).items()}
