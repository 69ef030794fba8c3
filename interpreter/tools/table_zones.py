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

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_dsl.parser import try_parse
from rules_dsl.tables import declared_tables

from ..compile.meaning import Ctx, compile_value
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


def free_pieces(game: Game, state: State, seat: int) -> list[str]:
    """The player's pieces in their supply, a text per kind: "2 citizens (skill 1; skill 2)";
    a kind with none free is left out."""
    out = []
    for kind in dict.fromkeys(p["kind"] for p in state.pieces if p["owner"] == seat):
        free = [p for p in state.pieces if p["owner"] == seat and p["kind"] == kind]
        free = [p for p in free if p["on"] is None]
        if not free:
            continue
        props = [", ".join(f"{k} {n}" for k, n in p["props"].items()) for p in free]
        shown = f" ({'; '.join(x for x in props if x)})" if any(props) else ""
        out.append(f"{len(free)} {kind}{'' if len(free) == 1 else 's'}{shown}")
    return out


def board_readings(game: Game, state: State, seat: int) -> list[str]:
    """What the player's board reads now: each table the pack looks up with one of the
    player's own numbers (`by: your yellow bank`), with the value it gives them ("population
    cost 2"), as a player board prints each section of a bank."""
    readers = game.caches.get("board readings")
    if readers is None:
        readers = game.caches["board readings"] = _board_readers(game)
    ctx = Ctx(state, game.catalog, seat, None, None, None, None)
    return [f"{name} {value(ctx)}" for name, value in readers]


def _board_readers(game: Game) -> list[tuple[str, Callable[[Ctx], int]]]:
    out = []
    for table in declared_tables(game.pack.game):
        if table.by is None or not table.by.strip().startswith("your "):
            continue
        tree, problem = try_parse(f"the {table.name}", "number")
        if tree is not None and problem is None:
            out.append((table.name, compile_value(tree, game.lexicon)))
    return out
