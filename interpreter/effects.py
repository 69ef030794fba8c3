"""Handlers of the verbs that move cards and gold between players: card effects and calamities.

take, destroy, discard, pass, pay, give, share, swap, move, fail; the phase verbs of wars and of
the achievements board live in `war.py` and `board.py`. Which cards and players a phrase means
is read from the phrase (`meaning.py`); where it leaves a choice, the chooser decides.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from rules_dsl import ast

from .actions import Action, Decision
from .control import NEXT, Result, push, wait
from .errors import RuleError
from .meaning import Ctx, card_filter, card_points, compile_condition, players_of
from .verbs import counter_name, destroy, doer, gain_counter, name_of, remove_card, role, words_of

if TYPE_CHECKING:
    from .engine import Game
    from .program import ActI
    from .state import State


def build(instruction: ActI) -> Any:
    act = instruction.act
    verb = act.verb
    words = words_of(act.object)
    if verb == "take" and words[:1] == ("action",):
        from . import action_phase
        return action_phase.handler
    if verb == "fail":
        return _fail
    if verb == "wage":
        from . import war
        return war.wage_handler
    if verb == "declare":
        from . import war
        return war.declare_handler(instruction)
    if verb == "win":
        from . import war
        return war.win_handler(instruction)
    if verb == "advance":
        from . import board
        return board.handler
    if verb in ("take", "pay", "give", "share") and _is_amount(act.object):
        return _money(instruction)
    if verb in ("destroy", "discard"):
        return _remove(instruction)
    if verb in ("take", "move", "pass"):
        return _move(instruction)
    if verb == "swap":
        return _swap(instruction)
    raise RuleError(f'the interpreter cannot "{verb}" that yet', act)


def _is_amount(value: Any) -> bool:
    if isinstance(value, ast.Rounded):
        value = value.value
    if isinstance(value, ast.Pronoun):
        return True
    return isinstance(value, ast.NounPhrase) and bool(value.heads) and isinstance(
        value.heads[-1], tuple) and value.heads[-1][-1] in ("gold", "it")


def _ask(seat: int, kind: str, options: list[Action], prompt: str) -> Result:
    return wait(Decision(seat, kind, options, prompt))


def _card_choice(game: Game, seat: int, cards: list[int], prompt: str) -> Result:
    return _ask(seat, "card", [Action("card", {"card": c}, game.name(c)) for c in cards], prompt)


# ------------------------------------------------------------------ cards in a zone


def _zone_cards(game: Game, state: State, frame: dict[str, Any], np: Any) -> list[int]:
    """The copies a card phrase can mean, before any choice among them."""
    ctx = game.ctx(state, frame)
    me = doer(frame)
    if isinstance(np, ast.Pronoun):
        it = frame.get("it")
        return [it] if isinstance(it, int) else []
    if np.determiner == "this":
        return [frame["card"]] if frame.get("card") is not None else []
    named = name_of(np)
    located = next((t for t in np.tails if isinstance(t, ast.Located)), None)
    where = _where(game, state, frame, located.where if located else None, me)
    if named is not None:
        return [c for c in where if game.name(c) == named]
    words = tuple(w for w in (np.heads[-1] if np.heads and isinstance(np.heads[-1], tuple)
                              else ()))
    test = _filter(words)
    if located is None and np.possessive is not None:
        owner = me if np.possessive == "their" else frame["player"]
        if np.possessive == "your" and "doer" in frame:
            owner = frame["player"]
        player = state.players[owner]
        base = player.active_cards() if "active" in words else player.all_cards()
    else:
        base = where
    cards = [c for c in base if test(ctx, c)]
    if "unresolved" in words:
        started = state.players[me].flags.get("turn_start_events", [])
        cards = [c for c in cards if c in started]
    superlative = next((t for t in np.tails if isinstance(t, ast.Superlative)), None)
    if superlative is not None and cards:
        values = {c: card_points(ctx, c) for c in cards}
        best = (max if superlative.kind in ("most", "highest") else min)(values.values())
        cards = [c for c in cards if values[c] == best]
    preferring = next((t for t in np.tails if isinstance(t, ast.Preferring)), None)
    if preferring is not None:
        cards = _preferred(game, state, frame, preferring, cards)
    return cards


# Phrases met during play are compiled on first use and remembered: trees are immutable values,
# so play never compiles the same words twice.
@cache
def _filter(words: tuple[str, ...]) -> Callable[[Ctx, int], bool]:
    return card_filter(words)


@cache
def _condition(node: Any) -> Callable[[Ctx], bool]:
    return compile_condition(node)


@cache
def _players(np: Any) -> tuple[Callable[[Ctx], list[int]], str]:
    return players_of(np)


def _preferred(game: Game, state: State, frame: dict[str, Any], pref: ast.Preferring,
               cards: list[int]) -> list[int]:
    """AH-K7: the first kind of the list the player has, else any of their cards."""
    ctx = game.ctx(state, frame)
    if pref.condition is not None:
        holds = _condition(pref.condition)(ctx)
        if holds == pref.unless:
            return cards
    for words in pref.preferences:
        test = _filter(words)
        chosen = [c for c in cards if test(ctx, c)]
        if chosen:
            return chosen
    return cards


def _where(game: Game, state: State, frame: dict[str, Any], np: Any, me: int) -> list[int]:
    """The cards of a zone phrase: your events, any civilization, another player's events."""
    if np is None:
        return state.players[me].active_cards()
    heads = np.heads if isinstance(np, ast.NounPhrase) else ()
    zone = heads[-1][-1] if heads and isinstance(heads[-1], tuple) else ""
    owners: list[int]
    if np.determiner == "any":
        owners = [p.seat for p in state.players]
    elif np.determiner == "another":                 # another player's events
        owners = [p.seat for p in state.players if p.seat != me]
    elif np.possessive == "their":
        owners = [me]
    else:
        owners = [frame["player"]]
    out: list[int] = []
    for seat in owners:
        player = state.players[seat]
        if zone == "events":
            out += player.events
        elif zone == "civilization":
            out += player.active_cards()
        elif zone == "legacy":
            out += player.legacy
    return out


