"""Along History clauses of the active player's turn (AH-T), calamities (AH-K) and wars (AH-W)
that are better shown by looking inside the engine than by a scenario's end state: actions that
must NOT be legal, the discard pile, the set of result tokens, the outcome of a war for given
strengths. The scenarios of the same clauses are in tests/scenarios/along_history/clauses/
(ah-t*, ah-k*, ah-w*) and tests/scenarios/along_history/examples/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from interpreter.compile.meaning import Ctx, card_filter
from interpreter.core.state import State
from interpreter.mechanics import contest as war
from interpreter.mechanics.dice import result_tokens
from interpreter.tools.scenario import build, check, match
from tests.zones import ZONE_DECK, ZONE_DISCARD, ZONE_EVENTS

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios" / "along_history"
CLAUSES = SCENARIOS / "clauses"
EXAMPLES = SCENARIOS / "examples"


def WAR(game: Any) -> Any:
    """Along History's contest, the war."""
    return war.of_game(game, "war")


def play(spec: dict[str, Any]):
    """Build a scenario position from a spec and play its actions; return (state, game)."""
    state, game = build(spec, SCENARIOS)
    for line in spec.get("actions") or []:
        action = match(game.legal_actions(state), line)
        assert action is not None, (line, [a.text for a in game.legal_actions(state)][:12])
        state = game.apply(state, action)
    return state, game


def texts(game, state: State) -> list[str]:
    return [a.text for a in game.legal_actions(state)]


def spec(
    p1: dict, p2: dict | None = None, dice: list[str] | None = None, actions=(), **extra: Any
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": 2,
        "seed": 1,
        "position": {
            "active": 1,
            "players": {
                1: {"universal resource": 0, **p1},
                2: {
                    "universal resource": 0,
                    "events": ["Peninsula", "Woodlands", "Lowland"],
                    **(p2 or {}),
                },
            },
        },
        "actions": list(actions),
    }
    if dice is not None:
        out["dice"] = dice
    out.update(extra)
    return out


def names(game, copies: list[int]) -> list[str]:
    return [game.name(c) for c in copies]


def uses_die(action, i: int) -> bool:
    """Whether a legal action pays with, discards, targets or doubles die i."""
    p = action.params
    return (
        i in (p.get("dice") or [])
        or p.get("die") == i
        or p.get("target") == i
        or i in (p.get("targets") or [])
    )


# ------------------------------------------------------------------ the scenario files


EXAMPLE_FILES = (
    "sophie-sedentism-x2-and-two-rerolls",
    "war-11-against-7-takes-the-3",
    "homo-erectus-in-decadence-under-the-fire",
    "homo-erectus-in-decadence-the-fire-not-free",
)


def _files() -> list[Path]:
    mine = [
        p for p in sorted(CLAUSES.glob("ah-*.yaml")) if p.name.startswith(("ah-t", "ah-k", "ah-w"))
    ]
    return mine + [EXAMPLES / f"{name}.yaml" for name in EXAMPLE_FILES]


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_AH_T_K_W_scenario_files_pass_or_fail_as_their_known_bug_says(path: Path) -> None:
    outcome = check(path)
    assert outcome.ok, outcome.summary()


# ------------------------------------------------------------------ the turn


def test_AH_T1_upkeep_straightens_only_the_active_player_then_every_die_is_rolled() -> None:
    state, game = build(
        spec(
            {
                "civilization": ["Hunting"],
                "tilted": ["Hunting"],
                "events": ["Forest", "Swamp", "Tools"],
            },
            {"civilization": ["Fishing"], "tilted": ["Fishing"]},
        ),
        SCENARIOS,
    )
    assert state.players[0].tilted == []
    assert names(game, state.players[1].tilted) == ["Fishing"]  # not player 2's upkeep
    assert [d["die"] for d in state.dice] == ["green"] * 3 + ["blue"] + ["red"] * 2


def test_AH_T1_from_antiquity_the_black_die_is_rolled_too() -> None:
    s = spec(
        {"events": ["Coast", "Desert", "Steppes"]},
        {"events": ["Bocage", "Medicine", "Pompei"]},
        age="antiquity",
    )
    state, _ = build(s, SCENARIOS)
    assert [d["die"] for d in state.dice] == ["green"] * 3 + ["blue"] + ["red"] * 2 + ["black"]


