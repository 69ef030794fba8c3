"""Scenario files: a designer's test of a card or a rule, as data.

    name: Famine is free with two of Hunting, Wildcrafting and Fishing
    proves: [AH-K6]
    pack: along_history          # a bundled pack, or a folder relative to this file
    players: 3
    seed: 1
    age: prehistory              # the first age played (default: the pack's first)
    position:                    # what differs from a freshly dealt age
      active: 1                  # players are numbered from 1
      players:
        1:
          civilization: [Hunting, Fishing, Homo Erectus > Australopithecus]
          events: [Famine, Forest, Tiger]
          gold: 3                # any counter by name
          tokens: [1, 3]
          tilted: [Hunting]
      deck: [Wolves, Bear]       # these on top, first drawn first; the rest of the age below
      board: {1a: 1, 1b: you own a figure}   # tokens on spaces: a value, or a condition
    start: take                  # run to the first act with this verb ... (default: take;
                                 # a later act such as "wage" passes the actions before it)
    start_player: 1              # ... done by this player (default: the active player)
    dice: [2 population, 1 population, 1 population, culture, x2, golden age]
    actions:                     # each matched against the legal actions' texts
      - acquire Famine for free
      - end your actions
    expect:                      # conditions of the rules language, for the active player
      - you own "Famine"
      - {player: 2, that: you have at least 1 universal resource}
    log: [Famine]                # texts the log must contain
    known_bug: ...               # optional: the engine is known to fail this; say how

"A > B" puts B in decadence under A. An action matches when its text equals the line or is the
only legal action containing it. `check` never raises on a bad file: every problem is a
located message.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_dsl.parser import try_parse
from rules_dsl.yaml_source import load_yaml

from .actions import Action
from .engine import Game
from .errors import PackError, RuleError
from .meaning import Ctx, compile_condition
from .state import State


class ScenarioError(Exception):
    """A scenario that cannot be set up or played as written."""


@dataclass
class Outcome:
    path: str
    name: str
    proves: list[str]
    passed: bool
    problems: list[str] = field(default_factory=list)
    state: State | None = None
    known_bug: str | None = None        # the scenario states a known engine bug

    @property
    def ok(self) -> bool:
        """Passed, or failed exactly as its known bug says it does."""
        return self.passed != bool(self.known_bug)

    def summary(self) -> str:
        mark = "PASS" if self.passed else "FAIL"
        if self.known_bug:
            mark = "BUG " if not self.passed else "FIXED?"
        proves = f" [{', '.join(self.proves)}]" if self.proves else ""
        head = f"{mark} {self.path}: {self.name}{proves}"
        return "\n".join([head, *(f"  - {p}" for p in self.problems)])


_GAMES: dict[tuple, Game] = {}


def _game(pack: Path, variant: str | None, age: str | None, board: str | None) -> Game:
    key = (str(pack.resolve()), variant, age, board)
    if key not in _GAMES:
        probe = _GAMES.get((str(pack.resolve()), variant, None, board)) or Game.load(
            pack, variant=variant, board=board)
        ages = None
        if age is not None:
            order = [a.id for a in probe.pack.ages]
            if age not in order:
                raise ScenarioError(f'the pack has no age "{age}"')
            ages = order[order.index(age):]
        _GAMES[key] = Game.load(probe.pack, ages=ages, board=board) if ages else probe
    return _GAMES[key]


def _pack_path(spec: dict[str, Any], here: Path) -> Path:
    from cards import bundled
    name = str(spec.get("pack", "along_history"))
    local = here / name
    return local if local.is_dir() else bundled(name)


def check(path: str | os.PathLike[str]) -> Outcome:
    """Run one scenario file."""
    shown = os.path.relpath(path) if os.path.isabs(str(path)) else str(path)
    doc, problems = load_yaml(path, shown)
    if doc is None or not isinstance(doc.data, dict):
        return Outcome(shown, "(unreadable)", [], False,
                       [d.render() for d in problems] or ["the file is not a mapping"])
    spec = doc.data
    name = str(spec.get("name", Path(path).stem))
    proves = [str(p) for p in spec.get("proves") or []]
    try:
        state, game = run(spec, Path(path).parent)
    except (ScenarioError, PackError, RuleError) as e:
        return Outcome(shown, name, proves, False, [str(e)], known_bug=spec.get("known_bug"))
    failures = expectations(game, state, spec)
    outcome = Outcome(shown, name, proves, not failures, failures, state)
    outcome.known_bug = spec.get("known_bug")
    return outcome


def build(spec: dict[str, Any], here: Path) -> tuple[State, Game]:
    """The scenario's starting position, stopped before its first action."""
    game = _game(_pack_path(spec, here), spec.get("variant"), spec.get("age"), spec.get("board"))
    players = int(spec.get("players", 3))
    state = game.new(players, int(spec.get("seed", 0)), start=False)
    # deal the age as the pack says, then stop at the first instruction of the first round
    game.run(state, stop=lambda frame, _: frame["prog"] == "phase:round")
    position = spec.get("position") or {}
    _place(game, state, position)
    start = str(spec.get("start", "take"))
    seat = int(spec.get("start_player", state.active + 1)) - 1

    def at_start(frame: dict[str, Any], instruction: Any) -> bool:
        act = getattr(instruction, "act", None)
        return (act is not None and act.verb == start
                and int(frame.get("doer", frame["player"])) == seat)
    game.run(state, stop=at_start)
    while state.pending is not None and state.pending["kind"] == "action":
        # starting at a later act ("wage", "fail"...): the actions before it are passed
        state.pending = None
        game.run(state, Action("pass", {}), stop=at_start)
    if state.pending is not None:
        raise ScenarioError(f'a decision came before the start "{start}": '
                            f"{state.pending['prompt']}")
    if "dice" in spec:
        _set_dice(game, state, spec["dice"])
    game.run(state)
    return state, game


