"""The engine: load a pack, start a game, list the legal actions, apply one.

Play is driven by the pack. A round runs the pack's "round" phase; phases and card effects are
compiled programs (`program.py`) whose acts are carried out by the handlers of their verbs
(`verbs.py`). When a handler needs a player's decision it leaves it in `state.pending` and the
engine stops: the state is the whole story, and `apply` carries on from it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_dsl import ast
from rules_dsl.deck import load_pack_or_deck
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.pack import Pack, Source

from ..compile import program as prog
from ..compile.catalog import Catalog
from ..compile.facts import reads_only_facts
from ..compile.meaning import (
    NO_LEXICON,
    Ctx,
    Lexicon,
    compile_condition,
    compile_tie_break,
    compile_value,
)
from ..compile.program import card_program
from ..core.actions import Action, Decision
from ..core.card_state import is_face_down
from ..core.chance import seed_state
from ..core.control import NEXT, PHASE, Result, jump, phase_program, wait
from ..core.errors import IllegalActionError, PackError, RuleError, RuleLoopError
from ..core.pieces import start_pieces
from ..core.state import PlayerState, State
from ..mechanics import declared_actions
from ..mechanics.action_phase import DESCRIBERS, EXPANDERS, SPLITTERS
from ..mechanics.ages import AGE_CHANGE, SETUP, missing_round_phase
from ..mechanics.loops import loop_step
from ..model.zones import NO_ZONES, TABLEAU, ZoneTable, missing_roles

STEP_BUDGET = 20_000  # instructions between two decisions before a rule is a loop
MAX_DEPTH = 200  # rules running inside rules before it is endless recursion


@dataclass
class Formulas:
    """The game-wide rules compiled once: scoring and its tie-break, the age's end, war
    re-rolls, the tokens' conditions and the cards whose points are a formula."""

    score: Callable[[Ctx], int] | None = None
    age_end: Callable[[Ctx], bool] | None = None
    rerolls: dict[str, Callable[[Ctx], int]] = field(default_factory=dict)  # by contest
    tokens: list[Callable[[Ctx], bool]] = field(default_factory=list)
    points: dict[int, Callable[[Ctx], int]] = field(default_factory=dict)  # by card index
    tie_break: list[Callable[[Ctx], tuple[int, ...]]] = field(default_factory=list)
    age_end_by_round: bool = False  # age_end reads facts of the round alone: tested at its end
    report: dict[str, Callable[[Ctx], int]] = field(default_factory=dict)  # `report:` measures
    bot_value: Callable[[Ctx], int] | None = None  # `bots: value:`, how bots weigh a position

    @classmethod
    def build(cls, pack: Pack, catalog: Catalog) -> Formulas:
        lex = Lexicon.of(pack.game)

        def value(node: Any) -> Callable[[Ctx], int] | None:
            return compile_value(node, lex) if node is not None else None

        return cls(
            score=value(pack.scoring),
            age_end=compile_condition(pack.age_end, lex) if pack.age_end is not None else None,
            rerolls={n: compile_value(t, lex) for n, t in pack.contest_rerolls.items()},
            tokens=[compile_condition(t.condition, lex) for t in pack.tokens],
            points={
                info.index: compile_value(info.points, lex)
                for info in catalog.cards
                if not isinstance(info.points, int)
            },
            tie_break=[compile_tie_break(t.number, t.each, lex) for t in pack.tie_break],
            age_end_by_round=pack.age_end is not None and reads_only_facts(pack.age_end),
            report={name: compile_value(tree, lex) for name, tree in pack.report.items()},
            bot_value=value(pack.bot_value),
        )


