"""Scenario files: a designer's test of a card or a rule, as data.

    # yaml-language-server: $schema=../../../cards/schema/scenario.schema.json
    name: Famine is free with two of Hunting, Wildcrafting and Fishing
    proves: [AH-K6]
    pack: along_history          # a bundled pack, or a folder relative to this file
                                 # (or deck: ../decks/x.yaml, a deck file, instead)
    players: 3
    seed: 1
    age: prehistory              # the first age played (default: the pack's first)
    position:                    # what differs from a freshly dealt age
      active: 1                  # players are numbered from 1
      age: antiquity             # where it stands (default: the first age played, round 1)
      round: 2
      passed: [2]                # the players who have passed this round
      players:
        1:
          civilization: [Hunting, Fishing, Homo Erectus > Australopithecus]
          events: [Famine, Forest, Tiger]
          legacy: [Iron Working]   # cards of any age
          gold: 3                # any counter by name
          tokens: [1, 3]
          tilted: [Hunting]
          scores: [12]           # each age's points so far
          pieces: {worker: [{card: Hunting}, {}]}   # each piece, and the card it stands on
      deck: [Wolves, Bear]       # these on top, first drawn first; the rest of the age below
      discard: [Mammoth]
      board: {1a: 1, 1b: you own a figure}   # tokens on spaces: a value, or a condition
    position_at: round           # placed before the round's first step (default), or
                                 # start: placed again where the actions start, exactly
    start: take                  # run to the first act with this verb ... (default: take;
                                 # a later act such as "wage" passes the actions before it)
    start_player: 1              # ... done by this player (default: the active player)
    dice: [2 population, 1 population, 1 population, culture, x2, golden age]
    chance: "1234567"            # the random generator's state where the actions start
    actions:                     # each matched against the legal actions' texts
      - acquire Famine for free
      - expect: [you own "Famine"]          # a checkpoint: checked after the actions above
        legal: [end your actions]
        illegal: [acquire Forest]
      - end your actions
    expect:                      # conditions of the rules language, for the active player
      - you own "Famine"
      - {player: 2, that: you have at least 1 universal resource}
    legal: [...]                 # actions that must be legal at the end ...
    illegal: [...]               # ... and that must not be
    log: [Famine]                # texts the log must contain
    log_not: [war]               # texts it must not contain
    state: {over: false}
    known_bug: ...               # optional: the engine is known to fail this; say how

The format is `cards/schema/scenario.schema.json` (unknown keys are errors). "A > B" puts B in
decadence under A. An action matches when its text equals the line or is the only legal action
containing it. `check` never raises on a bad file: every problem is a located message, and an
unknown card, counter, board space or player is an error, never a scenario that checks nothing
(nor is a scenario with no expectation at all, nor an expectation that always holds: "you have
at least 0 gold" fails, as it proves nothing). Counters and tokens are held to the bounds of a
save (rules_dsl/bounds.py).
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_dsl.condition_checks import ALWAYS_HOLDS
from rules_dsl.diagnostics import Diagnostic, did_you_mean, printable
from rules_dsl.input_checks import control_characters
from rules_dsl.parser import try_parse
from rules_dsl.safe_files import is_file, is_folder
from rules_dsl.schema_check import check_against, schema_validator
from rules_dsl.yaml_source import YamlDocument, load_yaml

from ..compile.meaning import Ctx, compile_condition
from ..core.actions import ACTION_MENU, Action
from ..core.errors import IllegalActionError, PackError, RuleError, RuleLoopError
from ..core.state import State
from ..engine.game import Game
from .scenario_position import (
    ScenarioError,
    ScenarioProblems,
    chance_state,
    place,
    player_keys,
    seat_of,
    set_dice,
    unknown_key,
)

__all__ = ["Outcome", "ScenarioError", "build", "check", "match", "matching", "run"]

CHECKS = ("expect", "legal", "illegal", "log", "log_not")
# Where the position is placed (`position_at:`): before the round's first step, or again where
# the actions start (the round's steps before them are then undone).
AT_ROUND = "round"
AT_START = "start"
PLACED_AT = (AT_ROUND, AT_START)
# The most decisions answered on the way to the start, for each player.
PASSING_STEPS = 40


@dataclass
class Outcome:
    path: str
    name: str
    proves: list[str]
    passed: bool
    problems: list[str] = field(default_factory=list)
    state: State | None = None
    known_bug: str | None = None  # the scenario states a known engine bug
    details: list[str] = field(default_factory=list)  # for `check -v`: where it stopped
    broken: bool = False  # the file itself is wrong: it never reached its actions

    @property
    def ok(self) -> bool:
        """Passed, or failed exactly as its known bug says it does (a known bug never excuses
        a file that cannot even be set up)."""
        return not self.broken and self.passed != bool(self.known_bug)

    def summary(self) -> str:
        mark = "PASS" if self.passed else "FAIL"
        if self.known_bug and not self.broken:
            mark = "BUG " if not self.passed else "FIXED?"
        proves = f" [{', '.join(self.proves)}]" if self.proves else ""
        head = printable(f"{mark} {self.path}: {self.name}{proves}", newlines=False)
        lines = [head]
        for problem in self.problems:
            first, *rest = printable(problem).split("\n")
            lines += [f"  - {first}", *(f"    {r}" for r in rest)]
        return "\n".join(lines)


# ------------------------------------------------------------------ loading games

# Games loaded, each with the stamp of its files when it was loaded: the workshop edits packs in
# the process that runs their scenarios, so a kept game is used only while its files are as
# they were (bounded: packs come and go in a long session).
_GAMES: dict[tuple, tuple[tuple, Game]] = {}
MOST_GAMES = 32


def _kept(key: tuple, pack: Path) -> Game | None:
    kept = _GAMES.get(key)
    if kept is None or kept[1].pack.stamp(*_deck_file(pack)) != kept[0]:
        return None
    return kept[1]


def _keep(key: tuple, pack: Path, game: Game) -> Game:
    if len(_GAMES) >= MOST_GAMES:
        _GAMES.clear()
    _GAMES[key] = (game.pack.stamp(*_deck_file(pack)), game)
    return game


def _deck_file(pack: Path) -> tuple[Path, ...]:
    return (pack,) if is_file(pack) else ()


def _game(pack: Path, variant: str | None, age: str | None, board: str | None) -> Game:
    """The game of a pack (or a deck file), loaded once and kept while its files are unchanged;
    `age`: played from that age on."""
    where = str(pack.resolve())
    key = (where, variant, age, board)
    game = _kept(key, pack)
    if game is not None:
        return game
    whole_key = (where, variant, None, board)
    probe = _kept(whole_key, pack) or _keep(
        whole_key, pack, Game.load(pack, variant=variant, board=board)
    )
    if age is None:
        return probe
    order = [a.id for a in probe.pack.ages]
    if age not in order:
        raise ScenarioError(
            f'the pack has no age "{age}"',
            ("age",),
            did_you_mean(age, order) or f"ages: {', '.join(order)}",
        )
    ages = order[order.index(age) :]
    return _keep(key, pack, Game.load(probe.pack, ages=ages, board=board))


def _load_game(spec: dict[str, Any], here: Path, given: Path | None = None) -> Game:
    pack = given if given is not None else _pack_named(spec, here)
    variant = spec.get("variant")
    try:
        return _game(
            pack,
            None if variant is None else str(variant),
            None if spec.get("age") is None else str(spec["age"]),
            None if spec.get("board") is None else str(spec["board"]),
        )
    except PackError as e:
        where = (
            ("variant",)
            if variant is not None and "variant" in str(e)
            else (("board",) if "board side" in str(e) else _source_key(spec))
        )
        raise ScenarioError(f"the pack does not load: {e}", where) from None


def _source_key(spec: dict[str, Any]) -> tuple[str]:
    """The key that names what the scenario plays, where a problem of it is shown."""
    return ("deck",) if spec.get("deck") is not None else ("pack",)


def _pack_named(spec: dict[str, Any], here: Path) -> Path:
    """The pack folder or the deck file the scenario names (`pack:` or `deck:`)."""
    from cards import bundled

    if spec.get("deck") is not None:
        if spec.get("pack") is not None:
            raise ScenarioError(
                "give pack: or deck:, not both",
                ("deck",),
                "a deck names its own pack: keep only deck:",
            )
        deck = here / str(spec["deck"])
        if not is_file(deck):
            raise ScenarioError(
                f'no deck file "{spec["deck"]}" next to this file',
                ("deck",),
                'the path is relative to the scenario file, as "../decks/fewer-calamities.yaml"',
            )
        return deck
    name = str(spec.get("pack", "along_history"))
    local = here / name
    if is_folder(local):
        return local
    pack = bundled(name)
    if not is_folder(pack):
        raise ScenarioError(
            f'no pack "{name}": neither a bundled pack nor a folder next to this file', ("pack",)
        )
    return pack


# ------------------------------------------------------------------ running


def check(path: str | os.PathLike[str], pack: Path | None = None) -> Outcome:
    """Run one scenario file; never raises on a bad file. `pack` (a pack folder or a deck
    file) replaces the pack the scenario names."""
    shown = os.path.relpath(path) if os.path.isabs(str(path)) else str(path)
    doc, problems = load_yaml(path, shown)
    if doc is not None and not isinstance(doc.data, dict):
        problems.append(
            doc.diagnostic(
                (),
                "a scenario file is a mapping",
                code="scenario",
                hint="it starts with name:, then position:, actions: and expect:",
            )
        )
    if doc is None or not isinstance(doc.data, dict):
        return Outcome(
            shown, "(unreadable)", [], False, [d.render() for d in problems], broken=True
        )
    spec = doc.data
    schema, unknown_keys = _unknown_player_keys(
        doc, check_against(doc, schema_validator("scenario")), Path(path).parent
    )
    # its name is shown by every run, as a card's is: no character may act on the terminal
    problems += schema + control_characters({"scenario": doc})
    if problems:  # else the position reports the unknown keys with its other problems
        problems = sorted(problems + unknown_keys, key=lambda d: (d.line or 0, d.column or 0))
    name = spec["name"] if isinstance(spec.get("name"), str) else Path(path).stem
    proves = (
        [p for p in spec.get("proves") or [] if isinstance(p, str)]
        if isinstance(spec.get("proves"), list)
        else []
    )
    known_bug = spec["known_bug"] if isinstance(spec.get("known_bug"), str) else None
    outcome = Outcome(shown, name, proves, False, known_bug=known_bug)
    if not problems and not _checks_something(spec):
        problems.append(
            doc.diagnostic(
                (),
                "this scenario checks nothing: it would pass whatever the game does",
                code="scenario",
                hint="add expect:, legal:, illegal:, log:, log_not: or state:",
            )
        )
    if problems:
        outcome.problems = [d.render() for d in problems]
        outcome.broken = True
        return outcome
    scenario = _Scenario(spec, Path(path).parent, doc=doc)
    scenario.pack = pack
    try:
        scenario.play()
    except ScenarioProblems as e:
        scenario.failures += e.problems
    except ScenarioError as e:
        scenario.failures.append(e)
    except (PackError, RuleError, RuleLoopError, IllegalActionError) as e:
        scenario.failures.append(ScenarioError(f"the game stopped: {e}", scenario.where))
    except Exception as e:  # a bug of the engine: reported for this file, the rest go on
        scenario.failures.append(
            ScenarioError(
                f"internal error of the interpreter: {type(e).__name__}: {e}",
                scenario.where,
                "this is a bug of Agesmith, not of the scenario: please report it",
            )
        )
    outcome.problems = [_located(doc, f).render() for f in scenario.failures]
    outcome.passed = not scenario.failures
    outcome.broken = not scenario.built
    outcome.state = scenario.state
    outcome.details = scenario.details()
    return outcome


def _checks_something(spec: dict[str, Any]) -> bool:
    """Whether a scenario states anything to check, at the end or between its actions."""
    steps = [s for s in spec.get("actions") or [] if isinstance(s, dict)]
    return any(spec.get(key) for key in (*CHECKS, "state")) or any(
        step.get(key) for step in steps for key in CHECKS
    )


def build(spec: dict[str, Any], here: Path) -> tuple[State, Game]:
    """The scenario's starting position, stopped before its first action."""
    scenario = _Scenario(spec, here)
    scenario.build()
    assert scenario.state is not None and scenario.game is not None
    return scenario.state, scenario.game


