"""A position of a game in the browser written as a scenario file: the quickest way to pin a
rule down.

A scenario starts at the active player's actions with the dice set (see
interpreter/tools/scenario.py), so the position written is the one at the start of the current
turn's actions: every player's zones, counters, tokens and space, the whole deck in the order it
is drawn, the discard pile, the tokens on the board, and the dice as they were rolled; then
every decision taken since, as the complete actions a scenario names. The designer adds what
must hold.

An edited position (the sandbox) is written as it is after its edits: the scenario starts at
the first start of a player's actions at or after the last edit, never before it (a position
from before the edit would not be the edited one). An edit made after actions of the turn were
taken has no such start in this turn: the scenario is written once play reaches the next one.
The file says that its position was edited, and how.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from editor.playtest import Table
from interpreter import Action, Game, State
from interpreter.mechanics.action_phase import split
from interpreter.mechanics.ages import age_id
from interpreter.mechanics.dice import die_text
from interpreter.model.zones import TABLEAU
from rules_dsl.deck import is_deck_file
from rules_dsl.errors import AgesmithError
from rules_dsl.printer import condition

SCENARIOS = "scenarios"  # inside the pack folder; a scenario there names its pack ".."


class NoTurnStart(AgesmithError):
    """The game is at no point a scenario can start from (no action phase this turn)."""


def _same_turn(a: State, b: State) -> bool:
    return (a.age, a.round, a.active) == (b.age, b.round, b.active)


def turn_start(table: Table) -> int:
    """The index in the history of the position at the start of the current turn's actions
    (len(history) when it is the present position); after edits of this turn, the position
    they made at that start."""
    positions = [s.before for s in table.history] + [table.state]
    now = table.state
    first = len(positions) - 1  # the turn's first position
    while first > 0 and _same_turn(positions[first - 1], now):
        first -= 1

    def starts(i: int) -> bool:
        pending = positions[i].pending or {}
        return pending.get("kind") == "action" and pending.get("player") == positions[i].active

    start = next((i for i in range(first, len(positions)) if starts(i)), None)
    edits = [i for i in range(first, len(table.history)) if table.history[i].edit is not None]
    if start is not None and edits and edits[-1] >= start:
        if any(table.history[i].edit is None for i in range(start, edits[-1])):
            raise NoTurnStart(
                "the position was edited after this turn's actions had begun: a scenario "
                "starts at a player's actions, with the edits in its position; play on until "
                "the next player's actions begin (or make the edits before the first action "
                "of a turn)"
            )
        # edited at the start of the actions: the scenario starts where the edits led
        start = next((i for i in range(edits[-1] + 1, len(positions)) if starts(i)), None)
    if start is None:
        raise NoTurnStart(
            "a scenario starts at the active player's actions: play on until a "
            "player's actions begin"
        )
    return start


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _key(name: str) -> str:
    """A mapping key as YAML reads it: plain words as they are, anything else quoted."""
    return name if re.fullmatch(r"[a-z][a-z0-9 _-]*", name) else _q(name)


def _names(game: Game, copies: list[int]) -> str:
    return "[" + ", ".join(_q(game.name(c)) for c in copies) + "]"


def _places(game: Game, state: State, z: int) -> str:
    """A row's places from the first to its last card, ~ for an empty one (core/rows.py)."""
    cards = iter(state.zones[z])
    gaps = set(state.gaps.get(z, ()))
    last = len(state.zones[z]) + len(gaps)
    return (
        "["
        + ", ".join("~" if p in gaps else _q(game.name(next(cards))) for p in range(1, last + 1))
        + "]"
    )


CHANCE = ("reroll", "reroll all")  # their dice follow the scenario's own chance


