"""Conditions that can never hold or always hold are located warnings where the text decides."""

from __future__ import annotations

from pathlib import Path
from shutil import copytree

import pytest

from cards import bundled
from rules_dsl.pack import load_pack

CASES = {
    "free if you have at least 10 gold and you have fewer than 5 gold": "never-holds",
    "free if you have fewer than 0 gold": "never-holds",
    "free if you have at least 0 gold": "always-holds",
    "free if your gold is at least 0": "always-holds",
    "free if your gold is less than 0": "never-holds",
    "free if you own 0 lands": "always-holds",
    # either side holds for every amount
    "discardable if you have at most 6 gold or you have more than 4 gold": "always-holds",
    "free if your gold is less than 3 or your gold is at least 3": "always-holds",
    "free if you have fewer than 2 gold or (you own a land) or you have 2 gold": "always-holds",
}
# Conditions that can hold or not, depending on the game: no warning.
UNDECIDED = [
    "free if you have at most 3 gold or you have more than 4 gold",
    "free if you have at most 6 gold or you have more than 4 cards",
    "free if you have exactly 2 gold or you have more than 2 gold",
]


@pytest.fixture(scope="module")
def diagnostics(tmp_path_factory: pytest.TempPathFactory) -> list:
    folder = tmp_path_factory.mktemp("pack") / "pack"
    copytree(bundled(), folder)
    cards = folder / "prehistory.yaml"
    extra = "".join(f"\n      {text}" for text in [*CASES, *UNDECIDED])
    text = cards.read_text(encoding="utf-8").replace(
        'free if you own "Cro-Magnon"', 'free if you own "Cro-Magnon"' + extra
    )
    cards.write_text(text, encoding="utf-8")
    pack, found = load_pack(folder)
    assert pack is not None
    return found


@pytest.mark.parametrize(("text", "code"), CASES.items())
def test_each_undecidable_free_condition_is_warned_at_its_line(
    diagnostics: list, text: str, code: str
) -> None:
    hits = [d for d in diagnostics if d.source_line.strip() == text]
    assert [(d.severity, d.code) for d in hits] == [("warning", code)]


@pytest.mark.parametrize("text", UNDECIDED)
def test_a_condition_the_game_decides_is_not_warned(diagnostics: list, text: str) -> None:
    assert not [d for d in diagnostics if d.source_line.strip() == text]


def test_the_bundled_pack_has_no_such_warning() -> None:
    _, found = load_pack(Path(bundled()))
    assert not [d for d in found if d.code in ("never-holds", "always-holds")]
