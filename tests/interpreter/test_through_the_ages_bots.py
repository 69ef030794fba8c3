"""The greedy bot plays Through the Ages from its pack (issue 19): weighing positions by the
pack's `bots: value:` (culture and what makes culture later), it wins most 3-player games
against two random bots. Weighed by the score alone (culture counted now, which a turn's move
hardly changes) it played no better than they did: every game a shared win at 0 culture. A
mistake in `bots: value:` is an error at its place, as in any number of the game file."""

from __future__ import annotations

from pathlib import Path

from cards import bundled
from interpreter import Game
from tests.bot_matches import greedy_share
from tests.pack_copies import changed_copy, errors_of

GAMES = 12
PACK = bundled("through_the_ages")


def _greedy_wins(game: Game) -> float:
    return greedy_share(game, GAMES, 3000)


def test_greedy_beats_two_random_bots_in_most_three_player_games() -> None:
    share = _greedy_wins(Game.load(PACK))
    assert share >= 0.6, f"greedy won {share:.0%} of {GAMES}"


def test_without_the_bots_value_greedy_weighs_the_score_alone(tmp_path: Path) -> None:
    text = (PACK / "game.yaml").read_text(encoding="utf-8")
    start = text.index("\nbots:\n")
    end = text.index("\n\n", start + 1)
    plain = changed_copy(PACK, tmp_path, text[start:end], "")
    assert "\nbots:\n" not in (plain / "game.yaml").read_text(encoding="utf-8")
    assert _greedy_wins(Game.load(plain)) < 0.6


def test_a_mistake_in_the_bots_value_is_a_located_error(tmp_path: Path) -> None:
    text = (PACK / "game.yaml").read_text(encoding="utf-8")
    line = next(li for li in text.splitlines() if li.strip().startswith("your culture + 6"))
    broken = changed_copy(PACK, tmp_path, line, line.replace("culture symbols", "kulture"))
    errors = errors_of(broken)
    assert len(errors) == 1 and 'unknown word "kulture"' in errors[0], errors
    assert "game.yaml:" in errors[0] and "^" in errors[0]
