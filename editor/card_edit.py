"""The card editor's logic, apart from the page: a card's fields, its diagnostics placed in its
rules text, the search of the cards table, and the undo history."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules_dsl.card_keys import BONUS, PRICE
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.pack import Pack
from rules_dsl.yaml_source import YamlDocument, load_yaml_text

from . import yaml_edit

EDITABLE = ("name", "type", "copies", "cost", PRICE, "points", BONUS, "rules")
HISTORY_LIMIT = 50


@dataclass(frozen=True)
class PlacedDiagnostic:
    """A diagnostic of a card, with its place in the rules text when it is there."""

    diagnostic: Diagnostic
    field: str | None  # the card's field it is in ("rules", "cost"...)
    rules_line: int | None  # 1-based line and column inside the rules text
    rules_column: int | None

    def where(self) -> str:
        d = self.diagnostic
        place = f"{d.file}:{d.line}:{d.column}" if d.line else (d.file or "")
        if self.rules_line is not None:
            return f"rules line {self.rules_line}, column {self.rules_column} ({place})"
        return f"{self.field or 'card'} ({place})"


def card_diagnostics(
    text: str, display: str, ident: str, diagnostics: list[Diagnostic]
) -> list[PlacedDiagnostic]:
    """The diagnostics of `display` that fall on card `ident`'s lines of the file `text`."""
    doc = _document(text, display)
    if doc is None or not isinstance(doc.data, dict) or not isinstance(doc.data.get("cards"), list):
        return []
    ids = [yaml_edit.card_id(entry) for entry in doc.data["cards"]]
    if ident not in ids:
        return []
    index = ids.index(ident)
    first = doc.position(("cards", index))[0]
    last = (
        doc.position(("cards", index + 1))[0] - 1 if index + 1 < len(ids) else len(text.split("\n"))
    )
    keys = [
        (doc.position(("cards", index, k), key=True)[0], k)
        for k in doc.data["cards"][index]
        if isinstance(k, str)
    ]
    rules_start = None
    if isinstance(doc.data["cards"][index].get("rules"), str):
        rules_start = doc.text_position(("cards", index, "rules"), 1, 1)
    out = []
    for d in diagnostics:
        if d.file != display or d.line is None or not first <= d.line <= last:
            continue
        field = max((k for k in keys if k[0] <= d.line), default=(0, None))[1]
        line = column = None
        if field == "rules" and rules_start is not None and d.line >= rules_start[0]:
            line = d.line - rules_start[0] + 1
            column = max(1, (d.column or rules_start[1]) - rules_start[1] + 1)
        out.append(PlacedDiagnostic(d, field, line, column))
    return out


@lru_cache(maxsize=8)
def _document(text: str, display: str) -> YamlDocument | None:
    """The file read with its positions, once per text: the Cards page places the same
    diagnostics again on every run (the documents are only read)."""
    return load_yaml_text(text, display)[0]


def gutter_annotations(placed: list[PlacedDiagnostic]) -> list[dict[str, Any]]:
    """Gutter marks for the code editor (0-based rows), one per diagnostic in the rules."""
    return [
        {
            "row": p.rules_line - 1,
            "column": (p.rules_column or 1) - 1,
            "text": p.diagnostic.message + (f" — {p.diagnostic.hint}" if p.diagnostic.hint else ""),
            "type": "error" if p.diagnostic.is_error else "warning",
        }
        for p in placed
        if p.rules_line is not None
    ]


def error_markers(placed: list[PlacedDiagnostic]) -> list[dict[str, Any]]:
    """Ace markers underlining each diagnostic's words in the rules text."""
    out = []
    for p in placed:
        if p.rules_line is None:
            continue
        d = p.diagnostic
        width = (d.end_column - d.column) if d.end_column and d.column else 1
        start = (p.rules_column or 1) - 1
        out.append(
            {
                "startRow": p.rules_line - 1,
                "startCol": start,
                "endRow": p.rules_line - 1,
                "endCol": start + max(1, width),
                "type": "text",
                "inFront": True,
                "className": "ag-error" if d.is_error else "ag-warning",
            }
        )
    return out


FORM = ("name", "type", "copies", "cost", PRICE, "points", BONUS)  # the form's widgets
MOST_COPIES = 20


