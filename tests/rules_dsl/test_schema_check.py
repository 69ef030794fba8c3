"""JSON Schema checks of game and card files: every error, in plain words, at its place."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from rules_dsl.schema_check import SCHEMA_DIR, check_against, check_schema, schema_validator
from rules_dsl.yaml_source import load_yaml_text

ROOT = Path(__file__).resolve().parents[2]

MINIMAL_GAME = """\
# yaml-language-server: $schema=../schema/game.schema.json
name: Along History
players: {min: 2, max: 5}
resources: [population, culture, ingenuity, strength]
counters:
  gold: {start: 0}
card_types: [land, figure, progress, wonder, calamity]
zones:
  player: [events, civilization, legacy]
  shared: [deck, discard pile]
ages:
  - {id: prehistory, name: Prehistory, cards: prehistory.yaml}
scoring:
  age: x
phases:
  active turn: x
"""

FULL_GAME = (
    MINIMAL_GAME
    + """\
description: Three ages of civilization.
keywords: [general, non-transmissible]
dice:
  green: {count: 3, faces: ["1 population", "2 population"], active_player_only: false,
          from_age: antiquity, result_tokens: true}
setup: |
  x
achievements:
  tokens:
    - {value: 7, condition: x, ages: [prehistory]}
  boards:
    front:
      start: camp
      spaces: {camp: 0, village: 1}
      paths: [[camp, village]]
  default_board: front
  last_token: 7
variants:
  short game:
    description: Play two ages only.
    changes: {ages: [{id: prehistory, name: Prehistory, cards: prehistory.yaml}]}
options:
  board side: {description: Which side of the board., values: [front, back], default: front}
x-playtest-notes: anything goes here
"""
)

MINIMAL_CARDS = """\
# yaml-language-server: $schema=../schema/cards.schema.json
age: prehistory
cards:
  - name: Forest
    type: land
    cost: 5 population, ingenuity
    points: 1
"""

FULL_CARDS = (
    MINIMAL_CARDS
    + """\
  - id: the-fire
    name: The Fire
    type: progress
    copies: 2
    cost: 5 population, 2 ingenuity
    gold: 12
    points: 3
    bonus: 2 population
    rules: |
      free if you own "Homo Erectus"
    notes: check the balance
  - name: Al-Khawarizmi
    type: figure
    cost: 3 ingenuity
    gold: null
    points: x
