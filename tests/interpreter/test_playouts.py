"""Seeded random playouts through the public API, with the invariants checked at every step.

OpenSpiel-style: every variant and player count; every game ends; no exception; each card copy
of the age is in exactly one place; nothing negative; counters within their limits; scores add
up; replaying the actions from the seed gives the identical state; a game saved at any point
and loaded again goes on identically.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cards import bundled
from interpreter import Game, IllegalActionError, State
from interpreter.mechanics.ages import age_id
from tests.zones import ZONE_DECK, ZONE_DISCARD, ZONE_EVENTS, ZONE_LEGACY

VARIANTS = [None, "introductory", "no war", "progressive", "linear"]
GAMES: dict[str | None, Game] = {}


def game_for(variant: str | None) -> Game:
    if variant not in GAMES:
        GAMES[variant] = Game.load(bundled(), variant=variant)
    return GAMES[variant]


def check_invariants(game: Game, state: State) -> None:
    age = age_id(game, state)
    places: Counter[int] = Counter(state.zones[ZONE_DECK] + state.zones[ZONE_DISCARD])
    for player in state.players:
        places.update(player.zones[ZONE_EVENTS] + player.all_cards())
        for copy in player.zones[ZONE_LEGACY]:
            assert game.catalog.info(copy).age != age, "a legacy card of the current age"
            places[copy] += 1
        for name, value in player.counters.items():
            assert value >= 0, f"{name} is negative"
            limit = (game.pack.game["counters"].get(name) or {}).get("max")
            assert limit is None or value <= limit, f"{name} above its limit"
        assert set(player.tilted) <= set(player.all_cards()), "a tilted card is not in play"
        assert player.score == sum(player.age_scores), "the score is not the sum of the ages"
    assert all(n == 1 for n in places.values()), "a card copy in two places"
    for copy in game.catalog.copies_of_age(age):
        assert places[copy] == 1, f"{game.name(copy)} is nowhere"


def play(game: Game, players: int, seed: int, every_step: bool = True) -> tuple[State, list]:
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.over:
        options = game.legal_actions(state)
        assert options, "a decision without options"
        action = rng.choice(options)
        actions.append(action)
        state = game.apply(state, action)
        if every_step:
            try:
                check_invariants(game, state)
            except AssertionError as e:
                raise AssertionError(f"{e}\nafter {action}\nat {game.line(state)}") from None
        assert len(actions) < 30_000, "the game does not end"
    return state, actions


@pytest.mark.soak
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_with_the_invariants_kept(variant, players):
    game = game_for(variant)
    state, _ = play(game, players, seed=100 + players)
    assert state.over
    assert state.winners
    assert len(state.scores) == players
    best = max(state.scores)
    assert all(state.scores[w] == best for w in state.winners)


def test_replaying_the_actions_gives_the_identical_state():
    game = game_for("progressive")
    final, actions = play(game, 3, seed=7, every_step=False)
    again = game.new(3, seed=7)
    for action in actions:
        again = game.apply(again, action)
    assert again.digest() == final.digest()


def test_a_saved_game_goes_on_identically_after_loading():
    game = game_for("linear")
    final, actions = play(game, 4, seed=11, every_step=False)
    state = game.new(4, seed=11)
    for i, action in enumerate(actions):
        if i % 97 == 0:
            state = Game.state_from_json(state.to_json())
        state = game.apply(state, action)
    assert state.digest() == final.digest()


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = game_for(None)
    state = game.new(3, seed=5)
    before = state.digest()
    legal = game.legal_actions(state)[0]
    bogus = type(legal)("acquire", {"card": 99_999}, "acquire a card nobody has")
    with pytest.raises(IllegalActionError, match="not among the"):
        game.apply(state, bogus)
    assert state.digest() == before


@pytest.mark.soak
@pytest.mark.parametrize(
    ("board", "ages", "players"),
    [
        ("back", "all", 3),
        ("front", "antiquity", 4),
        ("back", "antiquity+middle_ages", 2),
        ("front", "middle_ages", 5),
    ],
)
def test_board_sides_and_ages_played(board, ages, players):
    game = Game.load(bundled(), board=board, ages=ages)
    state, _ = play(game, players, seed=300 + players)
    assert state.over
    assert len(state.players[0].age_scores) == len(game.ages)
