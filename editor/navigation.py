"""The workshop's pages, by section. The playtest pages (decks, playtest, scenarios) will be a
second section listed here."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

PAGES = Path(__file__).parent / "app_pages"


def sections() -> dict[str, list[st.Page]]:
    return {
        "Workshop": [
            st.Page(PAGES / "cards.py", title="Cards", icon=":material/edit_note:",
                    default=True),
            st.Page(PAGES / "overview.py", title="The pack at a glance",
                    icon=":material/monitoring:"),
            st.Page(PAGES / "manage.py", title="New card, new age", icon=":material/add_box:"),
            st.Page(PAGES / "validation.py", title="Validation", icon=":material/rule:"),
            st.Page(PAGES / "print.py", title="Print and play", icon=":material/print:"),
            st.Page(PAGES / "spreadsheet.py", title="Spreadsheet (CSV)",
                    icon=":material/table_view:"),
        ],
    }
