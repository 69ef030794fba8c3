"""The parse cache only ever makes loading faster: it cannot run code, cannot change a result,
and anything it cannot read is parsed again and rewritten."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

from rules_dsl import parse_cache
from rules_dsl.parse_cache import ParseCache, cache_file, entry_seal, make_entry
from rules_dsl.parser import try_parse
from tests.rules_dsl.test_roundtrip import rules_trees
from tests.rules_dsl.test_sketches import SKETCHES

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "cards" / "along_history"


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path


def _reloaded(text: str, start: str = "rules") -> tuple:
    """Parse through one cache, save it, and parse again through a fresh one (from disk)."""
    first = ParseCache()
    expected = first.parse(text, start)
    first.save()
    again = ParseCache()
    return expected, again.parse(text, start), again


def test_a_saved_tree_is_read_back_equal_with_its_places(cache_home: Path) -> None:
    text = 'free if you own "Homo Erectus"\non acquire: gain 2 gold'
    (tree, _), (read, problem), again = _reloaded(text)
    assert problem is None and read == tree
    assert parse_cache._encode(read) == parse_cache._encode(tree)  # spans too
    assert not again._dirty  # a hit, not a parse
    assert json.loads(cache_file().read_text())["format"] == parse_cache.FORMAT


def test_a_saved_syntax_error_is_read_back(cache_home: Path) -> None:
    (_, expected), (tree, problem), again = _reloaded("gain 2 gold;; then")
    assert tree is None and problem == expected and not again._dirty


@pytest.mark.parametrize("game, phase, text", SKETCHES)
def test_every_sketch_is_accepted_from_the_cache(cache_home: Path, game, phase, text) -> None:
    _, _, again = _reloaded(text)
    assert not again._dirty, "a fresh tree must fit its own text, or the cache never helps"


@settings(max_examples=60, deadline=None)
@given(rules_trees)
def test_any_printed_tree_is_accepted_from_the_cache(tree) -> None:
    from rules_dsl.printer import print_any

    text = print_any(tree)
    result = try_parse(text, "rules")
    entry = json.loads(json.dumps(make_entry("rules", text, result)))
    assert parse_cache._decode_entry(entry, "rules", text) is not None


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\x80\x81 not utf-8",
        b"[1, 2, 3]",
        b'{"format": "agesmith parse cache"',  # cut short
        b'{"format": "agesmith parse cache", "language": "old", "entries": {}}',
        b"[" * 100_000 + b"]" * 100_000,  # deeper than json allows
        pickle.dumps([1, 2, 3]),
    ],
    ids=["empty", "not utf-8", "a list", "truncated", "another language", "too deep", "pickle"],
)
def test_an_unreadable_cache_is_a_silent_miss_and_is_rewritten(
    cache_home: Path, content: bytes
) -> None:
    cache_file().parent.mkdir(parents=True)
    cache_file().write_bytes(content)
    cache = ParseCache()
    tree, problem = cache.parse("gain 2 gold", "rules")
    assert problem is None and tree == try_parse("gain 2 gold", "rules")[0]
    cache.save()
    assert ParseCache().parse("gain 2 gold", "rules") == (tree, None)
    assert json.loads(cache_file().read_text())["format"] == parse_cache.FORMAT


def _plant(entries: dict) -> None:
    cache_file().parent.mkdir(parents=True, exist_ok=True)
    cache_file().write_text(
        json.dumps(
            {
                "format": parse_cache.FORMAT,
                "language": parse_cache.language_version(),
                "entries": entries,
            }
        )
    )


def _entry(start: str, text: str, result: tuple) -> list:
    """An entry sealed for `text` that holds `result` (whatever text that came from)."""
    return make_entry(start, text, result)


def _sealed(start: str, text: str, body: object) -> list:
    encoded = json.dumps(body)
    return [entry_seal(start, text, encoded), encoded]


@pytest.mark.parametrize(
    "start, text, other",
    [
        ("cost", "3 population, culture", "5 population, culture"),
        ("cost", "ingenuity", "strength"),
        ("rules", 'free if you own "Hunting"', 'free if you own "Fishing"'),
        ("rules", "gain 2 gold", "gain 2 gold\nlose 1 gold"),
        ("condition", "you have at least 15 gold", "you have at least 15 cards"),
    ],
)
def test_an_entry_holding_another_texts_tree_is_not_used(
    cache_home: Path, start: str, text: str, other: str
) -> None:
    # a well-formed entry, with the right fingerprint, but the tree of another text
    _plant({start: {text: _entry(start, text, try_parse(other, start))}})
    assert ParseCache().parse(text, start) == try_parse(text, start)


_GAIN = "gain 2 gold"


@pytest.mark.parametrize(
    "entry",
    [
        lambda: "a string",
        lambda: [entry_seal("rules", _GAIN, "")],
        lambda: _sealed("rules", _GAIN, {"tree": {"n": "os.system", "s": None, "f": ["ls"]}}),
        lambda: _sealed("rules", _GAIN, {"tree": {"n": "Rules", "s": None, "f": []}}),
        lambda: _sealed("rules", _GAIN, {"tree": {"n": "Rules", "s": [9, 9, 9, 9], "f": [[]]}}),
        lambda: _sealed("rules", _GAIN, {"tree": 3.5}),
        lambda: _sealed("rules", _GAIN, {"problem": {"severity": "error"}}),
        lambda: _sealed("rules", _GAIN, [1, 2]),
        lambda: [entry_seal("rules", _GAIN, "{"), "{"],
        lambda: [
            entry_seal("cost", _GAIN, _entry("rules", _GAIN, try_parse(_GAIN, "rules"))[1]),
            _entry("rules", _GAIN, try_parse(_GAIN, "rules"))[1],
        ],
    ],
    ids=[
        "not a list",
        "no result",
        "unknown class",
        "missing field",
        "span outside",
        "a float",
        "bad problem",
        "not a mapping",
        "not JSON",
        "another entry point",
    ],
)
def test_a_damaged_entry_is_a_miss(cache_home: Path, entry) -> None:
    _plant({"rules": {_GAIN: entry()}})
    cache = ParseCache()
    assert cache.parse("gain 2 gold", "rules") == try_parse("gain 2 gold", "rules")
    assert cache._dirty  # rebuilt, to be rewritten


def _agesmith(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, XDG_CACHE_HOME=str(home))
    return subprocess.run(
        [sys.executable, "-m", "agesmith", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


def _cache_file(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where a process whose cache home is `home` keeps the cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return cache_file()


def test_a_planted_pickle_runs_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "cache"
    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    name = _cache_file(home, monkeypatch)
    Path(name).parent.mkdir(parents=True)
    for path in (Path(name), Path(name).with_suffix(".pickle")):
        path.write_bytes(pickle.dumps(Payload()))
    result = _agesmith("validate", str(PACK), home=home)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not marker.exists()


def test_a_swapped_entry_cannot_change_a_cards_cost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "cache"
    first = _agesmith("cards", str(PACK), "--json", "--age", "prehistory", home=home)
    cards = {c["name"]: c for c in json.loads(first.stdout)}
    famine = cards["Famine"]["cost"]
    env_file = _cache_file(home, monkeypatch)
    data = json.loads(Path(env_file).read_text())
    costs = data["entries"]["cost"]
    text = next(t for t in costs if t.startswith("6 population"))
    costs[text] = _entry("cost", text, try_parse("1 population", "cost"))
    Path(env_file).write_text(json.dumps(data))
    second = _agesmith("cards", str(PACK), "--json", "--age", "prehistory", home=home)
    assert {c["name"]: c for c in json.loads(second.stdout)}["Famine"]["cost"] == famine


def test_the_language_version_covers_every_module_the_parser_imports() -> None:
    """A cached parse is stale when anything that decides it changes: every module of
    rules_dsl that the parser imports (the number bounds among them) is in the hash."""
    import ast as python_ast

    source = (Path(parse_cache.__file__).parent / "parser.py").read_text(encoding="utf-8")
    imported = {
        f"{alias.name}.py"
        for node in python_ast.walk(python_ast.parse(source))
        if isinstance(node, python_ast.ImportFrom) and node.level == 1 and not node.module
        for alias in node.names
    }
    imported |= {
        f"{node.module}.py"
        for node in python_ast.walk(python_ast.parse(source))
        if isinstance(node, python_ast.ImportFrom) and node.level == 1 and node.module
    }
    assert "bounds.py" in imported
    assert imported <= set(parse_cache._SOURCES)
