"""One set of bounds for `validate`, the save loader and scenarios (rules_dsl/bounds.py).

A number a pack may write is a number its saves may hold: each bound is tested on both sides,
where `validate` refuses it and where the loader does.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from shutil import copytree
from typing import Any

import pytest
from click.testing import CliRunner

from agesmith.cli import main
from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import GreedyBot
from interpreter.tools.saves import SaveError, load_data, save_text
from rules_dsl.bounds import (
    CARD_NUMBER_LIMIT,
    COPIES_LIMIT,
    COUNTER_LIMIT,
    RULE_NUMBER_LIMIT,
    SCORE_LIMIT,
    TOKEN_VALUE_LIMIT,
)
from rules_dsl.pack import load_pack

SCHEMAS = Path(__file__).resolve().parents[2] / "cards" / "schema"
MINIMAL = Path(__file__).resolve().parents[1] / "packs" / "minimal"


def test_the_schemas_hold_the_pack_to_the_same_bounds() -> None:
    game = json.loads((SCHEMAS / "game.schema.json").read_text(encoding="utf-8"))
    token = game["$defs"]["token"]["properties"]["value"]
    cards = json.loads((SCHEMAS / "cards.schema.json").read_text(encoding="utf-8"))
    copies = cards["$defs"]["card"]["properties"]["copies"]
    assert token["maximum"] == TOKEN_VALUE_LIMIT
    assert copies["maximum"] == COPIES_LIMIT


# ------------------------------------------------------------------ the save loader


@cache
def _game() -> Game:
    return Game.load(bundled())


@cache
def _saved() -> str:
    g = _game()
    state = g.new(3, seed=5)
    bots = [GreedyBot(50 + i) for i in range(3)]
    for _ in range(30):
        state = g.apply(state, bots[state.to_move].choose(g, state, g.choices(state)))
    return save_text(g, state, {})


def _loads(change: Any) -> str | None:
    """None when the save, changed by `change`, loads; else the loader's message."""
    data = json.loads(_saved())
    change(data["state"]["players"][0])
    try:
        load_data(_game(), data)
    except SaveError as e:
        return str(e)
    return None


def _set(key: str, value: Any) -> Any:
    return lambda player: player.__setitem__(key, value)


def test_the_loader_keeps_a_counter_without_max_to_the_counter_bound() -> None:
    def gold(n: int) -> Any:
        return lambda player: player["counters"].__setitem__("gold", n)

    assert _loads(gold(COUNTER_LIMIT)) is None
    assert f"at most {COUNTER_LIMIT}" in (_loads(gold(COUNTER_LIMIT + 1)) or "")


def test_the_loader_keeps_scores_and_tokens_to_their_bounds() -> None:
    # a score at the bound passes the bound (the save is still refused, as no age has been
    # scored in it: a score is the sum of the ages' scores)
    assert "at most" not in (_loads(_set("score", SCORE_LIMIT)) or "")
    assert f"at most {SCORE_LIMIT}" in (_loads(_set("score", SCORE_LIMIT + 1)) or "")
    assert "at most" not in (_loads(_set("tokens", [TOKEN_VALUE_LIMIT])) or "")
    assert f"at most {TOKEN_VALUE_LIMIT}" in (_loads(_set("tokens", [TOKEN_VALUE_LIMIT + 1])) or "")


# ------------------------------------------------------------------ validate, at each bound


def _pack(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "pack"
    copytree(MINIMAL, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def _bound_errors(folder: Path) -> list[str]:
    _, found = load_pack(folder)
    return [d.render() for d in found if d.is_error]


@pytest.mark.parametrize(
    ("file", "old", "new", "limit"),
    [
        (
            "stone.yaml",
            "    points: 2\n    rules: |\n      general",
            "    points: {n}\n    rules: |\n      general",
            CARD_NUMBER_LIMIT,
        ),
        ("stone.yaml", "    bonus: population", "    bonus: {n} population", CARD_NUMBER_LIMIT),
        (
            "stone.yaml",
            "    cost: 4 population, strength",
            "    cost: {n} population, strength",
            CARD_NUMBER_LIMIT,
        ),
        ("bronze.yaml", "    gold: 6", "    gold: {n}", CARD_NUMBER_LIMIT),
        (
            "stone.yaml",
            "      attack +1\n",
            "      attack +1\n      on acquire: gain {n} gold\n",
            RULE_NUMBER_LIMIT,
        ),
        (
            "bronze.yaml",
            "    points: 2\n",
            "    points: the points of your cards * {n}\n",
            RULE_NUMBER_LIMIT,
        ),
        ("game.yaml", "  gold: {start: 0}", "  gold: {start: 0, max: {n}}", COUNTER_LIMIT),
        ("game.yaml", "  gold: {start: 0}", "  gold: {start: {n}}", COUNTER_LIMIT),
    ],
)
def test_validate_accepts_the_bound_and_refuses_one_more(
    tmp_path: Path, file: str, old: str, new: str, limit: int
) -> None:
    at_bound = _pack(tmp_path / "at", file, old, new.replace("{n}", str(limit)))
    assert _bound_errors(at_bound) == []
    beyond = _pack(tmp_path / "beyond", file, old, new.replace("{n}", str(limit + 1)))
    errors = _bound_errors(beyond)
    assert len(errors) == 1, errors
    assert f"{file}:" in errors[0] and f"at most {limit:,}" in errors[0], errors[0]


def test_the_points_of_a_whole_pack_must_fit_in_a_score(tmp_path: Path) -> None:
    # 20 copies of each card, each of 1,000 points: every card is within bounds, their sum
    # (180,000 for the 9 cards) is not
    folder = tmp_path / "pack"
    copytree(MINIMAL, folder)
    for file in ("stone.yaml", "bronze.yaml"):
        text = re.sub(r"\n    copies: \d+", "", (folder / file).read_text(encoding="utf-8"))
        text = re.sub(r"(  - name: .*\n)", r"\1    copies: 20\n", text)
        text = re.sub(r"points: \d+", "points: 1000", text)
        (folder / file).write_text(text, encoding="utf-8")
    errors = _bound_errors(folder)
    assert len(errors) == 1 and f"add up to more than {SCORE_LIMIT:,}" in errors[0], errors


def test_the_bundled_pack_is_within_every_bound() -> None:
    _, found = load_pack(bundled())
    assert not [d for d in found if d.code == "bound"]


def test_validate_shows_a_bound_at_its_place_with_its_caret(tmp_path: Path) -> None:
    folder = _pack(tmp_path, "stone.yaml", "    bonus: population", "    bonus: 99999 population")
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 1
    assert "stone.yaml:9:12: error: 99,999 population is more than a card may hold" in result.output
    assert "    bonus: 99999 population\n      |            ^^^^^^^^^^^^^^^^" in result.output
    assert f"hint: a card's bonus counts at most {CARD_NUMBER_LIMIT:,} of each" in result.output
