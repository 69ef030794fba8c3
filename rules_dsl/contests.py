"""The contests a game file declares (game.yaml `contests:`): a fight between two players, the
attacker and the defender, each rolling the pack's dice (the war of Along History).

Each contest has a name, and every word of play about it is formed from that name: its plural
("wage your wars"), the events it raises ("in war:", "when you lose a war:", "when you lose a
war as defender:", which `events:` may rename), the decision and log words of the interpreter.
A counter that `declares:` a contest may be spent to declare one; a face whose action is
`contest` declares the pack's first contest. No Python spells a contest's name.

The old top-level `war:` block (before contests were declared) is a located error that says
what to write instead: the pack format has one way to say it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic, did_you_mean
from .nouns import plural

if TYPE_CHECKING:
    from .pack import Pack

# The keys of a contest's `events:`, each an event the interpreter raises: while a side prepares
# ("in war:"), for the loser ("when you lose a war:"), for a losing defender of a declared
# contest ("when you lose a war as defender:").
DURING, LOST, LOST_DEFENDING = "during", "lost", "lost as defender"
EVENT_KEYS = (DURING, LOST, LOST_DEFENDING)


@dataclass(frozen=True)
class Contest:
    name: str
    plural: str
    dice: str | None
    tilt: str | None
    rerolls: Any  # the rules text of how many re-rolls a side gets (parsed by the pack)
    prize: str | None
    during: str
    lost: str
    lost_defending: str

    @property
    def events(self) -> tuple[str, str, str]:
        return (self.during, self.lost, self.lost_defending)


def _article(noun: str) -> str:
    return "an" if noun[:1].lower() in "aeiou" else "a"


def default_events(name: str) -> dict[str, str]:
    """The events a contest raises, formed from its name ("war" -> "war", "you lose a war",
    "you lose a war as defender")."""
    lost = f"you lose {_article(name)} {name}"
    return {DURING: name, LOST: lost, LOST_DEFENDING: f"{lost} as defender"}


def contests_of(game: dict[str, Any]) -> tuple[Contest, ...]:
    """The game's contests, in the order declared (the entries that are not mappings are
    reported by the schema)."""
    found = game.get("contests")
    if not isinstance(found, dict):
        return ()
    out = []
    for name, spec in found.items():
        if not isinstance(spec, dict):
            continue
        name = str(name)
        events = {**default_events(name)}
        given = spec.get("events")
        if isinstance(given, dict):
            events.update({k: str(v) for k, v in given.items() if k in EVENT_KEYS and v})
        dice = spec.get("dice")
        tilt = spec.get("tilt")
        prize = spec.get("prize")
        out.append(
            Contest(
                name=name,
                plural=plural(name),
                dice=str(dice) if dice is not None else None,
                tilt=str(tilt) if tilt is not None else None,
                rerolls=spec.get("rerolls"),
                prize=str(prize) if prize is not None else None,
                during=events[DURING],
                lost=events[LOST],
                lost_defending=events[LOST_DEFENDING],
            )
        )
    return tuple(out)


def contest_named(game: dict[str, Any], name: str) -> Contest | None:
    return next((c for c in contests_of(game) if c.name == name), None)


def first_contest(game: dict[str, Any]) -> Contest | None:
    """The contest an action face whose action is `contest` declares: the first declared."""
    found = contests_of(game)
    return found[0] if found else None


def declaring_counters(game: dict[str, Any], contest: str) -> list[str]:
    """The counters a player may spend to declare the contest (`declares: <contest>`)."""
    return [
        str(name)
        for name, spec in (game.get("counters") or {}).items()
        if isinstance(spec, dict) and spec.get("declares") == contest
    ]


def contest_events(game: dict[str, Any]) -> list[str]:
    """Every event the game's contests raise, in the order declared."""
    return [event for contest in contests_of(game) for event in contest.events]


def check_contests(pack: Pack) -> list[Diagnostic]:
    """A counter that declares no contest of the game, a contest's dice that are no die of the
    game or tilt that is no resource or counter of it. (The old `war:` block and `declares_war:`
    are unknown keys, whose hints the JSON Schema gives: `unknownKeyHints`.)"""

    game = pack.game
    out: list[Diagnostic] = []
    names = [c.name for c in contests_of(game)]
    for name, spec in (game.get("counters") or {}).items():
        if not isinstance(spec, dict):
            continue
        declared = spec.get("declares")
        if declared is not None and declared not in names:
            doc, where = pack.place("counters", name, "declares")
            out.append(
                doc.diagnostic(
                    where,
                    f'the counter "{name}" declares "{declared}", which is no contest of the game',
                    code="unknown-contest",
                    hint=did_you_mean(str(declared), names)
                    or f"declared contests: {', '.join(names) or 'none'}",
                )
            )
    dice = [str(d) for d in game.get("dice") or {}]
    tilted = [str(r) for r in game.get("resources") or []] + [
        str(c) for c in game.get("counters") or {}
    ]
    for contest in contests_of(game):
        if contest.tilt is not None and contest.tilt not in tilted:
            doc, where = pack.place("contests", contest.name, "tilt")
            out.append(
                doc.diagnostic(
                    where,
                    f'the {contest.name}\'s tilt "{contest.tilt}" is not a resource or counter of'
                    " the game",
                    code="unknown-role",
                    hint=did_you_mean(contest.tilt, tilted)
                    or f"declared: {', '.join(tilted) or 'none'}",
                )
            )
        if contest.dice is not None and contest.dice not in dice:
            doc, where = pack.place("contests", contest.name, "dice")
            out.append(
                doc.diagnostic(
                    where,
                    f'the {contest.name}\'s dice "{contest.dice}" are no die of the game',
                    code="unknown-contest-dice",
                    hint=did_you_mean(contest.dice, dice) or f"declared dice: {', '.join(dice)}",
                )
            )
    return out
