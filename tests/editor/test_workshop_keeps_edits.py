"""The workshop never loses an edit and agrees with `agesmith validate` (issue 16, items 1, 2,
3 and 17), through Streamlit's AppTest as test_app_pages.py drives it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from streamlit.testing.v1 import AppTest

from agesmith.cli import main
from editor import yaml_edit
from editor.state import PACK_ENV

APP = str(Path(__file__).parents[2] / "editor" / "app.py")
TIGER = "prehistory.yaml#tiger"
ARISTOTLE = "antiquity.yaml#aristotle"
DRAFTS = Path(".agesmith") / "drafts.json"


def start(folder: Path, monkeypatch: pytest.MonkeyPatch, card: str | None = None) -> AppTest:
    """The workshop on `folder`, opened at `?card=<card>` when given."""
    monkeypatch.setenv(PACK_ENV, str(folder))
    at = AppTest.from_file(APP, default_timeout=60)
    if card:
        at.query_params["card"] = card
    at.run()
    assert not at.exception
    return at


def visit(at: AppTest, page: str) -> None:
    at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]


def form(at: AppTest, ck: str) -> dict[str, object]:
    return {f: at.text_input(key=f"w:{ck}:{f}").value for f in ("name", "cost", "points")} | {
        "type": at.selectbox(key=f"w:{ck}:type").value
    }


def texts_of(elements) -> str:
    return "\n".join(str(e.value) for e in elements)


def plain_rules(at: AppTest, ck: str, text: str) -> None:
    if not at.toggle(key="plain_rules").value:
        at.toggle(key="plain_rules").set_value(True).run()
    next(t for t in at.text_area if t.key.startswith(f"ta:{ck}:")).input(text).run()


# ---------------------------------------------------------------- item 1: the form survives


def test_a_card_opened_by_its_link_is_still_there_after_another_page(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = start(pack_copy, monkeypatch, card="tiger")
    tiger = {
        "name": "Tiger",
        "cost": "4 population, strength",
        "points": "2",
        "type": at.selectbox(key=f"w:{TIGER}:type").value,
    }
    assert form(at, TIGER) == tiger
    visit(at, "overview")
    visit(at, "cards")
    assert form(at, TIGER) == tiger  # not blank
    assert not (pack_copy / DRAFTS).exists()  # no draft without a keystroke
    assert at.button(key=f"save:{TIGER}").disabled  # nothing to save
    at.text_input(key=f"w:{TIGER}:cost").input("5 population, strength").run()
    visit(at, "validation")
    visit(at, "cards")
    assert form(at, TIGER) == tiger | {"cost": "5 population, strength"}
    draft = json.loads((pack_copy / DRAFTS).read_text())[TIGER]["fields"]
    assert draft["name"] == "Tiger" and draft["cost"] == "5 population, strength"
    at.button(key=f"save:{TIGER}").click().run()
    text = (pack_copy / "prehistory.yaml").read_text()
    assert "name: Tiger\n" in text and "cost: 5 population, strength\n" in text
    assert "name: ''" not in text


def test_a_card_opened_from_validation_is_still_there_after_another_page(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = pack_copy / "antiquity.yaml"
    path.write_text(path.read_text().replace('"Philosophy"', '"Philosofy"'))
    at = start(pack_copy, monkeypatch)
    visit(at, "validation")
    next(b for b in at.button if b.label == "Open aristotle").click().run()
    assert form(at, ARISTOTLE)["name"] == "Aristotle"
    visit(at, "overview")
    visit(at, "cards")
    assert form(at, ARISTOTLE)["name"] == "Aristotle"
    assert form(at, ARISTOTLE)["cost"] == "5 population, culture"
    assert not (pack_copy / DRAFTS).exists()


def without_id(folder: Path) -> None:
    """Pottery, a card written without an `id:` (as the workshop used to write them)."""
    path = folder / "antiquity.yaml"
    path.write_text(
        path.read_text() + "\n  - name: Pottery\n    type: progress\n"
        "    cost: 3 population\n    points: 1\n"
    )


def test_save_needs_the_tick_when_a_card_without_an_id_has_errors(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    without_id(pack_copy)
    at = start(pack_copy, monkeypatch, card="pottery")
    ck = "antiquity.yaml#pottery"
    plain_rules(at, ck, "gian 3 gold")
    at.text_input(key=f"w:{ck}:name").input("Potter").run()  # renamed: the id stays
    assert "gain" in texts_of(at.error)
    assert at.button(key=f"save:{ck}").disabled
    at.checkbox(key=f"confirm:{ck}").check().run()
    at.button(key=f"save:{ck}").click().run()
    assert not at.exception
    text = (pack_copy / "antiquity.yaml").read_text()
    assert "  - id: pottery\n    name: Potter\n" in text and "gian 3 gold" in text


# ---------------------------------------------------------------- item 3: ids never change


def test_renaming_a_card_in_the_name_field_keeps_its_id_and_the_editor_on_it(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    without_id(pack_copy)
    at = start(pack_copy, monkeypatch, card="pottery")
    ck = "antiquity.yaml#pottery"
    at.text_input(key=f"w:{ck}:name").input("Clay Pottery").run()
    at.button(key=f"save:{ck}").click().run()
    assert not at.exception
    assert "  - id: pottery\n    name: Clay Pottery\n" in (pack_copy / "antiquity.yaml").read_text()
    assert at.selectbox(key="card_pick").value == "Clay Pottery (antiquity, progress)"
    assert at.query_params["card"] == "pottery"


def test_a_card_added_in_the_workshop_has_its_id_written(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = start(pack_copy, monkeypatch)
    visit(at, "manage")
    at.selectbox(key="new_age_of").select("prehistory").run()
    at.text_input(key="new_name").input("Flint Tools").run()
    at.button(key="add_card").click().run()
    assert not at.exception
    assert (
        "\n  - id: flint-tools\n    name: Flint Tools\n"
        in (pack_copy / "prehistory.yaml").read_text()
    )


# ---------------------------------------------------------------- item 2: validate's list


def one_card_age(folder: Path) -> None:
    game = folder / "game.yaml"
    game.write_text(yaml_edit.add_age(game.read_text(), "modern", "Modern", "modern.yaml"))
    (folder / "modern.yaml").write_text(
        yaml_edit.new_card_file(
            "modern",
            {"name": "Steam Engine", "type": "progress", "cost": "5 population", "points": 2},
        )
    )


def test_every_page_shows_the_diagnostics_agesmith_validate_prints(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one_card_age(pack_copy)
    run = CliRunner().invoke(main, ["validate", "--json", str(pack_copy)])
    printed = [d["message"] for d in json.loads(run.output)]
    assert run.exit_code == 1 and printed == [
        "Modern cannot deal the events zones of 5 players: player 2 gets 0 cards, not 1 (the "
        "age has 1 cards)"
    ]
    at = start(pack_copy, monkeypatch, card="steam-engine")
    assert "1 error, 0 warnings" in texts_of(at.warning)  # Cards
    visit(at, "overview")
    assert at.metric[3].value == "1 errors"
    visit(at, "validation")
    assert texts_of(at.error) == "1 error, 0 warnings"
    assert printed[0] in texts_of(at.code)
    visit(at, "playtest")
    at.button(key="pt_start").click().run()
    assert not at.exception
    assert "The game cannot start: `agesmith validate` finds 1 error(s)" in texts_of(at.error)
    assert printed[0] in texts_of(at.code)
    assert "playtest_table" not in at.session_state


# ---------------------------------------------------------------- item 17: bad files

BAD_DRAFTS = {
    "a string": "x",
    "a list": [1, 2],
    "no fields": {"base": ""},
    "copies not a number": {"base": "", "fields": {"copies": "abc"}},
    "a name that is a number": {"base": "", "fields": {"name": 5}},
    "rules that are a list": {"base": "", "fields": {"rules": ["x"]}},
}


@pytest.mark.parametrize("what", list(BAD_DRAFTS))
def test_a_malformed_draft_is_set_aside_and_kept(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch, what: str
) -> None:
    (pack_copy / ".agesmith").mkdir()
    bad = {ARISTOTLE: BAD_DRAFTS[what], "antiquity.yaml#philosophy": BAD_DRAFTS[what]}
    (pack_copy / DRAFTS).write_text(json.dumps(bad))
    at = start(pack_copy, monkeypatch, card="aristotle")
    assert f'the draft "{ARISTOTLE}" is set aside' in texts_of(at.warning)
    assert form(at, ARISTOTLE)["cost"] == "5 population, culture"  # the saved card
    for page in ("overview", "validation", "cards"):
        visit(at, page)
    at.text_input(key=f"w:{ARISTOTLE}:cost").input("6 population, culture").run()
    kept = json.loads((pack_copy / DRAFTS).read_text())
    assert kept["antiquity.yaml#philosophy"] == BAD_DRAFTS[what]  # untouched
    assert kept[ARISTOTLE]["fields"]["cost"] == "6 population, culture"
    aside = json.loads((pack_copy / ".agesmith" / "drafts.json.unreadable-1").read_text())
    assert aside == {ARISTOTLE: BAD_DRAFTS[what]}  # not thrown away


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, "[1]", "{not json"],
    ids=["100,000 deep", "a list", "not JSON"],
)
def test_a_drafts_file_that_is_not_one_is_kept_aside(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    (pack_copy / ".agesmith").mkdir()
    (pack_copy / DRAFTS).write_text(text)
    at = start(pack_copy, monkeypatch, card="aristotle")
    assert "drafts.json is not a drafts file" in texts_of(at.warning)
    visit(at, "overview")
    assert "drafts.json is not a drafts file" in texts_of(at.warning)
    visit(at, "cards")
    at.text_input(key=f"w:{ARISTOTLE}:cost").input("6 population, culture").run()
    assert (pack_copy / ".agesmith" / "drafts.json.unreadable-1").read_text() == text
    assert ARISTOTLE in json.loads((pack_copy / DRAFTS).read_text())


def test_a_pipe_as_drafts_file_does_not_block_the_page(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (pack_copy / ".agesmith").mkdir()
    os.mkfifo(pack_copy / DRAFTS)
    at = start(pack_copy, monkeypatch, card="aristotle")
    assert "not a regular file" in texts_of(at.warning)
    at.text_input(key=f"w:{ARISTOTLE}:cost").input("6 population, culture").run()
    assert not at.exception
    assert "drafts are not kept" in texts_of(at.warning)
    at.button(key=f"save:{ARISTOTLE}").click().run()  # saving still works
    assert "cost: 6 population, culture" in (pack_copy / "antiquity.yaml").read_text()


@pytest.mark.parametrize("kind", ["a file", "a link out of the pack"])
def test_an_agesmith_that_is_not_a_folder_of_the_pack(
    pack_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    if kind == "a file":
        (pack_copy / ".agesmith").write_text("mine\n")
    else:
        (pack_copy / ".agesmith").symlink_to(outside)
    at = start(pack_copy, monkeypatch, card="aristotle")
    at.text_input(key=f"w:{ARISTOTLE}:cost").input("6 population, culture").run()
    assert not at.exception
    assert "drafts are not kept" in texts_of(at.warning)
    for page in ("overview", "validation", "cards"):
        visit(at, page)
    at.button(key=f"save:{ARISTOTLE}").click().run()
    assert "cost: 6 population, culture" in (pack_copy / "antiquity.yaml").read_text()
    assert list(outside.iterdir()) == []  # nothing written outside
    if kind == "a file":
        assert (pack_copy / ".agesmith").read_text() == "mine\n"


def break_card_file(folder: Path, how: str) -> str:
    """Break antiquity's card file `how`; returns what `agesmith validate` says of it."""
    game, cards = folder / "game.yaml", folder / "antiquity.yaml"
    if how == "not UTF-8":
        cards.write_bytes(cards.read_bytes() + b"\xff\xfe\n")
        return "the byte 0xFF is not valid UTF-8"
    if how == "missing":
        cards.unlink()
        return 'the card file "antiquity.yaml" does not exist'
    name = {"named .yml": ".yml", "out of the pack": "../antiquity.yaml"}[how]
    cards.rename(folder / name)
    game.write_text(game.read_text().replace("cards: antiquity.yaml", f"cards: {name}"))
    return f'"{name}" is not valid: a card file is a file name next to game.yaml'


