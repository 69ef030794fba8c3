"""Along History plays the very games it played before (issue 17, item 8): whole games of fixed
seeds end in the positions recorded here, digest for digest. The redesign moves mechanics from
Python into the pack (zones, the age change, actions...); each such step must leave these games
unchanged. A digest changes only when the state's shape does (a new field of the position):
then record the new digests in the same commit, and say why in its message."""

from __future__ import annotations

import pytest

from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.playout import playout

PACK = "cards/along_history"

# (variant, bots, players, seed) -> the digest of the final position, and the scores
KNOWN = {
    (None, "random", 3, 0): (
        "86de8a43263e7420fdaf7c50f8688521f44c8642ff8e7c2e96ff73b6e2fd91d9",
        [95, 76, 66],
    ),
    (None, "random", 3, 1): (
        "095f71de85643aa50ab3790a9c405a8dceda5b15ffe5a57475754319ce8717b2",
        [99, 85, 70],
    ),
    (None, "greedy", 4, 0): (
        "d69742c3fa32d14d57b6021759fa847d9f12b98db190e6949da9e16878c346af",
        [76, 98, 48, 95],
    ),
    ("introductory", "random", 3, 5): (
        "3b0dbfa00a96bad1771ee3538a75033539c69610af75b58ee61be5c3280d38fa",
        [54, 58, 46],
    ),
}


@pytest.mark.parametrize("key", list(KNOWN), ids=lambda k: f"{k[0] or 'plain'}-{k[1]}-{k[3]}")
def test_a_known_game_ends_where_it_always_has(key: tuple) -> None:
    variant, bots, players, seed = key
    game = Game.load(PACK, variant=variant)
    make = RandomBot if bots == "random" else GreedyBot
    state = playout(game, [make(seed * 10 + i) for i in range(players)], seed)
    assert (state.digest(), state.scores) == KNOWN[key]
