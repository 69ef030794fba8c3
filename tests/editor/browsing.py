"""Helpers of the browser tests (test_browser.py, test_playtest_browser.py): Debian's Chromium
driven by Playwright against `agesmith editor`; the fixtures are in conftest.py.

Waiting is on the app's own state: Streamlit marks its root
`data-test-script-state="notRunning"` when no run of the script is going on, and every element
drawn by an older run `data-stale="true"` until the current run draws it again or ends. (Its
"Running..." widget is no sign: it shows only after half a second of running.) The one fixed
pause is START, after a widget is changed and before its run shows on the page.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = Path(__file__).parent / "screenshots"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
STALE = "[data-stale='true']"
START = 250  # ms from a widget's change to its run showing on the page (a local socket)
CHOICE = "[class*='st-key-choice-'][data-stale='false']"  # Playtest: one per decision button


def settle(page, changed: bool = True) -> None:
    """Wait until the app is idle with nothing left of an older run (while a run draws the
    page again, an element may be there twice: a click needs one). `changed`: a widget was
    just changed, so first give its run the moment it takes to start."""
    if changed:
        page.wait_for_timeout(START)
    page.wait_for_selector(IDLE, state="attached")
    page.locator(STALE).first.wait_for(state="detached")


def goto(page, url: str, title: str) -> None:
    page.goto(url)
    page.get_by_role("heading", name=title).first.wait_for()
    settle(page, changed=False)


def follow(page, link: str, title: str) -> None:
    """Go to another page of the app by its link in the sidebar: the app switches pages in the
    same session, without loading Streamlit's scripts again as `goto` does."""
    settle(page, changed=False)
    page.get_by_test_id("stSidebarNav").get_by_role("link", name=link, exact=True).click()
    page.get_by_role("heading", name=title).first.wait_for()
    settle(page)


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def expand(page, title: str, tries: int = 3, wait_ms: int = 20_000):
    """Open an expander and return its content once it takes clicks: while it opens, the
    content is drawn but still `inert` (a click there is lost). A keyed expander runs the page
    again when it opens; under load that run can draw it closed (a fresh clone's CI run lost
    one this way), so the title is clicked again while the content is not open."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    expander = page.get_by_test_id("stExpander").filter(has_text=title)
    details = expander.locator("[data-testid='stExpanderDetails']:not([inert])")
    for attempt in range(tries):
        settle(page, changed=False)
        if not details.first.is_visible():
            expander.get_by_text(title).first.click()
        try:
            details.wait_for(timeout=wait_ms)
            break
        except PlaywrightTimeout:
            if attempt == tries - 1:
                raise
    # an expander with a key runs the page again when it opens: a list opened in its content
    # before that run ends is closed when the run draws the page again
    settle(page)
    return details


def choose(page, choice) -> None:
    """Click a Playtest decision button (a CHOICE locator of an idle page) and wait until the
    page has left that position: its buttons are keyed by the game's move count, so the key
    clicked is gone once the choice is played and the page drawn again."""
    key = re.search(r"st-key-choice-\d+-\d+", choice.get_attribute("class") or "")
    assert key, "not a decision button"
    page.locator(f".{key.group()} button").click()
    page.locator(f".{key.group()}").wait_for(state="detached")
    settle(page, changed=False)


def click_until(page, button, outcome, tries: int = 3, wait_ms: int = 20_000) -> None:
    """Click `button` until `outcome` (a locator) shows. Under load a click can still be lost
    (the full suite runs the browser beside other tests on two cores: it happened once, in a
    fresh clone's CI run), so a button whose work is the same when done twice is clicked
    again: saving a scenario under the same name writes the same file."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(tries):
        settle(page, changed=False)
        button.click()
        try:
            outcome.first.wait_for(timeout=wait_ms)
            return
        except PlaywrightTimeout:
            if attempt == tries - 1:
                raise
