"""Saves resume exactly what they saved: every position the engine reaches saves and loads back
to the same position with the same legal actions; a card is named uniquely (its age and its id)
wherever a save names it; a save that is inconsistent is refused with one SaveError naming the
problem, never another exception; a changed pack refuses only the saves whose cards changed."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.core.state import FRAME_FIELDS
from interpreter.tools import scenario
from interpreter.tools.saves import (
    ChangedCards,
    SaveError,
    card_key,
    load_data,
    load_text,
    save_data,
    save_text,
)
from tests.zones import ZONE_LEGACY

HERE = Path(__file__).parent
SCENARIOS = HERE.parent / "scenarios" / "along_history" / "cards"
INTERPRETER = HERE.parents[1] / "interpreter"


@cache
def game(variant: str | None = None, board: str | None = None, ages: str | None = None) -> Game:
    return Game.load(bundled(), variant=variant, board=board, ages=ages)


def bots(seed: int, players: int, kinds: str) -> list:
    make = {"random": RandomBot, "greedy": GreedyBot}
    names = kinds.split(",")
    return [make[names[i % len(names)]](seed * 10 + i) for i in range(players)]


def round_trip(g: Game, state: Any) -> Any:
    loaded, warnings, _ = load_text(g, save_text(g, state))
    assert not warnings
    return loaded


def same_decision(g: Game, state: Any, loaded: Any) -> None:
    assert loaded.digest() == state.digest(), g.line(state)
    assert [a.to_data() for a in g.legal_actions(loaded)] == [
        a.to_data() for a in g.legal_actions(state)
    ], g.line(state)


# ------------------------------------------------------------------ item 10: own saves load


def test_every_field_a_rule_writes_in_a_frame_is_a_field_of_a_frame() -> None:
    """One definition: the fields the interpreter's sources read and write in a frame are
    the fields the save loader accepts (FRAME_FIELDS), so a rule's own state always saves."""
    used: set[str] = set()
    for path in INTERPRETER.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bframe\]?\s*\[\s*"(\w+)"\s*\]', text))
        used |= set(re.findall(r'\bframe\.(?:get|pop|setdefault)\(\s*"(\w+)"', text))
    assert {"prog", "pc", "player", "it", "it_counter", "doer"} <= used
    assert used <= set(FRAME_FIELDS), sorted(used - set(FRAME_FIELDS))


def robin_hood(upto: int) -> tuple[Any, Game, list[str]]:
    path = SCENARIOS / "middle_ages-robin-hood.yaml"
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    actions = spec["actions"]
    spec["actions"] = actions[:upto]
    state, g = scenario.run(spec, path.parent)
    return state, g, actions[upto:]


def test_robin_hood_waiting_for_whom_is_saved_and_resumed_exactly() -> None:
    """Saved while "give half of it" asks "Give: whom?" (a frame holds the counter of "it")."""
    state, g, rest = robin_hood(1)
    assert state.pending["prompt"] == "Give: whom?"
    assert any("it_counter" in frame for frame in state.frames)
    loaded = round_trip(g, state)
    same_decision(g, state, loaded)
    answer = scenario.match(g.choices(loaded), rest[0])
    assert answer is not None
    after = g.apply(loaded, answer)
    straight = g.apply(state, answer)
    assert after.digest() == straight.digest()
    assert after.players[2].counters["gold"] == 9  # 4 + half of the 11 taken


GAMES = [  # (variant, players, bots, seed): whole games, a save at every decision
    (None, 3, "random,greedy", 1),
    ("progressive", 2, "greedy", 2),
]
SOAK_GAMES = [
    ("introductory", 4, "random", 3),
    ("no war", 5, "greedy,random", 4),
    ("linear", 3, "greedy", 5),
    (None, 4, "greedy", 7),
    ("back:antiquity+middle_ages", 3, "random,greedy", 8),  # a board side and ages
    ("front:middle_ages", 5, "random", 9),
]


