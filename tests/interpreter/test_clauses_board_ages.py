"""Along History rule clauses about the achievements board, decadence, universal resources, the
other players' turns, the ages and the variants, where a scenario file cannot say it.

Each test names the clause it proves (AH-A*, AH-X*, AH-U*, AH-O*, AH-E*, AH-V* in
/work/shared/rules/along-history-clauses.md). Positions are built with
`interpreter.tools.scenario.build` from a spec written here and then changed directly (the board,
the deck, a legacy of an earlier age); what is *not* allowed is read from `destinations` and
from the legal actions. Age ends are played out with seeded random legal actions, with
`ages.next_age` watched so that the last position of an age can be compared with the first of
the next.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from cards import bundled
from interpreter.core.state import State
from interpreter.engine.game import Game
from interpreter.mechanics import ages
from interpreter.mechanics.action_phase import sources
from interpreter.mechanics.board import destinations, meets
from interpreter.mechanics.dice import result_tokens
from interpreter.mechanics.payments import payments
from interpreter.mechanics.verbs import gain_counter
from interpreter.tools.scenario import build, match
from rules_dsl import printer
from tests.zones import ZONE_DECK, ZONE_DISCARD, ZONE_EVENTS, ZONE_LEGACY

HERE = Path(__file__).parent
UNMET = "you have at least 15 points"  # a token condition nobody meets in these positions


# ------------------------------------------------------------------ helpers


@cache
def game(variant: str | None = None, age_list: str | None = None, board: str | None = None) -> Game:
    return Game.load(bundled(), variant=variant, ages=age_list, board=board)


def position(players: dict[int, dict[str, Any]], **spec: Any) -> tuple[State, Game]:
    """A scenario position (players numbered from 1), stopped at player 1's first decision."""
    full = {"players": 3, "seed": 1, "position": {"active": 1, "players": players}, **spec}
    return build(full, HERE)


def token(g: Game, condition: str) -> int:
    """The pool index of the token whose condition reads `condition`."""
    for i, t in enumerate(g.pack.tokens):
        if printer.condition(t.condition) == condition:
            return i
    raise LookupError(condition)


def full_board(g: Game, **tokens: str | None) -> dict[str, int]:
    """Every space but the start holds an unmet token, except those named (None: empty)."""
    spaces = g.pack.game["achievements"]["boards"][g.board_side]["spaces"]
    out = {s: token(g, UNMET) for s in spaces if s != "S"}
    for space, condition in tokens.items():
        if condition is None:
            out.pop(space)
        else:
            out[space] = token(g, condition)
    return out


def names(g: Game, copies: list[int]) -> list[str]:
    return [g.name(c) for c in copies]


def texts(g: Game, state: State) -> list[str]:
    return [a.text for a in g.legal_actions(state)]


def do(g: Game, state: State, *lines: str) -> State:
    for line in lines:
        action = match(g.legal_actions(state), line)
        assert action is not None, f"{line!r} is not legal: {texts(g, state)[:12]}"
        state = g.apply(state, action)
    return state


def copy_named(g: Game, name: str, age: str) -> int:
    """A card copy of any age, by name (a legacy is made of the cards of the age before)."""
    index = g.catalog.by_name[(age, name)]
    return g.catalog.copies.index(index)


def random_play(g: Game, state: State, seed: int, until: Any, limit: int = 20_000) -> State:
    rng = random.Random(seed)
    for _ in range(limit):
        if state.over or until(state):
            return state
        state = g.apply(state, rng.choice(g.legal_actions(state)))
    raise AssertionError("the game did not get there")


@pytest.fixture
def age_change(monkeypatch: pytest.MonkeyPatch) -> list[State]:
    """Each age's end records the state just before the age is scored: the cards where the
    age left them, before the pack's age change (AH-E3) moves them."""
    seen: list[State] = []
    original = ages.score_age

    def watched(g: Game, state: State, last: bool = False) -> None:
        seen.append(state.clone())
        original(g, state, last)

    monkeypatch.setattr(ages, "score_age", watched)
    return seen


# ------------------------------------------------------------------ AH-A1 .. AH-A6: the board


def test_ah_a1_forward_through_empty_spaces_stops_on_a_met_token() -> None:
    state, g = position({1: {"civilization": ["Forest"], "events": []}})
    land = "you own a land"
    state.board = full_board(g, **{"1a": None, "2a": land})
    assert destinations(g, state, 0) == ["1a", "2a"]  # S -> 1a (empty) -> 2a (met)
    state.board = full_board(g, **{"1a": land, "2a": land})
    assert destinations(g, state, 0) == ["1a"]  # a token ends the move (AH-A2)


