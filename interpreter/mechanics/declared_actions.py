"""The kinds of action a pack declares (game.yaml `actions:`, read by rules_dsl/actions.py).

Each is compiled once, when the game loads: the card phrase it is done to (`choose`), the
condition that must hold (`if`), what it costs from the doer's counters (`cost`), and its steps
(`does`, a program named "action:<name>"). A phase that takes actions offers it once for each
card `choose` means now (once when it chooses nothing) whose condition holds and whose cost the
doer has; doing it pays the cost and runs the steps with "it" the chosen card, then the chosen
card's own rules that start with the action's `event` ("when you place a citizen on this card").

An offer is `Action("do", {"action": name, "card": copy})` (no "card" when nothing is chosen):
one kind for every declared action, so a pack's action names never meet the engine's own kinds.
An action whose cost reads "the card vacated" (an upgrade) must start with a step `move one of
your <piece>s from <card> onto it`; it is offered once per card the piece may leave, the offer's
"from" that card, which the cost reads and the move step then takes the piece from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.actions import HOLDER
from rules_dsl.pools import Pool, pools
from rules_dsl.vocabulary import VACATED

from ..compile.meaning import Ctx, Lexicon, compile_condition, compile_value
from ..compile.program import ActI, ChoiceI, card_program
from ..compile.selectors import CardSelector, card_selector
from ..compile.stored_value import value as stored_value
from ..core.actions import Action
from ..core.card_state import is_face_down
from ..core.control import NEXT, Result, push
from ..core.errors import RuleError, cannot
from . import stored
from .piece_moves import LEFT, SOURCES
from .piece_verbs import PLACEABLE

if TYPE_CHECKING:
    from rules_dsl.actions import ActionSpec

    from ..core.state import State
    from .game import Game

DO = "do"  # the kind of every offer of a declared action
TAKES_ACTION = "takes action"  # an act's data: it takes a declared action (action_steps.py)
HOLDERS = "holders:"  # the prefix of the program of an action's "when you <action>:" rules
QUEUE, DONE = "holder rules", "holder rules done"  # that program's frame: the rules, how many ran
PROGRAM = "action:"  # the prefix of the program of a declared action's steps
ITS_COST = ("its", "cost")

# A cost as the doer would pay it now: (counter, amount) pairs.
Cost = Callable[[Ctx], list[tuple[str, int]]]


@dataclass(frozen=True)
class Declared:
    """A declared kind of action, compiled."""

    name: str
    choose: CardSelector | None
    condition: Callable[[Ctx], bool] | None
    cost: Cost | None
    event: str | None  # the pack's event it sets off on the chosen card
    vacates: Any = None  # the cost's node that reads "the card vacated", if it does

    @property
    def program(self) -> str:
        return PROGRAM + self.name


def compile_action(spec: ActionSpec, lex: Lexicon, changed: bool = False) -> Declared:
    """Compile the phrases of one declared action (its steps are compiled as a program by the
    engine); a phrase the interpreter cannot honour is a RuleError at its node. `changed`: some
    card's ability changes its cost (`_changed_cost`)."""
    choose = None
    if spec.choose is not None:
        if not isinstance(spec.choose, ast.NounPhrase):
            raise cannot(
                spec.choose, 'choose names a card: "a card in <zone>", "the top card of <zone>"'
            )
        choose = card_selector(spec.choose, lex)
        if choose.many:
            raise cannot(spec.choose, 'an action is done to one card: "a card in ..."')
    condition = compile_condition(spec.condition, lex) if spec.condition is not None else None
    vacates = _vacated(spec.cost) if spec.cost is not None else None
    if vacates is not None:
        lex = replace(lex, vacated=True)
    cost = _compile_cost(spec.cost, lex, choose is not None) if spec.cost is not None else None
    if changed:
        cost = _changed_cost(spec.name, cost)
    return Declared(spec.name, choose, condition, cost, spec.event, vacates)


