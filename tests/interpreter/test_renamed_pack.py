"""No Python names a resource, keyword or action face the pack declares: the pack names its
counted resource, its money, the keyword of cards never exchanged and what each action face does
(game.yaml `counted_resource`, `money`, `never_exchanged`, `face actions`; rules_dsl/roles.py),
the interpreter reads them.

Along History with every "population" written "people", every "gold" written "coin", every
"non-transmissible" written "non-tradeable" and its faces golden age, re-roll and blank written
renaissance, re-throw and idle (in the game file and in every card: costs, bonuses, dice, rules,
tokens, keywords, the kinds of action) is checked as clean as the original and plays the very
same games, move for move: the same number of actions, scores and winners, and the same log
once its words are read back; its cards' lowered prices read "coin price N if ...". What stays
is the pack format's own vocabulary: a card's `gold:` price field (a key of the format, like
`cost:`, not a resource).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.playout import play_out
from interpreter.tools.playability import check_playable
from interpreter.tools.setup_checks import check_setup
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.pack import load_pack

RENAMED = {
    "population": "people",
    "gold": "coin",
    "non-transmissible": "non-tradeable",
    "transmissible": "tradeable",  # the language's "a transmissible card": one without it
    "golden age": "renaissance",  # the action faces (game.yaml `face actions:`)
    "re-roll": "re-throw",
    "blank": "idle",
}
# Kept as written: the card's price field (`    gold: 12`).
KEPT = re.compile(r"^(\s*)gold:(?= *\d)", re.MULTILINE)
WORDS = re.compile(
    r"\b(population|gold|non-transmissible|transmissible|golden age|re-roll|blank)\b"
)


def rename(text: str) -> str:
    """The text with the resource words renamed, the format's own words kept."""
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match.group(0))
        return f"\x00{len(kept) - 1}\x00"

    text = WORDS.sub(lambda m: RENAMED[m.group(1)], KEPT.sub(keep, text))
    return re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], text)


def read_back(line: str) -> str:
    """A line of the renamed pack's log in the original's words."""
    return re.sub(
        r"\b(people|coin|renaissance|re-throw|idle)(?=s?\b)",  # "re-throws": the verb's too
        lambda m: {v: k for k, v in RENAMED.items()}[m.group(1)],
        line,
    )


