"""Every clause of the Along History rules (AH-xx) is proved by a passing scenario or a test
that names it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.tools.scenario import check

ROOT = Path(__file__).resolve().parents[2]
CLAUSES = ROOT.parent / "shared" / "rules" / "along-history-clauses.md"


def clause_ids() -> list[str]:
    return re.findall(r"^- (AH-[A-Z]\d+) ", CLAUSES.read_text(encoding="utf-8"), re.MULTILINE)


@pytest.mark.skipif(not CLAUSES.exists(), reason="the shared rules are not beside the project")
def test_every_clause_is_proved():
    ids = clause_ids()
    assert len(ids) == 69
    proved: set[str] = set()
    for path in sorted((ROOT / "tests" / "scenarios").rglob("*.yaml")):
        outcome = check(path)
        if outcome.passed and not outcome.known_bug:
            proved.update(outcome.proves)
    for test_file in (ROOT / "tests").rglob("test_*.py"):
        for name in re.findall(r"def (test_\w+)", test_file.read_text(encoding="utf-8")):
            proved.update(
                f"AH-{m.group(1).upper()}{m.group(2)}"
                for m in re.finditer(r"_ah_([a-z])(\d+)(?=_|$)", name)
            )
    missing = [c for c in ids if c not in proved]
    assert not missing, f"clauses with no passing proof: {missing}"
