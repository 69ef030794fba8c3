"""Card state (issue 17, MODEL.md step 4): what a card copy carries beyond its zone — face down,
marks with a lifetime, tokens on it — declared by the pack under `card states:`, kept sparse in
`State.cards`, read and changed by the rules language, carried by saves and scenarios.

The conformance packs tests/packs/conformance/face_down and card_tokens play the mechanics
through their scenarios (tests/interpreter/test_conformance_packs.py); here are the edges."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.bots.greedy import RandomBot
from interpreter.bots.playout import playout
from interpreter.core import card_state
from interpreter.core.state import State
from interpreter.mechanics.ages import age_points
from interpreter.mechanics.moves import discard_card
from interpreter.tools.saves import SaveError, load_text, save_data, save_text
from interpreter.tools.validation import validate

ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE = ROOT / "tests" / "packs" / "conformance"
FACE_DOWN = CONFORMANCE / "face_down"
TOKENS = CONFORMANCE / "card_tokens"
ALONG_HISTORY = ROOT / "cards" / "along_history"


def _copy(pack: Path, tmp_path: Path, old: str, new: str, file: str = "game.yaml") -> Path:
    """A copy of a conformance pack with one text of one file replaced."""
    folder = tmp_path / pack.name
    shutil.copytree(pack, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def _errors(folder: Path) -> list[str]:
    _, diagnostics = validate(folder)
    return [d.render() for d in diagnostics if d.is_error]


def _copies(game: Game, name: str) -> list[int]:
    return [c for c in range(len(game.catalog.copies)) if game.name(c) == name]


# ------------------------------------------------------------------ the declaration


@pytest.mark.parametrize(
    ("declared", "message", "hint"),
    [
        ("damaged: face-down", '"face-down" is not one of face down', "face down"),
        ("damaged: {mark: week}", '"week" is not one of turn, round, age, game', None),
        ("general: face down", '"general" is already a keyword', None),
        ("city: face down", '"city" is already a zone', None),
        ("coin: face down", '"coin" is already a counter', None),
        ("tilted: face down", '"tilted" is already a card state the engine keeps itself', None),
        ("two words: face down", "is not valid: a card state is named by one lowercase word", None),
    ],
)
def test_a_card_state_declared_wrong_is_a_located_error(
    tmp_path: Path, declared: str, message: str, hint: str | None
) -> None:
    folder = _copy(FACE_DOWN, tmp_path, "  damaged: face down\n", f"  {declared}\n")
    if "general" in declared:
        text = (folder / "game.yaml").read_text(encoding="utf-8")
        (folder / "game.yaml").write_text(
            text.replace(
                "card_types: [empire, titan]", "card_types: [empire, titan]\nkeywords: [general]"
            ),
            encoding="utf-8",
        )
    errors = [e for e in _errors(folder) if message in e]
    assert errors, _errors(folder)
    assert re.search(r"game\.yaml:\d+:\d+: error", errors[0]), errors[0]
    if hint is not None:
        assert hint in errors[0]


def test_two_face_down_states_are_an_error(tmp_path: Path) -> None:
    folder = _copy(
        FACE_DOWN, tmp_path, "  damaged: face down\n", "  damaged: face down\n  hidden: face down\n"
    )
    assert any('"hidden" and "damaged" are both face down' in e for e in _errors(folder))


def test_a_rule_naming_an_undeclared_card_state_is_an_error_at_its_place(tmp_path: Path) -> None:
    folder = _copy(
        FACE_DOWN,
        tmp_path,
        "on acquire: if you have at least 2 food bonuses: gain 3 coin",
        "on acquire: if it is shiny: gain 3 coin",
        "first.yaml",
    )
    errors = _errors(folder)
    assert any("first.yaml:" in e and '"shiny"' in e and "damaged" in e for e in errors), errors


def test_flipping_a_card_in_a_game_without_a_face_down_state_is_an_error(tmp_path: Path) -> None:
    folder = _copy(
        TOKENS,
        tmp_path,
        "    cost: 2 food\n    points: 1\n",
        "    cost: 2 food\n    points: 1\n    rules: |\n"
        "      on acquire: flip one of your building cards face down\n",
        "first.yaml",
    )
    errors = _errors(folder)
    assert any(
        "first.yaml:" in e
        and "flip one of your building cards face down" in e
        and "no face-down card state" in e
        for e in errors
    ), errors


def test_a_flip_without_a_side_is_an_error(tmp_path: Path) -> None:
    folder = _copy(
        FACE_DOWN,
        tmp_path,
        "on acquire: flip all your damaged cards face up",
        "on acquire: flip all your damaged cards",
        "first.yaml",
    )
    assert any('flip which way? "flip it face down"' in e for e in _errors(folder))


def test_tokens_put_from_a_zone_are_an_error(tmp_path: Path) -> None:
    folder = _copy(
        TOKENS,
        tmp_path,
        "put 3 ambrosia on this card from the supply",
        "put 3 ambrosia on this card from the deck",
        "first.yaml",
    )
    assert any('from your counter or "from the supply"' in e for e in _errors(folder))


# ------------------------------------------------------------------ the position


def test_a_position_without_card_states_has_no_cards_entry() -> None:
    """Along History declares no card state: its positions, digests and saves are as before."""
    game = Game.load(ALONG_HISTORY)
    state = playout(game, [RandomBot(1), RandomBot(2), RandomBot(3)], 1)
    assert state.cards == {} and "cards" not in state.to_data()
    assert "cards" not in save_data(game, state)["state"]


def test_a_copy_of_the_position_keeps_its_own_card_states() -> None:
    game = Game.load(TOKENS)
    state = game.new(2, 1)
    copy = state.clone()
    card_state.add_tokens(copy, 5, "coin", 2)
    card_state.set_mark(copy, 5, "used")
    assert state.cards == {} and state.digest() != copy.digest()
    again = copy.clone()
    card_state.add_tokens(again, 5, "coin", -2)
    assert copy.cards == {5: {"marks": ["used"], "tokens": {"coin": 2}}}
    assert again.cards == {5: {"marks": ["used"]}}
    card_state.set_mark(again, 5, "used", False)
    assert again.cards == {}  # a card back to fresh has no entry


def test_a_save_carries_card_states_by_card_id_and_refuses_a_bad_one() -> None:
    game = Game.load(TOKENS)
    state = game.new(2, 1)
    temple = _copies(game, "Temple")[0]
    card_state.add_tokens(state, temple, "ambrosia", 3)
    card_state.set_mark(state, temple, "used")
    text = save_text(game, state)
    data = json.loads(text)
    assert data["state"]["cards"] == {
        "first/temple": {"marks": ["used"], "tokens": {"ambrosia": 3}}
    }
    loaded, _, _ = load_text(game, text)
    assert loaded.cards == state.cards and loaded.digest() == state.digest()
    data["state"]["cards"]["first/temple"]["marks"] = ["shiny"]
    with pytest.raises(SaveError, match=r"state\.cards\.first/temple\.marks"):
        load_text(game, json.dumps(data))
    data["state"]["cards"]["first/temple"] = {"tokens": {"gold": 1}}
    with pytest.raises(SaveError, match=r"tokens\.gold: is not a counter of the pack"):
        load_text(game, json.dumps(data))


def test_a_card_discarded_is_a_fresh_card_again() -> None:
    game = Game.load(FACE_DOWN)
    state = game.new(2, 1)
    farm = state.players[0].zones[game.zones.hand][0]
    card_state.turn(state, farm, True)
    discard_card(game, state, farm)
    assert state.cards == {}


# ------------------------------------------------------------------ points


def _city(game: Game, state: State, names: list[str]) -> list[int]:
    """Put the first copy of each named card into player 1's tableau, a pile of its own."""
    copies = [_copies(game, name)[0] for name in names]
    state.players[0].tableau += [[c] for c in copies]
    return copies


