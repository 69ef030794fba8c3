"""Resources a game keeps as tokens on cards, each token worth the card's printed symbols.

    counters:
      blue token: {start: 16}                   # each player's bank of tokens
    stored:
      food: {as: blue token, on: farm}          # a blue token on a farm is worth its food
      resource: {as: blue token, on: mine}

Through the Ages keeps food and resources so (TTA-E3): what a player has is the worth of the
tokens on their cards of that kind (two tokens on Irrigation, printed "2 food": 4 food); the
tokens not on a card are the counter `as`, the bank, whose size other rules read (corruption by
the blue tokens left). A stored resource is no counter: `your food` is that worth, `gain 2
food` moves tokens from the bank onto the cards, `lose 3 food` and a cost in food pay with
tokens back into the bank (mechanics/stored.py says how), and `put 1 blue token on it` puts
one token on a card, as for any counter. The JSON Schema documents the forms; the checks here
are located errors for every mistake.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic
from .nouns import names_of

if TYPE_CHECKING:
    from .pack import Pack

KEY = "stored"


@dataclass(frozen=True)
class StoredSpec:
    """One stored resource: its name (a resource), the counter its tokens are, and the kind
    of card (a card type or keyword) they lie on."""

    name: str
    token: str
    on: str


def declared_stored(game: dict[str, Any]) -> tuple[StoredSpec, ...]:
    """The stored resources the game file declares, as written (the checks report mistakes)."""
    entries = game.get(KEY)
    if not isinstance(entries, dict):
        return ()
    out = []
    for name, value in entries.items():
        if isinstance(value, dict) and isinstance(value.get("as"), str):
            on = value.get("on")
            if isinstance(on, str):
                out.append(StoredSpec(str(name), value["as"], on))
    return tuple(out)


def check_stored(pack: Pack) -> list[Diagnostic]:
    """Every mistake in `stored:`, at its place."""
    entries = pack.game.get(KEY)
    if entries is None:
        return []
    out: list[Diagnostic] = []

    def error(path: tuple[Any, ...], message: str, hint: str, key: bool = False) -> None:
        doc, where = pack.place(*path)
        out.append(doc.diagnostic(where, message, code="stored", hint=hint, key=key))

    if not isinstance(entries, dict) or not entries:
        error((KEY,), '"stored" lists resources kept as tokens on cards', EXAMPLE)
        return out
    game = pack.game
    resources = names_of(game.get("resources"))
    counters = names_of(game.get("counters"))
    kinds = names_of(game.get("card_types")) | names_of(game.get("keywords"))
    for name, value in entries.items():
        name = str(name)
        if name not in resources:
            error(
                (KEY, name),
                f'"{name}" is not a resource of the game',
                f"a stored resource is a resource the cards print (resources: "
                f"{', '.join(sorted(resources)) or 'none'})",
                True,
            )
        if name in counters:
            error(
                (KEY, name),
                f'"{name}" is a counter too: a stored resource is the worth of tokens on cards',
                "remove it from counters: the tokens' bank is the counter of its `as`",
                True,
            )
        if not isinstance(value, dict):
            error((KEY, name), f'the stored resource "{name}" is a mapping', EXAMPLE)
            continue
        token, on = value.get("as"), value.get("on")
        if token not in counters:
            error(
                (KEY, name, "as") if "as" in value else (KEY, name),
                f"the tokens of {name} must be a counter of the game (its bank)",
                f"declare it under counters, e.g. {token or 'chip'}: {{start: 16}} (counters: "
                f"{', '.join(sorted(counters)) or 'none'})",
                "as" not in value,
            )
        if on not in kinds:
            error(
                (KEY, name, "on") if "on" in value else (KEY, name),
                f"the tokens of {name} lie on a kind of card: a card type or a keyword",
                f"card types and keywords: {', '.join(sorted(kinds)) or 'none'}",
                "on" not in value,
            )
    return out


EXAMPLE = "e.g. rice: {as: chip, on: paddy} (chips on paddy cards, each worth its rice)"
