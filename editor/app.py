"""The Agesmith workshop: the entry script Streamlit runs (`agesmith editor` starts it).

A router only: the pages live in `editor/app_pages/` and are listed in `navigation.py`.
"""

from __future__ import annotations

import streamlit as st

from editor.navigation import sections
from editor.page_style import CSS
from editor.state import created_message, pack_folder

# No page icon: a Material icon as favicon is fetched from a font server, and nothing may be.
st.set_page_config(page_title="Agesmith workshop", layout="wide")
st.html(CSS)
message = created_message()
with st.sidebar:
    st.caption(f"Pack folder: `{pack_folder()}`")
    if message:
        st.info(message)
st.navigation(sections()).run()
