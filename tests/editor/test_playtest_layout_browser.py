"""The Playtest page in Chromium where only a browser shows it: Undo and Redo clicked, a card
face zoomed under the pointer, and the workshop at 1024×768 with no control cut. Screenshots
(1024×768 among them) go to tests/editor/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from editor import playtest as pt
from tests.editor.browsing import CHOICE, CHROMIUM, expand, goto, settle, shot
from tests.editor.test_playtest_browser import acquire_and_pay, bots_play_instantly, pick_option

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Chromium is not installed (apt-get install chromium)"
)

# Every text of the page that the browser cuts with an ellipsis, and every control that
# reaches past the window's right edge.
CUT = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const cut = [];
  for (const el of main.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1
        && el.textContent.trim()) cut.push('cut: ' + el.textContent.trim());
  }
  for (const el of main.querySelectorAll('button, input, table, [role="combobox"]')) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > window.innerWidth + 1)
      cut.push('past the edge: ' + (el.textContent || el.outerHTML).trim().slice(0, 60));
  }
  return cut;
}"""


def start(page, server) -> None:
    url, folder = server
    goto(page, f"{url}/playtest", "Playtest")
    if (folder / pt.AUTOSAVE).exists():  # a game of an earlier test: its options are closed
        expand(page, "New game")
    page.get_by_label("Ages", exact=True).wait_for()
    pick_option(page, "Ages", "Prehistory")
    page.get_by_label("Seed", exact=True).fill("34")
    page.get_by_label("Seed", exact=True).press("Enter")
    settle(page)
    page.get_by_role("button", name="Start the game").click()
    page.locator(CHOICE).first.wait_for()
    settle(page, changed=False)
    bots_play_instantly(page)


def saved_moves(folder: Path) -> int:
    return pt.load_table((folder / pt.AUTOSAVE).read_text()).state.moves


def click(page, name) -> None:
    settle(page, changed=False)
    page.get_by_role("button", name=name).click()
    settle(page)


def test_undo_takes_back_one_decision_at_a_time_and_redo_puts_it_back(page, server) -> None:
    _, folder = server
    start(page, server)
    first = saved_moves(folder)
    acquire_and_pay(page)
    paid = saved_moves(folder)
    click(page, re.compile(r"^Undo decision 2, player 1: pay with "))
    page.get_by_text(re.compile(r"Back to before decision 2, player 1: pay with ")).wait_for()
    assert page.get_by_text("How to pay").count() > 0  # one step back: the payment is asked
    click(page, re.compile(r"^Undo decision 1, player 1: acquire "))
    page.get_by_text(re.compile(r"Back to before decision 1, player 1: acquire ")).wait_for()
    assert saved_moves(folder) == first
    shot(page, "playtest-undone")
    click(page, re.compile(r"^Redo decision 1, player 1: acquire "))
    page.get_by_text(re.compile(r"^Redone: 1 decision, from decision 1")).wait_for()
    click(page, re.compile(r"^Redo decision 2, player 1: pay with "))
    page.get_by_text(re.compile(r"^Redone: ")).wait_for()
    assert saved_moves(folder) == paid
    assert page.get_by_role("button", name=re.compile("^Redo ")).count() == 0
    # going further back: nothing chosen, nothing done until confirmed
    further = expand(page, "Go further back")
    pick = further.get_by_role("combobox", name="Back to before")
    assert pick.input_value() == "" and pick.get_attribute("placeholder") == "choose a decision"
    playwright.expect(further.get_by_role("button", name="Go back")).to_be_disabled()
    pick.click()
    pick.fill("decision 1, player 1")  # typing opens the list even if the click came too soon
    page.get_by_role("option", name=re.compile(r"^decision 1, player 1: acquire ")).click()
    settle(page)
    playwright.expect(page.get_by_role("button", name="Go back")).to_be_disabled()
    page.get_by_text("Yes, take back 2 decisions").click()
    settle(page)
    shot(page, "playtest-further-back")
    click(page, "Go back")
    page.get_by_text(
        re.compile(
            r"Back to before decision 1, player 1: acquire .*2 decisions "
            r"taken back"
        )
    ).wait_for()
    assert saved_moves(folder) == first


def wait_face_width(page, test: str) -> None:
    """Wait until the first card face's width passes `test` (as `>= 280`): on a loaded
    machine a frame, or a rerun of the page after a click, may come late."""
    page.wait_for_function(
        f"() => {{ const e = document.querySelector('.pt-card img'); "
        f"return e !== null && e.getBoundingClientRect().width {test}; }}"
    )


def test_a_card_face_grows_under_the_pointer_to_be_read(page, server) -> None:
    start(page, server)
    face = page.locator(".pt-card").first
    face.scroll_into_view_if_needed()
    small = face.locator("img").bounding_box()
    assert small is not None and small["width"] < 120
    face.hover()
    wait_face_width(page, ">= 280")
    big = face.locator("img").bounding_box()
    viewport = page.viewport_size
    assert big is not None and big["width"] >= 280
    assert big["x"] >= 0 and big["x"] + big["width"] <= viewport["width"]
    assert big["y"] >= 0 and big["y"] + big["height"] <= viewport["height"]
    shot(page, "playtest-card-zoomed")
    page.mouse.move(1, 1)
    wait_face_width(page, "< 120")
    settle(page, changed=False)
    face.click()  # a click (focus) zooms too: for a touch screen or the keyboard
    wait_face_width(page, ">= 280")


def cut_controls(page) -> list[str]:
    settle(page, changed=False)
    return page.evaluate(CUT)


def test_at_1024_by_768_no_control_is_cut(page, server) -> None:
    url, _ = server
    page.set_viewport_size({"width": 1024, "height": 768})
    start(page, server)
    acquire_and_pay(page)
    assert cut_controls(page) == []
    shot(page, "playtest-1024x768")
    main = page.get_by_test_id("stMain")
    main.evaluate("m => m.scrollTo(0, m.scrollHeight / 2)")
    shot(page, "playtest-1024x768-table")
    scores = page.get_by_test_id("stTable")
    assert re.search(r"total", scores.inner_text())
    box = expand(page, "New game")
    page.get_by_label("Players", exact=True).fill("5")
    page.get_by_label("Players", exact=True).press("Enter")
    settle(page)
    assert box.get_by_text("Seat 5").count() == 1  # the options stay open while they change
    assert cut_controls(page) == []
    shot(page, "playtest-1024x768-new-game")
    goto(page, f"{url}/?card=tiger", "Cards")
    page.get_by_role("button", name="Revert to saved").wait_for()
    assert cut_controls(page) == []
    shot(page, "cards-1024x768")