def test_AH_T2_a_discarded_die_pays_for_nothing_and_buys_no_second_action() -> None:
    s = spec(
        {"events": ["Forest", "Swamp", "Mountain"]},
        dice=[
            "3 population",
            "1 population",
            "1 population",
            "ingenuity",
            "golden age",
            "golden age",
        ],
        actions=["discard green 3 population to re-roll green 1 population"],
    )
    state, game = play(s)
    assert state.dice[0]["used"]
    assert not any(uses_die(a, 0) for a in game.legal_actions(state))  # neither pays nor acts
    assert any(uses_die(a, 1) for a in game.legal_actions(state))  # (the others still do)


def test_AH_T2_each_die_buys_one_action_only() -> None:
    s = spec(
        {"events": ["Forest", "Swamp", "Mountain"]},
        dice=[
            "1 population",
            "1 population",
            "1 population",
            "ingenuity",
            "golden age",
            "golden age",
        ],
        actions=["discard red golden age to exchange Forest for Lowland of player 2"],
    )
    state, game = play(s)
    used = [d for d in state.dice if d["used"]]
    assert len(used) == 1 and used[0]["die"] == "red"
    # one red die is left: exactly one more exchange or re-roll can be bought with it
    red_actions = [t for t in texts(game, state) if t.startswith("discard red golden age")]
    assert red_actions


def test_AH_T3_the_dice_that_paid_are_discarded_and_cannot_pay_again() -> None:
    s = spec(
        {"events": ["River", "Valley", "Mountain"]},
        dice=[
            "3 population",
            "1 population",
            "1 population",
            "ingenuity",
            "golden age",
            "golden age",
        ],
        actions=["acquire River paying green 3 population, blue ingenuity"],
    )
    state, game = play(s)
    assert names(game, state.players[0].active_cards()) == ["River"]
    assert "River" not in names(game, state.players[0].zones[ZONE_EVENTS])
    legal = game.legal_actions(state)
    assert not any(uses_die(a, 0) or uses_die(a, 3) for a in legal)
    assert not any(a.text.startswith("acquire Valley") for a in legal)  # 1 + 1 + River's 1, no I


def test_AH_T4_the_excess_of_a_population_die_is_lost() -> None:
    s = spec(
        {"events": ["Australopithecus", "Wildcrafting", "Swamp"], "universal resource": 1},
        dice=["2 population", "1 population", "2 population", "culture", "x2", "golden age"],
        actions=[
            "use red x2 to double green 2 population",
            "acquire Australopithecus paying green 2 population x2, blue culture",
        ],
    )
    state, game = play(s)
    wildcrafting = [t for t in texts(game, state) if t.startswith("acquire Wildcrafting")]
    # 4 paid 3: the 1 left over is gone, so the two other green dice are both needed
    assert wildcrafting == [
        "acquire Wildcrafting paying green 1 population, green 2 population, "
        "universal resource as ingenuity"
    ]


def test_AH_T4_one_die_never_pays_two_cards() -> None:
    s = spec(
        {"events": ["Australopithecus", "Valley", "Swamp"], "universal resource": 1},
        dice=["3 population", "1 population", "1 population", "culture", "x2", "golden age"],
        actions=[
            "use red x2 to double green 3 population",
            "acquire Australopithecus paying green 3 population x2, blue culture",
        ],
    )
    state, game = play(s)
    # 6 population paid Australopithecus (3): Valley (3 + ingenuity, the universal token paying
    # the ingenuity) cannot use the other 3, and 1 + 1 is too little
    legal = game.legal_actions(state)
    assert not any(uses_die(a, 0) for a in legal)
    assert not any(a.text.startswith("acquire Valley") for a in legal)


def test_AH_T5_result_tokens_are_a_fresh_full_set_of_the_final_faces() -> None:
    state = State(players=[])
    state.dice = [
        {"die": "green", "face": 3, "used": True, "times": 2, "token": True},
        {"die": "green", "face": 0, "used": False, "times": 1, "token": True},
        {"die": "green", "face": 5, "used": True, "times": 1, "token": True},
        {"die": "blue", "face": 1, "used": True, "times": 1, "token": True},
        {"die": "red", "face": 2, "used": True, "times": 1, "token": False},
        {"die": "red", "face": 3, "used": False, "times": 1, "token": False},
        {"die": "black", "face": 4, "used": True, "times": 4, "token": True},
    ]
    tokens = result_tokens(state)
    assert [(t["die"], t["face"]) for t in tokens] == [
        ("green", 3),
        ("green", 0),
        ("green", 5),
        ("blue", 1),
        ("black", 4),
    ]
    assert all(not t["used"] and t["times"] == 1 for t in tokens)  # fresh, not doubled