def run(spec: dict[str, Any], here: Path) -> tuple[State, Game]:
    """Build the position and play the scenario's actions (checkpoints are not checked)."""
    scenario = _Scenario(spec, here, checkpoints=False)
    scenario.play(final=False)
    assert scenario.state is not None and scenario.game is not None
    return scenario.state, scenario.game


def matching(actions: list[Action], line: str) -> list[Action]:
    """The actions a scenario line may name: those whose text contains it (ignoring case),
    one with exactly that text first. The one place that reads actions' texts."""
    found = [a for a in actions if line.lower() in a.text.lower()]
    return sorted(found, key=lambda a: a.text != line)


def match(actions: list[Action], line: str) -> Action | None:
    """The legal action a scenario line names: the one with that text, or the only one that
    contains it."""
    found = matching(actions, line)
    return found[0] if found and (found[0].text == line or len(found) == 1) else None


class _Scenario:
    """One scenario being played: its game, its state and what it found wrong."""

    def __init__(
        self,
        spec: dict[str, Any],
        here: Path,
        checkpoints: bool = True,
        doc: YamlDocument | None = None,
    ) -> None:
        self.spec = spec
        self.doc = doc
        self.here = here
        self.checkpoints = checkpoints
        self.game: Game | None = None
        self.state: State | None = None
        self.failures: list[ScenarioError] = []
        self.where: tuple[str | int, ...] = ()
        self.log_start = 0
        self.pack: Path | None = None  # a pack or deck replacing the one named
        self.built = False  # the position is set up: the actions may start
        self.stopped = ""  # where it stopped early, for check -v

    def build(self) -> None:
        spec = self.spec
        self.where = _source_key(spec)
        game = self.game = _load_game(spec, self.here, self.pack)
        self.where = ("players",)
        players = int(spec.get("players", 3))
        try:
            state = game.new(players, int(spec.get("seed", 0)), start=False)
        except ValueError as e:
            raise ScenarioError(str(e), ("players",)) from None
        self.state = state
        self.where = ()
        # deal the age as the pack says, then stop at the first instruction of the first round
        game.run(state, stop=lambda frame, _: frame["prog"] == game.catalog.round_program)
        position = spec.get("position") or {}
        placed_at = str(spec.get("position_at", AT_ROUND))
        if placed_at not in PLACED_AT:
            raise ScenarioError(
                f'position_at is "{placed_at}": it is {" or ".join(PLACED_AT)}',
                ("position_at",),
                "round: the round's steps before the actions run on the position; start: it "
                "is the position where the actions start",
            )
        exact = placed_at == AT_START
        self.where = ("position",)
        place(game, state, position, exact)
        self.log_start = len(state.log)
        start = str(spec.get("start", "take"))
        acts = {
            getattr(getattr(i, "act", None), "verb", None)
            for program in game.programs.values()
            for i in program
        } - {None}
        if start not in acts:
            raise ScenarioError(
                f'no phase or rule of the pack does "{start}"',
                ("start",),
                did_you_mean(start, sorted(map(str, acts)))
                or "the default, take, starts at the active player's actions",
            )
        seat = state.active
        if spec.get("start_player") is not None:
            seat = seat_of(spec["start_player"], players, ("start_player",))

        def at_start(frame: dict[str, Any], instruction: Any) -> bool:
            act = getattr(instruction, "act", None)
            return (
                act is not None
                and act.verb == start
                and int(frame.get("doer", frame["player"])) == seat
            )

        self.where = ("start",)
        game.run(state, stop=at_start)
        passes = 0
        for _ in range(PASSING_STEPS * players):
            pending = state.pending
            if pending is None:
                break
            if pending["kind"] == ACTION_MENU:
                passes += 1
                if passes > 2 * players:
                    break
                # starting at a later act ("wage", "fail"...): the actions before it are passed
                answer = Action("pass", {})
            elif exact and pending.get("options"):
                # placed again at the start: what the passed turns decide is undone with them
                answer = pending["options"][0]
            else:
                break
            state.pending = None
            game.run(state, answer, stop=at_start)
        if state.pending is not None and state.pending["kind"] == ACTION_MENU:
            raise ScenarioError(
                f'the start "{start}" of player {seat + 1} is not reached in the first round',
                ("start",),
            )
        if state.pending is not None:
            raise ScenarioError(
                f'a decision came before the start "{start}": {state.pending["prompt"]}', ("start",)
            )
        if state.over:
            raise ScenarioError(f'the game ended before the start "{start}"', ("start",))
        if exact:  # what the round did before the start is undone: the position is as written
            self.where = ("position",)
            place(game, state, {k: v for k, v in position.items() if k != "active"}, exact)
        if "dice" in spec:
            self.where = ("dice",)
            set_dice(game, state, spec["dice"], exact)
        game.run(state)
        if spec.get("chance") is not None:  # the generator's state where the actions start
            self.where = ("chance",)
            state.rng = chance_state(spec["chance"], ("chance",))
        self.built = True

    def play(self, final: bool = True) -> None:
        self.build()
        game, state = self.game, self.state
        assert game is not None and state is not None
        played = 0
        for i, step in enumerate(self.spec.get("actions") or []):
            self.where = ("actions", i)
            if isinstance(step, dict):
                found = self.expectations(step, ("actions", i)) if self.checkpoints else []
                if found:  # stop here: the position to look at is this one
                    self.failures += found
                    self.stopped = f"at the checkpoint after action {played}"
                    return
                continue
            played += 1
            line = str(step)
            if state.over:
                raise ScenarioError(
                    f"action {played} ({line!r}): the game is already over", self.where
                )
            actions = game.legal_actions(state)
            action = match(actions, line)
            if action is None:
                raise ScenarioError(
                    f"action {played} ({line!r}) is not legal for player "
                    f"{(state.to_move or 0) + 1} ({_prompt(state)})",
                    self.where,
                    _some_legal(actions, line),
                )
            state = self.state = game.apply(state, action)
        if final:
            self.where = ()
            self.failures += self.expectations(self.spec, ())
            wanted = (self.spec.get("state") or {}).get("over")
            if wanted is not None and bool(wanted) != state.over:
                self.failures.append(
                    ScenarioError(
                        f"expected the game {'over' if wanted else 'going on'}", ("state", "over")
                    )
                )

    # ---------------------------------------------------------------- expectations

    def expectations(
        self, checks: dict[str, Any], at: tuple[str | int, ...]
    ) -> list[ScenarioError]:
        """What `checks` (expect, legal, illegal, log, log_not) finds wrong in the state now."""
        game, state = self.game, self.state
        assert game is not None and state is not None
        found: list[ScenarioError] = []
        for i, item in enumerate(checks.get("expect") or []):
            where = (*at, "expect", i)
            seat, text = state.active, item
            if isinstance(item, dict):
                where = (*where, "that")
                if item.get("player") is not None:
                    seat = seat_of(item["player"], len(state.players), (*at, "expect", i, "player"))
                text = item.get("that", "")
            problems = self.words_of(str(text), where)
            problem = (
                problems[0] if problems else _condition_problem(game, state, seat, str(text), where)
            )
            if problem is not None:
                found.append(problem)
        legal = game.legal_actions(state)
        for key in ("legal", "illegal"):
            for i, line in enumerate(checks.get(key) or []):
                problem = _legality_problem(state, legal, str(line), key == "legal", (*at, key, i))
                if problem is not None:
                    found.append(problem)
        log = "\n".join(state.log)
        for i, text in enumerate(checks.get("log") or []):
            if str(text) not in log:
                found.append(ScenarioError(f"the log does not say {str(text)!r}", (*at, "log", i)))
        for i, text in enumerate(checks.get("log_not") or []):
            if str(text) in log:
                found.append(
                    ScenarioError(
                        f"the log says {str(text)!r}, which it should not", (*at, "log_not", i)
                    )
                )
        return found

    def words_of(self, text: str, where: tuple[str | int, ...]) -> list[ScenarioError]:
        """An expectation's unknown words and names, checked as a rule of the pack is, and
        an expectation that always holds: it would pass whatever the game did."""
        if self.doc is None or self.game is None:
            return []
        from rules_dsl.checks import check_text
        from rules_dsl.pack import Source

        tree, _ = try_parse(text, "condition")
        if tree is None:
            return []
        found = check_text(self.game.pack, Source(self.doc, where), tree)
        return [
            _AlreadyLocated(d if d.is_error else _proves_nothing(d))
            for d in found
            if d.is_error or d.code == ALWAYS_HOLDS
        ]

    # ---------------------------------------------------------------- for check -v

    def details(self) -> list[str]:
        """Where the scenario stopped: the position, the decision waiting, the log."""
        game, state = self.game, self.state
        if game is None or state is None:
            return []
        out = [f"stopped {self.stopped}"] if self.stopped else []
        out.append(f"position: {game.line(state)}")
        if state.over:
            out.append("the game is over")
        elif state.pending is not None:
            actions = game.legal_actions(state)
            out.append(
                f"it stopped on an unanswered decision of player "
                f"{(state.to_move or 0) + 1}: {_prompt(state)} "
                f"({len(actions)} legal actions)"
            )
            out += [f"    {a.text}" for a in actions[:12]]
            if len(actions) > 12:
                out.append(f"    ... and {len(actions) - 12} more")
        out.append("log since the scenario's position:")
        out += [f"    {line}" for line in state.log[self.log_start :]]
        return out


