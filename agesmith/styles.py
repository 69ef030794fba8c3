"""The terminal's colours for a verdict: what failed, what passed, what to look at."""

from __future__ import annotations

BAD_COLOUR = "red"
GOOD_COLOUR = "green"
WARN_COLOUR = "yellow"
