"""A disk cache of parsed rules, so that a pack loads fast in a fresh process.

Trees are immutable and carry positions relative to their text, so a tree parsed once can be
reused for the same text in any file. The cache may only ever make things faster, never change
a result or run anything:
- it is plain JSON (never pickle): reading it builds nothing but the language's own tree
  classes, looked up by name in `rules_dsl.ast`;
- the file is named after a hash of the language's source (grammar, parser, tree classes) and
  says that hash inside, so a changed language never reads an old tree;
- the file is read and written as every cache file is (`cache_files`: a regular file only,
  never through a link, at most `MAX_BYTES`, replaced whole);
- each entry is sealed with this user's key over the language, the entry point, the exact text
  and the result it holds, and the reader seals them again: an entry forged or edited, or
  belonging to another text, is not used; its tree must also fit that text (every span inside
  the text, every card name and number written where its span says);
- anything unreadable (a foreign, truncated or hostile file, an entry of the wrong shape) is a
  miss: the text is parsed again and the entry rewritten, silently.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import ast
from .cache_files import cache_dir, read_cache, seal, write_cache
from .diagnostics import Diagnostic

if TYPE_CHECKING:
    from .parser import Start

_HERE = Path(__file__).parent
FORMAT = "agesmith parse cache"
MAX_ENTRIES = 20_000
MAX_BYTES = 32 * 1024 * 1024  # ~100 times a pack of 160 cards; a larger file is no cache
# what the parser imports of its own package decides what a text parses to (the digit and number
# bounds of bounds.py among them): a change to any of them makes every cached parse stale
_SOURCES = (
    "grammar.lark",
    "parser.py",
    "layout.py",
    "ast.py",
    "diagnostics.py",
    "bounds.py",
    "errors.py",
    "parse_cache.py",
    "grammar_words.py",
    "cache_files.py",  # the parser keeps its compiled grammar there
)

Parsed = tuple[Any, Diagnostic | None]


@cache
def language_version() -> str:
    """A hash of everything that decides what a text parses to."""
    digest = hashlib.sha256()
    for name in _SOURCES:
        digest.update((_HERE / name).read_bytes())
    return digest.hexdigest()


def cache_file() -> Path:
    return cache_dir() / f"parsed-{language_version()[:16]}.json"


def entry_seal(start: str, text: str, body: str) -> str:
    """What an entry holding `body` (a result's JSON) must carry to be used for `text`."""
    return seal(FORMAT, language_version(), start, text, body)


def make_entry(start: str, text: str, result: Parsed) -> list[str]:
    body = json.dumps(_encode_result(result), ensure_ascii=False, separators=(",", ":"))
    return [entry_seal(start, text, body), body]


class ParseCache:
    """Parses texts, remembering results across processes."""

    def __init__(self) -> None:
        # start -> text -> [seal, encoded result as JSON text], as read from the file
        self._stored: dict[str, dict[str, Any]] | None = None
        self._decoded: dict[tuple[str, str], Parsed] = {}
        self._used: set[tuple[str, str]] = set()
        self._dirty = False

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._stored is None:
            self._stored = _read(cache_file())
        return self._stored

    def parse(self, text: str, start: Start) -> Parsed:
        key = (start, text)
        self._used.add(key)
        found = self._decoded.get(key)
        if found is not None:
            return found
        entries = self._load().setdefault(start, {})
        found = _decode_entry(entries.get(text), start, text)
        if found is None:  # a miss, or an entry that does not belong to this text
            # Lark is imported only when a text must be parsed
            from .parser import try_parse

            found = try_parse(text, start)
            entries[text] = make_entry(start, text, found)
            self._dirty = True
        self._decoded[key] = found
        return found

    def save(self) -> None:
        """Write the cache atomically if it learnt anything new; never fail."""
        if not self._dirty or self._stored is None:
            return
        if sum(len(e) for e in self._stored.values()) > MAX_ENTRIES:
            # old versions of edited texts: keep what is in use
            self._stored = {
                start: {t: v for t, v in entries.items() if (start, t) in self._used}
                for start, entries in self._stored.items()
            }
        data = {"format": FORMAT, "language": language_version(), "entries": self._stored}
        payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode(
            "utf-8", "replace"
        )
        # a file too large to be read back would only cost a write
        if len(payload) <= MAX_BYTES and write_cache(cache_file(), payload):
            self._dirty = False


def _read(path: Path) -> dict[str, dict[str, Any]]:
    """The entries of a cache file; anything else (missing, foreign, damaged) is no entry."""
    raw = read_cache(path, MAX_BYTES)
    if raw is None:
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return {}
    if (
        not isinstance(data, dict)
        or data.get("format") != FORMAT
        or data.get("language") != language_version()
        or not isinstance(data.get("entries"), dict)
    ):
        return {}
    return {
        start: entries
        for start, entries in data["entries"].items()
        if isinstance(start, str) and isinstance(entries, dict)
    }


# ------------------------------------------------------------------ the JSON form of results
#
# A node is {"n": class name, "s": [line, column, end line, end column] or null, "f": [fields
# in order]}; a tuple is a list; strings, numbers, booleans and null are themselves.

_NODES: dict[str, type] = {
    name: cls
    for name, cls in vars(ast).items()
    if isinstance(cls, type) and dataclasses.is_dataclass(cls) and issubclass(cls, ast.Node)
}
_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in dataclasses.fields(cls) if f.name != "span")
    for cls in _NODES.values()
}


