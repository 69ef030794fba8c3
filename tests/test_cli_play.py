"""`agesmith play` driven through a pipe, and `agesmith simulate`."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from agesmith.cli import main
from cards import bundled

PACK = str(bundled("along_history"))
SHORT = [
    "--players",
    "2",
    "--seed",
    "3",
    "--variant",
    "progressive",
    "--ages",
    "prehistory",
    "--bots",
    "greedy",
]


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def test_play_a_short_game_to_the_end_through_a_pipe() -> None:
    result = run("play", PACK, *SHORT, input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Along History: you are player 1, against player 2 (greedy). Seed 3." in out
    assert "Your actions" in out and "  1. end your actions" in out
    assert "Events:" in out and "Civilization:" in out and "Board tokens:" in out
    assert "player 2 (greedy): " in out  # the bot's moves
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
    assert data["format"] == "agesmith saved game" and data["version"] == 4
    assert data["pack"]["name"] == "Along History" and data["pack"]["hash"]
    assert data["extra"]["bots"] == ["you", "greedy"] and data["state"]["players"]
    resumed = run("play", PACK, "--load", str(saved), input="1\n" * 3000)
    assert resumed.exit_code == 0, resumed.output[-2000:]
    assert "Final scores" in resumed.output
    assert "A game of Along History" not in resumed.output  # the old log is not reprinted


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
    for device in ("/dev/zero", "/dev/null"):  # never read forever
        result = run("play", PACK, "--load", device)
        assert result.exit_code == 1 and "not a regular file" in result.output


def test_a_save_whose_header_has_the_wrong_type_is_refused_by_name(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    assert run("play", PACK, *SHORT, input=f"1\ns {saved}\nq\n").exit_code == 0
    for field, value in (("variant", []), ("board", []), ("ages", []), ("ages", [7])):
        data = json.loads(saved.read_text())
        data[field] = value
        bad = tmp_path / f"bad-{field}.json"
        bad.write_text(json.dumps(data))
        result = run("play", PACK, "--load", str(bad))
        assert result.exit_code == 1 and "Traceback" not in result.output, result.output
        assert f"the saved game cannot be resumed: {field}: must be" in result.output
    data = json.loads(saved.read_text())
    data["ages"] = ["no_such_age"]
    bad.write_text(json.dumps(data))
    result = run("play", PACK, "--load", str(bad))
    assert result.exit_code == 1 and 'the pack has no age "no_such_age"' in result.output


def test_a_save_whose_cards_changed_loads_with_force(tmp_path: Path) -> None:
    pack = tmp_path / "along_history"
    shutil.copytree(PACK, pack)
    saved = tmp_path / "game.json"
    assert run("play", str(pack), *SHORT, input=f"1\ns {saved}\nq\n").exit_code == 0
    cards = pack / "prehistory.yaml"
    old = "name: Forest\n    type: land\n    copies: 2\n    cost: 5 population"
    cards.write_text(cards.read_text().replace(old, old.replace("5 population", "4 population")))
    refused = run("play", str(pack), "--load", str(saved), input="q\n")
    assert refused.exit_code == 1
    assert "no longer mean the same: Forest (Prehistory)" in refused.output
    assert "add --force" in refused.output
    forced = run("play", str(pack), "--load", str(saved), "--force", input="1\n" * 3000)
    assert forced.exit_code == 0, forced.output[-2000:]
    assert "loaded anyway, with Forest (Prehistory) as they are now" in forced.output
    assert "Final scores" in forced.output


def test_simulate_json_parses() -> None:
    result = run(
        "simulate",
        PACK,
        "--games",
        "2",
        "--players",
        "2",
        "--variant",
        "introductory",
        "--ages",
        "prehistory",
        "--bots",
        "greedy,random",
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["bots"] == ["greedy", "random"]
    assert {"seats", "by_bot", "length", "cards", "coverage", "errors"} <= set(data)


def test_simulate_prints_tables() -> None:
    result = run(
        "simulate",
        PACK,
        "--games",
        "2",
        "--players",
        "3",
        "--seed",
        "4",
        "--variant",
        "linear",
        "--ages",
        "prehistory",
        "--top",
        "3",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seats" in out and "Game length" in out and "Scores by age" in out
    assert "Cards that change who wins" in out and "Effect coverage" in out


def test_simulate_rejects_an_unknown_bot() -> None:
    result = run("simulate", PACK, "--games", "1", "--bots", "clever")
    assert result.exit_code == 1 and "no bot" in result.output


def test_an_exchange_is_chosen_from_a_menu_then_its_cards() -> None:
    args = ["play", str(bundled()), "--players", "3", "--seed", "4"]
    first = CliRunner().invoke(main, args, input="q\n").output.split("Your choice")[0]
    entry = next(line for line in first.splitlines() if "exchange a card of your events" in line)
    assert "exchange Hills for" not in first  # the menu names no pair of cards yet
    number = entry.split(".")[0].strip()
    result = CliRunner().invoke(main, args, input=f"{number}\nq\n")
    assert "Traceback" not in result.output
    detail = result.output.split("Your choice")[1]
    assert "Which cards to exchange" in detail and "exchange Hills for" in detail


# ------------------------------------------------------------------ every input is answered


def _answers(tmp_path: Path, lines: list[str]) -> str:
    result = run("play", PACK, *SHORT, input="".join(f"{line}\n" for line in lines) + "q\n")
    assert result.exit_code == 0, result.output[-3000:]
    assert "Traceback" not in result.output and result.exception is None
    return result.output


def test_numbers_in_any_form_are_answered(tmp_path: Path) -> None:
    out = _answers(tmp_path, ["²", "٣٣٣", "9" * 5000, "0" * 5000 + "1", "-1", "1.5", "0"])
    assert "Unknown command '²'" in out  # a digit, but not a decimal number
    assert "There is no choice ٣٣٣" in out
    assert "There is no choice 999999999999...: type 1 to" in out
    assert "There is no choice 0" in out
    assert "Unknown command '-1'" in out and "Unknown command '1.5'" in out
    # 0000...1 is choice 1: the game went on
    assert out.count("Your choice") >= 8


def test_bad_bytes_and_control_characters_are_answered(tmp_path: Path) -> None:
    data = b"\xff\xfe\n\x1b[2Jclear\n" + b"x" * 50_000 + b"\nq\n"
    result = CliRunner().invoke(main, ["play", PACK, *SHORT], input=data)
    assert result.exit_code == 0 and result.exception is None
    assert "\x1b[2J" not in result.output and "\\x1b[2Jclear" in result.output


def test_saving_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("a user's notes")
    (tmp_path / "link.json").symlink_to(notes)  # never written through
    out = _answers(
        tmp_path,
        [
            "s",
            "s   ",
            "s /dev/null",
            f"s {tmp_path}",
            f"s {tmp_path}/no/such/folder/game.json",
            "s bad\x01name.json",
            f"s {tmp_path}/link.json",
        ],
    )
    assert out.count("Save where? s FILE") == 2
    assert "Not saved: /dev/null is not a regular file" in out
    assert f"Not saved: {tmp_path} is a folder" in out
    assert "does not exist" in out and "control characters" in out
    assert f"Not saved: {tmp_path}/link.json is a symbolic link" in out
    assert Path("/dev/null").is_char_device()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "notes.txt"]
    assert (tmp_path / "link.json").is_symlink() and notes.read_text() == "a user's notes"


def test_a_pack_rule_that_loops_is_shown_located_not_raised(tmp_path: Path) -> None:
    import shutil

    pack = tmp_path / "looping"
    shutil.copytree(PACK, pack)
    game = pack / "game.yaml"
    game.write_text(
        game.read_text().replace(
            "    fail each unresolved calamity in your events              # AH-K1, AH-K4\n",
            "    fail each unresolved calamity in your events              # AH-K1, AH-K4\n"
            "    repeat until the deck is empty: gain 1 gold\n",
            1,
        )
    )
    result = run(
        "play",
        str(pack),
        "--players",
        "2",
        "--seed",
        "3",
        "--ages",
        "prehistory",
        input="end\n" * 5 + "1\n" * 5,
    )
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert re.search(r"game\.yaml:\d+:\d+: error: a rule ran \d+ steps", result.output), (
        result.output[-3000:]
    )
    assert "That choice cannot be played" in result.output


def test_rules_of_a_card_the_score_counted_now_and_numbers_after_a_filter() -> None:
    result = run("play", PACK, *SHORT, input="rules Tiger\nacquire\n1\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "while in your events: your first paid acquisition each turn costs 1 more" in out
    assert "score 0 (counted now: 0)" in out
    # "1" after the filter is the first acquisition, not the first of all choices (end)
    after = out.split("Your actions (those with 'acquire'")[1]
    assert "How to pay" in after and "You leave the game" in after


def test_the_log_says_why_an_age_ends() -> None:
    result = run("play", PACK, *SHORT, input="1\n" * 3000)
    assert re.search(
        r"Prehistory ends: (the \d+ token was taken|the last card of the deck "
        r"was drawn|the age's end condition holds)\.",
        result.output,
    )


def test_deck_option_plays_simulates_and_checks_a_deck(tmp_path: Path) -> None:
    deck = tmp_path / "no-famine.yaml"
    deck.write_text(f"deck: No famine\npack: {PACK}\ncopies:\n  prehistory:\n    famine: 0\n")
    result = run("play", "--deck", str(deck), *SHORT, input="q\n")
    assert result.exit_code == 0 and "Along History: you are player 1" in result.output
    result = run(
        "simulate", "--deck", str(deck), "-n", "2", "-p", "2", "--ages", "prehistory", "--json"
    )
    assert result.exit_code == 0
    famine = [c for c in json.loads(result.stdout)["cards"] if c["name"] == "Famine"]
    assert not famine or famine[0]["acquired"] == 0
    scenario = Path(__file__).parent / "scenarios" / "along_history" / "famine-free.yaml"
    assert run("check", str(scenario)).exit_code == 0
    on_deck = run("check", "--deck", str(deck), str(scenario))
    assert on_deck.exit_code == 1 and "Famine" in on_deck.output  # the deck has no Famine
    assert run("play", PACK, "--deck", str(deck)).exit_code == 2
