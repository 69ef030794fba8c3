"""The states a card copy can be in, declared by the game file in its own words.

    card states:
      damaged: face down                 # The Ancient World: a damaged card gives nothing
      used: {mark: round}                # cleared when the round ends

- `face down`: the card shows its back. It gives no bonus symbols and its points do not count
  (the pack's scoring counts such cards itself: "- the number of your damaged cards"), unless
  written `{face down: keeps points}`. One state at most is face down: a card has one back.
- `{mark: <lifetime>}`: a mark on the card, cleared from every card when the `turn`, the
  `round` or the `age` ends (`game`: it lasts the game).
- `player`: the card names one player while it is in play (a war card's target): a step gives
  it, `the defender becomes its target`, and a phrase of players reads it, `its target becomes
  the defender`, `the target of it`; `if it is target` asks whether it names one. A card that
  leaves play forgets it.

Each state is named by one word, the word rules use: "flip it face down", "mark it as used",
"if it is damaged", "your damaged cards". The JSON Schema (`cards/schema/game.schema.json`)
checks the kinds and lifetimes; the checks here are located errors for what it cannot say: a
name that is already a card type, keyword, zone, resource, counter, die or a word of the
engine's own card states, and a second face-down state.

Tokens held on a card are not declared here: they are amounts of the pack's counters ("put 2
coin on it"), so any counter can lie on a card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic
from .nouns import declared_nouns, names_of

if TYPE_CHECKING:
    from .pack import Pack

KEY = "card states"
FACE_DOWN = "face down"
MARK = "mark"
PLAYER = "player"
KEEPS_POINTS = "keeps points"
LIFETIMES = ("turn", "round", "age", "game")
# The card states the engine keeps itself (Along History's tilt and decadence, the cards of a
# hand since the turn began): a declared state of the same name would be read two ways.
ENGINE_STATES = ("active", "decadent", "tilted", "untilted", "unresolved")
_NAME = re.compile(r"[a-z](?:[a-z0-9-]*[a-z0-9])?")


@dataclass(frozen=True)
class CardStateSpec:
    """One declared card state, as written."""

    name: str
    kind: str  # face down | mark | player
    lasts: str | None = None  # a mark's lifetime: turn | round | age | game
    keeps_points: bool = False  # a face-down card whose points still count


def _spec(name: str, value: Any) -> CardStateSpec | None:
    """The state an entry declares, or None when it is not one of the forms (the schema
    reports it)."""
    if value == FACE_DOWN:
        return CardStateSpec(name, FACE_DOWN)
    if value == PLAYER:
        return CardStateSpec(name, PLAYER)
    if isinstance(value, dict) and len(value) == 1:
        ((kind, detail),) = value.items()
        if kind == FACE_DOWN and detail == KEEPS_POINTS:
            return CardStateSpec(name, FACE_DOWN, keeps_points=True)
        if kind == MARK and detail in LIFETIMES:
            return CardStateSpec(name, MARK, lasts=str(detail))
    return None


def declared_card_states(game: dict[str, Any]) -> list[CardStateSpec]:
    """Every card state the game file declares in a form the engine reads, in its order."""
    entries = game.get(KEY)
    if not isinstance(entries, dict):
        return []
    found = (_spec(str(name), value) for name, value in entries.items())
    return [spec for spec in found if spec is not None]


def card_state_names(game: dict[str, Any]) -> set[str]:
    """Every name declared, in a form the engine reads or not (the schema reports a wrong
    form once, at the declaration, not again at every rule using the name)."""
    entries = game.get(KEY)
    return {str(name) for name in entries} if isinstance(entries, dict) else set()


def check_card_states(pack: Pack) -> list[Diagnostic]:
    """A state's name that is not one word or means something else already; a second
    face-down state."""
    out: list[Diagnostic] = []
    game = pack.game
    taken = {
        **declared_nouns(game),
        "a die": names_of(game.get("dice")),
        "a card state the engine keeps itself": set(ENGINE_STATES),
    }
    face_down: str | None = None
    for spec in declared_card_states(pack.game):
        doc, where = pack.place(KEY, spec.name)

        def error(message: str, code: str, hint: str, key: bool = True) -> None:
            out.append(doc.diagnostic(where, message, code=code, hint=hint, key=key))  # noqa: B023

        if not _NAME.fullmatch(spec.name):
            error(
                f'the card state "{spec.name}" is not one word',
                "card-state-name",
                'rules read a state as one word ("if it is damaged"): lowercase letters, '
                "digits and hyphens",
            )
        for what, names in taken.items():
            if spec.name in names:
                error(
                    f'"{spec.name}" is already {what}: it cannot also be a card state',
                    "card-state-name",
                    "give the state a word of its own",
                )
        if spec.kind == FACE_DOWN:
            if face_down is not None:
                error(
                    f'"{spec.name}" and "{face_down}" are both face down',
                    "card-state-kind",
                    "a card has one back: one state is face down, the others are marks",
                    key=False,
                )
            face_down = face_down or spec.name
    return out
