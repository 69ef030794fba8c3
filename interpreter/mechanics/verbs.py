"""What each verb of the rules language does: one table, `VERBS`, from a verb to the builder of
its handler, chosen when a game loads.

A builder takes the act's instruction and the pack's `Lexicon`, compiles every phrase and role
of the act (or raises a located error: a word the handler would not honour is never
dropped), and returns the handler. Every handler has one signature:

    handler(game, state, frame, instruction, answer) -> Result

and does the work on the state, then tells the engine what next: go on, wait for a decision,
run another program first (`control.py`). Handlers are generic mechanics — zones, counters,
cards moving — and never look at a card's name except to find the card a rule names.

Who does an act: its subject ("each opponent pays ..."), else the player the rule speaks for.
In an act with a subject, "their" is the subject's and "you" the rule's player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.printer import act as act_text
from rules_dsl.printer import third_person
from rules_dsl.vocabulary import singular

from ..compile.meaning import (
    Lexicon,
    Zone,
    card_words,
    compile_condition,
    compile_value,
    players_of,
    says,
    zone_of,
)
from ..compile.program import ActI, ChoiceI
from ..core.actions import Action, Decision
from ..core.control import NEXT, Result, phase_program, push, wait
from ..core.errors import cannot
from ..core.seats import is_out
from ..model.zones import TABLEAU
from . import (
    action_steps,
    age_steps,
    bidding,
    board,
    buying,
    card_events,
    card_verbs,
    effects,
    leaving,
    piece_moves,
    piece_verbs,
    role_steps,
    rolls,
    row_verbs,
    set_steps,
    stored_verbs,
)
from . import contest as contest_mechanic
from .ages import age_event
from .moves import destroy, doer, gain_counter, move_card, remove_card, role

if TYPE_CHECKING:
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]
Builder = Callable[[ActI, Lexicon], Handler]

__all__ = ["VERBS", "destroy", "gain_counter", "prepare_act", "remove_card"]


def prepare_act(game: Game, instruction: ActI) -> None:
    """Compile an act once: find its verb's handler and everything it needs."""
    lex = game.lexicon
    if isinstance(instruction, ChoiceI):
        for option in instruction.options:
            prepare_act(game, option)
        handler = _choice(instruction)
        texts = [str(o.data.get("says")) for o in instruction.options]
    else:
        builder = VERBS.get(instruction.act.verb)
        if builder is None:
            raise cannot(instruction.act, f'there is no mechanic for "{instruction.act.verb}"')
        handler = builder(instruction, lex)
        instruction.data.setdefault("says", instruction.act.verb)
        if instruction.may and instruction.act.verb not in OWN_DECLINE | OWN_SUBJECT:
            handler = optionally(handler)
        if instruction.may:
            instruction.data["says"] = f"may {instruction.data['says']}"
    subject = instruction.act.subject
    spoken = _spoken(instruction.act)
    if isinstance(instruction, ChoiceI):
        texts = [t if spoken else third_person(t) for t in texts]
        instruction.data["says"] = (
            "either "
            + " or ".join(texts)
            + (
                " (you pick what you can do in full)"
                if spoken
                else " (whichever they can do in full)"
            )
        )
    if not spoken:
        seats, mode = players_of(subject, lex)
        if instruction.act.verb not in OWN_SUBJECT:
            handler = each_doer(seats, mode, handler)
        if not isinstance(instruction, ChoiceI):  # "each opponent destroys one of ..."
            instruction.data["says"] = third_person(instruction.data["says"])
        instruction.data["says"] = f"{says(seats)} {instruction.data['says']}"
    instruction.data["handler"] = handler


# ------------------------------------------------------------------ shared pieces


def _spoken(act: ast.Act) -> bool:
    """Whether the rule's player does the act ("you" read back), not another subject."""
    s = act.subject
    return s is None or (isinstance(s, ast.Pronoun) and s.word == "you")


def _only_roles(act: ast.Act, *allowed: str) -> None:
    for r in act.roles:
        if r.preposition not in allowed:
            raise cannot(r, f'"{act.verb}" has no meaning for "{r.preposition} ..." here')


