"""The bots play The Ancient World from its pack alone (issue 18): the greedy bot, weighing the
pack's own score formula through its follow-up decisions (which citizen, which card, do it or
not), wins most 3-player games against two random bots."""

from __future__ import annotations

from cards import bundled
from interpreter import Game
from tests.bot_matches import greedy_share

GAMES = 12


def test_greedy_beats_two_random_bots_in_most_three_player_games() -> None:
    share = greedy_share(Game.load(bundled("the_ancient_world")), GAMES, 2000)
    assert share >= 0.6, f"greedy won {share * GAMES:.1f} of {GAMES}"