def run(spec: dict[str, Any], here: Path) -> tuple[State, Game]:
    """Build the position and play the scenario's actions."""
    state, game = build(spec, here)
    for step, line in enumerate(spec.get("actions") or [], start=1):
        if state.over:
            raise ScenarioError(f"action {step} ({line!r}): the game is already over")
        action = match(game.legal_actions(state), str(line))
        if action is None:
            texts = [a.text for a in game.legal_actions(state)]
            near = [t for t in texts if any(w in t for w in str(line).split()[:2])][:8]
            raise ScenarioError(
                f"action {step} ({line!r}) is not legal for player {state.to_move + 1} "
                f"({state.pending['prompt']}); some legal ones: {near or texts[:8]}")
        state = game.apply(state, action)
    return state, game


def match(actions: list[Action], line: str) -> Action | None:
    exact = [a for a in actions if a.text == line]
    if exact:
        return exact[0]
    found = [a for a in actions if line.lower() in a.text.lower()]
    return found[0] if len(found) == 1 else None


def expectations(game: Game, state: State, spec: dict[str, Any]) -> list[str]:
    failures = []
    for item in spec.get("expect") or []:
        seat = state.active
        text = item
        if isinstance(item, dict):
            seat = int(item.get("player", state.active + 1)) - 1
            text = item.get("that", "")
        tree, problem = try_parse(str(text), "condition")
        if problem is not None:
            failures.append(f"expectation {text!r} does not parse: {problem.message}")
            continue
        try:
            holds = compile_condition(tree, game.lexicon)(Ctx(state, game.catalog, seat))
        except RuleError as e:
            failures.append(f"expectation {text!r}: {e}")
            continue
        if not holds:
            failures.append(f"expected for player {seat + 1}: {text} — it does not hold")
    log = "\n".join(state.log)
    for text in spec.get("log") or []:
        if str(text) not in log:
            failures.append(f"the log does not say {text!r}")
    for text in spec.get("log_not") or []:
        if str(text) in log:
            failures.append(f"the log says {text!r}, which it should not")
    wanted = (spec.get("state") or {}).get("over")
    if wanted is not None and bool(wanted) != state.over:
        failures.append(f"expected the game {'over' if wanted else 'going on'}")
    return failures