def rewritten_copy(folder: Path, rewrite: Callable[[str], str]) -> Path:
    """A copy of Along History with every YAML file's text rewritten."""
    shutil.copytree(bundled(), folder)
    for path in folder.glob("*.yaml"):
        path.write_text(rewrite(path.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def renamed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rewritten_copy(tmp_path_factory.mktemp("roles") / "renamed_along_history", rename)


def test_the_renaming_leaves_no_old_word(renamed: Path) -> None:
    game = (renamed / "game.yaml").read_text(encoding="utf-8")
    assert "counted_resource: people" in game and "money: coin" in game
    assert "resources: [people, culture, ingenuity, strength]" in game
    assert "take coin" in game and "tilt for coin" in game
    assert "never_exchanged: non-tradeable" in game
    assert "faces: [renaissance, re-throw, x2, war, re-throw, renaissance]" in game
    assert "renaissance: straighten" in game and "re-throw: roll again" in game
    assert "faces: [3 coin, 3 coin, 3 coin, 4 coin, 5 coin, 6 coin]" in game
    for path in renamed.glob("*.yaml"):
        left = WORDS.findall(KEPT.sub("", path.read_text(encoding="utf-8")))
        assert not left, f"{path.name} still says {sorted(set(left))}"
    antiquity = (renamed / "antiquity.yaml").read_text(encoding="utf-8")
    assert "coin price 5 if" in antiquity and re.search(r"^    gold: 12$", antiquity, re.M)
    assert "cost: 6 people" in antiquity


def _diagnostics(folder: Path) -> list[Diagnostic]:
    """What `agesmith validate` reports."""
    pack, found = load_pack(folder)
    assert pack is not None
    return found + check_playable(pack) + check_setup(pack)


def test_the_renamed_pack_is_as_clean_as_the_original(renamed: Path) -> None:
    found = _diagnostics(renamed)
    assert not [d.render() for d in found if d.is_error]
    assert [(d.code, d.line, d.column) for d in found] == [
        (d.code, d.line, d.column) for d in _diagnostics(bundled())
    ]


def test_a_price_in_a_money_the_game_does_not_have_is_an_error_at_its_place(
    renamed: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "old_money"
    shutil.copytree(renamed, folder)
    antiquity = folder / "antiquity.yaml"
    text = antiquity.read_text(encoding="utf-8")
    antiquity.write_text(text.replace("coin price 5 if", "gold price 5 if", 1), encoding="utf-8")
    line = text[: text.index("coin price 5 if")].count("\n") + 1
    errors = [d for d in _diagnostics(folder) if d.is_error]
    assert [(d.line, Path(d.file or "").name) for d in errors] == [(line, "antiquity.yaml")]
    assert errors[0].message.startswith('"gold price": a price is paid in the game\'s money')
    assert errors[0].hint == 'write "coin price 5" (game.yaml, money:)'


@cache
def _game(folder: Path) -> Game:
    return Game.load(folder)


def _played(folder: Path, bot: str, seed: int) -> tuple[int, list[int], list[int], list[str]]:
    game = _game(folder)
    kind = RandomBot if bot == "random" else GreedyBot
    state = game.new(players=4, seed=seed)
    played = play_out(game, state, [kind(seed * 10 + seat) for seat in range(4)])
    return len(played), state.scores, state.winners, state.log


@pytest.mark.parametrize(
    ("bot", "seed"), [("random", 0), ("random", 1), ("random", 2), ("greedy", 0), ("greedy", 1)]
)
def test_the_renamed_pack_plays_the_same_games(renamed: Path, bot: str, seed: int) -> None:
    actions, scores, winners, log = _played(bundled(), bot, seed)
    assert not any(re.search(r"\b(people|coin)\b", line) for line in log)
    assert any(re.search(r"\bgold\b", line) for line in log), "the game's money is seen"
    again, renamed_scores, renamed_winners, renamed_log = _played(renamed, bot, seed)
    assert (again, renamed_scores, renamed_winners) == (actions, scores, winners)
    assert any(re.search(r"\bcoin\b", line) for line in renamed_log), "it says its own word"
    assert any("renaissance" in line for line in renamed_log) == any(
        "golden age" in line for line in log
    )
    assert any("re-throws" in line for line in renamed_log) == any(
        "re-rolls" in line for line in log
    )  # the verb of re-rolling is the pack's face's
    assert [read_back(line) for line in renamed_log] == log


DICE = ("1 population", "1 population", "1 population", "culture", "golden age", "golden age")


def _exchangeable(folder: Path, words: Callable[[str], str] = str) -> list[str]:
    """The events cards player 1 may exchange away with a die, in a position where Earthquake
    (non-transmissible) is among them (`words`: the dice in the pack's words)."""
    from interpreter.tools.scenario import build

    spec = {
        "pack": str(folder),
        "players": 2,
        "seed": 1,
        "position": {
            "active": 1,
            "players": {
                1: {"universal resource": 0, "events": ["Earthquake", "Tiger", "Forest"]},
                2: {"universal resource": 0, "events": ["River", "Valley", "Lowland"]},
            },
        },
        "dice": [words(d) for d in DICE],
    }
    state, game = build(spec, folder)
    offered = [a for a in game.legal_actions(state) if a.kind == "exchange"]
    return sorted({game.name(a.params["card"]) for a in offered})


def test_the_keyword_role_keeps_a_card_from_exchange_whatever_its_word(
    renamed: Path, tmp_path: Path
) -> None:
    assert _exchangeable(bundled()) == _exchangeable(renamed, rename) == ["Forest", "Tiger"]
    unnamed = tmp_path / "unnamed"
    shutil.copytree(bundled(), unnamed)
    game = unnamed / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "\nnever_exchanged: non-transmissible\n" in text
    game.write_text(text.replace("\nnever_exchanged: non-transmissible\n", "\n"), "utf-8")
    assert _exchangeable(unnamed) == ["Earthquake", "Forest", "Tiger"]  # no role: no keeping


# ------------------------------------------------------------------ a contest of another name

# Along History's war renamed raid: the contest (`contests: {raid: ...}`), the counter that
# declares it, its face and the double face (what they do is their `face actions:`), the phases'
# "wage your raids" and the cards' "in raid:", "when you lose a raid:", "declare a raid",
# "win the raid", "the raid bonus", and the strength of a raid ("raid +1 per 2 lands": a
# contest's name is its strength word; "attack +2" and "defence +1" are the language's). Kept:
# names, "Civil War" and its id.
RAIDS = {"war": "raid", "wars": "raids", "x2": "doubler"}
CONTEST_WORDS = re.compile(r"(?<![\w-])(wars?|x2)\b")


def raid(text: str) -> str:
    return CONTEST_WORDS.sub(lambda m: RAIDS[m.group(1)], text)


def read_back_raid(line: str) -> str:
    """A line of the raiding pack's log in the original's words."""
    back = {v: k for k, v in RAIDS.items()}
    line = re.sub(r"\b(raids?|doubler)\b", lambda m: back[m.group(1)], line)
    return re.sub(r"\bRaid\b", "War", line)


@pytest.fixture(scope="module")
def raided(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rewritten_copy(tmp_path_factory.mktemp("contest") / "raided_along_history", raid)


def test_the_raiding_pack_names_no_war(raided: Path) -> None:
    game = (raided / "game.yaml").read_text(encoding="utf-8")
    assert "contests:\n  raid:\n" in game and "declares: raid" in game
    assert "faces: [golden age, re-roll, doubler, raid, re-roll, golden age]" in game
    assert "raid: contest" in game and "doubler: double" in game
    assert "wage your raids" in game
    middle = (raided / "middle_ages.yaml").read_text(encoding="utf-8")
    assert "in raid: you may discard this card; then win the raid by 3" in middle
    assert "when you lose a raid as defender: you may declare a raid on the attacker" in middle
    assert "cancels the raid bonus of" in middle
    assert "\n      raid +1\n" in (raided / "prehistory.yaml").read_text(encoding="utf-8")
    for path in raided.glob("*.yaml"):
        text = KEPT.sub("", path.read_text(encoding="utf-8"))
        assert not CONTEST_WORDS.findall(text), path.name


def test_the_raiding_pack_is_as_clean_as_the_original(raided: Path) -> None:
    found = _diagnostics(raided)
    assert not [d.render() for d in found if d.is_error]
    assert [(d.code, d.line) for d in found] == [(d.code, d.line) for d in _diagnostics(bundled())]


@pytest.mark.parametrize(
    ("bot", "seed"), [("random", 0), ("random", 1), ("greedy", 0), ("greedy", 1)]
)
def test_the_raiding_pack_plays_the_same_games(raided: Path, bot: str, seed: int) -> None:
    actions, scores, winners, log = _played(bundled(), bot, seed)
    assert any("declares war on" in line for line in log), "the game has wars"
    again, raided_scores, raided_winners, raided_log = _played(raided, bot, seed)
    assert (again, raided_scores, raided_winners) == (actions, scores, winners)
    assert any("declares raid on" in line for line in raided_log), "it says its own word"
    assert not any(re.search(r"\bwars?\b", line) for line in raided_log)
    assert [read_back_raid(line) for line in raided_log] == log


def test_a_raid_is_asked_and_explained_in_its_own_words(raided: Path) -> None:
    from interpreter.tools.explain import explain_cards

    readings = {r.id: r.lines for r in explain_cards(_game(raided))}
    originals = {r.id: r.lines for r in explain_cards(_game(bundled()))}
    assert readings.keys() == originals.keys()
    for name, lines in readings.items():
        assert [read_back_raid(line) for line in lines] == list(originals[name]), name
    said = " ".join(line for lines in readings.values() for line in lines)
    assert "When you lose a raid" in said and "In each raid you fight" in said


# ------------------------------------------------------------------ a round phase of another name

# Along History with its round's phase named "game round" (`round_phase: game round`): the engine
# plays it each round, as it played "round".


def _round_named(folder: Path, name: str, declared: str | None) -> Path:
    """A copy of Along History whose round's phase is `name`, `round_phase: declared` written
    before the phases (none when None)."""

    def rewrite(text: str) -> str:
        if "\nphases:\n  round: |\n" not in text:
            return text
        key = f"round_phase: {declared}\n" if declared is not None else ""
        return text.replace("\nphases:\n  round: |\n", f"\n{key}phases:\n  {name}: |\n")

    return rewritten_copy(folder, rewrite)


def test_a_round_phase_of_another_name_plays_the_same_games(tmp_path: Path) -> None:
    folder = _round_named(tmp_path / "game_round", "game round", "game round")
    assert not [d.render() for d in _diagnostics(folder) if d.is_error]
    for bot, seed in (("random", 0), ("greedy", 1)):
        assert _played(folder, bot, seed) == _played(bundled(), bot, seed)
    game = _game(folder)
    state = game.new(players=3, seed=4)
    assert state.frames[0]["prog"] == "phase:game round"


def test_a_round_phase_that_names_no_phase_is_an_error_at_its_place(tmp_path: Path) -> None:
    folder = _round_named(tmp_path / "misspelt", "game round", "game rounds")
    errors = [d for d in _diagnostics(folder) if d.is_error]
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    line = text[: text.index("round_phase:")].count("\n") + 1
    assert [(d.line, d.column, d.code) for d in errors] == [(line, 14, "phase")]
    assert errors[0].message == 'the round phase "game rounds" is not one of the phases'
    assert errors[0].hint == 'did you mean "game round"?'


def test_a_round_phase_of_another_name_not_declared_says_how_to_name_it(tmp_path: Path) -> None:
    folder = _round_named(tmp_path / "undeclared", "game round", None)
    errors = [d for d in _diagnostics(folder) if d.is_error]
    assert [d.code for d in errors] == ["phase"]
    assert errors[0].message.startswith('the game has no phase named "round"')
    assert errors[0].hint is not None and "round_phase:" in errors[0].hint
    assert "game round, active turn, other turn" in errors[0].hint