def _vacated(cost: ast.Cost) -> Any:
    """The node of a cost that reads "the card vacated", or None."""
    for node in ast.walk(cost):
        if (
            isinstance(node, ast.NounPhrase)
            and node.determiner == "the"
            and node.heads == (VACATED,)
            and not node.tails
        ):
            return node
    return None


def first_sources(declared: Declared, program: list[Any]) -> Callable[..., list[int]]:
    """The cards the first step of an action whose cost reads "the card vacated" may take
    the piece from (its program compiled): that step must be a move (piece_moves.py)."""
    first = program[0] if program else None
    found = first.data.get(SOURCES) if isinstance(first, ActI) else None
    if found is None:
        raise cannot(
            declared.vacates,
            '"the card vacated" is the card the action\'s first step takes a piece from: '
            'start its steps with "move one of your <piece>s from <card> onto it"',
        )
    return found


def _sources(game: Game, declared: Declared) -> Callable[..., list[int]]:
    return first_sources(declared, game.programs.get(declared.program) or [])


def _changed_cost(name: str, base: Cost | None) -> Cost:
    """The cost as the doer pays it: the base, changed by the abilities of the doer's active
    cards that name the action ('"increase population" costs 1 less food', "it" the card the
    action is done to, "this card" the card of the ability), never below 0 in a counter; more
    of a counter the base does not hold adds it."""

    def due(ctx: Ctx) -> list[tuple[str, int]]:
        out = base(ctx) if base is not None else []
        cards = ctx.catalog.changes_cost_of.get(name, frozenset())
        deltas: dict[str, int] = {}
        holders = ctx.state.players[ctx.player].active_cards()
        if ctx.card is not None and ctx.card not in holders:
            holders = [*holders, ctx.card]  # a step of this card's rules takes the action
        for copy in holders:
            info = ctx.catalog.info(copy)
            if info.index not in cards or (ctx.state.cards and is_face_down(ctx.state, copy)):
                continue
            own = Ctx(ctx.state, ctx.catalog, ctx.player, copy, None, ctx.it, None)
            for rule in info.action_costs:
                if rule.action == name and rule.when(own):
                    times = rule.per(own) if rule.per is not None else 1
                    deltas[rule.counter] = deltas.get(rule.counter, 0) + rule.delta * times
        if not deltas:
            return out
        changed: list[tuple[str, int]] = []
        for counter, n in out:
            delta = deltas.pop(counter, 0)
            changed.append((counter, max(0, n + delta)))
            if n + delta < 0:  # what is left of a reduction goes on the counter's next amount
                deltas[counter] = n + delta
        changed += [(counter, delta) for counter, delta in deltas.items() if delta > 0]
        return changed

    return due


def _compile_cost(cost: ast.Cost, lex: Lexicon, chosen: bool) -> Cost:
    """Amounts of counters, X (the cost's `where`) and "its cost" (the chosen card's)."""
    x = compile_value(cost.x, lex) if cost.x is not None else None
    fixed: list[tuple[str, int | None]] = []  # None: X
    its_cost = False
    for amount in cost.amounts:
        if amount.words == ITS_COST and amount.count is None:
            if not chosen:
                raise cannot(amount, '"its cost" is the cost of the chosen card: add choose:')
            its_cost = True
            continue
        counter = lex.counter(amount.words)
        kept = lex.stored_resource(amount.words)
        if counter is None and kept is not None:
            counter = kept.name
        if counter is None:
            raise RuleError(
                f'"{" ".join(amount.words)}" is not a counter: an action\'s cost is paid '
                f"from counters ({', '.join(lex.counters) or 'none declared'})",
                amount,
            )
        if amount.count == "X" and x is None:
            raise cannot(amount, 'X needs "where X is ..." at the end of the cost')
        fixed.append((counter, None if amount.count == "X" else int(amount.count or 1)))

    def due(ctx: Ctx) -> list[tuple[str, int]]:
        out = [(c, n if n is not None else x(ctx) if x else 0) for c, n in fixed]
        if its_cost and isinstance(ctx.it, int):
            out += card_cost(ctx, ctx.it)
        return out

    return due


