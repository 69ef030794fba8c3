"""Every clause of the Along History rules (AH-xx) is proved by a passing scenario or a test
that names it."""

from __future__ import annotations

import re

import pytest

from interpreter.tools.scenario import check
from tests.clause_ids import CLAUSE_IDS, ROOT, clause_ids_in, shared_rules


def test_every_clause_is_proved():
    ids = CLAUSE_IDS["along-history"]
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


@pytest.mark.parametrize("game", sorted(CLAUSE_IDS))
def test_the_clause_numbers_kept_are_the_shared_rules_own(game: str) -> None:
    rules = shared_rules()
    if rules is None:
        pytest.skip("the shared rules are not on this machine")
    assert tuple(clause_ids_in(rules / f"{game}-clauses.md")) == CLAUSE_IDS[game]
