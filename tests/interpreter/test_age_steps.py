"""`end the age`: an age ended by a step, in the middle of a turn (mechanics/age_steps.py), on the
conformance pack `ages` and copies of it changed by one line. What a designer sees: the turn goes
on in the next age, a game saved at a decision of the age change resumes exactly, a game scored
at its end scores nothing before, and `end` written of anything but the age is a located error
saying what to write."""

from __future__ import annotations

from pathlib import Path

from interpreter import Game
from interpreter.tools.saves import load_text, save_text
from tests.pack_copies import changed_copy, errors_of

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "ages"


def test_a_game_saved_at_a_decision_of_the_age_change_resumes_exactly(tmp_path: Path) -> None:
    folder = changed_copy(
        PACK,
        tmp_path,
        "age_change: |\n  gain 10 culture",
        "age_change: |\n  you may gain 10 culture",
    )
    game = Game.load(folder)
    state = game.new(players=2, seed=1)
    # player 1's first replenish ends Age one: the age change asks whether to gain the culture
    assert [str(a) for a in game.legal_actions(state)] == ["gain 10 culture", "decline"]
    assert state.age == 0 and [f["prog"] for f in state.frames][-1] == "age_change"
    loaded, _, _ = load_text(game, save_text(game, state))
    assert loaded.digest() == state.digest()
    while not state.over:  # the same decisions from the saved and the loaded position
        state = game.apply(state, game.legal_actions(state)[0])
        loaded = game.apply(loaded, game.legal_actions(loaded)[0])
        assert loaded.digest() == state.digest()
    assert state.age == 2 and state.players[0].counters["culture"] == 27


def test_a_game_scored_at_its_end_scores_nothing_at_an_earlier_age() -> None:
    game = Game.load(PACK)
    state = game.new(players=2, seed=1)
    while not state.over:
        state = game.apply(state, game.legal_actions(state)[-1])
    assert [p.age_scores for p in state.players] == [[p.counters["culture"]] for p in state.players]
    assert not any("End of Age one" in line for line in state.log)


def test_end_of_anything_but_the_age_is_an_error_saying_what_to_write(tmp_path: Path) -> None:
    folder = changed_copy(
        PACK,
        tmp_path,
        "    if the age is exactly 1 and the deck one is empty: end the age",
        "    if the age is exactly 1 and the deck one is empty: end the round",
    )
    errors = errors_of(folder)
    assert len(errors) == 1 and 'end reads "end the age"' in errors[0]
    assert "game.yaml:" in errors[0] and "^" in errors[0]


def test_the_first_player_passes_on_unless_the_pack_says_it_stays(tmp_path: Path) -> None:
    folder = changed_copy(PACK, tmp_path, "first player: stays\n", "")
    game = Game.load(folder)
    state = game.new(players=2, seed=1)
    while state.round < 2:
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.active == 1  # round 2 of Age two starts with player 2
    assert errors_of(folder) == []
