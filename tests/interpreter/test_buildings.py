"""Buildings and workers (issue 19, Through the Ages' economy, on the general model of issue 17):
cards whose symbols count once per piece on them (`shows symbols of`), a bank the pieces come
from (`from:`), and the moves of pieces between cards and the pool (`piece_moves.py`). Every
mistake is a located error with a hint; a game saved at a decision inside a move resumes
exactly. The conformance pack `tests/packs/conformance/buildings/` plays them in scenarios."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.compile.meaning import Ctx, compile_value
from interpreter.core.actions import Action
from interpreter.core.state import State
from interpreter.tools.explain import explain_cards
from interpreter.tools.saves import load_text, save_text
from interpreter.tools.validation import validate
from rules_dsl.parser import parse

BUILDINGS = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "buildings"


def _copy(tmp_path: Path, old: str = "", new: str = "") -> Path:
    folder = tmp_path / f"buildings-{len(list(tmp_path.iterdir()))}"
    shutil.copytree(BUILDINGS, folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def _errors(tmp_path: Path, old: str, new: str) -> list[str]:
    _, diagnostics = validate(_copy(tmp_path, old, new))
    return [d.render() for d in diagnostics if d.is_error]


def _line_of(text: str) -> int:
    """The line of the buildings pack's game.yaml where a text starts."""
    lines = (BUILDINGS / "game.yaml").read_text(encoding="utf-8").splitlines()
    first = text.splitlines()[0].strip()
    return next(
        n for n, line in enumerate(lines, 1) if first in line and not line.lstrip().startswith("#")
    )


def _number(game: Game, state: State, text: str, seat: int = 0) -> int:
    return compile_value(parse(text, "number"), game.lexicon)(Ctx(state, game.catalog, seat))


def _card(game: Game, state: State, name: str, seat: int = 0) -> int:
    return next(c for c in state.players[seat].active_cards() if game.name(c) == name)


def _do(game: Game, state: State, said: str) -> State:
    """Play the offer the menu says so (as a player reads it)."""
    offers = {a.text: a for a in game.choices(state)}
    assert said in offers, list(offers)
    return game.apply(state, offers[said])


def _answer(game: Game, state: State, label: str) -> State:
    chosen = [a for a in game.choices(state) if a.text == label]
    assert chosen, [a.text for a in game.choices(state)]
    return game.apply(state, chosen[0])


# ------------------------------------------------------------------ symbols per worker


def test_a_farms_symbols_count_once_per_worker_on_it_and_a_wonders_once() -> None:
    game = Game.load(BUILDINGS)
    state = game.new(2, 1)
    # Gathering (1 food) holds 2 workers, Irrigation (2 food) none, Festival (a wonder) 1 food
    assert _number(game, state, "your food symbols") == 3
    assert _number(game, state, "the food symbols on your farm cards") == 2
    assert _number(game, state, "the number of your food bonus cards") == 2  # not Irrigation
    irrigation = _card(game, state, "Irrigation")
    free = next(i for i, p in enumerate(state.pieces) if p["owner"] == 0 and p["on"] is None)
    state.pieces[free] = {**state.pieces[free], "on": irrigation}
    assert _number(game, state, "your food symbols") == 5
    assert _number(game, state, "the food symbols on your farm cards") == 4
    assert _number(game, state, "the number of your food bonus cards") == 3
    # another player's workers count for their own cards only
    assert _number(game, state, "your food symbols", seat=1) == 3


def test_without_shows_symbols_of_every_card_counts_its_symbols_once(tmp_path: Path) -> None:
    folder = _copy(
        tmp_path,
        "    shows symbols of: [farm, mine, unit]  # each worker on one is one building or unit\n",
    )
    game = Game.load(folder)
    state = game.new(2, 1)
    assert _number(game, state, "your food symbols") == 1 + 2 + 1  # once each, workers or none


def test_the_read_back_says_a_farm_yields_per_worker() -> None:
    game = Game.load(BUILDINGS)
    readings = {r.name: " ".join(r.lines) for r in explain_cards(game)}
    assert "once per worker on it (none while it has none)" in readings["Gathering"]
    assert "once per worker" not in readings["Festival"]
    production = " ".join(
        str(i.data.get("says")) for i in game.programs["phase:production"] if hasattr(i, "data")
    )
    assert "farm, mine and unit cards once per worker on them" in production


# ------------------------------------------------------------------ the bank


def test_gain_takes_a_worker_from_the_bank_and_none_from_an_empty_one(tmp_path: Path) -> None:
    hire = "  - hire:\n      cost: 1 civil action\n      does: gain a worker\n  - build a farm:"
    game = Game.load(_copy(tmp_path, "  - build a farm:", hire))
    state = _do(game, game.new(2, 1), "hire (paying 1 civil action)")
    assert state.players[0].counters["yellow bank"] == 2
    assert _number(game, state, "the number of your free workers") == 2
    folder = _copy(tmp_path, "  - build a farm:", hire)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("yellow bank: {start: 3,", "yellow bank: {start: 0,"), "utf-8")
    game = Game.load(folder)
    state = game.new(2, 1)
    assert "hire (paying 1 civil action)" not in [a.text for a in game.choices(state)]


