"""The pack's kinds of piece (`pieces:` in game.yaml, `rules_dsl/pieces.py`), indexed for play.

The pieces themselves are in the position (`interpreter/core/pieces.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_dsl.pieces import PieceSpec, declared_pieces
from rules_dsl.vocabulary import singular


@dataclass(frozen=True)
class PieceTable:
    """Every kind of piece of the game."""

    kinds: tuple[PieceSpec, ...] = ()

    @classmethod
    def of(cls, game: dict[str, Any]) -> PieceTable:
        return cls(tuple(declared_pieces(game)))

    def find(self, word: str) -> PieceSpec | None:
        """The kind a word names, singular or plural ("citizen", "citizens")."""
        return next(
            (k for k in self.kinds if word in (k.name, f"{k.name}s") or singular(word) == k.name),
            None,
        )


NO_PIECES = PieceTable()
