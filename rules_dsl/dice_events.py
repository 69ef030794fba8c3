"""What the steps of a pack roll and set off: the dice of `roll 2 damage dice`, the faces its
rules count the dice by, and the events of `trigger "<event>" for <card>`.

A card's rules may start on an event of the pack's own (`on penalty: lose 1 coin`). Such an
event is declared by being set off somewhere in the pack: a step `trigger "penalty" for it` in
a phase, a card's rules, the setup, the age change or a declared action's `does`, as a declared
action's `event:` declares its own (actions.py). A rule on an event nothing sets off is the
checks' "unknown event", whose hint lists the events the pack sets off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import ast
from .actions import action_texts

# The event a card's own rules start on when a step buys it (interpreter/mechanics/buying.py).
BUY_EVENT = "you buy this card"

if TYPE_CHECKING:
    from .pack import Pack

VERB = "trigger"  # the step's verb, in its base form (the parser's)
DICE = ("die", "dice")


def event_of(act: ast.Act) -> str | None:
    """The event a `trigger "<event>" ...` step names (its words one space apart), or None
    when the act is no such step or names it some other way."""
    name = _event_name(act)
    return " ".join(name.name.split()) if name is not None and name.name.strip() else None


def event_names(act: ast.Act) -> list[ast.CardName]:
    """The quoted event of a trigger step: a name in quotes that is no card."""
    name = _event_name(act)
    return [name] if name is not None else []


def _event_name(act: ast.Act) -> ast.CardName | None:
    np = act.object
    if (
        act.verb != VERB
        or not isinstance(np, ast.NounPhrase)
        or len(np.heads) != 1
        or not isinstance(np.heads[0], ast.CardName)
        or np.tails
        or np.determiner is not None
        or np.count is not None
        or np.possessive is not None
    ):
        return None
    return np.heads[0]


def unknown_die(act: ast.Act, dice: set[str]) -> tuple[str, list[str]] | None:
    """The die a `roll ... dice` step names that the pack does not declare (its name, and the
    words' head it is in), or None. Words before a declared die ("some damage dice") are the
    interpreter's to report: they are a number that is none."""
    head = roll_head(act)
    if head is None:
        return None
    name = " ".join(head[:-1])
    if name in ("", "all") or any(name == d or name.endswith(f" {d}") for d in dice):
        return None
    return name, sorted(dice)


def roll_head(act: ast.Act) -> tuple[str, ...] | None:
    """The words of a roll step's dice ("damage dice"), or None for another step."""
    np = act.object
    if act.verb != "roll" or not isinstance(np, ast.NounPhrase) or len(np.heads) != 1:
        return None
    head = np.heads[0]
    return head if isinstance(head, tuple) and head[-1] in DICE else None


def triggered_events(pack: Pack) -> list[str]:
    """Every event a trigger step of the pack sets off, in the order first written (worked
    out once per pack)."""
    cached = pack.__dict__.get("_triggered_events")
    if cached is not None:
        return list(cached)
    out: list[str] = []
    for tree in rule_texts(pack):
        for node in ast.walk(tree):
            event = event_of(node) if isinstance(node, ast.Act) else None
            if isinstance(node, ast.Act) and node.verb in ("buy", "buys"):
                event = BUY_EVENT  # a bought card's own rules run then (mechanics/buying.py)
            if event is not None and event not in out:
                out.append(event)
    pack.__dict__["_triggered_events"] = tuple(out)
    return out


def rule_texts(pack: Pack) -> list[Any]:
    """Every parsed text of the pack's rules language: the cards', the phases', the setup's,
    the age change's, the declared actions', the scoring's and the conditions'."""
    texts: list[Any] = [card.rules for card in pack.cards]
    texts += [*pack.type_rules.values(), *pack.phases.values(), pack.setup, pack.age_change]
    texts += [tree for action in pack.actions for _, tree in action_texts(action)]
    texts += [pack.scoring, pack.age_end, *(line.number for line in pack.tie_break)]
    texts += [token.condition for token in pack.tokens]
    return [t for t in texts if t is not None]


def faces_read(pack: Pack) -> set[str]:
    """The faces a rule counts the dice by ("the number of titan dice": "titan"), so that a
    die's face may be a plain name that gives nothing by itself."""
    out: set[str] = set()
    for tree in rule_texts(pack):
        for node in ast.walk(tree):
            if isinstance(node, ast.NounPhrase):
                out.update(
                    " ".join(head[:-1])
                    for head in node.heads
                    if isinstance(head, tuple) and len(head) > 1 and head[-1] in DICE
                )
    return out
