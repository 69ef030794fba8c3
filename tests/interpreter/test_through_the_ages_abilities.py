"""Through the Ages' civil cards play their abilities as written (cards/through_the_ages/,
CARDS.md "Abilities"): the symbols a leader, wonder or government shows besides its bonus,
counted where the game counts its players' symbols (`your strength symbols`...), in a
position of the real pack with workers on its real cards. The action cards' steps are proved
by the scenarios of tests/scenarios/through_the_ages/."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import bundled
from interpreter import Game, State
from interpreter.compile.meaning import Ctx, compile_value
from interpreter.core import pieces
from interpreter.tools.scenario import build
from rules_dsl.parser import parse

PACK = bundled("through_the_ages")


def _position(cards: list[str], workers: dict[str, int]) -> tuple[Game, State]:
    """Player 1's play area holds these cards, with that many of their workers on the named
    ones (a scenario's position cannot place pieces yet: MODEL.md)."""
    spec = {
        "pack": str(PACK),
        "players": 2,
        "seed": 1,
        "position": {"active": 1, "players": {1: {"play area": cards}}},
    }
    state, game = build(spec, Path(PACK))
    held = {game.name(c): c for c in state.players[0].all_cards()}
    free = pieces.free(state, "worker", 0)
    for name, n in workers.items():
        for _ in range(n):
            pieces.move(state, free.pop(), held[name])
    return game, state


def _symbols(game: Game, state: State, resource: str) -> int:
    number = compile_value(parse(f"your {resource} symbols", "number"), game.lexicon)
    return number(Ctx(state, game.catalog, 0))


@pytest.mark.parametrize(
    ("cards", "workers", "resource", "expected"),
    [
        # Alexander the Great: each unit 1 more strength (Warriors 1 x 2, Knights 2 x 1, +3)
        (
            ["Alexander the Great", "Warriors", "Knights"],
            {"Warriors": 2, "Knights": 1},
            "strength",
            7,
        ),
        (["Alexander the Great", "Warriors"], {}, "strength", 0),
        # Great Wall: infantry and artillery units 1 more each, not cavalry (2 + 2 + 2)
        (["Great Wall", "Warriors", "Knights"], {"Warriors": 2, "Knights": 1}, "strength", 6),
        # Joan of Arc: 1 strength per happy face of temples and governments (Religion's 1 x 2
        # workers, Theocracy's 1), with Theocracy's printed 1 strength: 2 + 1 + 1
        (["Joan of Arc", "Religion", "Theocracy"], {"Religion": 2}, "strength", 4),
        # Michelangelo: 1 culture per happy face of temples, theaters and wonders: printed
        # Religion 1, Drama 2, Hanging Gardens 1; happy faces 1 + 1 + 2
        (
            ["Michelangelo", "Religion", "Drama", "Hanging Gardens"],
            {"Religion": 1, "Drama": 1},
            "culture",
            8,
        ),
        # J.S. Bach: each theater 1 more culture (Drama 2 x 2, +2)
        (["J.S. Bach", "Drama"], {"Drama": 2}, "culture", 6),
        # James Cook: 2 culture for the first colony, 1 for each further one
        (["James Cook"], {}, "culture", 0),
        (["James Cook", "Developed Territory (I)"], {}, "culture", 2),
        (["James Cook", "Developed Territory (I)", "Historic Territory (I)"], {}, "culture", 3),
        # Napoleon Bonaparte: 2 strength for each kind of unit in play (infantry, cavalry; the
        # artillery card with no unit counts none): Warriors 1 + Knights 2 + 2 + 2
        (
            ["Napoleon Bonaparte", "Warriors", "Knights", "Cannon"],
            {"Warriors": 1, "Knights": 1},
            "strength",
            7,
        ),
        # Fundamentalism: 2 science fewer (Philosophy 1 - 2)
        (["Fundamentalism", "Philosophy"], {"Philosophy": 1}, "science", -1),
    ],
)
def test_a_card_shows_the_symbols_its_text_gives(
    cards: list[str], workers: dict[str, int], resource: str, expected: int
) -> None:
    game, state = _position(cards, workers)
    assert _symbols(game, state, resource) == expected


def test_the_abilities_are_their_holders_only() -> None:
    game, state = _position(["Alexander the Great", "Warriors"], {"Warriors": 1})
    number = compile_value(parse("your strength symbols", "number"), game.lexicon)
    assert number(Ctx(state, game.catalog, 0)) == 2
    # player 2 has their own Warriors with the setup's worker on it, and no Alexander
    assert number(Ctx(state, game.catalog, 1)) == 1
