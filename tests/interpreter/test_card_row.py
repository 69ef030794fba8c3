"""A row whose places keep their gaps (`{kind: row, places: N}`, interpreter/core/rows.py) and
the turn's facts Through the Ages' first round needs (issue 19): a card taken leaves its place
empty until the row slides; refill deals into the empty places from left to right; a gap
survives a save; the playtest draws the empty places; `your place in turn order`; every
mistake is a located error with a hint. The scenarios are in tests/packs/conformance/card_row/.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from editor.table_view import table_html
from interpreter import Game
from interpreter.compile.positions import position_of
from interpreter.core import rows
from interpreter.core.state import PlayerState, State
from interpreter.tools.saves import SaveError, load_text, save_text
from interpreter.tools.scenario import check
from interpreter.tools.validation import validate

CARD_ROW = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "card_row"
ROW = 1  # the card row's index among the pack's zones of the table
REPLENISH = """      for each card in the card row:
        if its position is at most 5 - the number of players: discard it
      slide the card row
      refill the card row to 13 from the deck
"""


def _copy(tmp_path: Path, old: str, new: str, file: str = "game.yaml") -> Path:
    folder = tmp_path / f"card-row-{len(list(tmp_path.iterdir()))}"
    shutil.copytree(CARD_ROW, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def _errors(tmp_path: Path, old: str, new: str) -> list[str]:
    _, diagnostics = validate(_copy(tmp_path, old, new))
    return [d.render() for d in diagnostics if d.is_error]


def _take(game: Game, state: State, copy: int) -> State:
    """Take this copy from the row."""
    offer = next(
        a
        for a in game.legal_actions(state)
        if "take a card" in str(a) and a.params.get("card") == copy
    )
    return game.apply(state, offer)


def _end(game: Game, state: State) -> State:
    return game.apply(state, game.legal_actions(state)[0])


# ------------------------------------------------------------------ the places of a row


def _row_state(cards: list[int], gaps: list[int]) -> State:
    return State([PlayerState(0)], zones=[[], cards[:]], gaps={ROW: gaps[:]})


def test_a_card_taken_leaves_its_place_empty_and_the_next_fills_it_first() -> None:
    state = _row_state([10, 11, 12, 13, 14], [])
    rows.leave_place(state, ROW, 12)  # place 3
    assert state.gaps[ROW] == [3] and position_of(state, 13) == 4
    rows.leave_place(state, ROW, 10)  # place 1
    assert state.gaps[ROW] == [1, 3] and position_of(state, 14) == 5
    assert rows.empty_places(state, ROW, 7) == [1, 3, 6, 7]
    assert rows.fill_place(state, ROW, 20) == 1 and position_of(state, 20) == 1
    assert rows.fill_place(state, ROW, 21) == 3 and state.zones[ROW] == [20, 11, 21, 13, 14]
    assert rows.fill_place(state, ROW, 22) == 6 and state.gaps[ROW] == []


def test_taking_the_last_card_leaves_no_gap_after_the_cards_left() -> None:
    state = _row_state([10, 11, 12], [2])  # places 1, 3, 4
    rows.leave_place(state, ROW, 12)
    assert state.gaps[ROW] == [2] and rows.empty_places(state, ROW, 5) == [2, 4, 5]
    rows.leave_place(state, ROW, 11)  # the card of place 3: place 2 is after the last card now
    assert state.gaps[ROW] == [] and rows.empty_places(state, ROW, 5) == [2, 3, 4, 5]


def test_sliding_closes_the_gaps_keeping_the_order() -> None:
    state = _row_state([10, 11, 12], [1, 3])
    assert [position_of(state, c) for c in (10, 11, 12)] == [2, 4, 5]
    assert rows.slide(state, ROW) and not rows.slide(state, ROW)
    assert [position_of(state, c) for c in (10, 11, 12)] == [1, 2, 3]


def test_a_copy_of_the_position_keeps_its_own_gaps() -> None:
    state = _row_state([10, 11, 12], [])
    copy = state.clone()
    rows.leave_place(copy, ROW, 11)
    assert state.gaps[ROW] == [] and copy.gaps[ROW] == [2]
    assert State.from_json(copy.to_json()) == copy


# ------------------------------------------------------------------ in play


def test_refill_deals_into_the_empty_places_from_left_to_right(tmp_path: Path) -> None:
    """Without "slide", the turn's refill puts the deck's cards into the gaps first, leftmost
    first, and only then after the last card."""
    game = Game.load(_copy(tmp_path, "      slide the card row\n", ""))
    state = game.new(players=3, seed=4)
    before = list(state.zones[ROW])
    third = game.name(before[2])
    state = _take(game, state, before[4])  # player 1: the card of place 5
    state = _end(game, _end(game, _end(game, state)))  # the next turn sweeps places 1 and 2
    deck = game.zone(state, "deck")
    assert state.gaps[ROW] == [] and len(state.zones[ROW]) == 13
    assert position_of(state, before[2]) == 3, third  # not slid
    dealt = [c for c in state.zones[ROW] if c not in before]
    assert [position_of(state, c) for c in dealt] == [1, 2, 5]
    assert not set(dealt) & set(deck)


def test_a_pile_without_kind_row_still_slides_at_once() -> None:
    """The row conformance pack declares its card row a plain pile: a card taken moves the
    cards after it up a place, as before."""
    game = Game.load(CARD_ROW.parent / "row")
    state = game.new(players=2, seed=1)
    cards = list(game.zone(state, "card row"))
    assert state.gaps == {}
    offer = next(a for a in game.legal_actions(state) if "take a card" in str(a))
    state = game.apply(state, offer)
    left = game.zone(state, "card row")
    assert [position_of(state, c) for c in left] == list(range(1, len(cards)))


def test_a_gap_survives_a_save_at_a_decision_and_the_game_resumes_exactly() -> None:
    game = Game.load(CARD_ROW)
    state = game.new(players=3, seed=2)
    state = _end(game, state)
    state = _take(game, state, state.zones[ROW][5])  # player 2: place 6, for 2
    assert state.gaps[ROW] == [6] and state.pending is not None
    text = save_text(game, state)
    assert json.loads(text)["state"]["gaps"] == {"card row": [6]}
    loaded, warnings, _ = load_text(game, text)
    assert warnings == [] and loaded.gaps == {ROW: [6]}
    assert loaded.digest() == state.digest()
    assert [str(a) for a in game.legal_actions(loaded)] == [
        str(a) for a in game.legal_actions(state)
    ]
    for _ in range(6):  # and plays on the same: the sweep, the slide, the deal
        state, loaded = _end(game, state), _end(game, loaded)
        assert loaded.digest() == state.digest()


@pytest.mark.parametrize(
    ("gaps", "says"),
    [
        ({"card row": [6, 6]}, "must list empty places once each, sorted"),
        ({"card row": [13]}, "before the row's last card"),
        ({"card row": [0]}, "state.gaps.card row[0]"),
        ({"deck": [2]}, "is not a row of the pack (card row)"),
        ([6], "an object of rows"),
    ],
)
def test_a_save_with_wrong_gaps_is_refused_naming_the_field(gaps: object, says: str) -> None:
    game = Game.load(CARD_ROW)
    state = game.new(players=3, seed=2)
    data = json.loads(save_text(game, state))
    data["state"]["gaps"] = gaps
    with pytest.raises(SaveError, match=re.escape(says)):
        load_text(game, json.dumps(data))


def test_the_playtest_table_draws_each_empty_place() -> None:
    game = Game.load(CARD_ROW)
    state = game.new(players=3, seed=2)
    state = _take(game, state, state.zones[ROW][2])  # place 3
    html = table_html(game, state)
    assert re.findall(r'title="place (\d+): empty"', html) == ["3"]
    assert "Card row (12 of 13 places held)" in html
    assert html.count('class="pt-card"') >= 12  # the twelve cards, none folded into a count


# ------------------------------------------------------------------ the turn's facts


def test_your_place_in_turn_order_counts_from_the_first_player_of_the_round() -> None:
    """TTA-S9: in the first round player 1 gains 1 civil action, player 2 two, player 3
    three; "their place in turn order" is the doer's."""
    game = Game.load(CARD_ROW)
    state = game.new(players=3, seed=2)
    gained = []
    for _ in range(3):
        gained.append(state.players[state.to_move or 0].counters["civil action"])
        state = _end(game, state)
    assert gained == [1, 2, 3]


