"""The Agesmith rules language: grammar, syntax tree, parser, printer, pack loading and checks.

The parser is imported when first used (PEP 562): it brings Lark, which checking a pack whose
rules all come from the parse cache never needs.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic
from .errors import AgesmithError

if TYPE_CHECKING:
    from .parser import ParseError, parse, try_parse

__all__ = ["AgesmithError", "Diagnostic", "ParseError", "parse", "try_parse"]


def __getattr__(name: str) -> Any:
    if name in ("ParseError", "parse", "try_parse"):
        value = getattr(import_module(".parser", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
