"""A step that takes an action the game declares (interpreter/mechanics/action_steps.py):
'take "grow"' names a declared action (any other name is a card's, an error where no card has
it), says nothing more (its cost is the action's), and a game saved at its question resumes
exactly. The play is
proved by the scenarios of tests/packs/conformance/action_steps/."""

from __future__ import annotations

import shutil
from pathlib import Path

from interpreter import Game
from interpreter.tools.saves import load_text, save_text
from tests.pack_copies import errors_of

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "action_steps"


def _with_rule(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "steps"
    shutil.copytree(PACK, folder)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    assert old in text
    deck.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def test_a_name_no_action_has_is_a_card_name_and_an_error_at_its_place(tmp_path: Path) -> None:
    """take "grwo": no declared action is named so, so it reads as a card taken by name
    (take "Camelot" from ...), and no card is named so either."""
    folder = _with_rule(tmp_path, 'take "grow"; then', 'take "grwo"; then')
    errors = errors_of(folder)
    assert errors and all("deck.yaml:" in e for e in errors)
    assert any('unknown card "grwo"' in e for e in errors), errors


def test_the_action_is_said_alone(tmp_path: Path) -> None:
    folder = _with_rule(tmp_path, 'take "grow"; then', 'take "grow" for 2 food; then')
    errors = errors_of(folder)
    assert any("its cost is the action's" in e for e in errors), errors


def test_a_game_saved_at_the_steps_question_resumes_exactly() -> None:
    game = Game.load(PACK)
    state = game.new(players=2, seed=1)
    play = next(a for a in game.legal_actions(state) if a.text.startswith("play an order: Harv"))
    state = game.apply(state, play)
    asked = [a.text for a in game.legal_actions(state)]
    assert asked == ["grow (paying 1 food)"]
    loaded, _, _ = load_text(game, save_text(game, state))
    assert loaded.digest() == state.digest()
    after = game.apply(loaded, game.legal_actions(loaded)[0])
    assert after.players[0].counters["population"] == 1
    assert after.players[0].counters["food"] == 4
