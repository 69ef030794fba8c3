"""`agesmith odds`: the exact chance that one roll pays a card's cost."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import click


@click.command("odds")
@click.argument("pack", type=click.Path(path_type=Path))
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--own",
    multiple=True,
    metavar="CARD",
    help="A card in play whose bonus pays (repeat for more).",
)
@click.option(
    "--tilted",
    multiple=True,
    metavar="CARD",
    help="One of the --own cards that is tilted (a face that straightens cards straightens it).",
)
@click.option(
    "--tokens",
    default=0,
    show_default=True,
    type=click.IntRange(0, 99),
    help="Universal tokens the player holds.",
)
@click.option("--age", help="The age of the card, when a name is in several ages.")
@click.option("--variant", help="Play a variant of the pack.")
@click.option("--json", "as_json", is_flag=True, help="Print the odds as JSON.")
def odds_command(
    pack: Path,
    cards: tuple[str, ...],
    own: tuple[str, ...],
    tilted: tuple[str, ...],
    tokens: int,
    age: str | None,
    variant: str | None,
    as_json: bool,
) -> None:
    """Exact odds that one roll pays each CARD of PACK, without and with re-rolls.

    Every outcome of the dice is enumerated (nothing is sampled). With re-rolls, each re-roll
    face re-rolls the other dice that give the best chance (a perfect player's choice)."""
    from rich.console import Console
    from rich.table import Table

    from interpreter import Game, PackError
    from interpreter.tools.odds import card_odds

    err = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        game = Game.load(pack, variant=variant)
        found = [card_odds(game, card, own, tilted, tokens, age) for card in cards]
    except (PackError, ValueError) as e:
        err.print(f"agesmith odds: {e}", markup=False)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps([o.to_json() for o in found], indent=2, ensure_ascii=False))
        return
    table = Table(title=_tableau(own, tilted, tokens))
    for column in ("card", "age", "cost", "one roll", "with re-rolls"):
        table.add_column(
            column, justify="right" if column in ("one roll", "with re-rolls") else "left"
        )
    for o in found:
        table.add_row(o.card, o.age, o.cost, _percent(o.without_rerolls), _percent(o.with_rerolls))
    Console(highlight=False).print(table)
    dice = ", ".join(sorted({d for o in found for d in o.dice}))
    click.echo(f"Dice rolled: {dice}. Exact, by enumerating every roll.")


def _percent(p: Fraction) -> str:
    return f"{100 * float(p):.1f}%"


def _tableau(own: tuple[str, ...], tilted: tuple[str, ...], tokens: int) -> str:
    parts = [f"owning {', '.join(own)}" if own else "owning nothing"]
    if tilted:
        parts.append(f"{', '.join(tilted)} tilted")
    if tokens:
        parts.append(f"{tokens} universal token{'s' if tokens > 1 else ''}")
    return "Odds of paying, " + "; ".join(parts)
