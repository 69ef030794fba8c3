"""The workshop's few page-wide style rules, added to every page by `app.py`.

On a 1024 px wide screen Streamlit's sidebar (300 px) and the page's side margins (80 px each)
left the pages 560 px, and labels were cut ("Rev…" for "Revert to saved", "Choose o" for a
filter's placeholder). Below 1280 px the sidebar and the margins are narrower, and a button's
label wraps onto a second line instead of being cut.
"""

from __future__ import annotations

SIDEBAR_NARROW = 220  # pixels, below NARROW_SCREEN
NARROW_SCREEN = 1280

CSS = f"""<style>
@media (max-width: {NARROW_SCREEN}px) {{
  section[data-testid="stSidebar"] {{width: {SIDEBAR_NARROW}px !important;
    min-width: {SIDEBAR_NARROW}px !important; max-width: {SIDEBAR_NARROW}px !important}}
  [data-testid="stMainBlockContainer"] {{padding: 3.5rem 1.5rem 4rem 1.5rem !important}}
}}
.stButton button *, .stDownloadButton button * {{white-space: normal !important;
  overflow: visible !important; text-overflow: clip !important}}
</style>"""