def test_a_face_down_card_scores_nothing_and_the_pack_counts_it(tmp_path: Path) -> None:
    """ "the points of your cards - the number of your damaged cards": a Quarry (2) and a Farm
    (1), the Quarry damaged, scores 1 - 1 = 0; with `keeps points` the Quarry's 2 count."""
    game = Game.load(FACE_DOWN)
    state = game.new(2, 1)
    state.players[0].tableau = []
    quarry, _farm = _city(game, state, ["Quarry", "Farm"])
    assert age_points(game, state, 0) == 3
    card_state.turn(state, quarry, True)
    assert age_points(game, state, 0) == 0
    keeps = Game.load(
        _copy(FACE_DOWN, tmp_path, "damaged: face down", "damaged: {face down: keeps points}")
    )
    assert age_points(keeps, state, 0) == 2


def test_a_card_worth_the_coin_on_it_scores_them() -> None:
    game = Game.load(TOKENS)
    state = game.new(2, 1)
    state.players[0].tableau = []
    state.players[0].counters["ambrosia"] = 0
    (vault,) = _city(game, state, ["Vault"])
    assert age_points(game, state, 0) == 0
    card_state.add_tokens(state, vault, "coin", 4)
    assert age_points(game, state, 0) == 4


def test_tokens_put_from_a_counter_short_of_them_are_what_the_player_has() -> None:
    game = Game.load(TOKENS)
    vault = next(
        i
        for i in game.programs
        if i.startswith("card:")
        and "acquire" in i
        and game.catalog.cards[int(i.split(":")[1])].name == "Vault"
    )
    state = game.new(2, 1)
    state.players[0].counters["coin"] = 1
    copy = _copies(game, "Vault")[0]
    state.players[0].tableau = [[copy]]
    state.frames = [game.frame(vault, 0, card=copy)]
    state.pending = None
    game.run(state)
    assert state.players[0].counters["coin"] == 0
    assert card_state.tokens_on(state, copy, "coin") == 1


