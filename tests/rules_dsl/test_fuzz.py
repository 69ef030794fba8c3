"""No text breaks the parser: `try_parse` answers every text, for every entry point, with a
tree or with a diagnostic placed inside the text, quickly, and never raises.

Texts come from hypothesis (any unicode text) and from mutating valid rules: tokens deleted,
doubled, swapped or replaced, keywords and punctuation inserted, lines indented at random. Then
absurd texts: deep brackets and blocks, a megabyte, a line of 50,000 words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_dsl import ast
from rules_dsl.parser import MAX_NESTING, MAX_TEXT, STARTS, try_parse
from rules_dsl.printer import print_any

GRAMMAR = (Path(ast.__file__).parent / "grammar.lark").read_text(encoding="utf-8")
KEYWORDS = sorted(set(re.findall(r'"([a-z]+)"', GRAMMAR)))
PUNCTUATION = ["(", ")", ":", ";", ",", "'s", '"', "“", "”", "'", "+", "-", "*", "/", "+1", "-2",
               "X", "#", "\t", "\r", "\n", "\n  ", "\n    ", "\n \t", "0", "007", "é", "Fire"]

SEEDS = [
    ("rules", 'free if you own "Homo Erectus"'),
    ("rules", "while in your events: your first acquisition each turn costs 1 more population"
              ' if you own "Hills" or "Mountain"'),
    ("rules", "non-transmissible\nwar +1 per 2 lands\ngold price 5 if you own \"Aristotle\""),
    ("rules", "cancels the war bonus of the opponent's \"Chivalry\""),
    ("rules", 'at the start of your actions: if "Barbarian Invasions" is in your events: swap it'
              " for a transmissible card in another player's events"),
    ("rules", "on failure: pay 10 gold or destroy one of your active cards, preferring"
              " population bonus cards, then bonus cards;\n  then shuffle the discard pile into"
              " the deck"),
    ("rules", "on acquire: take all gold from the opponent with the most gold; then give half of"
              " it rounded down to an opponent of your choice"),
    ("rules", "in war: you may discard this card; then win the war by 3\n"
              "when you lose a war: move this card to the winner's civilization"),
    ("rules", "on failure:\n  if you have at least 12 gold: share 12 gold among your opponents\n"
              "  otherwise: destroy one of your active cards"),
    ("rules", "repeat until every player has passed:\n"
              "  each player in turn order who has not passed takes an action\n"
              "if you acquired nothing this turn: gain 1 universal resource"),
    ("cost", "X population, 2 strength where X is the number of your active bonuses"),
    ("number", "your gold / 3 rounded down at most 4"),
    ("number", "the points of your cards - 2 * (your decadent bonuses + 1)"),
    ("condition", "not (you have at least 15 gold or the deck is empty) and you own 2 of"
                  ' "Hunting", "Fishing"'),
]

TOKEN = re.compile(r'"[^"\n]*"|\n[ \t]*|[^\s"():;,]+|\S')


def answer(text: str, start: str) -> None:
    """try_parse answers: a tree, or a diagnostic whose place is inside the text."""
    tree, diagnostic = try_parse(text, start)
    assert (tree is None) != (diagnostic is None)
    if diagnostic is None:
        return
    lines = text.split("\n")
    assert diagnostic.severity == "error" and diagnostic.message
    assert diagnostic.line is not None and 1 <= diagnostic.line <= len(lines), diagnostic
    line = lines[diagnostic.line - 1]
    assert diagnostic.column is not None and 1 <= diagnostic.column <= len(line) + 1, diagnostic
    if diagnostic.end_column is not None:
        assert diagnostic.column < diagnostic.end_column <= len(line) + 1, diagnostic
    assert diagnostic.source_line is not None and line.startswith(diagnostic.source_line)
    diagnostic.render()


FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.text(max_size=300), st.sampled_from(STARTS))
def test_any_text_gets_an_answer(text, start):
    answer(text, start)


@FUZZ
@given(st.lists(st.sampled_from(KEYWORDS + PUNCTUATION + ["card", "gold", '"The Fire"']),
                max_size=40).map(" ".join), st.sampled_from(STARTS))
def test_any_string_of_keywords_gets_an_answer(text, start):
    answer(text, start)


# ------------------------------------------------------------------ mutated rules

inserted = st.sampled_from(KEYWORDS + PUNCTUATION) | st.text(max_size=3)
indentation = st.text(st.sampled_from(" \t"), max_size=6).map(lambda s: "\n" + s)
mutation = st.one_of(
    st.tuples(st.just("delete"), st.integers(0, 10**6)),
    st.tuples(st.just("double"), st.integers(0, 10**6)),
    st.tuples(st.just("swap"), st.integers(0, 10**6), st.integers(0, 10**6)),
    st.tuples(st.just("insert"), st.integers(0, 10**6), inserted),
    st.tuples(st.just("replace"), st.integers(0, 10**6), inserted),
    st.tuples(st.just("indent"), st.integers(0, 10**6), indentation),
)


def mutate(text: str, mutations: list[tuple]) -> str:
    tokens = TOKEN.findall(text)
    for kind, where, *extra in mutations:
        if not tokens:
            tokens = [""]
        i = where % len(tokens)
        if kind == "delete":
            del tokens[i]
        elif kind == "double":
            tokens.insert(i, tokens[i])
        elif kind == "swap":
            j = extra[0] % len(tokens)
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif kind == "insert":
            tokens.insert(i, extra[0])
        else:           # replace, indent
            tokens[i] = extra[0]
    out = ""
    for token in tokens:
        out += token if not out or out.endswith("\n") or token.startswith("\n") else " " + token
    return out


@FUZZ
@given(st.sampled_from(SEEDS), st.lists(mutation, min_size=1, max_size=6))
def test_mutated_rules_get_an_answer(seed, mutations):
    start, text = seed
    answer(mutate(text, mutations), start)


@pytest.mark.parametrize("start, text", SEEDS)
def test_seeds_parse_and_their_tokens_rejoin(start, text):
    tree, diagnostic = try_parse(text, start)
    assert diagnostic is None
    assert try_parse(mutate(text, []), start)[0] == tree
    assert try_parse(print_any(tree), start)[0] == tree


# ------------------------------------------------------------------ absurd texts

ABSURD = {
    "20,000 brackets deep": ("condition", "(" * 20_000 + "you own a land" + ")" * 20_000),
    "5,000 brackets deep": ("number", "(" * 5_000 + "1" + ")" * 5_000),
    "brackets one too deep": ("number", "(" * (MAX_NESTING + 1) + "1" + ")" * (MAX_NESTING + 1)),
    "5,000 nested blocks": ("rules", "".join(f"{' ' * i}if x is y:\n" for i in range(5_000))),
    "150 nested blocks": ("rules", "".join(f"{' ' * i}if x is y:\n" for i in range(150))
                          + " " * 150 + "pass"),
    "3,000 nested inline ifs": ("rules", "if x is y: " * 1_500 + "pass"),
    "4,000 nots": ("condition", "not " * 4_000 + "you own a land"),
    "4,000 subtractions": ("number", "1 - " * 4_000 + "1"),
    "a chain of 1,500 who-has": ("rules", "gain card" + " who has card" * 1_500),
    "a chain of 2,000 in": ("rules", "gain card" + " in card" * 2_000),
    "2,000 you may": ("rules", "you may " * 2_000 + "pass"),
    "1,500 rounded": ("number", "1" + " rounded up" * 1_500),
    "1 MB": ("rules", "gain 1 gold\n" * 90_000),
    "1 MB of one word": ("rules", "x" * 1_000_000),
    "50,000 words on a line": ("rules", "gold " * 50_000),
    "4,000 words on a line": ("rules", "card " * 3_999),
    "a block of 1,500 lines": ("rules", "on acquire:\n" + "  gain 1 gold\n" * 1_500),
    "10,000 line breaks": ("rules", "\n" * 10_000 + "free ("),
    "10,000 semicolons": ("rules", "pass" + ";" * 10_000),
}


@pytest.mark.parametrize("start, text", ABSURD.values(), ids=ABSURD.keys())
def test_absurd_text_is_answered_with_a_diagnostic(start, text):
    tree, diagnostic = try_parse(text, start)
    assert tree is None and diagnostic is not None
    answer(text, start)


def test_long_texts_are_refused_before_parsing():
    _, diagnostic = try_parse("gain 1 gold\n" * 90_000)
    assert "characters long" in diagnostic.message and f"{MAX_TEXT:,}" in diagnostic.hint


@pytest.mark.parametrize("start, text", [
    ("number", "(" * MAX_NESTING + "1" + ")" * MAX_NESTING),
    ("rules", "".join(f"{' ' * i}if x is y:\n" for i in range(MAX_NESTING - 1))
     + " " * (MAX_NESTING - 1) + "pass"),
    ("condition", "not (" * 50 + "you own a land" + ")" * 50),
    ("condition", "you own a land" + " or a land" * 1_500),
    ("rules", "gain 1 gold; " * 1_000 + "pass"),
])
def test_deep_but_allowed_texts_parse(start, text):
    tree, diagnostic = try_parse(text, start)
    assert diagnostic is None and tree is not None
