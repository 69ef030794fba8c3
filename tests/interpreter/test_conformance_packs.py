"""The conformance packs (tests/packs/conformance/): small packs, one per mechanic of the general
game model (issue 17, item 9), none of them Along History. Each validates with no error, its
scenarios pass, and random games of it (a soak over seeds and numbers of players) end with a
position the save loader accepts (every card in one place, counters within their bounds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.playout import playout
from interpreter.tools.saves import load_text, save_text
from interpreter.tools.scenario import check
from interpreter.tools.validation import validate

CONFORMANCE = Path(__file__).resolve().parents[1] / "packs" / "conformance"
PACKS = sorted(p for p in CONFORMANCE.iterdir() if (p / "game.yaml").is_file())
SCENARIOS = sorted(s for p in PACKS for s in (p / "scenarios").glob("*.yaml"))


def test_there_are_conformance_packs_with_scenarios() -> None:
    assert PACKS and all(list((p / "scenarios").glob("*.yaml")) for p in PACKS)


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_a_conformance_pack_validates(pack: Path) -> None:
    _, diagnostics = validate(pack)
    assert [d.render() for d in diagnostics] == []


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: f"{s.parent.parent.name}/{s.stem}")
def test_a_conformance_scenario_passes(scenario: Path) -> None:
    outcome = check(scenario)
    assert outcome.passed, outcome.summary()


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_random_games_of_a_conformance_pack_end_in_a_position_that_saves(pack: Path) -> None:
    game = Game.load(pack)
    limits = game.pack.game["players"]
    for players in range(limits["min"], limits["max"] + 1):
        for seed in range(3):
            bots = [RandomBot(seed * 10 + i) for i in range(players)]
            state = playout(game, bots, seed)
            assert state.over and state.winners
            loaded, _, _ = load_text(game, save_text(game, state))
            assert loaded.digest() == state.digest()
    greedy = playout(game, [GreedyBot(i) for i in range(limits["min"])], 1)
    assert greedy.over
