"""The Ancient World pack (issue 18): it validates cleanly, every scenario of its folder (each
citing the TAW clauses it proves) passes (one naming a known bug is an xfail), and random
games of 2, 3 and 4 players, and of the variant city-states, end with a winner in a position
that saves and loads unchanged."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from cards import bundled
from interpreter import Game, State
from interpreter.bots.greedy import RandomBot
from interpreter.bots.playout import playout
from interpreter.tools.saves import load_text, save_text
from interpreter.tools.scenario import check
from interpreter.tools.validation import validate
from tests.clause_ids import CLAUSE_IDS

PACK = bundled("the_ancient_world")
SCENARIOS = sorted((PACK / "scenarios").glob("*.yaml"))


@cache
def game(variant: str | None = None) -> Game:
    return Game.load(PACK, variant=variant)


def random_game(g: Game, players: int, seed: int) -> State:
    return playout(g, [RandomBot(seed * 10 + i) for i in range(players)], seed)


def assert_ends_and_saves(g: Game, state: State) -> None:
    assert state.over and state.winners
    assert all(0 <= w < len(state.players) for w in state.winners)
    loaded, _, _ = load_text(g, save_text(g, state))
    assert loaded.digest() == state.digest()


def test_the_pack_validates_with_no_error_and_no_warning() -> None:
    _, diagnostics = validate(PACK)
    assert [d.render() for d in diagnostics] == []


def test_the_pack_has_scenarios() -> None:
    assert SCENARIOS


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.stem)
def test_a_scenario_of_the_pack_passes(scenario: Path) -> None:
    outcome = check(scenario)
    if outcome.known_bug:
        # as tests/interpreter/test_scenarios.py: a known bug is an xfail until it is fixed
        if outcome.passed:
            pytest.fail(f"{scenario.name} passes although it names a known bug: remove known_bug")
        pytest.xfail(outcome.known_bug)
    assert outcome.passed, outcome.summary()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_game_ends_with_a_winner_in_a_position_that_saves(players: int, seed: int) -> None:
    g = game()
    assert_ends_and_saves(g, random_game(g, players, seed))


def test_a_random_game_of_the_city_states_ends_with_a_winner() -> None:
    g = game("city-states")
    state = random_game(g, 3, 5)
    assert_ends_and_saves(g, state)
    # the variant's capitals are the ones in play, not the first side's plain Capital City
    city_names = {g.name(c) for p in state.players for c in p.all_cards()}
    assert "Capital City" not in city_names


def test_every_clause_is_proved_by_a_passing_scenario() -> None:
    """Issue 18: every TAW clause is cited by a scenario that shows it played as written."""
    ids = CLAUSE_IDS["the-ancient-world"]
    assert len(ids) == 37
    proved: set[str] = set()
    for path in SCENARIOS:
        outcome = check(path)
        if outcome.passed and not outcome.known_bug:
            proved.update(outcome.proves)
    missing = [c for c in ids if c not in proved]
    assert not missing, f"clauses with no passing scenario: {missing}"
