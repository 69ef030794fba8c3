"""Unsaved edits of cards, kept in the pack folder so that no edit is lost.

A draft is the fields of one card as the designer left them, with the text of its file when the
edit started (to detect a change made on disk meanwhile). Drafts live in `.agesmith/drafts.json`
inside the pack folder, written atomically after every change: closing the tab, reloading the
page or stopping the server loses nothing. Saving a card removes its draft.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules_dsl.safe_files import write_atomic

DRAFTS = Path(".agesmith") / "drafts.json"


def key(file: str, ident: str) -> str:
    return f"{file}#{ident}"


def load(folder: Path) -> dict[str, dict[str, Any]]:
    path = folder / DRAFTS
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(folder: Path, drafts: dict[str, dict[str, Any]]) -> None:
    (folder / DRAFTS.parent).mkdir(exist_ok=True)
    write_atomic(folder / DRAFTS, json.dumps(drafts, indent=1, ensure_ascii=False),
                 inside=folder)


def put(folder: Path, file: str, ident: str, fields: dict[str, Any], base: str) -> None:
    """Keep the unsaved fields of a card; `base` is its file's text when the edit began."""
    drafts = load(folder)
    drafts[key(file, ident)] = {"fields": fields, "base": base}
    _write(folder, drafts)


def drop(folder: Path, file: str, ident: str) -> None:
    drafts = load(folder)
    if drafts.pop(key(file, ident), None) is not None:
        _write(folder, drafts)