# ------------------------------------------------------------------ building a position


def _place(game: Game, state: State, position: dict[str, Any]) -> None:
    from .ages import age_id
    age = age_id(game, state)
    free = list(game.catalog.copies_of_age(age))       # copies not placed yet
    placed: set[int] = set()

    def take(name: str) -> int:
        for copy in free:
            if copy not in placed and game.name(copy) == name:
                placed.add(copy)
                return copy
        known = sorted({game.name(c) for c in free})
        raise ScenarioError(f'no copy of "{name}" is left in {age} (cards: {", ".join(known)})')

    if "active" in position:
        state.active = int(position["active"]) - 1
        state.frames[-1]["player"] = state.active
    described = {int(k) - 1: v or {} for k, v in (position.get("players") or {}).items()}
    for seat in described:
        if not 0 <= seat < len(state.players):
            raise ScenarioError(f"there is no player {seat + 1}")
    for player in state.players:
        desc = described.get(player.seat)
        if desc is None:
            continue
        player.events = [take(n) for n in desc.get("events", [])] if "events" in desc else None
        piles = []
        for text in desc.get("civilization", []):
            names = [n.strip() for n in str(text).split(">")]
            piles.append([take(n) for n in names])
        player.civilization = piles
        player.legacy = [take(n) for n in desc.get("legacy", [])]
        for key, value in desc.items():
            if key in (game.pack.game.get("counters") or {}):
                player.counters[key] = int(value)
        if "tokens" in desc:
            player.tokens = [int(t) for t in desc["tokens"]]
        if "space" in desc:
            player.space = str(desc["space"])
        tilted = [n for n in desc.get("tilted", [])]
        player.tilted = [c for c in player.all_cards() if game.name(c) in tilted]
    # the dealt events of described players go back; undescribed players keep theirs, less the
    # cards the scenario placed elsewhere, topped up from the rest of the age
    dealt = {p.seat: len(p.events or []) for p in state.players}
    for player in state.players:
        if player.seat in described and player.events is None:
            player.events = []
        elif player.seat not in described:
            player.events = [c for c in player.events if c not in placed]
            placed.update(player.events)
    top = [take(n) for n in position.get("deck", [])]
    rest = [c for c in free if c not in placed]
    rng = state.random()
    rng.shuffle(rest)
    state.store_random(rng)
    for player in state.players:
        while player.seat not in described and len(player.events) < dealt[player.seat] and rest:
            player.events.append(rest.pop())
    state.deck = rest + list(reversed(top))             # the deck is drawn from its end
    state.discard = [take(n) for n in position.get("discard", [])]
    if "board" in position:
        state.board = {str(k): _token_index(game, v) for k, v in position["board"].items()}


def _token_index(game: Game, wanted: int | str) -> int:
    """A token of the pool by value (the first of that value) or by its condition's text."""
    from rules_dsl.printer import condition
    for i, token in enumerate(game.pack.tokens):
        if token.value == wanted or condition(token.condition) == wanted:
            return i
    raise ScenarioError(f"the pack has no token {wanted!r} (give a value or a condition, "
                        "such as: you own a land)")


def _set_dice(game: Game, state: State, faces: list[Any]) -> None:
    from .dice import parse_face
    if len(faces) != len(state.dice):
        raise ScenarioError(f"{len(faces)} dice given but {len(state.dice)} are rolled "
                            f"({', '.join(d['die'] for d in state.dice)})")
    for die, text in zip(state.dice, faces, strict=True):
        spec = (game.pack.game.get("dice") or {})[die["die"]]
        wanted = parse_face(str(text))
        options = [i for i, f in enumerate(spec["faces"]) if parse_face(f) == wanted]
        if not options:
            raise ScenarioError(f'the {die["die"]} die has no face "{text}" '
                                f"(faces: {', '.join(spec['faces'])})")
        die["face"] = options[0]
    game.say(state, "The dice are set to: " + ", ".join(str(f) for f in faces) + ".")
