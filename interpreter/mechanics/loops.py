"""Running the counted loops (`for each <cards>:`, `for each player in turn order:`, `repeat
<number> times:`; compiled in compile/loops.py).

A loop's progress is a record on its frame's `loops`, innermost last: the cards listed when it
started and how many it has taken, with what "it" meant before it (restored when it ends); the
players listed and how many have had their round, with the rule's player before it (`you`,
given back when it ends); or the times left. Plain data, so a save at a decision inside the
body resumes exactly.
"""

from __future__ import annotations

from typing import Any

from ..compile.loops import LoopI, NextI
from ..compile.meaning import Ctx
from ..core.control import NEXT, Result, jump

LOOPS = "loops"  # the frame's field holding the records of its loops under way
LOOP_SAVED = ("it", "it_counter")  # what a `for each` rebinds, and gives back when it ends


def loop_step(ctx: Ctx, frame: dict[str, Any], instruction: LoopI | NextI) -> Result:
    """Start a loop, or go on with its next round (or out of it)."""
    if isinstance(instruction, LoopI):
        frame.setdefault(LOOPS, []).append(_start(ctx, frame, instruction))
        return NEXT
    record = frame[LOOPS][-1]
    if "left" in record:
        if record["left"] > 0:
            record["left"] -= 1
            return NEXT
    elif "seats" in record:
        if record["at"] < len(record["seats"]):
            frame["player"] = record["seats"][record["at"]]  # "you" in the body
            record["at"] += 1
            return NEXT
        frame["player"] = record["player"]
    elif _next_card(ctx, frame, record, instruction):
        return NEXT
    else:
        for key in LOOP_SAVED:
            frame.pop(key, None)
            if key in record:
                frame[key] = record[key]
    frame[LOOPS].pop()
    if not frame[LOOPS]:
        del frame[LOOPS]
    return jump(instruction.target)


def _start(ctx: Ctx, frame: dict[str, Any], instruction: LoopI) -> dict[str, Any]:
    """The record of a loop that starts: its cards (in their zone's order) or its count, taken
    now: what the body does changes neither."""
    if instruction.times is not None:
        return {"left": max(0, instruction.times(ctx))}
    if instruction.players is not None:
        return {"seats": list(instruction.players(ctx)), "at": 0, "player": frame["player"]}
    assert instruction.cards is not None
    record: dict[str, Any] = {"cards": list(instruction.cards(ctx)), "at": 0}
    record.update({key: frame[key] for key in LOOP_SAVED if key in frame})
    return record


def _next_card(ctx: Ctx, frame: dict[str, Any], record: dict[str, Any], head: NextI) -> bool:
    """Make the loop's next card "it" (skipping a card its phrase no longer names: one that
    left its zone meanwhile); False when none is left."""
    cards = record["cards"]
    named: set[int] | None = None
    while record["at"] < len(cards):
        card = cards[record["at"]]
        record["at"] += 1
        if named is None:
            assert head.cards is not None
            named = set(head.cards(ctx))
        if card in named:
            frame["it"] = card
            frame.pop("it_counter", None)  # "it" is a card now, no amount of a counter
            return True
    return False
