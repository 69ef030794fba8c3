"""The Balance page through Streamlit's AppTest, on a copy of the pack: a small balance (a few
games, a fixed seed) drawn as the HTML report, an A/B of a deck against the pack, the last run
shown again on a new visit, a kept run that cannot be read, and the Decks page's "Simulate this
deck"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from editor.balance import KEPT
from editor.state import PACK_ENV

APP = str(Path(__file__).parents[2] / "editor" / "app.py")
NO_FAMINE = "deck: No famine\npack: ..\ncopies:\n  prehistory:\n    famine: 0\n"


@pytest.fixture
def app(pack_copy: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv(PACK_ENV, str(pack_copy))
    (pack_copy / "decks").mkdir()
    (pack_copy / "decks" / "no-famine.yaml").write_text(NO_FAMINE)
    return new_visit()


def new_visit() -> AppTest:
    """A new session (a reload of the page): nothing of the last one but the files."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    assert not at.exception
    at.switch_page("app_pages/balance.py").run()
    assert not at.exception
    return at


def texts(elements) -> str:
    return "\n".join(str(e.value) for e in elements)


def reports(at: AppTest) -> list[str]:
    """The HTML reports drawn in the page (st.iframe's documents)."""
    return [e.proto.srcdoc for e in at.get("iframe")]


def run_to_the_end(at: AppTest) -> None:
    at.button(key="balance_start").click().run()
    assert not at.exception
    if "balance_run" in at.session_state:  # else it ended at once and the page said so
        at.session_state["balance_run"].wait()
        at.run()  # the page drawn once the run ended (in the browser: the fragment asks)
    assert not at.exception


def small_balance(at: AppTest, players: int = 3, games: int = 4) -> None:
    at.number_input(key="balance_players").set_value(players).run()
    at.number_input(key="balance_games").set_value(games).run()
    at.number_input(key="balance_seed").set_value(7).run()
    at.selectbox(key="balance_bot_1").select("random").run()


def test_a_small_balance_shows_every_seat_and_is_kept(app: AppTest, pack_copy: Path) -> None:
    assert "No run yet" in texts(app.info)
    small_balance(app)
    run_to_the_end(app)
    assert "4 games played" in texts(app.markdown)
    [report] = reports(app)
    for seat in ("seat 1 (greedy)", "seat 2 (random)", "seat 3 (greedy)"):
        assert seat in report
    for section in ("Cards that change who wins", "Scores by age", "Effect coverage"):
        assert section in report
    kept = json.loads((pack_copy / KEPT).read_text())
    assert kept["reports"][0]["finished"] == 4 and kept["reports"][0]["seed"] == 7
    # a reload (a new session) shows the same report, from the kept run
    again = new_visit()
    assert "4 games played" in texts(again.markdown)
    assert reports(again) == [report]


def test_an_ab_of_a_deck_against_the_pack_on_the_same_seeds(app: AppTest) -> None:
    app.selectbox(key="balance_play").select("no-famine.yaml").run()
    app.selectbox(key="balance_against").select("the pack's own counts").run()
    small_balance(app, players=2, games=3)
    run_to_the_end(app)
    assert "against the pack's own counts" in texts(app.markdown)
    headers = texts(app.subheader)
    assert "What moved from A (no-famine.yaml) to B (the pack's own counts)" in headers
    assert "figures moved beyond chance" in texts(app.caption)
    a, b = reports(app)
    assert "Balance of" in a and "Balance of" in b and a != b
    # the same seeds: the pack's side is the pack played alone with seed 7
    assert "seed 7" in a and "seed 7" in b


def test_stop_keeps_the_games_finished(app: AppTest, pack_copy: Path) -> None:
    app.number_input(key="balance_players").set_value(2).run()
    app.number_input(key="balance_games").set_value(5000).run()
    app.button(key="balance_start").click().run()
    [bar] = app.get("progress")
    assert "of 5000 games played" in bar.proto.text
    app.button(key="balance_stop").click().run()
    app.session_state["balance_run"].wait()
    app.run()
    assert not app.exception
    assert "Stopped: the report covers the games finished." in texts(app.info)
    finished = json.loads((pack_copy / KEPT).read_text())["reports"][0]
    assert finished["interrupted"] and finished["finished"] < 5000
    assert f"{finished['finished']} games played" in texts(app.markdown)


def test_a_deck_that_cannot_be_played_says_why(app: AppTest, pack_copy: Path) -> None:
    (pack_copy / "decks" / "broken.yaml").write_text("deck: Broken\npack: ..\ncopies: [1\n")
    at = new_visit()
    at.selectbox(key="balance_play").select("broken.yaml").run()
    at.number_input(key="balance_games").set_value(2).run()
    run_to_the_end(at)
    assert "The run could not be played" in texts(at.error)
    assert "broken.yaml" in texts(at.error)


def test_a_dask_scheduler_out_of_reach_says_so(app: AppTest) -> None:
    app.text_input(key="balance_dask").input("tcp://127.0.0.1:1").run()
    app.number_input(key="balance_games").set_value(2).run()
    run_to_the_end(app)
    assert "cannot reach the dask scheduler at tcp://127.0.0.1:1" in texts(app.error)


@pytest.mark.parametrize("damage", ["cut short", "a seat that is not one"])
def test_a_kept_run_that_cannot_be_read_is_set_aside_with_a_message(
    app: AppTest, pack_copy: Path, damage: str
) -> None:
    small_balance(app, players=2, games=2)
    run_to_the_end(app)
    text = (pack_copy / KEPT).read_text()
    if damage == "cut short":
        text = text[: len(text) // 2]
    else:
        data = json.loads(text)
        data["reports"][0]["seats"][0] = "seat one"
        text = json.dumps(data)
    (pack_copy / KEPT).write_text(text)
    at = new_visit()
    warning = texts(at.warning)
    assert "The last balance run could not be read" in warning
    assert "balance-unreadable-1.json" in warning
    assert (pack_copy / KEPT).with_name("balance-unreadable-1.json").is_file()
    assert not (pack_copy / KEPT).exists()
    assert "No run yet" in texts(at.info)


def test_simulate_this_deck_opens_the_balance_page_with_the_deck(app: AppTest) -> None:
    app.switch_page("app_pages/decks.py").run()
    assert "deck_simulate" not in keys(app)  # the pack's own counts: the Balance page's default
    app.selectbox(key="deck_start").select("no-famine.yaml").run()
    app.button(key="deck_simulate").click().run()
    assert not app.exception
    assert app.selectbox(key="balance_play").value == "no-famine.yaml"


def keys(at: AppTest) -> set[str]:
    return {b.key for b in at.button if b.key}
