"""Through the Ages plays from its pack (issue 19): it validates cleanly, every scenario of its
folder (each citing the TTA clauses it proves) passes, and random games of 2, 3 and 4 players
run through the five ages to a winner in a position that saves and loads unchanged."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from cards import bundled
from interpreter import Game, State
from interpreter.bots.greedy import RandomBot
from interpreter.bots.playout import play_out, playout
from interpreter.tools.saves import load_text, save_text
from interpreter.tools.scenario import check
from interpreter.tools.validation import validate
from tests.clause_ids import CLAUSE_IDS

PACK = bundled("through_the_ages")
SCENARIOS = sorted((PACK / "scenarios").glob("*.yaml"))


@cache
def game() -> Game:
    return Game.load(PACK)


def random_game(players: int, seed: int) -> State:
    return playout(game(), [RandomBot(seed * 10 + i) for i in range(players)], seed)


def test_the_pack_validates_with_no_error_and_no_warning() -> None:
    _, diagnostics = validate(PACK)
    assert [d.render() for d in diagnostics] == []


def test_the_pack_has_scenarios() -> None:
    assert SCENARIOS


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.stem)
def test_a_scenario_of_the_pack_passes(scenario: Path) -> None:
    outcome = check(scenario)
    if outcome.known_bug:
        if outcome.passed:
            pytest.fail(f"{scenario.name} passes although it names a known bug: remove known_bug")
        pytest.xfail(outcome.known_bug)
    assert outcome.passed, outcome.summary()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_game_plays_every_age_and_ends_in_a_position_that_saves(
    players: int, seed: int
) -> None:
    g = game()
    state = random_game(players, seed)
    assert state.over and state.winners
    assert all(0 <= w < players for w in state.winners)
    assert g.ages[state.age] == "iv"  # the game ends in Age IV, after its last round (TTA-G1)
    loaded, _, _ = load_text(g, save_text(g, state))
    assert loaded.digest() == state.digest()


@pytest.mark.parametrize("cut", [40, 200, "defender"])
def test_a_game_saved_in_the_middle_resumes_exactly(cut: int | str) -> None:
    """Saved after `cut` choices (inside a turn, with workers, tokens on cards and the row's
    gaps; or when a defender is asked for their first answer to an aggression, inside the
    attacker's turn), loaded and played on with the same choices, the game ends in the very
    position the unbroken game ended in."""
    g = game()
    whole = g.new(players=3, seed=8, quiet=True)  # a game with a "you may" (seed 7 has none)
    choices = play_out(g, whole, [RandomBot(70 + i) for i in range(3)])
    state = g.new(players=3, seed=8, quiet=True)
    if cut == "defender":  # the first "you may" of the game is a defender's answer
        cut = 0
        while "do it" not in [a.text for a in g.choices(state)]:
            g.play(state, choices[cut])
            cut += 1
    else:
        for choice in choices[: int(cut)]:
            g.play(state, choice)
    assert len(choices) > int(cut)
    resumed, _, _ = load_text(g, save_text(g, state))
    assert resumed.digest() == state.digest()
    for choice in choices[int(cut) :]:
        g.play(resumed, choice)
    assert resumed.over and resumed.digest() == whole.digest()


# The clauses of what the pack does not play yet (RULINGS.md, "Not written yet"): none.
NOT_WRITTEN: set[str] = set()


def test_every_clause_written_is_proved_by_a_passing_scenario() -> None:
    """Issue 19: each TTA clause the pack plays is cited by a scenario that shows it played as
    written; the clauses not written yet are exactly those RULINGS.md lists."""
    ids = CLAUSE_IDS["through-the-ages"]
    assert len(ids) == 35 and set(ids) >= NOT_WRITTEN
    proved: set[str] = set()
    for path in SCENARIOS:
        outcome = check(path)
        if outcome.passed and not outcome.known_bug:
            proved.update(outcome.proves)
    assert sorted(c for c in ids if c not in NOT_WRITTEN and c not in proved) == []
    assert sorted(proved & NOT_WRITTEN) == []  # a clause proved now: take it off the list
