"""A player given a role of the rule by a step: `... becomes the defender`.

    an opponent of your choice who has less strength than you becomes the defender
    the defender plays "defend"                   a part of this turn, played by the defender
    if the defender's strength + the defender's defence is less than your strength: ...

Through the Ages' aggression (TTA-P3) names a rival who answers inside the attacker's turn. The
roles are the engine's words for the two sides of a conflict (attacker and defender, winner and
loser, as Along History's wars give them): the step gives its doer the role, and the rule's
player the other side's unless the rule gave it already. They hold for the rest of the rule
and the parts it plays (`the defender plays "defend"`: the defender plays the part, "the
attacker" there being the rule's player), and numbers read them (`the defender's culture`).
A step that no player can take the role in can do nothing: a declared action whose first
step it is (or a part starting with it) is not offered then.

A card may keep a player past the rule, in one of the pack's player states (`card states:
{target: player}`): `the defender becomes its target` names the doer on the card "it" (or
`the target of <cards>`), and `its target becomes the defender` gives the role, in a later
turn, to the player it names (none while it names none: the step has nothing to do).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast

from ..compile.meaning import player_state_of, players_of, the_cards
from ..core.card_state import name_player
from ..core.control import NEXT, Result
from ..core.errors import cannot
from .moves import doer

if TYPE_CHECKING:
    from ..compile.meaning import Lexicon
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]

# each role a step may give, and the other side's (given to the rule's player)
SIDES = {"attacker": "defender", "defender": "attacker", "winner": "loser", "loser": "winner"}
FORM = (
    'become reads "<player> becomes the defender" (or the attacker, the winner, the loser), '
    'or "<player> becomes its <player state>" for a state of card states: that names a player'
)


def given_role(np: Any) -> str | None:
    """The role a phrase names ("the defender"), if it names one a step may give."""
    if (
        isinstance(np, ast.NounPhrase)
        and np.determiner == "the"
        and np.count is None
        and np.possessive is None
        and not np.tails
        and len(np.heads) == 1
        and isinstance(np.heads[0], tuple)
        and len(np.heads[0]) == 1
        and np.heads[0][0] in SIDES
    ):
        return np.heads[0][0]
    return None


def become_builder(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    role = given_role(act.object)
    kept = player_state_of(act.object, lex) if role is None and not act.roles else None
    if kept is not None:
        return _keep_builder(instruction, lex, *kept)
    if role is None or act.roles:
        raise cannot(act, FORM)
    other = SIDES[role]

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Any
    ) -> Result:
        roles = dict(frame.get("roles") or {})
        roles[role] = doer(frame)
        roles.setdefault(other, frame["player"])
        frame["roles"] = roles
        game.say(state, f"{game.player_name(doer(frame))} is the {role}.")
        return NEXT

    if act.subject is not None:  # offered only when some player can take the role
        seats, _ = players_of(act.subject, lex)

        def can(game: Game, state: State, frame: dict[str, Any]) -> str:
            return "fully" if seats(game.ctx(state, frame)) else "not"

        instruction.data["can"] = can
    instruction.data["says"] = f"become the {role} (you are the {other})"
    return handler


def _keep_builder(instruction: ActI, lex: Lexicon, name: str, card: Any) -> Handler:
    """`the defender becomes its target`: the card names the doer in its player state."""
    cards, text = the_cards(card, lex, f"the {name}")

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Any
    ) -> Result:
        seat = doer(frame)
        for c in cards(game.ctx(state, frame)):
            name_player(state, c, name, seat)
            game.say(state, f"{game.player_name(seat)} is the {name} of {game.name(c)}.")
        return NEXT

    instruction.data["says"] = f"become the {name} of {text}"
    return handler
