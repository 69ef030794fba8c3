"""game.yaml `decks:` and a card's `players:` as validate reads them: a deck's cards are loaded
like an age's, an age may have no cards of its own, and every mistake is a located error with
a hint (tests/packs/conformance/decks is the pack each case changes)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.tools.validation import validate
from rules_dsl.pack import load_pack

DECKS = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "decks"


def changed(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "decks"
    shutil.copytree(DECKS, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_a_decks_cards_are_loaded_after_the_ages_and_an_age_may_have_none() -> None:
    pack, diagnostics = load_pack(DECKS)
    assert pack is not None and not [d for d in diagnostics if d.is_error]
    assert [(a.id, a.file) for a in pack.ages] == [("campaign", None)]
    assert [(d.name, d.file, d.into, d.shuffled) for d in pack.decks] == [
        ("supplies", "supplies.yaml", "library", True),
        ("military deck", "military.yaml", "military deck", True),
        ("titans", "titans.yaml", "titan pile", False),
    ]
    assert [(c.age, c.name) for c in pack.cards] == [
        ("supplies", "Field"),
        ("military deck", "Spearman"),
        ("military deck", "Veteran"),
        ("military deck", "Ballista"),
        ("titans", "Hydra"),
        ("titans", "Cyclops"),
    ]
    veteran, spearman = pack.cards[2], pack.cards[1]
    assert [veteran.copies_with(n) for n in (2, 3)] == [0, 1]
    assert [spearman.copies_with(n) for n in (1, 2, 3, 4)] == [0, 2, 3, 3]
    assert pack.card_files()["military deck"] == "military.yaml"


# (file, text, replaced by, where the error is, its message, a part of its hint)
CASES = [
    (
        "game.yaml",
        "cards: titans.yaml",
        "cards: titan.yaml",
        "game.yaml:31:",
        'the card file "titan.yaml" does not exist',
        "create",
    ),
    (
        "game.yaml",
        "into: titan pile",
        "into: titans pile",
        "game.yaml:31:",
        'the deck "titans" goes into "titans pile", which is not a zone',
        'did you mean "titan pile"?',
    ),
    (
        "game.yaml",
        "into: titan pile",
        "into: hand",
        "game.yaml:31:",
        'the deck "titans" goes into "hand", a zone of each player',
        "a zone of the table",
    ),
    (
        "game.yaml",
        "titans: {cards: titans.yaml, into: titan pile}",
        "military row: {cards: titans.yaml, into: titan pile}",
        "game.yaml:31:3:",
        'the deck "military row" has the name of another zone than the one it goes into',
        "name the deck after the zone it goes into",
    ),
    (
        "game.yaml",
        "titans: {cards: titans.yaml, into: titan pile}",
        "campaign: {cards: titans.yaml, into: titan pile}",
        "game.yaml:31:3:",
        'the deck "campaign" has the name of an age',
        "give the deck another name",
    ),
    (
        "game.yaml",
        "titans: {cards: titans.yaml, into: titan pile}",
        "titans: titans.yaml",
        "game.yaml:31:11:",
        'the deck "titans" goes into "titans", which is not a zone',
        "say where: titans: {cards: titans.yaml, into: <a zone of the table>}",
    ),
    (
        "game.yaml",
        "titans: {cards: titans.yaml, into: titan pile}",
        "titans: 3",
        "game.yaml:31:11:",
        "this value does not match any of the allowed forms",
        "or the file and the zone of the table it starts in: {cards: military.yaml, into:",
    ),
    (
        "game.yaml",
        "titans: {cards: titans.yaml, into: titan pile}",
        "titans: {cards: titans.yaml}",  # without into: the zone of its own name
        "game.yaml:31:11:",
        'the deck "titans" goes into "titans", which is not a zone',
        "say where: titans: {cards: titans.yaml, into: <a zone of the table>}",
    ),
    (
        "titans.yaml",
        "deck: titans",
        "age: titans",
        "titans.yaml:4:1:",
        'this file says age: titans, but game.yaml names it for the deck "titans"',
        "write deck: titans",
    ),
    (
        "titans.yaml",
        "deck: titans",
        "deck: titan",
        "titans.yaml:4:7:",
        'this file says deck "titan" but game.yaml names it for "titans"',
        "write deck: titans",
    ),
    (
        "titans.yaml",
        "name: Hydra",
        "name: Ballista",
        "titans.yaml:6:11:",
        '"Ballista" is a card of the deck "military deck" and of the deck "titans"',
        "military.yaml:21",
    ),
    (
        "military.yaml",
        "players: {2: 2, 3: 3}",
        "players: {2: 2, 3: 4}",
        "military.yaml:10:24:",
        '"Spearman" has 4 copies with 3 players or more, and 3 in all',
        "raise copies: to 4",
    ),
    (
        "game.yaml",
        "put each soldier of the military deck into the military row",
        "put each soldier of the military row into the military row",
        "game.yaml:39:23:",
        '"the military row" is not a deck of the game',
        'did you mean "military deck"?',
    ),
    (
        "game.yaml",
        "put each soldier of the military deck into the military row",
        "put each soldier of the militery deck into the military row",
        "game.yaml:39:27:",
        'unknown word "militery"',
        'did you mean "military"?',
    ),
]


@pytest.mark.parametrize(
    ("file", "old", "new", "where", "message", "hint"), CASES, ids=[c[4][:40] for c in CASES]
)
def test_a_mistake_in_the_decks_is_a_located_error_with_a_hint(
    tmp_path: Path, file: str, old: str, new: str, where: str, message: str, hint: str
) -> None:
    _, diagnostics = validate(changed(tmp_path, file, old, new))
    found = [d for d in diagnostics if d.is_error and message in d.message]
    assert len(found) == 1, [d.render() for d in diagnostics]
    rendered = found[0].render()
    assert where in rendered, rendered
    assert hint in (found[0].hint or ""), rendered


def test_a_card_for_more_players_than_the_game_has_is_a_warning(tmp_path: Path) -> None:
    folder = changed(tmp_path, "military.yaml", "    players: 3\n", "    players: 4\n")
    _, diagnostics = validate(folder)
    [warning] = diagnostics
    assert warning.severity == "warning" and "military.yaml:17:" in warning.render()
    assert '"Veteran" is in no game: the game is for 3 players at most' in warning.message


def test_an_ages_card_and_a_decks_card_may_name_each_other(tmp_path: Path) -> None:
    """A deck's cards are in play with every age: naming one from an age's card (or the other
    way round) is no "card of another age, never in play with this one"."""
    folder = changed(
        tmp_path,
        "game.yaml",
        "  - {id: campaign, name: The Campaign}",
        "  - {id: campaign, name: The Campaign, cards: campaign.yaml}",
    )
    (folder / "campaign.yaml").write_text(
        "age: campaign\ncards:\n  - name: Watchtower\n    type: land\n    copies: 2\n"
        "    cost: 3 population\n    points: 1\n"
        '    rules: free if you own "Veteran"\n',
        encoding="utf-8",
    )
    military = folder / "military.yaml"
    text = military.read_text(encoding="utf-8")
    military.write_text(
        text.replace(
            "    points: 3\n",
            '    points: 3\n    rules: free if you own 2 of "Watchtower", "Hydra"\n',
        ),
        encoding="utf-8",
    )
    _, diagnostics = validate(folder)
    assert [d.render() for d in diagnostics] == []


def test_a_deck_written_as_its_file_alone_starts_in_the_zone_of_its_name(tmp_path: Path) -> None:
    """The form the designer sketch of The Ancient World wrote first (`empire deck a:
    empire_a.yaml`, a zone of that name declared): it plays as `{cards: ..., into: <its
    name>}`."""
    from interpreter import Game

    folder = changed(
        tmp_path,
        "game.yaml",
        "titans: {cards: titans.yaml, into: titan pile}",
        "titan pile: titans.yaml",
    )
    titans = folder / "titans.yaml"
    titans.write_text(
        titans.read_text(encoding="utf-8").replace("deck: titans", "deck: titan pile"),
        encoding="utf-8",
    )
    _, diagnostics = validate(folder)
    assert [d.render() for d in diagnostics] == []
    game = Game.load(folder)
    state = game.new(players=2, seed=1)
    assert [game.name(c) for c in game.zone(state, "titan pile")] == ["Hydra", "Cyclops"]
