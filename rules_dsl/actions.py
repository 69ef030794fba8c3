"""The kinds of action a game file declares: what a player may do in a phase that takes actions.

`actions:` is a list. An entry is either the name of a kind of action the engine plays itself
(acquire, buy, discard, roll a die again, exchange, take <money>, tilt for <money>, and each
action face of `face actions:` that straightens, rolls again or doubles, by its face's name:
Along History's golden age), or a kind of action the pack declares, written
in the rules language, as a name with its properties:

    actions:
      - take a card:
          choose: a card in the card row        # what it is done to: "it" in cost, if, does
          cost: 1 civil action                  # paid from the doer's counters
          if: you have fewer than 5 cards in your hand
          does: move it into your hand
      - place a citizen:
          choose: a card in your empire
          does: lose 1 citizen
          event: you place a citizen on this card   # the chosen card's rules on it run next

- `choose` (optional): a card phrase; the action is offered once for each card it means now,
  and "it" in the other properties is that card.
- `cost` (optional): amounts of the doer's counters (`1 civil action`, `X coin where X is the
  points of it`), and `its cost`: the chosen card's cost, each symbol paid from the counter of
  the same name. The action is offered only when the doer has all of it.
- `if` (optional): a condition that must hold for the action to be offered.
- `does`: the steps, as a phase's; "you" is the doer.
- `event` (optional, with `choose`): an event of the pack's own that the action sets off on the
  chosen card: that card's rules starting with it (`when you place a citizen on this card:
  gain 2 coin`) run after the steps, for the doer, as Along History's "on acquire" rules run
  after an acquisition.

The interpreter compiles these (`interpreter/mechanics/declared_actions.py`); the checks here
are what the schema cannot say (a declared name that is the engine's own, a name given twice).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic
from .roles import MONEY_ACTIONS, is_engine_kind
from .vocabulary import engine_events

if TYPE_CHECKING:
    from .source import Source
    from .yaml_source import YamlDocument

PROPERTIES = ("choose", "cost", "if", "does", "event", "bots")
# `bots: last resort`: the bots take the action only when nothing else is legal (resigning)
LAST_RESORT = "last resort"


@dataclass(frozen=True)
class ActionSpec:
    """A kind of action the pack declares, its texts parsed (None where left out)."""

    name: str
    choose: Any
    cost: Any
    condition: Any
    does: Any
    event: str | None
    source: Source = field(compare=False, repr=False)


def action_texts(action: ActionSpec) -> list[tuple[str, Any]]:
    """(property, parsed text) of each property the action writes."""
    found = [("choose", action.choose), ("cost", action.cost), ("if", action.condition)]
    return [(k, tree) for k, tree in (*found, ("does", action.does)) if tree is not None]


def declared_entries(actions: Any) -> list[tuple[int, str, dict[str, Any]]]:
    """(index, name, properties) of each declared kind of action in `actions:` as written."""
    out = []
    for i, entry in enumerate(actions if isinstance(actions, list) else []):
        if isinstance(entry, dict) and len(entry) == 1:
            name, spec = next(iter(entry.items()))
            out.append((i, str(name), spec if isinstance(spec, dict) else {}))
    return out


def read_actions(doc: YamlDocument, game: dict[str, Any], parse: Any) -> list[ActionSpec]:
    """The declared kinds of action, each text parsed with `parse(source, text, start)`."""
    from .source import Source

    out = []
    for i, name, spec in declared_entries(game.get("actions")):

        def at(key: str, i: int = i, name: str = name) -> Source:
            return Source(doc, ("actions", i, name, key))

        out.append(
            ActionSpec(
                name,
                parse(at("choose"), spec.get("choose"), "number"),
                parse(at("cost"), spec.get("cost"), "cost"),
                parse(at("if"), spec.get("if"), "condition"),
                parse(at("does"), spec.get("does"), "rules"),
                _event_of(spec),
                Source(doc, ("actions", i, name)),
            )
        )
    return out


def _event_of(spec: dict[str, Any]) -> str | None:
    event = spec.get("event")
    return " ".join(event.split()) if isinstance(event, str) and event.strip() else None


def last_resorts(game: dict[str, Any]) -> frozenset[str]:
    """The declared actions the bots take only when nothing else is legal (`bots: last
    resort`)."""
    return frozenset(
        name
        for _, name, spec in declared_entries(game.get("actions"))
        if spec.get("bots") == LAST_RESORT
    )


def declared_events(game: dict[str, Any]) -> list[str]:
    """The events the pack's declared actions set off, in the order declared."""
    out: list[str] = []
    for _, _, spec in declared_entries(game.get("actions")):
        event = _event_of(spec)
        if event is not None and event not in out:
            out.append(event)
    return out


HOLDER = "you "  # "when you develop a technology:": a rule of the doer's cards on an action


def holder_events(game: dict[str, Any]) -> list[str]:
    """The events a declared action sets off on the doer's active cards, each "you <its
    name>" ("when you develop a technology:"), in the order declared."""
    out: list[str] = []
    for _, name, _ in declared_entries(game.get("actions")):
        event = HOLDER + " ".join(str(name).split())
        if event not in out:
            out.append(event)
    return out


def check_actions(doc: YamlDocument, game: dict[str, Any]) -> list[Diagnostic]:
    """A declared kind of action named like one of the engine's, or declared twice."""
    out: list[Diagnostic] = []
    seen: set[str] = set()
    actions = game.get("actions")
    faces = game.get("face actions")  # a face doing no die action is reported there (roles.py)
    for i, entry in enumerate(actions if isinstance(actions, list) else []):
        plain = isinstance(entry, str) and not entry.startswith(MONEY_ACTIONS)
        if isinstance(faces, dict) and isinstance(entry, str) and entry in faces:
            continue
        if plain and not is_engine_kind(entry, game):  # the money's kinds: roles.py
            out.append(
                doc.diagnostic(
                    ("actions", i),
                    f'"{entry}" is not a kind of action the engine plays',
                    code="action",
                    hint="the engine's kinds are acquire, buy, discard, roll a die again, "
                    "exchange, take <money>, tilt for <money>, and the faces of face actions: "
                    "that straighten, roll again or double; an action of the game's own is its "
                    "name with what it does (- name: {does: ...})",
                )
            )
    for i, name, spec in declared_entries(actions):
        problem = None
        if is_engine_kind(name, game):
            problem = (
                f'"{name}" is a kind of action the engine plays itself',
                f'list it as "- {name}" with no properties, or give yours another name',
            )
        elif name in seen:
            problem = (f'the action "{name}" is declared twice', "give each action its own name")
        elif name == "pass":
            problem = ('"pass" is always offered: it ends the actions', "give yours another name")
        elif _event_of(spec) is not None and "choose" not in spec:
            problem = (
                f'the action "{name}" sets off an event but chooses no card to set it off on',
                "add choose: (the card whose rules the event runs), or leave event: out",
            )
        elif _event_of(spec) in engine_events(game):
            problem = (
                f'"{_event_of(spec)}" is an event of the engine\'s own',
                "give the action's event a name of its own",
            )
        seen.add(name)
        if problem is not None:
            out.append(
                doc.diagnostic(
                    ("actions", i, name), problem[0], code="action", key=True, hint=problem[1]
                )
            )
    return out