def _no_object(act: ast.Act) -> None:
    if act.object is not None:
        raise cannot(act.object, f'"{act.verb}" takes no object here')


def _is_phrase(
    np: Any, determiner: str | None, possessive: str | None, *heads: tuple[str, ...]
) -> bool:
    return (
        isinstance(np, ast.NounPhrase)
        and np.determiner == determiner
        and np.possessive == possessive
        and np.count is None
        and not np.tails
        and tuple(tuple(singular(w) for w in h) if isinstance(h, tuple) else h for h in np.heads)
        == heads
    )


def choose(player: int, kind: str, options: list[Action], prompt: str = "") -> Decision:
    return Decision(player, kind, options, prompt)


def each_doer(seats: Callable[..., list[int]], mode: str, inner: Handler) -> Handler:
    """Run `inner` once for each player the subject names, asking for a choice if it is one."""

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        loc = frame["loc"]
        if "doers" not in loc:
            candidates = seats(game.ctx(state, frame))
            if mode == "choose" and len(candidates) > 1:
                if answer is None:
                    return wait(
                        choose(
                            frame["player"],
                            "player",
                            [
                                Action("player", {"seat": s}, game.player_name(s))
                                for s in candidates
                            ],
                            f"Which player: {act_text(instruction.act)}?",
                        )
                    )
                candidates = [answer.params["seat"]]
                answer = None
            elif mode != "all":
                candidates = candidates[:1]
            loc["doers"] = candidates
            loc["i"] = 0
        while loc["i"] < len(loc["doers"]):
            frame["doer"] = loc["doers"][loc["i"]]
            result = inner(game, state, frame, instruction, answer)
            frame.pop("doer", None)
            if result.kind != "next":
                return result
            answer = None
            loc["i"] += 1
            for key in [k for k in loc if k not in ("doers", "i")]:
                del loc[key]
        return NEXT

    return handler


# verbs whose own decision already offers to decline ("you may advance ...": stay)
OWN_DECLINE = {"advance"}
# verbs whose handler plays every player its subject names itself (an auction goes round them)
OWN_SUBJECT = {"bid"}


def optionally(inner: Handler) -> Handler:
    """ "you may <act>": ask first, then do it or not."""

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        loc = frame["loc"]
        if "may" not in loc:
            if effects.can_do(game, state, frame, instruction) == "not":
                return NEXT  # nothing it could do: no question
            if answer is None:
                return wait_choice(
                    doer(frame),
                    [
                        Action("may", {"do": True}, act_text(instruction.act)),
                        Action("may", {"do": False}, "decline"),
                    ],
                )
            loc["may"] = bool(answer.params["do"])
            answer = None
        if not loc["may"]:
            return NEXT
        return inner(game, state, frame, instruction, answer)

    return handler


def _choice(instruction: ChoiceI) -> Handler:
    """Ask the doer which option to take (only options it can carry out in full), then do it."""

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction_: ActI, answer: Action | None
    ) -> Result:
        loc = frame["loc"]
        seat = doer(frame)
        if "option" not in loc:
            if answer is None:
                how = [effects.can_do(game, state, frame, o) for o in instruction.options]
                possible = (
                    [i for i, h in enumerate(how) if h == "fully"]
                    or [i for i, h in enumerate(how) if h == "partly"]
                    or [len(instruction.options) - 1]
                )
                if len(possible) > 1:
                    return wait_choice(
                        seat,
                        [
                            Action("option", {"index": i}, act_text(instruction.options[i].act))
                            for i in possible
                        ],
                    )
                loc["option"] = possible[0]
            else:
                loc["option"] = answer.params["index"]
                answer = None
        option = instruction.options[loc["option"]]
        handler_: Handler = option.data["handler"]
        return handler_(game, state, frame, option, answer)

    return handler


def wait_choice(seat: int, options: list[Action]) -> Result:
    return wait(Decision(seat, "choose", options, "Choose one"))


