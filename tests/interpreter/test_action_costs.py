"""A card's ability that changes the cost of an action the game declares
(interpreter/mechanics/declared_actions.py `_changed_cost`, compile/catalog.py
`ActionCostRule`): '"grow" costs 1 less food' holds for the holder of the active card, a
condition reads the card the action is done to, the cost never goes below 0, and an action or
counter the game does not declare is a located error saying what is declared. The play is
proved by the scenarios of tests/packs/conformance/action_costs/."""

from __future__ import annotations

import shutil
from pathlib import Path

from interpreter import Game, State
from interpreter.core.actions import Action
from interpreter.tools.explain import explain_cards
from tests.pack_copies import errors_of

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "action_costs"


def _with_rule(tmp_path: Path, rule: str) -> Path:
    folder = tmp_path / "costs"
    shutil.copytree(PACK, folder)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    old = '      "build" costs 2 less food if it is lab\n'
    assert old in text
    deck.write_text(text.replace(old, f"      {rule}\n"), encoding="utf-8")
    return folder


def test_an_action_the_game_does_not_declare_is_an_error_naming_the_declared_ones(
    tmp_path: Path,
) -> None:
    errors = errors_of(_with_rule(tmp_path, '"grwo" costs 1 less food'))
    assert len(errors) == 1
    assert '"grwo" is not an action the game declares' in errors[0]
    assert 'did you mean "grow"' in errors[0] and "grow, build, play a leader" in errors[0]


def test_a_cost_in_no_counter_is_an_error(tmp_path: Path) -> None:
    errors = errors_of(_with_rule(tmp_path, '"grow" costs 1 less gold'))
    assert len(errors) == 1 and '"gold" is not a counter' in errors[0]


def test_a_reduction_past_a_counters_amount_goes_on_its_next_amount(tmp_path: Path) -> None:
    """Two amounts of one counter ("1 civil action, 1 civil action"): 2 less takes both."""
    folder = _with_rule(tmp_path, '"grow" costs 2 less civil action')
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(
        text.replace(
            "cost: 1 civil action, 3 food\n", "cost: 1 civil action, 1 civil action, 3 food\n"
        ),
        encoding="utf-8",
    )
    assert errors_of(folder) == []
    game = Game.load(folder)
    state = game.new(players=2, seed=1)
    play = next(
        a for a in game.legal_actions(state) if a.text.startswith("play a leader: Architect")
    )
    state = game.apply(state, play)
    texts = [a.text for a in game.legal_actions(state)]
    assert "grow (paying 3 food)" in texts


def test_the_read_back_says_which_action_costs_what() -> None:
    lines = {r.name: r.lines for r in explain_cards(Game.load(PACK))}
    head = "While it is active, or when its own rules take it, the action"
    assert f'{head} "grow" costs you 1 less food.' in lines["Elder"]
    assert any(
        line.startswith(f'{head} "build" costs you 2 less food if ') for line in lines["Architect"]
    )


def test_a_change_per_thing_counts_them_when_the_action_is_offered(tmp_path: Path) -> None:
    """'"grow" costs 1 less food per building': the Architect's holder grows for 3 - n food,
    n their building cards in play, worked out each time the action is offered."""
    folder = _with_rule(tmp_path, '"grow" costs 1 less food per building')
    assert errors_of(folder) == []
    game = Game.load(folder)
    state = game.new(players=2, seed=1)
    state = game.apply(state, _offer(game, state, "play a leader: Architect"))
    assert "grow (paying 1 civil action, 3 food)" in _texts(game, state)
    state = game.apply(state, _offer(game, state, "build: Lab"))  # 1 building: 2 food
    assert "end your actions" in _texts(game, state)
    state = game.apply(state, _offer(game, state, "end your actions"))
    state = game.apply(state, _offer(game, state, "end your actions"))  # player 2
    assert "grow (paying 1 civil action, 2 food)" in _texts(game, state)


def _texts(game: Game, state: State) -> list[str]:
    return [a.text for a in game.legal_actions(state)]


def _offer(game: Game, state: State, start: str) -> Action:
    return next(a for a in game.legal_actions(state) if a.text.startswith(start))
