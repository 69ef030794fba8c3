"""The interpreter's errors: each a specific subclass whose message says what and where."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """A rule the interpreter cannot run; carries the node for its place."""

    def __init__(self, message: str, node: Any = None) -> None:
        super().__init__(message)
        self.node = node


class IllegalActionError(ValueError):
    """An action that is not among the legal ones; the state is unchanged."""


class PackError(Exception):
    """A pack that does not load or holds a rule the interpreter cannot run."""


class RuleLoopError(RuntimeError):
    """A rule that ran past the step budget without asking anyone anything."""
