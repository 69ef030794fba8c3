"""JSON Schema checks of pack files, reported as located diagnostics.

The schemas live in `cards/schema/` (draft 2020-12) and are the same files VS Code uses for
hover text and completion. Every schema error becomes one plain-words `Diagnostic` placed on the
offending value (or key), in file order.

A file found valid is remembered across processes (`_Valid`: a small JSON file in the user's
cache, named after a hash of the schemas, this module, the YAML loader and the jsonschema
release): checking an unchanged valid file again then needs no schema, and jsonschema is not
even imported. Only "valid" is remembered, keyed on the exact data checked (its `repr`, which
tells every YAML type apart): a file with problems is always checked, so its diagnostics are
always the library's own.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from .bounds import too_many_digits
from .cache_files import cache_dir, read_cache, seal, write_cache
from .diagnostics import Diagnostic, did_you_mean
from .yaml_source import YamlDocument

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "cards" / "schema"
SCHEMA_BASE = "https://agesmith.dev/schema/"

Kind = Literal["game", "cards", "scenario", "deck"]
JsonPath = tuple[str | int, ...]

_TYPE_NAMES = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "object": "a mapping",
    "array": "a list",
    "null": "null",
}


def check_schema(doc: YamlDocument, kind: Kind) -> list[Diagnostic]:
    """Every schema error of a game file or a card file, located, in file order."""
    key = VALID.key(kind, repr(doc.data))
    if VALID.has(key):
        return []
    cards = doc.data.get("cards") if isinstance(doc.data, dict) else None
    if kind == "cards" and isinstance(cards, list):
        found = _check_card_file(doc, cards)
    else:
        found = check_against(doc, schema_validator(kind))
    if not found:
        VALID.add(key)
    return found


def _check_card_file(doc: YamlDocument, cards: list[Any]) -> list[Diagnostic]:
    """A card file's schema errors, found card by card: the file's own rules (its keys, the
    list not empty) on the whole, then each card against the card's schema, a card found
    valid before (the same data) skipped. After an edit of one card in the workshop only that
    card is checked. The same diagnostics as the whole file's check (a test compares them)."""
    found = check_against(doc, _part_validator("cards", "file"))
    card_validator = _card_validator()
    for index, card in enumerate(cards):
        data = repr(card)
        if data in _VALID_CARDS:
            continue
        errors = list(card_validator.iter_errors(card))
        if not errors:
            if len(_VALID_CARDS) >= _VALID_CARDS_MAX:
                _VALID_CARDS.clear()
            _VALID_CARDS.add(data)
        for error in errors:
            error.path.extendleft((index, "cards"))  # placed in the file, not in the card
            found += _diagnostics(doc, error)
    return sorted(dict.fromkeys(found), key=lambda d: (d.line or 0, d.column or 0))


# The cards found valid in this process, by their data's `repr` (a card's validity depends on
# nothing but its own data).
_VALID_CARDS: set[str] = set()
_VALID_CARDS_MAX = 20_000


@cache
def _card_validator() -> Draft202012Validator:
    """The validator of one card of a card file (its schema's `$defs/card`)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(
        {"$ref": f"{SCHEMA_BASE}cards.schema.json#/$defs/card"}, registry=_registry()
    )


def check_against(doc: YamlDocument, validator: Draft202012Validator) -> list[Diagnostic]:
    """Every error `validator` finds in `doc`, as located diagnostics in file order."""
    found: dict[Diagnostic, None] = {}  # a dict keeps the first of equal diagnostics
    for error in validator.iter_errors(doc.data):
        for diagnostic in _diagnostics(doc, error):
            found.setdefault(diagnostic, None)
    return sorted(found, key=lambda d: (d.line or 0, d.column or 0))


def check_changes(doc: YamlDocument, base: dict[str, Any], kind: Kind) -> list[Diagnostic]:
    """Every schema error of `doc`, a changed copy of a checked file whose data was `base`
    (a variant's game file): the file's own rules (its type, required and known keys) are
    checked on the whole, and only the top-level values that differ from `base` are checked
    inside — the others were checked with the file itself."""
    data = doc.data
    if not isinstance(data, dict):
        return check_against(doc, schema_validator(kind))
    key = VALID.key(kind, repr(data))
    if VALID.has(key):
        return []
    changed = {k: v for k, v in data.items() if k not in base or base[k] != v}
    found = check_against(doc, _part_validator(kind, "shell"))
    if changed:
        found += check_against(YamlDocument(doc.source, changed), _part_validator(kind, "values"))
    if not found:
        VALID.add(key)
    return sorted(dict.fromkeys(found), key=lambda d: (d.line or 0, d.column or 0))


@cache
def _part_validator(kind: Kind, part: str) -> Draft202012Validator:
    """A validator of part of `kind`'s schema: the "shell" (the top level's own rules, its
    values accepted as they are), the "values" (each value against its property's schema,
    no key required or refused) or a card file's "file" (all but its cards' own schema)."""
    from jsonschema import Draft202012Validator

    registry = _registry()
    contents = dict(registry.contents(f"{SCHEMA_BASE}{kind}.schema.json"))
    if part == "file":
        properties = dict(contents["properties"])
        properties["cards"] = {k: v for k, v in properties["cards"].items() if k != "items"}
        contents["properties"] = properties
    elif part == "shell":  # each value's schema keeps its words (for hints), no rule
        for keyword in ("properties", "patternProperties"):
            contents[keyword] = {
                key: _words(sub) for key, sub in (contents.get(keyword) or {}).items()
            }
    else:
        for keyword in ("required", "additionalProperties", "type"):
            contents.pop(keyword, None)
    return Draft202012Validator(contents, registry=registry)


def _words(schema: Any) -> Any:
    """A schema's annotations alone (it then accepts anything)."""
    if not isinstance(schema, dict):
        return schema
    return {
        k: v
        for k, v in schema.items()
        if k in ("title", "description", "markdownDescription", "examples", "default")
    }