"""
)


def check(text: str, kind: str):
    doc, diags = load_yaml_text(textwrap.dedent(text), f"pack/{kind}.yaml")
    assert diags == [], [d.render() for d in diags]
    return check_schema(doc, kind)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (MINIMAL_GAME, "game"),
        (FULL_GAME, "game"),
        (MINIMAL_CARDS, "cards"),
        (FULL_CARDS, "cards"),
    ],
    ids=["minimal-game", "full-game", "minimal-cards", "full-cards"],
)
def test_valid_files_pass(text, kind):
    assert check(text, kind) == []


FOREST = "  - name: Forest\n    type: land\n    cost: x\n    points: 1\n"

# (id, the cards, line, column, message, hint)
CARD_ERRORS = [
    (
        "unknown-key",
        FOREST + "    colour: red\n",
        8,
        5,
        'unknown key "colour"',
        "the keys allowed here are id, name, type, copies, players, cost, gold, points, bonus, "
        "numbers, rules, notes",
    ),
    (
        "misspelt-key",
        FOREST + "    tpye: land\n",
        8,
        5,
        'unknown key "tpye"',
        'did you mean "type"?',
    ),
    (
        "missing-key",
        "  - name: Forest\n    cost: x\n    points: 1\n",
        4,
        5,
        'missing key "type"',
        '"type": The kind of card, one of the card_types of game.yaml, '
        "e.g. land, figure, progress, wonder or calamity.",
    ),
    (
        "wrong-type",
        FOREST + "    copies: five\n",
        8,
        13,
        'expected an integer, got a string ("five")',
        None,
    ),
    ("too-many", FOREST + "    copies: 25\n", 8, 13, "expected at most 20, got 25", None),
    ("negative-gold", FOREST + "    gold: -1\n", 8, 11, "expected at least 0, got -1", None),
    (
        "empty-value",
        "  - name: Forest\n    type: land\n    cost:\n    points: 1\n",
        6,
        10,
        "expected a string, got nothing",
        'write a value after "cost:"',
    ),
    (
        "empty-text",
        '  - name: Forest\n    type: land\n    cost: ""\n    points: 1\n',
        6,
        11,
        "this text must not be empty",
        None,
    ),
    (
        "number-for-text",
        "  - name: 1984\n    type: land\n    cost: x\n    points: 1\n",
        4,
        11,
        "expected a string, got an integer (1984)",
        "put it in quotes to make it text",
    ),
    (
        "points-list",
        "  - name: Forest\n    type: land\n    cost: x\n    points: [1]\n",
        7,
        13,
        "expected an integer or a string, got a list",
        None,
    ),
    (
        "bad-id",
        "  - {id: Forest, name: Forest, type: land, cost: x, points: 1}\n",
        4,
        10,
        '"Forest" is not valid: an id is lowercase letters and digits in words joined by "-", '
        'e.g. "homo-erectus"',
        'did you mean "forest"?',
    ),
]


@pytest.mark.parametrize(
    ("cards", "line", "column", "message", "hint"),
    [case[1:] for case in CARD_ERRORS],
    ids=[case[0] for case in CARD_ERRORS],
)
def test_card_errors(cards, line, column, message, hint):
    [diag] = check(MINIMAL_CARDS.split("cards:\n")[0] + "cards:\n" + cards, "cards")
    assert (diag.line, diag.column, diag.message, diag.hint) == (line, column, message, hint)
    assert (diag.code, diag.file, diag.severity) == ("schema", "pack/cards.yaml", "error")
    assert (
        diag.source_line
        == (MINIMAL_CARDS.split("cards:\n")[0] + "cards:\n" + cards).splitlines()[line - 1]
    )


# (id, text replaced in MINIMAL_GAME, its replacement, line, column, message, hint)
GAME_ERRORS = [
    (
        "unknown-top-key",
        "name: Along History\n",
        "name: Along History\ncolour: red\n",
        3,
        1,
        'unknown key "colour"',
        None,
    ),
    ("missing-top-key", "phases:\n  active turn: x\n", "", 2, 1, 'missing key "phases"', None),
    (
        "players-range",
        "{min: 2, max: 5}",
        "{min: 0, max: 11}",
        3,
        16,
        "expected at least 1, got 0",
        None,
    ),
    (
        "duplicate-resource",
        "ingenuity, strength]",
        "ingenuity, culture]",
        4,
        45,
        '"culture" is listed twice',
        "it is already listed at line 4, column 25",
    ),
    (
        "empty-phases",
        "phases:\n  active turn: x\n",
        "phases: {}\n",
        15,
        9,
        "this mapping must not be empty",
        None,
    ),
    (
        "no-ages",
        "ages:\n  - {id: prehistory, name: Prehistory, cards: prehistory.yaml}\n",
        "ages: []\n",
        11,
        7,
        "this list must not be empty",
        None,
    ),
    (
        "bad-age-id",
        "{id: prehistory,",
        "{id: Pre History,",
        12,
        10,
        '"Pre History" is not valid: an age id is lowercase letters and digits in words joined by '
        '"-" or "_", e.g. "middle_ages"',
        'did you mean "pre-history"?',
    ),
    (
        "bad-card-file",
        "cards: prehistory.yaml}",
        "cards: prehistory.txt}",
        12,
        47,
        '"prehistory.txt" is not valid: a card file is a file name next to game.yaml ending in '
        ".yaml or .yml",
        None,
    ),
    (
        "counter-not-mapping",
        "gold: {start: 0}",
        "gold: 0",
        6,
        9,
        "expected a mapping, got an integer (0)",
        None,
    ),
    (
        "unknown-nested-key",
        "{start: 0}",
        "{strat: 0}",
        6,
        10,
        'unknown key "strat"',
        'did you mean "start"?',
    ),
    (
        "root-not-mapping",
        MINIMAL_GAME.split("\n", 1)[1],
        "- a\n- b\n",
        2,
        1,
        "expected a mapping, got a list",
        None,
    ),
]


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "message", "hint"),
    [case[1:] for case in GAME_ERRORS],
    ids=[case[0] for case in GAME_ERRORS],
)
def test_game_errors(old, new, line, column, message, hint):
    assert old in MINIMAL_GAME
    diags = check(MINIMAL_GAME.replace(old, new), "game")
    assert diags, "expected an error"
    diag = diags[0]
    assert (diag.line, diag.column, diag.message) == (line, column, message)
    if hint is not None:
        assert diag.hint == hint


def test_top_level_unknown_key_hint_mentions_extensions():
    [diag] = check(MINIMAL_GAME + "colour: red\n", "game")
    assert diag.hint.endswith('keys starting with "x-" are free for your own use')


def test_missing_key_is_reported_at_the_mapping_with_its_description():
    diags = check(MINIMAL_GAME.replace("max: 5", "mx: 5"), "game")
    assert [(d.line, d.column, d.message) for d in diags] == [
        (3, 10, 'missing key "max"'),
        (3, 19, 'unknown key "mx"'),
    ]
    diags = check(MINIMAL_GAME.replace(", max: 5", ""), "game")
    assert [(d.line, d.column, d.message, d.hint) for d in diags] == [
        (3, 10, 'missing key "max"', '"max": The most players (1 to 10).')
    ]


def test_every_error_is_reported_in_file_order():
    text = (
        MINIMAL_CARDS.replace("age: prehistory\n", "")
        + """\
  - name: Tiger
    tpye: figure
    cost: ""
    points: 2
    copies: 0
  - name: Fishing
    type: progress
    cost: x
    points: 1
    gold: five
