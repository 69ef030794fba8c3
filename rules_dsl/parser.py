"""Parse rules text into the syntax tree of `rules_dsl.ast`, or into located diagnostics.

The grammar (`grammar.lark`) is compiled once per process (LALR, contextual lexer) and kept
sealed in the caches' folder (`cache_files`). A Transformer pass with positions builds the
frozen dataclasses; nothing downstream sees a `lark.Tree`.
"""

from __future__ import annotations

import difflib
import hashlib
import io
import re
import sys
from collections.abc import Iterator
from dataclasses import replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal, cast

import lark
from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from . import ast
from .bounds import MOST_DIGITS, RULE_NUMBER_LIMIT
from .cache_files import cache_dir, read_sealed, write_sealed
from .diagnostics import Diagnostic, did_you_mean
from .errors import AgesmithError
from .grammar_words import strength_kinds, verbs
from .layout import IndentationError_, RulesLayout

Start = Literal["rules", "cost", "number", "condition"]
STARTS: tuple[Start, ...] = ("rules", "cost", "number", "condition")

MAX_TEXT = 20_000  # characters in one rules text
MAX_NESTING = 60  # brackets and blocks deep


MAX_GRAMMAR_BYTES = 8 * 1024 * 1024  # the compiled grammar is about 0.5 MB


@cache
def _grammar_version() -> str:
    """A hash of what the compiled tables depend on: the grammar, the options given to Lark
    (this file), Lark and Python."""
    grammar = (Path(__file__).parent / "grammar.lark").read_bytes() + Path(__file__).read_bytes()
    versions = f"lark {lark.__version__} python {sys.version_info[:2]}".encode()
    return hashlib.sha256(grammar + b"\0" + versions).hexdigest()


def grammar_file() -> Path:
    """Where the compiled grammar is kept (named after its version)."""
    return cache_dir() / f"grammar-{_grammar_version()[:16]}.pickle"


@cache
def _lark() -> Lark:
    """The compiled grammar: a sealed copy from the caches' folder, else compiled (a third of
    a second) and kept there. Lark's own `cache=True` would keep a pickle in the shared
    temporary folder, written through a link found there and loaded whoever wrote it."""
    path, version = grammar_file(), _grammar_version()
    stored = read_sealed(path, MAX_GRAMMAR_BYTES, version)
    if stored is not None:
        try:  # sealed by this user's key: a pickle this user's process wrote
            return Lark.__new__(Lark)._load(io.BytesIO(stored), postlex=_Layout())
        except Exception:  # a copy this version of Lark cannot read: compile again
            pass
    compiled = Lark.open_from_package(
        "rules_dsl",
        "grammar.lark",
        ("",),
        parser="lalr",
        lexer="contextual",
        start=list(STARTS),
        postlex=_Layout(),
        propagate_positions=True,
        maybe_placeholders=True,
    )
    kept = io.BytesIO()
    compiled.save(kept, exclude_options=("postlex",))  # the post-lexer is passed on load
    write_sealed(path, kept.getvalue(), version)
    return compiled


class _Layout(RulesLayout):
    """The layout post-lexer, with each end of a block placed where the block's text ends, so
    that a statement's span stops at its last word, not at the start of the next line."""

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        last: Token | None = None
        for token in super().process(stream):
            if token.type == "_DEDENT" and last is not None:
                token = Token(
                    "_DEDENT",
                    "",
                    last.end_pos,
                    last.end_line,
                    last.end_column,
                    last.end_line,
                    last.end_column,
                    last.end_pos,
                )
            elif token.type not in ("_NL", "_INDENT", "_DEDENT"):
                last = token
            yield token


