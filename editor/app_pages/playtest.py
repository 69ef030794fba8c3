"""Playtest: play the pack or a deck in the browser, people (hot seat) and bots at one table.

The game is kept in the session and saved after every change under the pack's `.agesmith/`
folder, so a page reload (a new session) finds it again. A person's click carries the number
of decisions the game had when the buttons were drawn: a click on an older position (a double
click, a second tab) is refused and changes nothing.
"""

from __future__ import annotations

import time

import pandas as pd
import streamlit as st

from editor import playtest as pt
from editor import sandbox_panel
from editor import scenario_writer as sw
from editor import table_view as tv
from editor.decks import deck_files
from editor.state import disk_check, pack_folder
from editor.track_view import track_html
from interpreter import Action, PackError, RuleError, RuleLoopError
from interpreter.mechanics.action_phase import reroll_words
from interpreter.mechanics.ages import age_points
from interpreter.tools.saves import ChangedCards, SaveError
from interpreter.tools.scenario import check
from interpreter.tools.validation import validate
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.safe_files import UnsafePathError, write_atomic

TABLE = "playtest_table"
MESSAGE = "playtest_message"  # (kind, text) said once above the table
WRITTEN = "playtest_written"  # the autosave as this session last wrote it (a stamp)
ANYWAY = "playtest_anyway"  # (file id, why) of an upload refused for changed cards
NOT_RESUMED = "playtest_not_resumed"  # why the autosave could not be resumed
STARTED = "playtest_started"  # games started or loaded in this session: a new one
# closes the New game options
SPEEDS = {"step by step": None, "slow (1 s a decision)": 1.0, "fast": 0.15, "instant": 0.0}
BOT_SLICE = 0.8  # seconds of bots' play between two drawings of the page
GROUPS = {
    "acquire": "Acquire a card",
    "reroll": "{reroll} a die",  # the pack's verb of re-rolling (action_phase.reroll_words)
    "reroll all": "{reroll} a die",
    "exchange": "Exchange a card",
    "double": "Double a die",
    "tilt": "Tilt a card",
    "pass": "End",
    "stop": "End",
}

pack = pack_folder()
st.title("Playtest")


def validation_errors(source: str, variant: str | None) -> list[Diagnostic]:
    """The errors `agesmith validate` finds in the pack or deck a new game would play."""
    return [d for d in validate(source, variant=variant)[1] if d.is_error]


def age_spans(pack) -> dict[str, list[str] | None]:
    """The consecutive runs of ages a game may play, by label ("Prehistory to Antiquity")."""
    ages = pack.ages
    out: dict[str, list[str] | None] = {f"all ({ages[0].name} to {ages[-1].name})": None}
    for i, first in enumerate(ages):
        for j in range(i, len(ages)):
            if i == 0 and j == len(ages) - 1:
                continue
            label = first.name if i == j else f"{first.name} to {ages[j].name}"
            out[label] = [a.id for a in ages[i : j + 1]]
    return out


def say(kind: str, text: str) -> None:
    st.session_state[MESSAGE] = (kind, text)


def keep(table: pt.Table) -> None:
    st.session_state[TABLE] = table
    st.session_state.pop(NOT_RESUMED, None)
    try:
        pt.autosave(pack, table)
    except (OSError, ValueError) as e:
        say("warning", f"The game could not be saved for a page reload: {e}")
    st.session_state[WRITTEN] = pt.autosave_stamp(pack)


def moved_elsewhere() -> bool:
    """Whether another tab or window has saved the game since this session did."""
    stamp = pt.autosave_stamp(pack)
    return stamp is not None and stamp != st.session_state.get(WRITTEN)


