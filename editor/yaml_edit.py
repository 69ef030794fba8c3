"""Edit the text of a pack's YAML files the way a person would: only the edited lines change.

Card files go through ruamel.yaml's round trip, which keeps comments, key order, quoting and
blank lines; the game file's flow lists are laid out by hand, so its few edits (a new age, a
renamed card in a rule) are made on the text itself. Every function takes a file's text and
returns the new text: reading and writing files is `saving.py`'s job.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import LiteralScalarString

from rules_dsl.card_keys import BONUS, PRICE
from rules_dsl.errors import AgesmithError
from rules_dsl.pack import slug

_FastLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# The fields of a card, in the order a new card writes them.
CARD_FIELDS = ("id", "name", "type", "copies", "cost", PRICE, "points", BONUS, "rules")
CARD_FILE_HEADER = "# yaml-language-server: $schema=../schema/cards.schema.json\n"


class EditError(AgesmithError, ValueError):
    """An edit that cannot be made, said in plain words."""


def _yaml() -> YAML:
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _load(text: str) -> Any:
    try:
        return _yaml().load(text)
    except Exception as e:  # ruamel raises many kinds; the caller shows the message
        raise EditError(f"the file is not valid YAML: {e}") from None


def _dump(data: Any) -> str:
    out = io.StringIO()
    _yaml().dump(data, out)
    return out.getvalue()


def _chunk(text: str, ident: str) -> tuple[list[str], int, int] | None:
    """The lines of the file and the slice [start, stop) holding card `ident`'s item, found
    without a round-trip parse of the whole file (which takes ~100 ms for an age), or None if
    the file is not laid out as a block list under `cards:` (then the whole file is used)."""
    parsed = _parsed_ids(text)
    if isinstance(parsed, str):
        return None
    ids = list(parsed)
    if ident not in ids:
        return None
    lines = text.split("\n")
    top = next((i for i, line in enumerate(lines) if re.match(r"cards:\s*(#.*)?$", line)), None)
    if top is None:
        return None
    starts: list[int] = []
    indent = None
    stop = len(lines)
    for i in range(top + 1, len(lines)):
        line = lines[i]
        if indent is None:
            found = re.match(r"(\s*)- ", line)
            if found:
                indent = found.group(1)
                starts.append(i)
            elif line.strip() and not line.lstrip().startswith("#"):
                return None
            continue
        if line.startswith(indent + "- "):
            starts.append(i)
        elif (
            line.strip() and not line.startswith(indent + " ") and not line.lstrip().startswith("#")
        ):
            stop = i  # the next top-level key
            break
    if len(starts) != len(ids):
        return None
    index = ids.index(ident)
    end = starts[index + 1] if index + 1 < len(starts) else stop
    return lines, starts[index], end


def _edit_entry(text: str, ident: str, change: Any) -> str:
    """The file text after `change(entry)` on card `ident`'s item, re-writing only its lines."""
    found = _chunk(text, ident)
    if found is None:
        data = _load(text)
        cards = _cards(data)
        change(cards[_index(cards, ident)])
        return _dump(data)
    lines, start, stop = found
    piece = "\n".join(lines[start:stop]) + ("\n" if stop < len(lines) else "")
    data = _load("cards:\n" + piece)
    change(data["cards"][0])
    new = _dump(data).removeprefix("cards:\n")
    return "\n".join(lines[:start]) + "\n" + new + "\n".join(lines[stop:])


def card_id(entry: Any) -> str:
    """The id of a card entry: its `id`, or its name in kebab-case."""
    if not isinstance(entry, dict):
        return ""
    return str(entry.get("id") or slug(str(entry.get("name", ""))))


def _cards(data: Any) -> CommentedSeq:
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise EditError("the file has no list of cards")
    return data["cards"]


def _index(cards: CommentedSeq, ident: str) -> int:
    for i, entry in enumerate(cards):
        if card_id(entry) == ident:
            return i
    raise EditError(f'no card "{ident}" in this file')


def card_ids(text: str) -> list[str]:
    """The ids of the cards of a card file, in order."""
    parsed = _parsed_ids(text)
    if isinstance(parsed, str):
        raise EditError(parsed)
    return list(parsed)


