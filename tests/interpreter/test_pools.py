"""A pool (rules_dsl/pools.py, interpreter/mechanics/declared_actions.py `_pooled`): a counter
declared `spent_as` another and `for_actions` some declared actions pays that other counter's
part of their costs first, as much as it holds; the menu says so, other actions never spend it,
and a wrong declaration is a located error. Through the Ages' Patriotism plays it on the real
pack (tests/scenarios/through_the_ages/patriotism-*.yaml)."""

from __future__ import annotations

import shutil
from pathlib import Path

from interpreter import Game
from tests.pack_copies import errors_of

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "action_costs"
COUNTERS = "  food: {start: 9, max: 99}\n"


def _with_pool(tmp_path: Path, pool: str) -> Path:
    folder = tmp_path / "pools"
    shutil.copytree(PACK, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    assert COUNTERS in text
    game_file.write_text(text.replace(COUNTERS, COUNTERS + f"  grain: {pool}\n"), encoding="utf-8")
    return folder


def _texts(game: Game, state: object) -> list[str]:
    return [a.text for a in game.legal_actions(state)]  # type: ignore[arg-type]


def test_a_pool_pays_its_part_first_and_only_on_its_actions(tmp_path: Path) -> None:
    folder = _with_pool(tmp_path, "{start: 2, spent_as: food, for_actions: [grow]}")
    assert errors_of(folder) == []
    game = Game.load(folder)
    state = game.new(players=2, seed=1)
    texts = _texts(game, state)
    assert "grow (paying 1 civil action, 2 grain, 1 food)" in texts
    assert any(t.startswith("build: Lab (paying 1 civil action, 3 food)") for t in texts)
    grow = next(a for a in game.legal_actions(state) if a.text.startswith("grow"))
    state = game.apply(state, grow)
    me = state.players[0].counters
    assert (me["grain"], me["food"], me["population"]) == (0, 8, 1)
    assert "grow (paying 1 civil action, 3 food)" in _texts(game, state)  # the pool is spent


def test_a_pool_makes_a_cost_payable_that_the_counter_alone_is_not(tmp_path: Path) -> None:
    folder = _with_pool(tmp_path, "{start: 9, spent_as: food, for_actions: [grow]}")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(
        text.replace(COUNTERS, "  food: {start: 0, max: 99}\n"), encoding="utf-8"
    )
    game = Game.load(folder)
    state = game.new(players=2, seed=1)
    assert "grow (paying 1 civil action, 3 grain)" in _texts(game, state)


def test_a_pool_on_an_undeclared_action_is_an_error_naming_the_declared_ones(
    tmp_path: Path,
) -> None:
    errors = errors_of(_with_pool(tmp_path, "{spent_as: food, for_actions: [grwo]}"))
    assert len(errors) == 1
    assert 'the pool "grain" is spent on "grwo": the game declares no such action' in errors[0]
    assert 'did you mean "grow"' in errors[0]
    assert "game.yaml:" in errors[0]


def test_a_pool_spent_as_no_counter_or_missing_its_actions_is_an_error(tmp_path: Path) -> None:
    errors = errors_of(_with_pool(tmp_path, "{spent_as: gold, for_actions: [grow]}"))
    assert len(errors) == 1
    assert 'is spent as "gold": no counter or stored resource of the game' in errors[0]
    errors = errors_of(_with_pool(tmp_path / "b", "{spent_as: food}"))
    assert len(errors) == 1 and 'the pool "grain" has no for_actions' in errors[0]
