"""`agesmith explain`: read each card back as the engine understood it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click


@click.command("explain")
@click.argument("pack", type=click.Path(path_type=Path))
@click.argument("cards", nargs=-1)
@click.option("--variant", help="Read the cards with a variant's changes applied.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of readings.")
def explain(pack: Path, cards: tuple[str, ...], variant: str | None, as_json: bool) -> None:
    """Say in plain words what each CARD of PACK does: when, who, what, how much, under which
    condition, read from the compiled rules (not from the text). CARD is an id or a name;
    without CARD, every card of the pack."""
    from rich.console import Console
    from rich.markup import escape

    from interpreter import Game, PackError
    from interpreter.tools.explain import explain_cards
    from rules_dsl.diagnostics import did_you_mean

    err = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        game = Game.load(pack, variant=variant)
    except PackError as e:
        err.print(str(e), markup=False)
        err.print(f"{pack}: the pack does not load — run `agesmith validate {pack}`")
        sys.exit(1)
    ids: list[str] | None = None
    if cards:
        by_key: dict[str, str] = {}  # an id or a lower-case name -> the id
        for info in game.catalog.cards:
            by_key.setdefault(info.id, info.id)
            by_key.setdefault(info.name.lower(), info.id)
        ids, unknown = [], []
        for card in cards:
            found = by_key.get(card) or by_key.get(card.lower())
            if found is None:
                unknown.append(card)
            elif found not in ids:
                ids.append(found)
        if unknown:
            names = [i.name for i in game.catalog.cards] + [i.id for i in game.catalog.cards]
            for card in unknown:
                hint = did_you_mean(card, names) or "`agesmith cards PACK` lists the cards"
                err.print(f'no card "{escape(card)}" in {escape(game.pack.name)}: {hint}')
            sys.exit(1)
    readings = explain_cards(game, ids)
    if as_json:
        click.echo(json.dumps([r.to_json() for r in readings], indent=2, ensure_ascii=False))
        return
    out = Console(highlight=False, soft_wrap=True)
    for reading in readings:
        out.print(f"[bold]{escape(reading.name)}[/bold] ({escape(reading.age)}, {reading.id})")
        for line in reading.lines:
            out.print(f"  - {escape(line)}")
