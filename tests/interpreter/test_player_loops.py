"""A loop over players and players ranked by a number (interpreter/compile/loops.py,
compile/meaning.py `players_of`): `for each player in turn order: ...` does its steps once for
each player, "you" that player in the body (a decision inside goes to them, and a game saved
there resumes exactly); `2 players with the most culture` are the first two by culture, a tie
going to the first in turn order from the rule's player; `each player with the most culture`
is every player tied for the most. Through the Ages' events are written with them (its
scenarios prove them in play)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter import Game, State
from interpreter.compile.meaning import Ctx, players_of
from interpreter.compile.program import compile_body
from interpreter.core.errors import RuleError
from interpreter.tools.saves import load_text, save_text
from rules_dsl.parser import parse

BASE = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "counting_players"

ACTIONS = """
  - share out:
      does: |
        for each player in turn order:
          gain 1 culture or gain 2 culture
  - reward the leaders:
      does: 2 players with the most culture gain 10 culture
  - reward the best:
      does: each player with the most culture gains 10 culture
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    pack = tmp_path_factory.mktemp("loops") / "pack"
    shutil.copytree(BASE, pack)
    text = (pack / "game.yaml").read_text(encoding="utf-8")
    head, tail = text.split("actions:\n", 1)
    (pack / "game.yaml").write_text(head + "actions:" + ACTIONS + tail, encoding="utf-8")
    return Game.load(pack)


def _do(game: Game, state: State, action: str) -> None:
    chosen = next(a for a in game.choices(state) if a.text.startswith(action))
    game.play(state, chosen)


def _seats(game: Game, text: str, culture: list[int], seat: int) -> list[int]:
    state = game.new(players=len(culture), seed=1, quiet=True)
    for player, amount in zip(state.players, culture, strict=True):
        player.counters["culture"] = amount
    np = parse(f"{text} gain 1 culture", "rules").statements[0].steps[0].subject
    seats, mode = players_of(np, game.lexicon)
    assert mode == "all"
    return seats(Ctx(state, game.catalog, seat))


@pytest.mark.parametrize(
    ("text", "culture", "seat", "expected"),
    [
        ("2 players with the most culture", [4, 9, 4, 6], 0, [1, 3]),
        ("2 players with the most culture", [4, 9, 4, 1], 0, [1, 0]),  # a tie: turn order
        ("2 players with the most culture", [4, 9, 4, 1], 1, [1, 2]),  # from the rule's player
        ("2 players with the fewest culture", [4, 9, 4, 1], 0, [3, 0]),
        ("each player with the most culture", [9, 2, 9, 1], 0, [0, 2]),
        ("each player with the most culture", [9, 2, 9, 1], 1, [2, 0]),
    ],
)
def test_players_ranked_by_a_number(
    game: Game, text: str, culture: list[int], seat: int, expected: list[int]
) -> None:
    assert _seats(game, text, culture, seat) == expected


def test_a_loop_over_players_asks_each_player_in_turn_and_resumes_from_a_save(
    game: Game,
) -> None:
    state = game.new(players=3, seed=1, quiet=True)
    _do(game, state, "share out")
    asked = []
    for pick in ("gain 2 culture", "gain 1 culture", "gain 2 culture"):
        assert state.pending is not None
        asked.append(state.pending["player"])
        if len(asked) == 2:  # saved inside the loop, at the second player's decision
            state, _, _ = load_text(game, save_text(game, state))
        _do(game, state, pick)
    assert asked == [0, 1, 2]
    assert [p.counters["culture"] for p in state.players] == [2, 1, 2]
    assert state.pending is not None and state.pending["player"] == 1  # the next turn's


def test_a_loop_over_one_player_is_a_located_error(game: Game) -> None:
    rules = parse("for the player with the most culture: gain 1 culture", "rules")
    with pytest.raises(RuleError, match="each player"):
        compile_body(rules, game.lexicon)
