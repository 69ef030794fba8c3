"""Whatever lies in the cache folder can only cost a miss: a huge file, a link to a device, a
pipe, a folder, a link to a user's file, or entries forged by someone without this user's key.

Every test points `XDG_CACHE_HOME` at its own temporary folder: the real cache is never read
or written."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from rules_dsl import cache_files, parse_cache, schema_check
from rules_dsl.cache_files import read_cache, write_cache
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.parser import _lark, grammar_file, try_parse
from rules_dsl.yaml_source import load_yaml_text

ROOT = Path(__file__).resolve().parents[2]
MINIMAL = ROOT / "tests" / "packs" / "minimal"


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "cache-home"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return home


def _validate(pack: Path, home: Path, tmp: Path | None = None) -> subprocess.CompletedProcess[str]:
    # the timeout only turns a hang (the bug a FIFO caused) into a failure
    env = dict(os.environ, XDG_CACHE_HOME=str(home))
    if tmp is not None:
        env["TMPDIR"] = str(tmp)
    return subprocess.run(
        [sys.executable, "-m", "agesmith", "validate", str(pack)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


def _cache_files() -> dict[str, Path]:
    """Every file the caches keep, named as a process with this environment names them."""
    return {
        "parse": parse_cache.cache_file(),
        "schema": schema_check.VALID.file(),
        "key": cache_files.cache_dir() / cache_files.KEY_NAME,
        "grammar": grammar_file(),
    }


def _huge(path: Path, tmp: Path) -> None:
    with open(path, "wb") as f:  # sparse: no disk is used
        f.truncate(6 * 1024**3)


def _to_dev_zero(path: Path, tmp: Path) -> None:
    path.symlink_to("/dev/zero")


def _fifo(path: Path, tmp: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path, tmp: Path) -> None:
    path.mkdir()
    (path / "inside").write_text("kept")


HOSTILE: dict[str, Callable[[Path, Path], None]] = {
    "a 6 GB file": _huge,
    "a link to /dev/zero": _to_dev_zero,
    "a FIFO": _fifo,
    "a folder": _folder,
}


@pytest.mark.parametrize("which", ["parse", "schema", "key", "grammar"])
@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_cache_file_is_a_miss_not_a_crash_or_a_hang(
    cache_home: Path, tmp_path: Path, kind: str, which: str
) -> None:
    expected = _validate(MINIMAL, tmp_path / "clean-home")
    target = _cache_files()[which]
    target.parent.mkdir(parents=True, exist_ok=True)
    HOSTILE[kind](target, tmp_path)
    for _ in range(2):  # the run that meets it, and the one after
        result = _validate(MINIMAL, cache_home)
        assert (result.returncode, result.stdout) == (expected.returncode, expected.stdout)
        assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    if kind == "a folder":
        assert (target / "inside").read_text() == "kept"
    else:  # replaced by a cache of the right size
        assert target.is_file() and not target.is_symlink()
        assert target.stat().st_size < 1024 * 1024


@pytest.mark.parametrize("which", ["parse", "schema", "key", "grammar"])
def test_a_cache_file_linked_to_a_users_file_never_overwrites_it(
    cache_home: Path, tmp_path: Path, which: str
) -> None:
    precious = tmp_path / "thesis.txt"
    precious.write_text("three years of work\n")
    target = _cache_files()[which]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.symlink_to(precious)
    for _ in range(2):
        result = _validate(MINIMAL, cache_home)
        assert result.returncode == 0, result.stdout + result.stderr
    assert precious.read_text() == "three years of work\n"
    assert target.is_file() and not target.is_symlink()  # the link itself was replaced


def test_read_cache_refuses_what_is_not_a_small_regular_file(tmp_path: Path) -> None:
    small = tmp_path / "small"
    small.write_bytes(b"12345")
    link = tmp_path / "link"
    link.symlink_to(small)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert read_cache(small, 5) == b"12345"
    assert read_cache(small, 4) is None  # larger than the bound
    assert read_cache(link, 5) is None  # never through a link
    assert read_cache(fifo, 5) is None  # returns at once: no writer
    assert read_cache(tmp_path, 5) is None
    assert read_cache(tmp_path / "missing", 5) is None


def test_write_cache_replaces_a_link_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.write_text("mine")
    link = tmp_path / "cache" / "parsed.json"
    link.parent.mkdir()
    link.symlink_to(precious)
    assert write_cache(link, b"{}")
    assert precious.read_text() == "mine" and link.read_bytes() == b"{}"
    assert not link.is_symlink() and os.listdir(link.parent) == ["parsed.json"]
    assert not write_cache(tmp_path / "cache", b"{}")  # a folder is left alone
    assert sorted(os.listdir(link.parent)) == ["parsed.json"]


def test_validate_writes_nothing_into_the_temporary_folder(
    cache_home: Path, tmp_path: Path
) -> None:
    """The compiled grammar is kept in the caches' folder, not (as Lark's own cache) in the
    temporary folder shared by every user, where it was written through a link found there."""
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    for _ in range(2):  # the run that compiles the grammar, and the one that reads it back
        result = _validate(MINIMAL, cache_home, tmp=shared)
        assert result.returncode == 0, result.stdout + result.stderr
    assert os.listdir(shared) == []
    assert grammar_file().is_file()


class _Planted:
    """A pickle that, once loaded, leaves a mark: what a forged grammar file would hold."""

    def __init__(self, mark: Path) -> None:
        self.mark = mark

    def __reduce__(self) -> tuple:
        return (Path.touch, (self.mark,))


def test_a_forged_grammar_file_is_never_loaded(cache_home: Path, tmp_path: Path) -> None:
    import pickle

    mark = tmp_path / "code-ran"
    target = grammar_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"0" * 32 + b"\n" + pickle.dumps(_Planted(mark)))
    _lark.cache_clear()
    try:
        assert _lark().parse(GAIN, start="rules") is not None  # compiled again
        assert not mark.exists()
    finally:
        _lark.cache_clear()
    assert read_cache(target, 10**7) is not None and b"code-ran" not in target.read_bytes()


# ------------------------------------------------------------------------- forged entries

GAIN = "gain 2 gold"


def _public_fingerprint(start: str, text: str) -> str:
    """The seal entries had before they were keyed: anyone could compute it."""
    key = f"{parse_cache.language_version()}\0{start}\0{text}".encode()
    return hashlib.blake2b(key, digest_size=16).hexdigest()


def _unkeyed(*parts: str) -> str:
    """The keyed seal's computation with no key: what a forger can compute."""
    digest = hashlib.blake2b(digest_size=16)
    for part in parts:
        raw = part.encode()
        digest.update(len(raw).to_bytes(8, "little"))
        digest.update(raw)
    return digest.hexdigest()


