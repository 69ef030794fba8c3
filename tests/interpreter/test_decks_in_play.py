"""Named decks in play (tests/packs/conformance/decks): the copies a game of this many players
holds go into their zones once, before the first age's setup; the catalogue numbers them the
same on every load (saves name copies by that numbering); a save refuses a copy the number of
players leaves out; the setup's "put each <kind> of the <deck>" moves the deck's cards."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.bots.greedy import RandomBot
from interpreter.bots.playout import play_out
from interpreter.tools.saves import SaveError, copy_ids, load_text, save_text
from interpreter.tools.simulate import simulate

DECKS = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "decks"


def names(game: Game, cards: list[int]) -> list[str]:
    return [game.name(c) for c in cards]


def test_the_catalogue_numbers_the_decks_copies_in_the_order_written() -> None:
    game = Game.load(DECKS)
    ids = copy_ids(game)
    assert ids == copy_ids(Game.load(DECKS))
    assert ids[:2] == ["supplies/field", "supplies/field#2"]
    assert ids[12:] == [
        "military deck/spearman",
        "military deck/spearman#2",
        "military deck/spearman#3",
        "military deck/veteran",
        "military deck/ballista",
        "military deck/ballista#2",
        "titans/hydra",
        "titans/cyclops",
    ]


@pytest.mark.parametrize(("players", "soldiers"), [(2, 2), (3, 4)])
def test_each_copy_of_the_game_is_dealt_once_and_the_left_out_ones_nowhere(
    players: int, soldiers: int
) -> None:
    game = Game.load(DECKS)
    state = game.new(players=players, seed=5)
    row = game.zone(state, "military row")
    assert len(row) == soldiers and {game.catalog.info(c).type for c in row} == {"soldier"}
    assert ("Veteran" in names(game, row)) == (players == 3)
    held = [c for z in state.zones for c in z] + [
        c for p in state.players for z in p.zones for c in z
    ]
    assert len(held) == len(set(held))  # each copy in one place
    in_game = [c for c in range(len(game.catalog.copies)) if game.catalog.in_game(c, players)]
    assert sorted(held) == in_game
    assert names(game, game.zone(state, "titan pile")) == ["Hydra", "Cyclops"]  # not shuffled


def test_a_shuffled_deck_is_shuffled_by_the_games_seed() -> None:
    game = Game.load(DECKS)
    orders = {
        tuple(names(game, game.zone(game.new(players=3, seed=s), "military row"))) for s in range(6)
    }
    assert len(orders) > 1
    again = game.new(players=3, seed=4)
    assert game.new(players=3, seed=4).digest() == again.digest()


def test_a_save_refuses_a_copy_the_number_of_players_leaves_out() -> None:
    game = Game.load(DECKS)
    state = game.new(players=2, seed=1)
    data = json.loads(save_text(game, state))
    loaded, _, _ = load_text(game, json.dumps(data))
    assert loaded.digest() == state.digest()
    data["state"]["zones"]["military row"].append("military deck/veteran")
    with pytest.raises(SaveError, match="not in a game of 2 players"):
        load_text(game, json.dumps(data))


def test_the_decks_are_dealt_once_in_a_game_of_two_ages(tmp_path: Path) -> None:
    """The second age (no cards of its own) deals nothing again: the military deck's cards
    left in its zone are those the first age left there."""
    folder = tmp_path / "decks"
    shutil.copytree(DECKS, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(
        text.replace(
            "  - {id: campaign, name: The Campaign}\n",
            "  - {id: campaign, name: The Campaign}\n  - {id: aftermath, name: The Aftermath}\n",
        ),
        encoding="utf-8",
    )
    game = Game.load(folder)
    for seed in range(3):
        state = game.new(players=2, seed=seed)
        play_out(game, state, [RandomBot(seed), RandomBot(seed + 1)])
        assert state.over and len(state.players[0].age_scores) == 2
        assert any("The Aftermath begins" in line for line in state.log)
        assert sum("The military deck holds" in line for line in state.log) == 1
        loaded, _, _ = load_text(game, save_text(game, state))
        assert loaded.digest() == state.digest()


def test_the_balance_report_counts_the_decks_cards() -> None:
    data = simulate(Game.load(DECKS), 6, 3, seed=2, bots="random", workers=1).to_json()
    rows = {row["name"]: row for row in data["cards"]}
    assert set(rows) == {"Field", "Spearman", "Veteran", "Ballista", "Hydra", "Cyclops"}
    assert rows["Veteran"]["age"] == "military deck"
    assert sum(row["acquired"] for row in rows.values()) > 0


def test_the_read_back_says_the_copies_by_number_of_players() -> None:
    from interpreter.tools.explain import explain_cards

    readings = {r.name: r.lines for r in explain_cards(Game.load(DECKS))}
    assert readings["Veteran"][-1] == (
        "Copies in a game, by number of players: 0 with 2 players, 1 with 3 players."
    )
    assert not any("by number of players" in line for line in readings["Ballista"])


def test_an_ages_card_kept_only_with_3_players_is_not_dealt_to_2(tmp_path: Path) -> None:
    """`players:` on an age's card: the age's setup ("put each ... of the age") leaves the
    card out of a 2-player game, and every other copy is dealt as before."""
    zones = DECKS.parent / "zones"
    folder = tmp_path / "zones"
    shutil.copytree(zones, folder)
    stone = folder / "stone.yaml"
    text = stone.read_text(encoding="utf-8")
    stone.write_text(
        text.replace("    copies: 6\n", "    copies: 6\n    players: {2: 2, 3: 6}\n"),
        encoding="utf-8",
    )
    game = Game.load(folder)
    for players, wolves in ((2, 2), (3, 6)):
        state = game.new(players=players, seed=1)
        held = [c for z in state.zones for c in z] + [
            c for p in state.players for z in p.zones for c in z
        ]
        assert sum(game.name(c) == "Wolves" for c in held) == wolves
        assert len(held) == 17 + wolves
        loaded, _, _ = load_text(game, save_text(game, state))
        assert loaded.digest() == state.digest()


@pytest.mark.parametrize("players", [2, 3])
def test_a_game_saved_at_any_step_resumes_exactly(players: int) -> None:
    """Saved before every choice of a random game and loaded back, the position is the same
    (the decks' copies numbered as the save names them, none of a smaller game held)."""
    game = Game.load(DECKS)
    state = game.new(players=players, seed=7)
    bots = [RandomBot(3 + i) for i in range(players)]
    while not state.over:
        loaded, _, _ = load_text(game, save_text(game, state))
        assert loaded.digest() == state.digest()
        seat = state.pending["player"]  # type: ignore[index]
        game.play(state, bots[seat].choose(game, state, game.choices(state)))
    assert state.winners
