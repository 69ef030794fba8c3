"""Through the Ages' cards (issue 19) hold the reference's numbers: every card of the reference
tables is in the pack once, in the deck of its age, with the same copies for 2, 3 and 4
players, the same type and keyword, costs, stats and printed numbers, and each deck holds the
reference's totals. The tables are the numbers of `../shared/reference/through-the-ages/`
(ids, names, kinds, counts, costs, stats, tactic and bonus values; no card text), copied into
`data/tta-*.tsv` so that a clean clone checks them. `cards/through_the_ages/CARDS.md` says how
each column became YAML."""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cards import bundled
from interpreter import Game
from interpreter.tools.validation import validate
from rules_dsl.card_json import cards_json
from rules_dsl.pack import load_pack

DATA = Path(__file__).resolve().parent / "data"
PACK = bundled("through_the_ages")
PLAYERS = (2, 3, 4)
AGES = {"A": "a", "I": "i", "II": "ii", "III": "iii"}
LEVEL = {"A": 0, "I": 1, "II": 2, "III": 3}
TYPES = {
    "urban_building": "urban building",
    "military_tech": "military technology",
    "special_tech": "special technology",
}
KEYWORDS = {
    "air_force": "air-force",
    "civil(law)": "law",
    "colonization(exploration)": "exploration",
    "military(warfare)": "warfare",
}
# The reference's stat columns, by the resource a card's bonus gives.
STATS = {
    "food": "food",
    "resources": "resource",
    "science": "science",
    "culture": "culture",
    "strength": "strength",
    "happy": "happy",
    "civil_actions": "civil action",
    "military_actions": "military action",
    "building_limit": "building limit",
    "colonization": "colonization",
    "blue_tokens": "blue token",
    "yellow_tokens": "yellow token",
}
CIVIL_NUMBERS = {
    "science_cost": "science cost",
    "revolution_cost": "revolution cost",
    "build_cost": "build cost",
}
MILITARY_NUMBERS = {
    "military_action_cost": "military action cost",
    "tactic_infantry": "infantry units",
    "tactic_cavalry": "cavalry units",
    "tactic_artillery": "artillery units",
    "tactic_value": "tactic value",
    "tactic_value_outdated": "outdated value",
    "defense_bonus": "defence value",
    "colonization_bonus": "colonization value",
}
# A negative stat other than unhappy faces is no bonus (a bonus gives symbols, never fewer):
# the card's bonus leaves it out and its rules say it, "science -2" (CARDS.md).
NOT_WRITABLE = {("III-fundamentalism", "science")}
# The reference's totals (NOTES.md): copies with 2, 3 and 4 players, by deck.
TOTALS = {
    "civil deck a": (20, 20, 20),
    "civil deck i": (44, 50, 53),
    "civil deck ii": (44, 50, 53),
    "civil deck iii": (44, 50, 53),
    "military deck a": (10, 10, 10),
    "military deck i": (43, 45, 45),
    "military deck ii": (46, 50, 50),
    "military deck iii": (41, 45, 45),
    "starting technologies": (12, 18, 24),  # 6 printed on each player's board
}
# The reference's table by kind (NOTES.md): (distinct cards, copies with 4 players) by age.
KINDS = {
    "government": {"i": (2, 3), "ii": (2, 4), "iii": (3, 4)},
    "farm": {"i": (1, 2), "ii": (1, 3), "iii": (1, 2)},
    "mine": {"i": (1, 3), "ii": (1, 2), "iii": (1, 2)},
    "urban building": {"i": (5, 11), "ii": (5, 9), "iii": (4, 8)},
    "military technology": {"i": (2, 5), "ii": (3, 7), "iii": (4, 9)},
    "special technology": {"i": (4, 6), "ii": (4, 5), "iii": (4, 5)},
    "leader": {"a": (6, 6), "i": (6, 6), "ii": (6, 6), "iii": (6, 6)},
    "wonder": {"a": (4, 4), "i": (4, 4), "ii": (4, 4), "iii": (4, 4)},
    "action": {"a": (7, 10), "i": (8, 13), "ii": (10, 13), "iii": (8, 13)},
    "event": {"a": (10, 10), "i": (15, 15), "ii": (15, 15), "iii": (15, 15)},
    "territory": {"i": (6, 6), "ii": (6, 6)},
    "aggression": {"i": (3, 6), "ii": (5, 9), "iii": (3, 8)},
    "war": {"ii": (2, 4), "iii": (1, 6)},
    "pact": {"i": (2, 2), "ii": (4, 4), "iii": (4, 4)},
    "tactic": {"i": (5, 10), "ii": (6, 6), "iii": (4, 6)},
    "bonus": {"i": (1, 6), "ii": (1, 6), "iii": (1, 6)},
}
SUFFIX = re.compile(r" \((A|I|II|III)\)$")


