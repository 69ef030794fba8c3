"""Dice rolled in a step and a card's own events set off from a step (issue 18: The Ancient
World's damage dice and titans' penalties, TAW-B8, TAW-B9, TAW-E1, TAW-D5).

The conformance pack tests/packs/conformance/dice_events plays the forms through its scenarios
(tests/interpreter/test_conformance_packs.py); here are the errors, the read-back, a save made
at a decision inside a card's rules, and who the dice shown belong to."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest
from rich.console import Console

from agesmith.play import Session, show_position
from editor.table_view import dice_strip
from interpreter import Game
from interpreter.core.state import State
from interpreter.mechanics.dice import die_text, roll_some
from interpreter.tools.explain import _program, explain_cards
from interpreter.tools.saves import load_text, save_text
from interpreter.tools.scenario import check
from interpreter.tools.validation import validate
from rules_dsl.parser import parse
from rules_dsl.printer import print_rules

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "dice_events"
ATTACK_ROLL = "        roll damage dice equal to the number of your titan cards\n"
PENALTY = 'if the number of coin dice is at least 1: trigger "penalty" for it'


def _copy(tmp_path: Path, old: str, new: str, file: str = "game.yaml") -> Path:
    """A copy of the pack with one text of one file replaced."""
    folder = tmp_path / PACK.name
    shutil.copytree(PACK, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def _errors(folder: Path) -> list[str]:
    _, diagnostics = validate(folder)
    return [d.render() for d in diagnostics if d.is_error]


# ------------------------------------------------------------------ the errors


@pytest.mark.parametrize(
    ("written", "message", "hint"),
    [
        ("roll a wound die", '"wound" is not a die of the game', "declares: damage"),
        ("roll 2 damge dice", '"damge" is not a die of the game', 'did you mean "damage"?'),
        ("roll some damage dice", '"some" is not a number of dice', "roll 2 damage dice"),
        ("roll all damage dice", '"all" is not a number of dice', "roll a damage die"),
        ("roll damage dice", "roll how many damage dice?", "equal to <a number>"),
        ("roll 2 damage dice equal to 3", "the number of dice is said twice", "roll 2"),
        (
            "roll damage dice equal to the titan pile",
            '"titan pile" is not a counter or a kind of card',
            None,
        ),
    ],
)
def test_a_roll_written_wrong_is_a_located_error(
    tmp_path: Path, written: str, message: str, hint: str | None
) -> None:
    folder = _copy(tmp_path, ATTACK_ROLL, f"        {written}\n")
    errors = _errors(folder)
    assert len(errors) == 1, errors
    assert message in errors[0]
    assert re.search(r"game\.yaml:45:\d+: error", errors[0]), errors[0]
    assert f"45 |         {written}" in errors[0] and "^" in errors[0]
    if hint is not None:
        assert hint in errors[0]


@pytest.mark.parametrize(
    ("written", "message", "hint"),
    [
        ('trigger "acquire" for it', '"acquire" is an event the engine sets off itself', None),
        ('trigger "penalty"', 'trigger "penalty" for which card?', "for <card>"),
        ('trigger "penalty" to it', '"trigger" has no meaning for "to ..."', None),
        ('trigger "penalty" for the titan', '"the" cards: say "one of", "a" or "each"', None),
        ("trigger penalty for it", "trigger which event? its name goes in quotes", '"penalty"'),
    ],
)
def test_a_trigger_written_wrong_is_a_located_error(
    tmp_path: Path, written: str, message: str | None, hint: str | None
) -> None:
    folder = _copy(tmp_path, PENALTY, f"if the number of coin dice is at least 1: {written}")
    errors = _errors(folder)
    assert len(errors) == 1, errors
    assert re.search(r"game\.yaml:46:\d+: error", errors[0]), errors[0]
    if message is not None:
        assert message in errors[0]
    if hint is not None:
        assert hint in errors[0]


def test_a_rule_on_an_event_nothing_sets_off_is_an_error_listing_the_triggered_ones(
    tmp_path: Path,
) -> None:
    folder = _copy(
        tmp_path,
        "on penalty: lose 1 coin",
        "on famine: lose 1 coin",
        "titans.yaml",
    )
    errors = _errors(folder)
    assert len(errors) == 1, errors
    assert 'titans.yaml:10:7: error: unknown event "on famine"' in errors[0]
    assert "penalty" in errors[0] and "repair" in errors[0]


def test_an_event_is_declared_only_by_a_step_that_triggers_it(tmp_path: Path) -> None:
    """Without the turn's `trigger "repair" ...` the Workshop's and the Oracle's rules start
    on an event nothing sets off: an error at each, whose hint says how to set one off."""
    folder = _copy(tmp_path, '    trigger "repair" for each of your district cards\n', "")
    errors = _errors(folder)
    assert len(errors) == 2, errors
    assert all('unknown event "on repair"' in e and "one.yaml:" in e for e in errors)
    assert 'trigger "repair" for <card>' in errors[0]


def test_a_face_no_rule_reads_is_still_an_error(tmp_path: Path) -> None:
    """A die's face may be a plain name only when a rule counts the dice by it: a misspelt
    face is still reported, with the face the rules read as its hint."""
    folder = _copy(tmp_path, "faces: [titan, titan, coin", "faces: [titen, titan, coin")
    errors = _errors(folder)
    assert len(errors) == 1, errors
    assert 'game.yaml:29:13: error: the damage die has a face "titen"' in errors[0]
    assert 'did you mean "titan"?' in errors[0]


# ------------------------------------------------------------------ reading back


def test_the_new_forms_print_back_as_written() -> None:
    for text in (
        "on repair: roll a damage die",
        "on repair: roll 2 damage dice",
        "on repair: roll damage dice equal to the number of your titan cards",
        'on repair: trigger "penalty" for it',
        'on repair: trigger "repair" for each of your district cards',
        'on repair: each player triggers "penalty" for all cards in their threat',
    ):
        tree = parse(text)
        assert print_rules(tree) == text
        assert parse(print_rules(tree)) == tree


def test_the_forms_read_back_in_plain_words() -> None:
    game = Game.load(PACK)
    oracle = next(r for r in explain_cards(game) if r.name == "Oracle")
    said = " ".join(oracle.lines)
    assert "roll 1 damage die (in place of the dice rolled before)" in said
    assert "the number of blank dice just rolled is exactly 1" in said
    turn = " ".join(_program(game.programs["phase:turn"]))
    assert (
        'set off "repair" for each of the district cards in your city (its rules "on repair: '
        '..." run, you doing them)' in turn
    ), turn
    confront = " ".join(_program(game.programs["phase:confront"]))
    assert "the number of titan dice just rolled is exactly 1" in confront
    assert "the number of coin dice just rolled is exactly 1" in confront


# ------------------------------------------------------------------ play


def _repair_decision(game: Game) -> State:
    """A position waiting for a choice inside a Workshop's "on repair" rules, reached by
    random choices from a fixed seed."""
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new(players=2, seed=seed)
        while not state.over:
            frames = [f["prog"] for f in state.frames]
            if (state.pending or {}).get("kind") == "card" and ":repair:" in frames[-1]:
                return state
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    raise AssertionError("no game reached a repair decision")


def test_a_save_at_a_decision_inside_a_triggered_rule_resumes_exactly() -> None:
    game = Game.load(PACK)
    state = _repair_decision(game)
    loaded, _, _ = load_text(game, save_text(game, state))
    assert loaded.digest() == state.digest()
    rng_a, rng_b = random.Random(7), random.Random(7)
    a, b = state, loaded
    while not a.over:
        a = game.apply(a, rng_a.choice(game.legal_actions(a)))
        b = game.apply(b, rng_b.choice(game.legal_actions(b)))
        assert a.digest() == b.digest()
    assert b.over


def test_a_step_rolls_as_many_dice_as_it_says_from_the_games_chance() -> None:
    game = Game.load(PACK)
    state = game.new(players=2, seed=5)
    again = game.new(players=2, seed=5)
    roll_some(game, state, 0, "damage", 3)
    roll_some(game, again, 0, "damage", 3)
    assert [d["die"] for d in state.dice] == ["damage"] * 3
    assert state.dice == again.dice and state.digest() == again.digest()
    roll_some(game, state, 0, "damage", 1)
    assert len(state.dice) == 1  # the roll replaces the dice rolled before


def test_the_dice_shown_are_those_of_the_player_who_rolled_them() -> None:
    """A step's roll by a player who is not the active one (their turn in another's round, or
    "each player rolls ..."): the terminal and the playtest say whose dice they are."""
    game = Game.load(PACK)
    state = game.new(players=2, seed=5)
    assert state.active == 0
    roll_some(game, state, 1, "damage", 2)
    assert "Dice of player 2" in dice_strip(game, state)
    console = Console(record=True, width=200)
    session = Session(game, state, str(PACK), None, None, None, 5, ["you", "random"])
    show_position(session, console)
    assert "Dice of player 2:" in console.export_text()


def test_a_trigger_for_one_of_several_cards_asks_the_doer_and_a_save_there_resumes(
    tmp_path: Path,
) -> None:
    """`trigger "penalty" for one of your titan cards`: the doer picks the titan whose penalty
    runs (the Colossus: the storage is discarded, no coin lost); a save made at that choice
    resumes to the very same game."""
    folder = _copy(
        tmp_path,
        '    trigger "repair" for each of your district cards\n',
        '    trigger "repair" for each of your district cards\n'
        '    trigger "penalty" for one of your titan cards\n',
    )
    assert _errors(folder) == []
    scenario = folder / "scenarios" / "pick.yaml"
    scenario.write_text(
        "name: The doer picks the titan whose penalty runs\n"
        "pack: ..\nplayers: 2\nseed: 1\n"
        "position:\n  active: 1\n  players:\n    1:\n"
        "      hand: [Farm, Farm, Temple]\n      city: [Cyclops, Colossus]\n"
        "      storage: [Temple]\n      threat: [Sleeping Giant]\n      coin: 3\n"
        'actions:\n  - "store: Farm"\n  - legal: [Cyclops, Colossus]\n  - Colossus\n'
        "expect:\n  - {player: 1, that: you have exactly 3 coin}\n"
        "  - {player: 1, that: the number of cards in your storage is exactly 0}\n",
        encoding="utf-8",
    )
    outcome = check(scenario)
    assert outcome.passed, outcome.summary()
    game = Game.load(folder)
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new(players=2, seed=seed)
        while not state.over and "trigger" not in str((state.pending or {}).get("prompt")):
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        if not state.over:
            break
    assert not state.over, "no game reached the choice of a titan"
    loaded, _, _ = load_text(game, save_text(game, state))
    assert loaded.digest() == state.digest()
    for option in game.legal_actions(state):
        assert game.apply(loaded, option).digest() == game.apply(state, option).digest()


def test_a_plain_face_named_like_the_money_reads_as_written(tmp_path: Path) -> None:
    """With `money: coin` (The Ancient World's), the damage die's "coin" face is a coin
    symbol, every face of the die a plain name: it reads "coin", not "1 coin"."""
    folder = _copy(tmp_path, "counters:\n", "money: coin\ncounters:\n")
    game = Game.load(folder)
    state = game.new(players=2, seed=5)
    state.dice = [{"die": "damage", "face": 2, "used": False, "times": 1, "token": False}]
    assert die_text(game, state.dice[0]) == "coin"
    assert "Dice of player 1</b>: " in dice_strip(game, state) and "1 coin" not in dice_strip(
        game, state
    )
