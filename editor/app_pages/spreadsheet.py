"""Spreadsheet round trip: the cards as CSV, and back with every problem located."""

from __future__ import annotations

import streamlit as st

from editor.checking import check, display_name
from editor.files import write_checked
from editor.spreadsheet import COLUMNS, export_csv, place_diagnostics, plan_import
from editor.state import age_files, log_saved, notice, pack_folder, show_notice, texts
from rules_dsl.safe_files import UnsafePathError

st.title("Spreadsheet (CSV)")
show_notice()
folder = pack_folder()
ages = age_files()
if not ages:
    st.error("The pack cannot be loaded; see the Validation page.")
    st.stop()
unreadable = sorted({file for file in ages.values()} - set(texts()))
if unreadable:  # a round trip needs every age's cards
    st.error(
        f"{', '.join(unreadable)} cannot be read (missing, not UTF-8 or not a file of the "
        "pack folder): the Validation page says why. The spreadsheet needs every age's "
        "card file."
    )
    st.stop()
st.markdown(
    "Export the cards, edit them in any spreadsheet (one row per card: "
    f"{', '.join(COLUMNS)}), then import the file. Rows "
    "change the cards with the same age and id; a new id adds a card."
)
st.download_button(
    "Export cards.csv",
    export_csv(texts(), ages),
    file_name="cards.csv",
    mime="text/csv",
    key="export_csv",
)
upload = st.file_uploader("Import a CSV file", type=["csv"], key="import_csv")
if upload is not None:
    plan = plan_import(upload.getvalue(), texts(), ages, file=upload.name)
    if plan.problems:
        st.error(f"{len(plan.problems)} problem(s) in the file; nothing was changed:")
        st.code("\n".join(p.render() for p in plan.problems), language=None)
        st.stop()
    if not plan.texts:
        st.info("The file matches the pack: nothing to change.")
        st.stop()
    parts = [
        f"{len(ids)} card(s) {what} ({', '.join(ids[:10])}{', ...' if len(ids) > 10 else ''})"
        for ids, what in ((plan.changed, "changed"), (plan.added, "added"))
        if ids
    ]
    st.markdown("Changes: " + "; ".join(parts) + ".")
    result = check(folder, plan.texts)
    if result.errors:
        cells, others = place_diagnostics(
            plan, result.errors, {display_name(folder / f): f for f in texts()}
        )
        st.error("With these changes the pack would have errors:")
        st.code(
            "\n".join(c.render() for c in cells) + "\n\n".join(d.render() for d in others[:10]),
            language=None,
        )
    confirm = not result.errors or st.checkbox(
        "Import anyway (the pack will not validate)", key="import_anyway"
    )
    if st.button("Import", type="primary", disabled=not confirm, key="import_go"):
        try:
            write_checked(folder, plan.texts, confirmed=True)
        except (OSError, UnsafePathError) as e:
            st.error(f"Not written: {e}")
        else:
            log_saved(f"imported a CSV: {len(plan.changed)} changed, {len(plan.added)} added")
            notice(f"Imported: {len(plan.changed)} card(s) changed, {len(plan.added)} added.")
            st.rerun()