@pytest.mark.parametrize("how", ["not UTF-8", "missing", "named .yml", "out of the pack"])
def test_a_broken_card_file_is_reported_on_every_page(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    said = break_card_file(pack_copy, how)
    root = pack_copy.parent
    before = {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    at = start(pack_copy, monkeypatch, card="aristotle")
    assert "1 error, 0 warnings" in texts_of(at.warning)  # Cards: validate's count
    visit(at, "overview")
    assert "1 error(s)" in texts_of(at.error)
    visit(at, "validation")
    assert said in texts_of(at.code)
    visit(at, "spreadsheet")
    assert "cannot be read" in texts_of(at.error)
    visit(at, "manage")
    at.selectbox(key="new_age_of").select("antiquity").run()
    at.text_input(key="new_name").input("Pottery").run()
    at.button(key="add_card").click().run()
    assert not at.exception
    assert "cannot be read" in texts_of(at.error)
    for page in ("print", "cards"):
        visit(at, page)
    after = {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    assert after == before  # nothing written


def test_a_card_file_named_yml_is_edited_in_place(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (pack_copy / "antiquity.yaml").rename(pack_copy / "antiquity.yml")
    game = pack_copy / "game.yaml"
    game.write_text(game.read_text().replace("cards: antiquity.yaml", "cards: antiquity.yml"))
    at = start(pack_copy, monkeypatch, card="aristotle")
    ck = "antiquity.yml#aristotle"
    assert form(at, ck)["name"] == "Aristotle"
    at.text_input(key=f"w:{ck}:cost").input("6 population, culture").run()
    at.button(key=f"save:{ck}").click().run()
    assert not at.exception
    assert "cost: 6 population, culture" in (pack_copy / "antiquity.yml").read_text()
    visit(at, "spreadsheet")
    assert not at.error
