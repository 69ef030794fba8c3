"""Check a pack with edits that are not saved yet, using the pack's real checks.

The edited texts are written to a private mirror of the pack folder (never to the pack) and the
mirror is loaded with `load_pack` and the interpreter's playability check, exactly as
`agesmith validate` does. Unchanged files are not rewritten, so the loader's caches keep them:
re-checking after an edit of one card costs a few milliseconds.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from rules_dsl.diagnostics import Diagnostic, sorted_diagnostics
from rules_dsl.pack import Pack, load_pack

_MIRRORS: dict[Path, Path] = {}
_LOCK = threading.Lock()        # sessions are threads: one check writes the mirror at a time


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


def pack_texts(folder: Path) -> dict[str, str]:
    """The text of every YAML file directly in the pack folder, by file name."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml"))
            if p.is_file()}


def check(folder: Path, edits: dict[str, str] | None = None) -> CheckResult:
    """Check the pack in `folder` as it would be with `edits` (file name -> text) saved."""
    with _LOCK:
        return _check(folder.resolve(), edits or {})


def _check(folder: Path, edits: dict[str, str]) -> CheckResult:
    mirror = _mirror(folder)
    texts = pack_texts(folder) | edits
    for old in mirror.glob("*.yaml"):
        if old.name not in texts:
            old.unlink()
    for name, text in texts.items():
        target = mirror / name
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
    pack, diagnostics = load_pack(mirror)
    if pack is not None and not any(d.is_error for d in diagnostics):
        from interpreter.playability import check_playable
        diagnostics = sorted_diagnostics(diagnostics + check_playable(pack))
    shown = {f"{display_name(mirror)}{os.sep}{n}": display_name(folder / n) for n in texts}
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
