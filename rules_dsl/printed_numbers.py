"""Numbers printed on cards that are not symbols the card gives: the pack names them.

A Through the Ages card prints a science cost, a build cost, the stage costs of a wonder, the
card's level...; none of them is a resource the card yields, so a bonus cannot hold them. The
game file names them, the cards give their own, the rules read them:

    card numbers: [level, science cost, build cost, stage costs: list]    # game.yaml
    numbers: {level: 1, science cost: 3, build cost: 2}                    # a card
    cost: X resource where X is its build cost                             # a rule

- A name is a whole number on each card (`level: 1`); `<name>: list` declares a list of whole
  numbers read by position (`stage costs: [3, 2, 1]`). A number a card does not give reads 0
  (a list: none).
- Rules read `its <name>`, `the <name> of <cards>` (the sum over the cards), and for a list
  `the <name> of it at <position>` (1 for the first; 0 beyond the list), the list alone being
  its sum and `the number of <name> of it` how many it holds. The name's last word may be
  singular or plural: `the stage cost of it at 2` reads `stage costs`.

The interpreter reads them (`interpreter/compile/printed.py`); the checks here are located
errors for what the schema cannot say: a name that already means something (a counter,
resource, table, fact, card type, keyword, zone, card state, piece), a name declared twice, a
card's number the game does not declare (did you mean), a value that is no whole number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic, did_you_mean
from .facts import is_fact
from .grammar_words import strength_kinds
from .nouns import declared_nouns, names_of
from .vocabulary import singular

if TYPE_CHECKING:
    from .pack import Pack

KEY = "card numbers"  # the game file's key
CARD_KEY = "numbers"  # a card's key
LIST = "list"  # the kind of a number read by position

Value = int | tuple[int, ...]


@dataclass(frozen=True)
class NumberSpec:
    """One number the pack prints on its cards: its name, and whether it is a list."""

    name: str
    is_list: bool = False


def _entries(game: dict[str, Any]) -> list[tuple[int, str, Any]]:
    """(index, name, kind or None) of each entry of `card numbers:` as written."""
    out: list[tuple[int, str, Any]] = []
    entries = game.get(KEY)
    for i, entry in enumerate(entries if isinstance(entries, list) else []):
        if isinstance(entry, str):
            out.append((i, " ".join(entry.split()), None))
        elif isinstance(entry, dict) and len(entry) == 1:
            name, kind = next(iter(entry.items()))
            out.append((i, " ".join(str(name).split()), kind))
    return out


def declared_numbers(game: dict[str, Any]) -> tuple[NumberSpec, ...]:
    """The numbers the game file declares (a malformed entry is the schema's error)."""
    out: list[NumberSpec] = []
    for _, name, kind in _entries(game):
        if name and all(s.name != name for s in out):
            out.append(NumberSpec(name, kind is not None))  # a kind but "list": the schema's
    return tuple(out)


def _plain(name: str) -> str:
    *first, last = name.split() or [""]
    return " ".join([*first, singular(last)])


def find_number(specs: tuple[NumberSpec, ...], words: tuple[str, ...]) -> NumberSpec | None:
    """The declared number a phrase's words name ("stage cost"), the last word singular or
    plural."""
    wanted = _plain(" ".join(words))
    return next((s for s in specs if _plain(s.name) == wanted), None)


def written_values(raw: Any) -> tuple[tuple[str, Value], ...]:
    """A card's `numbers:` as written, those that are whole numbers or lists of them."""
    if not isinstance(raw, dict):
        return ()
    out: list[tuple[str, Value]] = []
    for key, value in raw.items():
        if _whole(value):
            out.append((" ".join(str(key).split()), value))
        elif _whole_list(value):
            out.append((" ".join(str(key).split()), tuple(value)))
    return tuple(out)


def card_values(
    written: tuple[tuple[str, Value], ...], specs: tuple[NumberSpec, ...]
) -> dict[str, Value]:
    """A card's numbers by declared name, those of the declared kind (`check_card_numbers`
    reports the others)."""
    out: dict[str, Value] = {}
    for key, value in written:
        spec = find_number(specs, tuple(key.split()))
        if spec is None:
            continue
        if isinstance(value, tuple) == spec.is_list:
            out[spec.name] = value
    return out


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole_list(value: Any) -> bool:
    return isinstance(value, list) and all(_whole(v) for v in value)


# ------------------------------------------------------------------ checks


def check_card_numbers(pack: Pack) -> list[Diagnostic]:
    """Every problem of the declared numbers and of the cards' own, at its place."""
    return _declarations(pack) + [d for card in pack.cards for d in _card(pack, card)]


def _declarations(pack: Pack) -> list[Diagnostic]:
    game = pack.game
    taken = {
        **declared_nouns(game),
        "a table": names_of(game.get("tables")),
        "a kind of piece": names_of(game.get("pieces")),
        "a card state": names_of(game.get("card states")),
        "one of the language's ability words": set(strength_kinds()),
    }
    out: list[Diagnostic] = []
    seen: set[str] = set()
    for i, name, _ in _entries(game):
        doc, where = pack.place(KEY, i)

        def error(message: str, hint: str) -> None:
            out.append(doc.diagnostic(where, message, code="card-number", hint=hint))  # noqa: B023

        if _plain(name) in seen:
            error(f'the card number "{name}" is declared twice', "declare each number once")
        seen.add(_plain(name))
        if is_fact(name):
            error(
                f'a card number cannot be named "{name}": "the {name}" is a fact the engine reads',
                f'name it in other words (e.g. "{name} number")',
            )
        clash = next(
            (what for what, names in taken.items() if _plain(name) in {_plain(n) for n in names}),
            None,
        )
        if clash is not None:  # the first meaning is enough to say
            error(
                f'"{name}" is already {clash}: it cannot also be a number printed on cards',
                "give the card number a name of its own",
            )
    return out


def _card(pack: Pack, card: Any) -> list[Diagnostic]:
    """A card's numbers the game does not declare, or given as one number for a list or as a
    list for one number (a value that is neither is the schema's error)."""
    doc, base = card.source.doc, card.source.path
    raw = _at(doc.data, (*base, CARD_KEY))
    if not isinstance(raw, dict):
        return []  # none given, or the schema's error
    specs = declared_numbers(pack.game)
    out: list[Diagnostic] = []
    for key, value in raw.items():
        where = (*base, CARD_KEY, key)
        spec = find_number(specs, tuple(str(key).split()))
        if spec is None:
            declared = ", ".join(s.name for s in specs) or "none"
            near = did_you_mean(str(key), [s.name for s in specs])
            every = f"the numbers game.yaml declares under card numbers: {declared}"
            out.append(
                doc.diagnostic(
                    where,
                    f'"{key}" is not a number the game prints on its cards',
                    code="card-number",
                    key=True,
                    hint=f"{near} ({every})" if near else every,
                )
            )
        elif spec.is_list and _whole(value):
            out.append(
                doc.diagnostic(
                    where,
                    f'the {spec.name} of "{card.name}" is a list of whole numbers, not {value!r}',
                    code="card-number",
                    hint=f"write e.g. {spec.name}: [3, 2, 1]",
                )
            )
        elif not spec.is_list and isinstance(value, list):
            out.append(
                doc.diagnostic(
                    where,
                    f'the {spec.name} of "{card.name}" is a whole number, not {value!r}',
                    code="card-number",
                    hint=f'"{spec.name}" is one number; declare it "{spec.name}: list" in '
                    "game.yaml to give a list",
                )
            )
    return out


def _at(data: Any, path: tuple[str | int, ...]) -> Any:
    """The value at a path of a document's data, None when there is none (pack.lookup's walk;
    pack imports this module, so this one does not import it back)."""
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data
