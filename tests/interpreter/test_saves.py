"""Saved games: a save names its format, pack and variant, refers to cards by id, and loading
checks every invariant of the position, refusing a bad save with one message naming the field.
A game saved and resumed with bots goes on exactly as the uninterrupted one."""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agesmith.cli import main
from cards import bundled
from interpreter import Game, IllegalActionError
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.tools.saves import SaveError, load_data, load_text, save_data, save_text


@cache
def game(variant: str | None = None) -> Game:
    return Game.load(bundled(), variant=variant)


def bots(seed: int, players: int = 3) -> list:
    return [RandomBot(seed * 10 + i) if i % 2 else GreedyBot(seed * 10 + i) for i in range(players)]


def advance(g: Game, state: Any, players: list, n: int) -> Any:
    for _ in range(n):
        if state.over:
            break
        state = g.apply(state, players[state.to_move].choose(g, state, g.choices(state)))
    return state


@cache
def saved(seed: int = 3, moves: int = 80) -> str:
    g = game()
    return save_text(g, advance(g, g.new(3, seed=seed), bots(seed), moves), {"seed": seed})


def refused(data: dict[str, Any], field: str) -> str:
    with pytest.raises(SaveError) as caught:
        load_data(game(), data)
    message = str(caught.value)
    assert message.startswith(field), message
    return message


def fresh(kind: str = "action") -> dict[str, Any]:
    return json.loads(saved() if kind == "action" else other_decisions()[kind])


# ------------------------------------------------------------------ round trips


def test_a_save_names_its_format_pack_variant_and_cards_by_id() -> None:
    data = fresh()
    assert data["format"] == "agesmith saved game" and data["version"] == 4
    assert data["pack"]["name"] == "Along History" and len(data["pack"]["hash"]) == 16
    assert data["variant"] is None and data["ages"] == list(game().ages)
    events = data["state"]["players"][0]["zones"]["events"]
    assert events and all(isinstance(c, str) for c in events)
    assert all(isinstance(c, str) for c in data["state"]["zones"]["deck"])


def test_saving_and_loading_keeps_the_position() -> None:
    g = game()
    state = advance(g, g.new(3, seed=3), bots(3), 80)
    loaded, warnings, extra = load_text(g, save_text(g, state, {"seed": 3}))
    assert loaded.digest() == state.digest() and not warnings and extra == {"seed": 3}
    assert loaded.log == state.log


@pytest.mark.parametrize("seed", [1, 2])
def test_a_resumed_game_goes_on_exactly_as_the_uninterrupted_one(seed: int) -> None:
    g = game()
    start = advance(g, g.new(3, seed=seed), bots(seed), 60)
    straight = advance(g, start, bots(seed), 10_000)
    resumed, _, _ = load_text(g, save_text(g, start))
    again = advance(g, resumed, bots(seed), 10_000)  # new bots: nothing hidden in them
    assert straight.over and again.digest() == straight.digest()


def test_the_playout_path_plays_the_same_game_as_apply() -> None:
    g = game()
    applied = g.new(3, seed=9)
    played = g.new(3, seed=9, quiet=True)
    random = [RandomBot(i) for i in range(3)]
    while not applied.over:
        choice = random[applied.to_move].choose(g, applied, g.choices(applied))
        assert random[played.to_move].choose(g, played, g.choices(played)) == choice
        applied = g.apply(applied, choice)
        g.play(played, choice)
        assert played.digest() == applied.digest()
    assert played.over and not played.log and applied.log


def test_complete_actions_and_menu_steps_give_the_same_game() -> None:
    g = game()
    state = g.new(3, seed=5)
    full = next(a for a in g.legal_actions(state) if a.kind == "acquire")
    one = g.apply(state, full)
    head = next(
        a
        for a in g.choices(state)
        if a.kind == "acquire" and a.params["card"] == full.params["card"]
    )
    middle = g.apply(state, head)
    assert middle.pending["kind"] == "payment"
    pay = next(a for a in g.choices(middle) if all(a.params[k] == full.params[k] for k in a.params))
    assert g.apply(middle, pay).digest() == one.digest()
    assert "paying" in full.text and pay.text.startswith("pay with")


def test_an_illegal_complete_action_changes_nothing() -> None:
    g = game()
    state = g.new(3, seed=5)
    before = state.digest()
    full = next(a for a in g.legal_actions(state) if a.kind == "acquire")
    wrong = type(full)("acquire", {**full.params, "dice": [99]})
    with pytest.raises(IllegalActionError):
        g.apply(state, wrong)
    with pytest.raises(IllegalActionError):
        g.play(state, wrong)
    assert state.digest() == before