def form_values(fields: dict[str, Any]) -> dict[str, Any]:
    """What the form's widgets show of a card's fields: texts, and the copies as a number."""
    values: dict[str, Any] = {}
    for key in FORM:
        value = fields.get(key)
        values[key] = "" if value is None else str(value)
    copies = fields.get("copies")
    if isinstance(copies, bool) or not isinstance(copies, int):
        copies = 1  # none, a text or true/false: the form starts from one copy
    values["copies"] = min(max(copies, 1), MOST_COPIES)
    return values


def form_fields(values: dict[str, Any], rules: str) -> dict[str, Any]:
    """A card's fields from the form's widget values and the rules text (form_values' inverse
    for every value the form can show)."""
    return {
        "name": str(values["name"]).strip(),
        "type": values["type"],
        "copies": int(values["copies"]),
        "cost": str(values["cost"]).strip(),
        PRICE: number_or_text(str(values[PRICE])),
        "points": number_or_text(str(values["points"])),
        BONUS: str(values[BONUS]).strip(),
        "rules": rules.rstrip("\n"),
    }


def number_or_text(text: str) -> int | str | None:
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


def fields_changed(saved: dict[str, Any], edited: dict[str, Any]) -> list[str]:
    def norm(key: str, value: Any) -> str:
        if key == "copies" and value is None:
            value = 1  # the schema's default
        return "" if value is None else str(value).rstrip("\n")

    return [k for k in EDITABLE if norm(k, saved.get(k)) != norm(k, edited.get(k))]


def push_history(history: list[dict[str, Any]], fields: dict[str, Any]) -> list[dict[str, Any]]:
    """The undo history with `fields` added if they differ from the last entry."""
    if history and history[-1] == fields:
        return history
    return [*history, dict(fields)][-HISTORY_LIMIT:]


# ---------------------------------------------------------------- the cards table


def mention_words(pack: Pack) -> list[str]:
    """What the cards' rules can be searched for: card names, verbs and keywords they use."""
    from rules_dsl.grammar_words import verbs as grammar_verb_list  # as the grammar writes them

    texts = [yaml_edit.quoted(c.name) for c in pack.cards]
    rules = "\n".join(rules_text(c) for c in pack.cards)
    names = sorted({t for t in texts if t in rules})
    words = set(re.findall(r"[a-z-]+", re.sub(r'"[^"]*"', " ", rules)))
    grammar_verbs = set(grammar_verb_list())
    verbs = sorted(w for w in words if w in grammar_verbs)
    keywords = sorted(str(k) for k in pack.game.get("keywords") or [] if str(k) in words)
    return names + verbs + keywords


@dataclass(frozen=True)
class Examples:
    """The examples under the Cards page's fields, in the pack's own words."""

    search: str
    cost: str
    bonus: str


def _counted(pack: Pack) -> str | None:
    """The resource the pack's costs count by, else its first resource (None: it has none)."""
    resources = [str(r) for r in pack.game.get("resources") or []]
    return pack.counted_resource or (resources[0] if resources else None)


def a_cost(pack: Pack, amount: int) -> str:
    """A new card's cost: `amount` of the resource the pack's costs count by (else its first
    resource); no cost in a game with no resource."""
    counted = _counted(pack)
    return f"{amount} {counted}" if counted else ""


def examples(pack: Pack) -> Examples:
    """What to show as an example search, cost and bonus: a card's name and the pack's
    resources and money, so that another pack's page never speaks Along History's words."""
    resources = [str(r) for r in pack.game.get("resources") or []]
    counted = _counted(pack)
    others = [r for r in resources if r != counted]
    search = [pack.cards[0].name] if pack.cards else []
    search += [w for w in (counted, pack.money) if w]
    cost = ", ".join(([f"5 {counted}"] if counted else []) + others[:1])
    bonus = ", ".join(dict.fromkeys(resources[:1] + resources[-1:]))
    return Examples(
        search=f"e.g. {', '.join(search)}" if search else "",
        cost=f"e.g. {cost}" if cost else "",
        bonus=f"e.g. {bonus}" if bonus else "",
    )


def rules_text(card: Any) -> str:
    return _printed(card.rules)


@lru_cache(maxsize=8192)
def _printed(rules: Any) -> str:
    from rules_dsl.printer import print_rules

    return print_rules(rules)


def matches(card: Any, search: str, mention: str | None) -> bool:
    text = rules_text(card)
    if search and search.lower() not in card.name.lower() and search.lower() not in text.lower():
        return False
    if mention:
        if mention.startswith('"'):
            return mention in text
        return re.search(rf"\b{re.escape(mention)}\b", re.sub(r'"[^"]*"', " ", text)) is not None
    return True
