"""The terminal's colours for a verdict: what failed, what passed, what to look at."""

from __future__ import annotations

from typing import Final

BAD: Final = "red"
GOOD: Final = "green"
WARN: Final = "yellow"
