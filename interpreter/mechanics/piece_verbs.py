"""The verbs of the pack's pieces (`pieces:` in game.yaml): placing them on cards, returning
them, gaining more.

    place one of your citizens on it      the doer picks which free piece: one option per
                                          distinct set of properties
    return all your citizens              each of the doer's pieces back to their supply
    each player returns all their citizens
    gain a citizen / gain 2 citizens      new pieces, with the last `start` entry's properties
    gain a citizen of skill 2             ... with the properties said, the others as above

With `bumping: {by: skill, costs: 1 coin}`, placing a piece on a card that holds a piece of a
higher `by` costs that amount, paid when it is placed; a piece whose placement the doer cannot
pay is not offered, and a declared action whose first step is such a placement is not offered
for a card where no piece can go (`placeable`). Every phrase is compiled when the game loads,
or is a located error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast

from ..compile.selectors import card_selector
from ..core import pieces
from ..core.actions import Action, Decision
from ..core.control import NEXT, Result, wait
from ..core.errors import cannot
from .moves import doer, gain_counter, role

if TYPE_CHECKING:
    from rules_dsl.pieces import PieceSpec

    from ..compile.meaning import Lexicon
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]
PLACEABLE = "placeable"  # instruction.data: whether a piece can be placed on a card now


def piece_kind(np: Any, lex: Lexicon) -> PieceSpec | None:
    """The kind of piece a phrase names ("one of your citizens", "a citizen"), else None."""
    if not isinstance(np, ast.NounPhrase) or len(np.heads) != 1:
        return None
    head = np.heads[0]
    if not isinstance(head, tuple) or len(head) != 1:
        return None
    return lex.pieces.find(head[0])


def kind_named(np: Any, lex: Lexicon, act: ast.Act, example: str) -> PieceSpec:
    """The kind of piece a step's object names, else an error saying what to write."""
    found = piece_kind(np, lex)
    if found is None:
        names = ", ".join(k.name for k in lex.pieces.kinds)
        if not names:
            raise cannot(act, f'the game has no pieces: declare one under "pieces:" ({example})')
        raise cannot(np if np is not None else act, f"{example}: a kind of piece ({names})")
    return found


def _only_roles(act: ast.Act, *allowed: str) -> None:
    for r in act.roles:
        if r.preposition not in allowed:
            raise cannot(r, f'"{act.verb}" has no meaning for "{r.preposition} ..." here')


def describe(spec: PieceSpec, props: dict[str, int]) -> str:
    """A piece in the game's words: "a citizen of skill 2"."""
    shown = ", ".join(f"{p} {props.get(p, 0)}" for p in spec.properties)
    return f"a {spec.name}" + (f" of {shown}" if shown else "")


def bump_cost(state: State, spec: PieceSpec, props: dict[str, int], copy: int) -> int:
    """What placing a piece of these properties on a card costs (TAW-A3): bumping's amount
    when the card holds a piece of the kind with a higher `by`, else nothing."""
    by = spec.bump_by
    if by is None:
        return 0
    mine = props.get(by, 0)
    higher = any(
        state.pieces[i]["props"].get(by, 0) > mine for i in pieces.on_card(state, spec.name, copy)
    )
    return spec.bump_amount if higher else 0


def bumps_on(lex: Lexicon, spec: PieceSpec) -> Callable[[State, int], bool]:
    """Whether bumping applies on a card: on every card, or on those of its zone (`in:`)."""
    found = lex.zones.find(spec.bump_in) if spec.bump_in is not None else None
    if found is None:
        return lambda state, copy: True
    side, index = found
    if side == "shared":
        return lambda state, copy: copy in state.zones[index]
    return lambda state, copy: any(copy in p.zones[index] for p in state.players)


