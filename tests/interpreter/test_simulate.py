"""Simulation: whole games by bots, deterministic whatever the number of workers."""

from __future__ import annotations

import json
import sys
from functools import cache

import pytest

from cards import bundled
from interpreter import Game
from interpreter.simulate import Config, Summary, play_batch, seat_bots, simulate

PACK = str(bundled("along_history"))
SHORT = {"variant": "introductory", "ages": "prehistory"}


@cache
def short_summary() -> Summary:
    return simulate(PACK, 4, 3, seed=20, bots="greedy,random", workers=1, **SHORT)


def test_one_worker_and_two_give_the_same_summary() -> None:
    two = simulate(PACK, 4, 3, seed=20, bots="greedy,random", workers=2, batch=2, **SHORT)
    assert two.to_json() == short_summary().to_json()


def test_game_i_is_played_with_seed_plus_i() -> None:
    config = Config(PACK, "introductory", None, "prehistory", 2, 30, ("greedy", "greedy"))
    later = Config(PACK, "introductory", None, "prehistory", 2, 32, ("greedy", "greedy"))
    third = play_batch(config, 2, 1)[0]
    first = play_batch(later, 0, 1)[0]
    assert third.seed == first.seed == 32
    assert (third.scores, third.winners, third.actions) == (first.scores, first.winners,
                                                            first.actions)


def test_the_summary() -> None:
    s = short_summary()
    assert s.games == 4 and s.players == 3 and not s.errors
    assert s.bots == ["greedy", "random", "greedy"]
    assert [row["seat"] for row in s.seats] == [1, 2, 3]
    assert sum(row["win_rate"] for row in s.seats) == pytest.approx(1.0)
    assert set(s.by_bot) == {"greedy", "random"}
    assert s.by_bot["greedy"]["seats"] == 8 and s.by_bot["random"]["seats"] == 4
    assert s.by_bot["greedy"]["win_rate"] > s.by_bot["random"]["win_rate"]
    assert s.length["mean_actions"] > 0 and s.length["mean_rounds"] >= 1
    assert {c["age"] for c in s.cards} == {"prehistory"}
    assert len({c["name"] for c in s.cards}) == len(s.cards)
    assert sum(c["acquired"] for c in s.cards) > 0
    for c in s.cards:
        assert 0 <= c["win_rate"] <= 1 and c["wins"] <= c["owned"]
    ranked = s.ranked_cards(minimum=1)
    assert [c["win_rate"] for c in ranked] == sorted((c["win_rate"] for c in ranked),
                                                     reverse=True)
    data = json.loads(s.to_json())
    assert data["games"] == 4 and Summary.from_json(s.to_json()) == s


def test_cards_of_every_age_are_counted_in_a_whole_game() -> None:
    game = Game.load(PACK, variant="linear")
    s = simulate(game, 1, 2, seed=3, bots="greedy")
    owned = {c["age"] for c in s.cards if c["owned"]}
    assert owned == {"prehistory", "antiquity", "middle_ages"}
    assert s.length["mean_rounds"] > 3


def test_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    simulate(PACK, 2, 2, seed=1, progress=lambda done, total: seen.append((done, total)),
             **SHORT)
    assert seen == [(0, 2), (1, 2), (2, 2)]


def test_a_failing_game_is_reported_not_raised(monkeypatch) -> None:
    game = Game.load(PACK, **SHORT)
    calls = {"n": 0}
    apply = Game.apply

    def flaky(self, state, action):
        # count only the moves the simulation makes, not a bot's look-ahead on a copy
        if sys._getframe(1).f_globals.get("__name__") == "interpreter.simulate":
            calls["n"] += 1
            if calls["n"] == 5:
                raise RuntimeError("an engine bug")
        return apply(self, state, action)
    monkeypatch.setattr(Game, "apply", flaky)
    s = simulate(game, 2, 2, seed=0)
    assert s.games == 2 and len(s.errors) == 1
    assert s.errors[0]["seed"] == 0 and "an engine bug" in s.errors[0]["error"]


def test_bad_arguments() -> None:
    assert seat_bots("greedy,random", 5) == ("greedy", "random", "greedy", "random", "greedy")
    assert seat_bots(["random"], 2) == ("random", "random")
    with pytest.raises(ValueError, match="no bot"):
        seat_bots("greedy,clever", 3)
    with pytest.raises(ValueError, match="players"):
        simulate(PACK, 1, 9, **SHORT)
