"""The Playtest's sandbox: a card moved, a counter set, a die's face set, on every bundled pack.
The rules go on from the edited position (its legal choices, not the old ones), the log says
each edit, undo and redo take edits back and put them back, a save resumes the edited position
exactly and says it was edited, and a scenario of it passes `agesmith check` with the edited
position in it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from editor import playtest as pt
from editor import scenario_writer as sw
from interpreter.tools import sandbox as sb
from interpreter.tools.position import position_line
from interpreter.tools.scenario import build, check

CARDS = Path(__file__).parents[2] / "cards"
PACKS = ["along_history", "the_ancient_world", "through_the_ages"]


def table_of(pack: Path | str, seats: list[str] | None = None) -> pt.Table:
    return pt.new_table(pack, seats or [pt.PERSON, pt.PERSON], 1)


def first_move(table: pt.Table) -> tuple[int, sb.Place, sb.Place]:
    """A card of the first shared zone holding any, and player 1's first zone."""
    game, state = table.game, table.state
    source = next(
        p for p in sb.places(game, state) if p.seat is None and sb.cards_at(game, state, p)
    )
    target = next(p for p in sb.places(game, state) if p.seat == 0)
    return sb.cards_at(game, state, source)[-1], source, target


def move(table: pt.Table, copy: int, to: sb.Place) -> str:
    return table.edit(
        table.state.moves, sb.Edit("move", card=sb.copy_name(table.game, copy), to=to)
    )


@pytest.mark.parametrize("pack", PACKS)
def test_a_card_moved_lies_in_its_new_zone_and_the_game_plays_on(pack: str) -> None:
    table = table_of(CARDS / pack, [pt.PERSON, "greedy"])
    game = table.game
    copy, source, target = first_move(table)
    text = move(table, copy, target)
    state = table.state
    assert copy in sb.cards_at(game, state, target)
    assert copy not in sb.cards_at(game, state, source)
    assert sb.where(game, state, copy) == target
    assert state.log[-1] == f"{sb.EDIT_MARK} {text}."
    assert game.name(copy) in text and source.zone in text and target.zone in text
    assert game.choices(state)  # the rules ask for a decision of the edited position
    for _ in range(12):  # and play goes on from it
        if table.person_to_move():
            table.choose(table.state.moves, game.choices(table.state)[0])
        elif table.bot_to_move():
            table.bot_step()
    assert table.state.moves > state.moves + 5


def test_a_counter_set_changes_the_legal_actions() -> None:
    table = table_of(CARDS / "along_history")
    game = table.game
    before = {a.text for a in game.legal_actions(table.state)}
    table.edit(table.state.moves, sb.Edit("counter", seat=0, counter="universal resource", value=2))
    after = {a.text for a in game.legal_actions(table.state)}
    gained = after - before
    assert gained and all(a.count("universal resource as") == 2 for a in gained)
    assert table.state.players[0].counters["universal resource"] == 2
    table.edit(table.state.moves, sb.Edit("counter", seat=0, counter="universal resource", value=0))
    assert not any("universal resource" in a.text for a in game.legal_actions(table.state))
    assert table.state.log[-1] == "Sandbox: player 1's universal resource set to 0."


def test_a_die_set_to_another_face_is_offered_as_that_face() -> None:
    table = table_of(CARDS / "along_history")
    game, state = table.game, table.state
    red = next(i for i, d in enumerate(state.dice) if d["die"] == "red")
    faces = sb.faces(game, state.dice[red])
    golden = faces.index("golden age")
    table.edit(state.moves, sb.Edit("die", die=red, value=golden))
    assert table.state.dice[red]["face"] == golden
    assert any("golden age" in a.text for a in game.choices(table.state))
    assert not any("red x2" in a.text for a in game.choices(table.state))
    assert "set to golden age" in table.state.log[-1]


def test_an_edit_the_position_cannot_take_changes_nothing() -> None:
    table = table_of(CARDS / "along_history")
    state = table.state
    for edit in (
        sb.Edit("counter", seat=0, counter="universal resource", value=3),  # its max is 2
        sb.Edit("counter", seat=0, counter="glory", value=1),
        sb.Edit("counter", seat=5, counter="gold", value=1),
        sb.Edit("die", die=99, value=0),
        sb.Edit("die", die=0, value=6),
        sb.Edit("die", die=0, value=state.dice[0]["face"]),  # the face it shows
        sb.Edit("counter", seat=0, counter="gold", value=0),  # the value it holds
        sb.Edit("move", card="no-such-card", to=sb.Place("events", 0)),
        sb.Edit("move", card=sb.copy_name(table.game, state.zones[0][0]), to=sb.Place("deck")),
        sb.Edit("move", card=sb.copy_name(table.game, state.zones[0][0]), to=sb.Place("attic", 0)),
    ):
        with pytest.raises(sb.SandboxError):
            table.edit(state.moves, edit)
    with pytest.raises(pt.StaleChoice):  # offered for an earlier position
        table.edit(state.moves - 1, sb.Edit("counter", seat=0, counter="gold", value=1))
    assert table.state is state and not table.history