def complete_actions(game: Game, steps: list[tuple[State, Action]]) -> tuple[list[str], int]:
    """The decisions taken, as lines a scenario matches, and how many steps they use: a menu
    choice and its detail become the one complete action they make ("acquire Wolves paying
    ..."). The lines stop after a re-roll: its new faces come from the scenario's chance."""
    lines: list[str] = []
    i = 0
    while i < len(steps):
        before, action = steps[i]
        used = 1
        text = None
        if i + 1 < len(steps) and (before.pending or {}).get("describe") == "action":
            _, detail = steps[i + 1]
            whole = next(
                (
                    a
                    for a in game.legal_actions(before)
                    if (parts := split(a)) is not None
                    and parts[0].same(action)
                    and parts[1].same(detail)
                ),
                None,
            )
            if whole is not None:
                text, used = whole.text, 2
        if text is None:
            game.choices(before)  # the sentence is written for its own position
            text = action.text
        lines.append(text)
        i += used
        if action.kind in CHANCE:
            break
    return lines, i


def split_pending(table: Table) -> bool:
    """Whether the last decision is a menu choice whose detail is still to be chosen (such a
    half action cannot be written: the scenario stops before it)."""
    last = table.history[-1] if table.history else None
    return (
        last is not None
        and (last.before.pending or {}).get("describe") == "action"
        and (table.state.pending or {}).get("describe") == "action"
        and _same_turn(last.before, table.state)
        and (table.state.pending or {}).get("kind") != "action"
    )


def scenario_end(table: Table) -> State:
    """The position the scenario written now reaches after its actions."""
    start = turn_start(table)
    steps = [(s.before, s.action) for s in table.history[start:]]
    half = bool(steps) and split_pending(table)
    _, used = complete_actions(table.game, steps[:-1] if half else steps)
    end = start + used
    return table.history[end].before if end < len(table.history) else table.state


def played(table: Table, folder: Path) -> str:
    """The scenario's line naming what the table plays, for a file in `folder` (the pack's
    scenarios/): its pack, or the deck file (a deck's copies are not the pack's)."""
    if is_deck_file(table.source):
        rel = os.path.relpath(Path(table.source).resolve(), folder.resolve())
        return f"deck: {_q(rel.replace(os.sep, '/'))}"
    return "pack: .."


def scenario_text(table: Table, name: str, expect: list[str], folder: Path) -> str:
    """The scenario of the present turn, with `expect` (conditions for the active player), for
    a file in `folder`."""
    game = table.game
    start = turn_start(table)
    state = table.history[start].before if start < len(table.history) else table.state
    counters = list(game.pack.game.get("counters") or {})
    lines = ["# yaml-language-server: $schema=../../schema/scenario.schema.json"]
    if table.edits:  # said at the top of the file: its position is not one play reached
        lines.append("# The position was edited in the Playtest's sandbox:")
        lines += [f"#   - {' '.join(e.split())}" for e in table.edits]
    lines += [
        f"name: {_q(name)}",
        played(table, folder),
        f"players: {len(state.players)}",
        f"seed: {table.seed}",
        f"age: {age_id(game, state)}",
    ]
    if game.pack.variant:
        lines.append(f"variant: {_q(game.pack.variant)}")
    if game.board_side:
        lines.append(f"board: {game.board_side}")
    lines += ["position:", f"  active: {state.active + 1}", "  players:"]
    for p in state.players:
        lines.append(f"    {p.seat + 1}:")
        for zone, index in game.zones.player_order():
            if index == TABLEAU:
                piles = [" > ".join(game.name(c) for c in pile) for pile in p.tableau]
                lines.append(f"      {_key(zone)}: [" + ", ".join(_q(t) for t in piles) + "]")
            else:
                lines.append(f"      {_key(zone)}: {_names(game, p.zones[index])}")
        if p.tilted:
            lines.append(f"      tilted: {_names(game, p.tilted)}")
        lines.append(f"      tokens: [{', '.join(str(t) for t in p.tokens)}]")
        if p.space is not None:
            lines.append(f"      space: {_q(p.space)}")
        for counter in counters:
            lines.append(f"      {_q(counter)}: {p.counters.get(counter, 0)}")
    for i, (zone, cards) in enumerate(zip(game.zones.shared, state.zones, strict=True)):
        # the draw pile is listed top first, as it is drawn
        shown = list(reversed(cards)) if i == game.zones.draw else cards
        listed = _places(game, state, i) if zone.places else _names(game, shown)
        lines.append(f"  {_key(zone.name)}: {listed}")
    if game.board_side:
        board = ", ".join(
            f"{_q(space)}: {_q(condition(game.pack.tokens[t].condition))}"
            for space, t in state.board.items()
        )
        lines.append(f"  board: {{{board}}}")
    lines.append("dice: [" + ", ".join(_q(die_text(game, d)) for d in state.dice) + "]")
    steps = [(s.before, s.action) for s in table.history[start:]]
    half = bool(steps) and split_pending(table)
    actions, used = complete_actions(game, steps[:-1] if half else steps)
    if used < len(steps) - half:
        lines.append(
            "# the actions stop after a re-roll: in a scenario the new faces come "
            "from its own chance"
        )
    lines.append("actions:" if actions else "actions: []")
    lines += [f"  - {_q(a)}" for a in actions]
    lines.append("expect:" if expect else "expect: []")
    lines += [f"  - {_q(e)}" for e in expect]
    return "\n".join(lines) + "\n"