def _rows(file: str) -> list[dict[str, str]]:
    with (DATA / file).open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


CIVIL = _rows("tta-civil-cards.tsv")
MILITARY = _rows("tta-military-cards.tsv")
REPEATED = {n for n, k in Counter(r["name"] for r in CIVIL + MILITARY).items() if k > 1}


def _deck(row: dict[str, str], military: bool) -> str:
    if row.get("starting_tech") == "Y":
        return "starting technologies"
    return f"{'military' if military else 'civil'} deck {AGES[row['age']]}"


def _number(text: str) -> int:
    return int(text) if text else 0


@pytest.fixture(scope="module")
def cards() -> dict[tuple[str, str], dict[str, Any]]:
    pack, diagnostics = load_pack(PACK)
    assert pack is not None, [d.render() for d in diagnostics]
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for card in cards_json(pack):
        key = (card["deck"], SUFFIX.sub("", card["name"]))
        assert key not in out, f"{key} is in the pack twice"
        out[key] = card
    return out


def _find(cards: dict, row: dict[str, str], military: bool) -> dict[str, Any]:
    card = cards.get((_deck(row, military), row["name"]))
    assert card is not None, f"{row['id']} is not in {_deck(row, military)}"
    return card


def _copies(card: dict[str, Any], players: int) -> int:
    by_players = card["players"]
    return by_players[str(players)] if by_players is not None else card["copies"]


def test_the_pack_validates_with_no_error() -> None:
    _, diagnostics = validate(PACK)
    assert [d.render() for d in diagnostics] == []


def test_every_card_of_the_pack_is_a_card_of_the_reference(cards: dict) -> None:
    wanted = {(_deck(r, False), r["name"]) for r in CIVIL}
    wanted |= {(_deck(r, True), r["name"]) for r in MILITARY}
    assert set(cards) == wanted
    assert len(cards) == len(CIVIL) + len(MILITARY) == 236


@pytest.mark.parametrize(
    ("row", "military"),
    [pytest.param(r, False, id=r["id"]) for r in CIVIL]
    + [pytest.param(r, True, id=r["id"]) for r in MILITARY],
)
def test_a_card_holds_the_reference_numbers(
    cards: dict, row: dict[str, str], military: bool
) -> None:
    card = _find(cards, row, military)
    # A name the reference gives cards of several ages says its age; the reference's id then
    # keys the card.
    if row["name"] in REPEATED:
        assert card["name"] == f"{row['name']} ({row['age']})"
        assert card["id"] == row["id"].lower()
    else:
        assert card["name"] == row["name"]
    assert card["type"] == TYPES.get(row["kind"], row["kind"])
    assert card["points"] == 0 and card["cost"] == dict.fromkeys(card["cost"], 0)
    if row.get("starting_tech") == "Y":
        expected = {n: n for n in PLAYERS}  # one per player, printed on the board
    else:
        expected = {n: int(row[f"count_{n}p"]) for n in PLAYERS}
    assert {n: _copies(card, n) for n in PLAYERS} == expected
    numbers = card["numbers"]
    assert numbers["level"] == LEVEL[row["age"]]
    for column, name in (MILITARY_NUMBERS if military else CIVIL_NUMBERS).items():
        assert numbers[name] == _number(row[column]), name
    if military:
        assert all(n == 0 for n in card["bonus"].values())
        return
    stages = [int(n) for n in row["wonder_stages"].split("-")] if row["wonder_stages"] else []
    assert numbers["stage costs"] == stages
    assert sum(stages) == _number(row["wonder_total_cost"])
    _assert_stats(card, row)
    subtype = row["subtype"]
    first_line = card["rules"].split("\n")[0] if card["rules"] else ""
    if subtype:
        assert first_line == KEYWORDS.get(subtype, subtype)
    else:  # no keyword (a one-word line): the card's abilities, if any (CARDS.md, "Abilities")
        assert first_line == "" or " " in first_line