def test_AH_T5_other_players_get_no_red_dice_and_cannot_re_roll() -> None:
    s = spec(
        {"events": ["Forest", "Swamp", "Tools"]},
        dice=["1 population", "1 population", "1 population", "ingenuity", "x2", "re-roll"],
        actions=["end your actions"],
    )
    state, game = play(s)
    assert state.to_move == 1
    options = texts(game, state)
    assert not any("red" in t or "re-roll" in t for t in options)


def test_AH_T6_ending_the_actions_is_always_legal() -> None:
    s = spec(
        {"civilization": ["Hunting"], "events": ["Forest", "Swamp", "Mountain"]},
        dice=[
            "2 population",
            "2 population",
            "1 population",
            "ingenuity",
            "golden age",
            "golden age",
        ],
    )
    state, game = play(s)
    assert "end your actions" in texts(game, state)
    state, game = play({**s, "actions": ["discard red golden age to re-roll blue ingenuity"]})
    assert "end your actions" in texts(game, state)


def test_AH_T7_refill_takes_the_top_of_the_deck_up_to_three() -> None:
    s = spec(
        {"events": ["River", "Valley", "Mountain"]},
        dice=[
            "3 population",
            "1 population",
            "1 population",
            "ingenuity",
            "golden age",
            "golden age",
        ],
        actions=["acquire River paying green 3 population, blue ingenuity", "end your actions"],
    )
    s["position"]["deck"] = ["Bear", "Mammoth"]
    state, game = play(s)
    assert names(game, state.players[0].zones[ZONE_EVENTS]) == ["Valley", "Mountain", "Bear"]
    assert game.name(state.zones[ZONE_DECK][-1]) == "Mammoth"


# ------------------------------------------------------------------ calamities


def test_AH_K3_a_failed_calamity_goes_to_the_discard_pile() -> None:
    s = spec(
        {"civilization": ["Mountain"], "events": ["Wolves", "Swamp", "Forest"]},
        dice=[
            "1 population",
            "1 population",
            "1 population",
            "culture",
            "golden age",
            "golden age",
        ],
        actions=["end your actions"],
    )
    state, game = play(s)
    assert "Wolves" in names(game, state.zones[ZONE_DISCARD])
    assert all(
        "Wolves" not in names(game, p.zones[ZONE_EVENTS] + p.all_cards()) for p in state.players
    )


def test_AH_K3_a_passed_on_calamity_is_not_discarded() -> None:
    s = spec(
        {
            "civilization": ["Alluvial Plain"],
            "events": ["Barbarian Invasions", "Desert", "Steppes"],
        },
        {"events": ["Bocage", "Medicine", "Pompei"]},
        dice=[
            "1 population",
            "1 population",
            "1 population",
            "culture",
            "golden age",
            "golden age",
            "3 gold",
        ],
        actions=["end your actions"],
        age="antiquity",
    )
    state, game = play(s)
    assert "Barbarian Invasions" not in names(game, state.zones[ZONE_DISCARD])
    assert names(game, state.players[1].zones[ZONE_EVENTS])[-1] == "Barbarian Invasions"
    assert len(state.players[1].zones[ZONE_EVENTS]) == 4


def test_AH_K5_non_transmissible_calamities_are_never_offered_for_an_exchange() -> None:
    s = spec(
        {"events": ["Earthquake", "Tiger", "Forest"]},
        {"events": ["Famine", "River", "Valley"]},
        dice=[
            "1 population",
            "1 population",
            "1 population",
            "culture",
            "golden age",
            "golden age",
        ],
    )
    state, game = play(s)
    exchanges = [t for t in texts(game, state) if " to exchange " in t]
    assert exchanges  # Tiger and Forest can go
    assert not any("Earthquake" in t or "Famine" in t for t in exchanges)
    # nor with the result tokens, in player 2's turn (Earthquake has struck by then; Famine is
    # player 2's own)
    state, game = play({**s, "actions": ["end your actions"]})
    assert state.to_move == 1
    exchanges = [t for t in texts(game, state) if " to exchange " in t]
    assert exchanges
    assert not any("Earthquake" in t or "Famine" in t for t in exchanges)


