"""The Playtest's sandbox in Chromium on The Ancient World and Through the Ages (seed 1, against
the greedy bot): the zones and counters offered are the pack's own; a card moved from a deck
to player 1's first zone is drawn there; a counter set changes the decisions offered (no coin:
no titan to attack; three civil actions: a card of the row paid with three); the edited
position's scenario passes `agesmith check`. Along History: test_sandbox_browser.py.
Screenshots go to tests/editor/screenshots/ (sandbox-<pack>-*.png)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cards import PACKS
from editor import playtest as pt
from tests.editor.browsing import CHOICE, CHROMIUM, click_until, expand, goto, settle, shot
from tests.editor.conftest import serving
from tests.editor.test_playtest_browser import bots_play_instantly
from tests.editor.test_sandbox_browser import edit_once, in_sandbox, pick_in, tab

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Chromium is not installed (apt-get install chromium)"
)

# pack: (the card on top of its first deck, where it goes, counter, value, the decision
# button that the value makes appear (True) or go (False))
CASES = {
    "the_ancient_world": (
        "Warband Muster",
        "empire deck a",
        "player 1's city",
        "coin",
        0,
        "attack a one-star titan: Satyr",
        False,
    ),
    "through_the_ages": (
        "Library of Alexandria",
        "civil deck a",
        "player 1's hand",
        "civil action",
        3,
        "take a card: Cultural Heritage (A) (paying 3 civil action)",
        True,
    ),
}


@pytest.fixture(scope="module", params=list(CASES))
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Path]]:
    """`agesmith editor` on a copy of the pack (this module's own server, one per pack)."""
    root = tmp_path_factory.mktemp("workshop")
    folder = root / request.param
    shutil.copytree(PACKS / request.param, folder)
    shutil.copytree(PACKS / "schema", root / "schema")
    with serving(folder) as url:
        yield url, folder


def test_the_packs_own_zones_and_counters_are_edited_and_the_game_follows(page, server) -> None:
    url, folder = server
    card, deck, zone, counter, value, button, appears = CASES[folder.name]
    goto(page, f"{url}/playtest", "Playtest")
    if (folder / pt.AUTOSAVE).exists():
        expand(page, "New game")
    page.get_by_role("button", name="Start the game").click()
    page.locator(CHOICE).first.wait_for()
    settle(page, changed=False)
    bots_play_instantly(page)
    drawn = page.locator(f".pt-card[title='{card}']")
    before = drawn.count()
    decision = page.locator(CHOICE).filter(has_text=button)
    assert (decision.count() == 0) == appears

    sandbox = in_sandbox(page)
    pick_in(page, sandbox, "Card", f"{card} ({deck})")
    pick_in(page, sandbox, "To", zone)
    edit_once(
        page,
        sandbox.get_by_role("button", name="Move the card"),
        page.get_by_text(f"Edited: {card} moved from {deck} to {zone}"),
    )
    settle(page, changed=False)
    assert drawn.count() > before  # drawn among player 1's cards
    drawn.first.scroll_into_view_if_needed()
    shot(page, f"sandbox-{folder.name}-card-moved")

    sandbox = in_sandbox(page)
    tab(page, sandbox, "Set a counter")
    pick_in(page, sandbox, "Counter", counter)
    box = sandbox.get_by_label(re.compile(r"^Value \(now \d+\)"))
    box.fill(str(value))
    box.press("Enter")
    settle(page)
    edit_once(
        page,
        sandbox.get_by_role("button", name="Set the counter"),
        page.get_by_text(f"Edited: player 1's {counter} set to {value}"),
    )
    settle(page, changed=False)
    assert (decision.count() > 0) == appears
    assert page.get_by_text(f"{value} {counter}").count()  # the player's line of counters
    page.get_by_role("heading", name="Playtest").first.scroll_into_view_if_needed()
    shot(page, f"sandbox-{folder.name}-counter-set")

    box = expand(page, "Save this position as a scenario")
    click_until(
        page,
        box.get_by_role("button", name="Save the scenario and run it"),
        page.get_by_text(re.compile(r"Saved the scenario .*: it passes")),
    )
    # the scenario's position is the table's: no difference to report
    assert page.get_by_text(re.compile(r"its position differs from the table's")).count() == 0
    page.get_by_role("heading", name="Playtest").first.scroll_into_view_if_needed()
    shot(page, f"sandbox-{folder.name}-scenario-saved")
    path = next((folder / "scenarios").glob("player-1-in-round-*.yaml"))
    assert f"{card} moved from {deck} to {zone}" in path.read_text()
    run = subprocess.run(
        [sys.executable, "-m", "agesmith", "check", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0 and "PASS" in run.stdout, run.stdout + run.stderr