def test_ah_a1_an_unmet_token_blocks_the_path() -> None:
    state, g = position({1: {"civilization": ["Forest"], "events": []}})
    state.board = full_board(g, **{"2a": "you own a land"})
    assert destinations(g, state, 0) == []
    state.board = full_board(g, **{"1b": None, "2a": "you own a land"})
    assert destinations(g, state, 0) == ["1b", "2a"]


def test_ah_a1_back_one_space_only_never_two() -> None:
    state, g = position({1: {"civilization": ["Forest"], "events": [], "space": "3a"}})
    state.board = full_board(g, **{"2a": None, "1a": None, "1b": None})
    assert destinations(g, state, 0) == ["2a"]  # not 1a, 1b or S behind it
    state.board = full_board(g, **{"1a": None, "1b": None})  # 2a holds an unmet token
    assert destinations(g, state, 0) == []


def test_ah_a1_the_marker_may_stay() -> None:
    state, g = position(
        {1: {"civilization": ["Forest"], "events": [], "universal resource": 0}},
        dice=["1 population", "1 population", "1 population", "culture", "re-roll", "golden age"],
    )
    state.board = full_board(g, **{"1a": "you own a land"})
    state = do(g, state, "end your actions")
    assert state.pending["kind"] == "board"
    assert texts(g, state) == [
        "stay where you are",
        "move to 1a (take the 1 token) — you own a land",
    ]
    after = do(g, state, "stay where you are")
    assert after.players[0].space == "S" and after.players[0].tokens == []


def test_ah_a2_a_token_taken_leaves_the_board_and_scores() -> None:
    state, g = position(
        {1: {"civilization": ["Forest"], "events": [], "universal resource": 0}},
        dice=["1 population", "1 population", "1 population", "culture", "re-roll", "golden age"],
    )
    state.board = full_board(g, **{"1a": "you own a land"})
    state = do(g, state, "end your actions", "move to 1a (take the 1 token)")
    me = state.players[0]
    assert me.tokens == [1] and me.space == "1a" and "1a" not in state.board
    ages.score_age(g, state)
    assert me.age_scores == [1 + 1]  # Forest's point and the token


# AH-A3: every token of the pool, with a civilization that meets it and one that does not.
CONDITIONS: dict[str, tuple[list[str], list[str]]] = {
    "you own a land": (["Forest"], ["Hunting"]),
    "you own a figure": (["Mammoth"], ["Forest"]),
    "you have at least 2 points": (["Mammoth"], ["Forest"]),
    "you have an active population bonus": (["Hunting"], ["Forest"]),
    "you own a progress card": (["Hunting"], ["Forest"]),
    "you have an active bonus": (["Forest"], ["Mammoth"]),
    "you have at least 3 cards": (["Forest", "Hills", "Mammoth"], ["Forest", "Hills"]),
    "you have at least 2 card types": (["Forest", "Mammoth"], ["Forest", "Hills"]),
    "you have at least 4 points": (["Mammoth", "Hunting"], ["Mammoth", "Forest"]),
    "you own 2 progress cards": (["Hunting", "Fishing"], ["Hunting", "Forest"]),
    "you own 2 lands": (["Forest", "Hills"], ["Forest", "Hunting"]),
    "you own 2 figures": (["Mammoth", "Bear"], ["Mammoth", "Forest"]),
    "you have at least 2 active population bonuses": (
        ["Hunting", "Fishing"],
        ["Hunting", "Forest"],
    ),
    "you have at least 4 cards": (
        ["Forest", "Hills", "Mammoth", "Bear"],
        ["Forest", "Hills", "Mammoth"],
    ),
    "you have at least 8 points": (
        ["The Fire", "Megaliths", "Mammoth"],
        ["The Fire", "Megaliths", "Forest"],
    ),
    "you have at least 5 cards": (
        ["Forest", "Hills", "Mammoth", "Bear", "Tools"],
        ["Forest", "Hills", "Mammoth", "Bear"],
    ),
    "you have at least 3 card types": (
        ["Forest", "Mammoth", "Hunting"],
        ["Forest", "Mammoth", "Bear"],
    ),
    "you own a wonder": (["Megaliths"], ["Forest"]),
    "you own 3 figures": (["Mammoth", "Bear", "Tiger"], ["Mammoth", "Bear", "Forest"]),
    "you have at least 12 points": (
        ["Stonehenge", "Megaliths", "Megaliths", "Mammoth"],
        ["Stonehenge", "Megaliths", "Megaliths", "Forest"],
    ),
    "you have at least 4 active bonuses": (
        ["Forest", "Hills", "Hunting", "Fishing"],
        ["Forest", "Hills", "Hunting", "Mammoth"],
    ),
    "you own 3 progress cards": (["Hunting", "Fishing", "Tools"], ["Hunting", "Fishing", "Forest"]),
    "you own a calamity": (["Famine"], ["Forest"]),
    "you have at least 6 cards": (
        ["Forest", "Hills", "Mammoth", "Bear", "Tools", "Swamp"],
        ["Forest", "Hills", "Mammoth", "Bear", "Tools"],
    ),
    "you own 2 wonders": (["Megaliths", "Megaliths"], ["Megaliths", "Forest"]),
    "you have at least 7 cards": (
        ["Forest", "Hills", "Mammoth", "Bear", "Tools", "Swamp", "River"],
        ["Forest", "Hills", "Mammoth", "Bear", "Tools", "Swamp"],
    ),
    "you own 2 calamities": (["Famine", "Earthquake"], ["Famine", "Forest"]),
    "you have at least 4 card types": (
        ["Forest", "Mammoth", "Hunting", "Megaliths"],
        ["Forest", "Mammoth", "Hunting", "Bear"],
    ),
    "you have at least 15 points": (
        ["Stonehenge", "Megaliths", "Megaliths", "Megaliths", "Lascaux Cave"],
        ["Stonehenge", "Megaliths", "Megaliths", "Megaliths", "Forest"],
    ),
    "you have at least 6 active bonuses": (
        ["Forest", "Forest", "Hills", "Hills", "Hunting", "Fishing"],
        ["Forest", "Forest", "Hills", "Hills", "Hunting", "Mammoth"],
    ),
}