def placements(
    state: State, spec: PieceSpec, seat: int, copy: int, bumps: bool = True
) -> list[tuple[int, int]]:
    """The free pieces the doer may place on a card, one per distinct set of properties
    (the first such piece), with what placing each costs; none the doer cannot pay.
    `bumps`: whether bumping applies on this card."""
    have = state.players[seat].counters.get(spec.bump_counter or "", 0)
    seen: set[tuple[tuple[str, int], ...]] = set()
    out = []
    for i in pieces.free(state, spec.name, seat):
        props = state.pieces[i]["props"]
        key = tuple(sorted(props.items()))
        if key in seen:
            continue
        seen.add(key)
        cost = bump_cost(state, spec, props, copy) if bumps else 0
        if cost <= have:
            out.append((i, cost))
    return out


def place_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """place one of your citizens on it."""
    act = instruction.act
    _only_roles(act, "on")
    np = act.object
    spec = kind_named(np, lex, act, '"place one of your citizens on it"')
    if (
        not isinstance(np, ast.NounPhrase)
        or np.determiner != "one of"
        or np.possessive
        not in (
            "your",
            "their",
        )
    ):
        raise cannot(np, f'place reads "place one of your {spec.name}s on <card>"')
    if np.tails:
        raise cannot(np, f"which {spec.name} is the doer's choice: say no more than its kind")
    target = role(act, "on")
    if target is None:
        raise cannot(act, f'place it on what? "place one of your {spec.name}s on it"')
    if not one_known_card(target):
        raise cannot(
            target,
            'a piece is placed on "it" (the card the action chose) or "this card"',
        )
    selector = card_selector(target, lex)
    bumps = bumps_on(lex, spec)

    def card_of(game: Game, state: State, frame: dict[str, Any]) -> int | None:
        cards = selector.select(game.ctx(state, frame))
        return cards[0] if cards else None

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = doer(frame)
        copy = card_of(game, state, frame)
        if copy is None:
            return NEXT
        options = placements(state, spec, seat, copy, bumps(state, copy))
        if answer is not None and answer.kind == "piece":
            chosen = [o for o in options if o[0] == answer.params["piece"]]
        elif len(options) > 1:
            offered = [
                Action("piece", {"piece": i}, _option_text(state, spec, i, cost))
                for i, cost in options
            ]
            return wait(
                Decision(seat, "piece", offered, f"Which {spec.name} on {game.name(copy)}?")
            )
        else:
            chosen = options
        for i, cost in chosen[:1]:
            if cost:
                gain_counter(game, state, seat, str(spec.bump_counter), -cost)
            pieces.move(state, i, copy)
            paid = f", paying {cost} {spec.bump_counter}" if cost else ""
            game.say(
                state,
                f"{game.player_name(seat)} places {describe(spec, state.pieces[i]['props'])} "
                f"on {game.name(copy)}{paid}.",
            )
        frame["it"] = copy
        return NEXT

    def can(game: Game, state: State, frame: dict[str, Any]) -> str:
        copy = card_of(game, state, frame)
        return (
            "fully"
            if copy is not None and placements(state, spec, doer(frame), copy, bumps(state, copy))
            else "not"
        )

    bump = (
        f" (onto a higher {spec.bump_by}"
        + (f" in the {spec.bump_in}" if spec.bump_in else "")
        + f": paying {spec.bump_amount} {spec.bump_counter})"
        if spec.bump_by
        else ""
    )
    instruction.data["says"] = f"place one of your free {spec.name}s on {selector.text}{bump}"
    instruction.data["can"] = can
    instruction.data[PLACEABLE] = can
    return handler


def one_known_card(np: Any) -> bool:
    """Whether a phrase names one card already known: it, this card."""
    if isinstance(np, ast.Pronoun):
        return np.word == "it"
    return (
        isinstance(np, ast.NounPhrase)
        and np.determiner == "this"
        and np.heads == (("card",),)
        and not np.tails
    )


def _option_text(state: State, spec: PieceSpec, index: int, cost: int) -> str:
    text = describe(spec, state.pieces[index]["props"])
    return text + (f" (paying {cost} {spec.bump_counter})" if cost else "")


