"""Loading the real pack, Along History: clean, complete, every variant valid, rules parsed."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest

from cards import bundled
from rules_dsl import ast
from rules_dsl.pack import Card, Pack, load_pack

ALONG_HISTORY = bundled("along_history")
VARIANTS = ["introductory", "no war", "progressive", "linear"]


@cache
def pack() -> Pack:
    loaded, diagnostics = load_pack(ALONG_HISTORY)
    assert loaded is not None, [d.render() for d in diagnostics]
    return loaded


def card(age: str, name: str) -> Card:
    (found,) = [c for c in pack().cards_of(age) if c.name == name]
    return found


def test_loads_without_any_diagnostic() -> None:
    loaded, diagnostics = load_pack(ALONG_HISTORY)
    assert loaded is not None
    assert diagnostics == [], "\n".join(d.render() for d in diagnostics)
    assert loaded.name == "Along History"


def test_card_counts() -> None:
    cards = pack().cards
    assert len({(c.age, c.id) for c in cards}) == len(cards) == 133
    assert sum(c.copies for c in cards) == 162
    assert [a.id for a in pack().ages] == ["prehistory", "antiquity", "middle_ages"]
    per_age = {a.id: sum(c.copies for c in pack().cards_of(a.id)) for a in pack().ages}
    assert per_age == {"prehistory": 49, "antiquity": 54, "middle_ages": 59}


def test_every_text_is_parsed() -> None:
    for c in pack().cards:
        assert isinstance(c.rules, ast.Rules) and isinstance(c.cost, ast.Cost), c.name
        assert c.cost.amounts, f"{c.name} has no cost"
    assert {"round", "active turn", "other turn"} <= set(pack().phases)
    assert pack().setup is not None and pack().scoring is not None
    assert len(pack().tokens) == len(pack().game["achievements"]["tokens"])


def test_the_variants_are_the_four_of_the_rulebook() -> None:
    assert sorted(pack().game["variants"]) == sorted(VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_validates(variant: str) -> None:
    loaded, diagnostics = load_pack(ALONG_HISTORY, variant=variant)
    assert diagnostics == [], "\n".join(d.render() for d in diagnostics)
    assert loaded is not None and loaded.variant == variant
    assert sum(c.copies for c in loaded.cards) == 162


# ------------------------------------------------------------------ spot checks of the trees


def test_famine_is_free_with_two_of_three_cards() -> None:
    famine = card("prehistory", "Famine")
    (free,) = [s for s in famine.rules.statements if isinstance(s, ast.Free)]
    assert isinstance(free.condition, ast.OwnsNOf) and not free.unless
    assert free.condition.count == 2
    assert free.condition.names == ("Hunting", "Wildcrafting", "Fishing")
    assert ast.Keyword("non-transmissible") in famine.rules.statements
    assert any(isinstance(s, ast.Trigger) and s.event == "failure" for s in famine.rules.statements)


def test_saxons_cost_has_x() -> None:
    saxons = card("middle_ages", "Saxons!")
    counts = {" ".join(a.words): a.count for a in saxons.cost.amounts}
    assert counts == {"population": "X", "strength": 2}
    assert saxons.cost.x is not None


def test_the_fire_is_free_with_homo_erectus() -> None:
    fire = card("prehistory", "The Fire")
    (free,) = fire.rules.statements
    assert isinstance(free, ast.Free) and isinstance(free.condition, ast.Owns)
    (option,) = free.condition.options
    assert option.heads == (ast.CardName("Homo Erectus"),)
    assert [(" ".join(a.words), a.count) for a in fire.bonus.amounts] == [("population", 2)]


def test_weapons_gives_war_plus_one() -> None:
    (war,) = card("prehistory", "Weapons").rules.statements
    # a contest's name and an amount: the parser reads symbols, the interpreter a strength
    assert isinstance(war, ast.Symbols) and (war.resource, war.amount) == (("war",), 1)


# ------------------------------------------------------------------ an edit that breaks a card


@pytest.fixture
def copy_of_pack(tmp_path: Path) -> Path:
    folder = tmp_path / "along_history"
    shutil.copytree(ALONG_HISTORY, folder)
    return folder


def edit(path: Path, old: str, new: str) -> tuple[int, int]:
    """Replace `old` (found once) by `new`; the 1-based line and column where it starts."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    before = text[: text.index(old)]
    path.write_text(text.replace(old, new), encoding="utf-8")
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def test_a_syntax_error_in_a_rule_is_placed_exactly(copy_of_pack: Path) -> None:
    file = copy_of_pack / "prehistory.yaml"
    old = 'free if you own 2 of "Hunting", "Wildcrafting", "Fishing"'
    line, column = edit(file, old, old.replace('"Hunting",', '"Hunting",,'))
    column += len('free if you own 2 of "Hunting",')  # the caret goes to the second ","
    loaded, diagnostics = load_pack(copy_of_pack)
    assert loaded is not None
    (error,) = diagnostics  # one error; nothing naming "Famine" fails with it
    assert error.is_error and error.code == "syntax"
    assert Path(error.file).resolve() == file.resolve()
    assert (error.line, error.column) == (line, column)
    assert error.message == "unexpected ','"
    assert error.render().startswith(f"{error.file}:{line}:{column}: error: unexpected ','")
    assert error.source_line is not None and '"Hunting",,' in error.source_line


def test_an_unknown_card_name_is_placed_exactly(copy_of_pack: Path) -> None:
    file = copy_of_pack / "prehistory.yaml"
    old = 'free if you own "The Fire"'  # Harsh Winter
    line, column = edit(file, old, old.replace('"The Fire"', '"The Fyre"'))
    column += len("free if you own ")
    _, diagnostics = load_pack(copy_of_pack)
    (error,) = diagnostics
    assert (error.severity, error.code) == ("error", "unknown-card")
    assert Path(error.file).resolve() == file.resolve()
    assert (error.line, error.column, error.end_column) == (line, column, column + 10)
    assert error.message == 'unknown card "The Fyre"'
    assert (error.hint or "").startswith('did you mean "The Fire"')