def test_the_civil_action_total_may_be_the_symbols_on_a_card(tmp_path: Path) -> None:
    """TTA-A5 with the total printed on a card (a government's white tokens) beside a counter
    of the same name: "your white token symbols" reads the cards, "your white token" the
    counter."""
    folder = _copy(tmp_path, "resources: [food]", "resources: [food, white token]")
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8").replace(
        "is less than your white token", "is less than your white token symbols"
    )
    game_file.write_text(text, encoding="utf-8")
    cards = folder / "one.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8")
        + "  - name: Despotism\n    type: tech\n    cost: 1 food\n    points: 0\n"
        "    bonus: 2 white token\n",
        encoding="utf-8",
    )
    _, diagnostics = validate(folder)
    assert [d.render() for d in diagnostics if d.is_error] == []
    scenario = folder / "scenarios" / "limit.yaml"
    scenario.write_text(
        "name: The hand limit is the white token symbols on the player's cards\n"
        "pack: ..\nplayers: 3\nseed: 1\n"
        "position:\n  active: 1\n  card row: [Field, Field]\n"
        "  players:\n    3: {hand: [Field], buildings: [Despotism]}\n"
        "actions:\n  - end your actions\n  - end your actions\n"
        '  - legal: ["take a card: Field (paying 1 civil action)"]\n'
        '  - "take a card: Field (paying 1 civil action)"\n'
        '  - illegal: ["take a card: Field (paying 1 civil action)"]\n'
        "    expect: [{player: 3, that: your white token symbols is exactly 2}]\n"
        "  - end your actions\n",
        encoding="utf-8",
    )
    outcome = check(scenario)
    assert outcome.passed, outcome.summary()


