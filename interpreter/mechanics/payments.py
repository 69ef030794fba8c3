"""Every way to pay a price: which dice, which cards' bonuses, which legacy card, which tokens.

A price is an amount of the counted resource (the one the pack names `counted_resource`) and
symbols of the others. A die's value is never split (AH-T4): a "3 population" die pays one
card, whole. A tilted card
gives all its symbols at once (AH-C6). At most one legacy card per turn (AH-E4). A counter that
"pays" (the universal resource) gives one of its listed amounts per unit (AH-U3).

Only minimal payments are listed — taking away any one source would leave the price unpaid —
and sources that are alike (two dice showing 2 population, two Forests) are counted, not told
apart, so the list stays short: the first matching sources are the ones used. Every minimal
payment is listed: there is no cap that could hide one. Whether any payment exists is decided
exactly by a separate, cheaper search (`payable`), so a menu can offer a card before its
payments are listed: it uses every die and card and only tries the legacy cards and what each
counter unit pays. The listing works on vectors over the kinds the price asks for, so it adds
tuples, not dictionaries, and is remembered by the shape of the price and of the sources (a
bounded cache): prices and hands repeat all game long.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

Vector = tuple[int, ...]
Units = list[tuple[tuple[tuple[str, int], ...], ...]]  # counter units: each one's choices
Shapes = tuple[tuple[tuple[int, tuple], ...], ...]  # payments: (units, choices) per group
Used = tuple[int, int, int, int]  # a payment's dice, cards, legacy cards and counter units
Listing = tuple[Shapes, tuple[Used, ...], list["Signature"]]  # ... and the groups, in order
# A group's option: (units used, counter choices, what it adds, the vectors of its units, each
# distinct vector once: the searches only ask whether some unit gives or is spare)
Option = tuple[int, tuple[int, ...], Vector, tuple[Vector, ...]]


class Signature:
    """What makes sources alike (interchangeable in a payment): their kind, what they give,
    their choices, and a counter's name. Its hash is worked out once: signatures are the keys
    of the purse's groups and, inside the groups, of the searches' caches."""

    __slots__ = ("_hash", "choices", "gives", "kind", "name")

    def __init__(
        self,
        kind: str,
        gives: tuple[tuple[str, int], ...],
        choices: tuple[tuple[tuple[str, int], ...], ...],
        name: str,
    ) -> None:
        self.kind = kind
        self.gives = gives
        self.choices = choices
        self.name = name
        self._hash = hash((kind, gives, choices, name))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, Signature)
            and self._hash == other._hash
            and self.kind == other.kind
            and self.gives == other.gives
            and self.choices == other.choices
            and self.name == other.name
        )

    def __repr__(self) -> str:
        return f"Signature({self.kind!r}, {self.gives!r}, {self.choices!r}, {self.name!r})"


_SIGNATURES: dict[tuple, Signature] = {}


def signature(
    kind: str,
    gives: tuple[tuple[str, int], ...],
    choices: tuple[tuple[tuple[str, int], ...], ...],
    name: str,
) -> Signature:
    """The one signature of sources alike: the searches' caches and the purse's groups then
    find theirs by identity, without comparing them field by field."""
    key = (kind, gives, choices, name)
    known = _SIGNATURES.get(key)
    if known is None:
        if len(_SIGNATURES) > 10_000:  # bounded: a new one is only slower to compare
            _SIGNATURES.clear()
        known = _SIGNATURES[key] = Signature(kind, gives, choices, name)
    return known


class Source:
    """Something that can pay: a die, a card to tilt, a legacy card, a counter unit."""

    __slots__ = ("choices", "gives", "kind", "ref", "signature")

    def __init__(
        self,
        kind: str,
        ref: int | str,
        gives: tuple[tuple[str, int], ...],
        choices: tuple[tuple[tuple[str, int], ...], ...] = (),
    ) -> None:
        self.kind = kind  # die | card | archive | counter
        self.ref = ref  # die index, card copy, or counter name
        self.gives = gives  # what it gives, e.g. (("culture", 1),)
        self.choices = choices  # for counters: one of these
        self.signature = signature(kind, gives, choices, str(ref) if kind == "counter" else "")

    def __repr__(self) -> str:
        return f"Source({self.kind!r}, {self.ref!r}, {self.gives!r}, {self.choices!r})"


@dataclass
class Payment:
    dice: list[int] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)
    archive: int | None = None  # a card of the archive
    counters: list[tuple[str, str]] = field(default_factory=list)  # (counter, what it pays)

    def to_params(self) -> dict:
        return {
            "dice": self.dice,
            "tilt": self.cards,
            "archive": self.archive,
            "counters": [list(c) for c in self.counters],
        }


class Purse:
    """A player's sources of payment at one decision point, grouped once by what each gives,
    with the most each kind could reach: asking whether a price is payable, or for its
    payments, then costs only the price's own part. `counted` is the resource a price counts
    by amount (the catalogue's `roles.counted`; None: prices have symbols only)."""

    def __init__(self, sources: list[Source], counted: str | None) -> None:
        self.sources = sources
        self.counted = counted or ""  # "": no source gives it, no price asks for it
        # plain dictionaries, not Counters: a purse is made for every decision
        self.plain: dict[str, int] = {}  # what the dice and cards give, all together
        self.most: dict[str, int] = {}  # ... and everything, each at its best
        self.legacies: list[tuple[tuple[str, int], ...]] = []  # what each legacy card gives
        self.units: Units = []  # each counter unit's choices
        plain, most = self.plain, self.most
        for source in sources:
            if source.kind == "die" or source.kind == "card":
                for what, amount in source.gives:
                    plain[what] = plain.get(what, 0) + amount
            elif source.kind == "archive":
                self.legacies.append(source.gives)
            elif source.choices:
                self.units.append(source.choices)
            for option in source.choices or (source.gives,):
                for what, amount in option:
                    most[what] = most.get(what, 0) + amount
        self._grouped = False
        self._listings: dict[tuple, Listing] = {}

    def _group(self) -> None:
        """Group the sources (only when a price is not paid by all the dice and cards)."""
        self.groups: dict[Signature, list[Source]] = {}
        for source in self.sources:
            group = self.groups.get(source.signature)
            if group is None:
                self.groups[source.signature] = [source]
            else:
                group.append(source)
        self.kinds: dict[Signature, set[str]] = {}  # what each group may give
        for key in self.groups:
            gives: set[str] = set()
            for option in key.choices or (key.gives,):
                for what, _ in option:
                    gives.add(what)
            self.kinds[key] = gives
        self._grouped = True

    def _shape(
        self, amount: int, resources: Counter[str]
    ) -> tuple[tuple[str, ...], Vector, list[Signature]] | None:
        """The price as a vector (the counted amount first) and the groups that help pay it;
        None when even all the sources together, each at its best, fall short."""
        most = self.most
        if most.get(self.counted, 0) < amount:
            return None
        asked = []
        for k, n in resources.items():
            if n > 0:
                if most.get(k, 0) < n:
                    return None
                asked.append(k)
        asked.sort()
        if not self._grouped:  # grouped only when some price may be paid
            self._group()
        kinds = (self.counted, *asked)
        need: Vector = (max(0, amount), *[resources[k] for k in asked])
        wanted = set(asked)
        if amount > 0:
            wanted.add(self.counted)
        keys = [key for key, gives in self.kinds.items() if not gives.isdisjoint(wanted)]
        return kinds, need, keys

    def _sizes(
        self, kinds: tuple[str, ...], need: Vector, keys: list[Signature]
    ) -> tuple[tuple[Signature, int], ...]:
        """Each group with the number of its units that can matter: a minimal payment never
        uses more alike units than it takes to pay the largest part they help with (one unit
        fewer would still pay), so bigger hands of the same shape share one search."""
        out = []
        for key in keys:
            size = len(self.groups[key])
            if key.kind != "counter":
                unit = _vector(key.gives, kinds)
                most = 0
                for j in range(len(need)):
                    if unit[j] > 0:
                        most = max(most, -(-need[j] // unit[j]))
                size = min(size, most)
            out.append((key, size))
        return tuple(out)

    def payable(self, amount: int, resources: Counter[str]) -> bool:
        """Whether some payment of `amount` of the counted resource and of `resources` exists
        (exactly; cheaper than listing them). Paying more never hurts here, so every die and
        card is used: what is left to choose is one legacy card (or none) and what each
        counter unit pays."""
        plain, counted = self.plain, self.counted
        has = plain.get(counted, 0)
        if has >= amount and all(plain.get(k, 0) >= n for k, n in resources.items()):
            return True  # the usual case: all the dice and cards together pay
        most = self.most
        if most.get(counted, 0) < amount or any(most.get(k, 0) < n for k, n in resources.items()):
            return False  # the other usual case: even everything at its best falls short
        short: dict[str, int] = {}  # what the dice and cards leave unpaid
        if amount > has:
            short[counted] = amount - has
        for k, n in resources.items():
            if n > plain.get(k, 0):
                short[k] = n - plain.get(k, 0)
        for legacy in ((), *self.legacies):
            left = dict(short)
            for what, n in legacy:
                if what in left:
                    left[what] -= n
            if _covered(left, self.units, 0):
                return True
        return False

    def cheapest(
        self, amount: int, resources: Counter[str], weights: tuple[float, float, float, float]
    ) -> float | None:
        """The least cost of a payment (None: no payment), where a die, a tilted card, a
        legacy card and a counter unit cost `weights` (none below 0). A cover's cost is at
        least that of a minimal payment inside it, so the search runs over covers,
        remembered by shape."""
        if _free(amount, resources):
            return 0.0
        found = self._shape(amount, resources)
        if found is None:
            return None
        kinds, need, keys = found
        return _cheapest(kinds, need, self._sizes(kinds, need, keys), weights)

    def payments(self, amount: int, resources: Counter[str]) -> list[Payment]:
        """Every minimal payment, fewest sources first."""
        if _free(amount, resources):
            return [Payment()]
        shapes, _, keys = self._listing(amount, resources)
        return [_payment(shape, keys, self.groups) for shape in shapes]

    def counts(self, amount: int, resources: Counter[str]) -> list[Used]:
        """How many dice, cards, legacy cards and counter units each minimal payment uses, in
        the order `payments` lists them (weighing payments needs no more: `payment` writes
        out only the ones chosen)."""
        if _free(amount, resources):
            return [(0, 0, 0, 0)]
        return list(self._listing(amount, resources)[1])

    def payment(self, amount: int, resources: Counter[str], index: int) -> Payment:
        """The minimal payment `payments` lists at `index`."""
        if _free(amount, resources):
            return Payment()
        shapes, _, keys = self._listing(amount, resources)
        return _payment(shapes[index], keys, self.groups)

    def rest(self, amount: int, resources: Counter[str], index: int) -> list[Source]:
        """The sources left, in their order, once the minimal payment `payments` lists at
        `index` is made (a legacy card used takes the others with it: one a turn, AH-E4)."""
        if _free(amount, resources):
            return list(self.sources)
        shapes, _, keys = self._listing(amount, resources)
        used: set[int] = set()  # the sources' ids
        legacy = False
        for (n, _), key in zip(shapes[index], keys, strict=True):
            if key.kind == "archive":
                legacy = legacy or n > 0
            else:
                for source in self.groups[key][:n]:
                    used.add(id(source))
        return [
            s for s in self.sources if id(s) not in used and not (legacy and s.kind == "archive")
        ]

    def _listing(self, amount: int, resources: Counter[str]) -> Listing:
        """The minimal payments' shapes, the sources each uses, and the groups they count
        units of (worked out once per price: a bot weighs the payments, then writes out the
        ones it looks at)."""
        key = (amount, tuple(sorted(resources.items())))
        known = self._listings.get(key)
        if known is None:
            found = self._shape(amount, resources)
            if found is None:
                known = ((), (), [])
            else:
                kinds, need, keys = found
                shapes, used = _shapes(kinds, need, self._sizes(kinds, need, keys))
                known = (shapes, used, keys)
            self._listings[key] = known
        return known


def _free(amount: int, resources: Counter[str]) -> bool:
    return amount <= 0 and not any(n > 0 for n in resources.values())


def payments(
    counted: str | None, amount: int, resources: Counter[str], sources: list[Source]
) -> list[Payment]:
    """Every minimal payment of `amount` of the `counted` resource and of `resources` from
    `sources`, fewest sources first."""
    return Purse(sources, counted).payments(amount, resources)


def payable(
    counted: str | None, amount: int, resources: Counter[str], sources: list[Source]
) -> bool:
    """Whether some payment of `amount` of `counted` and of `resources` from `sources`
    exists."""
    return Purse(sources, counted).payable(amount, resources)


def _covered(left: dict[str, int], units: Units, i: int, failed: set[tuple] | None = None) -> bool:
    """Whether counter units i.. can pay what is `left` (each unit pays one of its choices);
    `failed` remembers what could not be paid, so that alike units are not tried in every
    order."""
    if all(n <= 0 for n in left.values()):
        return True
    if i == len(units):
        return False
    key = (i, tuple(sorted((k, n) for k, n in left.items() if n > 0)))
    if failed is None:
        failed = set()
    elif key in failed:
        return False
    for choice in units[i]:
        helps = False
        after = dict(left)
        for what, n in choice:
            if after.get(what, 0) > 0:
                after[what] -= n
                helps = True
        if helps and _covered(after, units, i + 1, failed):
            return True
    if _covered(left, units, i + 1, failed):  # this unit pays nothing that is needed
        return True
    failed.add(key)
    return False


WEIGHT_INDEX = {"die": 0, "card": 1, "archive": 2, "counter": 3}


@lru_cache(maxsize=50_000)
def _cheapest(
    kinds: tuple[str, ...],
    need: Vector,
    groups: tuple[tuple[Signature, int], ...],
    weights: tuple[float, float, float, float],
) -> float | None:
    units: list[list[int]] = []  # per group, each option's units
    adds: list[list[Vector]] = []  # ... and what it adds
    for signature, size in groups:
        options = _options(signature, size, kinds)
        units.append([option[0] for option in options])
        adds.append([option[2] for option in options])
    unit_cost = [weights[WEIGHT_INDEX[signature.kind]] for signature, _ in groups]
    # what is paid so far, capped at the price, is one number: kind j counts `place[j]`
    place: list[int] = []
    paid_in_full = 0
    step = 1
    for n in need:
        place.append(step)
        paid_in_full += n * step
        step *= n + 1
    memo: dict[int, float] = {}
    least = _least(0, 0, units, adds, unit_cost, need, place, paid_in_full, step, memo)
    return None if least < 0 else least


def _least(
    i: int,
    paid: int,
    units: list[list[int]],
    adds: list[list[Vector]],
    unit_cost: list[float],
    need: Vector,
    place: list[int],
    paid_in_full: int,
    states: int,
    memo: dict[int, float],
) -> float:
    """The least cost for groups i.. to finish paying, -1 when they cannot (`paid`: what is
    paid so far, capped at the price, as one number; `states` of them)."""
    if paid == paid_in_full:
        return 0.0
    if i == len(units):
        return -1.0
    key = i * states + paid
    known = memo.get(key)
    if known is not None:
        return known
    best = -1.0
    width = len(need)
    counts, added = units[i], adds[i]
    for k in range(len(counts)):
        vector = added[k]
        after = paid
        for j in range(width):
            more = vector[j]
            if more:
                room = need[j] - paid // place[j] % (need[j] + 1)
                after += (more if more < room else room) * place[j]
        rest = _least(i + 1, after, units, adds, unit_cost, need, place, paid_in_full, states, memo)
        if rest >= 0:
            cost = rest + counts[k] * unit_cost[i]
            if best < 0 or cost < best:
                best = cost
    memo[key] = best
    return best


@lru_cache(maxsize=50_000)
def _shapes(
    kinds: tuple[str, ...], need: Vector, groups: tuple[tuple[Signature, int], ...]
) -> tuple[Shapes, tuple[Used, ...]]:
    """The minimal payments as (units, counter choices) per group, fewest units first, and
    how many dice, cards, legacy cards and counter units each uses. Prices and hands repeat
    all game long, so the search is done once per shape.

    A depth-first search over the groups, in order, choosing how many units of each to use
    and stopping as soon as the price is paid; a branch is given up when even every later
    group at its most cannot pay, or when it uses a unit that cannot be needed (it gives only
    what is already paid, or the price stays paid without it). Written with plain loops: the
    compiled core runs them natively."""
    options = [_options(signature, size, kinds) for signature, size in groups]
    legacy = [signature.kind == "archive" for signature, _ in groups]
    width = len(kinds)
    count = len(groups)
    # each group's options as plain lists: how many units, what they add, their vectors
    units: list[list[int]] = [[option[0] for option in group] for group in options]
    adds: list[list[Vector]] = [[option[2] for option in group] for group in options]
    vectors: list[list[tuple[Vector, ...]]] = [[option[3] for option in group] for group in options]
    # reach[i][j]: the most of kind j that groups i.. can still add
    reach = [[0] * width for _ in range(count + 1)]
    for i in range(count - 1, -1, -1):
        for j in range(width):
            most = 0
            for added in adds[i]:
                most = max(most, added[j])
            reach[i][j] = reach[i + 1][j] + most
    found: list[list[int]] = []  # each payment: the option chosen in each group
    _search(0, False, units, adds, vectors, legacy, reach, need, [0] * width, [], found)
    # fewest units first, then by the units of each group in turn, then in the order found
    order: list[tuple[int, tuple[int, ...], int]] = []
    for k, picks in enumerate(found):
        used_units = tuple([units[g][picks[g]] for g in range(count)])
        order.append((sum(used_units), used_units, k))
    order.sort()
    weight = [WEIGHT_INDEX[signature.kind] for signature, _ in groups]
    shapes: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
    used: list[Used] = []
    for _, used_units, k in order:
        picks = found[k]
        shapes.append(tuple([(units[g][picks[g]], options[g][picks[g]][1]) for g in range(count)]))
        counted = [0, 0, 0, 0]
        for g in range(count):
            counted[weight[g]] += used_units[g]
        used.append((counted[0], counted[1], counted[2], counted[3]))
    return tuple(shapes), tuple(used)


def _search(
    i: int,
    legacy_used: bool,
    units: list[list[int]],
    adds: list[list[Vector]],
    vectors: list[list[tuple[Vector, ...]]],
    legacy: list[bool],
    reach: list[list[int]],
    need: Vector,
    paid: list[int],
    chosen: list[int],
    found: list[list[int]],
) -> None:
    """`_shapes`' search from group i on, with the options `chosen` (paying `paid`) so far."""
    width = len(need)
    covered = True
    for j in range(width):
        if paid[j] < need[j]:
            covered = False
            if paid[j] + reach[i][j] < need[j]:
                return
    if covered:  # the later groups use nothing (their first option)
        if _minimal(chosen, vectors, paid, need):
            found.append(chosen + [0] * (len(units) - i))
        return
    counts, added_by, vectors_by = units[i], adds[i], vectors[i]
    for k in range(len(counts)):
        n = counts[k]
        if n and (
            (legacy[i] and legacy_used)
            or not _helps(vectors_by[k], paid, need)
            or (n > 1 and _spare(added_by[k], vectors_by[k], paid, need))
        ):
            continue
        added = added_by[k]
        for j in range(width):
            paid[j] += added[j]
        chosen.append(k)
        _search(
            i + 1,
            legacy_used or (legacy[i] and n > 0),
            units,
            adds,
            vectors,
            legacy,
            reach,
            need,
            paid,
            chosen,
            found,
        )
        chosen.pop()
        for j in range(width):
            paid[j] -= added[j]


def _helps(units: tuple[Vector, ...], paid: list[int], need: Vector) -> bool:
    """Whether one of the units gives something not yet paid."""
    for unit in units:
        for j in range(len(need)):
            if unit[j] and paid[j] < need[j]:
                return True
    return False


def _spare(added: Vector, units: tuple[Vector, ...], paid: list[int], need: Vector) -> bool:
    """Whether, with an option's units (adding `added`) added, one of them could be taken
    away again and what it gives stay paid: later groups only add, so no minimal payment
    uses them all."""
    for unit in units:
        spare = True
        for j in range(len(need)):
            if unit[j] and paid[j] + added[j] - unit[j] < need[j]:
                spare = False
                break
        if spare:
            return True
    return False


def _vector(gives: tuple[tuple[str, int], ...], kinds: tuple[str, ...]) -> Vector:
    out = [0] * len(kinds)
    for what, amount in gives:
        if what in kinds:
            out[kinds.index(what)] += amount
    return tuple(out)


@lru_cache(maxsize=10_000)
def _options(signature: Signature, size: int, kinds: tuple[str, ...]) -> list[Option]:
    kind, gives, choices = signature.kind, signature.gives, signature.choices
    zero: Vector = tuple([0] * len(kinds))
    if kind == "counter":
        out: list[Option] = [(0, (), zero, ())]
        vectors = [_vector(c, kinds) for c in choices]
        for n in range(1, size + 1):
            for combo in _multisets(len(choices), n):
                units = tuple(vectors[k] for k in combo)
                total = tuple(sum(u[j] for u in units) for j in range(len(kinds)))
                out.append((n, combo, total, tuple(dict.fromkeys(units))))
        return out
    unit = _vector(gives, kinds)
    limit = 1 if kind == "archive" else size
    return [(n, (), tuple(x * n for x in unit), (unit,) if n else ()) for n in range(limit + 1)]


def _multisets(kinds: int, n: int) -> list[tuple[int, ...]]:
    """The ways n alike units can be split among `kinds` choices (as sorted tuples)."""
    out: list[tuple[int, ...]] = []

    def build(prefix: tuple[int, ...], start: int) -> None:
        if len(prefix) == n:
            out.append(prefix)
            return
        for k in range(start, kinds):
            build((*prefix, k), k)

    build((), 0)
    return out


def _minimal(
    chosen: list[int], vectors: list[list[tuple[Vector, ...]]], total: list[int], need: Vector
) -> bool:
    """No single source can be left out: taking away any one unit of the options `chosen`
    breaks the cover."""
    for g in range(len(chosen)):
        for unit in vectors[g][chosen[g]]:
            still = True
            for j in range(len(need)):
                if total[j] - unit[j] < need[j]:
                    still = False
                    break
            if still:
                return False
    return True


def _payment(shape: tuple[tuple[int, tuple], ...], keys: list[Signature], groups: dict) -> Payment:
    pay = Payment()
    for (n, combo), key in zip(shape, keys, strict=True):
        group = groups[key]
        first = group[0]
        if first.kind == "die":
            pay.dice += [int(s.ref) for s in group[:n]]
        elif first.kind == "card":
            pay.cards += [int(s.ref) for s in group[:n]]
        elif first.kind == "archive" and n:
            pay.archive = int(group[0].ref)
        elif first.kind == "counter":
            for k in combo:
                text = ", ".join(f"{a} {w}" if a != 1 else w for w, a in first.choices[k])
                pay.counters.append((str(first.ref), text))
    return pay