def return_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """return all your citizens / each player returns all their citizens: back to the supply."""
    act = instruction.act
    _only_roles(act)
    np = act.object
    spec = kind_named(np, lex, act, '"return all your citizens"')
    if (
        not isinstance(np, ast.NounPhrase)
        or np.determiner != "all"
        or np.possessive
        not in (
            "your",
            "their",
        )
        or np.tails
    ):
        raise cannot(np, f'return reads "return all your {spec.name}s"')

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = doer(frame)
        placed = [
            i for i in pieces.owned(state, spec.name, seat) if state.pieces[i]["on"] is not None
        ]
        for i in placed:
            pieces.move(state, i, None)
        if placed:
            game.say(state, f"{game.player_name(seat)} takes back {len(placed)} {spec.name}(s).")
        return NEXT

    instruction.data["says"] = f"return all your {spec.name}s to your supply"
    return handler


def gains_piece(np: Any, lex: Lexicon) -> bool:
    """Whether "gain ..." gains pieces ("gain a citizen") rather than an amount."""
    return piece_kind(np, lex) is not None


def gain_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """gain a citizen / gain 2 citizens: new pieces in the doer's supply."""
    act = instruction.act
    _only_roles(act)
    np = act.object
    spec = kind_named(np, lex, act, '"gain a citizen"')
    assert isinstance(np, ast.NounPhrase)  # a phrase naming a kind of piece is one
    said = [t for t in np.tails if isinstance(t, ast.OfValue)]
    if len(said) != len(np.tails) or np.possessive or np.determiner not in (None, "a", "an"):
        raise cannot(np, f'gain reads "gain a {spec.name}" or "gain 2 {spec.name}s"')
    if np.determiner is None and np.count is None:
        raise cannot(np, f'how many? "gain a {spec.name}" or "gain 2 {spec.name}s"')
    count = np.count if np.count is not None else 1
    props = gained_properties(spec, said)

    bank = spec.bank

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = doer(frame)
        n = count if bank is None else min(count, _in_bank(state, seat, bank))
        if n <= 0:
            return NEXT
        if bank is not None:
            gain_counter(game, state, seat, bank, -n)
        made = [pieces.make(spec.name, seat, props) for _ in range(n)]
        state.pieces = pieces.added(state.pieces, made, game.lexicon.pieces.names, seat, spec.name)
        game.say(state, f"{game.player_name(seat)} gains {n} × {describe(spec, props)}.")
        return NEXT

    what = (
        describe(spec, props)
        if count == 1
        else f"{count} {spec.name}s like {describe(spec, props)}"
    )
    instruction.data["says"] = f"gain {what}" + (f" from your {bank}" if bank else "")
    if bank is not None:
        # an action whose first step gains from an empty bank is not offered
        def can(game: Game, state: State, frame: dict[str, Any]) -> str:
            have = _in_bank(state, doer(frame), bank)
            return "fully" if have >= count else "partly" if have > 0 else "not"

        instruction.data["can"] = can
    return handler


def gained_properties(spec: PieceSpec, said: list[ast.OfValue]) -> dict[str, int]:
    """The properties of a piece gained: those the step says ("of skill 2"), the others as the
    last `start` entry has them (a property said twice, or one the kind lacks, is an error)."""
    props = spec.gained
    seen: set[str] = set()
    for tail in said:
        if tail.name not in spec.properties:
            known = ", ".join(spec.properties)
            raise cannot(
                tail,
                f'a {spec.name} has no property "{tail.name}"'
                + (f" (its properties: {known})" if known else f" (a {spec.name} has none)"),
            )
        if tail.name in seen:
            raise cannot(tail, f"the {spec.name}'s {tail.name} is said twice")
        seen.add(tail.name)
        props[tail.name] = tail.value
    return props


def _in_bank(state: State, seat: int, bank: str) -> int:
    """What a player's bank counter holds (the pieces they may still gain)."""
    return max(0, state.players[seat].counters.get(bank, 0))