# ------------------------------------------------------------------ mistakes


@pytest.mark.parametrize(
    ("old", "new", "says", "hint"),
    [
        (
            "card row: {kind: row, places: 13, shows: row cost}",
            "card row: {kind: row}",
            'the row "card row" does not say how many places it has',
            "card row: {kind: row, places: 13}",
        ),
        (
            "card row: {kind: row, places: 13, shows: row cost}",
            "card row: {places: 13}",
            '"card row" has places but is no row',
            "only a row has places",
        ),
        (
            "buildings: {role: tableau}]",
            "buildings: {role: tableau}, shelf: {kind: row, places: 3}]",
            '"shelf" is a row: a row is a zone of the table',
            "declare it under zones: shared",
        ),
        (
            "card row: {kind: row, places: 13, shows: row cost}",
            "card row: {kind: row, places: 0}",
            "expected at least 1, got 0",
            "",
        ),
        (
            "card row: {kind: row, places: 13, shows: row cost}",
            "card row: {kind: row, places: 13, shows: row costs}",
            '"row costs" is not a table of the game',
            'did you mean "row cost"?',
        ),
        (
            "- discard pile: {role: discard pile}",
            "- discard pile: {role: discard pile, shows: row cost}",
            '"discard pile" shows a table but is no row',
            "only a row's places show a table",
        ),
        (
            "      slide the card row\n",
            "      slide the deck\n",
            '"slide the deck": the deck is not a row',
            "the rows game.yaml declares: the card row",
        ),
        (
            "      slide the card row\n",
            "      slide the card row to 3\n",
            "slide says only which row",
            "",
        ),
        (
            "  put each card of the age into the deck\n",
            "  put each card of the age into the card row\n",
            "the card row is a row, dealt into one card a place",
            'then "refill the card row to <places> from <pile>"',
        ),
    ],
)
def test_a_mistake_about_a_row_is_a_located_error_with_a_hint(
    tmp_path: Path, old: str, new: str, says: str, hint: str
) -> None:
    errors = _errors(tmp_path, old, new)
    found = [e for e in errors if says in e]
    assert found, errors
    assert re.search(r"game\.yaml:\d+:\d+: error", found[0]) and "^" in found[0]
    assert hint in found[0] and ("hint:" in found[0] or not hint)


