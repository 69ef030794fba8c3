"""The root of Agesmith's own errors.

Every error the project raises for a person to read (a pack that does not load, a rule the
interpreter cannot play, an illegal action, a save or scenario refused, an edit that cannot be
made) is an `AgesmithError`, so a command or a page can catch the project's errors in one place
and show their message, while any other exception stays a bug. Each keeps the built-in class it
had beside it (`SaveError` is still a `ValueError`), for callers that catch those.
"""

from __future__ import annotations


class AgesmithError(Exception):
    """An error whose message says what went wrong and where, for a person to read."""
