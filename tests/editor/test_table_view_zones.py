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


FACE_DOWN = ZONES.parent / "face_down"
TOKENS = ZONES.parent / "card_tokens"


def test_a_face_down_card_is_drawn_as_its_back_and_tokens_on_a_card_are_written() -> None:
    """The pack's face-down state ("damaged") shows the card's back, its name only in the
    tooltip; the tokens a card holds and its marks are written under it."""
    from interpreter.core import card_state

    game = Game.load(FACE_DOWN)
    state = game.new(2, seed=1)
    hand = game.zone(state, "hand", 0)
    card = hand.pop()
    name = game.name(card)
    state.players[0].tableau = [[card]]
    before = tv.zones_html(game, state, 0)
    assert 'class="pt-back"' not in before
    card_state.turn(state, card, True)
    down = tv.zones_html(game, state, 0)
    assert f'class="pt-back" title="{name}: damaged"' in down
    assert down.count("<img") == before.count("<img") - 1  # its face is not drawn

    game = Game.load(TOKENS)
    state = game.new(2, seed=1)
    copy = game.zone(state, "hand", 0)[0]
    card_state.add_tokens(state, copy, "ambrosia", 3)
    card_state.set_mark(state, copy, "used")
    assert '<span class="pt-on">used, 3 ambrosia</span>' in tv.zones_html(game, state, 0)


WORKERS = ZONES.parent / "workers"


def test_the_pieces_standing_on_a_card_are_written_under_it() -> None:
    """Worker placement: a citizen placed on an action space is written under the space, with
    whose it is and its skill; the other spaces show no such line."""
    game = Game.load(WORKERS)
    state = game.new(2, seed=1)
    space = game.zone(state, "action spaces")[0]
    assert "pt-on" not in tv.card_html(game, state, space)
    state = game.apply(state, game.legal_actions(state)[1])  # place a citizen on the first space
    state = game.apply(state, game.legal_actions(state)[2])  # the citizen of skill 3
    who = game.player_name(0)
    assert f'<span class="pt-on">{who}&#x27;s citizen (skill 3)</span>' in tv.card_html(
        game, state, space
    )
    assert "pt-on" not in tv.card_html(game, state, game.zone(state, "action spaces")[1])


def test_the_table_shows_its_zones_the_tops_of_its_piles_and_the_pieces_on_its_cards() -> None:
    """The Ancient World's table (issue 18): the empire row and the board's action spaces card
    by card, the citizens standing on a space under it, a long pile by its count and its top
    card, a pile nobody sees by its count only."""
    from cards import bundled

    game = Game.load(bundled("the_ancient_world"))
    state = game.new(2, seed=1)
    row = game.zone(state, "empire row")
    spaces = game.zone(state, "action spaces")
    trade = next(c for c in spaces if game.name(c) == "Trade")
    citizen = next(i for i, p in enumerate(state.pieces) if p["owner"] == 0)
    state.pieces[citizen]["on"] = trade
    html = tv.table_html(game, state)
    assert "Empire row" in html and all(game.name(c) in html for c in row)
    assert "Action spaces" in html and "citizen (skill" in html
    titans = game.zone(state, "one-star titans")
    assert f"One-star titans ({len(titans)} cards; the top one)" in html
    assert game.name(titans[-1]) in html
    assert "Military deck: " in html and "cards, face down" in html
    assert "Starting empire: " in html  # what is left of the setup's boxes: counted only
