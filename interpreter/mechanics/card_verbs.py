"""The verbs that change what a card carries: its face, its marks and the tokens on it.

    flip one of your empire cards face down       turn it face down (the pack's face-down state)
    flip one of your damaged cards face up        turn it face up again; "repair ..." says the same
    mark this card as used                        give it one of the pack's card states
    put 2 coin on it [from the supply]            from the doer's counter, or new from the supply
    take all ambrosia from it                     off the card, into the doer's counter
    remove 2 coin from it                         off the card, back to the supply

The states are the pack's (`card states:` in game.yaml); tokens are units of its counters. A
step that gives a card a state chooses among the cards not in it yet ("flip one of your empire
cards face down" never picks a card that is face down already), and one that takes a state away
among the cards in it. Every phrase is compiled when the game loads, or is a located error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.card_states import FACE_DOWN
from rules_dsl.vocabulary import singular

from ..compile.meaning import compile_value, says, state_of
from ..compile.selectors import CardSelector, card_selector
from ..core import card_state
from ..core.actions import Action, Decision
from ..core.control import NEXT, Result, wait
from ..core.errors import cannot
from . import effects
from .moves import doer, gain_counter, role

if TYPE_CHECKING:
    from ..compile.meaning import Lexicon
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]
# What a step does to one card; False when it changed nothing.
Change = Callable[["Game", "State", dict[str, Any], int], bool]
# Whether a card is one the step can change now.
Wanted = Callable[["State", int], bool]


def _only_roles(act: ast.Act, *allowed: str) -> None:
    for r in act.roles:
        if r.preposition not in allowed:
            raise cannot(r, f'"{act.verb}" has no meaning for "{r.preposition} ..." here')


def _on_cards(
    instruction: ActI,
    selector: CardSelector,
    wanted: Wanted,
    change: Change,
    text: str,
    names_it: bool = True,
) -> Handler:
    """A handler changing the cards a phrase means (the doer picks one when it means one).
    `names_it`: the card changed is "it" for the steps after ("flip one of your cards face
    down; then put 1 coin on it"); else `change` names what it moved (an amount)."""

    def candidates(game: Game, state: State, frame: dict[str, Any]) -> list[int]:
        return [c for c in selector.select(game.ctx(state, frame)) if wanted(state, c)]

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        if answer is not None and answer.kind == "card":
            chosen = [answer.params["card"]]
        else:
            cards = candidates(game, state, frame)
            if not cards:
                return NEXT
            if not selector.many and len(cards) > 1:
                seat = selector.chooser(int(frame["player"]), doer(frame))
                options = [Action("card", {"card": c}, game.name(c)) for c in cards]
                return wait(Decision(seat, "card", options, f"Which card: {text}?"))
            chosen = cards if selector.many else cards[:1]
        for copy in chosen:
            change(game, state, frame, copy)
        if names_it:
            frame["it"] = chosen[-1]
        return NEXT

    def can(game: Game, state: State, frame: dict[str, Any]) -> str:
        return "fully" if candidates(game, state, frame) else "not"

    instruction.data["says"] = text
    instruction.data["can"] = can
    return handler


# ------------------------------------------------------------------ faces and marks


def _face_down_state(act: ast.Act, lex: Lexicon) -> str:
    spec = lex.card_states.face_down
    if spec is None:
        raise cannot(
            act,
            'the game has no face-down card state: declare one under "card states:" in '
            'game.yaml, e.g. "damaged: face down"',
        )
    return spec.name


def _turning(instruction: ActI, lex: Lexicon, down: bool) -> Handler:
    """Turn the cards a phrase means face down (or up)."""
    act = instruction.act
    name = _face_down_state(act, lex)
    selector = card_selector(act.object, lex)

    def wanted(state: State, copy: int) -> bool:
        return card_state.is_face_down(state, copy) != down

    def change(game: Game, state: State, frame: dict[str, Any], copy: int) -> bool:
        if not card_state.turn(state, copy, down):
            return False
        game.say(state, f"{game.name(copy)} is turned face {'down' if down else 'up'}.")
        return True

    side = f"face down ({name})" if down else f"face up (no longer {name})"
    return _on_cards(instruction, selector, wanted, change, f"flip {selector.text} {side}")


def flip_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """flip <cards> face down / face up."""
    act = instruction.act
    _only_roles(act, "face")
    side = role(act, "face")
    if side is None:
        raise cannot(act, 'flip which way? "flip it face down" or "flip it face up"')
    return _turning(instruction, lex, side.heads == (("down",),))


def repair_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """repair <cards>: turn face-down cards face up ("flip ... face up")."""
    _only_roles(instruction.act)
    return _turning(instruction, lex, False)


def mark_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """mark <cards> as <state>: a mark of the pack (or its face-down state)."""
    act = instruction.act
    _only_roles(act, "as")
    word = role(act, "as")
    if word is None:
        raise cannot(act, 'mark it as what? "mark this card as used"')
    spec = state_of(word.heads[0][0], lex, act)
    if spec.kind == FACE_DOWN:
        return _turning(instruction, lex, True)
    selector = card_selector(act.object, lex)
    mark = spec.name

    def wanted(state: State, copy: int) -> bool:
        return not card_state.has_mark(state, copy, mark)

    def change(game: Game, state: State, frame: dict[str, Any], copy: int) -> bool:
        if not card_state.set_mark(state, copy, mark):
            return False
        game.say(state, f"{game.name(copy)} is {mark}.")
        return True

    lasts = f" (until the end of the {spec.lasts})" if spec.lasts != "game" else ""
    return _on_cards(
        instruction, selector, wanted, change, f"mark {selector.text} as {mark}{lasts}"
    )


# ------------------------------------------------------------------ tokens on cards


def names_cards(np: Any, lex: Lexicon) -> bool:
    """Whether a phrase after "from" names cards ("it", "this card", "one of your titan
    cards") rather than players ("each opponent")."""
    if isinstance(np, ast.Pronoun):
        return np.word == "it"
    if not isinstance(np, ast.NounPhrase) or not np.heads or not isinstance(np.heads[-1], tuple):
        return False
    last = singular(np.heads[-1][-1])
    return last == "card" or bool(lex.card_word(last)) or lex.card_states.find(last) is not None


def _supply(np: Any) -> bool:
    return (
        isinstance(np, ast.NounPhrase)
        and np.determiner == "the"
        and np.heads == (("supply",),)
        and not np.tails
        and np.count is None
    )


def put_on_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """put 2 coin on it: from the doer's counter (all they have if short), or `from the
    supply` (made new)."""
    act = instruction.act
    _only_roles(act, "on", "from", "equal to")
    source = role(act, "from")
    if source is not None and not _supply(source):
        raise cannot(source, 'tokens are put on a card from your counter or "from the supply"')
    amount, counter, text = _put_amount(act, lex)
    if counter is None:
        raise cannot(act, 'put an amount of a counter the game declares on a card ("2 coin")')
    obj = act.object
    if (
        source is not None
        and role(act, "equal to") is None
        and isinstance(obj, ast.NounPhrase)
        and obj.count is None
        and obj.determiner not in ("a", "an")
    ):
        raise cannot(obj, "how many from the supply? a number")
    selector = card_selector(role(act, "on"), lex)
    supply = source is not None

    def change(game: Game, state: State, frame: dict[str, Any], copy: int) -> bool:
        seat = doer(frame)
        have = state.players[seat].counters.get(counter, 0)
        wanted_n = amount(game, state, frame, have)
        n = wanted_n if supply else min(wanted_n, have)
        if n <= 0:
            return False
        if not supply:
            gain_counter(game, state, seat, counter, -n)
        card_state.add_tokens(state, copy, counter, n)
        game.say(state, f"{game.player_name(seat)} puts {n} {counter} on {game.name(copy)}.")
        return True

    def wanted(state: State, copy: int) -> bool:
        return True

    where = " from the supply" if supply else f" from your {counter}"
    return _on_cards(instruction, selector, wanted, change, f"put {text} on {selector.text}{where}")


# How many tokens a "put" puts: (the game, the position, the frame, what the doer has) -> n.
PutAmount = Callable[["Game", "State", dict[str, Any], int], int]


def _put_amount(act: ast.Act, lex: Lexicon) -> tuple[PutAmount, str | None, str]:
    """The amount a "put" puts on a card: "2 coin", "all your coin", or "coin equal to <a
    number>" (counted when the step is done: "the coin on it + 1")."""
    equal = role(act, "equal to")
    if equal is None:
        share, counter, text = effects.compile_amount(act.object, lex, "")
        return (lambda game, state, frame, have: share(have, frame)), counter, text
    obj = act.object
    head = obj.heads[0] if isinstance(obj, ast.NounPhrase) and len(obj.heads) == 1 else None
    counter = lex.counter(tuple(singular(w) for w in head)) if isinstance(head, tuple) else None
    if (
        counter is None
        or not isinstance(obj, ast.NounPhrase)
        or obj.count is not None
        or obj.determiner is not None
        or obj.possessive
        or obj.tails
    ):
        raise cannot(act, 'put an amount of a counter on a card: "put coin equal to ... on it"')
    number = compile_value(equal, lex)

    def amount(game: Game, state: State, frame: dict[str, Any], have: int) -> int:
        return number(game.ctx(state, frame))

    return amount, counter, f"{counter} equal to {says(number)}"


def take_from_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """take all ambrosia from it (into the doer's counter) / remove 2 coin from it (back to
    the supply)."""
    act = instruction.act
    _only_roles(act, "from")
    amount, counter, text = effects.compile_amount(act.object, lex, "")
    if counter is None:
        raise cannot(act, f'{act.verb} an amount of a counter the game declares ("all coin")')
    selector = card_selector(role(act, "from"), lex)
    keep = act.verb == "take"

    def change(game: Game, state: State, frame: dict[str, Any], copy: int) -> bool:
        seat = doer(frame)
        on = card_state.tokens_on(state, copy, counter)
        n = min(amount(on, frame), on)
        if keep:
            n = gain_counter(game, state, seat, counter, n)  # within the counter's bound
        card_state.add_tokens(state, copy, counter, -n)
        frame["it"] = n  # "take all ambrosia from it; then give half of it to ..."
        frame["it_counter"] = counter
        verb = "takes" if keep else "removes"
        game.say(state, f"{game.player_name(seat)} {verb} {n} {counter} from {game.name(copy)}.")
        return n > 0

    def wanted(state: State, copy: int) -> bool:
        return card_state.tokens_on(state, copy, counter) > 0

    into = f" into your {counter}" if keep else " (back to the supply)"
    return _on_cards(
        instruction,
        selector,
        wanted,
        change,
        f"{act.verb} {text} from {selector.text}{into}",
        names_it=False,
    )
