"""Positions in a zone (interpreter/compile/positions.py): a card's place in a row, the card at
an end of a zone, a pile's bottom. How they play is shown by tests/packs/conformance/row/; here,
each phrase that cannot mean one card or one place is an error of `validate` at its words."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.tools.validation import validate

ROW = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "row"
FIRST = "    discard the first card in the card row\n"


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ("    discard the first cards in the card row\n", "one card at an end of a zone"),
        ("    discard the first card in your buildings\n", "holds piles, not one line of cards"),
        ("    gain food equal to the position of the deck\n", "a position is a card's"),
    ],
    ids=["many", "tableau", "position-of-a-zone"],
)
def test_a_phrase_that_names_no_one_card_or_place_is_an_error(
    tmp_path: Path, step: str, message: str
) -> None:
    folder = tmp_path / "row"
    shutil.copytree(ROW, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    assert FIRST in text
    game_file.write_text(text.replace(FIRST, step), encoding="utf-8")
    _, diagnostics = validate(folder)
    errors = [d.render() for d in diagnostics if d.is_error]
    assert len(errors) == 1 and message in errors[0] and "game.yaml:" in errors[0], errors