@lru_cache(maxsize=16)
def _parsed_ids(text: str) -> tuple[str, ...] | str:
    """The card ids of a card file, or why it has none: one parse per text, as every run of
    the Cards page asks for the ids of the same file several times (typing reruns it)."""
    try:
        data = yaml.load(text, Loader=_FastLoader)
    except yaml.YAMLError as e:
        return f"the file is not valid YAML: {e}"
    try:
        return tuple(card_id(entry) for entry in _cards(data))
    except EditError as e:
        return str(e)


def card_fields(text: str, ident: str) -> dict[str, Any]:
    """The fields of card `ident` as written (strings keep their text, rules without the
    trailing line break)."""
    return dict(_card_fields(text, ident))


@lru_cache(maxsize=16)
def _card_fields(text: str, ident: str) -> tuple[tuple[str, Any], ...]:
    """`card_fields`, once per text: the Cards page reads the open card's saved fields on
    every run (the values are strings and numbers, so the tuple cannot be changed)."""
    found = _chunk(text, ident)
    if found is not None:
        lines, start, stop = found
        text = "cards:\n" + "\n".join(lines[start:stop]) + "\n"  # only this card
    fields = all_card_fields(text).get(ident)
    if fields is None:
        raise EditError(f'no card "{ident}" in this file')
    return tuple(fields.items())


def card_values(text: str) -> dict[str, dict[str, Any]]:
    """The fields of every card of a card file as plain values, by id: read with the fast
    loader, to compare with, never to write back (the round trip keeps each value's quoting)."""
    try:
        data = yaml.load(text, Loader=_FastLoader)
    except yaml.YAMLError as e:
        raise EditError(f"the file is not valid YAML: {e}") from None
    out = {}
    for entry in _cards(data):
        fields = {key: entry.get(key) for key in CARD_FIELDS}
        fields["id"] = card_id(entry)
        out[fields["id"]] = fields
    return out


def all_card_fields(text: str) -> dict[str, dict[str, Any]]:
    """The fields of every card of a card file, by id, in order (one parse of the file)."""
    out = {}
    for entry in _cards(_load(text)):
        fields = {key: entry.get(key) for key in CARD_FIELDS}
        fields["id"] = card_id(entry)
        if isinstance(fields["rules"], str):
            fields["rules"] = fields["rules"].rstrip("\n")
        out[fields["id"]] = fields
    return out


def _value(key: str, value: Any) -> Any:
    if key == "rules" and isinstance(value, str):
        text = value.rstrip("\n")
        return LiteralScalarString(text + "\n") if text else ""
    if key == "points" and isinstance(value, str) and re.fullmatch(r"-?\d+", value.strip()):
        return int(value)
    return value


def _is_empty(key: str, value: Any) -> bool:
    """Whether a field is better left out than written (the schema's default applies)."""
    return (value is None or value == "") and key in (PRICE, BONUS, "rules", "copies")


def _set_fields(entry: CommentedMap, fields: dict[str, Any]) -> None:
    """Replace the entry's fields by `fields`; keys not given are left as they are (and the id
    never changes, see `keep_id`)."""
    keep_id(entry, card_id(entry), fields)
    for key in CARD_FIELDS:
        if key not in fields or key == "id":
            continue
        value = _value(key, fields[key])
        if _is_empty(key, value) or (key == "copies" and value == 1 and key not in entry):
            entry.pop(key, None)
        elif entry.get(key) != value or type(entry.get(key)) is not type(value):
            if key in entry:
                entry[key] = value
            else:
                entry.insert(_slot(entry, key), key, value)


def set_card(text: str, ident: str, fields: dict[str, Any]) -> str:
    """The file text with card `ident`'s fields replaced; keys not given are left as they are."""
    if ident not in card_ids(text):
        raise EditError(f'no card "{ident}" in this file')
    fast = _rules_only(text, ident, fields)
    return fast if fast is not None else _edit_entry(text, ident, lambda e: _set_fields(e, fields))


def keep_id(entry: CommentedMap, ident: str, fields: dict[str, Any]) -> None:
    """Write the card's id when a new name would change the id its name gives: saved games,
    decks and the workshop's own links refer to the id, which a rename never changes."""
    name = fields.get("name")
    if "id" not in entry and isinstance(name, str) and slug(name) != ident:
        entry.insert(0, "id", ident)


