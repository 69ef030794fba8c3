"""Safe YAML loading that remembers where every value came from.

`load_yaml` turns a pack file into plain Python data (dicts, lists, str, int, float, bool, None)
plus the position of every value, so later checks can point at the exact line and column.
Nothing here raises on bad input: every problem is a located `Diagnostic`.

The data is built from the parser's events (never `yaml.load`), which lets us refuse alias
bombs, absurd nesting and unknown tags before anything is expanded.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import yaml

from .bounds import too_many_digits
from .diagnostics import Diagnostic, Severity, did_you_mean

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 100
MAX_NODES = 100_000

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# YAML 1.1 line breaks, as the scanner counts lines.
_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
# Characters YAML refuses to read (the reader's printable set, inverted).
_NON_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
# Anchor and tag properties written before a scalar ("&base ", "!!str ").
_PROPERTIES = re.compile(r"(?:[&!]\S*[ \t]+)*")

_STD = "tag:yaml.org,2002:"
_SCALAR_BUILDERS = {
    _STD + "str": None,
    _STD + "int": "construct_yaml_int",
    _STD + "float": "construct_yaml_float",
    _STD + "bool": "construct_yaml_bool",
    _STD + "null": "construct_yaml_null",
}
# Implicitly resolved only: kept as the text the designer wrote.
_AS_TEXT = {_STD + "timestamp", _STD + "merge"}
_MERGE_KEY = "<<"


@dataclass(frozen=True)
class SourceFile:
    """The text of one file and the name it is reported under."""

    path: str
    text: str

    @cached_property
    def lines(self) -> list[str]:
        """The lines of the text, split where YAML counts a line break."""
        return _BREAK.split(self.text)

    def line_text(self, line: int) -> str:
        """The text of a 1-based line without its line break; "" when out of range."""
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""


@dataclass(eq=False, slots=True)
class _Node:
    """Where a value sits in the file; positions are 0-based (line, column) as in YAML marks."""

    kind: str  # "scalar" | "seq" | "map"
    start: tuple[int, int]
    end: tuple[int, int]
    style: str | None = None  # scalars: None (plain), "'", '"', "|" or ">"
    text: str = ""  # scalars: the value as parsed, before type resolution
    items: list[_Node] = field(default_factory=list)
    entries: dict[str, tuple[_Node, _Node]] = field(default_factory=dict)  # key -> (key, value)
    size: int = 1  # number of values once aliases are expanded


@dataclass
class YamlDocument:
    """A loaded YAML file: its plain data and the position of every value in it."""

    source: SourceFile
    data: Any
    root: _Node | None = field(default=None, repr=False)

    def position(self, path: tuple[str | int, ...], key: bool = False) -> tuple[int, int]:
        """1-based (line, column) of the value at `path` (or its key), else of its ancestor."""
        node, _ = self._locate(path, key)
        return (node.start[0] + 1, node.start[1] + 1) if node else (1, 1)

    def text_position(self, path: tuple[str | int, ...], line: int, column: int) -> tuple[int, int]:
        """The file position of a 1-based (line, column) inside the string scalar at `path`."""
        node, exact = self._locate(path, False)
        if node is not None and exact and node.kind == "scalar":
            found = _text_position(self.source, node, line, column)
            if found:
                return found
        return (node.start[0] + 1, node.start[1] + 1) if node else (1, 1)

    def diagnostic(
        self,
        path: tuple[str | int, ...],
        message: str,
        *,
        code: str,
        severity: Severity = "error",
        hint: str | None = None,
        key: bool = False,
    ) -> Diagnostic:
        """A diagnostic placed at the value at `path` (or its key), with its source line."""
        node, _ = self._locate(path, key)
        line, column = (node.start[0] + 1, node.start[1] + 1) if node else (1, 1)
        end_column = None
        if node and node.start[0] == node.end[0] and node.end[1] > node.start[1]:
            end_column = node.end[1] + 1
        return Diagnostic(
            severity,
            code,
            message,
            file=self.source.path,
            line=line,
            column=column,
            end_column=end_column,
            hint=hint,
            source_line=self.source.line_text(line),
        )

    def _locate(self, path: tuple[str | int, ...], key: bool) -> tuple[_Node | None, bool]:
        """The node at `path` (or the deepest existing ancestor) and whether the path exists."""
        node, key_node = self.root, None
        if node is None:
            return None, False
        for step in path:
            if node.kind == "map" and isinstance(step, str) and step in node.entries:
                key_node, node = node.entries[step]
            elif (
                node.kind == "seq"
                and isinstance(step, int)
                and not isinstance(step, bool)
                and 0 <= step < len(node.items)
            ):
                key_node, node = None, node.items[step]
            else:
                return node, False
        if key and key_node is not None:
            return key_node, True
        return node, True


def load_yaml(
    path: str | os.PathLike[str], display_path: str | None = None
) -> tuple[YamlDocument | None, list[Diagnostic]]:
    """Load one YAML file safely; problems come back as diagnostics, never as exceptions."""
    shown = display_path if display_path is not None else os.fspath(path)

    def fail(
        message: str, hint: str | None = None, code: str = "file"
    ) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic("error", code, message, file=shown, hint=hint)]

    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            return fail("this is a folder, not a YAML file")
        if not stat.S_ISREG(info.st_mode):  # a pipe or a device could block or never end
            return fail("this is not a regular file (a device, pipe or socket)")
        if info.st_size > MAX_BYTES:
            return None, [_too_large(shown, info.st_size)]
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return fail("file not found", _similar_file(os.fspath(path)))
    except OSError as error:
        return fail(f"cannot read the file: {error.strerror or error}")
    return load_yaml_text(data, shown)


def load_yaml_text(
    text_or_bytes: str | bytes, display_path: str
) -> tuple[YamlDocument | None, list[Diagnostic]]:
    """Load YAML from text or bytes (UTF-8, an optional BOM) under the name `display_path`."""
    if isinstance(text_or_bytes, bytes):
        if len(text_or_bytes) > MAX_BYTES:
            return None, [_too_large(display_path, len(text_or_bytes))]
        raw = text_or_bytes.removeprefix(b"\xef\xbb\xbf")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            return None, [_bad_utf8(display_path, raw, error.start)]
    else:
        text = text_or_bytes.removeprefix("\ufeff")
        if len(text) > MAX_BYTES // 4:  # shorter texts cannot reach the limit in UTF-8
            size = len(text.encode("utf-8", "surrogatepass"))
            if size > MAX_BYTES:
                return None, [_too_large(display_path, size)]
    source = SourceFile(display_path, text)

    bad = _NON_PRINTABLE.search(text)
    if bad:
        line, column = _line_column(text, bad.start())
        return None, [
            Diagnostic(
                "error",
                "encoding",
                f"the character U+{ord(bad.group()):04X} is not allowed in YAML",
                file=display_path,
                line=line,
                column=column,
                source_line=source.line_text(line),
                hint="remove it: it is an invisible control character",
            )
        ]

    composer = _Composer(source)
    try:
        root = composer.compose()
    except _Fatal as fatal:
        return None, [*composer.problems, fatal.diagnostic]
    except yaml.MarkedYAMLError as error:
        return None, [*composer.problems, _syntax_diagnostic(error, source)]
    except yaml.YAMLError as error:  # reader errors carry no mark
        return None, [
            *composer.problems,
            Diagnostic("error", "yaml", f"invalid YAML: {error}", file=display_path),
        ]
    if root is None:
        return None, [
            Diagnostic(
                "error",
                "yaml",
                "the file is empty",
                file=display_path,
                line=1,
                column=1,
                source_line=source.line_text(1),
                hint="a pack file holds a YAML mapping of keys and values",
            )
        ]
    node, data = root
    return YamlDocument(source, data, node), composer.problems


# --- composing: parser events -> plain data + nodes --------------------------------------------


class _Fatal(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


@dataclass(slots=True)
class _Frame:
    """An open list or mapping while its events are being read."""

    node: _Node
    value: Any
    anchor: str | None
    key: _Node | None = None  # the key waiting for its value
    key_text: str | None = None  # None: skip the entry (an invalid key)
    merges: list[tuple[_Node, Any]] = field(default_factory=list)


class _Composer:
    """Builds plain data and position nodes from parser events, iteratively and within limits."""

    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self.problems: list[Diagnostic] = []
        self.anchors: dict[str, tuple[_Node, Any]] = {}
        self.open_anchors: set[str] = set()
        self.total = 0
        self.loader: Any = None

    def compose(self) -> tuple[_Node, Any] | None:
        self.loader = _Loader(self.source.text)
        try:
            self.loader.get_event()  # stream start
            if self.loader.check_event(yaml.StreamEndEvent):
                return None
            self.loader.get_event()  # document start
            root = self._document()
            self.loader.get_event()  # document end
            if not self.loader.check_event(yaml.StreamEndEvent):
                event = self.loader.peek_event()
                raise _Fatal(
                    self._at(
                        event.start_mark,
                        "the file holds more than one YAML document",
                        code="yaml",
                        hint='remove the "---" line: a pack file is one document',
                    )
                )
        finally:
            self.loader.dispose()
        node, data = root
        if node.kind == "scalar" and node.style is None and node.text == "" and data is None:
            return None
        return root

    def _document(self) -> tuple[_Node, Any]:
        stack: list[_Frame] = []
        while True:
            event = self.loader.get_event()
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                stack.append(self._open(event, len(stack)))
                continue
            if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                node, value = self._close(stack.pop(), event)
            elif isinstance(event, yaml.AliasEvent):
                node, value = self._alias(event)
            else:
                is_key = bool(stack) and stack[-1].node.kind == "map" and stack[-1].key is None
                node, value = self._scalar(event, is_key)
            if not stack:
                return node, value
            self._attach(stack[-1], node, value)

    def _open(self, event: Any, depth: int) -> _Frame:
        if depth >= MAX_DEPTH:
            raise _Fatal(
                self._at(
                    event.start_mark,
                    f"the data is nested more than {MAX_DEPTH} levels deep",
                    code="yaml-limit",
                    hint="a pack file needs only a few levels",
                )
            )
        is_map = isinstance(event, yaml.MappingStartEvent)
        self._check_tag(event, _STD + ("map" if is_map else "seq"))
        self._count(1, event.start_mark)
        node = _Node("map" if is_map else "seq", _mark(event.start_mark), _mark(event.end_mark))
        if event.anchor is not None:
            self.open_anchors.add(event.anchor)
        return _Frame(node, {} if is_map else [], event.anchor)

    def _close(self, frame: _Frame, event: Any) -> tuple[_Node, Any]:
        frame.node.end = _mark(event.end_mark)
        for merge_node, merge_value in frame.merges:
            self._merge(frame, merge_node, merge_value)
        result = (frame.node, frame.value)
        if frame.anchor is not None:
            self.open_anchors.discard(frame.anchor)
            self.anchors[frame.anchor] = result
        return result

    def _scalar(self, event: Any, is_key: bool) -> tuple[_Node, Any]:
        node = _Node(
            "scalar",
            _mark(event.start_mark),
            _mark(event.end_mark),
            style=event.style or None,
            text=event.value,
        )
        self._count(1, event.start_mark)
        value: Any = event.value
        if not is_key:  # keys stay as written: `yes:` is the key "yes", not True
            value = self._scalar_value(event)
        if event.anchor is not None:
            self.anchors[event.anchor] = (node, value)
        return node, value

    def _scalar_value(self, event: Any) -> Any:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
            if tag in _AS_TEXT:
                return event.value
        elif not self._check_tag(event, *_SCALAR_BUILDERS):
            return event.value
        builder = _SCALAR_BUILDERS.get(tag)
        if builder is None:
            return event.value
        if tag == _STD + "int" and too_many_digits(event.value.replace("_", "")):
            # kept as written: the check of the value it is (a card's points, a cost) places
            # the error; Python would refuse to convert more than 4,300 digits anyway
            return event.value
        try:
            return getattr(self.loader, builder)(yaml.ScalarNode(tag, event.value))
        except (ValueError, KeyError, TypeError, yaml.YAMLError):
            self.problems.append(
                self._at(
                    event.start_mark,
                    f'"{event.value}" is not a valid {_short_tag(tag)} value',
                    code="yaml-tag",
                )
            )
            return event.value

    def _check_tag(self, event: Any, *allowed: str) -> bool:
        if event.tag in (None, "!", *allowed):
            return True
        self.problems.append(
            self._at(
                event.start_mark,
                f'unsupported YAML tag "{_short_tag(event.tag)}"',
                code="yaml-tag",
                hint=(
                    "remove the tag: pack files hold text, numbers, true/false, lists and mappings"
                ),
            )
        )
        return False

    def _alias(self, event: Any) -> tuple[_Node, Any]:
        name = event.anchor
        problem: tuple[str, str | None]
        if name in self.open_anchors:
            problem = (f'the alias "*{name}" refers to a value that contains it', None)
        elif name not in self.anchors:
            problem = (
                f'unknown alias "*{name}"',
                did_you_mean(name, self.anchors)
                or f'define it first with "&{name}" before a value',
            )
        else:
            node, value = self.anchors[name]
            self._count(node.size, event.start_mark, alias=name)
            return node, value
        self.problems.append(
            self._at(event.start_mark, problem[0], code="yaml-alias", hint=problem[1])
        )
        return _Node("scalar", _mark(event.start_mark), _mark(event.end_mark)), None

    def _attach(self, frame: _Frame, node: _Node, value: Any) -> None:
        frame.node.size += node.size
        if frame.node.kind == "seq":
            frame.node.items.append(node)
            frame.value.append(value)
            return
        if frame.key is None:
            frame.key, frame.key_text = node, self._key_text(node)
            return
        key, key_text = frame.key, frame.key_text
        frame.key = frame.key_text = None
        if key_text is None:
            return
        if key_text == _MERGE_KEY and key.style is None:
            frame.merges.append((node, value))
            return
        if key_text in frame.node.entries:
            first_line = frame.node.entries[key_text][0].start[0] + 1
            self.problems.append(
                self._at(
                    key.start,
                    f'duplicate key "{key_text}" (first defined at line {first_line})',
                    code="duplicate-key",
                    hint="remove one of them or rename it",
                )
            )
            return
        frame.node.entries[key_text] = (key, node)
        frame.value[key_text] = value

    def _key_text(self, node: _Node) -> str | None:
        if node.kind == "scalar":
            return node.text
        self.problems.append(
            self._at(
                node.start,
                "a mapping key must be a single value, not a list or a mapping",
                code="yaml",
            )
        )
        return None

    def _merge(self, frame: _Frame, node: _Node, value: Any) -> None:
        sources = [(node, value)]
        if node.kind == "seq":
            sources = list(zip(node.items, value, strict=True))
        for source_node, source_value in sources:
            if source_node.kind != "map":
                self.problems.append(
                    self._at(
                        source_node.start,
                        'the merge key "<<" needs a mapping or a list of mappings',
                        code="yaml",
                    )
                )
                continue
            for key_text, entry in source_node.entries.items():
                if key_text not in frame.node.entries:
                    frame.node.entries[key_text] = entry
                    frame.value[key_text] = source_value[key_text]

    def _count(self, size: int, mark: Any, alias: str | None = None) -> None:
        # Sizes are memoised on nodes, so an alias bomb is refused at its first big alias.
        self.total += size
        if self.total <= MAX_NODES:
            return
        if alias is None:
            raise _Fatal(
                self._at(
                    mark,
                    f"the file holds more than {MAX_NODES:,} values",
                    code="yaml-limit",
                    hint="split it into smaller files",
                )
            )
        raise _Fatal(
            self._at(
                mark,
                f'the alias "*{alias}" expands the file to more than {MAX_NODES:,} values',
                code="yaml-limit",
                hint="aliases that repeat aliases grow exponentially "
                '(a "billion laughs" document); write the values out',
            )
        )

    def _at(self, mark: Any, message: str, *, code: str, hint: str | None = None) -> Diagnostic:
        line, column = (mark[0], mark[1]) if isinstance(mark, tuple) else (mark.line, mark.column)
        return Diagnostic(
            "error",
            code,
            message,
            file=self.source.path,
            line=line + 1,
            column=column + 1,
            hint=hint,
            source_line=self.source.line_text(line + 1),
        )


def _mark(mark: Any) -> tuple[int, int]:
    return (mark.line, mark.column)


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_STD) :] if tag.startswith(_STD) else tag


# --- positions inside a string scalar -----------------------------------------------------------


def _text_position(
    source: SourceFile, node: _Node, line: int, column: int
) -> tuple[int, int] | None:
    """Map (line, column) inside the scalar's value to the file, or None when it cannot."""
    value_lines = node.text.split("\n")
    if not 1 <= line <= len(value_lines) or column < 1:
        return None
    if node.style == "|":
        return _literal_position(source, node, value_lines, line, column)
    offset = sum(len(text) + 1 for text in value_lines[: line - 1]) + column - 1
    if node.start[0] == node.end[0] and node.style != ">":
        return _one_line_position(source, node, offset)
    return _aligned_position(source, node, offset)


