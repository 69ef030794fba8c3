"""No text breaks the parser: `try_parse` answers every text, for every entry point, with a
tree or with a diagnostic placed inside the text, quickly, and never raises.

Texts come from hypothesis (any unicode text) and from mutating valid rules: tokens deleted,
doubled, swapped or replaced, keywords and punctuation inserted, lines indented at random. Then
absurd texts: deep brackets and blocks, a megabyte, a line of 50,000 words, numbers of
thousands of digits. Last, whole packs: any number in any numeric place, card files of any
shape and names of any length (`load_pack` answers each with a located error, never raises).
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
PUNCTUATION = [
    "(",
    ")",
    ":",
    ";",
    ",",
    "'s",
    '"',
    "“",
    "”",
    "'",
    "+",
    "-",
    "*",
    "/",
    "+1",
    "-2",
    "X",
    "#",
    "\t",
    "\r",
    "\n",
    "\n  ",
    "\n    ",
    "\n \t",
    "0",
    "007",
    "é",
    "Fire",
]

SEEDS = [
    ("rules", 'free if you own "Homo Erectus"'),
    (
        "rules",
        "while in your events: your first acquisition each turn costs 1 more population"
        ' if you own "Hills" or "Mountain"',
    ),
    ("rules", 'non-transmissible\nwar +1 per 2 lands\ngold price 5 if you own "Aristotle"'),
    ("rules", 'cancels the war bonus of the opponent\'s "Chivalry"'),
    (
        "rules",
        'at the start of your actions: if "Barbarian Invasions" is in your events: swap it'
        " for a transmissible card in another player's events",
    ),
    (
        "rules",
        "on failure: pay 10 gold or destroy one of your active cards, preferring"
        " population bonus cards, then bonus cards;\n  then shuffle the discard pile into"
        " the deck",
    ),
    (
        "rules",
        "on acquire: take all gold from the opponent with the most gold; then give half of"
        " it rounded down to an opponent of your choice",
    ),
    (
        "rules",
        "in war: you may discard this card; then win the war by 3\n"
        "when you lose a war: move this card to the winner's civilization",
    ),
    (
        "rules",
        "on failure:\n  if you have at least 12 gold: share 12 gold among your opponents\n"
        "  otherwise: destroy one of your active cards",
    ),
    (
        "rules",
        "repeat until every player has passed:\n"
        "  each player in turn order who has not passed takes an action\n"
        "if you acquired nothing this turn: gain 1 universal resource",
    ),
    ("cost", "X population, 2 strength where X is the number of your active bonuses"),
    ("number", "your gold / 3 rounded down at most 4"),
    ("number", "the points of your cards - 2 * (your decadent bonuses + 1)"),
    (
        "condition",
        "not (you have at least 15 gold or the deck is empty) and you own 2 of"
        ' "Hunting", "Fishing"',
    ),
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
@given(
    st.lists(
        st.sampled_from(KEYWORDS + PUNCTUATION + ["card", "gold", '"The Fire"']), max_size=40
    ).map(" ".join),
    st.sampled_from(STARTS),
)
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
        else:  # replace, indent
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
    "150 nested blocks": (
        "rules",
        "".join(f"{' ' * i}if x is y:\n" for i in range(150)) + " " * 150 + "pass",
    ),
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
    "a number of 5,000 digits": ("rules", "on acquire: gain " + "9" * 5_000 + " gold"),
    "a cost of 4,301 digits": ("cost", "1" * 4_301 + " population"),
    "a formula times 10^30": ("number", "the points of your cards * 1" + "0" * 30),
    "a condition on 10^4000 gold": ("condition", "you have at least 1" + "0" * 4_000 + " gold"),
}


# Numbers as written: up to 6,000 digits (Python refuses to convert more than 4,300).
numbers = st.one_of(
    st.integers(-(10**6), 10**7).map(str),
    st.tuples(st.integers(1, 9), st.integers(0, 6_000)).map(lambda t: str(t[0]) + "0" * t[1]),
)


@FUZZ
@given(st.sampled_from(SEEDS), st.integers(0, 10**6), numbers)
def test_numbers_of_any_size_get_an_answer(seed, where, number):
    start, text = seed
    answer(mutate(text, [("insert", where, number)]), start)


@pytest.mark.parametrize("start, text", ABSURD.values(), ids=ABSURD.keys())
def test_absurd_text_is_answered_with_a_diagnostic(start, text):
    tree, diagnostic = try_parse(text, start)
    assert tree is None and diagnostic is not None
    answer(text, start)


def test_long_texts_are_refused_before_parsing():
    _, diagnostic = try_parse("gain 1 gold\n" * 90_000)
    assert "characters long" in diagnostic.message and f"{MAX_TEXT:,}" in diagnostic.hint


@pytest.mark.parametrize(
    "start, text",
    [
        ("number", "(" * MAX_NESTING + "1" + ")" * MAX_NESTING),
        (
            "rules",
            "".join(f"{' ' * i}if x is y:\n" for i in range(MAX_NESTING - 1))
            + " " * (MAX_NESTING - 1)
            + "pass",
        ),
        ("condition", "not (" * 50 + "you own a land" + ")" * 50),
        ("condition", "you own a land" + " or a land" * 1_500),
        ("rules", "gain 1 gold; " * 1_000 + "pass"),
    ],
)
def test_deep_but_allowed_texts_parse(start, text):
    tree, diagnostic = try_parse(text, start)
    assert diagnostic is None and tree is not None


# ------------------------------------------------------------------ whole packs

MINIMAL = Path(__file__).resolve().parents[1] / "packs" / "minimal"
# (file, a line of the minimal pack, the same line with {n} for a number)
NUMERIC_PLACES = [
    (
        "stone.yaml",
        "    points: 2\n    rules: |\n      general",
        "    points: {n}\n    rules: |\n      general",
    ),
    ("stone.yaml", "    bonus: population", "    bonus: {n} population"),
    ("stone.yaml", "    cost: 4 population, strength", "    cost: {n} population, strength"),
    ("stone.yaml", "    copies: 2", "    copies: {n}"),
    ("stone.yaml", "      attack +1\n", "      attack +{n}\n      on acquire: gain {n} gold\n"),
    ("bronze.yaml", "    gold: 6", "    gold: {n}"),
    ("bronze.yaml", "    points: 2\n", "    points: your gold * {n}\n"),
    ("game.yaml", "  gold: {start: 0}", "  gold: {start: {n}, max: {n}}"),
    (
        "game.yaml",
        "{value: 2, condition: you have at least 3 cards}",
        "{value: {n}, condition: you have at least {n} cards}",
    ),
]
PACK_FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _pack_answers(folder: Path) -> list:
    """load_pack answers: every diagnostic placed in a file of the pack."""
    from rules_dsl.pack import load_pack

    _, found = load_pack(folder)
    for d in found:
        assert d.file and d.message, d
        d.render()
    return found


def _copy_minimal(tmp_path: Path) -> Path:
    import shutil
    import uuid

    folder = tmp_path / uuid.uuid4().hex[:8]
    shutil.copytree(MINIMAL, folder)
    return folder


@PACK_FUZZ
@given(st.sampled_from(NUMERIC_PLACES), numbers)
def test_any_number_in_a_pack_gets_an_answer(tmp_path, place, number):
    from rules_dsl.bounds import COUNTER_LIMIT

    file, old, new = place
    folder = _copy_minimal(tmp_path)
    text = (folder / file).read_text(encoding="utf-8")
    (folder / file).write_text(text.replace(old, new.replace("{n}", number), 1), encoding="utf-8")
    found = _pack_answers(folder)
    if len(number.lstrip("-")) > len(str(COUNTER_LIMIT)):  # beyond every bound: refused there
        assert any(d.is_error and d.file.endswith(file) for d in found), found


@PACK_FUZZ
@given(
    st.sampled_from(
        [
            "- a\n- b\n",
            "42\n",
            "'a text'\n",
            "[]\n",
            "- {name: Farm}\n",
            "age: bronze\ncards: 5\n",
            "age: bronze\ncards: [3, x]\n",
        ]
    ),
    st.integers(1, 600),
)
def test_card_files_of_any_shape_and_names_of_any_length_get_an_answer(tmp_path, content, length):
    folder = _copy_minimal(tmp_path)
    name = "b" * length + ".yaml"
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(
        game.replace("cards: bronze.yaml", f"cards: {name}"), encoding="utf-8"
    )
    if length <= 200:
        (folder / name).write_text(
            "# yaml-language-server: $schema=x\n" + content, encoding="utf-8"
        )
    found = _pack_answers(folder)
    assert any(
        d.is_error and d.file.endswith("game.yaml" if length > 200 else name) for d in found
    ), found