def test_AH_K4_the_calamities_that_can_fail_are_those_held_when_the_turn_began() -> None:
    s = spec(
        {"civilization": ["Hunting"], "events": ["Forest", "Swamp", "Mountain"]},
        {"events": ["Wolves", "Valley", "Hills"]},
        dice=[
            "1 population",
            "1 population",
            "1 population",
            "culture",
            "golden age",
            "golden age",
        ],
        actions=["discard red golden age to exchange Forest for Wolves of player 2"],
    )
    state, game = play(s)
    started = names(game, state.players[0].flags["turn_start_events"])
    assert "Wolves" not in started and "Forest" in started


def test_AH_K7_a_preference_for_population_bonus_cards_selects_them() -> None:
    # (singular("bonus") once gave "bonu", and every "bonus" preference was ignored)
    state, game = build(
        spec(
            {
                "civilization": ["Hunting", "Forest", "Mountain"],
                "events": ["Swamp", "Tools", "Bear"],
            }
        ),
        SCENARIOS,
    )
    ctx = Ctx(state, game.catalog, 0)
    population_bonus = card_filter(("population", "bonus", "cards"))
    bonus = card_filter(("bonus", "cards"))
    cards = state.players[0].active_cards()
    assert [game.name(c) for c in cards if population_bonus(ctx, c)] == ["Hunting"]
    assert [game.name(c) for c in cards if bonus(ctx, c)] == ["Hunting", "Forest"]


def test_AH_K8_destroying_a_pile_top_leaves_the_card_under_it_active() -> None:
    # A card slides into decadence with its whole pile: under Forest lies the pile
    # Hunting > Weapons, which stays a pile when Forest goes (the rest does not fall apart).
    from interpreter.mechanics.verbs import destroy

    state, game = build(
        spec(
            {
                "civilization": ["Forest > Hunting > Weapons", "Mountain"],
                "events": ["Swamp", "Tools", "Bear"],
            }
        ),
        SCENARIOS,
    )
    player = state.players[0]
    assert names(game, player.active_cards()) == ["Forest", "Mountain"]
    destroy(game, state, player.active_cards()[0])
    assert sorted(names(game, player.active_cards())) == ["Hunting", "Mountain"]
    assert names(game, player.decadent_cards()) == ["Weapons"]


# ------------------------------------------------------------------ wars


def _war_state(p1: dict | None = None, p2: dict | None = None):
    s = spec(
        {"events": ["Forest", "Swamp", "Tools"], **(p1 or {})},
        {**(p2 or {})},
        dice=["1 population", "1 population", "1 population", "culture", "war", "golden age"],
    )
    return build(s, SCENARIOS)


def _fight(
    game,
    state: State,
    attack: list[int],
    defence: list[int],
    tilted: tuple[list[int], list[int]] = ([], []),
) -> tuple[int, int]:
    fight = war.new_contest(game, state, WAR(game), 0, 1, True)
    fight["sides"][0].update(dice=attack, tilted=tilted[0])
    fight["sides"][1].update(dice=defence, tilted=tilted[1])
    strengths = (
        war.strength(game, state, WAR(game), fight, 0),
        war.strength(game, state, WAR(game), fight, 1),
    )
    war._outcome(game, state, WAR(game), fight)
    return strengths


def test_AH_W2_only_the_active_player_has_the_war_face() -> None:
    state, game = _war_state()
    assert war._declaring_faces(game, state, 0, WAR(game)) == 1
    assert war._declaring_faces(game, state, 1, WAR(game)) == 0
    s = spec(
        {"events": ["Forest", "Swamp", "Tools"]},
        {"events": ["River", "Valley", "Hills"], "universal resource": 1},
        dice=["1 population", "1 population", "1 population", "ingenuity", "war", "golden age"],
        actions=["end your actions", "declare no more wars", "end your actions"],
    )
    state, game = play(s)
    assert state.to_move == 1
    assert texts(game, state) == [
        "declare no more wars",
        "declare war on player 1 (universal resource)",
    ]


