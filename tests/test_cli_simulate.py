"""`agesmith simulate`: the balance report in the terminal, as JSON, CSV and HTML, and A/B
against a deck."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from click.testing import CliRunner, Result

from agesmith.cli import main
from cards import bundled

PACK = str(bundled("along_history"))
SHORT = ["--players", "3", "--seed", "5", "--variant", "introductory", "--ages", "prehistory"]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_json_is_the_same_for_one_and_two_workers() -> None:
    one = run("simulate", PACK, *SHORT, "--games", "5", "--json")
    two = run("simulate", PACK, *SHORT, "--games", "5", "--json", "--workers", "2")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["games"] == 5 and data["seed"] == 5 and len(data["seats"]) == 3


def test_the_report_in_the_terminal() -> None:
    result = run("simulate", PACK, *SHORT, "--games", "4", "--top", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "4 games of 3 players, seeds 5 to 8" in out
    assert "95% interval" in out and "Scores by age" in out
    assert "Cards that change who wins" in out and "beyond chance" in out
    assert "Calamities" in out and "Wars:" in out
    assert "Effect coverage:" in out and "card rules ran" in out


def test_html_and_csv_files(tmp_path: Path) -> None:
    page, folder = tmp_path / "balance.html", tmp_path / "csv"
    result = run(
        "simulate", PACK, *SHORT, "--games", "3", "--html", str(page), "--csv", str(folder)
    )
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>") and html.count("<svg") >= 3
    assert "Balance of Along History" in html and "Effect coverage" in html
    assert sorted(p.name for p in folder.iterdir()) == ["cards.csv", "coverage.csv", "seats.csv"]
    with open(folder / "seats.csv", newline="") as handle:
        seats = list(csv.DictReader(handle))
    assert [s["seat"] for s in seats] == ["1", "2", "3"]
    assert sum(float(s["wins"]) for s in seats) == 3
    with open(folder / "cards.csv", newline="") as handle:
        cards = {row["id"]: row for row in csv.DictReader(handle)}
    assert "megaliths" in cards and "owner_win_ci_low" in cards["megaliths"]


def test_a_report_that_cannot_be_written_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run("simulate", PACK, *SHORT, "--games", "1", "--html", str(blocker / "page.html"))
    assert result.exit_code == 1 and "cannot write the report" in result.output
    assert "Traceback" not in result.output


def test_the_report_is_never_written_through_a_link_to_a_users_file(tmp_path: Path) -> None:
    """The fuzz campaign's find: `--html LINK` (or a link in the --csv folder) overwrote the
    file the link points to."""
    notes = tmp_path / "notes.txt"
    notes.write_text("a user's notes")
    (tmp_path / "page.html").symlink_to(notes)
    (tmp_path / "csv").mkdir()
    (tmp_path / "csv" / "cards.csv").symlink_to(notes)
    for option, target in (("--html", "page.html"), ("--csv", "csv")):
        result = run("simulate", PACK, *SHORT, "--games", "1", option, str(tmp_path / target))
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert "cannot write the report" in result.output and "is a symbolic link" in result.output
    assert notes.read_text() == "a user's notes"


def test_ab_against_a_deck_flags_the_card_it_changes(tmp_path: Path) -> None:
    deck = tmp_path / "no-megaliths.deck.yaml"
    deck.write_text(
        f"deck: No megaliths\npack: {PACK}\ncopies:\n  prehistory:\n    megaliths: 0\n",
        encoding="utf-8",
    )
    result = run("simulate", PACK, "--against", str(deck), *SHORT, "--games", "12", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["a"]["games"] == data["b"]["games"] == 12
    moved = {c["what"] for c in data["changes"] if c["significant"]}
    assert "Megaliths (prehistory): acquired per game" in moved
    megaliths = next(c for c in data["b"]["cards"] if c["id"] == "megaliths")
    assert megaliths["never_acquired"]
    # the same seeds: a pack against itself moves nothing
    same = run("simulate", PACK, "--against", PACK, *SHORT, "--games", "4")
    assert same.exit_code == 0, same.output
    assert "Nothing moved beyond chance." in same.stdout
    assert "0 of" in same.stdout


def test_ab_refuses_files_of_one_report(tmp_path: Path) -> None:
    result = run(
        "simulate", PACK, "--against", PACK, "--games", "1", "--html", str(tmp_path / "x.html")
    )
    assert result.exit_code == 1 and "without --against" in result.output
