"""`agesmith play` driven through a pipe, and `agesmith simulate`."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from agesmith.cli import main
from cards import bundled

PACK = str(bundled("along_history"))
SHORT = ["--players", "2", "--seed", "3", "--variant", "progressive", "--ages", "prehistory",
         "--bots", "greedy"]


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def test_play_a_short_game_to_the_end_through_a_pipe() -> None:
    result = run("play", PACK, *SHORT, input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Along History: you are player 1, against player 2 (greedy). Seed 3." in out
    assert "Your actions" in out and "  1. end your actions" in out
    assert "Events:" in out and "Civilization:" in out and "Board tokens:" in out
    assert "player 2 (greedy): " in out            # the bot's moves
    assert "Final scores" in out and "player 1 (you)" in out
    assert out.rstrip().endswith(("wins.", "win."))
    assert "Traceback" not in out


def test_commands_at_the_prompt() -> None:
    result = run("play", PACK, *SHORT, input="h\nl\np\n99\nxyz\n\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "l = the whole log" in out
    assert "A game of Along History for 2 players, seed 3." in out
    assert "There is no choice 99" in out and "Unknown command 'xyz'" in out
    assert "You leave the game" in out and "Final scores" not in out


def test_the_end_of_input_leaves_the_game_unfinished() -> None:
    result = run("play", PACK, *SHORT, input="1\n")
    assert result.exit_code == 1
    assert "End of input" in result.output


def test_save_and_resume(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = run("play", PACK, *SHORT, input=f"1\n1\ns {saved}\nq\n")
    assert result.exit_code == 0, result.output
    assert f"Saved to {saved}" in result.output
    data = json.loads(saved.read_text())
    assert data["variant"] == "progressive" and data["ages"] == ["prehistory"]
    assert data["format"] == "agesmith saved game" and data["version"] == 2
    assert data["pack"]["name"] == "Along History" and data["pack"]["hash"]
    assert data["extra"]["bots"] == ["you", "greedy"] and data["state"]["players"]
    resumed = run("play", PACK, "--load", str(saved), input="1\n" * 3000)
    assert resumed.exit_code == 0, resumed.output[-2000:]
    assert "Final scores" in resumed.output
    assert "A game of Along History" not in resumed.output      # the old log is not reprinted


def test_play_reports_bad_options_without_a_traceback(tmp_path: Path) -> None:
    result = run("play", PACK, "--variant", "nonsense", "--seed", "1")
    assert result.exit_code == 1 and "nonsense" in result.output
    result = run("play", PACK, "--bots", "clever", "--seed", "1")
    assert result.exit_code == 1 and "no bot" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = run("play", PACK, "--load", str(bad))
    assert result.exit_code == 1 and "not a game saved" in result.output
    assert "Traceback" not in result.output


def test_simulate_json_parses() -> None:
    result = run("simulate", PACK, "--games", "2", "--players", "2", "--variant",
                 "introductory", "--ages", "prehistory", "--bots", "greedy,random", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["bots"] == ["greedy", "random"]
    assert {"seats", "by_bot", "length", "cards", "errors"} <= set(data)


def test_simulate_prints_tables() -> None:
    result = run("simulate", PACK, "--games", "2", "--players", "3", "--seed", "4",
                 "--variant", "linear", "--ages", "prehistory", "--top", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seats" in out and "Bots" in out and "Game length" in out
    assert "Best cards by win rate" in out


def test_simulate_rejects_an_unknown_bot() -> None:
    result = run("simulate", PACK, "--games", "1", "--bots", "clever")
    assert result.exit_code == 1 and "no bot" in result.output


def test_an_exchange_is_chosen_from_a_menu_then_its_cards() -> None:
    args = ["play", str(bundled()), "--players", "3", "--seed", "4"]
    first = CliRunner().invoke(main, args, input="q\n").output.split("Your choice")[0]
    entry = next(line for line in first.splitlines() if "exchange an events card" in line)
    assert "exchange Hills for" not in first        # the menu names no pair of cards yet
    number = entry.split(".")[0].strip()
    result = CliRunner().invoke(main, args, input=f"{number}\nq\n")
    assert "Traceback" not in result.output
    detail = result.output.split("Your choice")[1]
    assert "Which cards to exchange" in detail and "exchange Hills for" in detail
