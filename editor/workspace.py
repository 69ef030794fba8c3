"""Which pack folder the workshop edits, and the working copy of the bundled pack.

The installed package is never written: with no pack named, the workshop edits a copy of the
bundled pack in `./along_history/`, made on first start with the JSON Schemas beside it in
`./schema/`, so the files' `$schema=../schema/...` lines still resolve (editors such as VS Code
keep checking them).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from cards import PACKS, bundled
from rules_dsl.errors import AgesmithError

DEFAULT_FOLDER = "along_history"
# How `agesmith editor` tells the pages which pack they edit (named here, not in state.py,
# which imports Streamlit and the checks: the command starts the server without them).
PACK_ENV = "AGESMITH_PACK"  # the pack folder, set by `agesmith editor`
CREATED_ENV = "AGESMITH_CREATED"  # "1" when this start copied the bundled pack


@dataclass(frozen=True)
class Workspace:
    """The pack folder being edited, and whether this start made it."""

    pack: Path
    created: bool = False

    @property
    def message(self) -> str | None:
        if not self.created:
            return None
        return (
            f"First start: the bundled Along History pack was copied to {self.pack} "
            f"(with its schemas in {self.pack.parent / 'schema'}). Edits are saved there; "
            "the installed pack is never changed."
        )


class WorkspaceError(AgesmithError, ValueError):
    """A pack folder that cannot be edited, with the reason in plain words."""


def open_workspace(pack: str | Path | None, cwd: Path | None = None) -> Workspace:
    """The folder to edit: `pack` if given, else `./along_history/` (copied on first start)."""
    cwd = Path.cwd() if cwd is None else cwd
    if pack is not None:
        folder = Path(pack).expanduser().resolve()
        if not (folder / "game.yaml").is_file():
            raise WorkspaceError(f"{pack} is not a pack folder: it has no game.yaml")
        if _inside(folder, PACKS.resolve()):
            raise WorkspaceError(
                f"{pack} is the installed copy of a bundled pack; run "
                "`agesmith editor` with no PACK to work on a copy of it"
            )
        return Workspace(folder)
    folder = (cwd / DEFAULT_FOLDER).resolve()
    if (folder / "game.yaml").is_file():
        return Workspace(folder)
    if folder.exists() and any(folder.iterdir()):
        raise WorkspaceError(
            f"{folder} exists but holds no game.yaml; move it away or name a pack folder"
        )
    copy_bundled(folder)
    return Workspace(folder, created=True)


def copy_bundled(folder: Path) -> None:
    """Copy the bundled pack to `folder`, and the schemas to `folder/../schema` if missing."""
    shutil.copytree(
        bundled(DEFAULT_FOLDER),
        folder,
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    schema = folder.parent / "schema"
    if not schema.exists():
        shutil.copytree(PACKS / "schema", schema)


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents
