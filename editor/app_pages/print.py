"""Print and play: the PDF sheets of the deck, and one SVG per card."""

from __future__ import annotations

import streamlit as st

from editor.faces import CARD_SIZES, as_html, card_back, card_face
from editor.printing import PAPERS, PrintError, page_count, print_pdf, svg_zip
from editor.state import disk_check
from rules_dsl.pack import Card

st.title("Print and play")
pack = disk_check().pack
if pack is None:
    st.error("The pack cannot be loaded; see the Validation page.")
    st.stop()
st.caption(
    "Sheets of 3 × 3 cards with bleed and crop marks; after each sheet, its backs "
    '(mirrored for long-edge duplex printing). Print at 100 % (no "fit to page").'
)
cols = st.columns(4)
size = cols[0].selectbox(
    "Card size",
    list(CARD_SIZES),
    key="print_size",
    format_func=lambda s: f"{s} ({CARD_SIZES[s].width} × {CARD_SIZES[s].height} mm)",
)
paper = cols[1].selectbox("Paper", list(PAPERS), key="print_paper", format_func=str.upper)
bleed = cols[2].number_input("Bleed (mm)", 0.0, 6.0, 2.0, 0.5, key="print_bleed")
backs = cols[3].checkbox("Card backs", value=True, key="print_backs")
owners = list(pack.card_files())  # each age with cards, then each named deck
ages = st.multiselect(
    "Ages and decks" if pack.decks else "Ages",
    owners,
    default=owners,
    format_func=pack.owner_name,
    key="print_ages",
)
if st.button("Make the PDF", type="primary", key="make_pdf"):
    try:
        with st.spinner("Drawing the sheets..."):
            st.session_state["pdf"] = print_pdf(pack, paper, size, bleed, backs, ages)
    except PrintError as e:
        st.error(str(e))
pdf = st.session_state.get("pdf")
if pdf:
    st.download_button(
        f"Download the PDF ({page_count(pdf)} pages)",
        pdf,
        file_name=f"{pack.root.name}-print-and-play.pdf",
        mime="application/pdf",
        key="download_pdf",
    )
st.download_button(
    "Download one SVG per card (zip)",
    svg_zip(pack, size),
    file_name=f"{pack.root.name}-cards-svg.zip",
    mime="application/zip",
    key="download_svg",
)
st.subheader("Preview")
kinds: dict[str, Card] = {}  # one card of each type, as a sample
for c in pack.cards:
    if c.age in ages:
        kinds.setdefault(c.type, c)
preview = list(kinds.values())[:4]
columns = st.columns(5)
for column, card in zip(columns, preview, strict=False):
    column.markdown(as_html(card_face(pack, card, CARD_SIZES[size]), 240), unsafe_allow_html=True)
if ages:
    columns[4].markdown(
        as_html(card_back(pack, ages[0], CARD_SIZES[size]), 240), unsafe_allow_html=True
    )
