"""A scenario file is checked like a pack: every mistake is a located message (file:line:col,
the line, a caret, a hint), never a traceback, and never a scenario that passes with nothing
checked. Then the tools a designer debugs with: legal and illegal actions, checkpoints between
actions, and `agesmith check -v`."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from agesmith.cli import main
from interpreter.tools.scenario import check
from tests.zones import ZONE_DECK, ZONE_DISCARD

FAMINE = """\
name: Famine is free with two of Hunting, Wildcrafting and Fishing
players: 3
seed: 1
position:
  active: 1
  players:
    1:
      civilization: [Hunting, Fishing]
      events: [Famine, Forest, Tiger]
dice: [1 population, 1 population, 1 population, culture, re-roll, re-roll]
actions:
  - acquire Famine for free
  - end your actions
expect:
  - you own "Famine"
"""


def _write(tmp_path: Path, text: str, name: str = "scenario.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _changed(old: str, new: str) -> str:
    assert old in FAMINE, old
    return FAMINE.replace(old, new, 1)


LOCATED = re.compile(r"scenario\.yaml:(\d+):(\d+): error: ")

# (what is wrong, the file, words of the message, the line it is placed at, words of the hint)
CASES = [
    ("players in words", _changed("players: 3", "players: three"), "expected an integer", 2, None),
    (
        "expect is a number",
        _changed('expect:\n  - you own "Famine"\n', "expect: 5\n"),
        "expected a list",
        14,
        None,
    ),
    (
        "position is a list",
        _changed("position:\n  active: 1\n", "position: [1]\nx-old:\n"),
        "expected a mapping",
        4,
        None,
    ),
    (
        "no such active player",
        _changed("active: 1", "active: 9"),
        "there is no player 9",
        5,
        "numbered from 1 to 3",
    ),
    (
        "misspelt expect",
        _changed("expect:", "expects:"),
        'unknown key "expects"',
        14,
        'did you mean "expect"',
    ),
    (
        "misspelt civilization",
        _changed("civilization:", "civilisation:"),
        'unknown key "civilisation"',
        8,
        'did you mean "civilization"',
    ),
    (
        "misspelt counter",
        _changed("events: [Famine", "glod: 3\n      events: [Famine"),
        'unknown key "glod"',
        9,
        'did you mean "gold"',
    ),
    (
        "unknown card",
        _changed("Fishing]", "Fishng]"),
        'no card "Fishng"',
        8,
        'did you mean "Fishing"',
    ),
    (
        "card of another age",
        _changed("Fishing]", "Sailing]"),
        '"Sailing" is a card of',
        8,
        "legacy",
    ),
    (
        "unknown board space",
        _changed("  players:\n", "  board: {9z: 1}\n  players:\n"),
        'no space "9z"',
        6,
        "spaces:",
    ),
    (
        "unknown marker space",
        _changed("      events: [Famine", "      space: 1z\n      events: [Famine"),
        'no space "1z"',
        9,
        "1a",
    ),
    (
        "tilted card not owned",
        _changed("      events: [Famine", "      tilted: [Tiger]\n      events: [Famine"),
        "not in this player",
        9,
        None,
    ),
    ("player 4 of 3", _changed("    1:\n", "    4:\n"), "there is no player 4", 7, None),
    (
        "unknown die face",
        _changed("re-roll, re-roll]", "re-roll, banana]"),
        'no face "banana"',
        10,
        "faces:",
    ),
    (
        "too few dice",
        _changed("culture, re-roll, re-roll]", "culture]"),
        "4 dice given but 6",
        10,
        None,
    ),
    (
        "an illegal action",
        _changed("for free", "for 3 gold"),
        "is not legal",
        12,
        "some legal actions",
    ),
    (
        "an expectation that does not parse",
        _changed('you own "Famine"', "you own own own"),
        "does not parse",
        15,
        None,
    ),
    (
        "an expectation with an unknown word",
        _changed('you own "Famine"', "you own a lnad"),
        'unknown word "lnad"',
        15,
        'did you mean "land"',
    ),
    (
        "an expectation with an unknown card",
        _changed('you own "Famine"', 'you own "Famin"'),
        'unknown card "Famin"',
        15,
        'did you mean "Famine"',
    ),
    (
        "an unknown start",
        _changed("seed: 1", "seed: 1\nstart: wag"),
        'does "wag"',
        4,
        'did you mean "wage"',
    ),
    (
        "an unknown age",
        _changed("seed: 1", "seed: 1\nage: stone_age"),
        'no age "stone_age"',
        4,
        "prehistory",
    ),
    (
        "an unknown variant",
        _changed("seed: 1", "seed: 1\nvariant: quick"),
        "the pack does not load",
        4,
        None,
    ),
    (
        "an unknown pack",
        _changed("seed: 1", "seed: 1\npack: nowhere"),
        'no pack "nowhere"',
        4,
        None,
    ),
    ("too many players", _changed("players: 3", "players: 9"), "for 2 to 5 players", 2, None),
    (
        "nothing checked",
        _changed('expect:\n  - you own "Famine"\n', ""),
        "checks nothing",
        1,
        "add expect:",
    ),
    (
        "an empty expectation list",
        _changed('expect:\n  - you own "Famine"\n', "expect: []\n"),
        "checks nothing",
        1,
        None,
    ),
    ("not a mapping", "- just\n- a list\n", "a scenario file is a mapping", 1, None),
    ("not YAML", "name: [unclosed\n", "", 1, None),
]


@pytest.mark.parametrize(
    "text, message, line, hint", [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_mistake_is_a_located_message(
    tmp_path: Path, text: str, message: str, line: int, hint: str | None
) -> None:
    assert_located_problem(tmp_path, text, message, line, hint)


def assert_located_problem(
    tmp_path: Path, text: str, message: str, line: int, hint: str | None
) -> None:
    """The scenario `text` fails with `message` located at `line` (and `hint`, if given)."""
    outcome = check(_write(tmp_path, text))
    assert not outcome.passed
    report = outcome.summary()
    assert message in report, report
    found = LOCATED.search(report)
    assert found is not None and int(found.group(1)) == line, report
    assert "Traceback" not in report and "internal error" not in report
    if hint is not None:
        assert "hint: " in report and hint in report, report


def test_every_problem_of_the_schema_is_reported_at_once(tmp_path: Path) -> None:
    text = _changed("players: 3", "players: three").replace("expect:", "expects:")
    report = check(_write(tmp_path, text)).summary()
    assert "expected an integer" in report and 'unknown key "expects"' in report


def test_a_schema_line_lets_vs_code_check_the_file(tmp_path: Path) -> None:
    schema = Path(__file__).resolve().parents[2] / "cards" / "schema" / "scenario.schema.json"
    text = f"# yaml-language-server: $schema={schema}\n" + FAMINE
    assert check(_write(tmp_path, text)).passed


def test_discarded_cards_leave_the_deck(tmp_path: Path) -> None:
    text = _changed("  players:\n", "  discard pile: [Wolves, Bear]\n  players:\n")
    outcome = check(_write(tmp_path, text))
    assert outcome.passed, outcome.summary()
    state = outcome.state
    from interpreter.tools.scenario import build
    from rules_dsl.yaml_source import load_yaml

    doc, _ = load_yaml(tmp_path / "scenario.yaml")
    state, game = build(doc.data, tmp_path)
    names = [game.name(c) for c in state.zones[ZONE_DECK]]
    assert [game.name(c) for c in state.zones[ZONE_DISCARD]] == ["Wolves", "Bear"]
    copies = {
        name: sum(
            game.catalog.info(c).name == name for c in game.catalog.copies_of_age("prehistory")
        )
        for name in ("Wolves", "Bear")
    }
    for name, count in copies.items():
        assert names.count(name) == count - 1


def test_a_legacy_may_hold_cards_of_any_age(tmp_path: Path) -> None:
    text = _changed(
        "events: [Famine, Forest, Tiger]",
        "events: [Famine, Forest, Tiger]\n      legacy: [Sailing, Compass]",
    )
    text = text.replace(
        '  - you own "Famine"', '  - you own "Famine"\n  - you have at least 2 cards in your legacy'
    )
    outcome = check(_write(tmp_path, text))
    assert outcome.passed, outcome.summary()


def test_legal_and_illegal_actions_at_a_checkpoint_and_at_the_end(tmp_path: Path) -> None:
    text = (
        _changed(
            "  - acquire Famine for free\n",
            """\
  - legal: [acquire Famine for free, end your actions]
    illegal: [acquire Wolves]
    expect: ['not you own "Famine"']
  - acquire Famine for free
  - expect: [you own "Famine"]
    illegal: [acquire Famine]
