"""The Playtest's sandbox controls: move a card, set a counter, set a die's face.

Controls only, kept apart from the table's drawing (table_view.py, track_view.py): what they
offer is read from the pack and the position (`interpreter/tools/sandbox.py`), and each edit is
handed to `Table.edit`, so it goes through the interpreter and is a step of the history (undo,
redo, the save). A button carries the number of decisions the game had when it was drawn, and
its callback reads the widgets' values as they are at the click: an edit offered for an older
position (a double click, a second tab) is refused and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from editor import playtest as pt
from interpreter import Game, State
from interpreter.tools import sandbox as sb

Done = Callable[[str, str], None]  # (kind of message, its text): said above the table
Ready = Callable[[], bool]  # whether the game here is still the one saved (no other tab moved)


def card_options(game: Game, state: State) -> dict[str, str]:
    """Every card on the table by its copy's name, labelled with where it lies, zone by zone
    in the pack's order ("Tiger (player 1's events)")."""
    out: dict[str, str] = {}
    seen: dict[str, int] = {}
    for place in sb.places(game, state):
        for copy in sb.cards_at(game, state, place):
            label = f"{game.name(copy)} ({place.label(game)})"
            seen[label] = seen.get(label, 0) + 1  # a list tells its options by their labels
            out[sb.copy_name(game, copy)] = label + (f" #{seen[label]}" if seen[label] > 1 else "")
    return out


def edited_banner(table: pt.Table) -> None:
    """Said above the table while the position holds edits."""
    edits = table.edits
    if edits:
        shown = "; ".join(edits[-3:]) + (" (and more before)" if len(edits) > 3 else "")
        st.warning(
            f"This position was edited in the sandbox ({len(edits)} edit"
            f"{'' if len(edits) == 1 else 's'}: {shown}). The log, a save and a scenario "
            "of it say so; Undo takes an edit back."
        )


@dataclass(frozen=True)
class Page:
    """What the page lends the controls: the game, and its two hooks."""

    table: pt.Table
    done: Done
    ready: Ready


def _apply(page: Page, moves: int, edit: sb.Edit) -> None:
    table, done = page.table, page.done
    if not page.ready():
        return
    try:
        text = table.edit(moves, edit)
    except pt.StaleChoice as e:
        done("warning", f"Refused: {e}.")
    except sb.SandboxError as e:
        done("error", f"Not edited: {e}.")
    else:
        done("info", f"Edited: {text}. The game goes on from the edited position.")


def panel(table: pt.Table, done: Done, ready: Ready) -> None:
    """The sandbox's expander: its three edits, each with its button. `done` says what came
    of an edit (and keeps the game), `ready` refuses one when another tab moved the game."""
    game, state = table.game, table.state
    moves = state.moves
    with st.expander("Sandbox: edit the position", key="pt_sandbox"):
        if state.over:
            st.info("The game is over: its position is no longer edited.")
            return
        st.caption(
            "Move a card, set a counter or a die: the rules go on from the edited position "
            "(the choices offered are its own). Each edit is written in the log and can be "
            "taken back with Undo."
        )
        # a keyed choice, not st.tabs: a tab's selection lived in the browser only and went back
        # to the first tab when a rerun drew the panel anew (after picking a die's face)
        edit = st.radio(
            "Edit", list(EDITS), horizontal=True, key="sb_edit", label_visibility="collapsed"
        )
        EDITS[edit](Page(table, done, ready), game, state, moves)


def _move_card(page: Page, game: Game, state: State, moves: int) -> None:
    cards = card_options(game, state)
    places = sb.places(game, state)
    labels = [p.label(game) for p in places]
    left, right = st.columns(2)
    left.selectbox("Card", list(cards), format_func=cards.__getitem__, key=f"sb_card:{moves}")
    right.selectbox("To", range(len(places)), format_func=labels.__getitem__, key=f"sb_to:{moves}")

    def move() -> None:
        card = st.session_state.get(f"sb_card:{moves}")
        to = st.session_state.get(f"sb_to:{moves}")
        if card is None or to is None:
            return
        _apply(page, moves, sb.Edit("move", card=str(card), to=places[int(to)]))

    st.button("Move the card", key="sb_move", on_click=move)


def _set_counter(page: Page, game: Game, state: State, moves: int) -> None:
    counters = sb.counters(game)
    if not counters:
        st.caption("The pack declares no counters.")
        return
    left, mid, right = st.columns(3)
    seat = left.selectbox(
        "Player",
        range(len(state.players)),
        format_func=game.player_name,
        key=f"sb_seat:{moves}",
    )
    counter = mid.selectbox("Counter", counters, key=f"sb_counter:{moves}")
    now = state.players[int(seat)].counters.get(str(counter), 0)
    right.number_input(
        f"Value (now {now})",
        0,
        sb.counter_most(game, str(counter)),
        now,
        key=f"sb_value:{moves}:{seat}:{counter}",
    )

    def set_counter() -> None:
        s = st.session_state.get(f"sb_seat:{moves}")
        c = st.session_state.get(f"sb_counter:{moves}")
        value = st.session_state.get(f"sb_value:{moves}:{s}:{c}")
        if s is None or c is None or value is None:
            return
        edit = sb.Edit("counter", seat=int(s), counter=str(c), value=int(value))
        _apply(page, moves, edit)

    st.button("Set the counter", key="sb_set_counter", on_click=set_counter)


def _set_die(page: Page, game: Game, state: State, moves: int) -> None:
    if not state.dice:
        st.caption("No dice are on the table now (the pack's dice appear once rolled).")
        return
    from interpreter.mechanics.action_phase import waiting_pool_of
    from interpreter.mechanics.dice import die_text

    found = waiting_pool_of(state)
    if found is not None and found[1] is not state.dice:  # off-turn: a player's own tokens
        st.caption(
            f"The decision waiting uses {game.player_name(found[0])}'s result tokens, taken "
            "from the dice before: a die set now changes the dice, not those tokens."
        )

    dice = [
        f"die {i + 1}: {d['die']}, {die_text(game, d)}" + (" (used)" if d.get("used") else "")
        for i, d in enumerate(state.dice)
    ]
    left, right = st.columns(2)
    die = left.selectbox(
        "Die", range(len(dice)), format_func=dice.__getitem__, key=f"sb_die:{moves}"
    )
    # numbered: a die's faces repeat, and a list tells its options by their labels
    faces = [f"{f} (face {i + 1})" for i, f in enumerate(sb.faces(game, state.dice[int(die)]))]
    right.selectbox(
        "Face",
        range(len(faces)),
        index=int(state.dice[int(die)]["face"]),
        format_func=faces.__getitem__,
        key=f"sb_face:{moves}:{die}",
    )

    def set_die() -> None:
        d = st.session_state.get(f"sb_die:{moves}")
        face = st.session_state.get(f"sb_face:{moves}:{d}")
        if d is None or face is None:
            return
        _apply(page, moves, sb.Edit("die", die=int(d), value=int(face)))

    st.button("Set the die", key="sb_set_die", on_click=set_die)


# The sandbox's edits, by the choice that shows each one's form.
EDITS = {"Move a card": _move_card, "Set a counter": _set_counter, "Set a die": _set_die}
