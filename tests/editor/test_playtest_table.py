"""The Playtest page's table and controls, in plain Python and through AppTest: the dice strip
off the active player's turn, undo and redo, the score by age, scenarios of a game on a deck."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from editor import playtest as pt
from editor import table_view as tv
from editor.state import PACK_ENV
from interpreter.mechanics.action_phase import waiting_pool_of
from interpreter.mechanics.dice import die_text
from tests.editor.test_playtest_pages import APP, choice_buttons, open_page, start_game, texts


def play_until(table: pt.Table, done, seed: int = 3, most: int = 2000) -> None:
    """Random choices for every seat (all are people) until `done(table)` holds."""
    rng = random.Random(seed)
    for _ in range(most):
        if done(table):
            return
        table.choose(table.state.moves, rng.choice(table.game.choices(table.state)))
    raise AssertionError("the position wanted never came")


def off_turn_actions(table: pt.Table) -> bool:
    state = table.state
    return (
        (state.pending or {}).get("kind") == "action"
        and state.to_move != state.active
        and any(d["used"] for d in state.dice)
    )


def test_off_turn_the_strip_shows_the_deciding_players_tokens_and_offers_no_used_die(
    pack_copy: Path,
) -> None:
    table = pt.new_table(pack_copy, [pt.PERSON] * 3, 1, ages=["prehistory"])
    play_until(table, off_turn_actions)
    game, state = table.game, table.state
    seat, pool = waiting_pool_of(state)
    assert seat == state.to_move != state.active
    strip = tv.dice_strip(game, state)
    assert f"Result tokens of {game.player_name(seat)}" in strip
    assert f"Dice of {game.player_name(state.active)}" not in strip
    assert "(used)" not in strip  # a fresh set: none of the active's used dice
    offered = [o for o in game.choices(state) if "die" in o.params]
    assert offered
    for option in offered:
        die = pool[option.params["die"]]
        assert not die["used"]
        assert die_text(game, die) in option.text and die_text(game, die) in strip
    # a token spent shows as used in the strip, and is offered no more
    exchange = next(o for o in offered if o.kind == "exchange")
    table.choose(state.moves, exchange)
    table.choose(table.state.moves, table.game.choices(table.state)[0])
    _, pool = waiting_pool_of(table.state)
    spent = exchange.params["die"]
    assert pool[spent]["used"] and "(used)" in tv.dice_strip(game, table.state)
    assert all(
        not pool[o.params["die"]]["used"] for o in game.choices(table.state) if "die" in o.params
    )


def person_decides(table: pt.Table, n: int) -> None:
    """`n` decisions of the person in seat 1 (the last choice: the End group), bots between."""
    for _ in range(n):
        while table.bot_to_move():
            table.bot_step()
        table.choose(table.state.moves, table.game.choices(table.state)[-1])


def test_undo_takes_back_the_last_decision_and_redo_puts_it_back(pack_copy: Path) -> None:
    table = pt.new_table(pack_copy, [pt.PERSON, "greedy"], 4, ages=["prehistory"])
    person_decides(table, 4)
    end, decisions = table.state, len(table.history)
    people = [i for i, _ in table.undo_points()]  # latest first
    assert len(people) == 4
    table.undo_last()
    assert len(table.history) == people[0] and table.state == table.redo[-1].steps[0].before
    middle = table.state
    table.undo_last()  # one person's decision further back, no more
    assert len(table.history) == people[1] and table.person_to_move()
    assert table.redo_last() is not None and table.state == middle
    assert len(table.history) == people[0]
    assert table.redo_last() is not None and table.state == end
    assert len(table.history) == decisions and table.redo_last() is None
    # going back further is one undo, and one redo puts it all back
    table.undo(people[-1])
    assert len(table.history) == people[-1]
    table.redo_last()
    assert table.state == end and len(table.history) == decisions
    # a new decision after an undo clears what could be redone
    table.undo_last()
    table.choose(table.state.moves, table.game.choices(table.state)[0])
    assert table.redo == [] and table.redo_last() is None


@pytest.fixture
def app(pack_copy: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv(PACK_ENV, str(pack_copy))
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    return at


def keyed(widgets, prefix: str):
    return next(w for w in widgets if w.key and w.key.startswith(prefix))


def saved_moves(pack: Path) -> int:
    return pt.load_table((pack / pt.AUTOSAVE).read_text()).state.moves


def test_the_page_undoes_one_decision_redoes_it_and_goes_further_back_only_when_confirmed(
    app: AppTest, pack_copy: Path
) -> None:
    start_game(app)
    for _ in range(4):  # the End group's last choice, as far as the person is asked
        choice_buttons(app)[-1].click().run()
    table: pt.Table = app.session_state["playtest_table"]
    people = [i for i, _ in table.undo_points()]
    end = table.state.moves
    assert len(people) == 4
    app.button(key="pt_undo").click().run()
    assert f"Back to before decision {people[0] + 1}," in texts(app.info)
    assert len(table.history) == people[0]
    app.button(key="pt_undo").click().run()  # the next undo: one decision more, no further
    assert len(table.history) == people[1]
    app.button(key="pt_redo").click().run()
    assert "Redone: " in texts(app.info) and len(table.history) == people[0]
    app.button(key="pt_redo").click().run()
    assert table.state.moves == end and saved_moves(pack_copy) == end
    assert not [b for b in app.button if b.key == "pt_redo"]  # nothing left to redo
    # further back: no target until one is chosen, and nothing happens until it is confirmed
    pick = keyed(app.selectbox, "pt_back_pick:")
    assert pick.value is None and app.button(key="pt_back").disabled
    pick.set_value(people[-1]).run()
    assert app.button(key="pt_back").disabled
    sure = keyed(app.checkbox, "pt_back_sure:")
    assert f"take back {len(table.history) - people[-1]} decisions" in sure.label
    sure.check().run()
    app.button(key="pt_back").click().run()
    assert len(table.history) == people[-1] and saved_moves(pack_copy) == table.state.moves
    # the choice made for the old position is not kept for the new one
    choice_buttons(app)[-1].click().run()
    choice_buttons(app)[-1].click().run()
    assert keyed(app.selectbox, "pt_back_pick:").value is None
    assert not [b for b in app.button if b.key == "pt_redo"]  # a new decision: no redo


MORE_TIGERS = "deck: More tigers\npack: ..\ncopies:\n  prehistory:\n    tiger: 3\n    wolves: 3\n"


def test_a_scenario_saved_from_a_game_on_a_deck_names_the_deck_and_runs(
    app: AppTest, pack_copy: Path
) -> None:
    from click.testing import CliRunner

    from agesmith.cli import main
    from interpreter.tools.scenario import check

    (pack_copy / "decks").mkdir()
    (pack_copy / "decks" / "more-tigers.yaml").write_text(MORE_TIGERS)
    app.switch_page("app_pages/playtest.py").run()
    app.selectbox(key="pt_source").select("deck more-tigers.yaml").run()
    start_game(app)
    acquire = next(b for b in choice_buttons(app) if b.label.startswith("acquire "))
    acquire.click().run()
    choice_buttons(app)[0].click().run()
    keyed(app.text_input, "sc_name:").input("On the deck").run()
    app.button(key="pt_scenario").click().run()
    assert not app.exception
    assert "it passes" in texts(app.success)
    saved = pack_copy / "scenarios" / "on-the-deck.yaml"
    text = saved.read_text()
    assert 'deck: "../decks/more-tigers.yaml"\n' in text and "pack:" not in text
    # the deck's three copies, which the pack alone has not (a card in the active player's
    # hand is written a second time, under "hand at turn start")
    assert text.count('"Tiger"') >= 3
    result = CliRunner().invoke(main, ["check", str(saved)])
    assert result.exit_code == 0 and "1 passed" in result.output, result.output
    # the same position named by the pack cannot be placed: the deck is what makes it run
    (pack_copy / "scenarios" / "on-the-pack.yaml").write_text(
        text.replace('deck: "../decks/more-tigers.yaml"', "pack: ..")
    )
    assert 'no copy of "Tiger" is left' in "\n".join(
        check(pack_copy / "scenarios" / "on-the-pack.yaml").problems
    )
    # the Scenarios page runs every scenario on the deck when asked
    app.switch_page("app_pages/scenarios.py").run()
    app.button(key="sc_all").click().run()
    assert "1 passed, 1 failed" in texts(app.markdown)
    app.selectbox(key="sc_deck").select("deck more-tigers.yaml").run()
    app.button(key="sc_all").click().run()
    assert "2 passed, 0 failed" in texts(app.markdown)


def test_a_scenario_names_a_missing_deck_or_both_a_pack_and_a_deck_with_a_located_error(
    tmp_path: Path,
) -> None:
    from interpreter.tools.scenario import check

    base = 'name: x\nplayers: 2\nexpect: ["you have at least 0 points"]\n'
    (tmp_path / "missing.yaml").write_text(base + "deck: ../decks/none.yaml\n")
    [problem] = check(tmp_path / "missing.yaml").problems
    assert 'missing.yaml:4:7: error: no deck file "../decks/none.yaml"' in problem
    (tmp_path / "both.yaml").write_text(base + "pack: along_history\ndeck: x.yaml\n")
    [problem] = check(tmp_path / "both.yaml").problems
    assert "both.yaml:5:7: error: give pack: or deck:, not both" in problem


def test_score_by_age_shows_a_dash_until_an_age_is_scored(app: AppTest, pack_copy: Path) -> None:
    start_game(app)
    scores = app.table[0].value.reset_index()
    assert list(scores.columns) == ["player", "Prehistory", "total"]
    assert list(scores["Prehistory"]) == ["–", "–"] and "None" not in scores.to_string()
    table = pt.new_table(pack_copy, [pt.PERSON] * 2, 1)
    rows = tv.score_rows(table.game, table.state, str)
    assert [list(r) for r in rows] == [
        ["player", "Prehistory", "Antiquity", "Middle Ages", "total"]
    ] * 2
    table.state.players[0].age_scores.append(7)
    assert tv.score_rows(table.game, table.state, str)[0]["Prehistory"] == 7
    assert tv.score_rows(table.game, table.state, str)[0]["Antiquity"] == "–"


def test_undo_is_refused_when_another_tab_played_since(app: AppTest, pack_copy: Path) -> None:
    start_game(app)
    for _ in range(2):
        choice_buttons(app)[-1].click().run()
    other_tab = AppTest.from_file(APP, default_timeout=120)
    other_tab.run()
    open_page(other_tab, "playtest")
    choice_buttons(other_tab)[-1].click().run()
    played = saved_moves(pack_copy)
    app.button(key="pt_undo").click().run()
    assert "Refused: the game has moved on" in texts(app.warning)
    assert saved_moves(pack_copy) == played  # the other tab's decision is kept
