"""The zones a game file declares: where cards can be, whose they are, who sees them, and the
part each plays in the mechanics the engine still runs itself.

`zones:` has two lists, `player` (every player has one of each) and `shared` (one for the
table). An entry is a name, or a name with its properties:

    zones:
      player: [events: {role: hand}, civilization: {role: tableau}, legacy: {role: archive}]
      shared: [deck: {role: draw pile, seen by: nobody}, discard pile: {role: discard pile}]

- `kind`: a `pile` (ordered: drawn from its top, cards may go to its bottom), a `set` (a
  tableau or a hand: its order means nothing) or a `row` of numbered places (`card row: {kind:
  row, places: 13}`, a zone of the table): a card taken leaves its place empty, the others keep
  theirs until a rule slides the row (`interpreter/core/rows.py`). Shared zones are piles, a
  player's are sets, unless said.
- `seen by`: `everyone` (the default), `owner` (a player's hand) or `nobody` (a face-down deck:
  bots that look ahead must not know its order).
- `role`: what the engine's own mechanics do with the zone, for the mechanics a pack cannot
  declare yet (issue 17): `hand` (the cards dealt to a player, which the action phase's actions
  take), `tableau` (the cards a player has played, in piles: the top card of a pile is active,
  the cards beneath it are decadent), `archive` (where the tableau goes when an age ends),
  `draw pile` (what `refill` and `draw` take from by default; its last card drawn is the age
  event "deck emptied") and `discard pile` (where discarded cards go). Each role belongs to one
  zone at most; a zone without a role is moved only by the rules that name it.

The interpreter indexes these (`interpreter.model.zones`); the checks here are located errors
for what the schema cannot say (a name given twice, a role given twice or on the wrong side).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from .diagnostics import Diagnostic, did_you_mean
from .roles import uses_engine_kinds

if TYPE_CHECKING:
    from collections.abc import Callable

    from .pack import Pack

OWNERS = ("player", "shared")
KINDS = ("pile", "set", "row")
SEEN_BY = ("everyone", "owner", "nobody")
# The role of the zone a player's cards are taken into and played from: the engine's word, which
# a pack may also give to a zone of its own (Through the Ages names its civil hand so).
HAND: Final = "hand"
ROLES = {
    "player": (HAND, "tableau", "archive"),
    "shared": ("draw pile", "discard pile"),
}
# The roles the engine's own mechanics cannot play without (see `needed_roles`), and why. The
# tableau always: "your cards" and "you own" mean its cards. The others only for the mechanics
# that use them; the archive never (a tableau then leaves play with its age).
TABLEAU_NEED = '"your cards", "you own" and the points of your cards mean the cards in it'
ENGINE_ACTIONS_NEED = "the engine's kinds of action (actions:) take cards from it"
DISCARDS_NEED = "the engine's discard and exchange put discarded cards there"
DECK_EMPTIED_NEED = 'the age ends when its last card is drawn (age_ends: "deck emptied")'


def needed_roles(game: dict[str, Any]) -> dict[str, str]:
    """The roles the engine's own mechanics need in this game, each with why: the action phase
    of the engine's kinds (every kind when `actions:` says nothing) takes cards from the hand
    and discards onto the discard pile; "deck emptied" watches the draw pile. A rule that
    discards or destroys asks for the discard pile where it is written."""
    needed = {"tableau": TABLEAU_NEED}
    if uses_engine_kinds(game):
        needed[HAND] = ENGINE_ACTIONS_NEED
        needed["discard pile"] = DISCARDS_NEED
    if "deck emptied" in (game.get("age_ends") or []):
        needed["draw pile"] = DECK_EMPTIED_NEED
    return needed


@dataclass(frozen=True)
class ZoneSpec:
    """One declared zone, as written (defaults filled in)."""

    name: str
    owner: str  # player | shared
    kind: str  # pile | set
    seen_by: str  # everyone | owner | nobody
    role: str | None
    at: int  # its place in its list (for located messages)
    places: int = 0  # a row's number of places (0: not a row)
    shows: str | None = None  # a row's table, looked up with each place's number (`shows:`)


def zone_entries(game: dict[str, Any], owner: str) -> list[tuple[str, dict[str, Any]]]:
    """The (name, properties) of each entry of `zones.<owner>`, skipping what is not an entry
    (the schema reports those)."""
    zones = game.get("zones")
    entries = zones.get(owner) if isinstance(zones, dict) else None
    out: list[tuple[str, dict[str, Any]]] = []
    for entry in entries if isinstance(entries, list) else ():
        if isinstance(entry, str):
            out.append((entry, {}))
        elif isinstance(entry, dict) and len(entry) == 1:
            name, props = next(iter(entry.items()))
            out.append((str(name), props if isinstance(props, dict) else {}))
    return out


def declared_zones(game: dict[str, Any]) -> list[ZoneSpec]:
    """Every zone of the game file, the player's first, in the order written."""
    out = []
    for owner in OWNERS:
        for at, (name, props) in enumerate(zone_entries(game, owner)):
            default_kind = "pile" if owner == "shared" else "set"
            role = props.get("role")
            places = props.get("places")
            shows = props.get(SHOWS)
            out.append(
                ZoneSpec(
                    name=name,
                    owner=owner,
                    kind=str(props.get("kind", default_kind)),
                    seen_by=str(props.get("seen by", "everyone")),
                    role=str(role) if isinstance(role, str) else None,
                    at=at,
                    places=places if isinstance(places, int) and places > 0 else 0,
                    shows=str(shows) if isinstance(shows, str) else None,
                )
            )
    return out


