"""Benchmark of the workshop (`agesmith editor`): not a test, it prints figures for the README.

    python benchmarks/bench_editor.py [--runs 15] [--first-page] [--code DIR]

On a copy of the bundled Along History pack, it measures:
1. an edit of one card's rules to its diagnostics, face and read-back, as server time:
   a. the work itself (the edited file checked with the pack's real checks, the diagnostics
      placed in the card, the face drawn, the read-back from the compiled game);
   b. the whole Cards page re-run by Streamlit after the edit (AppTest runs the page script
      in this process, as the server does);
2. the first page: from `agesmith editor` started to the Cards page shown with its card face in
   Chromium (when Chromium is installed), and to the server answering;
3. the print-and-play PDF of the whole pack (162 cards and their backs).
Each edit writes a different text, so no cache can answer it. `--first-page` measures the
first page alone (`--runs` times), `--code DIR` with another checkout's workshop (before/after
on the same machine and load).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from editor import yaml_edit  # noqa: E402
from editor.card_edit import card_diagnostics  # noqa: E402
from editor.checking import CheckResult, check, display_name, pack_texts  # noqa: E402
from editor.faces import card_face  # noqa: E402
from editor.printing import print_pdf  # noqa: E402
from editor.readback import read_back  # noqa: E402
from editor.workspace import copy_bundled  # noqa: E402
from rules_dsl.pack import Pack  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def median_ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.0f} ms (min {min(times) * 1000:.0f})"


def pack_of(result: CheckResult, folder: Path) -> Pack:
    """The pack checked; one that does not load (a broken copy) has nothing to measure."""
    if result.pack is None:
        raise SystemExit(f"{folder}: the pack does not load (run `agesmith validate {folder}`)")
    return result.pack


def edit_to_feedback(folder: Path, runs: int) -> list[float]:
    text = pack_texts(folder)["antiquity.yaml"]
    check(folder)  # the session's first check, done at start
    times = []
    for i in range(runs):
        start = time.perf_counter()
        edited = yaml_edit.set_card(
            text, "aristotle", {"rules": f'gold price {i % 9 + 1} if you own "Philosophy"'}
        )
        result = check(folder, {"antiquity.yaml": edited})
        card_diagnostics(
            edited, display_name(folder / "antiquity.yaml"), "aristotle", result.diagnostics
        )
        pack = pack_of(result, folder)
        card = next(c for c in pack.cards if c.id == "aristotle")
        card_face(pack, card)
        lines = read_back(pack, card)
        times.append(time.perf_counter() - start)
        assert any(f"price is {i % 9 + 1} " in line for line in lines), lines
    return times


def page_rerun(folder: Path, runs: int) -> list[float]:
    from streamlit.testing.v1 import AppTest

    os.environ["AGESMITH_PACK"] = str(folder)
    at = AppTest.from_file(str(ROOT / "editor" / "app.py"), default_timeout=60)
    at.run()
    pick = at.selectbox(key="card_pick")
    pick.select(next(o for o in pick.options if o.startswith("Aristotle ("))).run()
    at.toggle(key="plain_rules").set_value(True).run()
    times = []
    for i in range(runs):
        box = next(
            t for t in at.text_area if (t.key or "").startswith("ta:antiquity.yaml#aristotle")
        )
        box.set_value(f'gold price {i % 9 + 1} if you own "Philosophy"')
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        assert not at.exception
    return times


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def first_page(folder: Path, runs: int, code: Path = ROOT) -> tuple[list[float], list[float]]:
    served, shown = [], []
    for _ in range(runs):
        port = free_port()
        start = time.perf_counter()
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "agesmith",
                "editor",
                str(folder),
                "--no-browser",
                "--port",
                str(port),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=code,
            env={**os.environ, "PYTHONPATH": str(code)},
            start_new_session=True,
        )
        try:
            url = f"http://127.0.0.1:{port}"
            while True:
                try:
                    urllib.request.urlopen(f"{url}/_stcore/health", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.02)
            served.append(time.perf_counter() - start)
            if Path(CHROMIUM).exists():
                shown.append(_shown(url) + served[-1])
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(10)
    return served, shown


def _shown(url: str) -> float:
    """Seconds from opening the page to the Cards page with its card face."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-sync",
            ],
        )
        page = browser.new_page()
        start = time.perf_counter()
        page.goto(url)
        page.locator("img.card-face").wait_for(timeout=60_000)
        took = time.perf_counter() - start
        browser.close()
    return took


def whole_pdf(folder: Path, runs: int) -> list[float]:
    pack = pack_of(check(folder), folder)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        print_pdf(pack)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--first-page", action="store_true", help="measure the first page only")
    parser.add_argument(
        "--code",
        type=Path,
        default=ROOT,
        help="the checkout whose workshop the first page starts (another worktree)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "along_history"
        copy_bundled(folder)
        if args.first_page:
            served, shown = first_page(folder, args.runs, args.code.resolve())
            print(f"start -> server answering:              {median_ms(served)}")
            if shown:
                print(f"start -> first page with its card face: {median_ms(shown)}  (goal < 2 s)")
            return
        print(
            f"1a. edit -> diagnostics, face, read-back (work): "
            f"{median_ms(edit_to_feedback(folder, args.runs))}  (goal < 100 ms)"
        )
        print(
            f"1b. edit -> Cards page re-run (AppTest):          "
            f"{median_ms(page_rerun(folder, args.runs))}"
        )
        served, shown = first_page(folder, max(3, args.runs // 5), args.code.resolve())
        print(f"2.  start -> server answering:                   {median_ms(served)}")
        if shown:
            print(
                f"    start -> first page with its card face:      {median_ms(shown)}  (goal < 2 s)"
            )
        else:
            print("    (Chromium is not installed: the first page in a browser is not measured)")
        print(
            f"3.  PDF of the whole pack:                        "
            f"{median_ms(whole_pdf(folder, max(3, args.runs // 5)))}  (goal < 5 s)"
        )


if __name__ == "__main__":
    main()