def test_tokens_taken_off_a_card_are_it_for_the_next_step(tmp_path: Path) -> None:
    """ "take all ambrosia from it; then give half of it to ...": "it" is the amount taken, as
    after "take all gold from ..." (not the card it was taken from)."""
    folder = _copy(
        TOKENS,
        tmp_path,
        "on acquire: if the ambrosia on your building cards is at least 2: take all ambrosia "
        "from one of your building cards",
        "on acquire: take all ambrosia from one of your building cards; then give half of it "
        "to an opponent of your choice",
        "first.yaml",
    )
    game = Game.load(folder)
    titan = next(
        p
        for p in game.programs
        if p.startswith("card:") and game.catalog.cards[int(p.split(":")[1])].name == "Titan"
    )
    state = game.new(2, 1)
    temple = _copies(game, "Temple")[0]
    state.players[0].tableau = [[temple]]
    state.players[0].counters["ambrosia"] = state.players[1].counters["ambrosia"] = 0
    card_state.add_tokens(state, temple, "ambrosia", 4)
    state.frames = [game.frame(titan, 0, card=_copies(game, "Titan")[0])]
    state.pending = None
    game.run(state)
    assert [p.counters["ambrosia"] for p in state.players] == [2, 2]
    assert card_state.tokens_on(state, temple, "ambrosia") == 0 and state.cards == {}


def test_the_position_in_one_line_says_what_a_card_carries() -> None:
    from interpreter.tools.position import position_line

    game = Game.load(FACE_DOWN)
    state = game.new(2, 1)
    quarry = _copies(game, "Quarry")[0]
    state.players[0].tableau = [[quarry]]
    card_state.turn(state, quarry, True)
    assert "C[Quarry(damaged)]" in position_line(game, state)
    game = Game.load(TOKENS)
    state = game.new(2, 1)
    temple = _copies(game, "Temple")[0]
    state.players[0].tableau = [[temple]]
    card_state.add_tokens(state, temple, "ambrosia", 3)
    card_state.set_mark(state, temple, "used")
    assert "C[Temple(used,3 ambrosia)]" in position_line(game, state)


# ------------------------------------------------------------------ a card naming a player

THROUGH_THE_AGES = ROOT / "cards" / "through_the_ages"


def test_a_card_naming_a_player_is_saved_and_a_seat_out_of_the_game_refused() -> None:
    """A player state (`target: player`, Through the Ages' war in play) names one player on the
    card; a save carries it by card id, and a seat the game has not is refused."""
    game = Game.load(THROUGH_THE_AGES)
    state = game.new(2, 1, quiet=True)
    war = _copies(game, "War over Culture")[0]
    assert card_state.player_named(state, war, "target") is None
    card_state.name_player(state, war, "target", 1)
    assert card_state.player_named(state, war, "target") == 1
    data = json.loads(save_text(game, state))
    (key,) = [k for k, e in data["state"]["cards"].items() if "players" in e]
    assert data["state"]["cards"][key] == {"players": {"target": 1}}
    loaded, _, _ = load_text(game, json.dumps(data))
    assert loaded.digest() == state.digest()
    data["state"]["cards"][key] = {"players": {"target": 2}}
    with pytest.raises(SaveError, match=r"players\.target: must be at most 1"):
        load_text(game, json.dumps(data))
    data["state"]["cards"][key] = {"players": {"new": 0}}
    with pytest.raises(SaveError, match=r"players\.new: is not a player state of the pack"):
        load_text(game, json.dumps(data))
    discard_card(game, state, war)
    assert card_state.player_named(state, war, "target") is None
