"""Zones are the pack's: the engine learns their names and parts from `zones:` in game.yaml.

Along History with every zone renamed (in game.yaml and in every card's rules) plays exactly
the games the bundled pack plays; a zone the pack declares beyond the ones the engine's own
mechanics use is played by the rules that name it; a zone the pack does not declare, or a role
given wrongly, is an error at its place."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.playout import playout
from interpreter.core.errors import PackError
from interpreter.tools.saves import load_text, save_text
from interpreter.tools.validation import validate

BUNDLED = Path(__file__).resolve().parents[2] / "cards" / "along_history"
RENAMED = {
    r"\bevents\b": "hand",
    r"\bcivilization\b": "tableau",
    r"\blegacy\b": "vault",
    r"\bdiscard pile\b": "graveyard",
    r"\bdeck\b": "library",
}


def renamed_pack(tmp_path: Path) -> Path:
    """A copy of Along History whose zones have other names, everywhere the pack writes them."""
    folder = tmp_path / "renamed"
    shutil.copytree(BUNDLED, folder)
    for path in folder.rglob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        for old, new in RENAMED.items():
            text = re.sub(old, new, text)
        # "deck emptied" is an event of the age's end and "discard pile" a role, not names
        text = text.replace("library emptied", "deck emptied")
        path.write_text(text.replace("role: graveyard", "role: discard pile"), encoding="utf-8")
    return folder


def test_renaming_every_zone_changes_nothing_in_play(tmp_path: Path) -> None:
    original, renamed = Game.load(BUNDLED), Game.load(renamed_pack(tmp_path))
    assert renamed.zones.names("player") == ["hand", "tableau", "vault"]
    for seed in range(4):
        bots = [RandomBot(seed * 7 + i) for i in range(3)]
        a = playout(original, bots, seed)
        bots = [RandomBot(seed * 7 + i) for i in range(3)]
        b = playout(renamed, bots, seed)
        assert a.over and b.over
        assert a.digest() == b.digest(), f"seed {seed}: the renamed pack played another game"
    greedy_a = playout(original, [GreedyBot(s) for s in range(3)], 11)
    greedy_b = playout(renamed, [GreedyBot(s) for s in range(3)], 11)
    assert greedy_a.digest() == greedy_b.digest()


def test_the_renamed_pack_validates_and_saves_by_its_own_names(tmp_path: Path) -> None:
    folder = renamed_pack(tmp_path)
    _, diagnostics = validate(folder)
    assert [d.render() for d in diagnostics if d.is_error] == []
    game = Game.load(folder)
    state = game.new(3, seed=5)
    text = save_text(game, state)
    data = json.loads(text)
    assert set(data["state"]["zones"]) == {"library", "graveyard"}
    assert set(data["state"]["players"][0]["zones"]) == {"hand", "vault"}
    assert "tableau" in data["state"]["players"][0]
    loaded, _, _ = load_text(game, text)
    assert loaded.digest() == state.digest()
    log = "\n".join(game.new(3, seed=5).log)
    assert "events" not in log and "civilization" not in log


def test_a_zone_of_the_pack_beyond_the_engines_own_is_played(tmp_path: Path) -> None:
    """A shared "market" the pack declares: its setup puts cards there, draws from it and
    shuffles it; a card's rule reads it ("the number of cards in the market")."""
    folder = tmp_path / "market"
    shutil.copytree(BUNDLED, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    text = text.replace(
        "discard pile: {role: discard pile}]", "discard pile: {role: discard pile}, market]"
    )
    text = text.replace(
        "  put each wonder of the age into the deck\n",
        "  put each wonder of the age into the market\n"
        "  shuffle the market\n"
        "  each player in turn order draws a card from the market into their legacy\n",
    )
    game_file.write_text(text, encoding="utf-8")
    game = Game.load(folder)
    state = game.new(3, seed=2)
    market = game.zone(state, "market")
    wonders = [
        c for c in game.catalog.copies_of_age("prehistory") if game.catalog.info(c).type == "wonder"
    ]
    in_legacies = [c for p in state.players for c in game.zone(state, "legacy", p.seat)]
    assert sorted(market + in_legacies) == sorted(wonders)
    assert len(in_legacies) == 3 and all(game.catalog.info(c).type == "wonder" for c in in_legacies)
    assert not set(wonders) & set(game.zone(state, "deck"))
    saved = json.loads(save_text(game, state))
    assert saved["state"]["zones"]["market"] == [saved["copies"][c] for c in market]
    finished = playout(game, [RandomBot(i) for i in range(3)], 2)
    assert finished.over


def test_a_zone_the_pack_does_not_declare_is_an_error_with_the_zones_it_does(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "unknown"
    shutil.copytree(BUNDLED, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(
        text.replace("  shuffle the deck\n", "  shuffle the discard deck\n", 1), encoding="utf-8"
    )
    _, diagnostics = validate(folder)
    errors = [d for d in diagnostics if d.is_error]
    assert errors, "an undeclared zone must not validate"
    message = errors[0].render()
    assert '"discard deck" is not a zone of the game' in message
    assert 'did you mean "discard pile"?' in message
    assert (
        "the zones game.yaml declares: events, civilization, legacy, deck, discard pile" in message
    )
    assert re.search(r"game\.yaml:\d+:\d+", message)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("legacy: {role: archive}", "legacy: {role: draw pile}", "is not a role of a player"),
        ("legacy: {role: archive}", "legacy: {role: hand}", "given to two zones"),
        ("events: {role: hand}", "events", 'no zone has the role "hand"'),
        ("legacy: {role: archive}", "legacy: {role: archive}, events", "declared twice"),
    ],
)
def test_a_zone_declared_wrongly_is_located_with_a_hint(
    tmp_path: Path, old: str, new: str, expected: str
) -> None:
    folder = tmp_path / "wrong"
    shutil.copytree(BUNDLED, folder)
    game_file = folder / "game.yaml"
    game_file.write_text(
        game_file.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8"
    )
    _, diagnostics = validate(folder)
    errors = [d.render() for d in diagnostics if d.is_error]
    assert any(expected in e for e in errors), errors
    assert all("Traceback" not in e for e in errors)
    with pytest.raises(PackError):
        Game.load(folder)
