"""Pieces placed on cards (issue 17, worker placement): the mistakes in `pieces:` and in the
rules using them are located errors; pieces are saved and checked on load."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.tools.saves import SaveError, load_text, save_text
from interpreter.tools.validation import validate

WORKERS = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "workers"
PIECES = """pieces:
  citizen:
    properties: [skill]
    start: [{skill: 1}, {skill: 2}, {skill: 3}]
    bumping: {by: skill, costs: 1 coin}    # TAW-A3
"""


def _errors(tmp_path: Path, old: str, new: str, file: str = "game.yaml") -> list[str]:
    folder = tmp_path / f"workers-{len(list(tmp_path.iterdir()))}"
    shutil.copytree(WORKERS, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    _, diagnostics = validate(folder)
    return [d.render() for d in diagnostics if d.is_error]


def test_the_workers_pack_validates_as_it_is(tmp_path: Path) -> None:
    assert _errors(tmp_path, "name:", "name:") == []


@pytest.mark.parametrize(
    ("pieces", "says", "line"),
    [
        (
            PIECES.replace("by: skill", "by: strength"),
            '"strength" is not a property of the citizen',
            "bumping",
        ),
        (
            PIECES.replace("costs: 1 coin", "costs: 1 gold"),
            '"1 gold" is not an amount of a counter',
            "bumping",
        ),
        (
            PIECES.replace("{skill: 3}", "{skil: 3}"),
            '"skil" is not a property of the citizen',
            "start",
        ),
        (
            PIECES.replace("    start: [{skill: 1}, {skill: 2}, {skill: 3}]\n", ""),
            'has no "start"',
            "citizen:",
        ),
        (PIECES.replace("citizen:", "coin:"), '"coin" is already a counter', "coin:"),
        (
            PIECES.replace("costs: 1 coin}", "costs: 1 coin, in: board}"),
            '"board" is not a zone of the game',
            "bumping",
        ),
        (PIECES.replace("citizen:", "citizens:"), "not one word in the singular", "citizens:"),
    ],
)
def test_a_mistake_in_pieces_is_a_located_error_with_a_hint(
    tmp_path: Path, pieces: str, says: str, line: str
) -> None:
    errors = _errors(tmp_path, PIECES, pieces)
    found = [e for e in errors if says in e]
    assert found, errors
    assert "game.yaml:" in found[0] and line in found[0] and "hint:" in found[0]


def test_placing_needs_one_of_your_pieces_and_a_card(tmp_path: Path) -> None:
    errors = _errors(tmp_path, "place one of your citizens on it", "place all your citizens on it")
    assert any('place reads "place one of your citizens on <card>"' in e for e in errors), errors
    errors = _errors(tmp_path, "place one of your citizens on it", "place one of your citizens")
    assert any("place it on what?" in e for e in errors), errors
    # a card the step names (the doer picks among several) plays since the pieces moves of
    # Through the Ages (piece_moves.py); "each" card is still no card to place one piece on
    errors = _errors(
        tmp_path,
        "place one of your citizens on it",
        "place one of your citizens on a card in the action spaces",
    )
    assert errors == []
    errors = _errors(
        tmp_path,
        "place one of your citizens on it",
        "place one of your citizens on each card in the action spaces",
    )
    assert any("names several cards, and a citizen goes onto one card" in e for e in errors), errors


def test_a_game_without_pieces_says_to_declare_them(tmp_path: Path) -> None:
    errors = _errors(tmp_path, PIECES, "")
    # "if: you have a free citizen", "does: place one of your citizens on it"
    assert any('game.yaml:24:27: error: unknown word "citizen"' in e for e in errors), errors
    assert any('game.yaml:25:31: error: unknown word "citizens"' in e for e in errors), errors


def test_pieces_on_cards_are_saved_and_a_wrong_piece_is_refused() -> None:
    game = Game.load(WORKERS)
    state = game.new(players=2, seed=1)
    state = game.apply(state, game.legal_actions(state)[1])  # place a citizen: the first space
    state = game.apply(state, game.legal_actions(state)[2])  # the citizen of skill 3
    placed = [p for p in state.pieces if p["on"] is not None]
    assert [(p["owner"], p["props"]) for p in placed] == [(0, {"skill": 3})]
    text = save_text(game, state)
    loaded, _, _ = load_text(game, text)
    assert loaded.pieces == state.pieces and loaded.digest() == state.digest()
    data = json.loads(text)
    data["state"]["pieces"][0]["props"] = {"strength": 1}
    with pytest.raises(SaveError, match=r"pieces\[0\]\.props"):
        load_text(game, json.dumps(data))
    data["state"]["pieces"][0]["kind"] = "worker"
    with pytest.raises(SaveError, match=r"pieces\[0\]\.kind"):
        load_text(game, json.dumps(data))


def test_a_clone_keeps_its_own_pieces() -> None:
    game = Game.load(WORKERS)
    state = game.new(players=2, seed=1)
    copy = state.clone()
    moved = game.apply(state, game.legal_actions(state)[1])
    moved = game.apply(moved, game.legal_actions(moved)[1])
    assert all(p["on"] is None for p in copy.pieces)
    assert any(p["on"] is not None for p in moved.pieces)


def test_bumping_in_a_zone_costs_nothing_on_a_card_elsewhere(tmp_path: Path) -> None:
    """`bumping: {..., in: action spaces}` (TAW-A3 is about the board's spaces): placing a lower
    skill beside a higher one on a card of another zone costs nothing."""
    from interpreter.mechanics.piece_verbs import bumps_on, placements

    folder = tmp_path / "workers"
    shutil.copytree(WORKERS, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(
        text.replace("costs: 1 coin}", "costs: 1 coin, in: action spaces}"), encoding="utf-8"
    )
    game = Game.load(folder)
    state = game.new(2, 1)
    spec = game.lexicon.pieces.kinds[0]
    space = state.zones[0][0]
    mine = [i for i, p in enumerate(state.pieces) if p["owner"] == 0]
    state.pieces[mine[-1]]["on"] = space  # the skill-3 citizen stands on the space
    bumps = bumps_on(game.lexicon, spec)
    assert bumps(state, space)
    assert [cost for _, cost in placements(state, spec, 0, space, bumps(state, space))] == [1, 1]
    home = state.zones[0].pop()  # a card moved out of the action spaces, into a home
    state.players[0].tableau = [[home]]
    state.pieces[mine[-1]]["on"] = home
    assert not bumps(state, home)
    assert [cost for _, cost in placements(state, spec, 0, home, bumps(state, home))] == [0, 0]


GAIN = "gain a citizen of skill 2"


@pytest.mark.parametrize(
    ("step", "says"),
    [
        (
            "gain a citizen of strength 2",
            'a citizen has no property "strength" (its properties: skill)',
        ),
        ("gain a citizen of skill 2 of skill 3", "the citizen's skill is said twice"),
        ("place one of your citizens of skill 2 on it", "which citizen is the doer's choice"),
        ("gain coin equal to the number of citizens of skill 2", "cannot play"),
    ],
    ids=["unknown-property", "twice", "placing", "counting"],
)
def test_a_property_said_where_it_means_nothing_is_a_located_error(
    tmp_path: Path, step: str, says: str
) -> None:
    """'of skill 2' says the property of a piece gained; a property the kind lacks, one said
    twice, and the words anywhere else are errors at the rule's place, never ignored."""
    errors = _errors(tmp_path, GAIN, step, "spaces.yaml")
    found = [e for e in errors if says in e]
    assert found, errors
    assert "spaces.yaml:" in found[0]


def test_a_citizen_gained_with_a_skill_reads_back_and_plays() -> None:
    from rules_dsl.parser import parse
    from rules_dsl.printer import print_rules

    text = f"when you buy this card: {GAIN}"
    assert print_rules(parse(text)) == text
    game = Game.load(WORKERS)
    state = game.new(2, seed=1)
    before = [dict(p) for p in state.pieces]
    nursery = next(c for c in game.zone(state, "action spaces") if game.name(c) == "Nursery")
    place = next(a for a in game.legal_actions(state) if a.text.endswith(": Nursery"))
    state = game.apply(state, place)
    state = game.apply(state, next(a for a in game.legal_actions(state) if "skill 1" in a.text))
    assert len(state.pieces) == len(before) + 1
    # kept with its owner's citizens, after them (the order the game starts with: by seat)
    theirs = [i for i, p in enumerate(state.pieces) if p["owner"] == 0]
    gained = state.pieces[theirs[-1]]
    assert (gained["owner"], gained["props"], gained["on"]) == (0, {"skill": 2}, None)
    assert state.pieces[theirs[-1] + 1 :] == before[theirs[-1] :]  # the others' after it
    assert any(p["on"] == nursery and p["props"] == {"skill": 1} for p in state.pieces)
