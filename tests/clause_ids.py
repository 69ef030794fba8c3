"""The numbers of each bundled game's rule clauses (AH-xx, TAW-xx, TTA-xx), kept here so that
the clause-coverage tests run wherever the project is cloned; where the shared rules are found
(`$AGESMITH_SHARED`, or a folder `shared/` beside the project or above it, as in a worktree),
a test checks this list against their clause files."""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _ids(game: str, sections: str) -> tuple[str, ...]:
    """The clause numbers of `game`, written section by section: "S1-5 C1-10" is S1 to S5, then
    C1 to C10."""
    out: list[str] = []
    for part in sections.split():
        first, last = part[1:].split("-")
        out += [f"{game}-{part[0]}{n}" for n in range(int(first), int(last) + 1)]
    return tuple(out)


CLAUSE_IDS: dict[str, tuple[str, ...]] = {
    "along-history": _ids("AH", "S1-5 C1-10 D1-8 T1-7 K1-8 W1-6 A1-6 X1-3 U1-3 O1-4 E1-6 V1-3"),
    "the-ancient-world": _ids("TAW", "S1-3 P1-3 A1-7 B1-9 D1-5 E1-6 G1-4"),
    "through-the-ages": _ids("TTA", "S1-9 T1-5 P1-6 A1-7 E1-4 C1-1 G1-2 X1-1"),
}


def shared_rules() -> Path | None:
    """The shared rules folder, if this machine has it."""
    given = os.environ.get("AGESMITH_SHARED")
    places = [Path(given)] if given else [p / "shared" for p in ROOT.parents]
    return next((p / "rules" for p in places if (p / "rules").is_dir()), None)


def clause_ids_in(path: Path) -> list[str]:
    """The clause numbers a clauses file lists (`- AH-S1 ...` lines)."""
    return re.findall(r"^- ([A-Z]+-[A-Z]\d+) ", path.read_text(encoding="utf-8"), re.MULTILINE)
