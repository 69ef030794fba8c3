"""The counted loops of the rules language, compiled: `for each <cards>: ...`, `for each
player in turn order: ...` and `repeat <number> times: ...` (`repeat until` is a test and a
jump, in program.py).

Each becomes two instructions around its body: `LoopI` starts the loop (lists the cards or the
players, or counts the times, once) and `NextI` begins each round (the next card, "it" in the
body; the next player, "you" in the body; or one time fewer) and leaves at `target` when none
is left. What a loop has done is plain data on its
frame (`loops`), so a game saved at a decision inside the body resumes exactly; the engine
runs both instructions (mechanics/loops.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from rules_dsl import ast, printer
from rules_dsl.vocabulary import singular

from ..core.errors import RuleError, UnknownName, cannot
from .meaning import Ctx, Lexicon, Num, compile_value, players_of, says
from .selectors import CardSelector, Select, card_selector


@dataclass
class LoopI:
    """The start of a loop: the cards a `for each` goes over (`cards`), the players it goes
    over (`players`), or the number of times a `repeat` does its body (`times`), taken once."""

    cards: Select | None
    times: Num | None
    text: str  # the cards, the players or the number, in plain words (the read-back)
    node: Any = None
    players: Callable[[Ctx], list[int]] | None = None


@dataclass
class NextI:
    """The head of each round of the loop started just before it: on to the body with the
    next card (a card the phrase no longer names is skipped), or out at `target`."""

    cards: Select | None  # the phrase, asked again whether it still names a card
    target: int
    node: Any = None


def compile_loop(step: ast.ForEach | ast.RepeatTimes, lex: Lexicon) -> LoopI:
    """The start instruction of a counted loop; a phrase that names no cards, or no number, is
    an error at the phrase with what to write."""
    if isinstance(step, ast.RepeatTimes):
        times = compile_value(step.times, lex)
        text = says(times)
        return LoopI(None, times, printer.value(step.times) if text == "?" else text, step)
    players = loop_players(step, lex)
    if players is not None:
        return LoopI(None, None, says(players), step, players)
    selector = loop_cards(step, lex)
    return LoopI(selector.select, None, selector.text, step)


def loop_players(step: ast.ForEach, lex: Lexicon) -> Callable[[Ctx], list[int]] | None:
    """The players `for each player in turn order:` goes over, "you" in its body each in turn
    (`for each opponent who has more culture than you:`), or None for a phrase that names no
    players. A phrase naming one player (of a choice, or the one with the most) is an error."""
    np = step.cards
    if step.of or not isinstance(np, ast.NounPhrase):
        return None
    words = np.heads[0] if len(np.heads) == 1 and isinstance(np.heads[0], tuple) else ()
    if not words or singular(words[-1]) not in ("player", "opponent"):
        return None
    seats, mode = players_of(np, lex)  # a phrase of players: its own error if it is wrong
    if mode != "all":
        raise cannot(np, 'a loop goes over each player: "for each player in turn order:"')
    return seats


def loop_cards(step: ast.ForEach, lex: Lexicon) -> CardSelector:
    """The cards a `for each` goes over: every card its phrase names."""
    np = step.cards
    written = f"for each of {printer.phrase(np)}" if step.of else f"for {printer.phrase(np)}"
    if step.of:
        if not isinstance(np, ast.NounPhrase) or np.determiner not in (None, "the"):
            raise cannot(np, 'after "for each of" come the cards: "for each of your ... cards"')
        np = replace(np, determiner="each")
    elif not isinstance(np, ast.NounPhrase) or np.determiner not in ("each", "every"):
        raise cannot(
            np, 'a loop goes over each card: "for each card in ..." or "for each of your ... cards"'
        )
    try:
        selector = card_selector(np, lex)
    except RuleError as error:
        raise _no_cards(step.cards, written, lex) or error from None
    if not selector.many:
        raise cannot(np, 'a loop goes over each card: "for each card in ..."')
    return selector


def _no_cards(np: Any, written: str, lex: Lexicon) -> UnknownName | None:
    """The error of a loop whose phrase names players or a number rather than cards (None
    when it names neither: the card phrase's own error says what is wrong)."""
    try:
        players_of(np, lex)
    except RuleError:
        pass
    else:
        counter = lex.counters[0] if lex.counters else "<counter>"  # an example in its words
        return UnknownName(
            f'"{written}" names players, not cards',
            np,
            "a loop goes over cards; the players are the subject of a step instead: "
            f'each player gains 1 {counter}; each player in turn order plays "<phase>"',
        )
    try:
        compile_value(np, lex)
    except RuleError:
        return None
    number = printer.phrase(np)
    return UnknownName(
        f'"{written}" names a number, not cards',
        np,
        f'a loop goes over cards; to do steps that many times write "repeat {number} times:"',
    )


def loop_says(instruction: LoopI) -> str:
    """The loop's head in plain words (`agesmith explain`)."""
    if instruction.cards is not None or instruction.players is not None:
        return f"for {instruction.text}"
    return f"repeat {instruction.text} times"