def _value_start(source: SourceFile, node: _Node) -> tuple[str, int]:
    """The scalar's first source line and the column where its text (or opening quote) starts."""
    raw = source.line_text(node.start[0] + 1)
    head = raw[node.start[1] :]
    return raw, node.start[1] + _PROPERTIES.match(head).end()  # type: ignore[union-attr]


def _one_line_position(source: SourceFile, node: _Node, offset: int) -> tuple[int, int] | None:
    raw, first = _value_start(source, node)
    line = node.start[0] + 1
    if node.style is None:
        return (line, first + min(offset, len(node.text)) + 1)
    columns = _quoted_columns(raw, first, node.end[1], node.style)
    if len(columns) != len(node.text):
        return None
    return (line, (columns[offset] if offset < len(columns) else node.end[1] - 1) + 1)


def _quoted_columns(raw: str, first: int, end: int, style: str | None) -> list[int]:
    """The source column of each character of a one-line quoted scalar's value."""
    columns: list[int] = []
    widths = {"x": 4, "u": 6, "U": 10}
    i = first + 1
    while i < end - 1:
        columns.append(i)
        if style == "'" and raw[i] == "'":
            i += 2
        elif style == '"' and raw[i] == "\\":
            i += widths.get(raw[i + 1] if i + 1 < len(raw) else "", 2)
        else:
            i += 1
    return columns


