"""The grammar's words read from its text (grammar_words.py) are Lark's, and a pack whose
rule texts are all in the parse cache is checked without Lark."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from rules_dsl import grammar_words
from rules_dsl.parser import _lark

ROOT = Path(__file__).resolve().parents[2]


def lark_words(rule: str) -> list[str]:
    """The words of a rule as Lark's compiled grammar has them, in order."""
    names = [r.expansion[0].name for r in _lark().rules if r.origin.name == rule]
    return [_lark().get_terminal(name).pattern.value for name in names]


def test_the_verbs_and_strength_kinds_are_the_compiled_grammars() -> None:
    assert grammar_words.verbs() == sorted(set(lark_words("verb")))
    assert list(grammar_words.strength_kinds()) == lark_words("strength_kind")
    assert "gain" in grammar_words.verbs() and "defence" in grammar_words.strength_kinds()


VALIDATE = """
import json, sys
from interpreter.tools.validation import validate
pack, diagnostics = validate(sys.argv[1])
print(json.dumps([pack is not None, [d.render() for d in diagnostics], "lark" in sys.modules]))
"""


def test_validate_with_a_warm_parse_cache_needs_no_lark(tmp_path: Path) -> None:
    """The first check of a pack parses its texts (Lark); a second process finds them all in
    the cache and gives the same diagnostics without importing Lark."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    for pack in ("along_history", "through_the_ages"):
        runs = [
            json.loads(
                subprocess.run(
                    [sys.executable, "-c", VALIDATE, str(ROOT / "cards" / pack)],
                    env=env,
                    capture_output=True,
                    text=True,
                    check=True,
                    cwd=ROOT,
                ).stdout
            )
            for _ in range(2)
        ]
        (built, found, lark_first), (built_again, found_again, lark_again) = runs
        assert built and built_again and found == found_again
        assert lark_first and not lark_again
