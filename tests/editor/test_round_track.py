"""The round track (interpreter/tools/round_track.py, drawn by editor/track_view.py) read
from each pack: The Ancient World's six rounds and what each brings, a pack whose rounds bring
nothing of their own, and the two games whose age ends on a deck (no track)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cards import bundled
from editor.track_view import track_html
from interpreter import Game
from interpreter.tools.round_track import round_track

WORKERS = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "workers"


def _texts(track, number: int) -> list[str]:
    return [b.text for b in track.rounds[number - 1].brings]


@pytest.mark.parametrize("players", [2, 4])
def test_the_ancient_worlds_track_is_its_six_rounds_as_the_pack_writes_them(players: int) -> None:
    game = Game.load(bundled("the_ancient_world"))
    state = game.new(players, 1)
    track = round_track(game, state)
    assert track is not None and track.last == 6 and track.current == 1
    assert [r.current for r in track.rounds] == [True] + [False] * 5
    deck = [
        any(t.endswith("from the empire deck a") for t in _texts(track, n)) for n in range(1, 7)
    ]
    assert deck == [True] * 3 + [False] * 3
    moved = "move the first card in the covered spaces into the action spaces"
    assert [moved in _texts(track, n) for n in range(1, 7)] == [False, True, True] + [False] * 3
    one_star = [any("one-star" in t for t in _texts(track, n)) for n in range(1, 7)]
    assert one_star == [False, True, False, False, False, False]
    # what the drawing asks of the position stays with it: only a player whose threat is empty
    assert any(t.startswith("if your threat is empty: draw") for t in _texts(track, 2))
    assert 'each player in turn order plays "final count"' in _texts(track, 6)
    assert not any('"income"' in t for t in _texts(track, 6))


def test_the_mark_follows_the_round_played() -> None:
    game = Game.load(bundled("the_ancient_world"))
    state = game.new(3, 1)
    state.round = 4
    track = round_track(game, state)
    assert track is not None
    assert [(r.past, r.current) for r in track.rounds] == [(True, False)] * 3 + [(False, True)] + [
        (False, False)
    ] * 2
    assert re.findall(r'class="rt-round rt-now" data-round="(\d+)"', track_html(game, state)) == [
        "4"
    ]


def test_rounds_that_bring_nothing_of_their_own_are_still_the_track() -> None:
    game = Game.load(WORKERS)
    track = round_track(game, game.new(2, 1))
    assert track is not None and track.last == 3
    assert all(not r.brings for r in track.rounds)
    assert "nothing of its own" in track_html(game, game.new(2, 1))


@pytest.mark.parametrize("pack", ["along_history", "through_the_ages"])
def test_an_age_that_ends_on_a_deck_has_no_track(pack: str) -> None:
    game = Game.load(bundled(pack))
    state = game.new(3, 1)
    for age in range(len(game.ages)):  # Through the Ages' last age too: a step may end it
        state.age = age
        assert round_track(game, state) is None
        assert track_html(game, state) == ""