@pytest.mark.parametrize(
    ("attack", "defence", "tokens", "prize"),
    [
        ([3, 3, 3], [1, 1, 1], [1, 2, 3, 5], 5),  # difference 6: the 5, not more than one
        ([3, 3, 2], [1, 1, 2], [1, 2, 3, 5], 3),  # difference 4: no 4, the 3
        ([2, 2, 1], [1, 1, 2], [2, 3], None),  # difference 1: nothing worth 1 or less
        ([2, 2, 2], [3, 2, 1], [1, 2], None),  # a tie repels the attacker
        ([1, 1, 1], [3, 3, 3], [1, 2], None),  # a loss: nothing either
    ],
)
def test_AH_W5_the_attacker_takes_the_highest_token_within_the_difference(
    attack: list[int], defence: list[int], tokens: list[int], prize: int | None
) -> None:
    state, game = _war_state(p1={"tokens": [4]}, p2={"tokens": tokens})
    _fight(game, state, attack, defence)
    taken = [prize] if prize is not None else []
    assert state.players[0].tokens == [4, *taken]
    expected = list(tokens)
    if prize is not None:
        expected.remove(prize)
    assert state.players[1].tokens == expected  # the defender never takes


def test_a_war_without_a_prize_takes_no_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """`contests: war: prize: token` makes the winner take a token: a game whose wars name no
    prize fights them for the cards' own rules only (the key is read, not decoration)."""
    state, game = _war_state(p1={"tokens": [4]}, p2={"tokens": [1, 2, 3, 5]})
    contests = game.pack.game["contests"]
    monkeypatch.setitem(game.pack.game, "contests", {"war": {**contests["war"], "prize": None}})
    _fight(game, state, [3, 3, 3], [1, 1, 1])
    assert state.players[0].tokens == [4] and state.players[1].tokens == [1, 2, 3, 5]


def test_AH_W3_strength_is_dice_plus_tilted_population_plus_permanent_modifiers() -> None:
    state, game = _war_state(
        p1={"civilization": ["Weapons", "The Fire", "Hunting"], "tilted": []},
        p2={"civilization": ["Fishing"], "tokens": [1]},
    )
    weapons, fire, hunting = state.players[0].active_cards()
    state.players[0].tilted = [weapons]  # tilted before the war: its bonus is spent
    options = [o.text for o in war.tilt_options(game, state, WAR(game), 0)]
    assert options[0] == "tilt The Fire, Hunting (+3)" and not any("Weapons" in t for t in options)
    # dice 2+2+1, The Fire tilted +2, Weapons' "war +1" (permanent, although tilted)
    a, d = _fight(game, state, [2, 2, 1], [1, 1, 1], tilted=([fire], []))
    assert (a, d) == (5 + 2 + 1, 3)
    # the untilted Hunting adds nothing: only the cards tilted for the war count
    assert hunting not in state.players[0].tilted


def test_AH_W6_universal_tokens_never_add_to_a_war() -> None:
    state, game = _war_state(p1={"universal resource": 2}, p2={"universal resource": 2})
    a, d = _fight(game, state, [1, 1, 1], [1, 1, 1])
    assert (a, d) == (3, 3)
    assert state.players[0].counters["universal resource"] == 2
    assert state.players[1].counters["universal resource"] == 2
    tilt_texts = [o.text for o in war.tilt_options(game, state, WAR(game), 0)]
    assert tilt_texts == ["tilt nothing (+0)"]


def test_AH_W4_generals_give_re_rolls_whether_tilted_or_not_but_not_in_decadence() -> None:
    base = {"events": ["Coast", "Desert", "Steppes"]}
    s = spec(
        {**base, "civilization": ["Julius Caesar", "Hannibal"]},
        {"events": ["Bocage", "Medicine", "Pompei"]},
        age="antiquity",
    )
    state, game = build(s, SCENARIOS)
    state.players[0].tilted = state.players[0].active_cards()[:1]
    assert war._rerolls(game, state, WAR(game), 0) == 2
    s["position"]["players"][1]["civilization"] = ["Hannibal > Julius Caesar"]
    state, game = build(s, SCENARIOS)
    assert war._rerolls(game, state, WAR(game), 0) == 1
