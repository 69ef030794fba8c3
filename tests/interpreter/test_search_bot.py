"""The search bot ("mcts"): it plays legal actions, the same game for the same seed, never
looks at what it cannot know (the deck's order, the future dice), resumes a saved game exactly,
and plays at least as well as the greedy bot (short games, a small budget, fixed seeds)."""

from __future__ import annotations

from functools import cache

from cards import bundled
from interpreter import Game, State
from interpreter.bots.greedy import GreedyBot
from interpreter.bots.registry import make_bot
from interpreter.bots.search import SearchBot, determinize, public_key
from interpreter.core.chance import Chance
from tests.zones import ZONE_DECK

BUDGET = {"iterations": 4, "horizon": 1, "candidates": 3}


@cache
def game(ages: str = "prehistory") -> Game:
    return Game.load(bundled("along_history"), ages=ages)


def search(seed: int) -> SearchBot:
    return SearchBot(seed, strict=True, **BUDGET)


def match(seed: int, search_seat: int, ages: str = "prehistory") -> tuple[State, list, SearchBot]:
    """A 2-player game of the search bot against the greedy bot, every choice checked legal
    by `apply` (which raises on an illegal one)."""
    g = game(ages)
    bot = search(seed)
    bots = [GreedyBot(seed + 100, strict=True), GreedyBot(seed + 200, strict=True)]
    bots[search_seat] = bot
    state = g.new(players=2, seed=seed, quiet=True)
    played = []
    while not state.over:
        choices = g.choices(state)
        choice = bots[state.to_move].choose(g, state, choices)
        state = g.apply(state, choice)
        played.append(choice)
    return state, played, bot


def test_the_registry_makes_a_search_bot() -> None:
    assert isinstance(make_bot("mcts", 5), SearchBot)


def test_it_plays_a_whole_game_of_legal_actions_and_searches() -> None:
    state, _, bot = match(seed=3, search_seat=0)
    assert state.over and state.winners
    assert bot.searched > 10  # decisions with alternatives were searched


def test_the_same_seed_gives_the_same_game() -> None:
    first, played, _ = match(seed=4, search_seat=1)
    again, replayed, _ = match(seed=4, search_seat=1)
    assert first.digest() == again.digest() and played == replayed


def positions(count: int) -> list[State]:
    """Action-phase positions of a greedy game with several choices."""
    g = game()
    state = g.new(players=2, seed=21, quiet=True)
    bots = [GreedyBot(1), GreedyBot(2)]
    found = []
    while not state.over and len(found) < count:
        choices = g.choices(state)
        if state.pending["kind"] == "action" and len(choices) > 2:
            found.append(state)
        state = g.apply(state, bots[state.to_move].choose(g, state, choices))
    return found


def hidden_changed(state: State, seed: int) -> State:
    """The same position with another deck order and another generator."""
    other = state.clone()
    Chance(seed).shuffle(other.zones[ZONE_DECK])
    other.rng = (state.rng * 6364136223846793005 + seed) & ((1 << 64) - 1)
    return other


def test_it_does_not_peek_at_the_deck_order_or_the_future_dice() -> None:
    g = game()
    found = positions(8)
    assert len(found) == 8
    for n, state in enumerate(found):
        other = hidden_changed(state, n + 1)
        assert other.rng != state.rng and sorted(other.zones[ZONE_DECK]) == sorted(
            state.zones[ZONE_DECK]
        )
        assert public_key(g, other) == public_key(g, state)
        assert determinize(g, other, 5).to_json() == determinize(g, state, 5).to_json()
        a = search(9).choose(g, state, g.choices(state))
        b = search(9).choose(g, other, g.choices(other))
        assert a == b


def test_a_world_keeps_what_is_public_and_resamples_the_rest() -> None:
    g = game()
    state = positions(1)[0]
    world = determinize(g, state, 123)
    assert sorted(world.zones[ZONE_DECK]) == sorted(state.zones[ZONE_DECK])
    assert world.rng != state.rng
    assert (
        len(state.zones[ZONE_DECK]) < 2
        or world.zones[ZONE_DECK] != state.zones[ZONE_DECK]
        or determinize(g, state, 124).zones[ZONE_DECK] != state.zones[ZONE_DECK]
    )
    assert determinize(g, state, 123).to_json() == world.to_json()
    world.zones[ZONE_DECK], world.rng = state.zones[ZONE_DECK], state.rng
    assert world.to_json() == state.to_json()


def test_a_saved_game_resumes_exactly() -> None:
    g = game()
    whole, _, _ = match(seed=6, search_seat=0)
    state = g.new(players=2, seed=6, quiet=True)
    bots = [search(6), GreedyBot(206, strict=True)]
    for _ in range(40):
        state = g.apply(state, bots[state.to_move].choose(g, state, g.choices(state)))
    state = State.from_json(state.to_json())
    state.quiet = True
    bots = [search(6), GreedyBot(206, strict=True)]  # fresh bots, as after loading a save
    while not state.over:
        state = g.apply(state, bots[state.to_move].choose(g, state, g.choices(state)))
    assert state.digest() == whole.digest()


def test_it_is_not_worse_than_greedy() -> None:
    # Antiquity alone: a short game where choices matter (gold, purchases, wonders, wars)
    wins = 0.0
    games = 8
    for seed in range(games):
        state, _, _ = match(seed=50 + seed, search_seat=seed % 2, ages="antiquity")
        wins += 1 / len(state.winners) if seed % 2 in state.winners else 0.0
    assert wins >= games / 2


def test_it_does_not_peek_at_another_players_secret_zone() -> None:
    """The zones conformance pack's reserve is seen by its owner only: two positions that
    differ only in which unseen cards are in another player's reserve and which in the library
    give the bot the same worlds and the same choice; the bot's own reserve is kept as it is."""
    from pathlib import Path

    pack = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "zones"
    g = Game.load(pack)
    reserve = [z.name for z in g.zones.player].index("reserve")
    library = g.zones.draw
    state = g.new(3, seed=4)
    while state.to_move is None or not state.players[1].zones[reserve]:
        state = g.apply(state, g.legal_actions(state)[0])
    seat = state.to_move
    other = next(p.seat for p in state.players if p.seat != seat and p.zones[reserve])
    swapped = state.clone()
    hidden = swapped.players[other].zones[reserve]
    deck = swapped.zones[library]
    assert hidden and deck
    hidden[0], deck[0] = deck[0], hidden[0]  # another card of the library in the reserve
    assert public_key(g, swapped) == public_key(g, state)
    a, b = determinize(g, state, 7), determinize(g, swapped, 7)
    assert a.to_json() == b.to_json()
    assert a.players[seat].zones[reserve] == state.players[seat].zones[reserve]

    def unseen(s: State) -> list[int]:
        others = [c for p in s.players if p.seat != seat for c in p.zones[reserve]]
        return sorted(others + s.zones[library])

    assert unseen(a) == unseen(state)
    assert [len(p.zones[reserve]) for p in a.players] == [
        len(p.zones[reserve]) for p in state.players
    ]
