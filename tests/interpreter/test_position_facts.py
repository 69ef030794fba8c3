"""Facts derived once per decision (costs.decision_facts): sharing prices, gold prices,
discard conditions and a player's own sources between the questions asked of one position
changes nothing a player sees.

Over many positions of seeded games the menu and every complete action are the same with the
memo and without (in the soak: CI, or --soak); whole games (the greedy bot shares one memo over
all it weighs) give the same digest with the memo on and off; a price asked after a change made
in place follows it.
"""

from __future__ import annotations

import pytest

from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.playout import playout
from interpreter.mechanics import costs
from interpreter.mechanics.action_phase import waiting_pool
from tests.zones import ZONE_EVENTS

GAME: list[Game] = []


def game() -> Game:
    if not GAME:
        GAME.append(Game.load(bundled()))
    return GAME[0]


def _listing(g: Game, state) -> list[tuple[str, str]]:
    """The menu, as (kind, sorted params), then every complete action with its sentence."""
    seat = state.to_move
    from interpreter.mechanics.action_phase import menu

    pool = waiting_pool(state)
    entries = menu(g, state, seat, pool, seat == state.active)
    full = [(a.kind, repr(sorted(a.params.items())), str(a)) for a in g.legal_actions(state)]
    return [(a.kind, repr(sorted(a.params.items()))) for a in entries] + full


@pytest.mark.soak  # every position of two whole games: the games below check it locally
def test_menus_with_and_without_the_memo_are_the_same() -> None:
    g = game()
    compared = 0
    for seed in (3, 11):
        bots = [RandomBot(seed * 16 + seat) for seat in range(4)]
        state = g.new(4, seed=seed)
        while not state.over:
            if state.pending["kind"] == "action" and "choosing" not in state.frames[-1]["loc"]:
                remembered = _listing(g, state)
                costs.CACHE = False
                try:
                    afresh = _listing(g, state)
                finally:
                    costs.CACHE = True
                assert remembered == afresh, f"seed {seed}, move {state.moves}"
                compared += 1
            state = g.apply(state, bots[state.to_move].choose(g, state, g.choices(state)))
    assert compared > 300


def test_a_price_follows_a_change_made_in_place() -> None:
    """Writing lowers its owner's progress acquisitions: a price read before Writing joins the
    civilization (on the same state object, changed in place) is not the one read after."""
    g = game()
    writing = next(info for info in g.catalog.cards if info.name == "Writing")
    state = g.new(3, seed=5)
    player = state.players[0]
    progress = next(
        c
        for c in range(len(g.catalog.copies))
        if g.catalog.info(c).type == "progress"
        and g.catalog.info(c).amount
        and c not in player.all_cards()
    )
    player.zones[ZONE_EVENTS].append(progress)
    before = costs.price(g, state, 0, progress)
    player.tableau.append([g.catalog.copies.index(writing.index)])
    after = costs.price(g, state, 0, progress)
    assert after.amount == max(0, before.amount - 2)
    assert after == costs._price(g, state, 0, progress)
    memo = costs.decision_facts()
    assert costs.price(g, state, 0, progress, memo) == after and memo  # kept for the next
    assert costs.price(g, state, 0, progress, memo) is memo[("price", 0, progress)]


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
def test_games_are_the_same_with_and_without_the_memo(bot: type) -> None:
    g = game()
    seeds = (1, 2) if bot is RandomBot else (4,)
    remembered = [playout(g, [bot(s * 16 + i) for i in range(4)], s).digest() for s in seeds]
    costs.CACHE = False
    try:
        afresh = [playout(g, [bot(s * 16 + i) for i in range(4)], s).digest() for s in seeds]
    finally:
        costs.CACHE = True
    assert remembered == afresh
