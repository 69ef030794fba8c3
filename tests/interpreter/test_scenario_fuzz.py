"""No scenario file breaks `check`: mutated scenarios (values replaced by values of other types,
huge or negative numbers, control characters, keys deleted or misspelt, text cut short) end in
a pass or in clear, located errors — never a traceback, never an internal error."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.tools.scenario import check

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "along_history"
SEEDS = [
    ROOT / "famine-free.yaml",
    ROOT / "cards" / "antiquity-writing.yaml",
    ROOT / "cards" / "antiquity-piracy.yaml",
]
BASES = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in SEEDS]

ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 12),
    st.integers(10**20, 10**30),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(
        [
            "three",
            "",
            "Famine",
            "\x1b[2J",
            "Tiger\x07",
            "1a",
            "9z",
            "x2",
            "you own",
            'you own "Nothing"',
            "acquire",
            "99999999999999999999",
        ]
    ),
    st.lists(st.integers(-2, 9), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)
LOCATED = re.compile(r"^\S+\.yaml(:\d+:\d+)?: error: ")


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _set(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return data


@st.composite
def mutated_yaml(draw: st.DrawFn, bases: list[Any]) -> str:
    """One of `bases` (YAML data) with 1 to 3 values replaced, deleted or renamed, as YAML
    text, sometimes cut short (`benchmarks/fuzz_campaign.py` mutates decks and packs so)."""
    data = copy.deepcopy(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)[1:]  # the whole file replaced is one case among many
        path = draw(st.sampled_from(paths)) if paths and draw(st.integers(0, 30)) else ()
        how = draw(st.sampled_from(["replace", "delete", "rename"]))
        if how == "replace" or not path:
            data = _set(data, path, draw(ODD_VALUES))
            continue
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if not isinstance(parent, (dict, list)):
            continue
        if how == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[str(path[-1]) + draw(st.sampled_from(["s", "_", "x"]))] = parent.pop(path[-1])
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    if not draw(st.integers(0, 4)):
        text = text[: draw(st.integers(0, len(text)))]
    return text


def mutated() -> st.SearchStrategy[str]:
    """A mutated scenario file."""
    return mutated_yaml(BASES)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(mutated())
def test_a_mutated_scenario_gets_a_clear_answer(tmp_path_factory, text: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    outcome = check(path)  # never raises
    report = outcome.summary()
    assert "internal error" not in report, report
    assert "\x1b" not in report and "\x07" not in report
    if not outcome.passed:
        assert outcome.problems, report
        for problem in outcome.problems:
            assert LOCATED.match(problem), problem