def _condition_problem(
    game: Game, state: State, seat: int, text: str, where: tuple[str | int, ...]
) -> ScenarioError | None:
    """Why an expectation does not hold (or cannot be read), or None when it holds. It is
    compiled by the interpreter's compiler, as a card's condition is."""
    tree, problem = try_parse(text, "condition")
    if problem is not None:
        return ScenarioError(
            f"this expectation does not parse: {problem.message}",
            where,
            problem.hint,
            (problem.line or 1, problem.column or 1, problem.end_column),
        )
    try:
        holds = compile_condition(tree, game.lexicon)(Ctx(state, game.catalog, seat))
    except RuleError as e:
        return ScenarioError(f"this expectation cannot be checked: {e}", where)
    if holds:
        return None
    return ScenarioError(f"expected for player {seat + 1}: {text} — it does not hold", where)


def _legality_problem(
    state: State, legal: list[Action], line: str, wanted: bool, where: tuple[str | int, ...]
) -> ScenarioError | None:
    """Why `line` is not legal as `wanted` says, or None."""
    found = [a.text for a in matching(legal, line)]
    if wanted and not found:
        if state.over:
            return ScenarioError(f"expected {line!r} to be legal, but the game is over", where)
        return ScenarioError(
            f"expected {line!r} to be legal for player "
            f"{(state.to_move or 0) + 1}, but no legal action matches it",
            where,
            _some_legal(legal, line),
        )
    if not wanted and found:
        return ScenarioError(f"expected {line!r} not to be legal, but it is: {found[0]!r}", where)
    return None


