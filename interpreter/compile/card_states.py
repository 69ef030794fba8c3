"""What the pack's card states mean in phrases: "if it is damaged", "unless this card is used",
"your damaged empire cards", "the coin on this card", "the ambrosia on your titan cards".

A state's name is the pack's (`card states:` in game.yaml); a face-down state and a mark are
both read as a word of the card ("damaged", "used"). The cards a state phrase names are the
ones a rule can reach: "it" (the card named before), "this card" (the rule's own), or all the
cards of a kind in a player's tableau ("your titan cards").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_dsl import ast
from rules_dsl.card_states import CardStateSpec as Spec
from rules_dsl.vocabulary import singular

from ..core.card_state import tokens_on
from ..core.errors import UnknownName, cannot
from .meaning import Cond, Ctx, Lexicon, Num, card_words, civ_cards, in_card_state, said

CardsOf = Callable[[Ctx], list[int]]


def the_cards(np: Any, lex: Lexicon, what: str) -> tuple[CardsOf, str]:
    """The cards a state or tokens phrase is about: it, this card, or every card of a kind
    in your (their) tableau. `what` says what is asked, for the error."""
    if isinstance(np, ast.Pronoun) and np.word == "it":
        return (
            lambda ctx: [ctx.it] if isinstance(ctx.it, int) and not isinstance(ctx.it, bool) else []
        ), "that card"
    if not isinstance(np, ast.NounPhrase) or len(np.heads) != 1 or np.tails or np.count:
        raise cannot(np, f'{what} of which cards? "it", "this card" or "your <kind> cards"')
    head = np.heads[0]
    if np.determiner == "this" and head == ("card",):
        return (lambda ctx: [ctx.card] if ctx.card is not None else []), "this card"
    if np.possessive in ("your", "their") and np.determiner is None and isinstance(head, tuple):
        found = card_words(tuple(singular(w) for w in head), np, lex)
        mine = np.possessive == "your"

        def cards(ctx: Ctx) -> list[int]:
            seat = ctx.player if mine or ctx.doer is None else ctx.doer
            return [c for c in civ_cards(ctx, seat, found.state) if found.test(ctx, c)]

        return cards, f"{np.possessive} {found.text}"
    raise cannot(np, f'{what} of which cards? "it", "this card" or "your <kind> cards"')


def state_of(word: str, lex: Lexicon, node: Any) -> Spec:
    """The declared state a word names, or an error listing the declared ones."""
    spec = lex.card_states.find(word)
    if spec is None:
        names = lex.card_states.names()
        hint = (
            f"the card states game.yaml declares: {', '.join(names)}"
            if names
            else ('declare it under "card states:" in game.yaml, e.g. "damaged: face down"')
        )
        raise UnknownName(f'"{word}" is not a card state of the game', node, hint)
    return spec


def compile_card_is(node: ast.IsState, lex: Lexicon) -> Cond:
    """it is damaged / this card is not used: true when every card meant is (none: false)."""
    spec = state_of(node.state, lex, node)
    cards, text = the_cards(node.subject, lex, f'"{node.state}"')
    want = not node.negated

    def test(ctx: Ctx) -> bool:
        meant = cards(ctx)
        return bool(meant) and all(in_card_state(ctx, c, spec.name) == want for c in meant)

    return said(test, f"{text} {node.be} {'' if want else 'not '}{spec.name}")


def compile_tokens_on(np: ast.NounPhrase, on: ast.OnCard, lex: Lexicon) -> Num:
    """the coin on this card / the ambrosia on your titan cards: the units of a counter lying
    on those cards."""
    head = np.heads[0] if len(np.heads) == 1 else None
    counter = lex.counter(tuple(singular(w) for w in head)) if isinstance(head, tuple) else None
    if counter is None or np.determiner != "the" or np.count or np.possessive or len(np.tails) != 1:
        raise cannot(np, 'tokens on a card are counted as "the <counter> on <card>"')
    cards, text = the_cards(on.card, lex, f"the {counter}")
    return said(
        lambda ctx: sum(tokens_on(ctx.state, c, counter) for c in cards(ctx)),
        f"the {counter} on {text}",
    )
