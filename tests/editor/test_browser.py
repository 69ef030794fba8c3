"""The workshop in a real browser: Debian's Chromium driven by Playwright, against
`agesmith editor` started by the test on a free port and a copy of the pack.

They cover what AppTest cannot see: the code editor component, the charts, the downloads.
Screenshots of each page go to tests/editor/screenshots/ (git-ignored) for people to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from editor.printing import page_count
from tests.editor.browsing import CHROMIUM, follow, goto, settle, shot

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Chromium is not installed (apt-get install chromium)"
)


def test_edit_a_card_in_the_code_editor_see_the_error_fix_and_save(page, server) -> None:
    url, folder = server
    goto(page, f"{url}/?card=aristotle", "Cards")
    page.get_by_role("heading", name="Aristotle", exact=True).wait_for()
    # An editor being replaced stays a moment with width -1: take the live one.
    frames = page.locator("iframe[title='code_editor.code_editor']:not([width='-1'])")
    playwright.expect(frames).to_have_count(1)
    editor = frames.content_frame
    editor.locator(".ace_content").first.click()
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")
    page.keyboard.type("on acquire: gian 3 gold", delay=20)
    page.keyboard.press("Escape")  # close the completion list
    problem = page.get_by_text(re.compile(r"rules line 2, column 13"))
    problem.wait_for()
    assert "did you mean" in page.locator("[data-testid='stAlert']").first.inner_text()
    shot(page, "cards-with-an-error")
    playwright.expect(frames).to_have_count(1)
    frames.content_frame.locator(".ace_content").first.click()
    page.keyboard.press("Control+End")
    page.keyboard.press("Home")
    page.keyboard.press("Shift+End")
    page.keyboard.type("on acquire: gain 3 gold", delay=20)
    page.keyboard.press("Escape")
    try:
        page.get_by_text("No problem: the card is checked").wait_for()
    finally:
        shot(page, "cards-after-the-fix")
    settle(page, changed=False)
    page.get_by_role("button", name="Save", exact=True).click()
    page.get_by_text("Saved Aristotle").wait_for()
    text = (folder / "antiquity.yaml").read_text()
    assert 'gold price 5 if you own "Philosophy"\n      on acquire: gain 3 gold\n' in text
    assert text.startswith("# yaml-language-server: $schema=../schema/cards.schema.json")
    shot(page, "cards")


def test_add_an_age_see_it_in_the_overview_and_print_the_deck(page, server) -> None:
    url, folder = server
    goto(page, f"{url}/manage", "New card, new age")
    page.get_by_role("tab", name="New age").click()
    page.get_by_label("Name of the age").fill("Renaissance")
    page.get_by_label("Name of the age").press("Enter")
    page.get_by_label("Its first card").fill("Printing Press")
    page.get_by_label("Its first card").press("Enter")
    page.get_by_role("button", name="Add the age").click()
    page.get_by_text("Added the age Renaissance").first.wait_for()
    # one card cannot be dealt to 5 players: the page says what `agesmith validate` reports
    page.get_by_text(re.compile("now reports 1 error.*cannot deal the events zones")).wait_for()
    shot(page, "new-card-new-age")
    follow(page, "The pack at a glance", "Along History")
    playwright.expect(page.get_by_test_id("stMetricValue").first).to_have_text("4")
    page.locator("[data-testid='stVegaLiteChart']").first.wait_for()
    shot(page, "overview")
    follow(page, "Validation", "Validation")
    shot(page, "validation")
    follow(page, "Spreadsheet (CSV)", "Spreadsheet (CSV)")
    with page.expect_download() as download:
        page.get_by_role("button", name="Export cards.csv").click()
    table = Path(download.value.path()).read_text()
    edited = table.replace("prehistory,hills,Hills,land,2,", "prehistory,hills,Hills,land,3,")
    assert edited != table
    page.locator("input[type=file]").set_input_files(
        files=[{"name": "cards.csv", "mimeType": "text/csv", "buffer": edited.encode()}]
    )
    page.get_by_text("1 card(s) changed (hills)").wait_for()
    shot(page, "spreadsheet")
    settle(page, changed=False)
    page.get_by_text("Import anyway").click()  # the pack has the new age's error
    settle(page)
    page.get_by_role("button", name="Import", exact=True).click()
    page.get_by_text("Imported: 1 card(s) changed").wait_for()
    assert (
        "    name: Hills\n    type: land\n    copies: 3\n"
        in (folder / "prehistory.yaml").read_text()
    )
    follow(page, "Print and play", "Print and play")
    page.get_by_role("button", name="Make the PDF").click()
    button = page.get_by_role("button", name=re.compile(r"Download the PDF"))
    button.wait_for()
    settle(page, changed=False)
    with page.expect_download() as download:
        button.click()
    pdf = Path(download.value.path()).read_bytes()
    copies = 162 + 1  # the pack and the new age's first card
    assert page_count(pdf) == 2 * -(-copies // 9)
    shot(page, "print")


def test_a_card_opened_by_its_link_survives_a_visit_to_another_page(page, server) -> None:
    url, folder = server
    goto(page, f"{url}/?card=tiger", "Cards")
    page.get_by_role("heading", name="Tiger", exact=True).wait_for()
    name, cost = page.get_by_label("Name", exact=True), page.get_by_label("Cost", exact=True)
    playwright.expect(name).to_have_value("Tiger")
    follow(page, "The pack at a glance", "Along History")
    follow(page, "Cards", "Cards")
    page.get_by_role("heading", name="Tiger", exact=True).wait_for()
    playwright.expect(name).to_have_value("Tiger")  # not a blank form
    playwright.expect(cost).to_have_value("4 population, strength")
    save = page.get_by_role("button", name="Save", exact=True)
    playwright.expect(save).to_be_disabled()  # nothing was changed
    drafts = folder / ".agesmith" / "drafts.json"
    assert not drafts.exists() or "tiger" not in drafts.read_text()
    cost.fill("5 population, strength")
    cost.press("Enter")
    page.get_by_text("Unsaved changes: cost").wait_for()
    follow(page, "Validation", "Validation")
    follow(page, "Cards", "Cards")
    page.get_by_role("heading", name="Tiger", exact=True).wait_for()
    playwright.expect(cost).to_have_value("5 population, strength")  # the edit is back
    playwright.expect(name).to_have_value("Tiger")
    shot(page, "cards-after-another-page")
    settle(page, changed=False)
    save.click()
    page.get_by_text("Saved Tiger").wait_for()
    text = (folder / "prehistory.yaml").read_text()
    assert "    name: Tiger\n" in text and "    cost: 5 population, strength\n" in text


def test_keys_typed_while_the_page_rechecks_are_kept(page, server) -> None:
    """The designer pauses longer than the editor's debounce (its text goes to the page, which
    checks it) and types on while that check runs: when the check's answer redraws the editor
    with new error marks, every key typed meanwhile is still there, and reaches the page."""
    url, _ = server
    goto(page, f"{url}/?card=aristotle", "Cards")
    page.get_by_role("heading", name="Aristotle", exact=True).wait_for()
    frames = page.locator("iframe[title='code_editor.code_editor']:not([width='-1'])")
    playwright.expect(frames).to_have_count(1)
    editor = frames.content_frame
    # A run can start and end between two polls of a selector (a loaded machine gave the page's
    # check time to finish first), so an observer records each start instead.
    page.evaluate(
        """() => {
            window.runsStarted = 0;
            const app = document.querySelector("[data-testid='stApp']");
            new MutationObserver(() => {
                if (app.getAttribute("data-test-script-state") === "running") window.runsStarted++;
            }).observe(app, {attributes: true, attributeFilter: ["data-test-script-state"]});
        }"""
    )
    for letter in "abcd":
        editor.locator(".ace_content").first.click()
        page.keyboard.press("Control+End")
        page.keyboard.press("Home")
        page.keyboard.press("Shift+End")
        page.evaluate("window.runsStarted = 0")
        line = f"on acquire: gain 3 zq{letter}"  # a word the pack does not know: error marks
        page.keyboard.type(line, delay=20)
        page.wait_for_function("window.runsStarted > 0")  # the pause was past the debounce
        page.keyboard.type(letter * 2, delay=20)  # typing on while the page checks
        settle(page)
        shown = editor.locator(".ace_editor").evaluate("e => e.env.editor.getValue()")
        assert shown.split("\n")[-1] == line + letter * 2, f"the editor shows {shown!r}"
        page.get_by_text(f'"zq{letter * 3}"').first.wait_for()  # the page checked all of it
        page.keyboard.press("Escape")


def test_a_keystroke_redraws_the_card_editor_not_the_page(page, server) -> None:
    """Typing in the rules editor re-runs the card's part of the page only: the table, the
    search and the card list above it are not run and drawn again (none goes stale)."""
    url, _ = server
    goto(page, f"{url}/?card=aristotle", "Cards")
    page.get_by_role("heading", name="Aristotle", exact=True).wait_for()
    page.evaluate(
        """() => {
            window.staleOutside = [];
            new MutationObserver(changes => changes.forEach(c => {
                const box = c.target;
                if (box.getAttribute("data-stale") === "true"
                        && box.querySelector("[data-testid='stDataFrame'], input[aria-label"
                                             + "='Search names and rules']"))
                    window.staleOutside.push(box.getAttribute("data-testid"));
            })).observe(document.body, {attributes: true, attributeFilter: ["data-stale"],
                                        subtree: true});
        }"""
    )
    frames = page.locator("iframe[title='code_editor.code_editor']:not([width='-1'])")
    frames.content_frame.locator(".ace_content").first.click()
    page.keyboard.press("Control+End")
    page.keyboard.press("Home")
    page.keyboard.press("Shift+End")
    page.keyboard.type("on acquire: gain 3 zqzz", delay=20)
    page.get_by_text('"zqzz"').first.wait_for()
    settle(page, changed=False)
    assert page.evaluate("window.staleOutside") == []


def test_a_draft_is_written_once_per_edit_within_the_card_editor(page, server) -> None:
    """An edit writes its draft once: a later run of the card's editor with nothing changed
    (here the "Plain text box" switch) does not write it again."""
    url, folder = server
    goto(page, f"{url}/?card=tiger", "Cards")
    page.get_by_role("heading", name="Tiger", exact=True).wait_for()
    cost = page.get_by_label("Cost", exact=True)
    cost.fill("6 population, strength")
    cost.press("Enter")
    page.get_by_text("Unsaved changes: cost").wait_for()
    settle(page, changed=False)
    drafts = folder / ".agesmith" / "drafts.json"
    written = drafts.stat().st_mtime_ns
    page.get_by_text("Plain text box").click()
    page.locator("textarea[aria-label='Rules']").wait_for()
    settle(page, changed=False)
    assert drafts.stat().st_mtime_ns == written
    assert "6 population, strength" in drafts.read_text()
