"""A position of a game in the browser written as a scenario file: the quickest way to pin a
rule down.

A scenario starts at a player's actions with the dice set (see interpreter/tools/scenario.py),
so the position written is the one at the start of the current turn's actions, placed there
(`position_at: start`: what the round does before the actions, as dealing a row or giving
actions, is not done again on it): where the game stands (its age, round, active player, who
has passed), every player's zones, counters, tokens, space, scores, pieces and card states,
every zone of the table in order with the states of its cards, the tokens on the board, the
dice as they were rolled and the random generator's state; then every decision taken since, as
the complete actions a scenario names. The designer adds what must hold.

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
from interpreter.core import card_state, pieces
from interpreter.core.actions import ACTION_MENU
from interpreter.mechanics.action_phase import split
from interpreter.mechanics.ages import age_id
from interpreter.mechanics.dice import ROLLER, die_text
from interpreter.model.zones import TABLEAU
from interpreter.tools.scenario_position import (
    ON,
    ON_CARDS,
    PASSED,
    ROLLED_BY,
    SKIP_TURNS,
    TURN_START,
    TURN_START_FLAG,
    card_ref,
)
from rules_dsl.deck import is_deck_file
from rules_dsl.errors import AgesmithError
from rules_dsl.printer import condition

SCENARIOS = "scenarios"  # inside the pack folder; a scenario there names its pack ".."


class NoTurnStart(AgesmithError):
    """The game is at no point a scenario can start from (no action phase this turn)."""


def turn_owner(state: State) -> int:
    """The player whose turn the position is in: the one the innermost "plays ... as their
    turn" pushed (a frame whose loc says `turn`), else the active player."""
    frames = state.frames
    for k in range(len(frames) - 2, -1, -1):
        if frames[k]["loc"].get("turn"):
            return int(frames[k + 1]["player"])
    return state.active


def _same_turn(a: State, b: State) -> bool:
    return (a.age, a.round, a.active, turn_owner(a)) == (b.age, b.round, b.active, turn_owner(b))


def _starts(state: State) -> bool:
    """Whether the turn's player is asked for their actions, none of them taken yet."""
    pending = state.pending or {}
    if pending.get("kind") != ACTION_MENU or pending.get("player") != turn_owner(state):
        return False
    loc = state.frames[-1]["loc"] if state.frames else {}
    return not any(key in loc for key in ("acted", "choosing", "after"))


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
        return _starts(positions[i])

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
            "a scenario starts at a player's actions: play on until a player's actions begin"
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


def complete_actions(game: Game, steps: list[tuple[State, Action]]) -> tuple[list[str], int]:
    """The decisions taken, as lines a scenario matches, and how many steps they use: a menu
    choice and its detail become the one complete action they make ("acquire Wolves paying
    ..."). The scenario starts with the table's chance: a re-roll falls as it fell."""
    lines: list[str] = []
    i = 0
    while i < len(steps):
        before, action = steps[i]
        used = 1
        text = None
        if i + 1 < len(steps) and (before.pending or {}).get("describe") == ACTION_MENU:
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
    return lines, i


