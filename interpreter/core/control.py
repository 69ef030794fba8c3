"""What a verb's handler tells the engine to do next: go on, wait for a decision, run a program,
or jump within its own.

The handlers (mechanics) return these values and never import the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Decision


@dataclass
class Result:
    """What a handler asks the engine to do next."""

    kind: str  # next | wait | push | jump
    decision: Decision | None = None
    frame: dict[str, Any] | None = None
    target: int = 0


NEXT = Result("next")


def wait(decision: Decision) -> Result:
    return Result("wait", decision=decision)


def push(frame: dict[str, Any]) -> Result:
    return Result("push", frame=frame)


def jump(target: int) -> Result:
    """Go on at instruction `target` of the same program (if, otherwise, repeat, may)."""
    return Result("jump", target=target)


PHASE = "phase:"  # the prefix of a phase's program: "phase:turn"


def phase_program(name: str) -> str:
    """The program a phase of the pack compiles to."""
    return PHASE + name
