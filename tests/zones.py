"""Where the tests find Along History's zones in a position: the index of each of its zones in
`PlayerState.zones` and `State.zones`, from the bundled pack's own declaration."""

from __future__ import annotations

from pathlib import Path

import yaml

from interpreter.model.zones import ZoneTable

_GAME = Path(__file__).resolve().parents[1] / "cards" / "along_history" / "game.yaml"
_TABLE = ZoneTable.of(yaml.safe_load(_GAME.read_text(encoding="utf-8")))


def _index(name: str) -> int:
    found = _TABLE.find(name)
    assert found is not None, f"the bundled pack declares no zone {name!r}"
    return found[1]


ZONE_EVENTS = _index("events")  # in PlayerState.zones
ZONE_LEGACY = _index("legacy")
ZONE_DECK = _index("deck")  # in State.zones
ZONE_DISCARD = _index("discard pile")
