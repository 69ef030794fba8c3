"""The Playtest page's table and controls, in plain Python and through AppTest: the dice strip
off the active player's turn, undo and redo, the score by age, scenarios of a game on a deck."""

from __future__ import annotations

import random
from pathlib import Path

from editor import playtest as pt
from editor import table_view as tv
from interpreter.action_phase import waiting_pool_of
from interpreter.dice import die_text


def play_until(table: pt.Table, done, seed: int = 3, most: int = 2000) -> None:
    """Random choices for every seat (all are people) until `done(table)` holds."""
    rng = random.Random(seed)
    for _ in range(most):
        if done(table):
            return
        table.choose(table.state.moves, rng.choice(table.game.choices(table.state)))
    raise AssertionError("the position wanted never came")


def off_turn_actions(table: pt.Table) -> bool:
    state = table.state
    return (
        (state.pending or {}).get("kind") == "action"
        and state.to_move != state.active
        and any(d["used"] for d in state.dice)
    )


def test_off_turn_the_strip_shows_the_deciding_players_tokens_and_offers_no_used_die(
    pack_copy: Path,
) -> None:
    table = pt.new_table(pack_copy, [pt.PERSON] * 3, 1, ages=["prehistory"])
    play_until(table, off_turn_actions)
    game, state = table.game, table.state
    seat, pool = waiting_pool_of(state)
    assert seat == state.to_move != state.active
    strip = tv.dice_strip(game, state)
    assert f"Result tokens of {game.player_name(seat)}" in strip
    assert f"Dice of {game.player_name(state.active)}" not in strip
    assert "(used)" not in strip  # a fresh set: none of the active's used dice
    offered = [o for o in game.choices(state) if "die" in o.params]
    assert offered
    for option in offered:
        die = pool[option.params["die"]]
        assert not die["used"]
        assert die_text(game, die) in option.text and die_text(game, die) in strip
    # a token spent shows as used in the strip, and is offered no more
    exchange = next(o for o in offered if o.kind == "exchange")
    table.choose(state.moves, exchange)
    table.choose(table.state.moves, table.game.choices(table.state)[0])
    _, pool = waiting_pool_of(table.state)
    spent = exchange.params["die"]
    assert pool[spent]["used"] and "(used)" in tv.dice_strip(game, table.state)
    assert all(
        not pool[o.params["die"]]["used"] for o in game.choices(table.state) if "die" in o.params
    )
