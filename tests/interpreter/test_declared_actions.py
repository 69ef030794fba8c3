"""The kinds of action a pack declares (game.yaml `actions:`, rules_dsl/actions.py): each mistake
a designer can make in one is an error of `validate` at its place, with what to write instead.
How they play is shown by the conformance pack tests/packs/conformance/actions/ (its scenarios)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.tools.validation import validate

ACTIONS = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "actions"
HARVEST = """  - harvest:
      if: you own a farm
      cost: 1 civil action
      does: gain 2 food
"""


def _errors(tmp_path: Path, old: str, new: str) -> list[str]:
    folder = tmp_path / "pack"
    shutil.copytree(ACTIONS, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    assert old in text
    game_file.write_text(text.replace(old, new), encoding="utf-8")
    _, diagnostics = validate(folder)
    return [d.render() for d in diagnostics if d.is_error]


@pytest.mark.parametrize(
    ("action", "message", "hint"),
    [
        (
            "  - acquire:\n      does: gain 2 food\n",
            '"acquire" is a kind of action the engine plays itself',
            'list it as "- acquire" with no properties',
        ),
        (
            "  - harvest:\n      does: gain 2 food\n",
            'the action "harvest" is declared twice',
            "give each action its own name",
        ),
        (
            "  - pass:\n      does: gain 2 food\n",
            '"pass" is always offered',
            "give yours another name",
        ),
        (
            "  - feast:\n      does: gain 2 food\n      event: you feast\n",
            'the action "feast" sets off an event but chooses no card',
            "add choose:",
        ),
        (
            "  - feast:\n      choose: a card in your hand\n      does: gain 2 food\n"
            "      event: acquire\n",
            '"acquire" is an event of the engine\'s own',
            "give the action's event a name of its own",
        ),
    ],
    ids=["engine-kind", "twice", "pass", "event-without-card", "engine-event"],
)
def test_a_mistaken_declaration_is_an_error_at_its_name(
    tmp_path: Path, action: str, message: str, hint: str
) -> None:
    errors = _errors(tmp_path, HARVEST, HARVEST + action)
    assert len(errors) == 1, errors
    assert "game.yaml:" in errors[0] and message in errors[0] and hint in errors[0]


def test_a_cost_in_something_that_is_not_a_counter_is_an_error_at_the_word(
    tmp_path: Path,
) -> None:
    errors = _errors(
        tmp_path,
        "      cost: 1 civil action\n      does: gain 2 food",
        ("      cost: 1 civil actoin\n      does: gain 2 food"),
    )
    assert len(errors) == 1, errors
    assert '"civil actoin" is not a counter' in errors[0]
    assert "civil action, food" in errors[0]  # the counters that could pay
    assert "cost: 1 civil actoin" in errors[0] and "^^^" in errors[0]


def test_its_cost_without_a_chosen_card_is_an_error(tmp_path: Path) -> None:
    errors = _errors(
        tmp_path,
        "      cost: 1 civil action\n      does: gain 2 food",
        ("      cost: its cost\n      does: gain 2 food"),
    )
    assert len(errors) == 1 and '"its cost" is the cost of the chosen card' in errors[0], errors


def test_a_card_rule_on_an_event_no_action_sets_off_names_the_ones_that_exist(
    tmp_path: Path,
) -> None:
    """Without `event: you build this card`, Market's rule starts on nothing: the error lists
    the engine's events and the declared ones, and says where an event of one's own comes from."""
    errors = _errors(
        tmp_path, "      event: you build this card", "      event: you erect this card"
    )
    assert len(errors) == 1, errors
    assert 'unknown event "when you build this card"' in errors[0]
    assert "you erect this card" in errors[0]  # did you mean


def test_a_game_of_its_own_actions_needs_no_hand_but_a_discard_needs_a_discard_pile(
    tmp_path: Path,
) -> None:
    """The actions pack gives a role to its tableau only (it plays none of the engine's kinds of
    action, which take from a hand): it validates. A rule that discards, in a game with no
    zone of the role "discard pile", is an error where it is written, never cards put into some
    other zone."""
    step = "    draw a card from the deck into the discard pile\n"
    errors = _errors(tmp_path, step, "    discard the first card in the card row\n")
    assert len(errors) == 1, errors
    assert (
        'discarded cards go to the discard pile, and no zone has the role "discard pile"'
        in (errors[0])
    )
    assert "discard the first card in the card row" in errors[0]


def test_listing_an_engine_kind_of_action_asks_for_a_hand(tmp_path: Path) -> None:
    errors = _errors(tmp_path, "actions:\n", "actions:\n  - discard\n")
    assert any('no zone has the role "hand"' in e for e in errors), errors
    assert any('no zone has the role "discard pile"' in e for e in errors), errors


def test_a_card_needs_a_cost_only_where_the_engine_acquires_cards(tmp_path: Path) -> None:
    """The workers pack's action spaces have no cost (its actions say what they cost): it
    validates. Once the game lists the engine's acquire, a card without a cost is an error at
    the card, as a missing key of its file."""
    workers = ACTIONS.parent / "workers"
    folder = tmp_path / "workers"
    shutil.copytree(workers, folder)
    _, diagnostics = validate(folder)
    assert [d.render() for d in diagnostics if d.is_error] == []
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text.replace("actions:\n", "actions:\n  - acquire\n", 1), "utf-8")
    _, diagnostics = validate(folder)
    missing = [d.render() for d in diagnostics if 'missing key "cost"' in d.message]
    # every card of the spaces file (three action spaces and the Nursery)
    assert len(missing) == 4 and all("spaces.yaml:" in m for m in missing), missing
