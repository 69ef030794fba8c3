"""Fixtures of the editor's tests: a private copy of the bundled pack to edit."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.workspace import copy_bundled


@pytest.fixture
def pack_copy(tmp_path: Path) -> Path:
    """A copy of Along History in tmp_path/along_history, its schemas in tmp_path/schema."""
    folder = tmp_path / "along_history"
    copy_bundled(folder)
    return folder