colour: red
"""
    )
    diags = check(text, "cards")
    assert [(d.line, d.column, d.message) for d in diags] == [
        (2, 1, 'missing key "age" (or "deck")'),
        (7, 5, 'missing key "type"'),
        (8, 5, 'unknown key "tpye"'),
        (9, 11, "this text must not be empty"),
        (11, 13, "expected at least 1, got 0"),
        (16, 11, 'expected an integer or null, got a string ("five")'),
        (17, 1, 'unknown key "colour"'),
    ]
    assert all(d.code == "schema" for d in diags)


def test_unknown_keys_are_each_reported_at_the_key():
    diags = check(MINIMAL_CARDS + "    colour: red\n    size: big\n", "cards")
    assert [(d.line, d.column, d.end_column, d.message) for d in diags] == [
        (8, 5, 11, 'unknown key "colour"'),
        (9, 5, 9, 'unknown key "size"'),
    ]


def test_extension_keys_are_allowed_at_the_top_only():
    assert check(MINIMAL_CARDS + "x-notes: [anything, {at: all}]\n", "cards") == []
    [diag] = check(MINIMAL_CARDS + "    x-notes: hi\n", "cards")
    assert diag.message == 'unknown key "x-notes"'


def test_merge_patch_changes_are_free_form():
    game = MINIMAL_GAME + "variants:\n  v: {description: d, changes: {anything: [1, {b: null}]}}\n"
    assert check(game, "game") == []


def test_errors_inside_aliased_values_point_at_the_anchor():
    game = MINIMAL_GAME.replace(
        "counters:\n  gold: {start: 0}\n", "counters:\n  gold: &c {start: -1}\n  culture: *c\n"
    )
    diags = check(game, "game")
    assert [(d.line, d.column) for d in diags] == [(6, 20)]  # two errors, one place


# --- the translation of other keywords (schemas of our own) -------------------------------------


def check_with(schema: dict, text: str):
    doc, diags = load_yaml_text(text, "f.yaml")
    assert diags == []
    return check_against(doc, Draft202012Validator(schema))


def test_enum_with_did_you_mean():
    schema = {"properties": {"type": {"enum": ["land", "figure", "progress"]}}}
    [diag] = check_with(schema, "type: lnad\n")
    assert (diag.line, diag.column) == (1, 7)
    assert diag.message == '"lnad" is not one of land, figure, progress'
    assert diag.hint == 'did you mean "land"?'


def test_one_of_reports_the_most_useful_alternative():
    schema = {
        "properties": {
            "die": {
                "oneOf": [
                    {"type": "string"},
                    {
                        "type": "object",
                        "properties": {"count": {"type": "integer"}},
                        "additionalProperties": False,
                    },
                ]
            }
        }
    }
    [diag] = check_with(schema, "die:\n  count: three\n")
    assert (diag.line, diag.column) == (2, 10)
    assert diag.message == 'expected an integer, got a string ("three")'


def test_any_of_without_a_best_alternative_names_the_allowed_types():
    schema = {"anyOf": [{"type": "integer"}, {"type": "string"}]}
    [diag] = check_with(schema, "[1]\n")
    assert diag.message == "expected an integer or a string, got a list"


def test_property_names_are_reported_at_the_key():
    schema = {"propertyNames": {"pattern": "^[a-z]+$"}}
    [diag] = check_with(schema, "good: 1\nBad Name: 2\n")
    assert (diag.line, diag.column, diag.message) == (2, 1, '"Bad Name" is not valid')
    assert diag.hint is None


def test_other_keywords_fall_back_to_the_validator_message():
    [diag] = check_with({"not": {"type": "integer"}}, "5\n")
    assert (diag.line, diag.column) == (1, 1)
    assert "should not be valid" in diag.message


# --- the schema files ----------------------------------------------------------------------------

SCHEMA_FILES = sorted(SCHEMA_DIR.glob("*.schema.json"))


def test_the_schema_files_are_there():
    assert [p.name for p in SCHEMA_FILES] == [
        "cards.schema.json",
        "common.schema.json",
        "deck.schema.json",
        "game.schema.json",
        "scenario.schema.json",
    ]


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_schema_file_is_valid_draft_2020_12(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://agesmith.dev/schema/{path.name}"
    assert schema["title"]


def subschemas(node, where="#"):
    """Every (place, schema object) inside a schema file."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            if key in ("properties", "$defs", "patternProperties"):
                for name, sub in value.items():
                    yield from subschemas(sub, f"{where}/{key}/{name}")
            elif key in ("items", "additionalProperties", "not"):
                yield from subschemas(value, f"{where}/{key}")
            elif key in ("anyOf", "oneOf", "allOf"):
                for index, sub in enumerate(value):
                    yield from subschemas(sub, f"{where}/{key}/{index}")


