"""The roles game.yaml gives to its names (rules_dsl/roles.py): a counted resource, a money and
a contest's tilt that the game does not declare, and a use of a role the game does not name, are
located errors with a hint; `agesmith validate` shows them and fails."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from agesmith.cli import main
from interpreter.tools.playability import check_playable
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.pack import load_pack

MINIMAL = Path(__file__).resolve().parents[1] / "packs" / "minimal"


def pack_with(tmp_path: Path, **changes: tuple[str, str]) -> Path:
    """A copy of the minimal pack with `file=(old, new)` replaced once in each file named."""
    folder = tmp_path / "pack"
    shutil.copytree(MINIMAL, folder)
    for stem, (old, new) in changes.items():
        path = folder / f"{stem}.yaml"
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {path.name}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def errors(folder: Path, variant: str | None = None) -> list[Diagnostic]:
    pack, found = load_pack(folder, variant=variant)
    if pack is not None and not any(d.is_error for d in found):
        found = found + check_playable(pack, variants=False)
    return [d for d in found if d.is_error]


def one(found: list[Diagnostic]) -> Diagnostic:
    assert len(found) == 1, [d.render() for d in found]
    return found[0]


# ------------------------------------------------------------------ names the game lacks


def test_a_war_tilt_of_no_resource(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path,
        game=("scoring:\n", "contests:\n  war:\n    dice: green\n    tilt: populaton\nscoring:\n"),
    )
    d = one(errors(folder))
    assert (d.code, Path(str(d.file)).name, d.line, d.column) == (
        "unknown-role",
        "game.yaml",
        37,
        11,
    )
    assert 'the war\'s tilt "populaton" is not a resource or counter' in d.message
    assert d.hint == 'did you mean "population"?'


def test_a_never_exchanged_keyword_the_game_does_not_declare(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path,
        game=(
            "keywords: [general, non-transmissible]\n",
            "keywords: [general, non-transmissible]\nnever_exchanged: non-transmisible\n",
        ),
    )
    d = one(errors(folder))
    assert (d.code, Path(str(d.file)).name, d.line, d.column) == (
        "unknown-role",
        "game.yaml",
        14,
        18,
    )
    assert 'the keyword of cards never exchanged "non-transmisible" is not a keyword' in d.message
    assert d.hint == 'did you mean "non-transmissible"?'


def test_a_variant_that_names_an_undeclared_money_is_reported_at_the_variant(
    tmp_path: Path,
) -> None:
    folder = pack_with(
        tmp_path,
        game=(
            "    changes:\n      phases:\n",
            "    changes:\n      money: silver\n      phases:\n",
        ),
    )
    assert not errors(folder)
    d = one(errors(folder, variant="short"))
    assert d.line == 49 and d.source_line is not None and "money: silver" in d.source_line
    assert 'the money "silver" is not a counter of the game' in d.message


# ------------------------------------------------------------------ roles used unnamed


def test_a_gold_price_needs_a_money(tmp_path: Path) -> None:
    folder = pack_with(tmp_path, game=("money: gold", "x-money: gold"))
    d = one(errors(folder))
    assert (Path(str(d.file)).name, d.line, d.column) == ("bronze.yaml", 14, 11)
    assert '"Wheel" has a price (gold:), but the game names no money' in d.message
    assert "money:" in str(d.hint)


def test_take_and_tilt_name_the_money(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path, game=("money: gold", "money: gold\nactions: [acquire, take gold, tilt for glod]")
    )
    d = one(errors(folder))
    assert (d.line, d.column) == (12, 31)
    assert '"tilt for glod": "glod" is not the money of the game (gold)' in d.message
    assert d.hint == 'write "tilt for gold"'


def test_taking_money_needs_a_money(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path,
        game=("money: gold", "x-money: gold\nactions: [take gold]"),
        bronze=("    gold: 6\n", ""),
    )
    d = one(errors(folder))
    assert (d.line, d.column) == (12, 11)
    assert d.message == '"take gold" takes money, but the game names no money'
    assert d.hint == 'add "money: gold" to game.yaml'


def test_an_unknown_kind_of_action_is_a_located_error(tmp_path: Path) -> None:
    folder = pack_with(tmp_path, game=("money: gold", "money: gold\nactions: [acquire, fly]"))
    d = one(errors(folder))
    assert (d.code, d.line, d.column) == ("action", 12, 20)
    assert '"fly" is not a kind of action the engine plays' in d.message
    assert d.hint is not None and "take <money>" in d.hint


def test_an_x_cost_of_another_resource_is_reported_at_the_cost(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path,
        bronze=("cost: 5 population, ingenuity", "cost: 5 population, X ingenuity where X is 2"),
    )
    d = one(errors(folder))
    assert (Path(str(d.file)).name, d.line, d.code) == ("bronze.yaml", 13, "not-playable")
    assert "only the counted resource's amount may be X (population)" in d.message


@pytest.mark.parametrize(
    ("rule", "says"),
    [
        ("costs 1 less population", "game.yaml names none: counted_resource"),
        ("gold price 3", "game.yaml names none (money)"),
    ],
)
def test_a_rule_that_needs_an_unnamed_role(tmp_path: Path, rule: str, says: str) -> None:
    game = (
        ("counted_resource: population", "x-counted: population")
        if "population" in rule
        else ("money: gold", "x-money: gold")
    )
    folder = pack_with(tmp_path, game=game, bronze=("    gold: 6\n", f"    rules: {rule}\n"))
    d = one(errors(folder))
    assert (Path(str(d.file)).name, d.line, d.code) == ("bronze.yaml", 14, "not-playable")
    assert says in d.message


def test_validate_fails_with_the_located_error(tmp_path: Path) -> None:
    folder = pack_with(tmp_path, game=("counted_resource: population", "counted_resource: people"))
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 1
    assert (
        'game.yaml:10:19: error: the counted resource "people" is not a resource' in result.output
    )
    assert "declared: population, ingenuity, strength" in result.output


def test_a_misspelt_money_is_one_error_not_one_per_money_action(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path,
        game=("money: gold ", "actions: [acquire, take gold, tilt for gold]\nmoney: golds "),
    )
    d = one(errors(folder))
    assert 'the money "golds" is not a counter' in d.message and d.hint == 'did you mean "gold"?'
