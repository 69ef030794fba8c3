"""Handlers of the verbs that move cards and gold between players: card effects and calamities.

take, destroy, discard, pass, pay, give, share, swap, move, fail. Every phrase of an act is
compiled when the game loads (`selectors.py`, `meaning.py`) and every word and role is
consumed, or the act is a located error; where a phrase leaves a choice, the doer decides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.zones import HAND

from ..compile.meaning import Ctx, Lexicon, Zone, zone_of
from ..compile.program import card_program
from ..compile.selectors import CardSelector, Receiver, card_selector, receiver
from ..core.actions import Action, Decision
from ..core.card_state import forget
from ..core.control import NEXT, Result, push, wait
from ..core.errors import cannot
from ..model.zones import TABLEAU
from .moves import (
    destroy,
    discard_card,
    doer,
    gain_counter,
    is_tilted,
    move_card,
    remove_card,
    role,
)
from .row_verbs import put_in_row, room_in

if TYPE_CHECKING:
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]
# How far an act can be carried out now: "fully", "partly" or "not".
Can = Callable[["Game", "State", dict[str, Any]], str]


def _only_roles(act: ast.Act, *allowed: str) -> None:
    """Every role of an act is read by its handler: any other is an error at its place."""
    for r in act.roles:
        if r.preposition not in allowed:
            raise cannot(r, f'"{act.verb}" has no meaning for "{r.preposition} ..." here')


def _ask(seat: int, kind: str, options: list[Action], prompt: str) -> Result:
    return wait(Decision(seat, kind, options, prompt))


def _card_choice(game: Game, seat: int, cards: list[int], prompt: str) -> Result:
    return _ask(seat, "card", [Action("card", {"card": c}, game.name(c)) for c in cards], prompt)


def _ctx(game: Game, state: State, frame: dict[str, Any]) -> Ctx:
    return game.ctx(state, frame)


def _finish(instruction: ActI, handler: Handler, text: str, can: Can) -> Handler:
    instruction.data["says"] = text
    instruction.data["can"] = can
    return handler


def can_do(game: Game, state: State, frame: dict[str, Any], instruction: ActI) -> str:
    """How far an act can be carried out now: "fully", "partly" or "not" at all.

    A choice offers the options a player can do fully, else those it can do partly (paying
    what gold it has); "you may" does not ask about an act that would do nothing."""
    can = instruction.data.get("can")
    return can(game, state, frame) if can is not None else "fully"


# ------------------------------------------------------------------ destroy and discard


def _needs_discard_pile(act: ast.Act, lex: Lexicon, what: str) -> None:
    """A rule that puts cards on the discard pile, in a game whose zones have none: an error
    where it is written (never cards put into some other zone)."""
    if lex.zones.discard < 0:
        raise cannot(
            act,
            f'{what} go to the discard pile, and no zone has the role "discard pile" '
            "(give it to a zone of the table, or move the cards into a zone by name)",
        )


def remove_builder(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    _only_roles(act)
    verb = act.verb
    _needs_discard_pile(act, lex, "destroyed cards" if verb == "destroy" else "discarded cards")
    # a card in decadence is never destroyed (AH-K8): it is no candidate of "destroy"
    chosen_by = card_selector(act.object, lex, never_decadent=verb == "destroy")

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        chosen = _chosen(game, state, frame, chosen_by, answer, f"Which card to {verb}?")
        if not isinstance(chosen, list):
            return chosen  # which one: the doer decides
        for copy in chosen:
            if verb == "destroy":
                destroy(game, state, copy)
            else:
                discard_card(game, state, copy)
                game.say(state, f"{game.name(copy)} is discarded.")
        return NEXT

    return _finish(instruction, handler, f"{verb} {chosen_by.text}", _some(chosen_by))


REMOVES = "removes from the game"  # an act's data: it takes cards out of the game
FAILURE_EVENT = "failure"  # the event of a card that fails (its rules "on failure: ...")


def leave_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """remove <cards> from the game: they leave play (out of every zone), as the cards of an age
    do when it ends."""
    act = instruction.act
    _only_roles(act, "from")
    out_of = role(act, "from")
    if not (
        isinstance(out_of, ast.NounPhrase)
        and out_of.determiner == "the"
        and out_of.heads == (("game",),)
        and not out_of.tails
    ):
        raise cannot(act, 'remove reads "remove <cards> from the game"')
    chosen_by = card_selector(act.object, lex)

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        chosen = _chosen(game, state, frame, chosen_by, answer, "Which card leaves the game?")
        if not isinstance(chosen, list):
            return chosen  # which one: the doer decides
        for copy in chosen:
            remove_card(state, copy)
            forget(state, copy)  # out of the game, it carries nothing (core/card_state.py)
        if chosen:
            names = ", ".join(game.name(c) for c in chosen)
            game.say(state, f"{names} {'leaves' if len(chosen) == 1 else 'leave'} the game.")
        return NEXT

    instruction.data[REMOVES] = True  # the save loader: a card may be out of every zone
    return _finish(instruction, handler, f"take {chosen_by.text} out of the game", _some(chosen_by))


def _chosen(
    game: Game,
    state: State,
    frame: dict[str, Any],
    chosen_by: CardSelector,
    answer: Action | None,
    prompt: str,
) -> list[int] | Result:
    """The cards a phrase means now: all of them for "each", the one answered, the only one,
    or the decision of which one (a Result) when it means one of several."""
    if answer is not None:
        return [answer.params["card"]]
    cards = chosen_by.select(_ctx(game, state, frame))
    if not chosen_by.many and len(cards) > 1:
        return _card_choice(game, _chooser(chosen_by, frame), cards, prompt)
    return cards if chosen_by.many else cards[:1]


def _chooser(selector: CardSelector, frame: dict[str, Any]) -> int:
    return selector.chooser(int(frame["player"]), doer(frame))


def _some(selector: CardSelector) -> Can:
    return lambda game, state, frame: (
        "fully" if selector.select(_ctx(game, state, frame)) else "not"
    )


# ------------------------------------------------------------------ moving cards


def take_card_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """take "X" from another civilization: the card joins the taker's civilization, as it was
    (tilted or not: `move_card`)."""
    act = instruction.act
    _only_roles(act, "from")
    source = role(act, "from")
    if source is None:
        raise cannot(
            act, f'take it from where? "take "X" from another {lex.zones.name("tableau")}"'
        )
    chosen_by = card_selector(act.object, lex, zone=source)

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        me = doer(frame)
        if answer is not None and answer.kind == "card":
            chosen = [answer.params["card"]]
        else:
            cards = chosen_by.select(_ctx(game, state, frame))
            if not cards:
                return NEXT
            if len(cards) > 1 and not chosen_by.many:
                return _card_choice(game, _chooser(chosen_by, frame), cards, "Take which card?")
            chosen = cards if chosen_by.many else cards[:1]
        for copy in chosen:
            owner = _owner(state, copy)
            move_card(state, copy, me, TABLEAU)
            game.say(
                state,
                f"{game.player_name(me)} takes {game.name(copy)} from "
                f"{game.player_name(owner) if owner is not None else 'the table'}.",
            )
        return NEXT

    where = chosen_by.where
    what = chosen_by.text.replace(f" in {where}", f" from {where}", 1) if where else chosen_by.text
    spoken = act.subject is None or (
        isinstance(act.subject, ast.Pronoun) and act.subject.word == "you"
    )
    into = "your" if spoken else "their"
    tableau = lex.zones.name("tableau")
    return _finish(instruction, handler, f"take {what} into {into} {tableau}", _some(chosen_by))


def move_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """pass this card to another player; move this card to the winner's civilization; move it
    into your hand (a zone of the doer's, or of the table)."""
    act = instruction.act
    if role(act, "into") is not None:
        return _move_into(instruction, lex)
    _only_roles(act, "to")
    to = role(act, "to")
    if to is None:
        raise cannot(act, f"{act.verb} it to whom?")
    chosen_by = card_selector(act.object, lex)
    if chosen_by.many:
        raise cannot(act.object, f"{act.verb} one card at a time")
    target: Receiver = receiver(to, lex)

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        me = doer(frame)
        loc = frame["loc"]
        if answer is not None and answer.kind == "card":
            loc["card"] = answer.params["card"]
            answer = None
        if "card" not in loc:
            cards = chosen_by.select(_ctx(game, state, frame))
            if not cards:
                return NEXT
            if len(cards) > 1:
                return _card_choice(
                    game, _chooser(chosen_by, frame), cards, f"Which card to {act.verb}?"
                )
            loc["card"] = cards[0]
        copy = loc["card"]
        if answer is not None:
            seat = answer.params["seat"]
        else:
            seats = target.seats(_ctx(game, state, frame).with_player(frame["player"]))
            if not seats:
                return NEXT
            if len(seats) > 1:
                return _ask(
                    target.chooser(int(frame["player"]), me),
                    "player",
                    [Action("player", {"seat": s}, game.player_name(s)) for s in seats],
                    f"Which player gets {game.name(copy)}?",
                )
            seat = seats[0]
        move_card(state, copy, seat, target.zone)
        game.say(state, f"{game.name(copy)} goes to {game.player_name(seat)}.")
        return NEXT

    text = f"{act.verb} {chosen_by.text} to {target.text}"
    if not target.text.endswith(target.zone_name):
        text += f" (into their {target.zone_name})"
    return _finish(instruction, handler, text, _some(chosen_by))


def _move_into(instruction: ActI, lex: Lexicon) -> Handler:
    """move <a card> into <zone>: the card leaves wherever it is for the zone, a shared one or
    one of the doer's own ("your hand", "their buildings"; a tableau takes it as a new pile)."""
    act = instruction.act
    _only_roles(act, "into")
    into = role(act, "into")
    zone = zone_of(into, lex)
    if zone.owner not in ("", "your", "their"):
        raise cannot(into, 'a card moves into one zone: "your ...", "their ..." or "the ..."')
    chosen_by = card_selector(act.object, lex)

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        loc = frame["loc"]
        if answer is not None and answer.kind == "card":
            loc["card"] = answer.params["card"]
        ctx = _ctx(game, state, frame)
        if "card" in loc:
            cards = [loc.pop("card")]
        else:
            cards = chosen_by.select(ctx)
            if len(cards) > 1 and not chosen_by.many:
                return _card_choice(
                    game, _chooser(chosen_by, frame), cards, f"Which card to {act.verb}?"
                )
        seat = ctx.player if zone.owner == "your" else doer(frame)
        cards = [copy for copy in cards if put_into(state, ctx, copy, zone, seat)]
        if cards:
            names = ", ".join(game.name(c) for c in cards)
            go = "goes" if len(cards) == 1 else "go"
            game.say(state, f"{names} {go} into {_zone_words(game, zone, seat)}.")
        return NEXT

    return _finish(
        instruction, handler, f"{act.verb} {chosen_by.text} into {zone.text}", _some(chosen_by)
    )


def put_into(state: State, ctx: Ctx, copy: int, zone: Zone, seat: int) -> bool:
    """A card leaves wherever it is for a zone: a tableau (of `seat`) takes it as a new pile;
    on the table it is a fresh card again (core/card_state.py); a row takes it into its first
    empty place, and a full row not at all (False: the card stays where it is)."""
    if zone.role == "tableau":
        move_card(state, copy, seat, TABLEAU)
        return True
    if zone.row >= 0 and copy not in zone.cards(ctx) and not room_in(state, ctx, zone):
        return False
    remove_card(state, copy)
    if zone.shared:
        forget(state, copy)
    if zone.row >= 0:
        put_in_row(state, zone, copy)
    else:
        zone.cards(ctx).append(copy)
    return True


def _zone_words(game: Game, zone: Zone, seat: int) -> str:
    return (
        zone.text
        if zone.shared
        else f"the {zone.text.split(' ', 1)[-1]} of {game.player_name(seat)}"
    )


def _owner(state: State, copy: int) -> int | None:
    for player in state.players:
        if any(copy in zone for zone in player.zones) or copy in player.all_cards():
            return player.seat
    return None


# ------------------------------------------------------------------ gold


def is_amount(value: Any, lex: Lexicon) -> bool:
    """Whether an object is an amount of a counter (or "it", an amount named before)."""
    if isinstance(value, ast.Rounded):
        value = value.value
    if isinstance(value, ast.Pronoun):
        return value.word == "it"
    if (
        not isinstance(value, ast.NounPhrase)
        or len(value.heads) != 1
        or not isinstance(value.heads[0], tuple)
    ):
        return False
    return value.heads[0] == ("it",) or lex.counter(value.heads[0]) is not None


Amount = Callable[[int, dict[str, Any]], int]


def no_amount(have: int, frame: dict[str, Any]) -> int:
    """The amount of a step whose number is worked out elsewhere."""
    return 0


def compile_amount(value: Any, lex: Lexicon, whose: str = "") -> tuple[Amount, str | None, str]:
    """An amount of a counter: (how much, given what the payer has; the counter, None for
    "it"; its reading). "all gold", "half of your gold rounded up", "10 gold", "half of it".
    `whose` is the payer in the reading of a share of what they have ("all your gold")."""
    up = None
    if isinstance(value, ast.Rounded):
        up = value.direction == "up"
        value = value.value
        if not (isinstance(value, ast.NounPhrase) and value.determiner == "half of"):
            raise cannot(value, "only a half is rounded here")
    if isinstance(value, ast.Pronoun) or (
        isinstance(value, ast.NounPhrase) and value.heads == (("it",),)
    ):
        np = value if isinstance(value, ast.NounPhrase) else ast.NounPhrase()
        counter, thing = None, "that amount"

        def base(have: int, frame: dict[str, Any]) -> int:
            return int(frame.get("it") or 0)
    else:
        head = (
            value.heads[0] if isinstance(value, ast.NounPhrase) and len(value.heads) == 1 else None
        )
        if not isinstance(value, ast.NounPhrase) or not isinstance(head, tuple):
            example = f'("2 {lex.counters[0]}")' if lex.counters else "(it declares none)"
            raise cannot(value, f"an amount of a counter the game declares {example}")
        np = value
        counter = lex.counter(head)
        thing = f"{whose} {counter}".strip() if counter else ""

        def base(have: int, frame: dict[str, Any]) -> int:
            return have

    if np.tails or np.possessive not in (None, "your", "their"):
        raise cannot(value, "an amount of your own")
    if np.determiner == "half of":
        rounded_up = bool(up)
        return (
            (
                lambda have, frame: (
                    (base(have, frame) + 1) // 2 if rounded_up else base(have, frame) // 2
                )
            ),
            counter,
            f"half of {thing} (rounded {'up' if rounded_up else 'down'})",
        )
    if np.determiner == "all":
        return (lambda have, frame: base(have, frame)), counter, f"all {thing}"
    if np.count is not None and np.determiner is None and counter is not None:
        n = np.count
        return (lambda have, frame: n), counter, f"{n} {counter}"
    if np.determiner in ("a", "an") and counter is not None:
        return (lambda have, frame: 1), counter, f"1 {counter}"
    if np.determiner is None and np.count is None and counter is None:
        return base, None, thing
    raise cannot(value, "how much? a number, all, or half of it")


def money_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """take all gold from X; pay 10 gold [to you]; give half of it to X; share 12 gold among Y.

    What is paid goes to the bank unless a receiver is named; a payer short of the amount pays
    what they have."""
    act = instruction.act
    verb = act.verb
    spoken = act.subject is None or (
        isinstance(act.subject, ast.Pronoun) and act.subject.word == "you"
    )
    whose = "" if verb == "take" else "your" if spoken else "their"
    amount, fixed_counter, amount_text = compile_amount(act.object, lex, whose)
    if verb == "take":
        _only_roles(act, "from")
        other = role(act, "from")
        if other is None:
            raise cannot(act, "take it from whom?")
    elif verb == "share":
        _only_roles(act, "among")
        other = role(act, "among")
        if other is None:
            raise cannot(act, "share it among whom?")
    else:
        _only_roles(act, "to")
        other = role(act, "to") if act.object is not None else None
    if verb == "give" and other is None:
        raise cannot(act, "give it to whom?")
    target = receiver(other, lex) if other is not None else None

    def counter_of(frame: dict[str, Any], game: Game) -> str | None:
        return fixed_counter or frame.get("it_counter")

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        counter = counter_of(frame, game)
        if counter is None:
            return NEXT  # "half of it" when nothing was named before
        me = doer(frame)
        if answer is not None:
            seats = [answer.params["seat"]]
        elif target is None:
            seats = []
        else:
            seats = target.seats(_ctx(game, state, frame).with_player(frame["player"]))
            if verb == "take":
                seats = [s for s in seats if state.players[s].counters.get(counter, 0)]
            elif amount(state.players[me].counters.get(counter, 0), frame) <= 0:
                return NEXT  # nothing to give
            if verb != "share" and len(seats) > 1:
                return _ask(
                    target.chooser(int(frame["player"]), me),
                    "player",
                    [Action("player", {"seat": s}, game.player_name(s)) for s in seats],
                    f"{verb.capitalize()}: whom?",
                )
        if verb == "take":
            seats = [s for s in seats if state.players[s].counters.get(counter, 0)]
            if not seats:
                return NEXT  # nobody has any: nothing happens
            victim = seats[0]
            have = state.players[victim].counters.get(counter, 0)
            n = min(amount(have, frame), have)
            gain_counter(game, state, victim, counter, -n)
            gain_counter(game, state, me, counter, n)
            frame["it"] = n
            frame["it_counter"] = counter
            game.say(
                state,
                f"{game.player_name(me)} takes {n} {counter} from {game.player_name(victim)}.",
            )
            return NEXT
        have = state.players[me].counters.get(counter, 0)
        n = min(amount(have, frame), have)
        gain_counter(game, state, me, counter, -n)
        if verb == "share" and seats:
            each = n // len(seats)
            for s in seats:
                gain_counter(game, state, s, counter, each)
        elif seats:
            gain_counter(game, state, seats[0], counter, n)
        to = f" to {', '.join(game.player_name(s) for s in seats)}" if seats else ""
        game.say(state, f"{game.player_name(me)} pays {n} {counter}{to}.")
        return NEXT

    def can(game: Game, state: State, frame: dict[str, Any]) -> str:
        counter = counter_of(frame, game)
        if verb == "take" or counter is None:
            return "fully"
        have = state.players[doer(frame)].counters.get(counter, 0)
        need = amount(have, frame)
        return "fully" if have >= need and (need or have) else "partly" if have else "not"

    where = {"take": " from ", "share": " among ", "give": " to ", "pay": " to "}[verb]
    receiver_text = (where + target.text) if target is not None else " to the bank"
    if verb == "share" and target is not None:  # "among each opponent": among all of them
        receiver_text = (
            f" equally among all the {target.text.removeprefix('each ')}s (rounded down)"
            if target.text.startswith("each ")
            else receiver_text + ", in equal parts (rounded down)"
        )
    return _finish(instruction, handler, f"{verb} {amount_text}{receiver_text}", can)


# ------------------------------------------------------------------ swaps


def swap_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """swap A for B: the two cards trade places (in players' zones, the tableau's piles
    included), each taking the other's exact place."""
    act = instruction.act
    _only_roles(act, "for")
    other = role(act, "for")
    if other is None:
        raise cannot(act, "swap it for what?")
    first_by = card_selector(act.object, lex)
    second_by = card_selector(other, lex)
    if first_by.many or second_by.many:
        raise cannot(act, "swap one card for one card")
    for phrase, selector in ((act.object, first_by), (other, second_by)):
        if selector.where and not selector.zone_owner:
            raise cannot(phrase, f"a swap trades places in players' zones, not in {selector.where}")

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        loc = frame["loc"]
        ctx = _ctx(game, state, frame)
        if answer is not None and answer.kind == "card":
            loc.setdefault("picked", []).append(answer.params["card"])
        picked = loc.get("picked", [])
        firsts = [c for c in first_by.select(ctx) if any(o != c for o in second_by.select(ctx))]
        if not firsts:
            return NEXT
        if len(firsts) > 1 and not picked:
            return _card_choice(game, _chooser(first_by, frame), firsts, "Swap which card?")
        first = picked[0] if len(firsts) > 1 else firsts[0]
        picked = picked[1:] if len(firsts) > 1 else picked
        seconds = [c for c in second_by.select(ctx) if c != first]
        if picked:
            second = picked[0]
        elif len(seconds) > 1:
            return _card_choice(
                game,
                _chooser(second_by, frame),
                seconds,
                f"Swap {game.name(first)} for which card?",
            )
        else:
            second = seconds[0]
        _exchange_places(state, first, second)
        game.say(state, f"{game.name(first)} and {game.name(second)} change places.")
        return NEXT

    def can(game: Game, state: State, frame: dict[str, Any]) -> str:
        ctx = _ctx(game, state, frame)
        seconds = second_by.select(ctx)
        return "fully" if any(o != c for c in first_by.select(ctx) for o in seconds) else "not"

    return _finish(instruction, handler, f"swap {first_by.text} for {second_by.text}", can)


def _exchange_places(state: State, a: int, b: int) -> None:
    """Each card takes the other's place and keeps its turned state: a tilted card that lands
    on top of a civilization's pile stays tilted there (its new owner straightens it)."""
    turned = {c for c in (a, b) if is_tilted(state, c)}
    for player in state.players:  # the piles that change are new lists: piles are shared
        player.tableau = [pile[:] if a in pile or b in pile else pile for pile in player.tableau]

    def place(copy: int) -> tuple[list[int], int] | None:
        for player in state.players:
            for zone in player.zones:
                if copy in zone:
                    return zone, zone.index(copy)
            for pile in player.tableau:
                if copy in pile:
                    return pile, pile.index(copy)
        return None

    where_a, where_b = place(a), place(b)
    if where_a is None or where_b is None:
        return
    where_a[0][where_a[1]] = b
    where_b[0][where_b[1]] = a
    for player in state.players:
        player.tilted = [c for c in player.tilted if c not in (a, b)]
        player.tilted += [c for c in sorted(turned) if c in player.active_cards()]


# ------------------------------------------------------------------ calamities failing


def fail_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """Each calamity that was in the events zone when the turn began and is still there fails,
    in the order the player chooses (AH-K1, AH-K4). A failing calamity is discarded as it
    strikes (AH-K3), so its own rules can pass it on or shuffle it back with the pile; every
    "on failure" rule of the card runs, in the order written."""
    act = instruction.act
    _only_roles(act)
    _needs_discard_pile(act, lex, "failing cards")
    failing_by = card_selector(act.object, lex)
    subject = act.subject
    spoken = subject is None or (isinstance(subject, ast.Pronoun) and subject.word == "you")
    own = ("your", "their") if spoken else ("their",)
    if failing_by.zone_role != HAND or failing_by.zone_owner not in own:
        hand = lex.zones.name(HAND)
        raise cannot(
            act.object,
            f"a card fails in the {hand} of the player it strikes: "
            f'"fail each unresolved card in your {hand}"',
        )

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        me = doer(frame)
        player = state.players[me]
        loc = frame["loc"]
        if loc.get("queue"):
            return push(loc["queue"].pop(0))
        if loc.get("struck") and not failing_by.many:
            return NEXT  # "fail a calamity ...": one, and it has failed
        if answer is not None:
            copy = answer.params["card"]
        else:
            hand = player.zones[game.zones.hand]
            failing = [c for c in failing_by.select(_ctx(game, state, frame)) if c in hand]
            if not failing:
                return NEXT
            if len(failing) > 1:
                # the cards' own type when they share one (a pack's word), else "card"
                kinds = {game.catalog.info(c).type for c in failing}
                kind = kinds.pop() if len(kinds) == 1 else "card"
                prompt = f"Which {kind} fails first?" if failing_by.many else f"Which {kind} fails?"
                return _card_choice(game, _chooser(failing_by, frame), failing, prompt)
            copy = failing[0]
        started = player.flags.get("turn_start_events", [])
        player.flags["turn_start_events"] = [c for c in started if c != copy]
        player.zones[game.zones.hand].remove(copy)
        state.zones[game.zones.discard].append(copy)
        loc["struck"] = True
        game.say(state, f"{game.name(copy)} strikes {game.player_name(me)}.")
        game.note("fail", card=copy, seat=me)
        info = game.catalog.info(copy)
        frames = [
            game.frame(card_program(info.index, FAILURE_EVENT, n), me, copy)
            for n in range(len(info.triggers.get(FAILURE_EVENT, [])))
        ]
        if not frames:
            return push(game.frame("empty", me, copy))
        loc["queue"] = frames[1:]
        return push(frames[0])

    text = (
        f"{failing_by.text} fails, in the order the player chooses"
        if failing_by.many
        else f"{failing_by.text} fails"
    )
    return _finish(instruction, handler, text, _some(failing_by))
