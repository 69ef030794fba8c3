"""Along History rule clauses about setup, cards and dice that a scenario file cannot state.

Each test names the clause it proves (AH-S*, AH-C*, AH-D* in
/work/shared/rules/along-history-clauses.md). Setup facts are read from fresh games
(`Game.load(bundled())`, `game.new(players, seed)`); facts about what is *not* allowed are read
from the legal actions of a scenario position (`interpreter.tools.scenario.run` with a spec written
here), since a scenario file can only say what happens, not what cannot.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cards import bundled
from interpreter.compile.catalog import CostRule
from interpreter.core.state import State
from interpreter.engine.game import Game
from interpreter.mechanics.action_phase import legal
from interpreter.mechanics.costs import price
from interpreter.mechanics.dice import dice_specs, pack_faces, result_tokens
from interpreter.mechanics.payments import Source, payments
from interpreter.tools.scenario import run
from tests.zones import ZONE_DECK, ZONE_EVENTS, ZONE_LEGACY

HERE = Path(__file__).parent
TYPES = {"land", "figure", "progress", "wonder", "calamity"}
SEEDS = range(12)


@cache
def game() -> Game:
    return Game.load(bundled())


@cache
def antiquity_game() -> Game:
    return Game.load(bundled(), ages="antiquity")


def fresh(players: int, seed: int, g: Game | None = None) -> State:
    return (g or game()).new(players, seed)


def names(g: Game, copies: list[int]) -> list[str]:
    return [g.name(c) for c in copies]


def kind(g: Game, copy: int) -> str:
    return g.catalog.info(copy).type


def faces(g: Game, die: str) -> list[Any]:
    return pack_faces(g.pack.game, die)


def play(spec: dict[str, Any]) -> tuple[State, Game]:
    """A scenario position after its actions (a spec as a scenario file would hold it)."""
    return run({"players": 2, "seed": 1, **spec}, HERE)


def texts(g: Game, state: State) -> list[str]:
    return [a.text for a in g.legal_actions(state)]


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("players", [2, 3, 5])
def test_ah_s1_only_the_prehistory_deck_is_used(players: int) -> None:
    g = game()
    prehistory = set(g.catalog.copies_of_age("prehistory"))
    for seed in SEEDS:
        state = fresh(players, seed)
        in_play = state.zones[ZONE_DECK] + [c for p in state.players for c in p.zones[ZONE_EVENTS]]
        assert set(in_play) == prehistory, "every Prehistory copy, and only those"
        assert len(in_play) == len(prehistory) == 49


def test_ah_s1_black_die_gold_and_gold_tokens_set_aside_in_prehistory() -> None:
    g = game()
    assert [name for name, _ in dice_specs(g, fresh(2, 0))] == ["green", "blue", "red"]
    for seed in SEEDS:
        state = fresh(3, seed)
        assert Counter(d["die"] for d in state.dice) == {"green": 3, "blue": 1, "red": 2}
        assert all(p.counters["gold"] == 0 for p in state.players)
        tokens = result_tokens(state)
        assert Counter(t["die"] for t in tokens) == {"green": 3, "blue": 1}


def test_ah_s1_a_game_started_in_antiquity_uses_its_deck_and_the_black_die() -> None:
    g = antiquity_game()
    state = fresh(3, 4, g)
    in_play = state.zones[ZONE_DECK] + [c for p in state.players for c in p.zones[ZONE_EVENTS]]
    assert set(in_play) == set(g.catalog.copies_of_age("antiquity"))
    assert Counter(d["die"] for d in state.dice) == {"green": 3, "blue": 1, "red": 2, "black": 1}


@pytest.mark.parametrize("players", [2, 4, 5])
def test_ah_s2_scores_markers_and_universal_resources_at_start(players: int) -> None:
    g = game()
    start = g.pack.game["achievements"]["boards"][g.board_side]["start"]
    state = fresh(players, 7)
    for p in state.players:
        assert p.score == 0 and p.age_scores == []
        assert p.space == start == "S"
        assert p.counters["universal resource"] == 1
        assert p.tokens == []
        assert p.tableau == [] and p.zones[ZONE_LEGACY] == []


@pytest.mark.parametrize("side", ["front", "back"])
def test_ah_s3_one_token_per_space(side: str) -> None:
    g = Game.load(bundled(), board=side)
    board = g.pack.game["achievements"]["boards"][side]
    spaces = {str(s): v for s, v in board["spaces"].items() if s != board["start"]}
    for seed in SEEDS:
        state = fresh(3, seed, g)
        assert set(state.board) == set(spaces), "every space but the start holds a token"
        assert len(set(state.board.values())) == len(state.board), "no token twice"
        for space, index in state.board.items():
            assert g.pack.tokens[index].value == spaces[space], f"{space} holds a wrong value"


def test_ah_s3_tokens_are_shuffled_and_surplus_stays_out() -> None:
    g = game()
    per_value = Counter(t.value for t in g.pack.tokens if t.ages is None)
    layouts = set()
    for seed in range(40):
        state = fresh(2, seed)
        on_board = Counter(g.pack.tokens[i].value for i in state.board.values())
        # value 1: six tokens for four spaces, two stay out of the age
        assert on_board[1] == 4 < per_value[1] == 6
        assert on_board[5] == 4 < per_value[5] == 6
        layouts.add(tuple(sorted(state.board.items())))
    assert len(layouts) > 30, "the tokens of a value are drawn at random"


def test_ah_s3_no_15_gold_token_in_prehistory() -> None:
    g = game()
    gold = {i for i, t in enumerate(g.pack.tokens) if t.ages is not None}
    assert len(gold) == 1 and "gold" in str(g.pack.tokens[next(iter(gold))].condition).lower()
    sevens = set()
    for seed in range(60):
        state = fresh(2, seed)
        assert not gold & set(state.board.values())
        sevens.add(state.board["7"])
    assert len(sevens) == 2, "both Prehistory 7 tokens (15 points, 6 bonuses) can come up"
    # from Antiquity on it is in the draw for the 7 space
    a = antiquity_game()
    antiquity_sevens = {fresh(2, seed, a).board["7"] for seed in range(60)}
    assert gold <= antiquity_sevens


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ah_s4_three_events_without_calamity_or_wonder(players: int) -> None:
    g = game()
    held_back = {
        c for c in g.catalog.copies_of_age("prehistory") if kind(g, c) in ("wonder", "calamity")
    }
    assert len(held_back) == 11  # 5 wonders, 6 calamities
    for seed in range(30):
        state = fresh(players, seed)
        for p in state.players:
            assert len(p.zones[ZONE_EVENTS]) == 3
            assert not {kind(g, c) for c in p.zones[ZONE_EVENTS]} & {"wonder", "calamity"}, names(
                g, p.zones[ZONE_EVENTS]
            )
        assert held_back <= set(state.zones[ZONE_DECK]), "they go back into the deck"


def test_ah_s4_set_aside_cards_are_shuffled_back_not_put_on_top() -> None:
    g = game()
    tops, layouts, low = [], set(), 0
    for seed in range(30):
        state = fresh(2, seed)
        held = [
            i for i, c in enumerate(state.zones[ZONE_DECK]) if kind(g, c) in ("wonder", "calamity")
        ]
        assert len(held) == 11
        tops.append(
            len([i for i in held if i >= len(state.zones[ZONE_DECK]) - 11])
        )  # drawn from the end
        layouts.add(tuple(held))
        low += any(i < len(state.zones[ZONE_DECK]) // 2 for i in held)
    assert max(tops) < 11, "wonders and calamities are shuffled in, not stacked on top"
    assert len(layouts) > 25 and low > 20, "they land anywhere in the deck"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_ah_s5_seat_0_is_the_first_active_player(players: int) -> None:
    for seed in SEEDS:
        state = fresh(players, seed)
        assert state.active == 0
        assert state.round == 1
        assert state.to_move == 0
        assert state.pending is not None and state.pending["kind"] == "action"
        assert "Round 1: player 1 is the active player." in state.log


# ------------------------------------------------------------------ cards


def test_ah_c1_five_card_types() -> None:
    g = game()
    assert set(g.pack.game["card_types"]) == TYPES
    assert g.catalog.types == TYPES
    for age in ("prehistory", "antiquity", "middle_ages"):
        seen = {info.type for info in g.catalog.cards if info.age == age}
        assert seen == TYPES, age


def test_ah_c2_population_cost_never_below_zero() -> None:
    g = Game.load(bundled())  # a game of its own: a cost rule is added below
    state = fresh(2, 3, g)
    player = state.players[0]
    erectus = next(c for c in g.catalog.copies_of_age("prehistory") if g.name(c) == "Homo Erectus")
    for p in state.players:
        if erectus in p.zones[ZONE_EVENTS]:
            p.zones[ZONE_EVENTS].remove(erectus)
    if erectus in state.zones[ZONE_DECK]:
        state.zones[ZONE_DECK].remove(erectus)
    player.zones[ZONE_EVENTS].append(erectus)
    info = g.catalog.info(erectus)
    info.own_cost.append(CostRule(-10, lambda ctx: True))  # an effect lowering it by 10
    cost = price(g, state, 0, erectus)
    assert cost.amount == 0 and not cost.free
    assert cost.resources == Counter({"culture": 1}), "the resource part stays due"
    # the culture symbol alone pays it; population sources are not needed
    culture = Source("die", 3, (("culture", 1),))
    pop = Source("die", 0, (("population", 3),))
    found = payments("population", cost.amount, cost.resources, [pop, culture])
    assert [p.dice for p in found] == [[3]]


def test_ah_c2_resource_symbol_is_never_paid_by_population() -> None:
    state, g = play(
        {
            "position": {
                "active": 1,
                "players": {1: {"events": ["Australopithecus", "Swamp", "Mammoth"]}},
            },
            "dice": [
                "3 population",
                "3 population",
                "3 population",
                "ingenuity",
                "golden age",
                "golden age",
            ],
        }
    )
    acquire = [t for t in texts(g, state) if t.startswith("acquire Australopithecus")]
    assert acquire and all("universal resource as culture" in t for t in acquire)


def test_ah_c6_a_tilted_card_pays_once_until_straightened() -> None:
    state, g = play(
        {
            "position": {
                "active": 1,
                "players": {
                    1: {"civilization": ["Forest"], "events": ["Hills", "Woodlands", "Mammoth"]}
                },
            },
            "dice": ["3 population", "3 population", "1 population", "culture", "x2", "x2"],
            "actions": [
                "acquire Hills paying green 3 population, green 1 population, tilting Forest"
            ],
        }
    )
    assert state.players[0].tilted and g.name(state.players[0].tilted[0]) == "Forest"
    woodlands = [t for t in texts(g, state) if t.startswith("acquire Woodlands")]
    assert woodlands, "Woodlands is still payable (the universal resource gives ingenuity)"
    assert not any("Forest" in t for t in woodlands), "a tilted Forest gives nothing more"


def test_ah_c6_tilting_a_card_gives_all_its_symbols() -> None:
    """A tilt uses the whole card: Weapons (population, strength) is one source of both."""
    state, g = play(
        {
            "position": {
                "active": 1,
                "players": {
                    1: {"civilization": ["Weapons"], "events": ["Bear", "Swamp", "Mammoth"]}
                },
            },
            "dice": [
                "3 population",
                "1 population",
                "1 population",
                "culture",
                "golden age",
                "golden age",
            ],
            "actions": ["acquire Bear paying green 3 population, tilting Weapons"],
        }
    )
    assert "Weapons" in names(g, state.players[0].tilted)
    assert state.players[0].counters["universal resource"] == 1


def test_ah_c9_tilting_never_rerolls_nor_exchanges() -> None:
    state, g = play(
        {
            "age": "antiquity",
            "position": {
                "active": 1,
                "players": {
                    1: {
                        "civilization": ["Coast", "Lighthouse of Alexandria"],
                        "events": ["Pompei", "Architecture", "Mathematics"],
                    },
                    2: {"events": ["Desert", "Steppes", "Bocage"]},
                },
            },
            "dice": [
                "1 population",
                "1 population",
                "1 population",
                "culture",
                "golden age",
                "golden age",
                "3 gold",
            ],
        }
    )
    every = g.legal_actions(state)
    moves = [a for a in every if a.kind in ("reroll", "reroll all", "exchange")]
    assert moves and all("die" in a.params for a in moves), "only a die buys a re-roll or swap"
    assert all(a.text.startswith(("discard ", "use ")) for a in moves)
    # with every die spent, untilted bonus cards (population, gold) buy neither
    for die in state.dice:
        die["used"] = True
    options = legal(g, state, 0, state.dice, True)
    assert not [a for a in options if a.kind in ("reroll", "reroll all", "exchange")]
    assert any(a.kind == "tilt" for a in options), "the gold bonus can still be tilted"
    # and tilting the gold card changes no die and no events card
    before = ([dict(d) for d in state.dice], [list(p.zones[ZONE_EVENTS]) for p in state.players])
    tilt = next(a for a in g.legal_actions(state) if a.kind == "tilt")
    after = g.apply(state, tilt)
    assert ([dict(d) for d in after.dice], [list(p.zones[ZONE_EVENTS]) for p in after.players]) == (
        [dict(d, used=True) for d in before[0]],
        before[1],
    )


def test_ah_c9_other_player_cannot_exchange_by_tilting() -> None:
    state, g = play(
        {
            "position": {
                "active": 1,
                "players": {
                    1: {"events": ["Mammoth", "Swamp", "Bear"]},
                    2: {
                        "civilization": ["Forest", "Hunting"],
                        "events": ["Hills", "Valley", "Tiger"],
                    },
                },
            },
            "dice": [
                "1 population",
                "1 population",
                "1 population",
                "culture",
                "golden age",
                "golden age",
            ],
            "actions": ["end your actions", "declare no more wars"],
        }
    )
    assert state.to_move == 1
    moves = [a for a in g.legal_actions(state) if a.kind in ("reroll", "reroll all", "exchange")]
    assert moves and all(a.text.startswith("discard ") and "die" in a.params for a in moves)


# ------------------------------------------------------------------ dice


def test_ah_d1_three_green_population_dice() -> None:
    g = game()
    spec = g.pack.game["dice"]["green"]
    assert spec["count"] == 3
    assert sorted((f.kind, f.amount) for f in faces(g, "green")) == [("population", 1)] * 3 + [
        ("population", 2)
    ] * 2 + [("population", 3)]
    state = fresh(2, 5)
    assert sum(d["die"] == "green" for d in state.dice) == 3


def test_ah_d2_one_blue_resource_die() -> None:
    g = game()
    assert g.pack.game["dice"]["blue"].get("count", 1) == 1
    assert Counter(f.kind for f in faces(g, "blue")) == {
        "ingenuity": 2,
        "strength": 2,
        "culture": 2,
    }
    assert all(f.amount == 1 for f in faces(g, "blue"))


def test_ah_d3_two_red_dice_faces() -> None:
    g = game()
    spec = g.pack.game["dice"]["red"]
    assert spec["count"] == 2 and spec.get("active_player_only")
    assert Counter(f.kind for f in faces(g, "red")) == {
        "x2": 1,
        "war": 1,
        "re-roll": 2,
        "golden age": 2,
    }
    assert all(f.is_action for f in faces(g, "red"))
    # each does the die action the pack's face actions give it
    assert {f.kind: f.action for f in faces(g, "red")} == {
        "x2": "double",
        "war": "contest",
        "re-roll": "roll again",
        "golden age": "straighten",
    }


def test_ah_d3_only_the_active_player_has_the_red_dice() -> None:
    state, g = play(
        {
            "players": 3,
            "position": {"active": 1, "players": {1: {"events": ["Mammoth", "Swamp", "Bear"]}}},
            "dice": ["1 population", "2 population", "3 population", "culture", "x2", "war"],
            "actions": ["end your actions", "declare no more wars"],
        }
    )
    assert state.to_move == 1
    offered = texts(g, state)
    assert not any("red" in t for t in offered), "no red result token"
    assert not any(
        a.kind in ("double", "reroll", "reroll all", "straighten") for a in g.legal_actions(state)
    )
    # in player 2's war step the unused war and x2 faces of player 1 declare nothing
    state = g.apply(state, next(a for a in g.legal_actions(state) if a.kind == "pass"))
    assert state.to_move == 1 and state.pending["kind"] == "war"
    ways = {a.params.get("with") for a in g.legal_actions(state) if a.kind == "declare"}
    assert ways == {"universal resource"}


def test_ah_d3_red_effects_are_optional() -> None:
    state, g = play(
        {
            "position": {"active": 1, "players": {1: {"events": ["Mammoth", "Swamp", "Bear"]}}},
            "dice": ["1 population", "2 population", "3 population", "culture", "x2", "war"],
            "actions": ["end your actions"],
        }
    )
    # passing with every red face unused is legal; the war it gives is only offered
    assert state.pending["kind"] == "war"
    assert "declare no more wars" in texts(g, state)


def test_ah_d4_black_gold_die_from_antiquity_on() -> None:
    g = game()
    spec = g.pack.game["dice"]["black"]
    assert spec.get("count", 1) == 1 and spec["from_age"] == "antiquity"
    assert sorted((f.kind, f.amount) for f in faces(g, "black")) == [
        ("gold", 3),
        ("gold", 3),
        ("gold", 3),
        ("gold", 4),
        ("gold", 5),
        ("gold", 6),
    ]
    a = antiquity_game()
    assert [name for name, _ in dice_specs(a, fresh(2, 0, a))] == ["green", "blue", "red", "black"]
    # a full game moving into Antiquity adds it too
    state = fresh(2, 0)
    state.age = 1
    assert "black" in [name for name, _ in dice_specs(g, state)]


def test_ah_d5_reroll_face_offers_every_set_of_other_dice() -> None:
    state, g = play(
        {
            "position": {"active": 1, "players": {1: {"events": ["Mammoth", "Swamp", "Bear"]}}},
            "dice": [
                "1 population",
                "2 population",
                "3 population",
                "culture",
                "re-roll",
                "golden age",
            ],
        }
    )
    sets = [
        tuple(a.params["targets"])
        for a in g.legal_actions(state)
        if a.kind == "reroll all" and a.params["die"] == 4
    ]
    assert len(sets) == len(set(sets)) == 2**5 - 1, "any non-empty set of the 5 other dice"
    everything = next(
        a
        for a in g.legal_actions(state)
        if a.kind == "reroll all" and len(a.params["targets"]) == 5
    )
    after = g.apply(state, everything)
    assert after.dice[4]["used"], "the re-roll die is discarded"
    assert not any(a.kind == "reroll all" for a in g.legal_actions(after))


def test_ah_d6_x2_cannot_double_itself_or_a_reroll_or_golden_age() -> None:
    state, g = play(
        {
            "position": {"active": 1, "players": {1: {"events": ["Mammoth", "Swamp", "Bear"]}}},
            "dice": ["1 population", "2 population", "3 population", "culture", "x2", "golden age"],
        }
    )
    targets = {a.params["target"] for a in g.legal_actions(state) if a.kind == "double"}
    assert targets == {0, 1, 2, 3}


def test_ah_d7_one_war_face_is_one_war() -> None:
    state, g = play(
        {
            "players": 3,
            "position": {"active": 1, "players": {1: {"events": ["Mammoth", "Swamp", "Bear"]}}},
            "dice": [
                "1 population",
                "2 population",
                "3 population",
                "culture",
                "golden age",
                "war",
            ],
            "actions": ["end your actions", "declare war on player 2 (war face)"],
        }
    )
    assert state.pending["kind"] == "war"
    ways = {a.params["with"] for a in g.legal_actions(state) if a.kind == "declare"}
    assert ways == {"universal resource"}, "the war face is spent after one war"


def test_ah_d8_golden_age_offered_only_with_tilted_cards_and_straightens_all() -> None:
    state, g = play(
        {
            "position": {
                "active": 1,
                "players": {
                    1: {
                        "civilization": ["Forest", "Hunting", "River"],
                        "events": ["Wildcrafting", "Hills", "Bear"],
                    }
                },
            },
            "dice": ["3 population", "2 population", "1 population", "culture", "golden age", "x2"],
        }
    )
    assert not any(a.kind == "straighten" for a in g.legal_actions(state))
    state = g.apply(
        state,
        next(
            a
            for a in g.legal_actions(state)
            if a.text == "acquire Wildcrafting paying green 2 population, tilting Forest, "
            "tilting Hunting"
        ),
    )
    assert len(state.players[0].tilted) == 2
    state = g.apply(state, next(a for a in g.legal_actions(state) if a.kind == "straighten"))
    assert state.players[0].tilted == []
