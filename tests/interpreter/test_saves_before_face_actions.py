"""A game saved before the pack declared its action faces (game.yaml `face actions:`) loads and
resumes exactly: its waiting decision named three kinds of action by the words of Along History
("golden age", "gold", a purchase's "gold" price), which are read as today's ids. The save was
written by that version (seed 2, three random bots, at move 541, a decision offering a golden
age, a gold face and a purchase); replayed from its seed, today's engine reaches the same
position and goes on the same way."""

from __future__ import annotations

from pathlib import Path

from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import RandomBot
from interpreter.mechanics.action_phase import PRICE, STRAIGHTEN_KIND, TAKE_MONEY
from interpreter.tools.saves import load_text

SAVED = Path(__file__).parent / "data" / "along-history-saved-before-face-actions.json"
SEED, PLAYERS, MOVES = 2, 3, 541


def _bots() -> list[RandomBot]:
    return [RandomBot(SEED * 10 + seat) for seat in range(PLAYERS)]


def test_an_older_save_loads_and_resumes_exactly() -> None:
    game = Game.load(bundled())
    loaded, warnings, _ = load_text(game, SAVED.read_text(encoding="utf-8"))
    assert all("changed" in w for w in warnings)  # the game file has changed, not its cards
    kinds = {o.kind for o in loaded.pending["options"]}
    assert {STRAIGHTEN_KIND, TAKE_MONEY, "buy"} <= kinds
    assert all(PRICE in o.params for o in loaded.pending["options"] if o.kind == "buy")
    state, bots = game.new(players=PLAYERS, seed=SEED), _bots()
    while state.moves < MOVES:
        state = game.apply(state, bots[state.to_move].choose(game, state, game.choices(state)))
    assert loaded.to_data() == state.to_data()
    resumed, again = loaded, _bots()
    while not state.over:
        state = game.apply(state, bots[state.to_move].choose(game, state, game.choices(state)))
        resumed = game.apply(
            resumed, again[resumed.to_move].choose(game, resumed, game.choices(resumed))
        )
    assert resumed.to_data() == state.to_data() and resumed.over
