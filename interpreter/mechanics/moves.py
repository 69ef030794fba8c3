"""Small mechanics every verb shares: who does a step, moving a copy out of its zone,
destroying it, changing a counter within its limits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.bounds import counter_bound, within_bound
from rules_dsl.vocabulary import singular

from ..core.card_state import forget
from ..core.rows import leave_place
from ..model.zones import TABLEAU

if TYPE_CHECKING:
    from ..core.state import State
    from .game import Game


def role(act: ast.Act, preposition: str) -> Any:
    """The value of an act's role ("to ...", "from ...")."""
    return next((r.value for r in act.roles if r.preposition == preposition), None)


def is_the(obj: object, noun: str) -> bool:
    """Whether a phrase is "the <noun>" and nothing more ("the age", "the game")."""
    return (
        isinstance(obj, ast.NounPhrase)
        and obj.determiner == "the"
        and obj.count is None
        and obj.possessive is None
        and not obj.tails
        and len(obj.heads) == 1
        and isinstance(obj.heads[0], tuple)
        and tuple(singular(w) for w in obj.heads[0]) == (noun,)
    )


def doer(frame: dict[str, Any]) -> int:
    """The player doing the step: its subject's, else the player the rule speaks for."""
    return int(frame.get("doer", frame["player"]))


def remove_card(state: State, copy: int) -> tuple[int, int] | None:
    """Take a copy out of wherever it is; return (seat, zone) for a player's zone (the index
    of `PlayerState.zones`, or TABLEAU), None for a shared zone.

    Removing the top of a pile makes the card under it active again, and the cards under that
    one stay in decadence under it (AH-K8). A card taken from a row leaves its place empty
    (core/rows.py)."""
    for player in state.players:
        for z, zone in enumerate(player.zones):
            if copy in zone:
                zone.remove(copy)
                return player.seat, z
        for i, pile in enumerate(player.tableau):
            if copy in pile:
                rest = [c for c in pile if c != copy]  # a new pile: piles are shared
                if copy in player.tilted:
                    player.tilted.remove(copy)
                if rest:
                    player.tableau[i] = rest
                else:
                    del player.tableau[i]
                return player.seat, TABLEAU
    for z, zone in enumerate(state.zones):
        if copy in zone:
            if z in state.gaps:
                leave_place(state, z, copy)
            else:
                zone.remove(copy)
    return None


def is_tilted(state: State, copy: int) -> bool:
    return any(copy in player.tilted for player in state.players)


def move_card(state: State, copy: int, seat: int, zone: int) -> None:
    """Move a copy into one of a player's zones (`PlayerState.zones`' index), or into their
    tableau (TABLEAU) as a pile of its own.

    A card keeps its turned state: a tilted card stays tilted, in its new tableau too, until
    its owner straightens it (a card in another zone is never turned)."""
    tilted = is_tilted(state, copy)
    remove_card(state, copy)
    player = state.players[seat]
    if zone == TABLEAU:
        player.tableau.append([copy])
        if tilted:
            player.tilted.append(copy)
    else:
        player.zones[zone].append(copy)


def discard_card(game: Game, state: State, copy: int) -> None:
    """Put a copy on the discard pile (from wherever it is): a fresh card again."""
    remove_card(state, copy)
    forget(state, copy)
    state.zones[game.zones.discard].append(copy)


def destroy(game: Game, state: State, copy: int) -> None:
    where = remove_card(state, copy)
    forget(state, copy)
    state.zones[game.zones.discard].append(copy)
    whose = f" of {game.player_name(where[0])}" if where else ""
    game.say(state, f"{game.name(copy)}{whose} is destroyed.")
    game.note("destroy", card=copy, frames=state.frames)


def gain_counter(game: Game, state: State, seat: int, counter: str, amount: int) -> int:
    """Add to a player's counter within its limit; return what was really added."""
    player = state.players[seat]
    before = player.counters.get(counter, 0)
    after = within_bound(before + amount, counter_bound(game.pack.game.get("counters"), counter))
    player.counters[counter] = after
    return after - before


def counter_name(words: tuple[str, ...], game: Game) -> str | None:
    return game.lexicon.counter(tuple(singular(w) for w in words)) or game.lexicon.counter(words)