def _prompt(state: State) -> str:
    pending = state.pending or {}
    return str(pending.get("prompt") or pending.get("kind") or "no decision")


def _some_legal(actions: list[Action], line: str) -> str:
    texts = [a.text for a in actions]
    near = [t for t in texts if any(w in t for w in line.split()[:2])][:8]
    shown = near or texts[:8]
    return "some legal actions: " + "; ".join(shown) if shown else "no action is legal"


def _unknown_player_keys(
    doc: YamlDocument, problems: list[Diagnostic], here: Path
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The schema's problems less those about the values of unknown player keys, and those
    keys (neither a player's key nor a counter of the pack) as unknown keys with a
    did-you-mean: `civilisation: [...]` is a misspelt key, not a counter that should be a
    number."""
    players = (doc.data.get("position") or {}) if isinstance(doc.data, dict) else {}
    players = players.get("players") if isinstance(players, dict) else None
    if not isinstance(players, dict):
        return problems, []
    try:
        game = _load_game(doc.data, here)
    except Exception:  # the pack's own problems are reported when it is run
        return problems, []
    counters = game.pack.game.get("counters") or {}
    keys = player_keys(game)
    unknown = []
    for number, desc in players.items():
        if isinstance(desc, dict):
            unknown += [
                ("position", "players", number, key)
                for key in desc
                if key not in keys and key not in counters
            ]
    values = {doc.position(path) for path in unknown}
    return (
        [d for d in problems if (d.line, d.column) not in values],
        [_located(doc, unknown_key(str(path[-1]), path, counters, keys)) for path in unknown],
    )


class _AlreadyLocated(ScenarioError):
    """A problem found by the pack's checks, already placed in the scenario file."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message, hint=diagnostic.hint)
        self.diagnostic = diagnostic


def _proves_nothing(warning: Diagnostic) -> Diagnostic:
    """An expectation that always holds, as the error it is in a scenario."""
    return dataclasses.replace(
        warning,
        severity="error",
        code="scenario",
        message=f"this expectation proves nothing: {warning.message}",
        hint="expect what the actions change (a number above the start, a card owned)",
    )


def _located(doc: YamlDocument, error: ScenarioError) -> Diagnostic:
    """A scenario problem placed at its place in the file (inside a text when it can be)."""
    if isinstance(error, _AlreadyLocated):
        return error.diagnostic
    found = doc.diagnostic(
        error.path, error.message, code="scenario", hint=error.hint, key=error.key
    )
    if error.at_text is None:
        return found
    line, column, end = error.at_text
    at_line, at_column = doc.text_position(error.path, line, column)
    end_column = None
    if end is not None:
        end_line, end_column = doc.text_position(error.path, line, end)
        end_column = end_column if end_line == at_line else None
    return found.at(found.file, at_line, at_column, doc.source.line_text(at_line), end_column)