# Objects whose other keys are names the pack declares (a scenario position's zones of the
# table) or the pack's own keys (a lookup table's rows, beside its "by"): the schema gives
# their values' shape, the reader (the scenario's, rules_dsl/tables.py) checks the keys.
OPEN_TO_THE_PACK = {"#/$defs/position", "#/$defs/table"}


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_property_has_a_description_and_objects_are_closed(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    for where, node in subschemas(schema):
        for name, sub in node.get("properties", {}).items():
            assert sub.get("description"), f"{where}/properties/{name} has no description"
        if node.get("type") == "object" and where != "#/$defs/variant/properties/changes":
            assert node.get("additionalProperties") is not None, f"{where} is not closed"
            if "properties" in node and where not in OPEN_TO_THE_PACK:
                assert node["additionalProperties"] is False, f"{where} allows unknown keys"


def test_validators_are_built_once_and_refs_resolve_offline():
    assert schema_validator("game") is schema_validator("game")
    assert schema_validator("cards") is not schema_validator("game")
    with pytest.raises(ValueError, match="unknown schema kind"):
        schema_validator("board")


@pytest.mark.parametrize(
    "change",
    [
        {},  # nothing changed
        {"players": {"min": "two", "max": 5}},  # a changed value is wrong
        {"sideboard": True},  # an unknown key
        {"phases": None},  # a required key removed
        {"players": {"min": 2}, "counters": {"gold": {"start": -1}}, "zones": 3},
    ],
)
def test_a_changed_copy_is_checked_like_the_whole_file(change: dict) -> None:
    """check_changes (a variant's game file) finds what checking the whole file finds, when
    the file it was changed from is valid."""
    from rules_dsl.pack import merge_patch
    from rules_dsl.schema_check import check_changes
    from rules_dsl.yaml_source import YamlDocument

    doc, problems = load_yaml_text(MINIMAL_GAME, "game.yaml")
    assert doc is not None and not problems and not check_schema(doc, "game")
    changed = YamlDocument(doc.source, merge_patch(doc.data, change))
    whole = [(d.message, d.line, d.column) for d in check_schema(changed, "game")]
    assert [
        (d.message, d.line, d.column) for d in check_changes(changed, doc.data, "game")
    ] == whole
    assert bool(whole) == bool(change)


def test_a_valid_file_is_remembered_across_processes_and_a_wrong_one_never(
    tmp_path, monkeypatch
) -> None:
    """Only "valid" is remembered (in the user's cache folder, read again by a new process):
    a file with a problem is checked every time, so its diagnostics are the library's own."""
    from rules_dsl import schema_check
    from rules_dsl.pack import merge_patch
    from rules_dsl.yaml_source import YamlDocument

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = schema_check._Valid()
    monkeypatch.setattr(schema_check, "VALID", first)
    doc, _ = load_yaml_text(MINIMAL_GAME, "game.yaml")
    assert doc is not None and check_schema(doc, "game") == []
    wrong = YamlDocument(doc.source, merge_patch(doc.data, {"players": {"min": "two"}}))
    assert check_schema(wrong, "game") and check_schema(wrong, "game")
    written = json.loads(first.file().read_text(encoding="utf-8"))["valid"]
    assert written == [first.key("game", repr(doc.data))]
    later = schema_check._Valid()  # a new process reads the file
    assert later.has(first.key("game", repr(doc.data)))
    assert not later.has(later.key("game", repr(wrong.data)))


@pytest.mark.parametrize(
    ("key", "says"),
    [
        ("round_track", "the phases read the round"),
        ("action_spaces", "action spaces are cards"),
        ("set_scores", "is a table: tables:"),
    ],
)
def test_a_key_a_designer_reaches_for_says_what_to_write_instead(
    tmp_path: Path, key: str, says: str
) -> None:
    """The Ancient World's first sketch wrote round_track, action_spaces and set_scores: the
    error says what the game file has instead (the schema's unknownKeyHints)."""
    from interpreter.tools.validation import validate

    folder = tmp_path / "pack"
    shutil.copytree(ROOT / "tests" / "packs" / "conformance" / "tables", folder)
    with (folder / "game.yaml").open("a", encoding="utf-8") as out:
        out.write(f"\n{key}: {{1: 2}}\n")
    _, diagnostics = validate(folder)
    [error] = [d for d in diagnostics if d.is_error]
    assert f'unknown key "{key}"' in error.message and says in (error.hint or "")


def _card_files() -> list[Path]:
    """Every card file of the bundled packs and of the test packs (broken ones included)."""
    found = []
    for path in sorted([*ROOT.glob("cards/*/*.yaml"), *ROOT.glob("tests/packs/**/*.yaml")]):
        if path.name != "game.yaml" and path.stat().st_size < 1_000_000:
            found.append(path)
    return found


def _broken_cards_file() -> str:
    """One card file holding every broken card of CARD_ERRORS, and a file-level error (an
    unknown key), so that card errors and file errors come in one list."""
    head = MINIMAL_CARDS.split("cards:\n")[0]
    return head + "colour: red\ncards:\n" + "".join(case[1] for case in CARD_ERRORS)


def test_a_card_file_checked_card_by_card_has_the_whole_files_diagnostics(
    tmp_path: Path, monkeypatch
) -> None:
    """The workshop re-checks a card file after each keystroke: card by card, the cards seen
    valid before skipped. Every card file of every pack, and files of broken cards, get the
    same diagnostics (messages, places, hints, order) as the whole file's check, the first
    time and again with the valid cards remembered."""
    from rules_dsl import schema_check

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    texts = {
        str(path): path.read_bytes().decode("utf-8", errors="replace") for path in _card_files()
    }
    texts["broken"] = _broken_cards_file()
    texts["one broken"] = MINIMAL_CARDS.replace("points: 1", "points: [1]", 1)
    texts["players"] = (
        MINIMAL_CARDS.split("cards:\n")[0]
        + "cards:\n"
        + "".join(
            FOREST + f"    players: {value}\n" for value in ("0", "{x: 1}", "{2: 30}", "[2]", "{}")
        )
    )
    checked = 0
    for name, text in texts.items():
        doc, _ = load_yaml_text(text, "pack/cards.yaml")
        if doc is None or not isinstance(doc.data, dict) or "cards" not in doc.data:
            continue
        whole = check_against(doc, schema_validator("cards"))
        for _ in range(2):
            monkeypatch.setattr(schema_check, "VALID", schema_check._Valid())
            monkeypatch.setattr(schema_check._Valid, "file", lambda self: tmp_path / "no-file")
            assert check_schema(doc, "cards") == whole, name
        checked += 1
    assert checked > 20
    doc, _ = load_yaml_text(texts["broken"], "pack/cards.yaml")
    assert doc is not None and len(check_schema(doc, "cards")) == len(CARD_ERRORS) + 1
