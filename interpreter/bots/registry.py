"""The bots a game or a simulation can seat, by name: `random`, `greedy` and `mcts` (the search
bot, which builds on the greedy one). Kept apart from the bots so that none imports another back.
"""

from __future__ import annotations

from .greedy import Bot, GreedyBot, RandomBot
from .search import SearchBot

BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "mcts": SearchBot}


def make_bot(name: str, seed: int | str | None = 0) -> Bot:
    """A bot of the registry by name."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f'no bot "{name}" (bots: {", ".join(sorted(BOTS))})') from None


__all__ = ["BOTS", "make_bot"]
