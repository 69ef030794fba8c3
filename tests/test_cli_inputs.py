"""`validate` and `check` on inputs that once gave a traceback or were silently accepted: each
gets a located error (or, for a condition that always holds, a warning) and exit status 1."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from shutil import copytree

import pytest
from click.testing import CliRunner

from agesmith.cli import main
from rules_dsl.bounds import COUNTER_LIMIT

MINIMAL = Path(__file__).resolve().parent / "packs" / "minimal"
LONG = "a" * 300  # longer than any file system's name (255)


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _pack(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    copytree(MINIMAL, folder)
    return folder


# ------------------------------------------------------------------ the game file


def _without_round(tmp_path: Path) -> Path:
    folder = _pack(tmp_path)
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("  round: |", "  rounds: |"), encoding="utf-8"
    )
    return folder


@pytest.mark.parametrize(
    "command",
    [
        ["validate"],
        ["play", "--players", "2"],
        ["simulate", "--games", "1"],
    ],
)
def test_a_game_without_a_round_phase_names_what_is_missing(
    tmp_path: Path, command: list[str]
) -> None:
    folder = _without_round(tmp_path)
    result = CliRunner().invoke(main, [command[0], str(folder), *command[1:]], input="")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code != 0 and "KeyError" not in result.output
    assert 'game.yaml:36:1: error: the game has no phase named "round"' in result.output
    assert (
        'hint: name the phase that runs a round "round", or name it with round_phase: (the '
        "phases: rounds, turn)" in result.output
    )


# ------------------------------------------------------------------ paths too long


def test_a_pack_path_too_long_is_an_error(tmp_path: Path) -> None:
    code, output = _run("validate", str(tmp_path / LONG))
    assert code == 1
    assert "error: no pack folder there: the path holds a name of 300 characters" in output


def test_a_decks_pack_too_long_is_an_error_at_its_line(tmp_path: Path) -> None:
    deck = tmp_path / "my.deck.yaml"
    deck.write_text(f"deck: Long\npack: {LONG}\n", encoding="utf-8")
    code, output = _run("validate", str(deck))
    assert code == 1
    assert (
        "my.deck.yaml:2:7: error: no pack folder there: the path holds a name of 300 "
        "characters: a file or folder name is at most 255" in output
    )


def test_a_scenario_path_too_long_fails_without_a_traceback(tmp_path: Path) -> None:
    code, output = _run("check", str(tmp_path / f"{LONG}.yaml"))
    assert code == 1 and "0 passed, 1 failed" in output
    code, output = _run(
        "check",
        "--deck",
        str(tmp_path / f"{LONG}.yaml"),
        str(
            Path(__file__).parent
            / "scenarios"
            / "along_history"
            / "cards"
            / "antiquity-alexander-the-great.yaml"
        ),
    )
    assert code == 1 and "the pack does not load" in output


def test_a_long_path_in_a_real_process_shows_no_traceback(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "agesmith", "validate", str(tmp_path / LONG)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr


# ------------------------------------------------------------------ decks


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        (r"Evil\u202e kced", r"\u202e"),  # a bidi override: the name would read reversed
        (r"Clear\e[2J", r"\x1b"),  # a terminal escape: it would clear the screen
        (r"Mark\u061c", r"\u061c"),  # the Arabic letter mark, a bidi control too
    ],
)
def test_a_deck_name_with_a_control_character_is_refused(
    tmp_path: Path, name: str, shown: str
) -> None:
    deck = tmp_path / "my.deck.yaml"
    deck.write_text(f'deck: "{name}"\npack: {MINIMAL}\n', encoding="utf-8")
    code, output = _run("validate", str(deck))
    assert code == 1
    assert f"my.deck.yaml:1:7: error: this text holds the control character {shown}" in output
    deck.write_text(f"deck: Plain\npack: {MINIMAL}\n", encoding="utf-8")
    assert _run("validate", str(deck))[0] == 0


# ------------------------------------------------------------------ scenarios

SCENARIO = """\
name: Hunter is bought
proves: [AH-K6]
pack: {pack}
players: 2
seed: 1
position:
  players:
    1:
      gold: {gold}
expect:
  - {expect}
"""


def _scenario(tmp_path: Path, expect: str, gold: int = 3) -> Path:
    path = tmp_path / "scenario.yaml"
    path.write_text(SCENARIO.format(pack=MINIMAL, gold=gold, expect=expect), encoding="utf-8")
    return path


def test_an_expectation_that_always_holds_fails_and_proves_nothing(tmp_path: Path) -> None:
    code, output = _run("check", str(_scenario(tmp_path, "you have at least 0 gold")))
    assert code == 1
    assert (
        "scenario.yaml:11:5: error: this expectation proves nothing: this condition always "
        "holds" in output
    )
    assert "0 passed, 1 failed" in output and "clauses proved" not in output
    # the same scenario expecting what the position holds passes and counts its clause
    code, output = _run("check", str(_scenario(tmp_path, "you have at least 3 gold")))
    assert code == 0 and "1 passed, 0 failed; clauses proved: 1" in output, output


def test_an_or_that_always_holds_proves_nothing(tmp_path: Path) -> None:
    expect = "you have at most 6 gold or you have more than 4 gold"
    code, output = _run("check", str(_scenario(tmp_path, expect)))
    assert code == 1 and "this expectation proves nothing" in output


def test_a_scenario_counter_beyond_the_bound_is_an_error_at_its_place(tmp_path: Path) -> None:
    code, output = _run(
        "check", str(_scenario(tmp_path, "you have at least 3 gold", gold=COUNTER_LIMIT + 1))
    )
    assert code == 1
    assert f"scenario.yaml:9:13: error: gold {COUNTER_LIMIT + 1:,} is out of bounds" in output
    assert f"hint: gold is from 0 to {COUNTER_LIMIT:,}" in output
    code, output = _run(
        "check", str(_scenario(tmp_path, "you have at least 3 gold", gold=COUNTER_LIMIT))
    )
    assert code == 0, output


def test_a_scenario_counter_of_10_to_the_30_is_an_error_at_its_place(tmp_path: Path) -> None:
    code, output = _run("check", str(_scenario(tmp_path, "you have at least 3 gold", gold=10**30)))
    assert code == 1
    assert "scenario.yaml:9:13: error: this number has 31 digits" in output


@pytest.mark.parametrize(
    "command",
    [
        ["cards"],
        ["explain"],
        ["play", "--players", "2"],
        ["simulate", "--games", "1"],
    ],
)
def test_every_command_answers_a_pack_path_too_long(tmp_path: Path, command: list[str]) -> None:
    result = CliRunner().invoke(main, [command[0], str(tmp_path / LONG), *command[1:]], input="")
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "the path holds a name of 300 characters" in result.output, result.output
