"""The pieces in a position, kept in `State.pieces` as plain data.

Each piece is `{"kind": name, "owner": seat, "props": {property: number}, "on": copy}`; `on` is
the card it stands on, None while it is in its owner's supply (free). An entry is replaced,
never changed in place, so a copy of the position (`State.clone`) copies the list and shares
the entries. What the kinds are is the pack's (`interpreter/model/pieces.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules_dsl.pieces import PieceSpec

    from .state import State

Piece = dict[str, Any]


def make(kind: str, owner: int, props: dict[str, int]) -> Piece:
    return {"kind": kind, "owner": owner, "props": dict(props), "on": None}


def added(
    placed: list[Piece], new: list[Piece], kinds: tuple[str, ...], owner: int, kind: str
) -> list[Piece]:
    """The pieces with a player's new pieces of a kind placed after the last of their group.

    The list is kept in the order the game starts with (by seat, then by kind as the pack
    declares them, then in the order made), so a position depends on what it holds, not on
    when each piece came: a scenario that describes it builds the same list."""
    rank = kinds.index(kind) if kind in kinds else len(kinds)

    def after(p: Piece) -> bool:
        theirs = kinds.index(p["kind"]) if p["kind"] in kinds else len(kinds)
        return (p["owner"], theirs) <= (owner, rank)

    at = max((i + 1 for i, p in enumerate(placed) if after(p)), default=0)
    return [*placed[:at], *new, *placed[at:]]


def owned(state: State, kind: str, owner: int) -> list[int]:
    """The indices of a player's pieces of a kind."""
    return [i for i, p in enumerate(state.pieces) if p["kind"] == kind and p["owner"] == owner]


def free(state: State, kind: str, owner: int) -> list[int]:
    """The indices of a player's pieces of a kind in their supply."""
    return [i for i in owned(state, kind, owner) if state.pieces[i]["on"] is None]


def on_card(state: State, kind: str, copy: int) -> list[int]:
    """The indices of the pieces of a kind on a card."""
    return [i for i, p in enumerate(state.pieces) if p["kind"] == kind and p["on"] == copy]


def count_on(state: State, kinds: tuple[str, ...], copy: int) -> int:
    """How many pieces of these kinds stand on a card."""
    return sum(1 for p in state.pieces if p["on"] == copy and p["kind"] in kinds)


def move(state: State, index: int, copy: int | None) -> None:
    """Put a piece on a card (None: back to its owner's supply)."""
    state.pieces[index] = {**state.pieces[index], "on": copy}


def lift_from(state: State, copy: int) -> None:
    """A card leaving play: the pieces on it go back to their owners."""
    for i, p in enumerate(state.pieces):
        if p["on"] == copy:
            move(state, i, None)


def start_pieces(kinds: Any, players: int) -> list[Piece]:
    """Each player's pieces when the game starts (`start:` of each kind, in seat order)."""
    specs: tuple[PieceSpec, ...] = kinds.kinds
    return [
        make(spec.name, seat, spec.values(dict(entry)))
        for seat in range(players)
        for spec in specs
        for entry in spec.start
    ]