def test_undo_takes_an_edit_back_and_redo_puts_it_back() -> None:
    table = table_of(CARDS / "along_history")
    start = table.state.digest()
    copy, _, target = first_move(table)
    move(table, copy, target)
    edited = table.state.digest()
    assert table.edits and table.undo_points()[0][1].edit is not None
    table.undo_last()
    assert table.state.digest() == start and not table.edits
    table.redo_last()
    assert table.state.digest() == edited and len(table.edits) == 1


SAVES = [
    "along_history",
    "the_ancient_world",
    # a deck's card the rules took out of the game is in no zone (saves.py `_removes_cards`)
    "through_the_ages",
]


@pytest.mark.parametrize("pack", SAVES)
def test_a_save_of_an_edited_position_resumes_it_exactly_and_says_so(pack: str) -> None:
    table = table_of(CARDS / pack)
    copy, _, target = first_move(table)
    move(table, copy, target)
    counter = sb.counters(table.game)[0]
    table.edit(table.state.moves, sb.Edit("counter", seat=1, counter=counter, value=5))
    table.choose(table.state.moves, table.game.choices(table.state)[0])  # and a decision after
    text = table.save_text()
    assert table.edits == [s.action.text.removeprefix("edit: ") for s in table.history if s.edit]
    back = pt.load_table(text)
    assert back.state.digest() == table.state.digest()
    assert back.state.log == table.state.log
    assert [s.edit for s in back.history] == [s.edit for s in table.history]
    assert any("edited in the sandbox (2 edits" in w for w in back.warnings)
    back.undo(0)  # undo reaches back before the edits, from the replayed history
    assert not back.edits


def test_a_save_whose_decisions_cannot_be_replayed_still_says_it_was_edited() -> None:
    import json

    table = table_of(CARDS / "along_history")
    table.edit(table.state.moves, sb.Edit("counter", seat=0, counter="gold", value=9))
    data = json.loads(table.save_text())
    data["extra"]["playtest"]["actions"] = []
    back = pt.load_table(json.dumps(data))
    assert back.edits == ["player 1's gold set to 9"]
    assert pt.EDITED in json.loads(back.save_text())["extra"]


@pytest.mark.parametrize("pack", PACKS)
def test_a_scenario_of_an_edited_position_passes_check_and_holds_the_edits(
    pack: str, tmp_path: Path
) -> None:
    folder = tmp_path / pack
    shutil.copytree(CARDS / pack, folder, ignore=shutil.ignore_patterns(".agesmith"))
    table = table_of(folder)
    game = table.game
    copy, _, target = first_move(table)
    move(table, copy, target)
    counter = sb.counters(game)[0]
    table.edit(table.state.moves, sb.Edit("counter", seat=0, counter=counter, value=7))
    if table.state.dice:
        table.edit(table.state.moves, sb.Edit("die", die=0, value=1))
    path = sw.scenario_path(folder, "edited")
    path.parent.mkdir(exist_ok=True)
    path.write_text(
        sw.scenario_text(table, "edited", [sw.suggested_expectation(table)], path.parent)
    )
    text = path.read_text()
    assert "edited in the Playtest's sandbox" in text and game.name(copy) in text
    outcome = check(path)
    assert outcome.passed, outcome.summary()
    built, scenario_game = build(yaml.safe_load(text), path.parent)
    mine = position_line(game, table.state).split(" | ")
    theirs = position_line(scenario_game, built).split(" | ")
    assert theirs == mine  # the whole position is the edited one, in every pack
    assert [d for d in theirs if d.startswith("dice")] == [d for d in mine if d.startswith("dice")]
    held = [scenario_game.name(c) for c in sb.cards_at(scenario_game, built, target)]
    assert game.name(copy) in held
    assert built.players[0].counters[counter] == 7


def test_an_edit_after_the_turns_actions_began_waits_for_the_next_turn() -> None:
    table = table_of(CARDS / "along_history")
    game = table.game
    acquire = next(a for a in game.legal_actions(table.state) if a.text.startswith("acquire"))
    table.choose(table.state.moves, game.choices(table.state)[1])  # acquire ... (menu)
    table.choose(table.state.moves, next(o for o in game.choices(table.state)))
    assert acquire  # an action of this turn was taken
    table.edit(table.state.moves, sb.Edit("counter", seat=0, counter="gold", value=4))
    with pytest.raises(sw.NoTurnStart, match="edited after this turn's actions"):
        sw.turn_start(table)
    while table.state.active == 0:  # play on to the next player's actions
        table.choose(table.state.moves, game.choices(table.state)[0])
    assert sw.turn_start(table) >= len(table.history) - 1


