"""The balance report over hand-made game records: counts, intervals, merging, CSV and A/B."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest

from interpreter.tools.report import CardRef, GameRecord, Report, RuleRef, compare
from interpreter.tools.report_html import render_html

CARDS = [
    CardRef(0, "forest", "Forest", "prehistory", "land"),
    CardRef(1, "tiger", "Tiger", "prehistory", "figure"),
    CardRef(2, "famine", "Famine", "prehistory", "calamity"),
]
RULES = [
    RuleRef("card:1:acquire:0", "Tiger", "acquire", "prehistory.yaml:40"),
    RuleRef("card:2:failure:0", "Famine", "failure", "prehistory.yaml:80", "famine", "one"),
]
TITLE = {
    "pack": "Test",
    "variant": None,
    "board": None,
    "ages": "prehistory",
    "players": 2,
    "seed": 0,
    "bots": ["greedy", "random"],
}


def report() -> Report:
    return Report(dict(TITLE), CARDS, RULES)


def game(
    index: int, winner: int, *, tiger_owner: int | None = None, famine_struck: int | None = None
) -> GameRecord:
    acquired = [(0, 0, 1), (0, 1, 2)]
    owned = [[0], [0]]
    if tiger_owner is not None:
        acquired.append((1, tiger_owner, 3))
        owned[tiger_owner].append(1)
    failed = [(2, famine_struck, [0])] if famine_struck is not None else []
    return GameRecord(
        index=index,
        seed=index,
        scores=[10 + 5 * (winner == 0), 10 + 5 * (winner == 1)],
        winners=[winner],
        actions=100 + index,
        rounds=8,
        age_scores={"prehistory": [3, 4]},
        offered=[[0, 1, 2], [0, 2]],
        acquired=acquired,
        owned=owned,
        points=[
            {0: 1, 1: 2} if tiger_owner == 0 else {0: 1},
            {0: 1, 1: 2} if tiger_owner == 1 else {0: 1},
        ],
        failed=failed,
        tokens=[(3, winner)],
        wars=[(0, 1, 0)] if index % 2 else [],
        fired=["card:1:acquire:0"] if tiger_owner is not None else [],
    )


def records() -> list[GameRecord]:
    # Tiger's owner wins 8 games of 10; a tie and a broken game on top
    out = [
        game(i, winner=0 if i < 8 else 1, tiger_owner=0, famine_struck=1 if i < 3 else None)
        for i in range(10)
    ]
    out.append(
        GameRecord(
            10,
            10,
            [12, 12],
            [0, 1],
            90,
            8,
            {"prehistory": [3, 3]},
            [[0], [0]],
            [],
            [[], []],
            [{}, {}],
        )
    )
    out.append(GameRecord(11, 11, error="RuleLoopError: a loop"))
    return out


def full() -> dict:
    r = report()
    for record in records():
        r.add(record)
    data = r.to_json()
    assert json.loads(json.dumps(data)) == data  # plain JSON all through
    return data


def test_seats_and_lengths() -> None:
    data = full()
    assert data["games"] == 12 and data["finished"] == 11 and data["ties"] == 1
    first, second = data["seats"]
    assert second["wins"] == 2.5
    assert first["wins"] == 8.5 and first["win_rate"] == pytest.approx(8.5 / 11, abs=1e-4)
    low, high = first["win_ci"]
    assert low < first["win_rate"] < high
    assert data["length"]["rounds"]["mean"] == 8
    assert data["errors"] == [{"game": 11, "seed": 11, "error": "RuleLoopError: a loop"}]
    assert data["wars"] == {"declared": 5, "won_by_attacker": 5, "attacker_win_rate": 1.0}
    assert data["tokens"] == {"3": 10}


def test_card_figures() -> None:
    rows = {row["id"]: row for row in full()["cards"]}
    tiger = rows["tiger"]
    assert tiger["offered"] == 10 and tiger["acquired"] == 10  # seat 1 in games 0-9
    assert tiger["acquired_when_offered"] == 1.0
    assert rows["famine"]["offered"] == 20 and rows["famine"]["acquired_when_offered"] == 0
    assert tiger["mean_round"] == 3
    assert tiger["owners"] == 10 and tiger["owner_win_rate"] == 0.8
    # non-owners: seat 1 in games 0-9 (won 2) and both seats of the tie (half a win each)
    assert tiger["non_owner_win_rate"] == pytest.approx(3 / 12, abs=1e-4)
    advantage = tiger["win_rate_advantage"]
    assert advantage["estimate"] == pytest.approx(0.8 - 0.25, abs=1e-4)
    assert advantage["significant"]
    assert tiger["mean_points"] == 2 and not tiger["never_acquired"]
    assert rows["famine"]["never_acquired"] and rows["famine"]["failed"] == 3
    assert rows["famine"]["destroyed"] == {"Forest": 3}
    assert "failed" not in rows["forest"]


def test_coverage_lists_the_rules_that_never_ran() -> None:
    coverage = full()["coverage"]
    assert coverage["rules"] == 2 and coverage["fired"] == 1
    assert coverage["never_fired"] == [
        {
            "card": "Famine",
            "card_id": "famine",
            "age": "one",
            "event": "failure",
            "where": "prehistory.yaml:80",
        }
    ]


def test_a_rule_that_never_ran_links_to_its_card_where_the_report_is_given_links() -> None:
    data = full()
    linked = render_html(data, lambda card_id, age: f"./?card={card_id}&age={age}")
    assert (
        '<a href="./?card=famine&amp;age=one" target="_blank" rel="noopener">Famine</a>' in linked
    )
    assert "<a href" not in render_html(data)  # the HTML file alone: the name and file:line
    data["coverage"]["never_fired"][0].pop("card_id")  # a run kept before rules had ids
    assert "<a href" not in render_html(data, lambda card_id, age: f"./?card={card_id}&age={age}")


def test_merging_in_any_order_gives_identical_json() -> None:
    whole = full()
    shuffled = records()
    random.Random(4).shuffle(shuffled)
    parts = [report() for _ in range(3)]
    for i, record in enumerate(shuffled):
        parts[i % 3].add(record)
    merged = report()
    for part in reversed(parts):
        merged.merge(part)
    assert merged.to_json() == whole


def test_csv_files(tmp_path: Path) -> None:
    r = report()
    for record in records():
        r.add(record)
    written = r.write_csv(tmp_path / "out")
    assert sorted(p.name for p in written) == ["cards.csv", "coverage.csv", "seats.csv"]
    with open(tmp_path / "out" / "cards.csv", newline="") as handle:
        rows = {row["id"]: row for row in csv.DictReader(handle)}
    assert rows["tiger"]["owner_win_rate"] == "0.8"
    assert rows["tiger"]["advantage_significant"] == "True"


def test_ab_finds_what_moved() -> None:
    a, b = report(), report()
    for i in range(40):
        a.add(game(i, winner=i % 2, tiger_owner=i % 2))  # Tiger does nothing
        b.add(game(i, winner=0 if i % 5 else 1, tiger_owner=0))  # Tiger wins games
    changes = compare(a, b)
    moved = [c.what for c in changes if c.significant]
    assert "Tiger (prehistory): owners' win rate" in moved
    assert "seat 1 win rate" in moved
    assert "Forest (prehistory): acquired per game" not in moved
    assert not changes[-1].significant
    same = compare(a, a)
    assert not any(c.significant for c in same)


def test_html_page_is_self_contained(tmp_path: Path) -> None:
    from interpreter.tools.report_html import render_html

    page = render_html(full())
    assert page.startswith("<!doctype html>") and page.rstrip().endswith("</html>")
    assert "http" not in page.replace("http-equiv", "")  # nothing from the network
    assert page.count("<svg") >= 3
    assert "Tiger (prehistory)" in page and "never acquired" in page
    assert "Famine" in page and "failure" in page  # the coverage table
    (tmp_path / "report.html").write_text(page)
