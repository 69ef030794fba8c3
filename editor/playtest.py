"""A game in progress in the browser: seats (people or bots), the position, the decisions taken
since the start (for undo and redo), and its save file.

Plain Python, no Streamlit: the Playtest page keeps one `Table` per session and draws it. Undo
goes back to the position before any decision a person took, and redo puts back what undo took
until a new decision is taken (redo lives in the session, not in the save). A save keeps every
decision since the start, so undo still works after the game is loaded back (the decisions are
replayed from the seed and must lead to the saved position, else the save is kept without its
history).

Whatever a save file holds, reading it gives a Table or a SaveError with a message, never
another exception. An autosave that cannot be resumed is moved aside (kept, never deleted) and
the message says why and where; one refused only because cards of the game have changed since
(`ChangedCards`) stays in place, to be resumed anyway if the designer asks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter import Action, Game, IllegalActionError, PackError, RuleError, RuleLoopError, State
from interpreter.bots.greedy import Bot
from interpreter.bots.registry import BOTS, make_bot
from interpreter.tools.sandbox import (
    EDITED,
    Edit,
    SandboxError,
    apply_edit,
    edited_note,
    edited_warning,
)
from interpreter.tools.saves import ChangedCards, SaveError, load_data, save_header, save_text
from interpreter.tools.simulate import bot_seed
from rules_dsl.errors import AgesmithError
from rules_dsl.safe_files import read_regular, write_atomic

from .files import set_aside

PERSON = "person"
AUTOSAVE = Path(".agesmith") / "playtest.json"  # inside the pack folder
ASIDE = "playtest-unreadable"  # an autosave that could not be resumed
MAX_SAVE = 64 * 1024 * 1024


def seat_kinds() -> list[str]:
    """What a seat can be: a person at this screen, or one of the project's bots."""
    return [PERSON, *sorted(BOTS)]


class StaleChoice(AgesmithError):
    """A click on a choice of a position the game has left (a double click, a second tab)."""


@dataclass
class Step:
    """One decision taken: the position before it, the choice, and whether a person took it.
    An edit of the sandbox is a step too (`edit`; its action only carries its words), taken
    back and put back as a decision is."""

    before: State
    action: Action
    seat: int
    person: bool
    edit: Edit | None = None


@dataclass
class Undone:
    """What one undo took back: the decisions, and the position they had reached (redo puts
    both back: the game is a value, nothing is played again)."""

    steps: list[Step]
    after: State


