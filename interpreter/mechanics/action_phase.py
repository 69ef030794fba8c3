"""The action phase: "take actions [until ...]".

The player who rolled the dice (the active player in Along History; in a game where each player
rolls in their own turn, that player) uses them, their action faces included; every other player
uses a fresh set of result tokens (AH-O1). In any order, as often as they can, the kinds of
action the pack declares (game.yaml `actions:`; every kind when it says nothing): acquire a card
of their events (a listed payment), buy one at its gold price, discard a discardable card, use a
die or token to re-roll another die or to exchange an events card, use an action face, take
what a money face shows, tilt a card for its money bonus. The money is the counter the pack
names (game.yaml `money`, gold in Along History); the log and the menu say it in the pack's
word. Acquired cards work at once (AH-C7): their "on acquire" rules run before the next choice.

A decision of the phase is shaped like a player's: a menu (acquire X, buy X, exchange with a
die, re-roll, tilt, end...), then for an acquisition how to pay and for an exchange which cards.
A card is on the menu only when some payment exists (decided exactly, `Purse.payable`); the
detail lists every minimal payment. `expand` lists the complete actions of a menu entry (the
flat listing scenarios and tests use) and `split` turns a complete action back into the menu
entry and its detail, so either may be played. The phase ends when the player passes, or when
its `until` condition holds (tested before each choice).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, Any

from rules_dsl.bounds import counter_bound, within_bound
from rules_dsl.roles import (
    DOUBLE,
    NOTHING,
    ROLL_AGAIN,
    STRAIGHTEN,
    action_key,
    engine_kinds,
    face_actions,
)
from rules_dsl.zones import HAND

from ..compile.meaning import Ctx
from ..compile.program import TestI, card_program
from ..core.actions import ACTION_MENU, Action, Decision
from ..core.card_state import is_face_down
from ..core.control import NEXT, Result, push, wait
from ..core.errors import RuleError
from . import costs, declared_actions
from .costs import decision_facts, discardable, gold_price, price
from .dice import face_of, reroll, result_tokens, roller
from .payments import Payment, Purse, Source

if TYPE_CHECKING:
    from ..compile.program import ActI
    from ..core.state import PlayerState, State
    from .game import Game

    Handler = Callable[..., Result]

START_EVENT = "the start of your actions"
ACQUIRE_EVENT = "acquire"
# The engine's kinds of action that saved games record, which are no pack's words: the kind
# that takes a money face, the parameter of a purchase that holds its price, the kind that
# straightens your cards with a face (saves/legacy_kinds.py reads the ids older saves wrote).
TAKE_MONEY = "take"
PRICE = "price"
STRAIGHTEN_KIND = "straighten"


@dataclass(frozen=True)
class TwoSteps:
    """A kind of action chosen in two steps: the menu entry names `head`, the detail (an
    action of kind `part`) gives `keys`; the decision of the detail is of kind `decision`."""

    head: tuple[str, ...]
    part: str
    keys: tuple[str, ...]
    decision: str
    prompt: str


TWO_STEPS = {
    "acquire": TwoSteps(
        ("card",), "pay", ("dice", "tilt", "archive", "counters"), "payment", "How to pay"
    ),
    "exchange": TwoSteps(
        ("die",), "swap", ("card", "seat", "with"), "exchange", "Which cards to exchange"
    ),
    "reroll": TwoSteps(("die",), "target", ("target",), "reroll", "Which die to {reroll}"),
    "reroll all": TwoSteps(("die",), "targets", ("targets",), "reroll", "Which dice to {reroll}"),
}


def reroll_words(game: Game) -> tuple[str, str]:
    """The verb of re-rolling as the menu and the log say it, and its third person: the name
    of the pack's face that rolls again (Along History's "re-roll", "re-rolls"), else the die
    action's own words."""
    words: tuple[str, str] | None = game.caches.get("reroll words")
    if words is None:
        face = next(
            (f for f, does in face_actions(game.pack.game).items() if does == ROLL_AGAIN), None
        )
        words = (face, face + "s") if face else (ROLL_AGAIN, "rolls again")
        game.caches["reroll words"] = words
    return words