def every_decision_round_trips(variant: str | None, players: int, kinds: str, seed: int) -> None:
    board, ages = variant.split(":") if variant and ":" in variant else (None, None)
    g = game(None, board, ages) if board else game(variant)
    seats = bots(seed, players, kinds)
    state = g.new(players, seed=seed)
    decisions = 0
    while not state.over:
        same_decision(g, state, round_trip(g, state))
        state = g.apply(state, seats[state.to_move].choose(g, state, g.choices(state)))
        decisions += 1
    assert decisions > 100
    assert round_trip(g, state).digest() == state.digest()  # the game over, too


@pytest.mark.parametrize(("variant", "players", "kinds", "seed"), GAMES)
def test_a_save_at_every_decision_of_a_game_loads_the_same_position(
    variant: str | None, players: int, kinds: str, seed: int
) -> None:
    every_decision_round_trips(variant, players, kinds, seed)


@pytest.mark.soak
@pytest.mark.parametrize(("variant", "players", "kinds", "seed"), SOAK_GAMES)
def test_soak_a_save_at_every_decision_loads_the_same_position(
    variant: str | None, players: int, kinds: str, seed: int
) -> None:
    every_decision_round_trips(variant, players, kinds, seed)


# ------------------------------------------------------------------ item 11: unique names


def duplicated_cards() -> list[Any]:
    """The cards whose id another age's card has too."""
    ids = Counter(info.id for info in game().catalog.cards)
    return [info for info in game().catalog.cards if ids[info.id] > 1]


def failing(info: Any) -> tuple[Any, Game]:
    """A position where the calamity `info` fails and its rule asks which card to destroy."""
    g = game()
    twin = next(
        c
        for c in g.catalog.cards
        if c.age == info.age
        and c.type != info.type
        and c.has_bonus()
        and g.pack.cards[c.index].copies >= 2
    )
    spec = {
        "players": 3,
        "seed": 1,
        "age": info.age,
        "position": {
            "active": 1,
            "players": {1: {"civilization": [twin.name, twin.name], "events": [info.name]}},
        },
        "actions": ["end your actions"],
    }
    return scenario.run(spec, SCENARIOS)


def test_ids_repeat_across_ages_in_the_pack() -> None:
    assert len(duplicated_cards()) >= 5  # Famine in three ages, Volcanic Eruption in two


@pytest.mark.parametrize("info", duplicated_cards(), ids=lambda i: f"{i.age}-{i.id}")
def test_a_rule_of_a_card_whose_id_repeats_resumes_as_the_same_rule(info: Any) -> None:
    state, g = failing(info)
    assert state.frames[-1]["prog"].startswith(f"card:{info.index}:")
    data = save_data(g, state)
    assert data["state"]["frames"][-1]["prog"].startswith(f"card:{info.age}/{info.id}:")
    loaded, _, _ = load_data(g, data)
    assert loaded.frames[-1]["prog"] == state.frames[-1]["prog"]
    same_decision(g, state, loaded)


def version_3(data: dict[str, Any]) -> dict[str, Any]:
    """A save as format version 3 wrote it: Along History's zones as fields of their own, a
    payment's card of the archive (and the turn's flag of one used) named "legacy"."""
    text = json.dumps(data["state"]).replace('"archive"', '"legacy"')
    state = json.loads(text.replace('"archive_used"', '"legacy_used"'))
    shared = state.pop("zones")
    state["deck"], state["discard"] = shared["deck"], shared["discard pile"]
    for player in state["players"]:
        zones = player.pop("zones")
        player["events"], player["legacy"] = zones["events"], zones["legacy"]
        player["civilization"] = player.pop("tableau")
    return {**data, "version": 3, "state": state}


def test_a_save_of_format_version_3_is_read_as_it_was_written() -> None:
    """Format 4 saves zones by the pack's names; a save of version 3 (Along History's zones
    as fields of the state) resumes at the same position."""
    for text in saves_at().values():
        g = game()
        state, _, _ = load_text(g, text)
        loaded, _, _ = load_data(g, version_3(json.loads(text)))
        assert loaded.digest() == state.digest()