def card_cost(ctx: Ctx, copy: int) -> list[tuple[str, int]]:
    """A card's cost as counters: each symbol from the counter of its name."""
    info = ctx.catalog.info(copy)
    counted = ctx.catalog.roles.counted
    out = [(kind, n) for kind, n in sorted(info.resources.items()) if n]
    amount = (
        info.amount if info.amount is not None else (info.amount_x(ctx) if info.amount_x else 0)
    )
    if counted is not None and amount:
        out.append((counted, amount))
    return out


def compile_all(game: Game) -> list[Declared]:
    changers = game.catalog.changes_cost_of
    out = [compile_action(spec, game.lexicon, spec.name in changers) for spec in game.pack.actions]
    found = pools(game.pack.game)
    if not found:
        return out
    return [_pooled(declared, [p for p in found if declared.name in p.actions]) for declared in out]


def _pooled(declared: Declared, found: list[Pool]) -> Declared:
    """The action with its cost paid first from the pools that name it (rules_dsl/pools.py):
    of each pool's `spent_as` amount, as much as the pool holds is asked of the pool instead."""
    if not found or declared.cost is None:
        return declared
    base = declared.cost

    def due(ctx: Ctx) -> list[tuple[str, int]]:
        out = base(ctx)
        held = ctx.state.players[ctx.player].counters
        for pool in found:
            left = held.get(pool.name, 0)
            changed: list[tuple[str, int]] = []
            for counter, n in out:
                if counter == pool.spent_as and left > 0 and n > 0:
                    part = min(left, n)
                    left -= part
                    n -= part
                    changed.append((pool.name, part))  # said and paid before the rest
                changed.append((counter, n))
            out = changed
        return out

    return replace(declared, cost=due)


def check_steps(game: Game) -> None:
    """Once the steps are compiled: an action whose cost reads "the card vacated" starts
    with a move (a located error when the game loads, never in play)."""
    for declared in _declared(game):
        if declared.vacates is not None:
            _sources(game, declared)


def _declared(game: Game) -> list[Declared]:
    found: list[Declared] | None = game.caches.get("declared actions")
    if found is None:
        found = game.caches["declared actions"] = compile_all(game)
    return found


def find(game: Game, name: str) -> Declared:
    return _find(game, name)


def _find(game: Game, name: str) -> Declared:
    for declared in _declared(game):
        if declared.name == name:
            return declared
    raise RuleError(f'the game declares no action "{name}"')


def _ctx(game: Game, state: State, seat: int, card: int | None, left: int | None = None) -> Ctx:
    return Ctx(state, game.catalog, seat, None, None, card, None, left=left)


def payable(game: Game, state: State, seat: int, due: list[tuple[str, int]]) -> bool:
    """Whether the doer has the whole of a cost: counters, and resources kept as tokens on
    cards (`stored:`, worth what their tokens are)."""
    counters = state.players[seat].counters
    total: dict[str, int] = {}
    for name, n in due:
        total[name] = total.get(name, 0) + n
    kept = {s.name: s for s in game.lexicon.stored}
    return all(
        (
            stored_value(state, game.catalog, seat, kept[name])
            if name in kept
            else counters.get(name, 0)
        )
        >= n
        for name, n in total.items()
    )


def pay_due(game: Game, state: State, seat: int, due: list[tuple[str, int]]) -> None:
    """Pay a cost the doer has (`payable`): counters go down, stored tokens go to the bank."""
    counters = state.players[seat].counters
    kept = {s.name: s for s in game.lexicon.stored}
    for name, n in due:
        if name in kept:
            stored.pay(state, game.catalog, seat, kept[name], n)
        else:
            counters[name] = counters.get(name, 0) - n


def offers(game: Game, state: State, seat: int) -> list[Action]:
    """Every declared action `seat` may take now, one per card it may be done to."""
    return [a for declared in _declared(game) for a, _ in _offers_of(game, state, seat, declared)]


