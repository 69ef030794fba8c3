"""What `agesmith validate` reports of a pack or deck: the one list every tool shows.

The command line and every page of the workshop call `validate` (the workshop on its private
mirror of a pack with unsaved edits), so a pack has the same diagnostics, in the same order and
number, wherever a designer looks: the language's checks, then whether the interpreter can play
every rule, then whether the pack can be set up and played at all.
"""

from __future__ import annotations

import os

from rules_dsl.deck import load_pack_or_deck
from rules_dsl.diagnostics import Diagnostic, sorted_diagnostics
from rules_dsl.pack import Pack


def validate(
    path: str | os.PathLike[str], variant: str | None = None
) -> tuple[Pack | None, list[Diagnostic]]:
    """The pack or deck at `path` (None if it cannot be built) and all its diagnostics."""
    loaded, diagnostics = load_pack_or_deck(path, variant=variant)
    return loaded, play_checks(loaded, diagnostics)


def play_checks(loaded: Pack | None, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """`diagnostics` of a loaded pack with the interpreter's checks added: each stage runs only
    on a pack the stages before it found no error in (their errors would only repeat)."""
    if loaded is None or any(d.is_error for d in diagnostics):
        return diagnostics
    from .playability import check_playable
    from .setup_checks import check_setup

    diagnostics = sorted_diagnostics(diagnostics + check_playable(loaded))
    if any(d.is_error for d in diagnostics):
        return diagnostics
    return sorted_diagnostics(diagnostics + check_setup(loaded))
