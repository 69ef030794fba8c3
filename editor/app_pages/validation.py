"""Validation: every diagnostic of the pack, grouped by file, each leading to its card."""

from __future__ import annotations

from collections import defaultdict

import streamlit as st

from editor import yaml_edit
from editor.checking import display_name
from editor.state import OPEN_CARD, disk_check, pack_folder, texts
from rules_dsl.diagnostics import summary
from rules_dsl.yaml_source import load_yaml_text

st.title("Validation")
result = disk_check()
folder = pack_folder()
st.caption("The pack's real checks, as `agesmith validate` runs them, on the saved files.")
if not result.diagnostics:
    st.success(f"No problem: {summary(result.diagnostics)}.")
    st.stop()
(st.error if result.errors else st.warning)(summary(result.diagnostics))
by_file = defaultdict(list)
for d in result.diagnostics:
    by_file[d.file or "the pack"].append(d)
names = {display_name(folder / name): name for name in texts()}


def card_at(file: str, line: int | None) -> str | None:
    """The id of the card written at `line` of the card file `file`."""
    text = texts().get(file)
    if text is None or line is None or file == "game.yaml":
        return None
    doc, _ = load_yaml_text(text, file)
    try:
        ids = yaml_edit.card_ids(text)
    except yaml_edit.EditError:
        return None
    if doc is None:
        return None
    starts = [doc.position(("cards", i))[0] for i in range(len(ids))]
    owner = [ident for ident, start in zip(ids, starts, strict=True) if start <= line]
    return owner[-1] if owner else None


for file, diagnostics in by_file.items():
    with st.expander(f"{file}: {summary(diagnostics)}", expanded=True):
        for n, d in enumerate(diagnostics):
            st.code(d.render(), language=None)
            real = names.get(file)
            ident = card_at(real, d.line) if real else None
            if ident and st.button(f"Open {ident}", key=f"open:{file}:{n}"):
                st.session_state[OPEN_CARD] = (real, ident)
                st.session_state.pop("card_pick", None)
                st.switch_page("app_pages/cards.py")
