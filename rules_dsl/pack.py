"""Load a pack folder: read its YAML files, check them against the schemas, parse every rule once.

`load_pack` never raises on bad input: it returns the pack it could build (or None) and every
diagnostic, each placed at `file:line:col` — inside multi-line rule texts too. The semantic
checks live in `checks.py`; `load_pack` runs them unless told not to.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import ast
from .actions import ActionSpec, action_texts, read_actions
from .card_keys import BONUS, PRICE
from .contests import contests_of
from .diagnostics import Diagnostic, sorted_diagnostics
from .parse_cache import PARSED
from .printed_numbers import written_values
from .safe_files import is_file, is_folder, path_problem
from .schema_check import check_changes, check_schema
from .source import Source
from .yaml_source import YamlDocument, load_yaml

if TYPE_CHECKING:
    from .parser import Start

GAME_FILE = "game.yaml"


@dataclass(frozen=True)
class Card:
    """One distinct card of an age or of a deck, with its rules parsed. `age` is the id of the
    age or the name of the deck it belongs to (`Pack.is_deck` tells which): what a save's card
    key, the workshop's file of the card and the rules' "card of the age" are keyed by."""

    age: str
    id: str
    name: str
    type: str
    copies: int
    cost: ast.Cost
    gold: int | None
    points: int | Any  # an int, or a number expression of the language
    bonus: ast.Cost
    rules: ast.Rules
    source: Source = field(compare=False, repr=False)
    # the copies by number of players (the card's `players:`): (from this many players, copies),
    # fewest first; () when every copy is in every game
    players: tuple[tuple[int, int], ...] = ()
    # the numbers printed on it (its `numbers:`, printed_numbers.py), as written
    numbers: tuple[tuple[str, int | tuple[int, ...]], ...] = ()

    def copies_with(self, players: int) -> int:
        """The copies in a game of `players` players: `copies` unless `players:` says fewer."""
        if not self.players:
            return self.copies
        found = [n for least, n in self.players if least <= players]
        return min(found[-1], self.copies) if found else 0


@dataclass(frozen=True)
class Age:
    id: str
    name: str
    file: str | None  # None: an age with no cards of its own (its cards are in decks)


@dataclass(frozen=True)
class NamedDeck:
    """A named deck apart from the ages (game.yaml `decks:`): its card file, and the zone of
    the table its copies are put into when the game starts, shuffled or in the file's order."""

    name: str
    file: str
    into: str
    shuffled: bool = False


@dataclass(frozen=True)
class Token:
    """An achievement token of the pool."""

    value: int
    condition: Any
    ages: tuple[str, ...] | None
    source: Source = field(compare=False, repr=False)


@dataclass(frozen=True)
class TieBreak:
    """One line of `scoring: tie_break`: a number compared between tied players, most first;
    `each`: the line ends with ", highest first", so the values it adds up are compared one by
    one, highest first (the best achievement token, then the next best: AH-E6)."""

    number: Any
    each: bool
    source: Source = field(compare=False, repr=False)


# The phase a round plays, unless the game file names another (`round_phase:`).
ROUND_PHASE_KEY = "round_phase"
DEFAULT_ROUND_PHASE = "round"
HIGHEST_FIRST = re.compile(r",\s*highest first\s*$")


