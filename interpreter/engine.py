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
from rules_dsl.pack import Pack, Source

from . import program as prog
from .actions import Action, Decision
from .catalog import Catalog
from .chance import seed_state
from .control import NEXT, Result, wait
from .errors import IllegalActionError, PackError, RuleError, RuleLoopError
from .meaning import Ctx, compile_condition, compile_value
from .state import PlayerState, State

STEP_BUDGET = 20_000         # instructions between two decisions before a rule is a loop
MAX_DEPTH = 200              # rules running inside rules before it is endless recursion


@dataclass
class Formulas:
    """The game-wide rules compiled once: scoring, the age's end, war re-rolls, the tokens'
    conditions and the cards whose points are a formula."""

    score: Callable[[Ctx], int] | None = None
    age_end: Callable[[Ctx], bool] | None = None
    rerolls: Callable[[Ctx], int] | None = None
    tokens: list[Callable[[Ctx], bool]] = field(default_factory=list)
    points: dict[int, Callable[[Ctx], int]] = field(default_factory=dict)   # by card index

    @classmethod
    def build(cls, pack: Pack, catalog: Catalog) -> Formulas:
        def value(node: Any) -> Callable[[Ctx], int] | None:
            return compile_value(node) if node is not None else None
        return cls(
            score=value(pack.scoring),
            age_end=compile_condition(pack.age_end) if pack.age_end is not None else None,
            rerolls=value(pack.war_rerolls),
            tokens=[compile_condition(t.condition) for t in pack.tokens],
            points={info.index: compile_value(info.points) for info in catalog.cards
                    if not isinstance(info.points, int)},
        )


