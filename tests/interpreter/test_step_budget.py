"""A rule that never stops is stopped by the step budget, with its place in the pack."""

from __future__ import annotations

import shutil

import pytest

from cards import bundled
from interpreter import Game, RuleLoopError


def editable_pack(tmp_path):
    """A copy of Along History whose files still find the project's schemas."""
    pack = tmp_path / "pack"
    shutil.copytree(bundled(), pack)
    for path in pack.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        path.write_text(
            text.replace("../schema/", str(bundled().parent / "schema") + "/"), encoding="utf-8"
        )
    return pack


def test_a_looping_phase_is_stopped_and_located(tmp_path):
    pack = editable_pack(tmp_path)
    game_file = pack / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    looping = text.replace(
        '''  round: |
    the active player plays "active turn"''',
        '''  round: |
    repeat until the deck is empty: gain 1 gold
    the active player plays "active turn"''',
    )
    assert looping != text
    game_file.write_text(looping, encoding="utf-8")
    game = Game.load(pack)
    with pytest.raises(RuleLoopError) as caught:
        game.new(3, seed=1)
    message = str(caught.value)
    line = next(i for i, x in enumerate(looping.splitlines(), 1) if "repeat until" in x)
    assert f"game.yaml:{line}:" in message
    assert "loops" in message and "^" in message


def test_a_phase_that_plays_itself_is_stopped_and_located(tmp_path):
    pack = editable_pack(tmp_path)
    game_file = pack / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    nesting = text.replace(
        """  other turn: |
    straighten your cards""",
        """  other turn: |
    play "other turn"
    straighten your cards""",
    )
    assert nesting != text
    game_file.write_text(nesting, encoding="utf-8")
    game = Game.load(pack)
    state = game.new(2, seed=1)
    with pytest.raises(RuleLoopError) as caught:
        for _ in range(500):
            state = game.apply(state, game.legal_actions(state)[0])
    line = next(i for i, x in enumerate(nesting.splitlines(), 1) if 'play "other turn"' in x)
    assert f"game.yaml:{line}:" in str(caught.value)
    assert "without end" in str(caught.value)