def _rules_only(text: str, ident: str, fields: dict[str, Any]) -> str | None:
    """The edit made on the text itself when only the rules text changes and it is written
    as a literal block (`rules: |`), as ruamel would write it; None in any other case.

    Typing in the rules editor is the common edit, and this keeps it a few milliseconds."""
    found = _chunk(text, ident)
    rules = fields.get("rules")
    if found is None or not isinstance(rules, str):
        return None
    lines, start, stop = found
    entry = yaml.load("\n".join(lines[start:stop]), Loader=_FastLoader)[0]

    def norm(key: str, value: Any) -> str:
        if key == "copies" and value is None:
            value = 1
        return "" if value is None else str(value).rstrip("\n")

    if any(
        norm(k, entry.get(k)) != norm(k, v) for k, v in fields.items() if k not in ("id", "rules")
    ):
        return None
    new = rules.rstrip("\n").split("\n")
    if not rules.strip() or new[0][:1] in (" ", "\t") or any("\t" in line for line in new):
        return None  # ruamel would write an indentation indicator or another style
    key = next((i for i in range(start, stop) if re.fullmatch(r"(\s+)rules: \|", lines[i])), None)
    if key is None:
        return None
    indent = _leading_space(lines[key]) + "  "
    end = key + 1
    while end < stop and (lines[end].startswith(indent) or not lines[end].strip()):
        end += 1
    while end > key + 1 and not lines[end - 1].strip():
        end -= 1  # trailing blank lines separate the cards; they stay
    block = [indent + line if line else "" for line in new]
    return "\n".join(lines[: key + 1] + block + lines[end:])


def _slot(entry: CommentedMap, key: str) -> int:
    """Where a missing key goes so that the card keeps the usual field order."""
    order = CARD_FIELDS.index(key)
    keys = list(entry)
    for i, existing in enumerate(keys):
        if existing in CARD_FIELDS and CARD_FIELDS.index(existing) > order:
            return i
    return len(keys)


def add_card(text: str, fields: dict[str, Any]) -> str:
    """The file text with a new card appended (a blank line before it, as the others)."""
    return edit_cards(text, {}, [fields])


def edit_cards(
    text: str, changes: dict[str, dict[str, Any]], additions: list[dict[str, Any]]
) -> str:
    """The file text with the fields of several cards replaced (by id) and new cards appended,
    in one round trip of the file: a spreadsheet import edits hundreds of cards, and one round
    trip per card made it quadratic."""
    ids = card_ids(text)
    for ident in changes:
        if ident not in ids:
            raise EditError(f'no card "{ident}" in this file')
    entries = []
    for fields in additions:
        ident = str(fields.get("id") or slug(str(fields.get("name", ""))))
        if ident in ids:
            raise EditError(f'a card with the id "{ident}" is already in this file')
        ids.append(ident)
        entries.append(_entry(fields))
    if changes:
        data = _load(text)
        cards = _cards(data)
        index = {card_id(entry): i for i, entry in enumerate(cards)}
        for ident, fields in changes.items():
            _set_fields(cards[index[ident]], fields)
        text = _dump(data)
    if not entries:
        return text
    appended = _appended(text, entries)
    if appended is not None:
        return appended
    data = _load(text)
    _cards(data).extend(entries)
    return _separate_new_items(_dump(data), len(entries))


def _appended(text: str, entries: list[CommentedMap]) -> str | None:
    """The file text with `entries` written after its last card, dumped on their own (the file
    itself needs no round trip), or None when its cards are not the file's last key, laid out
    as the house style's block list."""
    lines = text.rstrip("\n").split("\n")
    top = next((i for i, line in enumerate(lines) if re.match(r"cards:\s*(#.*)?$", line)), None)
    if top is None:
        return None
    after = lines[top + 1 :]
    if not any(line.startswith("  - ") for line in after) or any(
        line.strip() and not line.startswith((" ", "#")) for line in after
    ):
        return None
    new = _dump(CommentedMap(cards=CommentedSeq(entries))).removeprefix("cards:\n")
    return "\n".join(lines) + "\n" + _separate_new_items("\n" + new, len(entries))


