"""What each verb of the rules language does: one handler per verb, chosen when a game loads.

A handler reads its act's object and roles (noun phrases compiled once by `prepare_act`), does
the work on the state, and returns what the engine does next: go on, wait for a decision, run
another program first. Handlers are generic mechanics — zones, counters, cards moving — and
never look at a card's name except to find the card a rule names.

Who does an act: its subject ("each opponent pays ..."), else the player the rule speaks for.
In an act with a subject, "their" is the subject's and "you" the rule's player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.printer import act as act_text
from rules_dsl.vocabulary import singular

from .actions import Action, Decision
from .control import NEXT, Result, push, wait
from .errors import RuleError
from .meaning import card_filter, compile_value, players_of
from .program import ActI, ChoiceI

if TYPE_CHECKING:
    from .engine import Game
    from .state import State

Handler = Callable[..., Result]
HANDLERS: dict[str, Callable[[ActI], Handler]] = {}


def verb(*names: str) -> Callable[[Callable[[ActI], Handler]], Callable[[ActI], Handler]]:
    """Register the builder of a verb's handler."""
    def register(builder: Callable[[ActI], Handler]) -> Callable[[ActI], Handler]:
        for name in names:
            HANDLERS[name] = builder
        return builder
    return register


def prepare_act(game: Game, instruction: ActI) -> None:
    """Compile an act once: find its verb's handler and everything it needs."""
    if isinstance(instruction, ChoiceI):
        for option in instruction.options:
            prepare_act(game, option)
        handler = _choice(instruction)
        subject = instruction.act.subject
        if subject is not None and not (isinstance(subject, ast.Pronoun)
                                        and subject.word == "you"):
            handler = each_doer(subject, handler)
        instruction.data["handler"] = handler
        return
    builder = HANDLERS.get(instruction.act.verb)
    if builder is None:
        raise RuleError(f'the interpreter cannot "{instruction.act.verb}" yet', instruction.act)
    handler = builder(instruction)
    if instruction.may and instruction.act.verb not in OWN_DECLINE:
        handler = optionally(handler)
    subject = instruction.act.subject
    if subject is not None and not (isinstance(subject, ast.Pronoun) and subject.word == "you"):
        handler = each_doer(subject, handler)
    instruction.data["handler"] = handler


# ------------------------------------------------------------------ shared pieces


def words_of(np: Any) -> tuple[str, ...]:
    if isinstance(np, ast.NounPhrase) and np.heads and isinstance(np.heads[-1], tuple):
        return tuple(singular(w) for w in np.heads[-1])
    return ()


def name_of(np: Any) -> str | None:
    if isinstance(np, ast.NounPhrase) and np.heads and isinstance(np.heads[0], ast.CardName):
        return np.heads[0].name
    return None


def role(act: ast.Act, preposition: str) -> Any:
    return next((r.value for r in act.roles if r.preposition == preposition), None)


def doer(frame: dict[str, Any]) -> int:
    return int(frame.get("doer", frame["player"]))


def choose(player: int, kind: str, options: list[Action], prompt: str = "") -> Decision:
    return Decision(player, kind, options, prompt)


def each_doer(subject: Any, inner: Handler) -> Handler:
    """Run `inner` once for each player the subject names, asking for a choice if it is one."""
    seats, mode = players_of(subject)

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        loc = frame["loc"]
        if "doers" not in loc:
            candidates = seats(game.ctx(state, frame))
            if mode == "choose" and len(candidates) > 1:
                if answer is None:
                    return wait(choose(frame["player"], "player", [
                        Action("player", {"seat": s}, game.player_name(s)) for s in candidates
                    ], f"Which player: {act_text(instruction.act)}?"))
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


def remove_card(state: State, copy: int) -> tuple[int, str] | None:
    """Take a copy out of wherever it is; return (seat, zone) or None for shared zones.

    Removing the top of a pile leaves the cards under it active again (AH-K8)."""
    for player in state.players:
        if copy in player.events:
            player.events.remove(copy)
            return player.seat, "events"
        if copy in player.legacy:
            player.legacy.remove(copy)
            return player.seat, "legacy"
        for i, pile in enumerate(player.civilization):
            if copy in pile:
                pile.remove(copy)
                if copy in player.tilted:
                    player.tilted.remove(copy)
                rest = pile
                player.civilization[i:i + 1] = [[c] for c in rest]
                return player.seat, "civilization"
    for zone in (state.deck, state.discard):
        if copy in zone:
            zone.remove(copy)
    return None


