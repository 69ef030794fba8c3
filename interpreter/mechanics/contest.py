"""Contests (game.yaml `contests:`, rules_dsl/contests.py): declaring them, each side preparing
and rolling, the outcome. Along History's war is one; no word here is its name: every frame
key, decision kind and log word is formed from the name the pack gives the contest.

The active player declares the first contest with unused faces whose action is `contest` (a
doubled face declares two) and anyone with a counter that `declares:` the contest may spend one
(AH-W2). Each side, attacker first, tilts cards for the contest's `tilt` bonuses, may use the
rules of the contest's event ("in war:"), rolls the contest's dice and re-rolls as many times as
its `rerolls` allows (AH-W3, AH-W4); modifiers are the cards' strength, attack and defence
rules. With `prize: token`, a higher attacker takes the defender's highest token worth at most
the difference (AH-W5). The rules of the contest's lost event run for the loser, those of its
lost-as-defender event too for a defender of a declared contest.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.contests import (
    Contest,
    contest_named,
    contests_of,
    declaring_counters,
    first_contest,
)
from rules_dsl.roles import CONTEST, DOUBLE, face_actions

from ..compile.meaning import Ctx, compile_value
from ..core.actions import Action, Decision
from ..core.card_state import is_face_down
from ..core.control import NEXT, Result, push, wait
from .dice import face_of

if TYPE_CHECKING:
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

MAX_TILT_OPTIONS = 64
TOKEN_PRIZE = "token"  # `prize: token`: the loser's best token the difference reaches
ATTACK, DEFENCE = "attack", "defence"  # the strength rules of one side only
# The steps a contest asks a player about; each decision's kind is the contest's name, then the
# step's word: "war" (declare), "war tilt", "war reroll".
DECLARE_STEP, TILT_STEP, REROLL_STEP = "", "tilt", "reroll"


def decision_kind(contest: Contest, step: str) -> str:
    return f"{contest.name} {step}" if step else contest.name


def contest_decision(game: Game, kind: str) -> tuple[Contest, str] | None:
    """The contest and step a decision's kind asks about, if it is a contest's."""
    for contest in contests_of(game.pack.game):
        for step in (DECLARE_STEP, TILT_STEP, REROLL_STEP):
            if kind == decision_kind(contest, step):
                return contest, step
    return None


def _ask(seat: int, kind: str, options: list[Action], prompt: str) -> Result:
    return wait(Decision(seat, kind, options, prompt))


def of_game(game: Game, name: str) -> Contest:
    """The contest the game declares by that name."""
    found = contest_named(game.pack.game, name)
    assert found is not None, name
    return found


def tilt_kind(contest: Contest) -> str | None:
    """The bonus a side may tilt cards for in the contest (its `tilt`)."""
    return contest.tilt


def contest_face(game: Game) -> str | None:
    """The name of the face whose action is `contest` (Along History's war face), if any."""
    return next((f for f, a in face_actions(game.pack.game).items() if a == CONTEST), None)


# ------------------------------------------------------------------ declaring


def _face_means(game: Game) -> str:
    return f"{contest_face(game)} face"


def _declaring_faces(game: Game, state: State, seat: int, contest: Contest) -> int:
    if seat != state.active or first_contest(game.pack.game) != contest:
        return 0
    faces = [(face_of(game, d), d) for d in state.dice if not d["used"]]
    declared = sum(d["times"] for f, d in faces if f.action == CONTEST)
    if declared:
        declared += sum(1 for f, _ in faces if f.action == DOUBLE)
    return declared


def _declaring_counters(game: Game, state: State, seat: int, contest: Contest) -> list[str]:
    return [
        name
        for name in declaring_counters(game.pack.game, contest.name)
        if state.players[seat].counters.get(name, 0)
    ]


def wage_handler(contest: Contest) -> Any:
    """ "wage your wars": declare and fight the contests the turn's faces and counters allow."""
    key = contest.name

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = int(frame.get("doer", frame["player"]))
        loc = frame["loc"]
        if "faces" not in loc:
            loc["faces"] = _declaring_faces(game, state, seat, contest)
        if key in loc:
            result = run_contest(game, state, contest, loc[key], answer)
            if result is not None:
                return result
            del loc[key]
            answer = None
        face = _face_means(game)
        if answer is not None and answer.kind == "declare":
            if answer.params["with"] == face:
                loc["faces"] -= 1
            else:
                state.players[seat].counters[answer.params["with"]] -= 1
            loc[key] = new_contest(game, state, contest, seat, answer.params["seat"], True)
            result = run_contest(game, state, contest, loc[key], None)
            if result is not None:
                return result
            del loc[key]
        means = [face] if loc["faces"] > 0 else []
        means += _declaring_counters(game, state, seat, contest)
        if not means:
            return NEXT
        options = [Action("stop", {}, f"declare no more {contest.plural}")]
        for other in state.players:
            if other.seat == seat:
                continue
            for way in means:
                options.append(
                    Action(
                        "declare",
                        {"seat": other.seat, "with": way},
                        f"declare {key} on {game.player_name(other.seat)} ({way})",
                    )
                )
        if answer is not None and answer.kind == "stop":
            return NEXT
        return _ask(
            seat, decision_kind(contest, DECLARE_STEP), options, contest.plural.capitalize()
        )

    return handler


def declare_handler(instruction: ActI, contest: Contest) -> Any:
    """ "declare a war on the attacker": a contest fought at once, which cannot be countered."""
    target = instruction.act.roles[0].value if instruction.act.roles else None
    key = contest.name

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = int(frame.get("doer", frame["player"]))
        loc = frame["loc"]
        if key not in loc:
            roles = frame.get("roles") or {}
            last = target.heads[-1] if isinstance(target, ast.NounPhrase) and target.heads else ()
            words = last if isinstance(last, tuple) else ()
            defender = roles.get(words[-1]) if words else None
            if defender is None:
                return NEXT
            game.say(
                state, f"{game.player_name(seat)} strikes back at {game.player_name(defender)}."
            )
            loc[key] = new_contest(game, state, contest, seat, defender, False)
            answer = None
        result = run_contest(game, state, contest, loc[key], answer)
        return NEXT if result is None else result

    return handler


def win_handler(instruction: ActI, contest: Contest) -> Any:
    """ "win the war by N": this side's strength is N and the other's 0, at once."""
    by = compile_value(instruction.act.roles[0].value) if instruction.act.roles else None

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = int(frame.get("doer", frame["player"]))
        fight = current_contest(state, contest)
        if fight is not None:
            amount = by(game.ctx(state, frame)) if by else 1
            fight["forced"] = {"winner": seat, "by": amount}
            game.say(
                state, f"{game.player_name(seat)} wins the {contest.name} at once, by {amount}."
            )
        return NEXT

    return handler


def current_contest(state: State, contest: Contest) -> dict[str, Any] | None:
    """The contest being fought (its facts, to change: kept in the frame that runs it)."""
    key = contest.name
    for index in range(len(state.frames) - 1, -1, -1):
        if state.frames[index].get("loc", {}).get(key) is not None:
            return state.own_frame(index)["loc"][key]
    return None


# ------------------------------------------------------------------ fighting


def new_contest(
    game: Game, state: State, contest: Contest, attacker: int, defender: int, counter: bool
) -> dict[str, Any]:
    game.say(
        state,
        f"{game.player_name(attacker)} declares {contest.name} on {game.player_name(defender)}.",
    )
    return {
        "attacker": attacker,
        "defender": defender,
        "counter": counter,
        "side": 0,
        "step": "tilt",
        "sides": [
            {"tilted": [], "dice": [], "rerolls": 0},
            {"tilted": [], "dice": [], "rerolls": 0},
        ],
        "triggers": None,
        "forced": None,
        "after": None,
    }


def _seat(fight: dict[str, Any], side: int) -> int:
    return fight["attacker"] if side == 0 else fight["defender"]


def _roles(fight: dict[str, Any], side: int) -> dict[str, int]:
    return {
        "attacker": fight["attacker"],
        "defender": fight["defender"],
        "opponent": _seat(fight, 1 - side),
    }


def run_contest(
    game: Game, state: State, contest: Contest, fight: dict[str, Any], answer: Action | None
) -> Result | None:
    """Advance a contest; a Result to wait or run rules, or None when it is over."""
    during = f"in {contest.name}"  # the step of its "in <contest>:" rules
    while True:
        if fight["forced"] is not None and fight["step"] not in ("outcome", "after", "done"):
            fight["step"] = "outcome"
        side = fight["side"]
        seat = _seat(fight, side)
        mine = fight["sides"][side]
        step = fight["step"]
        if step == "tilt":
            if answer is None:
                options = tilt_options(game, state, contest, seat)
                if len(options) > 1:
                    kind = decision_kind(contest, TILT_STEP)
                    return _ask(seat, kind, options, "Tilt cards for your side")
                answer = options[0]
            from .action_phase import tilt

            for copy in answer.params["cards"]:
                tilt(game, state, seat, copy)  # a gold bonus pays out too (AH-C8)
                mine["tilted"].append(copy)
            answer = None
            fight["step"] = during
            fight["triggers"] = game.triggers(state, seat, contest.during)
        elif step == during:
            if fight["triggers"]:
                key, copy = fight["triggers"].pop(0)
                frame = game.frame(key, seat, copy, _roles(fight, side))
                return push(frame)
            fight["step"] = "roll"
        elif step == "roll":
            mine["dice"] = _roll(game, state, contest)
            mine["rerolls"] = _rerolls(game, state, contest, seat) if mine["dice"] else 0
            fight["step"] = "reroll"
        elif step == "reroll":
            if answer is not None:
                if answer.kind == "keep":
                    mine["rerolls"] = 0
                else:
                    _reroll(game, state, contest, mine, answer.params["dice"])
                    mine["rerolls"] -= 1
                answer = None
            if mine["rerolls"] > 0:
                options = [Action("keep", {}, f"keep {mine['dice']}")]
                for size in range(1, len(mine["dice"]) + 1):
                    for chosen in combinations(range(len(mine["dice"])), size):
                        options.append(
                            Action(
                                "reroll",
                                {"dice": list(chosen)},
                                "re-roll " + ", ".join(str(mine["dice"][i]) for i in chosen),
                            )
                        )
                prompt = f"Your {contest.name} dice: {mine['dice']}"
                return _ask(seat, decision_kind(contest, REROLL_STEP), options, prompt)
            if side == 0:
                fight["side"] = 1
                fight["step"] = "tilt"
            else:
                fight["step"] = "outcome"
        elif step == "outcome":
            _outcome(game, state, contest, fight)
            fight["step"] = "after"
        elif step == "after":
            if fight["after"]:
                key, copy, seat_, roles = fight["after"].pop(0)
                return push(game.frame(key, seat_, copy, roles))
            fight["step"] = "done"
        else:
            return None


def tilt_options(game: Game, state: State, contest: Contest, seat: int) -> list[Action]:
    player = state.players[seat]
    kind = tilt_kind(contest)
    ready = [
        c
        for c in player.active_cards()
        if kind
        and c not in player.tilted
        and game.catalog.info(c).bonus[kind]
        and not is_face_down(state, c)  # a face-down card shows no bonus
    ]
    options = []
    for size in range(len(ready), -1, -1):
        for chosen in combinations(ready, size):
            total = sum(game.catalog.info(c).bonus[kind or ""] for c in chosen)
            names = ", ".join(game.name(c) for c in chosen) or "nothing"
            options.append(Action("tilt", {"cards": list(chosen)}, f"tilt {names} (+{total})"))
            if len(options) >= MAX_TILT_OPTIONS:
                return options
    return options


def contest_die(game: Game, contest: Contest) -> dict[str, Any]:
    """The spec of the die (game.yaml `dice:`) each side of the contest rolls; none for a
    contest without dice (the check reports a die the game does not declare)."""
    return (game.pack.game.get("dice") or {}).get(str(contest.dice)) or {"faces": [], "count": 0}


def _roll(game: Game, state: State, contest: Contest) -> list[int]:
    """Each side's dice; a contest without dice rolls none (strength alone decides)."""
    from .dice import parse_face

    spec = contest_die(game, contest)
    if not spec["faces"]:
        return []
    rng = state.random()
    values = [
        parse_face(spec["faces"][rng.randrange(len(spec["faces"]))]).amount
        for _ in range(int(spec.get("count", 1)))
    ]
    state.store_random(rng)
    return values


def _reroll(
    game: Game, state: State, contest: Contest, side: dict[str, Any], indexes: list[int]
) -> None:
    from .dice import parse_face

    spec = contest_die(game, contest)
    rng = state.random()
    for i in indexes:
        side["dice"][i] = parse_face(spec["faces"][rng.randrange(len(spec["faces"]))]).amount
    state.store_random(rng)


def _rerolls(game: Game, state: State, contest: Contest, seat: int) -> int:
    rerolls = game.formulas.rerolls.get(contest.name)
    return int(rerolls(Ctx(state, game.catalog, seat))) if rerolls else 0


def strength(game: Game, state: State, contest: Contest, fight: dict[str, Any], side: int) -> int:
    """Dice + tilted bonuses + the cards' strength rules: those of every contest and those of
    this side, attack or defence (AH-W3, AH-W6)."""
    seat = _seat(fight, side)
    other = _seat(fight, 1 - side)
    mine = fight["sides"][side]
    total = sum(mine["dice"])
    kind = tilt_kind(contest)
    if kind:
        total += sum(game.catalog.info(c).bonus[kind] for c in mine["tilted"])
    cancelled = {
        name
        for c in state.players[other].active_cards()
        for _, name in game.catalog.info(c).cancels
        if not is_face_down(state, c)  # a face-down card's rules do nothing
    }
    kinds = (contest.name, ATTACK if side == 0 else DEFENCE)  # a contest's strength, a side's
    for copy in state.players[seat].active_cards():
        info = game.catalog.info(copy)
        if info.name in cancelled or is_face_down(state, copy):
            continue
        ctx = Ctx(state, game.catalog, seat, copy, _roles(fight, side))
        for rule in info.strength:
            if rule.kind not in kinds or not rule.when(ctx):
                continue
            if rule.where is not None and copy not in rule.where.cards(ctx):
                continue  # "while in your retired:" holds only there
            total += rule.amount * (rule.per(ctx) if rule.per else 1)
    return total


def _outcome(game: Game, state: State, contest: Contest, fight: dict[str, Any]) -> None:
    attacker, defender = fight["attacker"], fight["defender"]
    forced = fight["forced"]
    if forced is not None:
        a, d = (forced["by"], 0) if forced["winner"] == attacker else (0, forced["by"])
    else:
        a = strength(game, state, contest, fight, 0)
        d = strength(game, state, contest, fight, 1)
    game.say(
        state,
        f"{contest.name.capitalize()}: {game.player_name(attacker)} {a} against"
        f" {game.player_name(defender)} {d}.",
    )
    if a > d:
        winner, loser = attacker, defender
        takes = contest.prize == TOKEN_PRIZE
        tokens = [t for t in state.players[defender].tokens if t <= a - d] if takes else []
        if tokens:  # `prize: token`: the loser's best token the difference reaches
            prize = max(tokens)
            state.players[defender].tokens.remove(prize)
            state.players[attacker].tokens.append(prize)
            game.say(state, f"{game.player_name(attacker)} takes the {prize} token.")
    else:
        winner, loser = defender, attacker
    game.note("contest", contest=contest.name, attacker=attacker, defender=defender, winner=winner)
    roles = {"attacker": attacker, "defender": defender, "winner": winner, "loser": loser}
    after = [
        [k, c, loser, {**roles, "opponent": winner}]
        for k, c in game.triggers(state, loser, contest.lost)
    ]
    if loser == defender and fight["counter"]:
        after += [
            [k, c, loser, {**roles, "opponent": winner}]
            for k, c in game.triggers(state, loser, contest.lost_defending)
        ]
    fight["after"] = after