def test_ah_a3_every_token_of_the_pool_is_covered() -> None:
    g = game()
    conditions = {printer.condition(t.condition) for t in g.pack.tokens}
    assert conditions - set(CONDITIONS) == {"you have at least 15 gold"}


@pytest.mark.parametrize("condition", sorted(CONDITIONS))
def test_ah_a3_token_conditions(condition: str) -> None:
    met, unmet = CONDITIONS[condition]
    for civilization, expected in ((met, True), (unmet, False)):
        state, g = position({1: {"civilization": civilization, "events": []}})
        state.board = full_board(g, **{"1a": condition})
        assert ("1a" in destinations(g, state, 0)) is expected, (condition, civilization)


def test_ah_a3_fifteen_gold_from_antiquity_on() -> None:
    g = game(age_list="antiquity")
    for gold, expected in ((15, True), (14, False)):
        state, g = position({1: {"events": [], "gold": gold}}, age="antiquity")
        state.board = full_board(g, **{"1a": "you have at least 15 gold"})
        assert ("1a" in destinations(g, state, 0)) is expected
    prehistory = {
        printer.condition(g.pack.tokens[i].condition) for i in game().new(3, 0).board.values()
    }
    assert "you have at least 15 gold" not in prehistory


# AH-A4: decadent cards count for cards, types and points; bonuses count on active cards only
DECADENT = [
    ("you have at least 3 cards", ["Forest > Hills > Mammoth"], True),
    ("you have at least 2 card types", ["Forest > Mammoth"], True),
    ("you have at least 4 points", ["Mammoth > Hunting"], True),
    ("you own 2 lands", ["Forest > Hills"], True),
    ("you own a figure", ["Forest > Mammoth"], True),
    ("you have an active population bonus", ["Forest > Hunting"], False),
    ("you have an active bonus", ["Mammoth > Forest"], False),
    ("you have at least 2 active population bonuses", ["Hunting > Fishing"], False),
    ("you have at least 2 active population bonuses", ["Hunting", "Fishing > Forest"], True),
]


@pytest.mark.parametrize(("condition", "civilization", "expected"), DECADENT)
def test_ah_a4_decadent_cards_and_token_conditions(
    condition: str, civilization: list[str], expected: bool
) -> None:
    state, g = position({1: {"civilization": civilization, "events": []}})
    state.board = full_board(g, **{"1a": condition})
    assert meets(g, state, 0, "1a") is expected


def test_ah_a4_a_tilted_active_bonus_counts() -> None:
    state, g = position({1: {"civilization": ["Hunting"], "events": [], "tilted": ["Hunting"]}})
    state.board = full_board(g, **{"1a": "you have an active population bonus"})
    assert meets(g, state, 0, "1a")


