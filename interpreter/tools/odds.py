"""Exact odds: the probability that one roll of the dice pays a card's cost, for a given tableau.

Computed by enumerating every outcome of the dice in play for the card's age (alike dice are
taken together as multisets, so Along History's seven dice are about 1,200 outcomes, not
280,000), with exact fractions — nothing is sampled. The tableau is the player's own cards
(their bonuses pay, unless tilted), the tilted ones among them and universal tokens. The price
is the game's own (`costs.price`): "free if", cost changes and surcharges apply.

What a roll may do, as the dice module reads the faces: a resource face pays its symbols, one
die paying one card whole; an `x2` face doubles one other die (two `x2` on one die make four);
a `golden age` face straightens the tilted cards, so their bonuses pay too; a counter that
"pays" (the universal resource) pays one of its listed amounts per token. Money faces and the
gold price are left out: the odds are those of paying the cost itself.

Re-roll policy ("best"): each `re-roll` face may re-roll any of the other dice once; the player
picks the dice to re-roll that give the best chance to pay, knowing the odds exactly (what a
perfect player would do). Without re-rolls the `re-roll` faces are simply not used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from math import factorial
from typing import TYPE_CHECKING

from rules_dsl.roles import DOUBLE as DOUBLE_FACE
from rules_dsl.roles import ROLL_AGAIN, STRAIGHTEN

from ..mechanics.costs import price
from ..mechanics.dice import Face, dice_specs, pack_faces, parse_face

if TYPE_CHECKING:
    from ..engine.game import Game

# The die actions the odds weigh (game.yaml `face actions:`): a face that re-rolls the others,
# one that doubles a die, one that straightens the tilted cards.
REROLL, DOUBLE, GOLDEN = ROLL_AGAIN, DOUBLE_FACE, STRAIGHTEN

# An outcome: the faces shown, one entry per die, sorted within each kind of die.
Outcome = tuple[tuple[str, tuple[Face, ...]], ...]


@dataclass(frozen=True)
class Odds:
    """The chance that one roll pays a card, without and with re-rolls."""

    card: str
    age: str
    cost: str
    dice: tuple[str, ...]
    without_rerolls: Fraction
    with_rerolls: Fraction
    free: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card,
            "age": self.age,
            "cost": self.cost,
            "dice": list(self.dice),
            "free": self.free,
            "without_rerolls": {
                "fraction": str(self.without_rerolls),
                "probability": round(float(self.without_rerolls), 6),
            },
            "with_rerolls": {
                "fraction": str(self.with_rerolls),
                "probability": round(float(self.with_rerolls), 6),
                "policy": "best",
            },
        }


@dataclass(frozen=True)
class Need:
    """What must be paid and what the tableau gives before any die."""

    counted: str  # the resource counted by amount ("": none)
    amount: int  # ... and how much of it
    resources: tuple[tuple[str, int], ...]
    bonus: Counter[str]  # untilted bonuses
    tilted_bonus: Counter[str]  # bonuses a golden age would free
    tokens: int
    token_pays: tuple[Face, ...]  # what one token may pay


def card_odds(
    game: Game,
    card: str,
    own: Sequence[str] = (),
    tilted: Sequence[str] = (),
    tokens: int = 0,
    age: str | None = None,
) -> Odds:
    """The odds of paying `card` (an id or name) with `own` cards in play (`tilted` of them
    tilted) and `tokens` universal tokens. `age` picks among cards of one name in several ages.
    Raises ValueError with a did-you-mean for an unknown card."""
    index = _find(game, card, age)
    info = game.catalog.cards[index]
    state = game.new(
        players=min(2, int((game.pack.game.get("players") or {}).get("max", 2))), seed=0
    )
    state.age = game.ages.index(info.age) if info.age in game.ages else 0
    player = state.players[0]
    copy = _copy_of(game, index, taken=[])
    owned: list[int] = []
    for name in own:
        owned.append(_copy_of(game, _find(game, name, None), taken=[copy, *owned]))
    tilted_copies: list[int] = []
    for name in tilted:
        wanted = _find(game, name, None)
        match = [c for c in owned if game.catalog.copies[c] == wanted and c not in tilted_copies]
        if not match:
            raise ValueError(f'"{name}" is tilted but not among the cards owned (--own)')
        tilted_copies.append(match[0])
    hand = game.zones.hand
    for c in {copy, *owned}:
        for p in state.players:
            if hand >= 0:
                p.zones[hand] = [e for e in p.zones[hand] if e != c]
            p.tableau = [pile for pile in p.tableau if c not in pile]
        for zone in state.zones:
            if c in zone:
                zone.remove(c)
    player.zones[hand] = [copy]
    player.tableau = [[c] for c in owned]
    player.tilted = list(tilted_copies)
    pays, counter = _token_counter(game)
    if counter is not None:
        player.counters[counter] = tokens
    cost = price(game, state, 0, copy)
    specs = dice_specs(game, state)
    names = tuple(f"{spec.get('count', 1)} {name}" for name, spec in specs)
    counted = game.catalog.roles.counted or ""
    cost_text = _cost_text(counted, cost.amount, cost.resources)
    if cost.free:
        return Odds(info.name, info.age, "free", names, Fraction(1), Fraction(1), free=True)
    bonus: Counter[str] = Counter()
    tilted_bonus: Counter[str] = Counter()
    for c in owned:
        (tilted_bonus if c in tilted_copies else bonus).update(game.catalog.info(c).bonus)
    need = Need(
        counted,
        cost.amount,
        tuple(sorted((k, n) for k, n in cost.resources.items() if n)),
        bonus,
        tilted_bonus,
        tokens if counter is not None else 0,
        pays,
    )
    dice = [
        (name, int(spec.get("count", 1)), tuple(pack_faces(game.pack.game, name)))
        for name, spec in specs
    ]
    without = _chance(dice, need, rerolls=False)
    with_rerolls = _chance(dice, need, rerolls=True)
    return Odds(info.name, info.age, cost_text, names, without, with_rerolls)


# ------------------------------------------------------------------ the dice


def _distribution(faces: tuple[Face, ...], count: int) -> list[tuple[tuple[Face, ...], Fraction]]:
    """The multisets of faces `count` alike dice can show, with their probabilities."""
    weights = Counter(faces)
    kinds = sorted(weights, key=repr)
    out = []
    for combo in combinations_with_replacement(kinds, count):
        shown = Counter(combo)
        ways = factorial(count)
        p = Fraction(1)
        for face, k in shown.items():
            ways //= factorial(k)
            p *= Fraction(weights[face], len(faces)) ** k
        out.append((combo, p * ways))
    return out


def _outcomes(dice: list[tuple[str, int, tuple[Face, ...]]]) -> list[tuple[Outcome, Fraction]]:
    per_kind = [
        [((name, shown), p) for shown, p in _distribution(faces, count)]
        for name, count, faces in dice
    ]
    out = []
    for combo in product(*per_kind):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        out.append((tuple(entry for entry, _ in combo), p))
    return out


def _chance(dice: list[tuple[str, int, tuple[Face, ...]]], need: Need, rerolls: bool) -> Fraction:
    faces_of = {name: faces for name, _, faces in dice}

    @cache
    def pays(outcome: Outcome) -> bool:
        return _pays([f for _, shown in outcome for f in shown], need)

    @cache
    def best(outcome: Outcome) -> Fraction:
        """The chance to pay from `outcome`, using its re-roll faces as well as can be."""
        if pays(outcome) or not _count(outcome, REROLL):
            return Fraction(int(pays(outcome)))
        flat = [(name, f) for name, shown in outcome for f in shown]
        spend = next(i for i, (_, f) in enumerate(flat) if f.action == REROLL)
        others = flat[:spend] + flat[spend + 1 :]
        top = Fraction(0)
        for size in range(1, len(others) + 1):
            for chosen in combinations(range(len(others)), size):
                kept = [d for i, d in enumerate(others) if i not in chosen]
                rolled = Counter(others[i][0] for i in chosen)
                total = Fraction(0)
                for new, p in _outcomes([(n, k, faces_of[n]) for n, k in sorted(rolled.items())]):
                    merged = _merge(kept, new)
                    total += p * best(merged)  # a die fewer: this ends
                top = max(top, total)
        return top

    total = Fraction(0)
    for outcome, p in _outcomes(dice):
        if rerolls:
            total += p * best(outcome)
        else:
            total += p * pays(outcome)
    return total


def _merge(kept: list[tuple[str, Face]], new: Outcome) -> Outcome:
    groups: dict[str, list[Face]] = {}
    for name, face in kept:
        groups.setdefault(name, []).append(face)
    for name, shown in new:
        groups.setdefault(name, []).extend(shown)
    return tuple(sorted((name, tuple(sorted(faces, key=repr))) for name, faces in groups.items()))


def _count(outcome: Outcome, kind: str) -> int:
    return sum(1 for _, shown in outcome for f in shown if f.action == kind)


# ------------------------------------------------------------------ paying


def _pays(faces: list[Face], need: Need) -> bool:
    """Whether these faces, the tableau and the tokens pay the price (any use of x2)."""
    doubles = sum(1 for f in faces if f.action == DOUBLE)
    golden = any(f.action == GOLDEN for f in faces)
    payers = [
        f
        for f in faces
        if not f.is_action
        and (f.kind == need.counted or any(f.kind == k for k, _ in need.resources))
    ]
    bonus = need.bonus + need.tilted_bonus if golden else need.bonus
    for factors in _doublings(len(payers), doubles):
        got: Counter[str] = Counter(bonus)
        for face, factor in zip(payers, factors, strict=True):
            got[face.kind] += face.amount * factor
        if _tokens_cover(need, got):
            return True
    return False


def _doublings(dice: int, doubles: int) -> Iterable[tuple[int, ...]]:
    """The factors x2 faces can put on the paying dice: each x2 doubles one die or another x2."""
    if dice == 0 or doubles == 0:
        yield (1,) * dice
        return
    for targets in combinations_with_replacement(range(dice), doubles):
        factors = [1] * dice
        for t in targets:
            factors[t] *= 2
        yield tuple(factors)


def _tokens_cover(need: Need, got: Counter[str]) -> bool:
    missing = [(k, n - got[k]) for k, n in need.resources if got[k] < n]
    short = max(0, need.amount - got[need.counted])
    tokens = 0
    for kind, amount in missing:
        per = max((f.amount for f in need.token_pays if f.action == kind), default=0)
        if per == 0:
            return False
        tokens += -(-amount // per)
    if short:
        per = max((f.amount for f in need.token_pays if f.kind == need.counted), default=0)
        if per == 0:
            return False
        tokens += -(-short // per)
    return tokens <= need.tokens


# ------------------------------------------------------------------ finding things


def _token_counter(game: Game) -> tuple[tuple[Face, ...], str | None]:
    for name, spec in (game.pack.game.get("counters") or {}).items():
        if isinstance(spec, dict) and spec.get("pays"):
            return tuple(parse_face(str(p)) for p in spec["pays"]), str(name)
    return (), None


def _find(game: Game, card: str, age: str | None) -> int:
    from rules_dsl.diagnostics import did_you_mean

    wanted = card.strip().lower()
    found = [
        info
        for info in game.catalog.cards
        if wanted in (info.id, info.name.lower()) and (age is None or info.age == age)
    ]
    if not found:
        names = sorted({info.name for info in game.catalog.cards})
        hint = did_you_mean(card, names) or "run `agesmith cards PACK` for the names"
        raise ValueError(f'no card "{card}"{f" in {age}" if age else ""} ({hint})')
    return found[0].index


def _copy_of(game: Game, index: int, taken: list[int]) -> int:
    for copy, card in enumerate(game.catalog.copies):
        if card == index and copy not in taken:
            return copy
    raise ValueError(f'"{game.catalog.cards[index].name}" has no copy in the deck to use')


def _cost_text(counted: str, amount: int, resources: Counter[str]) -> str:
    parts = [f"{amount} {counted}"] if amount else []
    parts += [f"{n} {k}" if n > 1 else k for k, n in sorted(resources.items()) if n]
    return ", ".join(parts) or "nothing"
