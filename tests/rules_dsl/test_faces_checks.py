"""The `faces:` block of game.yaml styles the pack's own types and symbols: a name it styles that
the game does not declare is an error at its place (a misspelt type kept its default look)."""

from __future__ import annotations

import shutil
from pathlib import Path

from interpreter.tools.validation import validate

ROOT = Path(__file__).resolve().parents[2]


def test_a_faces_name_the_game_does_not_declare_is_located_with_did_you_mean(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "pack"
    shutil.copytree(ROOT / "cards" / "along_history", folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    assert "  types: {land: " in text and "    culture: {colour" in text
    game_file.write_text(
        text.replace("  types: {land: ", "  types: {lnad: ").replace(
            "    culture: {colour", "    cultur: {colour"
        ),
        encoding="utf-8",
    )
    _, diagnostics = validate(folder)
    errors = [d for d in diagnostics if d.is_error]
    assert [d.message for d in errors] == [
        '"lnad" is not a card type of the game',
        '"cultur" is not a resource or counter of the game',
    ]
    assert [d.hint for d in errors] == ['did you mean "land"?', 'did you mean "culture"?']