def test_ah_a5_a_token_one_space_back() -> None:
    state, g = position({1: {"civilization": ["Forest"], "events": [], "space": "2a"}})
    state.board = full_board(g, **{"1a": "you own a land"})
    assert destinations(g, state, 0) == ["1a"]
    state.board = full_board(g, **{"1a": "you own a figure"})
    assert destinations(g, state, 0) == []


def _edges(g: Game, side: str) -> set[frozenset[str]]:
    return {frozenset(map(str, p)) for p in g.pack.game["achievements"]["boards"][side]["paths"]}


def test_ah_a6_the_two_sides_have_different_paths() -> None:
    g = game()
    front, back = _edges(g, "front"), _edges(g, "back")
    assert len(front) == len(back) == 39 and len(front & back) == 29
    only_front = {
        frozenset(e.split("-"))
        for e in [
            "S-2b",
            "3a-3b",
            "3b-3c",
            "3c-3d",
            "3b-4b",
            "4b-5c",
            "5a-6a",
            "5c-6c",
            "5d-6c",
            "6b-7",
        ]
    }
    only_back = {
        frozenset(e.split("-"))
        for e in [
            "1a-3a",
            "1c-2b",
            "2a-2b",
            "2b-2c",
            "2c-3d",
            "4a-4b",
            "4b-4c",
            "5d-6b",
            "6a-6b",
            "6b-6c",
        ]
    }
    assert front - back == only_front and back - front == only_back
    assert game().board_side == "front" and game(board="back").board_side == "back"


def test_ah_a6_the_chosen_side_is_the_one_played() -> None:
    for side, expected in (("front", ["2b"]), ("back", [])):
        state, g = position({1: {"civilization": ["Forest"], "events": []}}, board=side)
        state.board = full_board(g, **{"2b": "you own a land"})
        assert destinations(g, state, 0) == expected, side


# ------------------------------------------------------------------ AH-X1 .. AH-X3: decadence


def _take_a_token(civilization: list[str]) -> tuple[State, Game]:
    state, g = position(
        {
            1: {
                "civilization": civilization,
                "events": [],
                "universal resource": 0,
                "tilted": ["Hunting"],
            }
        },
        dice=["1 population", "1 population", "1 population", "culture", "re-roll", "golden age"],
    )
    state.board = full_board(g, **{"1a": "you own a land"})
    return do(g, state, "end your actions", "move to 1a (take the 1 token)"), g


def test_ah_x1_decadence_slides_one_active_card_under_another() -> None:
    state, g = _take_a_token(["Forest", "Hunting > Wildcrafting", "Mammoth"])
    assert state.pending["kind"] == "decadence"
    options = texts(g, state)
    assert len(options) == 6  # every ordered pair of 3 actives
    assert "put Wildcrafting in decadence under Forest" not in options
    state = do(g, state, "put Hunting in decadence under Forest")
    me = state.players[0]
    assert [names(g, pile) for pile in me.tableau] == [
        ["Forest", "Hunting", "Wildcrafting"],
        ["Mammoth"],
    ]  # the whole pile slides
    assert "Hunting" not in names(g, me.tilted)


def test_ah_x2_no_decadence_with_a_single_active_card() -> None:
    state, g = _take_a_token(["Forest > Hunting"])
    assert state.pending["kind"] != "decadence"
    assert state.players[0].tokens == [1]
    assert [names(g, p) for p in state.players[0].tableau] == [["Forest", "Hunting"]]


@pytest.mark.parametrize(
    ("civilization", "points"),
    [
        (["Stonehenge > Hunting"], 4 + 2 - 2),
        (["The Fire > Weapons"], 3 + 2 - 4),  # Weapons: 2 symbols
        (["Megaliths > The Fire"], 3 + 3 - 4),  # "2 population" is 2 symbols
        (["Hunting", "Weapons"], 4),
        (["Mammoth > Forest > Hunting"], 2 + 1 + 2 - 4),
    ],
)
def test_ah_x3_each_decadent_bonus_symbol_costs_2_points(
    civilization: list[str], points: int
) -> None:
    state, g = position({1: {"civilization": civilization, "events": []}})
    ages.score_age(g, state)
    assert state.players[0].age_scores == [points]


# ------------------------------------------------------------------ AH-U1 .. AH-U3


