"""The facts of play and the pack's tables in play (interpreter/compile/facts.py): `the round`
counts the rounds of the current age from 1, `the age` the ages from 1, and the read-back says
tables and facts in words. The rows and the steps they guard are proved by the scenarios of
tests/packs/conformance/tables/."""

from __future__ import annotations

import shutil
from pathlib import Path

from interpreter import Game
from interpreter.bots.greedy import RandomBot
from interpreter.compile.meaning import Ctx, compile_value, says
from interpreter.tools.explain import explain_cards
from interpreter.tools.validation import validate
from rules_dsl.parser import parse

TABLES = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "tables"


def two_ages(tmp_path: Path) -> Path:
    """The tables pack with a second age of the same cards."""
    folder = tmp_path / "two-ages"
    shutil.copytree(TABLES, folder)
    hills = (
        (folder / "plains.yaml").read_text(encoding="utf-8").replace("age: plains", "age: hills")
    )
    (folder / "hills.yaml").write_text(hills, encoding="utf-8")
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    first = "  - {id: plains, name: The Plains, cards: plains.yaml}\n"
    game.write_text(
        text.replace(first, first + "  - {id: hills, name: The Hills, cards: hills.yaml}\n"),
        encoding="utf-8",
    )
    return folder


def test_the_round_counts_the_rounds_of_each_age_from_1_and_the_age_the_ages(
    tmp_path: Path,
) -> None:
    folder = two_ages(tmp_path)
    assert [d.render() for d in validate(folder)[1] if d.is_error] == []
    game = Game.load(folder)
    the_round = compile_value(parse("the round", "number"), game.lexicon)
    the_age = compile_value(parse("the age", "number"), game.lexicon)
    state = game.new(players=2, seed=3)
    bots = [RandomBot(1), RandomBot(2)]
    seen: set[tuple[int, int]] = set()
    while not state.over:
        ctx = Ctx(state, game.catalog, state.active)
        seen.add((the_age(ctx), the_round(ctx)))
        state = game.apply(
            state, bots[state.to_move or 0].choose(game, state, game.legal_actions(state))
        )
    assert {age for age, _ in seen} == {1, 2}
    for age in (1, 2):  # every round of each age, from 1, none skipped
        rounds = sorted(r for a, r in seen if a == age)
        assert rounds[0] == 1 and rounds == list(range(1, rounds[-1] + 1))
        assert rounds[-1] > 1


def test_the_read_back_says_the_tables_and_the_facts_in_words() -> None:
    game = Game.load(TABLES)
    assert says(game.formulas.score) == (
        "the banner points for the number of red banner bonus symbols on your active cards plus "
        "the banner points for the number of blue banner bonus symbols on your active cards"
    )
    lines = {r.name: r.lines for r in explain_cards(game)}
    assert (
        "When you acquire it: gain the tribute for the number of blue banner bonus symbols "
        "on your active cards gold." in lines["Elder"]
    )
    assert "When you acquire it: if the round is at least 2: (gain 2 gold)." in lines["Scout"]
    refill = [i.data["says"] for i in game.programs["phase:round"] if hasattr(i, "data")]
    assert "draw from the deck until the market holds the number of players plus 2 cards" in refill


def test_a_resource_counts_its_symbols_on_your_cards() -> None:
    """ "your red banners" is the red banner symbols of your active cards: a War Banner's
    "2 red banners" counts 2."""
    game = Game.load(TABLES)
    banners = compile_value(parse("your red banners", "number"), game.lexicon)
    assert says(banners) == "the number of red banner bonus symbols on your active cards"
    state = game.new(players=2, seed=1)
    names = {game.name(c): c for c in range(len(game.catalog.copies))}
    state.players[0].tableau = [[names["War Banner"]], [names["Red Tent"]], [names["Hunter"]]]
    assert banners(Ctx(state, game.catalog, 0)) == 3
