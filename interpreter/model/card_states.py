"""The pack's card states (`card states:` in game.yaml, `rules_dsl/card_states.py`), indexed
for play: which state is face down, which marks each end of a turn, round or age clears.

A position keeps only the copies that differ from a fresh card (`interpreter/core/card_state.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_dsl.card_states import FACE_DOWN, MARK, CardStateSpec, declared_card_states


@dataclass(frozen=True)
class CardStateTable:
    """Every card state of the game."""

    states: tuple[CardStateSpec, ...] = ()

    @classmethod
    def of(cls, game: dict[str, Any]) -> CardStateTable:
        return cls(tuple(declared_card_states(game)))

    def find(self, name: str) -> CardStateSpec | None:
        return next((s for s in self.states if s.name == name), None)

    def names(self) -> list[str]:
        return [s.name for s in self.states]

    @property
    def face_down(self) -> CardStateSpec | None:
        """The state that turns a card face down, if the game has one."""
        return next((s for s in self.states if s.kind == FACE_DOWN), None)

    @property
    def keeps_points(self) -> bool:
        """Whether a face-down card's points still count."""
        down = self.face_down
        return down is not None and down.keeps_points

    def marks_lasting(self, lifetime: str) -> tuple[str, ...]:
        """The marks cleared when a `lifetime` (turn, round, age) ends."""
        return tuple(s.name for s in self.states if s.kind == MARK and s.lasts == lifetime)


NO_CARD_STATES = CardStateTable()
