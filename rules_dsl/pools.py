"""Pools: a counter that pays part of some actions' costs in another counter, before it.

    counters:
      unit resource: {spent_as: resource, for_actions: [build a unit, upgrade a unit]}

A pool is a counter like any other (rules gain and lose it: `gain 2 unit resource`, `lose all
unit resource`); what it adds is a payment. When the doer takes one of the declared actions
named in `for_actions`, the amount of `spent_as` their cost asks for (as their cards change it)
is paid from the pool first, as much as it holds, and the rest as usual: a cost of 3 resource
with 2 in the pool is paid 2 unit resource and 1 resource, and is payable with 1 resource.
Nothing else may spend it. `spent_as` is a counter or a stored resource of the game
(rules_dsl/stored.py). The interpreter pays it (interpreter/mechanics/declared_actions.py);
the checks here are located errors for every mistake.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import declared_entries
from .diagnostics import Diagnostic, did_you_mean

if TYPE_CHECKING:
    from .pack import Pack

SPENT_AS, FOR_ACTIONS = "spent_as", "for_actions"


@dataclass(frozen=True)
class Pool:
    """A counter that pays `spent_as` first in the costs of the actions `actions`."""

    name: str
    spent_as: str
    actions: frozenset[str]


def pools(game: dict[str, Any]) -> list[Pool]:
    """The pools the game file declares, in the order of its counters (a malformed one left
    out: `check_pools` reports it)."""
    out = []
    for name, spec in (game.get("counters") or {}).items():
        if not isinstance(spec, dict):
            continue
        spent, acts = spec.get(SPENT_AS), spec.get(FOR_ACTIONS)
        if isinstance(spent, str) and isinstance(acts, list) and acts:
            out.append(Pool(str(name), spent, frozenset(str(a) for a in acts)))
    return out


def check_pools(pack: Pack) -> list[Diagnostic]:
    return list(_check(pack))


def _check(pack: Pack) -> Iterator[Diagnostic]:
    game = pack.game
    counters = game.get("counters") or {}
    stored = game.get("stored") or {}
    payable = [str(c) for c in counters] + [str(s) for s in stored]
    declared = [name for _, name, _ in declared_entries(game.get("actions"))]
    for name, spec in counters.items():
        if not isinstance(spec, dict) or (SPENT_AS not in spec and FOR_ACTIONS not in spec):
            continue
        doc, path = pack.place("counters", name)
        spent, acts = spec.get(SPENT_AS), spec.get(FOR_ACTIONS)
        if SPENT_AS not in spec or FOR_ACTIONS not in spec:
            missing = FOR_ACTIONS if SPENT_AS in spec else SPENT_AS
            yield doc.diagnostic(
                path,
                f'the pool "{name}" has no {missing}',
                code="pool",
                key=True,
                hint=f"a pool says both what it is spent as ({SPENT_AS}: a counter or stored "
                f"resource) and on which actions ({FOR_ACTIONS}: the declared actions' names)",
            )
            continue
        if spent == name or spent not in payable:
            why = "itself" if spent == name else "no counter or stored resource of the game"
            yield doc.diagnostic(
                (*path, SPENT_AS),
                f'the pool "{name}" is spent as "{spent}": {why}',
                code="pool",
                hint=did_you_mean(str(spent), [p for p in payable if p != name])
                or f"one of: {', '.join(p for p in payable if p != name)}",
            )
        for i, action in enumerate(acts if isinstance(acts, list) else []):
            if action not in declared:
                yield doc.diagnostic(
                    (*path, FOR_ACTIONS, i),
                    f'the pool "{name}" is spent on "{action}": the game declares no such action',
                    code="pool",
                    hint=did_you_mean(str(action), declared)
                    or f"the declared actions: {', '.join(declared) or 'none'}",
                )
