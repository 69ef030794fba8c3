"""Bots: they finish games of every variant and size, they are reproducible, and the greedy bot
plays well enough to beat the random one."""

from __future__ import annotations

from functools import cache

import pytest

from cards import bundled
from interpreter import Action, Game, State
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.registry import BOTS, make_bot
from interpreter.tools.simulate import play

VARIANTS = [None, "introductory", "no war", "progressive", "linear"]


@cache
def game(
    variant: str | None = None, ages: str | None = "prehistory", board: str | None = None
) -> Game:
    return Game.load(bundled("along_history"), variant=variant, ages=ages, board=board)


def mixed(players: int, seed: int) -> list:
    """Greedy bots (strict: a strategy error fails the test) and random bots, alternating."""
    return [
        GreedyBot(seed * 10 + i, strict=True) if i % 2 == 0 else RandomBot(seed * 10 + i)
        for i in range(players)
    ]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_finish_a_game(variant: str | None, players: int) -> None:
    g = game(variant)
    state = play(g, mixed(players, seed=players), seed=players)
    assert state.over and state.pending is None
    assert len(state.scores) == players and state.winners
    assert all(0 <= w < players for w in state.winners)


def test_greedy_bots_finish_a_whole_game_of_three_ages() -> None:
    g = game("linear", ages=None)
    state = play(g, [GreedyBot(i, strict=True) for i in range(3)], seed=11)
    assert state.over
    assert all(len(p.age_scores) == 3 for p in state.players)


def test_greedy_bots_play_the_back_of_the_board() -> None:
    g = game("progressive", board="back")
    state = play(g, [GreedyBot(i, strict=True) for i in range(4)], seed=5)
    assert state.over and max(state.scores) > 0


def test_the_same_seeds_give_the_same_game() -> None:
    g = game("progressive")
    first = play(g, mixed(3, seed=7), seed=7)
    again = play(g, mixed(3, seed=7), seed=7)
    assert first.to_json() == again.to_json()
    other = play(g, mixed(3, seed=8), seed=8)
    assert other.to_json() != first.to_json()


def test_a_random_bot_is_reproducible() -> None:
    actions = [Action("pass"), Action("stop"), Action("keep"), Action("stay")]
    g = game()
    state = g.new(3, seed=1)
    picks = [RandomBot(4).choose(g, state, actions) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    # a bot's chance is its seed and the position: asked again, it answers the same
    bot = RandomBot(4)
    assert {bot.choose(g, state, actions).kind for _ in range(5)} == {picks[0].kind}
    run = [RandomBot(seed).choose(g, state, actions).kind for seed in range(20)]
    assert run == [RandomBot(seed).choose(g, state, actions).kind for seed in range(20)]
    assert len(set(run)) > 1


def test_bots_do_not_depend_on_the_state_object() -> None:
    """A position saved and loaded gets the same choice (what `agesmith play --load` needs)."""
    g = game()
    state = g.new(3, seed=2)
    for _ in range(40):
        copy = State.from_json(state.to_json())
        a = GreedyBot(1, strict=True).choose(g, state, g.legal_actions(state))
        b = GreedyBot(1, strict=True).choose(g, copy, g.legal_actions(copy))
        assert a == b
        state = g.apply(state, a)
        if state.over:
            break


def test_greedy_beats_random() -> None:
    """20 games of 3 players: one greedy bot, in turn at each seat, against two random bots."""
    g = game("introductory")
    wins = 0.0
    for i in range(20):
        seat = i % 3
        bots = [
            GreedyBot(i, strict=True) if s == seat else RandomBot(100 * i + s) for s in range(3)
        ]
        state = play(g, bots, seed=1000 + i)
        if seat in state.winners:
            wins += 1 / len(state.winners)
    assert wins / 20 >= 0.8


def test_greedy_acquires_what_it_can_and_passes_last() -> None:
    g = game()
    state = g.new(2, seed=3)
    actions = g.legal_actions(state)
    choice = GreedyBot(0, strict=True).choose(g, state, actions)
    if any(a.kind == "acquire" for a in actions):
        assert choice.kind in ("acquire", "double", "straighten")
    only_pass = [a for a in actions if a.kind == "pass"]
    assert GreedyBot(0).choose(g, state, only_pass).kind == "pass"


def test_a_failing_strategy_falls_back_to_a_legal_action(monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the strategy")

    monkeypatch.setattr(GreedyBot, "_action", broken)
    g = game()
    state = g.new(3, seed=4)
    actions = g.legal_actions(state)
    choice = GreedyBot(0).choose(g, state, actions)
    assert choice in actions and choice.kind == "pass"
    with pytest.raises(RuntimeError):
        GreedyBot(0, strict=True).choose(g, state, actions)


def test_the_registry() -> None:
    assert set(BOTS) == {"random", "greedy", "mcts"}
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert isinstance(make_bot("random", 1), RandomBot)
    with pytest.raises(ValueError, match="no bot"):
        make_bot("clever")
    with pytest.raises(ValueError):
        GreedyBot().choose(game(), game().new(2, 0), [])