def resumed(force: bool = False) -> pt.Table | None:
    """The game of the autosave, or None; why it cannot be resumed is said on the page (a
    game whose cards have changed since can be resumed anyway)."""
    try:
        found = pt.resume(pack, force=force)
    except ChangedCards as e:
        st.warning(
            f"The unfinished game could not be resumed: {e}. Starting a new game replaces it."
        )
        if st.button("Resume it anyway", key="pt_resume_anyway") and resumed(force=True):
            st.rerun()
        return None
    except SaveError as e:  # the autosave is kept aside: say so until a game starts
        st.session_state[NOT_RESUMED] = str(e)
        found = None
    if NOT_RESUMED in st.session_state:
        st.warning(st.session_state[NOT_RESUMED])
    if found is not None:
        st.session_state[TABLE] = found
        st.session_state[WRITTEN] = pt.autosave_stamp(pack)
        say(
            "info",
            "The unfinished game is back (it is saved after every decision)."
            + "".join(f" Warning: {w}" for w in found.warnings),
        )
    return found


kept: pt.Table | None = st.session_state.get(TABLE)
if kept is None:
    kept = resumed()

# ---------------------------------------------------------------- a new game, a saved one

# expanders are keyed: one stays open while its options change, whatever the page draws
# above it (a message shown once shifts what follows, and an unkeyed expander closes); this
# one opens by itself when no game is on, so whether one is on is part of its key
with st.expander(
    "New game",
    expanded=kept is None,
    key=f"pt_new_game:{kept is None}:{st.session_state.get(STARTED, 0)}",
):
    sources = {"the pack": str(pack)} | {f"deck {p.name}": str(p) for p in deck_files(pack)}
    source = st.selectbox("Play", list(sources), key="pt_source")
    players = st.number_input("Players", 2, 5, 2, key="pt_players")
    cols = st.columns(int(players))
    kinds = pt.seat_kinds()
    seats = [
        cols[i].selectbox(
            f"Seat {i + 1}",
            kinds,
            index=0 if i == 0 else kinds.index("greedy") if "greedy" in kinds else 1,
            key=f"pt_seat{i}",
        )
        for i in range(int(players))
    ]
    base = disk_check().pack
    game_file = base.game if base is not None else {}
    left, mid, right = st.columns(3)
    variants = left.multiselect(
        "Variants", list(game_file.get("variants") or {}), key="pt_variants"
    )
    boards = list((game_file.get("achievements") or {}).get("boards") or {})
    # a board side and a span of ages are asked only of a pack that has a choice of them
    board = mid.selectbox("Board side", boards, key="pt_board") if boards else None
    seed = right.number_input("Seed", 0, 2**31 - 1, 1, key="pt_seed")
    spans = age_spans(base) if base else {"all": None}
    span = (
        st.selectbox(
            "Ages",
            list(spans),
            key="pt_ages",
            help="The ages played: consecutive ones, from the first chosen.",
        )
        if base is None or len(base.ages) > 1
        else next(iter(spans))
    )
    if st.button("Start the game", type="primary", key="pt_start"):
        refused = validation_errors(sources[source], ",".join(variants) or None)
        if refused:
            st.error(
                f"The game cannot start: `agesmith validate` finds {len(refused)} "
                "error(s) in what it would play; correct them first (the Validation page "
                "lists them):"
            )
            st.code("\n\n".join(d.render() for d in refused[:5]), language=None)
        else:
            try:
                started = pt.new_table(
                    sources[source],
                    seats,
                    int(seed),
                    variant=",".join(variants) or None,
                    board=board if boards else None,
                    ages=spans[span],
                )
            except (PackError, ValueError, RuleError, RuleLoopError) as e:
                st.error(f"The game cannot start: {e}")
            else:
                keep(started)
                st.session_state[STARTED] = st.session_state.get(STARTED, 0) + 1
                say("success", "A new game: seat 1 starts.")
                st.rerun()

with st.expander("Load a saved game", key="pt_load_box"):
    upload = st.file_uploader("A saved game (.json)", type=["json"], key="pt_upload")
    refusal = st.session_state.get(ANYWAY)  # this upload, refused for changed cards?
    if upload is None or not refusal or refusal[0] != upload.file_id:
        refusal = None
    load = upload is not None and st.button("Load it", key="pt_load")
    if refusal:
        st.error(f"This saved game cannot be loaded: {refusal[1]}.")
    anyway = bool(refusal) and st.button(
        "Load it anyway (with the cards as they are now)", key="pt_load_anyway"
    )
    if upload is not None and (load or anyway):
        try:
            loaded = pt.load_table(
                upload.getvalue().decode("utf-8", "replace"), fallback=pack, force=anyway
            )
        except ChangedCards as e:
            st.session_state[ANYWAY] = (upload.file_id, str(e))
            st.rerun()
        except SaveError as e:
            st.error(f"This saved game cannot be loaded: {e}")
        else:
            st.session_state.pop(ANYWAY, None)
            keep(loaded)
            st.session_state[STARTED] = st.session_state.get(STARTED, 0) + 1
            say(
                "success",
                "The saved game is loaded." + "".join(f" Warning: {w}" for w in loaded.warnings),
            )
            st.rerun()

