"""A position saved from the Playtest as a scenario is the table's position: for every bundled
pack, seeded random games are stopped at turn starts early, in the middle and in a later round
or age; the scenario written there, built, stands exactly where the table stood when the turn's
actions began (the age, round, active player and turn, every zone in order, counters, tokens,
scores, pieces and where they stand, card states, the dice, the random generator, the decision
waiting and its legal actions), and its actions replay the turn's decisions to the table's
position now."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from editor import playtest as pt
from editor import scenario_writer as sw
from interpreter import Game, State
from interpreter.bots.greedy import bot_choices  # as the bots: no resigning
from interpreter.mechanics.dice import die_text
from interpreter.tools.scenario import build, check, run

CARDS = Path(__file__).parents[2] / "cards"


def _where(state: State, copy: int) -> tuple[Any, ...] | None:
    """The place of a card copy: its zone and its index there."""
    for i, cards in enumerate(state.zones):
        if copy in cards:
            return ("table", i, cards.index(copy))
    for p in state.players:
        for i, cards in enumerate(p.zones):
            if copy in cards:
                return (p.seat, i, cards.index(copy))
        for i, pile in enumerate(p.tableau):
            if copy in pile:
                return (p.seat, "tableau", i, pile.index(copy))
    return None


def whole_position(game: Game, state: State) -> dict[str, Any]:
    """Everything a position holds that play can read, by names (two games number their card
    copies apart). The facts of a turn (flags) are the turn's player's; the others' are left
    from their last turn, and only whether they passed is read before their next one."""
    name = game.name
    owner = sw.turn_owner(state)
    facts: dict[str, Any] = {
        "age": game.ages[state.age],
        "round": state.round,
        "active": state.active,
        "turn of": owner,
        "over": state.over,
        "marks": state.marks,
        "dice": [
            (d["die"], die_text(game, d), d["used"], d["times"], d["token"]) for d in state.dice
        ],
        "board": state.board,
        "gaps": state.gaps,
        "chance": state.rng,
        "table": [[name(c) for c in cards] for cards in state.zones],
    }
    for p in state.players:
        flags = dict(p.flags) if p.seat == owner else {"passed": p.flags.get("passed")}
        if "turn_start_events" in flags:
            flags["turn_start_events"] = [name(c) for c in flags["turn_start_events"]]
        facts[f"player {p.seat + 1}"] = {
            "zones": [[name(c) for c in cards] for cards in p.zones],
            "tableau": [[name(c) for c in pile] for pile in p.tableau],
            "tilted": [name(c) for c in p.tilted],
            "counters": p.counters,
            "tokens": p.tokens,
            "space": p.space,
            "score": p.score,
            "scores": p.age_scores,
            "flags": flags,
            "marks": p.marks,
        }
    facts["card states"] = sorted(
        (str(_where(state, c)), name(c), json.dumps(entry, sort_keys=True))
        for c, entry in state.cards.items()
        if _where(state, c) is not None
    )
    facts["pieces"] = sorted(  # each owner's in order (a stable sort by owner)
        (
            (
                p["owner"],
                p["kind"],
                json.dumps(p["props"], sort_keys=True),
                None if p["on"] is None else (name(p["on"]), str(_where(state, p["on"]))),
            )
            for p in state.pieces
        ),
        key=lambda t: t[0],
    )
    pending = state.pending or {}
    facts["decision"] = (pending.get("player"), pending.get("kind"), pending.get("prompt"))
    facts["legal"] = sorted(a.text for a in game.legal_actions(state)) if state.pending else []
    return facts


def apart(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {k: (a[k], b.get(k)) for k in a if a[k] != b.get(k)}


def early(game: Game, state: State, before: State | None) -> bool:
    return True


def middle(game: Game, state: State, before: State | None) -> bool:
    return state.round >= 3


def later(game: Game, state: State, before: State | None) -> bool:
    """An age after the middle stop's where the pack has several, else a late round."""
    if len(game.ages) == 1:
        return state.round >= 5
    return before is None or state.age > before.age


@pytest.mark.parametrize(
    ("pack", "seed"),
    [
        ("along_history", 3),
        ("the_ancient_world", 3),
        ("the_ancient_world", 7),
        ("through_the_ages", 3),
        ("through_the_ages", 5),
    ],
)
def test_a_scenario_written_at_a_turn_start_is_the_tables_position(
    pack: str, seed: int, tmp_path: Path
) -> None:
    folder = tmp_path / pack
    shutil.copytree(CARDS / pack, folder, ignore=shutil.ignore_patterns(".agesmith"))
    (folder / sw.SCENARIOS).mkdir(exist_ok=True)
    table = pt.new_table(folder, [pt.PERSON] * 3, seed)
    game = table.game
    rng = random.Random(seed)

    def step() -> None:
        table.choose(table.state.moves, rng.choice(bot_choices(game, game.choices(table.state))))

    seen = []
    before = None
    for stop in (early, middle, later):
        step()
        while not table.state.over and not (
            sw._starts(table.state) and stop(game, table.state, before)
        ):
            step()
        assert not table.state.over, f"the game ended before the stop {len(seen) + 1}"
        for _ in range(rng.randrange(3)):  # some of the turn's decisions taken
            step()
        start = sw.turn_start(table)
        at_start = table.history[start].before if start < len(table.history) else table.state
        text = sw.scenario_text(table, "as it stands", [], folder / sw.SCENARIOS)
        spec = yaml.safe_load(text)
        built, scenario_game = build(spec, folder / sw.SCENARIOS)
        assert apart(whole_position(game, at_start), whole_position(scenario_game, built)) == {}
        after, scenario_game = run(spec, folder / sw.SCENARIOS)
        end = whole_position(game, sw.scenario_end(table))
        assert apart(end, whole_position(scenario_game, after)) == {}
        seen.append((game.ages[at_start.age], at_start.round, sw.turn_owner(at_start)))
        before = at_start
    assert len(set(seen)) == 3, seen  # three turns apart
    if len(game.ages) > 1:
        assert seen[-1][0] != game.ages[0]  # the last in a later age


@pytest.mark.parametrize("pack", ["the_ancient_world", "through_the_ages"])
def test_the_playtests_save_of_a_later_turn_reports_no_difference_and_passes(
    pack: str, tmp_path: Path
) -> None:
    """What the Playtest's "Save this position as a scenario" does, without a browser: the
    file written in a later round, by a player who is not the round's first, checks and its
    position is the table's (differences() says nothing)."""
    folder = tmp_path / pack
    shutil.copytree(CARDS / pack, folder, ignore=shutil.ignore_patterns(".agesmith"))
    table = pt.new_table(folder, [pt.PERSON] * 3, 2)
    game = table.game
    rng = random.Random(2)
    while not (
        sw._starts(table.state)
        and table.state.round >= 2
        and sw.turn_owner(table.state) != table.state.active
    ):
        table.choose(table.state.moves, rng.choice(bot_choices(game, game.choices(table.state))))
    path = sw.scenario_path(folder, "a later turn")
    path.parent.mkdir(exist_ok=True)
    counter = next(iter(game.pack.game["counters"]))
    have = sw.scenario_end(table).players[table.state.active].counters[counter]
    expect = [f"you have exactly {have} {counter}"]
    path.write_text(sw.scenario_text(table, "a later turn", expect, path.parent))
    assert "start_player:" in path.read_text()
    assert sw.differences(table, path) == []
    outcome = check(path)
    assert outcome.passed, outcome.summary()