def zone_names(game: dict[str, Any]) -> set[str]:
    return {zone.name for zone in declared_zones(game)}


def missing_roles(pack: Pack) -> list[Diagnostic]:
    """An error for each role the engine's mechanics need here (`needed_roles`) that no zone of
    the pack has, placed at the zones of the side the role belongs to."""
    zones = declared_zones(pack.game)
    given = {zone.role for zone in zones}
    out = []
    for role, why in needed_roles(pack.game).items():
        if role in given:
            continue
        side = "player" if role in ROLES["player"] else "shared"
        names = [zone.name for zone in zones if zone.owner == side]
        doc, where = pack.place("zones", side)  # or its nearest ancestor written
        example = f"{names[0] if names else 'name'}: {{role: {role}}}"
        out.append(
            doc.diagnostic(
                where,
                f'no zone has the role "{role}": {why}',
                code="zone-role",
                key=True,
                hint=f"give it to one of {', '.join(names) or 'the zones'}: {example}",
            )
        )
    return out


ROW_FORM = "{kind: row, places: 13}"
SHOWS = "shows"  # a row's key: the table printed at each place, as a board prints its costs


def _row_problems(pack: Pack, zone: ZoneSpec) -> list[Diagnostic]:
    """A row (kind: row) is a zone of the table and says how many places it has; `places`
    belongs to a row only."""
    _, props = zone_entries(pack.game, zone.owner)[zone.at]
    example = f"{zone.name}: {ROW_FORM}"

    def error(message: str, hint: str, key: str) -> Diagnostic:
        doc, where = pack.place("zones", zone.owner, zone.at, zone.name, key)
        return doc.diagnostic(where, message, code="zone-row", key=True, hint=hint)

    if zone.kind == "row" and zone.owner == "player":
        hint = f"declare it under zones: shared, e.g. shared: [{example}]"
        return [error(f'"{zone.name}" is a row: a row is a zone of the table', hint, "kind")]
    if zone.kind == "row" and "places" not in props:
        hint = f"say how many: {example}"
        return [error(f'the row "{zone.name}" does not say how many places it has', hint, "kind")]
    if "places" in props and zone.kind != "row":
        hint = f"only a row has places: {example}"
        return [error(f'"{zone.name}" has places but is no row', hint, "places")]
    if SHOWS in props:
        return _shows_problems(pack, zone, props[SHOWS], error)
    return []


def _shows_problems(
    pack: Pack, zone: ZoneSpec, shows: Any, error: Callable[[str, str, str], Diagnostic]
) -> list[Diagnostic]:
    """`shows:` belongs to a row and names one of the game's tables (the schema says it is a
    text)."""
    declared = pack.game.get("tables")
    tables = [str(name) for name in declared] if isinstance(declared, dict) else []
    if zone.kind != "row":
        hint = (
            f"only a row's places show a table: {zone.name}: {{kind: row, places: 13, shows: ...}}"
        )
        return [error(f'"{zone.name}" shows a table but is no row', hint, SHOWS)]
    if isinstance(shows, str) and shows not in tables:
        hint = did_you_mean(shows, tables) or (
            f"the game's tables: {', '.join(tables)}"
            if tables
            else "declare it under tables:, e.g. tables: {place cost: {1 or more: 1, 6 or more: 2}}"
        )
        return [error(f'"{shows}" is not a table of the game', hint, SHOWS)]
    return []


def check_zones(pack: Pack) -> list[Diagnostic]:
    """A zone declared twice, a role given to two zones or to a zone of the wrong side, a role
    the engine needs that no zone has."""
    out: list[Diagnostic] = []
    seen: set[str] = set()
    roles: dict[str, str] = {}

    def error(zone: ZoneSpec, message: str, code: str, hint: str, *key: str) -> None:
        doc, where = pack.place("zones", zone.owner, zone.at, *key)
        out.append(doc.diagnostic(where, message, code=code, hint=hint))

    for zone in declared_zones(pack.game):
        if zone.name in seen:
            error(zone, f'the zone "{zone.name}" is declared twice', "duplicate-zone", "")
        seen.add(zone.name)
        out += _row_problems(pack, zone)
        if zone.role is None:
            continue
        if zone.role not in ROLES[zone.owner]:
            other = next(side for side in OWNERS if side != zone.owner)
            where = "a shared zone" if zone.owner == "shared" else "a player's zone"
            hint = f"the roles of {where}: {', '.join(ROLES[zone.owner])}"
            if zone.role in ROLES[other]:
                hint = f'"{zone.role}" is the role of a {other} zone; {hint}'
            error(
                zone,
                f'"{zone.role}" is not a role of {where}',
                "zone-role",
                hint,
                zone.name,
                "role",
            )
        elif zone.role in roles:
            error(
                zone,
                f'the role "{zone.role}" is given to two zones: {roles[zone.role]} and {zone.name}',
                "zone-role",
                "each role belongs to one zone",
                zone.name,
                "role",
            )
        else:
            roles[zone.role] = zone.name
    return out + missing_roles(pack)