@dataclass
class Table:
    game: Game
    source: str  # the pack folder or the deck file played
    seats: list[str]  # PERSON or a bot's name, per seat
    seed: int
    state: State
    history: list[Step] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    redo: list[Undone] = field(default_factory=list)  # latest last; a new decision clears it
    edited_before: list[str] = field(default_factory=list)  # edits a save holds, not replayed

    def __post_init__(self) -> None:
        for seat, kind in enumerate(self.seats):
            if kind != PERSON:
                self.bots[seat] = make_bot(kind, bot_seed(self.seed, seat))

    # ------------------------------------------------------------ whose decision

    @property
    def to_move(self) -> int | None:
        return None if self.state.over else self.state.to_move

    def person_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and self.seats[seat] == PERSON

    def bot_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and self.seats[seat] != PERSON

    # ------------------------------------------------------------ playing

    def choose(self, moves: int, action: Action) -> None:
        """A person's choice, offered when the game had made `moves` decisions: refused with
        StaleChoice when the game has moved on or the choice is no longer among the legal ones."""
        if moves != self.state.moves or not self.person_to_move():
            raise StaleChoice(
                "that choice belongs to an earlier position: the game has "
                "moved on, nothing was played"
            )
        options = self.game.choices(self.state)
        found = next((o for o in options if o.same(action)), None)
        if found is None:
            raise StaleChoice(f'"{action}" is not a legal choice now: nothing was played')
        self._apply(found, person=True)  # the option itself: its sentence is kept

    def bot_step(self) -> Action | None:
        """The bot to move takes one decision; None when no bot is to move."""
        if not self.bot_to_move():
            return None
        seat = self.to_move
        assert seat is not None
        action = self.bots[seat].choose(self.game, self.state, self.game.choices(self.state))
        self._apply(action, person=False)
        return action

    def _apply(self, action: Action, person: bool) -> None:
        seat = self.state.to_move
        assert seat is not None
        new = self.game.apply(self.state, action)
        self.history.append(Step(self.state, action, seat, person))
        self.state = new
        self.redo.clear()  # another line of play: what was undone is gone

    def edit(self, moves: int, edit: Edit) -> str:
        """A person's edit of the position (the sandbox), offered when the game had made
        `moves` decisions: the rules run on from the edited position. StaleChoice when the
        game has moved on, SandboxError when the edit cannot be made; nothing changes then.
        Returns the edit in words."""
        if moves != self.state.moves:
            raise StaleChoice(
                "that edit was offered for an earlier position: the game has moved on, "
                "nothing was changed"
            )
        new, text = apply_edit(self.game, self.state, edit)
        seat = self.state.to_move
        action = Action("edit", edit.to_data(), f"edit: {text}")
        self.history.append(Step(self.state, action, seat if seat is not None else 0, True, edit))
        self.state = new
        self.redo.clear()
        return text

    @property
    def edits(self) -> list[str]:
        """The edits that made the present position, in words, oldest first (those of the
        decisions before a save could not be replayed included)."""
        return self.edited_before + [
            s.action.text.removeprefix("edit: ") for s in self.history if s.edit is not None
        ]

    def undo_points(self) -> list[tuple[int, Step]]:
        """The decisions of people that can be taken back, latest first: (index, step)."""
        return [(i, s) for i, s in reversed(list(enumerate(self.history))) if s.person]

    def undo(self, index: int) -> None:
        """Back to the position before the decision `index` (a person's); redo puts back
        everything this took back."""
        step = self.history[index]
        if not step.person:
            raise ValueError("only a person's decision is taken back")
        self.redo.append(Undone(self.history[index:], self.state))
        self.state = step.before
        del self.history[index:]

    def undo_last(self) -> Step | None:
        """Take back the last decision a person took (and the bots' after it); None when no
        person has decided."""
        points = self.undo_points()
        if not points:
            return None
        index, step = points[0]
        self.undo(index)
        return step

    def redo_last(self) -> Undone | None:
        """Put back what the latest undo took back; None when there is nothing to redo."""
        if not self.redo:
            return None
        undone = self.redo.pop()
        self.history += undone.steps
        self.state = undone.after
        return undone

    # ------------------------------------------------------------ saving

    def save_text(self) -> str:
        extra: dict[str, Any] = {
            "playtest": {
                "source": self.source,
                "seats": self.seats,
                "seed": self.seed,
                "actions": [
                    [
                        {"edit": s.edit.to_data()} if s.edit else s.action.to_data(text=False),
                        s.person,
                    ]
                    for s in self.history
                ],
            }
        }
        if self.edits:  # the position was made by hand too: the save says so, and how
            extra[EDITED] = self.edits
        return save_text(self.game, self.state, extra)


def new_table(
    source: str | Path,
    seats: list[str],
    seed: int,
    variant: str | None = None,
    board: str | None = None,
    ages: list[str] | None = None,
) -> Table:
    """A new game; PackError or ValueError (a bad option) say why it cannot start."""
    game = Game.load(source, variant=variant, board=board, ages=ages)
    state = game.new(players=len(seats), seed=seed)
    return Table(game, str(source), list(seats), seed, state)