def destroy(game: Game, state: State, copy: int) -> None:
    where = remove_card(state, copy)
    state.discard.append(copy)
    whose = f" of {game.player_name(where[0])}" if where else ""
    game.say(state, f"{game.name(copy)}{whose} is destroyed.")
    game.note("destroy", card=copy, frames=state.frames)


def gain_counter(game: Game, state: State, seat: int, counter: str, amount: int) -> int:
    """Add to a player's counter within its limit; return what was really added."""
    spec = (game.pack.game.get("counters") or {}).get(counter) or {}
    player = state.players[seat]
    before = player.counters.get(counter, 0)
    after = max(0, before + amount)
    if spec.get("max") is not None:
        after = min(after, int(spec["max"]))
    player.counters[counter] = after
    return after - before


def counter_name(words: tuple[str, ...], game: Game) -> str | None:
    text = " ".join(words)
    counters = game.pack.game.get("counters") or {}
    for name in counters:
        if text in (name, singular(name)) or singular(text) == singular(name):
            return str(name)
    return None


# verbs whose own decision already offers to decline ("you may advance ...": stay)
OWN_DECLINE = {"advance"}


def optionally(inner: Handler) -> Handler:
    """"you may <act>": ask first, then do it or not."""
    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        from .effects import can_do
        loc = frame["loc"]
        if "may" not in loc:
            if can_do(game, state, frame, instruction.act) == "not":
                return NEXT         # nothing it could do: no question
            if answer is None:
                return wait_choice(doer(frame), [
                    Action("may", {"do": True}, act_text(instruction.act)),
                    Action("may", {"do": False}, "decline")])
            loc["may"] = bool(answer.params["do"])
            answer = None
        if not loc["may"]:
            return NEXT
        return inner(game, state, frame, instruction, answer)
    return handler


def _choice(instruction: ChoiceI) -> Handler:
    """Ask the doer which option to take (only options it can carry out in full), then do it."""
    def handler(game: Game, state: State, frame: dict[str, Any], instruction_: ActI,
                answer: Action | None) -> Result:
        from .effects import can_do
        loc = frame["loc"]
        seat = doer(frame)
        if "option" not in loc:
            if answer is None:
                how = [can_do(game, state, frame, o.act) for o in instruction.options]
                possible = ([i for i, h in enumerate(how) if h == "fully"]
                            or [i for i, h in enumerate(how) if h == "partly"]
                            or [len(instruction.options) - 1])
                if len(possible) > 1:
                    return wait_choice(seat, [
                        Action("option", {"index": i}, act_text(instruction.options[i].act))
                        for i in possible])
                loc["option"] = possible[0]
            else:
                loc["option"] = answer.params["index"]
                answer = None
        option = instruction.options[loc["option"]]
        return option.data["handler"](game, state, frame, option, answer)
    return handler


def wait_choice(seat: int, options: list[Action]) -> Result:
    return wait(Decision(seat, "choose", options, "Choose one"))


# ------------------------------------------------------------------ the turn's verbs


@verb("play")
def _play(instruction: ActI) -> Handler:
    phase = name_of(instruction.act.object)
    if phase is None:
        raise RuleError('play what? name a phase in quotes: play "active turn"', instruction.act)

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        loc = frame["loc"]
        if loc.get("pushed"):
            if loc.pop("turn", False):
                from .ages import end_of_turn
                end_of_turn(game, state)
            return NEXT
        seat = doer(frame)
        player = state.players[seat]
        loc["pushed"] = True
        if player.marks.get("skip_turns", 0) > 0:
            player.marks["skip_turns"] -= 1
            game.say(state, f"{game.player_name(seat)} skips this turn.")
            return NEXT
        player.flags = {"turn_start_events": list(player.events)}
        loc["turn"] = True
        key = f"phase:{phase}"
        if key not in game.programs:
            raise RuleError(f'there is no phase "{phase}"', instruction.act)
        return push(game.frame(key, seat))
    return handler


@verb("straighten")
def _straighten(instruction: ActI) -> Handler:
    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        state.players[doer(frame)].tilted = []
        return NEXT
    return handler