def _owner(state: State, copy: int) -> int | None:
    for player in state.players:
        if copy in player.events or copy in player.all_cards() or copy in player.legacy:
            return player.seat
    return None


# ------------------------------------------------------------------ destroy and discard


def _remove(instruction: ActI) -> Any:
    act = instruction.act
    many = isinstance(act.object, ast.NounPhrase) and act.object.determiner in ("each", "all")
    verb = act.verb

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        me = doer(frame)
        if answer is not None:
            chosen = [answer.params["card"]]
        else:
            cards = _zone_cards(game, state, frame, act.object)
            if not cards:
                return NEXT
            if not many and len(cards) > 1:
                return _card_choice(game, me, cards, f"Which card to {verb}?")
            chosen = cards if many else cards[:1]
        for copy in chosen:
            if verb == "destroy":
                destroy(game, state, copy)
            else:
                remove_card(state, copy)
                state.discard.append(copy)
                game.say(state, f"{game.name(copy)} is discarded.")
        return NEXT
    return handler


# ------------------------------------------------------------------ moving cards


def _move(instruction: ActI) -> Any:
    """pass this card to another player; take "X" from another civilization; move ... to ..."""
    act = instruction.act
    to = role(act, "to")

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        me = doer(frame)
        loc = frame["loc"]
        if act.verb == "take":                       # a named card from another civilization
            if answer is not None and answer.kind == "card":
                loc["card"] = answer.params["card"]
            if "card" not in loc:
                named = name_of(act.object)
                cards = [c for p in state.players if p.seat != me for c in p.active_cards()
                         if game.name(c) == named]
                if not cards:
                    return NEXT
                if len(cards) > 1:
                    return _card_choice(game, me, cards, f"Take which {named}?")
                loc["card"] = cards[0]
            copy = loc["card"]
            owner = _owner(state, copy)
            tilted = owner is not None and copy in state.players[owner].tilted
            remove_card(state, copy)
            state.players[me].civilization.append([copy])
            if tilted:
                state.players[me].tilted.append(copy)
            game.say(state, f"{game.player_name(me)} takes {game.name(copy)} from "
                            f"{game.player_name(owner) if owner is not None else 'the table'}.")
            return NEXT
        cards = _zone_cards(game, state, frame, act.object)
        if not cards:
            return NEXT
        copy = cards[0]
        if answer is not None:
            target = answer.params["seat"]
        else:
            seats = _target_players(game, state, frame, to)
            if seats is None:
                raise RuleError(f"{act.verb} to whom?", act)
            if len(seats) > 1:
                return _ask(me, "player", [Action("player", {"seat": s}, game.player_name(s))
                                           for s in seats],
                            f"Which player gets {game.name(copy)}?")
            if not seats:
                return NEXT
            target = seats[0]
        remove_card(state, copy)
        zone = _zone_word(to)
        receiver = state.players[target]
        if zone == "civilization":
            receiver.civilization.append([copy])
        else:
            receiver.events.append(copy)
        game.say(state, f"{game.name(copy)} goes to {game.player_name(target)}.")
        return NEXT
    return handler