@dataclass
class Game:
    """A pack made playable, with its options chosen."""

    pack: Pack
    catalog: Catalog
    ages: list[str]                 # the ages played, in order
    board_side: str | None
    programs: dict[str, list[prog.Instruction]] = field(default_factory=dict)
    sources: dict[str, Source] = field(default_factory=dict)     # where each program is written
    formulas: Formulas = field(default_factory=Formulas)
    # told facts of play as they happen (a simulation's record keeper); see `note`
    observer: Callable[[str, dict[str, Any]], None] | None = field(default=None, repr=False,
                                                                  compare=False)

    # ---------------------------------------------------------------- loading

    @classmethod
    def load(cls, pack: str | Path | Pack, variant: str | None = None,
             board: str | None = None, ages: list[str] | str | None = None) -> Game:
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
        try:
            catalog = Catalog.build(pack)
            game = cls(pack, catalog, chosen, side, formulas=Formulas.build(pack, catalog))
            game._compile()
        except RuleError:
            from .playability import check_playable
            raise PackError("\n\n".join(d.render() for d in check_playable(pack))) from None
        return game

    def _compile(self) -> None:
        """Compile every phase and every card trigger once, into programs."""
        game_doc = self.pack.documents["game.yaml"]
        bodies: dict[str, Any] = {}
        for name, rules in self.pack.phases.items():
            bodies[f"phase:{name}"] = rules
            self.sources[f"phase:{name}"] = Source(game_doc, ("phases", name))
        if self.pack.setup is not None:
            bodies["setup"] = self.pack.setup
            self.sources["setup"] = Source(game_doc, ("setup",))
        for info in self.catalog.cards:
            card = self.pack.cards[info.index]
            for event, found in info.triggers.items():
                for n, body in enumerate(found):
                    key = f"card:{info.index}:{event}:{n}"
                    bodies[key] = body
                    own = any(s.body is body for s in card.rules.statements
                              if isinstance(s, ast.Trigger))
                    self.sources[key] = (Source(card.source.doc, (*card.source.path, "rules"))
                                         if own else Source(game_doc,
                                                            ("type_rules", info.type)))
        self.programs["empty"] = []
        for key, body in bodies.items():
            self.programs[key] = self._compile_one(key, body)

    def _compile_one(self, key: str, body: Any) -> list[prog.Instruction]:
        from .verbs import prepare_act
        try:
            program = prog.compile_body(body)
            for instruction in program:
                if isinstance(instruction, prog.ActI):
                    prepare_act(self, instruction)
            return program
        except RuleError as e:
            e.args = (f"{key}: {e}",)
            raise

    # ---------------------------------------------------------------- a new game

    def new(self, players: int = 3, seed: int = 0, start: bool = True) -> State:
        """A new game for `players` players (seat 0 starts), shuffled with `seed`.

        With start=False the state is left before the age's setup has run (for scenarios)."""
        limits = self.pack.game.get("players") or {}
        if not limits.get("min", 1) <= players <= limits.get("max", 10):
            raise ValueError(f"{self.pack.name} is for {limits.get('min')} to "
                             f"{limits.get('max')} players, not {players}")
        state = State(players=[PlayerState(seat=i) for i in range(players)])
        state.rng = seed_state(seed)
        state.log.append(f"A game of {self.pack.name} for {players} players, seed {seed}.")
        from .ages import start_age
        start_age(self, state, first=True)
        if start:
            self.run(state)
        return state

    @staticmethod
    def state_from_json(text: str) -> State:
        """A position saved with `state.to_json()`."""
        return State.from_json(text)

    # ---------------------------------------------------------------- decisions

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal choice of the player who must decide now."""
        if state.pending is None:
            return []
        key = state.pending.get("describe")
        if key is None:
            return [Action.from_data(o) for o in state.pending["options"]]
        from .action_phase import DESCRIBERS
        describer = DESCRIBERS[key]

        def describe(action: Action) -> str:
            return describer(self, state, action)
        return [Action(o["kind"], o["params"], describe=describe)
                for o in state.pending["options"]]

    def apply(self, state: State, action: Action) -> State:
        """The state after `action`; an illegal action raises and changes nothing."""
        if state.pending is None:
            raise IllegalActionError("the game is over: no action is possible")
        options = state.pending["options"]
        match = next((o for o in options
                      if o["kind"] == action.kind and o["params"] == action.params), None)
        if match is None:
            raise IllegalActionError(
                f"illegal action {str(action)!r} for player {state.pending['player'] + 1}: "
                f"not among the {len(options)} legal actions")
        new = state.clone()
        answer = Action.from_data(match)
        new.pending = None
        new.steps = 0
        self.run(new, answer)
        return new

    # ---------------------------------------------------------------- running

    def ctx(self, state: State, frame: dict[str, Any]) -> Ctx:
        return Ctx(state, self.catalog, frame["player"], frame.get("card"),
                   dict(frame.get("roles") or {}), frame.get("it"))

    def run(self, state: State, answer: Action | None = None,
            stop: Callable[[dict[str, Any], prog.Instruction], bool] | None = None) -> None:
        """Carry out instructions until a decision is pending or the game is over (or, for
        scenarios, until `stop` says so of the next instruction)."""
        from .ages import end_of_round
        while state.pending is None and not state.over:
            state.steps += 1
            if state.steps > STEP_BUDGET:
                raise RuleLoopError(self._loop_report(state))
            if not state.frames:
                end_of_round(self, state)
                continue
            frame = state.frames[-1]
            program = self.programs[frame["prog"]]
            if frame["pc"] >= len(program):
                state.frames.pop()
                continue
            if stop is not None and answer is None and stop(frame, program[frame["pc"]]):
                return
            result = self._step(state, frame, program[frame["pc"]], answer)
            answer = None
            if result.kind == "next":
                frame["pc"] += 1
                frame["loc"] = {}
            elif result.kind == "jump":
                frame["pc"] = result.target
                frame["loc"] = {}
            elif result.kind == "push":
                state.frames.append(result.frame)
                if self.observer is not None:
                    self.note("rule", key=result.frame["prog"])
                if len(state.frames) > MAX_DEPTH:
                    raise RuleLoopError(self._loop_report(state, "nests rules in rules without "
                                                                 "end"))
            elif result.kind == "wait":
                assert result.decision is not None
                if not result.decision.options:
                    raise RuleError(f"a decision with no option in {frame['prog']}")
                state.pending = result.decision.to_data()

    def _loop_report(self, state: State, what: str = "") -> str:
        """Where a rule that never stops is written: the innermost frame's instruction."""
        frame = state.frames[-1] if state.frames else {"prog": "?", "pc": 0}
        program = self.programs.get(frame["prog"], [])
        instruction = program[frame["pc"]] if frame["pc"] < len(program) else None
        node = getattr(instruction, "act", None) or getattr(instruction, "node", None)
        source = self.sources.get(frame["prog"])
        what = what or f"ran {STEP_BUDGET} steps without asking anyone anything: it loops"
        message = f"a rule {what} ({frame['prog']})"
        if source is None:
            return message
        hint = "make sure the loop's condition can change, or ask the player something"
        return source.locate(getattr(node, "span", None), "error", "loop", message,
                             hint).render()

    def _step(self, state: State, frame: dict[str, Any], instruction: prog.Instruction,
              answer: Action | None) -> Result:
        if isinstance(instruction, prog.ActI):
            handler: Callable[..., Result] = instruction.data["handler"]
            return handler(self, state, frame, instruction, answer)
        if isinstance(instruction, prog.TestI):
            ctx = self.ctx(state, frame)
            holds = instruction.cond(ctx)
            if ctx.it is not None:
                frame["it"] = ctx.it
            if holds == instruction.jump_if:
                return Result("jump", target=instruction.target)
            return NEXT
        if isinstance(instruction, prog.JumpI):
            return Result("jump", target=instruction.target)
        if isinstance(instruction, prog.AskI):
            if answer is None:
                return wait(Decision(frame["player"], "choose", [
                    Action("branch", {"index": i}, text)
                    for i, (text, _) in enumerate(instruction.options)]))
            return Result("jump", target=instruction.options[answer.params["index"]][1])
        raise TypeError(instruction)

    # ---------------------------------------------------------------- helpers for handlers

    def frame(self, program: str, player: int, card: int | None = None,
              roles: dict[str, int] | None = None) -> dict[str, Any]:
        return {"prog": program, "pc": 0, "player": player, "card": card,
                "roles": dict(roles or {}), "loc": {}}

    def triggers(self, state: State, seat: int, event: str) -> list[list]:
        """[program, card] of each rule of `seat`'s active cards that `event` sets off."""
        out = []
        for copy in state.players[seat].active_cards():
            info = self.catalog.info(copy)
            for n in range(len(info.triggers.get(event, []))):
                out.append([f"card:{info.index}:{event}:{n}", copy])
        return out

    def note(self, kind: str, **facts: Any) -> None:
        """Tell the observer a fact of play ("rule", "fail", "destroy", "war", "token")."""
        if self.observer is not None:
            self.observer(kind, facts)

    def say(self, state: State, text: str) -> None:
        state.log.append(text)

    def name(self, copy: int) -> str:
        return self.catalog.info(copy).name

    def player_name(self, seat: int) -> str:
        return f"player {seat + 1}"

    def line(self, state: State) -> str:
        """The position in one line of text (see position.py)."""
        from .position import position_line
        return position_line(self, state)


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