class _Damaged(Exception):
    """An entry that is not the JSON form of a result."""


def _encode_result(result: Parsed) -> dict[str, Any]:
    tree, problem = result
    if problem is not None:
        return {"problem": dataclasses.asdict(problem)}
    return {"tree": _encode(tree)}


def _encode(value: Any) -> Any:
    if isinstance(value, ast.Node):
        span = value.span
        return {
            "n": type(value).__name__,
            "s": None if span is None else [span.line, span.column, span.end_line, span.end_column],
            "f": [_encode(getattr(value, name)) for name in _FIELDS[type(value)]],
        }
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _decode_entry(entry: Any, start: str, text: str) -> Parsed | None:
    """The result an entry holds, if it is well formed and sealed for `text`; else None."""
    if (
        type(entry) is not list
        or len(entry) != 2
        or type(entry[1]) is not str
        or entry[0] != entry_seal(start, text, entry[1])
    ):
        return None
    lines = (text if start == "rules" else text.rstrip()).split("\n")
    try:
        body = json.loads(entry[1])
        if type(body) is not dict:
            return None
        if "problem" in body:
            problem = _decode_problem(body["problem"], lines)
            return None, problem
        tree = _decode(body["tree"], lines)
    except (_Damaged, KeyError, TypeError, ValueError, RecursionError):
        return None
    if not isinstance(tree, ast.Node):
        return None
    return tree, None


def _decode_problem(data: Any, lines: list[str]) -> Diagnostic:
    if not isinstance(data, dict) or set(data) != set(_DIAGNOSTIC_FIELDS):
        raise _Damaged
    problem = Diagnostic(**data)
    if (
        problem.severity != "error"
        or not isinstance(problem.message, str)
        or not isinstance(problem.line, int)
        or not 1 <= problem.line <= len(lines)
        or (problem.source_line is not None and problem.source_line != lines[problem.line - 1])
    ):
        raise _Damaged
    return problem


_DIAGNOSTIC_FIELDS = tuple(f.name for f in dataclasses.fields(Diagnostic))
_LEAVES = frozenset({str, int, bool, type(None)})


def _decode(value: Any, lines: list[str]) -> Any:
    kind = type(value)
    if kind is dict:
        cls = _NODES.get(value.get("n"))
        fields = value.get("f")
        if cls is None or type(fields) is not list or len(fields) != len(_FIELDS[cls]):
            raise _Damaged
        names = _FIELDS[cls]
        # built as pickle builds it (the fields set directly): the classes have no checks
        # in __init__, and this is the hot path of loading a pack
        node: Any = object.__new__(cls)
        attributes = node.__dict__
        for name, field in zip(names, fields, strict=True):
            attributes[name] = _decode(field, lines)
        attributes["span"] = _span(value.get("s"), lines)
        _check_words(node, lines)
        return node
    if kind is list:
        return tuple([_decode(v, lines) for v in value])
    if kind in _LEAVES:
        return value
    raise _Damaged


def _span(raw: Any, lines: list[str]) -> ast.Span | None:
    """A span that lies inside the text."""
    if raw is None:
        return None
    if type(raw) is not list or len(raw) != 4:
        raise _Damaged
    line, column, end_line, end_column = raw
    if not (
        type(line) is type(column) is type(end_line) is type(end_column) is int
        and 1 <= line <= end_line <= len(lines)
        and 1 <= column <= len(lines[line - 1]) + 1
        and 1 <= end_column <= len(lines[end_line - 1]) + 1
        and (line, column) <= (end_line, end_column)
    ):
        raise _Damaged
    return ast.Span(line, column, end_line, end_column)


def _check_words(node: Any, lines: list[str]) -> None:
    """The words, names and numbers of a node are written in the text where its span says.

    Words are compared by their first three letters (the tree keeps base forms: "cities" is
    read as "city", "draws" as "draw"); a number written in digits must be written there."""
    span = node.span
    if span is None or span.line != span.end_line:
        return
    written = lines[span.line - 1][span.column - 1 : span.end_column - 1]
    if isinstance(node, ast.CardName) and node.name not in written:
        raise _Damaged
    written = written.lower()
    for name in _FIELDS[type(node)]:
        value = getattr(node, name)
        for leaf in value if isinstance(value, tuple) else (value,):
            if isinstance(leaf, str) and len(leaf) > 3 and leaf[:3].lower() not in written:
                raise _Damaged
            if (
                type(leaf) is int
                and str(leaf) not in written
                and any(ch.isdigit() for ch in written)
            ):
                raise _Damaged


PARSED = ParseCache()
