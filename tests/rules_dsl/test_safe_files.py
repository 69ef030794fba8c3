"""Files are written whole or not at all, and only where a regular file may be."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rules_dsl.safe_files import UnsafePathError, write_atomic


def test_writes_whole_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    write_atomic(target, "first")
    write_atomic(target, "second")
    assert target.read_text() == "second"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_keeps_the_mode_of_an_existing_file(tmp_path: Path) -> None:
    target = tmp_path / "cards.yaml"
    target.write_text("old")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert target.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize(
    "name, reason",
    [
        ("", "empty"),
        ("bad\x1b[31mname", "control characters"),
    ],
)
def test_refuses_bad_names(tmp_path: Path, name: str, reason: str) -> None:
    with pytest.raises(UnsafePathError, match=reason):
        write_atomic(os.path.join(tmp_path, name) if name else name, "x")


def test_refuses_a_folder_and_a_device(tmp_path: Path) -> None:
    with pytest.raises(UnsafePathError, match="folder"):
        write_atomic(tmp_path, "x")
    with pytest.raises(UnsafePathError, match="not a regular file"):
        write_atomic("/dev/null", "x")


@pytest.mark.parametrize("points_to", ["a user's file", "a folder", "nothing"])
def test_never_writes_through_a_link_named_as_the_file(tmp_path: Path, points_to: str) -> None:
    """`print --out deck.pdf` where deck.pdf is a link (planted in a shared folder) to a
    user's file: refused, and the user's file keeps its bytes."""
    precious = tmp_path / "thesis.txt"
    precious.write_text("three years of work")
    target = {"a user's file": precious, "a folder": tmp_path, "nothing": tmp_path / "gone"}
    link = tmp_path / "shared" / "deck.pdf"
    link.parent.mkdir()
    link.symlink_to(target[points_to])
    with pytest.raises(UnsafePathError, match="is a symbolic link"):
        write_atomic(link, "%PDF")
    assert precious.read_text() == "three years of work" and link.is_symlink()
    assert sorted(os.listdir(link.parent)) == ["deck.pdf"] and not (tmp_path / "gone").exists()


def test_refuses_paths_outside_the_given_folder(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    with pytest.raises(UnsafePathError, match="outside"):
        write_atomic(pack / ".." / "escape.yaml", "x", inside=pack)
    (pack / "link").symlink_to(tmp_path)
    with pytest.raises(UnsafePathError, match="outside"):
        write_atomic(pack / "link" / "escape.yaml", "x", inside=pack)
    assert write_atomic(pack / "age.yaml", "ok", inside=pack).read_text() == "ok"


def test_a_failed_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "save.json"
    target.write_text("old")

    def broken(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_reads_a_regular_file_within_its_limit(tmp_path: Path) -> None:
    from rules_dsl.safe_files import read_regular

    (tmp_path / "save.json").write_bytes(b"{}")
    assert read_regular(tmp_path / "save.json", 10) == b"{}"
    with pytest.raises(UnsafePathError, match="larger than 1 bytes"):
        read_regular(tmp_path / "save.json", 1)


def test_never_blocks_on_a_pipe_nor_reads_a_device_forever(tmp_path: Path) -> None:
    from rules_dsl.safe_files import read_regular

    os.mkfifo(tmp_path / "pipe")
    for path in (tmp_path / "pipe", Path("/dev/zero")):
        with pytest.raises(UnsafePathError, match="not a regular file"):
            read_regular(path, 1000)
    with pytest.raises(UnsafePathError, match="folder"):
        read_regular(tmp_path, 1000)
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "missing", 1000)