def _literal_position(
    source: SourceFile, node: _Node, value_lines: list[str], line: int, column: int
) -> tuple[int, int] | None:
    # Value line k is file line header + k; the indentation is what the source adds to a line.
    header = node.start[0] + 1
    for k, text in enumerate(value_lines, start=1):
        if text:
            raw = source.line_text(header + k)
            if not raw.endswith(text):
                return None
            return (header + line, len(raw) - len(text) + column)
    return (header + line, column)


def _aligned_position(source: SourceFile, node: _Node, offset: int) -> tuple[int, int] | None:
    """Best effort for folded and multi-line scalars: find each source line's text in the value."""
    quote = 1 if node.style in ("'", '"') else 0
    first_line = node.start[0] + (1 if node.style == ">" else 0)
    last_line = node.end[0] - (1 if node.end[1] == 0 and node.end[0] > node.start[0] else 0)
    best, pointer = None, 0
    for file_line in range(first_line, last_line + 1):
        raw = source.line_text(file_line + 1)
        begin = _value_start(source, node)[1] + quote if file_line == node.start[0] else 0
        stop = node.end[1] - quote if file_line == node.end[0] else len(raw)
        piece = raw[begin:stop]
        stripped = piece.lstrip(" \t")
        begin += len(piece) - len(stripped)
        stripped = stripped.rstrip(" \t")
        found = node.text.find(stripped, pointer) if stripped else -1
        if found < 0:
            continue
        pointer = found + len(stripped)
        if found <= offset:
            best = (file_line + 1, begin + min(offset - found, len(stripped)) + 1)
    return best