@cache
def schema_validator(kind: Kind) -> Draft202012Validator:
    """The validator of `kind` ("game", "cards" or "scenario"), built once, with `$ref`s
    resolved offline."""
    from jsonschema import Draft202012Validator

    registry = _registry()
    uri = f"{SCHEMA_BASE}{kind}.schema.json"
    if uri not in registry:
        raise ValueError(f"unknown schema kind {kind!r}: no {kind}.schema.json in {SCHEMA_DIR}")
    return Draft202012Validator(registry.contents(uri), registry=registry)


@cache
def _registry() -> Registry:
    from referencing import Registry, Resource

    resources = []
    for file in sorted(SCHEMA_DIR.glob("*.schema.json")):
        contents = json.loads(file.read_text(encoding="utf-8"))
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


def _one_of_keys(error: ValidationError) -> list[str] | None:
    """The keys of an anyOf whose every alternative only requires one key (a card file's
    `age:` or `deck:`), when the value has none of them."""
    alternatives = error.schema.get("anyOf") if isinstance(error.schema, dict) else None
    if error.validator != "anyOf" or not isinstance(alternatives, list):
        return None
    if not all(isinstance(a, dict) and list(a) == ["required"] for a in alternatives):
        return None
    keys = [a["required"] for a in alternatives]
    if not all(isinstance(k, list) and len(k) == 1 for k in keys):
        return None
    return [str(k[0]) for k in keys]


def _diagnostics(doc: YamlDocument, error: ValidationError) -> list[Diagnostic]:
    keys = _one_of_keys(error)
    if keys is not None:
        properties = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        others = " or ".join(f'"{k}"' for k in keys[1:])
        return [
            doc.diagnostic(
                tuple(error.absolute_path),
                f'missing key "{keys[0]}" (or {others})',
                code="schema",
                hint=_property_hint(keys[0], properties),
            )
        ]
    if error.context:
        from jsonschema.exceptions import best_match

        error = best_match([error])  # the most useful alternative of an anyOf / oneOf
    path: JsonPath = tuple(error.absolute_path)
    keyword, schema, instance = error.validator, error.schema, error.instance

    def at(where: JsonPath, message: str, hint: str | None = None, key: bool = False) -> Diagnostic:
        return doc.diagnostic(where, message, code="schema", hint=hint, key=key)

    if not isinstance(schema, dict):
        return [at(path, error.message)]
    if keyword == "additionalProperties" and isinstance(instance, dict):
        return [
            at((*path, name), f'unknown key "{name}"', _unknown_key_hint(name, schema), True)
            for name in _extra_keys(instance, schema)
        ]
    if keyword == "required" and isinstance(instance, dict):
        properties = schema.get("properties", {})
        return [
            at(path, f'missing key "{name}"', _property_hint(name, properties))
            for name in cast(Any, error.validator_value)
            if name not in instance
        ]
    if keyword == "uniqueItems" and isinstance(instance, list):
        return _duplicate_items(doc, path, instance)
    if "propertyNames" in error.absolute_schema_path and isinstance(instance, str):
        path, key = (*path, instance), True
    else:
        key = False
    message, hint = _describe(error, path)
    return [at(path, message, hint, key)]


