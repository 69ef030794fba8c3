"""Benchmark of the Spreadsheet page's CSV import: not a test, it prints figures for the notes.

    python benchmarks/bench_csv.py [--rows 300 1000] [--runs 3]

On a copy of the bundled Along History pack, for the exported file with N new cards appended
(and for the file with every card's points changed), it measures:
1. the import's plan: every cell read and checked, the new YAML texts made (`plan_import`);
2. the same plus the pack's own checks of the new texts, as the page runs before "Import".
Goal: 1,000 new rows under 2 s.
"""

from __future__ import annotations

import argparse
import csv
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from editor.checking import check, pack_texts  # noqa: E402
from editor.spreadsheet import export_csv, plan_import  # noqa: E402
from editor.workspace import copy_bundled  # noqa: E402


def ages_of(folder: Path) -> dict[str, str]:
    pack = check(folder).pack
    if pack is None:  # a copy of the bundled pack always loads: the copy itself is broken
        raise SystemExit(f"{folder}: the pack does not load (run `agesmith validate {folder}`)")
    return pack.card_files()


def new_rows(count: int) -> str:
    return "".join(f"prehistory,,Pottery {i},progress,1,3 population,,1,,\n" for i in range(count))


def every_points_changed(table: str) -> str:
    rows = list(csv.reader(io.StringIO(table)))
    for row in rows[1:]:
        if row[7].lstrip("-").isdigit():
            row[7] = str(int(row[7]) + 1)
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def timed(folder: Path, table: str, runs: int) -> tuple[list[float], list[float]]:
    texts = pack_texts(folder)
    ages = ages_of(folder)
    planned, checked = [], []
    for _ in range(runs):
        start = time.perf_counter()
        plan = plan_import(table, texts, ages)
        planned.append(time.perf_counter() - start)
        assert not plan.problems, plan.problems[:3]
        check(folder, plan.texts)
        checked.append(time.perf_counter() - start)
    return planned, checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[300, 1000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "along_history"
        copy_bundled(folder)
        table = export_csv(pack_texts(folder), ages_of(folder))
        cases = [(f"{n} new rows", table + new_rows(n)) for n in args.rows]
        cases.append(("every card's points changed", every_points_changed(table)))
        for what, data in cases:
            planned, checked = timed(folder, data, args.runs)
            print(
                f"{what:>28}: plan {statistics.median(planned):.2f} s, "
                f"plan + the pack's checks {statistics.median(checked):.2f} s  (goal for "
                "1,000 new rows < 2 s)"
            )


if __name__ == "__main__":
    main()