# --- error messages -----------------------------------------------------------------------------


def _similar_file(path: str) -> str | None:
    folder, name = os.path.split(path)
    try:
        names = [n for n in os.listdir(folder or ".") if n.endswith((".yaml", ".yml"))]
    except OSError:
        return None
    return did_you_mean(name, names)


def _too_large(path: str, size: int) -> Diagnostic:
    return Diagnostic(
        "error",
        "yaml-limit",
        f"the file is too large ({size / 2**20:.1f} MB; the limit is {MAX_BYTES // 2**20} MB)",
        file=path,
    )


def _bad_utf8(path: str, raw: bytes, index: int) -> Diagnostic:
    line = raw.count(b"\n", 0, index) + 1
    line_start = raw.rfind(b"\n", 0, index) + 1
    line_end = raw.find(b"\n", index)
    column = len(raw[line_start:index].decode("utf-8")) + 1
    source_line = raw[line_start : line_end if line_end >= 0 else len(raw)].decode(
        "utf-8", "replace"
    )
    return Diagnostic(
        "error",
        "encoding",
        f"the byte 0x{raw[index]:02X} is not valid UTF-8",
        file=path,
        line=line,
        column=column,
        source_line=source_line.rstrip("\r"),
        hint="save the file as UTF-8",
    )


