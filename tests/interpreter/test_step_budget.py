"""A rule that never stops is stopped by the step budget, with its place in the pack."""

from __future__ import annotations

import shutil

import pytest

from cards import bundled
from interpreter import Game, RuleLoopError


def test_a_looping_phase_is_stopped_and_located(tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(bundled(), pack)
    for schema_user in pack.glob("*.yaml"):
        text = schema_user.read_text(encoding="utf-8")
        schema_user.write_text(text.replace("../schema/", str(bundled().parent / "schema") + "/"),
                               encoding="utf-8")
    game_file = pack / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    looping = text.replace('''  round: |
    the active player plays "active turn"''', '''  round: |
    repeat until the deck is empty: gain 1 gold
    the active player plays "active turn"''')
    assert looping != text
    game_file.write_text(looping, encoding="utf-8")
    game = Game.load(pack)
    with pytest.raises(RuleLoopError) as caught:
        game.new(3, seed=1)
    message = str(caught.value)
    line = next(i for i, x in enumerate(looping.splitlines(), 1) if "repeat until" in x)
    assert f"game.yaml:{line}:" in message
    assert "loops" in message and "^" in message