def test_a_scenario_cannot_put_more_cards_in_a_row_than_its_places(tmp_path: Path) -> None:
    scenario = tmp_path / "too-many.yaml"
    scenario.write_text(
        f"name: Fourteen cards in thirteen places\npack: {CARD_ROW}\nplayers: 2\n"
        "position:\n  card row: [" + ", ".join(["Field"] * 14) + "]\n"
        "actions: [end your actions]\n"
        "expect: [the number of cards in the card row is exactly 13]\n",
        encoding="utf-8",
    )
    outcome = check(scenario)
    assert not outcome.passed
    assert "the card row has 13 places: 14 cannot lie in it" in outcome.summary()
    assert "too-many.yaml:5:" in outcome.summary()


def _scenario(folder: Path, name: str, text: str) -> Path:
    path = folder / "scenarios" / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_scenario_writes_an_empty_place_of_a_row_as_a_tilde(tmp_path: Path) -> None:
    """`card row: [Field, ~, Iron]`: the Iron lies in place 3 and costs what place 3 costs;
    the place of the ~ is empty."""
    folder = _copy(tmp_path, "name:", "name:")
    path = _scenario(
        folder,
        "gap",
        "name: An empty place written in the position\npack: ..\nplayers: 3\nseed: 1\n"
        "position:\n  active: 1\n"
        "  card row: [Field, Field, Field, Field, ~, Iron, Field, ~, Pyramids]\n"
        "actions:\n"
        "  - expect: [the number of cards in the card row is exactly 7]\n"
        "  - end your actions\n"
        '  - legal: ["take a card: Iron (paying 2 civil action)"]\n'
        '    illegal: ["take a card: Iron (paying 1 civil action)"]\n'
        "  - end your actions\n"
        '  - legal: ["take a card: Pyramids (paying 2 civil action)"]\n'
        "  - end your actions\n",
    )
    outcome = check(path)
    assert outcome.passed, outcome.summary()


def test_an_empty_place_in_a_zone_that_is_no_row_is_a_located_error(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "name:", "name:")
    path = _scenario(
        folder,
        "no-row",
        "name: An empty place in the discard pile\npack: ..\nplayers: 2\nseed: 1\n"
        "position:\n  discard pile: [Field, ~]\n"
        "actions: [end your actions]\nexpect: [the number of cards in the card row is exactly 0]\n",
    )
    summary = check(path).summary()
    assert "the discard pile is not a row: it has no empty places" in summary
    assert "no-row.yaml:6:" in summary and "hint: list its cards only" in summary


def test_the_playtest_writes_a_position_with_a_gap_as_a_scenario_that_passes(
    tmp_path: Path,
) -> None:
    from editor.playtest import PERSON, new_table
    from editor.scenario_writer import scenario_text

    # a turn that neither slides nor refills the row: the gaps last to the next turn's start
    folder = _copy(tmp_path, REPLENISH, REPLENISH.split("      slide")[0])
    table = new_table(folder, [PERSON] * 3, seed=2)
    game, state = table.game, table.state
    state = _take(game, state, state.zones[ROW][4])  # player 1 takes the card of place 5
    for _ in range(3):  # the round ends; player 2 starts the second, sweeping places 1 and 2
        state = _end(game, state)
    assert state.gaps[ROW] == [1, 2, 5] and state.pending is not None
    table.state = state
    text = scenario_text(
        table, "A gap", ["the number of cards in the card row is exactly 10"], folder
    )
    row = next(line for line in text.splitlines() if line.startswith("  card row:"))
    assert [
        i for i, name in enumerate(row.split(": ", 1)[1].strip("[]").split(", ")) if name == "~"
    ] == [0, 1, 4], row
    outcome = check(_scenario(folder, "written", text))
    assert outcome.passed, outcome.summary()


def test_a_deck_cannot_start_in_a_row(tmp_path: Path) -> None:
    """A named deck's copies all go into its zone when the game starts: a row holds its
    places only."""
    folder = _copy(
        tmp_path, "ages:\n", "decks:\n  extra: {cards: extra.yaml, into: card row}\nages:\n"
    )
    (folder / "extra.yaml").write_text(
        "deck: extra\ncards:\n  - {name: Wheel, type: tech, cost: 1 food, points: 1}\n",
        encoding="utf-8",
    )
    _, diagnostics = validate(folder)
    errors = [d.render() for d in diagnostics if d.is_error]
    found = [e for e in errors if 'goes into "card row", a row of 13 places' in e]
    assert found, errors
    assert "game.yaml:" in found[0] and "hint: a row is dealt into one card a place" in found[0]
