"""Every way to pay a price: which dice, which cards' bonuses, which legacy card, which tokens.

A die's value is never split (AH-T4): a population die pays one card, whole. A tilted card
gives all its symbols at once (AH-C6). At most one legacy card per turn (AH-E4). A counter that
"pays" (the universal resource) gives one of its listed amounts per unit (AH-U3).

Only minimal payments are listed — taking away any one source would leave the price unpaid —
and sources that are alike (two dice showing 2 population, two Forests) are counted, not
told apart, so the list stays short: the first matching sources are the ones used.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

MAX_PAYMENTS = 48


@dataclass(frozen=True)
class Source:
    """Something that can pay: a die, a card to tilt, a legacy card, a counter unit."""

    kind: str                   # die | card | legacy | counter
    ref: int | str              # die index, card copy, or counter name
    gives: tuple[tuple[str, int], ...]      # what it gives, e.g. (("population", 4),)
    choices: tuple[tuple[tuple[str, int], ...], ...] = ()   # for counters: one of these

    @property
    def signature(self) -> tuple:
        return (self.kind, self.gives, self.choices, self.ref if self.kind == "counter" else 0)


@dataclass
class Payment:
    dice: list[int] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)
    legacy: int | None = None
    counters: list[tuple[str, str]] = field(default_factory=list)   # (counter, what it pays)

    def to_params(self) -> dict:
        return {"dice": self.dice, "tilt": self.cards, "legacy": self.legacy,
                "counters": [list(c) for c in self.counters]}


def _covers(total: Counter[str], population: int, resources: Counter[str]) -> bool:
    if total["population"] < population:
        return False
    return all(total[r] >= n for r, n in resources.items())


def payments(population: int, resources: Counter[str], sources: list[Source]) -> list[Payment]:
    """Minimal payments of `population` and `resources` from `sources`."""
    if population <= 0 and not resources:
        return [Payment()]
    useful = [s for s in sources if _useful(s, population, resources)]
    groups: dict[tuple, list[Source]] = {}
    for s in useful:
        groups.setdefault(s.signature, []).append(s)
    keys = list(groups)
    found: list[tuple[tuple[int, ...], tuple]] = []

    def options(key: tuple) -> list[tuple[int, tuple]]:
        group = groups[key]
        first = group[0]
        if first.kind == "counter":
            out: list[tuple[int, tuple]] = [(0, ())]
            for n in range(1, len(group) + 1):
                for combo in _multisets(len(first.choices), n):
                    out.append((n, combo))
            return out
        limit = 1 if first.kind == "legacy" else len(group)
        return [(n, ()) for n in range(limit + 1)]

    per_key = [options(k) for k in keys]
    # the most each group can still add, to stop early when the rest cannot pay
    best = [_total(((max(o[0] for o in opts), _richest(groups[k][0], opts)),), [k], groups)
            for opts, k in zip(per_key, keys, strict=True)]
    chosen: list[tuple[int, tuple]] = []

    def search(i: int, total: Counter[str], legacy_used: bool) -> None:
        if len(found) >= MAX_PAYMENTS * 4:
            return
        if _covers(total, population, resources):
            # adding anything more would not be minimal
            choice = tuple(chosen) + tuple((0, ()) for _ in keys[len(chosen):])
            if _minimal(choice, keys, groups, population, resources):
                found.append((tuple(n for n, _ in choice), tuple(c for _, c in choice)))
            return
        if i == len(keys):
            return
        reach = total.copy()
        for extra in best[i:]:
            reach.update(extra)
        if not _covers(reach, population, resources):
            return
        is_legacy = groups[keys[i]][0].kind == "legacy"
        for n, combo in per_key[i]:
            if n and is_legacy and legacy_used:
                continue
            chosen.append((n, combo))
            search(i + 1, total + _total(((n, combo),), [keys[i]], groups),
                   legacy_used or (is_legacy and n > 0))
            chosen.pop()

    search(0, Counter(), False)
    found.sort(key=lambda f: (sum(f[0]), f[0]))
    return [_payment(f, keys, groups) for f in found[:MAX_PAYMENTS]]


def _richest(source: Source, opts: list[tuple[int, tuple]]) -> tuple:
    """For a counter group: the combination giving the most of everything (an upper bound)."""
    if source.kind != "counter":
        return ()
    n = max(o[0] for o in opts)
    return tuple(k for k in range(len(source.choices)) for _ in range(n))


def _useful(s: Source, population: int, resources: Counter[str]) -> bool:
    gives = [g for option in (s.choices or (s.gives,)) for g in option]
    return any((k == "population" and population > 0) or resources.get(k, 0) > 0
               for k, _ in gives)


def _multisets(kinds: int, n: int) -> list[tuple[int, ...]]:
    """The ways n identical units can be split among `kinds` choices (as sorted tuples)."""
    if n == 0:
        return [()]
    out = []

    def build(prefix: list[int], start: int) -> None:
        if len(prefix) == n:
            out.append(tuple(prefix))
            return
        for k in range(start, kinds):
            build([*prefix, k], k)
    build([], 0)
    return out


def _total(choice: tuple, keys: list[tuple], groups: dict) -> Counter[str]:
    total: Counter[str] = Counter()
    for (n, combo), key in zip(choice, keys, strict=True):
        first = groups[key][0]
        if first.kind == "counter":
            for k in combo:
                for what, amount in first.choices[k]:
                    total[what] += amount
        else:
            for what, amount in first.gives:
                total[what] += amount * n
    return total


def _minimal(choice: tuple, keys: list[tuple], groups: dict, population: int,
             resources: Counter[str]) -> bool:
    """No single source can be left out."""
    for i, ((n, combo), key) in enumerate(zip(choice, keys, strict=True)):
        if n == 0:
            continue
        first = groups[key][0]
        if first.kind == "counter":
            for j in range(len(combo)):
                fewer = (n - 1, combo[:j] + combo[j + 1:])
                trial = (*choice[:i], fewer, *choice[i + 1:])
                if _covers(_total(trial, keys, groups), population, resources):
                    return False
        else:
            trial = (*choice[:i], (n - 1, ()), *choice[i + 1:])
            if _covers(_total(trial, keys, groups), population, resources):
                return False
    return True


def _payment(found: tuple, keys: list[tuple], groups: dict) -> Payment:
    counts, combos = found
    pay = Payment()
    for n, combo, key in zip(counts, combos, keys, strict=True):
        group = groups[key]
        first = group[0]
        if first.kind == "die":
            pay.dice += [int(s.ref) for s in group[:n]]
        elif first.kind == "card":
            pay.cards += [int(s.ref) for s in group[:n]]
        elif first.kind == "legacy" and n:
            pay.legacy = int(group[0].ref)
        elif first.kind == "counter":
            for k in combo:
                text = ", ".join(f"{a} {w}" if a != 1 else w for w, a in first.choices[k])
                pay.counters.append((str(first.ref), text))
    return pay
