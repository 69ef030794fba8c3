"""The language is not Along History's alone: sketches of two other games' turns parse.

Written from ../shared/rules (The Ancient World: TAW-xx, Through the Ages: TTA-xx) in our own
words; they only need to parse and round-trip here, a pack will give them meaning later.
"""

from __future__ import annotations

import pytest

from rules_dsl.parser import parse
from rules_dsl.printer import print_rules

ANCIENT_WORLD = {
    "round": """
play "prepare"
play "player actions"
play "end of round"
""",
    "prepare": """
advance the round marker by 1                                     # TAW-P1
discard each card in the empire row                               # TAW-P2
refill the empire row from the empire deck
if the round is at least 2:                                       # TAW-P3
  each player in turn order draws a titan from the bottom of the titan deck into their threat space
""",
    "player actions": """
repeat until every player has passed:                             # TAW-A1, TAW-A6
  each player in turn order who has not passed takes an action
""",
    "end of round": """
each player confronts their threatening titan                     # TAW-E1
each player collects their income                                 # TAW-E2
place 1 ambrosia on each uncovered action space                   # TAW-E3
each player returns their citizens to their board                 # TAW-E4
each player feeds their citizens                                  # TAW-E5
""",
}

THROUGH_THE_AGES = {
    "turn": """
replenish the card row                                            # TTA-T2, TTA-T3
if you have a war: resolve your war                               # TTA-P4
you may take a political action                                   # TTA-P1
take actions until you have passed                                # TTA-A1
play "end of turn"
""",
    "end of turn": """
discard military cards until you have at most 4 military cards    # TTA-E1
if your discontent workers are more than 0: skip your production  # TTA-E2
otherwise:                                                        # TTA-E3
  gain culture equal to your culture rating
  gain science equal to your science rating
  produce food; then produce resources
draw 3 military cards from the military deck                      # TTA-E4
""",
}


@pytest.mark.parametrize(("game", "phase"), [
    *(("the ancient world", p) for p in ANCIENT_WORLD),
    *(("through the ages", p) for p in THROUGH_THE_AGES),
])
def test_sketch_parses_and_round_trips(game, phase):
    text = (ANCIENT_WORLD if game == "the ancient world" else THROUGH_THE_AGES)[phase]
    tree = parse(text)
    assert tree.statements
    assert parse(print_rules(tree)) == tree