if kept is None:
    st.stop()
table: pt.Table = kept  # the game on; the callbacks below read it

message = st.session_state.pop(MESSAGE, None)
if message:
    getattr(st, message[0])(message[1])

game, state = table.game, table.state

# ---------------------------------------------------------------- the decision waiting


def choose(moves: int, data: dict) -> None:
    if moved_elsewhere():
        try:
            found = pt.resume(pack)
        except SaveError as e:
            say("warning", f"Another tab or window saved a game that cannot be read here: {e}")
            return
        if found is not None:
            st.session_state[TABLE] = found
            st.session_state[WRITTEN] = pt.autosave_stamp(pack)
            say(
                "warning",
                "Refused: the game has moved on in another tab or window; here "
                "it is as it stands now.",
            )
            return
    try:
        table.choose(moves, Action.from_data(data))
    except pt.StaleChoice as e:
        say("warning", f"Refused: {e}.")
    except (RuleError, RuleLoopError) as e:
        say("error", f"That choice cannot be played (a rule of the pack fails): {e}")
    else:
        keep(table)


def who(seat: int) -> str:
    kind = table.seats[seat]
    return f"{game.player_name(seat)} ({'you' if kind == pt.PERSON else kind + ' bot'})"


age_ids = game.ages
age_name = next(
    (a.name for a in game.pack.ages if a.id == age_ids[min(state.age, len(age_ids) - 1)]), ""
)
if state.over:
    names = " and ".join(who(s) for s in state.winners)
    st.success(f"The game is over: {names} {'win' if len(state.winners) > 1 else 'wins'}.")
else:
    seat = table.to_move
    pending = state.pending or {}
    st.subheader(
        f"{age_name}, round {state.round}: {game.player_name(state.active)} is "
        f"active · {who(seat) if seat is not None else 'nobody'} decides: "
        f"{pending.get('prompt') or pending.get('kind', '')}"
    )

sandbox_panel.edited_banner(table)
strip = "" if state.over else tv.dice_strip(game, state)
if strip:
    st.html(strip)
controls = st.columns([3, 1])
speed = controls[0].radio("Bots play", list(SPEEDS), index=2, horizontal=True, key="pt_speed")
if (
    table.bot_to_move()
    and SPEEDS[speed] is None
    and controls[1].button("Bot: next decision", key="pt_bot_step")
):
    table.bot_step()
    keep(table)
    st.rerun()

if table.person_to_move():
    options = game.choices(state)
    groups: dict[str, list[tuple[int, Action]]] = {}
    again = reroll_words(game)[0].capitalize()
    for i, option in enumerate(options):
        title = GROUPS.get(option.kind, option.kind.capitalize()).format(reroll=again)
        groups.setdefault(title, []).append((i, option))
    ends = {title: items for title, items in groups.items() if title == "End"}
    groups = {t: i for t, i in groups.items() if t != "End"} | ends  # ending comes last
    deciding = table.to_move or 0
    choices_col, own_col = st.columns([3, 2])
    with choices_col:
        st.markdown(f"**{who(deciding)}: {state.pending.get('prompt', '')}**")
        for title, items in groups.items():
            with st.container(border=True):
                st.caption(title)
                for i, option in items:
                    st.button(
                        option.text,
                        key=f"choice-{state.moves}-{i}",
                        on_click=choose,
                        args=(state.moves, option.to_data(text=False)),
                        width="stretch",
                    )
    with own_col:  # the deciding player's cards, beside their choices
        st.markdown(f"**{who(deciding)}: your cards**")
        st.html(tv.zones_html(game, state, deciding))

