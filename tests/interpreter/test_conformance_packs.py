"""The conformance packs (tests/packs/conformance/): small packs, one per mechanic of the general
game model (issue 17, item 9), none of them Along History. Each validates with no error, its
scenarios pass, and random games of it (a soak over seeds and numbers of players) end with a
position the save loader accepts (every card in one place, counters within their bounds)."""

from __future__ import annotations

import shutil
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


def test_a_round_of_turns_until_every_player_has_passed_plays(tmp_path: Path) -> None:
    """The turn order a worker-placement designer writes first (TAW-A1): turns go round until
    every player has passed. "Passed" lasts the round, so each round starts with every player
    in again; with turns that always end by passing, it plays the very game of "each player in
    turn order plays" (it looped forever when "passed" lasted until the player's next turn)."""
    folder = tmp_path / "until-passed"
    shutil.copytree(CONFORMANCE / "zones", folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    plain = '  round: |\n    each player in turn order plays "turn"\n'
    assert plain in text
    game_file.write_text(
        text.replace(
            plain,
            "  round: |\n    repeat until every player has passed:\n"
            '      each player in turn order who has not passed plays "turn"\n',
        ),
        encoding="utf-8",
    )
    _, diagnostics = validate(folder)
    assert [d.render() for d in diagnostics] == []
    for seed in range(3):
        a = playout(Game.load(CONFORMANCE / "zones"), [RandomBot(seed + i) for i in range(3)], seed)
        b = playout(Game.load(folder), [RandomBot(seed + i) for i in range(3)], seed)
        assert b.over and (a.scores, a.winners, a.round) == (b.scores, b.winners, b.round)


def test_a_rule_that_loops_in_play_is_an_error_of_validate(tmp_path: Path) -> None:
    """A step that repeats without asking anyone anything, past the first round's checks:
    validate plays the first rounds with random choices and reports the loop at its line
    (it said 0 errors, and the game stopped with a loop error in play)."""
    folder = tmp_path / "loops"
    shutil.copytree(CONFORMANCE / "zones", folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    last = "    draw a card from the market into your reserve\n"
    game_file.write_text(
        text.replace(
            last,
            last + "    if you have at least 1 card in your reserve:\n"
            "      repeat until the library is empty:\n        gain 1 gold\n",
        ),
        encoding="utf-8",
    )
    _, diagnostics = validate(folder)
    errors = [d.render() for d in diagnostics if d.is_error]
    assert len(errors) == 1 and "it loops" in errors[0], errors
    assert "game.yaml:" in errors[0] and "repeat until the library is empty" in errors[0]


def test_one_action_a_turn_until_every_player_has_passed(tmp_path: Path) -> None:
    """Worker placement's turn order (TAW-A1): each turn is one declared action or a pass, and
    turns go round until every player has passed. A player who passes takes no more turns that
    round; the others go on until they pass too, and every action is paid from the budget."""
    folder = tmp_path / "one-action"
    shutil.copytree(CONFORMANCE / "actions", folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    phases = text[text.index("phases:") :]
    game_file.write_text(
        text.replace(
            phases,
            "phases:\n  round: |\n    each player gains 3 civil action\n"
            "    repeat until every player has passed:\n"
            '      each player in turn order who has not passed plays "turn"\n'
            "    each player loses all civil action\n"
            "    draw a card from the deck into the discard pile\n"
            "    refill the card row to 3 from the deck\n"
            "  turn: |\n    take an action\n",
        ),
        encoding="utf-8",
    )
    _, diagnostics = validate(folder)
    assert [d.render() for d in diagnostics] == []
    game = Game.load(folder)
    state = game.new(players=2, seed=4)
    turns: list[int] = []
    while state.round == 1 and not state.over:
        seat = state.to_move
        options = game.legal_actions(state)
        assert options[0].kind == "pass"
        # player 1 passes at once; player 2 spends the budget, one action a turn
        chosen = options[0] if seat == 0 or len(options) == 1 else options[1]
        turns.append(int(seat))  # type: ignore[arg-type]
        last, state = state, game.apply(state, chosen)
    assert turns == [0, 1, 1, 1, 1], turns
    # before the last pass: player 1 spent nothing, player 2 the whole budget
    assert [p.counters["civil action"] for p in last.players] == [3, 0]


def test_a_player_who_rolls_in_their_own_turn_uses_their_own_dice() -> None:
    """The zones pack rolls in every player's turn: the second player acquires with the dice of
    their own roll (the log says who rolled), not with result tokens of the first player's
    (its dice give none: the second player had nothing to pay with)."""
    from interpreter.mechanics.action_phase import waiting_pool_of

    game = Game.load(CONFORMANCE / "zones")
    state = game.new(players=2, seed=3)
    while state.to_move != 1:
        options = game.legal_actions(state)
        state = game.apply(state, next(a for a in options if a.kind == "pass"))
    found = waiting_pool_of(state)
    assert found is not None and found[0] == 1 and found[1] is state.dice and state.dice
    assert "player 2 rolls" in state.log[-1]
    texts = [a.text for a in game.choices(state)]
    assert any("discard green" in t for t in texts), texts  # their own dice to spend
