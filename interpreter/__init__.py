"""Plays a pack: the state as a value, the engine, the verbs' mechanics, bots.

The names below are imported when first used (PEP 562), so `import interpreter.playability`
(what `agesmith validate` needs) does not load the bots and the simulator.
"""

from __future__ import annotations

from importlib import import_module
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
