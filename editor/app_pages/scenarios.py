"""Scenarios: the pack's scenario files (its `scenarios/` folder, or another folder) with their
result — pass or fail and why, with the log and the position where a failure stopped."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from editor.decks import deck_files
from editor.scenario_writer import SCENARIOS
from editor.state import pack_folder
from interpreter.tools.scenario import Outcome, check

RESULTS = "scenario_results"  # deck played (or "None") -> path -> Outcome of the last run

st.title("Scenarios")
pack = pack_folder()
folder = Path(
    st.text_input(
        "Folder of scenario files",
        str(pack / SCENARIOS),
        key="sc_folder",
        help="The pack's own scenarios/ folder (Playtest saves there), or "
        "any folder of scenario files.",
    )
)
files = sorted([*folder.rglob("*.yaml"), *folder.rglob("*.yml")]) if folder.is_dir() else []
NAMED = "the pack or deck each scenario names"
decks = {NAMED: None} | {f"deck {p.name}": p for p in deck_files(pack)}
on = st.selectbox(
    "Play on",
    list(decks),
    key="sc_deck",
    help="A deck of the pack's decks/ folder replaces what every scenario names "
    "(as `agesmith check --deck FILE`).",
)
deck = decks.get(on)
# results are kept per file and per what they were played on: a deck's are not the pack's
results: dict[str, Outcome] = st.session_state.setdefault(RESULTS, {}).setdefault(str(deck), {})
if not files:
    st.info(
        f'No scenario file in {folder}. On the Playtest page, "Save this position as a '
        'scenario" writes one here.'
    )
    st.stop()

if st.button(f"Run all {len(files)}", type="primary", key="sc_all"):
    bar = st.progress(0.0, "running the scenarios")
    for n, file in enumerate(files, start=1):
        results[str(file)] = check(file, deck)
        bar.progress(n / len(files), f"{n} of {len(files)}")
    bar.empty()

ran = [results[str(f)] for f in files if str(f) in results]
if ran:
    failed = sum(not o.ok for o in ran)
    st.markdown(
        f"**{len(ran) - failed} passed, {failed} failed** of {len(ran)} run ({len(files)} files)."
    )

for file in files:
    outcome = results.get(str(file))
    mark = (
        "not run"
        if outcome is None
        else "PASS"
        if outcome.passed
        else ("known bug" if outcome.ok else "FAIL")
    )
    with st.expander(
        f"{mark} · {file.relative_to(folder)}" + (f" · {outcome.name}" if outcome else ""),
        expanded=outcome is not None and not outcome.ok,
    ):
        if st.button("Run", key=f"sc_run:{file}"):
            results[str(file)] = outcome = check(file, deck)
            st.rerun()
        if outcome is None:
            st.code(file.read_text(encoding="utf-8", errors="replace"), language="yaml")
            continue
        if outcome.passed:
            st.success(
                "Passed" + (f": proves {', '.join(outcome.proves)}" if outcome.proves else ".")
            )
        else:
            st.error("\n\n".join(f"```\n{p}\n```" for p in outcome.problems) or "Failed.")
        if outcome.details:
            st.markdown(
                "**Where it stopped** (the position, the decision waiting, the log "
                "since the scenario's position)"
            )
            st.code("\n".join(outcome.details), language=None)
        elif outcome.state is not None and not outcome.passed:
            st.code("\n".join(outcome.state.log[-30:]), language=None)
        st.code(file.read_text(encoding="utf-8", errors="replace"), language="yaml")
