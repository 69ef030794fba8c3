"""A card's rules on its holder's actions (interpreter/mechanics/declared_actions.py
`_holders`, rules_dsl/actions.py `holder_events`): each action the game declares is an event
"you <its name>" of the doer's active cards, known to `validate`, and a misspelt one is the
located unknown event whose hint lists them. The play is proved by the scenarios of
tests/packs/conformance/holder_events/."""

from __future__ import annotations

import shutil
from pathlib import Path

from interpreter import Game
from interpreter.tools.explain import explain_cards
from tests.pack_copies import errors_of

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "holder_events"


def test_a_misspelt_action_event_is_an_error_listing_the_actions_events(tmp_path: Path) -> None:
    folder = tmp_path / "holder"
    shutil.copytree(PACK, folder)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("when you grow:", "when you grwo:"), encoding="utf-8")
    errors = errors_of(folder)
    assert len(errors) == 1
    assert 'unknown event "when you grwo"' in errors[0]
    assert 'did you mean "you grow"' in errors[0] and "you play a leader" in errors[0]


def test_the_read_back_says_when_the_rule_runs() -> None:
    lines = {r.name: r.lines for r in explain_cards(Game.load(PACK))}
    assert any(line.startswith("When you grow: gain 2 food") for line in lines["Farmer"])


def test_it_is_this_card_reads_back_and_says_what_is_compared(tmp_path: Path) -> None:
    from rules_dsl import printer
    from rules_dsl.parser import parse

    text = "when you build: if it is not this card: gain 1 food"
    assert parse(printer.print_rules(parse(text, "rules")), "rules") == parse(text, "rules")
    folder = tmp_path / "holder"
    shutil.copytree(PACK, folder)
    deck = folder / "deck.yaml"
    old = "if it is this card: gain 2 food"
    deck.write_text(
        deck.read_text(encoding="utf-8").replace(old, "if the deck is this card: gain 2 food"),
        encoding="utf-8",
    )
    errors = errors_of(folder)
    assert len(errors) == 1 and 'say "it is this card"' in errors[0]
