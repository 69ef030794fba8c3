"""Dice and result tokens: what the pack's dice are, rolling them, reading their faces.

A face is written in the pack as what it gives ("2 population", "culture", "3 gold") or as the
name of an action face, which game.yaml `face actions:` maps to one of the engine's die actions
(rules_dsl/roles.py FACE_ACTIONS: straighten, roll again, double, contest, nothing): Along
History's "golden age" straightens, its "x2" doubles. What a face gives is a name the pack
declares (a resource, or the money); what an action face does is the mechanic it names, so no
Python spells a face.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rules_dsl.roles import face_actions

if TYPE_CHECKING:
    from ..core.state import State
    from .game import Game


class Face:
    """What a die's face shows (a value: never changed; a plain class, so that the compiled
    core compares and hashes it natively). `action` is the engine's die action an action face
    does (rules_dsl/roles.py FACE_ACTIONS), "" for a face that gives what it names."""

    __slots__ = ("action", "amount", "is_action", "kind")

    def __init__(self, kind: str, amount: int = 1, action: str = "") -> None:
        self.kind = kind  # a resource, the money, or an action face's name
        self.amount = amount
        self.action = action
        self.is_action = bool(action)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Face) and self.kind == other.kind and self.amount == other.amount

    def __hash__(self) -> int:
        return hash((self.kind, self.amount))

    def __repr__(self) -> str:
        return f"Face(kind={self.kind!r}, amount={self.amount})"


def parse_face(text: str, actions: Mapping[str, str] | None = None) -> Face:
    """A face as written; `actions` is the pack's `face actions:` (see `face_actions`), without
    which no face is an action face."""
    text = text.strip()
    return _parse(text, (actions or {}).get(text, ""))


def pack_faces(game: dict[str, Any], die: str) -> list[Face]:
    """The faces of one die of a game file (`game`: the game.yaml mapping)."""
    actions = face_actions(game)
    return [parse_face(str(text), actions) for text in (game.get("dice") or {})[die]["faces"]]


@lru_cache(maxsize=1024)
def _parse(text: str, action: str) -> Face:
    if action:
        return Face(text, 0, action)
    match = re.fullmatch(r"(\d+)\s+(.+)", text)
    if match:
        return Face(match.group(2), int(match.group(1)))
    return Face(text, 1)


def dice_specs(game: Game, state: State) -> list[tuple[str, dict]]:
    """The dice in play this age (a die `from_age` joins from that age of the pack on)."""
    pack_ages = [a.id for a in game.pack.ages]
    current = pack_ages.index(game.ages[state.age])
    out = []
    for name, spec in (game.pack.game.get("dice") or {}).items():
        start = spec.get("from_age")
        if start is not None and start in pack_ages and pack_ages.index(start) > current:
            continue
        out.append((str(name), spec))
    return out


def face_of(game: Game, die: dict) -> Face:
    faces: dict[str, list[Face]] | None = game.caches.get("faces")
    if faces is None:  # each die's faces, read once per game
        faces = game.caches["faces"] = {
            str(name): pack_faces(game.pack.game, str(name))
            for name in game.pack.game.get("dice") or {}
        }
    return faces[die["die"]][die["face"]]


ROLLER = "roller"  # the mark of the player who rolled the dice, when not the active player


def roller(state: State) -> int:
    """Who rolled the turn's dice: the active player (Along History's, AH-T1), or the player
    whose turn rolled them in a game where each player rolls in their own turn."""
    seat = state.marks.get(ROLLER)
    return int(seat) if seat is not None else state.active


def roll_all(game: Game, state: State, seat: int | None = None) -> None:
    """Roll every die of the turn, for `seat` (the active player when None); the dice are
    that player's to use in their actions, the others get result tokens."""
    seat = state.active if seat is None else seat
    kinds = [(name, spec, int(spec.get("count", 1))) for name, spec in dice_specs(game, state)]
    _roll(game, state, seat, kinds)


def roll_some(game: Game, state: State, seat: int, die: str, count: int) -> None:
    """Roll `count` dice of one kind for `seat` ("roll 2 damage dice"): as `roll_all` does,
    they replace the dice just rolled, which rules count by face ("the number of coin dice")."""
    spec = (game.pack.game.get("dice") or {})[die]
    _roll(game, state, seat, [(die, spec, max(0, count))])


def _roll(game: Game, state: State, seat: int, kinds: list[tuple[str, dict, int]]) -> None:
    """Roll `count` dice of each (die, spec, count), in order, as `seat`'s dice."""
    if seat == state.active:  # the active player's: no mark (Along History's positions)
        state.marks.pop(ROLLER, None)
    else:
        state.marks[ROLLER] = seat
    rng = state.random()
    state.dice = []
    for name, spec, count in kinds:
        for _ in range(count):
            state.dice.append(
                {
                    "die": name,
                    "face": rng.randrange(len(spec["faces"])),
                    "used": False,
                    "times": 1,
                    "token": bool(spec.get("result_tokens")),
                }
            )
    state.store_random(rng)
    rolled = describe(game, state.dice) or "no dice"
    game.say(state, f"{game.player_name(seat)} rolls {rolled}.")


def reroll(game: Game, state: State, die: dict) -> None:
    rng = state.random()
    spec = (game.pack.game.get("dice") or {})[die["die"]]
    die["face"] = rng.randrange(len(spec["faces"]))
    die["times"] = 1
    state.store_random(rng)


def die_text(game: Game, die: dict) -> str:
    """A die as it reads: "2 population", "culture", "golden age", "3 gold x2". An amount of
    the counted resource or of money is always written, "1 population" too, except on a die
    whose faces are all plain names (a damage die's "coin" is a coin symbol, not 1 coin)."""
    face = face_of(game, die)
    text = face.kind if face.is_action or face.amount == 1 else f"{face.amount} {face.kind}"
    roles = game.catalog.roles
    if (
        face.amount == 1
        and face.kind in (roles.counted, roles.money)
        and die["die"] not in _plain_dice(game)
    ):
        text = f"1 {face.kind}"
    return text + (" x2" * (die["times"].bit_length() - 1) if die["times"] > 1 else "")


def _plain_dice(game: Game) -> frozenset[str]:
    """The dice none of whose faces is written with an amount (read once per game)."""
    plain: frozenset[str] | None = game.caches.get("plain dice")
    if plain is None:
        plain = game.caches["plain dice"] = frozenset(
            str(name)
            for name, spec in (game.pack.game.get("dice") or {}).items()
            if not any(str(text).strip()[:1].isdigit() for text in spec["faces"])
        )
    return plain


def describe(game: Game, dice: list[dict]) -> str:
    return ", ".join(die_text(game, d) for d in dice)


def gives_result_tokens(game: Game) -> bool:
    """Whether a die of the pack leaves result tokens (`result_tokens: true`): a game whose
    dice leave none (The Ancient World's damage dice) has no result tokens to show."""
    return any(spec.get("result_tokens") for spec in (game.pack.game.get("dice") or {}).values())


def result_tokens(state: State) -> list[dict]:
    """A fresh set of result tokens: the final faces of the dice that leave tokens (AH-T5)."""
    return [
        {"die": d["die"], "face": d["face"], "used": False, "times": 1, "token": True}
        for d in state.dice
        if d.get("token")
    ]
