"""Balance runs of the workshop: `simulate` played in a background thread (so the page can show
its progress and stop it), an A/B on the same seeds as `agesmith simulate --against`, and the
last run kept in `PACK/.agesmith/balance.json` so that a reload shows it.

The kept run is the reports' JSON (`Report.to_json()`) and the A/B's changes: the page draws
the report from it with `report_html`, as `simulate --html` does, fresh or reloaded alike.
"""

from __future__ import annotations

import json
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from interpreter import PackError
from interpreter.tools.report import Report, compare
from interpreter.tools.report_html import render_html
from interpreter.tools.simulate import simulate
from interpreter.tools.stopping import StopSignals
from rules_dsl.errors import AgesmithError
from rules_dsl.safe_files import UnsafePathError, read_regular, write_atomic

from .files import set_aside

KEPT = Path(".agesmith") / "balance.json"  # inside the pack folder
ASIDE = "balance-unreadable"  # a kept run that could not be read
MAX_KEPT = 20_000_000  # bytes: a report of every card of a big pack stays far below
VERSION = 1
CHOSEN_DECK = "balance_deck"  # a deck file name the Decks page asks the Balance page to play
STOPPED = "Stop"  # what the Stop button "received", as a signal's name would be


@dataclass(frozen=True)
class Setup:
    """What to play: a pack folder or deck file (and one to play against), bots and numbers."""

    play: str
    label: str
    bots: tuple[str, ...]
    players: int
    games: int
    seed: int
    workers: int = 1
    against: str | None = None
    against_label: str | None = None
    dask: str | None = None  # a dask.distributed scheduler's address, as `simulate --dask`


@dataclass
class BalanceRun:
    """One run playing in its own thread; the page reads `done`, `result`, `error`."""

    setup: Setup
    pack: Path  # where the run is kept
    done: list[int] = field(default_factory=lambda: [0, 0])  # games finished of A, of B
    result: dict[str, Any] | None = None
    error: str | None = None
    kept_problem: str | None = None
    _stop: StopSignals = field(default_factory=StopSignals)
    _thread: threading.Thread | None = None

    def start(self) -> BalanceRun:
        self._thread = threading.Thread(target=self._play, name="agesmith-balance", daemon=True)
        self._thread.start()
        return self

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def total(self) -> int:
        return self.setup.games * (2 if self.setup.against else 1)

    def stop(self) -> None:
        """Stop after the game (or batch) being played: the games finished are kept."""
        self._stop.received = STOPPED

    def wait(self) -> None:
        if self._thread is not None:
            self._thread.join()

    def _play(self) -> None:
        try:
            self.result = self._reports()
        except (PackError, ValueError, OSError) as e:
            self.error = str(e)
            return
        except Exception as e:  # the thread's end: whatever it was, the page must say it
            self.error = f"{type(e).__name__}: {e}"
            return
        try:
            keep(self.pack, self.result)
        except (OSError, UnsafePathError) as e:
            self.kept_problem = f"The run is not kept for the next visit: {e}"

    def _reports(self) -> dict[str, Any]:
        s = self.setup
        reports: list[Report] = []
        for n, which in enumerate([s.play] + ([s.against] if s.against else [])):

            def progress(done: int, _total: int, n: int = n) -> None:
                self.done[n] = done

            reports.append(
                simulate(
                    which,
                    s.games,
                    players=s.players,
                    seed=s.seed,
                    bots=s.bots,
                    workers=s.workers,
                    dask=s.dask,
                    progress=progress,
                    stop=self._stop,  # not installed: only the main thread may take signals
                )
            )
            if reports[-1].interrupted:
                break
        if len(reports) == 2 and reports[1].interrupted and not reports[1].games:
            reports.pop()  # stopped before B finished a game: nothing to compare
        return run_json(s, reports)


def run_json(setup: Setup, reports: list[Report]) -> dict[str, Any]:
    """What is kept of a run: its setup, its reports and (A/B) the changes as `simulate
    --against --json` gives them."""
    data: dict[str, Any] = {
        "version": VERSION,
        "setup": asdict(setup),
        "reports": [r.to_json() for r in reports],
        "changes": None,
    }
    if len(reports) == 2:
        data["changes"] = [
            c.to_json() | {"significant": c.significant} for c in compare(reports[0], reports[1])
        ]
    return data


def keep(pack: Path, data: dict[str, Any]) -> Path:
    """Write the run into the pack's `.agesmith/` at once (never half-written)."""
    path = pack / KEPT
    path.parent.mkdir(exist_ok=True)
    return write_atomic(path, json.dumps(data, ensure_ascii=False), inside=pack)


class KeptRunError(AgesmithError, ValueError):
    """The kept run cannot be read; the message says why and where the file now is."""


def kept(pack: Path) -> dict[str, Any] | None:
    """The last run kept for `pack`, or None. One that cannot be read is moved aside, kept,
    and KeptRunError says why and where it went."""
    path = pack / KEPT
    if not path.exists():
        return None
    try:
        data = json.loads(read_regular(path, MAX_KEPT).decode("utf-8"))
        _check_shape(data)
    except (OSError, UnsafePathError, UnicodeDecodeError, ValueError) as e:
        raise KeptRunError(
            f"The last balance run could not be read ({e}). {_aside(path)}"
        ) from None
    return data


def _check_shape(data: Any) -> None:
    """What the page draws must be there, else ValueError naming what is missing."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError(f"not a balance run of version {VERSION}")
    reports = data.get("reports")
    if not isinstance(reports, list) or not 1 <= len(reports) <= 2:
        raise ValueError("its reports are missing")
    needed = ("pack", "seats", "cards", "coverage", "games", "finished", "length", "errors")
    for report in reports:
        missing = [k for k in needed if not isinstance(report, dict) or k not in report]
        if missing:
            raise ValueError(f"a report has no {', '.join(missing)}")
    if not isinstance(data.get("setup"), dict):
        raise ValueError("its setup is missing")
    if len(reports) == 2 and not isinstance(data.get("changes"), list):
        raise ValueError("its A/B changes are missing")
    try:  # drawn once here: a figure of the wrong kind is found now, not halfway down the page
        for report in reports:
            render_html(report)
        for significant in (True, False):
            change_rows(data.get("changes") or [], significant)
        _ = [data["setup"][k] for k in ("label", "players", "bots", "seed")]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise ValueError(f"it holds a value it cannot show: {type(e).__name__} {e}") from None


def _aside(path: Path) -> str:
    return set_aside(path, ASIDE, "It")


def change_rows(changes: list[dict[str, Any]], significant: bool) -> list[dict[str, Any]]:
    """The A/B table's rows, as `simulate --against` prints them: measure, A, B, B − A, its
    95% interval and p; the moves beyond chance, or the others (closest first)."""
    rows = []
    for c in changes:
        d = c.get("difference")
        if d is None or bool(c.get("significant")) != significant:
            continue
        rows.append(
            {
                "measure": c["what"],
                "A": _figure(c["a"]),
                "B": _figure(c["b"]),
                "B − A": f"{d['estimate']:+.3g}",
                "95% interval": f"{d['low']:+.3g} – {d['high']:+.3g}",
                "p": f"{d['p_value']:.3f}",
            }
        )
    return rows


def _figure(x: float | None) -> str:
    return "—" if x is None else f"{x:.3g}"