def _line_column(text: str, index: int) -> tuple[int, int]:
    line, line_start = 1, 0
    for found in _BREAK.finditer(text, 0, index):
        line, line_start = line + 1, found.end()
    return line, index - line_start + 1


# (fragment of the problem, fragment of the context or "", message, hint, place at context)
_SYNTAX: list[tuple[str, str, str, str | None, bool]] = [
    (
        "end of stream",
        "quoted scalar",
        "this quoted text is never closed",
        "add the closing quote",
        True,
    ),
    (
        "mapping values are not allowed",
        "",
        'a ": " is not allowed here',
        "if the colon belongs to the text, put the whole value in quotes; "
        "otherwise check the indentation of this line",
        False,
    ),
    (
        "sequence entries are not allowed",
        "",
        'a list item ("- ") cannot start here',
        "start the list on its own line, indented under its key",
        False,
    ),
    (
        "expected key",
        "block mapping",
        "this line is not aligned with the keys around it",
        "indent it like the other keys of the mapping that starts at line {context_line}",
        False,
    ),
    (
        "expected <block end>",
        "block mapping",
        "this line is not aligned with the keys around it",
        "indent it like the other keys of the mapping that starts at line {context_line}",
        False,
    ),
    (
        "'-' indicator",
        "block collection",
        'expected a list item ("- ") here',
        "indent it like the items of the list that starts at line {context_line}",
        False,
    ),
    (
        "expected <block end>",
        "block collection",
        'expected a list item ("- ") here',
        "indent it like the items of the list that starts at line {context_line}",
        False,
    ),
    (
        "',' or ']'",
        "",
        'expected "," or "]" in the list opened at line {context_line}',
        'separate the items with "," and close the list with "]"',
        False,
    ),
    (
        "',' or '}'",
        "",
        'expected "," or "}}" in the mapping opened at line {context_line}',
        'separate the entries with "," and close the mapping with "}}"',
        False,
    ),
    (
        "cannot start any token",
        "",
        '"{char}" cannot start a value',
        'put the value in quotes, e.g. "{char}..."',
        False,
    ),
    (
        "unknown escape character",
        "",
        "unknown escape sequence in double-quoted text",
        'write "\\\\" for a backslash, or use single quotes',
        False,
    ),
    (
        "incompatible YAML document",
        "",
        "unsupported %YAML version directive",
        "remove the %YAML line",
        False,
    ),
]