def test_ah_u1_every_wonder_gains_a_universal_resource_on_acquiring() -> None:
    state, g = position(
        {1: {"events": ["Megaliths", "Stonehenge", "Lascaux Cave"], "universal resource": 0}},
        dice=["3 population", "3 population", "1 population", "ingenuity", "re-roll", "golden age"],
    )
    wonders = [c for c in g.catalog.cards if c.type == "wonder"]
    assert len(wonders) == 3 + 7 + 5 and all(c.triggers.get("acquire") for c in wonders)
    state = do(
        g, state, "acquire Megaliths paying green 3 population, green 3 population, blue ingenuity"
    )
    assert state.players[0].counters["universal resource"] == 1
    state = do(g, state, "end your actions")  # a card was acquired: no more
    assert state.players[0].counters["universal resource"] == 1


def test_ah_u2_at_most_two_universal_resources() -> None:
    state, g = position({1: {"events": [], "universal resource": 1}})
    assert gain_counter(g, state, 0, "universal resource", 5) == 1
    assert state.players[0].counters["universal resource"] == 2
    assert gain_counter(g, state, 0, "universal resource", 1) == 0


def test_ah_u3_each_token_pays_3_population_or_one_resource_of_choice() -> None:
    state, g = position(
        {1: {"events": [], "universal resource": 2}},
        dice=["1 population", "1 population", "1 population", "strength", "re-roll", "golden age"],
    )
    tokens = [s for s in sources(g, state, 0, state.dice) if s.kind == "counter"]
    assert len(tokens) == 2
    assert set(tokens[0].choices) == {
        (("population", 3),),
        (("culture", 1),),
        (("ingenuity", 1),),
        (("strength", 1),),
    }
    both = payments("population", 3, Counter({"culture": 1}), tokens)
    assert any(
        sorted(w.counters)
        == [("universal resource", "3 population"), ("universal resource", "culture")]
        for w in both
    )
    # a token is one unit: 3 population never splits over two cards, nor pays 6
    assert payments("population", 6, Counter(), tokens[:1]) == []


# ------------------------------------------------------------------ AH-O1 .. AH-O4


def _other_players_turn() -> tuple[State, Game]:
    state, g = position(
        {
            1: {"events": [], "universal resource": 0},
            2: {"events": ["Hills", "Tools", "Bear"], "universal resource": 0},
        },
        dice=["3 population", "2 population", "1 population", "ingenuity", "x2", "re-roll"],
    )
    state = do(
        g,
        state,
        "use red x2 to double green 2 population",
        "use red re-roll: re-roll green 1 population",
        "end your actions",
    )
    return state, g


def test_ah_o1_result_tokens_are_the_final_faces_without_red_dice() -> None:
    state, g = _other_players_turn()
    assert state.pending["player"] == 1
    frame = next(f for f in reversed(state.frames) if f["loc"].get("pool") == "tokens")
    tokens = frame["loc"]["tokens"]
    assert [t["die"] for t in tokens] == ["green", "green", "green", "blue"]
    assert [t["face"] for t in tokens] == [d["face"] for d in state.dice if d["die"] != "red"]
    assert all(t["times"] == 1 and not t["used"] for t in tokens)  # the x2 stays behind
    options = g.legal_actions(state)
    assert {a.kind for a in options} <= {
        "pass",
        "acquire",
        "buy",
        "exchange",
        "discard",
        "tilt",
        "gold",
    }
    assert not any(a.kind in ("reroll", "reroll all", "double", "straighten") for a in options)


def test_ah_o1_each_player_gets_a_full_fresh_set() -> None:
    state, g = position(
        {
            1: {"events": [], "universal resource": 0},
            2: {"events": ["River", "Tools", "Bear"], "universal resource": 0},
            3: {"events": ["Lowland", "Mountain", "Swamp"], "universal resource": 0},
        },
        dice=["2 population", "1 population", "1 population", "ingenuity", "re-roll", "golden age"],
    )
    state = do(
        g,
        state,
        "end your actions",
        "acquire River paying green 2 population, green 1 population, blue ingenuity",
        "end your actions",
    )
    while state.pending["player"] != 2:
        state = do(g, state, "stay where you are")
    frame = next(f for f in reversed(state.frames) if f["loc"].get("pool") == "tokens")
    assert not any(t["used"] for t in frame["loc"]["tokens"])
    assert len(frame["loc"]["tokens"]) == 4


def test_ah_o1_antiquity_tokens_include_the_black_die() -> None:
    state, _ = position({1: {"events": []}}, age="antiquity")
    assert [t["die"] for t in result_tokens(state)] == ["green"] * 3 + ["blue", "black"]