def load_table(
    text: str,
    source: str | Path | None = None,
    fallback: str | Path | None = None,
    force: bool = False,
) -> Table:
    """A saved game read back; a SaveError (never another error) says what is wrong. The pack
    or deck is `source`, else the one the save names, else (when that path is not on this
    computer) `fallback`. `force` loads a save whose cards have changed (`ChangedCards`)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise SaveError(f"this is not a saved game (not JSON: {e})") from None
    header = save_header(data)
    extra = data.get("extra")
    info = extra.get("playtest") if isinstance(extra, dict) else None
    if not isinstance(info, dict):
        info = {}
    named = info.get("source")
    source = str(source if source is not None else named if isinstance(named, str) else "")
    if fallback is not None and not _exists(source):
        source = str(fallback)
    if not source:
        raise SaveError("the save does not say which pack or deck it plays")
    try:
        game = Game.load(
            source, variant=header["variant"], board=header["board"], ages=header["ages"]
        )
    except (PackError, ValueError, OSError) as e:
        raise SaveError(f"the pack of this save cannot be loaded: {e}") from None
    state, warnings, _ = load_data(game, data, force)
    seats = info.get("seats")
    if (
        not isinstance(seats, list)
        or len(seats) != len(state.players)
        or any(s not in seat_kinds() for s in seats)
    ):
        seats = [PERSON] + ["greedy"] * (len(state.players) - 1)
        warnings.append(
            "the save does not say who sits where: seat 1 is a person, the others greedy bots"
        )
    seed = info.get("seed")
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else 0
    table = Table(game, source, seats, seed, state, warnings=warnings)
    table.history = _replayed(game, len(seats), seed, info.get("actions"), state)
    if info.get("actions") and not table.history:
        table.warnings.append(
            "the decisions before this position could not be replayed: undo starts from here"
        )
    edited = edited_note(extra)
    if edited:
        if not any(s.edit for s in table.history):  # not replayed: keep the save's words
            table.edited_before = edited
        table.warnings.append(edited_warning(edited))
    return table


def _exists(path: str) -> bool:
    """Whether a path the save names is on this computer (a name no file can have is not)."""
    try:
        return bool(path) and Path(path).exists()
    except (OSError, ValueError):
        return False


def _replayed(game: Game, players: int, seed: int, actions: Any, goal: State) -> list[Step]:
    """The history that leads from a new game to `goal`, or [] when the actions do not."""
    if not isinstance(actions, list) or not actions:
        return []
    try:
        state = game.new(players=players, seed=seed)
        history = []
        for data, person in actions:
            if not isinstance(data, dict):
                return []
            if "edit" in data:  # an edit of the sandbox, made again
                edit = Edit.from_data(data["edit"])
                new, text = apply_edit(game, state, edit)
                seat = state.to_move
                step = Step(state, Action("edit", edit.to_data(), f"edit: {text}"), 0, True, edit)
                step.seat = seat if seat is not None else 0
                history.append(step)
                state = new
                continue
            action = Action.from_data(data)
            # the option offered, with its sentence (a save keeps no sentences)
            action = next((o for o in game.choices(state) if o.same(action)), action)
            seat = state.to_move
            new = game.apply(state, action)
            history.append(Step(state, action, seat if seat is not None else 0, bool(person)))
            state = new
    except (
        IllegalActionError,
        ValueError,
        TypeError,
        KeyError,
        RuleError,
        RuleLoopError,
        SandboxError,
    ):
        return []
    return history if state.digest() == goal.digest() else []


def read_save(path: Path) -> str:
    try:
        return read_regular(path, MAX_SAVE).decode("utf-8")
    except (OSError, ValueError) as e:
        raise SaveError(f"{path}: cannot read the saved game ({e})") from None


def autosave(pack: Path, table: Table) -> None:
    (pack / AUTOSAVE).parent.mkdir(exist_ok=True)
    write_atomic(pack / AUTOSAVE, table.save_text(), inside=pack)


def autosave_stamp(pack: Path) -> tuple[int, int] | None:
    """The autosave's modification time and size: a change means another session wrote it."""
    try:
        info = (pack / AUTOSAVE).stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def resume(pack: Path, force: bool = False) -> Table | None:
    """The game the autosave holds, or None when there is none. One that cannot be resumed
    raises SaveError saying why: refused for changed cards (`ChangedCards`), it stays in place
    (`force` resumes it); refused for anything else, it is moved aside, kept, and the message
    says where."""
    path = pack / AUTOSAVE
    if not path.is_file():
        return None
    try:
        return load_table(read_save(path), force=force)
    except ChangedCards:
        raise
    except SaveError as e:
        raise SaveError(f"The unfinished game could not be resumed: {e}. {_kept(path)}") from None


def _kept(path: Path) -> str:
    """Move an autosave that cannot be resumed out of the way, keeping it: what became of it."""
    return set_aside(path, ASIDE, "The autosave")


def forget(pack: Path) -> None:
    (pack / AUTOSAVE).unlink(missing_ok=True)