def test_a_worker_returned_to_the_bank_leaves_the_pool(tmp_path: Path) -> None:
    folder = _copy(
        tmp_path,
        "  - build a farm:",
        "  - dismiss:\n      cost: 1 civil action\n"
        "      does: return one of your free workers to your yellow bank\n  - build a farm:",
    )
    game = Game.load(folder)
    state = _do(game, game.new(2, 1), "dismiss (paying 1 civil action)")
    assert state.players[0].counters["yellow bank"] == 4
    assert _number(game, state, "the number of your workers") == 4
    assert _number(game, state, "the number of your free workers") == 0
    labels = [a.text for a in game.choices(state)]
    assert "dismiss (paying 1 civil action)" not in labels  # no free worker left


# ------------------------------------------------------------------ moves and saves


SHIFT = (
    "  - shift:\n      cost: 1 civil action\n"
    "      does: move one of your workers from one of your cards onto one of your farms\n"
    "  - build a farm:"
)


def test_a_move_asks_the_card_it_goes_to_then_the_card_it_leaves(tmp_path: Path) -> None:
    game = Game.load(_copy(tmp_path, "  - build a farm:", SHIFT))
    state = _do(game, game.new(2, 1), "shift (paying 1 civil action)")
    # Gathering (a worker may come from Bronze or Warriors) and Irrigation (from any of them)
    assert sorted(a.text for a in game.choices(state)) == ["Gathering", "Irrigation"]
    state = _answer(game, state, "Irrigation")
    assert sorted(a.text for a in game.choices(state)) == ["Bronze", "Gathering", "Warriors"]
    state = _answer(game, state, "Bronze")
    assert _number(game, state, "your ore symbols") == 0
    assert _number(game, state, "your food symbols") == 5


def test_a_game_saved_inside_a_move_resumes_exactly(tmp_path: Path) -> None:
    game = Game.load(_copy(tmp_path, "  - build a farm:", SHIFT))
    state = _do(game, game.new(2, 1), "shift (paying 1 civil action)")
    for answer in ("Irrigation", "Gathering"):
        loaded, _, _ = load_text(game, save_text(game, state))
        assert loaded.digest() == state.digest()
        state, loaded = _answer(game, state, answer), _answer(game, loaded, answer)
        assert loaded.digest() == state.digest()
    assert _number(game, state, "the number of your workers on your farms") == 2
    assert _number(game, state, "the food symbols on your farm cards") == 1 + 2


def test_a_game_saved_while_choosing_the_card_a_worker_goes_onto_resumes(tmp_path: Path) -> None:
    hire = (
        "  - settle:\n      cost: 1 civil action\n"
        "      does: place one of your workers on one of your farms\n  - build a farm:"
    )
    game = Game.load(_copy(tmp_path, "  - build a farm:", hire))
    state = _do(game, game.new(2, 1), "settle (paying 1 civil action)")
    assert sorted(a.text for a in game.choices(state)) == ["Gathering", "Irrigation"]
    loaded, _, _ = load_text(game, save_text(game, state))
    assert loaded.digest() == state.digest()
    state, loaded = _answer(game, state, "Irrigation"), _answer(game, loaded, "Irrigation")
    assert loaded.digest() == state.digest()
    assert _number(game, state, "your food symbols") == 5


def test_placing_several_workers_places_as_many_as_are_free(tmp_path: Path) -> None:
    folder = _copy(
        tmp_path,
        '    place 1 of your workers on your "Bronze"',
        '    place 9 of your workers on "Bronze" in your tableau',
    )
    game = Game.load(folder)
    state = game.new(2, 1)
    # the 3 left free after Gathering's 2, and none for Warriors after them
    assert _number(game, state, "the number of your workers on your mines") == 3
    assert _number(game, state, "the number of your workers on your units") == 0
    assert _number(game, state, "the number of your free workers") == 0


# ------------------------------------------------------------------ mistakes


@pytest.mark.parametrize(
    ("old", "new", "says", "where"),  # where: a hint's words, if any
    [
        (
            "shows symbols of: [farm, mine, unit]",
            "shows symbols of: [farms, mine, unit]",
            '"farms" is not a card type of the game',
            'did you mean "farm"?',
        ),
        (
            "from: yellow bank ",
            "from: yellow bunk ",
            '"yellow bunk" is not a counter of the game',
            'did you mean "yellow bank"?',
        ),
        (
            "of lower points onto it",
            "of a lower value onto it",
            '"the value of it" is not a number of a card',
            None,
        ),
        (
            "of lower points onto it",
            "of a new points onto it",
            '"a new points" compares no number of the cards',
            None,
        ),
        (
            "move one of your workers from one of your farms of lower points onto it",
            "move one of your workers onto it",
            "a worker moves from one card onto another",
            None,
        ),
        (
            "move one of your workers from one of your farms of lower points onto it",
            "move one of your workers from each of your farms onto it",
            '"each of your farms" names several cards, and a worker comes from one card',
            None,
        ),
        (
            "return one of your workers from it",
            "return one of your workers from it to your food",
            "a worker goes back to the bank it is gained from",
            None,
        ),
        (
            "return one of your workers from it",
            "return one of your free workers",
            "a free worker stands on no card: it goes back to the bank",
            None,
        ),
        (
            '    place 2 of your workers on your "Gathering"',
            "    place 2 of your workers on each farm in your tableau",
            "names several cards, and a worker goes onto one card",
            None,
        ),
        (
            "        lose food equal to the population cost",
            "        lose 2 food equal to the population cost",
            '"lose <counter> equal to <number>"',
            None,
        ),
    ],
)
def test_a_mistake_in_the_buildings_is_a_located_error_with_a_hint(
    tmp_path: Path, old: str, new: str, says: str, where: str
) -> None:
    errors = _errors(tmp_path, old, new)
    found = [e for e in errors if says in e]
    assert found, errors
    assert f"game.yaml:{_line_of(old)}:" in found[0] and "hint:" in found[0], found[0]
    assert where is None or where in found[0], found[0]
    assert "Traceback" not in found[0]


