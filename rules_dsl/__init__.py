"""The Agesmith rules language: grammar, syntax tree, parser, printer, pack loading and checks."""

from .diagnostics import Diagnostic
from .parser import ParseError, parse, try_parse

__all__ = ["Diagnostic", "ParseError", "parse", "try_parse"]