""",
        )
        + "illegal: [acquire Famine]\n"
    )
    outcome = check(_write(tmp_path, text))
    assert outcome.passed, outcome.summary()


def test_a_checkpoint_fails_at_its_own_line(tmp_path: Path) -> None:
    text = _changed(
        "  - acquire Famine for free\n",
        """\
  - acquire Famine for free
  - legal: [acquire Tiger for free]
    illegal: [end your actions]
    expect: ['not you own "Famine"']
""",
    )
    report = check(_write(tmp_path, text)).summary()
    lines = {int(m.group(1)) for m in LOCATED.finditer(report)}
    assert lines == {13, 14, 15}, report
    assert "expected 'acquire Tiger for free' to be legal" in report
    assert "expected 'end your actions' not to be legal" in report


def test_check_verbose_shows_the_position_at_a_failing_checkpoint(tmp_path: Path) -> None:
    text = _changed(
        "  - acquire Famine for free\n",
        """\
  - acquire Famine for free
  - expect: [you own "Tiger"]
""",
    )
    _write(tmp_path, text)
    result = CliRunner().invoke(main, ["check", "-v", str(tmp_path / "scenario.yaml")])
    assert "stopped at the checkpoint after action 1" in result.output
    assert "it stopped on an unanswered decision of player 1: Your actions" in result.output


def test_check_verbose_shows_where_a_scenario_stopped(tmp_path: Path) -> None:
    text = _changed("  - end your actions\n", "").replace('you own "Famine"', 'you own "Tiger"')
    _write(tmp_path, text)
    result = CliRunner().invoke(main, ["check", "-v", str(tmp_path / "scenario.yaml")])
    assert result.exit_code == 1
    assert "position: age 1 round 1 active 1 | p1 E[Forest,Tiger]" in result.output
    assert "it stopped on an unanswered decision of player 1" in result.output
    assert "end your actions" in result.output
    assert "player 1 acquires Famine." in result.output  # the log


def test_a_folder_reports_every_file_even_broken_ones(tmp_path: Path) -> None:
    _write(tmp_path, FAMINE, "a-good.yaml")
    _write(tmp_path, "players: [\n", "b-broken.yaml")
    _write(tmp_path, _changed("expect:", "expects:"), "c-misspelt.yaml")
    (tmp_path / "d-binary.yaml").write_bytes(b"\xff\xfe\x00garbage")
    _write(tmp_path, FAMINE, "e-good.yaml")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    for name in ("a-good", "b-broken", "c-misspelt", "d-binary", "e-good"):
        assert f"{name}.yaml" in result.output
    assert "2 passed, 3 failed" in result.output


def test_control_characters_in_a_scenario_never_reach_the_terminal(tmp_path: Path) -> None:
    text = FAMINE.replace(FAMINE.split("\n")[0], 'name: "Famine \\e[2J\\e]0;pwned\\a"').replace(
        "expect:\n", 'expect:\n  - "you own \\"Fam\\e[31mine\\""\n'
    )
    _write(tmp_path, text)
    result = CliRunner().invoke(main, ["check", "-v", str(tmp_path / "scenario.yaml")])
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "Famine \\x1b[2J" in result.output  # the name, escaped
    # refused where each is written, as in a pack: the name and the expectation
    assert result.exit_code == 1 and "0 passed, 1 failed" in result.output
    assert "scenario.yaml:1:7: error: this text holds the control character \\x1b" in result.output
    assert re.search(
        r"scenario\.yaml:\d+:5: error: this text holds the control character "
        r"\\x1b \(at character 13\)",
        result.output,
    ), result.output


def test_every_problem_of_a_position_is_reported_at_once(tmp_path: Path) -> None:
    text = _changed(
        "civilization: [Hunting, Fishing]",
        "civilization: [Huntin, Fishing > Fishng]\n      glod: 2\n      space: 9z",
    )
    text = text.replace("  players:\n", "  deck: [Wolvs]\n  players:\n")
    report = check(_write(tmp_path, text)).summary()
    for message in (
        'no card "Huntin"',
        'no card "Fishng"',
        'unknown key "glod"',
        'no space "9z"',
        'no card "Wolvs"',
    ):
        assert message in report, report
    assert len(LOCATED.findall(report)) == 5


def test_a_pipe_or_a_device_is_refused_not_read(tmp_path: Path) -> None:
    import os

    os.mkfifo(tmp_path / "waiting.yaml")  # reading it would block forever
    _write(tmp_path, FAMINE, "good.yaml")
    result = CliRunner().invoke(main, ["check", str(tmp_path), "/dev/zero"])
    assert "waiting.yaml: error: this is not a regular file" in result.output
    assert "/dev/zero: error: this is not a regular file" in result.output
    assert "1 passed, 2 failed" in result.output


def test_every_scenario_file_names_its_schema_for_editors() -> None:
    root = Path(__file__).resolve().parents[1] / "scenarios"
    for path in sorted(root.rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        schema = (path.parent / first.split("=", 1)[1]).resolve()
        assert schema.name == "scenario.schema.json" and schema.is_file(), path


def test_a_known_bug_never_excuses_a_file_that_cannot_be_set_up(tmp_path: Path) -> None:
    bug = "known_bug: Famine is not free yet\n"
    failing = check(
        _write(tmp_path, FAMINE.replace('you own "Famine"', 'you own "Tiger"') + bug, "a.yaml")
    )
    assert failing.ok and not failing.passed and failing.summary().startswith("BUG ")
    broken = check(_write(tmp_path, _changed("Fishing]", "Fishng]") + bug, "b.yaml"))
    assert not broken.ok and broken.summary().startswith("FAIL")
    misspelt = check(_write(tmp_path, _changed("expect:", "expects:") + bug, "c.yaml"))
    assert not misspelt.ok


def _zone(game, name: str) -> int:
    found = game.zones.find(name)
    assert found is not None
    return found[1]


def _on_the_table(state) -> list[int]:
    """Every copy lying on the table: the shared zones, each player's zones and tableau."""
    out = [c for zone in state.zones for c in zone]
    for player in state.players:
        out += [c for zone in player.zones for c in zone] + player.all_cards()
    return out


