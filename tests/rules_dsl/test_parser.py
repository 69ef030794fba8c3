"""The parser: sample texts give the expected trees, and bad texts give located diagnostics.

Both are tables: (text, expected tree) and (bad text, line, column, words of the message, words
of the hint). Trees compare without their spans; spans have tests of their own.
"""

from __future__ import annotations

import pytest

from rules_dsl import ast
from rules_dsl.ast import (
    Act,
    Amount,
    And,
    Arith,
    CardName,
    Choice,
    Compare,
    Cost,
    Did,
    Has,
    If,
    Int,
    IsIn,
    IsState,
    Limit,
    Not,
    Of,
    Or,
    Owns,
    OwnsNOf,
    Preferring,
    Pronoun,
    Repeat,
    Role,
    Rounded,
    Rules,
    Steps,
    Trigger,
)
from rules_dsl.parser import ParseError, parse, try_parse

YOU = Pronoun("you")
IT = Pronoun("it")


def np(
    *heads: str | tuple[str, ...],
    det: str | None = None,
    count: int | None = None,
    possessive: str | None = None,
    tails: tuple = (),
) -> ast.NounPhrase:
    """A noun phrase; a head given as a string in quotes is a card name."""
    built = tuple(
        CardName(h[1:-1])
        if isinstance(h, str) and h.startswith('"')
        else tuple(h.split())
        if isinstance(h, str)
        else h
        for h in heads
    )
    return ast.NounPhrase(det, count, possessive, built, tails)


def steps(*items: object) -> Steps:
    return Steps(tuple(items))


def rules(*statements: object) -> Rules:
    return Rules(tuple(statements))


def act(subject: object, verb: str, obj: object = None, *roles: Role) -> Act:
    return Act(subject, verb, obj, roles)


def on(event: str, *items: object) -> Trigger:
    """A trigger "on <event>:" whose body is one statement of steps."""
    return Trigger("on", event, (steps(*items),))


# ------------------------------------------------------------------ texts -> trees