# ------------------------------------------------------------------ refused saves


def test_counters_must_be_whole_numbers_in_bounds() -> None:
    for bad in (-50, 2.5, "lots", None, True, 10**30):
        data = fresh()
        data["state"]["players"][1]["counters"]["gold"] = bad
        refused(data, "state.players[1].counters.gold")
    data = fresh()
    data["state"]["players"][0]["counters"]["universal resource"] = 7
    assert "at most 2" in refused(data, "state.players[0].counters.universal resource")


def test_nan_is_not_json() -> None:
    text = saved().replace('"rng": ', '"rng": NaN, "x": ', 1)
    with pytest.raises(SaveError, match="not JSON"):
        load_text(game(), text)


def test_each_card_is_in_one_place() -> None:
    data = fresh()
    data["state"]["zones"]["discard pile"].append(data["state"]["players"][0]["zones"]["events"][0])
    assert "each card is in one place" in refused(data, "state.")


def test_a_payment_asked_for_a_card_no_longer_held_is_refused() -> None:
    """Saved while asking how to pay for a card: the card must still be on the menu."""
    data = fresh("payment")
    seat = data["state"]["pending"]["player"]
    data["state"]["zones"]["discard pile"] += data["state"]["players"][seat]["zones"]["events"]
    data["state"]["players"][seat]["zones"]["events"] = []
    assert "not on the menu" in refused(data, "state.frames")


@pytest.mark.parametrize("bad", [-1, 99999, "no-such-card", None, ["forest"]])
def test_unknown_cards_are_refused(bad: Any) -> None:
    data = fresh()
    data["state"]["players"][2]["zones"]["events"].append(bad)
    refused(data, "state.players[2].zones.events[")


def test_players_and_seats_must_agree() -> None:
    data = fresh()
    del data["state"]["players"][1]
    assert "seat" in refused(data, "state.players[1].seat")
    data = fresh()
    data["state"]["pending"]["player"] = 9
    refused(data, "state.pending.player")
    data = fresh()
    data["state"]["players"] = data["state"]["players"][:1]
    assert "for 2 to" in refused(data, "state.players")
    data = fresh()
    data["state"]["active"] = 5
    refused(data, "state.active")


def test_a_missing_deck_is_refused() -> None:
    data = fresh()
    del data["state"]["zones"]["deck"]
    assert "missing" in refused(data, "state.zones.deck")


def test_over_and_pending_must_agree() -> None:
    data = fresh()
    data["state"]["over"] = True
    data["state"]["winners"] = [0]
    for player in data["state"]["players"]:
        player["age_scores"].append(player["score"])
    assert "over" in refused(data, "state.pending")
    data = fresh()
    data["state"]["pending"] = None
    refused(data, "state.pending")


def test_frames_name_programs_that_exist() -> None:
    data = fresh()
    data["state"]["frames"][0]["prog"] = "phase:no such phase"
    refused(data, "state.frames[0].prog")
    data = fresh()
    data["state"]["frames"][0]["pc"] = 10_000
    refused(data, "state.frames[0].pc")


def test_a_pending_action_decision_must_be_the_positions_own() -> None:
    g = game()
    state = g.new(3, seed=4)
    data = save_data(g, state)
    data["state"]["pending"]["options"].append({"kind": "acquire", "params": {"card": 0}})
    assert "not the decision the rules ask for" in refused(data, "state.pending")


@cache
def other_decisions() -> dict[str, str]:
    """A save at the first decision of each kind met in a game, by kind."""
    g = game()
    state, players, found = g.new(3, seed=3), bots(3), {}
    while not state.over:
        found.setdefault(state.pending["kind"], save_text(g, state))
        state = advance(g, state, players, 1)
    return found


def test_every_kind_of_decision_is_saved_and_resumed() -> None:
    g = game()
    kinds = other_decisions()
    assert {"action", "payment", "board", "war", "decadence"} <= set(kinds)
    for text in kinds.values():
        state, _, _ = load_text(g, text)
        assert save_text(g, state) == text


def test_a_decision_with_other_choices_is_refused() -> None:
    for kind in ("board", "war", "decadence", "payment"):
        data = json.loads(other_decisions()[kind])
        data["state"]["pending"]["options"][0]["params"] = {"card": 9999}
        refused(data, "state.pending")


