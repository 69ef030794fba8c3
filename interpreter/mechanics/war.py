"""Wars: declaring them, each side preparing and rolling, the outcome.

The active player declares with unused war faces (a doubled face declares two) and anyone with
a counter that `declares_war` may spend one (AH-W2). Each side, attacker first, tilts cards for
their population bonuses, may use "in war" rules, rolls the pack's war dice and re-rolls as many
times as the pack's `war.rerolls` allows (AH-W3, AH-W4); modifiers are the cards' war, attack and
defence rules. A higher attacker takes the defender's highest token worth at most the
difference (AH-W5). "when you lose a war" rules run for the loser, "... as defender" too.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from rules_dsl import ast

from ..compile.meaning import Ctx, compile_value
from ..core.actions import Action, Decision
from ..core.card_state import is_face_down
from ..core.control import NEXT, Result, push, wait
from .dice import face_of

if TYPE_CHECKING:
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

LOSE = "you lose a war"
LOSE_DEFENDING = "you lose a war as defender"
IN_WAR = "war"
MAX_TILT_OPTIONS = 64


def _ask(seat: int, kind: str, options: list[Action], prompt: str) -> Result:
    return wait(Decision(seat, kind, options, prompt))


# ------------------------------------------------------------------ declaring


def _war_faces(game: Game, state: State, seat: int) -> int:
    if seat != state.active:
        return 0
    faces = [(face_of(game, d), d) for d in state.dice if not d["used"]]
    wars = sum(d["times"] for f, d in faces if f.kind == "war")
    if wars:
        wars += sum(1 for f, _ in faces if f.kind == "x2")
    return wars


def _war_counters(game: Game, state: State, seat: int) -> list[str]:
    return [
        str(name)
        for name, spec in (game.pack.game.get("counters") or {}).items()
        if (spec or {}).get("declares_war") and state.players[seat].counters.get(name, 0)
    ]


def wage_handler(
    game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
) -> Result:
    seat = int(frame.get("doer", frame["player"]))
    loc = frame["loc"]
    if "faces" not in loc:
        loc["faces"] = _war_faces(game, state, seat)
    if "war" in loc:
        result = run_war(game, state, loc["war"], answer)
        if result is not None:
            return result
        del loc["war"]
        answer = None
    if answer is not None and answer.kind == "declare":
        if answer.params["with"] == "war face":
            loc["faces"] -= 1
        else:
            state.players[seat].counters[answer.params["with"]] -= 1
        loc["war"] = new_war(game, state, seat, answer.params["seat"], counter=True)
        result = run_war(game, state, loc["war"], None)
        if result is not None:
            return result
        del loc["war"]
    means = (["war face"] if loc["faces"] > 0 else []) + _war_counters(game, state, seat)
    if not means:
        return NEXT
    options = [Action("stop", {}, "declare no more wars")]
    for other in state.players:
        if other.seat == seat:
            continue
        for way in means:
            options.append(
                Action(
                    "declare",
                    {"seat": other.seat, "with": way},
                    f"declare war on {game.player_name(other.seat)} ({way})",
                )
            )
    if answer is not None and answer.kind == "stop":
        return NEXT
    return _ask(seat, "war", options, "Wars")


def declare_handler(instruction: ActI) -> Any:
    """ "declare a war on the attacker": a war fought at once, which cannot be countered."""
    target = instruction.act.roles[0].value if instruction.act.roles else None

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = int(frame.get("doer", frame["player"]))
        loc = frame["loc"]
        if "war" not in loc:
            roles = frame.get("roles") or {}
            last = target.heads[-1] if isinstance(target, ast.NounPhrase) and target.heads else ()
            words = last if isinstance(last, tuple) else ()
            defender = roles.get(words[-1]) if words else None
            if defender is None:
                return NEXT
            game.say(
                state, f"{game.player_name(seat)} strikes back at {game.player_name(defender)}."
            )
            loc["war"] = new_war(game, state, seat, defender, counter=False)
            answer = None
        result = run_war(game, state, loc["war"], answer)
        return NEXT if result is None else result

    return handler


def win_handler(instruction: ActI) -> Any:
    """ "win the war by N": this side's strength is N and the other's 0, at once."""
    by = compile_value(instruction.act.roles[0].value) if instruction.act.roles else None

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        seat = int(frame.get("doer", frame["player"]))
        war = current_war(state)
        if war is not None:
            amount = by(game.ctx(state, frame)) if by else 1
            war["forced"] = {"winner": seat, "by": amount}
            game.say(state, f"{game.player_name(seat)} wins the war at once, by {amount}.")
        return NEXT

    return handler


def current_war(state: State) -> dict[str, Any] | None:
    """The war being fought (its facts, to change: kept in the frame that runs it)."""
    for index in range(len(state.frames) - 1, -1, -1):
        if state.frames[index].get("loc", {}).get("war") is not None:
            return state.own_frame(index)["loc"]["war"]
    return None


# ------------------------------------------------------------------ fighting


def new_war(
    game: Game, state: State, attacker: int, defender: int, counter: bool
) -> dict[str, Any]:
    game.say(state, f"{game.player_name(attacker)} declares war on {game.player_name(defender)}.")
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


def _seat(war: dict[str, Any], side: int) -> int:
    return war["attacker"] if side == 0 else war["defender"]


def _roles(war: dict[str, Any], side: int) -> dict[str, int]:
    return {
        "attacker": war["attacker"],
        "defender": war["defender"],
        "opponent": _seat(war, 1 - side),
    }


def run_war(game: Game, state: State, war: dict[str, Any], answer: Action | None) -> Result | None:
    """Advance a war; a Result to wait or run rules, or None when it is over."""
    while True:
        if war["forced"] is not None and war["step"] not in ("outcome", "after", "done"):
            war["step"] = "outcome"
        side = war["side"]
        seat = _seat(war, side)
        mine = war["sides"][side]
        step = war["step"]
        if step == "tilt":
            if answer is None:
                options = _tilt_options(game, state, seat)
                if len(options) > 1:
                    return _ask(seat, "war tilt", options, "Tilt cards for your side")
                answer = options[0]
            from .action_phase import tilt

            for copy in answer.params["cards"]:
                tilt(game, state, seat, copy)  # a gold bonus pays out too (AH-C8)
                mine["tilted"].append(copy)
            answer = None
            war["step"] = "in war"
            war["triggers"] = game.triggers(state, seat, IN_WAR)
        elif step == "in war":
            if war["triggers"]:
                key, copy = war["triggers"].pop(0)
                frame = game.frame(key, seat, copy, _roles(war, side))
                return push(frame)
            war["step"] = "roll"
        elif step == "roll":
            mine["dice"] = _roll(game, state)
            mine["rerolls"] = _rerolls(game, state, seat)
            war["step"] = "reroll"
        elif step == "reroll":
            if answer is not None:
                if answer.kind == "keep":
                    mine["rerolls"] = 0
                else:
                    _reroll(game, state, mine, answer.params["dice"])
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
                return _ask(seat, "war reroll", options, f"Your war dice: {mine['dice']}")
            if side == 0:
                war["side"] = 1
                war["step"] = "tilt"
            else:
                war["step"] = "outcome"
        elif step == "outcome":
            _outcome(game, state, war)
            war["step"] = "after"
        elif step == "after":
            if war["after"]:
                key, copy, seat_, roles = war["after"].pop(0)
                return push(game.frame(key, seat_, copy, roles))
            war["step"] = "done"
        else:
            return None


def _tilt_kind(game: Game) -> str | None:
    """The bonus a side may tilt cards for in a war (the pack's `war: tilt`)."""
    return game.catalog.roles.war_tilt


def _tilt_options(game: Game, state: State, seat: int) -> list[Action]:
    player = state.players[seat]
    kind = _tilt_kind(game)
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


def _war_die(game: Game) -> tuple[str, dict]:
    war = game.pack.game.get("war") or {}
    name = str(war.get("dice"))
    return name, (game.pack.game.get("dice") or {})[name]


def _roll(game: Game, state: State) -> list[int]:
    from .dice import parse_face

    _name, spec = _war_die(game)
    rng = state.random()
    values = [
        parse_face(spec["faces"][rng.randrange(len(spec["faces"]))]).amount
        for _ in range(int(spec.get("count", 1)))
    ]
    state.store_random(rng)
    return values


def _reroll(game: Game, state: State, side: dict[str, Any], indexes: list[int]) -> None:
    from .dice import parse_face

    _, spec = _war_die(game)
    rng = state.random()
    for i in indexes:
        side["dice"][i] = parse_face(spec["faces"][rng.randrange(len(spec["faces"]))]).amount
    state.store_random(rng)


def _rerolls(game: Game, state: State, seat: int) -> int:
    rerolls = game.formulas.rerolls
    return int(rerolls(Ctx(state, game.catalog, seat))) if rerolls else 0


def strength(game: Game, state: State, war: dict[str, Any], side: int) -> int:
    """Dice + tilted population + the cards' war, attack or defence rules (AH-W3, AH-W6)."""
    seat = _seat(war, side)
    other = _seat(war, 1 - side)
    mine = war["sides"][side]
    total = sum(mine["dice"])
    kind = _tilt_kind(game)
    if kind:
        total += sum(game.catalog.info(c).bonus[kind] for c in mine["tilted"])
    cancelled = {
        name
        for c in state.players[other].active_cards()
        for _, name in game.catalog.info(c).cancels
        if not is_face_down(state, c)  # a face-down card's rules do nothing
    }
    kind = "attack" if side == 0 else "defence"
    for copy in state.players[seat].active_cards():
        info = game.catalog.info(copy)
        if info.name in cancelled or is_face_down(state, copy):
            continue
        ctx = Ctx(state, game.catalog, seat, copy, _roles(war, side))
        for rule in info.strength:
            if rule.kind not in ("war", kind) or not rule.when(ctx):
                continue
            if rule.where is not None and copy not in rule.where.cards(ctx):
                continue  # "while in your retired:" holds only there
            total += rule.amount * (rule.per(ctx) if rule.per else 1)
    return total


def _outcome(game: Game, state: State, war: dict[str, Any]) -> None:
    attacker, defender = war["attacker"], war["defender"]
    forced = war["forced"]
    if forced is not None:
        a, d = (forced["by"], 0) if forced["winner"] == attacker else (0, forced["by"])
    else:
        a, d = strength(game, state, war, 0), strength(game, state, war, 1)
    game.say(
        state, f"War: {game.player_name(attacker)} {a} against {game.player_name(defender)} {d}."
    )
    if a > d:
        winner, loser = attacker, defender
        takes = (game.pack.game.get("war") or {}).get("prize")
        tokens = [t for t in state.players[defender].tokens if t <= a - d] if takes else []
        if tokens:  # `war: prize: token`: the loser's best token the difference reaches
            prize = max(tokens)
            state.players[defender].tokens.remove(prize)
            state.players[attacker].tokens.append(prize)
            game.say(state, f"{game.player_name(attacker)} takes the {prize} token.")
    else:
        winner, loser = defender, attacker
    game.note("war", attacker=attacker, defender=defender, winner=winner)
    roles = {"attacker": attacker, "defender": defender, "winner": winner, "loser": loser}
    after = [
        [k, c, loser, {**roles, "opponent": winner}] for k, c in game.triggers(state, loser, LOSE)
    ]
    if loser == defender and war["counter"]:
        after += [
            [k, c, loser, {**roles, "opponent": winner}]
            for k, c in game.triggers(state, loser, LOSE_DEFENDING)
        ]
    war["after"] = after
