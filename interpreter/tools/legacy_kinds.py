"""The ids older saves wrote for three kinds of action, read as today's.

Until the action faces were declared by the pack (game.yaml `face actions:`), the engine named
the kind that straightens your cards after Along History's face, and the kind that takes a
money face and a purchase's price after its money. Those ids are the old format's vocabulary,
kept here only so that a game saved then still loads and resumes exactly.
"""

from __future__ import annotations

from ..core.actions import Action
from ..mechanics.action_phase import PRICE, STRAIGHTEN_KIND, TAKE_MONEY

OLD_KINDS = {"golden age": STRAIGHTEN_KIND, "gold": TAKE_MONEY}
OLD_PRICE = "gold"  # the parameter of a purchase that held its price


def current(action: Action) -> Action:
    """`action` as this version names it (itself when it is already)."""
    kind = OLD_KINDS.get(action.kind, action.kind)
    params = action.params
    if kind == "buy" and OLD_PRICE in params and PRICE not in params:
        params = {(PRICE if k == OLD_PRICE else k): v for k, v in params.items()}
    if kind == action.kind and params is action.params:
        return action
    return Action(kind, params, action._text)
