"""The table in the terminal game (`agesmith play`): the shared zones as the Playtest page draws
them (one model of them, interpreter/tools/table_zones.py), in lines of text: a deck by how many
cards it holds, a row by its places with its gaps, a pile by its top card, each card with what
lies on it (its face-down state, marks, tokens, the pieces standing on it)."""

from __future__ import annotations

from interpreter import Game, State
from interpreter.tools.round_track import round_track
from interpreter.tools.table_zones import TableCard, shared_zones, table_card
from rules_dsl import ast


def card_text(game: Game, copy: int) -> str:
    """A card in one line: name, type, cost, points, bonus."""
    info = game.catalog.info(copy)
    roles = game.catalog.roles
    cost = []
    if info.amount is None:
        cost.append(f"X {roles.counted}")
    elif info.amount:
        cost.append(f"{info.amount} {roles.counted}")
    cost += [f"{n} {k}" if n > 1 else k for k, n in info.resources.items() if n]
    parts = [info.type, *_marks(game, copy), "cost " + (", ".join(cost) or "nothing")]
    if info.gold is not None:
        parts.append(f"or {info.gold} {roles.money}")
    points = info.points if isinstance(info.points, int) else "formula"
    parts.append(f"{points} pt")
    bonus = [f"{n} {k}" if n > 1 else k for k, n in info.bonus.items() if n]
    if bonus:
        parts.append("bonus " + ", ".join(bonus))
    return f"{info.name} ({'; '.join(parts)})"


def _marks(game: Game, copy: int) -> list[str]:
    """What the card's rules print plainly beside its type: its keywords ("one-star") and the
    strengths and symbols that always hold ("defence +4", "science -2"); the rest is read with
    `rules CARD`."""
    card = game.pack.cards[game.catalog.info(copy).index]
    out = []
    for statement in card.rules.statements:
        if isinstance(statement, ast.Keyword):
            out.append(statement.word)
        elif isinstance(statement, ast.Strength) and statement.per is statement.condition is None:
            out.append(f"{statement.kind} {statement.amount:+d}")
        elif isinstance(statement, ast.Symbols) and statement.per is statement.condition is None:
            out.append(f"{' '.join(statement.resource)} {statement.amount:+d}")  # "science -2"
    return out


def carried(card: TableCard) -> str:
    """What lies on a card, after a dash ("" when nothing does)."""
    return f" — {', '.join(card.on_it)}" if card.on_it else ""


def card_line(game: Game, state: State, copy: int, full: bool = True) -> str:
    """A card as it lies on the table: its line (`full`) or its name, and what lies on it. A
    face-down card shows its name and state only: its face is hidden."""
    card = table_card(game, state, copy)
    text = card.name if not full or card.face_down else card_text(game, copy)
    return text + carried(card)


def table_lines(game: Game, state: State) -> list[str]:
    """The shared zones, a heading line per zone and a line per card under it."""
    lines = []
    for zone in shared_zones(game, state):
        if zone.hidden:
            lines.append(f"{zone.label}: {zone.held}, face down")
            continue
        if zone.places:
            full = all(card is not None for card in zone.cards)
            note = "" if full else f" ({zone.count} of {zone.places} places held)"
            lines.append(f"{zone.label}{note}:")
            for place, card in enumerate(zone.cards, start=1):
                shown = "empty" if card is None else card_line(game, state, card.copy)
                label = f"({zone.place_labels[place - 1]}) " if zone.place_labels else ""
                lines.append(f"  {place}. {label}{shown}")
            continue
        note = f" ({zone.held}; the top one)" if zone.top_only else ""
        cards = [c for c in zone.cards if c is not None]
        lines.append(f"{zone.label}{note}:" + ("" if cards else " none"))
        lines += [f"  {card_line(game, state, c.copy)}" for c in cards]
    return lines


def track_lines(game: Game, state: State) -> list[str]:
    """The round track (interpreter/tools/round_track.py) as the page draws it: a line per
    round, marked when it is the round played, with what it brings by phase; [] when the age
    has no fixed number of rounds."""
    track = round_track(game, state)
    if track is None:
        return []
    lines = [f"Round track: {track.last} round" + ("" if track.last == 1 else "s")]
    for space in track.rounds:
        mark = " (now)" if space.current else " (played)" if space.past else ""
        lines.append(
            f"  Round {space.number}{mark}:" + ("" if space.brings else " nothing of its own")
        )
        phase = None
        for brought in space.brings:
            if brought.phase != phase:
                phase = brought.phase
                lines.append(f"    {phase}:")
            lines.append(f"      {brought.text}")
    return lines