RULES = [
    ('free if you own "The Fire"', rules(ast.Free(Owns(YOU, (np('"The Fire"'),))))),
    (
        'discardable unless the opponent owns a land or "Camelot"',
        rules(
            ast.Discardable(
                Owns(np("opponent", det="the"), (np("land", det="a"), np('"Camelot"'))), unless=True
            )
        ),
    ),
    (
        'costs 3 less population if you own 2 of "Hunting", "Fishing"',
        rules(
            ast.CostChange(
                None, 3, "less", ("population",), OwnsNOf(YOU, 2, ("Hunting", "Fishing"))
            )
        ),
    ),
    (
        "your first acquisition each turn costs 1 more population",
        rules(
            ast.CostChange(ast.Acquisitions(("first",), False, True), 1, "more", ("population",))
        ),
    ),
    (
        "your progress acquisitions cost 1 less ingenuity",
        rules(
            ast.CostChange(ast.Acquisitions(("progress",), True, False), 1, "less", ("ingenuity",))
        ),
    ),
    ("gold price 5", rules(ast.MoneyPrice(5, money=("gold",)))),
    ("war +1 per 2 lands", rules(ast.Symbols(("war",), 1, ast.Per(2, ("lands",))))),
    ("attack +1 per 2 lands", rules(ast.Strength("attack", 1, ast.Per(2, ("lands",))))),
    (
        "defence -2 unless it is tilted",
        rules(ast.Strength("defence", -2, None, IsState(IT, "is", False, "tilted"), True)),
    ),
    (
        'cancels the war bonus of the opponent\'s "Chivalry"',
        rules(
            ast.Cancels(
                np("war bonus", det="the", tails=(Of(np("opponent", '"Chivalry"', det="the")),))
            )
        ),
    ),
    ("non-transmissible", rules(ast.Keyword("non-transmissible"))),
    ("general\nwar +1", rules(ast.Keyword("general"), ast.Symbols(("war",), 1))),
    # verbs after a subject are in the third person; the tree keeps the base form
    (
        "each opponent pays 5 gold to you",
        rules(
            steps(Act(np("opponent", det="each"), "pay", np("gold", count=5), (Role("to", YOU),)))
        ),
    ),
    (
        "each other player passes; then the deck replenishes; then it uses 2 dice",
        rules(
            steps(
                Act(np("other player", det="each"), "pass"),
                Act(np("deck", det="the"), "replenish"),
                Act(IT, "use", np("dice", count=2)),
            )
        ),
    ),
    (
        "the winner becomes the active player; then the loser loses 1 gold",
        rules(
            steps(
                Act(np("winner", det="the"), "become", np("active player", det="the")),
                Act(np("loser", det="the"), "lose", np("gold", count=1)),
            )
        ),
    ),
    (
        "on failure: destroy one of your active cards, preferring population bonus cards, then"
        " bonus cards",
        rules(
            on(
                "failure",
                act(
                    None,
                    "destroy",
                    np(
                        "active cards",
                        det="one of",
                        possessive="your",
                        tails=(Preferring((("population", "bonus", "cards"), ("bonus", "cards"))),),
                    ),
                ),
            )
        ),
    ),
    (
        "on failure: pay 10 gold or destroy one of your active cards",
        rules(
            on(
                "failure",
                Choice(
                    (
                        act(None, "pay", np("gold", count=10)),
                        act(None, "destroy", np("active cards", det="one of", possessive="your")),
                    )
                ),
            )
        ),
    ),
    (
        "when you lose a war:   move this card to the winner's civilization",
        rules(
            Trigger(
                "when",
                "you lose a war",
                (
                    steps(
                        act(
                            None,
                            "move",
                            np("card", det="this"),
                            Role("to", np("winner", "civilization", det="the")),
                        )
                    ),
                ),
            )
        ),
    ),
    (
        "in war: you may discard this card; then win the war by 3",
        rules(
            Trigger(
                "in",
                "war",
                (
                    steps(
                        ast.Optional(
                            steps(
                                act(None, "discard", np("card", det="this")),
                                act(None, "win", np("war", det="the"), Role("by", Int(3))),
                            )
                        )
                    ),
                ),
            )
        ),
    ),
    (
        "while in your events: free",
        rules(ast.Scope(np("events", possessive="your"), (ast.Free(),))),
    ),
    (
        "take actions until you have passed",
        rules(
            steps(
                act(
                    None,
                    "take",
                    np("actions"),
                    Role("until", Did(YOU, True, False, "passed", None, False)),
                )
            )
        ),
    ),
    (
        "if you acquired nothing this turn: gain 1 universal resource",
        rules(
            steps(
                If(
                    Did(YOU, False, False, "acquired", np("nothing"), True),
                    False,
                    (steps(act(None, "gain", np("universal resource", count=1))),),
                )
            )
        ),
    ),
    (
        "repeat until every player has passed: each player takes an action",
        rules(
            steps(
                Repeat(
                    Did(np("player", det="every"), True, False, "passed", None, False),
                    (steps(act(np("player", det="each"), "take", np("action", det="an"))),),
                )
            )
        ),
    ),
    (
        'each other player in turn order plays "other turn"',
        rules(
            steps(
                act(
                    np("other player", det="each", tails=(ast.InTurnOrder(),)),
                    "play",
                    np('"other turn"'),
                )
            )
        ),
    ),
    (
        "on acquire: take all gold from the opponent with the most gold; then give half of it"
        " rounded down to an opponent of your choice",
        rules(
            on(
                "acquire",
                act(
                    None,
                    "take",
                    np("gold", det="all"),
                    Role(
                        "from",
                        np("opponent", det="the", tails=(ast.Superlative("most", ("gold",)),)),
                    ),
                ),
                # "half of it": after "of", "it" is read as a noun, not as the pronoun
                act(
                    None,
                    "give",
                    Rounded(np("it", det="half of"), "down"),
                    Role("to", np("opponent", det="an", tails=(ast.OfChoice(),))),
                ),
            )
        ),
    ),
    ("", rules()),
    ("# only a comment\n\n", rules()),
]


