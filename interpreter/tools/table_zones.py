"""The shared zones of the table as a player sees them: one model drawn by the Playtest page
(editor/table_view.py, card faces) and by the terminal game (agesmith/table_text.py, text).

Each zone the pack declares under `zones: shared`, in its order:
- a row (`{kind: row, places: N}`) as its places left to right, an empty place as None, so a
  gap shows where it lies, and what each place shows when the row names a table (`shows: row
  cost`: the table looked up with the place's number, as a board prints each place's cost);
- a zone nobody sees (`seen by: nobody`: a deck) as how many cards it holds;
- any other zone as its cards, or only its top card (a pile's end) when it holds more than
  SHOWN;
- an empty zone without a role is left out (a box the setup has emptied).
A card carries what lies on it: the pack's face-down state, its marks, the tokens on it and
the pieces standing on it, in the pack's words ("player 1's citizen (skill 3)").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_dsl.tables import declared_tables

from ..core.rows import empty_places

if TYPE_CHECKING:
    from ..core.state import State
    from ..engine.game import Game

SHOWN = 8  # a zone of the table with more cards shows its count and its top card only


@dataclass(frozen=True)
class TableCard:
    """A card as it lies on the table."""

    copy: int
    name: str
    face_down: str | None  # the name of the pack's face-down state when the card is so
    notes: tuple[str, ...]  # its marks, then the tokens on it ("2 ambrosia")
    pieces: tuple[str, ...]  # the pieces standing on it ("player 1's citizen (skill 3)")

    @property
    def on_it(self) -> tuple[str, ...]:
        """Everything the card carries, in the order it is written under it."""
        return ((self.face_down,) if self.face_down else ()) + self.notes + self.pieces


@dataclass(frozen=True)
class TableZone:
    """One shared zone as it is drawn."""

    name: str
    count: int  # the cards it holds
    cards: tuple[TableCard | None, ...]  # those drawn (None: a row's empty place)
    places: int = 0  # a row's places (0: not a row)
    hidden: bool = False  # nobody sees its cards: only `count` is drawn
    top_only: bool = False  # more than SHOWN cards: only the top one is drawn
    place_labels: tuple[str, ...] = ()  # a row's `shows:` at each place ("row cost 2")

    @property
    def label(self) -> str:
        return self.name[:1].upper() + self.name[1:]

    @property
    def held(self) -> str:
        return f"{self.count} card" + ("" if self.count == 1 else "s")


def pieces_on(game: Game, state: State, copy: int) -> list[str]:
    """The pieces standing on a card, in the pack's words: "player 1's citizen (skill 3)"."""
    out = []
    for piece in state.pieces:
        if piece["on"] == copy:
            props = ", ".join(f"{name} {n}" for name, n in piece["props"].items())
            whose = f"{game.player_name(piece['owner'])}'s {piece['kind']}"
            out.append(whose + (f" ({props})" if props else ""))
    return out


def table_card(game: Game, state: State, copy: int) -> TableCard:
    entry = state.cards.get(copy) if state.cards else None
    entry = entry or {}
    down = game.catalog.card_states.face_down
    notes = [*entry.get("marks", ())]
    notes += [f"{n} {counter}" for counter, n in sorted(entry.get("tokens", {}).items())]
    return TableCard(
        copy,
        game.name(copy),
        down.name if "down" in entry and down is not None else None,
        tuple(notes),
        tuple(pieces_on(game, state, copy)),
    )


def shared_zones(game: Game, state: State) -> list[TableZone]:
    """The shared zones drawn, in the order the pack declares them."""
    out = []
    for z, (spec, cards) in enumerate(zip(game.zones.shared, state.zones, strict=False)):
        if spec.places and spec.seen_by != "nobody":
            out.append(_row(game, state, z))
            continue
        if not cards and spec.role is None:
            continue
        if spec.seen_by == "nobody":
            out.append(TableZone(spec.name, len(cards), (), hidden=True))
            continue
        shown = cards if len(cards) <= SHOWN else cards[-1:]  # a pile's top is its end
        drawn = tuple(table_card(game, state, c) for c in shown)
        out.append(TableZone(spec.name, len(cards), drawn, top_only=len(cards) > SHOWN))
    return out


def _row(game: Game, state: State, z: int) -> TableZone:
    places = game.zones.places(z)
    empty = set(empty_places(state, z, places))
    cards = iter(state.zones[z])
    drawn = tuple(
        None if place in empty else table_card(game, state, next(cards))
        for place in range(1, places + 1)
    )
    spec = game.zones.shared[z]
    table = next((t for t in declared_tables(game.pack.game) if t.name == spec.shows), None)
    labels = tuple(f"{table.name} {table.lookup(place)}" for place in range(1, places + 1) if table)
    return TableZone(spec.name, len(state.zones[z]), drawn, places=places, place_labels=labels)
