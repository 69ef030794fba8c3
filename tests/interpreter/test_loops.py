"""The counted loops of the rules language: `for each <cards>: ...` and `repeat <number> times:
...` (compile/loops.py, mechanics/loops.py), on the conformance pack `loops` and copies of it
changed by one phase. What a designer sees: the steps run once per card or that many times,
`it` is the loop's card inside and what it was before afterwards, a card that left meanwhile is
skipped, a game saved at a decision inside a loop resumes exactly, and a loop over something
that is no cards (or a step written with a cost's "where X is") is a located error whose hint
says what to write."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.tools.saves import SaveError, load_text, save_text
from interpreter.tools.validation import validate
from rules_dsl.parser import try_parse

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "loops"
MUSTER = """  muster: |
    for each of your military cards:
      if it is not used and your coin is more than the coin on it:
        you may put coin equal to the coin on it + 1 on it; then mark it as used
    repeat the number of your used military cards times: gain 1 ambrosia
"""


def _with_muster(tmp_path: Path, muster: str) -> Path:
    """A copy of the loops pack whose "muster" phase (run by each player at each round's end)
    is `muster`."""
    folder = tmp_path / "loops"
    shutil.copytree(PACK, folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    assert MUSTER in text
    game_file.write_text(text.replace(MUSTER, "  muster: |\n" + muster), encoding="utf-8")
    return folder


def _errors(folder: Path) -> list[str]:
    _, diagnostics = validate(folder)
    return [d.render() for d in diagnostics if d.is_error]


def _first_muster(folder: Path):
    """The game (2 players, seed 1) and its state at player 1's first decision of the muster,
    or at the start of round 2 if it asks nothing: both players passed at once in round 1."""
    game = Game.load(folder)
    state = game.new(players=2, seed=1)
    while state.round == 1 and not state.frames[-1]["prog"].endswith("muster"):
        state = game.apply(state, game.legal_actions(state)[0])  # end your actions
    return game, state


START_COIN = 3  # the pack's coin at the start (no one gains any in a round of passes)


def _coin(state, seat: int = 0) -> int:
    return state.players[seat].counters["coin"]


def test_a_card_that_leaves_during_the_loop_is_skipped(tmp_path: Path) -> None:
    """The loop's cards are listed when it starts: the first round moves the last space (Well)
    away, the second the then last (Shrine, the loop's own card), and Well, gone, gets no
    round: 2 coin, not 3."""
    folder = _with_muster(
        tmp_path,
        "    for each card in the action spaces:\n"
        "      gain 1 coin\n"
        "      move the last card in the action spaces into the barracks\n",
    )
    assert _errors(folder) == []
    _, state = _first_muster(folder)
    assert state.round == 2 and _coin(state) - START_COIN == 2
    assert "Well goes into the barracks" in "\n".join(state.log)


def test_an_inner_loop_rebinds_it_and_gives_it_back(tmp_path: Path) -> None:
    """Inside the inner loop "it" is each space; after it, the outer loop's military card
    again: both military cards end marked, 3 coin gained for each."""
    folder = _with_muster(
        tmp_path,
        "    for each of your military cards:\n"
        "      for each card in the action spaces: gain 1 coin\n"
        "      mark it as used\n"
        "    if the number of your used military cards is exactly 2: gain 10 ambrosia\n",
    )
    assert _errors(folder) == []
    _, state = _first_muster(folder)
    assert state.round == 2 and _coin(state) - START_COIN == 6
    assert state.players[0].counters["ambrosia"] == 10


def test_repeat_counts_its_number_once_when_it_starts(tmp_path: Path) -> None:
    """Repeating "your coin" times "gain 1 coin" doubles the coin: the number is not read again
    as the coin grows (it would never end)."""
    folder = _with_muster(tmp_path, "    repeat your coin times: gain 1 coin\n")
    assert _errors(folder) == []
    _, state = _first_muster(folder)
    assert state.round == 2 and _coin(state) == 2 * START_COIN


def test_a_game_saved_at_a_decision_inside_a_loop_resumes_exactly() -> None:
    """Saved at player 1's second "you may put coin ..." of the muster (the loop's second
    card): the save names the loop's cards by id, and the loaded game plays on to the same
    end, byte for byte, as the one never saved."""
    game, state = _first_muster(PACK)
    assert [a.text for a in game.legal_actions(state)] == ["do it", "decline"]
    state = game.apply(state, game.legal_actions(state)[0])  # do it: Spearmen
    assert [a.text for a in game.legal_actions(state)] == ["do it", "decline"]
    text = save_text(game, state)
    (loop,) = json.loads(text)["state"]["frames"][-1]["loops"]
    assert loop["at"] == 2 and all(isinstance(c, str) for c in loop["cards"])
    loaded, _, _ = load_text(game, text)
    assert loaded.digest() == state.digest()
    kept, resumed = state, loaded
    while not kept.over:
        kept = game.apply(kept, game.legal_actions(kept)[-1])
        resumed = game.apply(resumed, game.legal_actions(resumed)[-1])
    assert resumed.digest() == kept.digest() and resumed.log == kept.log


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda loop: {**loop, "at": 3}, "must be at most 2"),
        (lambda loop: {**loop, "cards": ["no-such-card"]}, "is not a card of the pack"),
        (lambda loop: {**loop, "extra": 1}, "is not a field of a save"),
        (lambda loop: {"left": -1}, "must be at least 0"),
    ],
)
def test_a_save_with_a_broken_loop_is_refused_with_its_place(change, message: str) -> None:
    game, state = _first_muster(PACK)
    data = json.loads(save_text(game, state))
    frame = data["state"]["frames"][-1]
    frame["loops"] = [change(frame["loops"][0])]
    with pytest.raises(SaveError, match=r"state\.frames\[\d+\]\.loops\[0\].*" + message):
        load_text(game, json.dumps(data))


def test_a_save_with_more_loops_than_its_rule_has_is_refused() -> None:
    game, state = _first_muster(PACK)
    data = json.loads(save_text(game, state))
    frame = data["state"]["frames"][-1]
    frame["loops"] = frame["loops"] * 3
    with pytest.raises(SaveError, match="loops: the rule has 2 loop"):
        load_text(game, json.dumps(data))


@pytest.mark.parametrize(
    ("loop", "column", "message", "hint"),
    [
        # a loop over players goes over each of them (tests/interpreter/test_player_loops.py)
        (
            "for the player with the most coin:",
            9,
            "a loop goes over each player",
            '"for each player in turn order:"',
        ),
        (
            "for each of your coin:",
            9,
            '"for each of your coin" names a number, not cards',
            'write "repeat your coin times:"',
        ),
        (
            "for each of the number of your citizens:",
            9,
            "names a number, not cards",
            'write "repeat the number of your citizens times:"',
        ),
        ("for one of your military cards:", 9, "a loop goes over each card", None),
        ("for each of one of your military cards:", 17, 'unknown word "one"', None),
        ("repeat the number of your lands times:", 31, 'unknown word "lands"', None),
    ],
)
def test_a_loop_over_no_cards_is_a_located_error(
    tmp_path: Path, loop: str, column: int, message: str, hint: str | None
) -> None:
    folder = _with_muster(tmp_path, f"    {loop}\n      gain 1 coin\n")
    errors = _errors(folder)
    assert len(errors) == 1, errors
    line = next(
        n
        for n, text in enumerate((folder / "game.yaml").read_text().splitlines(), 1)
        if loop in text
    )
    assert f"game.yaml:{line}:{column}:" in errors[0] and message in errors[0], errors[0]
    assert "^" in errors[0] and "Traceback" not in errors[0]
    if hint is not None:
        assert hint in errors[0], errors[0]


@pytest.mark.parametrize(
    ("step", "rewritten"),
    [
        ("gain X coin where X is your coin + 1", "gain coin equal to your coin + 1"),
        (
            "you may put X coin on it where X is the coin on it + 1; then mark it as used",
            "you may put coin equal to the coin on it + 1 on it",
        ),
        ("repeat X times where X is your coin:\n  gain 1 coin", "repeat your coin times:"),
        ("gain 1 coin; then lose X coin where X is 2", "lose coin equal to 2"),
    ],
)
def test_a_step_with_where_x_is_says_how_to_write_it(step: str, rewritten: str) -> None:
    """Only a cost defines X with "where X is"; in a step it was "unexpected 'X'". The hint is
    the step rewritten, which parses."""
    _, diagnostic = try_parse(step)
    assert diagnostic is not None
    assert diagnostic.message.startswith('only a cost says X with "where X is"')
    assert diagnostic.hint == f'write "{rewritten}"'
    assert diagnostic.column == step.index("X") + 1
    fixed = rewritten + " gain 1 coin" if rewritten.endswith(":") else rewritten
    assert try_parse(fixed)[1] is None


def test_where_x_is_in_a_phase_is_located_in_the_game_file(tmp_path: Path) -> None:
    folder = _with_muster(tmp_path, "    gain X coin where X is your ambrosia\n")
    errors = _errors(folder)
    found = [e for e in errors if "only a cost says X" in e]
    assert len(found) == 1 and "game.yaml:" in found[0], errors
    assert 'write "gain coin equal to your ambrosia"' in found[0]


def test_put_coin_equal_to_a_number_puts_that_many() -> None:
    """The muster's "you may put coin equal to the coin on it + 1 on it" on a card with no
    coin: 1 coin goes from the player onto it (the scenario
    paying-for-each-military-card-you-choose.yaml pays 2 on a card holding 1)."""
    game, state = _first_muster(PACK)
    spearmen = state.frames[-1]["it"]
    state = game.apply(state, game.legal_actions(state)[0])  # do it: Spearmen
    assert _coin(state) == START_COIN - 1
    assert state.cards[spearmen]["tokens"] == {"coin": 1}


@pytest.mark.parametrize(
    "text",
    [
        "for each card in the action spaces: if the number of citizens on it is at most the "
        "number of players - 2: put 1 ambrosia on it from the supply",
        "for each of your military cards:\n"
        "  if it is not used and your coin is more than the coin on it: you may put coin equal"
        " to the coin on it + 1 on it; then mark it as used\n"
        "  gain 1 coin",
        "repeat the number of your citizens times: gain 1 coin",
        "gain 1 coin; then repeat 2 times: for each card in your army: mark it as used",
    ],
)
def test_a_loop_prints_back_as_written(text: str) -> None:
    from rules_dsl.printer import print_any

    tree, diagnostic = try_parse(text)
    assert diagnostic is None
    assert print_any(tree) == text
    assert try_parse(print_any(tree))[0] == tree


def test_explain_says_a_loop_in_plain_words() -> None:
    """The read-back of the compiled rules: the loop's cards (its "it": "that card"), the
    number of a repeat, and the steps of each round."""
    from interpreter.tools.explain import explain_cards

    readings = {r.name: " ".join(r.lines) for r in explain_cards(Game.load(PACK))}
    assert (
        "for each of the cards in the action spaces: (if the ambrosia on that card is at least"
        " 1: (take 1 ambrosia from that card into your ambrosia)); then take all ambrosia from"
        " this card" in readings["Shrine"]
    ), readings["Shrine"]
    assert "repeat 2 times: (gain 1 coin)" in readings["Well"], readings["Well"]


def test_a_phase_played_as_part_of_an_action_speaks_of_its_card(tmp_path: Path) -> None:
    """`does: play "drill"` plays the phase with "it" the action's chosen card, so the loop in
    it gives "it" back to that card (The Ancient World's attack: `does: play "attack"`, whose
    loop over the camp is followed by steps on the titan attacked): rally marks the chosen
    Spearmen used, not the loop's last space (before, "it" in the phase was no card at all and
    nothing was marked)."""
    folder = _with_muster(tmp_path, MUSTER.split("\n", 1)[1])
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    does = (
        "      does: |\n        for each card in the action spaces:\n"
        "          gain coin equal to the number of citizens on it\n        mark it as used\n"
    )
    assert does in text
    text = text.replace(does, '      does: play "drill"\n').replace(
        "  turn: |\n",
        "  drill: |\n    for each card in the action spaces:\n"
        "      gain coin equal to the number of citizens on it\n    mark it as used\n"
        "  turn: |\n",
    )
    game_file.write_text(text, encoding="utf-8")
    assert _errors(folder) == []
    game = Game.load(folder)
    state = game.new(players=2, seed=1)
    rally = next(a for a in game.legal_actions(state) if a.text.startswith("rally:"))
    state = game.apply(state, rally)
    assert _holds(game, state, "the number of your used military cards is exactly 1")
    assert _coin(state) == START_COIN  # no citizen stands anywhere yet


def _holds(game: Game, state, condition: str, seat: int = 0) -> bool:
    from interpreter.compile.meaning import Ctx, compile_condition
    from rules_dsl.parser import parse

    test = compile_condition(parse(condition, start="condition"), game.lexicon)
    return test(Ctx(state, game.catalog, seat))


def test_every_decision_inside_a_loop_saves_and_resumes(tmp_path: Path) -> None:
    """A card to choose ("one of your military cards") and a choice ("... or ...") inside
    nested loops: saved and loaded at each of these decisions, the game goes on exactly as
    the one never saved, to the same end."""
    folder = _with_muster(
        tmp_path,
        "    repeat 2 times:\n"
        "      put 1 coin on one of your military cards from the supply\n"
        "      for each of your military cards: gain 1 coin or gain 1 ambrosia\n",
    )
    assert _errors(folder) == []
    game, start = _first_muster(folder)

    def play(saving: bool):
        state, asked = start, 0
        while not state.over:
            options = game.legal_actions(state)
            if state.frames and state.frames[-1]["prog"] == "phase:muster":
                asked += 1
                if saving:
                    loaded, _, _ = load_text(game, save_text(game, state))
                    assert loaded.digest() == state.digest()
                    assert game.legal_actions(loaded) == options
                    state = loaded
            state = game.apply(state, options[asked % len(options)])
        return state, asked

    kept, asked = play(saving=False)
    resumed, _ = play(saving=True)
    assert resumed.digest() == kept.digest() and resumed.log == kept.log
    # 3 rounds, 2 players, 2 times each: a card to choose, then a choice for each of 2 cards
    assert asked == 3 * 2 * 2 * 3