@pytest.mark.parametrize("text, tree", RULES, ids=[t for t, _ in RULES])
def test_rules_text_gives_its_tree(text, tree):
    assert parse(text) == tree


OTHER_STARTS = [
    (
        "cost",
        "X population, 2 strength where X is the number of your active bonuses",
        Cost(
            (Amount("X", ("population",)), Amount(2, ("strength",))),
            np("number", det="the", tails=(Of(np("active bonuses", possessive="your")),)),
        ),
    ),
    ("cost", "ingenuity", Cost((Amount(None, ("ingenuity",)),))),
    ("cost", "", Cost(())),
    ("number", "1 + 2 * 3", Arith("+", Int(1), Arith("*", Int(2), Int(3)))),
    ("number", "(1 + 2) * 3", Arith("*", Arith("+", Int(1), Int(2)), Int(3))),
    ("number", "10 - 2 - 3", Arith("-", Arith("-", Int(10), Int(2)), Int(3))),
    (
        "number",
        "your gold / 3 rounded down at most 4",
        Limit(Rounded(Arith("/", np("gold", possessive="your"), Int(3)), "down"), "most", Int(4)),
    ),
    ("number", "the winner's points\n", np("winner", "points", det="the")),
    (
        "condition",
        "not you own a land and you have 3 gold or it is empty",
        Or(
            (
                And((Not(Owns(YOU, (np("land", det="a"),))), Has(YOU, None, np("gold", count=3)))),
                IsState(IT, "is", False, "empty"),
            )
        ),
    ),
    (
        "condition",
        "not (you are in the lead or you own a land)",
        Not(Or((IsIn(YOU, "are", np("lead", det="the")), Owns(YOU, (np("land", det="a"),))))),
    ),
    ("condition", "you have at least 15 gold", Has(YOU, "at least", np("gold", count=15))),
    (
        "condition",
        "your gold is more than 3",
        Compare(np("gold", possessive="your"), "is", "more than", Int(3)),
    ),
    (
        "condition",
        '"Barbarian Invasions" is in your events',
        IsIn(np('"Barbarian Invasions"'), "is", np("events", possessive="your")),
    ),
    ("condition", "the deck is not empty", IsState(np("deck", det="the"), "is", True, "empty")),
    (
        "condition",
        "every player has not passed",
        Did(np("player", det="every"), True, True, "passed", None, False),
    ),
]


@pytest.mark.parametrize("start, text, tree", OTHER_STARTS, ids=[t for _, t, _ in OTHER_STARTS])
def test_other_entry_points_give_their_tree(start, text, tree):
    assert parse(text, start) == tree


# ------------------------------------------------------------------ lines and blocks

FAILURE_STEPS = rules(
    Trigger(
        "on",
        "failure",
        (
            steps(
                Choice(
                    (
                        Act(None, "pay", np("gold", count=10)),
                        Act(None, "destroy", np("active cards", det="one of", possessive="your")),
                    )
                ),
                Act(
                    None,
                    "shuffle",
                    np("discard pile", det="the"),
                    (Role("into", np("deck", det="the")),),
                ),
            ),
        ),
    )
)

SAME_TREE = [
    # a line indented deeper than its statement continues it
    (
        "on failure: pay 10 gold or destroy one of your active cards;\n"
        "    then shuffle the discard pile into the deck",
        FAILURE_STEPS,
    ),
    (
        "on failure: pay 10 gold\n  or destroy one of your active cards; then shuffle\n"
        "  the discard pile\n      into the deck",
        FAILURE_STEPS,
    ),
    # a block after a line ending in ":"
    (
        "on failure:\n  pay 10 gold or destroy one of your active cards; then shuffle the discard"
        " pile into the deck",
        FAILURE_STEPS,
    ),
    # blank lines, comments and trailing spaces are nothing
    (
        "\n\n# Piracy\non failure:   # when the card fails\n\n  pay 10 gold or destroy one of your"
        " active cards; then shuffle the discard pile into the deck   \n\n",
        FAILURE_STEPS,
    ),
    (
        "on failure:\r\n  pay 10 gold or destroy one of your active cards; then shuffle the"
        " discard pile into the deck\r\n",
        FAILURE_STEPS,
    ),
]


