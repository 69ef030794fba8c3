"""Moves of the pack's pieces between cards and their owner's pool (`pieces:` in game.yaml):
the economy of Through the Ages, whose workers on a farm are that many farms (TTA-S3, A1, A6).

    place 2 of your workers on "Agriculture" in your tableau    several at once (a setup)
    place one of your workers on one of your farms              the doer picks the card
    move one of your workers from one of your farms of a lower level onto it
                                                                 upgrade: the doer picks the
                                                                 card the worker comes from
    return one of your workers from it                          destroy, disband: to the pool
    return one of your workers from it to your yellow bank      ... into the bank (`from:`)
    return one of your free workers to your yellow bank         a free one back into the bank

A card phrase's `of a lower <number>` / `of a higher <number>` (or `of lower ...`) keeps the
cards whose `the <number> of it` is lower (higher) than the card the piece goes to (`it`, the
action's chosen card). The cards a piece may come from are those holding one of the doer's
pieces of the kind, never the card it goes to. Each step has its `can`, so a declared action
whose first step can move nothing is not offered. A step's choices are kept in the frame's
`loc` (plain data), so a game saved at any of its decisions resumes exactly.

The card the piece left is "the card vacated" (the frame's `left`). A declared action whose
first step is a move and whose cost reads it (an upgrade: `X resource where X is its build
cost - the build cost of the card vacated`) is offered once per card the piece may leave, that
card chosen with the offer and its cost known before it is paid (declared_actions.py).

`place one of your citizens on it` with no count and a card known already stays in
`piece_verbs.py` (with bumping); so does `return all your citizens`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules_dsl import ast, printer
from rules_dsl.vocabulary import FREE, singular

from ..compile.meaning import Ctx, compile_value, says
from ..compile.selectors import CardSelector, card_selector
from ..core import pieces
from ..core.actions import Action, Decision
from ..core.control import NEXT, Result, wait
from ..core.errors import RuleError, UnknownName, cannot
from . import piece_verbs
from .moves import doer, gain_counter, role
from .piece_verbs import (
    bump_cost,
    bumps_on,
    describe,
    kind_named,
    one_known_card,
    piece_kind,
    placements,
)

if TYPE_CHECKING:
    from rules_dsl.pieces import PieceSpec

    from ..compile.meaning import Lexicon, Num
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]
Builder = Callable[["ActI", "Lexicon"], Handler]
Rank = Callable[[Ctx, int, int], bool]  # whether a card may give its piece to another
# A move step's data: the cards a piece may come from to go to a card (game, state, frame, to);
# an action whose first step it is offers one choice per card (declared_actions.py).
SOURCES = "sources"
LEFT = "left"  # a frame's key: the card the piece left ("the card vacated"), state.py
_RANKS = ("lower", "higher")


def _only_roles(act: ast.Act, *allowed: str) -> None:
    for r in act.roles:
        if r.preposition not in allowed:
            raise cannot(r, f'"{act.verb}" has no meaning for "{r.preposition} ..." here')


def _pieces_phrase(act: ast.Act, lex: Lexicon, form: str) -> tuple[PieceSpec, ast.NounPhrase]:
    """The kind of "one of your workers" / "2 of your workers", the doer's own pieces
    (`form`: the step's form, "{kind}" where the kind's name goes)."""
    np = act.object
    if _free_head(np):  # "one of your free workers": the kind is the last word
        assert isinstance(np, ast.NounPhrase) and isinstance(np.heads[0], tuple)
        np = replace(np, heads=((np.heads[0][-1],),))
    spec = kind_named(np, lex, act, f'"{form.format(kind="<piece>")}"')
    assert isinstance(np, ast.NounPhrase)  # a phrase naming a kind of piece is one
    if np.possessive not in ("your", "their"):
        raise _wrong(np, f"whose {spec.name}s?", f'say "{form.format(kind=spec.name)}"')
    return spec, np


def _wrong(node: Any, message: str, hint: str) -> UnknownName:
    """A step written in a form that says nothing exact: a located error saying what to write."""
    return UnknownName(message, node, hint)


def _free_head(np: Any) -> bool:
    """Whether a phrase's words are "free <pieces>" (the doer's pool)."""
    if not isinstance(np, ast.NounPhrase) or len(np.heads) != 1:
        return False
    head = np.heads[0]
    return isinstance(head, tuple) and len(head) == 2 and head[0] == FREE


def _one_card(np: Any, lex: Lexicon, what: str) -> CardSelector:
    """A phrase naming the one card a piece goes to or comes from: it, this card, a card by
    its name in a zone, or one the doer picks ("one of your farms")."""
    if np is None:
        raise _wrong(
            np, f"{what} which card?", 'say "it", "one of your <cards>" or a card by its name'
        )
    selector = card_selector(_your_named(np, lex), lex)
    if selector.many:
        raise _wrong(
            np,
            f'"{printer.phrase(np)}" names several cards, and {what} one card',
            'say "it", "one of your <cards>" (the player picks) or a card by its name',
        )
    return selector


def _your_named(np: Any, lex: Lexicon) -> Any:
    """`your "Agriculture"`: the card of that name in the player's tableau (`"Agriculture"
    in your tableau`)."""
    if (
        isinstance(np, ast.NounPhrase)
        and np.possessive in ("your", "their")
        and np.determiner is None
        and len(np.heads) == 1
        and isinstance(np.heads[0], ast.CardName)
        and not np.tails
    ):
        zone = ast.NounPhrase(
            None, None, np.possessive, ((lex.zones.name("tableau"),),), span=np.span
        )
        return replace(np, possessive=None, tails=(ast.Located(zone, span=np.span),))
    return np


def _ranked(np: Any, lex: Lexicon) -> tuple[Any, Rank | None, str]:
    """A card phrase without its `of a lower <number>` tail, and the test that tail makes:
    the candidate's number against the card the piece goes to."""
    if not isinstance(np, ast.NounPhrase):
        return np, None, ""
    tail = next((t for t in np.tails if isinstance(t, ast.Of)), None)
    if tail is None:
        return np, None, ""
    words = tail.of.heads[0] if isinstance(tail.of, ast.NounPhrase) and tail.of.heads else ()
    if (
        not isinstance(tail.of, ast.NounPhrase)
        or not isinstance(words, tuple)
        or len(words) < 2
        or words[0] not in _RANKS
        or tail.of.determiner not in (None, "a", "an")
        or tail.of.possessive
        or tail.of.tails
    ):
        raise _wrong(
            tail,
            f'"{printer.phrase(tail.of)}" compares no number of the cards',
            'say "of a lower <number>" or "of a higher <number>", e.g. "of a lower level"',
        )
    way = words[0]
    number = _card_number(words[1:], tail, lex)
    rest = replace(np, tails=tuple(t for t in np.tails if t is not tail))

    def rank(ctx: Ctx, candidate: int, target: int) -> bool:
        mine, theirs = number(_it(ctx, candidate)), number(_it(ctx, target))
        return mine < theirs if way == "lower" else mine > theirs

    said = says(number).removeprefix("its ")
    verb = "are" if said.endswith("s") else "is"
    return rest, rank, f" whose {said} {verb} {way} than that card's"


def _card_number(words: tuple[str, ...], node: Any, lex: Lexicon) -> Num:
    """`the <words> of it`: the number compared, read off each card in turn."""
    it = ast.Pronoun("it", span=node.span)
    phrase = ast.NounPhrase("the", None, None, (words,), (ast.Of(it, span=node.span),))
    try:
        return compile_value(replace(phrase, span=node.span), lex)
    except RuleError as e:
        why = e.args[0] if e.args else str(e)
        raise _wrong(
            node,
            f'"the {" ".join(words)} of it" is not a number of a card',
            f"compare by a number every card has (its points, or a number the cards give): {why}",
        ) from None


def _it(ctx: Ctx, copy: int) -> Ctx:
    return Ctx(ctx.state, ctx.catalog, ctx.player, ctx.card, ctx.roles, copy, ctx.doer)


def _held(state: State, spec: PieceSpec, seat: int, copy: int) -> list[int]:
    """The doer's pieces of a kind on a card."""
    return [i for i in pieces.on_card(state, spec.name, copy) if state.pieces[i]["owner"] == seat]


def _ask_card(game: Game, seat: int, cards: list[int], prompt: str) -> Result:
    options = [Action("card", {"card": c}, game.name(c)) for c in cards]
    return wait(Decision(seat, "card", options, prompt))


def _ask_piece(game: Game, state: State, spec: PieceSpec, seat: int, options: list[Any]) -> Result:
    offered = [
        Action("piece", {"piece": i}, describe(spec, state.pieces[i]["props"])) for i, *_ in options
    ]
    return wait(Decision(seat, "piece", offered, f"Which {spec.name}?"))


def _distinct(state: State, indices: list[int]) -> list[int]:
    """One piece per distinct set of properties (pieces alike are one choice)."""
    seen: set[tuple[tuple[str, int], ...]] = set()
    out = []
    for i in indices:
        key = tuple(sorted(state.pieces[i]["props"].items()))
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


# ------------------------------------------------------------------ the verbs' forms


def place(instruction: ActI, lex: Lexicon) -> Handler:
    """place: one piece on a card known already (it, this card) is piece_verbs' placement
    (bumping's choice of piece); a count, or a card named or picked, is this module's."""
    act = instruction.act
    np = act.object
    target = role(act, "on")
    if (
        isinstance(np, ast.NounPhrase)
        and piece_kind(np, lex) is not None
        and (np.determiner == "of" or (target is not None and not one_known_card(target)))
    ):
        return place_builder(instruction, lex)
    return piece_verbs.place_builder(instruction, lex)


def moving(cards: Builder) -> Builder:
    """move: a piece when the object names a kind of piece, else a card (`cards`)."""

    def build(instruction: ActI, lex: Lexicon) -> Handler:
        if piece_kind(instruction.act.object, lex) is not None:
            return move_builder(instruction, lex)
        return cards(instruction, lex)

    return build


def returning(instruction: ActI, lex: Lexicon) -> Handler:
    """return: one piece ("one of your workers") here, all of them in piece_verbs."""
    np = instruction.act.object
    if isinstance(np, ast.NounPhrase) and np.determiner == "one of":
        return return_one_builder(instruction, lex)
    return piece_verbs.return_builder(instruction, lex)


# ------------------------------------------------------------------ place


def place_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """place 2 of your workers on "Agriculture" in your tableau / place one of your workers
    on one of your farms: free pieces onto a card the phrase names (the doer picks it among
    several), as many as the count (fewer if fewer are free)."""
    act = instruction.act
    _only_roles(act, "on")
    spec, np = _pieces_phrase(act, lex, "place 2 of your {kind}s on <card>")
    form = f"place 2 of your {spec.name}s on <card>"
    if np.determiner not in ("one of", "of") or np.tails:
        raise _wrong(
            np,
            f"how many {spec.name}s?",
            f'say "place one of your {spec.name}s on <card>" or "{form}"',
        )
    count = np.count if np.determiner == "of" and np.count is not None else 1
    target = _one_card(role(act, "on"), lex, f"a {spec.name} goes onto")
    bumps = bumps_on(lex, spec)

    def fits(game: Game, state: State, frame: dict[str, Any]) -> list[int]:
        seat = doer(frame)
        return [
            c
            for c in target.select(game.ctx(state, frame))
            if placements(state, spec, seat, c, bumps(state, c))
        ]

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat, loc = doer(frame), frame["loc"]
        if answer is not None and answer.kind == "card":
            loc["card"], answer = answer.params["card"], None
        if "card" not in loc:
            cards = fits(game, state, frame)
            if not cards:
                return NEXT
            if len(cards) > 1:
                chooser = target.chooser(int(frame["player"]), seat)
                return _ask_card(game, chooser, cards, f"Which card for your {spec.name}?")
            loc["card"] = cards[0]
        copy = loc["card"]
        while loc.get("placed", 0) < count:
            options = placements(state, spec, seat, copy, bumps(state, copy))
            if not options:
                break
            if answer is not None and answer.kind == "piece":
                chosen = [o for o in options if o[0] == answer.params["piece"]][:1] or options[:1]
                answer = None
            elif len(options) > 1:
                return _ask_piece(game, state, spec, seat, options)
            else:
                chosen = options
            index, cost = chosen[0]
            if cost:
                gain_counter(game, state, seat, str(spec.bump_counter), -cost)
            pieces.move(state, index, copy)
            loc["placed"] = loc.get("placed", 0) + 1
        if loc.get("placed"):
            game.say(
                state,
                f"{game.player_name(seat)} places {loc['placed']} × {describe(spec, {})} "
                f"on {game.name(copy)}.",
            )
        frame["it"] = copy
        return NEXT

    def can(game: Game, state: State, frame: dict[str, Any]) -> str:
        cards = fits(game, state, frame)
        if not cards:
            return "not"
        free = len(pieces.free(state, spec.name, doer(frame)))
        return "fully" if free >= count else "partly"

    many = f"{count} of your free {spec.name}s" if count > 1 else f"one of your free {spec.name}s"
    instruction.data["says"] = f"place {many} on {target.text}"
    instruction.data["can"] = can
    return handler


# ------------------------------------------------------------------ move


def move_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """move one of your workers from one of your farms of a lower level onto it: the doer
    picks the card the piece comes from (one holding a piece of theirs, not the card it
    goes to), then the piece when theirs there differ."""
    act = instruction.act
    _only_roles(act, "from", "onto", "to")
    spec, np = _pieces_phrase(act, lex, "move one of your {kind}s from <card> onto <card>")
    form = f"move one of your {spec.name}s from <card> onto <card>"
    if np.determiner != "one of" or np.tails:
        raise _wrong(np, f"one {spec.name} moves at a time", f'say "{form}"')
    goes = role(act, "onto") if role(act, "onto") is not None else role(act, "to")
    if goes is None or role(act, "from") is None:
        raise _wrong(act, f"a {spec.name} moves from one card onto another", f'say "{form}"')
    target = _one_card(goes, lex, f"a {spec.name} goes onto")
    source_np, rank, rank_text = _ranked(role(act, "from"), lex)
    source = _one_card(source_np, lex, f"a {spec.name} comes from")
    bumps = bumps_on(lex, spec)

    def sources(game: Game, state: State, frame: dict[str, Any], to: int) -> list[int]:
        ctx, seat = game.ctx(state, frame), doer(frame)
        return [
            c
            for c in source.select(ctx)
            if c != to
            and _held(state, spec, seat, c)
            and (rank is None or rank(ctx, c, to))
            and _movable(state, spec, seat, c, to, bumps(state, to))
        ]

    def targets(game: Game, state: State, frame: dict[str, Any]) -> list[int]:
        return [c for c in target.select(game.ctx(state, frame)) if sources(game, state, frame, c)]

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat, loc = doer(frame), frame["loc"]
        if answer is not None and answer.kind == "card":
            loc["from" if "to" in loc else "to"], answer = answer.params["card"], None
        if "to" not in loc:
            cards = targets(game, state, frame)
            if not cards:
                return NEXT
            if len(cards) > 1:
                chooser = target.chooser(int(frame["player"]), seat)
                return _ask_card(game, chooser, cards, f"Which card does the {spec.name} go to?")
            loc["to"] = cards[0]
        to = loc["to"]
        if "from" not in loc:
            cards = sources(game, state, frame, to)
            if not cards:
                return NEXT
            if frame.get(LEFT) in cards:  # chosen with the action's offer (its cost read it)
                cards = [frame[LEFT]]
            if len(cards) > 1:
                return _ask_card(game, seat, cards, f"Which card does the {spec.name} leave?")
            loc["from"] = cards[0]
        options = _movable(state, spec, seat, loc["from"], to, bumps(state, to))
        if answer is not None and answer.kind == "piece":
            options = [o for o in options if o[0] == answer.params["piece"]] or options
        elif len(options) > 1:
            return _ask_piece(game, state, spec, seat, options)
        if options:
            index, cost = options[0]
            if cost:
                gain_counter(game, state, seat, str(spec.bump_counter), -cost)
            pieces.move(state, index, to)
            game.say(
                state,
                f"{game.player_name(seat)} moves {describe(spec, state.pieces[index]['props'])} "
                f"from {game.name(loc['from'])} to {game.name(to)}.",
            )
        frame["it"], frame[LEFT] = to, loc["from"]
        return NEXT

    def can(game: Game, state: State, frame: dict[str, Any]) -> str:
        return "fully" if targets(game, state, frame) else "not"

    instruction.data["says"] = (
        f"move one of your {spec.name}s from {source.text}{rank_text} onto {target.text}"
    )
    instruction.data["can"] = can
    instruction.data[SOURCES] = sources
    return handler


def _movable(
    state: State, spec: PieceSpec, seat: int, source: int, to: int, bumps: bool
) -> list[tuple[int, int]]:
    """The doer's pieces on a card that may go to another, one per distinct set of
    properties, with what bumping makes it cost there; none they cannot pay."""
    have = state.players[seat].counters.get(spec.bump_counter or "", 0)
    out = []
    for i in _distinct(state, _held(state, spec, seat, source)):
        cost = _bump(state, spec, i, to) if bumps else 0
        if cost <= have:
            out.append((i, cost))
    return out


def _bump(state: State, spec: PieceSpec, index: int, to: int) -> int:
    return bump_cost(state, spec, state.pieces[index]["props"], to)


# ------------------------------------------------------------------ return


def return_one_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """return one of your workers from it [to your yellow bank] / return one of your free
    workers to your yellow bank: a piece off a card into its owner's pool, or into the bank
    its kind is gained from."""
    act = instruction.act
    _only_roles(act, "from", "to")
    free = _free_head(act.object)
    spec, np = _pieces_phrase(act, lex, "return one of your {kind}s from <card>")
    form = f"return one of your {spec.name}s from <card>"
    if np.determiner != "one of" or np.tails:
        raise _wrong(
            np,
            f"one {spec.name} is returned at a time",
            f'say "{form}" (or "return all your {spec.name}s")',
        )
    bank = _bank(role(act, "to"), spec, lex)
    into = f"to your {spec.bank or '<bank>'}"
    if free and (bank is None or role(act, "from") is not None):
        raise _wrong(
            act,
            f"a free {spec.name} stands on no card: it goes back to the bank",
            f'say "return one of your free {spec.name}s {into}"',
        )
    if not free and role(act, "from") is None:
        raise _wrong(
            act,
            f"from which card is the {spec.name} returned?",
            f'say "{form}" (into the pool), or "... {into}"',
        )
    source = None if free else _one_card(role(act, "from"), lex, f"a {spec.name} comes from")

    def sources(game: Game, state: State, frame: dict[str, Any]) -> list[int]:
        seat = doer(frame)
        assert source is not None
        return [c for c in source.select(game.ctx(state, frame)) if _held(state, spec, seat, c)]

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat, loc = doer(frame), frame["loc"]
        if answer is not None and answer.kind == "card":
            loc["from"], answer = answer.params["card"], None
        if source is None:
            held = _distinct(state, pieces.free(state, spec.name, seat))
        else:
            if "from" not in loc:
                cards = sources(game, state, frame)
                if not cards:
                    return NEXT
                if len(cards) > 1:
                    chooser = source.chooser(int(frame["player"]), seat)
                    return _ask_card(
                        game, chooser, cards, f"Which card does the {spec.name} leave?"
                    )
                loc["from"] = cards[0]
            held = _distinct(state, _held(state, spec, seat, loc["from"]))
        if answer is not None and answer.kind == "piece":
            held = [i for i in held if i == answer.params["piece"]] or held
        elif len(held) > 1:
            return _ask_piece(game, state, spec, seat, [(i,) for i in held])
        if not held:
            return NEXT
        _send_back(game, state, spec, held[0], bank, loc.get("from"))
        if "from" in loc:
            frame["it"] = loc["from"]
        return NEXT

    def can(game: Game, state: State, frame: dict[str, Any]) -> str:
        if source is None:
            return "fully" if pieces.free(state, spec.name, doer(frame)) else "not"
        return "fully" if sources(game, state, frame) else "not"

    whence = f"from {source.text}" if source is not None else "from your pool"
    whither = f"into your {bank}" if bank else "to your pool"
    instruction.data["says"] = f"return one of your {spec.name}s {whence} {whither}"
    instruction.data["can"] = can
    return handler


def _bank(np: Any, spec: PieceSpec, lex: Lexicon) -> str | None:
    """`to your yellow bank`: the counter the kind is gained from (`from:` in `pieces:`)."""
    if np is None:
        return None
    words = np.heads[0] if isinstance(np, ast.NounPhrase) and np.heads else ()
    name = " ".join(words) if isinstance(words, tuple) else ""
    found = lex.counter(tuple(singular(w) for w in words)) if isinstance(words, tuple) else None
    if (
        spec.bank is None
        or not isinstance(np, ast.NounPhrase)
        or np.possessive not in ("your", "their")
        or np.tails
        or (found or name) != spec.bank
    ):
        if spec.bank is None:
            hint = f'give the {spec.name} a bank: "from: <counter>" under "pieces:"'
        else:
            hint = f'say "to your {spec.bank}"'
        raise UnknownName(f"a {spec.name} goes back to the bank it is gained from", np, hint)
    return spec.bank


def _send_back(
    game: Game, state: State, spec: PieceSpec, index: int, bank: str | None, card: int | None
) -> None:
    seat = state.pieces[index]["owner"]
    where = f" from {game.name(card)}" if card is not None else ""
    if bank is None:
        pieces.move(state, index, None)
        game.say(state, f"{game.player_name(seat)} takes back a {spec.name}{where}.")
        return
    state.pieces = [p for i, p in enumerate(state.pieces) if i != index]
    gain_counter(game, state, seat, bank, 1)
    game.say(state, f"{game.player_name(seat)} returns a {spec.name}{where} to their {bank}.")