@dataclass
class Pack:
    """A loaded pack: the game file's data, its ages and cards, every rule parsed."""

    root: Path
    game: dict[str, Any]
    ages: list[Age]
    cards: list[Card]
    phases: dict[str, ast.Rules]
    setup: ast.Rules | None
    scoring: Any
    tokens: list[Token]
    documents: dict[str, YamlDocument] = field(repr=False)
    type_rules: dict[str, ast.Rules] = field(default_factory=dict)
    contest_rerolls: dict[str, Any] = field(default_factory=dict)  # each contest's, parsed
    age_end: Any = None  # an extra condition that ends an age (a variant's), parsed
    variant: str | None = None  # the variants applied, in order, joined by ","
    text_paths: dict[tuple[str, ...], tuple[str | int, ...]] = field(default_factory=dict)
    tie_break: list[TieBreak] = field(default_factory=list)
    actions: list[ActionSpec] = field(default_factory=list)  # the kinds the pack declares
    age_change: ast.Rules | None = None  # the steps between two ages, after the age's scoring
    decks: list[NamedDeck] = field(default_factory=list)
    table_numbers: dict[str, Any] = field(default_factory=dict)  # a table's `by:`, parsed
    report: dict[str, Any] = field(default_factory=dict)  # `report:` measures, parsed
    bot_value: Any = None  # `bots: value:`, how the bots weigh a position, parsed

    @property
    def scoring_path(self) -> tuple[str, str]:
        return scoring_path(self.game)

    @property
    def round_phase(self) -> str:
        """The phase the engine plays for each round: `round_phase:`, else the one named
        "round"."""
        return str(self.game.get(ROUND_PHASE_KEY) or DEFAULT_ROUND_PHASE)

    @property
    def scores_at_end(self) -> bool:
        """Whether the game is scored once, at its end (`scoring: game`), not at every age."""
        return self.scoring_path[1] == "game"

    def is_deck(self, owner: str) -> bool:
        """Whether a card's `age` names a deck (not an age)."""
        return any(d.name == owner for d in self.decks)

    def card_files(self) -> dict[str, str]:
        """The file of each age's and each deck's cards, by the id of the age or the deck's
        name (what a card's `age` holds); an age with no cards of its own has none."""
        files = {a.id: a.file for a in self.ages if a.file is not None}
        return files | {d.name: d.file for d in self.decks}

    def owner_name(self, owner: str) -> str:
        """How people read a card's `age`: the age's name, or the deck's."""
        return next((a.name for a in self.ages if a.id == owner), owner)

    def source_of(self, path: tuple[str, ...]) -> Source:
        """Where a text of the game file is written: in the game file, or in the variant that
        changed it last ("phases", "active turn") -> ("variants", "no war", "changes", ...)."""
        return Source(self.documents[GAME_FILE], self.text_paths.get(path, path))

    @property
    def name(self) -> str:
        return str(self.game.get("name", self.root.name))

    @property
    def counted_resource(self) -> str | None:
        """The resource a cost counts by amount (game.yaml `counted_resource`), if any: see
        roles.py."""
        value = self.game.get("counted_resource")
        return value if isinstance(value, str) and value else None

    @property
    def money(self) -> str | None:
        """The counter that is money (game.yaml `money`), if any: see roles.py."""
        value = self.game.get("money")
        return value if isinstance(value, str) and value else None

    @property
    def never_exchanged(self) -> str | None:
        """The keyword of the cards that are never exchanged (game.yaml `never_exchanged`), if
        any: see roles.py."""
        value = self.game.get("never_exchanged")
        return value if isinstance(value, str) and value else None

    def stamp(self, *more: str | os.PathLike[str]) -> tuple[tuple[str, int, int, int], ...]:
        """What changes when a file this pack was read from (and `more`, e.g. a deck file) is
        edited or replaced: each file's size, modification time and inode. A long-lived process
        (the workshop) compares stamps to tell a loaded game it keeps from a stale one."""
        return files_stamp([self.root / name for name in self.documents] + [Path(p) for p in more])

    def place(self, *path: str | int) -> tuple[YamlDocument, tuple[str | int, ...]]:
        """The document and path where a value of the game file is written: in the last
        variant's changes when a variant changes it, else in the game file itself."""
        doc = self.documents[GAME_FILE]
        variants = doc.data.get("variants") if isinstance(doc.data, dict) else None
        for asked in reversed(variant_names(self.variant)):
            name = asked if asked in (variants or {}) else asked.replace("_", " ")
            changed = ("variants", name, "changes", *path)
            if lookup(doc.data, changed) is not None:
                return doc, changed
        return doc, path

    def source_of_node(self, node: Any) -> Source | None:
        """The text a parsed node was read from (cards' rules, costs, points, the game file's
        texts), so that an error about the node can be placed; None if no text holds it."""
        texts: list[tuple[Source, Any]] = []
        for card in self.cards:
            texts += [
                (Source(card.source.doc, (*card.source.path, "rules")), card.rules),
                (Source(card.source.doc, (*card.source.path, "cost")), card.cost),
                (Source(card.source.doc, (*card.source.path, "points")), card.points),
            ]
        texts += [(self.source_of(("phases", name)), rules) for name, rules in self.phases.items()]
        texts += [(self.source_of(("type_rules", k)), r) for k, r in self.type_rules.items()]
        texts += [
            (self.source_of(("setup",)), self.setup),
            (self.source_of(("age_change",)), self.age_change),
            (self.source_of(self.scoring_path), self.scoring),
            (self.source_of(("age_end",)), self.age_end),
        ]
        texts += [
            (self.source_of(("contests", name, "rerolls")), tree)
            for name, tree in self.contest_rerolls.items()
        ]
        texts += [(token.source, token.condition) for token in self.tokens]
        texts += [(line.source, line.number) for line in self.tie_break]
        for action in self.actions:
            texts += [
                (Source(action.source.doc, (*action.source.path, key)), tree)
                for key, tree in action_texts(action)
            ]
        texts += [
            (self.source_of(("tables", name, "by")), tree)
            for name, tree in self.table_numbers.items()
        ]
        texts += [(self.source_of(("report", name)), tree) for name, tree in self.report.items()]
        texts.append((self.source_of(("bots", "value")), self.bot_value))
        for source, tree in texts:
            if tree is not None and any(n is node for n in ast.walk(tree)):
                return source
        return None

    def cards_of(self, age: str) -> list[Card]:
        return [c for c in self.cards if c.age == age]


