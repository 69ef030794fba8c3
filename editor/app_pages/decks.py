"""Decks: a custom deck made from the pack — how many copies of each card in each age — with its
totals by type and the cards that can fail a player meets, saved as a small deck file beside
the pack."""

from __future__ import annotations

import zlib

import pandas as pd
import streamlit as st

from editor.balance import CHOSEN_DECK
from editor.decks import (
    deck_files,
    deck_path,
    deck_text,
    events_held,
    expected_failing,
    failing_cards,
    hand_name,
)
from editor.state import disk_check, pack_folder
from rules_dsl.deck import load_deck, read_deck
from rules_dsl.safe_files import UnsafePathError, write_atomic

COPIES = "deck_copies"  # (age, card id) -> copies of the deck being made
BASE = "deck_base"  # the deck file (or "") the copies started from
FILTERS = "deck_filters"  # the filters the table was last drawn with

st.title("Decks")
folder = pack_folder()
pack = disk_check().pack
if pack is None:
    st.error("The pack cannot be loaded; see the Validation page.")
    st.stop()

files = {"the pack's own counts": ""} | {f.name: str(f) for f in deck_files(folder)}
start = st.selectbox(
    "Start from",
    list(files),
    key="deck_start",
    help="A deck saved before, or the copies the pack itself deals.",
)
if st.session_state.get(BASE) != files[start] or COPIES not in st.session_state:
    copies: dict[tuple[str, str], int] = {(c.age, c.id): c.copies for c in pack.cards}
    if files[start]:
        deck, problems = read_deck(files[start])
        if deck is None:
            st.error("This deck cannot be read: " + "; ".join(p.message for p in problems))
        else:
            copies |= {k: v for k, v in deck.copies.items() if k in copies}
            st.session_state["deck_name"] = deck.name
    st.session_state[COPIES] = copies
    st.session_state[BASE] = files[start]
    st.session_state.pop("deck_n", None)  # shown again from the new copies
copies = st.session_state[COPIES]
if files[start] and st.button(
    "Simulate this deck",
    key="deck_simulate",
    help="Open the Balance page with this deck chosen (its saved file, not unsaved changes).",
):
    st.session_state[CHOSEN_DECK] = start
    st.switch_page("app_pages/balance.py")
age_names = {owner: pack.owner_name(owner) for owner in pack.card_files()}

# ---------------------------------------------------------------- one card, or the table

with st.container(border=True):
    st.markdown("**Change one card's copies**")
    labels = {f"{c.name} ({age_names[c.age]})": (c.age, c.id) for c in pack.cards}
    left, mid, right = st.columns([3, 1, 1])

    def picked() -> None:  # the copies field shows the card's copies in the deck
        st.session_state["deck_n"] = copies[labels[st.session_state["deck_card"]]]

    pick = left.selectbox("Card", list(labels), key="deck_card", on_change=picked)
    if "deck_n" not in st.session_state:
        picked()
    n = mid.number_input("Copies", 0, 20, key="deck_n")
    if right.button("Set", key="deck_set"):
        copies[labels[pick]] = int(n)
        st.rerun()

search_col, age_col, type_col = st.columns([3, 2, 2])
search = search_col.text_input("Search card names", key="deck_search")
ages = age_col.multiselect(
    "Age or deck" if pack.decks else "Age",
    list(age_names),
    format_func=age_names.__getitem__,
    key="deck_ages",
)
kinds = type_col.multiselect("Type", sorted({c.type for c in pack.cards}), key="deck_types")
shown = [
    c
    for c in pack.cards
    if (not ages or c.age in ages)
    and (not kinds or c.type in kinds)
    and search.strip().lower() in c.name.lower()
]
signature = f"{search}|{ages}|{kinds}"
editor_key = f"deck_table:{zlib.crc32(signature.encode())}"
old = st.session_state.get(FILTERS)
if old is not None and old != editor_key:
    st.session_state.pop(old, None)  # its edits are in `copies`; its rows are other cards
st.session_state[FILTERS] = editor_key
frame = pd.DataFrame(
    [
        {
            "age": age_names[c.age],
            "card": c.name,
            "type": c.type,
            "pack": c.copies,
            "copies": copies[(c.age, c.id)],
        }
        for c in shown
    ]
)
if shown:
    edited = st.data_editor(
        frame,
        key=editor_key,
        hide_index=True,
        disabled=["age", "card", "type", "pack"],
        column_config={
            "copies": st.column_config.NumberColumn("copies", min_value=0, max_value=20, step=1)
        },
        height=320,
    )
    for card, value in zip(shown, edited["copies"], strict=True):
        if pd.notna(value):
            copies[(card.age, card.id)] = int(value)
else:
    st.info("No card matches; clear the search or the filters.")

# ---------------------------------------------------------------- totals and odds

changed = [(c, copies[(c.age, c.id)]) for c in pack.cards if copies[(c.age, c.id)] != c.copies]
st.markdown(
    "**Changed from the pack**: "
    + (", ".join(f"{c.name} {c.copies} → {n}" for c, n in changed) or "nothing yet")
)
held = st.number_input(
    f"Cards a player holds in their {hand_name(pack)} (the pack refills it to this)",
    1,
    10,
    events_held(pack),
    key="deck_held",
)
failing = failing_cards(pack)  # the pack's word for them ("calamities"), None: no card fails
rows = []
for age in (a for a in pack.ages if a.file is not None):
    row: dict[str, object] = {"age": age.name}
    for kind in sorted({c.type for c in pack.cards}):
        row[kind] = sum(copies[(age.id, c.id)] for c in pack.cards_of(age.id) if c.type == kind)
    row["total"] = sum(copies[(age.id, c.id)] for c in pack.cards_of(age.id))
    if failing is not None:
        row[f"{failing} held, on average"] = round(
            expected_failing(pack, age.id, copies, int(held)), 2
        )
    rows.append(row)
st.markdown(
    f"**Totals by type, and the {failing} a player holds in their {hand_name(pack)} on "
    f"average** (cards held × copies of {failing} ÷ copies of the age)"
    if failing is not None
    else "**Totals by type**"
)
st.dataframe(pd.DataFrame(rows), hide_index=True)

# ---------------------------------------------------------------- save

name = st.text_input(
    "Name of the deck", key="deck_name", placeholder=f"Fewer {failing or 'copies'}"
)
if st.button("Save the deck", type="primary", key="deck_save", disabled=not name.strip()):
    path = deck_path(folder, name)
    text = deck_text(pack, folder, name.strip(), copies)
    try:
        path.parent.mkdir(exist_ok=True)
        write_atomic(path, text, inside=folder)
    except (OSError, UnsafePathError) as e:
        st.error(f"Not saved: {e}")
    else:
        loaded, problems = load_deck(path)
        errors = [p for p in problems if p.is_error]
        if errors:
            st.error(
                "Saved, but the deck has problems:\n\n"
                + "\n\n".join(f"```\n{p.render()}\n```" for p in errors)
            )
        else:
            st.success(
                f"Saved the deck {name.strip()} as {path.relative_to(folder)}: play it "
                f"on the Playtest page, or `agesmith play --deck {path}`."
            )
    with st.expander("The deck file"):
        st.code(text, language="yaml")
