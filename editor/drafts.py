"""Unsaved edits of cards, kept in the pack folder so that no edit is lost.

A draft is the fields of one card as the designer left them, with the text of its file when the
edit started (to detect a change made on disk meanwhile). Drafts live in `.agesmith/drafts.json`
inside the pack folder, written atomically after every change: closing the tab, reloading the
page or stopping the server loses nothing. Saving a card removes its draft.

The file is the designer's (it can be edited by hand, or broken): a draft that is not one is
set aside with the reason, never shown in the form and never thrown away (a new edit of its card
first copies it to `drafts.json.unreadable-N`); a file that is not JSON is kept under that name
before a new one is started. Only a regular file
inside the pack folder is read or written (never a pipe, never through a link leading out).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_dsl.card_keys import BONUS, PRICE
from rules_dsl.errors import AgesmithError
from rules_dsl.safe_files import UnsafePathError, read_regular, write_atomic

from .card_edit import EDITABLE
from .files import pack_file_name

DRAFTS = Path(".agesmith") / "drafts.json"
LIMIT = 16 * 1024 * 1024  # a drafts file larger than this is not read
_TEXTS = ("name", "type", "cost", BONUS, "rules")


class DraftError(AgesmithError, RuntimeError):
    """The drafts cannot be written, said in plain words (the edit itself is not lost: it is
    still in the form, and Save works)."""


@dataclass
class Kept:
    """The drafts file read: its usable drafts, what is wrong with the rest, and the entries
    as they are in the file (to write back untouched)."""

    drafts: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    entries: dict[str, Any] = field(default_factory=dict)
    unreadable: bool = False  # the file is there but is not a JSON object


def key(file: str, ident: str) -> str:
    return f"{file}#{ident}"


def read(folder: Path) -> Kept:
    """The drafts of the pack in `folder`; never an exception."""
    path, problem = _place(folder)
    if problem:
        return Kept(problems=[problem])
    try:
        data = json.loads(read_regular(path, LIMIT).decode("utf-8"))
    except FileNotFoundError:
        return Kept()
    except (OSError, UnsafePathError) as e:
        return Kept(problems=[f"{DRAFTS} cannot be read: {e}"], unreadable=True)
    except (ValueError, RecursionError) as e:
        reason = "it is nested too deeply" if isinstance(e, RecursionError) else str(e)
        return Kept(problems=[f"{DRAFTS} is not a drafts file ({reason})"], unreadable=True)
    if not isinstance(data, dict):
        return Kept(
            problems=[f"{DRAFTS} is not a drafts file (not a JSON object)"], unreadable=True
        )
    kept = Kept(entries=data)
    for name, entry in data.items():
        fault = _fault(name, entry)
        if fault:
            kept.problems.append(f'{DRAFTS}: the draft "{name}" is set aside: {fault}')
        else:
            kept.drafts[name] = entry
    return kept


def load(folder: Path) -> dict[str, dict[str, Any]]:
    """The usable drafts, by key(file, ident)."""
    return read(folder).drafts


def _fault(name: str, entry: Any) -> str | None:
    """What makes `entry` not a draft of the form's fields, or None."""
    file, sep, ident = name.partition("#")
    if not sep or not ident:
        return 'its key is not "file#card"'
    try:
        pack_file_name(file)
    except UnsafePathError as e:
        return str(e)
    if not isinstance(entry, dict):
        return "it is not an object"
    fields, base = entry.get("fields"), entry.get("base")
    if not isinstance(fields, dict):
        return 'it has no "fields" object'
    if not isinstance(base, str):
        return 'it has no "base" text'
    return next(filter(None, (_field_fault(k, fields.get(k)) for k in EDITABLE)), None)


def _field_fault(name: str, value: Any) -> str | None:
    if value is None:
        return None
    if name in _TEXTS and not isinstance(value, str):
        return f"its {name} is not a text"
    whole = isinstance(value, int) and not isinstance(value, bool)
    if name == "copies" and not (whole and 1 <= value <= 20):
        return "its copies is not a whole number from 1 to 20"
    if name in (PRICE, "points") and not (whole or isinstance(value, str)):
        return f"its {name} is not a number or a text"
    return None


def _place(folder: Path) -> tuple[Path, str | None]:
    """The drafts file, and why it may not be used (a `.agesmith` leading out of the pack)."""
    path = folder / DRAFTS
    if root_outside(folder, path):
        return path, (
            f"{DRAFTS.parent} leads outside the pack folder; drafts are not kept "
            "(make it a folder of the pack)"
        )
    if path.parent.exists() and not path.parent.is_dir():
        return path, f"{DRAFTS.parent} is a file, not a folder: drafts are not kept (move it)"
    return path, None


def root_outside(folder: Path, path: Path) -> bool:
    """Whether `path`, every link followed, is not inside `folder`."""
    return folder.resolve() not in path.resolve().parents


def _write(folder: Path, kept: Kept, entries: dict[str, Any]) -> None:
    path, problem = _place(folder)
    if problem:
        raise DraftError(problem)
    try:
        path.parent.mkdir(exist_ok=True)
        if kept.unreadable and path.is_file():
            os.replace(path, _aside(path))  # the designer's file is kept, not replaced
        write_atomic(path, json.dumps(entries, indent=1, ensure_ascii=False), inside=folder)
    except FileExistsError:
        raise DraftError(
            f"{DRAFTS.parent} is a file, not a folder: drafts are not kept (move it away)"
        ) from None
    except (OSError, UnsafePathError) as e:
        raise DraftError(f"drafts are not kept: {e}") from None


def _aside(path: Path) -> Path:
    n = 1
    while (path.parent / f"{path.name}.unreadable-{n}").exists():
        n += 1
    return path.parent / f"{path.name}.unreadable-{n}"


def put(folder: Path, file: str, ident: str, fields: dict[str, Any], base: str) -> None:
    """Keep the unsaved fields of a card; `base` is its file's text when the edit began.
    DraftError if they cannot be kept."""
    kept = read(folder)
    entries = {} if kept.unreadable else dict(kept.entries)
    name = key(file, ident)
    if name in entries and name not in kept.drafts:  # set aside: kept, not replaced
        _write_aside(folder, {name: entries[name]})
    entries[name] = {"fields": fields, "base": base}
    _write(folder, kept, entries)


def _write_aside(folder: Path, entries: dict[str, Any]) -> None:
    path, _ = _place(folder)
    try:
        write_atomic(_aside(path), json.dumps(entries, indent=1, ensure_ascii=False), inside=folder)
    except (OSError, UnsafePathError) as e:
        raise DraftError(f"drafts are not kept: {e}") from None


def drop(folder: Path, file: str, ident: str) -> None:
    """Forget card `ident`'s draft (saved or reverted). DraftError if that cannot be written."""
    kept = read(folder)
    if key(file, ident) in kept.drafts:
        entries = dict(kept.entries)
        del entries[key(file, ident)]
        _write(folder, kept, entries)
