"""Custom decks: a pack with other numbers of copies, checked like the pack itself."""

from __future__ import annotations

from pathlib import Path

from cards import bundled
from interpreter import Game
from rules_dsl.deck import load_deck, load_pack_or_deck

PACK = bundled("along_history")


def write_deck(folder: Path, body: str, pack: Path | str = PACK) -> Path:
    path = folder / "my.deck.yaml"
    path.write_text(f"deck: Test deck\npack: {pack}\n{body}", encoding="utf-8")
    return path


def copies_of(pack, age: str, card: str) -> int:
    (found,) = [c for c in pack.cards if c.age == age and c.id == card]
    return found.copies


def test_a_deck_changes_the_copies_dealt(tmp_path: Path) -> None:
    deck = write_deck(tmp_path, "copies:\n  prehistory:\n    famine: 0\n    tiger: 3\n")
    pack, problems = load_deck(deck)
    assert pack is not None and problems == [], [p.render() for p in problems]
    assert copies_of(pack, "prehistory", "famine") == 0
    assert copies_of(pack, "prehistory", "tiger") == 3
    assert copies_of(pack, "prehistory", "forest") == 2  # untouched
    game = Game.load(pack)
    names = [game.catalog.info(c).name for c in game.catalog.copies_of_age("prehistory")]
    assert "Famine" not in names and names.count("Tiger") == 3


def test_the_pack_path_is_relative_to_the_deck(tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    (tmp_path / "along_history").symlink_to(PACK)
    pack, problems = load_deck(write_deck(folder, "", pack="../along_history"))
    assert pack is not None and problems == []


def test_unknown_ages_and_cards_are_located_with_a_hint(tmp_path: Path) -> None:
    deck = write_deck(
        tmp_path,
        "copies:\n  prehistroy:\n    famine: 0\n  antiquity:\n    tigre: 2\n    homo-erectus: 1\n",
    )
    _, problems = load_deck(deck)
    messages = {(p.line, p.column, p.message, p.hint) for p in problems}
    assert (4, 3, 'the pack has no age "prehistroy"', 'did you mean "prehistory"?') in messages
    found = {p.line: p for p in problems}
    assert found[7].message == 'the pack has no card "tigre" in antiquity'
    assert found[8].hint == '"homo-erectus" is a card of prehistory'
    assert all(p.file.endswith("my.deck.yaml") for p in problems)


def test_schema_errors_and_bad_files_are_diagnostics(tmp_path: Path) -> None:
    deck = write_deck(
        tmp_path, "copies:\n  prehistory:\n    famine: -1\n    Tiger: 2\ncolour: red\n"
    )
    pack, problems = load_deck(deck)
    assert pack is None
    lines = sorted(p.line for p in problems if p.is_error)
    assert lines == [5, 6, 7], [p.render() for p in problems]
    not_a_deck = tmp_path / "other.yaml"
    not_a_deck.write_text("name: something\n")
    pack, problems = load_deck(not_a_deck)
    assert pack is None and "not a deck" in problems[0].message
    pack, problems = load_deck(tmp_path / "missing.yaml")
    assert pack is None and problems[0].message == "file not found"


def test_a_missing_pack_is_reported_at_the_deck(tmp_path: Path) -> None:
    pack, problems = load_deck(write_deck(tmp_path, "", pack="nowhere"))
    assert pack is None
    assert any(p.file.endswith("my.deck.yaml") and p.line == 2 for p in problems)


def test_an_empty_age_is_an_error(tmp_path: Path) -> None:
    prehistory = load_pack_or_deck(PACK)[0]
    assert prehistory is not None
    zeros = "".join(f"    {c.id}: 0\n" for c in prehistory.cards if c.age == "middle_ages")
    _, problems = load_deck(write_deck(tmp_path, f"copies:\n  middle_ages:\n{zeros}"))
    assert any(p.message == "the deck leaves no card in middle_ages" for p in problems)


def test_pack_or_deck_takes_both() -> None:
    pack, problems = load_pack_or_deck(PACK)
    assert pack is not None and problems == []


def test_every_command_that_takes_a_pack_takes_a_deck(tmp_path: Path) -> None:
    import json

    from click.testing import CliRunner

    from agesmith.cli import main

    good = write_deck(tmp_path, "copies:\n  prehistory:\n    famine: 0\n")
    result = CliRunner().invoke(main, ["validate", str(good)])
    assert result.exit_code == 0, result.output
    listed = json.loads(CliRunner().invoke(main, ["cards", str(good), "--json"]).stdout)
    famine = [c for c in listed if c["id"] == "famine" and c["age"] == "prehistory"]
    assert famine[0]["copies"] == 0
    result = CliRunner().invoke(
        main,
        ["simulate", str(good), "--games", "1", "--players", "2", "--ages", "prehistory", "--json"],
    )
    assert result.exit_code == 0, result.output
    bad = write_deck(tmp_path, "copies:\n  prehistory:\n    famin: 0\n")
    result = CliRunner().invoke(main, ["validate", str(bad)])
    assert result.exit_code == 1
    assert "my.deck.yaml:5:5" in result.output and 'did you mean "famine"' in result.output
