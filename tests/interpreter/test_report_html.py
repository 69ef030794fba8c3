"""The HTML balance report of real games, read as a designer reads it: rounded figures, the
ages by their names, histograms with a y-axis."""

from __future__ import annotations

import re
from functools import cache

from cards import bundled
from interpreter.tools.report_html import render_html
from interpreter.tools.simulate import simulate


@cache
def page() -> str:
    report = simulate(
        str(bundled("along_history")),
        6,
        3,
        seed=20,
        bots="greedy,random",
        workers=1,
        ages="prehistory",
    )
    return render_html(report.to_json())


def cells(html: str) -> list[str]:
    return re.findall(r"<td>([^<]*)</td>", html)


def test_figures_are_rounded_for_reading() -> None:
    html = page()
    long = [c for c in cells(html) if re.fullmatch(r"-?\d+\.\d{2,}", c)]
    assert long == []
    notes = re.findall(r"mean (\S+) points \((\S+) to (\S+)\)", html)
    assert notes and all(re.fullmatch(r"\d+\.\d", n) for note in notes for n in note)


def test_ages_are_named_as_the_pack_names_them() -> None:
    html = page()
    assert "<h3>Prehistory</h3>" in html and "ages Prehistory" in html
    assert "<td>Prehistory</td>" in html and "<td>prehistory</td>" not in html
    assert ">prehistory<" not in html and "(prehistory)" not in html


def test_each_histogram_has_a_y_axis_counting_the_players() -> None:
    html = page()
    histogram = html.split("<h3>Prehistory</h3>")[1].split("</svg>")[0]
    assert ">players</text>" in histogram and ">points</text>" in histogram
    ticks = [int(t) for t in re.findall(r"text-anchor='end'>(\d+)</text>", histogram)]
    assert ticks[0] == 0 and len(ticks) >= 2 and ticks == sorted(ticks)
    counts = [int(n) for n in re.findall(r"points: (\d+) players", histogram)]
    assert max(counts) <= ticks[-1] and sum(counts) == 6 * 3
