"""`agesmith explain`: every card of the pack read back from its compiled rules."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from agesmith.cli import main
from cards import bundled
from interpreter import Game
from interpreter.tools.explain import CardReading, explain_cards

GAME = Game.load(bundled())


def test_every_card_of_the_pack_is_read_back() -> None:
    readings = explain_cards(GAME)
    assert len(readings) == len(GAME.catalog.cards)
    for reading in readings:
        assert reading.lines, reading.name
        assert all("?" not in line for line in reading.lines), reading


def test_a_reading_names_the_condition_it_compiled() -> None:
    (tiger,) = explain_cards(GAME, ["tiger"])
    assert isinstance(tiger, CardReading)
    text = " ".join(tiger.lines)
    assert '"The Fire"' in text and '"Woodlands"' in text and "2 more population" in text
    assert tiger.to_json()["lines"] == list(tiger.lines)


def test_the_command_reads_cards_by_name_or_id_and_as_json() -> None:
    result = CliRunner().invoke(main, ["explain", str(bundled()), "Longbow", "tiger", "--json"])
    assert result.exit_code == 0, result.output
    names = [r["name"] for r in json.loads(result.output)]
    assert names == ["Tiger", "Longbow"]


def test_an_unknown_card_gets_a_did_you_mean_not_a_traceback() -> None:
    result = CliRunner().invoke(main, ["explain", str(bundled()), "Castel"])
    assert result.exit_code == 1
    assert "did you mean" in result.output and "Traceback" not in result.output


# ------------------------------------------------------------------ read-backs a designer reads
# Issue 16 item 25: a read-back is a plain rules sentence. The cards below read back, word for
# word, as these sentences (written from their reference texts in
# ../shared/reference/along-history-cards.tsv, quoted in the comments; its effects column is
# in data/along-history-effects.tsv).
EXPECTED = {
    # defence +1 per land
    "castle": "It adds +1 strength for each land card you own when you defend.",
    # war +1 per 2 land
    "chivalry": "It adds +1 strength for every 2 land cards you own in every war.",
    # on acquire: a chosen opponent loses 1 active figure
    "poison": "When you acquire it: an opponent of your choice who owns an active figure card "
    "destroys one of the active figure cards in their civilization.",
    # population X = number of bonus symbols on your active cards
    "saxons": "A calamity; it costs X population where X is the number of bonus symbols on "
    "your active cards, 2 strength; it is worth 1 point.",
    # on acquire: take Camelot from another civilization
    "king-arthur": 'When you acquire it: take "Camelot" from another player\'s civilization '
    "into your civilization.",
    # on acquire: take Jerusalem from another civilization
    "saladin": 'When you acquire it: take "Jerusalem" from another player\'s civilization into '
    "your civilization.",
    # failure: lose 1 active card, preferring figure then bonus card (no preference if own
    # Avicenna)
    "cholera": "When it fails (you did not pay for it in time): destroy one of the active cards "
    "in your civilization, preferring figure cards, then cards with a bonus, unless "
    'you own "Avicenna" (then any of them).',
    # general; on acquire: each opponent pays you 5 gold or loses 1 active card
    "templar-order": "When you acquire it: each opponent either pays 5 gold to you or destroys "
    "one of the active cards in their civilization (whichever they can do in "
    "full).",
    # failure: lose 1 active card, preferring bonus card (no loss if own Charlemagne), then pass
    "saxons-failure": "When it fails (you did not pay for it in time): unless you own "
    '"Charlemagne": (destroy one of the active cards in your civilization, '
    "preferring cards with a bonus); then pass this card to another player "
    "(into their events).",
}


def _lines(card_id: str) -> tuple[str, ...]:
    (reading,) = [r for r in explain_cards(GAME, [card_id]) if r.id == card_id]
    return reading.lines


def test_the_hard_cards_read_back_as_plain_rules_sentences() -> None:
    for key, sentence in EXPECTED.items():
        card_id = key.removesuffix("-failure")
        assert sentence in _lines(card_id), (card_id, _lines(card_id))


# Words that only a program would write: none may appear in any card's read-back.
GARBLED = [
    "who own owns",
    "step of",
    "chooser's",
    "the player ",
    "(/",
    " / ",
    "  ",
    "one of the opponents",
    "each of the opponents",
    "or owns",
    "among each",
    "its owner",
    "their turn",
    " is the active",
]


def test_no_read_back_has_words_only_a_program_would_write() -> None:
    for reading in explain_cards(GAME):
        for line in reading.lines:
            found = [g for g in GARBLED if g in line]
            assert not found, f"{reading.name}: {found} in {line!r}"


def _reference() -> dict[str, dict[str, str]]:
    import csv

    # the effects column of ../shared/reference/along-history-cards.tsv, kept beside the test
    path = Path(__file__).resolve().parent / "data" / "along-history-effects.tsv"
    with path.open(encoding="utf-8") as f:
        return {(r["age"], r["id"]): r for r in csv.DictReader(f, delimiter="\t")}


def test_each_read_back_names_the_cards_numbers_and_keywords_of_its_reference_text() -> None:
    """Every card with effects, against its reference text: each card it names, each number it
    gives (but the copies and the price) and each keyword appear in the read-back."""
    reference = _reference()
    names = {info.name for info in GAME.catalog.cards}
    missing: list[tuple[str, str]] = []
    checked = 0
    for reading in explain_cards(GAME):
        row = reference.get((reading.age, reading.id))
        if row is None or not row["effects"]:
            continue
        text = " ".join(reading.lines)
        effects = re.sub(r"\([^)]*\)", "", row["effects"])  # asides: "(own strength 3 ...)"
        rest = effects
        for name in sorted(names, key=len, reverse=True):  # "Himeji Castle" is not "Castle"
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", rest):
                rest = rest.replace(name, "")
                if name != reading.name and f'"{name}"' not in text:
                    missing.append((reading.name, name))
        for number in re.findall(r"(?<![\w-])\d+(?![\w-])", effects):
            said = r"1|one|a|an" if number == "1" else number  # "lose 1 card": one of
            if not re.search(rf"(?<![\w-])({said})(?![\w-])", text):
                missing.append((reading.name, number))
        for keyword in ("general", "non-transmissible"):
            if re.search(rf"(?<![\w-]){keyword}(?![\w-])", effects) and keyword not in text:
                missing.append((reading.name, keyword))
        checked += 1
    assert not missing, missing
    assert checked >= 80, checked
