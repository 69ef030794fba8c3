"""What designers write first (issue 17: "make them play, or make their error say what to
write"), on the conformance pack `bidding` changed by one line and on a copy of Through the
Ages: a counter set to a number, the next player, `deal` as a draw, and the errors of forms the
language writes otherwise, each answered with the form to write.

The last test replays the 79 phrasings of Through the Ages' rules a designer wrote before the
general model (tests/interpreter/data/tta-sketch-phrases.tsv), each alone in a copy of the pack,
and counts those that validate or whose error's hint is particular to what was written (not a
list of what the grammar expected, not "no mechanic for this yet"). The count may only rise."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cards import bundled
from interpreter import Game
from interpreter.tools.validation import validate
from rules_dsl.parser import try_parse
from tests.pack_copies import changed_copy, errors_of

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "bidding"
TURN_START = "    gain coin equal to 1 + your harvest\n"
PHRASES = Path(__file__).resolve().parent / "data" / "tta-sketch-phrases.tsv"
ANSWERED_AT_LEAST = 38  # 2026-12-03; raise it when more phrasings play or get a hint


def _first_turn(pack: Path, players: int = 2) -> list[int]:
    game = Game.load(pack)
    state = game.new(players=players, seed=1)
    return [p.counters["coin"] for p in state.players]


@pytest.mark.parametrize(
    ("step", "coins"),
    [
        ("    set your coin to 7\n", [7, 3, 3]),
        ("    set your coin to your coin + 5\n", [8, 3, 3]),
        ("    each player sets their coin to 1\n", [1, 1, 1]),
        ("    set your coin to 0 - 4\n", [0, 3, 3]),  # never below 0
        ("    the next player gains 2 coin\n", [3, 5, 3]),
    ],
)
def test_a_counter_set_to_a_number_and_the_next_player(
    tmp_path: Path, step: str, coins: list[int]
) -> None:
    assert _first_turn(changed_copy(PACK, tmp_path, TURN_START, step), players=3) == coins


def test_deal_is_a_draw(tmp_path: Path) -> None:
    old = "    draw a card from the deck into the block\n"
    dealt = changed_copy(PACK, tmp_path, old, "    deal a card from the deck into the block\n")
    game = Game.load(dealt)
    state = game.new(players=2, seed=1)
    assert game.zones.find("block") is not None
    assert [game.name(c) for c in state.zones[game.zones.find("block")[1]]] == ["Orchard"]


@pytest.mark.parametrize(
    ("step", "says"),
    [
        ("    set coin to 7\n", 'set reads "set your <counter> to <number>"'),
        ("    set your harvest to 7\n", '"harvest" is not a counter of the game'),
        ("    discard the leftmost card in the block\n", '"the first card in <zone>"'),
        ("    each rival gains 1 coin\n", '"an opponent of your choice"'),
        ("    if there are at least 3 players: gain 1 coin\n", '"the number of players"'),
    ],
)
def test_a_form_written_otherwise_is_answered_with_the_form_to_write(
    tmp_path: Path, step: str, says: str
) -> None:
    errors = errors_of(changed_copy(PACK, tmp_path, TURN_START, step))
    assert len(errors) == 1 and says in errors[0], errors
    assert "game.yaml:31:" in errors[0] and "^" in errors[0]


def test_there_are_n_players_is_rewritten_as_the_fact() -> None:
    _, problem = try_parse("if there are 2 players: gain 1 gold", "rules")
    assert problem is not None
    assert problem.hint == 'write "the number of players is exactly 2"'
    assert (problem.line, problem.column) == (1, 4)


GENERIC_HINTS = (
    "the interpreter has no mechanic for this yet",
    "nouns are card types",
    "expected ",
)


def _answered(pack: Path, game_text: str, cards_text: str, where: str, text: str) -> bool:
    if where == "phase":
        game_text = game_text.replace("\nphases:\n", f"\nphases:\n  sketch: |\n    {text}\n", 1)
    else:
        cards_text += "  - name: Sketch Card\n    type: action\n    points: 0\n    rules: |\n"
        cards_text += f"      {text}\n"
    (pack / "game.yaml").write_text(game_text, encoding="utf-8")
    (pack / "civil_a.yaml").write_text(cards_text, encoding="utf-8")
    errors = [d for d in validate(pack)[1] if d.is_error]
    return all(d.hint and not d.hint.startswith(GENERIC_HINTS) for d in errors)


def test_more_of_the_designers_first_phrasings_play_or_say_what_to_write(tmp_path: Path) -> None:
    shutil.copytree(bundled("through_the_ages"), tmp_path / "pack")
    shutil.copytree(bundled("through_the_ages").parent / "schema", tmp_path / "schema")
    pack = tmp_path / "pack"
    game_text = (pack / "game.yaml").read_text(encoding="utf-8")
    cards_text = (pack / "civil_a.yaml").read_text(encoding="utf-8")
    assert "\nphases:\n" in game_text
    rows = [
        line.split("\t")
        for line in PHRASES.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    assert len(rows) == 79
    answered = [r for r in rows if _answered(pack, game_text, cards_text, r[1], r[2])]
    assert len(answered) >= ANSWERED_AT_LEAST, (
        f"{len(answered)} of {len(rows)} phrasings play or get a particular hint"
    )