def _offers_of(
    game: Game, state: State, seat: int, declared: Declared, this: int | None = None
) -> list[tuple[Action, list[tuple[str, int]]]]:
    """The offers of one declared action, each with the cost it would be paid at; `this`: the
    card whose rules take the action (its own cost changes hold too)."""
    out = []
    ctx = Ctx(state, game.catalog, seat, this, None, None, None)
    cards: list[int | None] = (
        list(declared.choose.select(ctx)) if declared.choose is not None else [None]
    )
    for card in cards:
        here = Ctx(state, game.catalog, seat, this, None, card, None) if card is not None else ctx
        if declared.condition is not None and not declared.condition(here):
            continue
        if not _can_place(game, state, seat, declared, card):
            continue
        if card is not None and not _event_can(game, state, seat, declared, card):
            continue
        lefts: list[int | None] = [None]
        if declared.vacates is not None and card is not None:
            frame = game.frame(declared.program, seat)
            frame["it"] = card
            lefts = list(_sources(game, declared)(game, state, frame, card))
        for left in lefts:
            if left is not None:
                here = Ctx(state, game.catalog, seat, this, None, card, None, left=left)
            due = declared.cost(here) if declared.cost is not None else []
            if due and not payable(game, state, seat, due):
                continue
            params: dict[str, Any] = {"action": declared.name}
            if card is not None:
                params["card"] = card
            if left is not None:
                params[LEFT] = left
            out.append((Action(DO, params), due))
    return out


def step_offers(
    game: Game, state: State, seat: int, name: str, this: int | None
) -> list[tuple[Action, list[tuple[str, int]]]]:
    """The offers of the declared action `name` to a step of `this` card's rules, each with
    its sentence and the cost it would be paid at (mechanics/action_steps.py)."""
    declared = _find(game, name)
    return [
        (Action(a.kind, a.params, _sentence(game, declared, a.params, due)), due)
        for a, due in _offers_of(game, state, seat, declared, this)
    ]


def _can_place(game: Game, state: State, seat: int, declared: Declared, card: int | None) -> bool:
    """An action is offered only where its first step can do something now: a placement
    (piece_verbs.py) on a card where one of the doer's pieces may go (a placement bumping
    makes unpayable is none), a step on cards some card is there for, a part of the turn
    whose own first step can ("play "attack"")."""
    program = game.programs.get(declared.program) or []
    first = program[0] if program else None
    if not isinstance(first, ActI):
        return True
    can = first.data.get(PLACEABLE) or first.data.get("can")
    if can is None:
        return True
    frame = game.frame(declared.program, seat)
    frame["it"] = card
    return bool(can(game, state, frame) != "not")


def _event_can(game: Game, state: State, seat: int, declared: Declared, card: int) -> bool:
    """An action that sets off the chosen card's own rules (`event:`) is not offered where the
    first step of one of them can do nothing now: an action card whose rule starts 'take
    "increase population"' is not played by a player who cannot increase their population
    (a choice of such steps: where none of its options can)."""
    if declared.event is None:
        return True
    found = game.catalog.info(card).triggers.get(declared.event, [])
    for n in range(len(found)):
        program = game.programs.get(card_program(game.catalog.info(card).index, declared.event, n))
        first = program[0] if program else None
        if not isinstance(first, ActI):
            continue
        frame = game.frame(
            card_program(game.catalog.info(card).index, declared.event, n), seat, card
        )
        options = first.options if isinstance(first, ChoiceI) else [first]
        if first.may or not all(o.data.get(TAKES_ACTION) for o in options):
            continue  # only a step that takes an action decides (action_steps.py)
        if all(o.data["can"](game, state, frame) == "not" for o in options):
            return False
    return True


def perform(game: Game, state: State, seat: int, action: Action) -> list[dict[str, Any]]:
    """Pay the action's cost and return the frames of its steps, then of the chosen card's
    rules that start with the action's event, then of the doer's cards' "when you <action>:"."""
    declared = _find(game, action.params["action"])
    card: int | None = action.params.get("card")
    left: int | None = action.params.get(LEFT)
    paid = declared.cost(_ctx(game, state, seat, card, left)) if declared.cost is not None else []
    return paid_frames(game, state, seat, declared, card, paid, left)


