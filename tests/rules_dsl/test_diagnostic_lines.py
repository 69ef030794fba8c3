"""A diagnostic's source line is shown around its caret: a line of thousands of characters (a
4,000-digit number) is cut, with "...", and the caret stays under the place it points at."""

from __future__ import annotations

from rules_dsl.diagnostics import SHOWN, Diagnostic


def shown(line: str, column: int, end: int | None = None) -> tuple[str, str]:
    d = Diagnostic("error", "x", "bad", "f.yaml", 3, column, end, None, line)
    _, text, caret = d.render().split("\n")[:3]
    return text.split(" | ", 1)[1], caret.split("| ", 1)[1]


def test_a_short_line_is_shown_whole() -> None:
    text, caret = shown("cost: 4 population", 7, 8)
    assert text == "cost: 4 population" and caret == "      ^"


def test_a_long_line_is_cut_around_the_caret_which_points_at_the_same_character() -> None:
    line = "a" * 500 + "BAD" + "b" * 500
    text, caret = shown(line, 501, 504)
    assert text.startswith("...") and text.endswith("...")
    assert len(text) <= SHOWN + 6
    at = caret.index("^")
    assert text[at : at + 3] == "BAD" and caret.count("^") == 3


def test_a_long_number_is_shown_from_its_start_and_marked_to_the_cut() -> None:
    line = "    cost: " + "7" * 4400
    text, caret = shown(line, 11, 11 + 4400)
    assert text.startswith("    cost: 777") and text.endswith("...")
    assert caret.index("^") == 10 and len(caret) <= len(text)