def version_2(g: Game, data: dict[str, Any]) -> dict[str, Any]:
    """A save as format version 2 wrote it: card ids without their age, copies numbered
    across the ages, rules named by the card's id (and the zones of version 3)."""
    data = version_3(data)
    numbered: Counter[str] = Counter()
    old = []
    for index in g.catalog.copies:
        card_id = g.catalog.cards[index].id
        numbered[card_id] += 1
        old.append(card_id if numbered[card_id] == 1 else f"{card_id}#{numbered[card_id]}")
    by_new = dict(zip(data["copies"], old, strict=True))
    text = json.dumps(data["state"])
    for new in sorted(by_new, key=len, reverse=True):
        text = text.replace(f'"{new}"', f'"{by_new[new]}"')
    text = re.sub(r'"card:[a-z_]+/', '"card:', text)
    return {
        **data,
        "version": 2,
        "copies": old,
        "state": json.loads(text),
        "cards": {key.split("/")[1]: v for key, v in data["cards"].items()},
    }


@pytest.mark.parametrize("info", duplicated_cards()[:2], ids=lambda i: f"{i.age}-{i.id}")
def test_a_save_of_format_version_2_is_read_where_its_names_are_unambiguous(info: Any) -> None:
    state, g = failing(info)
    old = version_2(g, save_data(g, state))
    assert old["state"]["frames"][-1]["prog"].startswith(f"card:{info.id}:")
    loaded, _, _ = load_data(g, old)
    same_decision(g, state, loaded)


# ------------------------------------------------------------------ item 12: inconsistent saves


@cache
def saves_at() -> dict[str, str]:
    """A save at the first decision of each kind met in a game, by kind (as JSON text)."""
    g = game()
    state, seats, found = g.new(3, seed=3), bots(3, 3, "greedy,random"), {}
    while not state.over and len(found) < 6:
        found.setdefault(state.pending["kind"], save_text(g, state))
        state = g.apply(state, seats[state.to_move].choose(g, state, g.choices(state)))
    return found


def drop_player(data: dict, n: int) -> None:
    players = data["state"]["players"]
    del players[n % len(players)]
    for seat, player in enumerate(players):
        player["seat"] = seat


def add_player(data: dict, n: int) -> None:
    players = data["state"]["players"]
    new = json.loads(json.dumps(players[n % len(players)]))  # a copy, at a seat of its own
    new["seat"] = len(players)
    players.append(new)


def lose_card(data: dict, n: int) -> None:
    state = data["state"]
    if data["version"] >= 4:  # the zones by the pack's names
        zones = [state["zones"]["deck"], *(p["zones"]["events"] for p in state["players"])]
    else:
        zones = [state["deck"], *(p["events"] for p in state["players"])]
    zone = next(z for z in zones[n % len(zones) :] + zones if z)
    zone.pop()


def double_frames(data: dict, n: int) -> None:
    data["state"]["frames"] = data["state"]["frames"] * 2


def a_player(data: dict, n: int) -> dict:
    players = data["state"]["players"]
    return players[n % len(players)]


def rich_tokens(data: dict, n: int) -> None:
    a_player(data, n)["tokens"] = [1000] * 50


def many_tokens(data: dict, n: int) -> None:
    a_player(data, n)["tokens"] = [1] * 50


def winners_while_running(data: dict, n: int) -> None:
    data["state"]["winners"] = [a_player(data, n)["seat"]]


def other_age(data: dict, n: int) -> None:
    data["state"]["age"] = 1 + n % 2


def header(field: str, value: Any) -> Callable[[dict, int], None]:
    def change(data: dict, n: int) -> None:
        data[field] = value

    return change


