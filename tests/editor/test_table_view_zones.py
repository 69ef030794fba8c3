"""The playtest table draws the pack's own zones, and keeps a zone only its owner sees
(`seen by: owner`) secret from the other players."""

from __future__ import annotations

from pathlib import Path

from editor import table_view as tv
from interpreter import Game

ZONES = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "zones"


def test_a_zone_seen_by_its_owner_shows_only_how_many_cards_to_others() -> None:
    game = Game.load(ZONES)
    state = game.new(2, seed=1)
    market = game.zone(state, "market")
    secret = market.pop()
    game.zone(state, "reserve", 0).append(secret)
    name = game.name(secret)
    own = tv.zones_html(game, state, 0)
    assert "Reserve" in own and name in own and "Hand" in own and "Table" in own
    other = tv.zones_html(game, state, 0, hidden=True)
    assert "Reserve: 1 card, unseen" in other
    assert other.count(name) == own.count(name) - 1  # the hand is still seen
