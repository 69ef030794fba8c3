"""The pieces a game declares: tokens with an owner and number properties, placed on cards.

    pieces:
      citizen:
        properties: [skill]
        start: [{skill: 1}, {skill: 2}, {skill: 3}]     # each player's, when the game starts
        bumping: {by: skill, costs: 1 coin}             # TAW-A3

- `properties`: the names of a piece's numbers (none: pieces that are all alike).
- `start`: each player's pieces when the game starts, one entry each (a property not given is
  0), or a number of pieces all alike.
- `shows symbols of`: card types (`[farm, mine]`) whose bonus symbols count once per piece of
  this kind on the card, and not at all while none is on it (Through the Ages: each worker on
  a farm is one farm; the card alone yields nothing). A card of another type shows its symbols
  once, as in every game. Wherever symbols are counted: `your food symbols`, `the science
  symbols on your cards`, `a food bonus card`, a score formula.
- `claims`: card types (`[tactic]`) that a piece of this kind makes its owner's wherever the
  card lies: a card of those types with such a piece on it counts among the owner's active
  cards where their symbols are counted (`your strength symbols`), its abilities read for
  them (Through the Ages' standard on a tactic of the common area: several players' standards
  may stand on one card, and each counts it).
- `from`: a counter of each player's that the pieces gained come from (TtA's yellow bank):
  `gain a worker` takes one from it, and gains none while it is 0. Without it, pieces are
  gained from an unlimited supply.
- `bumping`: placing a piece on a card that holds a piece with a higher value of `by` costs
  `costs` (an amount of a counter); a player who cannot pay may not place it there. With
  `in: <zone>`, only on the cards of that zone (the board's spaces, not a player's own cards).
  Without `bumping`, a card holds any pieces.

The kind's name is the word rules use, singular or plural: "place one of your citizens on it",
"the number of citizens on it". The JSON Schema (`cards/schema/game.schema.json`) documents the
forms; the checks here are located errors for every mistake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic, did_you_mean
from .nouns import declared_nouns, names_of
from .zones import declared_zones

if TYPE_CHECKING:
    from .pack import Pack

KEY = "pieces"
FIELDS = ("properties", "start", "bumping", "shows symbols of", "claims", "from")
SHOWS = "shows symbols of"
CLAIMS = "claims"
_WORD = re.compile(r"[a-z](?:[a-z0-9-]*[a-z0-9])?")
_COST = re.compile(r"(\d+) (.+)")


@dataclass(frozen=True)
class PieceSpec:
    """One kind of piece, as written (only what reads well; the checks report the rest)."""

    name: str
    properties: tuple[str, ...] = ()
    start: tuple[tuple[tuple[str, int], ...], ...] = ()  # each piece's properties
    bump_by: str | None = None
    bump_amount: int = 0
    bump_counter: str | None = None
    bump_in: str | None = None  # the zone whose cards bumping applies on (None: every card)
    shows: tuple[str, ...] = ()  # card types whose symbols count once per piece on them
    bank: str | None = None  # the counter pieces gained come from (None: no limit)
    claims: tuple[str, ...] = ()  # card types a piece on makes its owner's, wherever they lie

    def values(self, given: dict[str, int] | None = None) -> dict[str, int]:
        """A piece's properties: those given, 0 for the others."""
        return {p: int((given or {}).get(p, 0)) for p in self.properties}

    @property
    def gained(self) -> dict[str, int]:
        """The properties of a piece gained in play: those of the last piece at the start."""
        return self.values(dict(self.start[-1]) if self.start else None)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _start(value: Any, properties: tuple[str, ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    if _whole(value):
        return tuple(tuple((p, 0) for p in properties) for _ in range(value))
    if not isinstance(value, list):
        return ()
    out = []
    for entry in value:
        given = entry if isinstance(entry, dict) else {}
        out.append(tuple((p, given[p] if _whole(given.get(p)) else 0) for p in properties))
    return tuple(out)


def _spec(name: str, value: Any) -> PieceSpec:
    value = value if isinstance(value, dict) else {}
    props = value.get("properties")
    properties = tuple(str(p) for p in props) if isinstance(props, list) else ()
    bumping = value.get("bumping") if isinstance(value.get("bumping"), dict) else {}
    by = bumping.get("by")
    cost = _COST.fullmatch(str(bumping.get("costs", "")).strip())
    return PieceSpec(
        name,
        properties,
        _start(value.get("start"), properties),
        str(by) if by is not None and bumping else None,
        int(cost.group(1)) if cost else 0,
        cost.group(2) if cost else None,
        str(bumping["in"]) if isinstance(bumping.get("in"), str) else None,
        _names(value.get(SHOWS)),
        str(value["from"]) if isinstance(value.get("from"), str) else None,
        _names(value.get(CLAIMS)),
    )


def _names(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def declared_pieces(game: dict[str, Any]) -> list[PieceSpec]:
    """Every kind of piece the game file declares, in its order."""
    entries = game.get(KEY)
    if not isinstance(entries, dict):
        return []
    return [_spec(str(name), value) for name, value in entries.items()]


def check_pieces(pack: Pack) -> list[Diagnostic]:
    """Every mistake in `pieces:`, at its place."""
    entries = pack.game.get(KEY)
    if entries is None:
        return []
    out: list[Diagnostic] = []

    def error(path: tuple[Any, ...], message: str, hint: str, key: bool = False) -> None:
        doc, where = pack.place(*path)
        out.append(doc.diagnostic(where, message, code="pieces", hint=hint, key=key))

    if not isinstance(entries, dict) or not entries:
        error((KEY,), '"pieces" lists kinds of piece', "e.g. citizen: {start: 3}")
        return out
    for name, value in entries.items():
        out += _check_kind(pack, str(name), value, error)
    return out


def _check_kind(pack: Pack, name: str, value: Any, error: Any) -> list[Diagnostic]:
    game = pack.game
    taken = {
        **declared_nouns(game),
        "a card state": names_of(game.get("card states")),
    }
    if not _WORD.fullmatch(name) or name.endswith("s"):
        error(
            (KEY, name),
            f'the piece "{name}" is not one word in the singular',
            'rules say "a citizen" and "your citizens": name the kind by one singular word',
            True,
        )
    for what, names in taken.items():
        if name in names:
            error(
                (KEY, name), f'"{name}" is already {what}', "give the piece a word of its own", True
            )
    if not isinstance(value, dict):
        error((KEY, name), f'the piece "{name}" is a mapping', "e.g. {start: 3}")
        return []
    for field in value:
        if field not in FIELDS:
            error(
                (KEY, name, field),
                f'"{field}" is not a field of a piece',
                f"the fields: {', '.join(FIELDS)}",
                True,
            )
    properties = _check_properties(name, value.get("properties"), error)
    _check_start(name, value.get("start"), properties, error)
    _check_bumping(
        name,
        value.get("bumping"),
        properties,
        names_of(game.get("counters")),
        [z.name for z in declared_zones(game)],
        error,
    )
    _check_shows(name, value.get(SHOWS), names_of(game.get("card_types")), error)
    _check_shows(name, value.get(CLAIMS), names_of(game.get("card_types")), error, CLAIMS)
    _check_bank(name, value.get("from"), names_of(game.get("counters")), error)
    return []


def _check_shows(name: str, shows: Any, types: set[str], error: Any, key: str = SHOWS) -> None:
    """`shows symbols of` (or `claims`): a list of the game's card types."""
    if shows is None:
        return
    path = (KEY, name, key)
    listed = ", ".join(sorted(types)) or "none declared"
    if not isinstance(shows, list) or not shows:
        error(path, f"{key} lists card types", f"e.g. [{next(iter(sorted(types)), 'farm')}]")
        return
    for i, word in enumerate(shows):
        if word not in types:
            near = did_you_mean(str(word), sorted(types))
            error(
                (*path, i),
                f'"{word}" is not a card type of the game',
                f"{near} (the card types: {listed})" if near else f"the card types: {listed}",
            )


def _check_bank(name: str, bank: Any, counters: set[str], error: Any) -> None:
    """`from`: a counter of the game, the pieces' bank."""
    if bank is None:
        return
    listed = ", ".join(sorted(counters)) or "none declared"
    if not isinstance(bank, str) or bank not in counters:
        near = did_you_mean(str(bank), sorted(counters))
        error(
            (KEY, name, "from"),
            f'"{bank}" is not a counter of the game',
            (f"{near}; " if near else "")
            + f"a {name} gained comes from a counter each player keeps ({listed})",
        )


def _check_properties(name: str, props: Any, error: Any) -> set[str]:
    if props is None:
        return set()
    if not isinstance(props, list) or not props:
        error((KEY, name, "properties"), "properties are a list of names", "e.g. [skill]")
        return set()
    seen: set[str] = set()
    for i, prop in enumerate(props):
        if not isinstance(prop, str) or not _WORD.fullmatch(prop) or prop in seen:
            error(
                (KEY, name, "properties", i),
                f"{prop!r} is not a new property name",
                "one lowercase word each, each once",
            )
        seen.add(str(prop))
    return seen


def _check_start(name: str, start: Any, properties: set[str], error: Any) -> None:
    if start is None:
        error(
            (KEY, name),
            f'the piece "{name}" has no "start"',
            "say each player's pieces when the game starts: start: 3, or "
            "start: [{skill: 1}, {skill: 2}]",
            True,
        )
        return
    if _whole(start):
        return
    if not isinstance(start, list):
        error((KEY, name, "start"), "start is a number of pieces or a list of pieces", "e.g. 3")
        return
    for i, entry in enumerate(start):
        if not isinstance(entry, dict):
            error(
                (KEY, name, "start", i),
                "a piece at the start is a mapping of its properties",
                "e.g. {skill: 1}",
            )
            continue
        for prop, amount in entry.items():
            if prop not in properties:
                listed = ", ".join(sorted(properties)) or "none"
                error(
                    (KEY, name, "start", i, prop),
                    f'"{prop}" is not a property of the {name}',
                    f'declare it under "properties" (its properties: {listed})',
                )
            elif not _whole(amount):
                error((KEY, name, "start", i, prop), f"{amount!r} is not a whole number", "e.g. 1")


def _check_bumping(
    name: str,
    bumping: Any,
    properties: set[str],
    counters: set[str],
    zones: list[str],
    error: Any,
) -> None:
    if bumping is None:
        return
    path = (KEY, name, "bumping")
    if not isinstance(bumping, dict) or not {"by", "costs"} <= set(bumping) <= {
        "by",
        "costs",
        "in",
    }:
        error(
            path,
            "bumping reads {by: <property>, costs: <amount>[, in: <zone>]}",
            f"e.g. {{by: skill, costs: 1 {next(iter(sorted(counters)), '<counter>')}}}",
        )
        return
    if bumping["by"] not in properties:
        error(
            (*path, "by"),
            f'"{bumping["by"]}" is not a property of the {name}',
            f"bumping compares a property: {', '.join(sorted(properties)) or 'declare one'}",
        )
    if "in" in bumping and bumping["in"] not in zones:
        error(
            (*path, "in"),
            f'"{bumping["in"]}" is not a zone of the game',
            f"bumping applies on the cards of a zone: {', '.join(zones) or 'declare one'}",
        )
    cost = _COST.fullmatch(str(bumping["costs"]).strip())
    if cost is None or cost.group(2) not in counters:
        error(
            (*path, "costs"),
            f'"{bumping["costs"]}" is not an amount of a counter',
            f"a number and a counter of the game: {', '.join(sorted(counters)) or 'none declared'}",
        )
