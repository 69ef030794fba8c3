"""Arbitrary text never crashes the parser: it gives a tree or a located diagnostic."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_dsl.parser import STARTS, try_parse

PIECES = ['free', 'if', 'you', 'own', '"The Fire"', 'on', 'failure', ':', ';', 'then', 'war',
          '+1', 'per', '2', 'lands', 'otherwise', '(', ')', '\n', '\n  ', ',', 'preferring',
          'destroy', 'one', 'of', 'your', 'active', 'cards', 'or', 'and', 'not', '\t', 'X']


def _assert_located(text: str, start: str) -> None:
    tree, problem = try_parse(text, start)
    assert (tree is None) != (problem is None)
    if problem is not None:
        lines = text.split("\n")
        assert problem.line is not None and 1 <= problem.line <= max(1, len(lines))
        assert problem.column is not None and problem.column >= 1


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.sampled_from(STARTS))
def test_arbitrary_text_gives_a_tree_or_a_diagnostic(text, start):
    _assert_located(text, start)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40), st.sampled_from(STARTS))
def test_shuffled_rule_words_give_a_tree_or_a_diagnostic(pieces, start):
    _assert_located(" ".join(pieces), start)


@pytest.mark.parametrize("text", [
    "(" * 20_000 + "you own a land" + ")" * 20_000,
    "".join(f"{'  ' * i}if you own a land:\n" for i in range(5_000)),
    "gain 1 gold; " * 50_000,
    "x" * 1_000_000,
])
def test_absurd_texts_are_refused_quickly(text):
    started = time.perf_counter()
    tree, problem = try_parse(text, "rules")
    assert tree is None and problem is not None
    assert time.perf_counter() - started < 2
