"""Variants combine (`--variant introductory,no_war`), change the lines they change, and a
problem inside a variant is placed at the variant's own line — also in a plain validate."""

from __future__ import annotations

from pathlib import Path
from shutil import copytree

from click.testing import CliRunner

from agesmith.cli import main
from cards import bundled
from interpreter import Game
from rules_dsl.pack import load_pack
from rules_dsl.printer import print_rules


def _phase(pack, name: str) -> str:
    return print_rules(pack.phases[name])


def test_two_variants_combine_and_each_removes_its_own_lines() -> None:
    pack, diagnostics = load_pack(bundled(), variant="introductory,no_war")
    assert pack is not None and not [d for d in diagnostics if d.is_error]
    for phase in ("active turn", "other turn"):
        text = _phase(pack, phase)
        assert "wage" not in text and "advance" not in text
        assert "take actions until you have passed" in text
    assert pack.game["achievements"]["start_tokens"] == [1, 3, 5]  # introductory
    assert "blank" in pack.game["dice"]["red"]["faces"]  # no war
    assert pack.age_end is not None


def test_one_variant_keeps_the_other_variants_lines() -> None:
    pack, _ = load_pack(bundled(), variant="no war")
    text = _phase(pack, "active turn")
    assert "wage" not in text and "you may advance on the achievements board" in text


def test_a_combined_variant_game_plays() -> None:
    game = Game.load(bundled(), variant="progressive,no_war")
    state = game.new(players=3, seed=3)
    assert game.legal_actions(state)


def test_an_unknown_variant_in_a_list_is_named() -> None:
    pack, diagnostics = load_pack(bundled(), variant="introductory,no_peace")
    assert pack is None
    assert any('no variant "no_peace"' in d.message for d in diagnostics)


def test_a_plain_validate_checks_every_variant_at_its_own_line(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    copytree(bundled(), folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = text.replace("      other turn: [wage your wars]", "      other turn: [wage a war]")
    text = text.replace(
        "age_end: a player has at least 8 cards in their civilization",
        "age_end: a player has at least 8 tilted cards in their civilization",
    )
    game.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 1
    removed = next(i for i, line in enumerate(lines, 1) if "[wage a war]" in line)
    age_end = next(i for i, line in enumerate(lines, 1) if "8 tilted cards" in line)
    assert f"game.yaml:{removed}:" in result.output and 'has no line "wage a war"' in result.output
    assert f"game.yaml:{age_end}:" in result.output and "tilted" in result.output


def test_a_variant_that_changes_the_words_has_its_cards_checked_again(tmp_path: Path) -> None:
    """A variant's pack shares the cards' own checks with the pack only when they read the
    same: a variant dropping a card type the cards use has every such card reported."""
    from interpreter.tools.playability import check_playable

    folder = tmp_path / "pack"
    copytree(bundled(), folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    text = text.replace(
        "variants:\n",
        "variants:\n  no wonders:\n    description: x\n"
        "    changes:\n      card_types: [land, figure, progress, calamity]\n",
        1,
    )
    game_file.write_text(text, encoding="utf-8")
    pack, diagnostics = load_pack(folder)
    assert pack is not None and not [d for d in diagnostics if d.is_error]
    found = [d for d in check_playable(pack) if 'unknown card type "wonder"' in d.message]
    wonders = [c for c in pack.cards if c.type == "wonder"]
    assert wonders and len(found) >= len(wonders)  # each card (and the type's rules)
