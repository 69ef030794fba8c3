"""The contests a game file declares (rules_dsl/contests.py): a contest's words are formed from
its name, a counter declares one by name, and the old `war:` block, a counter that names no
contest and a contest's dice that are no die are located errors with a hint."""

from __future__ import annotations

from pathlib import Path

from rules_dsl.contests import contests_of, declaring_counters, default_events
from tests.rules_dsl.test_roles import errors, one, pack_with

RAID = "contests:\n  raid:\n    dice: green\n    tilt: population\nscoring:\n"


def test_a_contest_s_words_are_formed_from_its_name() -> None:
    game = {
        "contests": {
            "raid": {"dice": "green"},
            "election": {"dice": "green", "events": {"lost": "you are outvoted"}},
        },
        "counters": {"banner": {"declares": "raid"}, "vote": {"declares": None}},
    }
    raid, election = contests_of(game)
    assert (raid.name, raid.plural, raid.events) == (
        "raid",
        "raids",
        ("raid", "you lose a raid", "you lose a raid as defender"),
    )
    assert election.events == ("election", "you are outvoted", "you lose an election as defender")
    assert default_events("war")["lost"] == "you lose a war"
    assert declaring_counters(game, "raid") == ["banner"]
    assert declaring_counters(game, "election") == []


def test_a_declared_contest_is_clean(tmp_path: Path) -> None:
    assert errors(pack_with(tmp_path, game=("scoring:\n", RAID))) == []


def test_the_old_war_block_says_what_to_write(tmp_path: Path) -> None:
    folder = pack_with(tmp_path, game=("scoring:\n", "war:\n  dice: green\nscoring:\n"))
    d = one(errors(folder))
    assert (d.code, Path(str(d.file)).name, d.line, d.column) == ("schema", "game.yaml", 34, 1)
    assert "contests: {war: {dice:" in str(d.hint)


def test_a_counter_that_declares_no_contest(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path,
        game=("scoring:\n", RAID.replace("scoring:\n", "") + "scoring:\n"),
    )
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("counters:\n", "counters:\n  banner: {start: 0, declares: riad}\n", 1)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    d = one(errors(folder))
    assert d.code == "unknown-contest" and (d.line, d.column) == (9, 32)
    assert 'declares "riad", which is no contest' in d.message
    assert d.hint == 'did you mean "raid"?'


def test_the_old_declares_war_key_says_what_to_write(tmp_path: Path) -> None:
    folder = pack_with(tmp_path, game=("scoring:\n", RAID))
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("counters:\n", "counters:\n  banner: {start: 0, declares_war: true}\n", 1)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    d = one(errors(folder))
    assert d.code == "schema" and d.line == 9
    assert "declares: <the contest>" in str(d.hint)


def test_a_contest_s_dice_must_be_a_die(tmp_path: Path) -> None:
    d = one(errors(pack_with(tmp_path, game=("scoring:\n", RAID.replace("green", "gren")))))
    assert d.code == "unknown-contest-dice" and (d.line, d.column) == (36, 11)
    assert d.hint == 'did you mean "green"?'
