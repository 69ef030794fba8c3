"""Every page of the workshop through Streamlit's AppTest: it renders, its main action works."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from editor.state import CREATED_ENV, PACK_ENV

APP = str(Path(__file__).parents[2] / "editor" / "app.py")


@pytest.fixture
def app(pack_copy: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv(PACK_ENV, str(pack_copy))
    monkeypatch.setenv(CREATED_ENV, "1")
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception
    return at


def texts_of(elements) -> str:
    return "\n".join(str(e.value) for e in elements)


def open_card(at: AppTest, name: str) -> None:
    pick = at.selectbox(key="card_pick")
    pick.select(next(o for o in pick.options if o.startswith(name + " ("))).run()
    at.toggle(key="plain_rules").set_value(True).run()


def test_cards_page_edit_see_the_error_fix_save(app: AppTest, pack_copy: Path) -> None:
    assert "copied to" in texts_of(app.sidebar.info)
    open_card(app, "Aristotle")
    rules = next(t for t in app.text_area if t.key.startswith("ta:antiquity.yaml#aristotle"))
    rules.input('gold price 5 if you own "Philosophy"\ngian 3 gold').run()
    assert not app.exception
    assert "rules line 2, column 1" in texts_of(app.error) and "gain" in texts_of(app.error)
    save = app.button(key="save:antiquity.yaml#aristotle")
    assert save.disabled  # an error: saving needs a confirmation
    rules = next(t for t in app.text_area if t.key.startswith("ta:antiquity.yaml#aristotle"))
    rules.input('gold price 4 if you own "Philosophy"').run()
    assert "No problem" in texts_of(app.success)
    # The read-back comes from what the interpreter compiled of the edited text.
    assert any("Its price in gold is 4" in m.value for m in app.markdown)
    app.button(key="save:antiquity.yaml#aristotle").click().run()
    assert not app.exception
    text = (pack_copy / "antiquity.yaml").read_text()
    assert 'gold price 4 if you own "Philosophy"' in text
    assert text.startswith("# yaml-language-server: $schema=../schema/cards.schema.json")
    assert "Saved Aristotle" in texts_of(app.success)


def test_cards_page_undo_and_filters(app: AppTest) -> None:
    open_card(app, "Aristotle")
    app.text_input(key="w:antiquity.yaml#aristotle:cost").input("9 population").run()
    assert "Unsaved changes: cost" in "\n".join(m.value for m in app.markdown)
    app.button(key="undo:antiquity.yaml#aristotle").click().run()
    assert app.text_input(key="w:antiquity.yaml#aristotle:cost").value == "5 population, culture"
    app.selectbox(key="card_mention").select('"Philosophy"').run()
    assert all("(" in o for o in app.selectbox(key="card_pick").options)
    assert any(o.startswith("Aristotle") for o in app.selectbox(key="card_pick").options)


def test_overview_page(app: AppTest) -> None:
    app.switch_page("app_pages/overview.py").run()
    assert not app.exception
    assert [m.value for m in app.metric][:3] == ["3", "133", "162"]


def test_new_age_page_adds_an_age_the_overview_shows(app: AppTest, pack_copy: Path) -> None:
    app.switch_page("app_pages/manage.py").run()
    app.text_input(key="age_name").input("Renaissance").run()
    app.text_input(key="age_first").input("Printing Press").run()
    app.button(key="add_age").click().run()
    assert not app.exception
    assert "renaissance.yaml" in (pack_copy / "game.yaml").read_text()
    assert "Printing Press" in (pack_copy / "renaissance.yaml").read_text()
    app.switch_page("app_pages/overview.py").run()
    assert app.metric[0].value == "4"


def test_manage_page_of_a_pack_without_ages_says_to_add_an_age_first(
    app: AppTest, pack_copy: Path
) -> None:
    # A pack whose `ages` list is empty still loads (with an error), with no card: the page
    # ended in a KeyError traceback (no card to rename; a new card had no age).
    game = pack_copy / "game.yaml"
    game.write_text(re.sub(r"\nages:\n(?:  - .*\n)+", "\nages: []\n", game.read_text()))
    app.switch_page("app_pages/manage.py").run()
    app.text_input(key="new_name").input("Pottery").run()
    assert not app.exception
    infos = texts_of(app.info)
    assert "no age to add a card to" in infos
    assert app.button(key="add_card").disabled
    assert "no card to rename" in infos and "no card to delete" in infos


def test_rename_lists_references_then_updates_them(app: AppTest, pack_copy: Path) -> None:
    app.switch_page("app_pages/manage.py").run()
    pick = app.selectbox(key="rename_pick")
    pick.select("Philosophy (Antiquity)").run()
    assert any("Aristotle" in m.value for m in app.markdown)
    app.text_input(key="rename_to").input("Natural Philosophy").run()
    app.button(key="rename_go").click().run()
    assert not app.exception
    assert 'if you own "Natural Philosophy"' in (pack_copy / "antiquity.yaml").read_text()


def test_validation_page_groups_by_file(app: AppTest, pack_copy: Path) -> None:
    app.switch_page("app_pages/validation.py").run()
    assert "No problem" in texts_of(app.success)
    path = pack_copy / "antiquity.yaml"
    path.write_text(path.read_text().replace('"Philosophy"', '"Philosofy"'))
    app.run()
    assert not app.exception
    assert any("antiquity.yaml" in e.label for e in app.expander)
    next(b for b in app.button if b.label == "Open aristotle").click().run()
    assert not app.exception
    assert app.selectbox(key="card_pick").value.startswith("Aristotle")
    assert "Philosofy" in texts_of(app.error)


def test_print_page_makes_the_pdf(app: AppTest) -> None:
    app.switch_page("app_pages/print.py").run()
    app.multiselect(key="print_ages").set_value(["prehistory"]).run()
    app.button(key="make_pdf").click().run()
    assert not app.exception
    pdf = app.session_state["pdf"]
    assert pdf.startswith(b"%PDF")


def test_spreadsheet_page_renders(app: AppTest) -> None:
    app.switch_page("app_pages/spreadsheet.py").run()
    assert not app.exception
    assert app.title[0].value == "Spreadsheet (CSV)"


def test_unsaved_edits_come_back_in_a_new_session(app: AppTest, pack_copy: Path) -> None:
    open_card(app, "Aristotle")
    app.text_input(key="w:antiquity.yaml#aristotle:cost").input("7 population").run()
    again = AppTest.from_file(APP, default_timeout=60)  # a reload: a new session
    again.run()
    open_card(again, "Aristotle")
    assert again.text_input(key="w:antiquity.yaml#aristotle:cost").value == "7 population"
    assert "unsaved edits of Aristotle" in texts_of(again.info)
    assert "5 population, culture" in (pack_copy / "antiquity.yaml").read_text()


def test_a_new_card_from_its_type_opens_in_the_editor(app: AppTest, pack_copy: Path) -> None:
    app.switch_page("app_pages/manage.py").run()
    app.selectbox(key="new_age_of").select("antiquity").run()
    app.selectbox(key="new_type").select("wonder").run()
    app.text_input(key="new_name").input("Lighthouse of Pharos").run()
    app.button(key="add_card").click().run()
    assert not app.exception
    text = (pack_copy / "antiquity.yaml").read_text()
    # its id is written: renaming it later cannot change it
    assert (
        "\n  - id: lighthouse-of-pharos\n    name: Lighthouse of Pharos\n    type: wonder\n" in text
    )
    assert app.selectbox(key="card_pick").value == "Lighthouse of Pharos (antiquity, wonder)"


def test_a_change_on_disk_is_never_overwritten_silently(app: AppTest, pack_copy: Path) -> None:
    open_card(app, "Aristotle")
    app.text_input(key="w:antiquity.yaml#aristotle:cost").input("7 population").run()
    path = pack_copy / "antiquity.yaml"
    by_hand = path.read_text().replace("gold: 10\n", "gold: 11\n", 1)
    path.write_text(by_hand)  # another editor changes the same card
    app.button(key="save:antiquity.yaml#aristotle").click().run()
    assert "changed on disk since you opened it" in texts_of(app.error)
    assert path.read_text() == by_hand
    app.button(key="keep:antiquity.yaml#aristotle").click().run()
    app.button(key="save:antiquity.yaml#aristotle").click().run()
    assert not app.exception
    assert "cost: 7 population" in path.read_text()


def test_cards_page_of_another_pack_draws_its_own_faces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "tables"
    shutil.copytree(Path(__file__).parents[1] / "packs" / "conformance" / "tables", folder)
    monkeypatch.setenv(PACK_ENV, str(folder))
    monkeypatch.setenv(CREATED_ENV, "1")
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception
    open_card(at, "War Banner")
    legend = next(h.value for h in at.html if "face-legend" in h.value)
    assert all(w in legend for w in ("food", "red banner", "blue banner", "gold"))
    assert "population" not in legend
    assert at.text_input(key="card_search").placeholder == "e.g. Red Tent, food, gold"
    at.switch_page("app_pages/overview.py").run()  # its charts colour the pack's own types
    assert not at.exception
