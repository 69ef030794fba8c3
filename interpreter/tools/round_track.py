"""The round track of a game, read from its pack: how many rounds an age has and what each
round brings that the others do not, with the round being played marked.

A pack says both in its own rules: `age_end: the round is at least 6` ends the age after round
6, and a phase's `if the round is at most 3: refill the empire row ... from the empire deck a`
is a step of rounds 1 to 3 only. The track lists, for each round, the steps of the pack's
phases whose condition reads the round (alone, or beside facts of play: the number of
players, the last round), each condition evaluated by the interpreter's own compiler for that
round and this game's number of players. A step that also asks something of the position
("if your threat is empty and the round is exactly 2: draw ...") keeps that part: "if your
threat is empty: draw ...".

A game whose age ends on something other than the round (Along History's emptied deck, Through
the Ages' step `end the age` when a civil deck runs out) has no track: `round_track` gives
None, and nothing is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.printer import condition as condition_text
from rules_dsl.printer import print_rules

from ..compile.facts import first_round_ending, is_fact_phrase, reads_only_facts
from ..compile.meaning import Ctx, compile_condition

if TYPE_CHECKING:
    from ..core.state import State
    from ..engine.game import Game


@dataclass(frozen=True)
class Brought:
    """A step the pack gives some rounds only: the phase it is in and its text."""

    phase: str
    text: str


@dataclass(frozen=True)
class Round:
    """One space of the track."""

    number: int
    brings: tuple[Brought, ...]
    current: bool = False
    past: bool = False


@dataclass(frozen=True)
class RoundTrack:
    rounds: tuple[Round, ...]
    current: int  # the round being played (0 before the first)

    @property
    def last(self) -> int:
        return len(self.rounds)


def _last_round(node: Any) -> bool:
    """ "the last round"."""
    return (
        isinstance(node, ast.NounPhrase)
        and node.determiner == "the"
        and node.count is None
        and not node.possessive
        and node.heads == (("last", "round"),)
        and not node.tails
    )


def _round_word(node: Any) -> bool:
    """ "the round" or "the last round": a number that reads the round."""
    if _last_round(node):
        return True
    return isinstance(node, ast.NounPhrase) and is_fact_phrase(node) and node.heads == (("round",),)


def _fact_side(node: Any) -> bool:
    if isinstance(node, ast.Arith):
        return _fact_side(node.left) and _fact_side(node.right)
    return isinstance(node, ast.Int) or is_fact_phrase(node) or _last_round(node)


def _reads_round(node: Any) -> bool:
    if isinstance(node, ast.Arith):
        return _reads_round(node.left) or _reads_round(node.right)
    return _round_word(node)


def of_rounds(node: Any) -> bool:
    """Whether a condition compares facts of play only and at least one of them is the round:
    its truth is known for each round before the game is played."""
    if isinstance(node, (ast.And, ast.Or)):
        return all(_facts_only(i) for i in node.items) and any(of_rounds(i) for i in node.items)
    if isinstance(node, ast.Not):
        return of_rounds(node.item)
    if isinstance(node, ast.Compare):
        sides = (node.subject, node.value)
        return all(_fact_side(s) for s in sides) and any(_reads_round(s) for s in sides)
    return False


def _facts_only(node: Any) -> bool:
    return of_rounds(node) or reads_only_facts(node)


def _split(cond: Any) -> tuple[Any, Any] | None:
    """A condition as (the part that reads the round, the rest or None); None when no part of
    it can be known from the round alone."""
    if of_rounds(cond):
        return cond, None
    if isinstance(cond, ast.And):
        known = [i for i in cond.items if _facts_only(i)]
        rest = [i for i in cond.items if not _facts_only(i)]
        if known and any(of_rounds(i) for i in known):
            whole = known[0] if len(known) == 1 else ast.And(tuple(known))
            left = rest[0] if len(rest) == 1 else ast.And(tuple(rest))
            return whole, left
    return None


class _Walk:
    """One round's walk through the phases a round plays, in the order they are played: from
    the round's phase into each phase it plays (`play "prepare"`), into a round-dependent
    step's body only when its condition holds in that round. Phases no round plays (those a
    card plays) are walked after."""

    def __init__(self, game: Game, ctx: Ctx | None, conds: dict[int, tuple[Any, Any]]) -> None:
        self.game = game
        self.phases = game.pack.phases
        self.ctx = ctx  # None: every branch, whatever the round
        self.conds = conds  # id of an `if` -> (its compiled round part, the rest) or (None, None)
        self.seen: set[str] = set()
        self.brings: list[Brought] = []

    def phase(self, name: str, record: bool = True) -> None:
        if name in self.seen or name not in self.phases:
            return
        self.seen.add(name)
        self.body(name, self.phases[name].statements, record)

    def body(self, phase: str, statements: tuple[Any, ...], record: bool) -> None:
        for s in statements:
            for step in s.steps if isinstance(s, ast.Steps) else (s,):
                self.step(phase, step, record)

    def step(self, phase: str, step: Any, record: bool) -> None:
        if isinstance(step, ast.Act):
            called = _called(step)
            if called is not None:  # its own steps are not in any text recorded
                self.phase(called)
        elif isinstance(step, ast.If):
            found = self.split(step)
            if found is None:
                self.body(phase, step.then, record)
                self.body(phase, step.otherwise or (), record)
                return
            if self.ctx is None:
                self.body(phase, step.then, False)
                self.body(phase, step.otherwise or (), False)
                return
            holds_now, rest = found
            holds = bool(holds_now(self.ctx)) != step.unless
            body = step.then if holds else step.otherwise or ()
            for s in body if record else ():
                text = _text(s)
                if holds and rest is not None:
                    text = f"if {condition_text(rest)}: {text}"
                self.brings.append(Brought(phase, text))
            self.body(phase, body, False)  # its text is recorded: only what it plays is walked
        elif isinstance(step, (ast.Repeat, ast.RepeatTimes, ast.ForEach)):
            self.body(phase, step.body, record)
        elif isinstance(step, ast.Optional):
            for inner in step.steps.steps:
                self.step(phase, inner, record)
        elif isinstance(step, ast.Choice):
            for option in step.options:
                self.step(phase, option, record)

    def split(self, step: ast.If) -> tuple[Any, Any] | None:
        """The compiled round part of an `if` and the rest of its condition, or None when it
        does not read the round (an `unless` only when it reads nothing else)."""
        key = id(step)
        if key not in self.conds:
            found = _split(step.condition)
            if found is None or (step.unless and found[1] is not None):
                self.conds[key] = (None, None)
            else:
                self.conds[key] = (compile_condition(found[0], self.game.lexicon), found[1])
        holds, rest = self.conds[key]
        return None if holds is None else (holds, rest)


def _called(act: ast.Act) -> str | None:
    """The phase an act plays: `play "prepare"`, `each player plays "turn"`."""
    np = act.object
    if act.verb != "play" or not isinstance(np, ast.NounPhrase) or len(np.heads) != 1:
        return None
    head = np.heads[0]
    return head.name if isinstance(head, ast.CardName) and not np.tails else None


def _text(statement: Any) -> str:
    """A statement's rules in one line (its blocks' lines joined)."""
    lines = print_rules(ast.Rules((statement,))).splitlines()
    return " ".join(line.strip() for line in lines)


def _ends_the_age(game: Game) -> bool:
    """Whether a phase or a card of the pack has the step `end the age` (the verb's only
    object)."""
    return any(
        getattr(getattr(i, "act", None), "verb", None) == "end"
        for program in game.programs.values()
        for i in program
    )


def last_round(game: Game, state: State) -> int:
    """The round that ends the age, when the pack's `age_end` reads facts of play alone and
    nothing else ends it (no `age_ends` event, no step `end the age`); 0 when it cannot be
    known before the game is played."""
    lex = game.lexicon
    if lex.age_end is None or lex.age_ends or not reads_only_facts(lex.age_end):
        return 0
    if _ends_the_age(game):  # a step may end the age in any round (Through the Ages)
        return 0
    ends = compile_condition(lex.age_end, lex)
    return first_round_ending(Ctx(state.clone(), game.catalog, state.active), ends)


def round_track(game: Game, state: State) -> RoundTrack | None:
    """The track of the age being played, or None when the pack gives it no fixed number of
    rounds."""
    last = last_round(game, state)
    if last <= 0:
        return None
    probe = state.clone()  # a copy whose round is set to each of the track's
    ctx = Ctx(probe, game.catalog, state.active)
    conds: dict[int, tuple[Any, Any]] = {}
    reached = _Walk(game, None, conds)
    reached.phase(game.pack.round_phase, record=False)  # every branch: the phases some round plays
    rounds = []
    for number in range(1, last + 1):
        probe.round = number
        walk = _Walk(game, ctx, conds)
        walk.phase(game.pack.round_phase)
        for other in game.pack.phases:
            if other not in reached.seen:
                walk.phase(str(other))
        rounds.append(
            Round(number, tuple(walk.brings), number == state.round, number < state.round)
        )
    return RoundTrack(tuple(rounds), state.round)
