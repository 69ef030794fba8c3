"""The workshop's pages, by section. The playtest pages (decks, playtest, scenarios) will be a
second section listed here."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

PAGES = Path(__file__).parent / "app_pages"


# No page icons: Streamlit fetches a page's Material icon from a font server for the browser
# tab, and the workshop loads nothing from outside this computer.
def sections() -> dict[str, list[st.Page]]:
    return {
        "Workshop": [
            st.Page(PAGES / "cards.py", title="Cards",
                    default=True),
            st.Page(PAGES / "overview.py", title="The pack at a glance"),
            st.Page(PAGES / "manage.py", title="New card, new age"),
            st.Page(PAGES / "validation.py", title="Validation"),
            st.Page(PAGES / "print.py", title="Print and play"),
            st.Page(PAGES / "spreadsheet.py", title="Spreadsheet (CSV)"),
        ],
    }
