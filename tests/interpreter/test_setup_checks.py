"""`agesmith validate` refuses a pack that cannot be set up or played as written: die faces the
game does not declare, ages that deal the last players short, ages that end as soon as they are
dealt, and names or texts with control characters (which would act on a terminal)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from agesmith.cli import main
from cards import bundled

ROOT = Path(__file__).resolve().parents[1]
MINIMAL = ROOT / "packs" / "minimal"
ALONG_HISTORY = bundled("along_history")
DEAL = (
    "setup: |\n  put each card of the age into the deck\n  shuffle the deck\n"
    "  each player in turn order draws 1 card from the deck into their events\n"
)


def _pack(tmp_path: Path, source: Path, file: str, old: str, new: str) -> Path:
    pack = tmp_path / source.name
    shutil.copytree(source, pack)
    text = (pack / file).read_text(encoding="utf-8")
    assert old in text, old
    (pack / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return pack


def _validate(pack: Path, *options: str) -> tuple[int, list[dict], str]:
    runner = CliRunner()
    as_json = runner.invoke(main, ["validate", str(pack), "--json", *options])
    text = runner.invoke(main, ["validate", str(pack), *options])
    return as_json.exit_code, json.loads(as_json.output), text.output


def _line_of(pack: Path, file: str, needle: str) -> int:
    lines = (pack / file).read_text(encoding="utf-8").split("\n")
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


@pytest.mark.parametrize(
    "face, hint",
    [
        ("strenght", 'did you mean "strength"?'),
        ("banana", "a face gives one of population, culture"),
        ("3 glod", 'did you mean "gold"?'),
        ("universal resource", "a face gives one of"),
    ],
)
def test_a_die_face_the_game_does_not_declare(tmp_path: Path, face: str, hint: str) -> None:
    pack = _pack(
        tmp_path,
        ALONG_HISTORY,
        "game.yaml",
        "faces: [culture, ingenuity, strength, strength,",
        f"faces: [culture, ingenuity, strength, {face},",
    )
    code, found, text = _validate(pack)
    assert code == 1
    [error] = [d for d in found if d["code"] == "die-face"]
    assert f'face "{face}"' in error["message"] and hint in error["hint"]
    assert error["line"] == _line_of(pack, "game.yaml", f"strength, {face}")
    assert f"game.yaml:{error['line']}:{error['column']}: error:" in text


def test_a_variants_die_face_is_placed_in_the_variant(tmp_path: Path) -> None:
    pack = _pack(
        tmp_path,
        ALONG_HISTORY,
        "game.yaml",
        "red: {faces: [golden age, re-roll, x2, blank,",
        "red: {faces: [golden age, re-roll, x2, blnak,",
    )
    assert _validate(pack)[0] == 0  # the base game is fine
    code, found, _ = _validate(pack, "--variant", "no war")
    assert code == 1
    [error] = [d for d in found if d["code"] == "die-face"]
    assert error["line"] == _line_of(pack, "game.yaml", "blnak")
    assert 'did you mean "blank"?' in error["hint"]


def test_an_age_too_small_to_deal_the_most_players(tmp_path: Path) -> None:
    pack = _pack(tmp_path, MINIMAL, "game.yaml", "ages:\n", DEAL + "ages:\n")
    assert _validate(pack)[0] == 0  # 2 to 3 players: 5 and 4 cards are enough
    text = (pack / "game.yaml").read_text().replace("max: 3", "max: 5")
    (pack / "game.yaml").write_text(text)
    code, found, _ = _validate(pack)
    assert code == 1
    [error] = [d for d in found if d["code"] == "setup"]  # the stone age has 5 cards
    assert re.search(
        r"Bronze Age cannot deal the events zones of 5 players: player 5 gets 0 "
        r"cards, not 1 \(the age has 4 cards\)",
        error["message"],
    ), error
    assert error["line"] == _line_of(pack, "game.yaml", "bronze.yaml")


def test_an_age_that_ends_as_soon_as_it_is_dealt(tmp_path: Path) -> None:
    pack = _pack(
        tmp_path,
        MINIMAL,
        "game.yaml",
        "ages:\n",
        "age_end: a player has at most 5 cards in their civilization\nages:\n",
    )
    code, found, _ = _validate(pack)
    assert code == 1
    [error] = [d for d in found if d["code"] == "age-end"]
    assert "before every player has played" in error["message"]
    assert error["line"] == _line_of(pack, "game.yaml", "age_end:")


def test_an_age_that_can_end_in_its_first_round(tmp_path: Path) -> None:
    pack = _pack(tmp_path, MINIMAL, "game.yaml", "ages:\n", "age_end: a player has passed\nages:\n")
    code, found, text = _validate(pack)
    assert code == 1, text
    [error] = [d for d in found if d["code"] == "age-end"]
    assert "held during the first round of Stone Age" in error["message"]
    assert "before every player had played" in error["message"]
    assert error["line"] == _line_of(pack, "game.yaml", "age_end:")
    # an end that takes several rounds is fine
    later = _pack(
        tmp_path / "later",
        MINIMAL,
        "game.yaml",
        "ages:\n",
        "age_end: a player has at least 9 cards in their civilization\nages:\n",
    )
    assert _validate(later)[0] == 0


@pytest.mark.parametrize(
    "old, new, where",
    [
        ("name: Cave", 'name: "Cave\\e[2J"', "Cave"),
        ("name: Minimal", 'name: "Mini\\u202Emal"', "Mini"),
        ('free if you own "Cave"', 'free if you own "Cave"\\a', "free if"),
    ],
)
def test_control_characters_are_refused_where_they_are_written(
    tmp_path: Path, old: str, new: str, where: str
) -> None:
    file = "game.yaml" if "Minimal" in old else "stone.yaml"
    if "\\a" in new:  # a control character inside a block text: a double-quoted text
        new = '"free if you own \\"Cave\\"\\a"'
        old = '|\n      free if you own "Cave"'
    pack = _pack(tmp_path, MINIMAL, file, old, new)
    code, found, text = _validate(pack)
    assert code == 1
    errors = [d for d in found if d["code"] == "control-character"]
    assert errors and errors[0]["line"] == _line_of(pack, file, where)
    assert "\x1b" not in text and "\u202e" not in text and "\x07" not in text
    for command in (
        ["cards", str(pack)],
        ["play", str(pack), "--seed", "1"],
        ["simulate", str(pack), "--games", "1"],
    ):
        result = CliRunner().invoke(main, command, input="q\n")
        assert result.exit_code == 1 and "\x1b" not in result.output, command


def test_the_bundled_pack_and_its_variants_can_be_set_up() -> None:
    from interpreter.tools.setup_checks import check_setup
    from rules_dsl.pack import load_pack

    for variant in (None, "introductory", "no war", "progressive", "linear"):
        pack, _ = load_pack(ALONG_HISTORY, variant=variant)
        assert check_setup(pack) == []


def test_json_output_escapes_control_characters(tmp_path: Path) -> None:
    pack = _pack(tmp_path, MINIMAL, "stone.yaml", "name: Cave", 'name: "Cave\\u009B2J\\u202E"')
    result = CliRunner().invoke(main, ["validate", str(pack), "--json"])
    assert "\x9b" not in result.output and "\u202e" not in result.output
    found = json.loads(result.output)
    assert any("\\x9b" in d["message"] for d in found if d["code"] == "control-character")
