"""Where a card face puts its parts: the pack's `faces: layout:` block, or the default.

A face is drawn top to bottom: the name on its type's band with a badge beside it, the type and
the age, then the rows the layout lists in order — the cost (and the gold price), the numbers
the cards print (`card numbers:`, labelled), the rules text, the bonus symbols — and the footer.
The rows listed before `rules` stand under the type line, those after it above the footer; the
rules text takes the room between. The badge shows the card's points, one of its printed
numbers, or nothing. The paper and ink colours are the pack's too.

    faces:
      layout:
        badge: none                               # points (the default), none, or a card number
        rows: [numbers, rules, bonus]             # default: [cost, numbers, rules, bonus]
        numbers: [science cost, build cost]       # the numbers row's, in order (default: all)
        paper: "#f4efe1"
        ink: "#1d1d1d"

A row with nothing to show on a card (no numbers, no bonus) is left out of that card's face.
The checks (`rules_dsl/checks.py`) report a badge or number the game does not declare and a
layout without the rules row.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import hexdigits
from typing import Any

from rules_dsl.face_keys import BONUS, COST, NUMBERS, POINTS, ROWS, RULES
from rules_dsl.pack import Pack
from rules_dsl.printed_numbers import declared_numbers

PAPER, INK = "#fbf6ea", "#222222"


@dataclass(frozen=True)
class FaceLayout:
    badge: str = POINTS  # POINTS, NO_BADGE, or the name of a printed number
    above: tuple[str, ...] = (COST, NUMBERS)  # the rows under the type line, in order
    below: tuple[str, ...] = (BONUS,)  # the rows above the footer, in order
    numbers: tuple[str, ...] = ()  # the printed numbers the numbers row shows
    paper: str = PAPER
    ink: str = INK


def face_layout(pack: Pack) -> FaceLayout:
    """The layout the pack declares, each part it leaves out as by default. A value the
    checks report (a row the schema refuses, no rules row) falls back to the default's."""
    faces = pack.game.get("faces")
    given: dict[str, Any] = {}
    if isinstance(faces, dict) and isinstance(faces.get("layout"), dict):
        given = faces["layout"]
    declared = [spec.name for spec in declared_numbers(pack.game)]
    rows = _rows(given.get("rows"))
    split = rows.index(RULES)
    numbers = given.get("numbers")
    shown = [str(n) for n in numbers] if isinstance(numbers, list) else declared
    badge = given.get("badge")
    return FaceLayout(
        badge=str(badge) if isinstance(badge, str) else POINTS,
        above=tuple(rows[:split]),
        below=tuple(rows[split + 1 :]),
        numbers=tuple(n for n in shown if n in declared),
        paper=_colour(given.get("paper"), PAPER),
        ink=_colour(given.get("ink"), INK),
    )


def _rows(value: Any) -> list[str]:
    if isinstance(value, list) and RULES in value and all(v in ROWS for v in value):
        return list(dict.fromkeys(str(v) for v in value))
    return list(ROWS)


def _colour(value: Any, default: str) -> str:
    ok = isinstance(value, str) and len(value) == 7 and value.startswith("#")
    return str(value) if ok and all(c in hexdigits for c in str(value)[1:]) else default
