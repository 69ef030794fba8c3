"""Symbols a card shows besides its bonus (interpreter/compile/catalog.py `SymbolRule`,
card_numbers.ability_symbols): "science +1 per worker on your labs" is read for the card's
holder wherever their science symbols are counted, "science -1" takes one away, two abilities
that count each other's symbols end, and a misspelt resource is a located error. The play is
proved by the scenarios of tests/packs/conformance/symbol_abilities/."""

from __future__ import annotations

import shutil
from pathlib import Path

from interpreter import Game, State
from interpreter.compile.meaning import Ctx, compile_value
from interpreter.tools.explain import explain_cards
from rules_dsl.parser import parse
from tests.pack_copies import errors_of

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "symbol_abilities"


def _copy(tmp_path: Path, court: str) -> Path:
    folder = tmp_path / "symbols"
    shutil.copytree(PACK, folder)
    (folder / "court.yaml").write_text(court, encoding="utf-8")
    return folder


def _number(game: Game, state: State, text: str, seat: int) -> int:
    return compile_value(parse(text, "number"), game.lexicon)(Ctx(state, game.catalog, seat))


def _take(game: Game, state: State, name: str) -> State:
    action = next(a for a in game.legal_actions(state) if str(a) == f"take a card: {name}")
    return game.apply(state, action)


def test_an_ability_is_read_for_its_holder_and_counts_now() -> None:
    game = Game.load(PACK)
    state = game.new(players=2, seed=1)
    # the Scholar is player 1's: 1 science on Philosophy and 1 more per worker on their labs
    assert _number(game, state, "your science symbols", 0) == 2
    # read for player 2, the Scholar is not theirs: Philosophy 1, Zealotry's -1
    assert _number(game, state, "your science symbols", 1) == 0
    # the symbols on a named kind of card hold its abilities' symbols too
    assert _number(game, state, "the science symbols on your leader cards", 0) == 1
    assert _number(game, state, "the science symbols on your government cards", 1) == -1
    state = _take(game, state, "General")  # player 1: strength 1 + 1 per infantry worker
    assert _number(game, state, "your strength symbols", 0) == 2


def test_abilities_that_count_each_other_end(tmp_path: Path) -> None:
    rule = '"happy +1 per happy symbol on your leader cards"'
    court = f"""deck: court
cards:
  - {{name: Muse, type: leader, points: 0, bonus: happy, rules: {rule}}}
  - {{name: Bard, type: leader, points: 0, bonus: happy, rules: {rule}}}
"""
    game = Game.load(_copy(tmp_path, court))
    state = _take(game, game.new(players=2, seed=1), "Bard")  # player 1
    end = next(a for a in game.legal_actions(state) if str(a) == "end your actions")
    state = _take(game, game.apply(state, end), "Muse")  # player 2 passes, player 1 again
    # The Bard's ability reads the leaders' happy symbols with its own left out: its printed 1,
    # and the Muse's 1 + 2 (the Muse's ability read once, seeing both printed symbols): 4, so
    # the Bard shows 5, the Muse alike 5, Religion 1: 11, and the count ends.
    assert _number(game, state, "your happy symbols", 0) == 11
    assert _number(game, state, "the happy symbols on your leader cards", 0) == 10


def test_a_resource_the_game_lacks_is_a_located_error(tmp_path: Path) -> None:
    court = """deck: court
cards:
  - name: Poet
    type: leader
    points: 0
    rules: |
      culturre +1 per happy symbol on your temples
"""
    errors = errors_of(_copy(tmp_path, court))
    assert len(errors) == 1
    assert (
        "court.yaml:7:7" in errors[0]
        and '"culturre" is neither a resource nor a contest' in errors[0]
    )


def test_the_read_back_says_what_the_card_shows() -> None:
    game = Game.load(PACK)
    lines = {r.name: r.lines for r in explain_cards(game)}
    assert (
        "Besides its bonus it shows +1 science times the number of workers on your lab cards, "
        "counted wherever its holder's science symbols are."
    ) in lines["Scholar"]
    assert any("shows -1 science," in line for line in lines["Zealotry"])