def _zone_word(np: Any) -> str:
    if isinstance(np, ast.NounPhrase) and len(np.heads) > 1 and isinstance(np.heads[-1], tuple):
        return np.heads[-1][-1]
    if isinstance(np, ast.NounPhrase) and np.heads and isinstance(np.heads[-1], tuple) and \
            np.heads[-1][-1] in ("civilization", "events"):
        return np.heads[-1][-1]
    return "events"


def _target_players(game: Game, state: State, frame: dict[str, Any], np: Any) -> list[int] | None:
    """The players a "to ..." phrase can mean: another player, the winner's civilization..."""
    if np is None:
        return None
    ctx = game.ctx(state, frame).with_player(doer(frame))
    if isinstance(np, ast.Pronoun) and np.word == "you":
        return [frame["player"]]
    if isinstance(np, ast.NounPhrase) and len(np.heads) > 1:     # the winner's civilization
        owner = ast.NounPhrase(np.determiner, np.count, np.possessive, np.heads[:1], ())
        seats, _ = _players(owner)
        return seats(ctx)
    seats, _ = _players(np)
    return seats(ctx)


# ------------------------------------------------------------------ gold


def _money(instruction: ActI) -> Any:
    """take all gold from X; pay 10 gold [to you]; give half of it to X; share 12 gold among Y."""
    act = instruction.act
    value = act.object
    up = isinstance(value, ast.Rounded) and value.direction == "up"
    if isinstance(value, ast.Rounded):
        value = value.value
    counter_words = ("gold",)
    other = role(act, "from") if act.verb == "take" else role(act, "to") or role(act, "among")

    def amount(have: int, frame: dict[str, Any]) -> int:
        if isinstance(value, ast.Pronoun) or (isinstance(value, ast.NounPhrase) and
                                              value.heads and value.heads[-1] == ("it",)):
            base = int(frame.get("it") or 0)
        else:
            base = have
        if isinstance(value, ast.NounPhrase) and value.determiner == "half of":
            return (base + 1) // 2 if up else base // 2
        if isinstance(value, ast.NounPhrase) and value.determiner == "all":
            return have
        if isinstance(value, ast.NounPhrase) and value.count is not None:
            return value.count
        return base

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        counter = counter_name(counter_words, game) or "gold"
        me = doer(frame)
        if answer is not None:
            seats = [answer.params["seat"]]
        elif other is None:
            seats = []
        else:
            seats = _target_players(game, state, frame, other) or []
            if act.verb == "take":
                seats = [s for s in seats if state.players[s].counters.get(counter, 0)]
            elif amount(state.players[me].counters.get(counter, 0), frame) <= 0:
                return NEXT         # nothing to give
            mode = "all" if act.verb == "share" else "choose"
            if mode == "choose" and len(seats) > 1:
                return _ask(me, "player", [Action("player", {"seat": s}, game.player_name(s))
                                           for s in seats], f"{act.verb.capitalize()}: whom?")
        if act.verb == "take":
            seats = [s for s in seats if state.players[s].counters.get(counter, 0)]
            if not seats:
                return NEXT         # nobody has any: nothing happens
            victim = seats[0]
            n = amount(state.players[victim].counters.get(counter, 0), frame)
            n = min(n, state.players[victim].counters.get(counter, 0))
            gain_counter(game, state, victim, counter, -n)
            gain_counter(game, state, me, counter, n)
            frame["it"] = n
            game.say(state, f"{game.player_name(me)} takes {n} {counter} from "
                            f"{game.player_name(victim)}.")
            return NEXT
        have = state.players[me].counters.get(counter, 0)
        n = min(amount(have, frame), have)
        gain_counter(game, state, me, counter, -n)
        if act.verb == "share" and seats:
            each = n // len(seats)
            for s in seats:
                gain_counter(game, state, s, counter, each)
        elif seats:
            gain_counter(game, state, seats[0], counter, n)
        to = f" to {', '.join(game.player_name(s) for s in seats)}" if seats else ""
        game.say(state, f"{game.player_name(me)} pays {n} {counter}{to}.")
        return NEXT
    return handler


