"""Options shared by several commands."""

from __future__ import annotations

import sys
from pathlib import Path

import click

DECK_HELP = "Play a deck file (a pack with other copies; made on the Decks page) instead of PACK."


def pack_or_deck(command: str, pack: Path | None, deck: Path | None) -> Path:
    """What a command plays: the deck when --deck is given, else PACK (one of them needed)."""
    if deck is not None and pack is not None:
        click.echo(
            f"agesmith {command}: give PACK or --deck FILE, not both (a deck names its pack)",
            err=True,
        )
        sys.exit(2)
    if deck is not None:
        return deck
    if pack is None:
        click.echo(f"agesmith {command}: give a PACK folder or --deck FILE", err=True)
        sys.exit(2)
    return pack
