"""The read-back: what the engine understood of each card, in plain words.

Built from the compiled card (`catalog.CardInfo`) and the compiled programs of its triggers,
never by printing the rules text back: each line says when, who, what, how much and under
which condition, as the closures and instructions the game will run mean it. A designer
compares it with the card's text; the workshop shows it beside the editor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules_dsl.contests import contests_of
from rules_dsl.zones import HAND

from ..compile import program as prog
from ..compile.loops import LoopI, NextI, loop_says
from ..compile.meaning import says
from ..compile.program import card_program

if TYPE_CHECKING:
    from rules_dsl.pack import Card

    from ..compile.catalog import CardInfo, CostRule, Roles
    from ..engine.game import Game


@dataclass(frozen=True)
class CardReading:
    """One card read back: its id, name, age and one plain sentence per thing it does."""

    id: str
    name: str
    age: str
    lines: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "age": self.age, "lines": list(self.lines)}


def explain_cards(game: Game, ids: Sequence[str] | None = None) -> list[CardReading]:
    """The reading of the cards with these ids (every card of the pack when None), in pack
    order. An id may appear in several ages: each age's card is read."""
    wanted = set(ids) if ids is not None else None
    return [_read(game, info) for info in game.catalog.cards if wanted is None or info.id in wanted]


def _read(game: Game, info: CardInfo) -> CardReading:
    roles = game.catalog.roles
    counted = roles.counted
    hand = game.zones.name(HAND)
    shown = game.lexicon.pieces.showing().get(info.type, ())
    lines: list[str] = [_stats(info, roles, game.formulas.points.get(info.index), shown)]
    if info.keywords:
        lines.append("Keywords: " + ", ".join(sorted(info.keywords)) + ".")
    if info.numbers:
        lines.append(_printed(game, info))
    for when in info.free:
        lines.append(f"It costs nothing to acquire {_guard(when)}.")
    for when in info.discardable:
        lines.append(f"You may discard it from your {hand} without a loss {_guard(when)}.")
    for rule in info.own_cost:
        lines.append(f"Acquiring it costs {_delta(rule)} {counted} {_guard(rule.when)}.")
    for rule in info.acquisition_costs:
        lines.append(
            f"While it is active, your {_kinds(rule)} cost {_delta(rule)} "
            f"{counted} {_guard(rule.when)}."
        )
    for rule in info.events_costs:
        kinds = f" of {' '.join(rule.types)} cards" if rule.types else ""
        lines.append(
            f"While it is in your {hand}, your first paid acquisition{kinds} "
            f"each turn costs {_delta(rule)} {counted} {_guard(rule.when)}."
        )
    for amount, when in info.gold_prices:
        lines.append(f"Its price in {roles.money} is {amount} {_guard(when)}.")
    for strength in info.strength:
        per = f" for {says(strength.per)}" if strength.per else ""
        side = SIDES.get(strength.kind) or f"in every {strength.kind}"
        zone = strength.where
        where = f" while it is in {zone.text}" if zone is not None else ""
        lines.append(
            f"It adds {strength.amount:+d} strength{per} {side}{where} {_guard(strength.when)}."
        )
    for change in info.action_costs:
        lines.append(
            f'While it is active, or when its own rules take it, the action "{change.action}" '
            f"costs you {abs(change.delta)} {'more' if change.delta > 0 else 'less'} "
            f"{change.counter}"
            + (f" times {says(change.per)}" if change.per is not None else "")
            + f" {_guard(change.when)}."
        )
    for extra in info.symbol_rules:
        per = f" times {says(extra.per)}" if extra.per else ""
        lines.append(
            f"Besides its bonus it shows {extra.amount:+d} {extra.kind}{per}, counted wherever "
            f"its holder's {extra.kind} symbols are {_guard(extra.when)}."
        )
    for what, name in info.cancels:
        lines.append(f'In {_contests(game, "a")}, the opponent\'s "{name}" adds no {what}.')
    for event in info.triggers:
        for n in range(len(info.triggers[event])):
            program = game.programs.get(card_program(info.index, event, n), [])
            lines.append(f"{_event(game, event)}: " + "; then ".join(_program(program)) + ".")
    if len(lines) == 1:
        lines.append("It has no rules of its own.")
    card = game.catalog.by_players.get(info.index)
    if card is not None:
        lines.append(_copies_by_players(game, card))
    return CardReading(info.id, info.name, info.age, tuple(_clean(line) for line in lines))


def _copies_by_players(game: Game, card: Card) -> str:
    """How many copies a game of each number of players holds (the card's `players:`)."""
    limits = game.pack.game.get("players") or {}
    counts = [
        (n, card.copies_with(n))
        for n in range(int(limits.get("min", 1)), int(limits.get("max", 1)) + 1)
    ]
    said = [f"{k} with {n} players" for n, k in counts]
    return f"Copies in a game, by number of players: {', '.join(said)}."