def slug(name: str) -> str:
    """The default id of a card: its name in kebab-case, punctuation dropped."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def merge_patch(target: Any, patch: Any) -> Any:
    """Apply a JSON merge patch (RFC 7396): how a variant changes the game file."""
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    result = copy.deepcopy(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


class _Reader:
    """Collects diagnostics while it parses the texts of one pack."""

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []

    def parse(self, source: Source, text: Any, start: Start) -> Any | None:
        if not isinstance(text, str):
            return None
        tree, problem = PARSED.parse(text, start)
        if problem is not None:
            line, column = source.doc.text_position(
                source.path, problem.line or 1, problem.column or 1
            )
            end = None
            if problem.end_column is not None:
                end_line, end = source.doc.text_position(
                    source.path, problem.line or 1, problem.end_column
                )
                end = end if end_line == line else None
            self.diagnostics.append(
                problem.at(source.file, line, column, source.doc.source.line_text(line), end)
            )
        return tree


# Files already read and schema-checked, by path, with the bytes they were read from: an
# unchanged file is not read again when a pack is re-checked after an edit.
_FILES: dict[tuple[str, str], tuple[bytes, YamlDocument | None, list[Diagnostic]]] = {}


def _read_checked(path: Path, kind: str) -> tuple[YamlDocument | None, list[Diagnostic]]:
    """Load a YAML file of the pack and check it against its schema (cached by content)."""
    display = _display(path)
    try:
        data = path.read_bytes()
    except OSError:
        data = b""
    key = (str(path.resolve()), display)
    cached = _FILES.get(key)
    if cached is not None and cached[0] == data:
        return cached[1], list(cached[2])
    doc, problems = load_yaml(path, display)
    if doc is not None and isinstance(doc.data, dict):
        problems = problems + check_schema(doc, kind)  # type: ignore[arg-type]
    _FILES[key] = (data, doc, list(problems))
    return doc, problems


def _display(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def load_pack(
    folder: str | os.PathLike[str], variant: str | None = None, run_checks: bool = True
) -> tuple[Pack | None, list[Diagnostic]]:
    """Read, check and parse the pack in `folder`. Returns (pack or None, diagnostics)."""
    root = Path(folder)
    reader = _Reader()
    game_path = root / GAME_FILE
    problem = path_problem(root)
    if problem is not None:
        return None, [
            Diagnostic(
                "error",
                "pack",
                f"no pack folder there: {problem}",
                _display(root),
                hint="give the folder that holds game.yaml",
            )
        ]
    if not is_folder(root):
        return None, [
            Diagnostic(
                "error",
                "pack",
                f"no pack folder at {_display(root)}",
                _display(root),
                hint="give the folder that holds game.yaml",
            )
        ]
    if not is_file(game_path):
        return None, [
            Diagnostic(
                "error",
                "pack",
                f"the pack has no {GAME_FILE}",
                _display(game_path),
                hint="a pack folder holds game.yaml and one file per age",
            )
        ]
    game_doc, problems = _read_checked(game_path, "game")
    reader.diagnostics += problems
    if game_doc is not None and not isinstance(game_doc.data, dict):
        reader.diagnostics.append(
            _not_a_mapping(
                game_doc,
                "the game",
                'start it with "name:", then "players:", "resources:", "ages:" and "phases:"',
            )
        )
    if game_doc is None or not isinstance(game_doc.data, dict):
        return None, sorted_diagnostics(reader.diagnostics)
    game = game_doc.data
    text_paths: dict[tuple[str, ...], tuple[str | int, ...]] = {}
    variants = variant_names(variant)
    if variants:
        applied = _apply_variants(game_doc, variants, reader, text_paths)
        if applied is None:
            return None, sorted_diagnostics(reader.diagnostics)
        game = applied
        variant = ",".join(v for v in variants)

    def at(*path: str) -> Source:
        return Source(game_doc, text_paths.get(path, path))

    documents = {GAME_FILE: game_doc}
    ages, cards = _read_ages(root, game_doc, game, documents, reader)
    decks, deck_cards = _read_decks(root, game_doc, game, documents, reader)
    phases = {}
    for name, text in (game.get("phases") or {}).items():
        tree = reader.parse(at("phases", str(name)), text, "rules")
        if tree is not None:
            phases[str(name)] = tree
    setup = reader.parse(at("setup"), game.get("setup"), "rules")
    when = scoring_path(game)
    scoring = reader.parse(at(*when), (game.get("scoring") or {}).get(when[1]), "number")
    tokens = _read_tokens(game_doc, game, reader)
    tie_break = _read_tie_break(game_doc, game, reader)
    table_numbers = _read_table_numbers(game, at, reader)
    age_end = reader.parse(at("age_end"), game.get("age_end"), "condition")
    contest_rerolls = {
        contest.name: reader.parse(
            at("contests", contest.name, "rerolls"), contest.rerolls, "number"
        )
        for contest in contests_of(game)
    }
    type_rules = {}
    for kind, text in (game.get("type_rules") or {}).items():
        tree = reader.parse(at("type_rules", str(kind)), text, "rules")
        if tree is not None:
            type_rules[str(kind)] = tree
    pack = Pack(
        root,
        game,
        ages,
        cards + deck_cards,
        phases,
        setup,
        scoring,
        tokens,
        documents,
        type_rules,
        {name: tree for name, tree in contest_rerolls.items() if tree is not None},
        age_end,
        variant,
        text_paths,
        tie_break,
        read_actions(game_doc, game, reader.parse),
        reader.parse(at("age_change"), game.get("age_change"), "rules"),
        decks,
        table_numbers,
        _read_report(game, at, reader),
        _read_bot_value(game, at, reader),
    )
    PARSED.save()
    if run_checks:
        from .checks import check_pack

        reader.diagnostics += check_pack(pack)
    return pack, sorted_diagnostics(reader.diagnostics)


def _read_tie_break(doc: YamlDocument, game: dict[str, Any], reader: Any) -> list[TieBreak]:
    """The lines of `scoring: tie_break` (a list of numbers, or one), parsed."""
    lines = (game.get("scoring") or {}).get("tie_break")
    out = []
    for i, text in enumerate(lines if isinstance(lines, list) else [lines]):
        if not isinstance(text, str):
            continue
        path = ("scoring", "tie_break", i) if isinstance(lines, list) else ("scoring", "tie_break")
        source = Source(doc, path)
        each = HIGHEST_FIRST.search(text)
        tree = reader.parse(source, text[: each.start()] if each else text, "number")
        if tree is not None:
            out.append(TieBreak(tree, each is not None, source))
    return out


def _read_report(game: dict[str, Any], at: Any, reader: Any) -> dict[str, Any]:
    """The numbers `report:` names for the balance report, each measured for every player
    when a game ends ("titans defeated: the number of your titan cards"), parsed."""
    report = game.get("report")
    out = {}
    for name, text in (report if isinstance(report, dict) else {}).items():
        if isinstance(text, str):
            tree = reader.parse(at("report", str(name)), text, "number")
            if tree is not None:
                out[str(name)] = tree
    return out


def _read_bot_value(game: dict[str, Any], at: Any, reader: Any) -> Any:
    """`bots: value:`, the number the bots weigh a position by, parsed (None: not given)."""
    bots = game.get("bots")
    text = bots.get("value") if isinstance(bots, dict) else None
    return reader.parse(at("bots", "value"), text, "number") if isinstance(text, str) else None


def _read_table_numbers(game: dict[str, Any], at: Any, reader: Any) -> dict[str, Any]:
    """The number each table of `tables:` is looked up with (its `by:`), parsed."""
    tables = game.get("tables")
    out = {}
    for name, spec in (tables if isinstance(tables, dict) else {}).items():
        if isinstance(spec, dict) and isinstance(spec.get("by"), str):
            tree = reader.parse(at("tables", str(name), "by"), spec["by"], "number")
            if tree is not None:
                out[str(name)] = tree
    return out


def variant_names(variant: str | Sequence[str] | None) -> list[str]:
    """The variants asked for: "introductory,no_war" or a list; "_" may stand for a space."""
    if variant is None:
        return []
    items = variant.split(",") if isinstance(variant, str) else list(variant)
    return [v.strip() for v in items if v.strip()]


def scoring_path(game: dict[str, Any]) -> tuple[str, str]:
    """Where the score formula is: `scoring: game` (counted once, at the end) or `scoring: age`
    (added at the end of every age)."""
    scoring = game.get("scoring")
    return ("scoring", "game" if isinstance(scoring, dict) and "game" in scoring else "age")


# The texts of the game file a variant can change, as paths.
TEXT_PATHS = (
    ("setup",),
    ("age_change",),
    ("age_end",),
    ("scoring", "age"),
    ("scoring", "game"),
)


def _apply_variants(
    doc: YamlDocument,
    names: list[str],
    reader: _Reader,
    text_paths: dict[tuple[str, ...], tuple[str | int, ...]],
) -> dict[str, Any] | None:
    """Apply variants in order: each one's JSON merge patch (`changes`), then the lines of
    phases it removes (`remove_lines`), so that variants that each drop a line combine."""
    from .diagnostics import did_you_mean

    variants = doc.data.get("variants") or {}
    game: dict[str, Any] = doc.data
    ok = True
    for asked in names:
        name = asked if asked in variants else asked.replace("_", " ")
        if name not in variants:
            reader.diagnostics.append(
                doc.diagnostic(
                    ("variants",),
                    f'the pack has no variant "{asked}"',
                    code="variant",
                    hint=did_you_mean(asked, variants)
                    or f"variants: {', '.join(variants) or 'none'}",
                )
            )
            ok = False
            continue
        spec = variants[name] or {}
        changes = spec.get("changes") or {}
        game = merge_patch(game, changes)
        for path in (
            *TEXT_PATHS,
            *(("phases", str(p)) for p in changes.get("phases") or {}),
            *(("type_rules", str(k)) for k in changes.get("type_rules") or {}),
            *(("tables", str(k), "by") for k in changes.get("tables") or {}),
            *(("contests", str(k), "rerolls") for k in changes.get("contests") or {}),
        ):
            if lookup(changes, path) is not None:
                text_paths[path] = ("variants", name, "changes", *path)
        for phase, lines in (spec.get("remove_lines") or {}).items():
            game = _remove_lines(doc, game, name, str(phase), lines, reader, text_paths)
        # The result must still be a valid game file; problems are placed at the variant.
        patched = YamlDocument(doc.source, game)
        for problem in check_changes(patched, doc.data, "game"):
            reader.diagnostics.append(
                doc.diagnostic(
                    ("variants", name, "changes"),
                    f'variant "{name}": {problem.message}',
                    code="variant",
                    hint=problem.hint,
                )
            )
    return game if ok else None


def lookup(data: Any, path: tuple[str | int, ...]) -> Any:
    """The value at `path` (keys of mappings, indexes of lists), None when there is none."""
    for key in path:
        found = (isinstance(data, dict) and key in data) or (
            isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data)
        )
        if not found:
            return None
        data = data[key]
    return data


def _remove_lines(
    doc: YamlDocument,
    game: dict[str, Any],
    variant: str,
    phase: str,
    lines: Any,
    reader: _Reader,
    text_paths: dict[tuple[str, ...], tuple[str | int, ...]],
) -> dict[str, Any]:
    """A phase without some of its lines. A removed line is left blank, so that every other
    line keeps its place in the file where it is written."""
    where = ("variants", variant, "remove_lines", phase)
    phases = dict(game.get("phases") or {})
    if phase not in phases:
        from .diagnostics import did_you_mean

        reader.diagnostics.append(
            doc.diagnostic(
                where,
                f'variant "{variant}" removes lines of "{phase}", which is not a phase',
                code="variant",
                key=True,
                hint=did_you_mean(phase, phases),
            )
        )
        return game
    text = str(phases[phase]).split("\n")
    for i, line in enumerate(lines or []):
        found = next(
            (
                n
                for n, written in enumerate(text)
                if written.split("#", 1)[0].strip() == str(line).strip()
            ),
            None,
        )
        if found is None:
            reader.diagnostics.append(
                doc.diagnostic(
                    (*where, i),
                    f'variant "{variant}": "{phase}" has no line "{line}"',
                    code="variant",
                    hint="copy the line as the phase writes it, comment aside",
                )
            )
            continue
        text[found] = ""
    phases[phase] = "\n".join(text)
    return {**game, "phases": phases}


def _read_ages(
    root: Path,
    game_doc: YamlDocument,
    game: dict[str, Any],
    documents: dict[str, YamlDocument],
    reader: _Reader,
) -> tuple[list[Age], list[Card]]:
    ages: list[Age] = []
    cards: list[Card] = []
    for index, entry in enumerate(game.get("ages") or []):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            continue
        file = entry.get("cards")
        age = Age(entry["id"], str(entry.get("name", "")), file if isinstance(file, str) else None)
        ages.append(age)
        if age.file is not None:
            where = ("ages", index, "cards")
            cards += _read_card_file(
                root, game_doc, where, age.file, ("age", age.id), documents, reader
            )
    return ages, cards


def _read_decks(
    root: Path,
    game_doc: YamlDocument,
    game: dict[str, Any],
    documents: dict[str, YamlDocument],
    reader: _Reader,
) -> tuple[list[NamedDeck], list[Card]]:
    """The decks of `decks:` in the order written, and their cards (after the ages' cards, so
    that the catalogue numbers the copies of a pack without decks as before)."""
    decks: list[NamedDeck] = []
    cards: list[Card] = []
    entries = game.get("decks")
    for name, entry in (entries if isinstance(entries, dict) else {}).items():
        if isinstance(entry, str):  # the short form: the deck starts in the zone of its name
            entry = {"cards": entry, "into": str(name)}
        if not isinstance(entry, dict) or not isinstance(entry.get("cards"), str):
            continue  # the schema reports it
        into = entry.get("into", name)  # without into: the zone of the deck's own name
        deck = NamedDeck(str(name), entry["cards"], str(into or ""), entry.get("shuffled") is True)
        decks.append(deck)
        if deck.file in documents:
            continue  # a file read already: validate says it holds another's cards
        where: tuple[str | int, ...] = ("decks", str(name))
        where += ("cards",) if isinstance(lookup(game, where), dict) else ()
        cards += _read_card_file(
            root, game_doc, where, deck.file, ("deck", deck.name), documents, reader
        )
    return decks, cards


def _read_card_file(
    root: Path,
    game_doc: YamlDocument,
    where: tuple[str | int, ...],
    file: str,
    owner: tuple[str, str],
    documents: dict[str, YamlDocument],
    reader: _Reader,
) -> list[Card]:
    """The cards of `file`, which game.yaml names at `where`, for an age or a deck (`owner`: "age"
    or "deck" and its id), each problem of the file reported at its place."""
    path = root / file
    problem = path_problem(path)
    if problem is not None:
        reader.diagnostics.append(
            game_doc.diagnostic(
                where,
                f"no card file can have this name: {problem}",
                code="pack",
                hint="name the card file in a few words, e.g. bronze.yaml",
            )
        )
        return []
    if not is_file(path):
        reader.diagnostics.append(
            game_doc.diagnostic(
                where,
                f'the card file "{file}" does not exist',
                code="pack",
                hint=f"create {_display(path)} or correct the name",
            )
        )
        return []
    doc, problems = _read_checked(path, "cards")
    reader.diagnostics += problems
    if doc is None:
        return []
    documents[file] = doc
    key, name = owner
    if not isinstance(doc.data, dict):
        reader.diagnostics.append(
            _not_a_mapping(
                doc,
                f"the cards of {'an age' if key == 'age' else 'a deck'}",
                f'start it with "{key}: {name}" and "cards:", the list of cards indented under it',
            )
        )
        return []
    reader.diagnostics += _says_owner(doc, key, name)
    raw_cards = doc.data.get("cards")
    # not a list: the schema reports it at its place
    cards = []
    for i, raw in enumerate(raw_cards if isinstance(raw_cards, list) else []):
        card = _read_card(name, doc, i, raw, reader)
        if card is not None:
            cards.append(card)
    return cards


def _says_owner(doc: YamlDocument, key: str, name: str) -> list[Diagnostic]:
    """A card file says which age (`age:`) or deck (`deck:`) it holds: the one game.yaml
    names it for."""
    other = "deck" if key == "age" else "age"
    said = doc.data.get(key)
    if said is None and doc.data.get(other) is not None:
        what = f'the {key} "{name}"'
        return [
            doc.diagnostic(
                (other,),
                f"this file says {other}: {doc.data.get(other)}, but game.yaml names it for {what}",
                code="pack",
                key=True,
                hint=f"write {key}: {name}",
            )
        ]
    if said not in (None, name):
        return [
            doc.diagnostic(
                (key,),
                f'this file says {key} "{said}" but game.yaml names it for "{name}"',
                code="pack",
                hint=f"write {key}: {name}",
            )
        ]
    return []


def _not_a_mapping(doc: YamlDocument, what: str, hint: str) -> Diagnostic:
    """A pack file that is a list or a single value where a mapping of keys is wanted: read as
    nothing, it would pass without a word (an age with no cards, a game of nothing)."""
    kind = "a list" if isinstance(doc.data, list) else "a single value"
    return doc.diagnostic((), f"this file holds {kind}, not {what}", code="pack", hint=hint)


def _read_card(age: str, doc: YamlDocument, index: int, raw: Any, reader: _Reader) -> Card | None:
    """One card of a file (`age`: the age's id or the deck's name)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        return None
    base = ("cards", index)
    source = Source(doc, base)
    cost = reader.parse(Source(doc, (*base, "cost")), str(raw.get("cost", "")), "cost")
    bonus = reader.parse(Source(doc, (*base, BONUS)), str(raw.get(BONUS) or ""), "cost")
    rules = reader.parse(Source(doc, (*base, "rules")), raw.get("rules") or "", "rules")
    points: Any = raw.get("points", 0)
    if isinstance(points, str):
        points = reader.parse(Source(doc, (*base, "points")), points, "number")
    if cost is None or bonus is None or rules is None or points is None:
        return None
    copies = raw.get("copies", 1)
    gold = raw.get(PRICE)
    kind = raw.get("type")  # not a string: the schema reports it, the checks skip it
    return Card(
        age,
        str(raw.get("id") or slug(raw["name"])),
        raw["name"],
        kind if isinstance(kind, str) else "",
        copies if isinstance(copies, int) else 1,
        cost,
        gold if isinstance(gold, int) else None,
        points if not isinstance(points, bool) else 0,
        bonus,
        rules,
        source,
        _players(raw.get("players")),
        written_values(raw.get("numbers")),
    )


