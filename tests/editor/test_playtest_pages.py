"""The playtest pages (Decks, Playtest, Scenarios) through Streamlit's AppTest, on a copy of
the pack: a short game (one age, two players) played by clicking its buttons."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from editor import playtest as pt
from editor.state import PACK_ENV
from rules_dsl.deck import load_deck
from tests.zones import ZONE_EVENTS

APP = str(Path(__file__).parents[2] / "editor" / "app.py")


@pytest.fixture
def app(pack_copy: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv(PACK_ENV, str(pack_copy))
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    assert not at.exception
    return at


def open_page(at: AppTest, page: str) -> AppTest:
    at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception
    return at


def texts(elements) -> str:
    return "\n".join(str(e.value) for e in elements)


def choice_buttons(at: AppTest) -> list:
    return [b for b in at.button if b.key and b.key.startswith("choice-")]


def start_game(at: AppTest, bot: str = "greedy", speed: str = "instant", seed: int = 1) -> None:
    open_page(at, "playtest")
    at.selectbox(key="pt_seat1").select(bot).run()
    at.selectbox(key="pt_ages").select("Prehistory").run()
    if seed != 1:
        at.number_input(key="pt_seed").set_value(seed).run()
    at.button(key="pt_start").click().run()
    assert not at.exception
    at.radio(key="pt_speed").set_value(speed).run()


def test_decks_page_changes_copies_and_saves_a_deck_that_loads(
    app: AppTest, pack_copy: Path
) -> None:
    open_page(app, "decks")
    assert "calamities held, on average" in app.dataframe[-1].value.columns
    pick = app.selectbox(key="deck_card")
    pick.select(next(o for o in pick.options if o.startswith("Famine ("))).run()
    assert app.number_input(key="deck_n").value == 1
    app.number_input(key="deck_n").set_value(0).run()
    app.button(key="deck_set").click().run()
    assert "Famine 1 → 0" in texts(app.markdown)
    before = app.dataframe[-1].value.set_index("age").loc["Prehistory"]
    app.text_input(key="deck_name").input("No famine").run()
    app.button(key="deck_save").click().run()
    assert not app.exception
    assert "Saved the deck No famine" in texts(app.success)
    path = pack_copy / "decks" / "no-famine.yaml"
    pack, problems = load_deck(path)
    assert pack is not None and not [p for p in problems if p.is_error]
    famine = next(c for c in pack.cards if c.id == "famine")
    assert famine.copies == 0
    assert before["calamity"] == sum(
        c.copies for c in pack.cards if c.age == "prehistory" and c.type == "calamity"
    )


def test_playtest_plays_undoes_refuses_a_stale_click_and_survives_a_reload(
    app: AppTest, pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    start_game(app)
    assert "Prehistory, round 1" in texts(app.subheader)
    buttons = choice_buttons(app)
    assert 1 < len(buttons) < 60  # a menu, never hundreds of buttons
    other_tab = AppTest.from_file(APP, default_timeout=120)
    other_tab.run()
    open_page(other_tab, "playtest")
    acquire = next(b for b in buttons if b.label.startswith("acquire "))
    acquire.click().run()
    assert "How to pay" in texts(app.subheader)
    pay = choice_buttons(app)[0]
    pay.click().run()
    assert not app.exception
    moves_after = pt.load_table((pack_copy / pt.AUTOSAVE).read_text()).state.moves
    # the other tab still shows the first position: its click is refused, nothing is played
    choice_buttons(other_tab)[1].click().run()
    assert "Refused: the game has moved on" in texts(other_tab.warning)
    assert pt.load_table((pack_copy / pt.AUTOSAVE).read_text()).state.moves == moves_after
    assert len(choice_buttons(other_tab)) == len(choice_buttons(app))
    # undo, twice: each time the last decision, back to the first
    app.button(key="pt_undo").click().run()
    assert "Back to before decision 2, player 1: pay with " in texts(app.info)
    app.button(key="pt_undo").click().run()
    assert "Back to before decision 1, player 1: acquire " in texts(app.info)
    assert pt.load_table((pack_copy / pt.AUTOSAVE).read_text()).state.moves == 0
    # a new session (a page reload) finds the game
    again = AppTest.from_file(APP, default_timeout=120)
    again.run()
    open_page(again, "playtest")
    assert "The unfinished game is back" in texts(again.info)
    assert len(choice_buttons(again)) == len(choice_buttons(app))


def test_playtest_plays_to_the_end_with_bots_and_shows_the_scores(app: AppTest) -> None:
    start_game(app, bot="random", seed=15)  # a short game: about 50 decisions, the usual 70
    for _ in range(400):
        buttons = choice_buttons(app)
        if not buttons:
            break
        # acquire when possible, else the last choice (the End group: end the actions...)
        pick = next((b for b in buttons if b.label.startswith("acquire ")), buttons[-1])
        pick.click().run()
        assert not app.exception
    assert "The game is over" in texts(app.success)
    scores = app.table[0].value.reset_index()
    assert list(scores.columns) == ["player", "Prehistory", "total"]
    assert (scores["Prehistory"] == scores["total"]).all()
    assert any("End of Prehistory" in t.value for t in app.text)


def test_a_corrupted_save_is_refused_with_a_message(pack_copy: Path) -> None:
    table = pt.new_table(pack_copy, [pt.PERSON, "greedy"], 1, ages=["prehistory"])
    data = json.loads(table.save_text())
    data["state"]["players"][0]["zones"]["events"] = ["no-such-card"]
    with pytest.raises(pt.SaveError, match="no-such-card"):
        pt.load_table(json.dumps(data))
    data = json.loads(table.save_text())
    data["extra"]["playtest"]["source"] = "/no/such/pack"
    assert pt.load_table(json.dumps(data), fallback=pack_copy).state == table.state
    with pytest.raises(pt.SaveError, match="cannot be loaded"):
        pt.load_table(json.dumps(data))
    with pytest.raises(pt.SaveError, match="not JSON"):
        pt.load_table("{not json")
    (pack_copy / ".agesmith").mkdir()
    (pack_copy / pt.AUTOSAVE).write_text("{broken")
    with pytest.raises(pt.SaveError, match="not JSON"):
        pt.resume(pack_copy)
    assert pt.resume(pack_copy) is None  # kept aside: no autosave any more


def test_a_saved_game_loads_back_with_its_history(pack_copy: Path) -> None:
    table = pt.new_table(pack_copy, [pt.PERSON, "greedy"], 4, ages=["prehistory"])
    while len(table.undo_points()) < 3:
        if table.person_to_move():
            table.choose(table.state.moves, table.game.choices(table.state)[-1])
        else:
            table.bot_step()
    again = pt.load_table(table.save_text())
    assert again.state == table.state and len(again.history) == len(table.history)
    assert [s.action.text for s in again.history] == [s.action.text for s in table.history]
    assert all(s.action.text for s in again.history)
    index, _ = again.undo_points()[0]
    again.undo(index)
    assert again.person_to_move() and again.state == table.history[index].before


def test_a_position_saved_as_a_scenario_runs_green(app: AppTest, pack_copy: Path) -> None:
    start_game(app)
    acquire = next(b for b in choice_buttons(app) if b.label.startswith("acquire "))
    card = acquire.label.removeprefix("acquire ").split(" (")[0]
    acquire.click().run()
    choice_buttons(app)[0].click().run()
    next(t for t in app.text_input if t.key.startswith("sc_name:")).input("First acquisition").run()
    assert (
        next(t for t in app.text_area if t.key.startswith("sc_expect:")).value
        == f'you own "{card}"'
    )
    app.button(key="pt_scenario").click().run()
    assert not app.exception
    assert "it passes" in texts(app.success)
    saved = pack_copy / "scenarios" / "first-acquisition.yaml"
    assert f"acquire {card} paying" in saved.read_text()
    open_page(app, "scenarios")
    app.button(key="sc_all").click().run()
    assert "1 passed, 0 failed" in texts(app.markdown)


def test_the_table_draws_zones_dice_and_the_board_with_conditions(pack_copy: Path) -> None:
    from editor import table_view as tv

    table = pt.new_table(pack_copy, [pt.PERSON, "greedy"], 2, ages=["prehistory"])
    state, game = table.state, table.game
    board = tv.board_svg(game, state)
    assert board.startswith("<svg") and board.count("<circle") == 23  # the front's spaces
    assert re.search(
        r"<title>space \w+ \(level \d\): a \d token, taken when you [^<]+</title>", board
    )
    assert board.count("<rect x=") == 2  # two markers
    events = tv.zones_html(game, state, 0)
    assert events.count('class="card-face"') == len(state.players[0].zones[ZONE_EVENTS])
    state.dice[0]["used"] = True
    assert tv.dice_html(game, state.dice).count("pt-used") == 1


def test_a_pack_without_boards_or_several_ages_is_asked_neither(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Ancient World (issue 18): one age, no achievements board; the new-game form asks
    no board side and no span of ages, and the game starts and shows the table."""
    import shutil

    from cards import PACKS

    pack = tmp_path / "the_ancient_world"
    shutil.copytree(PACKS / "the_ancient_world", pack)
    shutil.copytree(PACKS / "schema", tmp_path / "schema")
    monkeypatch.setenv(PACK_ENV, str(pack))
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    open_page(at, "playtest")
    keys = {w.key for w in at.selectbox}
    assert "pt_board" not in keys and "pt_ages" not in keys
    at.button(key="pt_start").click().run()
    assert not at.exception
    assert choice_buttons(at)