@pytest.mark.parametrize("text, tree", SAME_TREE)
def test_layout_continuation_lines_and_blocks(text, tree):
    assert parse(text) == tree


def test_otherwise_is_joined_to_the_if_above():
    text = (
        "on failure:\n"
        "  if you have at least 12 gold: share 12 gold among your opponents\n"
        "  otherwise: destroy one of your active cards\n"
        "gold price 3"
    )
    share = steps(
        Act(
            None,
            "share",
            np("gold", count=12),
            (Role("among", np("opponents", possessive="your")),),
        )
    )
    destroy = steps(Act(None, "destroy", np("active cards", det="one of", possessive="your")))
    assert parse(text) == rules(
        Trigger(
            "on",
            "failure",
            (steps(If(Has(YOU, "at least", np("gold", count=12)), False, (share,), (destroy,))),),
        ),
        ast.MoneyPrice(3, money=("gold",)),
    )


def test_otherwise_goes_to_the_if_of_its_own_indentation():
    text = (
        "if it is tilted:\n"
        "  if it is empty: pass\n"
        "  otherwise: gain 1 gold\n"
        "otherwise:\n"
        "  lose 1 gold\n"
        "  pass"
    )
    inner = If(
        IsState(IT, "is", False, "empty"),
        False,
        (steps(Act(None, "pass")),),
        (steps(Act(None, "gain", np("gold", count=1))),),
    )
    outer = If(
        IsState(IT, "is", False, "tilted"),
        False,
        (steps(inner),),
        (steps(Act(None, "lose", np("gold", count=1))), steps(Act(None, "pass"))),
    )
    assert parse(text) == rules(steps(outer))
    dedented = text.replace("  otherwise: gain", "otherwise: gain").replace(
        "otherwise:\n  lose 1 gold\n  pass", ""
    )
    assert parse(dedented.strip()) == rules(
        steps(
            If(
                IsState(IT, "is", False, "tilted"),
                False,
                (steps(If(IsState(IT, "is", False, "empty"), False, (steps(Act(None, "pass")),))),),
                (steps(Act(None, "gain", np("gold", count=1))),),
            )
        )
    )


def test_a_block_holds_any_statement():
    text = (
        "while in your events:\n"
        "  free\n"
        "  on acquire:\n"
        '    unless you own "Fire":\n'
        "      gain 1 gold\n"
        "    lose 1 gold\n"
        "war +1"
    )
    assert parse(text) == rules(
        ast.Scope(
            np("events", possessive="your"),
            (
                ast.Free(),
                Trigger(
                    "on",
                    "acquire",
                    (
                        steps(
                            If(
                                Owns(YOU, (np('"Fire"'),)),
                                True,
                                (steps(Act(None, "gain", np("gold", count=1))),),
                            )
                        ),
                        steps(Act(None, "lose", np("gold", count=1))),
                    ),
                ),
            ),
        ),
        ast.Symbols(("war",), 1),
    )


# ------------------------------------------------------------------ spans


