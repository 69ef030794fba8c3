"""A bid going round the table (mechanics/bidding.py, `the bid`: compile/facts.py), on the
conformance pack `bidding` and copies of it changed by one line. What a designer sees: each
bidder is offered only bids above the highest one and within their own limit, the winner plays
the part with the bid to pay, a game saved in the middle of an auction resumes exactly, and an
auction written in a form the engine cannot read is a located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import Game
from interpreter.tools.saves import load_text, save_text
from tests.pack_copies import changed_copy, errors_of

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "bidding"
AUCTION = "    each player may bid up to their coin\n"


@pytest.mark.parametrize(
    ("new", "says"),
    [
        ("    each player bids up to their coin\n", 'bid reads "each player may bid up to'),
        ("    each player may bid 3 coin\n", 'bid reads "each player may bid up to'),
        ("    you may bid up to your coin\n", 'bid reads "each player may bid up to'),
        ("    an opponent of your choice may bid up to their coin\n", "who bids?"),
        ("    each player may bid up to their gold\n", "gold"),
    ],
)
def test_an_auction_the_engine_cannot_read_is_a_located_error(
    tmp_path: Path, new: str, says: str
) -> None:
    errors = errors_of(changed_copy(PACK, tmp_path, AUCTION, new))
    assert len(errors) == 1 and says in errors[0], errors
    assert "game.yaml:33:" in errors[0] and "^" in errors[0]


def _bids(state) -> list[int]:
    return [int(o.params["amount"]) for o in state.pending["options"]]


def test_each_bidder_is_offered_more_than_the_highest_bid_up_to_their_own_limit() -> None:
    game = Game.load(PACK)
    state = game.new(players=3, seed=1)
    coin = [p.counters["coin"] for p in state.players]
    assert coin == [4, 3, 3]  # player 1 has gained the turn's coin
    assert state.pending["player"] == 0 and _bids(state) == [1, 2, 3, 4, 0]
    state = game.apply(state, _bid(game, state, 2))
    assert state.pending["player"] == 1 and _bids(state) == [3, 0]  # more than 2, up to 3
    state = game.apply(state, _bid(game, state, 3))
    # player 3 (3 coin) cannot bid more than 3: player 1 is asked next
    assert state.pending["player"] == 0 and _bids(state) == [4, 0]
    assert "player 3 cannot bid more than 3." in state.log
    state = game.apply(state, _bid(game, state, 0))
    assert "player 2 wins the bid with 3." in state.log
    assert "player 2 loses 3 coin." in state.log  # the winner pays the bid
    # player 2's own turn comes next: 0 coin + 1 + the Orchard's 2 harvest
    assert state.pending["player"] == 1 and _bids(state) == [1, 2, 3, 0]


def test_without_any_bid_there_is_no_winner_and_the_bid_reads_0(tmp_path: Path) -> None:
    # the winner's part is played by whoever the role names: nobody, so nobody pays
    pack = changed_copy(
        PACK, tmp_path, '    the winner plays "take the land"\n', "    lose coin equal to the bid\n"
    )
    game = Game.load(pack)
    state = game.new(players=2, seed=1)
    for _ in range(2):
        state = game.apply(state, _bid(game, state, 0))
    assert "Nobody bids." in state.log
    assert [p.counters["coin"] for p in state.players] == [4, 4]


def test_a_game_saved_in_the_middle_of_an_auction_resumes_exactly() -> None:
    game = Game.load(PACK)
    state = game.new(players=3, seed=2)
    state = game.apply(state, _bid(game, state, 1))
    state = game.apply(state, _bid(game, state, 2))
    assert state.pending["player"] == 2 and state.frames[-1]["loc"]["high"] == 2
    loaded, _, _ = load_text(game, save_text(game, state))
    assert loaded.digest() == state.digest()
    while not state.over:
        state = game.apply(state, game.legal_actions(state)[0])
        loaded = game.apply(loaded, game.legal_actions(loaded)[0])
        assert loaded.digest() == state.digest()


def test_a_save_whose_winning_bid_is_not_a_whole_number_is_refused() -> None:
    game = Game.load(PACK)
    state = game.new(players=2, seed=1)
    state.frames[-1]["bid"] = "lots"
    with pytest.raises(Exception, match="bid"):
        load_text(game, save_text(game, state))


def _bid(game: Game, state, amount: int):
    return next(a for a in game.legal_actions(state) if a.params.get("amount") == amount)
