"""Reading and writing the pack's files for the workshop: atomic, inside the pack, never over
a change made on disk that the designer has not seen."""

from __future__ import annotations

import re
from pathlib import Path

from rules_dsl.diagnostics import Diagnostic
from rules_dsl.errors import AgesmithError
from rules_dsl.safe_files import UnsafePathError, read_regular, write_atomic

from . import yaml_edit
from .checking import FILE_LIMIT, PACK_FILE

_FILE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,60}\.yaml")


class ConflictError(AgesmithError, RuntimeError):
    """The file changed on disk, in the part being saved, since the editor read it."""


def read(folder: Path, file: str) -> str:
    """The text of a file of the pack: OSError if it is missing or cannot be read,
    UnicodeDecodeError if it is not UTF-8, UnsafePathError if it is not a plain name."""
    data = read_regular(folder / pack_file_name(file), FILE_LIMIT)
    return data.decode("utf-8")


def pack_file_name(file: str) -> str:
    """`file` if it names a file directly in the pack folder as game.yaml may name one."""
    if not PACK_FILE.fullmatch(file):
        raise UnsafePathError(
            f'"{file}" is not a file name next to game.yaml ending in .yaml or .yml'
        )
    return file


def safe_name(file: str) -> str:
    """A new card file's name if it is a plain name inside the pack (no folder, no `..`)."""
    if not _FILE_NAME.fullmatch(file):
        raise UnsafePathError(
            f'"{file}" is not a plain file name: use lowercase letters, '
            "digits, - and _, ending in .yaml (no folders)"
        )
    return file


def write(folder: Path, file: str, text: str) -> Path:
    """Write a pack file atomically; refuse anything outside the pack folder."""
    return write_atomic(folder / pack_file_name(file), text, inside=folder)


def save_card(
    folder: Path, file: str, ident: str, fields: dict[str, object], base: str
) -> tuple[str, bool]:
    """Write card `ident`'s fields into its file; returns (new text, whether the file had
    changed on disk in other places, which are kept).

    `base` is the file's text when the edit began. If the card itself changed on disk since,
    nothing is written: ConflictError.
    """
    current = read(folder, file)
    moved = current != base
    if moved:
        try:
            before = yaml_edit.card_fields(base, ident)
        except yaml_edit.EditError:
            before = None
        try:
            now = yaml_edit.card_fields(current, ident)
        except yaml_edit.EditError:
            now = None
        if before != now:
            raise ConflictError(
                f"{file}: this card was changed on disk since you opened it "
                "(by another tab or by hand); reload it to see that version"
            )
    text = yaml_edit.set_card(current, ident, fields)
    write(folder, file, text)
    return text, moved


def write_checked(folder: Path, edits: dict[str, str], confirmed: bool = False) -> list[Diagnostic]:
    """Write several files of the pack if the pack stays valid with them (or `confirmed`).

    Returns the errors the pack would have; nothing is written when there are some and the
    designer has not confirmed. Card files are written before game.yaml, so the game file never
    names a file that is not there yet."""
    from .checking import check

    errors = check(folder, edits).errors
    if errors and not confirmed:
        return errors
    for file in sorted(edits, key=lambda f: f == "game.yaml"):
        write(folder, file, edits[file])
    return []


def set_aside(path: Path, stem: str, what: str) -> str:
    """Move a file the workshop cannot read out of the way, keeping it, under the first free
    name `<stem>-N.json` beside it; what became of it, in a sentence about `what`."""
    for n in range(1, 1000):
        aside = path.with_name(f"{stem}-{n}.json")
        if aside.exists():
            continue
        try:
            path.rename(aside)
        except OSError as e:
            return f"{what} is left at {path} ({e.strerror or e})."
        return f"{what} was kept, not deleted: it is now {aside}."
    return f"{what} is left at {path}."
