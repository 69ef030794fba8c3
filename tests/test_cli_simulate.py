"""`agesmith simulate`: the balance report in the terminal, as JSON, CSV and HTML, and A/B
against a deck."""

from __future__ import annotations

import csv
import json
import shutil
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


def test_a_pack_s_own_measures_are_its_report_and_only_its_mechanics_are_said(
    tmp_path: Path,
) -> None:
    """The Ancient World's `report:` (titans defeated, banners, starving citizens, ...) is a
    table of the report, for all players, the winners and the others; a pack without
    achievement tokens or wars is told of neither; its cards no player held are listed as
    such (it acquires no card the engine's way). A measure that does not read is a located
    error of validate."""
    taw = str(bundled("the_ancient_world"))
    result = run("simulate", taw, "--games", "3", "--seed", "1", "--top", "2")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "At the end of the games (the pack's measures)" in out
    assert "titans defeated" in out and "starving citizens" in out
    assert "Wars:" not in out and "Achievement tokens taken" not in out
    assert "Never acquired" not in out
    data = json.loads(run("simulate", taw, "--games", "2", "--json").stdout)
    assert set(data["measures"]["banners"]) == {"all", "winners", "others"}
    assert data["measures"]["banners"]["all"]["n"] == 2 * 3
    page = tmp_path / "balance.html"
    assert run("simulate", taw, "--games", "2", "--html", str(page)).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert "At the end of the games" in html and "titans defeated" in html
    assert "Calamities" not in html and "Achievement tokens and wars" not in html
    folder = tmp_path / "taw"
    shutil.copytree(taw, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text.replace("your banners\n", "your flags\n", 1), encoding="utf-8")
    bad = run("validate", str(folder))
    assert bad.exit_code != 0 and "game.yaml:" in bad.output and '"flags"' in bad.output
