"""Every construction of the grammar and every word of its vocabulary either plays as it reads
or is reported at its place: no third outcome (issue 6, total semantics).

The test walks `rules_dsl/grammar.lark`: each production (and each alias of an alternative)
and each word of the closed vocabularies (verbs, past verbs, determiners, comparators,
prepositions, superlatives, triggers' events) must appear in the table below with an example.
Conditions and numbers are evaluated on a position and must give what they read; steps are
played on that position (`PLAYED`) and checked by conditions afterwards; abilities and triggers
marked PLAYS compile with the pack's nouns (the pack's scenario files play them); an example
marked REPORTED must raise the located "the interpreter cannot play ... yet" error that
`agesmith validate` shows.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cards import bundled
from interpreter import Game
from interpreter.compile.catalog import CardInfo
from interpreter.compile.catalog import _sort as sort_statement
from interpreter.compile.meaning import Ctx, compile_condition, compile_value
from interpreter.compile.program import ActI, compile_body
from interpreter.core.errors import RuleError
from interpreter.mechanics.verbs import VERBS, prepare_act
from rules_dsl import ast
from rules_dsl.parser import parse
from rules_dsl.vocabulary import EVENTS
from tests.zones import ZONE_DECK, ZONE_DISCARD, ZONE_EVENTS, ZONE_LEGACY

# How a phrase that does not play is reported: a mechanic the interpreter lacks, or a name the
# pack does not declare (a zone), or an ability where it cannot hold.
REPORTED_AS = (
    "the interpreter cannot play|is not a zone of the game|is not a card state of the game"
    "|is not a die of the game|is not a row"
    "|hold while in|is not an action the game declares"
)

GRAMMAR = Path(__file__).resolve().parents[2] / "rules_dsl" / "grammar.lark"
GAME = Game.load(bundled())
PLAYS, REPORTED = "plays", "reported"

# A position: player 1 owns Hunting (active, tilted), Forest under it, Mountain; 7 gold;
# events Swamp and Wolves; tokens 1 and 3; marker on 3a; dice: red war, green 1 population.
# Player 2 owns nothing and has 3 gold.
_STATE = GAME.new(players=2, seed=1, start=False)


def _position() -> None:
    def copy(name: str) -> int:
        return next(
            i
            for i, c in enumerate(GAME.catalog.copies)
            if GAME.catalog.cards[c].name == name and GAME.catalog.cards[c].age == "prehistory"
        )

    p1, p2 = _STATE.players
    p1.tableau = [[copy("Hunting"), copy("Forest")], [copy("Mountain")]]
    p1.tilted = [copy("Hunting")]
    p1.zones[ZONE_EVENTS] = [copy("Swamp"), copy("Wolves")]
    p1.counters = {"gold": 7, "universal resource": 1}
    p2.counters = {"gold": 3, "universal resource": 0}
    p1.tokens = [1, 3]
    p1.space = "3a"
    _STATE.dice = [
        {"die": "red", "face": 3, "used": False, "times": 1, "token": False},
        {"die": "green", "face": 0, "used": False, "times": 1, "token": True},
    ]


_position()

# (entry point, text, outcome, expected value for conditions and numbers)
CONDITIONS = [
    ('you own "Hunting" or "Wildcrafting"', True),
    ('you own 2 of "Hunting", "Mountain", "Fishing"', True),
    ("you have at least 7 gold", True),
    ("you have exactly 1 tilted card", True),
    ("you have exactly 2 untilted cards", False),
    ("you have at most 1 decadent card", True),
    ("you have more than 2 cards", True),
    ("you have fewer than 3 cards", False),
    ("you have less than 8 gold", True),
    ('you have "Wolves" in your events', True),
    ('you have "Hunting" in your events', False),
    ('"Swamp" is in your events', True),
    ("your gold is at least 8", False),
    ("your gold * 2 - 13 is at least 1", True),  # a number worked out before "is"
    ("the deck is empty", True),
    ("your events are not empty", True),
    ("you acquired nothing this turn", True),
    ("you have not passed", True),
    ("not you own a land", False),
    ("you own a land and you have at least 7 gold", True),
    ("(you have at least 9 gold or you own a land) and you have 2 cards in your events", True),
    ("each opponent has at least 3 gold", True),
    ("an opponent of your choice who owns a land has at least 1 gold", False),
    ("no player owns a wonder", True),
    ("you own no calamity", True),
    ("the number of war dice is at least 1", True),
    ("the number of green dice is exactly 1", True),
    ("the number of population dice is more than 1", False),
    ("the space of your marker is exactly 3", True),
    ("your score is at least 1", False),
    ("you won the game", False),
    ("you have not won the game", True),
]
NUMBERS = [
    ("7 / 2", 3),
    ("7 / 2 rounded up", 4),
    ("your gold / 2 rounded up at most 3", 3),
    ("your gold - 10 at least 0", 0),
    ("(your gold + 1) * 2", 16),
    ("the number of your tilted cards", 1),
    ("the number of cards in your events", 2),
    ("the value of your achievement tokens", 4),
    ("the points of your cards", -1),
    ("your decadent bonuses", 1),  # Forest's one bonus symbol
    ("half of your gold rounded up", 4),
    ("all your gold", 7),
    ("the gold on this card", 0),  # no rule's card, no tokens: 0
    ("the population symbols on your active cards", 1),  # Hunting's (card_numbers.py)
    ("the symbols on your cards", 2),  # Hunting's and the decadent Forest's
    ("the war of the cards in your events", 0),  # Swamp and Wolves have no strength
    ("the bid", 0),  # no auction in this rule
]
# Card rules (abilities and triggers): (text, outcome).
RULES = [
    # a list of numbers printed on cards, read by position: Along History declares none
    # (tests/packs/conformance/printed_numbers/ plays it)
    ("on acquire: gain gold equal to the stage cost of it at 2", REPORTED),
    ('free if you have "The Fire" in your events', PLAYS),
    ("on acquire: an opponent of your choice who has more gold than you loses 1 gold", PLAYS),
    ('discardable unless you own "The Fire"', PLAYS),
    ('costs 3 less population if you own "Hunting"', PLAYS),
    ("your progress acquisitions cost 2 less population", PLAYS),
    ("while in your events: your first paid acquisition each turn costs 1 more population", PLAYS),
    ("while in your events: your first acquisition each turn costs 1 more population", REPORTED),
    ("costs 2 less culture", REPORTED),
    ('gold price 5 if you own "Hunting"', PLAYS),
    ("war +1 per 2 lands", PLAYS),
    ("attack +1 if the opponent owns a land", PLAYS),
    ("defence +2", PLAYS),
    ("culture +1 per 2 lands", PLAYS),  # more symbols shown by the card (issue 19)
    ("culture +1 per (the round + 1)", PLAYS),  # one for each of a number worked out
    ("on acquire: gain a worker of skill 2", REPORTED),  # Along History has no pieces
    ("on acquire: if it is this card: gain 1 gold", PLAYS),  # the card acquired is this one
    ('"increase population" costs 1 less gold', REPORTED),  # nor actions of its own
    ('cancels the war bonus of the opponent\'s "Chivalry"', PLAYS),
    ('cancels "Chivalry"', REPORTED),
    ("non-transmissible", PLAYS),
    ("while in your civilization: war +1", PLAYS),  # a war reads it while it is there
    ("while in your civilization: free", REPORTED),  # only strength holds in another zone
    ("while in the deck: war +1", REPORTED),  # a zone of the card's holder
    ("on acquire: gain 2 gold", PLAYS),
    ("on acquire: gain 2 gold equal to your gold", REPORTED),
    ("on acquire: gain 1 gold equal to the number of your lands", REPORTED),
    ("on acquire: gain gold equal to the number of your lands", PLAYS),
    ("on acquire: each opponent discards a card", REPORTED),
    ("on acquire: each opponent discards one of their active cards", PLAYS),
    ("in war: you may roll one of your dice", REPORTED),
    (
        "on failure: destroy one of your active cards, preferring population bonus cards, "
        'then bonus cards unless you own "Hunting"',
        PLAYS,
    ),
    ("on failure: destroy one of your active cards with the most points", PLAYS),
    ("on failure: destroy one of your active cards with the most gold", REPORTED),
    ("on failure: discard each card in your events", PLAYS),
    ("on failure: discard every card in your events", PLAYS),
    ("on failure: discard any card in your events", REPORTED),
    ("on failure: pay 10 gold or destroy one of your active cards", PLAYS),
    ("on acquire: each opponent pays 5 gold to you or destroys one of their active cards", PLAYS),
    (
        "on acquire: take all gold from the opponent with the most gold; then give half of it "
        "rounded down to an opponent of your choice",
        PLAYS,
    ),
    ("on failure: share 12 gold among your opponents", PLAYS),
    ("on failure: lose half of your gold rounded up", PLAYS),
    ("on failure: pass this card to another player", PLAYS),
    ("on failure: pass this card", REPORTED),
    ("when you lose a war: move this card to the winner's civilization", PLAYS),
    ('on acquire: take "Hunting" from another civilization', PLAYS),
    ('on acquire: take "Hunting"', REPORTED),
    ("on acquire: swap this card for a card in another player's civilization", PLAYS),
    (
        'on acquire: you may swap "Hunting" in any civilization for a non-calamity card in '
        "your events",
        PLAYS,
    ),
    ('on acquire: destroy "Hunting" in any civilization', PLAYS),
    ('on acquire: destroy "Hunting" in the galaxy', REPORTED),
    ("on failure: skip your next turn", PLAYS),
    ("on failure: skip a turn", REPORTED),
    ("in war: you may discard this card; then win the war by 3", PLAYS),
    ("when you lose a war as defender: you may declare a war on the attacker", PLAYS),
    (
        'at the start of your actions: if "Wolves" is in your events: swap it for a '
        "transmissible card in another player's events",
        PLAYS,
    ),
    ("on acquire:\n  if you have at least 2 gold: gain 1 gold\n  otherwise: lose 1 gold", PLAYS),
    ('on acquire:\n  unless you own "Hunting": gain 1 gold', PLAYS),
    ("on acquire: repeat until you have at least 9 gold: gain 1 gold", PLAYS),
    ("on acquire: repeat 2 times: gain 1 gold", PLAYS),
    ("on acquire: for each card in your events: gain 1 gold", PLAYS),
    ("on acquire: for each of your active cards: gain 1 gold", PLAYS),
    ("on acquire: for each of the cards in your events: gain 1 gold", PLAYS),
    ("on acquire: each opponent may gain 1 gold", PLAYS),
    ("on acquire: each opponent may gain 1 gold; then lose 1 gold", REPORTED),
    ("on acquire: draw 999999999 cards from the deck into your events", PLAYS),
    ("on acquire: draw 2 cards", REPORTED),
    ("on acquire: draw a card from the deck into your events", PLAYS),
    ("on acquire: draw cards from the deck into your events", REPORTED),  # how many?
    ("on acquire: destroy one of your decadent cards", REPORTED),  # AH-K8
    ("on acquire: destroy your active cards", REPORTED),  # how many?
    ("on acquire: fail each calamity in another player's events", REPORTED),
    ("on acquire: swap this card for a card in the deck", REPORTED),
    ("on acquire: each opponent destroys one of their active cards of your choice", PLAYS),
    ("on acquire: destroy each card of your choice in your events", REPORTED),
    ("on acquire: the opponent with the most gold gains 1 gold", PLAYS),
    ("on acquire: the opponent gains 1 gold", PLAYS),
    ("on acquire: each player who has passed gains 1 gold", PLAYS),
    ("on acquire: gain 1 gold to you", REPORTED),
    ("free if the number of purple dice is at least 1", REPORTED),
    ("free if you won the war", REPORTED),
    # a step's roll of one kind of die and a card's own event (tests/packs/conformance/
    # dice_events plays them): Along History has no yellow die
    ('on acquire: gain 1 gold; then trigger "shine" for each of your active cards', PLAYS),
    ("on acquire: roll a green die", PLAYS),
    ("on acquire: roll 2 yellow dice", REPORTED),
    # card state (tests/packs/conformance/face_down and card_tokens play them): Along History
    # declares no face-down state and no mark; tokens of its counters may lie on a card
    ("on acquire: flip one of your active cards face down", REPORTED),
    ("on acquire: flip one of your active cards face up", REPORTED),
    ("on acquire: repair one of your active cards", REPORTED),
    ("on acquire: mark this card as used", REPORTED),
    ("on acquire: put 2 gold on this card", PLAYS),
    ("on acquire: put 2 gold on this card from the supply", PLAYS),
    ("on acquire: put 2 gold on this card from the deck", REPORTED),
    ("on acquire: take all gold from this card", PLAYS),
    ("on acquire: remove 1 gold from this card", PLAYS),
    ("on acquire: remove 1 gold from each opponent", REPORTED),
    ("on acquire: if it is used: gain 1 gold", REPORTED),
    # pieces moved by count (tests/packs/conformance/buildings plays them): Along History has
    # no pieces; "lose ... equal to" is any game's
    ("on acquire: place 2 of your citizens on this card", REPORTED),
    ("on acquire: lose gold equal to the number of your active cards", PLAYS),
]
# Phase steps (the language of the game's turn).
PHASES = [
    ('the active player plays "active turn"', PLAYS),
    ('each other player in turn order plays "other turn"', PLAYS),
    ("straighten your cards", PLAYS),
    ("roll all dice", PLAYS),
    ("take actions until you have passed", PLAYS),
    ("take actions", PLAYS),
    ("take actions until you have at least 5 gold", PLAYS),
    ("take actions until the galaxy is empty", REPORTED),
    ("fail each unresolved calamity in your events", PLAYS),
    ("wage your wars", PLAYS),
    ("refill your events to 3 from the deck", PLAYS),
    ("refill your events", REPORTED),
    ("you may advance on the achievements board", PLAYS),
    ("put each wonder of the age into the deck", PLAYS),
    ("shuffle the deck", PLAYS),
    ("shuffle the discard pile into the deck", PLAYS),
    ("shuffle your events", PLAYS),  # any zone of the pack: the player's own
    ("shuffle your civilization", REPORTED),  # the tableau's piles are not shuffled
    ("shuffle any events", REPORTED),  # whose?
    ("draw 2 cards from the discard pile into your legacy", PLAYS),
    ("refill your legacy to 2 from the discard pile", PLAYS),
    ("put each wonder of the age into the discard pile", PLAYS),
    ("shuffle the galaxy", REPORTED),  # no such zone
    ("each player may bid up to their gold", PLAYS),  # an auction (mechanics/bidding.py)
    ("each opponent may bid up to 3", PLAYS),
    ("you may bid up to your gold", REPORTED),  # an auction of one
    ("each player bids up to their gold", REPORTED),  # bidding is never forced
    ("leave the game", PLAYS),  # out of it from then on (mechanics/leaving.py)
    ("each opponent leaves the game", PLAYS),
    ("leave the table", REPORTED),  # only the game is left
    ("leave the game for 2 gold", REPORTED),
]

# Which examples show each production of the grammar and each word of its vocabularies.
PRODUCTIONS = {
    "rules": "on acquire: gain 2 gold",
    "cost": "free",
    "amount": "free",
    "number": "7 / 2",
    "condition": "the deck is empty",
    "statement": "defence +2",
    "ability": "defence +2",
    "free": "free if",
    "discardable": "discardable",
    "cost_change": "costs 3 less",
    "money_price": "gold price",
    "strength": "attack +1",
    "cancels": "cancels the war",
    "keyword": "non-transmissible",
    "acquisitions": "your progress acquisitions",
    "per": "per 2 lands",
    "per_value": "per (the round",
    "symbols": "culture +1 per",
    "of_value": "of skill 2",
    "is_this_card": "it is this card",
    "action_cost_change": '"increase population" costs',
    "trigger": "on acquire:",
    "scope": "while in your events",
    "event": "on acquire:",
    "body": "on acquire:\n",
    "block": "on acquire:\n",
    "otherwise": "otherwise:",
    "steps": "; then",
    "_step": "; then",
    "optional": "you may",
    "if_step": "if you have",
    "repeat": "repeat until",
    "repeat_times": "repeat 2 times",
    "for_each": "for each card in your events",
    "choice": " or destroy",
    "act": "gain 2 gold",
    "act_to": "pays 5 gold to you",
    "act_side": "active cards face down",
    "side": "cards face down",
    "face_down": "face down",
    "face_up": "face up",
    "as_state": "as used",
    "on_card": "gold on this card",
    "receiver": "pays 5 gold to you",
    "role": "to another",
    "until_role": "until you have passed",
    "equal_role": "equal to",
    "up_to_role": "up to their gold",
    "_cond_clause": "if you own",
    "_condition": "if you own",
    "or_level": " or ",
    "or_cond": "or you own a land",
    "and_level": " and ",
    "and_cond": " and you",
    "not_level": "not",
    "not_cond": "not you own",
    "_atom_cond": "you own",
    "owns": 'you own "Hunting"',
    "owns_n_of": "2 of",
    "has": "you have",
    "is_in": "is in your events",
    "is_cmp": "your gold is",
    "is_cmp_sum": "your gold * 2 - 13 is",
    "subject_op": "* 2 - 13",
    "is_state": "is empty",
    "did": "acquired nothing",
    "value": "7 / 2",
    "rounded": "rounded up",
    "limit": "at most 3",
    "at_position": "the stage cost of it at 2",
    "sum": "+ 1",
    "arith": "7 / 2",
    "product": "* 2",
    "atom": "(your gold",
    "int": "7 / 2",
    "np": "your gold",
    "determiner": "one of",
    "one_of": "one of your",
    "count_of": "2 of your",
    "each_of": "each of your",
    "each_of_the": "each of the",
    "half_of": "half of",
    "all_of": "all your gold",
    "possessive_det": "your gold",
    "this": "this card",
    "head": "your gold",
    "tail": "in your events",
    "located": "in your events",
    "chosen": "of your choice",
    "of": "the number of",
    "most_of": "with the most",
    "who_owns": "who owns",
    "who_has": "who has",
    "who_has_than": "who has more gold than you",
    "than_word": "more gold than",
    "who_did": "who has passed",
    "in_turn_order": "in turn order",
    "preferring": "preferring",
    "preference": "preferring",
    "words": "gold",
    "it": "half of it",
    "you": "to you",
    # closed vocabularies, spelled out below
    "verb": "",
    "past_verb": "",
    "own": "you own",
    "have": "you have",
    "be": "is in",
    "costs": "costs 3",
    "change": "less population",
    "acquisition": "acquisitions",
    "cond_word": "unless",
    "strength_kind": "attack +1",
    "trigger_word": "when you lose",
    "preposition": "",
    "comparator": "",
    "at_least": "at least",
    "at_most": "at most",
    "more_than": "more than",
    "fewer_than": "fewer than",
    "less_than": "less than",
    "exactly": "exactly",
    "limit_word": "at most",
    "superlative": "",
    "rounding": "rounded up",
    "possessive": "their",
    "det": "",
    "negation": "not",
    "each_turn": "each turn",
    "this_turn": "this turn",
    "sum_op": "- 10",
    "product_op": "* 2",
}

ALL_TEXTS = (
    [t for t, _ in CONDITIONS]
    + [t for t, _ in NUMBERS]
    + [t for t, _ in RULES]
    + [t for t, _ in PHASES]
)


def _grammar_names() -> tuple[set[str], dict[str, list[str]]]:
    text = GRAMMAR.read_text(encoding="utf-8")
    aliases = set(re.findall(r"->\s*(\w+)", text))
    rules = set(re.findall(r"^[?!]?([a-z_]+)\s*:", text, re.M))
    words: dict[str, list[str]] = {}
    for name in ("verb", "past_verb", "preposition", "det", "superlative"):
        body = re.search(rf"^!{name}\s*:(.*?)(?=^\S)", text, re.M | re.S)
        assert body is not None, name
        words[name] = re.findall(r'"([^"]+)"', body.group(1))
    return aliases | rules, words


def test_every_production_of_the_grammar_has_an_example_that_uses_it() -> None:
    names, _ = _grammar_names()
    missing = sorted(names - set(PRODUCTIONS))
    assert not missing, f"productions with no example: {missing}"
    joined = "\n".join(ALL_TEXTS)
    unused = [n for n, shown in PRODUCTIONS.items() if shown and shown not in joined]
    assert not unused, f"examples not in the table: {unused}"


def test_every_verb_of_the_grammar_is_in_the_verb_table_or_reported() -> None:
    _, words = _grammar_names()
    base = {v for v in words["verb"] if not v.endswith("s") or v in ("pass",)}
    for verb in sorted(base):
        text = f"on acquire: {verb} 2 gold"
        if verb in VERBS:
            continue
        with pytest.raises(RuleError, match=REPORTED_AS):
            _compile_rules(text)


def test_every_other_closed_word_is_played_or_reported() -> None:
    _, words = _grammar_names()
    joined = "\n".join(ALL_TEXTS)
    for kind in ("preposition", "det", "superlative"):
        for word in words[kind]:
            if re.search(rf"\b{re.escape(word)}\b", joined):
                continue
            text = {
                "preposition": f"on failure: pay 10 gold {word} another player",
                "det": f"on failure: destroy {word} card in your events",
                "superlative": f"on failure: destroy one of your active cards with the {word} gold",
            }[kind]
            with pytest.raises(RuleError, match=REPORTED_AS):
                _compile_rules(text)
    for verb in words["past_verb"]:
        if verb in ("acquired", "passed", "won"):
            continue
        with pytest.raises(RuleError, match="is not a fact the game records"):
            compile_condition(
                parse(f"you {verb} nothing this turn", start="condition"), GAME.lexicon
            )
    for event in EVENTS:  # every event the checker accepts is raised by the engine
        assert event in {
            "acquire",
            "failure",
            "war",
            "you lose a war",
            "you lose a war as defender",
            "the start of your actions",
        }


def _compile_rules(text: str) -> None:
    rules = parse(text, start="rules")
    shell = CardInfo(
        0,
        "prehistory",
        "x",
        "X",
        "progress",
        0,
        None,
        __import__("collections").Counter(),
        None,
        0,
        __import__("collections").Counter(),
    )
    for statement in rules.statements:
        sort_statement(
            shell, statement, set(), in_events=False, lex=GAME.lexicon, roles=GAME.catalog.roles
        )
    for bodies in shell.triggers.values():
        for body in bodies:
            for instruction in compile_body(body, GAME.lexicon):
                if isinstance(instruction, ActI):
                    prepare_act(GAME, instruction)


def _compile_phase(text: str) -> None:
    for instruction in compile_body(parse(text, start="rules"), GAME.lexicon):
        if isinstance(instruction, ActI):
            prepare_act(GAME, instruction)


@pytest.mark.parametrize(("text", "expected"), CONDITIONS)
def test_a_condition_holds_as_it_reads(text: str, expected: bool) -> None:
    holds = compile_condition(parse(text, start="condition"), GAME.lexicon)
    assert holds(Ctx(_STATE, GAME.catalog, 0)) is expected


@pytest.mark.parametrize(("text", "expected"), NUMBERS)
def test_a_number_is_what_it_reads(text: str, expected: int) -> None:
    value = compile_value(parse(text, start="number"), GAME.lexicon)
    points = sum(GAME.catalog.info(c).points for c in _STATE.players[0].all_cards())
    want = points if expected == -1 else expected
    assert value(Ctx(_STATE, GAME.catalog, 0)) == want


@pytest.mark.parametrize(("text", "outcome"), RULES)
def test_a_card_rule_plays_or_is_reported(text: str, outcome: str) -> None:
    if outcome == PLAYS:
        _compile_rules(text)
    else:
        with pytest.raises(RuleError, match=REPORTED_AS) as caught:
            _compile_rules(text)
        assert caught.value.node is not None and getattr(caught.value.node, "span", None), (
            "a reported phrase carries its place"
        )


@pytest.mark.parametrize(("text", "outcome"), PHASES)
def test_a_phase_step_plays_or_is_reported(text: str, outcome: str) -> None:
    if outcome == PLAYS:
        _compile_phase(text)
    else:
        with pytest.raises(RuleError, match=REPORTED_AS):
            _compile_phase(text)


def test_validate_reports_each_unplayable_phrase_at_its_place(tmp_path: Path) -> None:
    from shutil import copytree

    from interpreter.tools.playability import check_playable
    from rules_dsl.pack import load_pack

    pack = tmp_path / "pack"
    copytree(bundled(), pack)
    cards = pack / "prehistory.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        text.replace(
            'free if you own "Cro-Magnon"',
            'free if you own "Cro-Magnon"\n'
            "      on acquire: each opponent discards a card\n"
            "      in war: you may roll one of your dice\n"
            "      free if you have at least 10 gold and you have fewer "
            "than 5 gold",
        ),
        encoding="utf-8",
    )
    loaded, diagnostics = load_pack(pack)
    assert loaded is not None
    found = [d for d in diagnostics + check_playable(loaded)]
    rendered = "\n".join(d.render() for d in found)
    assert "discards a card" in rendered and "roll one of your dice" in rendered
    assert sum(d.code == "not-playable" for d in found) == 2
    assert any(d.code == "never-holds" and d.severity == "warning" for d in found)
    assert all(d.line for d in found)


def test_no_python_statement_reads_the_syntax_tree_during_play() -> None:
    """Handlers are closures over compiled selectors: none keeps a cache keyed on AST nodes."""
    source = (
        Path(__file__).resolve().parents[2] / "interpreter" / "mechanics" / "effects.py"
    ).read_text()
    assert "@cache" not in source and "lru_cache" not in source
    assert isinstance(parse("gain 2 gold", start="rules"), ast.Rules)


# Steps played on the position above (player 1 speaks; nobody is asked anything): each must do
# what it reads, checked by conditions afterwards (for player 1 unless "player 2:").
PLAYED = [
    ("gain 2 gold", ["you have exactly 9 gold"]),
    ("gain gold equal to the number of your lands", ["you have exactly 9 gold"]),
    ("lose half of your gold rounded up", ["you have exactly 3 gold"]),
    ("lose all your gold", ["you have exactly 0 gold"]),
    ("repeat until you have at least 12 gold: gain 1 gold", ["you have exactly 12 gold"]),
    ("repeat 3 times: gain 1 gold", ["you have exactly 10 gold"]),
    ("repeat the number of your lands times: gain 2 gold", ["you have exactly 11 gold"]),
    ("repeat 1 - 2 times: gain 1 gold", ["you have exactly 7 gold"]),
    ("for each card in your events: gain 1 gold", ["you have exactly 9 gold"]),
    ("for each of your active cards: gain 1 gold", ["you have exactly 9 gold"]),
    ("for each card in your events: discard it", ["your events are empty"]),
    (
        "if you have at least 2 gold: gain 1 gold\notherwise: lose 1 gold",
        ["you have exactly 8 gold"],
    ),
    ("unless you own a land: gain 5 gold", ["you have exactly 7 gold"]),
    ("if you have exactly 1 tilted card: gain 1 gold", ["you have exactly 8 gold"]),
    ("if the number of war dice is at least 1: gain 1 gold", ["you have exactly 8 gold"]),
    (
        "draw 999999999 cards from the deck into your events",
        ["the deck is empty", "you have more than 2 cards in your events"],
    ),
    ("discard each card in your events", ["your events are empty"]),
    (
        "destroy one of your active cards, preferring land cards",
        ['you own "Hunting"', 'not you own "Mountain"', "you have exactly 1 decadent card"],
    ),
    ("destroy one of your untilted cards", ['not you own "Mountain"']),
    (
        "each opponent gains 1 gold",
        ["player 2: you have exactly 4 gold", "you have exactly 7 gold"],
    ),
    (
        "take all gold from the opponent with the most gold",
        ["you have exactly 10 gold", "player 2: you have exactly 0 gold"],
    ),
    ("pay 10 gold", ["you have exactly 0 gold"]),
    ("skip your next turn", []),
    # the last player left in the game wins it at once; the one who left is not counted
    ("leave the game", ["the number of players is exactly 1", "player 2: you won the game"]),
    ("straighten your cards", ["you have exactly 0 tilted cards"]),
]


def _play_steps(text: str):
    from interpreter.compile.program import JumpI

    state = _STATE.clone()  # (a compiled State has no deepcopy)
    state.zones[ZONE_DECK] = [
        i for i, c in enumerate(GAME.catalog.copies) if GAME.catalog.cards[c].age == "prehistory"
    ][:20]
    state.zones[ZONE_DECK] = [
        c
        for c in state.zones[ZONE_DECK]
        if c not in state.players[0].all_cards() and c not in state.players[0].zones[ZONE_EVENTS]
    ]
    GAME.programs["test:steps"] = program = compile_body(parse(text, start="rules"), GAME.lexicon)
    for instruction in program:
        if isinstance(instruction, ActI):
            prepare_act(GAME, instruction)
    GAME.programs["test:stop"] = [JumpI(0)]
    state.frames = [GAME.frame("test:stop", 0), GAME.frame("test:steps", 0)]
    state.pending = None
    GAME.run(state, stop=lambda frame, instruction: frame["prog"] == "test:stop")
    assert state.pending is None, f"{text!r} asked: {state.pending}"
    return state


def test_another_players_may_is_their_decision() -> None:
    from interpreter.compile.program import JumpI

    state = _STATE.clone()  # (a compiled State has no deepcopy)
    GAME.programs["test:may"] = program = compile_body(
        parse("each opponent may gain 1 gold", start="rules"), GAME.lexicon
    )
    for instruction in program:
        prepare_act(GAME, instruction)
    GAME.programs["test:stop"] = [JumpI(0)]
    state.frames = [GAME.frame("test:stop", 0), GAME.frame("test:may", 0)]
    state.pending = None
    GAME.run(state, stop=lambda frame, instruction: frame["prog"] == "test:stop")
    assert state.pending is not None and state.pending["player"] == 1
    texts = [o.text for o in state.pending["options"]]
    assert "decline" in texts
    accept = next(a for a in GAME.legal_actions(state) if a.text != "decline")
    state.pending = None
    GAME.run(state, accept, stop=lambda frame, instruction: frame["prog"] == "test:stop")
    assert state.players[1].counters["gold"] == 4


@pytest.mark.parametrize(("text", "expect"), PLAYED)
def test_a_step_plays_as_it_reads(text: str, expect: list[str]) -> None:
    state = _play_steps(text)
    for line in expect:
        seat, condition = (
            (1, line.split(": ", 1)[1]) if line.startswith("player 2: ") else (0, line)
        )
        holds = compile_condition(parse(condition, start="condition"), GAME.lexicon)
        assert holds(Ctx(state, GAME.catalog, seat)), f"{text!r}: not {line!r}"
    if text == "skip your next turn":
        assert state.players[0].marks.get("skip_turns") == 1


FUZZ_OBJECTS = [
    "",
    "3",
    "it",
    "you",
    "2 gold",
    "all gold",
    "half of it",
    "this card",
    "a card",
    "each card in your events",
    '"Hunting"',
    '"Hunting" in any civilization',
    "your wars",
    "a war",
    "the war",
    "the deck",
    "your events",
    "one of your active cards",
    "each opponent",
    "the discard pile",
    "all dice",
    "your next turn",
    "gold",
]
FUZZ_ROLES = [
    "",
    " to you",
    " to another player",
    " from the deck",
    " from another civilization",
    " for a card in your events",
    " into the deck",
    " among your opponents",
    " on the attacker",
    " by 3",
    " until you have passed",
    " equal to 3",
    " up to 3",
    " to 3",
]


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_any_object_and_role_of_a_verb_plays_or_is_reported_never_crashes(verb: str) -> None:
    """Every verb of the table with every kind of object and role: it compiles or raises the
    located error, never another exception (which `agesmith validate` would show as a
    traceback)."""
    from rules_dsl.parser import try_parse

    for obj in FUZZ_OBJECTS:
        for role in FUZZ_ROLES:
            text = " ".join(f"on acquire: {verb} {obj}{role}".split())
            _, problem = try_parse(text, "rules")
            if problem is not None:
                continue
            try:
                _compile_rules(text)
            except RuleError as e:
                assert re.search(REPORTED_AS + "|not a fact", str(e)), text


FUZZ_SUBJECTS = [
    "you",
    "each opponent",
    "the opponent",
    "a player",
    "no player",
    "it",
    "the deck",
    "your events",
    '"Hunting"',
    "this card",
    "your gold",
    "3",
    "the winner",
    "the active player",
    "the number of your lands",
]
FUZZ_PREDICATES = [
    'own "Hunting"',
    "owns a land",
    'own 2 of "Hunting", "Fishing"',
    "have at least 3 gold",
    'has "Hunting" in your events',
    "is in your events",
    "are in any civilization",
    "is at least 3",
    "is empty",
    "are not empty",
    "is over",
    "acquired nothing this turn",
    "has passed",
    "have not passed",
    "won the game",
    "has 3 cards in the deck",
    "has a card",
    "has 3",
    "have it",
    "own it",
    "own you",
    "is in the deck",
    "is in it",
]


@pytest.mark.parametrize("subject", FUZZ_SUBJECTS)
def test_any_condition_holds_as_read_or_is_reported_never_crashes(subject: str) -> None:
    from rules_dsl.parser import try_parse

    for predicate in FUZZ_PREDICATES:
        tree, problem = try_parse(f"{subject} {predicate}", "condition")
        if problem is not None:
            continue
        try:
            holds = compile_condition(tree, GAME.lexicon)
        except RuleError as e:
            assert e.node is not None, f"{subject} {predicate}"
            continue
        assert isinstance(holds(Ctx(_STATE, GAME.catalog, 0)), bool)


# ------------------------------------------------------------------ every word of a card phrase
# Issue 16 item 22: for every verb that picks cards and every qualifier, zone and determiner the
# language accepts, a position where the word matters, and the cards the verb can reach must be
# exactly the cards the phrase names - or the phrase is reported at its place. The position is
# built from a small model (below) and the expected candidates come from that model alone, not
# from the interpreter's selectors.

# name: (seat or shared zone, zone, pile state, type, bonus kinds)
_MODEL = {
    "Hunting": (0, "civilization", "tilted", "progress", "population"),
    "Forest": (0, "civilization", "decadent", "land", "ingenuity"),  # under Hunting
    "Mountain": (0, "civilization", "untilted", "land", ""),
    "Lowland": (0, "civilization", "tilted", "land", "population"),
    "Tools": (0, "civilization", "untilted", "progress", "ingenuity"),
    "Wolves": (0, "events", "unresolved", "calamity", ""),  # there since the turn began
    "Earthquake": (0, "events", "", "calamity", ""),  # arrived this turn
    "Swamp": (0, "events", "", "land", ""),
    "River": (0, "legacy", "", "land", "population"),
    "Peninsula": (1, "civilization", "tilted", "land", "population"),
    "Bear": (1, "civilization", "decadent", "figure", ""),  # under Peninsula
    "Tiger": (1, "civilization", "untilted", "figure", ""),
    "Famine": (1, "events", "", "calamity", ""),
    "Valley": (1, "events", "", "land", "population"),
    "Hills": ("deck", "deck", "", "land", "ingenuity"),
    "Mammoth": ("deck", "deck", "", "figure", ""),
    "Fishing": ("discard", "discard", "", "progress", "population"),
    "Crocodile": ("discard", "discard", "", "figure", ""),
}
_UNDER = {"Forest": "Hunting", "Bear": "Peninsula"}


def _word_position():
    state = GAME.new(players=2, seed=3, start=False)
    infos = ((i, GAME.catalog.info(i)) for i in range(len(GAME.catalog.copies)))
    copy = {info.name: i for i, info in infos if info.age == "prehistory"}
    for player in state.players:
        player.tableau, player.zones[ZONE_EVENTS], player.zones[ZONE_LEGACY], player.tilted = (
            [],
            [],
            [],
            [],
        )
        player.counters = {"gold": 0, "universal resource": 0}
    state.zones[ZONE_DECK], state.zones[ZONE_DISCARD] = [], []
    for name, (seat, zone, pile_state, _, _) in _MODEL.items():
        if zone in ("deck", "discard"):
            state.zones[ZONE_DECK if zone == "deck" else ZONE_DISCARD].append(copy[name])
            continue
        player = state.players[seat]
        if zone == "civilization" and name in _UNDER:
            pile = next(p for p in player.tableau if GAME.name(p[0]) == _UNDER[name])
            player.tableau[player.tableau.index(pile)] = [*pile, copy[name]]
        elif zone == "civilization":
            player.tableau.append([copy[name]])
            if pile_state == "tilted":
                player.tilted.append(copy[name])
        else:
            player.zones[ZONE_EVENTS if zone == "events" else ZONE_LEGACY].append(copy[name])
    state.players[0].flags = {"turn_start_events": [copy["Wolves"]]}
    return state


_ZONES = {
    "your events": (0, "events"),
    "another player's events": (1, "events"),
    "your civilization": (0, "civilization"),
    "any civilization": (None, "civilization"),
    "another player's civilization": (1, "civilization"),
    "your legacy": (0, "legacy"),
    "the deck": ("deck", "deck"),
    "the discard pile": ("discard", "discard"),
}
_KINDS = {
    "": lambda t, b: True,
    "land ": lambda t, b: t == "land",
    "non-land ": lambda t, b: t != "land",
    "population bonus ": lambda t, b: b == "population",
}
_STATES = {
    "": lambda s: True,
    "active ": lambda s: s in ("tilted", "untilted"),
    "decadent ": lambda s: s == "decadent",
    "tilted ": lambda s: s == "tilted",
    "untilted ": lambda s: s == "untilted",
}


def _phrases() -> list[tuple[str, set[str] | None, bool]]:
    """(phrase, the cards it names or None when it must be reported, names each of them)."""
    out: list[tuple[str, set[str] | None, bool]] = []
    for state_word, state_test in _STATES.items():
        for kind_word, kind_test in _KINDS.items():
            named = {
                n
                for n, (seat, zone, s, t, b) in _MODEL.items()
                if seat == 0 and zone == "civilization" and state_test(s) and kind_test(t, b)
            }
            out.append((f"one of your {state_word}{kind_word}cards", named, False))
            out.append((f"all your {state_word}{kind_word}cards", named, True))
            if state_word:  # a zone's cards have no state: "one of your tilted cards"
                out.append((f"a {state_word}{kind_word}card in your events", None, False))
    for zone_text, (where, zone) in _ZONES.items():
        for kind_word, kind_test in _KINDS.items():
            named = {
                n
                for n, (seat, z, s, t, b) in _MODEL.items()
                if z == zone and (where is None or seat == where) and kind_test(t, b)
            }
            out.append((f"a {kind_word}card in {zone_text}", named, False))
            out.append((f"each {kind_word}card in {zone_text}", named, True))
        unresolved = {"Wolves"} if zone_text == "your events" else None
        out.append((f"each unresolved calamity in {zone_text}", unresolved, True))
    out.append(("your active cards", None, False))  # how many of them? never guessed
    return out


def _verb_cases() -> list[tuple[str, str, set[str] | None, bool]]:
    """(verb, step text, the cards it can reach or None when reported, all of them)."""
    cases = []
    for phrase, named, many in _phrases():
        located = " in " in phrase
        reach = None if named is None else set(named)
        decadent = {n for n, m in _MODEL.items() if m[2] == "decadent"}
        destroyable = None if reach is None else reach - decadent
        if "decadent" in phrase:  # a card in decadence is never destroyed (AH-K8)
            destroyable = None
        cases.append(("destroy", f"destroy {phrase}", destroyable, many))
        cases.append(("discard", f"discard {phrase}", reach, many))
        if located:
            source = phrase.replace(" in ", " from ", 1)
            cases.append(("take", f"take {source}", reach, many))
        moved = None if reach is None or many else reach
        cases.append(("pass", f"pass {phrase} to another player", moved, False))
        # a swap trades places in players' zones, never in a zone of the table
        in_play = not located or not phrase.endswith(("the deck", "the discard pile"))
        swapped = None if moved is None or not in_play else moved - {"Valley"}
        cases.append(
            ("swap", f'swap {phrase} for "Valley" in another player\'s events', swapped, False)
        )
        fails = None if reach is None or not phrase.endswith(" in your events") else reach
        cases.append(("fail", f"fail {phrase}", fails, many))
    return cases


_LOGGED = {
    "destroy": r"^(.+?)(?: of player \d)? is destroyed\.$",
    "discard": r"^(.+) is discarded\.$",
    "take": r"^player \d takes (.+) from ",
    "pass": r"^(.+) goes to player \d\.$",
    "swap": r"^(.+) and .+ change places\.$",
    "fail": r"^(.+) strikes player \d\.$",
}


def _reached(verb: str, text: str) -> tuple[set[str], set[str]]:
    """The cards a step acted on, and those its pending decision offers."""
    from interpreter.compile.program import JumpI

    state = _word_position()
    before = state.log_length
    GAME.programs["test:words"] = program = compile_body(parse(text, start="rules"), GAME.lexicon)
    for instruction in program:
        if isinstance(instruction, ActI):
            prepare_act(GAME, instruction)
    GAME.programs["test:stop"] = [JumpI(0)]
    state.frames = [GAME.frame("test:stop", 0), GAME.frame("test:words", 0)]
    state.pending = None
    GAME.run(state, stop=lambda frame, instruction: frame["prog"] == "test:stop")
    acted = {m.group(1) for line in state.log[before:] if (m := re.match(_LOGGED[verb], line))}
    offered = set()
    if state.pending is not None and state.pending["kind"] == "card":
        offered = {o.text for o in state.pending["options"]}
    return acted, offered


@pytest.mark.parametrize(
    ("verb", "text", "named", "many"), _verb_cases(), ids=[c[1] for c in _verb_cases()]
)
def test_a_verb_reaches_exactly_the_cards_its_phrase_names(
    verb: str, text: str, named: set[str] | None, many: bool
) -> None:
    if named is None:
        with pytest.raises(RuleError, match=REPORTED_AS) as caught:
            _compile_phase(text)
        assert getattr(caught.value.node, "span", None), "a reported phrase carries its place"
        return
    # each of them: all are acted on; one of several: the decision offers exactly them (a
    # calamity's failure may ask something after it struck: what was acted on comes first)
    acted, offered = _reached(verb, text)
    reached = acted or offered
    assert reached == named, f"{text!r} reached {sorted(reached)}, names {sorted(named)}"
    if not many and len(named) > 1:
        assert not acted, f"{text!r} acted on {sorted(acted)} without asking which"


def test_of_your_choice_lets_the_rules_player_choose_the_card() -> None:
    from interpreter.compile.program import JumpI

    state = _word_position()
    text = "each opponent destroys one of their cards of your choice"
    GAME.programs["test:chosen"] = program = compile_body(parse(text, start="rules"), GAME.lexicon)
    for instruction in program:
        prepare_act(GAME, instruction)
    GAME.programs["test:stop"] = [JumpI(0)]
    state.frames = [GAME.frame("test:stop", 0), GAME.frame("test:chosen", 0)]
    state.pending = None
    GAME.run(state, stop=lambda frame, instruction: frame["prog"] == "test:stop")
    assert state.pending is not None and state.pending["player"] == 0, "player 1 chooses"
    assert {o.text for o in state.pending["options"]} == {"Peninsula", "Tiger"}


def test_a_swap_keeps_a_tilted_card_tilted_in_its_new_civilization() -> None:
    from interpreter.compile.program import JumpI

    state = _word_position()
    text = 'swap "Lowland" in your civilization for "Tiger" in another player\'s civilization'
    GAME.programs["test:swap"] = program = compile_body(parse(text, start="rules"), GAME.lexicon)
    for instruction in program:
        prepare_act(GAME, instruction)
    GAME.programs["test:stop"] = [JumpI(0)]
    state.frames = [GAME.frame("test:stop", 0), GAME.frame("test:swap", 0)]
    GAME.run(state, stop=lambda frame, instruction: frame["prog"] == "test:stop")
    tilted = {seat: {GAME.name(c) for c in p.tilted} for seat, p in enumerate(state.players)}
    assert "Lowland" in tilted[1] and "Tiger" not in tilted[0]


# Comparisons and preferences pick among the candidates the verb can reach: destroy never sees a
# card in decadence (Forest, 1 point, an ingenuity bonus, under Hunting), so neither a preference
# nor "the fewest points" can land on it and spare every card.
_PICKS = [
    (
        "one of your active cards with the most points",
        {"Hunting", "Mountain", "Tools"},
        {"Hunting", "Mountain", "Tools"},
    ),
    ("one of your cards with the fewest points", {"Forest", "Lowland"}, {"Lowland"}),
    (
        "one of your cards, preferring land cards",
        {"Forest", "Mountain", "Lowland"},
        {"Mountain", "Lowland"},
    ),
    (
        "one of your cards, preferring figure cards, then ingenuity bonus cards",
        {"Forest", "Tools"},
        {"Tools"},
    ),
    (
        "one of your cards, preferring ingenuity bonus land cards",
        {"Forest"},
        {"Hunting", "Mountain", "Lowland", "Tools"},
    ),
    (
        "one of your cards, preferring figure cards",
        {"Hunting", "Forest", "Mountain", "Lowland", "Tools"},
        {"Hunting", "Mountain", "Lowland", "Tools"},
    ),
]


@pytest.mark.parametrize(("phrase", "named", "destroyable"), _PICKS)
@pytest.mark.parametrize("verb", ["destroy", "discard", "pass"])
def test_a_comparison_or_preference_picks_among_what_the_verb_reaches(
    verb: str, phrase: str, named: set[str], destroyable: set[str]
) -> None:
    text = f"{verb} {phrase}" + (" to another player" if verb == "pass" else "")
    acted, offered = _reached(verb, text)
    want = destroyable if verb == "destroy" else named
    assert (acted or offered) == want, f"{text!r}: {sorted(acted or offered)}"


def test_of_your_choice_lets_the_rules_player_choose_the_receiver() -> None:
    from interpreter.compile.program import JumpI

    state = _word_position()
    state.players[1].counters["gold"] = 3
    text = "each opponent gives 1 gold to a player of your choice"
    GAME.programs["test:receiver"] = program = compile_body(
        parse(text, start="rules"), GAME.lexicon
    )
    for instruction in program:
        prepare_act(GAME, instruction)
    GAME.programs["test:stop"] = [JumpI(0)]
    state.frames = [GAME.frame("test:stop", 0), GAME.frame("test:receiver", 0)]
    GAME.run(state, stop=lambda frame, instruction: frame["prog"] == "test:stop")
    assert state.pending is not None and state.pending["player"] == 0, "player 1 chooses"
    assert state.pending["kind"] == "player"
