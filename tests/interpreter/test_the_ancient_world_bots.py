"""The bots play The Ancient World from its pack alone (issue 18): the greedy bot, weighing the
pack's own score formula through its follow-up decisions (which citizen, which card, do it or
not), wins most 3-player games against two random bots."""

from __future__ import annotations

from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.playout import playout

GAMES = 12


def test_greedy_beats_two_random_bots_in_most_three_player_games() -> None:
    game = Game.load(bundled("the_ancient_world"))
    wins = 0.0
    for i in range(GAMES):
        seat = i % 3
        bots = [GreedyBot(i) if s == seat else RandomBot(100 * i + s) for s in range(3)]
        state = playout(game, bots, 2000 + i)
        assert state.over
        if seat in state.winners:
            wins += 1 / len(state.winners)
    assert wins / GAMES >= 0.6, f"greedy won {wins:.1f} of {GAMES}"
