"""The winner is the pack's: most points, then each line of `scoring: tie_break` in order; a
tie the pack does not break is shared; a tie-break the interpreter cannot read is an error at
its place, never ignored."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.mechanics.ages import finish
from interpreter.tools.validation import validate

BUNDLED = Path(__file__).resolve().parents[2] / "cards" / "along_history"
LINE = "    - the value of your achievement tokens, highest first\n"


def pack_with(tmp_path: Path, tie_break: str) -> Path:
    """Along History with its tie-break lines replaced (`tie_break` "" removes them)."""
    folder = tmp_path / "pack"
    shutil.copytree(BUNDLED, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    assert "  tie_break:\n" + LINE in text
    game_file.write_text(text.replace("  tie_break:\n" + LINE, tie_break), encoding="utf-8")
    return folder


def winners(game: Game, tokens: list[list[int]], gold: list[int]) -> list[int]:
    """The winners of a game that ends with every player at 10 points."""
    state = game.new(len(tokens), seed=1)
    for player, held, coins in zip(state.players, tokens, gold, strict=True):
        player.score, player.tokens = 10, held
        player.counters["gold"] = coins
    finish(game, state)
    return state.winners


def test_along_history_breaks_a_tie_by_the_best_token_then_the_next(tmp_path: Path) -> None:
    game = Game.load(BUNDLED)
    assert winners(game, [[5, 1], [5, 3], [4, 4]], [0, 0, 0]) == [1]  # AH-E6
    assert winners(game, [[5, 3], [5, 3, 1], [2]], [0, 0, 0]) == [1]  # one more token
    assert winners(game, [[5, 3], [5, 3], [2]], [9, 0, 0]) == [0, 1]  # still tied: shared


def test_without_a_tie_break_the_tied_players_share_the_victory(tmp_path: Path) -> None:
    game = Game.load(pack_with(tmp_path, ""))
    assert winners(game, [[5, 1], [5, 3], [4, 4]], [0, 0, 0]) == [0, 1, 2]


def test_the_lines_of_a_tie_break_are_compared_in_order(tmp_path: Path) -> None:
    lines = "  tie_break:\n    - your gold\n" + LINE
    game = Game.load(pack_with(tmp_path, lines))
    assert winners(game, [[5, 1], [5, 3], [7]], [4, 4, 2]) == [1]  # gold ties, then tokens
    assert winners(game, [[5, 1], [5, 3], [7]], [6, 4, 2]) == [0]


@pytest.mark.parametrize(
    ("tie_break", "expected"),
    [
        ("  tie_break:\n    - the player with the most banana wins\n", "banana"),
        ("  tie_break: [your gold, highest first]\n", '"highest"'),
        ("  tie_break:\n    - your gold, highest first\n", '", highest first" compares'),
    ],
)
def test_a_tie_break_that_cannot_be_read_is_an_error_at_its_place(
    tmp_path: Path, tie_break: str, expected: str
) -> None:
    _, diagnostics = validate(pack_with(tmp_path, tie_break))
    errors = [d.render() for d in diagnostics if d.is_error]
    assert errors, "a tie-break is never ignored"
    assert any(expected in e and re.search(r"game\.yaml:\d+:\d+", e) for e in errors), errors
