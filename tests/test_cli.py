"""The `agesmith` command line, through click's CliRunner."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from agesmith.cli import main
from cards import bundled

ALONG_HISTORY = str(bundled("along_history"))
PACKS = Path(__file__).resolve().parent / "packs"
CARD_KEYS = {
    "age",
    "deck",
    "id",
    "name",
    "type",
    "copies",
    "players",
    "cost",
    "gold",
    "points",
    "bonus",
    "numbers",
    "rules",
}
RESOURCES = {"population", "culture", "ingenuity", "strength"}
DIAGNOSTIC_KEYS = {
    "severity",
    "code",
    "message",
    "file",
    "line",
    "column",
    "end_column",
    "hint",
    "source_line",
}


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@cache
def cards_json() -> list[dict]:
    result = run("cards", ALONG_HISTORY, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# ------------------------------------------------------------------ help


def test_help() -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert "validate" in result.output and "cards" in result.output


@pytest.mark.parametrize("command", sorted(main.commands))
def test_help_of_each_command(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Usage: ") and f" {command} [OPTIONS]" in result.output


@pytest.mark.parametrize(
    ("command", "options"), [("validate", ["--json", "--variant"]), ("cards", ["--json", "--age"])]
)
def test_help_names_the_options(command: str, options: list[str]) -> None:
    result = run(command, "--help")
    assert f" {command} [OPTIONS] PACK" in result.output
    assert all(option in result.output for option in options)


# ------------------------------------------------------------------ validate


def test_validate_the_real_pack() -> None:
    result = run("validate", ALONG_HISTORY)
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines() == [
        "Along History: 162 cards, 0 errors, 0 warnings — ok"
    ]


@pytest.mark.parametrize("variant", ["introductory", "no war", "progressive", "linear"])
def test_validate_each_variant(variant: str) -> None:
    result = run("validate", ALONG_HISTORY, "--variant", variant)
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings — ok" in result.output


def test_validate_json_of_the_real_pack_is_an_empty_array() -> None:
    result = run("validate", ALONG_HISTORY, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == []


def test_validate_json_of_a_broken_pack() -> None:
    result = run("validate", str(PACKS / "broken" / "several-errors"), "--json")
    assert result.exit_code == 1
    diagnostics = json.loads(result.stdout)
    assert isinstance(diagnostics, list) and len(diagnostics) == 5
    for d in diagnostics:
        assert set(d) == DIAGNOSTIC_KEYS
        assert d["severity"] == "error" and d["line"] >= 1 and d["column"] >= 1
    assert {Path(d["file"]).name for d in diagnostics} == {"game.yaml", "stone.yaml", "bronze.yaml"}


def test_validate_a_broken_pack_exits_1() -> None:
    result = run("validate", str(PACKS / "broken" / "unknown-card-name"))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert 'stone.yaml:25:23: error: unknown card "Cav"' in result.output
    assert 'hint: did you mean "Cave"?' in result.output
    assert result.output.strip().splitlines()[-1] == (
        "Minimal: 9 cards, 1 error, 0 warnings — failed"
    )


def test_validate_a_pack_with_only_warnings_exits_0() -> None:
    result = run("validate", str(PACKS / "broken" / "card-of-other-age"))
    assert result.exit_code == 0, result.output
    assert "warning:" in result.output and "0 errors, 1 warning — ok" in result.output


def test_validate_a_folder_that_does_not_exist() -> None:
    result = run("validate", str(PACKS / "no-such-pack"))
    assert result.exit_code == 1
    assert "no pack folder" in result.output and "Traceback" not in result.output


def test_validate_the_minimal_pack() -> None:
    result = run("validate", str(PACKS / "minimal"))
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "Minimal: 9 cards, 0 errors, 0 warnings — ok"


# ------------------------------------------------------------------ cards


def test_cards_json_has_every_card() -> None:
    cards = cards_json()
    assert len(cards) == 133
    assert sum(c["copies"] for c in cards) == 162
    assert len({(c["age"], c["id"]) for c in cards}) == 133


def test_cards_json_shape() -> None:
    for c in cards_json():
        assert set(c) == CARD_KEYS, c["name"]
        assert set(c["cost"]) == RESOURCES, c["name"]
        assert set(c["bonus"]) == RESOURCES | {"gold"}, c["name"]
        assert isinstance(c["rules"], str) and isinstance(c["copies"], int)
        assert c["gold"] is None or isinstance(c["gold"], int)
        assert c["points"] is None or isinstance(c["points"], int)
        assert c["numbers"] == {}, c["name"]  # Along History prints no numbers of its own


def test_cards_json_values() -> None:
    by_name = {(c["age"], c["name"]): c for c in cards_json()}
    fire = by_name["prehistory", "The Fire"]
    assert fire["id"] == "the-fire" and fire["type"] == "progress" and fire["points"] == 3
    assert fire["cost"] == {"population": 5, "culture": 0, "ingenuity": 2, "strength": 0}
    assert fire["bonus"] == {
        "population": 2,
        "culture": 0,
        "ingenuity": 0,
        "strength": 0,
        "gold": 0,
    }
    assert fire["rules"] == 'free if you own "Homo Erectus"'
    saxons = by_name["middle_ages", "Saxons!"]
    assert saxons["cost"]["population"] is None  # X
    assert saxons["cost"]["strength"] == 2


def test_cards_json_of_one_age() -> None:
    result = run("cards", ALONG_HISTORY, "--json", "--age", "prehistory")
    assert result.exit_code == 0
    cards = json.loads(result.stdout)
    assert len(cards) == 36 and {c["age"] for c in cards} == {"prehistory"}


def test_cards_json_names_a_decks_cards_and_their_copies_by_players() -> None:
    """A deck's card says its deck (no age), and a card kept only with 3 or more players gives
    its copies for each number of players the game is for; --age takes a deck's name too."""
    result = run("cards", str(PACKS / "conformance" / "decks"), "--json", "--age", "military deck")
    assert result.exit_code == 0, result.output
    cards = {c["name"]: c for c in json.loads(result.stdout)}
    assert set(cards) == {"Spearman", "Veteran", "Ballista"}
    assert {(c["age"], c["deck"]) for c in cards.values()} == {(None, "military deck")}
    assert cards["Veteran"]["players"] == {"2": 0, "3": 1}
    assert cards["Spearman"]["players"] == {"2": 2, "3": 3}
    assert cards["Ballista"]["players"] is None and cards["Ballista"]["copies"] == 2


def test_cards_table() -> None:
    result = run("cards", ALONG_HISTORY)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Along History: 133 cards")
    assert "Forest" in result.output


def test_cards_of_a_broken_pack_exits_1() -> None:
    result = run("cards", str(PACKS / "broken" / "several-errors"), "--json")
    assert result.exit_code == 1
    assert result.stdout == ""  # no half list for other tools
    assert "game.yaml:7:1: error: unknown key" in result.stderr
    assert "5 errors, 0 warnings" in result.stderr
    assert "Traceback" not in result.output
