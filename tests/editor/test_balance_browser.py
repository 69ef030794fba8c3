"""The Balance page in a real browser (Chromium and Playwright, as test_browser.py): a small
balance run, the report drawn in the page, and the same report after a reload; an A/B of a deck
against the pack. The screenshots go to tests/editor/screenshots/balance*.png."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.editor.browsing import CHROMIUM, goto, settle, shot

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Chromium is not installed (apt-get install chromium)"
)


def pick_option(page, label: str, option: str) -> None:
    """Choose in a selectbox: type to filter its list, then click the option itself."""
    box = page.get_by_label(label, exact=True)
    box.click()
    box.fill(option)
    page.get_by_role("option", name=option, exact=True).click()
    settle(page)


def set_number(page, label: str, value: int) -> None:
    box = page.get_by_label(label, exact=True)
    box.fill(str(value))
    box.press("Enter")
    settle(page)


def test_a_small_balance_run_drawn_in_the_page_and_after_a_reload(page, server) -> None:
    url, folder = server
    goto(page, f"{url}/balance", "Balance")
    set_number(page, "Games", 6)
    set_number(page, "Seed", 3)
    page.get_by_role("button", name="Run", exact=True).click()
    page.get_by_text("6 games played").wait_for()
    settle(page, changed=False)
    report = page.frame_locator("iframe").first
    for seat in ("seat 1 (greedy)", "seat 2 (greedy)", "seat 3 (greedy)"):
        report.get_by_text(seat).first.wait_for()
    coverage = report.get_by_role("heading", name="Effect coverage")
    coverage.wait_for()
    shot(page, "balance")
    coverage.scroll_into_view_if_needed()
    shot(page, "balance-coverage")  # the report's end: nothing cut off by its frame
    # a rule that never ran links to its card: the Cards page opens on it in a new tab
    link = report.locator("table a[target='_blank']").first
    name = link.inner_text()
    with page.context.expect_page() as opened:
        link.click()
    card_page = opened.value
    card_page.get_by_role("heading", name=name, exact=True).wait_for()
    assert "card=" in card_page.url
    card_page.close()
    assert (folder / ".agesmith" / "balance.json").is_file()
    page.reload()
    page.get_by_text("6 games played").wait_for()
    page.frame_locator("iframe").first.get_by_text(re.compile("seat 3")).first.wait_for()


def test_an_ab_run_shows_what_moved_then_each_report(page, server) -> None:
    url, folder = server
    (folder / "decks").mkdir(exist_ok=True)
    (folder / "decks" / "no-famine.yaml").write_text(
        "deck: No famine\npack: ..\ncopies:\n  prehistory:\n    famine: 0\n"
    )
    goto(page, f"{url}/balance", "Balance")
    pick_option(page, "Against (A/B on the same seeds)", "no-famine.yaml")
    set_number(page, "Players", 2)
    set_number(page, "Games", 4)
    page.get_by_role("button", name="Run", exact=True).click()
    page.get_by_text("What moved from A (the pack's own counts) to B (no-famine.yaml)").wait_for()
    page.get_by_text(re.compile(r"figures moved beyond chance")).wait_for()
    settle(page, changed=False)
    page.get_by_role("tab", name="B: no-famine.yaml").click()
    page.frame_locator("iframe").last.get_by_text("seat 2 (greedy)").first.wait_for()
    shot(page, "balance-ab")