def _forged_problem() -> str:
    problem = Diagnostic(
        severity="error",
        code="syntax",
        message="forged: this text is wrong",
        line=1,
        column=1,
        source_line=GAIN,
    )
    return json.dumps({"problem": dataclasses.asdict(problem)})


FORGERIES: dict[str, Callable[[str], list]] = {
    "the old public fingerprint": lambda body: [
        _public_fingerprint("rules", GAIN),
        json.loads(body),
    ],
    "the old fingerprint, new form": lambda body: [_public_fingerprint("rules", GAIN), body],
    "the seal without the key": lambda body: [
        _unkeyed(parse_cache.FORMAT, parse_cache.language_version(), "rules", GAIN, body),
        body,
    ],
}


@pytest.mark.parametrize("forge", FORGERIES)
def test_a_forged_parse_entry_changes_no_diagnostic_and_is_rebuilt(
    cache_home: Path, forge: str
) -> None:
    path = parse_cache.cache_file()
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps(
            {
                "format": parse_cache.FORMAT,
                "language": parse_cache.language_version(),
                "entries": {"rules": {GAIN: FORGERIES[forge](_forged_problem())}},
            }
        )
    )
    cache = parse_cache.ParseCache()
    assert cache.parse(GAIN, "rules") == try_parse(GAIN, "rules")
    cache.save()
    assert parse_cache.ParseCache().parse(GAIN, "rules") == try_parse(GAIN, "rules")


def test_a_cache_copied_from_another_user_is_not_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Entries sealed with another key (another user, another machine) are all misses."""
    elsewhere, here = tmp_path / "elsewhere", tmp_path / "here"
    monkeypatch.setenv("XDG_CACHE_HOME", str(elsewhere))
    body = _forged_problem()
    forged = [parse_cache.entry_seal("rules", GAIN, body), body]  # sealed with their key
    assert parse_cache._decode_entry(forged, "rules", GAIN) is not None  # theirs to use
    shutil.copytree(
        elsewhere / "agesmith",
        here / "agesmith",
        ignore=shutil.ignore_patterns(cache_files.KEY_NAME),
    )
    monkeypatch.setenv("XDG_CACHE_HOME", str(here))
    assert parse_cache._decode_entry(forged, "rules", GAIN) is None


MINIMAL_GAME = (MINIMAL / "game.yaml").read_text(encoding="utf-8")


def test_a_forged_valid_mark_never_hides_a_schema_error(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rules_dsl.pack import merge_patch
    from rules_dsl.yaml_source import YamlDocument

    doc, _ = load_yaml_text(MINIMAL_GAME, "game.yaml")
    assert doc is not None
    wrong = YamlDocument(doc.source, merge_patch(doc.data, {"players": {"min": "two"}}))
    version = schema_check._valid_version()
    public = f"{version}\0game\0{wrong.data!r}".encode()
    keys = [
        hashlib.blake2b(public, digest_size=16).hexdigest(),
        _unkeyed("agesmith schema results", version, "game", repr(wrong.data)),
    ]
    fresh = schema_check._Valid()
    fresh.file().parent.mkdir(parents=True)
    fresh.file().write_text(
        json.dumps({"format": "agesmith schema results", "version": version, "valid": keys})
    )
    monkeypatch.setattr(schema_check, "VALID", fresh)
    messages = [d.message for d in schema_check.check_schema(wrong, "game")]
    assert messages and all("two" in m or "integer" in m for m in messages), messages