def test_ah_o2_a_result_token_buys_an_exchange_only() -> None:
    state, g = _other_players_turn()
    exchanges = [a for a in g.legal_actions(state) if a.kind == "exchange"]
    assert exchanges and all(a.text.startswith("discard ") for a in exchanges)
    state = g.apply(state, exchanges[0])
    frame = next(f for f in reversed(state.frames) if f["loc"].get("pool") == "tokens")
    assert sum(t["used"] for t in frame["loc"]["tokens"]) == 1


def test_ah_o3_the_other_turn_has_no_calamity_failure() -> None:
    g = game()
    verbs = [i.act.verb for i in g.programs["phase:other turn"] if hasattr(i, "act")]
    assert "fail" not in verbs
    assert {"straighten", "take", "wage", "refill", "advance", "gain"} <= set(verbs)
    active = [i.act.verb for i in g.programs["phase:active turn"] if hasattr(i, "act")]
    assert "fail" in active


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ah_o4_the_left_player_is_the_next_active_player(players: int) -> None:
    g = game()
    state = g.new(players, seed=players)
    state = random_play(g, state, players, lambda s: s.round > 2 * players or s.age > 0)
    rounds = [line for line in state.log if line.startswith("Round ")]
    actives = [int(line.split("player ")[1].split(" ")[0]) for line in rounds]
    assert len(actives) > players
    assert all(b == a % players + 1 for a, b in pairwise(actives))


# ------------------------------------------------------------------ AH-E1 .. AH-E6: ages


def test_ah_e1_the_last_card_of_the_deck_ends_the_age_after_the_round() -> None:
    state, g = position(
        {
            1: {"events": ["River", "Mammoth", "Bear"], "universal resource": 0},
            2: {"events": ["Tools", "Hills", "Swamp"], "universal resource": 0},
            3: {"events": ["Lowland", "Mountain", "Valley"], "universal resource": 0},
        },
        dice=["1 population", "1 population", "1 population", "ingenuity", "re-roll", "golden age"],
    )
    state.zones[ZONE_DISCARD] += state.zones[ZONE_DECK][:-1]
    state.zones[ZONE_DECK] = state.zones[ZONE_DECK][-1:]  # one card left
    state = do(
        g,
        state,
        "acquire River paying green 1 population, green 1 population, "
        "green 1 population, blue ingenuity",
        "end your actions",
    )
    assert state.zones[ZONE_DECK] == [] and state.age == 0  # drawn; the round goes on
    while state.age == 0:
        state = do(
            g,
            state,
            "end your actions" if state.pending["kind"] == "action" else "stay where you are",
        )
    log = "\n".join(state.log)
    assert log.index("player 3 gains 1 universal resource") < log.index("End of Prehistory")
    assert "Antiquity begins." in log


@pytest.mark.parametrize("seed", range(4))
def test_ah_e1_random_games_end_the_age_with_the_round(seed: int, age_change) -> None:
    g = game()
    state = random_play(g, g.new(3, seed), seed, lambda s: s.age > 0)
    before = age_change[0]
    last_round = "\n".join(
        before.log[max(i for i, line in enumerate(before.log) if line.startswith("Round ")) :]
    )
    assert "takes the 7 token" in last_round or not before.zones[ZONE_DECK]
    assert "7" not in before.board or not before.zones[ZONE_DECK]
    assert before.frames == []  # the round was played out
    assert state.age == 1 and [len(p.age_scores) for p in state.players] == [1, 1, 1]


def _age_score(g: Game, player: Any) -> int:
    points = sum(g.catalog.info(c).points for c in player.all_cards())
    lost = sum(g.catalog.info(c).bonus_symbols for c in player.decadent_cards())
    return points - 2 * lost + sum(player.tokens)


def test_ah_e2_age_score_and_scores_add_up() -> None:
    state, g = position(
        {
            1: {
                "civilization": ["Stonehenge > Hunting", "Megaliths", "The Fire"],
                "events": [],
                "tokens": [1, 2, 7],
            },
            2: {"civilization": ["Forest > Hills > Woodlands"], "events": []},
        }
    )
    state.players[0].score, state.players[0].age_scores = 10, [10]
    ages.score_age(g, state)
    assert state.players[0].age_scores == [10, 4 + 2 - 2 + 3 + 3 + 10]
    assert state.players[0].score == 10 + 20
    assert state.players[1].age_scores == [3 - 4]  # a score may be negative


