"""The pack's zones, indexed for play.

A position keeps each zone as a list of card copies: the shared zones in `State.zones`, each
player's in `PlayerState.zones`, both in the order the game file declares them. The zone with
the role `tableau` is the exception: its cards lie in piles (`PlayerState.tableau`, the
active card of each pile first), so it has no list of its own. The engine's own mechanics
(the action phase, the age change, drawing and discarding) find the zones they move cards
between by their roles (`rules_dsl/zones.py`), never by a name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_dsl.zones import HAND, ZoneSpec, declared_zones, missing_roles

__all__ = ["NO_ZONES", "TABLEAU", "ZoneTable", "missing_roles"]

TABLEAU = -2  # the index of the tableau zone: it is kept as piles, not as a list


@dataclass(frozen=True)
class ZoneTable:
    """Every zone of the game, and the index of each role's zone."""

    player: tuple[ZoneSpec, ...]  # a player's zones kept as lists, in PlayerState.zones' order
    shared: tuple[ZoneSpec, ...]  # in State.zones' order
    tableau: ZoneSpec | None
    hand: int  # index in PlayerState.zones
    archive: int  # -1: the game has no archive
    draw: int  # index in State.zones
    discard: int
    # the shared zones that are rows (kind: row): (index in State.zones, places), in order
    rows: tuple[tuple[int, int], ...] = ()

    @classmethod
    def of(cls, game: dict[str, Any]) -> ZoneTable:
        zones = declared_zones(game)
        tableau = next((z for z in zones if z.role == "tableau"), None)
        player = tuple(z for z in zones if z.owner == "player" and z is not tableau)
        shared = tuple(z for z in zones if z.owner == "shared")

        def index(group: tuple[ZoneSpec, ...], role: str) -> int:
            return next((i for i, z in enumerate(group) if z.role == role), -1)

        return cls(
            player,
            shared,
            tableau,
            index(player, HAND),
            index(player, "archive"),
            index(shared, "draw pile"),
            index(shared, "discard pile"),
            tuple((i, z.places) for i, z in enumerate(shared) if z.kind == "row" and z.places),
        )

    def places(self, index: int) -> int:
        """How many places the shared zone at `index` has when it is a row; 0 otherwise."""
        return next((places for i, places in self.rows if i == index), 0)

    def find(self, name: str) -> tuple[str, int] | None:
        """Where the zone called `name` is kept: ("player", index), ("shared", index), or
        ("player", TABLEAU) for the tableau; None if the game declares no such zone."""
        if self.tableau is not None and name == self.tableau.name:
            return "player", TABLEAU
        for owner, group in (("player", self.player), ("shared", self.shared)):
            for i, zone in enumerate(group):
                if zone.name == name:
                    return owner, i
        return None

    def name(self, role: str) -> str:
        """The name of the zone with `role` (the game's own word, for messages)."""
        if role == "tableau":
            return self.tableau.name if self.tableau is not None else role
        for zone in (*self.player, *self.shared):
            if zone.role == role:
                return zone.name
        return role

    def player_order(self) -> list[tuple[str, int]]:
        """Each zone of a player as the pack declares them, with where it is kept: its index in
        `PlayerState.zones`, or TABLEAU."""
        kept = [(z, i) for i, z in enumerate(self.player)]
        if self.tableau is not None:
            kept.append((self.tableau, TABLEAU))
        return [(z.name, i) for z, i in sorted(kept, key=lambda zi: zi[0].at)]

    def names(self, owner: str) -> list[str]:
        group = [*self.player, *([self.tableau] if self.tableau else [])]
        zones = group if owner == "player" else list(self.shared)
        return [z.name for z in sorted(zones, key=lambda z: z.at)]


NO_ZONES = ZoneTable.of({})