class ParseError(AgesmithError):
    """Rules text that does not parse; carries the diagnostic (relative to the text)."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def parse(text: str, start: Start = "rules") -> Any:
    """Parse `text` from the entry point `start`; raise ParseError with a located diagnostic."""
    problem = _precheck(text)
    if problem is not None:
        raise ParseError(problem)
    if start != "rules":
        text = text.rstrip()  # a YAML value often ends with a line break
    try:
        tree = _lark().parse(text, start=start)
    except IndentationError_ as e:
        raise ParseError(
            _diag(text, e.token.end_line or e.token.line or 1, 1, e.message, e.hint)
        ) from None
    except UnexpectedInput as e:
        raise ParseError(_unexpected(text, e, start)) from None
    except RecursionError:
        raise ParseError(
            _diag(
                text, 1, 1, "this rule is nested too deeply", f"nest at most {MAX_NESTING} levels"
            )
        ) from None
    try:
        return _Builder().transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, RecursionError):  # met inside a rule's callback
            raise ParseError(
                _diag(
                    text,
                    1,
                    1,
                    "this rule is nested too deeply",
                    f"nest at most {MAX_NESTING} levels",
                )
            ) from None
        if isinstance(e.orig_exc, _Misplaced):
            tok = e.orig_exc.token
            line, column = tok.line or 1, tok.column or 1
            raise ParseError(
                _diag(
                    text,
                    line,
                    column,
                    f"unexpected {str(tok)!r}",
                    e.orig_exc.hint,
                    column + len(tok),
                )
            ) from None
        if isinstance(e.orig_exc, UnexpectedOtherwise):
            span = e.orig_exc.span
            line, column = (span.line, span.column) if span else (1, 1)
            raise ParseError(
                _diag(
                    text,
                    line,
                    column,
                    '"otherwise" without an "if" before it',
                    'put "otherwise:" right after the block of an "if"',
                    column + len("otherwise"),
                )
            ) from None
        raise
    except RecursionError:
        raise ParseError(
            _diag(
                text, 1, 1, "this rule is nested too deeply", f"nest at most {MAX_NESTING} levels"
            )
        ) from None


@lru_cache(maxsize=4096)
def try_parse(text: str, start: Start = "rules") -> tuple[Any | None, Diagnostic | None]:
    """Like `parse`, but returns (tree, None) or (None, diagnostic).

    Results are cached by text: trees are immutable and their spans are relative to the text,
    so re-checking a pack after one card changed parses only that card.
    """
    if not text.strip() and start in ("rules", "cost"):
        return (ast.Rules(()) if start == "rules" else ast.Cost(())), None
    try:
        return parse(text, start), None
    except ParseError as e:
        return None, e.diagnostic


# ------------------------------------------------------------------ errors


def _diag(
    text: str,
    line: int,
    column: int,
    message: str,
    hint: str | None = None,
    end_column: int | None = None,
) -> Diagnostic:
    lines = text.split("\n")
    source = lines[line - 1] if 0 < line <= len(lines) else None
    return Diagnostic("error", "syntax", message, None, line, column, end_column, hint, source)


def _precheck(text: str) -> Diagnostic | None:
    """Refuse texts that would cost the parser too much before parsing them."""
    if len(text) > MAX_TEXT:
        return _diag(
            text,
            1,
            1,
            f"this rules text is {len(text):,} characters long",
            f"keep one text under {MAX_TEXT:,} characters; split it into cards or phases",
        )
    depth = 0
    line, column = 1, 0
    for ch in text:
        column += 1
        if ch == "\n":
            line, column = line + 1, 0
        elif ch == "(":
            depth += 1
            if depth > MAX_NESTING:
                return _diag(
                    text,
                    line,
                    column,
                    "brackets are nested too deeply",
                    f"nest at most {MAX_NESTING} levels",
                )
        elif ch == ")":
            depth = max(0, depth - 1)
    problem = _long_number(text)
    if problem is not None:
        return problem
    indents = {len(x) - len(x.lstrip(" ")) for x in text.split("\n") if x.strip()}
    if len(indents) > MAX_NESTING:
        return _diag(
            text, 1, 1, "blocks are nested too deeply", f"nest at most {MAX_NESTING} levels"
        )
    return None


# A quoted card name (whose digits are not a number) or a run of digits longer than any bound.
_LONG_NUMBER = re.compile(rf'"[^"\n]*"|[0-9]{{{MOST_DIGITS + 1},}}')


def _long_number(text: str) -> Diagnostic | None:
    """A number too long to read: Python refuses to convert one of over 4,300 digits, and one
    of more than a dozen exceeds every bound anyway."""
    for found in _LONG_NUMBER.finditer(text):
        if found.group().startswith('"'):
            continue
        line, column = _position(text, found.start())
        digits = len(found.group())
        return _diag(
            text,
            line,
            column,
            f"this number has {digits:,} digits",
            f"a number in a rule is at most {RULE_NUMBER_LIMIT:,}",
            column + digits if "\n" not in found.group() else None,
        )
    return None


def _position(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


TERMINAL_WORDS = {
    "NAME": 'a card name in quotes ("The Fire")',
    "INT": "a number",
    "WORD": "a word",
    "SIGNED_INT": "a signed number (+1)",
    "EVENT": "an event (acquire, failure...)",
    "_NL": "the end of the line",
    "$END": "the end of the text",
    "COLON": '":"',
    "SEMICOLON": '";"',
    "COMMA": '","',
    "LPAR": '"("',
    "RPAR": '")"',
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "PLUS": '"+"',
    "MINUS": '"-"',
    "STAR": '"*"',
    "SLASH": '"/"',
    "__ANON_0": '"\'s"',
}


def _readable(terminal: str) -> str:
    if terminal in TERMINAL_WORDS:
        return TERMINAL_WORDS[terminal]
    try:
        pattern = _lark().get_terminal(terminal).pattern
    except KeyError:
        return terminal.lower()
    if pattern.type == "str":
        return f'"{pattern.value}"'
    return terminal.lower()


def _keywords(terminals: set[str]) -> list[str]:
    out = []
    for name in terminals:
        try:
            pattern = _lark().get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str" and pattern.value.isalpha():
            out.append(pattern.value)
    return out


def _expected_text(terminals: set[str]) -> str:
    names = sorted({_readable(t) for t in terminals})
    if len(names) > 8:
        keywords = [n for n in names if n.startswith('"')]
        others = [n for n in names if not n.startswith('"')]
        names = others + keywords[: max(0, 8 - len(others))] + ["..."]
    return ", ".join(names)


def _unexpected(text: str, e: UnexpectedInput, start: Start) -> Diagnostic:
    line = getattr(e, "line", 1) or 1
    column = getattr(e, "column", 1) or 1
    if isinstance(e, UnexpectedCharacters):
        pos = e.pos_in_stream or 0
        ch = text[pos] if pos < len(text) else ""
        hint = None
        if ch in "'‘’“”":
            hint = 'write card names in straight double quotes: "The Fire"'
        elif ch == '"':
            hint = 'close the card name with a double quote on the same line: "The Fire"'
        elif ch.isupper():
            hint = 'words are written in lower case; card names go in quotes: "The Fire"'
        elif ch == "\t":
            hint = "use spaces, not tabs"
        return _diag(text, line, column, f"unexpected character {ch!r}", hint, column + 1)
    if isinstance(e, UnexpectedEOF) or (
        isinstance(e, UnexpectedToken) and (e.token.type == "$END" or _at_the_end(text, e.token))
    ):
        expected = set(getattr(e, "expected", ()) or ())
        if isinstance(e, UnexpectedToken):
            expected = set(e.accepts or e.expected)
        last = text.rstrip().split("\n")
        line, column = len(last), len(last[-1]) + 1
        hint = f"expected {_expected_text(expected)}" if expected else None
        bracket = _open_bracket(text)
        if text.rstrip().endswith(":"):
            hint = "write what happens after the ':', on the same line or on indented lines below"
        elif bracket is not None and "RPAR" in expected:
            hint = f'close the "(" of line {bracket[0]}, column {bracket[1]}'
        return _diag(text, line, column, "the rule stops too early", hint)
    assert isinstance(e, UnexpectedToken)
    token = e.token
    expected = set(e.accepts or e.expected)
    value = str(token)
    if value == "X" and start == "rules":
        x = _x_in_a_step(text, line, column)
        if x is not None:
            return x
    if token.type == "COLON" and _word_before(text, line, column) == "otherwise":
        column -= (
            len("otherwise")
            + len(_line(text, line)[: column - 1])
            - len(_line(text, line)[: column - 1].rstrip())
        )
        return _diag(
            text,
            line,
            column,
            "unexpected 'otherwise'",
            _MISPLACED["otherwise"],
            column + len("otherwise"),
        )
    players = _THERE_ARE_PLAYERS.search(_line(text, line))
    if players is not None:
        comparator = players["cmp"] or "exactly "
        return _diag(
            text,
            line,
            players.start() + 1,
            'how many play is written "the number of players is ..."',
            f'write "the number of players is {comparator}{players["n"]}"',
            players.end() + 1,
        )
    misspelt = _misspelt_statement_word(text, line, column) or _misspelt_verb(
        text, line, column, expected, token.type
    )
    if misspelt is not None:
        word, word_column, hint = misspelt
        return _diag(
            text, line, word_column, f"unknown word {word!r}", hint, word_column + len(word)
        )
    shown = repr(value) if value else EMPTY_TOKENS.get(token.type, token.type)
    message = f"unexpected {shown}"
    end = column + len(value) if value and "\n" not in value else None
    hint = None
    if token.type == "WORD" or value.isalpha():
        hint = did_you_mean(value, _keywords(expected), quote='"')
    if (
        hint is None
        and value in _CONDITION_VERBS
        and re.search(r"\bowns?\b.*\bor\b", _line(text, line)[: column - 1])
    ):
        hint = (
            'an "or" after "own" adds to the things owned; to join two conditions, put the '
            'first in brackets: (you own "A") or the round is at least 2'
        )
    if hint is None and "EVENT" in expected:
        hint = 'a trigger names its event, then a colon: "on failure: ...", "on acquire: ..."'
    if hint is None and value in verbs():
        hint = _verb_in_a_name(value, _word_before(text, line, column))
    if hint is None and _continues_the_line_above(text, line, column):
        hint = (
            "this line is indented deeper than the line above, so it goes on with that "
            "line's statement; indent it like the line above to start a new statement"
        )
    if hint is None and expected:
        hint = f"expected {_expected_text(expected)}"
    return _diag(text, line, column, message, hint, end)


# "if there are 2 players": how many play is the fact "the number of players"
_THERE_ARE_PLAYERS = re.compile(
    r"\bthere (?:are|is) (?P<cmp>at least |at most |exactly |more than |fewer than )?"
    r"(?P<n>\d+) players?\b"
)


# A step written as a cost is ("gain X coin where X is ..."): the verb before X, what X counts
# and what follows it, and X's number when the step gives one.
_X_STEP = re.compile(
    r"(?P<lead>.*?)(?P<verb>[a-z]+) X\b(?P<rest>.*?)"
    r"(?:\bwhere X is\b(?P<x>.*?))?\s*(?P<colon>:?)\s*$"
)
_PREPOSITIONS = ("to", "from", "into", "onto", "by", "among", "on", "for", "under", "against")


def _x_in_a_step(text: str, line: int, column: int) -> Diagnostic | None:
    """The error of an X in a step: only a cost defines X ("cost: X population where X is
    ..."); a step says its number in place, and the hint rewrites the step so ("gain coin
    equal to ...", "repeat ... times:")."""
    here = _line(text, line)
    start = max(here.rfind(":", 0, column - 1), here.rfind(";", 0, column - 1)) + 1
    end = here.find(";", column)
    step = here[start : end if end >= 0 else len(here)]
    found = _X_STEP.match(step)
    if found is None or here.count('"', 0, start) % 2:
        return None
    verb, rest, number = found["verb"], found["rest"].split(), (found["x"] or "").strip()
    said = number or "<a number>"
    if verb == "repeat":
        rewritten = f"repeat {said} times:"
    else:
        cut = next((i for i, w in enumerate(rest) if w in _PREPOSITIONS), len(rest))
        thing, after = " ".join(rest[:cut]), " ".join(rest[cut:])
        lead = re.sub(r"^\s*then\b", "", found["lead"]).strip()  # "a; then b": rewrite b
        rewritten = f"{lead} {verb} {thing} equal to {said} {after}".strip()
        rewritten += found["colon"]
    where = ' with "where X is"' if number else ""
    last = start + found.end("x") if number else column
    return _diag(
        text,
        line,
        column,
        f"only a cost says X{where}: a step says its number in place",
        f'write "{" ".join(rewritten.split())}"',
        last + 1,
    )


_CONDITION_VERBS = {
    "own",
    "owns",
    "have",
    "has",
    "is",
    "are",
    "acquired",
    "passed",
    "took",
    "won",
    "lost",
    "declared",
    "played",
    "bought",
    "built",
    "drew",
    "fought",
}
EMPTY_TOKENS = {"_NL": "end of the line", "_DEDENT": "end of the block", "_INDENT": "indented line"}


def _verb_in_a_name(verb: str, before: str | None) -> str | None:
    """The hint for a verb of the grammar right after a noun ("the banner score of ..."): the
    designer named a table, counter or zone with a verb, which the rules cannot read as a
    noun; the name must change, the grammar does not."""
    if before is None or not re.fullmatch(r"[a-z][a-z0-9-]*", before) or before in _keyword_set():
        return None
    return (
        f'"{verb}" is a verb of the rules language, so no name can use it: rename what '
        f'"{before} {verb}" names in game.yaml (e.g. a table "banner score" as "banner points")'
    )


def _line(text: str, line: int) -> str:
    lines = text.split("\n")
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _at_the_end(text: str, token: Token) -> bool:
    """Whether a layout token (a line break, the end of a block) has only blanks after it."""
    end = token.end_pos if token.end_pos is not None else token.start_pos
    return token.type in ("_NL", "_DEDENT") and end is not None and not text[end:].strip()


def _open_bracket(text: str) -> tuple[int, int] | None:
    """(line, column) of the last "(" left open, outside card names."""
    opened: list[tuple[int, int]] = []
    for number, line in enumerate(text.split("\n"), 1):
        for match in re.finditer(r'"[^"]*"|[()]', line):
            if match.group() == "(":
                opened.append((number, match.start() + 1))
            elif match.group() == ")" and opened:
                opened.pop()
    return opened[-1] if opened else None


def _word_before(text: str, line: int, column: int) -> str | None:
    before = _line(text, line)[: column - 1].split()
    return before[-1] if before else None


def _misspelt_statement_word(text: str, line: int, column: int) -> tuple[str, int, str] | None:
    """A misspelt first word of the statement the error is in ("fre if ...", "gian 1 gold"):
    (the word, its column, the hint), when it is no word of the language but near one."""
    before = _line(text, line)[: column - 1]
    cut = max(before.rfind(":"), before.rfind(";"))
    if before.count('"', 0, cut + 1) % 2:
        return None  # the ":" or ";" is inside a card name
    statement = before[cut + 1 :]
    match = re.match(r"\s*(?:then\s+)?([a-z][a-z0-9-]*)", statement)
    if match is None or match.group(1) in _keyword_set():
        return None
    word = match.group(1)
    # Verbs are near many nouns ("player", "play"): offer them only when the word stands alone
    # before the error ("gian 1 gold").
    alone = not statement[match.end() :].strip()
    lemmas = [v for v in verbs() if _lemma(v) == v] if alone else []
    candidates = [w for w in _statement_words() if len(w) > 2] + lemmas
    hint = did_you_mean(word, candidates, quote='"')
    if hint is None:
        return None
    return word, cut + 1 + match.start(1) + 1, hint


def _misspelt_verb(
    text: str, line: int, column: int, expected: set[str], found: str
) -> tuple[str, int, str] | None:
    """A misspelt verb right before the error, where the parser wanted a verb and found more
    words ("each player pyas 3 gold"): (the word, its column, the hint)."""
    known = set(verbs())
    if found in ("_NL", "_DEDENT", "$END") or not any(
        _readable(t).strip('"') in known for t in expected
    ):
        return None  # a phrase ending a line may be just a phrase
    before = _line(text, line)[: column - 1]
    match = re.search(r"(?<![\w\"-])([a-z][a-z0-9-]*)\s*$", before)
    if match is None or match.group(1) in _keyword_set():
        return None
    word = match.group(1)
    close = [v for v in sorted(known) if difflib.SequenceMatcher(None, word, v).ratio() >= 0.75]
    hint = did_you_mean(word, close, quote='"')
    return None if hint is None else (word, match.start(1) + 1, hint)


def _continues_the_line_above(text: str, line: int, column: int) -> bool:
    """Whether the error is at the start of a line indented as a continuation line."""
    current = _line(text, line)
    if line < 2 or current[: column - 1].strip():
        return False
    above = next((x for x in reversed(text.split("\n")[: line - 1]) if x.strip()), None)
    if above is None or above.rstrip().endswith(":"):
        return False
    return len(current) - len(current.lstrip(" ")) > len(above) - len(above.lstrip(" "))


@cache
def _statement_words() -> list[str]:
    return [
        "free",
        "discardable",
        "costs",
        "price",
        *strength_kinds(),  # the grammar's: "attack +2", "defence +5"
        "cancels",
        "while",
        "on",
        "in",
        "at",
        "when",
        "if",
        "unless",
        "repeat",
        "you",
        "otherwise",
    ]


# ------------------------------------------------------------------ tree building


def _span(meta: Any) -> ast.Span | None:
    if getattr(meta, "empty", True):
        return None
    return ast.Span(meta.line, meta.column, meta.end_line, meta.end_column)


def _tokens(children: list[Any]) -> str:
    return " ".join(str(c) for c in children if isinstance(c, Token))


def _lift_on(obj: Any) -> tuple[Any, tuple[ast.Role, ...]]:
    """An act's object and the "on ..." that ends it, read as the act's role: in "put 2 coin
    on it" and "declare a war on the attacker" the card or player is the act's, while "the
    coin on this card" as a number keeps it as its tail."""
    if not isinstance(obj, ast.NounPhrase):
        return obj, ()
    tails = list(obj.tails)
    lifted: list[ast.Role] = []
    while tails and isinstance(tails[-1], ast.OnCard):
        tail = cast(ast.OnCard, tails.pop())
        lifted.insert(0, ast.Role("on", tail.card, span=tail.span))
    if not lifted:
        return obj, ()
    return replace(obj, tails=tuple(tails)), tuple(lifted)


def _lemma(verb: str) -> str:
    """The base form of a verb as written ("pays" -> "pay", "passes" -> "pass")."""
    if verb.endswith("es") and verb[:-2] in _keyword_set():
        return verb[:-2]
    if verb.endswith("s") and verb[:-1] in _keyword_set():
        return verb[:-1]
    return verb


@cache
def _keyword_set() -> frozenset[str]:
    return frozenset(
        t.pattern.value
        for t in _lark().terminals
        if t.pattern.type == "str" and t.pattern.value.isalpha()
    )


# a determiner read: (determiner word, count, possessive)
Det = tuple[str | None, int | None, str | None]


@v_args(meta=True)
class _Builder(Transformer):
    """lark.Tree -> rules_dsl.ast, with spans."""

    # vocabulary rules: their text
    def _word(self, meta: Any, children: list[Any]) -> str:
        return _tokens(children)

    verb = past_verb = own = have = be = costs = change = acquisition = _word
    cond_word = strength_kind = trigger_word = preposition = superlative = _word
    rounding = limit_word = possessive = det = sum_op = product_op = _word
    negation = each_turn = this_turn = _word

    def at_least(self, meta: Any, c: list[Any]) -> str:
        return "at least"

    def at_most(self, meta: Any, c: list[Any]) -> str:
        return "at most"

    def more_than(self, meta: Any, c: list[Any]) -> str:
        return "more than"

    def fewer_than(self, meta: Any, c: list[Any]) -> str:
        return "fewer than"

    def less_than(self, meta: Any, c: list[Any]) -> str:
        return "less than"

    def exactly(self, meta: Any, c: list[Any]) -> str:
        return "exactly"

    def words(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        for token in c:
            if str(token) in _MISPLACED:
                raise _Misplaced(token, _MISPLACED[str(token)])
        return tuple(str(t) for t in c)

    def event(self, meta: Any, c: list[Any]) -> str:
        return " ".join(str(c[0]).split())

    # entry points
    def rules(self, meta: Any, c: list[Any]) -> ast.Rules:
        return ast.Rules(_join_otherwise([x for x in c if x is not None]), span=_span(meta))

    def block(self, meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return _join_otherwise([x for x in c if x is not None])

    def cost(self, meta: Any, c: list[Any]) -> ast.Cost:
        *amounts, x = c
        return ast.Cost(tuple(a for a in amounts if a is not None), x, span=_span(meta))

    def amount(self, meta: Any, c: list[Any]) -> ast.Amount:
        count, words = c
        if isinstance(count, Token):
            count = "X" if str(count) == "X" else int(count)
        return ast.Amount(count, words, span=_span(meta))

    def number(self, meta: Any, c: list[Any]) -> Any:
        return c[0]

    def condition(self, meta: Any, c: list[Any]) -> Any:
        return c[0]

    # abilities
    def free(self, meta: Any, c: list[Any]) -> ast.Free:
        return ast.Free(*_guard(c), span=_span(meta))

    def discardable(self, meta: Any, c: list[Any]) -> ast.Discardable:
        return ast.Discardable(*_guard(c), span=_span(meta))

    def cost_change(self, meta: Any, c: list[Any]) -> ast.CostChange:
        target, _costs, amount, change, words, *guard = c
        return ast.CostChange(target, int(amount), change, words, *_guard(guard), span=_span(meta))

    def action_cost_change(self, meta: Any, c: list[Any]) -> ast.ActionCostChange:
        name, _costs, amount, change, words, per, *guard = c
        return ast.ActionCostChange(
            str(name)[1:-1], int(amount), change, words, *_guard(guard), per=per, span=_span(meta)
        )

    def acquisitions(self, meta: Any, c: list[Any]) -> ast.Acquisitions:
        words, acquisition, each_turn = c
        return ast.Acquisitions(
            words or (), acquisition.endswith("s"), each_turn is not None, span=_span(meta)
        )

    def money_price(self, meta: Any, c: list[Any]) -> ast.MoneyPrice:
        money, amount, *guard = c
        return ast.MoneyPrice(int(amount), *_guard(guard), money=tuple(money), span=_span(meta))

    def strength(self, meta: Any, c: list[Any]) -> ast.Strength:
        kind, amount, per, *guard = c
        return ast.Strength(kind, int(amount), per, *_guard(guard), span=_span(meta))

    def symbols(self, meta: Any, c: list[Any]) -> ast.Symbols:
        words, amount, per, *guard = c
        return ast.Symbols(words, int(amount), per, *_guard(guard), span=_span(meta))

    def per(self, meta: Any, c: list[Any]) -> ast.Per:
        count, words, on = c
        return ast.Per(int(count) if count is not None else None, words, on, span=_span(meta))

    def per_value(self, meta: Any, c: list[Any]) -> ast.Per:
        return ast.Per(None, (), None, c[0], span=_span(meta))

    def cancels(self, meta: Any, c: list[Any]) -> ast.Cancels:
        return ast.Cancels(c[0], span=_span(meta))

    def keyword(self, meta: Any, c: list[Any]) -> ast.Keyword:
        return ast.Keyword(str(c[0]), span=_span(meta))

    def trigger(self, meta: Any, c: list[Any]) -> ast.Trigger:
        when, event, body = c
        return ast.Trigger(when, event, _body(body), span=_span(meta))

    def scope(self, meta: Any, c: list[Any]) -> ast.Scope:
        where, body = c
        return ast.Scope(where, _body(body), span=_span(meta))

    def otherwise(self, meta: Any, c: list[Any]) -> _Otherwise:
        return _Otherwise(_body(c[0]), _span(meta))

    # steps
    def steps(self, meta: Any, c: list[Any]) -> ast.Steps:
        return ast.Steps(tuple(x for x in c if x is not None), span=_span(meta))

    def optional(self, meta: Any, c: list[Any]) -> ast.Optional:
        subject, steps = c
        if isinstance(subject, ast.Pronoun) and subject.word == "you":
            subject = None  # "you may" is the canonical, subject-less form
        return ast.Optional(steps, subject, span=_span(meta))

    def if_step(self, meta: Any, c: list[Any]) -> ast.If:
        cond_word, condition, then = c
        return ast.If(condition, cond_word == "unless", _body(then), None, span=_span(meta))

    def repeat(self, meta: Any, c: list[Any]) -> ast.Repeat:
        return ast.Repeat(c[0], _body(c[1]), span=_span(meta))

    def repeat_times(self, meta: Any, c: list[Any]) -> ast.RepeatTimes:
        return ast.RepeatTimes(c[0], _body(c[1]), span=_span(meta))

    def for_each(self, meta: Any, c: list[Any]) -> ast.ForEach:
        np = c[0]
        if isinstance(np, ast.NounPhrase) and np.determiner in ("each of", "each of the"):
            # "for each of your military cards": the cards are the phrase after "of"
            after = "the" if np.determiner == "each of the" else None
            return ast.ForEach(
                replace(np, determiner=after), _body(c[1]), of=True, span=_span(meta)
            )
        return ast.ForEach(np, _body(c[1]), span=_span(meta))

    def choice(self, meta: Any, c: list[Any]) -> ast.Choice:
        return ast.Choice(tuple(c), span=_span(meta))

    def act(self, meta: Any, c: list[Any]) -> ast.Act:
        subject, verb, obj, *roles = c
        obj, on = _lift_on(obj)
        return ast.Act(subject, _lemma(verb), obj, (*on, *roles), span=_span(meta))

    def act_to(self, meta: Any, c: list[Any]) -> ast.Act:
        """ "pays you 5 gold" is "pays 5 gold to you"."""
        subject, verb, receiver, obj, *roles = c
        to = ast.Role("to", receiver, span=receiver.span)
        obj, on = _lift_on(obj)
        return ast.Act(subject, _lemma(verb), obj, (to, *on, *roles), span=_span(meta))

    def act_side(self, meta: Any, c: list[Any]) -> ast.Act:
        """ "flip it face down", "mark it as used": the side is the act's first role."""
        subject, verb, obj, side, *roles = c
        return ast.Act(subject, _lemma(verb), obj, (side, *roles), span=_span(meta))

    def face_down(self, meta: Any, c: list[Any]) -> ast.Role:
        return ast.Role(
            "face", ast.NounPhrase(heads=(("down",),), span=_span(meta)), span=_span(meta)
        )

    def face_up(self, meta: Any, c: list[Any]) -> ast.Role:
        return ast.Role(
            "face", ast.NounPhrase(heads=(("up",),), span=_span(meta)), span=_span(meta)
        )

    def as_state(self, meta: Any, c: list[Any]) -> ast.Role:
        word = ast.NounPhrase(heads=((str(c[0]),),), span=_span(meta))
        return ast.Role("as", word, span=_span(meta))

    def receiver(self, meta: Any, c: list[Any]) -> ast.Pronoun:
        return ast.Pronoun("you", span=_span(meta))

    def role(self, meta: Any, c: list[Any]) -> ast.Role:
        return ast.Role(c[0], c[1], span=_span(meta))

    def until_role(self, meta: Any, c: list[Any]) -> ast.Role:
        return ast.Role("until", c[0], span=_span(meta))

    def equal_role(self, meta: Any, c: list[Any]) -> ast.Role:
        return ast.Role("equal to", c[0], span=_span(meta))

    def up_to_role(self, meta: Any, c: list[Any]) -> ast.Role:
        return ast.Role("up to", c[0], span=_span(meta))

    # conditions
    def or_cond(self, meta: Any, c: list[Any]) -> ast.Or:
        return ast.Or(_flatten(c, ast.Or), span=_span(meta))

    def and_cond(self, meta: Any, c: list[Any]) -> ast.And:
        return ast.And(_flatten(c, ast.And), span=_span(meta))

    def not_cond(self, meta: Any, c: list[Any]) -> ast.Not:
        return ast.Not(c[0], span=_span(meta))

    def owns(self, meta: Any, c: list[Any]) -> ast.Owns:
        subject, _own, *options = c
        return ast.Owns(subject, tuple(options), span=_span(meta))

    def owns_n_of(self, meta: Any, c: list[Any]) -> ast.OwnsNOf:
        subject, _own, count, *names = c
        return ast.OwnsNOf(
            subject, int(count), tuple(str(n)[1:-1] for n in names), span=_span(meta)
        )

    def has(self, meta: Any, c: list[Any]) -> ast.Has:
        subject, _have, comparator, value = c
        return ast.Has(subject, comparator, value, span=_span(meta))

    def is_in(self, meta: Any, c: list[Any]) -> ast.IsIn:
        return ast.IsIn(c[0], c[1], c[2], span=_span(meta))

    def is_cmp(self, meta: Any, c: list[Any]) -> ast.Compare:
        return ast.Compare(c[0], c[1], c[2], c[3], span=_span(meta))

    def is_cmp_sum(self, meta: Any, c: list[Any]) -> ast.Compare:
        # left to right: the grammar keeps "*" and "/" inside each operand after a "+" or "-"
        *ops, be, comparator, value = c
        subject = ops[0]
        for op, operand in ops[1:]:
            subject = ast.Arith(op, subject, operand, span=_through(subject.span, operand.span))
        return ast.Compare(subject, be, comparator, value, span=_span(meta))

    def subject_op(self, meta: Any, c: list[Any]) -> tuple[str, Any]:
        return str(c[0]), c[1]

    def is_state(self, meta: Any, c: list[Any]) -> ast.IsState:
        subject, be, negated, state = c
        return ast.IsState(subject, be, negated is not None, str(state), span=_span(meta))

    def is_this_card(self, meta: Any, c: list[Any]) -> ast.IsState:
        subject, be, negated, word = c  # "this card"; any other word is the compiler's error
        return ast.IsState(subject, be, negated is not None, f"this {word}", span=_span(meta))

    def did(self, meta: Any, c: list[Any]) -> ast.Did:
        subject, have, negated, verb, value, this_turn = c
        return ast.Did(
            subject,
            have is not None,
            negated is not None,
            verb,
            value,
            this_turn is not None,
            span=_span(meta),
        )

    # numbers
    def int(self, meta: Any, c: list[Any]) -> ast.Int:
        return ast.Int(int(c[0]), span=_span(meta))

    def arith(self, meta: Any, c: list[Any]) -> ast.Arith:
        return ast.Arith(c[1], c[0], c[2], span=_span(meta))

    def rounded(self, meta: Any, c: list[Any]) -> ast.Rounded:
        return ast.Rounded(c[0], c[1], span=_span(meta))

    def limit(self, meta: Any, c: list[Any]) -> ast.Limit:
        return ast.Limit(c[0], c[1], c[2], span=_span(meta))

    def at_position(self, meta: Any, c: list[Any]) -> ast.At:
        return ast.At(c[0], c[1], span=_span(meta))

    # noun phrases
    def np(self, meta: Any, c: list[Any]) -> ast.NounPhrase:
        determiner, *rest = c
        heads = tuple(x for x in rest if isinstance(x, (tuple, ast.CardName)))
        tails = tuple(x for x in rest if not isinstance(x, (tuple, ast.CardName)))
        det, count, possessive = determiner if determiner is not None else (None, None, None)
        return ast.NounPhrase(det, count, possessive, heads, tails, span=_span(meta))

    def it(self, meta: Any, c: list[Any]) -> ast.Pronoun:
        return ast.Pronoun("it", span=_span(meta))

    def you(self, meta: Any, c: list[Any]) -> ast.Pronoun:
        return ast.Pronoun("you", span=_span(meta))

    def determiner(self, meta: Any, c: list[Any]) -> Det:
        value = c[0]
        if isinstance(value, Token) and value.type == "INT":
            return (None, int(value), None)
        return (str(value), None, None)

    def one_of(self, meta: Any, c: list[Any]) -> Det:
        return ("one of", None, c[0])

    def count_of(self, meta: Any, c: list[Any]) -> Det:
        """ "2 of your workers": a number of the things named, picked among them."""
        return ("of", int(c[0]), c[1])

    def each_of(self, meta: Any, c: list[Any]) -> Det:
        return ("each of", None, c[0])

    def each_of_the(self, meta: Any, c: list[Any]) -> Det:
        return ("each of the", None, None)

    def half_of(self, meta: Any, c: list[Any]) -> Det:
        return ("half of", None, c[0])

    def all_of(self, meta: Any, c: list[Any]) -> Det:
        return ("all", None, c[0])

    def possessive_det(self, meta: Any, c: list[Any]) -> Det:
        return (None, None, c[0])

    def this(self, meta: Any, c: list[Any]) -> Det:
        return ("this", None, None)

    def head(self, meta: Any, c: list[Any]) -> tuple[str, ...] | ast.CardName:
        value = c[0]
        if isinstance(value, Token):
            return ast.CardName(str(value)[1:-1], span=_span(meta))
        return value

    def located(self, meta: Any, c: list[Any]) -> ast.Located:
        return ast.Located(c[0], span=_span(meta))

    def on_card(self, meta: Any, c: list[Any]) -> ast.OnCard:
        return ast.OnCard(c[0], span=_span(meta))

    def chosen(self, meta: Any, c: list[Any]) -> ast.OfChoice:
        return ast.OfChoice(span=_span(meta))

    def of_value(self, meta: Any, c: list[Any]) -> ast.OfValue:
        return ast.OfValue(str(c[0]), int(c[1]), span=_span(meta))

    def of(self, meta: Any, c: list[Any]) -> ast.Of:
        return ast.Of(c[0], span=_span(meta))

    def most_of(self, meta: Any, c: list[Any]) -> ast.Superlative:
        return ast.Superlative(c[0], c[1], span=_span(meta))

    def who_owns(self, meta: Any, c: list[Any]) -> ast.WhoOwns:
        return ast.WhoOwns(tuple(c[1:]), span=_span(meta))

    def who_has(self, meta: Any, c: list[Any]) -> ast.WhoHas:
        _have, comparator, value = c
        return ast.WhoHas(comparator, value, span=_span(meta))

    def who_has_than(self, meta: Any, c: list[Any]) -> ast.WhoHasThan:
        _have, change, words, than = c
        word = change.children[0] if isinstance(change, Tree) else change
        return ast.WhoHasThan(str(word), words, than, span=_span(meta))

    def who_did(self, meta: Any, c: list[Any]) -> ast.WhoDid:
        have, negated, verb = c
        return ast.WhoDid(have is not None, negated is not None, verb, span=_span(meta))

    def in_turn_order(self, meta: Any, c: list[Any]) -> ast.InTurnOrder:
        return ast.InTurnOrder(span=_span(meta))

    def preferring(self, meta: Any, c: list[Any]) -> ast.Preferring:
        prefs = tuple(x for x in c if isinstance(x, tuple))
        guard = [x for x in c if not isinstance(x, tuple)]
        condition, unless = _guard(guard)
        return ast.Preferring(prefs, condition, unless, span=_span(meta))

    def preference(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        return c[0]


class _Otherwise:
    """An "otherwise:" block, joined to the "if" step that ends the statement before it."""

    def __init__(self, body: tuple[Any, ...], span: ast.Span | None) -> None:
        self.body = body
        self.span = span


def _join_otherwise(statements: list[Any]) -> tuple[Any, ...]:
    out: list[Any] = []
    for s in statements:
        if isinstance(s, _Otherwise):
            last = out[-1] if out else None
            target = last.steps[-1] if isinstance(last, ast.Steps) and last.steps else None
            if (
                not isinstance(last, ast.Steps)
                or not isinstance(target, ast.If)
                or target.otherwise is not None
            ):
                raise UnexpectedOtherwise(s.span)
            joined = ast.If(
                target.condition,
                target.unless,
                target.then,
                s.body,
                span=_through(target.span, s.span),
            )
            out[-1] = ast.Steps((*last.steps[:-1], joined), span=_through(last.span, s.span))
        else:
            out.append(s)
    return tuple(out)


def _through(first: ast.Span | None, last: ast.Span | None) -> ast.Span | None:
    """The span from the start of `first` to the end of `last`."""
    if first is None or last is None:
        return first
    return ast.Span(first.line, first.column, last.end_line, last.end_column)


class UnexpectedOtherwise(AgesmithError):
    def __init__(self, span: ast.Span | None) -> None:
        super().__init__('"otherwise" without an "if" before it')
        self.span = span


# Words that the grammar reads as plain nouns in some places but that a designer always means
# as structure; found inside a noun they signal a misplaced clause.
_MISPLACED = {
    "otherwise": 'write "otherwise:" at the start of its own line, under the "if" line',
}


class _Misplaced(Exception):
    def __init__(self, token: Token, hint: str) -> None:
        super().__init__(str(token))
        self.token = token
        self.hint = hint


def _guard(c: list[Any]) -> tuple[Any, bool]:
    """(condition, unless) from the optional `if|unless <condition>` children."""
    items = [x for x in c if x is not None]
    if not items:
        return None, False
    cond_word, condition = items
    return condition, cond_word == "unless"


def _body(body: Any) -> tuple[Any, ...]:
    if isinstance(body, tuple):
        return body
    return (body,)


def _flatten(items: list[Any], cls: type) -> tuple[Any, ...]:
    out: list[Any] = []
    for item in items:
        out.extend(cast(Any, item).items if isinstance(item, cls) else [item])
    return tuple(out)
