"""Fidelity points of issue 6: a coin bonus is one bonus symbol; rulings stated in the rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cards import bundled
from interpreter.compile.meaning import Ctx, compile_condition
from interpreter.mechanics.costs import price
from interpreter.tools.explain import explain_cards
from interpreter.tools.scenario import build
from rules_dsl.parser import parse
from tests.zones import ZONE_EVENTS

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "along_history"


def _position(civilization: list[str], events: list[str]) -> tuple[Any, Any]:
    spec = {
        "players": 2,
        "seed": 1,
        "age": "middle_ages",
        "position": {
            "active": 1,
            "players": {
                1: {"civilization": civilization, "events": events, "universal resource": 0},
                2: {"universal resource": 0},
            },
        },
    }
    return build(spec, SCENARIOS)


def test_a_bonus_of_2_gold_is_one_symbol_for_bonus_counts_and_tokens() -> None:
    # Mill: "2 gold, population" is two symbols; Marco Polo: "2 gold" is one.
    state, game = _position(["Mill", "Marco Polo"], ["Saxons!", "Armor", "Castle"])
    ctx = Ctx(state, game.catalog, 0)
    holds = compile_condition(
        parse("you have exactly 3 active bonuses", start="condition"), game.lexicon
    )
    assert holds(ctx)
    token = compile_condition(
        parse("you have at least 4 active bonuses", start="condition"), game.lexicon
    )
    assert not token(ctx)


def test_saxons_x_counts_a_coin_once() -> None:
    state, game = _position(["Mill", "Marco Polo"], ["Saxons!", "Armor", "Castle"])
    saxons = state.players[0].zones[ZONE_EVENTS][0]
    assert game.name(saxons) == "Saxons!"
    assert price(game, state, 0, saxons).amount == 3


def test_the_decadence_malus_counts_a_coin_once() -> None:
    state, game = _position(["Castle > Marco Polo"], ["Armor", "Mill", "Barony"])
    ctx = Ctx(state, game.catalog, 0)
    points = sum(game.catalog.info(c).points for c in state.players[0].all_cards())
    assert game.formulas.score is not None
    assert game.formulas.score(ctx) == points - 2 * 1  # one symbol, not two


def test_rulings_are_in_the_rules_text_and_read_back() -> None:
    from interpreter import Game

    game = Game.load(bundled())
    readings = {r.id: " ".join(r.lines) for r in explain_cards(game)}
    for animal in ("bear", "crocodile", "tiger"):
        assert "first paid acquisition" in readings[animal]
    assert "put this card into the deck" in readings["piracy"]


def test_every_trigger_of_one_event_on_a_card_runs(tmp_path: Path) -> None:
    """A second "on failure" of one card is played too, in the order written."""
    from shutil import copytree

    from interpreter.tools.scenario import run

    copytree(bundled(), tmp_path / "pack")
    cards = tmp_path / "pack" / "prehistory.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace(
        "on failure: destroy one of your active cards\n",
        "on failure: gain 1 gold\n      on failure: gain 2 gold\n",
        1,
    )
    cards.write_text(text, encoding="utf-8")
    spec = {
        "pack": "pack",
        "players": 2,
        "seed": 1,
        "position": {
            "active": 1,
            "players": {
                1: {
                    "civilization": ["Hunting"],
                    "events": ["Wolves", "Forest", "Swamp"],
                    "universal resource": 0,
                    "gold": 0,
                },
                2: {"universal resource": 0},
            },
        },
        "dice": [
            "1 population",
            "1 population",
            "1 population",
            "culture",
            "golden age",
            "golden age",
        ],
        "actions": ["end your actions"],
    }
    state, _ = run(spec, tmp_path)
    assert "Wolves strikes player 1." in state.log
    assert state.players[0].counters["gold"] == 3
