"""Buying a card in a step, prices paid onto a card, and the card phrases The Ancient World needs
(issue 17): each misuse is a located error from `validate`, and each form plays as it reads.
The conformance pack tests/packs/conformance/market/ shows them in whole games."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.tools.validation import validate

MARKET = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "market"


def changed(tmp_path: Path, old: str, new: str, file: str = "game.yaml") -> Path:
    folder = tmp_path / "market"
    shutil.copytree(MARKET, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("does: buy a card in the market", "does: buy", "buy which card?"),
        (
            "does: buy a card in the market",
            "does: buy all cards in the market",
            "a step buys one card",
        ),
        (
            "does: buy a card in the market",
            "does: buy a card in the market into any player's storage",
            "a card is bought into one zone",
        ),
        (
            "put coin on an unused card in your camp equal to the coin on it + 1",
            "put 2 coin on an unused card in your camp equal to the coin on it + 1",
            "put a counter equal to a number",
        ),
        (
            "if it is fierce and it is in another player's lair: gain 3 coin",
            "if it is furious: gain 3 coin",
            '"furious" is not a state the game knows',
        ),
    ],
)
def test_a_misused_form_is_a_located_error(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    _, diagnostics = validate(changed(tmp_path, old, new))
    errors = [d for d in diagnostics if d.is_error]
    assert any(message in d.message for d in errors), [d.render() for d in errors]
    assert all(d.file and d.line for d in errors)


def test_a_card_state_word_with_un_names_the_cards_not_in_it(tmp_path: Path) -> None:
    """ "an unused card in your camp": "un" before a declared state; an undeclared one is an
    unknown word with a hint."""
    folder = changed(tmp_path, "an unused card in your camp", "an unbroken card in your camp")
    _, diagnostics = validate(folder)
    assert any('unknown word "unbroken"' in d.message for d in diagnostics if d.is_error)


def test_a_bought_cards_rule_runs_for_the_buyer_and_a_save_inside_it_resumes(
    tmp_path: Path,
) -> None:
    """The "when you buy this card" rule of the bought card runs after the payment; a game saved
    at the question of which card to buy resumes to the same game."""
    from interpreter.tools.saves import load_text, save_text

    game = Game.load(MARKET)
    state = game.new(2, 4)
    state.players[0].counters["coin"] = 5
    buy = next(a for a in game.legal_actions(state) if str(a) == "buy a good")
    state = game.apply(state, buy)
    choice = game.legal_actions(state)
    assert {str(a) for a in choice} == {"Bread", "Gem"}
    loaded, _, _ = load_text(game, save_text(game, state))
    assert loaded.digest() == state.digest()
    bread = next(a for a in choice if str(a) == "Bread")
    after = game.apply(loaded, bread)
    assert after.players[0].counters["coin"] == 5 - 2 + 1
    assert any(game.name(c) == "Bread" for c in after.players[0].all_cards())


def test_drawing_into_a_tableau_plays(tmp_path: Path) -> None:
    """ "draws a card from the wilds into their city": each card drawn into the tableau is a
    pile of its own."""
    folder = changed(
        tmp_path,
        "each player in turn order draws a card from the wilds into their lair",
        "each player in turn order draws a card from the wilds into their city",
    )
    _, diagnostics = validate(folder)
    assert not [d for d in diagnostics if d.is_error], [d.render() for d in diagnostics]
    state = Game.load(folder).new(2, 1)
    assert all(len(p.tableau) == 1 for p in state.players)
