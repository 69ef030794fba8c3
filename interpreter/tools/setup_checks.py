"""Whether a pack can be set up and played at all, checked by playing its setup.

`agesmith validate` adds these to the language's checks:
- every die face is something the game declares: a resource, the money (game.yaml `money`),
  or an action face (game.yaml `face actions:`, each one of the engine's die actions), or a
  name that gives nothing and that a rule counts the dice by ("the number of titan dice");
  `strenght` or `banana` would give nothing in play;
- each age's setup deals every player's events zone for the largest player count as fully as
  for the smallest (an age with too few cards deals the last players short);
- no age ends as soon as it is dealt: the pack's `age_end` condition must not already hold,
  or the age would end in its first turn, before every player has played;
- no age ends during its first round: each age is dealt for the most players and its first
  round played with random choices on a few fixed seeds; an `age_end` condition that holds
  before the round is over (the rest of the round is not played) is reported with the seed
  that showed it. Sampling can miss a rare way to end early; what it finds is real.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from rules_dsl.diagnostics import Diagnostic, did_you_mean
from rules_dsl.dice_events import faces_read
from rules_dsl.pack import Pack
from rules_dsl.roles import face_actions
from rules_dsl.zones import HAND

from ..compile.meaning import Ctx
from ..core.errors import PackError, RuleError, RuleLoopError
from ..core.state import PlayerState, State
from ..engine.game import Game
from ..mechanics.ages import missing_round_phase
from ..mechanics.dice import parse_face


def check_setup(pack: Pack) -> list[Diagnostic]:
    """Every reason `pack` cannot be set up or played as written, located."""
    missing = missing_round_phase(pack)
    out = die_faces(pack) + ([missing] if missing is not None else [])
    if out:
        return out
    try:
        game = Game.load(pack)
    except (PackError, RuleError):
        return []  # reported by the other checks
    return dealing(game) + early_end(game) or first_round_end(game) or sample_rounds(game)


def die_faces(pack: Pack) -> list[Diagnostic]:
    """A face that is neither a resource, the money (the one counter a die gives: the action
    phase's "take"), nor an action face."""
    counters = [str(c) for c in pack.game.get("counters") or {}]
    gives = [
        *(str(r) for r in pack.game.get("resources") or []),
        *(c for c in counters if c == pack.money),
    ]
    acting = list(face_actions(pack.game))  # the action faces (game.yaml `face actions:`)
    allowed = [*gives, *acting]
    read = faces_read(pack)  # a face a rule counts by ("coin dice") may give nothing itself
    out = []
    for name, spec in (pack.game.get("dice") or {}).items():
        faces = spec.get("faces") if isinstance(spec, dict) else None
        for i, text in enumerate(faces if isinstance(faces, list) else []):
            face = parse_face(str(text))
            if face.kind in allowed or face.kind in read:
                continue
            doc, path = pack.place("dice", name, "faces", i)
            what = (
                "a counter no die can give (of the counters, a die gives only the money: "
                "game.yaml money)"
                if face.kind in counters
                else "nothing the game declares"
            )
            out.append(
                doc.diagnostic(
                    path,
                    f'the {name} die has a face "{text}": {what}',
                    code="die-face",
                    hint=did_you_mean(face.kind, [*allowed, *read])
                    or f"a face gives one of {', '.join(gives)}, or is one of "
                    f"{', '.join(acting) or 'none'} (face actions:), or is a name a rule reads "
                    f'("the number of {face.kind} dice")',
                )
            )
    return out


def _dealt(game: Game, players: int, age: int) -> State:
    """The state right after the setup of age number `age` (in the ages played)."""
    from ..mechanics.ages import start_age

    state = game.new(players=players, seed=0, start=False)
    if age:
        state.age = age
        start_age(game, state, first=True)
    game.run(state, stop=lambda frame, _: frame["prog"] == game.catalog.round_program)
    return state


def _limits(game: Game) -> tuple[int, int]:
    limits = game.pack.game.get("players") or {}
    return int(limits.get("min", 1)), int(limits.get("max", limits.get("min", 1)))


def _held(player: PlayerState, hand: int) -> int:
    return len(player.zones[hand]) if hand >= 0 else 0


def dealing(game: Game) -> list[Diagnostic]:
    """An age whose setup deals the hands of the most players short."""
    fewest, most = _limits(game)
    out = []
    for index, age in enumerate(game.pack.ages):
        try:
            hand = game.zones.hand  # a game with no hand deals none: nothing falls short
            full = [
                len(p.zones[hand]) if hand >= 0 else 0 for p in _dealt(game, fewest, index).players
            ]
            dealt = [
                len(p.zones[hand]) if hand >= 0 else 0 for p in _dealt(game, most, index).players
            ]
        except (RuleError, RuleLoopError) as e:
            doc, path = game.pack.place("setup")
            out.append(
                doc.diagnostic(
                    path, f"the setup of {age.name or age.id} cannot run: {e}", code="setup"
                )
            )
            continue
        wanted = max(full + dealt, default=0)  # what a player gets from a full deck
        short = [seat for seat, n in enumerate(dealt) if n < wanted]
        if not short:
            continue
        catalog = game.catalog
        decks = [d for d in catalog.decks if catalog.copies_of_age(d.name, most)]
        cards = len(catalog.copies_of_age(age.id, most)) + sum(
            len(catalog.copies_of_age(d.name, most)) for d in decks
        )
        files = [f for f in (age.file, *(d.file for d in decks)) if f is not None]
        doc = game.pack.documents["game.yaml"]
        out.append(
            doc.diagnostic(
                ("ages", index, "cards") if age.file is not None else ("ages", index),
                f"{age.name or age.id} cannot deal the {game.zones.name(HAND)} zones of {most} "
                f"players: player "
                f"{short[0] + 1} gets {dealt[short[0]]} cards, not {wanted} (the age has "
                f"{cards} cards{' with its decks' if decks else ''})",
                code="setup",
                hint=f"add cards to {' or '.join(files) or 'a card file'}, or lower the most "
                "players (players: max)",
            )
        )
    return out


def early_end(game: Game) -> list[Diagnostic]:
    """An age whose end condition holds as soon as it is dealt. A condition on the round
    alone is tested at the end of a round, so its ages play whole rounds whatever it says."""
    test = game.formulas.age_end
    if test is None or game.formulas.age_end_by_round:
        return []
    fewest, most = _limits(game)
    out = []
    for index, age in enumerate(game.pack.ages):
        for players in sorted({fewest, most}):
            try:
                state = _dealt(game, players, index)
                holds = test(Ctx(state, game.catalog, state.active))
            except (RuleError, RuleLoopError):
                holds = False  # the setup's own problem is reported by `dealing`
            if holds:
                doc, path = game.pack.place("age_end")
                out.append(
                    doc.diagnostic(
                        path,
                        f"the age's end condition already holds when {age.name or age.id} "
                        f"is dealt ({players} players): the age would end in its first "
                        "turn, before every player has played",
                        code="age-end",
                        hint="an age must end on something that happens during play",
                    )
                )
                return out
    return out


FIRST_ROUND_SEEDS = 6  # first rounds played per age to look for an early end
FIRST_ROUND_STEPS = 3_000  # choices at most in one first round


def first_round_end(game: Game) -> list[Diagnostic]:
    """An age whose end condition held during its first round, in a sampled first round."""
    if game.formulas.age_end is None:
        return []
    import random

    _, most = _limits(game)
    for index, age in enumerate(game.pack.ages):
        for seed in range(FIRST_ROUND_SEEDS):
            state = _dealt(game, most, index)
            ended: list[bool] = []
            game.observer = partial(_note_first_round_end, state, ended)
            try:
                game.run(state)
                rng = random.Random(seed)
                for _ in range(FIRST_ROUND_STEPS):
                    if state.over or state.age != index or state.round > 1 or any(ended):
                        break
                    choices = game.choices(state)
                    game.play(state, choices[rng.randrange(len(choices))])
            except (RuleError, RuleLoopError):
                return []  # the pack's own problem, reported elsewhere
            finally:
                game.observer = None
            if any(ended):
                doc, path = game.pack.place("age_end")
                return [
                    doc.diagnostic(
                        path,
                        f"the age's end condition held during the first round of "
                        f"{age.name or age.id} ({most} players, random choices, seed "
                        f"{seed}): the age ended before every player had played",
                        code="age-end",
                        hint="an age must last at least a round: end it on something that "
                        "takes longer to happen",
                    )
                ]
    return []


SAMPLE_ROUNDS = 3  # rounds of each age played with random choices to find a rule that loops
SAMPLE_STEPS = 3_000  # choices at most in those rounds


def sample_rounds(game: Game) -> list[Diagnostic]:
    """A rule that loops in the first rounds of an age, played with random choices on a
    fixed seed: a pack that validates must not stop in its second round (a turn order whose
    condition never changes, "repeat until ..." of a fact no step sets)."""
    import random

    fewest, _ = _limits(game)
    for index in range(len(game.pack.ages)):
        state = _dealt(game, fewest, index)
        rng = random.Random(index)
        try:
            game.run(state)
            for _ in range(SAMPLE_STEPS):
                if state.over or state.age != index or state.round > SAMPLE_ROUNDS:
                    break
                choices = game.choices(state)
                game.play(state, choices[rng.randrange(len(choices))])
        except RuleLoopError:
            found = game.loop_diagnostic(state)
            if isinstance(found, Diagnostic):
                return [found]
            doc, path = game.pack.place("phases")
            return [doc.diagnostic(path, found, code="loop", key=True)]
        except RuleError:
            return []  # the pack's own problem, reported elsewhere
    return []


def _note_first_round_end(
    state: State, ended: list[bool], kind: str, facts: dict[str, Any]
) -> None:
    ended.append(kind == "age end" and state.round <= 1)