def _stats(info: CardInfo, roles: Roles, formula: Any = None, shown: tuple[str, ...] = ()) -> str:
    """Its type, price, gold price, points and bonus, as the engine holds them; `shown`: the
    kinds of piece its symbols count once per (`shows symbols of`)."""
    cost = [f"{n} {kind}" for kind, n in sorted(info.resources.items())]
    if info.amount is None:
        cost.insert(0, f"X {roles.counted} where X is {says(info.amount_x)}")
    elif info.amount:
        cost.insert(0, f"{info.amount} {roles.counted}")
    article = "An" if info.type[:1] in "aeiou" else "A"
    text = f"{article} {info.type}; it costs {', '.join(cost) or 'nothing'}"
    if info.gold is not None:
        text += f", or {info.gold} {roles.money}"
    if isinstance(info.points, int):
        text += f"; it is worth {info.points} point{'s' if info.points != 1 else ''}"
    else:
        text += f"; at an age's end it is worth {says(formula)} points" if formula else ""
    if info.bonus_symbols:
        parts = [f"{n} {kind}" for kind, n in sorted(info.bonus.items()) if n]
        text += (
            f"; its bonus gives {', '.join(parts)} ({info.bonus_symbols} symbol"
            f"{'s' if info.bonus_symbols != 1 else ''})"
        )
        if shown:
            text += f", once per {' or '.join(shown)} on it (none while it has none)"
    return text + "."


def _printed(game: Game, info: CardInfo) -> str:
    """The numbers printed on it (the pack's `card numbers:`), in the order the pack declares
    them: "It prints: level 1, science cost 3, stage costs 3, 2 and 1 (6 in all)."."""
    parts = []
    for spec in game.lexicon.card_numbers:
        found = info.numbers.get(spec.name)
        if isinstance(found, tuple) and found:
            listed = ", ".join(map(str, found[:-1])) + f" and {found[-1]}"
            parts.append(f"{spec.name} {listed} ({sum(found)} in all)")
        elif isinstance(found, int):
            parts.append(f"{spec.name} {found}")
    return "It prints: " + (", ".join(parts) or "no numbers") + "."


def _guard(when: Any) -> str:
    text = says(when)
    return "" if text == "always" else text


def _delta(rule: CostRule) -> str:
    return f"{abs(rule.delta)} {'more' if rule.delta > 0 else 'less'}"


def _kinds(rule: CostRule) -> str:
    return " ".join(rule.types) + " acquisitions" if rule.types else "acquisitions"


# The read-back speaks to the card's owner, as the cards do: "you" is the player it belongs to.
EVENTS = {
    "acquire": "When you acquire it",
    "failure": "When it fails (you did not pay for it in time)",
    "the start of your actions": "At the start of your actions (checked again whenever they "
    "resume)",
}


# The strength rules of one side of every contest; a contest's own name counts in it alone.
SIDES = {"attack": "when you attack", "defence": "when you defend"}


def _contests(game: Game, article: str = "") -> str:
    """The game's contests by name ("war"; "a war"), for a rule that holds in each."""
    names = [c.name for c in contests_of(game.pack.game)]
    named = [f"{article} {n}".strip() for n in names]
    return " or ".join(named) or "contest"


def _contest_events(game: Game) -> dict[str, str]:
    """The events the game's contests raise, in words ("In each war you fight, ...")."""
    out: dict[str, str] = {}
    for contest in contests_of(game.pack.game):
        out[contest.during] = f"In each {contest.name} you fight, while it is active"
        out[contest.lost] = f"When {contest.lost}"
        out[contest.lost_defending] = f"When {contest.lost} you defended"
    return out


def _event(game: Game, event: str) -> str:
    """An event in words; a pack's own event is written as its cards write it ("you place a
    citizen on this card" -> "When you place a citizen on this card")."""
    known = EVENTS.get(event) or _contest_events(game).get(event)
    if known is not None:
        return known
    spoken = event.split()[0] in ("you", "this", "a", "an", "each")
    return f"When {event}" if spoken else f"On {event}"


def _program(program: list[prog.Instruction]) -> list[str]:
    """The steps of a compiled program, its jumps read back as if / otherwise / repeat."""
    return _steps(program, 0, len(program)) or ["nothing"]


def _steps(program: list[prog.Instruction], start: int, end: int) -> list[str]:
    out: list[str] = []
    i = start
    while i < end:
        instruction = program[i]
        if isinstance(instruction, prog.ActI):
            text = str(instruction.data.get("says") or instruction.act.verb)
            out.append(f"you {text}" if text.startswith("may ") else text)
            i += 1
        elif isinstance(instruction, LoopI):
            head = program[i + 1]
            assert isinstance(head, NextI)
            body = _steps(program, i + 2, head.target - 1) or ["nothing"]
            out.append(f"{loop_says(instruction)}: ({'; then '.join(body)})")
            i = head.target
        elif isinstance(instruction, prog.TestI) and isinstance(instruction.node, prog.ast.Repeat):
            body = _steps(program, i + 1, instruction.target - 1)
            out.append(f"repeat until {says(instruction.cond)}: ({'; then '.join(body)})")
            i = instruction.target
        elif isinstance(instruction, prog.TestI):
            word = "unless" if instruction.jump_if else "if"
            last = program[instruction.target - 1] if instruction.target - 1 > i else None
            has_else = isinstance(last, prog.JumpI) and last.target > instruction.target
            then_end = instruction.target - 1 if has_else else instruction.target
            then = "; then ".join(_steps(program, i + 1, then_end)) or "nothing"
            text = f"{word} {says(instruction.cond)}: ({then})"
            if has_else and isinstance(last, prog.JumpI):
                other = _steps(program, instruction.target, last.target)
                text += f", otherwise: ({'; then '.join(other)})"
                i = last.target
            else:
                i = instruction.target
            out.append(text)
        elif isinstance(instruction, prog.AskI):
            done = instruction.options[-1][1]
            body = _steps(program, i + 1, done)
            out.append(f"you may: ({'; then '.join(body)})")
            i = done
        else:
            i += 1
    return out


def _clean(line: str) -> str:
    return " ".join(line.replace(" .", ".").split())
