"""The game as the mechanics see it: a protocol the engine's `Game` (engine/game.py) satisfies.

The mechanics sit below the engine, which calls them: they read the pack, the compiled catalogue
and rules, and ask the engine for frames, triggers and the log through this protocol, and never
import the engine class (pyproject.toml's layers contract counts type-only imports). mypy checks
that `Game` satisfies it wherever the engine hands itself to a mechanic.

Only the type checker reads this module: the mechanics import it under `TYPE_CHECKING`, and a
protocol is no class a compiled module checks at run time (mypyc erases it to `object`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rules_dsl.pack import Pack

    from ..compile.catalog import Catalog
    from ..compile.meaning import Ctx, Lexicon
    from ..compile.program import Instruction
    from ..core.state import State
    from ..model.zones import ZoneTable


class Formulas(Protocol):
    """The game-wide rules compiled once (the engine's `Formulas`)."""

    @property
    def score(self) -> Callable[[Ctx], int] | None: ...
    @property
    def age_end(self) -> Callable[[Ctx], bool] | None: ...
    @property
    def rerolls(self) -> dict[str, Callable[[Ctx], int]]: ...
    @property
    def bot_value(self) -> Callable[[Ctx], int] | None: ...
    @property
    def tokens(self) -> list[Callable[[Ctx], bool]]: ...
    @property
    def points(self) -> dict[int, Callable[[Ctx], int]]: ...
    @property
    def tie_break(self) -> list[Callable[[Ctx], tuple[int, ...]]]: ...
    @property
    def age_end_by_round(self) -> bool: ...


class Game(Protocol):
    """A pack made playable, as the verbs' handlers and their helpers use it."""

    @property
    def pack(self) -> Pack: ...
    @property
    def catalog(self) -> Catalog: ...
    @property
    def ages(self) -> list[str]: ...
    @property
    def board_side(self) -> str | None: ...
    @property
    def programs(self) -> dict[str, list[Instruction]]: ...
    @property
    def formulas(self) -> Formulas: ...
    @property
    def lexicon(self) -> Lexicon: ...
    @property
    def zones(self) -> ZoneTable: ...
    @property
    def caches(self) -> dict[str, Any]: ...

    def ctx(self, state: State, frame: dict[str, Any]) -> Ctx: ...

    def frame(
        self,
        program: str,
        player: int,
        card: int | None = None,
        roles: dict[str, int] | None = None,
    ) -> dict[str, Any]: ...

    def triggers(self, state: State, seat: int, event: str) -> list[list]: ...

    def note(self, kind: str, **facts: Any) -> None: ...

    def say(self, state: State, text: str) -> None: ...

    def name(self, copy: int) -> str: ...

    def player_name(self, seat: int) -> str: ...
