"""Simulation: whole games by bots, recorded move by move, streamed into the balance report,
the same whatever the number of workers."""

from __future__ import annotations

import sys
from functools import cache
from typing import Any

import pytest

from cards import bundled
from interpreter import Game
from interpreter.bots.registry import BOTS
from interpreter.tools.observe import Recorder
from interpreter.tools.report import GameRecord
from interpreter.tools.simulate import Config, bot_seed, play, play_batch, seat_bots, simulate

PACK = str(bundled("along_history"))
SHORT = {"variant": "introductory", "ages": "prehistory"}


@cache
def short_report() -> dict[str, Any]:
    return simulate(PACK, 6, 3, seed=20, bots="greedy,random", workers=1, **SHORT).to_json()


class Taped:
    """A bot that notes the moves it chooses."""

    def __init__(self, bot: Any, tape: list[Any]) -> None:
        self.bot, self.tape = bot, tape

    def choose(self, game: Game, state: Any, actions: Any) -> Any:
        choice = self.bot.choose(game, state, actions)
        self.tape.append(choice)
        return choice


@cache
def whole_game(seed: int) -> tuple[GameRecord, list[str], Game]:
    """One game of all three ages, its record, and the log of the same moves replayed."""
    game = Game.load(PACK, variant="linear")
    watch = Recorder(game, GameRecord(0, seed), 3)
    tape: list[Any] = []
    bots = [Taped(BOTS["greedy"](bot_seed(seed, s)), tape) for s in range(3)]
    record = watch.finish(play(game, bots, seed, watch))
    state = game.new(3, seed=seed)
    for action in tape:
        state = game.apply(state, action)
    assert state.over and state.scores == record.scores
    return record, state.log, game


def test_one_worker_and_two_give_the_same_report() -> None:
    two = simulate(PACK, 6, 3, seed=20, bots="greedy,random", workers=2, batch=2, **SHORT)
    assert two.to_json() == short_report()


def test_game_i_is_played_with_seed_plus_i() -> None:
    config = Config(PACK, "introductory", None, "prehistory", 2, 30, ("greedy", "greedy"))
    later = Config(PACK, "introductory", None, "prehistory", 2, 32, ("greedy", "greedy"))
    third = play_batch(config, 2, 1).to_json()
    first = play_batch(later, 0, 1).to_json()
    assert third["seats"] == first["seats"] and third["length"] == first["length"]


def test_the_report_of_a_short_simulation() -> None:
    data = short_report()
    assert data["games"] == data["finished"] == 6 and not data["errors"]
    assert data["bots"] == ["greedy", "random", "greedy"]
    assert sum(s["wins"] for s in data["seats"]) == 6
    for seat in data["seats"]:
        low, high = seat["win_ci"]
        assert low <= seat["win_rate"] <= high
    greedy, random_ = data["by_bot"]["greedy"], data["by_bot"]["random"]
    assert greedy["seats"] == 12 and random_["seats"] == 6
    assert greedy["win_rate"] > random_["win_rate"]
    assert list(data["scores_by_age"]) == ["prehistory"]
    assert data["scores_by_age"]["prehistory"]["score"]["n"] == 18
    cards = data["cards"]
    assert {c["age"] for c in cards} == {"prehistory"}
    assert sum(c["acquired"] for c in cards) > 0
    for c in cards:
        assert c["never_acquired"] == (c["acquired"] == 0)
        assert c["owners"] <= 18
        if c["acquired_when_offered"] is not None:
            assert 0 <= c["acquired_when_offered"] <= 1
    assert data["wars"]["declared"] > 0
    coverage = data["coverage"]
    assert coverage["rules"] == coverage["fired"] + len(coverage["never_fired"])
    assert all(
        r["where"].startswith(("prehistory.yaml:", "game.yaml:")) for r in coverage["never_fired"]
    )


def test_the_record_of_a_game_matches_its_log() -> None:
    # the facts the engine tells come from the moves played, never from the bots' tries
    for seed in (1, 2):
        record, log, _ = whole_game(seed)
        assert len(record.failed) == sum(" strikes " in line for line in log)
        assert len(record.wars) == sum(line.startswith("War: ") for line in log)
        assert len(record.tokens) == sum(" and takes the " in line for line in log)
        destroyed = sum("is destroyed" in line for line in log)
        assert sum(len(lost) for _, _, lost in record.failed) <= destroyed
        acquired = sum(" acquires " in line or " buys " in line for line in log)
        assert len(record.acquired) == acquired
        assert set(record.age_scores) == {"prehistory", "antiquity", "middle_ages"}
        assert [sum(s) for s in zip(*record.age_scores.values(), strict=True)] == record.scores


