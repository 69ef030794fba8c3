"""Plays a pack: the state as a value, the engine, the verbs' mechanics, bots.

The names below are imported when first used (PEP 562), so `import interpreter.playability`
(what `agesmith validate` needs) does not load the bots and the simulator.

The play loop may be installed compiled (mypyc, see setup.py) next to its sources; the sources
run instead when `AGESMITH_PURE_PYTHON` is set (to profile, or to compare the two) and when a
source changed after it was compiled (an editable install being edited). `compiled()` says
which one runs.
"""

from __future__ import annotations

import os
import sys
import warnings
from importlib import import_module
from importlib.machinery import (
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    ModuleSpec,
    SourceFileLoader,
)
from typing import Any

_WHERE = {"Action": "actions", "Decision": "actions", "BOTS": "registry", "GreedyBot": "bots",
          "RandomBot": "bots", "Game": "engine", "IllegalActionError": "errors",
          "PackError": "errors", "RuleError": "errors", "RuleLoopError": "errors",
          "Report": "report", "simulate": "simulate", "State": "state"}

__all__ = ["BOTS", "Action", "Decision", "Game", "GreedyBot", "IllegalActionError", "PackError",
           "RandomBot", "Report", "RuleError", "RuleLoopError", "State", "simulate"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def compiled() -> bool:
    """Whether the play loop runs compiled (mypyc) rather than from its Python sources."""
    from importlib.util import find_spec
    spec = find_spec(f"{__name__}.engine")
    return bool(spec and spec.origin and not spec.origin.endswith(".py"))


class _Sources:
    """A finder (sys.meta_path) of this package's modules among their Python sources only."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if not path or not name.startswith(f"{__name__}."):
            return None
        return FileFinder(path[0], (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(name, target)


# Files unpacked by one install are seconds apart at most; an edit after a build is later.
_STALE_AFTER_S = 2.0


def _stale(here: str) -> str | None:
    """A compiled module of the folder `here` whose source is newer than it, if any."""
    for entry in os.scandir(here):
        suffix = next((s for s in EXTENSION_SUFFIXES if entry.name.endswith(s)), None)
        if suffix is None:
            continue
        source = os.path.join(here, entry.name[:-len(suffix)] + ".py")
        if (os.path.exists(source)
                and os.stat(source).st_mtime > entry.stat().st_mtime + _STALE_AFTER_S):
            return os.path.basename(source)
    return None


if os.environ.get("AGESMITH_PURE_PYTHON", "") not in ("", "0"):
    sys.meta_path.insert(0, _Sources())
elif (_changed := _stale(os.path.dirname(__file__))) is not None:
    warnings.warn(f"interpreter/{_changed} changed after it was compiled: the interpreter runs "
                  "from its Python sources (slower) until `pip install -e .` compiles it again",
                  stacklevel=2)
    sys.meta_path.insert(0, _Sources())
