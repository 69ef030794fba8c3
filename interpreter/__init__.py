"""Plays a pack: the state as a value, the engine, the verbs' mechanics, bots.

The modules are in subpackages by layer; each imports only from the layers below it, type-only
imports included (pyproject.toml, [tool.importlinter]; `lint-imports` is a test):

- `core`: the state as a value (`State`), actions and decisions, the game's chance, the errors,
  what a verb's handler tells the engine (`control`). Imports nothing else of the interpreter.
- `model`: the pack's components as plain records the layers above index, with no rules in
  them: its zones (`model.zones`).
- `compile`: the pack compiled for play, once when a game loads: the meaning of the language's
  words (`meaning`: conditions, numbers, zone phrases, the evaluation context), selectors of
  cards and players, rules as flat programs, and the cards (`catalog`). The catalogue compiles
  each card's rules with `meaning`, and `meaning`'s context holds the compiled catalogue, so
  they are one layer.
- `mechanics`: the verbs' handlers and what they share (moves, effects, wars, the board, dice,
  ages, costs, payments, the action phase). They see the game through `mechanics.game.Game`, a
  protocol the engine's `Game` satisfies, never the engine class.
- `engine`: `Game` (`engine.game`): load a pack, start a game, list the choices, apply one.
- `bots`: players of a position (random, greedy, the search bot), playouts, the bots by name.
- `tools`: what is built on play: scenarios, saves, simulation and the balance report, the
  read-back (`explain`), odds, the playability and setup checks, the one-line position.

The names below are imported when first used (PEP 562), so `import interpreter.tools.playability`
(what `agesmith validate` needs) does not load the bots and the simulator.

The play loop (the packages setup.py compiles) may be installed compiled (mypyc) next to its
sources; the sources run instead when `AGESMITH_PURE_PYTHON` is set (to profile, or to compare
the two) and when a source changed after it was compiled (an editable install being edited).
`compiled()` says which one runs.
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

_WHERE = {
    "Action": "core.actions",
    "Decision": "core.actions",
    "BOTS": "bots.registry",
    "GreedyBot": "bots.greedy",
    "RandomBot": "bots.greedy",
    "Game": "engine.game",
    "IllegalActionError": "core.errors",
    "PackError": "core.errors",
    "RuleError": "core.errors",
    "RuleLoopError": "core.errors",
    "Report": "tools.report",
    "simulate": "tools.simulate",
    "State": "core.state",
}

__all__ = [
    "BOTS",
    "Action",
    "Decision",
    "Game",
    "GreedyBot",
    "IllegalActionError",
    "PackError",
    "RandomBot",
    "Report",
    "RuleError",
    "RuleLoopError",
    "State",
    "simulate",
]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def compiled() -> bool:
    """Whether the play loop runs compiled (mypyc) rather than from its Python sources."""
    from importlib.util import find_spec

    spec = find_spec(f"{__name__}.engine.game")
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
    """A compiled module under the folder `here` whose source is newer than it, if any (its
    path from `here`): the compiled modules are in the layers' subfolders."""
    for folder, _, names in os.walk(here):
        for name in names:
            suffix = next((s for s in EXTENSION_SUFFIXES if name.endswith(s)), None)
            if suffix is None:
                continue
            built = os.path.join(folder, name)
            source = os.path.join(folder, name[: -len(suffix)] + ".py")
            if (
                os.path.exists(source)
                and os.stat(source).st_mtime > os.stat(built).st_mtime + _STALE_AFTER_S
            ):
                return os.path.relpath(source, here)
    return None


if os.environ.get("AGESMITH_PURE_PYTHON", "") not in ("", "0"):
    sys.meta_path.insert(0, _Sources())
elif (_changed := _stale(os.path.dirname(__file__))) is not None:
    warnings.warn(
        f"interpreter/{_changed} changed after it was compiled: the interpreter runs "
        "from its Python sources (slower) until `pip install -e .` compiles it again",
        stacklevel=2,
    )
    sys.meta_path.insert(0, _Sources())
