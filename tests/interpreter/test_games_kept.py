"""A long-lived process (the workshop) keeps the games it loaded for scenarios and simulations,
and loads a pack again once one of its files is edited: a designer who renames a card and runs
the scenarios or a simulation again sees the pack as it is now, not as it was."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from cards import bundled
from interpreter.tools.scenario import check
from interpreter.tools.simulate import simulate
from tests.interpreter.test_scenario_files import FAMINE


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    copy = tmp_path / "along_history"
    shutil.copytree(bundled("along_history"), copy)
    return copy


def _rename_famine(pack: Path) -> None:
    cards = pack / "prehistory.yaml"
    text = cards.read_text(encoding="utf-8")
    assert "    name: Famine\n" in text
    cards.write_text(
        text.replace("    name: Famine\n", "    name: Great Famine\n"), encoding="utf-8"
    )


def test_a_scenario_runs_on_the_pack_as_edited(pack: Path, tmp_path: Path) -> None:
    scenario = tmp_path / "famine.yaml"
    scenario.write_text(textwrap.dedent(FAMINE), encoding="utf-8")
    assert check(scenario, pack=pack).passed
    assert check(scenario, pack=pack).passed  # the kept game
    _rename_famine(pack)
    again = check(scenario, pack=pack)
    assert not again.passed
    assert "Famine" in "\n".join(again.problems)


def test_a_simulation_plays_the_pack_as_edited(pack: Path) -> None:
    def names() -> set[str]:
        report = simulate(
            str(pack), 1, 2, seed=3, bots="random", variant="introductory", ages="prehistory"
        ).to_json()
        return {row["name"] for row in report["cards"]}

    assert "Famine" in names()
    _rename_famine(pack)
    after = names()
    assert "Great Famine" in after and "Famine" not in after