def test_a_calamity_and_what_it_destroyed() -> None:
    record, log, game = whole_game(2)
    struck = [(game.catalog.cards[card].name, lost) for card, _, lost in record.failed]
    assert any(lost for _, lost in struck)
    for name, lost in struck:
        assert any(f"{name} strikes" in line for line in log)
        for card in lost:
            assert any(
                f"{game.catalog.cards[card].name} of player" in line and "is destroyed" in line
                for line in log
            )


def test_cards_of_every_age_are_counted_in_a_whole_game() -> None:
    game = Game.load(PACK, variant="linear")
    data = simulate(game, 1, 2, seed=3, bots="greedy").to_json()
    owned = {c["age"] for c in data["cards"] if c["owners"]}
    assert owned == {"prehistory", "antiquity", "middle_ages"}
    assert data["length"]["rounds"]["mean"] > 3
    points = [c["mean_points"] for c in data["cards"] if c["owners"]]
    assert all(p is not None for p in points) and sum(points) > 0


def test_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    simulate(PACK, 2, 2, seed=1, progress=lambda done, total: seen.append((done, total)), **SHORT)
    assert seen == [(0, 2), (1, 2), (2, 2)]


def test_a_failing_game_is_reported_not_raised(monkeypatch) -> None:
    game = Game.load(PACK, **SHORT)
    calls = {"n": 0}
    play = Game.play

    def flaky(self, state, action):
        # count only the moves the simulation makes, not a bot's look-ahead
        if sys._getframe(1).f_globals.get("__name__") == "interpreter.tools.simulate":
            calls["n"] += 1
            if calls["n"] == 5:
                raise RuntimeError("an engine bug")
        return play(self, state, action)

    monkeypatch.setattr(Game, "play", flaky)
    report = simulate(game, 2, 2, seed=0)
    data = report.to_json()
    assert data["games"] == 2 and data["finished"] == 1 and report.failed == 1
    assert data["errors"][0]["seed"] == 0 and "an engine bug" in data["errors"][0]["error"]
    assert game.observer is None  # the engine is not left listening


def test_bad_arguments() -> None:
    assert seat_bots("greedy,random", 5) == ("greedy", "random", "greedy", "random", "greedy")
    assert seat_bots(["random"], 2) == ("random", "random")
    with pytest.raises(ValueError, match="no bot"):
        seat_bots("greedy,clever", 3)
    with pytest.raises(ValueError, match="players"):
        simulate(PACK, 1, 9, **SHORT)
    with pytest.raises(ValueError, match="give a path"):
        simulate(Game.load(PACK, **SHORT), 2, 2, workers=2)


def test_no_card_is_acquired_more_often_than_it_is_offered_on_real_games() -> None:
    data = simulate(PACK, 12, 3, seed=1, bots="greedy", workers=1, ages="prehistory").to_json()
    cards = data["cards"]
    assert sum(c["acquired"] for c in cards) > 100
    assert [
        (c["name"], c["acquired"], c["offered"]) for c in cards if c["acquired"] > c["offered"]
    ] == []
    for c in cards:
        if c["offered"]:
            assert c["acquired_when_offered"] == pytest.approx(
                c["acquired"] / c["offered"], abs=1e-4
            )


def test_more_workers_than_games_start_no_more_processes_than_games(monkeypatch) -> None:
    """`--workers 100000` for two games starts two processes, not a hundred thousand."""
    import multiprocessing

    import interpreter.tools.simulate as simulating

    started = []
    real = multiprocessing.get_context()

    class Context:
        def Pool(self, processes: int, **options: Any) -> Any:
            started.append(processes)
            return real.Pool(min(processes, 2), **options)

    monkeypatch.setattr(simulating.multiprocessing, "get_context", lambda: Context())
    report = simulate(PACK, 2, 2, seed=3, workers=100_000, **SHORT)
    assert started == [2] and report.games == 2
