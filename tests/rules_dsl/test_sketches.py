"""The language is not Along History's alone: it can sketch the turns of two other games.

Sketches of The Ancient World's round (prepare, player actions, end of round) and of Through the
Ages' turn (start of turn and politics, actions, end of turn and production), written in our own
words from ../shared/rules; each line cites the clauses it sketches (TAW-xx, TTA-xx). Here they
only have to parse, say what they mean (no noun swallows a keyword) and round-trip; the packs of
those games will give the nouns their meaning.

Sentences these sketches wanted but the grammar cannot say, and what they say instead:
- `attack a titan`: "attack" is only the strength keyword, not a verb -> `fight a titan`.
- `fight the top titan of a deck or a threatening titan`: phrases cannot be joined by "or"
  outside "owns" -> two actions joined by "or".
- `the defender may play defence bonus cards`: only "you may"; "<someone> may" reads "may" as a
  noun -> the defender plays a phase of their own that says "you may".
- `a rival whose strength is lower than yours`: no "whose" -> `a rival who has less than your
  strength`.
- `if the round is 2`: a comparison needs its comparator -> `if the round is exactly 2`.
- `roll one damage die per banner`: "per" belongs to strength bonuses -> `roll damage dice
  equal to the banners of ...`.
- verbs the turns want but the grammar lacks: offer, cancel, resign (TTA-P1), increase, upgrade,
  develop, disband (TTA-A1, TTA-A6), slide (TTA-T3), decline, calm (TAW-A2, TAW-E1).
- past tense of a state: `if the titan was on another player's board` -> present tense.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_dsl import ast
from rules_dsl.parser import parse
from rules_dsl.printer import print_rules

THE_ANCIENT_WORLD = {
    "round": """
play "prepare"                                                      # TAW-S3: six rounds of
play "player actions"                                               #   three phases
play "end of round"
""",
    "prepare": """
advance the round marker by 1                                       # TAW-P1
if the round is exactly 2: place 1 ambrosia on the explore space    # TAW-P1
if the round is exactly 3: reveal the grow space; then place 1 ambrosia on it
if the round is exactly 4: set the empire deck equal to "Empire Deck B"
discard all cards in the empire row                                 # TAW-P2
refill the empire row from the empire deck to the number of players + 2
if the round is at least 2:                                         # TAW-P3
  set the titan deck equal to the titan deck of the round's strength
  if the titan deck is empty: swap it for the next stronger titan deck
  each player in turn order draws a titan from the bottom of the titan deck
    onto their threat space
""",
    "player actions": """
repeat until every player has passed:                               # TAW-A1
  each player in turn order who has not passed plays "turn"         # TAW-A6
""",
    "turn": """
place a citizen on an action space or place a citizen on one of your empire cards
  or fight the top titan of a titan deck or fight a threatening titan
  or build a stored empire card or pass                             # TAW-A1, A4, A5, B1
""",
    "place a citizen": """
if the action space has a citizen with the highest skill:           # TAW-A3
  pay 1 coin to the supply
take all ambrosia from the action space                             # TAW-A2
you may use the action of the action space                          # TAW-A2
""",
    "fight": """
unless you have an unused military card: end the turn               # TAW-B2
pay the price of your unused military cards onto their name area    # TAW-B3
if your attack is at least the defence of the titan:                # TAW-B5, TAW-B6
  put the titan into your district row
  if the titan is in another player's threat space:                 # TAW-B7
    take its ambrosia at most its banners
  roll damage dice equal to the banners of the titan                # TAW-B8
  flip the top titan of its deck
""",
    "end of round": """
each player in turn order plays "confront"                          # TAW-E1
unless the round is exactly 6:                                      # TAW-E6
  each player collects their income                                 # TAW-E2
  place 1 ambrosia on each open action space                        # TAW-E3
each player returns all their citizens to their board               # TAW-E4
each player moves all coins from the name area of their military cards onto their picture area
pass the first player token to the next player                      # TAW-E4
each player feeds their citizens                                    # TAW-E5
each player puts their unfed citizens into their starving area      # TAW-E5
""",
    "confront": """
pay the calming price of your threatening titan in ambrosia onto it
  or roll damage dice equal to the banners of your threatening titan   # TAW-E1
""",
}

THROUGH_THE_AGES = {
    "turn": """
play "start of turn"                                                # TTA-T2
play "politics"
play "actions"
play "end of turn"
""",
    "start of turn": """