# ---------------------------------------------------------------- the table

board = tv.board_svg(game, state)
track = track_html(game, state)  # the pack's rounds, when its age has a fixed number of them
if track:
    st.html(track)
if any(state.zones):  # the zones of the table: a card row, the board's spaces, the piles
    st.markdown("**The table**")
    st.html(tv.table_html(game, state))
left, right = st.columns([3, 2])
with left:
    tabs = st.tabs([who(p.seat) for p in state.players])
    for player, tab in zip(state.players, tabs, strict=True):
        with tab:
            now = player.score + (0 if state.over else age_points(game, state, player.seat))
            space = f" · board {player.space or '-'}" if board else ""
            st.markdown(f"**Score {player.score}** (counted now: {now}){space}")
            st.html(tv.player_board_html(game, state, player.seat))
            if game.pack.tokens:  # achievement tokens, in a game that has them
                st.html(f"{tv.STYLE}Tokens: {tv.tokens_html(player.tokens)}")
            unseen = table.seats[player.seat] != pt.PERSON  # a bot's own zones are its secret
            st.html(tv.zones_html(game, state, player.seat, hidden=unseen))
with right:
    if board:
        st.markdown("**Achievements board** (hover a token for its condition)")
        st.markdown(f"<div>{board}</div>", unsafe_allow_html=True)
    st.markdown("**Score by age**")
    # a static table: its cells wrap in a narrow column, where a grid would hide the total
    st.table(pd.DataFrame(tv.score_rows(game, state, who)).astype(str).set_index("player"))
    st.markdown("**Log** (newest first)")
    with st.container(height=320):
        st.text("\n".join(reversed(state.log)))

# ---------------------------------------------------------------- undo, redo, save


def decision_label(index: int, step: pt.Step) -> str:
    if step.edit is not None:  # an edit of the sandbox: its words say whose it is
        return f"{step.action.text} (step {index + 1})"
    return f"decision {index + 1}, {game.player_name(step.seat)}: {step.action.text}"


def taken_back(count: int) -> str:
    return "1 decision" if count == 1 else f"{count} decisions"


def still_here(moves: int) -> bool:
    """Whether the game is still where the button was drawn (a double click or a second tab
    would take back one decision more than the one shown)."""
    if moves == table.state.moves and not moved_elsewhere():
        return True
    say(
        "warning",
        "Refused: the game has moved on since this button was drawn; nothing was "
        "taken back or put back.",
    )
    return False


def undo_last(moves: int) -> None:
    if not still_here(moves):
        return
    index = table.undo_points()[0][0]
    label = decision_label(index, table.history[index])
    count = len(table.history) - index
    table.undo_last()
    keep(table)
    say(
        "info",
        f"Back to before {label} ({taken_back(count)} taken back; Redo puts "
        f"{'it' if count == 1 else 'them'} back).",
    )


def redo_last(moves: int) -> None:
    if not still_here(moves):
        return
    first = len(table.history)
    undone = table.redo_last()
    if undone is not None:
        keep(table)
        say(
            "info",
            f"Redone: {taken_back(len(undone.steps))}, from "
            f"{decision_label(first, undone.steps[0])}.",
        )


def go_back(moves: int, index: int) -> None:
    if not still_here(moves):
        return
    label = decision_label(index, table.history[index])
    count = len(table.history) - index
    table.undo(index)
    keep(table)
    say("info", f"Back to before {label} ({taken_back(count)} taken back; Redo puts them back).")