def test_spans_are_lines_and_columns_of_the_text():
    text = (
        "free\n"
        "on failure:\n"
        "  if you have at least 12 gold:\n"
        "    share 12 gold among your opponents\n"
        "  otherwise: destroy one of your active cards\n"
        'war +1 if you own "Iron"'
    )
    tree = parse(text)
    free, trigger, war = tree.statements
    assert free.span == ast.Span(1, 1, 1, 5)
    assert trigger.span == ast.Span(2, 1, 5, 46)  # ends with its block, not on line 6
    (statement,) = trigger.body
    (if_step,) = statement.steps
    assert if_step.span == ast.Span(3, 3, 5, 46)  # the "if" with its "otherwise"
    assert if_step.condition.span == ast.Span(3, 6, 3, 31)
    (share,) = if_step.then[0].steps
    assert share.span == ast.Span(4, 5, 4, 39)
    assert share.roles[0].value.span == ast.Span(4, 25, 4, 39)
    (destroy,) = if_step.otherwise[0].steps
    assert destroy.span == ast.Span(5, 14, 5, 46)
    assert war.span == ast.Span(6, 1, 6, 25)
    (iron,) = war.condition.options
    assert iron.heads[0].span == ast.Span(6, 19, 6, 25)


def test_a_span_points_at_the_text_it_was_read_from():
    text = "on acquire:\n  each opponent pays 5 gold to you\n    or destroys one of their cards"
    lines = text.split("\n")
    for node in ast.walk(parse(text)):
        if isinstance(node, ast.NounPhrase) and node.span.line == node.span.end_line:
            read = lines[node.span.line - 1][node.span.column - 1 : node.span.end_column - 1]
            assert read.endswith(" ".join(node.heads[-1]))


# ------------------------------------------------------------------ diagnostics

BAD = [
    # text, line, column, words of the message, words of the hint
    pytest.param(
        'fre if you own "X"',
        1,
        1,
        ["unknown word", "fre"],
        ['"free"'],
        id="misspelt statement keyword",
    ),
    pytest.param(
        'free\ndiscardible if you own "X"',
        2,
        1,
        ["discardible"],
        ['"discardable"'],
        id="misspelt keyword on line 2",
    ),
    pytest.param("gian 1 gold", 1, 1, ["gian"], ['"gain"'], id="misspelt verb"),
    pytest.param(
        "on acquire: each opponent pyas 3 gold",
        1,
        27,
        ["pyas"],
        ['"pays"'],
        id="misspelt verb after a subject",
    ),
    pytest.param("war +1 pre 2 lands", 1, 8, ["pre"], ['"per"'], id="misspelt per"),
    pytest.param(
        'free if you own "The Fire',
        1,
        17,
        ["unexpected character", '"'],
        ["close", "double quote"],
        id="missing quote",
    ),
    pytest.param(
        "free if you own “The Fire”", 1, 17, ["“"], ["straight double quotes"], id="curly quotes"
    ),
    pytest.param(
        "free if you own 'The Fire'", 1, 17, ["'"], ["straight double quotes"], id="single quotes"
    ),
    pytest.param('Free if you own "The Fire"', 1, 1, ["F"], ["lower case"], id="uppercase word"),
    pytest.param(
        "free if you own The Fire", 1, 17, ["T"], ["lower case", "quotes"], id="unquoted card name"
    ),
    pytest.param(
        "on failure:\n\tdestroy one of your cards",
        2,
        1,
        ["tab"],
        ["spaces"],
        id="tab in indentation",
    ),
    pytest.param(
        "on failure:\n  pay 1 gold\n \tpay 2 gold", 3, 1, ["tab"], ["spaces"], id="tab after spaces"
    ),
    pytest.param(
        "otherwise: destroy one of your cards",
        1,
        1,
        ['"otherwise"', '"if"'],
        ['"otherwise:"', '"if"'],
        id="dangling otherwise",
    ),
    pytest.param(
        "free\n\notherwise: gain 1 gold",
        3,
        1,
        ['"otherwise"', '"if"'],
        ['"otherwise:"'],
        id="otherwise after an ability",
    ),
    pytest.param(
        "if it is empty: pass\notherwise: pass\notherwise: pass",
        3,
        1,
        ['"otherwise"'],
        ['"if"'],
        id="second otherwise",
    ),
    pytest.param(
        "on failure: if you have 3 gold: pay 3 gold; otherwise: destroy one of your cards",
        1,
        45,
        ["otherwise"],
        ["own line"],
        id="inline otherwise",
    ),
    pytest.param(
        "if you have 3 gold: pay 3 gold; otherwise destroy one of your cards",
        1,
        33,
        ["otherwise"],
        ["own line"],
        id="inline otherwise without colon",
    ),
    pytest.param(
        'free if (you have 3 gold or you own "X"',
        1,
        40,
        ["stops too early"],
        ['"("', "column 9"],
        id="unclosed bracket",
    ),
    pytest.param("number: (1 + 2", 1, 7, ["stops too early"], ['"("'], id="unclosed in number"),
    pytest.param("free if you own a land)", 1, 23, ["')'"], [], id="extra bracket"),
    pytest.param(
        "on acquire:", 1, 12, ["stops too early"], ["after the ':'"], id="stops after a colon"
    ),
    pytest.param(
        "on acquire:\n\n",
        1,
        12,
        ["stops too early"],
        ["after the ':'"],
        id="stops after a colon and blank lines",
    ),
    pytest.param("free if", 1, 8, ["stops too early"], ["a card name"], id="stops after if"),
    pytest.param("gain 3 gold;", 1, 13, ["stops too early"], [], id="stops after a semicolon"),
    pytest.param(
        "on failure:\n    pay 3 gold\n  destroy one of your cards",
        3,
        1,
        ["indentation", "no enclosing"],
        ["same amount"],
        id="indentation matching no block",
    ),
    pytest.param(
        "free\n  war +1",
        2,
        3,
        ["unexpected 'war'"],
        ["deeper", "line above"],
        id="over-indented line continues the statement",
    ),
    pytest.param(
        "on failure:\n  pay 3 gold\n      destroy it",
        3,
        7,
        ["destroy"],
        ["deeper", "line above"],
        id="over-indented line in a block",
    ),
    pytest.param("war 1", 1, 5, ["'1'"], ["signed number"], id="unsigned strength"),
    pytest.param(
        "on failure destroy one of your cards",
        1,
        4,
        ["unexpected"],
        ["colon"],
        id="missing colon after the event",
    ),
    pytest.param(
        'free if you own "A" or you own "B"',
        1,
        28,
        ["own"],
        ["brackets"],
        id="condition after an owns list",
    ),
    pytest.param(
        "free if the opponent owns a land or the deck is empty",
        1,
        46,
        ["is"],
        ["brackets"],
        id="condition after an owns list of phrases",
    ),
]