discard the cards of the card row equal to 5 - the number of players   # TTA-T3
deal cards from the civil deck into the empty spaces of the card row
if the civil deck is empty: end the age                             # TTA-T4
if you have a war in your play area: resolve it                     # TTA-P4
move your exclusive tactic to the common tactics area               # TTA-A7
""",
    "politics": """
you may prepare an event or play an aggression or declare a war     # TTA-P1
  or play a pact or discard a pact or end your game
""",
    "prepare an event": """
put your event card onto the future events deck                     # TTA-P2
score culture equal to the age of your event card
reveal the top card of the current events deck; then resolve it
""",
    "aggression": """
pay the military cost of the aggression                             # TTA-P3
choose a rival who has less than your strength
the rival plays "defend"
if the strength of the rival is less than your strength: resolve the aggression
""",
    "defend": """
you may play defence bonus cards; then you may discard cards from your hand   # TTA-P3
""",
    "actions": """
repeat until you have passed:                                       # TTA-T2
  take a civil action or take a military action or pass             # TTA-A1, TTA-A6
""",
    "civil action": """
pay 1 civil action                                                  # TTA-A1
gain 1 worker or build a building or destroy a building or play a leader
  or build a wonder stage or play a technology or play an action card
  or take a card from the card row                                  # TTA-A2
""",
    "military action": """
pay 1 military action                                               # TTA-A6
build a unit or exchange a unit for a better unit or remove a unit
""",
    "end of turn": """
discard military cards from your hand until your military hand is at most your military actions
if your discontent workers are more than your unused workers:       # TTA-E2
  skip the production
otherwise:                                                          # TTA-E3
  score science equal to your science rating
  score culture equal to your culture rating
  lose resources equal to your corruption
  produce food
  if your food is less than your food consumption:
    lose culture equal to 4 * (your food consumption - your food)
  pay your food consumption in food
  produce resources
draw military cards equal to your unused military actions at most 3   # TTA-E4
reset your actions                                                  # TTA-E4
""",
    "new age": """
discard all antiquated cards                                        # TTA-T5
each player loses 2 yellow tokens
if the age is exactly 4: end the game                               # TTA-T5, TTA-G1
""",
}

SKETCHES = [
    pytest.param(game, phase, text, id=f"{game}: {phase}")
    for game, phases in (
        ("The Ancient World", THE_ANCIENT_WORLD),
        ("Through the Ages", THROUGH_THE_AGES),
    )
    for phase, text in phases.items()
]

GRAMMAR = (Path(ast.__file__).parent / "grammar.lark").read_text(encoding="utf-8")
KEYWORDS = frozenset(re.findall(r'"([a-z]+)"', GRAMMAR))
# keywords these games use as nouns, where the grammar reads them as nouns
NOUN_KEYWORDS = {"war", "attack", "defence", "play", "price", "cost", "end", "turn"}


@pytest.mark.parametrize("game, phase, text", SKETCHES)
def test_a_sketch_parses_and_round_trips(game, phase, text):
    tree = parse(text)
    assert tree.statements
    printed = print_rules(tree)
    assert parse(printed) == tree
    assert print_rules(parse(printed)) == printed


@pytest.mark.parametrize("game, phase, text", SKETCHES)
def test_no_noun_of_a_sketch_swallows_a_keyword(game, phase, text):
    for node in ast.walk(parse(text)):
        if isinstance(node, ast.NounPhrase):
            for head in node.heads:
                if isinstance(head, tuple):
                    assert not (set(head) & KEYWORDS) - NOUN_KEYWORDS, (phase, head)


def test_the_phases_named_in_the_sketches_are_sketched():
    for phases in (THE_ANCIENT_WORLD, THROUGH_THE_AGES):
        for text in phases.values():
            for named in re.findall(r'plays? "([^"]+)"', text):
                assert named in phases


def test_a_sketch_reads_as_written():
    (repeat,) = parse(THE_ANCIENT_WORLD["player actions"]).statements[0].steps
    assert repeat.until == ast.Did(
        ast.NounPhrase("every", heads=(("player",),)), True, False, "passed", None, False
    )
    (step,) = repeat.body[0].steps
    assert step.verb == "play" and step.object == ast.NounPhrase(heads=(ast.CardName("turn"),))
    assert list(step.subject.tails) == [ast.InTurnOrder(), ast.WhoDid(True, True, "passed")]
    production = parse(THROUGH_THE_AGES["end of turn"]).statements[1].steps[0]
    assert isinstance(production, ast.If) and len(production.otherwise) == 7
