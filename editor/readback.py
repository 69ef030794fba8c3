"""What a card does, read back in plain words from what the interpreter compiled.

The words come from the interpreter (`interpreter.tools.explain.explain_cards`), never from the
rules text, so a designer sees at once when the engine understood something else than they
meant.
"""

from __future__ import annotations

from rules_dsl.pack import Card, Pack


def read_back(pack: Pack, card: Card) -> list[str] | str:
    """The lines that say what `card` does, or a sentence saying why they cannot be shown."""
    try:
        from interpreter.tools.explain import explain_cards
    except ImportError:
        return (
            "The read-back needs interpreter.tools.explain, which this version of the "
            "interpreter does not have yet."
        )
    from interpreter import Game, PackError

    try:
        game = Game.load(pack)
    except PackError as e:
        return f"The interpreter cannot load the pack as edited: {str(e).splitlines()[0]}"
    for reading in explain_cards(game, ids=[card.id]):
        if reading.age == card.age and reading.id == card.id:
            return list(reading.lines) or ["(no rules: the card only gives its bonus and points)"]
    return "The interpreter has no program for this card."
