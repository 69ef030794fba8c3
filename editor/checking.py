"""Check a pack, saved or with edits that are not saved yet, with `agesmith validate`'s checks.

Both go through `interpreter.tools.validation.validate`, the function the command line calls, so
every page shows the list `agesmith validate` prints. The saved pack is checked in its own
folder; edited texts are written to a private mirror of the pack folder (never to the pack),
whose diagnostics are then placed back in the real pack's files. Unchanged files are not
rewritten, so the loader's caches keep them: re-checking after an edit of one card costs a few
milliseconds.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import re
import shutil
import tempfile
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from interpreter.tools.validation import validate
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.pack import Pack
from rules_dsl.safe_files import UnsafePathError, read_regular

_MIRRORS: dict[Path, Path] = {}
_LOCK = threading.Lock()  # sessions are threads: one check writes the mirror at a time
FILE_LIMIT = 64 * 1024 * 1024  # a pack file larger than this is not read by the workshop
PACK_FILES = ("*.yaml", "*.yml")  # what game.yaml may name as a card file, and itself
# A file of the pack the workshop reads and writes: what game.yaml may name as a card file (the
# schema's pattern), but not a hidden file (a leading dot) nor a control character.
PACK_FILE = re.compile(r"[^./\\\x00-\x1f\x7f][^/\\\x00-\x1f\x7f]{0,200}\.ya?ml")


@dataclass(frozen=True)
class CheckResult:
    """A pack checked: the loaded pack (None if it could not be built) and its diagnostics,
    placed in the real pack's files."""

    pack: Pack | None
    diagnostics: list[Diagnostic]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def ok(self) -> bool:
        return self.pack is not None and not self.errors


def pack_bytes(folder: Path) -> dict[str, bytes]:
    """The bytes of every YAML file directly in the pack folder, by file name. A file that
    cannot be read (a pipe, a folder named x.yaml, no permission) is left out: the check
    reports it where game.yaml names it."""
    out = {}
    for path in sorted({p for pattern in PACK_FILES for p in folder.glob(pattern)}):
        try:
            out[path.name] = read_regular(path, FILE_LIMIT)
        except (OSError, UnsafePathError):
            continue
    return out


def pack_texts(folder: Path) -> dict[str, str]:
    """The text of every YAML file of the pack folder that is UTF-8, by file name (one that is
    not is located by the check: "the byte 0xFF is not valid UTF-8"); hidden files, which
    game.yaml may not name, are left out."""
    out = {}
    for name, data in pack_bytes(folder).items():
        if not PACK_FILE.fullmatch(name):
            continue
        try:
            out[name] = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return out


def fingerprint(folder: Path) -> tuple[tuple[str, str], ...]:
    """What the check of the saved pack depends on: its files' names and contents."""
    return tuple(
        (name, hashlib.sha256(data).hexdigest()) for name, data in pack_bytes(folder).items()
    )


def check(folder: Path, edits: dict[str, str] | None = None) -> CheckResult:
    """Check the pack in `folder` as it would be with `edits` (file name -> text) saved."""
    folder = folder.resolve()
    if not edits:
        return CheckResult(*validate(folder))
    with _LOCK:
        return _check(folder, edits)


def _check(folder: Path, edits: dict[str, str]) -> CheckResult:
    mirror = _mirror(folder)
    files = pack_bytes(folder) | {name: text.encode("utf-8") for name, text in edits.items()}
    for old in mirror.iterdir():
        if old.name not in files:
            old.unlink()
    for name, data in files.items():
        target = mirror / name
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
    pack, diagnostics = validate(mirror)
    shown = {f"{display_name(mirror)}{os.sep}{n}": display_name(folder / n) for n in files}
    placed = [replace(d, file=shown.get(d.file or "", d.file)) for d in diagnostics]
    return CheckResult(pack, placed)


def _mirror(folder: Path) -> Path:
    mirror = _MIRRORS.get(folder)
    if mirror is None or not mirror.is_dir():
        mirror = Path(tempfile.mkdtemp(prefix="agesmith-check-")) / folder.name
        mirror.mkdir()
        _MIRRORS[folder] = mirror
        atexit.register(shutil.rmtree, mirror.parent, True)
    return mirror


def display_name(path: Path) -> str:
    """The name a diagnostic gives a file (as `load_pack` names it)."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)
