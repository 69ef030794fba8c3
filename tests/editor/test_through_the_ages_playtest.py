"""Through the Ages in the workshop's Playtest page (issue 19: the workshop plays it
unchanged): a new game starts with the card row and the player boards drawn, and the first
turns are played by clicking the decision buttons."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from editor.state import PACK_ENV

APP = str(Path(__file__).parents[2] / "editor" / "app.py")


def test_a_game_starts_and_its_first_turns_are_played_by_buttons(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cards import PACKS

    pack = tmp_path / "through_the_ages"
    shutil.copytree(PACKS / "through_the_ages", pack)
    shutil.copytree(PACKS / "schema", tmp_path / "schema")
    monkeypatch.setenv(PACK_ENV, str(pack))
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    at.switch_page("app_pages/playtest.py").run()
    assert not at.exception
    at.button(key="pt_start").click().run()
    assert not at.exception
    page = "\n".join(str(m.value) for m in [*at.markdown, *at.get("html")])
    assert "The table" in page and "18 yellow bank" in page
    assert "population cost 2" in page and "1 worker" in page  # the board, the supply
    taken = 0
    for _ in range(6):  # player 1 takes cards from the row, passes, and plays on
        buttons = [
            b
            for b in at.button
            if b.key and b.key.startswith("choice-") and str(b.label) != "resign"
        ]
        assert buttons
        take = next((b for b in buttons if str(b.label).startswith("take a")), None)
        taken += take is not None
        (take or buttons[0]).click().run()
        assert not at.exception
    assert taken >= 2
    # the first turn's production gave player 1 the science of Philosophy's worker
    assert "1 science" in "\n".join(str(m.value) for m in [*at.markdown, *at.get("html")])