left, mid, right = st.columns(3)
points = table.undo_points()
with left:
    if points:
        last, step = points[0]
        st.button(
            f"Undo {decision_label(last, step)}",
            key="pt_undo",
            on_click=undo_last,
            args=(state.moves,),
            help="Takes back the last decision a person took, and the bots' after it.",
        )
    else:
        st.caption("Nothing to undo: no person has decided yet.")
    if table.redo:
        undone = table.redo[-1]
        st.button(
            f"Redo {decision_label(len(table.history), undone.steps[0])}"
            + (
                f" (and {taken_back(len(undone.steps) - 1)} after it)"
                if len(undone.steps) > 1
                else ""
            ),
            key="pt_redo",
            on_click=redo_last,
            args=(state.moves,),
        )
    if len(points) > 1:
        # keyed by the position: a choice made for an earlier one is never kept
        at = f"{state.moves}:{len(table.history)}"
        with st.expander("Go further back", key="pt_further"):
            labels = {i: decision_label(i, s) for i, s in points[1:]}
            back = st.selectbox(
                "Back to before",
                list(labels),
                index=None,
                format_func=labels.__getitem__,
                placeholder="choose a decision",
                key=f"pt_back_pick:{at}",
            )
            count = 0 if back is None else len(table.history) - back
            sure = st.checkbox(
                f"Yes, take back {taken_back(count)}" if count else "Yes, take them back",
                disabled=back is None,
                key=f"pt_back_sure:{at}",
            )
            st.button(
                "Go back",
                disabled=back is None or not sure,
                key="pt_back",
                on_click=go_back,
                args=(state.moves, back),
            )
with mid:
    st.download_button(
        "Save the game to a file",
        table.save_text(),
        file_name="playtest-game.json",
        mime="application/json",
        key="pt_download",
    )
with right:
    if st.button("End this game", key="pt_end"):
        pt.forget(pack)
        del st.session_state[TABLE]
        st.rerun()

# ---------------------------------------------------------------- the sandbox


def edited(kind: str, text: str) -> None:
    keep(table)
    say(kind, text)


def not_moved_elsewhere() -> bool:
    if moved_elsewhere():
        say(
            "warning",
            "Refused: the game has moved on in another tab or window; nothing was edited "
            "(reload the page to see it as it stands).",
        )
        return False
    return True


sandbox_panel.panel(table, edited, not_moved_elsewhere)

# ---------------------------------------------------------------- a scenario of this position

with st.expander("Save this position as a scenario", key="pt_scenario_box"):
    try:
        sw.turn_start(table)
    except sw.NoTurnStart as e:
        st.info(str(e))
    else:
        st.caption(
            "The position at the start of this turn's actions, the dice as rolled and "
            "the actions taken since; write what must hold at the end (conditions of "
            "the rules language, for the active player, one a line)."
        )
        sc_name = st.text_input(
            "Name",
            f"{game.player_name(state.active)} in round {state.round}",
            key=f"sc_name:{state.moves}",
        )
        expect = st.text_area(
            "Expect", sw.suggested_expectation(table), key=f"sc_expect:{state.moves}"
        )
        if st.button("Save the scenario and run it", key="pt_scenario"):
            path = sw.scenario_path(pack, sc_name)
            text = sw.scenario_text(
                table,
                sc_name,
                [line.strip() for line in expect.splitlines() if line.strip()],
                path.parent,
            )
            try:
                path.parent.mkdir(exist_ok=True)
                write_atomic(path, text, inside=pack)
            except (OSError, UnsafePathError) as e:
                st.error(f"Not saved: {e}")
            else:
                outcome = check(path)
                shown = f"Saved the scenario {path.relative_to(pack)}"
                apart = sw.differences(table, path)
                if apart:  # said, not hidden: the writer missed part of the table's position
                    shown += (
                        " (but its position differs from the table's before the actions: "
                        + ", ".join(apart)
                        + ")"
                    )
                if outcome.passed:
                    say("success", f"{shown}: it passes. The Scenarios page runs it again.")
                else:
                    say(
                        "error",
                        f"{shown}, but it fails:\n\n"
                        + "\n\n".join(f"```\n{p}\n```" for p in outcome.problems),
                    )
                st.rerun()

# ---------------------------------------------------------------- bots play by themselves

delay = SPEEDS[speed]
if table.bot_to_move() and delay is not None:
    time.sleep(delay)
    start = time.perf_counter()
    while table.bot_to_move():
        try:
            table.bot_step()
        except (RuleError, RuleLoopError) as e:
            say("error", f"The bot's choice cannot be played: {e}")
            break
        if delay or time.perf_counter() - start > BOT_SLICE:
            break
    keep(table)
    st.rerun()
