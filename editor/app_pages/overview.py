"""The pack at a glance: ages, counts by type and age, the cost, points and gold curves, the
validation status and what is not saved yet."""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from editor import drafts, files
from editor.card_edit import fields_changed
from editor.faces import type_colour
from editor.state import SAVED_LOG, disk_check, pack_folder, show_notice
from editor.yaml_edit import EditError, card_fields
from rules_dsl.safe_files import UnsafePathError

show_notice()
result = disk_check()
pack = result.pack
st.title(pack.name if pack else "The pack")
if pack is None:
    st.error("The pack cannot be loaded; see the Validation page.")
    st.stop()

errors, warnings = len(result.errors), len(result.diagnostics) - len(result.errors)
copies = sum(c.copies for c in pack.cards)
cols = st.columns(4)
cols[0].metric("Ages", len(pack.ages))
cols[1].metric("Distinct cards", len(pack.cards))
cols[2].metric("Cards in the deck", copies)
cols[3].metric(
    "Validation",
    "ok" if not errors else f"{errors} errors",
    f"{warnings} warnings" if warnings else None,
    delta_color="off",
)
if errors:
    st.error(f"The pack has {errors} error(s): open the Validation page.")

resources = [str(r) for r in pack.game.get("resources") or []]
rows = []
for card in pack.cards:
    cost = sum(a.count if isinstance(a.count, int) else 1 for a in card.cost.amounts)
    rows.append(
        {
            "card": card.name,
            "age": pack.owner_name(card.age),  # or the named deck's
            "age order": list(pack.card_files()).index(card.age),
            "type": card.type,
            "copies": card.copies,
            "cost": cost,
            "points": card.points if isinstance(card.points, int) else None,
            "price": card.gold,
        }
    )
frame = pd.DataFrame(rows)
age_order = [pack.owner_name(owner) for owner in pack.card_files()]
kinds = sorted(frame["type"].unique())
by_type = alt.Color(
    "type:N", scale=alt.Scale(domain=kinds, range=[type_colour(pack, k) for k in kinds])
)
st.subheader("Ages")
st.dataframe(
    pd.DataFrame(
        [
            {
                "age": a.name,
                "id": a.id,
                "file": a.file,
                "distinct cards": len(pack.cards_of(a.id)),
                "copies": sum(c.copies for c in pack.cards_of(a.id)),
            }
            for a in pack.ages
        ]
    ),
    hide_index=True,
)
if pack.decks:
    st.subheader("Decks")
    st.dataframe(
        pd.DataFrame(
            [
                {
                    "deck": d.name,
                    "file": d.file,
                    "starts in": d.into,
                    "shuffled": d.shuffled,
                    "distinct cards": len(pack.cards_of(d.name)),
                    "copies": sum(c.copies for c in pack.cards_of(d.name)),
                }
                for d in pack.decks
            ]
        ),
        hide_index=True,
    )

left, right = st.columns(2)
with left:
    st.subheader("Cards by type and age")
    st.altair_chart(
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("age:N", sort=age_order),
            y=alt.Y("sum(copies):Q", title="copies"),
            color=by_type,
            tooltip=["type", "age", "sum(copies)"],
        ),
        width="stretch",
    )
with right:
    st.subheader("Cost and points")
    st.altair_chart(
        alt.Chart(frame.dropna(subset=["points"]))
        .mark_circle(size=80)
        .encode(
            x=alt.X("cost:Q", title="cost (resource symbols)"),
            y="points:Q",
            color=by_type,
            tooltip=["card", "age", "type", "cost", "points"],
        ),
        width="stretch",
    )
left, right = st.columns(2)
with left:
    st.subheader("Cost curve by age")
    st.altair_chart(
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("cost:O", title="cost (resource symbols)"),
            y=alt.Y("sum(copies):Q", title="copies"),
            color=alt.Color("age:N", sort=age_order),
            xOffset=alt.XOffset("age:N", sort=age_order),
            tooltip=["age", "cost", "sum(copies)"],
        ),
        width="stretch",
    )
with right:
    money = pack.money or "money"
    st.subheader(f"Price in {money} against cost")
    st.altair_chart(
        alt.Chart(frame.dropna(subset=["price"]))
        .mark_circle(size=80)
        .encode(
            x=alt.X("cost:Q"),
            y=alt.Y("price:Q", title=f"price in {money}"),
            color=by_type,
            tooltip=["card", "age", "cost", alt.Tooltip("price:Q", title=f"price in {money}")],
        ),
        width="stretch",
    )

st.subheader("Since the last save")
folder = pack_folder()
kept = drafts.read(folder)
for problem in kept.problems:
    st.warning(problem)
lines = []
for key, draft in kept.drafts.items():
    file, _, ident = key.partition("#")
    try:
        saved = card_fields(files.read(folder, file), ident)
    except (OSError, UnicodeDecodeError, UnsafePathError, EditError):
        saved = {}
    changed = fields_changed(saved, draft.get("fields", {}))
    if changed:
        lines.append(
            f"- **{draft['fields'].get('name', ident)}** ({file}): unsaved {', '.join(changed)}"
        )
st.markdown("\n".join(lines) if lines else "Nothing unsaved: every edit is on disk.")
for line in st.session_state.get(SAVED_LOG, []):
    st.caption(f"saved in this session: {line}")
