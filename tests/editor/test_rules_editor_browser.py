"""The rules editor of the Cards page in Chromium: completion comes only when asked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.editor.browsing import CHROMIUM, goto, shot

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Chromium is not installed (apt-get install chromium)"
)
EDITOR = "iframe[title='code_editor.code_editor']:not([width='-1'])"


def test_completion_opens_only_when_asked_and_never_over_the_typed_line(page, server) -> None:
    url, _ = server
    goto(page, f"{url}/?card=aristotle", "Cards")
    page.get_by_role("heading", name="Aristotle", exact=True).wait_for()
    editor = page.locator(EDITOR).content_frame
    editor.locator(".ace_content").first.click()
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")
    page.keyboard.type("on acquire: gain 3 go", delay=40)  # "gold" would be offered
    popup = editor.locator(".ace_autocomplete")
    page.wait_for_timeout(500)  # Ace opens its live list right after a key
    assert not popup.is_visible()
    page.keyboard.press("Control+Space")  # asked for: the list of the pack's words
    playwright.expect(popup).to_be_visible()
    playwright.expect(popup).to_contain_text(re.compile("gold"))
    shot(page, "rules-editor-completion")
    lines = editor.locator("#REACT_ACE_EDITOR .ace_line")
    typed = lines.filter(has_text="on acquire: gain 3 go").bounding_box()
    box = popup.bounding_box()
    assert typed is not None and box is not None
    assert box["y"] >= typed["y"] + typed["height"] - 1, "the list covers the typed line"
    page.keyboard.press("Enter")  # taken from the list
    playwright.expect(lines.last).to_have_text("on acquire: gain 3 gold")
