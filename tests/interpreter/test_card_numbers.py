"""Numbers read off named cards (interpreter/compile/card_numbers.py): the symbols of a resource
or of a group of resources on the cards a phrase names, wherever they lie, and a card's
strength. The conformance pack tests/packs/conformance/symbols/ plays them; these tests hold
what they mean word by word, their read-back and every mistake's located error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.compile.card_numbers import resource_group
from interpreter.compile.meaning import Ctx, Lexicon, Num, compile_value, says
from interpreter.core import card_state
from interpreter.core.errors import RuleError, UnknownName
from interpreter.core.state import State
from interpreter.tools.explain import explain_cards
from interpreter.tools.validation import validate
from rules_dsl import printer
from rules_dsl.parser import parse

SYMBOLS = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "symbols"
GAME = Game.load(SYMBOLS)
LEX = GAME.lexicon


def _copy(name: str, nth: int = 0) -> int:
    found = [i for i in range(len(GAME.catalog.copies)) if GAME.name(i) == name]
    return found[nth]


def _number(text: str, lex: Lexicon = LEX) -> Num:
    return compile_value(parse(text, start="number"), lex)


def _position() -> State:
    """Player 1: a Legion (3 swords) and a Veteran in the armies, a Veteran retired, the Hydra
    and the Harpy in the city; player 2: the Gorgon threatening them, 4 coin."""
    state = GAME.new(players=2, seed=1, start=False)
    p1, p2 = state.players
    for player in state.players:
        for zone in player.zones:
            zone.clear()
    armies, retired, threat = (
        GAME.catalog.zones.find(z)[1] for z in ("armies", "retired", "threat")
    )
    p1.zones[armies] = [_copy("Legion"), _copy("Veteran")]
    p1.zones[retired] = [_copy("Veteran", 1)]
    p1.tableau = [[_copy("Hydra")], [_copy("Harpy")]]
    p2.zones[threat] = [_copy("Gorgon")]
    p2.counters["coin"] = 4
    return state


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the sword symbols on your military cards", 5),  # armies and retired alike
        ("the swords on your military cards", 5),  # a resource, not a counter: its symbols
        ("the sword symbols on your retired cards", 1),  # a zone's name first: that zone
        ("the sword symbols on the military cards in your armies", 4),
        ("the banner symbols on your titan cards", 4),  # red and blue banners: a group
        ("the red banner symbols on your titan cards", 2),
        ("the symbols on your titan cards", 5),  # every symbol (the Harpy's arrow too)
        ("your banners", 4),  # the group on the city's active cards
        ("your swords", 0),  # the city's: the armies are not the city
        ("the attack of your retired cards", 2),  # "while in your retired: attack +2"
        ("the attack of the military cards in your armies", 0),  # not while there
        ("the defence of your titan cards", 10),  # the Hydra's 6, the Harpy's 4
        ("the defence of the titan cards in any threat", 5),  # read for its holder: 3 + 4 / 2
    ],
)
def test_a_number_read_off_named_cards_is_what_it_reads(text: str, value: int) -> None:
    assert _number(text)(Ctx(_position(), GAME.catalog, 0)) == value


def test_a_face_down_card_shows_no_symbols_and_its_abilities_give_nothing() -> None:
    state = _position()
    card_state.turn(state, _copy("Veteran", 1), True)  # the retired Veteran
    card_state.turn(state, _copy("Hydra"), True)
    ctx = Ctx(state, GAME.catalog, 0)
    assert _number("the sword symbols on your military cards")(ctx) == 4
    assert _number("the attack of your retired cards")(ctx) == 0
    assert _number("the banner symbols on your titan cards")(ctx) == 1
    assert _number("the defence of your titan cards")(ctx) == 4


def test_it_is_the_card_a_rule_names_before_wherever_it_lies() -> None:
    state = _position()
    ctx = Ctx(state, GAME.catalog, 0, it=_copy("Gorgon"))
    assert _number("the defence of it")(ctx) == 5  # read for player 2, who holds it
    assert _number("its defence")(ctx) == 5
    assert _number("the banner symbols on it")(ctx) == 1
    state.players[1].counters["coin"] = 1
    assert _number("its defence")(ctx) == 3


def test_war_abilities_count_on_both_sides_and_alone_for_war() -> None:
    state = _position()
    ctx = Ctx(state, GAME.catalog, 0, it=_copy("Colossus"))  # "defence +3", "war +2"
    assert [_number(f"the {kind} of it")(ctx) for kind in ("defence", "attack", "war")] == [5, 2, 2]


def test_each_form_reads_back_in_plain_words() -> None:
    said = {
        text: says(_number(text))
        for text in (
            "the sword symbols on your attacking military cards",
            "the swords on it",
            "the banner symbols on it",
            "the attack of your retired cards",
            "its defence",
            "your banners",
        )
    }
    assert said == {
        "the sword symbols on your attacking military cards": (
            "the number of sword bonus symbols on your attacking military cards"
        ),
        "the swords on it": "the number of sword bonus symbols on that card",
        "the banner symbols on it": (
            "the number of banner bonus symbols (blue banner or red banner) on that card"
        ),
        "the attack of your retired cards": (
            'the attack of the cards in your retired (from "attack +N" and "war +N" abilities)'
        ),
        "its defence": 'the defence of that card (from "defence +N" and "war +N" abilities)',
        "your banners": (
            "the number of banner bonus symbols (blue banner or red banner) on your active cards"
        ),
    }
    lines = {r.name: r.lines for r in explain_cards(GAME, ["veteran", "colossus", "hydra"])}
    assert (
        'When you defeat this card: gain the attack of the cards in your retired (from "attack '
        '+N" and "war +N" abilities) coin.' in lines["Hydra"]
    )
    assert "It adds +2 strength when you attack while it is in your retired." in lines["Veteran"]
    assert any(
        "if the number of banner bonus symbols (blue banner or red banner) on your titan cards "
        "is at least 3" in line
        for line in lines["Colossus"]
    )


def test_a_counter_word_keeps_its_tokens_and_symbols_read_the_resource() -> None:
    """A word that is a counter and a resource (The Ancient World's coin): "the coin on it" is
    the tokens lying on the card, "the coin symbols on it" the symbols printed on it."""
    lex = Lexicon.of({"resources": ["coin", "sword"], "counters": {"coin": {}}})
    assert says(_number("the coin on it", lex)) == "the coin on that card"
    assert says(_number("the coin symbols on it", lex)) == (
        "the number of coin bonus symbols on that card"
    )


def test_groups_are_the_resources_ending_with_a_word_that_is_not_a_name_itself() -> None:
    lex = Lexicon.of(
        {
            "resources": ["coin", "coin income", "knowledge income", "banner", "red banner"],
            "counters": {"coin": {}},
        }
    )
    assert resource_group("income", lex) == ("coin income", "knowledge income")
    assert resource_group("banner", lex) == ()  # a resource of its own: no group
    assert resource_group("coin", lex) == ()
    assert says(_number("your incomes", lex)).startswith(
        "the number of income bonus symbols (coin income or knowledge income)"
    )


@pytest.mark.parametrize(
    ("text", "error", "hint"),
    [
        ("the gem symbols on it", '"gem" is not a resource of the game', "sword"),
        ("the swrod symbols on it", '"swrod" is not a resource of the game', "sword"),
        ("the gems on it", '"gem" is neither a counter nor a resource', "symbols on <cards>"),
        ("the flag symbols on it", "nor the last word of several", "groups of several: banner"),
    ],
)
def test_a_resource_the_game_does_not_have_is_an_error_with_a_hint(
    text: str, error: str, hint: str
) -> None:
    with pytest.raises(UnknownName) as caught:
        _number(text)
    assert error in str(caught.value) and hint in (caught.value.hint or "")
    assert caught.value.node is not None and caught.value.node.span is not None


def test_a_group_word_that_names_nothing_is_an_error() -> None:
    """Along History has no resource of several words: "banner" names no group there."""
    from cards import bundled

    with pytest.raises(UnknownName, match="nor the last word of several"):
        _number("the banner symbols on this card", Game.load(bundled()).lexicon)


@pytest.mark.parametrize("text", ["your defence", "the attack", "the war"])
def test_a_strength_of_no_cards_is_an_error_saying_what_to_write(text: str) -> None:
    kind = text.split(" ")[-1]
    with pytest.raises(UnknownName, match="names no cards") as caught:
        _number(text)
    assert f'"the {kind} of it", "its {kind}"' in (caught.value.hint or "")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("the defence of the round", "the defence of which cards?"),
        ("the war of the age", "the war of which cards?"),
        ("the defence of your coin cards", '"coin" is not a kind of card'),
        ("the sword symbols on each card", "of which cards?"),
        ("a sword symbol on it", 'counted as "the <resource> symbols on <cards>"'),
    ],
)
def test_a_strength_or_symbols_of_no_cards_is_an_error(text: str, why: str) -> None:
    with pytest.raises(RuleError, match="the interpreter cannot play") as caught:
        _number(text)
    assert why in str(caught.value)


def test_a_number_worked_out_before_is_reads_back_and_parses_to_itself() -> None:
    text = "your gold * 2 + the sword symbols on it - 1 is at least the defence of it"
    tree = parse(text, start="condition")
    assert printer.condition(tree) == text
    assert parse(printer.condition(tree), start="condition") == tree
    left = tree.subject  # ((your gold * 2) + symbols) - 1: "*" first, then left to right
    assert (left.op, left.left.op, left.left.left.op) == ("-", "+", "*")


def test_validate_locates_each_mistake_with_a_hint(tmp_path: Path) -> None:
    pack = tmp_path / "symbols"
    shutil.copytree(SYMBOLS, pack, ignore=shutil.ignore_patterns("scenarios"))
    titans = pack / "titans.yaml"
    text = titans.read_text(encoding="utf-8")
    titans.write_text(
        text.replace(
            "      defence +4\n",
            "      defence +4\n"
            "      while in your retired: free\n"
            "      when you defeat this card: gain coin equal to the coin symbols on it\n",
        ).replace(
            "      defence +6\n",
            "      defence +6\n      when you defeat this card: gain coin equal to your defence\n",
        ),
        encoding="utf-8",
    )
    _, diagnostics = validate(pack)
    errors = [d for d in diagnostics if d.severity == "error"]
    rendered = "\n".join(d.render() for d in errors)
    assert len(errors) == 3, rendered
    assert all(d.file and d.file.endswith("titans.yaml") and d.line and d.column for d in errors)
    assert '"coin" is not a resource of the game' in rendered  # a counter: its tokens
    assert "the resources game.yaml declares: arrow, blue banner, red banner, sword" in rendered
    assert 'only abilities such as "attack +1" hold while in your retired' in rendered
    assert 'hint: write it with no "while in ...": it holds wherever the card is\n' in rendered
    assert '"your defence" names no cards' in rendered
    assert 'hint: say "the defence of it", "its defence"' in rendered
    assert "^" in rendered and "hint:" in rendered