def test_a_player_the_position_does_not_describe_keeps_what_was_dealt(tmp_path: Path) -> None:
    """The Ancient World deals capitals, starting cards and a titan to each player; a position
    that describes player 1 only leaves players 2 and 3 what Game.new deals them, and takes
    none of it back into the boxes it was dealt from: each copy lies once on the table."""
    from interpreter.tools.scenario import build

    spec = {"pack": "the_ancient_world", "players": 3, "seed": 1}
    spec["position"] = {"players": {1: {"coin": 5}}}
    state, game = build(spec, tmp_path)
    dealt = game.new(3, 1)
    for seat in (1, 2):
        mine, theirs = state.players[seat], dealt.players[seat]
        assert [game.name(c) for c in mine.all_cards()] == [
            game.name(c) for c in theirs.all_cards()
        ]
        assert len(mine.all_cards()) == 3  # the capital and 2 starting empire cards
        for zone in ("camp", "threat"):
            index = _zone(game, zone)
            assert [game.name(c) for c in mine.zones[index]] == [
                game.name(c) for c in theirs.zones[index]
            ]
    table = _on_the_table(state)
    assert len(table) == len(set(table)) and set(table) == set(_on_the_table(dealt))
    # player 1's description lists no threat: their titan went back; 2 of 4 are dealt
    assert len(state.zones[_zone(game, "starting titans")]) == 4 - 2