# ------------------------------------------------------------------ the turn's verbs


_ASKING: list[str] = []  # the phases whose first step is being asked whether it can be done


def _play(instruction: ActI, lex: Lexicon) -> Handler:
    """play "a phase": with a subject ("each player in turn order plays "turn"") the phase is
    the doer's turn: the facts of the turn start afresh, a skipped turn is skipped and the
    age's end condition is tested when it ends. Without one ("play "prepare"", a step of the
    round or of a turn) it is a part of what is being played, which it carries on, "it"
    included (a declared action's `does: play "attack"` plays the phase on the chosen card)."""
    act = instruction.act
    _only_roles(act)
    obj = act.object
    if not (
        isinstance(obj, ast.NounPhrase)
        and len(obj.heads) == 1
        and isinstance(obj.heads[0], ast.CardName)
        and not obj.tails
        and obj.determiner is None
        and obj.count is None
        and obj.possessive is None
    ):
        raise cannot(act, 'play what? name a phase in quotes: play "active turn"')
    phase = obj.heads[0].name
    # a player in a role of the rule ("the defender plays "defend"") plays a part of this turn;
    # any other subject plays a turn of their own
    turn = act.subject is not None and role_steps.given_role(act.subject) is None

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        loc = frame["loc"]
        if loc.get("pushed"):
            if loc.pop("turn", False):
                from .ages import end_of_turn

                end_of_turn(game, state)
            return NEXT
        seat = doer(frame)
        player = state.players[seat]
        loc["pushed"] = True
        key = phase_program(phase)
        if key not in game.programs:
            raise cannot(instruction.act, f'there is no phase "{phase}"')
        if not turn:  # a part of what is being played speaks of the same "it"
            part = game.frame(key, seat)
            part.update({k: frame[k] for k in ("it", "it_counter", "roles", "bid") if k in frame})
            return push(part)
        if is_out(state, seat):  # a player who left the game has no more turns
            return NEXT
        if player.marks.get("skip_turns", 0) > 0:
            player.marks["skip_turns"] -= 1
            game.say(state, f"{game.player_name(seat)} skips this turn.")
            return NEXT
        hand = game.zones.hand
        player.flags = {"turn_start_events": list(player.zones[hand]) if hand >= 0 else []}
        loc["turn"] = True
        return push(game.frame(key, seat))

    def can(game: Game, state: State, frame: dict[str, Any]) -> str:
        """A part of the turn can be played as far as its first step can ("you may play
        "calm"" is not asked when it could do nothing)."""
        key = phase_program(phase)
        program = game.programs.get(key) or []
        first = program[0] if program else None
        if turn or not isinstance(first, ActI) or key in _ASKING:
            return "fully"  # (a phase whose first step plays it again: no answer but "yes")
        part = game.frame(key, doer(frame))
        part["it"] = frame.get("it")
        _ASKING.append(key)
        try:
            return effects.can_do(game, state, part, first)
        finally:
            _ASKING.pop()

    instruction.data["says"] = (
        f'play the phase "{phase}" as their turn' if turn else f'play the phase "{phase}"'
    )
    instruction.data["can"] = can
    return handler


