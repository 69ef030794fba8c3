"""`ast.walk`: every node of a rule tree, parents first, whichever fields it skips."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

from rules_dsl import ast
from rules_dsl.actions import action_texts
from rules_dsl.pack import Pack, load_pack
from rules_dsl.parser import parse
from tests.rules_dsl.test_roundtrip import SAMPLES

ROOT = Path(__file__).resolve().parents[2]


def every_node(node: object) -> Iterator[ast.Node]:
    """The plain walk: every field of every node looked into (what `walk` must give)."""
    if isinstance(node, ast.Node):
        yield node
        for f in fields(node):
            if f.name != "span":
                yield from every_node(getattr(node, f.name))
    elif isinstance(node, tuple):
        for item in node:
            yield from every_node(item)


def trees(pack: Pack) -> Iterator[object]:
    """Every parsed text of a pack: its cards', its game file's, its actions'."""
    for card in pack.cards:
        yield from (card.rules, card.cost, card.points, card.bonus)
    yield from pack.phases.values()
    yield from pack.type_rules.values()
    yield from (pack.setup, pack.age_change, pack.scoring, pack.age_end)
    yield from pack.contest_rerolls.values()
    yield from (token.condition for token in pack.tokens)
    yield from (line.number for line in pack.tie_break)
    for action in pack.actions:
        yield from (tree for _, tree in action_texts(action))
    yield from pack.table_numbers.values()
    yield from pack.report.values()


def test_walk_finds_every_node_of_every_packs_rules_in_order() -> None:
    """On every rule tree of the bundled packs, the conformance packs and the printer's
    round-trip samples (every construct of the language), the same nodes in the same order
    as looking into every field."""
    folders = sorted(ROOT.glob("cards/*/game.yaml")) + sorted(
        ROOT.glob("tests/packs/conformance/*/game.yaml")
    )
    all_trees: list[object] = []
    for game in folders:
        pack, _ = load_pack(game.parent, run_checks=False)
        assert pack is not None, game
        all_trees += trees(pack)
    all_trees += [parse(text, start) for start, text in SAMPLES]
    walked = 0
    kinds: set[type] = set()
    for tree in all_trees:
        expected = list(every_node(tree))
        assert [id(n) for n in ast.walk(tree)] == [id(n) for n in expected], tree
        walked += len(expected)
        kinds |= {type(n) for n in expected}
    assert walked > 6_000 and len(kinds) > 45
