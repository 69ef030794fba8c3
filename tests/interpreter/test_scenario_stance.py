"""Where a scenario's position stands in the game, and a position placed where the actions
start (`position_at: start`): the age and round of the position, the players who have passed,
scores, turns to skip, a die used, the random generator's state; each bad value a located
message, as every other mistake of a scenario file."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from interpreter.tools.scenario import build, check
from tests.interpreter.test_scenario_files import (
    FAMINE,
    _changed,
    _write,
    assert_located_problem,
)

AT_START = _changed("position:\n", "position_at: start\nposition:\n")


def test_a_position_placed_at_the_start_stands_in_its_age_and_round(tmp_path: Path) -> None:
    text = AT_START.replace(
        "  active: 1\n",
        "  active: 1\n  age: antiquity\n  round: 4\n  passed: [3]\n",
    ).replace(
        "      events: [Famine, Forest, Tiger]\n",
        "      events: [Famine, Forest, Tiger]\n      scores: [9]\n"
        "    2: {skips: 1, scores: [4]}\n",
    )
    text = text.replace("[Hunting, Fishing]", "[Iron Working]").replace(
        "events: [Famine, Forest, Tiger]", "events: [Barbarian Invasions]"
    )
    spec = yaml.safe_load(text.replace('  - you own "Famine"\n', '  - you own "Iron Working"\n'))
    spec["actions"] = []
    state, game = build(spec, tmp_path)
    assert game.ages[state.age] == "antiquity" and state.round == 4
    assert [p.seat for p in state.players if p.flags.get("passed")] == [2]
    assert state.players[0].score == 9 and state.players[1].age_scores == [4]
    assert state.players[1].marks["skip_turns"] == 1
    assert [game.name(c) for c in state.players[0].zones[game.zones.hand]] == [
        "Barbarian Invasions"
    ]


def test_the_chance_given_is_the_generators_state_where_the_actions_start(
    tmp_path: Path,
) -> None:
    spec = yaml.safe_load(_changed("dice:", 'chance: "123456789"\ndice:'))
    state, _ = build(spec, tmp_path)
    assert state.rng == 123456789


def test_a_die_used_in_the_actions_is_set_used(tmp_path: Path) -> None:
    spec = yaml.safe_load(
        _changed("dice: [1 population,", "dice: [{face: 1 population, used: true},")
    )
    state, _ = build(spec, tmp_path)
    assert state.dice[0]["used"] and not state.dice[1]["used"]


CASES = [
    (
        "a placement of no kind",
        _changed("seed: 1", "seed: 1\nposition_at: later"),
        "is not one of round, start",
        4,
        None,
    ),
    ("a chance in words", _changed("seed: 1", "seed: 1\nchance: lucky"), '"lucky"', 4, None),
    (
        "an age not played",
        _changed("  active: 1\n", "  active: 1\n  age: antiquty\n"),
        '"antiquty" is not an age of this game',
        6,
        "antiquity",
    ),
    (
        "a player who passed and is not there",
        _changed("  active: 1\n", "  active: 1\n  passed: [7]\n"),
        "there is no player 7",
        6,
        "numbered from 1 to 3",
    ),
    (
        "a piece the pack has not",
        _changed("[Hunting, Fishing]\n", "[Hunting, Fishing]\n      pieces: {worker: [{}]}\n"),
        'the pack has no piece "worker"',
        9,
        None,
    ),
    (
        "a second copy the player has not",
        _changed(
            "[Hunting, Fishing]\n",
            '[Hunting, Fishing]\n      on cards: {"Hunting #2": {gold: 1}}\n',
        ),
        '"Hunting #2" is not among this player\'s cards',
        9,
        None,
    ),
    (
        "a hand at the turn's start of cards not held",
        _changed(
            "[Hunting, Fishing]\n", "[Hunting, Fishing]\n      hand at turn start: [Wolves]\n"
        ),
        '"Wolves" is not among this player\'s cards',
        9,
        None,
    ),
    (
        "a die with no such face",
        _changed("dice: [1 population,", "dice: [{face: 7 population},"),
        'has no face "7 population"',
        10,
        None,
    ),
]


@pytest.mark.parametrize(
    "text, message, line, hint", [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_bad_value_of_the_stance_is_a_located_message(
    tmp_path: Path, text: str, message: str, line: int, hint: str | None
) -> None:
    assert_located_problem(tmp_path, text, message, line, hint)


def test_the_famine_scenario_placed_at_the_start_passes_as_it_did(tmp_path: Path) -> None:
    """Along History's round does nothing before the actions but roll the dice, which a
    scenario sets: placed at the start or at the round's start, a scenario is the same."""
    assert check(_write(tmp_path, FAMINE)).passed
    assert check(_write(tmp_path, AT_START, "at-start.yaml")).passed
