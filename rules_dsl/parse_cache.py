"""A disk cache of parsed rules, so that a pack loads fast in a fresh process.

Trees are immutable and carry positions relative to their text, so a tree parsed once can be
reused for the same text in any file. The cache file is named after a hash of the language's
source (grammar, parser, tree classes), so a change to the language never reads a stale tree.
Any failure to read or write the cache is ignored: it only ever saves time.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic
from .parser import Start, try_parse

_HERE = Path(__file__).parent
MAX_ENTRIES = 20_000
_SOURCES = ("grammar.lark", "parser.py", "layout.py", "ast.py", "diagnostics.py")


@cache
def _cache_file() -> Path:
    digest = hashlib.sha256()
    for name in _SOURCES:
        digest.update((_HERE / name).read_bytes())
    root = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "agesmith"
    return root / f"parsed-{digest.hexdigest()[:16]}.pickle"


class ParseCache:
    """Parses texts, remembering results across processes."""

    def __init__(self) -> None:
        self._entries: dict[tuple[str, str], tuple[Any, Diagnostic | None]] | None = None
        self._dirty = False
        self._used: set[tuple[str, str]] = set()

    def _load(self) -> dict[tuple[str, str], tuple[Any, Diagnostic | None]]:
        if self._entries is None:
            try:
                with open(_cache_file(), "rb") as f:
                    self._entries = pickle.load(f)
            except Exception:       # a missing, partial or foreign file: start afresh
                self._entries = {}
        return self._entries

    def parse(self, text: str, start: Start) -> tuple[Any, Diagnostic | None]:
        entries = self._load()
        key = (start, text)
        self._used.add(key)
        found = entries.get(key)
        if found is None:
            found = try_parse(text, start)
            entries[key] = found
            self._dirty = True
        return found

    def save(self) -> None:
        """Write the cache atomically if it learnt anything new."""
        if not self._dirty or self._entries is None:
            return
        if len(self._entries) > MAX_ENTRIES:   # old versions of edited texts: keep what is in use
            self._entries = {k: v for k, v in self._entries.items() if k in self._used}
        path = _cache_file()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".parsed-")
            with os.fdopen(fd, "wb") as f:
                pickle.dump(self._entries, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
            self._dirty = False
        except OSError:
            pass


PARSED = ParseCache()