def _straighten(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    _only_roles(act)
    if not (
        _is_phrase(act.object, None, "your", ("card",))
        or _is_phrase(act.object, None, "their", ("card",))
    ):
        raise cannot(act, 'straighten "your cards": every tilted card of the doer')

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        state.players[doer(frame)].tilted = []
        return NEXT

    instruction.data["says"] = f"straighten every tilted card of their {lex.zones.name('tableau')}"
    return handler


def _roll(instruction: ActI, lex: Lexicon) -> Handler:
    """roll all dice: the turn's dice (a war's dice are rolled by the war); "roll 2 damage
    dice": some dice of one kind (rolls.py)."""
    act = instruction.act
    if not (_is_phrase(act.object, "all", None, ("dice",))):
        return rolls.roll_builder(instruction, lex)
    _only_roles(act)

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        from .dice import roll_all

        roll_all(game, state, doer(frame))
        return NEXT

    instruction.data["says"] = "roll every die of the turn"
    return handler


def _own_zone(np: Any, lex: Lexicon, verb: str) -> Zone:
    """A zone a verb moves cards into or out of: a shared zone, or one of the doer's own
    ("your hand", "their hand"). Its `cards` is then the zone's own list."""
    if np is None:
        raise cannot(np, f"{verb} moves cards between zones: which ones?")
    zone = zone_of(np, lex)
    if zone.role == "tableau":
        raise cannot(np, f"{verb} cannot put cards into {zone.text} or take them from it")
    if zone.owner not in ("", "your", "their"):
        raise cannot(
            np, f'{verb} moves the cards of one zone: "your ...", "their ..." or "the ..."'
        )
    return zone


def _drawn(game: Game, state: State, source: Zone, cards: list[int]) -> None:
    """After cards are taken off a zone: its last card gone is the age event "deck emptied"
    when the zone is the draw pile."""
    if not cards and source.role == "draw pile":
        age_event(game, state, "deck emptied", "the last card of the <draw pile> was drawn")


def _refill(instruction: ActI, lex: Lexicon) -> Handler:
    """refill your hand to 3 from the deck: draw until the zone holds that many cards (or the
    source is empty). A row is dealt into its empty places from left to right, never beyond
    its places (row_verbs.py)."""
    act = instruction.act
    _only_roles(act, "to", "from")
    if role(act, "to") is None or role(act, "from") is None:
        raise cannot(act, 'refill reads "refill <zone> to <number> from <zone>"')
    into = _own_zone(act.object, lex, "refill")
    source = _own_zone(role(act, "from"), lex, "refill")
    target = compile_value(role(act, "to"), lex)

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = doer(frame)
        ctx = game.ctx(state, frame)
        want = target(ctx) if into.row < 0 else min(target(ctx), into.places)
        zone, pile = into.cards(ctx), source.cards(ctx)
        drawn = []
        while len(zone) < want and pile:
            copy = pile.pop() if source.row < 0 else row_verbs.take_from_row(state, source, False)
            if into.row < 0:
                zone.append(copy)
            else:
                row_verbs.put_in_row(state, into, copy)
            drawn.append(game.name(copy))
            _drawn(game, state, source, pile)
        if drawn:
            game.say(state, f"{game.player_name(seat)} draws {', '.join(drawn)}.")
        return NEXT

    instruction.data["says"] = (
        f"draw from {source.text} until {into.text} holds {says(target)} cards"
    )
    return handler


def _draw(instruction: ActI, lex: Lexicon) -> Handler:
    """draw 3 cards from the deck into their hand (no more than the deck holds)."""
    act = instruction.act
    _only_roles(act, "from", "into")
    np = act.object
    form = 'draw reads "draw 3 cards from <zone> into <zone>"'
    if (
        not (
            (isinstance(np, ast.NounPhrase) and np.heads == (("cards",),))
            or (isinstance(np, ast.NounPhrase) and np.heads == (("card",),))
        )
        or np.tails
        or np.possessive
        or np.determiner not in (None, "a", "an")
        or role(act, "from") is None
        or role(act, "into") is None
    ):
        raise cannot(act, form)
    from_np, bottom = _end_of(role(act, "from"))
    source = _own_zone(from_np, lex, "draw")
    into = _drawn_into(role(act, "into"), lex)
    if np.count is None and np.determiner is None:
        raise cannot(np, 'how many cards? "draw 3 cards" or "draw a card"')
    count = np.count if np.count is not None else 1

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        ctx = game.ctx(state, frame)
        pile = source.cards(ctx)
        n = min(count, len(pile))  # bounded by the source, never by the number
        for _ in range(n):
            if not row_verbs.room_in(state, ctx, into):
                break  # a full row takes no more
            if source.row >= 0:
                copy = row_verbs.take_from_row(state, source, bottom)
            else:
                copy = pile.pop(0) if bottom else pile.pop()
            if into.role == "tableau":  # a new pile of the player's tableau
                move_card(state, copy, ctx.player if into.owner == "your" else doer(frame), TABLEAU)
            elif into.row >= 0:
                row_verbs.put_in_row(state, into, copy)
            else:
                into.cards(ctx).append(copy)
        if n:
            _drawn(game, state, source, pile)
        return NEXT

    instruction.data["says"] = (
        f"draw {count} card(s) from {'the bottom of ' if bottom else ''}{source.text} "
        f"into {into.text}"
    )
    return handler


def _drawn_into(np: Any, lex: Lexicon) -> Zone:
    """The zone drawn cards go into: one of _own_zone's, or the doer's tableau ("into their
    city": each card a new pile)."""
    zone = zone_of(np, lex) if np is not None else None
    if zone is not None and zone.role == "tableau" and zone.owner in ("your", "their"):
        return zone
    return _own_zone(np, lex, "draw")


def _end_of(np: Any) -> tuple[Any, bool]:
    """A zone phrase, and whether it names the zone's bottom ("the bottom of the titans": the
    start of its list; a pile's top, its end, is where cards are drawn from otherwise)."""
    if (
        isinstance(np, ast.NounPhrase)
        and np.determiner == "the"
        and np.heads in ((("bottom",),), (("top",),))
        and len(np.tails) == 1
        and isinstance(np.tails[0], ast.Of)
    ):
        return np.tails[0].of, np.heads == (("bottom",),)
    return np, False


def _gain(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    if piece_verbs.gains_piece(act.object, lex):  # gain a citizen
        return piece_verbs.gain_builder(instruction, lex)
    _only_roles(act, "equal to")
    np = act.object
    head = np.heads[0] if isinstance(np, ast.NounPhrase) and len(np.heads) == 1 else None
    counter = lex.counter(tuple(singular(w) for w in head)) if isinstance(head, tuple) else None
    if counter is None and isinstance(head, tuple) and lex.stored_resource(head) is not None:
        return stored_verbs.gain_builder(instruction, lex)
    if (
        counter is None
        or not isinstance(np, ast.NounPhrase)
        or np.tails
        or np.possessive
        or np.determiner not in (None, "a", "an")
    ):
        example = f' ("gain 2 {lex.counters[0]}")' if lex.counters else ""
        raise cannot(act, f"gain an amount of a counter the game declares{example}")
    equal = role(act, "equal to")
    amount = compile_value(equal, lex) if equal is not None else None
    if amount is not None and np.count is not None:
        raise cannot(act, "the amount is said twice")
    count = np.count if np.count is not None else 1

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        n = amount(game.ctx(state, frame)) if amount else count
        seat = doer(frame)
        got = gain_counter(game, state, seat, counter, n)
        if got:
            game.say(state, f"{game.player_name(seat)} gains {got} {counter}.")
        return NEXT

    instruction.data["says"] = f"gain {says(amount) if amount else count} {counter}"
    return handler


def _lose(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    if stored_verbs.names_stored(act.object, lex):
        return stored_verbs.lose_builder(instruction, lex)
    if role(act, "equal to") is not None:
        return _lose_equal(instruction, lex)
    _only_roles(act)
    amount, counter, text = effects.compile_amount(
        act.object, lex, "your" if _spoken(act) else "their"
    )
    if counter is None:
        raise cannot(act, "lose an amount of a counter the game declares")

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = doer(frame)
        have = state.players[seat].counters.get(counter, 0)
        n = min(amount(have, frame), have)
        gain_counter(game, state, seat, counter, -n)
        game.say(state, f"{game.player_name(seat)} loses {n} {counter}.")
        return NEXT

    instruction.data["says"] = f"lose {text}"
    return handler


def _lose_equal(instruction: ActI, lex: Lexicon) -> Handler:
    """lose food equal to the population cost: a counter's amount worked out when the step
    runs (no more than the doer has), as "gain ... equal to" gains it."""
    act = instruction.act
    _only_roles(act, "equal to")
    np = act.object
    head = np.heads[0] if isinstance(np, ast.NounPhrase) and len(np.heads) == 1 else None
    counter = lex.counter(tuple(singular(w) for w in head)) if isinstance(head, tuple) else None
    if isinstance(np, ast.NounPhrase) and (np.count is not None or np.determiner is not None):
        raise cannot(act, 'the amount is said twice: "lose <counter> equal to <number>"')
    if counter is None or not isinstance(np, ast.NounPhrase) or np.tails or np.possessive:
        raise cannot(
            act,
            'lose a counter the game declares by a number worked out now: "lose <counter> '
            'equal to <number>" (the amount once, after "equal to")',
        )
    amount = compile_value(role(act, "equal to"), lex)

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = doer(frame)
        have = state.players[seat].counters.get(counter, 0)
        n = min(max(0, amount(game.ctx(state, frame))), have)
        if n:
            gain_counter(game, state, seat, counter, -n)
            game.say(state, f"{game.player_name(seat)} loses {n} {counter}.")
        return NEXT

    instruction.data["says"] = f"lose {counter} equal to {says(amount)} (what they have, if less)"
    return handler


def _skip(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    _only_roles(act)
    if not (
        _is_phrase(act.object, None, "your", ("next", "turn"))
        or _is_phrase(act.object, None, "their", ("next", "turn"))
    ):
        raise cannot(act, 'skip reads "skip your next turn"')

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = doer(frame)
        marks = state.players[seat].marks
        marks["skip_turns"] = marks.get("skip_turns", 0) + 1
        game.say(state, f"{game.player_name(seat)} will skip their next turn.")
        return NEXT

    instruction.data["says"] = f"skip {'your' if _spoken(act) else 'their'} next turn"
    return handler


def _shuffle(instruction: ActI, lex: Lexicon) -> Handler:
    """shuffle the deck / shuffle the discard pile into the deck / shuffle this card into the
    deck (from wherever it is: a failing calamity is in the discard pile)."""
    act = instruction.act
    _only_roles(act, "into")
    this = _is_phrase(act.object, "this", None, ("card",))
    if role(act, "into") is None:
        if this:
            raise cannot(act, 'shuffle this card into which zone? "into the deck"')
        pile, moved = _own_zone(act.object, lex, "shuffle"), None
    else:
        pile = _own_zone(role(act, "into"), lex, "shuffle")
        moved = None if this else _own_zone(act.object, lex, "shuffle")

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        ctx = game.ctx(state, frame)
        cards = pile.cards(ctx)
        if moved is not None:
            emptied = moved.cards(ctx)
            cards.extend(emptied)
            del emptied[:]
            game.say(state, f"{moved.text.capitalize()} is shuffled into {pile.text}.")
        if this and frame.get("card") is not None:
            copy = frame["card"]
            remove_card(state, copy)
            cards = pile.cards(ctx)  # the card may have come from this very zone
            cards.append(copy)
            game.say(state, f"{game.name(copy)} is shuffled into {pile.text}.")
        rng = state.random()
        rng.shuffle(cards)
        state.store_random(rng)
        return NEXT

    instruction.data["says"] = (
        f"put {moved.text} into {pile.text} and shuffle it"
        if moved is not None
        else f"put this card into {pile.text}, from wherever it is, and shuffle it"
        if this
        else f"shuffle {pile.text}"
    )
    return handler


def _put(instruction: ActI, lex: Lexicon) -> Handler:
    """put each <kind of> card of the age into the deck (an age's setup), or of a named deck
    ("put each card of the military deck into the military row": decks.py); put 2 coin on it
    (tokens on a card: card_verbs.py)."""
    from .decks import deck_of_phrase, take_from_deck

    act = instruction.act
    if role(act, "on") is not None:
        return card_verbs.put_on_builder(instruction, lex)
    _only_roles(act, "into")
    np = act.object
    of = (
        np.tails[0].of
        if isinstance(np, ast.NounPhrase) and len(np.tails) == 1 and isinstance(np.tails[0], ast.Of)
        else None
    )
    of_age = _is_phrase(of, "the", None, ("age",))
    deck = None if of is None or of_age else deck_of_phrase(of, lex)
    head = np.heads[0] if isinstance(np, ast.NounPhrase) and len(np.heads) == 1 else None
    if (
        not (of_age or deck is not None)
        or not isinstance(np, ast.NounPhrase)
        or np.determiner != "each"
        or not isinstance(head, tuple)
        or role(act, "into") is None
    ):
        raise cannot(
            act,
            'put reads "put each <kind of> card of the age into <zone>" or "... of the <deck> '
            'into <zone>"',
        )
    into = _own_zone(role(act, "into"), lex, "put")
    if into.row >= 0:
        raise row_verbs.not_dealt_so(role(act, "into"), act_text(act))
    found = card_words(tuple(singular(w) for w in head), np, lex)
    if found.state is not None:
        raise cannot(np, f"cards of the age are in no {lex.zones.name('tableau')}")

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        from .ages import age_id

        ctx = game.ctx(state, frame)
        zone = into.cards(ctx)
        if deck is not None:  # the deck's cards still in its zone move, in their order
            moved = take_from_deck(
                game, state, deck, lambda c: c not in zone and found.test(ctx, c)
            )
            into.cards(ctx).extend(moved)
            return NEXT
        placed = set(zone)
        for copy in game.catalog.copies_of_age(age_id(game, state), len(state.players)):
            if copy not in placed and found.test(ctx, copy):
                zone.append(copy)
        return NEXT

    whose = f"the {deck}'s" if deck is not None else "the age's"
    instruction.data["says"] = f"put every copy of {whose} {found.text} into {into.text}"
    return handler


def _take(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    if action_steps.names_action(act.object, lex):  # take "increase population"
        return action_steps.take_action_builder(instruction, lex)
    if _is_phrase(act.object, None, None, ("action",)):
        return _actions(instruction, lex)
    if _is_phrase(act.object, "an", None, ("action",)):
        return _one_action(instruction)
    if effects.is_amount(act.object, lex):
        if card_verbs.names_cards(role(act, "from"), lex):  # take all ambrosia from it
            return card_verbs.take_from_builder(instruction, lex)
        return effects.money_builder(instruction, lex)
    return effects.take_card_builder(instruction, lex)


def _remove(instruction: ActI, lex: Lexicon) -> Handler:
    """remove <cards> from the game (effects.leave_builder); remove 2 coin from it: tokens off
    a card, back to the supply (card_verbs.py)."""
    act = instruction.act
    if effects.is_amount(act.object, lex) and card_verbs.names_cards(role(act, "from"), lex):
        return card_verbs.take_from_builder(instruction, lex)
    return effects.leave_builder(instruction, lex)


def _actions(instruction: ActI, lex: Lexicon) -> Handler:
    """take actions [until <condition>]: the pack's action phase (action_phase.py), which ends
    when the player passes or, tested before each choice, when the condition holds."""
    from . import action_phase

    act = instruction.act
    _only_roles(act, "until")
    until = role(act, "until")
    condition = compile_condition(until, lex) if until is not None else None
    instruction.data["until"] = condition
    instruction.data["says"] = (
        "take actions" if condition is None else f"take actions until {says(condition)}"
    )
    return action_phase.build(condition)


def _one_action(instruction: ActI) -> Handler:
    """take an action: one action of the pack's action phase, or a pass."""
    from . import action_phase

    _only_roles(instruction.act)
    instruction.data["says"] = "take one action, or pass"
    return action_phase.build(None, once=True)


def _money_only(instruction: ActI, lex: Lexicon) -> Handler:
    if not effects.is_amount(instruction.act.object, lex):
        raise cannot(instruction.act, f'"{instruction.act.verb}" moves an amount of a counter')
    return effects.money_builder(instruction, lex)


def _contest_of(np: Any, lex: Lexicon, determiner: str | None, possessive: str | None) -> Any:
    """The contest a phrase names ("your wars", "a war", "the war"), if the game declares it."""
    if not isinstance(np, ast.NounPhrase) or len(np.heads) != 1:
        return None
    head = np.heads[0]
    words = tuple(singular(w) for w in head) if isinstance(head, tuple) else ()
    contest = lex.contest(words)
    if contest is None or not _is_phrase(np, determiner, possessive, words):
        return None
    return contest


def _contests_named(lex: Lexicon) -> str:
    return " or ".join(c.name for c in lex.contests) or "none: the game declares no contests"


def _wage(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    _only_roles(act)
    contest = _contest_of(act.object, lex, None, "your") or _contest_of(
        act.object, lex, None, "their"
    )
    if contest is None:
        raise cannot(
            act,
            'wage reads "wage your <contests>": the contests the turn allows (the game\'s'
            f" contests: {_contests_named(lex)})",
            hint=None
            if lex.contests
            else "a contest is declared in game.yaml: contests: {<name>: {dice: <die>}}",
        )
    instruction.data["says"] = (
        f"declare and fight the {contest.plural} their dice and counters allow"
    )
    return contest_mechanic.wage_handler(contest)


def _declare(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    _only_roles(act, "on")
    target = role(act, "on")
    contest = _contest_of(act.object, lex, "a", None)
    if contest is None or not isinstance(target, ast.NounPhrase):
        raise cannot(
            act,
            'declare reads "declare a <contest> on the attacker" (the game\'s contests:'
            f" {_contests_named(lex)})",
        )
    seats, mode = players_of(target, lex)
    if mode != "one":
        raise cannot(
            target, f"a {contest.name} is declared on one player the rule names (the attacker)"
        )
    instruction.data["says"] = f"declare a {contest.name} on {says(seats)}, fought at once"
    return contest_mechanic.declare_handler(instruction, contest)


def _win(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    _only_roles(act, "by")
    contest = _contest_of(act.object, lex, "the", None)
    if contest is None:
        raise cannot(
            act,
            f'win reads "win the <contest> by 3" (the game\'s contests: {_contests_named(lex)})',
        )
    by = role(act, "by")
    instruction.data["says"] = f"win the {contest.name} at once" + (
        f", by {says(compile_value(by, lex))}" if by is not None else ""
    )
    return contest_mechanic.win_handler(instruction, contest)


def _advance(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    _no_object(act)
    _only_roles(act, "on")
    if not _is_phrase(role(act, "on"), "the", None, ("achievement", "board")):
        raise cannot(act, 'advance reads "advance on the achievements board"')
    instruction.data["says"] = "move their marker on the achievements board"
    return board.handler


# The verb table: every verb the interpreter plays, and the builder of its handler. A verb
# the grammar knows and this table does not is reported by `agesmith validate`.
VERBS: dict[str, Builder] = {
    "play": _play,
    "straighten": _straighten,
    "roll": _roll,
    "refill": _refill,
    "draw": _draw,
    "deal": _draw,  # "deal 13 cards from the civil deck into the card row": a draw
    "gain": _gain,
    "lose": _lose,
    "skip": _skip,
    "shuffle": _shuffle,
    "put": _put,
    "take": _take,
    "pay": _money_only,
    "give": _money_only,
    "share": _money_only,
    "destroy": effects.remove_builder,
    "remove": _remove,
    "discard": effects.remove_builder,
    "pass": effects.move_builder,
    "move": piece_moves.moving(effects.move_builder),
    "swap": effects.swap_builder,
    "fail": effects.fail_builder,
    "wage": _wage,
    "declare": _declare,
    "win": _win,
    "advance": _advance,
    "flip": card_verbs.flip_builder,
    "repair": card_verbs.repair_builder,
    "mark": card_verbs.mark_builder,
    "place": piece_moves.place,
    "buy": buying.buy_builder,
    "return": piece_moves.returning,
    "trigger": card_events.trigger_builder,
    "end": age_steps.end_builder,
    "become": role_steps.become_builder,
    "slide": row_verbs.slide_builder,
    "bid": bidding.bid_builder,
    "leave": leaving.leave_builder,
    "set": set_steps.set_builder,
}
