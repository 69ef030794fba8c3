"""The round track on the Playtest page in Chromium, for The Ancient World: its six rounds drawn
from the pack (what each brings: empire deck A then B, the covered spaces uncovered in rounds 2
and 3, no income in the last), the round being played marked, and the mark moving on when a
round ends. Along History's age ends on a deck, not on a round: its table draws no track.
Screenshots go to tests/editor/screenshots/."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from cards import PACKS
from editor import playtest as pt
from tests.editor.browsing import CHOICE, CHROMIUM, SHOTS, choose, expand, goto, settle, shot
from tests.editor.conftest import serving
from tests.editor.test_playtest_browser import bots_play_instantly

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Chromium is not installed (apt-get install chromium)"
)

NOW = ".rt-round.rt-now"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """`agesmith editor` on a copy of The Ancient World (this module's own server)."""
    root = tmp_path_factory.mktemp("workshop")
    folder = root / "the_ancient_world"
    shutil.copytree(PACKS / "the_ancient_world", folder)
    shutil.copytree(PACKS / "schema", root / "schema")
    with serving(folder) as url:
        yield url, folder


def start(page, server) -> None:
    url, folder = server
    goto(page, f"{url}/playtest", "Playtest")
    if (folder / pt.AUTOSAVE).exists():
        expand(page, "New game")
    page.get_by_role("button", name="Start the game").click()
    page.locator(CHOICE).first.wait_for()
    settle(page, changed=False)
    bots_play_instantly(page)


def test_the_round_track_shows_the_packs_six_rounds_and_moves_on(page, server) -> None:
    start(page, server)
    page.get_by_text("Round track: round 1 of 6").wait_for()
    rounds = page.locator(".rt-round")
    assert rounds.count() == 6
    playwright.expect(page.locator(NOW)).to_have_attribute("data-round", "1")
    texts = [rounds.nth(i).inner_text() for i in range(6)]
    assert all("empire deck a" in t for t in texts[:3])
    assert not any("empire deck b" in t for t in texts[:3])
    assert all("empire deck b" in t for t in texts[3:])
    uncovered = [i + 1 for i, t in enumerate(texts) if "covered spaces into the action" in t]
    assert uncovered == [2, 3]
    assert "draw a titan" not in texts[0].lower() and "draw a titan" in texts[1].lower()
    assert "one-star" in texts[1] and "one-star" not in texts[2]
    assert ["final count" in t for t in texts] == [False] * 5 + [True]
    assert ['"income"' in t for t in texts] == [True] * 5 + [False]
    shot(page, "round-track-round-1")
    # player 1 ends their actions; the greedy bot plays out the round; round 2 begins
    choose(page, page.locator(CHOICE).filter(has_text=re.compile("^end your actions$")).first)
    page.get_by_text("Round track: round 2 of 6").wait_for()
    playwright.expect(page.locator(NOW)).to_have_attribute("data-round", "2")
    assert "(played)" in rounds.nth(0).inner_text()
    shot(page, "round-track-round-2")
    page.locator(".rt-track").screenshot(path=str(SHOTS / "round-track-alone.png"))
    # at 1024 px wide the six rounds still stand in one row, none past the window's edge
    page.set_viewport_size({"width": 1024, "height": 768})
    settle(page, changed=False)
    boxes = [rounds.nth(i).bounding_box() for i in range(6)]
    assert all(b is not None for b in boxes)
    assert len({round(b["y"]) for b in boxes}) == 1, boxes
    assert max(b["x"] + b["width"] for b in boxes) <= 1024, boxes
    page.locator(".rt-track").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "round-track-1024.png"))
