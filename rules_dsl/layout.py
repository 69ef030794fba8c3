"""Line structure of rules text: statements, continuation lines and indented blocks.

The lexer emits one `_NL` token for each run of line breaks (with the indentation of the line
that follows). This post-lexer turns those into the tokens the grammar expects:

* a line indented deeper than its statement continues the statement (the break is dropped),
  unless the previous line ended with ":", where it opens a block (`_INDENT`);
* a line at the statement's own indentation starts the next statement (`_NL`);
* a line less indented closes blocks (`_DEDENT` per block, then `_NL`).

Blank lines and comment lines never reach the parser; line breaks before the first statement
are dropped. "otherwise:" after a block is a statement of its own that the AST builder joins to
the "if" above it.
"""

from __future__ import annotations

from collections.abc import Iterator

from lark import Token

from .errors import AgesmithError

__all__ = ["IndentationError_", "RulesLayout"]


class IndentationError_(AgesmithError):
    """A line whose indentation matches no enclosing block."""

    def __init__(self, token: Token, message: str, hint: str) -> None:
        super().__init__(message)
        self.token = token
        self.message = message
        self.hint = hint


def _indent_of(nl: Token) -> tuple[int, bool]:
    """The width of the indentation after the last line break, and whether it holds a tab."""
    tail = str(nl).rsplit("\n", 1)[-1]
    return len(tail), "\t" in tail


class RulesLayout:
    """Lark post-lexer implementing the layout rules above."""

    always_accept = ("_NL",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        # Tokens are passed on at once, never held back: Lark's contextual lexer reads the next
        # token in the parser state that the tokens already yielded have produced.
        levels = [0]  # indentation of the open blocks, innermost last
        previous: Token | None = None
        for token in stream:
            if token.type == "_NL":
                if previous is not None:
                    yield from self._breaks(token, previous, levels)
                continue
            previous = token
            yield token
        while len(levels) > 1:
            levels.pop()
            yield (
                Token.new_borrow_pos("_DEDENT", "", previous) if previous else Token("_DEDENT", "")
            )

    def _breaks(self, nl: Token, previous: Token | None, levels: list[int]) -> Iterator[Token]:
        indent, has_tab = _indent_of(nl)
        if has_tab:
            raise IndentationError_(
                nl, "a tab in the indentation of a rule", "indent rules with spaces only"
            )
        if indent > levels[-1]:
            if previous is not None and previous.type == "COLON":
                levels.append(indent)
                yield Token.new_borrow_pos("_INDENT", "", nl)
            return  # a continuation line: the statement goes on
        if indent == levels[-1]:
            yield Token.new_borrow_pos("_NL", "", nl)
            return
        while indent < levels[-1]:
            levels.pop()
            yield Token.new_borrow_pos("_DEDENT", "", nl)
        if indent != levels[-1]:
            raise IndentationError_(
                nl,
                "this line's indentation matches no enclosing statement",
                "indent a block's lines by the same amount, deeper than the line ending in ':'",
            )
        yield Token.new_borrow_pos("_NL", "", nl)
