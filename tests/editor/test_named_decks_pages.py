"""The workshop on a pack with named decks (game.yaml `decks:`) and an age with no cards of its
own: a deck's cards are listed, filtered and saved to the deck's file like an age's, and the
pages that count cards by age count them too (they failed on a card of no age)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from editor.decks import deck_text
from editor.state import CREATED_ENV, PACK_ENV
from rules_dsl.deck import load_pack_or_deck
from rules_dsl.pack import load_pack

APP = str(Path(__file__).parents[2] / "editor" / "app.py")
DECKS = Path(__file__).parents[1] / "packs" / "conformance" / "decks"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[AppTest, Path]:
    folder = tmp_path / "decks"
    shutil.copytree(DECKS, folder)
    monkeypatch.setenv(PACK_ENV, str(folder))
    monkeypatch.setenv(CREATED_ENV, "1")
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception
    return at, folder


def test_a_decks_card_is_listed_filtered_edited_and_saved_to_its_file(
    app: tuple[AppTest, Path],
) -> None:
    at, folder = app
    at.multiselect(key="card_ages").select("military deck").run()
    options = at.selectbox(key="card_pick").options
    assert sorted(o.split(" (")[0] for o in options) == ["Ballista", "Spearman", "Veteran"]
    at.selectbox(key="card_pick").select(next(o for o in options if o.startswith("Veteran"))).run()
    assert not at.exception
    at.text_input(key="w:military.yaml#veteran:cost").input("5 population, strength").run()
    at.button(key="save:military.yaml#veteran").click().run()
    assert not at.exception
    text = (folder / "military.yaml").read_text(encoding="utf-8")
    assert "cost: 5 population, strength" in text and "players: 3" in text


def test_a_new_card_is_added_to_a_decks_file(app: tuple[AppTest, Path]) -> None:
    at, folder = app
    at.switch_page("app_pages/manage.py").run()
    at.selectbox(key="new_age_of").select("military deck").run()
    at.selectbox(key="new_type").select("soldier").run()
    at.text_input(key="new_name").input("Archer").run()
    at.button(key="add_card").click().run()
    assert not at.exception
    text = (folder / "military.yaml").read_text(encoding="utf-8")
    assert "name: Archer" in text and text.startswith("# yaml-language-server")
    assert "Archer" not in (folder / "supplies.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "page",
    ["overview", "decks", "print", "manage", "validation", "spreadsheet", "playtest", "scenarios"],
)
def test_the_pages_that_count_cards_by_age_count_a_decks(
    app: tuple[AppTest, Path], page: str
) -> None:
    at, _ = app
    at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception, page
    if page == "overview":
        assert [m.value for m in at.metric][:3] == ["1", "6", "20"]
        assert any("military deck" in str(frame.value.to_dict()) for frame in at.dataframe)


def test_a_custom_deck_changes_the_copies_of_a_named_decks_card(tmp_path: Path) -> None:
    """A custom deck file (README, "Custom decks") names a named deck's cards under the deck's
    name, as an age's under its id; the workshop's Decks page writes it so."""
    folder = tmp_path / "decks"
    shutil.copytree(DECKS, folder)
    pack, _ = load_pack(folder)
    assert pack is not None
    copies = {(c.age, c.id): c.copies for c in pack.cards} | {("military deck", "veteran"): 0}
    text = deck_text(pack, folder, "No veterans", copies)
    assert '"military deck":' in text or "military deck:" in text
    (folder / "decks").mkdir()
    deck_file = folder / "decks" / "no-veterans.yaml"
    deck_file.write_text(text.replace("pack: ..", f"pack: {folder}"), encoding="utf-8")
    loaded, diagnostics = load_pack_or_deck(deck_file)
    assert loaded is not None and not [d.render() for d in diagnostics if d.is_error]
    veteran = next(c for c in loaded.cards if c.name == "Veteran")
    assert veteran.copies == 0 and veteran.copies_with(3) == 0
