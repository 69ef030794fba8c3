"""Actions and decisions: the choices offered to players, as plain data.

An `Action` is a kind ("acquire", "reroll", "pass"...), its parameters (which card, which dice,
which bonuses pay...) and a sentence for people. A `Decision` is the player who must choose and
the actions they may take; it is stored in the state while it waits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Action:
    kind: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    text: str = field(default="", compare=False)

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "params": self.params, "text": self.text}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Action:
        return cls(data["kind"], dict(data.get("params") or {}), data.get("text", ""))

    def __str__(self) -> str:
        return self.text or f"{self.kind} {self.params}"


@dataclass
class Decision:
    player: int
    kind: str                           # what is being decided, for people and bots
    options: list[Action]
    prompt: str = ""

    def to_data(self) -> dict[str, Any]:
        # the sentence is part of the data so that saved games read the same
        return {"player": self.player, "kind": self.kind, "prompt": self.prompt,
                "options": [o.to_data() for o in self.options]}