MUTANTS: dict[str, tuple[Callable[[dict, int], None], str]] = {
    # name: (the change, what the refusal names first)
    "a player removed": (drop_player, "state"),
    "a player added": (add_player, "state"),
    "a card in no zone": (lose_card, "state: the card"),
    "the frame stack doubled": (double_frames, "state.frames["),
    "50 tokens of value 1000": (rich_tokens, "state.players["),
    "50 tokens of value 1": (many_tokens, "state.players["),
    "winners on a running game": (winners_while_running, "state.winners"),
    "the age index changed": (other_age, "state."),
    "variant []": (header("variant", []), "variant:"),
    "board []": (header("board", []), "board:"),
    "ages []": (header("ages", []), "ages:"),
    "ages [1]": (header("ages", [1]), "ages:"),
    "variant 7": (header("variant", 7), "variant:"),
}


@pytest.mark.parametrize("version", [4, 3, 2])
@pytest.mark.parametrize("name", list(MUTANTS))
def test_an_inconsistent_save_is_refused_naming_the_problem(name: str, version: int) -> None:
    change, field = MUTANTS[name]
    data = json.loads(saves_at()["action"])
    if version == 3:
        data = version_3(data)
    if version == 2:
        data = version_2(game(), data)
    change(data, 0)
    with pytest.raises(SaveError) as caught:
        load_data(game(), data)
    assert str(caught.value).startswith(field), str(caught.value)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["action", "payment", "board", "war", "card", "choose"]),
    mutants=st.lists(st.sampled_from(list(MUTANTS)), min_size=1, max_size=3),
    n=st.integers(0, 20),
)
def test_fuzzed_inconsistent_saves_are_refused_clearly(
    kind: str, mutants: list[str], n: int
) -> None:
    """Every mix of the mutants, on saves at decisions of every kind: a SaveError that names
    a field, never another exception and never a game that loads."""
    # a player added and then removed (or removed, then added as a copy of another) can give
    # back a save that is whole again: such a pair is no inconsistency
    assume(not {"a player added", "a player removed"} <= set(mutants))
    saves = saves_at()
    data = json.loads(saves.get(kind, saves["action"]))
    for name in mutants:
        MUTANTS[name][0](data, n)
    with pytest.raises(SaveError) as caught:
        load_data(game(), data)
    message = str(caught.value)
    assert re.match(r"^[a-z]+[\w.\[\]]*: ", message) and "Traceback" not in message, message


# ------------------------------------------------------------------ item 4: a changed pack


