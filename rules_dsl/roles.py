"""The roles a game file gives to names it declares: the resource a cost counts by amount
(`counted_resource`), the counter that is money (`money`), the keyword of the cards that are
never exchanged (`never_exchanged`), the bonus a side tilts in a contest (`contests: <name>: tilt`).

The mechanics that play these roles (a cost whose amount is X or changes, buying at a gold
price, taking a money face, tilting for money...) read the names from the pack, so no Python
names a pack's resource. Both keys are optional, with no default guessed from the names: a game
without a counted resource has costs of fixed symbols only, a game without money has no gold
price. A pack that uses a role it did not name is told so where it uses it (here for a card's
gold price and the money actions; the interpreter for an X cost, a cost change or a "gold
price" rule), which is clearer than a resource the designer never chose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .card_keys import PRICE
from .diagnostics import Diagnostic, did_you_mean

if TYPE_CHECKING:
    from .pack import Pack

# The kinds of action (game.yaml `actions:`) that name the money: "take gold", "tilt for gold".
MONEY_ACTIONS = ("take ", "tilt for ")
MONEY_PLACEHOLDER = "<money>"


# The kinds of action the engine plays itself, as a pack names them ("<money>" is the pack's
# money: "take gold"); an action face is named by its face (`face actions:`).
ENGINE_KINDS = (
    "acquire",
    "buy",
    "discard",
    "roll a die again",
    "exchange",
    "take <money>",
    "tilt for <money>",
)

# The engine's die actions, which game.yaml `face actions:` gives to the pack's action faces:
# straighten your tilted cards (when one is), re-roll other dice of your choice, double another
# die, declare a contest (the war of Along History, played in "wage your wars"), nothing.
STRAIGHTEN, ROLL_AGAIN, DOUBLE, CONTEST, NOTHING = (
    "straighten",
    "roll again",
    "double",
    "contest",
    "nothing",
)
FACE_ACTIONS = (STRAIGHTEN, ROLL_AGAIN, DOUBLE, CONTEST, NOTHING)
# The die actions a player takes from the menu of "take actions" (a contest waits for its step).
MENU_FACE_ACTIONS = (STRAIGHTEN, ROLL_AGAIN, DOUBLE)


def face_actions(game: dict[str, Any]) -> dict[str, str]:
    """The pack's action faces, each with the engine's die action it does (game.yaml `face
    actions:`; the entries that name no die action are reported by `check_roles`)."""
    found = game.get("face actions")
    if not isinstance(found, dict):
        return {}
    return {str(k): str(v) for k, v in found.items() if v in FACE_ACTIONS}


def engine_kinds(actions: Any) -> tuple[str, ...] | None:
    """The engine's own kinds of action `actions:` names (None: it says nothing, so every
    kind; a list of declared kinds only names none)."""
    if actions is None:
        return None
    return tuple(e for e in actions if isinstance(e, str)) if isinstance(actions, list) else ()


def is_engine_kind(name: str, game: dict[str, Any]) -> bool:
    """Whether a name in `actions:` is a kind of action the engine plays itself: one of
    ENGINE_KINDS, or an action face of the menu (`face actions:`)."""
    money = game.get("money") if isinstance(game.get("money"), str) else None
    if action_key(name, money) in ENGINE_KINDS:
        return True
    return face_actions(game).get(name) in MENU_FACE_ACTIONS


def uses_engine_kinds(game: dict[str, Any]) -> bool:
    """Whether the game plays one of the engine's own kinds of action: `actions:` says nothing
    (every kind), or lists one by its name."""
    kinds = engine_kinds(game.get("actions"))
    return kinds is None or any(is_engine_kind(k, game) for k in kinds)


def action_key(name: str, money: str | None) -> str:
    """A kind of action as the action phase knows it: "take gold" -> "take <money>" when gold
    is the money; any other name unchanged."""
    for head in MONEY_ACTIONS:
        if money is not None and name == head + money:
            return head + MONEY_PLACEHOLDER
    return name


def check_roles(pack: Pack) -> list[Diagnostic]:
    """Each role that names something the game does not declare, or that is used unnamed."""
    game = pack.game
    resources = [str(r) for r in game.get("resources") or []]
    counters = [str(c) for c in game.get("counters") or {}]
    keywords = [str(k) for k in game.get("keywords") or []]
    out: list[Diagnostic] = []

    def undeclared(
        path: tuple[str, ...], value: Any, role: str, what: str, declared: list[str]
    ) -> None:
        if not isinstance(value, str) or value in declared:
            return
        doc, where = pack.place(*path)
        out.append(
            doc.diagnostic(
                where,
                f'{role} "{value}" is not {what} of the game',
                code="unknown-role",
                hint=did_you_mean(value, declared) or f"declared: {', '.join(declared) or 'none'}",
            )
        )

    undeclared(
        ("counted_resource",),
        game.get("counted_resource"),
        "the counted resource",
        "a resource",
        resources,
    )
    undeclared(("money",), game.get("money"), "the money", "a counter", counters)
    undeclared(
        ("never_exchanged",),
        game.get("never_exchanged"),
        "the keyword of cards never exchanged",
        "a keyword",
        keywords,
    )
    out += _money_actions(pack, counters)
    out += _face_actions(pack)
    out += _gold_prices(pack)
    return out


def _money_actions(pack: Pack, counters: list[str]) -> list[Diagnostic]:
    """ "take X" and "tilt for X" in `actions:` must name the money."""
    names = pack.game.get("actions")
    money = pack.money
    if money is not None and money not in counters:
        return []  # the money itself is reported: its actions would only repeat it
    out = []
    for i, name in enumerate(names if isinstance(names, list) else []):
        head = next(
            (h for h in MONEY_ACTIONS if isinstance(name, str) and name.startswith(h)), None
        )
        if head is None or (money is not None and name == head + money):
            continue
        doc, where = pack.place("actions", i)
        word = name[len(head) :]
        if money is None:
            message = f'"{name}" takes money, but the game names no money'
            hint = (
                f'add "money: {word}" to game.yaml'
                if word in counters
                else "name the counter that is money with money: in game.yaml"
            )
        else:
            message = f'"{name}": "{word}" is not the money of the game ({money})'
            hint = f'write "{head}{money}"'
        out.append(doc.diagnostic(where, message, code="unknown-role", hint=hint))
    return out


def _face_actions(pack: Pack) -> list[Diagnostic]:
    """Each entry of `face actions:` must name one of the engine's die actions."""
    found = pack.game.get("face actions")
    out = []
    for face, action in (found if isinstance(found, dict) else {}).items():
        if action in FACE_ACTIONS:
            continue
        doc, where = pack.place("face actions", face)
        out.append(
            doc.diagnostic(
                where,
                f'the face "{face}" does "{action}": that is not a die action the engine plays',
                code="unknown-role",
                hint=did_you_mean(str(action), list(FACE_ACTIONS))
                or f"a face action is one of {', '.join(FACE_ACTIONS)}",
            )
        )
    return out


def _gold_prices(pack: Pack) -> list[Diagnostic]:
    """A card with a price in money in a game that names no money could never be bought."""
    if pack.money is not None:
        return []
    return [
        card.source.doc.diagnostic(
            (*card.source.path, PRICE),
            f'"{card.name}" has a price ({PRICE}:), but the game names no money to pay it with',
            code="unknown-role",
            hint="name the counter that is money with money: in game.yaml, or remove the price",
        )
        for card in pack.cards
        if card.gold is not None
    ]
