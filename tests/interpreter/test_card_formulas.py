"""Cards whose points are a formula: Al-Khawarizmi (Middle Ages) scores min(gold // 3, 4).

The formula is worked out when an age is scored (`interpreter.mechanics.ages.score_age`), with
the gold held then; for achievement conditions ("at least N points") the card counts 0. The scenario
files `tests/scenarios/along_history/cards/middle_ages-al-khawarizmi*.yaml` play an age to its
end; these tests check the formula over many amounts of gold.
"""

from __future__ import annotations

from functools import cache

import pytest

from cards import bundled
from interpreter.compile.meaning import Ctx, compile_condition
from interpreter.core.state import State
from interpreter.engine.game import Game
from interpreter.mechanics.ages import score_age
from interpreter.mechanics.verbs import remove_card
from rules_dsl.parser import try_parse
from tests.zones import ZONE_LEGACY


@cache
def game() -> Game:
    return Game.load(bundled(), ages="middle_ages")


def copy_of(g: Game, name: str) -> int:
    return next(c for c in g.catalog.copies_of_age("middle_ages") if g.name(c) == name)


def position(gold: int, piles: list[list[str]]) -> State:
    """A fresh 2-player Middle Ages game where player 1 holds `piles` and `gold`, nothing else."""
    g = game()
    state = g.new(2, seed=0)
    for player in state.players:
        player.tableau, player.tokens, player.zones[ZONE_LEGACY] = [], [], []
        player.counters["gold"] = 0
    me = state.players[0]
    for pile in piles:
        copies = [copy_of(g, name) for name in pile]
        for c in copies:
            remove_card(state, c)
        me.tableau.append(copies)
    me.counters["gold"] = gold
    return state


@pytest.mark.parametrize(
    ("gold", "points"),
    [
        (0, 0),
        (2, 0),
        (3, 1),
        (5, 1),
        (6, 2),
        (8, 2),
        (9, 3),
        (11, 3),
        (12, 4),
        (13, 4),
        (14, 4),
        (15, 4),
        (20, 4),
        (99, 4),
    ],
)
def test_al_khawarizmi_scores_gold_over_3_rounded_down_at_most_4(gold: int, points: int) -> None:
    state = position(gold, [["Al-Khawarizmi"]])
    score_age(game(), state)
    assert state.players[0].age_scores == [points]
    assert state.players[1].age_scores == [0]


def test_al_khawarizmi_adds_to_the_other_cards_points() -> None:
    state = position(7, [["Al-Khawarizmi"], ["Notre Dame"], ["Compass"]])
    score_age(game(), state)
    assert state.players[0].age_scores == [3 + 2 + 2]


def test_al_khawarizmi_in_decadence_still_scores_its_formula() -> None:
    # A card in decadence keeps its points (AH-X1, AH-E2); Al-Khawarizmi has no bonus: no malus.
    state = position(9, [["Compass", "Al-Khawarizmi"]])
    score_age(game(), state)
    assert state.players[0].age_scores == [2 + 3]


def test_al_khawarizmi_counts_0_for_achievement_points() -> None:
    state = position(12, [["Al-Khawarizmi"]])
    tree, problem = try_parse("you have at least 1 point", "condition")
    assert problem is None
    assert not compile_condition(tree)(Ctx(state, game().catalog, 0))


def test_no_formula_card_no_gold_points() -> None:
    state = position(12, [["Compass"]])
    score_age(game(), state)
    assert state.players[0].age_scores == [2]
