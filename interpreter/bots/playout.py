"""Playouts: whole games played by bots as fast as the engine goes.

The playout path plays each choice on the state itself (`Game.play`: no copy of the position)
and keeps no log (a quiet state): the work a person needs (sentences, a log to read, positions
to go back to) is skipped, while the game is the same one `apply` plays — same seed, same
choices, same digest (tested).
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import State
    from ..engine.game import Game
    from .greedy import Bot

MAX_ACTIONS = 100_000  # a longer game is stopped: some rule keeps it from ending


def play_out(
    game: Game, state: State, bots: Sequence[Bot], max_actions: int = MAX_ACTIONS
) -> list[Action]:
    """Play `state` to its end in place with one bot per seat; return the choices made."""
    played: list[Action] = []
    while not state.over:
        if len(played) >= max_actions:
            raise RuntimeError(f"the game was stopped after {max_actions} actions")
        seat = state.pending["player"]  # type: ignore[index]
        choice = bots[seat].choose(game, state, game.choices(state))
        game.play(state, choice)
        played.append(choice)
    return played


def playout(game: Game, bots: Sequence[Bot], seed: int) -> State:
    """A whole quiet game for len(bots) players with `seed`, played in place."""
    state = game.new(players=len(bots), seed=seed, quiet=True)
    frozen = freeze_heap()
    try:
        play_out(game, state, bots)
    finally:
        thaw_heap(frozen)
    return state


def freeze_heap() -> bool:
    """Tell the garbage collector that what is alive now (the pack, its compiled rules, the
    catalogue, caches) outlives the game about to be played, so that it stops walking it
    again and again while the game allocates (`gc.freeze`: about a tenth of a playout's
    time). Returns whether it did: not when something else already froze the heap (a
    simulation freezes it once for all its games) or the collector is off."""
    if not gc.isenabled() or gc.get_freeze_count():
        return False
    gc.freeze()
    return True


def thaw_heap(frozen: bool) -> None:
    """Undo `freeze_heap` (what it froze is collected as usual again)."""
    if frozen:
        gc.unfreeze()