@dataclass
class Game:
    """A pack made playable, with its options chosen."""

    pack: Pack
    catalog: Catalog
    ages: list[str]  # the ages played, in order
    board_side: str | None
    programs: dict[str, list[prog.Instruction]] = field(default_factory=dict)
    sources: dict[str, Source] = field(default_factory=dict)  # where each program is written
    formulas: Formulas = field(default_factory=Formulas)
    lexicon: Lexicon = NO_LEXICON  # the pack's nouns, for compiling phrases word by word
    zones: ZoneTable = NO_ZONES  # the pack's zones, indexed
    # told facts of play as they happen (a simulation's record keeper); see `note`
    observer: Callable[[str, dict[str, Any]], None] | None = field(
        default=None, repr=False, compare=False
    )
    # what tools (the bots) work out once per game; a compiled Game takes no other attribute
    caches: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # ---------------------------------------------------------------- loading

    @classmethod
    def load(
        cls,
        pack: str | Path | Pack,
        variant: str | None = None,
        board: str | None = None,
        ages: list[str] | str | None = None,
    ) -> Game:
        """Load a pack folder, a deck file or a Pack with a variant, a board side and ages."""
        if not isinstance(pack, Pack):
            loaded, diagnostics = load_pack_or_deck(pack, variant=variant)
            errors = [d for d in diagnostics if d.is_error]
            if loaded is None or errors:
                raise PackError("\n".join(d.render() for d in errors) or f"cannot load {pack}")
            pack = loaded
        all_ages = [a.id for a in pack.ages]
        chosen = _choose_ages(all_ages, ages)
        achievements = pack.game.get("achievements") or {}
        side = board or achievements.get("default_board")
        if side is not None and side not in (achievements.get("boards") or {}):
            raise PackError(f'the pack has no board side "{side}"')
        missing = [d for d in [missing_round_phase(pack)] if d is not None] + missing_roles(pack)
        if missing:
            raise PackError("\n".join(d.render() for d in missing))
        try:
            catalog = Catalog.build(pack)
            lexicon = Lexicon.of(pack.game)
            game = cls(
                pack,
                catalog,
                chosen,
                side,
                formulas=Formulas.build(pack, catalog),
                lexicon=lexicon,
                zones=lexicon.zones,
            )
            game._compile()
        except RuleError as e:
            raise PackError(_placed(pack, e)) from None
        return game

    def _compile(self) -> None:
        """Compile every phase and every card trigger once, into programs."""
        self.pack.documents["game.yaml"]
        bodies: dict[str, Any] = {}
        for name, rules in self.pack.phases.items():
            bodies[phase_program(name)] = rules
            self.sources[phase_program(name)] = self.pack.source_of(("phases", name))
        for key, program in ((SETUP, self.pack.setup), (AGE_CHANGE, self.pack.age_change)):
            if program is not None:
                bodies[key] = program
                self.sources[key] = self.pack.source_of((key,))
        for action in self.pack.actions:
            key = declared_actions.PROGRAM + action.name
            bodies[key] = action.does
            self.sources[key] = Source(action.source.doc, (*action.source.path, "does"))
        self.caches["declared actions"] = declared_actions.compile_all(self)
        for info in self.catalog.cards:
            card = self.pack.cards[info.index]
            for event, found in info.triggers.items():
                for n, body in enumerate(found):
                    key = card_program(info.index, event, n)
                    bodies[key] = body
                    own = any(
                        s.body is body for s in card.rules.statements if isinstance(s, ast.Trigger)
                    )
                    self.sources[key] = (
                        Source(card.source.doc, (*card.source.path, "rules"))
                        if own
                        else self.pack.source_of(("type_rules", info.type))
                    )
        self.programs["empty"] = []
        for key, body in bodies.items():
            self.programs[key] = self._compile_one(key, body)
        self.programs.update(declared_actions.holder_programs(self))
        declared_actions.check_steps(self)

    def _compile_one(self, key: str, body: Any) -> list[prog.Instruction]:
        from ..mechanics.verbs import prepare_act

        try:
            program = prog.compile_body(body, self.lexicon)
            for instruction in program:
                if isinstance(instruction, prog.ActI):
                    prepare_act(self, instruction)
            return program
        except RuleError as e:
            e.args = (f"{key}: {e}",)
            raise

    # ---------------------------------------------------------------- a new game

    def new(
        self, players: int = 3, seed: int = 0, start: bool = True, quiet: bool = False
    ) -> State:
        """A new game for `players` players (seat 0 starts), shuffled with `seed`.

        With start=False the state is left before the age's setup has run (for scenarios);
        a quiet state keeps no log (playouts: the game is the same, digest included)."""
        limits = self.pack.game.get("players") or {}
        if not limits.get("min", 1) <= players <= limits.get("max", 10):
            raise ValueError(
                f"{self.pack.name} is for {limits.get('min')} to "
                f"{limits.get('max')} players, not {players}"
            )
        state = State(
            players=[
                PlayerState(seat=i, zones=[[] for _ in self.zones.player]) for i in range(players)
            ],
            zones=[[] for _ in self.zones.shared],
        )
        state.rng = seed_state(seed)
        state.pieces = start_pieces(self.lexicon.pieces, players)
        state.gaps = {index: [] for index, _ in self.zones.rows}  # every row starts without gaps
        state.quiet = quiet
        state.say(f"A game of {self.pack.name} for {players} players, seed {seed}.")
        from ..mechanics.ages import start_age
        from ..mechanics.decks import deal_decks

        start_age(self, state, first=True)
        deal_decks(self, state)  # once, before the first age's setup runs
        if start:
            self.run(state)
        return state

    def zone(self, state: State, name: str, seat: int | None = None) -> list[int]:
        """The cards of the zone the pack calls `name` (a player's zone needs the seat; the
        tableau's cards are all of them, its piles flattened). A KeyError names the zones."""
        found = self.zones.find(name)
        if found is None:
            names = [*self.zones.names("player"), *self.zones.names("shared")]
            raise KeyError(f'the pack has no zone "{name}" (its zones: {", ".join(names)})')
        side, index = found
        if side == "shared":
            return state.zones[index]
        if seat is None:
            raise KeyError(f'"{name}" is a zone of each player: whose?')
        player = state.players[seat]
        return player.all_cards() if index == TABLEAU else player.zones[index]

    @staticmethod
    def state_from_json(text: str) -> State:
        """A position written by `state.to_json()` (trusted; saved games: `saves.py`)."""
        return State.from_json(text)

    # ---------------------------------------------------------------- decisions

    def choices(self, state: State) -> list[Action]:
        """The options of the decision waiting now, as the player meets them: in the action
        phase a menu (acquire a card, exchange with a die, ...) then the detail (how to pay,
        which cards to exchange). Their sentences are written when read."""
        if state.pending is None:
            return []
        options: list[Action] = state.pending["options"]
        key = state.pending.get("describe")
        if key is not None and options and options[0]._describe is None:
            describer = DESCRIBERS[key]

            def describe(action: Action) -> str:
                return describer(self, state, action)

            for option in options:
                option._describe = describe
        return options

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal choice of the player who must decide now, each complete: an action
        phase's menu entries are expanded into their details ("acquire X paying ..."). Any of
        them may be given to `apply`; scenarios and tests match their sentences."""
        options = self.choices(state)
        key = state.pending.get("describe") if state.pending is not None else None
        if key not in EXPANDERS:
            return options
        expand = EXPANDERS[key]
        out: list[Action] = []
        for option in options:
            out += expand(self, state, option)
        return out

    def apply(self, state: State, action: Action) -> State:
        """The state after `action` (a choice or a complete action); an illegal action raises
        and changes nothing."""
        new = state.clone()
        self._play(new, action)  # on an error the half-played copy is dropped
        return new

    def play(self, state: State, action: Action) -> None:
        """Carry out `action` on `state` itself (the playout path: no copy). An illegal action
        raises and changes nothing."""
        pending = state.pending
        option = _find(pending["options"], action) if pending is not None else None
        if option is not None:
            self._answer(state, option)
            return
        before = state.clone()  # a complete action is checked in two steps
        try:
            self._play(state, action)
        except IllegalActionError:
            state.become(before)
            raise

    def _play(self, state: State, action: Action) -> None:
        pending = state.pending
        if pending is None:
            raise IllegalActionError("the game is over: no action is possible")
        option = _find(pending["options"], action)
        if option is not None:
            self._answer(state, option)
            return
        key = pending.get("describe")
        parts = SPLITTERS[key](action) if key in SPLITTERS else None
        head = _find(pending["options"], parts[0]) if parts else None
        if parts is None or head is None:
            raise IllegalActionError(
                f"illegal action {str(action)!r} for player {pending['player'] + 1}: "
                f"not among the {len(pending['options'])} legal choices"
            )
        self._answer(state, head)
        detail = _find(state.pending["options"], parts[1]) if state.pending else None
        if detail is None:
            raise IllegalActionError(
                f"illegal action {str(action)!r} for player {pending['player'] + 1}: "
                f"{str(head)!r} is possible, but not that way"
            )
        self._answer(state, detail)

    def _answer(self, state: State, option: Action) -> None:
        state.pending = None
        state.steps = 0
        state.moves += 1
        self.run(state, option)

    # ---------------------------------------------------------------- running

    def ctx(self, state: State, frame: dict[str, Any]) -> Ctx:
        return Ctx(
            state,
            self.catalog,
            frame["player"],
            frame.get("card"),
            dict(frame.get("roles") or {}),
            frame.get("it"),
            frame.get("doer"),
            frame.get("bid", 0),
            frame.get("left"),
        )

    def run(
        self,
        state: State,
        answer: Action | None = None,
        stop: Callable[[dict[str, Any], prog.Instruction], bool] | None = None,
    ) -> None:
        """Carry out instructions until a decision is pending or the game is over (or, for
        scenarios, until `stop` says so of the next instruction)."""
        from ..mechanics.ages import end_of_round

        programs = self.programs
        while state.pending is None and not state.over:
            state.steps += 1
            if state.steps > STEP_BUDGET:
                raise RuleLoopError(self._loop_report(state))
            if not state.frames:
                end_of_round(self, state)
                continue
            frames = state.frames  # rules may replace the stack (the end of an age)
            frame = frames[-1]
            program = programs[frame["prog"]]
            pc = frame["pc"]
            if pc >= len(program):
                state.pop_frame()
                continue
            instruction = program[pc]
            if stop is not None and answer is None and stop(frame, instruction):
                return
            if len(frames) <= state._shared:  # shared with a copy: copied before it changes
                frame = state.own_frame()
            result = self._step(state, frame, instruction, answer)
            answer = None
            kind = result.kind
            if kind == "next":
                frame["pc"] = pc + 1
                frame["loc"] = {}
            elif kind == "jump":
                frame["pc"] = result.target
                frame["loc"] = {}
            elif kind == "push":
                assert result.frame is not None
                frames.append(result.frame)
                if self.observer is not None:
                    self.note("rule", key=result.frame["prog"])
                if len(frames) > MAX_DEPTH:
                    raise RuleLoopError(
                        self._loop_report(state, "nests rules in rules without end")
                    )
            elif kind == "wait":
                assert result.decision is not None
                if not result.decision.options:
                    raise RuleError(f"a decision with no option in {frame['prog']}")
                state.pending = result.decision.pending()

    def _loop_report(self, state: State, what: str = "") -> str:
        """Where a rule that never stops is written: the innermost frame's instruction."""
        found = self.loop_diagnostic(state, what)
        return found.render() if isinstance(found, Diagnostic) else found

    def loop_diagnostic(self, state: State, what: str = "") -> Diagnostic | str:
        """The error of a rule that never stops, placed at the innermost frame's instruction
        (its message alone when no text holds the program)."""
        frame: dict[str, Any] = state.frames[-1] if state.frames else {"prog": "?", "pc": 0}
        program = self.programs.get(frame["prog"], [])
        instruction = program[frame["pc"]] if frame["pc"] < len(program) else None
        node = getattr(instruction, "act", None) or getattr(instruction, "node", None)
        source = self.sources.get(frame["prog"])
        what = what or f"ran {STEP_BUDGET} steps without asking anyone anything: it loops"
        message = f"a rule {what} ({frame['prog']})"
        if source is None:
            return message
        hint = "make sure the loop's condition can change, or ask the player something"
        return source.locate(getattr(node, "span", None), "error", "loop", message, hint)

    def _step(
        self,
        state: State,
        frame: dict[str, Any],
        instruction: prog.Instruction,
        answer: Action | None,
    ) -> Result:
        if isinstance(instruction, prog.ActI):
            handler: Callable[..., Result] = instruction.data["handler"]
            return handler(self, state, frame, instruction, answer)
        if isinstance(instruction, prog.TestI):
            ctx = self.ctx(state, frame)
            holds = instruction.cond(ctx)
            if ctx.it is not None:
                frame["it"] = ctx.it
            if holds == instruction.jump_if:
                return jump(instruction.target)
            return NEXT
        if isinstance(instruction, prog.JumpI):
            return jump(instruction.target)
        if isinstance(instruction, (prog.LoopI, prog.NextI)):
            return loop_step(self.ctx(state, frame), frame, instruction)
        if isinstance(instruction, prog.AskI):
            if answer is None:
                return wait(
                    Decision(
                        frame["player"],
                        "choose",
                        [
                            Action("branch", {"index": i}, text)
                            for i, (text, _) in enumerate(instruction.options)
                        ],
                    )
                )
            return jump(instruction.options[answer.params["index"]][1])
        raise TypeError(instruction)

    # ---------------------------------------------------------------- helpers for handlers

    def frame(
        self,
        program: str,
        player: int,
        card: int | None = None,
        roles: dict[str, int] | None = None,
    ) -> dict[str, Any]:
        return {
            "prog": program,
            "pc": 0,
            "player": player,
            "card": card,
            "roles": dict(roles or {}),
            "loc": {},
        }

    def triggers(self, state: State, seat: int, event: str) -> list[list]:
        """[program, card] of each rule of `seat`'s active cards that `event` sets off."""
        out = []
        for copy in state.players[seat].active_cards():
            if state.cards and is_face_down(state, copy):
                continue  # a face-down card's rules do nothing until it is turned up
            info = self.catalog.info(copy)
            for n in range(len(info.triggers.get(event, []))):
                out.append([card_program(info.index, event, n), copy])
        return out

    def note(self, kind: str, **facts: Any) -> None:
        """Tell the observer a fact of play ("rule", "fail", "destroy", "war", "token")."""
        if self.observer is not None:
            self.observer(kind, facts)

    def say(self, state: State, text: str) -> None:
        state.say(text)

    def name(self, copy: int) -> str:
        return self.catalog.info(copy).name

    def player_name(self, seat: int) -> str:
        return f"player {seat + 1}"

    def line(self, state: State) -> str:
        """The position in one line of text (see position.py)."""
        from ..tools.position import position_line

        return position_line(self, state)


