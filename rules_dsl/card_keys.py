"""The keys of a card in a card file that the code reads by name, where the name needs a word.

`PRICE` is the key of a card's price in the game's money (cards.schema.json). It is Along
History's name for its money, kept as the format's key: renaming it to a generic one changes
every card file that has a price, and with them the pack hash of every game saved (issue 17).
Everything a person reads names the pack's money instead (`Pack.money`).

`BONUS` is the key of a card's bonus, and the language's word for it ("a card with a culture
bonus", "bonus symbols"): the format's own word, which a pack may also give to a card type."""

from __future__ import annotations

from typing import Final

PRICE: Final = "gold"
BONUS: Final = "bonus"
