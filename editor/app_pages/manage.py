"""New card, new age, rename and delete: every rule that names a card is listed first."""

from __future__ import annotations

import streamlit as st

from editor import yaml_edit
from editor.card_edit import a_cost
from editor.files import safe_name, write_checked
from editor.state import OPEN_CARD, disk_check, log_saved, notice, pack_folder, show_notice, texts
from rules_dsl.card_keys import BONUS, PRICE
from rules_dsl.pack import slug
from rules_dsl.safe_files import UnsafePathError

st.title("New card, new age")
show_notice()
folder = pack_folder()
pack = disk_check().pack
if pack is None:
    st.error("The pack cannot be loaded; see the Validation page.")
    st.stop()
age_file = pack.card_files()  # each age's file and each named deck's
age_name = {owner: pack.owner_name(owner) for owner in age_file}


def apply(edits: dict[str, str], message: str, confirmed: bool = False) -> bool:
    """Write `edits` if the pack stays valid (or `confirmed`); say what happened."""
    try:
        errors = write_checked(folder, edits, confirmed)
    except (OSError, UnsafePathError) as e:
        st.error(f"Not written: {e}")
        return False
    if errors:
        st.error("Not written: the pack would have errors:")
        for d in errors[:5]:
            st.code(d.render(), language=None)
        return False
    if confirmed:  # written anyway: say what `agesmith validate` reports now
        left = disk_check().errors
        if left:
            message += (
                f" `agesmith validate` now reports {len(left)} error(s), e.g. "
                f"{left[0].message}" + (f" ({left[0].hint})" if left[0].hint else "")
            )
    log_saved(message)
    notice(message)
    return True


new_card, new_age, rename, delete = st.tabs(
    ["New card", "New age", "Rename a card", "Delete a card"]
)
with new_card:
    cols = st.columns(3)
    age = cols[0].selectbox(
        "Age", list(age_file), format_func=age_name.__getitem__, key="new_age_of"
    )
    kinds = [str(t) for t in pack.game.get("card_types") or []]
    kind = cols[1].selectbox("Type", kinds, key="new_type")
    name = cols[2].text_input("Name", key="new_name", placeholder="e.g. Pottery")
    like = next(
        (c for c in pack.cards if c.type == kind and c.age == age),
        next((c for c in pack.cards if c.type == kind), None),
    )
    like_text = texts().get(age_file[like.age]) if like else None  # None: unreadable
    template = yaml_edit.card_fields(like_text, like.id) if like and like_text else {}
    st.caption(
        f"Starts from the numbers of {like.name} (a {kind} of {age_name[like.age]}); "
        "change them on the Cards page."
        if like
        else "Starts from an empty card."
    )
    if age is None:  # a pack with no age yet loads (with an error): a card needs one
        st.info(
            "The pack has no age to add a card to: add one first (the New age tab, or the "
            "`ages` list of game.yaml)."
        )
    add = st.button(
        "Add the card", type="primary", disabled=age is None or not name.strip(), key="add_card"
    )
    if add and age is not None:
        fields = {
            "name": name.strip(),
            "type": kind,
            "cost": template.get("cost") or a_cost(pack, 1),
            "points": template.get("points", 0),
            PRICE: template.get(PRICE),
            BONUS: template.get(BONUS),
        }
        file = age_file[age]
        try:
            if file not in texts():
                raise yaml_edit.EditError(
                    f"{file} cannot be read (missing, not UTF-8 or not a "
                    "file of the pack folder): the Validation page says "
                    "why"
                )
            text = yaml_edit.add_card(texts()[file], fields)
        except yaml_edit.EditError as e:
            st.error(str(e))
        else:
            if apply({file: text}, f"Added {fields['name']} to {file}."):
                st.session_state[OPEN_CARD] = (file, slug(fields["name"]))
                st.session_state.pop("card_pick", None)
                st.switch_page("app_pages/cards.py")