@pytest.mark.parametrize("text, line, column, message_words, hint_words", BAD)
def test_bad_text_gives_a_located_diagnostic(text, line, column, message_words, hint_words):
    start = "rules"
    if text.startswith("number: "):
        start, text = "number", text.removeprefix("number: ")
    tree, diagnostic = try_parse(text, start)
    assert tree is None and diagnostic is not None
    assert diagnostic.severity == "error" and diagnostic.code == "syntax"
    assert (diagnostic.line, diagnostic.column) == (line, column), diagnostic.render()
    for word in message_words:
        assert word in diagnostic.message, diagnostic.render()
    for word in hint_words:
        assert word in (diagnostic.hint or ""), diagnostic.render()
    assert diagnostic.source_line == text.split("\n")[line - 1]
    with pytest.raises(ParseError) as raised:
        parse(text, start)
    assert raised.value.diagnostic == diagnostic


def test_a_diagnostic_renders_with_a_caret_under_the_word():
    _, diagnostic = try_parse('free\nfre if you own "X"')
    assert diagnostic.render() == (
        "<input>:2:1: error: unknown word 'fre'\n"
        '    2 | fre if you own "X"\n'
        "      | ^^^\n"
        'hint: did you mean "free"?'
    )


def test_a_noun_close_to_a_verb_is_not_taken_for_a_misspelt_verb():
    _, diagnostic = try_parse("each player pays 3 gold to")
    assert "player" not in (diagnostic.hint or "")