def _players(value: Any) -> tuple[tuple[int, int], ...]:
    """A card's `players:` as (from this many players, copies), fewest first: a number N is
    every copy from N players up (the schema reports any other shape; read as no limit)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return ((value, 20),)
    if not isinstance(value, dict):
        return ()
    pairs = []
    for least, copies in value.items():
        if str(least).isdigit() and isinstance(copies, int) and not isinstance(copies, bool):
            pairs.append((int(least), copies))
    return tuple(sorted(pairs))


def _read_tokens(doc: YamlDocument, game: dict[str, Any], reader: _Reader) -> list[Token]:
    tokens = []
    achievements = game.get("achievements") or {}
    for i, entry in enumerate(achievements.get("tokens") or []):
        if not isinstance(entry, dict) or not isinstance(entry.get("value"), int):
            continue
        source = Source(doc, ("achievements", "tokens", i, "condition"))
        condition = reader.parse(source, entry.get("condition"), "condition")
        if condition is None:
            continue
        ages = entry.get("ages")
        tokens.append(
            Token(
                entry["value"],
                condition,
                tuple(map(str, ages)) if isinstance(ages, list) else None,
                source,
            )
        )
    return tokens


def files_stamp(paths: Sequence[Path]) -> tuple[tuple[str, int, int, int], ...]:
    """(path, size, modification time, inode) of each file; -1s for a file that is gone."""
    out = []
    for path in sorted(set(paths)):
        try:
            st = path.stat()
        except OSError:
            out.append((str(path), -1, -1, -1))
            continue
        out.append((str(path), st.st_size, st.st_mtime_ns, st.st_ino))
    return tuple(out)