with new_age:
    cols = st.columns(3)
    title = cols[0].text_input("Name of the age", key="age_name", placeholder="e.g. Renaissance")
    ident = slug(title).replace("-", "_")
    ident = cols[1].text_input("Id", value=ident, key=f"age_id:{ident}")
    file = cols[2].text_input(
        "Card file", value=f"{ident}.yaml" if ident else "", key=f"age_file:{ident}"
    )
    first = st.text_input("Its first card", key="age_first", placeholder="e.g. Printing Press")
    kinds = [str(t) for t in pack.game.get("card_types") or []]
    first_type = st.selectbox("Type of the first card", kinds, key="age_first_type")
    ready = bool(title.strip() and ident and file and first.strip())
    if st.button("Add the age", type="primary", disabled=not ready, key="add_age"):
        try:
            safe_name(file)
            if ident in age_file:
                raise yaml_edit.EditError(f'the pack already has an age "{ident}"')
            if (folder / file).exists():
                raise yaml_edit.EditError(f"{file} already exists in the pack folder")
            card_text = yaml_edit.new_card_file(
                ident,
                {"name": first.strip(), "type": first_type, "cost": a_cost(pack, 5), "points": 1},
            )
            game_text = yaml_edit.add_age(texts()["game.yaml"], ident, title.strip(), file)
        except (yaml_edit.EditError, UnsafePathError) as e:
            st.error(str(e))
        else:
            # An age starts with one card, too few to deal: it is added all the same (its
            # cards can only be added once it exists), and the notice says what is missing.
            if apply(
                {file: card_text, "game.yaml": game_text},
                f"Added the age {title.strip()} ({file}, in game.yaml); its first card is "
                f"{first.strip()}.",
                confirmed=True,
            ):
                st.rerun()

with rename:
    labels = {f"{c.name} ({age_name[c.age]})": c for c in pack.cards}
    chosen = st.selectbox("Card", list(labels), key="rename_pick")
    if chosen is None:  # no card at all: no age yet, or only empty card files
        st.info("The pack has no card to rename.")
    else:
        card = labels[chosen]
        new = st.text_input("New name", key="rename_to")
        refs = yaml_edit.references(texts(), card.name)
        st.markdown(
            f"**{len(refs)} rule(s) name {card.name}**"
            + (", and will name the new name:" if refs else ".")
        )
        for ref in refs:
            st.markdown(f"- {ref.file}, {ref.where}: `{ref.line}`")
        if st.button("Rename", type="primary", disabled=not new.strip(), key="rename_go"):
            edits = {}
            for file, text in texts().items():
                changed = yaml_edit.replace_references(text, card.name, new.strip())
                if file == age_file[card.age]:
                    changed = yaml_edit.rename_card(changed, card.id, new.strip())
                if changed != text:
                    edits[file] = changed
            apply(edits, f"Renamed {card.name} to {new.strip()}; {len(refs)} rule(s) updated.")
            st.rerun()

with delete:
    labels = {f"{c.name} ({age_name[c.age]})": c for c in pack.cards}
    chosen = st.selectbox("Card", list(labels), key="delete_pick")
    if chosen is None:  # no card at all: no age yet, or only empty card files
        st.info("The pack has no card to delete.")
    else:
        card = labels[chosen]
        refs = yaml_edit.references(texts(), card.name)
        if refs:
            st.warning(f"{len(refs)} rule(s) name {card.name}; they will be errors until changed:")
            for ref in refs:
                st.markdown(f"- {ref.file}, {ref.where}: `{ref.line}`")
        else:
            st.caption(f"No rule names {card.name}.")
        sure = st.checkbox(
            f"Delete {card.name}" + (" and accept the errors" if refs else ""), key="delete_sure"
        )
        if st.button("Delete", type="primary", disabled=not sure, key="delete_go"):
            file = age_file[card.age]
            try:
                text = yaml_edit.delete_card(texts()[file], card.id)
            except yaml_edit.EditError as e:
                st.error(str(e))
            else:
                if apply({file: text}, f"Deleted {card.name} from {file}.", confirmed=True):
                    st.rerun()
