"""Games of one greedy bot against two random bots, the greedy seat turning round: how the
tests of each pack's bots measure the greedy bot."""

from __future__ import annotations

from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.playout import playout


def greedy_share(game: Game, games: int, first_seed: int) -> float:
    """The greedy bot's share of `games` 3-player games (a shared win counts its part), game i
    played from seed `first_seed + i` with the greedy bot in seat i % 3."""
    wins = 0.0
    for i in range(games):
        seat = i % 3
        bots = [GreedyBot(i) if s == seat else RandomBot(100 * i + s) for s in range(3)]
        state = playout(game, bots, first_seed + i)
        assert state.over
        if seat in state.winners:
            wins += 1 / len(state.winners)
    return wins / games