@pytest.mark.parametrize("seed", range(3))
def test_ah_e2_random_ages_score_by_the_formula(seed: int, age_change) -> None:
    g = game()
    state = random_play(g, g.new(3, seed), seed, lambda s: s.age > 0)
    before = age_change[0]
    for old, new in zip(before.players, state.players, strict=True):
        assert new.age_scores == [_age_score(g, old)]


@pytest.mark.parametrize(("age_list", "seed"), [(None, 0), (None, 1), ("antiquity", 2)])
def test_ah_e3_e5_the_next_age(age_list: str | None, seed: int, age_change) -> None:
    g = game(age_list=age_list and f"{age_list}+middle_ages")
    start = g.new(3, seed)
    state = random_play(g, start, seed, lambda s: s.age > 0)
    before = age_change[0]
    age = ages.age_id(g, state)
    for old, new in zip(before.players, state.players, strict=True):
        kept = [pile[0] for pile in old.tableau if g.catalog.info(pile[0]).bonus_symbols]
        assert new.zones[ZONE_LEGACY] == kept  # the legacy of the past
        assert new.tableau == [] and new.tilted == []
        assert new.counters["universal resource"] == 1
        assert new.counters["gold"] == old.counters["gold"]  # AH-E5
        assert new.tokens == [] and new.space == "S"
        assert len(new.zones[ZONE_EVENTS]) == 3
        assert {g.catalog.info(c).age for c in new.zones[ZONE_EVENTS]} == {age}
        assert not {g.catalog.info(c).type for c in new.zones[ZONE_EVENTS]} & {"wonder", "calamity"}
    assert state.active == (before.active + 1) % 3
    assert len(state.board) == 22  # a fresh board
    assert "black" in [d["die"] for d in state.dice]  # rolled by the new active player
    assert f"Round 1: player {state.active + 1} is the active player." in state.log


def _legacy_position() -> tuple[State, Game]:
    state, g = position(
        {1: {"events": ["Steppes", "Coast", "Iron Working"], "universal resource": 1}},
        age="antiquity",
        dice=[
            "3 population",
            "1 population",
            "1 population",
            "strength",
            "re-roll",
            "golden age",
            "3 gold",
        ],
    )
    state.players[0].zones[ZONE_LEGACY] = [
        copy_named(g, "The Fire", "prehistory"),
        copy_named(g, "Fishing", "prehistory"),
        copy_named(g, "Hunting", "prehistory"),
    ]
    state.pending = None
    state.frames[-1]["loc"] = {}
    g.run(state)
    return state, g


def test_ah_e4_one_legacy_card_per_turn_only_for_acquisitions() -> None:
    state, g = _legacy_position()
    options = texts(g, state)
    assert (
        "acquire Iron Working paying green 3 population, green 1 population, green 1 "
        "population, legacy The Fire, universal resource as ingenuity"
    ) in options
    assert (
        "acquire Coast paying green 1 population, green 1 population, legacy Fishing, "
        "universal resource as strength"
    ) in options
    assert not any(t.count("legacy") > 1 for t in options)
    assert not any(a.kind == "tilt" for a in g.legal_actions(state))  # no gold from legacy
    state = do(g, state, "acquire Steppes paying green 3 population, blue strength, legacy Fishing")
    me = state.players[0]
    assert names(g, me.zones[ZONE_LEGACY]) == ["The Fire", "Hunting"]  # a used legacy card leaves
    assert "Fishing" not in names(g, state.zones[ZONE_DISCARD])
    # Coast would need a second legacy card this turn (1 + 1 + Hunting's 1)
    assert not any("legacy" in t or "Coast" in t for t in texts(g, state) if "acquire" in t)


def test_ah_e4_legacy_cards_count_for_no_achievement_war_or_decadence() -> None:
    state, g = _legacy_position()
    for condition in (
        "you have at least 3 cards",
        "you own 3 progress cards",
        "you have an active population bonus",
        "you have at least 4 points",
    ):
        state.board = full_board(g, **{"1a": condition})
        assert not meets(g, state, 0, "1a"), condition
    from interpreter.mechanics.board import _decadence_options
    from interpreter.mechanics.contest import of_game, tilt_options

    assert _decadence_options(g, state, 0) == []
    assert [a.params["cards"] for a in tilt_options(g, state, of_game(g, "war"), 0)] == [[]]