def _partial(action: Action) -> TwoSteps | None:
    """How the action goes on when it is a menu entry still waiting for its detail."""
    steps = TWO_STEPS.get(action.kind)
    return steps if steps is not None and steps.keys[0] not in action.params else None


def build(until: Callable[[Ctx], bool] | None, once: bool = False) -> Handler:
    """The handler of "take actions [until <condition>]", with the condition compiled, or of
    "take an action" (`once`: the phase ends after one action, or a pass)."""

    def run(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        return handler(game, state, frame, instruction, answer, until, once)

    return run


def handler(
    game: Game,
    state: State,
    frame: dict[str, Any],
    instruction: ActI,
    answer: Action | None,
    until: Callable[[Ctx], bool] | None = None,
    once: bool = False,
) -> Result:
    seat = int(frame.get("doer", frame["player"]))
    loc = frame["loc"]
    if "pool" not in loc:
        rolled = seat == roller(state)  # the dice are the roller's; the others get tokens
        loc["pool"] = "dice" if rolled else "tokens"
        loc["tokens"] = [] if rolled else result_tokens(state)
        loc["checked"] = []
    due = _start_rule_due(game, state, seat, loc)
    if due is not None:  # "at the start of your actions" rules
        return push(due)
    if answer is None and "choosing" in loc:  # resumed while the detail is asked (a save)
        entry = Action(loc["choosing"]["kind"], loc["choosing"]["params"])
        if entry not in menu(game, state, seat, _pool(state, loc), loc["pool"] == "dice"):
            raise RuleError(
                f"the {entry.kind} whose detail is asked ({entry.params}) is not "
                "on the menu of this position"
            )
        return _ask_detail(game, state, seat, entry)
    if answer is not None:
        if answer.kind == "pass":
            _finish(game, state, seat, _pool(state, loc))
            state.players[seat].flags["passed"] = True
            return NEXT
        choosing = loc.pop("choosing", None)
        steps = _partial(answer)
        if choosing is not None:  # the detail of a menu entry
            answer = Action(choosing["kind"], {**choosing["params"], **answer.params})
        elif steps is not None:
            loc["choosing"] = {"kind": answer.kind, "params": answer.params}
            return _ask_detail(game, state, seat, answer)
        pushed = perform(game, state, seat, loc, answer)
        loc["acted"] = True
        if pushed:
            loc["after"] = pushed[1:]
            return push(pushed[0])
    while loc.get("after"):
        return push(loc["after"].pop(0))
    if once and loc.get("acted"):
        _finish(game, state, seat, _pool(state, loc))
        return NEXT
    due = _start_rule_due(game, state, seat, loc)
    if due is not None:  # checked again whenever the phase resumes
        return push(due)
    if until is not None and until(game.ctx(state, frame)):
        _finish(game, state, seat, _pool(state, loc))
        return NEXT
    options = menu(game, state, seat, _pool(state, loc), loc["pool"] == "dice")
    return wait(Decision(seat, ACTION_MENU, options, "Your actions", describe=ACTION_MENU))


def _start_rule_due(
    game: Game, state: State, seat: int, loc: dict[str, Any]
) -> dict[str, Any] | None:
    """The frame of the next "at the start of your actions" rule to run, if one is due.

    Such a rule is a check made whenever the phase starts or resumes (before each choice), on
    the doer's active cards of the moment: a card acquired in the middle of the phase is checked
    at once. A rule runs once for each card its opening condition finds ("if "X" is in your
    events: swap it ...": each copy of X in turn); a rule whose condition does not hold now
    waits for a later resume; a rule without a condition runs once in the phase."""
    if "checked" not in loc:  # a phase saved before rules were rechecked
        loc["checked"] = [
            [k, c, None]
            for k, c in game.triggers(state, seat, START_EVENT)
            if [k, c] not in loc.pop("triggers", [])
        ]
    checked = loc["checked"]
    for key, copy in game.triggers(state, seat, START_EVENT):
        frame = game.frame(key, seat, copy)
        found = _opening_check(game, state, frame)
        if found is False or [key, copy, found] in checked:
            continue
        checked.append([key, copy, found])
        if found is not None:
            frame["it"] = found
        return frame
    return None


def _opening_check(game: Game, state: State, frame: dict[str, Any]) -> int | bool | None:
    """What a rule's opening condition finds now: False when it does not hold (and the rule
    would do nothing), the card it names when it names one, else None."""
    program = game.programs[frame["prog"]]
    first = program[0] if program else None
    if not isinstance(first, TestI):
        return None
    ctx = game.ctx(state, frame)
    holds = first.cond(ctx) != first.jump_if
    if not holds and first.target >= len(program):
        return False
    it = ctx.it if holds else None
    return it if isinstance(it, int) and not isinstance(it, bool) else None


# The kinds of action a pack may declare (game.yaml `actions:`), as the phase names them;
# "<money>" stands for the pack's money ("take gold"). An action face is named by its face.
DECLARED = {
    "acquire": "acquire",
    "buy": "buy",
    "discard": "discard",
    "roll a die again": "reroll",
    "exchange": "exchange",
    "take <money>": TAKE_MONEY,
    "tilt for <money>": "tilt",
}
# The phase's kind of each die action a face may do from the menu.
FACE_KINDS = {STRAIGHTEN: STRAIGHTEN_KIND, ROLL_AGAIN: "reroll all", DOUBLE: "double"}


def declared(game: Game) -> frozenset[str]:
    """The engine's kinds of action the pack lists (every kind when it says nothing), worked
    out once per game (the menu asks at every choice)."""
    kinds: frozenset[str] | None = game.caches.get("engine kinds")
    if kinds is None:
        names = engine_kinds(game.pack.game.get("actions"))
        faces = tuple(sorted(face_actions(game.pack.game).items()))
        kinds = game.caches["engine kinds"] = _declared(names, game.catalog.roles.money, faces)
    return kinds


@lru_cache(maxsize=64)
def _declared(
    names: tuple[str, ...] | None, money: str | None, faces: tuple[tuple[str, str], ...]
) -> frozenset[str]:
    if names is None:
        return frozenset((*DECLARED.values(), *FACE_KINDS.values()))
    keys = [action_key(n, money) for n in names]
    does = dict(faces)
    return frozenset(
        [DECLARED[k] for k in keys if k in DECLARED]
        + [FACE_KINDS[does[n]] for n in names if does.get(n) in FACE_KINDS]
    )


def _ask_detail(game: Game, state: State, seat: int, entry: Action) -> Result:
    steps = TWO_STEPS[entry.kind]
    return wait(
        Decision(
            seat,
            steps.decision,
            detail(game, state, entry),
            steps.prompt.format(reroll=reroll_words(game)[0]),
            describe=ACTION_MENU,
        )
    )


def _pool(state: State, loc: dict[str, Any]) -> list[dict]:
    return state.dice if loc["pool"] == "dice" else loc["tokens"]


def _here(state: State) -> tuple[int, list[dict], dict[str, Any]]:
    """The seat, pool and locals of the action phase waiting for a decision."""
    frame = state.frames[-1]
    return int(frame.get("doer", frame["player"])), _pool(state, frame["loc"]), frame["loc"]


def waiting_pool(state: State) -> list[dict] | None:
    """The dice or result tokens of the action phase now under way, if any."""
    found = waiting_pool_of(state)
    return None if found is None else found[1]


def waiting_pool_of(state: State) -> tuple[int, list[dict]] | None:
    """The seat whose action phase is under way and its dice or result tokens, if any: off
    the active player's turn, the pool in use is that player's own result tokens."""
    for frame in state.frames[::-1]:
        loc = frame.get("loc") or {}
        if "pool" in loc:
            return int(frame.get("doer", frame["player"])), _pool(state, loc)
    return None


def acquire_triggers(game: Game, seat: int, copy: int) -> list[dict[str, Any]]:
    info = game.catalog.info(copy)
    return [
        game.frame(card_program(info.index, ACQUIRE_EVENT, n), seat, copy)
        for n in range(len(info.triggers.get(ACQUIRE_EVENT, [])))
    ]


# ------------------------------------------------------------------ what may be done


_KEPT: dict[int, tuple[Any, frozenset[int]]] = {}


def _kept(game: Game) -> frozenset[int]:
    """The copies that can never be exchanged (those with the keyword game.yaml names
    `never_exchanged`, Along History's non-transmissible), found once per catalogue."""
    catalog = game.catalog
    known = _KEPT.get(id(catalog))
    if known is None or known[0] is not catalog:
        if len(_KEPT) > 64:  # bounded: packs reloaded in a long session
            _KEPT.clear()
        word = catalog.roles.never_exchanged
        kept = frozenset(
            c
            for c in range(len(catalog.copies))
            if word is not None and word in catalog.info(c).keywords
        )
        known = _KEPT[id(catalog)] = (catalog, kept)
    return known[1]


def sources(
    game: Game, state: State, seat: int, pool: list[dict], facts: dict[Any, Any] | None = None
) -> list[Source]:
    """Everything that could pay a price now (`facts`: the position's memo, see costs.py)."""
    out: list[Source] = []
    made: dict[tuple, Source | None] | None = game.caches.get("die sources")
    if made is None or len(made) > 4096:  # bounded: few dice, few faces
        made = game.caches["die sources"] = {}
    for i, die in enumerate(pool):
        if die["used"]:
            continue
        key = (i, die["die"], die["face"], die["times"])
        if key not in made:  # a source is a value: one per die and face, shared
            face = face_of(game, die)
            made[key] = (
                None
                if face.is_action or face.kind == game.catalog.roles.money
                else Source("die", i, ((face.kind, face.amount * die["times"]),))
            )
        source = made[key]
        if source is not None:
            out.append(source)
    if facts is None or not costs.CACHE:
        return out + _held_sources(game, state, seat)
    held = facts.get(("sources", seat))
    if held is None:
        held = facts["sources", seat] = _held_sources(game, state, seat)
    return out + held


def _held_sources(game: Game, state: State, seat: int) -> list[Source]:
    """The player's own sources: cards to tilt, a card of the archive, counter units."""
    out: list[Source] = []
    player = state.players[seat]
    info = game.catalog.info
    money = game.catalog.roles.money
    down = state.cards  # a face-down card gives nothing (card states: ... face down)
    for copy in player.active_cards():
        if copy in player.tilted or (down and is_face_down(state, copy)):
            continue
        gives = _gives(info(copy), money)
        if gives:
            out.append(Source("card", copy, gives))
    if game.zones.archive >= 0 and not player.flags.get("archive_used"):
        for copy in player.zones[game.zones.archive]:
            gives = _gives(info(copy), money)
            if gives:
                out.append(Source("archive", copy, gives))
    for name, spec in (game.pack.game.get("counters") or {}).items():
        pays = (spec or {}).get("pays")
        if not pays:
            continue
        choices = tuple(_amounts(text) for text in pays)
        for _ in range(player.counters.get(name, 0)):
            out.append(Source("counter", str(name), (), choices))
    return out


_GIVES: dict[int, tuple[Any, tuple]] = {}


def _gives(info: Any, money: str | None) -> tuple[tuple[str, int], ...]:
    """What a card's bonus pays (its money aside: that is taken when tilted), worked out once
    per card (`money` is its catalogue's, the same for every call with this card)."""
    known = _GIVES.get(id(info))
    if known is None or known[0] is not info:
        if len(_GIVES) > 20_000:  # bounded: packs reloaded in a long session
            _GIVES.clear()
        gives = tuple(sorted((k, n) for k, n in info.bonus.items() if k != money and n))
        known = _GIVES[id(info)] = (info, gives)
    return known[1]


@lru_cache(maxsize=256)
def _amounts(text: str) -> tuple[tuple[str, int], ...]:
    from .dice import parse_face

    face = parse_face(text)
    return ((face.kind, face.amount),)


# The die actions that doubling leaves as they are: a doubled face does what it did.
UNDOUBLED = frozenset({STRAIGHTEN, ROLL_AGAIN, NOTHING})


def menu(game: Game, state: State, seat: int, pool: list[dict], active: bool) -> list[Action]:
    """The menu of the phase, as kinds and parameters (`describe` writes the sentences): an
    acquisition or an exchange is one entry, its detail asked next."""
    player = state.players[seat]
    kinds = declared(game)
    roles = game.catalog.roles
    money = roles.money
    options = [Action("pass", {})]
    facts = decision_facts()
    purse = (
        Purse(sources(game, state, seat, pool, facts), roles.counted)
        if "acquire" in kinds
        else None
    )
    for copy in player.zones[game.zones.hand] if game.zones.hand >= 0 else ():
        if purse is not None:
            cost = price(game, state, seat, copy, facts)
            if cost.free:
                options.append(Action("acquire", {"card": copy, **Payment().to_params()}))
            elif purse.payable(cost.amount, cost.resources):
                options.append(Action("acquire", {"card": copy}))
        gold = gold_price(game, state, seat, copy, facts) if "buy" in kinds else None
        if gold is not None and money is not None and player.counters.get(money, 0) >= gold:
            options.append(Action("buy", {"card": copy, PRICE: gold}))
        if "discard" in kinds and discardable(game, state, seat, copy, facts):
            options.append(Action("discard", {"card": copy}))
    free_dice = [i for i, d in enumerate(pool) if not d["used"]]
    # dice showing the same face are interchangeable: offer each kind of die once
    distinct: dict[tuple, int] = {}
    for i in free_dice:
        distinct.setdefault(_alike(game, pool[i]), i)
    spendable = sorted(distinct.values())
    mine, theirs = _exchangeable(game, state, seat) if "exchange" in kinds else ([], [])
    for i in spendable:
        if active and len(free_dice) > 1 and "reroll" in kinds:
            options.append(Action("reroll", {"die": i}))
        if mine and theirs and "exchange" in kinds:
            options.append(Action("exchange", {"die": i}))
        face = face_of(game, pool[i])
        if face.kind == money and TAKE_MONEY in kinds:
            options.append(Action(TAKE_MONEY, {"die": i}))
        does = face.action
        if active and does == STRAIGHTEN and player.tilted and STRAIGHTEN_KIND in kinds:
            options.append(Action(STRAIGHTEN_KIND, {"die": i}))
        if active and does == ROLL_AGAIN and len(free_dice) > 1 and "reroll all" in kinds:
            options.append(Action("reroll all", {"die": i}))
        if active and does == DOUBLE and "double" in kinds:
            for spent in spendable:
                j = spent if spent != i else _twin(game, pool, free_dice, i)
                target = face_of(game, pool[j]) if j is not None else None
                if target is not None and target.action not in UNDOUBLED:
                    options.append(Action("double", {"die": i, "target": j}))
    if "tilt" in kinds and money is not None:
        for copy in player.active_cards():
            if copy in player.tilted or (state.cards and is_face_down(state, copy)):
                continue
            if game.catalog.info(copy).bonus[money]:
                options.append(Action("tilt", {"card": copy}))
    if game.pack.actions:  # the pack's own kinds of action
        options += declared_actions.offers(game, state, seat)
    return options


def _exchangeable(game: Game, state: State, seat: int) -> tuple[list[int], list[tuple[int, int]]]:
    kept = _kept(game)
    hand = game.zones.hand
    mine = [c for c in state.players[seat].zones[hand] if c not in kept]
    theirs = [
        (p.seat, c) for p in state.players if p.seat != seat for c in p.zones[hand] if c not in kept
    ]
    return mine, theirs


def detail(game: Game, state: State, entry: Action) -> list[Action]:
    """The second step of a menu entry of the phase waiting now."""
    seat, pool, _ = _here(state)
    return _detail(game, state, seat, pool, entry)


def legal(game: Game, state: State, seat: int, pool: list[dict], active: bool) -> list[Action]:
    """Every complete action of the phase (the menu with each entry's details)."""
    out: list[Action] = []
    for entry in menu(game, state, seat, pool, active):
        if _partial(entry) is None:
            out.append(entry)
        else:
            out += [
                Action(entry.kind, {**entry.params, **part.params})
                for part in _detail(game, state, seat, pool, entry)
            ]
    return out


def _detail(game: Game, state: State, seat: int, pool: list[dict], entry: Action) -> list[Action]:
    """The second step of a menu entry: every way to pay for the card, every pair of cards
    the die may exchange, every die (or choice of dice) it may re-roll."""
    kind = entry.kind
    if kind == "acquire":
        facts = decision_facts()
        cost = price(game, state, seat, entry.params["card"], facts)
        purse = Purse(sources(game, state, seat, pool, facts), game.catalog.roles.counted)
        return [
            Action("pay", pay.to_params()) for pay in purse.payments(cost.amount, cost.resources)
        ]
    if kind == "exchange":
        mine, theirs = _exchangeable(game, state, seat)
        return [
            Action("swap", {"card": m, "seat": other, "with": t})
            for m in mine
            for other, t in theirs
        ]
    i = entry.params["die"]
    free_dice = [j for j, d in enumerate(pool) if not d["used"]]
    if kind == "reroll all":
        return [
            Action("targets", {"targets": chosen})
            for chosen in _subsets(game, pool, [j for j in free_dice if j != i])
        ]
    distinct: dict[tuple, int] = {}
    for j in free_dice:
        distinct.setdefault(_alike(game, pool[j]), j)
    out = []
    for j in sorted(distinct.values()):
        target = j if j != i else _twin(game, pool, free_dice, i)
        if target is not None:
            out.append(Action("target", {"target": target}))
    return out


def expand(game: Game, state: State, entry: Action) -> list[Action]:
    """The complete actions of one menu entry (itself when it needs no detail)."""
    if state.pending is None or state.pending["kind"] != ACTION_MENU or _partial(entry) is None:
        return [entry]
    return [
        Action(entry.kind, {**entry.params, **part.params}, describe=entry._describe)
        for part in detail(game, state, entry)
    ]


def split(action: Action) -> tuple[Action, Action] | None:
    """A complete action chosen in two steps, as its menu entry and its detail."""
    steps = TWO_STEPS.get(action.kind)
    p = action.params
    if steps is None or not all(k in p for k in (*steps.head, *steps.keys)):
        return None
    return (
        Action(action.kind, {k: p[k] for k in steps.head}),
        Action(steps.part, {k: p[k] for k in steps.keys}),
    )


def describe(game: Game, state: State, action: Action) -> str:
    """The sentence of an action of the phase, for the position it is offered in."""
    seat, pool, _ = _here(state)
    p = action.params
    kind = action.kind
    label = _die_label(game, pool, p["die"]) if "die" in p else ""
    if kind == "pass":
        return "end your actions"
    if kind == declared_actions.DO:
        return declared_actions.describe(game, state, action, seat)
    if kind == "pay":
        return "pay with " + _describe(game, pool, _payment(p))
    if kind == "swap":
        return (
            f"exchange {game.name(p['card'])} for {game.name(p['with'])} of "
            f"{game.player_name(p['seat'])}"
        )
    again = reroll_words(game)[0]
    if kind == "target":
        return f"{again} {_die_label(game, pool, p['target'])}"
    if kind == "targets":
        return f"{again} " + ", ".join(_die_label(game, pool, j) for j in p["targets"])
    if kind == "reroll" and "target" not in p:
        return f"discard {label} to {again} a die (then choose which)"
    if kind == "reroll all" and "targets" not in p:
        return f"use {label}: {again} dice (then choose which)"
    if kind == "acquire":
        name = game.name(p["card"])
        if price(game, state, seat, p["card"]).free:
            return f"acquire {name} for free"
        if _partial(action):
            return f"acquire {name} (then choose how to pay)"
        return f"acquire {name} paying {_describe(game, pool, _payment(p))}"
    money = game.catalog.roles.money
    if kind == "buy":
        return f"buy {game.name(p['card'])} for {p[PRICE]} {money}"
    if kind == "discard":
        return f"discard {game.name(p['card'])} from your {game.zones.name(HAND)}"
    if kind == "reroll":
        return f"discard {label} to {again} {_die_label(game, pool, p['target'])}"
    if kind == "exchange" and _partial(action):
        return (
            f"discard {label} to exchange a card of your {game.zones.name(HAND)} "
            "(then choose which)"
        )
    if kind == "exchange":
        return (
            f"discard {label} to exchange {game.name(p['card'])} for "
            f"{game.name(p['with'])} of {game.player_name(p['seat'])}"
        )
    if kind == TAKE_MONEY:
        amount = face_of(game, pool[p["die"]]).amount * pool[p["die"]]["times"]
        return f"take {amount} {money} from {label}"
    if kind == STRAIGHTEN_KIND:
        return f"use {label}: straighten your cards"
    if kind == "reroll all":
        return f"use {label}: {again} " + ", ".join(_die_label(game, pool, j) for j in p["targets"])
    if kind == "double":
        return f"use {label} to double {_die_label(game, pool, p['target'])}"
    if kind == "tilt":
        amount = game.catalog.info(p["card"]).bonus[money or ""]
        return f"tilt {game.name(p['card'])} for {amount} {money}"
    return f"{kind} {p}"


def _payment(p: dict[str, Any]) -> Payment:
    return Payment(p["dice"], p["tilt"], p["archive"], [tuple(c) for c in p["counters"]])


# The engine finds the phase's helpers by the decision's `describe` key.
DESCRIBERS = {ACTION_MENU: describe}
EXPANDERS = {ACTION_MENU: expand}
SPLITTERS = {ACTION_MENU: split}


def _alike(game: Game, die: dict) -> tuple:
    """Dice that are alike: the same die showing the same result (faces 1 and 2 of a green
    die both read "1 population")."""
    return (die["die"], face_of(game, die), die["times"])


def _subsets(game: Game, pool: list[dict], dice: list[int]) -> list[list[int]]:
    """Every non-empty choice of dice to re-roll, alike dice counted rather than told apart."""
    groups: dict[tuple, list[int]] = {}
    for j in dice:
        groups.setdefault(_alike(game, pool[j]), []).append(j)
    out = []
    for counts in product(*(range(len(g) + 1) for g in groups.values())):
        chosen = [j for n, g in zip(counts, groups.values(), strict=True) for j in g[:n]]
        if chosen:
            out.append(sorted(chosen))
    return out


def _twin(game: Game, pool: list[dict], free: list[int], i: int) -> int | None:
    """Another free die alike to die i, if there is one."""
    key = _alike(game, pool[i])
    return next((j for j in free if j != i and _alike(game, pool[j]) == key), None)


def _die_label(game: Game, pool: list[dict], i: int) -> str:
    from .dice import die_text

    return f"{pool[i]['die']} {die_text(game, pool[i])}"


def _describe(game: Game, pool: list[dict], pay: Payment) -> str:
    parts = [_die_label(game, pool, i) for i in pay.dice]
    parts += [f"tilting {game.name(c)}" for c in pay.cards]
    if pay.archive is not None:
        parts.append(f"{game.zones.name('archive')} {game.name(pay.archive)}")
    parts += [f"{name} as {what}" for name, what in pay.counters]
    return ", ".join(parts) or "nothing"


# ------------------------------------------------------------------ doing it


def perform(
    game: Game, state: State, seat: int, loc: dict[str, Any], action: Action
) -> list[dict[str, Any]]:
    """Carry out one action of the phase; return the frames of rules it sets off."""
    from .dice import die_text

    if action.kind == declared_actions.DO:
        return declared_actions.perform(game, state, seat, action)
    pool = _pool(state, loc)
    player = state.players[seat]
    p = action.params
    who = game.player_name(seat)
    if action.kind in ("acquire", "buy"):
        copy = p["card"]
        if action.kind == "buy":
            player.counters[str(game.catalog.roles.money)] -= p[PRICE]
        else:
            for i in p["dice"]:
                pool[i]["used"] = True
            for c in p["tilt"]:
                tilt(game, state, seat, c)
            if p["archive"] is not None:
                player.zones[game.zones.archive].remove(p["archive"])
                player.flags["archive_used"] = True
            for name, _ in p["counters"]:
                player.counters[name] -= 1
            if p["dice"] or p["tilt"] or p["archive"] is not None or p["counters"]:
                player.flags["paid_acquisition"] = True
        player.zones[game.zones.hand].remove(copy)
        player.tableau.append([copy])
        player.flags["acquired"] = True
        game.say(
            state, f"{who} {'buys' if action.kind == 'buy' else 'acquires'} {game.name(copy)}."
        )
        return acquire_triggers(game, seat, copy)
    if action.kind == "discard":
        player.zones[game.zones.hand].remove(p["card"])
        state.zones[game.zones.discard].append(p["card"])
        hand = game.zones.name(HAND)
        game.say(state, f"{who} discards {game.name(p['card'])} from their {hand}.")
        return []
    die = pool[p["die"]] if "die" in p else None
    if die is not None:
        die["used"] = True
    if action.kind == "reroll":
        reroll(game, state, pool[p["target"]])
        rolls = reroll_words(game)[1]
        game.say(state, f"{who} {rolls} a die: {die_text(game, pool[p['target']])}.")
    elif action.kind == "reroll all":
        for j in p["targets"]:
            reroll(game, state, pool[j])
        game.say(state, f"{who} {reroll_words(game)[1]} {len(p['targets'])} dice.")
    elif action.kind == "exchange":
        other = state.players[p["seat"]]
        mine, theirs = p["card"], p["with"]
        held, other_held = player.zones[game.zones.hand], other.zones[game.zones.hand]
        held[held.index(mine)] = theirs
        other_held[other_held.index(theirs)] = mine
        game.say(
            state,
            f"{who} exchanges {game.name(mine)} for {game.name(theirs)} of "
            f"{game.player_name(p['seat'])}.",
        )
    elif action.kind == TAKE_MONEY:
        assert die is not None
        money = str(game.catalog.roles.money)
        amount = _add_money(game, player, money, face_of(game, die).amount * die["times"])
        game.say(state, f"{who} takes {amount} {money}.")
    elif action.kind == STRAIGHTEN_KIND:
        assert die is not None
        player.tilted = []
        game.say(state, f"{who} straightens their cards ({face_of(game, die).kind}).")
    elif action.kind == "double":
        assert die is not None
        pool[p["target"]]["times"] *= 2 * die["times"]  # a doubled x2 quadruples (AH-D6)
        game.say(state, f"{who} doubles a die: {die_text(game, pool[p['target']])}.")
    elif action.kind == "tilt":
        tilt(game, state, seat, p["card"])
    return []


def tilt(game: Game, state: State, seat: int, copy: int) -> None:
    """Tilt a card for its bonus; its money symbols pay out at once (AH-C8)."""
    player = state.players[seat]
    player.tilted.append(copy)
    money = game.catalog.roles.money
    amount = game.catalog.info(copy).bonus[money] if money is not None else 0
    if money is not None and amount:
        amount = _add_money(game, player, money, amount)
        game.say(state, f"{game.player_name(seat)} tilts {game.name(copy)} for {amount} {money}.")


def _add_money(game: Game, player: PlayerState, money: str, amount: int) -> int:
    """Money taken from a die or a tilted card, within the counter's bound (a position beyond
    it could not be saved); returns what was really added."""
    before = player.counters.get(money, 0)
    player.counters[money] = within_bound(
        before + amount, counter_bound(game.pack.game.get("counters"), money)
    )
    return player.counters[money] - before


def _finish(game: Game, state: State, seat: int, pool: list[dict]) -> None:
    """Passing: a money face not used for an action still gives its money (AH-D4)."""
    money = game.catalog.roles.money
    if money is None or TAKE_MONEY not in declared(game):
        return
    player = state.players[seat]
    for die in pool:
        if die["used"]:
            continue
        face = face_of(game, die)
        if face.kind == money:
            die["used"] = True
            amount = _add_money(game, player, money, face.amount * die["times"])
            game.say(state, f"{game.player_name(seat)} takes {amount} {money}.")
