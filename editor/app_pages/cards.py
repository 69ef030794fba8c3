"""Cards: find a card in the table, change it, see it checked, drawn and read back, save it."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

import pandas as pd
import streamlit as st
from code_editor import code_editor

from editor import drafts, files, highlight, yaml_edit
from editor.card_edit import (
    EDITABLE,
    FORM,
    card_diagnostics,
    error_markers,
    examples,
    fields_changed,
    form_fields,
    form_values,
    gutter_annotations,
    matches,
    mention_words,
    push_history,
    rules_text,
)
from editor.checking import display_name
from editor.faces import as_html, card_face, legend_html
from editor.readback import read_back
from editor.state import OPEN_CARD, disk_check, edited_check, log_saved, pack_folder, show_notice
from rules_dsl.card_keys import BONUS, PRICE
from rules_dsl.diagnostics import summary
from rules_dsl.printer import print_cost
from rules_dsl.safe_files import UnsafePathError

st.title("Cards")
st.caption(
    "Pick a card in the table (or the list under it), change it, and press **Save**. "
    "Every change is checked at once; unsaved edits are kept as drafts."
)
show_notice()
folder = pack_folder()
saved = disk_check()
if saved.pack is None:
    st.error("The pack cannot be loaded; see the Validation page.")
    for d in saved.errors:
        st.code(d.render(), language=None)
    st.stop()
pack = saved.pack
if saved.errors:  # the count `agesmith validate` gives, wherever the errors are
    st.warning(
        f"The saved pack has {summary(saved.diagnostics)} (as `agesmith validate` "
        "reports them): the Validation page lists them."
    )
age_file = pack.card_files()  # each age's file and each named deck's
kept_drafts = drafts.read(folder)
kept = kept_drafts.drafts

# ---------------------------------------------------------------- the table
search_col, age_col, type_col, mention_col = st.columns([3, 2, 2, 3])
search = search_col.text_input(
    "Search names and rules", key="card_search", placeholder=examples(pack).search
)
ages = age_col.multiselect(
    "Age or deck" if pack.decks else "Age",
    list(age_file),
    key="card_ages",
    format_func=pack.owner_name,
)
kinds = type_col.multiselect("Type", sorted({c.type for c in pack.cards}), key="card_types")
mention = mention_col.selectbox(
    "Rules that mention",
    [None, *mention_words(pack)],
    key="card_mention",
    format_func=lambda w: w or "anything",
)
shown = [
    c
    for c in pack.cards
    if (not ages or c.age in ages)
    and (not kinds or c.type in kinds)
    and matches(c, search, mention)
]


def label(card: Any) -> str:
    return f"{card.name} ({card.age}, {card.type})"


rows = pd.DataFrame(
    [
        {
            "name": c.name,
            "age": c.age,
            "type": c.type,
            "copies": c.copies,
            "cost": print_cost(c.cost),
            PRICE: "" if c.gold is None else str(c.gold),
            "points": str(c.points) if isinstance(c.points, int) else "formula",
            "rules": " / ".join(rules_text(c).split("\n")),
            "draft": "unsaved" if drafts.key(age_file[c.age], c.id) in kept else "",
        }
        for c in shown
    ]
)
picked = st.dataframe(
    rows,
    hide_index=True,
    height=240,
    on_select="rerun",
    selection_mode="single-row",
    key="cards_table",
    width="stretch",
)
choices = [label(c) for c in shown]
selected_rows = picked.selection.rows if picked is not None and picked.selection else []
if selected_rows != st.session_state.get("table_rows"):  # a row chosen in the table
    st.session_state["table_rows"] = selected_rows
    if selected_rows and selected_rows[0] < len(choices):
        st.session_state["card_pick"] = choices[selected_rows[0]]
if not choices:
    st.info("No card matches; clear the search or the filters.")
    st.stop()
# A link to a card: ?card=<id>, with &age=<age id> where ids repeat across ages (Famine).
linked = st.query_params.get("card")
linked_age = st.query_params.get("age")
if linked and st.session_state.get("linked") != (linked, linked_age):
    st.session_state["linked"] = (linked, linked_age)
    st.session_state["card_pick"] = next(
        (label(c) for c in shown if c.id == linked and linked_age in (None, c.age)), None
    )
exact = next((label(c) for c in shown if c.name.lower() == search.strip().lower()), None)
if exact is not None and st.session_state.get("last_search") != search:
    st.session_state["card_pick"] = exact  # typing a card's name opens it
st.session_state["last_search"] = search
if st.session_state.get("card_pick") not in choices:
    opened = st.session_state.get(OPEN_CARD)
    by_key: dict[tuple[str, ...], str] = {(age_file[c.age], c.id): label(c) for c in shown}
    first = next((label(c) for c in shown if c.rules.statements), choices[0])
    st.session_state["card_pick"] = by_key.get(tuple(opened), first) if opened else first
pick = st.selectbox(f"Card ({len(choices)} shown)", choices, key="card_pick")
card = shown[choices.index(pick)]
file, ident = age_file[card.age], card.id
st.session_state[OPEN_CARD] = (file, ident)
st.query_params["card"], st.query_params["age"] = ident, card.age  # the page's link: this card
st.session_state["linked"] = (ident, card.age)
ck = drafts.key(file, ident)

# ---------------------------------------------------------------- the card's state
try:
    disk_text = files.read(folder, file)
    saved_fields = yaml_edit.card_fields(disk_text, ident)
except (OSError, UnicodeDecodeError, UnsafePathError, yaml_edit.EditError) as e:
    st.error(f"{file} cannot be opened: {e}. The Validation page says where.")
    st.stop()
for problem in kept_drafts.problems:
    st.warning(problem)


def widget(field: str) -> str:
    return f"w:{ck}:{field}"


def load_fields(fields: dict[str, Any]) -> None:
    """Put `fields` in the form and the rules editor (open, undo, revert)."""
    form = form_values(fields)
    st.session_state[f"form:{ck}"] = form
    for field, value in form.items():
        st.session_state[widget(field)] = value
    st.session_state[f"rules:{ck}"] = fields.get("rules") or ""
    st.session_state[f"ver:{ck}"] = st.session_state.get(f"ver:{ck}", 0) + 1


if f"form:{ck}" not in st.session_state:  # the card opened for the first time
    draft = kept.get(ck)
    start = draft["fields"] if draft else saved_fields
    st.session_state[f"base:{ck}"] = draft["base"] if draft else disk_text
    st.session_state[f"hist:{ck}"] = [{k: start.get(k) for k in EDITABLE}]
    st.session_state[f"restored:{ck}"] = bool(draft)
    load_fields(start)
# The form's values live in `form:<card>`, not only in its widgets: Streamlit forgets the
# state of a widget that a run does not draw (the designer on another page), so a widget
# coming back is given the value the form had, never its blank default.
for field, value in st.session_state[f"form:{ck}"].items():
    if widget(field) not in st.session_state:
        st.session_state[widget(field)] = value


def undo() -> None:
    history = st.session_state[f"hist:{ck}"]
    if len(history) > 1:
        history.pop()
        load_fields(history[-1])


def revert() -> None:
    st.session_state.pop(f"conflict:{ck}", None)
    load_fields(saved_fields)
    st.session_state[f"base:{ck}"] = disk_text
    with suppress(drafts.DraftError):  # the page says why on its next run
        drafts.drop(folder, file, ident)


# ---------------------------------------------------------------- the form, the rules, the face
# A fragment: a keystroke in the rules editor (or a change of the form) re-runs and redraws
# this part only, not the table and the pack's loading above it; Save re-runs the whole page.


@st.fragment
def card_editor() -> None:
    """The open card's form, rules editor, diagnostics, save buttons, face and read-back."""
    form_col, rules_col, face_col = st.columns([2, 3, 2.2])
    with form_col:
        st.subheader(card.name)
        st.text_input("Name", key=widget("name"))
        types = [str(t) for t in pack.game.get("card_types") or []]
        current_type = st.session_state.get(widget("type"))
        st.selectbox(
            "Type",
            types + ([current_type] if current_type not in types else []),
            key=widget("type"),
        )
        st.number_input(
            "Copies in the deck", min_value=1, max_value=20, step=1, key=widget("copies")
        )
        st.text_input("Cost", key=widget("cost"), help=examples(pack).cost or None)
        money = pack.money or "money"
        st.text_input(
            f"Price in {money}",
            key=widget(PRICE),
            help=f"Leave empty when the card cannot be bought with {money}.",
        )
        st.text_input("Points", key=widget("points"), help="A number, or a formula.")
        st.text_input("Bonus", key=widget(BONUS), help=examples(pack).bonus or None)

    with rules_col:
        st.markdown("**Rules**")
        plain_box = st.toggle(
            "Plain text box",
            key="plain_rules",
            help="Edit the rules in a plain text box instead of the code editor.",
        )
        version = st.session_state[f"ver:{ck}"]
        code_key = f"code:{ck}:{version}"
        if plain_box:
            rules = st.text_area(
                "Rules",
                value=st.session_state[f"rules:{ck}"],
                height=220,
                key=f"ta:{ck}:{version}",
                label_visibility="collapsed",
            )
        else:
            answer = st.session_state.get(code_key)
            if answer and answer.get("id") and answer.get("type") in ("change", "blur", "submit"):
                st.session_state[f"rules:{ck}"] = answer["text"]
            rules = st.session_state[f"rules:{ck}"]
        st.session_state[f"rules:{ck}"] = rules

    values = {field: st.session_state[widget(field)] for field in FORM}
    st.session_state[f"form:{ck}"] = values
    fields = form_fields(values, rules)
    st.session_state[f"hist:{ck}"] = push_history(st.session_state[f"hist:{ck}"], fields)
    changed = fields_changed(saved_fields, fields)
    if changed and st.session_state.get(f"restored:{ck}"):
        with form_col:
            st.info(
                f"Your unsaved edits of {saved_fields.get('name')} were kept as a draft and are "
                "back; **Revert to saved** drops them."
            )
    try:  # a draft is written for an edit only, and once
        # The drafts as they are now: a run of this fragment alone comes after the page's
        # reading of them, and may follow the fragment's own writes.
        kept_now = drafts.read(folder).drafts
        if changed and kept_now.get(ck, {}).get("fields") != fields:
            drafts.put(folder, file, ident, fields, st.session_state[f"base:{ck}"])
        elif not changed and ck in kept_now:
            drafts.drop(folder, file, ident)
    except drafts.DraftError as e:
        with form_col:
            st.warning(f"{e}. This edit is still here: save it, or keep the tab open.")
    edited_text = yaml_edit.set_card(disk_text, ident, fields)
    result = edited_check(file, edited_text)
    display = display_name(folder / file)
    placed = card_diagnostics(edited_text, display, ident, result.diagnostics)
    already = {(d.file, d.line, d.message) for d in saved.errors}
    elsewhere = [
        d
        for d in result.errors
        if d not in {p.diagnostic for p in placed} and (d.file, d.line, d.message) not in already
    ]
    errors = [p for p in placed if p.diagnostic.is_error]

    with rules_col:
        if not plain_box:
            nouns = sorted(
                {
                    w
                    for w in (pack.game.get("keywords") or [])
                    + (pack.game.get("resources") or [])
                    + (pack.game.get("card_types") or [])
                }
                | set(pack.game.get("counters") or {})
            )
            code_editor(
                rules,
                lang="text",
                key=code_key,
                height=[8, 22],
                response_mode=["debounce", "blur"],
                # Ace's own theme: the component's themes import a web font from outside.
                # No scroll margin: with one, Ace moves the gutter and not the text when
                # the error marks change.
                # The text is Ace's own once it is drawn: `value: None` keeps react-ace
                # from setting it back to the text the editor last reported each time a
                # run's answer redraws the editor (new marks), which lost every key typed
                # since that report. `defaultValue` is the text it opens with; undo,
                # revert and another card give the editor a new key, so a new text.
                props={
                    "value": None,
                    "defaultValue": rules,
                    # The text goes to the page 100 ms after the last key, not the
                    # component's 250: since no key is lost any more to a run's answer, a
                    # short pause is safe, and it is most of the wait for the diagnostics.
                    "debounceChangePeriod": 100,
                    "theme": "textmate",
                    "scrollMargin": [0, 0, 0, 0],
                    # Completion only when asked (Ctrl+Space): popping up by itself,
                    # it covered the line above the one being typed and took Enter.
                    "enableBasicAutocompletion": True,
                    "enableLiveAutocompletion": False,
                    "markers": highlight.markers(rules, frozenset(nouns)) + error_markers(placed),
                    "annotations": gutter_annotations(placed),
                    "wrapEnabled": True,
                },
                options={"showLineNumbers": True, "wrap": True},
                component_props={"globalCSS": highlight.CSS},
                completions=highlight.completions([c.name for c in pack.cards], nouns),
            )
            st.caption("Ctrl+Space completes card names, verbs and the pack's words.")
        if placed:
            for p in placed:
                d = p.diagnostic
                box = st.error if d.is_error else st.warning
                box(f"**{p.where()}**: {d.message}" + (f"  \nhint: {d.hint}" if d.hint else ""))
            with st.expander("As `agesmith validate` prints them"):
                st.code("\n\n".join(p.diagnostic.render() for p in placed), language=None)
        else:
            st.success("No problem: the card is checked with the pack's real checks.")
        if elsewhere:
            st.warning(f"This edit makes {len(elsewhere)} error(s) elsewhere in the pack, e.g.:")
            st.code(elsewhere[0].render(), language=None)

        # Saving
        st.markdown(f"**{'Unsaved changes: ' + ', '.join(changed) if changed else 'Saved'}**")
        # Any error of the card, or one this edit makes elsewhere, needs the designer's word.
        confirm = not (errors or elsewhere) or st.checkbox(
            "Save although the card has errors (the pack on disk will not validate)",
            key=f"confirm:{ck}",
        )
        save_col, undo_col, revert_col = st.columns(3)
        if save_col.button(
            "Save",
            type="primary",
            disabled=not changed or not confirm,
            key=f"save:{ck}",
            width="stretch",
        ):
            try:
                _, moved = files.save_card(
                    folder, file, ident, fields, st.session_state[f"base:{ck}"]
                )
            except files.ConflictError:
                st.session_state[f"conflict:{ck}"] = True
            except (OSError, ValueError) as e:
                st.error(f"Not saved: {e}")
            else:
                with suppress(drafts.DraftError):  # saved: a draft left behind only says so
                    drafts.drop(folder, file, ident)
                st.session_state[f"base:{ck}"] = files.read(folder, file)
                note = (
                    " (the file had changed on disk elsewhere; those changes are kept)"
                    if moved
                    else ""
                )
                log_saved(f"{file}: {fields['name']} ({', '.join(changed)})")
                st.session_state["notice"] = f"Saved {fields['name']} to {file}{note}."
                st.rerun()
        if st.session_state.get(f"conflict:{ck}"):
            st.error(
                f"Not saved: {card.name} was changed on disk since you opened it (by another "
                "tab or by hand). **Revert to saved** shows that version; **Keep my version** "
                "replaces it with yours on the next save."
            )

            def keep_my_version() -> None:
                st.session_state[f"base:{ck}"] = disk_text
                st.session_state.pop(f"conflict:{ck}", None)

            st.button("Keep my version", on_click=keep_my_version, key=f"keep:{ck}")
        undo_col.button(
            "Undo",
            on_click=undo,
            key=f"undo:{ck}",
            width="stretch",
            disabled=len(st.session_state[f"hist:{ck}"]) < 2,
        )
        revert_col.button(
            "Revert to saved",
            on_click=revert,
            key=f"revert:{ck}",
            width="stretch",
            disabled=not changed,
        )

    # ---------------------------------------------------------------- the face and the read-back
    with face_col:
        drawn = next(
            (
                c
                for c in (result.pack.cards if result.pack else [])
                if c.age == card.age and c.id == ident
            ),
            None,
        )
        st.markdown("**The card face**")
        # st.html, not st.markdown(unsafe_allow_html): the browser's markdown reading of the
        # face's long data URI took ~0.4 s of its processor on the first page.
        if drawn is not None and result.pack is not None:
            st.html(as_html(card_face(result.pack, drawn)))
            st.html(legend_html(result.pack))
        else:
            st.info("The face is drawn again once the card's texts parse; the saved face:")
            st.html(as_html(card_face(pack, card)))
        st.markdown("**What the card does** (read back from the interpreter)")
        if drawn is not None and result.ok and result.pack is not None:
            lines = read_back(result.pack, drawn)
            if isinstance(lines, str):
                st.info(lines)
            else:
                st.markdown("\n".join(f"- {line}" for line in lines))
        else:
            st.info("Shown once the pack has no error.")


card_editor()
