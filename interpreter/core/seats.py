"""The players still in the game: a player who has left it (`leave the game`,
mechanics/leaving.py) is out, marked on their own state, and is nobody's turn, opponent or
rival from then on.

    is_out(state, 2)              whether player 3 has left the game
    seats_in(state)               the players still in, in seat order
    in_order_from(state, 1)       the players still in, in turn order from player 2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

# the mark of a player who has left the game (PlayerState.marks, saved with them)
OUT = "out"


def is_out(state: State, seat: int) -> bool:
    return bool(state.players[seat].marks.get(OUT))


def seats_in(state: State) -> list[int]:
    return [p.seat for p in state.players if not p.marks.get(OUT)]


def in_order_from(state: State, seat: int) -> list[int]:
    """The players still in, in turn order from `seat` (`seat` first, if it is still in)."""
    players = state.players
    n = len(players)
    return [s for s in ((seat + k) % n for k in range(n)) if not players[s].marks.get(OUT)]


def next_in(state: State, seat: int) -> list[int]:
    """The next player after `seat` in turn order who is still in (none left: nobody)."""
    return in_order_from(state, (seat + 1) % len(state.players))[:1]


def number_in(state: State) -> int:
    return sum(1 for p in state.players if not p.marks.get(OUT))
