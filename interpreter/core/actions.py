"""Actions and decisions: the choices offered to players, as plain data.

An `Action` is a kind ("acquire", "reroll", "pass"...), its parameters (which card, which dice,
which bonuses pay...) and a sentence for people. A `Decision` is the player who must choose and
the actions they may take; it is stored in the state while it waits, its options as they are
(an Action is never changed once offered, so positions share them).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final


class Action:
    """A choice: its kind, its parameters, and a sentence for people.

    The sentence may be written lazily: the action phase offers hundreds of choices and a
    bot reads none of their sentences, so they are only composed when `text` is read.
    Two actions are equal when their kind and parameters are."""

    __slots__ = ("_describe", "_text", "kind", "params")

    def __init__(
        self,
        kind: str,
        params: dict[str, Any] | None = None,
        text: str = "",
        describe: Callable[[Action], str] | None = None,
    ) -> None:
        self.kind = kind
        self.params = dict(params or {})
        self._text = text
        self._describe = describe

    @property
    def text(self) -> str:
        if not self._text and self._describe is not None:
            self._text = self._describe(self)
        return self._text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.kind == other.kind and self.params == other.params

    def __hash__(self) -> int:
        return hash((self.kind, json.dumps(self.params, sort_keys=True)))

    def same(self, other: Action) -> bool:
        """The same choice (kind and parameters), ignoring the sentence."""
        return self is other or (self.kind == other.kind and self.params == other.params)

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self.params!r}, {self.text!r})"

    def to_data(self, text: bool = True) -> dict[str, Any]:
        if not text:
            return {"kind": self.kind, "params": self.params}
        return {"kind": self.kind, "params": self.params, "text": self.text}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Action:
        return cls(data["kind"], dict(data.get("params") or {}), data.get("text", ""))

    def __str__(self) -> str:
        return self.text or f"{self.kind} {self.params}"


# The kind of the decision that offers a player the turn's actions (the action menu): the engine's
# word, which a pack may also give to a card type of its own.
ACTION_MENU: Final = "action"


@dataclass
class Decision:
    player: int
    kind: str  # what is being decided, for people and bots
    options: list[Action]
    prompt: str = ""
    describe: str | None = None  # the describer that writes the options' sentences later

    def pending(self) -> dict[str, Any]:
        """The decision as the state keeps it while it waits."""
        out: dict[str, Any] = {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": self.options,
        }
        if self.describe is not None:
            out["describe"] = self.describe
        return out
