"""Resources kept as tokens on cards (game.yaml `stored:`; rules_dsl/stored.py,
mechanics/stored.py), on the conformance pack `stored` and copies of it changed by one line.
What a designer sees: what a player has is the worth of the tokens on their cards, a gain takes
what the bank still holds, a payment with no cheaper card for the change overpays, and every
mistake in `stored:` is a located error saying what to write."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import Game
from interpreter.compile.stored_value import value
from interpreter.core.card_state import tokens_on
from interpreter.mechanics import stored
from interpreter.tools.saves import load_text, save_text
from tests.pack_copies import changed_copy, errors_of

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "stored"
FOOD_LINE = "  food: {as: blue token, on: farm}"


def _player_one():
    game = Game.load(PACK)
    state = game.new(players=2, seed=1)  # player 1 has 2 food (one token on Irrigation)
    spec = next(s for s in game.lexicon.stored if s.name == "food")
    farms = {game.name(c): c for c in stored.holders(state, game.catalog, 0, spec)}
    return game, state, spec, farms


def test_a_gain_takes_only_what_the_bank_still_holds() -> None:
    game, state, spec, _ = _player_one()
    state.players[0].counters["blue token"] = 1
    assert stored.gain(state, game.catalog, 0, spec, 5) == 2  # one token, on Irrigation
    assert state.players[0].counters["blue token"] == 0
    assert stored.gain(state, game.catalog, 0, spec, 5) == 0  # an empty bank gives nothing
    assert value(state, game.catalog, 0, spec) == 4


def test_a_payment_with_no_cheaper_card_for_the_change_overpays() -> None:
    game, state, spec, farms = _player_one()
    assert tokens_on(state, farms["Irrigation"], "blue token") == 1
    assert stored.pay(state, game.catalog, 0, spec, 1) == 1
    # the Irrigation token (2) paid 1: the change goes onto Agriculture (worth less)
    assert tokens_on(state, farms["Agriculture"], "blue token") == 1
    assert value(state, game.catalog, 0, spec) == 1
    # with nothing cheaper than Agriculture, paying 1 of a 1-token is exact; paying more than
    # one has pays all of it
    assert stored.pay(state, game.catalog, 0, spec, 3) == 1
    assert value(state, game.catalog, 0, spec) == 0


def test_tokens_on_cards_survive_a_save() -> None:
    game, state, spec, _ = _player_one()
    loaded, _, _ = load_text(game, save_text(game, state))
    assert value(loaded, game.catalog, 0, spec) == 2 and loaded.digest() == state.digest()


@pytest.mark.parametrize(
    ("new", "says"),
    [
        ("  gold: {as: blue token, on: farm}", '"gold" is not a resource of the game'),
        ("  food: {as: red token, on: farm}", "the tokens of food must be a counter"),
        ("  food: {as: blue token, on: forest}", "the tokens of food lie on a kind of card"),
        ("  food: {as: blue token, on: farm, worth: 2}", 'unknown key "worth"'),
    ],
)
def test_a_mistake_in_stored_is_a_located_error(tmp_path: Path, new: str, says: str) -> None:
    folder = changed_copy(PACK, tmp_path, FOOD_LINE, new)
    errors = errors_of(folder)
    assert len(errors) == 1 and says in errors[0], errors
    assert all("game.yaml:" in e and "^" in e for e in errors)


def test_a_stored_resource_that_is_a_counter_too_is_an_error(tmp_path: Path) -> None:
    counters = "  culture: {start: 0}"
    folder = changed_copy(PACK, tmp_path, counters, counters + "\n  food: {start: 0}")
    errors = errors_of(folder)
    assert any('"food" is a counter too' in e for e in errors), errors


def test_a_counter_is_lost_equal_to_a_number(tmp_path: Path) -> None:
    # Through the Ages' hunger: 4 culture lost per missing food (TTA-E3), a counter lost "equal
    # to" a number worked out when the step runs, never below 0
    turn = "    take actions until you have passed\n"
    folder = changed_copy(
        PACK,
        tmp_path,
        turn,
        "    gain 5 culture\n    lose culture equal to 2 * your food - 1\n"
        "    lose culture equal to 10\n    gain 1 culture\n" + turn,
    )
    assert errors_of(folder) == []
    game = Game.load(folder)
    state = game.new(players=2, seed=1)  # player 1: 2 food, so 5 - 3 = 2, then 0, then 1
    assert state.players[0].counters["culture"] == 1
    assert any("loses 3 culture" in line for line in state.log)
    assert any("loses 2 culture" in line for line in state.log)


def _scenario(tmp_path: Path, position: str) -> str:
    """A scenario of the stored pack whose player 1 is described by `position`, checked."""
    from interpreter.tools.scenario import check

    path = tmp_path / "bank.yaml"
    path.write_text(
        f"name: Tokens on cards\npack: {PACK}\nplayers: 2\nseed: 1\nposition:\n  players:\n"
        f"    1: {position}\nactions:\n"
        "  - expect: [{player: 1, that: you have exactly 13 food}]\n",
        encoding="utf-8",
    )
    return check(path).summary()


def test_tokens_a_scenario_stands_on_cards_come_out_of_the_bank(tmp_path: Path) -> None:
    placed = "{play area: [Agriculture, Irrigation], on cards: {Agriculture: {blue token: 1},"
    placed += " Irrigation: {blue token: 6}}"
    # the bank keeps the 9 other tokens of 16 when the position does not say what it holds
    assert "PASS" in _scenario(tmp_path, placed + "}")
    assert "PASS" in _scenario(tmp_path, placed + ", blue token: 9}")
    # a bank said to hold 10 and 7 tokens on cards: 17 of 16, never made from nothing
    said = _scenario(tmp_path, placed + ", blue token: 10}")
    assert "FAIL" in said and "hold 17 blue tokens: more than the 16 there are" in said
    # more tokens on cards than the bank's 16
    many = "{play area: [Agriculture], on cards: {Agriculture: {blue token: 17}}}"
    assert "only 16 blue tokens are in the bank to stand on cards, not 17" in _scenario(
        tmp_path, many
    )
