"""A player given a role by a step and answering inside another's turn (mechanics/role_steps.py;
"who has less strength than you", "the defender's strength": compile/meaning.py), on the
conformance pack `politics` and copies of it changed by one line. What a designer sees: the
read-back says who is chosen and what they answer, a game saved while the defender answers
resumes exactly, and a role or a comparison the engine cannot read is a located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import Game
from interpreter.tools.saves import load_text, save_text
from tests.pack_copies import changed_copy, errors_of

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "politics"
NAMING = "    an opponent of your choice who has less strength than you becomes the defender\n"


@pytest.mark.parametrize(
    ("new", "says"),
    [
        ("    an opponent of your choice becomes the opponent\n", 'become reads "<player> becomes'),
        (
            "    an opponent of your choice who has less strength than each opponent becomes"
            " the defender\n",
            "compared with one player",
        ),
    ],
)
def test_a_role_or_comparison_the_engine_cannot_read_is_an_error(
    tmp_path: Path, new: str, says: str
) -> None:
    errors = errors_of(changed_copy(PACK, tmp_path, NAMING, new))
    assert len(errors) == 1 and says in errors[0], errors
    assert "game.yaml:" in errors[0] and "^" in errors[0]


def test_a_game_saved_while_the_defender_answers_resumes_exactly(tmp_path: Path) -> None:
    game = Game.load(PACK)
    state = _at_a_defence(game, seed=1)
    assert (
        state is not None
        and state.frames[-1]["prog"] == "phase:defend"
        and state.frames[-1]["roles"]
    )
    assert state.pending is not None and state.pending["player"] == state.frames[-1]["player"]
    loaded, _, _ = load_text(game, save_text(game, state))
    assert loaded.digest() == state.digest()
    while not state.over:
        state = game.apply(state, game.legal_actions(state)[0])
        loaded = game.apply(loaded, game.legal_actions(loaded)[0])
        assert loaded.digest() == state.digest()


def _at_a_defence(game: Game, seed: int):
    """The first decision of a defender in a game that plays every aggression it can, if any."""
    state = game.new(players=2, seed=seed)
    while not state.over:
        if any(f["prog"] == "phase:defend" for f in state.frames):
            return state
        options = game.legal_actions(state)
        state = game.apply(state, next((a for a in options if "aggression" in str(a)), options[0]))
    return None


def test_the_read_back_says_who_is_chosen_and_who_answers() -> None:
    program = Game.load(PACK).programs["phase:attack"]
    says = [str(getattr(i, "data", {}).get("says", "")) for i in program]
    assert (
        "an opponent of your choice who has less strength bonus symbols on your active cards than"
        " you"
        " becomes the defender (you are the attacker)" in says
    ), says
    assert 'the defender plays the phase "defend"' in says, says
