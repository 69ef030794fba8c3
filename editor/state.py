"""What every page shares: the pack folder, its files, the check of the pack, the open card.

Session keys are named here once. Loading and checking are the plain functions of
`checking.py`; this module only keeps their results for the session.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import streamlit as st

from .checking import CheckResult, check, fingerprint, pack_texts
from .workspace import CREATED_ENV, PACK_ENV, Workspace, open_workspace

OPEN_CARD = "open_card"  # (file, id) of the card open in the editor
SAVED_LOG = "saved_log"  # what this session saved: list of lines
NOTICE = "notice"  # a message to show once on the next page


def pack_folder() -> Path:
    """The pack folder being edited (made on first start when none was named)."""
    folder = os.environ.get(PACK_ENV)
    if folder:
        return Path(folder)
    return open_workspace(None).pack


def created_message() -> str | None:
    """What the page says when this start copied the bundled pack."""
    if os.environ.get(CREATED_ENV) != "1":
        return None
    return Workspace(pack_folder(), created=True).message


def texts() -> dict[str, str]:
    return pack_texts(pack_folder())


def disk_check() -> CheckResult:
    """The pack as saved on disk, checked as `agesmith validate` checks it (cached by the
    contents of its files, so a page drawn again does not check it again)."""
    folder = pack_folder()
    return _cached_check(str(folder), fingerprint(folder), ())


def edited_check(file: str, text: str) -> CheckResult:
    """The pack checked as it would be with `text` saved in `file`: the saved pack's check
    when `text` is what the file holds (a card just opened), else the check of the edit."""
    folder = pack_folder()
    files = fingerprint(folder)
    if (file, hashlib.sha256(text.encode("utf-8")).hexdigest()) in files:
        return _cached_check(str(folder), files, ())
    return _cached_check(str(folder), files, ((file, text),))


@st.cache_resource(max_entries=16, show_spinner=False)
def _cached_check(
    folder: str, files: tuple[tuple[str, str], ...], edits: tuple[tuple[str, str], ...]
) -> CheckResult:
    return check(Path(folder), dict(edits))


def age_files() -> dict[str, str]:
    """Age id (or a named deck's name) -> card file name, as game.yaml lists them."""
    result = disk_check()
    if result.pack is not None:
        return result.pack.card_files()
    return {}


def notice(text: str) -> None:
    st.session_state[NOTICE] = text


def show_notice() -> None:
    text = st.session_state.pop(NOTICE, None)
    if text:
        st.success(text)


def log_saved(line: str) -> None:
    st.session_state.setdefault(SAVED_LOG, []).append(line)