def _separate_new_items(out: str, count: int) -> str:
    """`out` with a blank line before each of its last `count` cards, as the others have:
    ruamel does not put one before an appended item."""
    lines = out.split("\n")
    top = next((i for i, line in enumerate(lines) if re.match(r"cards:\s*(#.*)?$", line)), -1)
    starts = [i for i in range(top + 1, len(lines)) if lines[i].startswith("  - ")]
    for i in reversed(starts[-count:]):
        if i > 0 and lines[i - 1].strip():
            lines.insert(i, "")
    return "\n".join(lines)


def _entry(fields: dict[str, Any]) -> CommentedMap:
    """A new card, its id written out (its name's, unless given): renaming it later, by hand
    or in the workshop, cannot change it."""
    entry = CommentedMap()
    entry["id"] = str(fields.get("id") or slug(str(fields.get("name", ""))))
    for key in CARD_FIELDS[1:]:
        value = _value(key, fields.get(key))
        if _is_empty(key, value) or (key == "copies" and value == 1):
            continue
        entry[key] = value
    return entry


def _dump_scalar(value: Any) -> str:
    return _dump({"k": value})[3:].rstrip("\n")


def delete_card(text: str, ident: str) -> str:
    data = _load(text)
    cards = _cards(data)
    if len(cards) == 1:
        raise EditError("this is the age's only card: a card file needs at least one card")
    del cards[_index(cards, ident)]
    return _dump(data)


def rename_card(text: str, ident: str, new_name: str) -> str:
    """Rename card `ident`, keeping its id (saved games and decks refer to the id)."""

    def change(entry: CommentedMap) -> None:
        if "id" not in entry:
            entry.insert(0, "id", ident)
        entry["name"] = new_name

    if ident not in card_ids(text):
        raise EditError(f'no card "{ident}" in this file')
    return _edit_entry(text, ident, change)


@dataclass(frozen=True)
class Reference:
    """A rule that names a card: where it is and the line that names it."""

    file: str
    where: str  # the card's name, or the game file's section
    line: str


def quoted(name: str) -> str:
    return f'"{name}"'


def references(texts: dict[str, str], name: str) -> list[Reference]:
    """Every line of the pack's rule texts that names the card `name` (in quotes)."""
    needle = quoted(name)
    found: list[Reference] = []
    for file, text in texts.items():
        if needle not in text:
            continue
        owner = "game.yaml"
        for line in text.split("\n"):
            match = re.match(r"\s*-?\s*name:\s*(.+?)\s*$", line)
            if match:
                owner = match.group(1).strip("\"'")
            if needle in line and not re.match(r"\s*-?\s*name:", line):
                found.append(Reference(file, owner, line.strip()))
    return found


def replace_references(text: str, old: str, new: str) -> str:
    """The text with every quoted mention of card `old` in a rule made `new`."""
    lines = text.split("\n")
    out = []
    for line in lines:
        if re.match(r"\s*-?\s*name:", line):
            out.append(line)
        else:
            out.append(line.replace(quoted(old), quoted(new)))
    return "\n".join(out)


def new_card_file(age: str, first_card: dict[str, Any]) -> str:
    """The text of a new age's card file, holding one card to start from."""
    data = CommentedMap()
    data["age"] = age
    data["cards"] = CommentedSeq([_entry(first_card)])
    return CARD_FILE_HEADER + _dump(data)


def _leading_space(line: str) -> str:
    """The white space a line starts with (its indentation)."""
    return line[: len(line) - len(line.lstrip())]


def add_age(game_text: str, age: str, name: str, file: str) -> str:
    """The game file's text with a new age appended to its `ages` list, in the list's style."""
    lines = game_text.split("\n")
    start = next((i for i, line in enumerate(lines) if re.match(r"ages:\s*(#.*)?$", line)), None)
    if start is None:
        raise EditError("game.yaml has no `ages:` list to add to")
    last = start
    for i in range(start + 1, len(lines)):
        if re.match(r"\s+- ", lines[i]):
            last = i
        elif lines[i].strip() and not lines[i].startswith(" "):
            break
    indent = _leading_space(lines[last]) if last > start else "  "
    entry = f"{indent}- {{id: {age}, name: {_dump_scalar(name)}, cards: {file}}}"
    return "\n".join([*lines[: last + 1], entry, *lines[last + 1 :]])
