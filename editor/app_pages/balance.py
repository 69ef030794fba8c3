"""Balance: many games between bots (`agesmith simulate`), of the pack or one of its decks, and
the balance report drawn as `simulate --html` draws it; an A/B on the same seeds shows what
moved beyond chance. The last run is kept in the pack's `.agesmith/` for the next visit."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pandas as pd
import streamlit as st

from editor.balance import CHOSEN_DECK, BalanceRun, KeptRunError, Setup, change_rows, kept
from editor.decks import deck_files
from editor.state import disk_check, pack_folder
from interpreter.bots.registry import BOTS
from interpreter.tools.report_html import render_html

RUN = "balance_run"  # the BalanceRun playing (or just finished) in this session
PLAY = "balance_play"
AGAINST = "balance_against"
THE_PACK = "the pack's own counts"
NOTHING = "nothing (one run)"


def options(folder: Path) -> dict[str, str]:
    """What can be played, by label: the pack itself, then its decks."""
    return {THE_PACK: str(folder)} | {f.name: str(f) for f in deck_files(folder)}


def setup_form(folder: Path, limits: dict[str, int], running: bool) -> Setup | None:
    """The choices of a run; the Setup when Run is clicked."""
    choices = options(folder)
    asked = st.session_state.pop(CHOSEN_DECK, None)
    if asked in choices:
        st.session_state[PLAY] = asked
    left, right = st.columns(2)
    play = left.selectbox("Play", list(choices), key=PLAY, help="The pack or one of its decks.")
    against = right.selectbox(
        "Against (A/B on the same seeds)",
        [NOTHING, *choices],
        key=AGAINST,
        help="A second version played on the same seeds: the page shows what moved beyond "
        "chance, as `agesmith simulate --against` does.",
    )
    low, high = limits.get("min", 1), limits.get("max", 10)
    cols = st.columns(4)
    players = int(
        cols[0].number_input("Players", low, high, min(max(3, low), high), key="balance_players")
    )
    games = int(cols[1].number_input("Games", 1, 100_000, 20, key="balance_games"))
    seed = int(cols[2].number_input("Seed", value=0, step=1, key="balance_seed"))
    workers = int(
        cols[3].number_input(
            "Workers",
            1,
            os.cpu_count() or 1,
            1,
            key="balance_workers",
            help="Processes playing at once; the report does not depend on it.",
        )
    )
    dask = (
        st.expander("Play on a Dask cluster")
        .text_input(
            "Dask scheduler (optional)",
            key="balance_dask",
            placeholder="tcp://10.0.0.5:8786",
            help="Play the games on this dask.distributed cluster (its workers need agesmith and "
            "the pack at the same path), as `agesmith simulate --dask`; the report is the same.",
        )
        .strip()
    )
    names = sorted(BOTS)
    seats = st.columns(players)
    bots = tuple(
        seats[i].selectbox(f"Seat {i + 1}", names, names.index("greedy"), key=f"balance_bot_{i}")
        for i in range(players)
    )
    if not st.button("Run", type="primary", key="balance_start", disabled=running):
        return None
    return Setup(
        play=choices[play],
        label=play,
        bots=bots,
        players=players,
        games=games,
        seed=seed,
        workers=workers,
        against=choices.get(against),
        against_label=against if against in choices else None,
        dask=dask or None,
    )


@st.fragment(run_every=0.5)
def progress() -> None:
    """The bar of the run playing, and its Stop; the whole page is drawn again once it ends."""
    run: BalanceRun | None = st.session_state.get(RUN)
    if run is None:
        return
    if not run.running:
        st.rerun(scope="app")
    done = sum(run.done)
    st.progress(done / run.total, text=f"{done} of {run.total} games played")
    if st.button(
        "Stop", key="balance_stop", help="Stop now: the report covers the games finished."
    ):
        run.stop()


def finished(run: BalanceRun) -> dict[str, Any] | None:
    """What the run that just ended gives the page: its result, or its problem shown."""
    del st.session_state[RUN]
    if run.error:
        st.error(f"The run could not be played: {run.error}")
        return None
    if run.kept_problem:
        st.warning(run.kept_problem)
    return run.result


def card_page(card_id: str, age: str) -> str:
    """The Cards page opened on a card (its `?card=...&age=...` link), from the Balance page's
    address."""
    return f"./?{urlencode({'card': card_id, 'age': age})}"


def draw(data: dict[str, Any]) -> None:
    """A run as the HTML report draws it; for an A/B, what moved, then each report."""
    setup, reports = data["setup"], data["reports"]
    a = reports[0]
    st.markdown(
        f"**{a['finished']} games played** of {setup['label']}"
        + (f" against {setup['against_label']}" if setup.get("against_label") else "")
        + f", {setup['players']} players ({', '.join(setup['bots'])}), seed {setup['seed']}."
    )
    if any(r.get("interrupted") for r in reports):
        st.info("Stopped: the report covers the games finished.")
    if setup.get("against") and len(reports) == 1:
        st.info("Stopped before the second version finished a game: nothing to compare.")
    if len(reports) == 2:
        draw_ab(data["changes"], setup)
        tabs = st.tabs([f"A: {setup['label']}", f"B: {setup['against_label']}"])
        for tab, report in zip(tabs, reports, strict=True):
            with tab:
                st.iframe(render_html(report, card_page), height="content")
    elif a["finished"]:
        st.iframe(render_html(a, card_page), height="content")


def draw_ab(changes: list[dict[str, Any]], setup: dict[str, Any]) -> None:
    moved = change_rows(changes, significant=True)
    st.subheader(f"What moved from A ({setup['label']}) to B ({setup['against_label']})")
    if moved:
        st.dataframe(pd.DataFrame(moved), hide_index=True, key="balance_moved")
    else:
        st.success("Nothing moved beyond chance.")
    rest = change_rows(changes, significant=False)
    # a figure neither version has (a card neither acquired) is no test: it is not counted
    st.caption(
        f"{len(moved)} of {len(moved) + len(rest)} figures moved beyond chance (95%, allowing "
        "for the number of figures tested)."
    )
    if rest:
        with st.expander(f"Did not move beyond chance ({len(rest)}, the closest first)"):
            st.dataframe(pd.DataFrame(rest), hide_index=True)


st.title("Balance")
folder = pack_folder()
pack = disk_check().pack
if pack is None:
    st.error("The pack cannot be loaded; see the Validation page.")
    st.stop()
st.caption(
    "Games between bots, as `agesmith simulate` plays them: seats' win rates with intervals, "
    "game length, scores by age, the cards that change who wins, effect coverage."
)
run: BalanceRun | None = st.session_state.get(RUN)
shown: dict[str, Any] | None = None
if run is not None and not run.running:
    shown = finished(run)
    run = None
setup = setup_form(folder, pack.game.get("players") or {}, run is not None)
if setup is not None:
    st.session_state[RUN] = run = BalanceRun(setup, folder).start()
if run is not None:
    progress()
    st.stop()  # the report comes when the run ends
if shown is None:
    try:
        shown = kept(folder)
    except KeptRunError as e:
        st.warning(str(e))
if shown is not None:
    draw(shown)
else:
    st.info("No run yet: choose what to play and click Run.")