def split_pending(table: Table) -> bool:
    """Whether the last decision is a menu choice whose detail is still to be chosen (such a
    half action cannot be written: the scenario stops before it)."""
    last = table.history[-1] if table.history else None
    return (
        last is not None
        and (last.before.pending or {}).get("describe") == ACTION_MENU
        and (table.state.pending or {}).get("describe") == ACTION_MENU
        and _same_turn(last.before, table.state)
        and (table.state.pending or {}).get("kind") != ACTION_MENU
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
    lines = ["# yaml-language-server: $schema=../../schema/scenario.schema.json"]
    if table.edits:  # said at the top of the file: its position is not one play reached
        lines.append("# The position was edited in the Playtest's sandbox:")
        lines += [f"#   - {' '.join(e.split())}" for e in table.edits]
    lines += [
        f"name: {_q(name)}",
        played(table, folder),
        f"players: {len(state.players)}",
        f"seed: {table.seed}",
    ]
    if game.pack.variant:
        lines.append(f"variant: {_q(game.pack.variant)}")
    if game.board_side:
        lines.append(f"board: {game.board_side}")
    lines += position_lines(game, state)
    owner = turn_owner(state)
    if owner != state.active:
        lines.append(f"start_player: {owner + 1}")
    lines.append("dice: [" + ", ".join(_die(game, d) for d in state.dice) + "]")
    lines.append(f"chance: {_q(str(state.rng))}")
    steps = [(s.before, s.action) for s in table.history[start:]]
    half = bool(steps) and split_pending(table)
    actions, _ = complete_actions(game, steps[:-1] if half else steps)
    lines.append("actions:" if actions else "actions: []")
    lines += [f"  - {_q(a)}" for a in actions]
    lines.append("expect:" if expect else "expect: []")
    lines += [f"  - {_q(e)}" for e in expect]
    return "\n".join(lines) + "\n"


def _die(game: Game, die: dict) -> str:
    """A die as a scenario sets it: its face, and whether it is used and its result token
    taken when they are not as a roll leaves them."""
    spec = (game.pack.game.get("dice") or {})[die["die"]]
    text = _q(die_text(game, die))
    if not die["used"] and die["token"] == bool(spec.get("result_tokens")):
        return text
    return f"{{face: {text}, used: {str(die['used']).lower()}, token: {str(die['token']).lower()}}}"


def position_lines(game: Game, state: State) -> list[str]:
    """The whole position as a scenario's `position:`, placed where the actions start."""
    counters = list(game.pack.game.get("counters") or {})
    passed = [p.seat + 1 for p in state.players if p.flags.get(PASSED)]
    lines = [
        "position_at: start",
        "position:",
        f"  active: {state.active + 1}",
        f"  age: {_q(age_id(game, state))}",
        f"  round: {state.round}",
        f"  passed: [{', '.join(map(str, passed))}]",
    ]
    if state.marks.get(ROLLER) is not None:  # dice rolled in a turn of another player
        lines.append(f"  {ROLLED_BY}: {int(state.marks[ROLLER]) + 1}")
    lines.append("  players:")
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
        lines.append(f"      scores: [{', '.join(str(n) for n in p.age_scores)}]")
        started = p.flags.get(TURN_START_FLAG)
        if p.seat == turn_owner(state) and started is not None:
            held = [*p.all_cards(), *(c for zone in p.zones for c in zone)]
            refs = ", ".join(_q(card_ref(game, held, c)) for c in started)
            lines.append(f"      {_key(TURN_START)}: [{refs}]")
        if SKIP_TURNS in p.marks:
            lines.append(f"      skips: {p.marks[SKIP_TURNS]}")
        for counter in counters:
            lines.append(f"      {_q(counter)}: {p.counters.get(counter, 0)}")
        held = [*p.all_cards(), *(c for zone in p.zones for c in zone)]
        lines += _card_states(game, state, held, "      ")
        lines += _pieces(game, state, p.seat)
    for i, (zone, cards) in enumerate(zip(game.zones.shared, state.zones, strict=True)):
        # the draw pile is listed top first, as it is drawn
        shown = list(reversed(cards)) if i == game.zones.draw else cards
        listed = _places(game, state, i) if zone.places else _names(game, shown)
        lines.append(f"  {_key(zone.name)}: {listed}")
    lines += _card_states(game, state, [c for cards in state.zones for c in cards], "  ")
    if game.board_side:
        board = ", ".join(
            f"{_q(space)}: {_q(condition(game.pack.tokens[t].condition))}"
            for space, t in state.board.items()
        )
        lines.append(f"  board: {{{board}}}")
    return lines


def _card_states(game: Game, state: State, held: list[int], indent: str) -> list[str]:
    """The pack's card states of these cards, each by its state's name, and the tokens on
    them (`on cards`, always written: the cards it leaves out carry none)."""
    lines = []
    for spec in game.catalog.card_states.states:
        if spec.kind == "face down":
            marked = [c for c in held if card_state.is_face_down(state, c)]
        else:
            marked = [c for c in held if card_state.has_mark(state, c, spec.name)]
        if marked:
            refs = ", ".join(_q(card_ref(game, held, c)) for c in marked)
            lines.append(f"{indent}{_key(spec.name)}: [{refs}]")
    tokens = []
    for c in held:
        on = (state.cards.get(c) or {}).get("tokens") or {}
        if on:
            amounts = ", ".join(f"{_q(k)}: {v}" for k, v in sorted(on.items()))
            tokens.append(f"{_q(card_ref(game, held, c))}: {{{amounts}}}")
    lines.append(f"{indent}{ON_CARDS}: {{{', '.join(tokens)}}}")
    return lines


def _pieces(game: Game, state: State, seat: int) -> list[str]:
    """A player's pieces of each kind, in order, with their properties and the card each
    stands on (`pieces:`, one line)."""
    player = state.players[seat]
    cards = [*player.all_cards(), *(c for zone in player.zones for c in zone)]
    cards += [c for zone in state.zones for c in zone]  # where `pieces:` looks for a card
    kinds = []
    for kind in game.lexicon.pieces.kinds:
        items = []
        for i in pieces.owned(state, kind.name, seat):
            piece = state.pieces[i]
            parts = [f"{_q(k)}: {v}" for k, v in piece["props"].items()]
            if piece["on"] is not None:
                parts.append(f"{ON}: {_q(card_ref(game, cards, piece['on']))}")
            items.append("{" + ", ".join(parts) + "}")
        kinds.append(f"{_q(kind.name)}: [{', '.join(items)}]")
    return [f"      pieces: {{{', '.join(kinds)}}}"] if kinds else []


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
    at the same point (the start of the turn's actions): the age, round and active player,
    each zone of the table and of each player in order, each counter, the players' tokens,
    scores and pieces, and the states of the cards. [] when they agree, or when the file
    cannot be built (its check says why)."""
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
    for fact, (a, b) in _stance(ours, mine, game, built).items():
        if a != b:
            out.append(f"the {fact} ({b}, not {a})")
    for i, zone in enumerate(ours.zones.shared):
        if [ours.name(c) for c in mine.zones[i]] != [game.name(c) for c in built.zones[i]]:
            out.append(zone.name)
    for p, q in zip(mine.players, built.players, strict=True):
        who = ours.player_name(p.seat)
        for name, _ in ours.zones.player_order():
            a = [ours.name(c) for c in ours.zone(mine, name, p.seat)]
            b = [game.name(c) for c in game.zone(built, name, q.seat)]
            if a != b:
                out.append(f"{who}'s {name}")
        for counter in ours.pack.game.get("counters") or {}:
            if p.counters.get(counter, 0) != q.counters.get(counter, 0):
                out.append(
                    f"{who}'s {counter} ({q.counters.get(counter, 0)}, "
                    f"not {p.counters.get(counter, 0)})"
                )
        for fact, a, b in (
            ("tokens", p.tokens, q.tokens),
            ("scores", p.age_scores, q.age_scores),
            ("pieces", _pieces(ours, mine, p.seat), _pieces(game, built, q.seat)),
        ):
            if a != b:
                out.append(f"{who}'s {fact}")
        held = [*p.all_cards(), *(c for zone in p.zones for c in zone)]
        theirs = [*q.all_cards(), *(c for zone in q.zones for c in zone)]
        if _card_states(ours, mine, held, "") != _card_states(game, built, theirs, ""):
            out.append(f"the states of {who}'s cards")
    table_cards = [c for cards in mine.zones for c in cards]
    built_cards = [c for cards in built.zones for c in cards]
    if _card_states(ours, mine, table_cards, "") != _card_states(game, built, built_cards, ""):
        out.append("the states of the table's cards")
    return out


def _stance(ours: Game, mine: State, game: Game, built: State) -> dict[str, tuple[object, object]]:
    """Where each position stands in the game, by name."""
    return {
        "age": (age_id(ours, mine), age_id(game, built)),
        "round": (mine.round, built.round),
        "active player": (mine.active + 1, built.active + 1),
        "players who have passed": (
            [p.seat + 1 for p in mine.players if p.flags.get(PASSED)],
            [p.seat + 1 for p in built.players if p.flags.get(PASSED)],
        ),
        "dice": ([_die(ours, d) for d in mine.dice], [_die(game, d) for d in built.dice]),
    }