def _assert_stats(card: dict[str, Any], row: dict[str, str]) -> None:
    bonus = dict(card["bonus"])
    unhappy = bonus.pop("unhappy")
    for column, resource in STATS.items():
        value = int(row[column])
        if (row["id"], column) in NOT_WRITABLE:
            assert value < 0 and bonus[resource] == 0, column
            assert f"{resource} {value:+d}" in card["rules"].split("\n"), column
        elif column == "happy" and value < 0:
            assert (bonus[resource], unhappy) == (0, -value)
        else:
            assert bonus[resource] == value, column
    if int(row["happy"]) >= 0:
        assert unhappy == 0


def test_each_deck_holds_the_reference_totals(cards: dict) -> None:
    totals = {deck: [0, 0, 0] for deck in TOTALS}
    for (deck, _), card in cards.items():
        for i, n in enumerate(PLAYERS):
            totals[deck][i] += _copies(card, n)
    assert {deck: tuple(t) for deck, t in totals.items()} == TOTALS


def test_each_kind_of_card_has_the_reference_counts_in_each_age(cards: dict) -> None:
    found: dict[str, dict[str, list[int]]] = {}
    for (deck, _), card in cards.items():
        if deck == "starting technologies":
            continue
        age = deck.split()[-1]
        counts = found.setdefault(card["type"], {}).setdefault(age, [0, 0])
        counts[0] += 1
        counts[1] += _copies(card, 4)
    assert {k: {a: tuple(n) for a, n in ages.items()} for k, ages in found.items()} == KINDS


def test_the_marked_cards_are_those_of_the_reference(cards: dict) -> None:
    """TTA-S2: in each of civil decks I-III, 6 copies are marked "3+" and 3 marked "4"; with
    2 players every pact leaves (TTA-P5)."""
    for age in ("i", "ii", "iii"):
        deck = [c for (d, _), c in cards.items() if d == f"civil deck {age}"]
        three_plus = sum(_copies(c, 3) - _copies(c, 2) for c in deck)
        four = sum(_copies(c, 4) - _copies(c, 3) for c in deck)
        assert (three_plus, four) == (6, 3), age
    pacts = [c for c in cards.values() if c["type"] == "pact"]
    assert len(pacts) == 10 and all(_copies(c, 2) == 0 for c in pacts)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_new_game_deals_each_deck_with_its_copies_for_the_players(players: int) -> None:
    """The decks hold their copies for the players; the setup then deals from three of them:
    the six starting technologies to each player (TTA-S3), players + 2 cards of military deck A
    as the current events, the rest out of the game (TTA-S7), and 13 cards of civil deck A
    into the card row (TTA-S8)."""
    game = Game.load(PACK)
    state = game.new(players=players, seed=1)
    names = [z.name for z in game.zones.shared]
    held = {name: len(cards) for name, cards in zip(names, state.zones, strict=True)}
    expected = {deck: counts[PLAYERS.index(players)] for deck, counts in TOTALS.items()}
    dealt = {"starting technologies": 0, "military deck a": 0}
    dealt["civil deck a"] = expected["civil deck a"] - 13
    assert {deck: held[deck] for deck in TOTALS} == expected | dealt
    assert held["card row"] == 13
    assert held["current events"] == players + 2
    starting = ["Agriculture", "Bronze", "Despotism", "Philosophy", "Religion", "Warriors"]
    for player in state.players:  # nothing else yet: no hand, no military card
        assert sorted(game.name(c) for c in player.all_cards()) == starting