def _describe(error: ValidationError, path: JsonPath) -> tuple[str, str | None]:
    """The message and hint for one error about one value."""
    keyword, instance = error.validator, error.instance
    limit: Any = error.validator_value
    size = len(instance) if isinstance(instance, (list, dict, str)) else 0
    if keyword == "type":
        hint = None
        written = error.schema.get("typeErrorMessage") if isinstance(error.schema, dict) else None
        if isinstance(written, str):  # the schema says what to write instead
            hint = written
        elif instance is None and path and isinstance(path[-1], str):
            hint = f'write a value after "{path[-1]}:"'
        elif "string" in _as_list(limit) and isinstance(instance, (int, float, bool)):
            hint = "put it in quotes to make it text"
        elif "integer" in _as_list(limit) and _long_number(instance):
            return _long_number_error(str(instance))
        elif isinstance(error.schema, dict) and isinstance(error.schema.get("errorHint"), str):
            hint = error.schema["errorHint"]  # what the schema says to write there
        return f"expected {_expected(limit)}, got {_got(instance)}", hint
    if keyword == "enum":
        hint = did_you_mean(instance, map(str, limit)) if isinstance(instance, str) else None
        return f"{_show(instance)} is not one of {', '.join(map(str, limit))}", hint
    if keyword == "const":
        return f"expected {_show(limit)}, got {_show(instance)}", None
    if keyword == "pattern":
        rule = error.schema.get("patternErrorMessage") if isinstance(error.schema, dict) else None
        message = f"{_show(instance)} is not valid" + (f": {rule}" if rule else "")
        return message, _pattern_hint(error)
    if keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = {
            "minimum": "at least",
            "maximum": "at most",
            "exclusiveMinimum": "more than",
            "exclusiveMaximum": "less than",
        }[keyword]
        return f"expected {bound} {limit}, got {_show(instance)}", None
    if keyword in ("minItems", "minProperties", "minLength") and limit == 1:
        what = {"minItems": "list", "minProperties": "mapping", "minLength": "text"}[keyword]
        return f"this {what} must not be empty", None
    counted = {
        "minItems": ("at least", "items"),
        "maxItems": ("at most", "items"),
        "minProperties": ("at least", "entries"),
        "maxProperties": ("at most", "entries"),
        "minLength": ("at least", "characters"),
        "maxLength": ("at most", "characters"),
    }
    if keyword in counted:
        bound, unit = counted[keyword]
        return f"expected {bound} {limit} {unit}, got {size}", None
    if keyword in ("anyOf", "oneOf"):
        branches = [branch for branch in limit if isinstance(branch, dict)]
        types = [name for branch in branches for name in _as_list(branch.get("type"))]
        if "integer" in types and _long_number(instance):
            return _long_number_error(str(instance))
        if types:
            return f"expected {_expected(types)}, got {_got(instance)}", None
        written = error.schema.get("typeErrorMessage") if isinstance(error.schema, dict) else None
        return "this value does not match any of the allowed forms", (
            written if isinstance(written, str) else None
        )
    return error.message, None


def _long_number(instance: Any) -> bool:
    """A number too long for the game, which the YAML reader keeps as text (yaml_source.py)."""
    return (
        isinstance(instance, str)
        and instance.replace("_", "").isdigit()
        and too_many_digits(instance)
    )


def _long_number_error(instance: str) -> tuple[str, str]:
    return (
        f"this number has {len(instance.replace('_', '')):,} digits, too many to "
        "be a number of the game"
    ), "no bound of a pack has more than a dozen digits"


