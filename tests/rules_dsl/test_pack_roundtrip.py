"""Every text of the Along History pack prints back to a text that parses to the same tree."""

from __future__ import annotations

import pytest

from cards import bundled
from rules_dsl.pack import load_pack
from rules_dsl.parser import parse
from rules_dsl.printer import print_any, print_cost, print_rules

PACK, DIAGNOSTICS = load_pack(bundled())


def _texts():
    assert PACK is not None
    for card in PACK.cards:
        yield f"{card.age}/{card.id}/rules", card.rules, "rules"
        yield f"{card.age}/{card.id}/cost", card.cost, "cost"
        yield f"{card.age}/{card.id}/bonus", card.bonus, "cost"
        if not isinstance(card.points, int):
            yield f"{card.age}/{card.id}/points", card.points, "number"
    for name, phase in PACK.phases.items():
        yield f"phase/{name}", phase, "rules"
    for i, token in enumerate(PACK.tokens):
        yield f"token/{i}", token.condition, "condition"
    yield "scoring", PACK.scoring, "number"


CASES = list(_texts())


def test_pack_is_clean():
    assert DIAGNOSTICS == []


@pytest.mark.parametrize(("label", "tree", "start"), CASES, ids=[c[0] for c in CASES])
def test_print_then_parse_gives_the_same_tree(label, tree, start):
    text = print_any(tree)
    assert parse(text, start) == tree, text


def test_canonical_text_of_famine_reads_like_the_card():
    famine = next(c for c in PACK.cards if c.id == "famine" and c.age == "prehistory")
    assert print_rules(famine.rules).splitlines() == [
        "non-transmissible",
        'free if you own 2 of "Hunting", "Wildcrafting", "Fishing"',
        "on failure: destroy one of your active cards, preferring population bonus cards, "
        "then bonus cards",
    ]
    assert print_cost(famine.cost) == "6 population, ingenuity"
