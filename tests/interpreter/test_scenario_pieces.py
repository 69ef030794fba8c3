"""Pieces in a scenario's position (MODEL.md, "Pieces on cards"), on the conformance pack of
buildings and workers, whose setup stands each player's workers on their starting cards: a
described player's pieces are free unless `on cards` stands them on a card, a player the
position does not describe keeps the cards and workers the setup gave them, and a wrong entry
is an error at its place. With them, two facts of a position's zones of the table: a row it
lists holds those places only, and a card the setup removed from the game stays out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from interpreter import Game, State
from interpreter.compile.meaning import Ctx, compile_value
from interpreter.tools.scenario import build
from interpreter.tools.scenario_position import ScenarioError
from rules_dsl.parser import parse

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "buildings"
STARTING = ["Gathering", "Irrigation", "Bronze", "Warriors", "Festival"]


def _position(players: dict[int, Any]) -> tuple[State, Game]:
    spec = {"pack": str(PACK), "players": 2, "seed": 1, "position": {"players": players}}
    return build(spec, PACK)


def _number(game: Game, state: State, seat: int, text: str) -> int:
    return compile_value(parse(text, "number"), game.lexicon)(Ctx(state, game.catalog, seat))


def test_a_described_players_workers_stand_where_on_cards_says_and_the_rest_are_free() -> None:
    state, game = _position(
        {
            1: {
                "tableau": STARTING,
                "on cards": {"Irrigation": {"worker": 2}, "Bronze": {"worker": 1}},
            }
        }
    )
    assert _number(game, state, 0, "the number of your workers on your farm cards") == 2
    assert _number(game, state, 0, "the number of your workers on your mine cards") == 1
    assert _number(game, state, 0, "the number of your free workers") == 2
    # Irrigation's 2 food twice and Festival's (once), none on Gathering
    assert _number(game, state, 0, "your food symbols") == 2 * 2 + 1


def test_a_described_player_without_on_cards_has_every_worker_free() -> None:
    state, game = _position({1: {"tableau": STARTING}})
    assert _number(game, state, 0, "the number of your free workers") == 5
    assert _number(game, state, 0, "your strength symbols") == 0


def test_a_player_not_described_keeps_the_setups_cards_and_workers() -> None:
    """Player 1 is given copies of the same names, never player 2's: player 2's starting cards
    and the workers the setup stood on them stay."""
    state, game = _position({1: {"tableau": STARTING, "on cards": {"Gathering": {"worker": 1}}}})
    assert sorted(game.name(c) for c in state.players[1].all_cards()) == sorted(STARTING)
    assert _number(game, state, 1, "the number of your workers on your farm cards") == 2
    assert _number(game, state, 1, "the number of your free workers") == 1
    assert _number(game, state, 1, "your strength symbols") == 1


@pytest.mark.parametrize(
    ("on_cards", "message"),
    [
        ({"Gathering": {"worker": 6}}, "workers 6 is out of bounds"),
        ({"Gathering": {"worker": 3}, "Bronze": {"worker": 3}}, "only 2 of this player's workers"),
        ({"Gathering": {"wroker": 1}}, 'unknown key "wroker"'),
    ],
)
def test_too_many_pieces_or_an_unknown_kind_is_an_error_at_its_entry(
    on_cards: dict[str, Any], message: str
) -> None:
    with pytest.raises(ScenarioError) as error:
        _position({1: {"tableau": STARTING, "on cards": on_cards}})
    problems = getattr(error.value, "problems", [error.value])
    assert any(message in p.message for p in problems), [p.message for p in problems]
    assert any("on cards" in p.path for p in problems)


ROW_PACK = PACK.parent / "card_row"


def test_a_row_the_position_lists_holds_those_places_only() -> None:
    """The setup dealt 13 cards into the row; the position's row is its own, with its gap, and
    the cards it leaves out go back to the deck (before, they lay in front of the listed ones)."""
    spec = {
        "pack": str(ROW_PACK),
        "players": 2,
        "seed": 1,
        "position": {"card row": ["Field", None, "Field"]},
    }
    state, game = build(spec, ROW_PACK)
    row = game.zones.find("card row")
    deck = game.zones.find("deck")
    assert row is not None and deck is not None
    assert [game.name(c) for c in state.zones[row[1]]] == ["Field", "Field"]
    assert state.gaps[row[1]] == [2]
    dealt = sum(len(z) for z in state.zones) + sum(len(p.all_cards()) for p in state.players)
    assert dealt == len(game.catalog.copies_of_age("one", 2))  # every card somewhere, once


def test_a_card_the_setup_removed_from_the_game_stays_out_of_it() -> None:
    """Through the Ages' setup removes military deck A but for the current events (TTA-S7): a
    scenario's position does not put those cards back into the deck."""
    from cards import bundled

    tta = bundled("through_the_ages")
    state, game = build({"pack": str(tta), "players": 3, "seed": 5, "position": {}}, tta)
    events = game.zones.find("current events")
    deck = game.zones.find("military deck a")
    assert events is not None and deck is not None
    assert len(state.zones[events[1]]) == 5 and state.zones[deck[1]] == []
