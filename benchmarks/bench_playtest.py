"""Benchmark of the Playtest page: not a test, it prints figures for the README.

    python benchmarks/bench_playtest.py [--runs 15]

On a copy of the bundled Along History pack (two players: a person and the greedy bot, all
three ages, seed 1), it measures as server time:
1. a click on an action to the re-rendered page: Streamlit's AppTest clicks a choice button and
   runs the whole Playtest page (the choice applied, the game saved for a reload, the table,
   the faces, the board and the log drawn), with the bots set to "step by step" so their
   thinking is left out;
2. a bot's full turn (every decision of its turn, from the first to the next player's turn),
   played by the page's own `Table.bot_step` and saved for a reload, over every turn of a
   whole game between two greedy bots.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from editor import playtest as pt  # noqa: E402
from editor.state import PACK_ENV  # noqa: E402
from editor.workspace import copy_bundled  # noqa: E402

APP = str(ROOT / "editor" / "app.py")


def median_ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.0f} ms (max {max(times) * 1000:.0f})"


def click_to_page(runs: int) -> list[float]:
    at = AppTest.from_file(APP, default_timeout=300)
    at.run()
    at.switch_page("app_pages/playtest.py").run()
    at.button(key="pt_start").click().run()
    at.radio(key="pt_speed").set_value("step by step").run()
    times: list[float] = []
    while len(times) < runs:
        buttons = [b for b in at.button if b.key and b.key.startswith("choice-")]
        if not buttons:
            step = [b for b in at.button if b.key == "pt_bot_step"]
            if not step:
                break  # the game is over
            step[0].click().run()  # the bot's decision: not measured
            continue
        pick = next((b for b in buttons if b.label.startswith("acquire ")), buttons[-1])
        start = time.perf_counter()
        pick.click().run()
        times.append(time.perf_counter() - start)
        assert not at.exception, at.exception
    return times


def bot_turns(folder: Path) -> list[float]:
    """Every turn of a whole game between two greedy bots."""
    table = pt.new_table(folder, ["greedy", "greedy"], 1)
    times: list[float] = []
    while not table.state.over:
        turn = (table.state.age, table.state.round, table.state.active)
        start = time.perf_counter()
        while (
            not table.state.over
            and (table.state.age, table.state.round, table.state.active) == turn
        ):
            table.bot_step()
        pt.autosave(folder, table)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "along_history"
        copy_bundled(folder)
        os.environ[PACK_ENV] = str(folder)
        clicks = click_to_page(args.runs)
        print(f"click on an action -> page re-rendered ({len(clicks)} clicks): {median_ms(clicks)}")
        turns = bot_turns(folder)
        print(
            f"a greedy bot's full turn, played and saved ({len(turns)} turns): {median_ms(turns)}"
        )


if __name__ == "__main__":
    main()