def changed_pack(tmp_path: Path, file: str, old: str, new: str) -> Game:
    folder = tmp_path / "along_history"
    shutil.copytree(bundled(), folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    return Game.load(folder)


def early_save() -> str:
    """A save in the first age, before any later card is dealt."""
    g = game()
    state, seats = g.new(3, seed=3), bots(3, 3, "greedy")
    for _ in range(30):
        state = g.apply(state, seats[state.to_move].choose(g, state, g.choices(state)))
    assert state.age == 0
    return save_text(g, state)


# the Middle Ages' Famine: a card of an age the early save has not dealt
LATER = ("middle_ages.yaml", 'discardable if you own "Plough"', 'discardable if you own "Mill"')
# Forest, dealt in the first age
DEALT = (
    "prehistory.yaml",
    "name: Forest\n    type: land\n    copies: 2\n    cost: 5 population",
    "name: Forest\n    type: land\n    copies: 2\n    cost: 4 population",
)


def test_a_card_the_save_never_met_may_change(tmp_path: Path) -> None:
    g = changed_pack(tmp_path, *LATER)
    state, warnings, _ = load_text(g, early_save())
    assert state.digest() == load_text(game(), early_save())[0].digest()
    assert len(warnings) == 1 and "every card the game has met is unchanged" in warnings[0]


def test_a_changed_card_the_game_holds_is_refused_naming_it(tmp_path: Path) -> None:
    g = changed_pack(tmp_path, *DEALT)
    with pytest.raises(ChangedCards) as caught:
        load_text(g, early_save())
    assert caught.value.cards == ["prehistory/forest"]
    assert "no longer mean the same: Forest (Prehistory)" in str(caught.value)


def test_a_changed_card_loads_anyway_when_asked_with_a_warning(tmp_path: Path) -> None:
    g = changed_pack(tmp_path, *DEALT)
    state, warnings, _ = load_text(g, early_save(), force=True)
    assert state.log == load_text(game(), early_save())[0].log
    assert warnings == [
        "the pack 'Along History' has changed since this game was saved: "
        "loaded anyway, with Forest (Prehistory) as they are now"
    ]
    seats = bots(4, 3, "random")
    while not state.over:  # and it plays on to the end
        state = g.apply(state, seats[state.to_move].choose(g, state, g.choices(state)))
    assert state.winners


def test_a_copy_added_to_a_dealt_age_is_refused_even_when_forced(tmp_path: Path) -> None:
    g = changed_pack(
        tmp_path,
        "prehistory.yaml",
        "name: Hills\n    type: land\n    copies: 2",
        "name: Hills\n    type: land\n    copies: 3",
    )
    with pytest.raises(
        SaveError,
        match=r"^copies: the pack has changed since the save: the "
        r"copies of Hills \(Prehistory\) are",
    ):
        load_text(g, early_save(), force=True)


def test_every_card_key_is_unique_in_the_pack() -> None:
    keys = [card_key(card) for card in game().pack.cards]
    assert len(keys) == len(set(keys))


def test_a_scenario_position_with_the_age_parked_in_a_legacy_saves_and_loads() -> None:
    """Scenarios may put cards of the age played in a legacy (to empty the deck)."""
    path = SCENARIOS / "antiquity-piracy.yaml"
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    state, g = scenario.build(spec, path.parent)
    age = g.ages[state.age]
    assert any(g.catalog.info(c).age == age for p in state.players for c in p.zones[ZONE_LEGACY])
    same_decision(g, state, round_trip(g, state))


def scenario_ends() -> list[Path]:
    return sorted((HERE.parent / "scenarios").rglob("*.yaml"))


@pytest.mark.soak
def test_soak_the_position_every_scenario_ends_in_saves_and_loads() -> None:
    """Every scenario file's last position waiting for a decision round-trips, but for one
    kind no real game reaches: a card of the age played that the scenario put in a legacy and
    that was spent from there (a spent legacy card leaves the game: a real legacy holds cards
    of earlier ages only), so that copy of the age is in no zone and the save is refused."""
    tried = 0
    for path in scenario_ends():
        spec = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(spec, dict) or not spec.get("actions"):
            continue
        try:
            state, g = scenario.run(spec, path.parent)
        except (scenario.ScenarioError, ValueError):
            continue  # the scenario files meant to fail
        if state.pending is None:
            continue
        tried += 1
        try:
            same_decision(g, state, round_trip(g, state))
        except SaveError as e:
            legacies = [
                n
                for p in (spec["position"].get("players") or {}).values()
                for n in (p or {}).get("legacy") or []
            ]
            spent = [
                n
                for n in legacies
                if not any(g.name(c) == n for p in state.players for c in p.zones[ZONE_LEGACY])
            ]
            assert "in no zone" in str(e) and spent, f"{path.name}: {e}"
    assert tried > 200


@pytest.mark.parametrize("roles", [False, ["attacker"], {"attacker": 9}, {"defender": "x"}])
def test_a_frame_whose_roles_are_not_roles_and_seats_is_refused(roles: Any) -> None:
    """A frame's roles name seats (found by the fuzz campaign: `roles: false` loaded, then the
    next move crashed)."""
    data = json.loads(saves_at()["action"])
    data["state"]["frames"][0]["roles"] = roles
    with pytest.raises(SaveError) as caught:
        load_data(game(), data)
    assert str(caught.value).startswith("state.frames[0].roles"), str(caught.value)