def can_do(game: Game, state: State, frame: dict[str, Any], act: ast.Act) -> str:
    """How far an act can be carried out now: "fully", "partly" or "not" at all.

    A choice offers the options a player can do fully, else those it can do partly (paying
    what gold it has); "you may" does not ask about an act that would do nothing."""
    me = doer(frame)
    value = act.object
    if act.verb in ("pay", "give", "share") and isinstance(value, ast.NounPhrase):
        have = state.players[me].counters.get(counter_name(("gold",), game) or "gold", 0)
        if value.count is not None:
            return "fully" if have >= value.count else "partly" if have else "not"
        return "fully" if have else "not"
    if act.verb in ("destroy", "discard", "swap", "move", "pass") or (
            act.verb == "take" and name_of(act.object) is not None):
        if act.verb == "take":
            named = name_of(act.object)
            found = any(game.name(c) == named for p in state.players if p.seat != me
                        for c in p.active_cards())
            return "fully" if found else "not"
        return "fully" if _zone_cards(game, state, frame, act.object) else "not"
    return "fully"


# ------------------------------------------------------------------ swaps


def _swap(instruction: ActI) -> Any:
    """swap A for B: the two cards trade places (events or civilization)."""
    act = instruction.act
    other = role(act, "for")

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        me = doer(frame)
        loc = frame["loc"]
        if answer is not None and answer.kind == "card":
            loc.setdefault("picked", []).append(answer.params["card"])
        picked = loc.get("picked", [])
        firsts = _zone_cards(game, state, frame, act.object)
        if not firsts:
            return NEXT
        first = firsts[0]
        seconds = [c for c in _zone_cards(game, state, frame, other) if c != first]
        if not seconds:
            return NEXT
        if picked:
            second = picked[0]
        elif len(seconds) > 1:
            return _card_choice(game, me, seconds, f"Swap {game.name(first)} for which card?")
        else:
            second = seconds[0]
        _exchange_places(state, first, second)
        game.say(state, f"{game.name(first)} and {game.name(second)} change places.")
        return NEXT
    return handler


def _exchange_places(state: State, a: int, b: int) -> None:
    def place(copy: int) -> tuple[list, int] | None:
        for player in state.players:
            if copy in player.events:
                return player.events, player.events.index(copy)
            for pile in player.civilization:
                if copy in pile:
                    return pile, pile.index(copy)
        return None
    where_a, where_b = place(a), place(b)
    if where_a is None or where_b is None:
        return
    where_a[0][where_a[1]] = b
    where_b[0][where_b[1]] = a
    for player in state.players:
        if a in player.tilted:
            player.tilted.remove(a)
        if b in player.tilted:
            player.tilted.remove(b)


# ------------------------------------------------------------------ calamities failing


def _fail(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
          answer: Action | None) -> Result:
    """Each calamity that was in the events zone when the turn began and is still there fails,
    in the order the player chooses (AH-K1, AH-K4). A failing calamity is discarded as it
    strikes (AH-K3), so its own rules can pass it on or shuffle it back with the pile."""
    me = doer(frame)
    player = state.players[me]
    if answer is not None:
        copy = answer.params["card"]
    else:
        failing = [c for c in _zone_cards(game, state, frame, instruction.act.object)
                   if c in player.events]
        if not failing:
            return NEXT
        if len(failing) > 1:
            return _card_choice(game, me, failing, "Which calamity fails first?")
        copy = failing[0]
    started = player.flags.get("turn_start_events", [])
    player.flags["turn_start_events"] = [c for c in started if c != copy]
    player.events.remove(copy)
    state.discard.append(copy)
    game.say(state, f"{game.name(copy)} strikes {game.player_name(me)}.")
    game.note("fail", card=copy, seat=me)
    info = game.catalog.info(copy)
    if not info.triggers.get("failure"):
        return push(game.frame("empty", me, copy))
    return push(game.frame(f"card:{info.index}:failure:0", me, copy))