def test_the_terminal_game_resumes_an_edited_save_and_keeps_it_marked(tmp_path: Path) -> None:
    import json

    from agesmith.play import load_session

    table = table_of(CARDS / "along_history")
    table.edit(table.state.moves, sb.Edit("counter", seat=0, counter="gold", value=9))
    saved = tmp_path / "game.json"
    saved.write_text(table.save_text())
    session = load_session(CARDS / "along_history", saved, None)
    assert session.state.digest() == table.state.digest()
    assert any(
        "edited in the sandbox (1 edit: player 1's gold set to 9)" in w for w in session.warnings
    )
    again = tmp_path / "again.json"
    session.save(again)
    assert json.loads(again.read_text())["extra"][sb.EDITED] == ["player 1's gold set to 9"]


def test_the_page_edits_off_turn_and_refuses_an_edit_after_another_tab_played(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from streamlit.testing.v1 import AppTest

    from editor.state import PACK_ENV
    from interpreter.mechanics.action_phase import waiting_pool_of
    from tests.editor.test_playtest_pages import APP, open_page, texts
    from tests.editor.test_playtest_table import off_turn_actions, play_until

    table = pt.new_table(pack_copy, [pt.PERSON] * 3, 1, ages=["prehistory"])
    play_until(table, off_turn_actions)
    pt.autosave(pack_copy, table)
    tokens = [dict(t) for t in waiting_pool_of(table.state)[1]]
    monkeypatch.setenv(PACK_ENV, str(pack_copy))
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    open_page(app, "playtest")
    seat = table.state.to_move
    app.radio(key="sb_edit").set_value("Set a die").run()
    assert f"uses player {seat + 1}'s result tokens" in texts(app.caption)
    app.button(key="sb_set_die").click().run()  # the face it shows: nothing to do
    assert "Not edited: die 1 shows that face already." in texts(app.error)
    assert not app.session_state["playtest_table"].edits
    face = table.state.dice[0]["face"]
    other_face = next(
        i for i, f in enumerate(sb.faces(table.game, table.state.dice[0])) if i != face
    )
    app.selectbox(key=f"sb_face:{table.state.moves}:0").set_value(other_face).run()
    app.button(key="sb_set_die").click().run()
    assert not app.exception
    assert "Edited: die 1 " in texts(app.info)
    now: pt.Table = app.session_state["playtest_table"]
    assert now.edits and waiting_pool_of(now.state)[1] == tokens  # the tokens stay theirs
    assert pt.load_table((pack_copy / pt.AUTOSAVE).read_text()).edits == now.edits
    # another tab plays on: an edit drawn here before is refused, nothing changes
    other = pt.load_table((pack_copy / pt.AUTOSAVE).read_text())
    other.choose(other.state.moves, other.game.choices(other.state)[0])
    pt.autosave(pack_copy, other)
    moves = now.state.moves
    app.radio(key="sb_edit").set_value("Set a counter").run()
    app.button(key="sb_set_counter").click().run()
    assert "Refused: the game has moved on in another tab" in texts(app.warning)
    assert now.state.moves == moves and len(now.edits) == 1


@pytest.mark.parametrize("pack", PACKS)
def test_a_scenario_of_the_table_differs_from_it_nowhere(pack: str, tmp_path: Path) -> None:
    """The scenario is placed where the actions start (position_at: start): what a pack's
    round does before the actions (The Ancient World deals its empire row anew, Through the
    Ages gives the civil actions) is not done again on the position written, so the page has
    no difference to report."""
    folder = tmp_path / pack
    shutil.copytree(CARDS / pack, folder, ignore=shutil.ignore_patterns(".agesmith"))
    table = table_of(folder)
    path = sw.scenario_path(folder, "as it stands")
    path.parent.mkdir(exist_ok=True)
    path.write_text(
        sw.scenario_text(table, "as it stands", ["you have at least 1 coin"], path.parent)
    )
    assert "position_at: start" in path.read_text()
    assert sw.differences(table, path) == []


def test_a_through_the_ages_game_saved_as_it_goes_resumes_exactly() -> None:
    """Its rules take cards out of the game (the setup's unused events, an action card once
    played): such a card is in no zone, and its saves are resumed all the same."""
    table = pt.new_table(CARDS / "through_the_ages", ["greedy", "greedy"], 2)
    for n in range(120):
        table.bot_step()
        if n % 15 == 0:
            assert pt.load_table(table.save_text()).state.digest() == table.state.digest()
    assert any("leave" in line and "the game" in line for line in table.state.log)
