"""`agesmith explain`: every card of the pack read back from its compiled rules."""

from __future__ import annotations

import json

from click.testing import CliRunner

from agesmith.cli import main
from cards import bundled
from interpreter import Game
from interpreter.explain import CardReading, explain_cards

GAME = Game.load(bundled())


def test_every_card_of_the_pack_is_read_back() -> None:
    readings = explain_cards(GAME)
    assert len(readings) == len(GAME.catalog.cards)
    for reading in readings:
        assert reading.lines, reading.name
        assert all("?" not in line for line in reading.lines), reading


def test_a_reading_names_the_condition_it_compiled() -> None:
    (tiger,) = explain_cards(GAME, ["tiger"])
    assert isinstance(tiger, CardReading)
    text = " ".join(tiger.lines)
    assert '"The Fire"' in text and '"Woodlands"' in text and "2 more population" in text
    assert tiger.to_json()["lines"] == list(tiger.lines)


def test_the_command_reads_cards_by_name_or_id_and_as_json() -> None:
    result = CliRunner().invoke(main, ["explain", str(bundled()), "Longbow", "tiger", "--json"])
    assert result.exit_code == 0, result.output
    names = [r["name"] for r in json.loads(result.output)]
    assert names == ["Tiger", "Longbow"]


def test_an_unknown_card_gets_a_did_you_mean_not_a_traceback() -> None:
    result = CliRunner().invoke(main, ["explain", str(bundled()), "Castel"])
    assert result.exit_code == 1
    assert "did you mean" in result.output and "Traceback" not in result.output
