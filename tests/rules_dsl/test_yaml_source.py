"""Safe, located YAML loading: every failure is a diagnostic with its exact place."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_dsl import yaml_source
from rules_dsl.yaml_source import MAX_BYTES, SourceFile, load_yaml, load_yaml_text

LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


@pytest.fixture(params=LOADERS, ids=lambda loader: loader.__name__)
def loader(request, monkeypatch):
    """Run a test with libyaml and with the pure-Python fallback."""
    monkeypatch.setattr(yaml_source, "_Loader", request.param)
    return request.param


def only_error(text: str | bytes):
    doc, diags = load_yaml_text(text, "pack/game.yaml")
    assert len(diags) == 1, [d.render() for d in diags]
    return doc, diags[0]


# (id, input, line, column, message, code)
FAILURES = [
    (
        "tab-indent",
        "a:\n\tb: 1\n",
        2,
        1,
        "tabs are not allowed for indentation in YAML; use spaces",
        "yaml",
    ),
    (
        "tab-after-spaces",
        "a:\n  b: 1\n  \tc: 2\n",
        3,
        3,
        "tabs are not allowed for indentation in YAML; use spaces",
        "yaml",
    ),
    ("unclosed-quote", 'a: "hello\nb: 2\n', 1, 4, "this quoted text is never closed", "yaml"),
    ("colon-in-value", "name: Tiger: the cat\n", 1, 12, 'a ": " is not allowed here', "yaml"),
    (
        "key-misaligned",
        "a:\n  b: 1\n c: 2\n",
        3,
        2,
        "this line is not aligned with the keys around it",
        "yaml",
    ),
    ("key-in-list", "a:\n  - 1\n  b: 2\n", 3, 3, 'expected a list item ("- ") here', "yaml"),
    (
        "unclosed-list",
        "a: [1, 2\nb: 3\n",
        2,
        2,
        'expected "," or "]" in the list opened at line 1',
        "yaml",
    ),
    (
        "unclosed-mapping-at-end",
        "a: {x: 1\n",
        1,
        4,
        'expected "," or "}" in the mapping opened at line 1',
        "yaml",
    ),
    ("reserved-char", "a: @foo\n", 1, 4, '"@" cannot start a value', "yaml"),
    ("list-on-key-line", "a: - 1\n", 1, 4, 'a list item ("- ") cannot start here', "yaml"),
    ("yaml-version", "%YAML 2.0\n---\na: 1\n", 1, 1, "unsupported %YAML version directive", "yaml"),
    ("empty", "", 1, 1, "the file is empty", "yaml"),
    (
        "only-comments",
        "# yaml-language-server: $schema=x\n\n# nothing\n",
        1,
        1,
        "the file is empty",
        "yaml",
    ),
    ("only-document-marker", "---\n", 1, 1, "the file is empty", "yaml"),
    (
        "two-documents",
        "a: 1\n---\nb: 2\n",
        2,
        1,
        "the file holds more than one YAML document",
        "yaml",
    ),
    (
        "bad-utf8",
        b"name: Forest\ncost: caf\xe9 x\n",
        2,
        10,
        "the byte 0xE9 is not valid UTF-8",
        "encoding",
    ),
    (
        "bad-utf8-after-multibyte",
        "a: é".encode() + b"\xff\n",
        1,
        5,
        "the byte 0xFF is not valid UTF-8",
        "encoding",
    ),
    ("utf16", "a: 1\n".encode("utf-16"), 1, 1, "the byte 0xFF is not valid UTF-8", "encoding"),
    (
        "control-char",
        "a: 1\nb: x\x07\n",
        2,
        5,
        "the character U+0007 is not allowed in YAML",
        "encoding",
    ),
    (
        "too-large",
        b"a: 1\n" + b"#" * MAX_BYTES,
        None,
        None,
        "the file is too large (5.0 MB; the limit is 5 MB)",
        "yaml-limit",
    ),
]


@pytest.mark.parametrize(
    ("text", "line", "column", "message", "code"),
    [case[1:] for case in FAILURES],
    ids=[case[0] for case in FAILURES],
)
def test_failure_is_one_located_diagnostic(loader, text, line, column, message, code):
    doc, diag = only_error(text)
    assert doc is None
    assert (diag.line, diag.column, diag.message, diag.code) == (line, column, message, code)
    assert diag.file == "pack/game.yaml"
    assert diag.is_error
    if line is not None:
        assert diag.source_line is not None


def test_bad_utf8_hint_and_source_line():
    _, diag = only_error(b"name: caf\xe9\n")
    assert diag.hint == "save the file as UTF-8"
    assert diag.source_line == "name: caf\ufffd"


def test_unknown_escape(loader):
    _, diag = only_error('a: "\\q"\n')
    assert diag.message == "unknown escape sequence in double-quoted text"
    assert (diag.line, diag.column) == (1, 5 if loader.__name__ == "CSafeLoader" else 6)


def test_syntax_hint_names_the_line_of_the_open_mapping():
    _, diag = only_error("cards:\n  - name: Forest\n    type: land\n   cost: 5\n")
    assert diag.line == 4
    assert "line 2" in (diag.hint or "")


def test_tab_caret_renders_on_the_tab():
    _, diag = only_error("a:\n  b: 1\n  \tc: 2\n")
    assert diag.render().splitlines()[2].endswith("|   ^")


def test_bom_is_accepted_and_positions_ignore_it():
    doc, diags = load_yaml_text(b"\xef\xbb\xbfname: Forest\n", "f.yaml")
    assert diags == []
    assert doc.data == {"name": "Forest"}
    assert doc.position(("name",)) == (1, 7)


# --- files --------------------------------------------------------------------------------------


def test_missing_file_suggests_a_neighbour(tmp_path):
    (tmp_path / "prehistory.yaml").write_text("age: prehistory\n")
    doc, [diag] = load_yaml(tmp_path / "prehistroy.yaml", display_path="pack/prehistroy.yaml")
    assert doc is None
    assert diag.file == "pack/prehistroy.yaml"
    assert (diag.message, diag.code, diag.line) == ("file not found", "file", None)
    assert diag.hint == 'did you mean "prehistory.yaml"?'


def test_directory_is_refused(tmp_path):
    doc, [diag] = load_yaml(tmp_path)
    assert doc is None
    assert diag.message == "this is a folder, not a YAML file"
    assert diag.file == str(tmp_path)


def test_large_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    doc, [diag] = load_yaml(path, "big.yaml")
    assert doc is None
    assert diag.code == "yaml-limit"
    assert "the limit is 5 MB" in diag.message


def test_load_yaml_reads_a_file(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_bytes(b"name: Along History\r\nplayers: {min: 2, max: 5}\r\n")
    doc, diags = load_yaml(path, "game.yaml")
    assert diags == []
    assert doc.data == {"name": "Along History", "players": {"min": 2, "max": 5}}
    assert doc.source.path == "game.yaml"
    assert doc.position(("players", "max")) == (2, 24)
    assert doc.source.line_text(2) == "players: {min: 2, max: 5}"


# --- problems that keep the document ------------------------------------------------------------


def test_duplicate_key_is_reported_at_the_second_key(loader):
    doc, diag = only_error("name: Forest\ntype: land\nname: Woods\n")
    assert (diag.line, diag.column, diag.code) == (3, 1, "duplicate-key")
    assert diag.message == 'duplicate key "name" (first defined at line 1)'
    assert doc.data == {"name": "Forest", "type": "land"}


def test_duplicate_keys_are_all_reported():
    text = "a: 1\nb: {x: 1, x: 2}\na: 3\n"
    _, diags = load_yaml_text(text, "f.yaml")
    assert [(d.line, d.column, d.message) for d in diags] == [
        (2, 11, 'duplicate key "x" (first defined at line 2)'),
        (3, 1, 'duplicate key "a" (first defined at line 1)'),
    ]


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("a: !foo x\n", 4, 'unsupported YAML tag "!foo"'),
        ("a: !!binary aGk=\n", 4, 'unsupported YAML tag "!!binary"'),
        ("a: !!set {x}\n", 4, 'unsupported YAML tag "!!set"'),
        (
            "a: !!python/object:os.system [ls]\n",
            4,
            'unsupported YAML tag "!!python/object:os.system"',
        ),
        ("a: !!int five\n", 4, '"five" is not a valid !!int value'),
    ],
)
def test_unsupported_tags(loader, text, column, message):
    _, diag = only_error(text)
    assert (diag.line, diag.column, diag.message, diag.code) == (1, column, message, "yaml-tag")


def test_standard_tags_are_fine():
    doc, diags = load_yaml_text(
        "a: !!str 12\nb: !!int '7'\nc: ! 3\nd: !!map {x: !!seq [1]}\n", "f.yaml"
    )
    assert diags == []
    assert doc.data == {"a": "12", "b": 7, "c": 3, "d": {"x": [1]}}  # "!" resolves as safe_load


def test_unknown_and_recursive_aliases(loader):
    doc, diags = load_yaml_text("base: &base 1\na: *bsae\nb: &loop [1, *loop]\n", "f.yaml")
    assert [(d.line, d.column, d.message, d.hint) for d in diags] == [
        (2, 4, 'unknown alias "*bsae"', 'did you mean "base"?'),
        (3, 14, 'the alias "*loop" refers to a value that contains it', None),
    ]
    assert doc.data == {"base": 1, "a": None, "b": [1, None]}


def test_collection_as_key_is_an_error():
    doc, diag = only_error("? [a, b]\n: 1\nc: 2\n")
    assert (diag.line, diag.column) == (1, 3)
    assert doc.data == {"c": 2}


# --- values -------------------------------------------------------------------------------------


def test_scalars_resolve_as_yaml_1_1_safe_loader(loader):
    text = (
        "a: yes\nb: 1.5\nc: ~\nd: 0x10\ne: '5'\nf: 2024-01-01\ng: .inf\nh: on\ni: -3\nj: null\nk:\n"
    )
    doc, diags = load_yaml_text(text, "f.yaml")
    assert diags == []
    assert doc.data == {
        "a": True,
        "b": 1.5,
        "c": None,
        "d": 16,
        "e": "5",
        "f": "2024-01-01",
        "g": float("inf"),
        "h": True,
        "i": -3,
        "j": None,
        "k": None,
    }


def test_non_string_keys_are_stringified_as_written():
    doc, diags = load_yaml_text("1: a\nyes: b\nnull: c\n2.5: d\n", "f.yaml")
    assert diags == []
    assert doc.data == {"1": "a", "yes": "b", "null": "c", "2.5": "d"}


def test_small_anchors_aliases_and_merge_keys(loader):
    text = (
        "die: &die {count: 3, faces: [a, b]}\n"
        "dice:\n"
        "  green: *die\n"
        "  red:\n"
        "    <<: *die\n"
        "    count: 2\n"
    )
    doc, diags = load_yaml_text(text, "f.yaml")
    assert diags == []
    assert doc.data["dice"] == {
        "green": {"count": 3, "faces": ["a", "b"]},
        "red": {"count": 2, "faces": ["a", "b"]},
    }
    assert doc.position(("dice", "red", "count")) == (6, 12)
    assert doc.position(("dice", "red", "faces")) == (1, 29)  # where the merged value is written


def billion_laughs(levels: int = 9) -> str:
    lines = ['lol: &l0 "lol"']
    for level in range(1, levels + 1):
        aliases = ", ".join([f"*l{level - 1}"] * 10)
        lines.append(f"l{level}: &l{level} [{aliases}]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused_at_once(loader):
    doc, diag = only_error(billion_laughs())
    assert doc is None
    assert diag.code == "yaml-limit"
    assert (diag.line, diag.column) == (6, 45)  # the 8th "*l4" of l5 crosses the limit
    assert diag.message == 'the alias "*l4" expands the file to more than 100,000 values'


def test_too_many_values_without_aliases():
    _, diag = only_error("[" + "1," * 100_001 + "]")
    assert diag.message == "the file holds more than 100,000 values"


@pytest.mark.parametrize(("opening", "closing"), [("[", "]"), ("{a: ", "}")])
def test_ten_thousand_levels_deep_is_refused_without_recursion(loader, opening, closing):
    _, diag = only_error("x: " + opening * 10_000 + "1" + closing * 10_000 + "\n")
    assert diag.message == "the data is nested more than 100 levels deep"
    assert (diag.line, diag.code) == (1, "yaml-limit")
    assert diag.column == 4 + 99 * len(opening)  # the 100th opening, inside the root mapping


def test_one_hundred_levels_are_fine():
    doc, diags = load_yaml_text("[" * 100 + "]" * 100, "f.yaml")
    assert diags == []
    depth, value = 0, doc.data
    while isinstance(value, list) and value:
        depth, value = depth + 1, value[0]
    assert depth == 99  # the innermost list is empty


# --- positions -----------------------------------------------------------------------------------

CARDS = """\
# yaml-language-server: $schema=../schema/cards.schema.json
age: prehistory
cards:
  - name: Forest
    type: land
    cost: 5 population, ingenuity
  - name: "The Fire"
    points: 3
