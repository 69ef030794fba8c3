"""The playtest pages in a real browser (Chromium and Playwright, as test_browser.py): make a
deck, play a short game against a bot to its end by clicking (with an undo, a save, a page
reload), save a position as a scenario and run it green. Screenshots of each page go to
tests/editor/screenshots/."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.editor.browsing import (
    CHOICE,
    CHROMIUM,
    choose,
    click_until,
    expand,
    follow,
    goto,
    settle,
    shot,
)

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Chromium is not installed (apt-get install chromium)"
)


def pick_option(page, label: str, option: str) -> None:
    """Choose in a selectbox: type to filter its list, then click the option itself (Enter
    would take whichever option was first when the list had not yet been filtered)."""
    box = page.get_by_label(label, exact=True)
    box.click()
    box.fill(option)
    page.get_by_role("option", name=option, exact=True).click()
    settle(page)


def bots_play_instantly(page) -> None:
    """Set the bots' speed to "instant" (the default, "fast", waits before each decision)."""
    settle(page, changed=False)
    page.get_by_text("instant", exact=True).click()
    settle(page)  # (while the page is drawn again, the old radio is there too)
    playwright.expect(page.get_by_role("radio", name="instant")).to_be_checked()


def first_choice(page, pattern: str):
    """The first decision button whose text matches."""
    return page.locator(CHOICE).filter(has_text=re.compile(pattern)).first


def test_make_a_deck_and_save_it(page, server) -> None:
    url, folder = server
    goto(page, f"{url}/decks", "Decks")
    box = page.get_by_label("Card", exact=True)
    box.click()
    box.fill("Famine")
    page.get_by_role("option", name="Famine (Prehistory)").click()
    settle(page)
    page.get_by_label("Copies", exact=True).fill("0")
    page.get_by_label("Copies", exact=True).press("Enter")
    settle(page)
    page.get_by_role("button", name="Set", exact=True).click()
    page.get_by_text(re.compile("Famine 1 → 0")).wait_for()
    settle(page, changed=False)
    page.get_by_label("Name of the deck").fill("No famine")
    page.get_by_label("Name of the deck").press("Enter")
    settle(page)
    page.get_by_role("button", name="Save the deck").click()
    page.get_by_text("Saved the deck No famine").wait_for()
    shot(page, "decks")
    text = (folder / "decks" / "no-famine.yaml").read_text()
    assert "  prehistory:\n    famine: 0\n" in text and "pack: ..\n" in text


def play_until(page, done, clicks: int = 400) -> None:
    """Click legal buttons (an acquisition when there is one, else the last: the End group)
    until `done()`."""
    for _ in range(clicks):
        settle(page, changed=False)
        if done():
            return
        buttons = page.locator(CHOICE)
        if buttons.count() == 0:  # between two runs of the bots' play
            page.wait_for_timeout(100)
            continue
        labels = buttons.all_inner_texts()
        index = next(
            (i for i, t in enumerate(labels) if t.startswith("acquire ")), len(labels) - 1
        )  # else the End group, drawn last
        choose(page, buttons.nth(index))
    pytest.fail("the game did not get there")


def acquire_and_pay(page) -> None:
    """Acquire the first card offered and pay with the first way shown."""
    choose(page, first_choice(page, "^acquire "))
    page.get_by_text("How to pay").first.wait_for()
    choose(page, page.locator(CHOICE).first)
    page.get_by_text(re.compile(r"^player 1 acquires ")).first.wait_for()


def test_play_a_game_against_a_bot_with_undo_save_reload_and_a_scenario(page, server) -> None:
    url, folder = server
    goto(page, f"{url}/playtest", "Playtest")
    pick_option(page, "Ages", "Prehistory")  # one age: a short game,
    page.get_by_label("Seed", exact=True).fill("34")  # and a seed where it is short: about
    page.get_by_label("Seed", exact=True).press("Enter")  # 30 decisions, the usual 40+
    settle(page)
    page.get_by_role("button", name="Start the game").click()
    page.locator(CHOICE).first.wait_for()
    page.get_by_text(re.compile(r"for 2 players, seed 34\.")).wait_for()
    bots_play_instantly(page)
    shot(page, "playtest-start")
    # an acquisition, paid: then undo it, the payment first, then the acquisition
    acquire_and_pay(page)
    page.get_by_role("button", name=re.compile(r"^Undo decision 2, ")).click()
    page.get_by_text(re.compile("Back to before decision 2")).wait_for()
    settle(page, changed=False)
    page.get_by_role("button", name=re.compile(r"^Undo decision 1, ")).click()
    page.get_by_text(re.compile("Back to before decision 1")).wait_for()
    settle(page, changed=False)
    # acquire again, then save this position as a scenario and run it
    acquire_and_pay(page)
    scenario_box = expand(page, "Save this position as a scenario")
    click_until(
        page,
        scenario_box.get_by_role("button", name="Save the scenario and run it"),
        page.get_by_text(re.compile("it passes|it fails")),
    )
    assert page.get_by_text(re.compile("it passes")).count() > 0
    settle(page, changed=False)
    shot(page, "playtest-scenario-saved")
    [scenario] = (folder / "scenarios").glob("*.yaml")
    text = scenario.read_text()
    assert re.search(r'- "acquire .+ paying .+"\nexpect:\n  - "you own \\"', text), text
    # save the game to a file
    with page.expect_download() as download:
        page.get_by_role("button", name="Save the game to a file").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["format"] == "agesmith saved game" and saved["extra"]["playtest"]["actions"]
    # a reload finds the game; play it to its end
    page.reload()
    page.get_by_text("The unfinished game is back").wait_for()
    bots_play_instantly(page)
    play_until(page, lambda: page.get_by_text(re.compile("The game is over")).count() > 0)
    shot(page, "playtest-game-over")
    assert page.get_by_text(re.compile(r"End of Prehistory: player 1 scores")).count() > 0
    assert page.get_by_text(re.compile(r"Antiquity begins")).count() == 0  # one age only
    follow(page, "Scenarios", "Scenarios")
    page.get_by_role("button", name=re.compile("Run all")).click()
    page.get_by_text("1 passed, 0 failed").wait_for()
    shot(page, "scenarios")
