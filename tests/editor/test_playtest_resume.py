"""The Playtest's saves: whatever a save file or the autosave holds, reading it gives a game or
one SaveError with a message, never another exception; an autosave that cannot be resumed is
kept aside (not deleted) and the page says why and where, then offers a new game; a game whose
cards have changed since can be resumed anyway."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from editor import playtest as pt
from editor.state import PACK_ENV
from interpreter.tools import scenario
from interpreter.tools.saves import save_text

APP = str(Path(__file__).parents[2] / "editor" / "app.py")
ROBIN_HOOD = (
    Path(__file__).parents[1]
    / "scenarios"
    / "along_history"
    / "cards"
    / "middle_ages-robin-hood.yaml"
)


@cache
def a_save(pack: str) -> str:
    table = pt.new_table(pack, [pt.PERSON, "greedy"], 1, ages=["prehistory"])
    for _ in range(12):
        if table.person_to_move():
            table.choose(table.state.moves, table.game.choices(table.state)[0])
        else:
            table.bot_step()
    return table.save_text()


def autosave(pack: Path, text: str) -> Path:
    path = pack / pt.AUTOSAVE
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("variant", []),
        ("board", []),
        ("ages", []),
        ("ages", [3]),
        ("variant", {"a": 1}),
        ("ages", "prehistory"),
    ],
)
def test_a_header_of_the_wrong_type_is_refused_with_its_name(
    pack_copy: Path, field: str, value: Any
) -> None:
    data = json.loads(a_save(str(pack_copy)))
    data[field] = value
    with pytest.raises(pt.SaveError, match=f"^{field}: must be"):
        pt.load_table(json.dumps(data))


def test_a_pack_path_no_file_can_have_falls_back_to_the_pack(pack_copy: Path) -> None:
    data = json.loads(a_save(str(pack_copy)))
    data["extra"]["playtest"]["source"] = "pack\x00name"
    assert pt.load_table(json.dumps(data), fallback=pack_copy).state.moves == data["state"]["moves"]
    data["extra"]["playtest"]["actions"] = [5, "x", [None, None]]
    table = pt.load_table(json.dumps(data), fallback=pack_copy)
    assert not table.history and any("undo starts from here" in w for w in table.warnings)


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.text(max_size=6),
    st.lists(st.one_of(st.integers(-3, 3), st.text(max_size=3)), max_size=3),
    st.just({}),
    st.just({"kind": 1}),
    st.just([[{"kind": "x"}, True]]),
)
PLACES = [
    ("variant",),
    ("board",),
    ("ages",),
    ("extra",),
    ("extra", "playtest"),
    ("extra", "playtest", "source"),
    ("extra", "playtest", "seats"),
    ("extra", "playtest", "seed"),
    ("extra", "playtest", "actions"),
    ("state", "age"),
    ("state", "players"),
    ("state", "frames"),
    ("pack", "hash"),
    ("copies",),
    ("cards",),
]


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(changes=st.lists(st.tuples(st.sampled_from(PLACES), JUNK), min_size=1, max_size=3))
def test_fuzzed_playtest_saves_load_or_are_refused_clearly(pack_copy: Path, changes: list) -> None:
    data = json.loads(a_save(str(pack_copy)))
    for path, value in changes:
        parent = data
        for key in path[:-1]:
            parent = parent.get(key) if isinstance(parent, dict) else None
        if isinstance(parent, dict):
            parent[path[-1]] = value
    try:
        table = pt.load_table(json.dumps(data), fallback=pack_copy)
    except pt.SaveError as e:
        assert str(e)
        return
    if table.bot_to_move():  # and it plays on
        table.bot_step()


def test_a_game_waiting_for_robin_hoods_whom_resumes_from_the_autosave(pack_copy: Path) -> None:
    spec = yaml.safe_load(ROBIN_HOOD.read_text(encoding="utf-8"))
    spec["actions"] = spec["actions"][:1]
    state, game = scenario.run(spec, ROBIN_HOOD.parent)
    autosave(pack_copy, save_text(game, state, {"playtest": {"source": str(pack_copy)}}))
    table = pt.resume(pack_copy)
    assert table is not None and table.state.digest() == state.digest()
    assert table.state.pending["prompt"] == "Give: whom?"


def test_an_autosave_that_cannot_be_resumed_is_kept_aside_and_said(pack_copy: Path) -> None:
    data = json.loads(a_save(str(pack_copy)))
    data["state"]["winners"] = [1]
    text = json.dumps(data)
    path = autosave(pack_copy, text)
    with pytest.raises(pt.SaveError) as caught:
        pt.resume(pack_copy)
    aside = path.with_name("playtest-unreadable-1.json")
    assert "state.winners" in str(caught.value)
    assert f"kept, not deleted: it is now {aside}" in str(caught.value)
    assert not path.exists() and aside.read_text(encoding="utf-8") == text


def page(pack: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv(PACK_ENV, str(pack))
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("app_pages/playtest.py").run()
    assert not at.exception
    return at


def test_the_page_says_why_a_game_was_not_resumed_and_offers_a_new_one(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = autosave(pack_copy, '{"format": "agesmith saved game", "version": 3, "ages": []}')
    at = page(pack_copy, monkeypatch)
    warning = "\n".join(w.value for w in at.warning)
    assert "The unfinished game could not be resumed: ages: must be a list" in warning
    assert "kept, not deleted" in warning and path.with_name("playtest-unreadable-1.json").exists()
    at.selectbox(key="pt_ages").select("Prehistory").run()
    at.button(key="pt_start").click().run()  # a new game starts
    assert not at.exception and any(b.key.startswith("choice-") for b in at.button if b.key)


def changed_forest(pack: Path) -> None:
    cards = pack / "prehistory.yaml"
    text = cards.read_text(encoding="utf-8")
    old = "name: Forest\n    type: land\n    copies: 2\n    cost: 5 population"
    assert text.count(old) == 1
    cards.write_text(
        text.replace(old, old.replace("5 population", "4 population")), encoding="utf-8"
    )


def test_a_game_whose_cards_changed_is_resumed_anyway_on_request(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = autosave(pack_copy, a_save(str(pack_copy)))
    changed_forest(pack_copy)
    with pytest.raises(pt.ChangedCards, match=r"Forest \(Prehistory\)"):
        pt.resume(pack_copy)
    assert path.exists()  # left in place, to resume anyway
    at = page(pack_copy, monkeypatch)
    assert "no longer mean the same: Forest (Prehistory)" in "\n".join(w.value for w in at.warning)
    at.button(key="pt_resume_anyway").click().run()
    assert not at.exception
    assert any("loaded anyway, with Forest (Prehistory)" in i.value for i in at.info)
    assert any(b.key.startswith("choice-") for b in at.button if b.key)