def paid_frames(
    game: Game,
    state: State,
    seat: int,
    declared: Declared,
    card: int | None,
    paid: list[tuple[str, int]],
    left: int | None = None,
) -> list[dict[str, Any]]:
    """Pay `paid` for the action and return its frames (perform's, and a step's that takes
    the action: mechanics/action_steps.py); `left`: the card vacated, chosen with the offer."""
    pay_due(game, state, seat, paid)
    params = {"card": card, LEFT: left}
    game.say(state, f"{game.player_name(seat)}: {_sentence(game, declared, params, paid)}.")
    frame = game.frame(declared.program, seat)
    if left is not None:
        frame[LEFT] = left
    if card is None:
        return [frame, *_holders(game, state, seat, declared, card)]
    frame["it"] = card
    info = game.catalog.info(card)
    event = declared.event
    down = bool(state.cards) and is_face_down(state, card)  # its rules do nothing face down
    runs = []
    if event is not None and not down:
        runs = [
            game.frame(card_program(info.index, event, n), seat, card)
            for n in range(len(info.triggers.get(event, [])))
        ]
    return [frame, *runs, *_holders(game, state, seat, declared, card)]


def _holders(
    game: Game, state: State, seat: int, declared: Declared, card: int | None
) -> list[dict[str, Any]]:
    """The frame that runs, after the action's steps and the chosen card's own rules, the
    rules "when you <the action's name>:" of the doer's active cards (none where no card of the
    pack has such a rule, so a pack without them plays the very frames it did)."""
    program = HOLDERS + declared.name
    if program not in game.programs:
        return []
    frame = game.frame(program, seat)
    frame["it"] = card
    return [frame]


def holder_programs(game: Game) -> dict[str, list[Any]]:
    """A one-step program for each declared action some card has a rule "when you <its
    name>:" on: it finds the doer's active cards with such rules when it runs (after the
    action's steps: a card the steps put into play is among them, one they took away is not)
    and runs each, "this card" the card and "it" the card the action was done to."""
    used = {event for info in game.catalog.cards for event in info.triggers}
    out: dict[str, list[Any]] = {}
    for spec in game.pack.actions:
        event = HOLDER + spec.name
        if event in used:
            act = ast.Act(None, "trigger")
            handler = _holders_handler(event)
            says = f'the rules "when {event}:" of your active cards'
            out[HOLDERS + spec.name] = [ActI(act, data={"handler": handler, "says": says})]
    return out


def _holders_handler(event: str) -> Callable[..., Result]:
    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        loc = frame["loc"]
        if QUEUE not in loc:  # found once, when the action's steps are done; kept: plain data
            loc[QUEUE] = game.triggers(state, int(frame["player"]), event)
            loc[DONE] = 0
        queue: list[list[Any]] = loc[QUEUE]
        if loc[DONE] >= len(queue):
            return NEXT
        program, copy = queue[loc[DONE]]
        loc[DONE] += 1
        rule = game.frame(str(program), int(frame["player"]), int(copy))
        rule["it"] = frame.get("it")
        return push(rule)

    return handler


def describe(game: Game, state: State, action: Action, seat: int) -> str:
    """The menu's sentence of an offer: its name, the card, what it costs now."""
    declared = _find(game, action.params["action"])
    card: int | None = action.params.get("card")
    left = action.params.get(LEFT)
    due = declared.cost(_ctx(game, state, seat, card, left)) if declared.cost is not None else []
    return _sentence(game, declared, action.params, due)


def _sentence(game: Game, declared: Declared, params: dict[str, Any], paid: list) -> str:
    card, left = params.get("card"), params.get(LEFT)
    text = declared.name + (f": {game.name(card)}" if card is not None else "")
    if left is not None:
        text += f" (from {game.name(left)})"
    spent = ", ".join(f"{n} {name}" for name, n in paid if n)
    return text + (f" (paying {spent})" if spent else "")