def _extra_keys(instance: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    properties = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    return [
        name
        for name in instance
        if name not in properties and not any(re.search(pattern, name) for pattern in patterns)
    ]


def _unknown_key_hint(name: str, schema: dict[str, Any]) -> str | None:
    """What to write instead of an unknown key: the schema's own word for a key designers reach
    for (`unknownKeyHints`: the TAW sketch's round_track says to read "the round"), else the
    nearest allowed key, else the allowed keys."""
    known = schema.get("unknownKeyHints", {}).get(name)
    if isinstance(known, str):
        return known
    allowed = list(schema.get("properties", {}))
    hint = did_you_mean(name, allowed)
    if hint is None and allowed:
        hint = f"the keys allowed here are {', '.join(allowed)}"
        if any(pattern.startswith("^x-") for pattern in schema.get("patternProperties", {})):
            hint += '; keys starting with "x-" are free for your own use'
    return hint


def _duplicate_items(doc: YamlDocument, path: JsonPath, items: list[Any]) -> list[Diagnostic]:
    seen: dict[str, int] = {}
    found = []
    for index, item in enumerate(items):
        marker = json.dumps(item, sort_keys=True, default=str)
        if marker in seen:
            line, column = doc.position((*path, seen[marker]))
            found.append(
                doc.diagnostic(
                    (*path, index),
                    f"{_show(item)} is listed twice",
                    code="schema",
                    hint=f"it is already listed at line {line}, column {column}",
                )
            )
        else:
            seen[marker] = index
    return found


def _property_hint(name: str, properties: dict[str, Any]) -> str | None:
    description = properties.get(name, {}).get("description")
    return f'"{name}": {description}' if description else None


def _pattern_hint(error: ValidationError) -> str | None:
    # Suggest the value in the required form when lowercasing and joining words gives one.
    if not isinstance(error.instance, str):
        return None
    slug = re.sub(r"[^a-z0-9]+", "-", error.instance.lower()).strip("-")
    if slug and slug != error.instance and re.search(cast(Any, error.validator_value), slug):
        return f'did you mean "{slug}"?'
    return None


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [] if value is None else [value]


def _expected(types: Any) -> str:
    names = list(dict.fromkeys(_TYPE_NAMES.get(t, str(t)) for t in _as_list(types)))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _got(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"a boolean ({_show(value)})"
    if isinstance(value, int):
        return f"an integer ({value})"
    if isinstance(value, float):
        return f"a number ({value})"
    if isinstance(value, str):
        return f"a string ({_show(value)})"
    return "a list" if isinstance(value, list) else "a mapping"


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value if len(value) <= 40 else value[:37] + "..."}"'
    if isinstance(value, (bool, int, float)) or value is None:
        return json.dumps(value)
    return "a list" if isinstance(value, list) else "a mapping"


# ------------------------------------------------------------------ valid files, remembered

_VALID_FORMAT = "agesmith schema results"
_VALID_MAX = 5_000
_VALID_CODE = ("schema_check.py", "yaml_source.py", "pack.py")


_VALID_MAX_BYTES = 1024 * 1024  # 5,000 keys take ~180 KB


class _Valid:
    """The keys of the texts (and data) found valid, read from and written to a cache file
    at most once each per process; never fails (a damaged, foreign or hostile file is no
    entry). A key is sealed with this user's key (`cache_files.seal`), so a key written by
    anyone else, for data that is not valid, is never found."""

    def __init__(self) -> None:
        self._keys: set[str] | None = None

    @staticmethod
    def version() -> str:
        return _valid_version()

    def file(self) -> Path:
        return cache_dir() / f"schema-valid-{self.version()[:16]}.json"

    def key(self, kind: str, data_repr: str) -> str:
        return seal(_VALID_FORMAT, self.version(), kind, data_repr)

    def has(self, key: str) -> bool:
        return key in self._load()

    def _load(self) -> set[str]:
        if self._keys is None:
            self._keys = set()
            raw = read_cache(self.file(), _VALID_MAX_BYTES)
            try:
                data = json.loads(raw.decode("utf-8")) if raw is not None else None
                if (
                    isinstance(data, dict)
                    and data.get("format") == _VALID_FORMAT
                    and data.get("version") == self.version()
                    and isinstance(data.get("valid"), list)
                ):
                    self._keys = {k for k in data["valid"] if isinstance(k, str)}
            except (ValueError, RecursionError):
                pass
        return self._keys

    def add(self, key: str) -> None:
        keys = self._load()
        if key in keys:
            return
        if len(keys) >= _VALID_MAX:
            keys.clear()
        keys.add(key)
        write_cache(
            self.file(),
            json.dumps(
                {"format": _VALID_FORMAT, "version": self.version(), "valid": sorted(keys)}
            ).encode("ascii"),
        )


@cache
def _valid_version() -> str:
    """A hash of everything that decides a check's result."""
    digest = hashlib.sha256()
    for file in sorted(SCHEMA_DIR.glob("*.schema.json")):
        digest.update(file.read_bytes())
    here = Path(__file__).resolve().parent
    for name in _VALID_CODE:
        digest.update((here / name).read_bytes())
    digest.update(_jsonschema_release().encode())
    return digest.hexdigest()


def _jsonschema_release() -> str:
    """The installed jsonschema's release, read from its metadata folder's name (importing
    importlib.metadata or jsonschema itself would cost more than the check saves)."""
    from importlib.util import find_spec

    spec = find_spec("jsonschema")
    if spec is None or spec.origin is None:
        return "?"
    site = Path(spec.origin).resolve().parent.parent
    return ",".join(sorted(p.name for p in site.glob("jsonschema-*.dist-info"))) or spec.origin


VALID = _Valid()