def _deep_opening(source: SourceFile) -> tuple[int, int]:
    """Where flow brackets first open the MAX_DEPTH-th level (quotes aside)."""
    depth = 0
    for number, line in enumerate(source.lines, start=1):
        for column, char in enumerate(line, start=1):
            if char in "[{":
                depth += 1
                if depth >= MAX_DEPTH:
                    return number, column
            elif char in "]}":
                depth -= 1
    return 1, 1


def _syntax_diagnostic(error: yaml.MarkedYAMLError, source: SourceFile) -> Diagnostic:
    """A YAML syntax error in plain words, with the caret where the designer must look."""
    problem, context = error.problem or "", error.context or ""
    mark = error.problem_mark or error.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    context_line = error.context_mark.line + 1 if error.context_mark else line
    text = source.line_text(line)
    char = text[column - 1] if 0 < column <= len(text) else ""
    indent = text[: len(text) - len(text.lstrip(" \t"))]

    def located(message: str, hint: str | None, at: tuple[int, int]) -> Diagnostic:
        return Diagnostic(
            "error",
            "yaml",
            message,
            file=source.path,
            line=at[0],
            column=at[1],
            hint=hint,
            source_line=source.line_text(at[0]),
        )

    if "nesting depth" in problem:  # libyaml's own limit (PyYAML 6.0.4 and later)
        at = _deep_opening(source)
        return Diagnostic(
            "error",
            "yaml-limit",
            f"the data is nested more than {MAX_DEPTH} levels deep",
            file=source.path,
            line=at[0],
            column=at[1],
            hint="a pack file needs only a few levels",
            source_line=source.line_text(at[0]),
        )
    if "\t" in indent or char == "\t" or "tab" in problem:
        tab_column = indent.index("\t") + 1 if "\t" in indent else column
        return located(
            "tabs are not allowed for indentation in YAML; use spaces", None, (line, tab_column)
        )
    for fragment, in_context, message, hint, at_context in _SYNTAX:
        if fragment in problem and in_context in context:
            fields = {"char": char, "context_line": context_line}
            where = (line, column)
            at_end = line >= len(source.lines) and not text.strip()  # point at what is left open
            if (at_context or at_end) and error.context_mark:
                where = (error.context_mark.line + 1, error.context_mark.column + 1)
            return located(message.format(**fields), hint and hint.format(**fields), where)
    detail = f" ({context}, line {context_line})" if context else ""
    return located(f"invalid YAML: {problem or error}{detail}", None, (line, column))