def _find(options: list[Action], action: Action) -> Action | None:
    """The offered option that is the same choice as `action`."""
    for option in options:
        if option is action:
            return option
    for option in options:
        if option.kind == action.kind and option.params == action.params:
            return option
    return None


def _placed(pack: Pack, error: RuleError) -> str:
    """A rule the interpreter cannot play, placed in its file (`agesmith validate` lists them
    all)."""
    source = pack.source_of_node(error.node)
    message = str(error)
    if message.startswith(("card:", PHASE, "setup:")):  # the program's key, for logs
        message = message.split(": ", 1)[-1]
    if source is None:
        return message
    return source.locate(
        getattr(error.node, "span", None),
        "error",
        "not-playable",
        message,
        "run `agesmith validate` for every problem of the pack",
    ).render()


def _choose_ages(all_ages: list[str], ages: list[str] | str | None) -> list[str]:
    """The ages to play: all of them, one, or consecutive ones ("antiquity+middle_ages")."""
    if ages is None or ages == "all":
        return list(all_ages)
    chosen = ages.split("+") if isinstance(ages, str) else list(ages)
    for age in chosen:
        if age not in all_ages:
            raise PackError(f'the pack has no age "{age}" (ages: {", ".join(all_ages)})')
    positions = [all_ages.index(a) for a in chosen]
    if positions != list(range(positions[0], positions[0] + len(positions))):
        raise PackError("the ages played must follow each other")
    return chosen
