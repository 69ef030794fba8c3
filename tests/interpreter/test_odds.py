"""Exact odds of paying a card with one roll, checked against cases worked out by hand."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from cards import bundled
from interpreter import Game
from interpreter.tools.odds import card_odds

MINIMAL = Path(__file__).resolve().parent.parent / "packs" / "minimal"


def small_pack(tmp_path: Path, red: str) -> Game:
    """The minimal pack with one green die (1 or 2 population), one red die and Cave costing
    2 population; a universal token pays 2 population."""
    folder = tmp_path / "pack"
    shutil.copytree(MINIMAL, folder)
    game = (folder / "game.yaml").read_text()
    game = game.replace(
        """  green:
    count: 2
    faces: [1 population, 2 population, ingenuity, strength]""",
        f"""  green:
    count: 1
    faces: [1 population, 2 population]
  red:
    count: 1
    faces: [{red}, blank]
face actions: {{re-roll: roll again, x2: double, golden age: straighten, blank: nothing}}""",
    )
    game = game.replace(
        "  gold: {start: 0}\n",
        "  gold: {start: 0}\n  universal: {start: 0, pays: [2 population]}\n",
    )
    (folder / "game.yaml").write_text(game)
    stone = (folder / "stone.yaml").read_text()
    (folder / "stone.yaml").write_text(
        stone.replace("cost: 3 population, ingenuity", "cost: 2 population", 1)
    )
    return Game.load(folder)


def test_one_die_half_the_time_and_a_reroll_adds_an_eighth(tmp_path: Path) -> None:
    odds = card_odds(small_pack(tmp_path, "re-roll"), "Cave")
    assert odds.cost == "2 population"
    assert odds.without_rerolls == Fraction(1, 2)
    # a 1 (1/2) with the re-roll face (1/2) re-rolled into a 2 (1/2): 1/2 + 1/8
    assert odds.with_rerolls == Fraction(5, 8)


def test_x2_doubles_a_die(tmp_path: Path) -> None:
    odds = card_odds(small_pack(tmp_path, "x2"), "Cave")
    assert odds.without_rerolls == odds.with_rerolls == Fraction(3, 4)


def test_bonuses_pay_unless_tilted_and_a_golden_age_straightens(tmp_path: Path) -> None:
    game = small_pack(tmp_path, "golden age")
    assert card_odds(game, "cave", own=["Cave"]).without_rerolls == 1
    tilted = card_odds(game, "cave", own=["Cave"], tilted=["Cave"])
    assert tilted.without_rerolls == Fraction(3, 4)  # a 2, or a 1 with the golden age
    assert card_odds(game, "Cave", tokens=1).without_rerolls == 1


def test_free_cards_and_bad_names(tmp_path: Path) -> None:
    game = small_pack(tmp_path, "blank")
    fire = card_odds(game, "Fire", own=["Cave"])
    assert fire.free and fire.without_rerolls == 1 and fire.cost == "free"
    with pytest.raises(ValueError, match='did you mean "Cave"'):
        card_odds(game, "Cavr")
    with pytest.raises(ValueError, match="not among the cards owned"):
        card_odds(game, "Fire", tilted=["Cave"])


def test_along_history_tiger() -> None:
    # 4 population and a strength symbol with prehistory's dice: the blue die shows strength a
    # third of the time, and the green dice (with an x2) almost always make 4
    odds = card_odds(Game.load(bundled()), "Tiger")
    assert odds.cost == "4 population, strength"
    assert odds.dice == ("3 green", "1 blue", "2 red")
    assert Fraction(7, 24) < odds.without_rerolls < Fraction(1, 3)
    assert odds.with_rerolls > odds.without_rerolls


def test_the_command(tmp_path: Path) -> None:
    import json

    from click.testing import CliRunner

    from agesmith.cli import main

    small_pack(tmp_path, "re-roll")
    result = CliRunner().invoke(main, ["odds", str(tmp_path / "pack"), "Cave", "--json"])
    assert result.exit_code == 0, result.output
    (entry,) = json.loads(result.stdout)
    assert entry["without_rerolls"]["fraction"] == "1/2"
    assert entry["with_rerolls"]["fraction"] == "5/8"
    result = CliRunner().invoke(main, ["odds", str(tmp_path / "pack"), "Cave", "--own", "Cave"])
    assert result.exit_code == 0 and "100.0%" in result.output
    result = CliRunner().invoke(main, ["odds", str(tmp_path / "pack"), "Cavr"])
    assert result.exit_code == 1 and 'did you mean "Cave"' in result.output