def test_a_save_of_the_old_format_is_refused_naming_its_version() -> None:
    old = {
        "format": "agesmith saved game",
        "version": 1,
        "pack": "cards/along_history",
        "state": {"players": []},
    }
    with pytest.raises(SaveError, match="format version 1"):
        load_data(game(), old)


def test_a_save_of_another_variant_is_refused() -> None:
    data = fresh()
    data["variant"] = "introductory"
    refused(data, "variant")


# ------------------------------------------------------------------ a changed pack


def changed_pack(tmp_path: Path, old: str, new: str, file: str = "game.yaml") -> Game:
    folder = tmp_path / "along_history"
    shutil.copytree(bundled(), folder)
    path = next(folder.rglob(file))
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return Game.load(folder)


def test_a_changed_pack_whose_cards_are_the_same_loads_with_a_warning(tmp_path: Path) -> None:
    g = changed_pack(tmp_path, "Build a civilization", "Grow a civilization")
    state, warnings, _ = load_text(g, saved())
    assert warnings and "has changed" in warnings[0]
    assert state.digest() == load_text(game(), saved())[0].digest()


def test_a_changed_card_is_refused(tmp_path: Path) -> None:
    g = changed_pack(
        tmp_path,
        "cost: 5 population, ingenuity\n    points: 1",
        "cost: 4 population, ingenuity\n    points: 1",
        "prehistory.yaml",
    )
    with pytest.raises(
        SaveError,
        match=r"cards: the pack .* has changed since the save, and "
        r"these cards of the game no longer mean the same: "
        r"Forest \(Prehistory\)",
    ):
        load_text(g, saved())


def test_a_pack_with_a_card_added_is_refused(tmp_path: Path) -> None:
    g = changed_pack(tmp_path, "  - id: hills\n", "  - id: hills\n", "prehistory.yaml")
    assert load_text(g, saved())[1] == []  # the same content: no warning at all
    g = changed_pack(
        tmp_path / "more",
        "cards:\n",
        "cards:\n  - id: meadow\n    name: "
        "Meadow\n    type: land\n    cost: 2 population\n    points: 1\n\n",
        "prehistory.yaml",
    )
    with pytest.raises(SaveError, match="copies: the pack has changed"):
        load_text(g, saved())


def test_the_cli_refuses_a_bad_save_without_a_traceback(tmp_path: Path) -> None:
    data = fresh()
    data["state"]["players"][0]["counters"]["gold"] = "lots"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["play", str(bundled()), "--load", str(bad)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "state.players[0].counters.gold: must be a whole number" in result.output


# ------------------------------------------------------------------ fuzz


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a save's data."""
    out = [path]
    if path[-1:] in (("extra",), ("log",)):
        return out
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            out += _paths(v, (*path, i))
    return out


def _fuzzable(save: dict[str, Any]) -> list[tuple]:
    """The places a fuzzed save may change: all but the working data of the rules below the
    one that waits (their frames' locals, which only their handlers read, later on)."""
    top = len(save["state"]["frames"]) - 1
    return [
        p
        for p in _paths(save)
        if p
        and not (
            p[:2] == ("state", "frames") and len(p) > 3 and p[2] != top and p[3] in ("loc", "roles")
        )
    ]


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.lists(st.integers(-5, 200), max_size=3),
    st.just({}),
    st.just([]),
)


def fuzz_save(draw: st.DrawFn, save: dict[str, Any]) -> dict[str, Any]:
    """`save` (changed in place) with 1 to 3 of its places deleted or replaced by junk
    (`benchmarks/fuzz_campaign.py` mutates the saves it writes so)."""
    places = _fuzzable(save)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(places))
        parent = save
        try:
            for key in path[:-1]:
                parent = parent[key]
            if draw(st.booleans()) and isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent[path[-1]] = draw(JUNK)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed this place
    return save


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzzed_saves_load_or_are_refused_clearly(data: st.DataObject) -> None:
    save = fresh(
        data.draw(
            st.sampled_from(["action", "payment", "board", "war", "decadence", "choose", "card"])
        )
    )
    save = fuzz_save(data.draw, save)
    g = game()
    try:
        state, _, _ = load_data(g, save)
    except SaveError as e:
        assert str(e) and "Traceback" not in str(e)
        return
    state = advance(g, state, [RandomBot(i) for i in range(len(state.players))], 20)