def suggested_expectation(table: Table) -> str:
    """A condition that holds for the active player where the scenario ends, for the designer
    to change."""
    state, game = scenario_end(table), table.game
    player = state.players[state.active]
    if player.tableau:
        return f'you own "{game.name(player.tableau[-1][0])}"'
    if player.score:
        return f"you have at least {player.score} points"
    held = next((c for c in game.pack.game.get("counters") or {} if player.counters.get(c)), None)
    if held is not None:  # a counter the player holds some of: a condition that can fail
        return f"you have at least {player.counters[held]} {held}"
    return "you have at least 0 points"


def scenario_path(pack: Path, name: str) -> Path:
    from editor.decks import deck_path

    return pack / SCENARIOS / deck_path(pack, name).name


def differences(table: Table, path: Path) -> list[str]:
    """Where the position a scenario file sets up before its actions differs from the table's
    at the same point (the start of the turn's actions), zone by zone and counter by counter:
    a pack whose round does something before the actions (deals a row anew, gives an action)
    does it again in the scenario, on the position written. [] when they agree, or when the
    file cannot be built (its check says why)."""
    import yaml

    from interpreter.tools.scenario import build

    try:
        spec = yaml.safe_load(path.read_text(encoding="utf-8"))
        built, game = build(spec, path.parent)
    except (AgesmithError, OSError, ValueError, KeyError, TypeError, yaml.YAMLError):
        return []  # the check of the file reports what is wrong with it
    start = turn_start(table)
    mine = table.history[start].before if start < len(table.history) else table.state
    ours = table.game
    out = []
    for i, zone in enumerate(ours.zones.shared):
        if [ours.name(c) for c in mine.zones[i]] != [game.name(c) for c in built.zones[i]]:
            out.append(zone.name)
    for p, q in zip(mine.players, built.players, strict=True):
        for name, _ in ours.zones.player_order():
            a = [ours.name(c) for c in ours.zone(mine, name, p.seat)]
            b = [game.name(c) for c in game.zone(built, name, q.seat)]
            if sorted(a) != sorted(b):
                out.append(f"{ours.player_name(p.seat)}'s {name}")
        for counter in ours.pack.game.get("counters") or {}:
            if p.counters.get(counter, 0) != q.counters.get(counter, 0):
                out.append(
                    f"{ours.player_name(p.seat)}'s {counter} ({q.counters.get(counter, 0)}, "
                    f"not {p.counters.get(counter, 0)})"
                )
    return out
