"""A pack of the tests copied and changed by one line of its game file, and the errors
`validate` gives it: how the tests of a form show its mistakes as located errors."""

from __future__ import annotations

import shutil
from pathlib import Path

from interpreter.tools.validation import validate


def changed_copy(pack: Path, tmp_path: Path, old: str, new: str) -> Path:
    """A copy of `pack` under `tmp_path` whose game.yaml says `new` where it said `old`."""
    folder = tmp_path / pack.name
    shutil.copytree(pack, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    assert old in text
    game_file.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def errors_of(folder: Path) -> list[str]:
    """The errors `validate` gives a pack, rendered as the command line prints them."""
    return [d.render() for d in validate(folder)[1] if d.is_error]