"""


@pytest.mark.parametrize(
    ("path", "key", "expected"),
    [
        ((), False, (2, 1)),
        (("age",), False, (2, 6)),
        (("age",), True, (2, 1)),
        (("cards", 0), False, (4, 5)),
        (("cards", 0), True, (4, 5)),
        (("cards", 1, "name"), False, (7, 11)),
        (("cards", 1, "name"), True, (7, 5)),
        (("cards", 1, "cost"), False, (7, 5)),  # a missing key: the mapping
        (("cards", 1, "cost", "deeper"), True, (7, 5)),
        (("cards", 5), False, (4, 3)),  # out of range: the list
        (("cards", "0"), False, (4, 3)),  # a string does not index a list
        (("age", 0), False, (2, 6)),
    ],
)
def test_position(loader, path, key, expected):
    doc, _ = load_yaml_text(CARDS, "f.yaml")
    assert doc.position(path, key=key) == expected


def test_diagnostic_is_located_with_source_line_and_width():
    doc, _ = load_yaml_text(CARDS, "pack/prehistory.yaml")
    diag = doc.diagnostic(
        ("cards", 0, "cost"), "unknown resource", code="rules", hint="did you mean?"
    )
    assert (diag.file, diag.line, diag.column, diag.end_column) == (
        "pack/prehistory.yaml",
        6,
        11,
        34,
    )
    assert diag.source_line == "    cost: 5 population, ingenuity"
    assert (diag.severity, diag.code, diag.hint) == ("error", "rules", "did you mean?")
    key_diag = doc.diagnostic(("cards", 1, "points"), "x", code="c", severity="warning", key=True)
    assert (key_diag.line, key_diag.column, key_diag.end_column) == (8, 5, 11)
    mapping_diag = doc.diagnostic(("cards", 1), "x", code="c")
    assert mapping_diag.end_column is None


def test_line_text():
    source = SourceFile("f.yaml", "a\r\nb\rc\nd\u2028e")
    assert [source.line_text(n) for n in range(0, 7)] == ["", "a", "b", "c", "d", "e", ""]


def test_positions_with_crlf_and_non_ascii(loader):
    doc, diags = load_yaml_text("name: Éléphant\r\ncost: 2 😀 x\r\n", "f.yaml")
    assert diags == []
    assert doc.position(("cost",)) == (2, 7)
    assert doc.text_position(("cost",), 1, 5) == (2, 11)


TEXTS = """\
plain: free if you own it
single: 'it''s "here"'
double: "a\\tb \\u00e9 \\"end\\""
tagged: &fire !!str The Fire
literal: |
  free if you own "Homo Erectus"

  discardable
    indented more
stripped: |-
  one
  two
kept: |+
  a

indicator: |2
     three spaces
   one
folded: >
  one two
  three

  four
multi: plain
  continued here
  and here
quoted: "quoted
  over lines"
number: 12
"""

# (key, line and column in the value, the value text there, file line and column)
TEXT_POSITIONS = [
    ("plain", 1, 1, "free", 1, 8),
    ("plain", 1, 13, "own", 1, 20),
    ("single", 1, 3, "'s", 2, 12),
    ("single", 1, 7, 'here"', 2, 17),
    ("double", 1, 2, "\tb", 3, 11),
    ("double", 1, 3, "b", 3, 13),
    ("double", 1, 5, "é", 3, 15),
    ("double", 1, 7, '"end', 3, 22),
    ("tagged", 1, 5, "Fire", 4, 25),
    ("literal", 1, 17, '"Homo', 6, 19),
    ("literal", 2, 1, "", 7, 3),
    ("literal", 3, 1, "discardable", 8, 3),
    ("literal", 4, 3, "indented", 9, 5),
    ("stripped", 2, 2, "wo", 12, 4),
    ("kept", 1, 1, "a", 14, 3),
    ("indicator", 1, 4, "three", 17, 6),
    ("indicator", 2, 2, "one", 18, 4),
    ("folded", 1, 5, "two", 20, 7),
    ("folded", 1, 9, "three", 21, 3),
    ("folded", 2, 1, "four", 23, 3),
    ("multi", 1, 7, "continued", 25, 3),
    ("multi", 1, 22, "and", 26, 3),
    ("quoted", 1, 8, "over", 28, 3),
    ("number", 1, 2, "2", 29, 10),
]


@pytest.mark.parametrize(
    ("key", "line", "column", "text", "file_line", "file_column"),
    TEXT_POSITIONS,
    ids=[f"{c[0]}-{c[1]}:{c[2]}" for c in TEXT_POSITIONS],
)
def test_text_position(loader, key, line, column, text, file_line, file_column):
    doc, diags = load_yaml_text(TEXTS, "f.yaml")
    assert diags == []
    value = str(doc.data[key]).split("\n")[line - 1]
    assert value[column - 1 :].startswith(text)
    assert doc.text_position((key,), line, column) == (file_line, file_column)
    at = doc.source.line_text(file_line)[file_column - 1 : file_column]
    assert at == text[:1] or at == "\\"  # the same character, or the escape that writes it


@pytest.mark.parametrize(
    ("path", "line", "column", "expected"),
    [
        (("plain",), 1, 200, (1, 26)),  # past the end: just after the text
        (("plain",), 5, 1, (1, 8)),  # no such line: the scalar's start
        (("literal",), 0, 1, (5, 10)),
        (("missing",), 1, 1, (1, 1)),  # no such key: the nearest ancestor
        (("folded",), 1, 1, (20, 3)),
    ],
)
def test_text_position_falls_back(path, line, column, expected):
    doc, _ = load_yaml_text(TEXTS, "f.yaml")
    assert doc.text_position(path, line, column) == expected


def test_text_position_of_a_literal_with_leading_blank_lines():
    doc, _ = load_yaml_text("rules: |\n\n\n    on acquire: gain 2 gold\n", "f.yaml")
    assert doc.data["rules"] == "\n\non acquire: gain 2 gold\n"
    assert doc.text_position(("rules",), 3, 4) == (4, 8)


# --- never a traceback --------------------------------------------------------------------------

YAML_ALPHABET = st.sampled_from(
    [*"ab :-[]{},'\"|>!&*#?%@\t\n\\0.", "yes", "- ", ": ", "\u00e9", "<<"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(YAML_ALPHABET, max_size=40).map("".join))
def test_any_text_gives_data_or_diagnostics(text):
    doc, diags = load_yaml_text(text, "f.yaml")
    assert doc is not None or diags
    for diag in diags:
        assert diag.line is None or diag.line >= 1
        diag.render()


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=60))
def test_any_bytes_give_data_or_diagnostics(data):
    doc, diags = load_yaml_text(data, "f.yaml")
    assert doc is not None or diags