@verb("roll")
def _roll(instruction: ActI) -> Handler:
    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        from .dice import roll_all
        roll_all(game, state)
        return NEXT
    return handler


@verb("refill")
def _refill(instruction: ActI) -> Handler:
    target = compile_value(role(instruction.act, "to") or ast.Int(3))

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        seat = doer(frame)
        player = state.players[seat]
        want = target(game.ctx(state, frame))
        drawn = []
        while len(player.events) < want and state.deck:
            copy = state.deck.pop()
            player.events.append(copy)
            drawn.append(game.name(copy))
            if not state.deck:
                state.marks["age_over"] = "the last card of the deck was drawn"
        if drawn:
            game.say(state, f"{game.player_name(seat)} draws {', '.join(drawn)}.")
        return NEXT
    return handler


@verb("gain")
def _gain(instruction: ActI) -> Handler:
    np = instruction.act.object
    words = words_of(np)
    amount = compile_value(role(instruction.act, "equal to")) if role(
        instruction.act, "equal to") is not None else None
    count = np.count if isinstance(np, ast.NounPhrase) and np.count is not None else 1

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        counter = counter_name(words, game)
        if counter is None:
            raise RuleError(f'gain what? "{" ".join(words)}" is not a counter', instruction.act)
        n = amount(game.ctx(state, frame)) if amount else count
        seat = doer(frame)
        got = gain_counter(game, state, seat, counter, n)
        if got:
            game.say(state, f"{game.player_name(seat)} gains {got} {counter}.")
        return NEXT
    return handler


@verb("lose")
def _lose(instruction: ActI) -> Handler:
    np = instruction.act.object
    up = isinstance(np, ast.Rounded) and np.direction == "up"
    if isinstance(np, ast.Rounded):
        np = np.value
    words = words_of(np)

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        counter = counter_name(words, game)
        if counter is None:
            raise RuleError(f'lose what? "{" ".join(words)}" is not a counter', instruction.act)
        seat = doer(frame)
        have = state.players[seat].counters.get(counter, 0)
        if np.determiner == "all":
            n = have
        elif np.determiner == "half of":
            n = (have + 1) // 2 if up else have // 2
        else:
            n = np.count if np.count is not None else 1
        gain_counter(game, state, seat, counter, -n)
        game.say(state, f"{game.player_name(seat)} loses {min(n, have)} {counter}.")
        return NEXT
    return handler


@verb("skip")
def _skip(instruction: ActI) -> Handler:
    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        seat = doer(frame)
        marks = state.players[seat].marks
        marks["skip_turns"] = marks.get("skip_turns", 0) + 1
        game.say(state, f"{game.player_name(seat)} will skip their next turn.")
        return NEXT
    return handler


@verb("shuffle")
def _shuffle(instruction: ActI) -> Handler:
    source = words_of(instruction.act.object)
    into = role(instruction.act, "into")

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        if into is not None and source == ("discard", "pile"):
            state.deck.extend(state.discard)
            state.discard = []
            game.say(state, "The discard pile is shuffled into the deck.")
        rng = state.random()
        rng.shuffle(state.deck)
        state.store_random(rng)
        return NEXT
    return handler


@verb("put")
def _put(instruction: ActI) -> Handler:
    """put each <kind of> card of the age into the deck (an age's setup)."""
    test = card_filter(words_of(instruction.act.object), instruction.act)

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        from .ages import age_id
        ctx = game.ctx(state, frame)
        placed = set(state.deck)
        for copy in game.catalog.copies_of_age(age_id(game, state)):
            if copy not in placed and test(ctx, copy):
                state.deck.append(copy)
        return NEXT
    return handler


@verb("draw")
def _draw(instruction: ActI) -> Handler:
    np = instruction.act.object
    count = np.count if isinstance(np, ast.NounPhrase) and np.count else 1

    def handler(game: Game, state: State, frame: dict[str, Any], instruction: ActI,
                answer: Action | None) -> Result:
        player = state.players[doer(frame)]
        for _ in range(count):
            if state.deck:
                player.events.append(state.deck.pop())
        return NEXT
    return handler


@verb("take", "fail", "wage", "advance", "destroy", "discard", "pass", "pay", "give", "share",
      "swap", "move", "win", "declare")
def _delegated(instruction: ActI) -> Handler:
    from . import effects
    return effects.build(instruction)
