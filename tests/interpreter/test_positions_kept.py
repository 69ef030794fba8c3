"""`apply` gives a new position and leaves the one it was given as it was, all game long.

A copy of a position shares what is never changed in place (the log, the values of a player's
turn flags and marks): a rule that changed one of them in place would change every earlier
position too, and undo, saves and the bots' lookahead would read a game that never was.
"""

from __future__ import annotations

import pytest

from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(bundled())


@pytest.mark.parametrize(
    ("bot", "seed", "players"),
    [
        (RandomBot, 8, 3),
        pytest.param(RandomBot, 3, 4, marks=pytest.mark.soak),
        pytest.param(GreedyBot, 5, 4, marks=pytest.mark.soak),
    ],
)
def test_apply_leaves_every_earlier_position_unchanged(game, bot, seed, players):
    bots = [bot(seed * 16 + seat) for seat in range(players)]
    state = game.new(players, seed=seed)
    kept = [(state, state.digest())]
    while not state.over:
        state = game.apply(state, bots[state.to_move].choose(game, state, game.choices(state)))
        kept.append((state, state.digest()))
    changed = [i for i, (position, digest) in enumerate(kept) if position.digest() != digest]
    assert not changed, f"positions changed after they were left: {changed[:10]}"
    assert len(kept) > 300  # a whole game, all three ages