def test_ah_e6_most_points_then_best_tokens_then_shared() -> None:
    g = game()
    state = g.new(4, 0)

    def winners(scores: list[int], tokens: list[list[int]]) -> list[int]:
        s = state.clone()
        for p, score, held in zip(s.players, scores, tokens, strict=True):
            p.score, p.tokens = score, held
        ages.finish(g, s)
        assert s.over
        return s.winners

    assert winners([30, 31, 29, 0], [[7], [], [], []]) == [1]
    assert winners([30, 30, 29, 0], [[6, 5], [7], [7, 6], []]) == [1]  # the best token
    assert winners([30, 30, 0, 0], [[7, 3], [7, 4], [], []]) == [1]  # then the next
    assert winners([30, 30, 0, 0], [[7, 3], [7, 3, 1], [], []]) == [1]
    assert winners([30, 30, 0, 0], [[7, 3], [3, 7], [], []]) == [0, 1]  # a shared win


# ------------------------------------------------------------------ AH-V1 .. AH-V3: variants


def test_ah_v1_introductory_setup() -> None:
    g = game("introductory")
    state = g.new(3, 0)
    assert state.board == {} and all(p.space is None for p in state.players)
    assert all(sorted(p.tokens) == [1, 3, 5] for p in state.players)
    for phase in ("active turn", "other turn"):
        assert "advance" not in [
            i.act.verb for i in g.programs[f"phase:{phase}"] if hasattr(i, "act")
        ]


@pytest.mark.parametrize("seed", range(3))
def test_ah_v1_introductory_age_ends_with_8_cards(seed: int, age_change) -> None:
    g = game("introductory")
    state = random_play(g, g.new(3, seed), seed, lambda s: s.age > 0)
    before = age_change[0]
    assert before.zones[ZONE_DECK] == [] or max(len(p.all_cards()) for p in before.players) >= 8
    assert not any(p.decadent_cards() for p in before.players)  # no decadence
    assert all(sorted(p.tokens) == [1, 3, 5] for p in state.players)


@pytest.mark.parametrize("seed", range(3))
def test_ah_v2_no_war(seed: int) -> None:
    g = game("no war")
    assert "war" not in g.pack.game["dice"]["red"]["faces"]
    assert "blank" in g.pack.game["dice"]["red"]["faces"]
    assert g.pack.game["counters"]["universal resource"].get("declares") is None
    state = random_play(g, g.new(3, seed), seed, lambda s: s.age > 0)
    assert not any("declares war" in line for line in state.log)
    assert not any(state.pending and a.kind == "declare" for a in g.legal_actions(state))


def _board_values(g: Game, state: State) -> set[int]:
    return {g.pack.tokens[i].value for i in state.board.values()}


@pytest.mark.parametrize(
    ("variant", "limits"), [(None, [7, 7, 7]), ("progressive", [5, 6, 7]), ("linear", [6, 6, 6])]
)
def test_ah_v3_length_modes(variant: str | None, limits: list[int], age_change) -> None:
    g = game(variant)
    state = g.new(3, 5)
    for age, limit in enumerate(limits):
        assert state.age == age
        assert max(_board_values(g, state)) == limit == ages.last_token(g, state)
        if age < 2:
            state = random_play(g, state, age, lambda s, a=age: s.age > a)
            before = age_change[-1]
            taken = [line for line in before.log if f"takes the {limit} token" in line]
            assert taken or not before.zones[ZONE_DECK]


@pytest.mark.parametrize(
    ("option", "played"),
    [
        ("prehistory", ["prehistory"]),
        ("antiquity", ["antiquity"]),
        ("middle_ages", ["middle_ages"]),
        ("antiquity+middle_ages", ["antiquity", "middle_ages"]),
        ("all", ["prehistory", "antiquity", "middle_ages"]),
    ],
)
def test_ah_v3_one_two_or_three_ages(option: str, played: list[str]) -> None:
    g = game(age_list=option)
    assert g.ages == played
    state = random_play(g, g.new(2, 3), 3, lambda s: False, limit=60_000)
    assert state.over
    assert all(len(p.age_scores) == len(played) for p in state.players)


def test_ah_v3_two_ages_must_follow_each_other() -> None:
    from interpreter import PackError

    with pytest.raises(PackError):
        Game.load(bundled(), ages="prehistory+middle_ages")


def test_ah_v3_progressive_counts_the_ages_played(age_change) -> None:
    g = game("progressive", age_list="antiquity+middle_ages")
    state = g.new(3, 0)
    assert max(_board_values(g, state)) == 5 == ages.last_token(g, state)
    state = random_play(g, state, 0, lambda s: s.age > 0)
    assert max(_board_values(g, state)) == 6 == ages.last_token(g, state)
