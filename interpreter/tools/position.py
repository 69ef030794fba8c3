"""A position in one line of text, for test messages and logs (in the spirit of a FEN).

    age 1 round 3 active 1 | p1 E[Forest,Tiger] C[Hunting*,The Fire>Homo Erectus] L[] gold 3
    universal resource 1 tokens 1,3 @1a score 0 | p2 ... | deck 40 discard 2 | dice 2 population,...

`*` marks a tilted card, `A>B` a card B in decadence under A; what a card carries follows it in
brackets: `Farm(damaged)` (the pack's face-down state), `Temple(used,3 ambrosia)` (its marks and
the tokens on it). It is for reading: a position is saved and loaded as JSON (`State.to_json`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..mechanics.dice import die_text
from ..model.zones import TABLEAU

if TYPE_CHECKING:
    from ..core.state import PlayerState, State
    from ..engine.game import Game


def carried(game: Game, cards: dict[int, dict], copy: int) -> str:
    """A card's name, and what it carries (`core/card_state.py`) in brackets."""
    entry = cards.get(copy)
    if not entry:
        return game.name(copy)
    down = game.catalog.card_states.face_down
    notes = [down.name] if "down" in entry and down is not None else []
    notes += entry.get("marks", [])
    notes += [f"{n} {counter}" for counter, n in sorted(entry.get("tokens", {}).items())]
    return f"{game.name(copy)}({','.join(notes)})"


def _player(game: Game, player: PlayerState, state_cards: dict[int, dict]) -> str:
    """A player's zones, each by its initial, in the order the pack declares them."""

    def card(copy: int) -> str:
        return carried(game, state_cards, copy) + ("*" if copy in player.tilted else "")

    zones = game.zones
    shown = []
    for name, index in zones.player_order():
        cards = (
            ",".join(">".join(card(c) for c in pile) for pile in player.tableau)
            if index == TABLEAU
            else ",".join(carried(game, state_cards, c) for c in player.zones[index])
        )
        shown.append(f"{name[:1].upper()}[{cards}]")
    counters = " ".join(f"{k} {v}" for k, v in sorted(player.counters.items()))
    tokens = ",".join(str(t) for t in player.tokens) or "-"
    where = f" @{player.space}" if player.space else ""
    return (
        f"p{player.seat + 1} {' '.join(shown)} {counters} tokens {tokens}"
        f"{where} score {player.score}"
    )


def position_line(game: Game, state: State) -> str:
    """The position in one line."""
    head = f"age {state.age + 1} round {state.round} active {state.active + 1}"
    players = " | ".join(_player(game, p, state.cards) for p in state.players)
    dice = ",".join(die_text(game, d) + ("(used)" if d["used"] else "") for d in state.dice)
    shared = zip(game.zones.shared, state.zones, strict=True)
    tail = " ".join(f"{zone.name} {len(cards)}" for zone, cards in shared) + (
        f" | dice {dice}" if dice else ""
    )
    status = (
        " | over"
        if state.over
        else (f" | to move p{state.to_move + 1}" if state.to_move is not None else "")
    )
    return f"{head} | {players} | {tail}{status}"
