"""Every scenario file under tests/scenarios runs and passes (a known engine bug is an xfail)."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.tools.scenario import check

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path):
    outcome = check(path)
    if outcome.known_bug:
        if outcome.passed:
            pytest.fail(f"{path.name} passes although it names a known bug: remove known_bug")
        pytest.xfail(outcome.known_bug)
    assert outcome.passed, outcome.summary()
