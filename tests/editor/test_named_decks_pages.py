"""The workshop on a pack with named decks (game.yaml `decks:`) and an age with no cards of its
own: a deck's cards are listed, filtered and saved to the deck's file like an age's, and the
pages that count cards by age count them too (they failed on a card of no age)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from editor.state import CREATED_ENV, PACK_ENV

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
