"""Play keeps every counter within the bound a save is held to (rules_dsl/bounds.py): a counter
with no `max` stops at COUNTER_LIMIT, one with a `max` at its max, however it is gained (a
rule's "gain", a die's money, a tilted card's money), so every position played can be saved
and loaded again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from interpreter.tools.saves import load_text, save_text
from interpreter.tools.scenario import run
from rules_dsl.bounds import COUNTER_LIMIT

HERE = Path(__file__).parent


def _take_gold(gold: int) -> dict[str, Any]:
    return yaml.safe_load(f"""
name: a die's money on a purse already full
players: 2
seed: 2
age: antiquity
position:
  active: 1
  players:
    1: {{gold: {gold}, events: [Desert, Bocage, Steppes]}}
    2: {{events: [Coast, Pompei, Alexander the Great]}}
dice: [1 population, 1 population, 1 population, culture, war, golden age, 3 gold]
actions:
  - take 3 gold from black 3 gold
""")


def test_money_from_a_die_stops_at_the_counter_bound_and_the_position_saves() -> None:
    state, game = run(_take_gold(COUNTER_LIMIT - 1), HERE)
    assert state.players[0].counters["gold"] == COUNTER_LIMIT
    assert "player 1 takes 1 gold." in state.log
    loaded, _warnings, _extra = load_text(game, save_text(game, state))
    assert loaded.players[0].counters["gold"] == COUNTER_LIMIT


def test_money_below_the_bound_is_taken_whole() -> None:
    state, _ = run(_take_gold(5), HERE)
    assert state.players[0].counters["gold"] == 8
    assert "player 1 takes 3 gold." in state.log


def test_a_rules_gain_stops_at_the_bound_and_at_a_declared_max() -> None:
    from interpreter.mechanics.moves import gain_counter

    state, game = run(_take_gold(COUNTER_LIMIT - 10), HERE)
    state.players[1].counters["gold"] = COUNTER_LIMIT - 3
    assert gain_counter(game, state, 1, "gold", 10) == 3
    assert state.players[1].counters["gold"] == COUNTER_LIMIT
    state.players[1].counters["universal resource"] = 1  # its max is 2
    assert gain_counter(game, state, 1, "universal resource", 5) == 1
    assert state.players[1].counters["universal resource"] == 2
    load_text(game, save_text(game, state))  # loads: no SaveError