def test_a_return_to_the_bank_of_a_piece_without_one_says_to_declare_it(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "    from: yellow bank ", "    # no bank ")
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(
            "return one of your workers from it",
            "return one of your workers from it to your yellow bank",
        ),
        encoding="utf-8",
    )
    _, diagnostics = validate(folder)
    errors = [d.render() for d in diagnostics if d.is_error]
    assert any(
        f"game.yaml:{_line_of('return one of your workers from it')}:" in e
        and 'hint: give the worker a bank: "from: <counter>"' in e
        for e in errors
    ), errors


def test_an_action_answered_with_a_card_it_does_not_offer_is_refused() -> None:
    game = Game.load(BUILDINGS)
    state = _do(game, game.new(2, 1), "upgrade: Irrigation (paying 1 ore, 1 civil action)")
    # the one farm lower than Irrigation with a worker on it: no question was asked
    assert state.pending is not None and state.pending["kind"] == "action"
    with pytest.raises(ValueError):
        game.apply(state, Action("card", {"card": _card(game, state, "Irrigation")}))


# ------------------------------------------------------------------ the card vacated

UPGRADE_COST = "      cost: 1 ore, 1 civil action\n      does: move one of your workers from one"
DIFFERENCE = (
    "      cost: 1 civil action, X ore where X is the points of it - the points of the card"
    " vacated + 1\n      does: move one of your workers from one"
)


def test_an_upgrade_pays_a_cost_read_off_the_card_the_worker_leaves(tmp_path: Path) -> None:
    game = Game.load(_copy(tmp_path, UPGRADE_COST, DIFFERENCE))
    state = game.new(2, 1)
    # Irrigation (points 1) from Gathering (points 0): 1 - 0 + 1 ore, the card said in the menu
    said = "upgrade: Irrigation (from Gathering) (paying 1 civil action, 2 ore)"
    assert said in [a.text for a in game.choices(state)]
    loaded, _, _ = load_text(game, save_text(game, state))
    assert [a.text for a in game.choices(loaded)] == [a.text for a in game.choices(state)]
    state = _do(game, state, said)
    assert _number(game, state, "your ore") == 1
    assert _number(game, state, "the food symbols on your farm cards") == 1 + 2


def test_an_upgrade_from_any_card_is_offered_once_per_card_it_may_leave(tmp_path: Path) -> None:
    anywhere = DIFFERENCE.replace("from one", "from one of your cards onto it\n#")
    game = Game.load(_copy(tmp_path, UPGRADE_COST, anywhere))
    offers = sorted(a.text for a in game.choices(game.new(2, 1)) if a.text.startswith("upgrade"))
    assert offers == [
        f"upgrade: {farm} (from {card}) (paying 1 civil action, {cost} ore)"
        for farm, card, cost in [
            ("Gathering", "Bronze", 1),
            ("Gathering", "Warriors", 1),
            ("Irrigation", "Bronze", 2),
            ("Irrigation", "Gathering", 2),
            ("Irrigation", "Warriors", 2),
        ]
    ]


def test_the_card_vacated_is_read_only_by_an_action_that_starts_with_a_move(
    tmp_path: Path,
) -> None:
    destroy = "      cost: 1 civil action\n      does: return one of your workers from it"
    wrong = destroy.replace("1 civil action", "X ore where X is the points of the card vacated")
    errors = _errors(tmp_path, destroy, wrong)
    found = [e for e in errors if 'start its steps with "move one of your' in e]
    assert found and "hint:" in found[0] and "Traceback" not in found[0], errors
    line = next(
        n
        for n, text in enumerate((BUILDINGS / "game.yaml").read_text().splitlines(), 1)
        if "return one of your workers from it" in text
    )
    assert f"game.yaml:{line - 1}:" in found[0], found[0]
    elsewhere = "    gain food equal to your food symbols"
    errors = _errors(tmp_path, elsewhere, elsewhere + " + the points of the card vacated")
    assert any(
        f"game.yaml:{_line_of(elsewhere)}:" in e and "is read in the cost of an action" in e
        for e in errors
    ), errors
