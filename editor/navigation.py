"""The workshop's pages, by section: editing the pack, then playing it (decks, playtest,
scenarios, balance)."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

PAGES = Path(__file__).parent / "app_pages"


# No page icons: Streamlit fetches a page's Material icon from a font server for the browser
# tab, and the workshop loads nothing from outside this computer.
def sections() -> dict[str, list[st.Page]]:
    return {
        "Workshop": [
            st.Page(PAGES / "cards.py", title="Cards", default=True),
            st.Page(PAGES / "overview.py", title="The pack at a glance"),
            st.Page(PAGES / "manage.py", title="New card, new age"),
            st.Page(PAGES / "validation.py", title="Validation"),
            st.Page(PAGES / "print.py", title="Print and play"),
            st.Page(PAGES / "spreadsheet.py", title="Spreadsheet (CSV)"),
        ],
        "Playtest": [
            st.Page(PAGES / "decks.py", title="Decks"),
            st.Page(PAGES / "playtest.py", title="Playtest"),
            st.Page(PAGES / "scenarios.py", title="Scenarios"),
            st.Page(PAGES / "balance.py", title="Balance"),
        ],
    }
