"""Highlighting of the rules language in the code editor.

The editor component bundles Ace, which knows no mode for this language, so the words are
classed here (card names in quotes, verbs, numbers, the statement words, the pack's nouns) and
drawn as Ace markers: a soft colour behind each word, one colour per class.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from rules_dsl.grammar_words import strength_kinds

CSS = """
.ag-card, .ag-verb, .ag-num, .ag-word, .ag-noun, .ag-comment
  { position: absolute; border-radius: 3px; }
.ag-card { background: #c8e6c9; }
.ag-verb { background: #bbdefb; }
.ag-num { background: #f8bbd0; }
.ag-word { background: #e1bee7; }
.ag-noun { background: #ffe0b2; }
.ag-comment { background: #eeeeee; }
.ag-error, .ag-warning { position: absolute; border-bottom: 2px solid #d32f2f; }
.ag-warning { border-bottom-color: #ef8f00; }
.ace_editor { border: 1px solid #d6d6d9; border-radius: 6px; }
"""

STATEMENT_WORDS = (
    "free",
    "discardable",
    "costs",
    "cost",
    "less",
    "more",
    "price",
    *strength_kinds(),  # the grammar's ability words: "attack +2", "defence +5"
    "own",
    "owns",
    "have",
    "has",
    "is",
    "are",
    "at least",
    "at most",
    "cancels",
    "while",
    "on",
    "in",
    "at",
    "when",
    "if",
    "unless",
    "otherwise",
    "repeat until",
    "repeat",  # the words are classed one by one: "repeat until", "repeat 2 times", "for each"
    "until",
    "times",
    "for",
    "then",
    "or",
    "and",
    "not",
    "you may",
    "per",
    "each",
    "of",
    "your",
    "you",
)

_TOKEN = re.compile(
    r'(?P<comment>#.*)|(?P<card>"[^"\n]*"?)|(?P<num>[+-]?\d+)|(?P<word>[a-z]+)', re.IGNORECASE
)


@cache
def _verbs() -> frozenset[str]:
    from rules_dsl.grammar_words import verbs as grammar_verbs  # the grammar's own verb list

    return frozenset(grammar_verbs())


def markers(text: str, nouns: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """Ace markers (0-based rows and columns) colouring each word of `text` by its class."""
    out = []
    words = set(STATEMENT_WORDS)
    for row, line in enumerate(text.split("\n")):
        for match in _TOKEN.finditer(line):
            kind = match.lastgroup
            token = match.group()
            if kind == "word":
                lower = token.lower()
                if lower in _verbs():
                    kind = "verb"
                elif lower in nouns:
                    kind = "noun"
                elif lower not in words:
                    continue
            out.append(
                {
                    "startRow": row,
                    "startCol": match.start(),
                    "endRow": row,
                    "endCol": match.end(),
                    "className": f"ag-{kind}",
                    "type": "text",
                    "inFront": False,
                }
            )
    return out


def completions(card_names: list[str], nouns: list[str]) -> list[dict[str, Any]]:
    """What the editor offers while typing: card names (quoted), verbs and the pack's nouns."""
    # A card name is offered after its opening quote (Ace's words do not take the quote in):
    # choosing one writes the name and closes the quote.
    out = [
        {"caption": f'"{n}"', "value": f'{n}"', "meta": "card", "score": 300} for n in card_names
    ]
    out += [{"caption": v, "value": v, "meta": "verb", "score": 200} for v in sorted(_verbs())]
    out += [{"caption": n, "value": n, "meta": "noun", "score": 100} for n in nouns]
    return out
