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

    @property
    def names(self) -> tuple[str, ...]:
        """The kinds' names, in the order the pack declares them."""
        return tuple(k.name for k in self.kinds)

    def find(self, word: str) -> PieceSpec | None:
        """The kind a word names, singular or plural ("citizen", "citizens")."""
        return next(
            (k for k in self.kinds if word in (k.name, f"{k.name}s") or singular(word) == k.name),
            None,
        )

    def showing(self) -> dict[str, tuple[str, ...]]:
        """Each card type whose symbols count once per piece on the card (`shows symbols of`),
        with the kinds of piece counted on it; empty when no kind says so."""
        out: dict[str, tuple[str, ...]] = {}
        for kind in self.kinds:
            for card_type in kind.shows:
                out[card_type] = (*out.get(card_type, ()), kind.name)
        return out

    def claiming(self) -> tuple[tuple[str, ...], frozenset[str]]:
        """The kinds of piece that make a card their owner's (`claims`), and the card types
        they do it for; empty when no kind says so."""
        kinds = tuple(k.name for k in self.kinds if k.claims)
        types = frozenset(t for k in self.kinds for t in k.claims)
        return kinds, types


NO_PIECES = PieceTable()
