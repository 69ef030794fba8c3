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
}


@pytest.fixture(scope="module")
def diagnostics(tmp_path_factory: pytest.TempPathFactory) -> list:
    folder = tmp_path_factory.mktemp("pack") / "pack"
    copytree(bundled(), folder)
    cards = folder / "prehistory.yaml"
    extra = "".join(f"\n      {text}" for text in CASES)
    text = cards.read_text(encoding="utf-8").replace('free if you own "Cro-Magnon"',
                                                      'free if you own "Cro-Magnon"' + extra)
    cards.write_text(text, encoding="utf-8")
    pack, found = load_pack(folder)
    assert pack is not None
    return found


@pytest.mark.parametrize(("text", "code"), CASES.items())
def test_each_undecidable_free_condition_is_warned_at_its_line(diagnostics: list, text: str,
                                                               code: str) -> None:
    hits = [d for d in diagnostics if d.source_line.strip() == text]
    assert [(d.severity, d.code) for d in hits] == [("warning", code)]


def test_the_bundled_pack_has_no_such_warning() -> None:
    _, found = load_pack(Path(bundled()))
    assert not [d for d in found if d.code in ("never-holds", "always-holds")]
