"""Rules compiled to flat programs: instructions with jumps, run by the engine one at a time.

A program belongs to the pack (a phase, a card's trigger), never to the state: the state only
holds frames that name a program and an instruction index, so a half-done phase or effect is
plain data. Structured steps become jumps: `if` tests and skips, `repeat until` loops, `you may`
and `A or B` become decisions of the player the rule speaks for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_dsl import ast

from ..core.errors import RuleError, cannot
from .loops import LoopI, NextI, compile_loop
from .meaning import NO_LEXICON, Cond, Lexicon, compile_condition


def card_program(card: int | str, event: str, n: int | str) -> str:
    """The name of the program of a card's `n`th rule for an event ("on acquire: ..."): the
    card by its index in the catalog (a save writes its id instead)."""
    return f"card:{card}:{event}:{n}"


@dataclass
class ActI:
    act: ast.Act
    may: bool = False  # "you may <act>": the act's own decision offers to decline
    data: dict[str, Any] = field(default_factory=dict)  # what its handler compiled


@dataclass
class ChoiceI(ActI):
    """ "A or B": the doer (the acts' shared subject, or the rule's player) picks one it can do."""

    options: list[ActI] = field(default_factory=list)


@dataclass
class TestI:
    """Jump to `target` when the condition is false (or true, with `jump_if`)."""

    cond: Cond
    target: int
    jump_if: bool = False
    node: Any = None


@dataclass
class JumpI:
    target: int
    node: Any = None


@dataclass
class AskI:
    """A decision between branches: "you may <steps>" (do them or not)."""

    options: list[tuple[str, int]]  # (text, target)
    node: Any = None


Instruction = ActI | ChoiceI | TestI | JumpI | AskI | LoopI | NextI


def compile_body(body: tuple[Any, ...] | ast.Rules, lex: Lexicon = NO_LEXICON) -> list[Instruction]:
    """The program of a phase or a trigger's body."""
    statements = body.statements if isinstance(body, ast.Rules) else body
    out: list[Instruction] = []
    for statement in statements:
        _statement(statement, out, lex)
    return out


def _statement(s: Any, out: list[Instruction], lex: Lexicon) -> None:
    if isinstance(s, ast.Steps):
        for step in s.steps:
            _step(step, out, lex)
        return
    raise RuleError("only steps can be carried out here", s)


def _step(step: Any, out: list[Instruction], lex: Lexicon) -> None:
    if isinstance(step, ast.Act):
        out.append(ActI(step))
    elif isinstance(step, ast.Choice):
        # "each opponent pays 5 gold to you or destroys ...": the first subject serves all
        subject = step.options[0].subject
        shared = all(o.subject is None or o.subject == subject for o in step.options[1:])
        acts = [
            ast.Act(None, o.verb, o.object, o.roles, span=o.span) if shared else o
            for o in step.options
        ]
        head = ast.Act(subject if shared else None, "choose", None, (), span=step.span)
        out.append(ChoiceI(head, options=[ActI(a) for a in acts]))
    elif isinstance(step, ast.Optional):
        inner = step.steps.steps
        if step.subject is not None and not (
            isinstance(step.subject, ast.Pronoun) and step.subject.word == "you"
        ):
            # "each opponent may gain 1 gold": each of them decides for their own act
            if len(inner) != 1 or not isinstance(inner[0], ast.Act) or inner[0].subject is not None:
                raise cannot(step, 'another player\'s "may" covers one step yet')
            act = inner[0]
            out.append(
                ActI(
                    ast.Act(step.subject, act.verb, act.object, act.roles, span=act.span), may=True
                )
            )
            return
        if len(inner) == 1 and isinstance(inner[0], ast.Act):
            out.append(ActI(inner[0], may=True))
            return
        ask = AskI([], step)
        out.append(ask)
        ask.options.append(("do it", len(out)))
        for inner_step in inner:
            _step(inner_step, out, lex)
        ask.options.append(("decline", len(out)))
    elif isinstance(step, ast.If):
        test = TestI(compile_condition(step.condition, lex), -1, jump_if=step.unless, node=step)
        out.append(test)
        for s in step.then:
            _statement(s, out, lex)
        if step.otherwise is None:
            test.target = len(out)
            return
        skip = JumpI(-1)
        out.append(skip)
        test.target = len(out)
        for s in step.otherwise:
            _statement(s, out, lex)
        skip.target = len(out)
    elif isinstance(step, ast.Repeat):
        start = len(out)
        test = TestI(compile_condition(step.until, lex), -1, jump_if=True, node=step)
        out.append(test)
        for s in step.body:
            _statement(s, out, lex)
        out.append(JumpI(start, node=step))
        test.target = len(out)
    elif isinstance(step, (ast.ForEach, ast.RepeatTimes)):
        _loop(step, out, lex)
    else:
        raise RuleError("this step is not supported", step)


def _loop(step: ast.ForEach | ast.RepeatTimes, out: list[Instruction], lex: Lexicon) -> None:
    """`for each <cards>:` and `repeat <number> times:`: the start, then each round's head,
    the body, and a jump back to the head (compile/loops.py)."""
    start = compile_loop(step, lex)
    out.append(start)
    head = NextI(start.cards, -1, node=step)
    at = len(out)
    out.append(head)
    for s in step.body:
        _statement(s, out, lex)
    out.append(JumpI(at, node=step))
    head.target = len(out)
