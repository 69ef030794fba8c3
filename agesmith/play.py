"""Playing in the terminal: a person at seat 1 against bots (`agesmith play`).

The position is shown when it is the person's turn to decide, with the legal choices numbered;
bots' choices and the new lines of the log are printed as they happen. Commands at the prompt:
a number chooses; `l` shows the whole log; `p` the position again; `s FILE` saves the game as
JSON (`--load FILE` resumes it); `q` quits; `h` helps. It reads lines, so it can be driven
through a pipe.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from agesmith.styles import BAD_COLOUR
from agesmith.table_text import card_line, card_text, table_lines, track_lines
from interpreter import (
    Action,
    Game,
    IllegalActionError,
    PackError,
    RuleError,
    RuleLoopError,
    State,
)
from interpreter.bots.greedy import Bot
from interpreter.bots.registry import make_bot
from interpreter.mechanics.action_phase import reroll_words, waiting_pool
from interpreter.mechanics.ages import age_points
from interpreter.mechanics.dice import die_text, gives_result_tokens, roller
from interpreter.model.zones import TABLEAU
from interpreter.tools.round_track import last_round
from interpreter.tools.sandbox import EDITED, edited_note, edited_warning
from interpreter.tools.saves import ChangedCards, SaveError, load_data, save_header, save_text
from interpreter.tools.simulate import bot_seed, seat_bots
from interpreter.tools.table_zones import board_readings, free_pieces
from rules_dsl.diagnostics import printable
from rules_dsl.errors import AgesmithError
from rules_dsl.printer import print_rules
from rules_dsl.safe_files import UnsafePathError, read_regular, write_atomic
from rules_dsl.zones import HAND

MAX_SAVE = 64 * 1024 * 1024  # bytes: a saved game is far smaller
HUMAN = 0


def help_text(game: Game) -> str:
    """The commands, with words of this game's own choices as examples of a filter."""
    examples = [a.name for a in game.pack.actions[:3]]
    if not examples:  # the engine's kinds of action, the die's by the pack's face
        examples = ["acquire", "exchange", reroll_words(game)[0]]
    return (
        "Type the number of a choice, or a word to list only the choices that contain it "
        f"({', '.join(examples)}): the numbers then refer to that shorter list. Other "
        "commands: rules CARD = a card's rules, l = the whole log, p = the position, "
        "t = the round track (in a game of a fixed number of rounds), "
        "s FILE = save the game, q = quit, h = this help."
    )


class PlayError(AgesmithError):
    """A game that cannot be started or resumed; the message says why."""


@dataclass
class Session:
    """A game in progress in the terminal."""

    game: Game
    state: State
    pack: str
    variant: str | None
    board: str | None
    ages: str | None
    seed: int
    bot_names: list[str]  # per seat; seat 1 is the person
    bots: dict[int, Bot] = field(default_factory=dict)
    shown: int = 0  # log lines already printed
    quit: bool = False  # the person chose to leave
    warnings: list[str] = field(default_factory=list)  # said when the game is resumed
    edited: list[str] = field(default_factory=list)  # the sandbox's edits that made the position

    def save(self, path: Path) -> None:
        write_atomic(
            path,
            save_text(
                self.game,
                self.state,
                {
                    "pack_path": self.pack,
                    "ages": self.ages,
                    "seed": self.seed,
                    "bots": self.bot_names,
                }
                | ({EDITED: self.edited} if self.edited else {}),
            ),
        )


def new_session(
    pack: Path,
    players: int,
    seed: int,
    variant: str | None,
    board: str | None,
    ages: str | None,
    bots: str,
) -> Session:
    try:
        game = Game.load(pack, variant=variant, board=board, ages=ages)
        names = ["you", *seat_bots(bots, players - 1)] if players > 1 else ["you"]
        state = game.new(players=players, seed=seed)
    except (PackError, ValueError, RuleError, RuleLoopError) as e:
        raise PlayError(str(e)) from None
    session = Session(game, state, str(pack), variant, board, ages, seed, names)
    _make_bots(session)
    return session


def load_session(pack: Path, file: Path, bots: str | None, force: bool = False) -> Session:
    """The game saved in `file`; PlayError says why it cannot be resumed. `force` resumes a
    save whose cards have changed since (with a warning naming them)."""
    try:
        data = json.loads(read_regular(file, MAX_SAVE).decode("utf-8"))
    except (OSError, ValueError, RecursionError) as e:  # UnsafePathError is a ValueError
        raise PlayError(
            f"{printable(str(file))}: cannot read the saved game ({printable(str(e))})"
        ) from None
    try:
        header = save_header(data)
        ages = header["ages"]
        game = Game.load(
            pack,
            variant=header["variant"],
            board=header["board"],
            ages=ages if isinstance(ages, list) else None,
        )
        state, warnings, extra = load_data(game, data, force)
    except ChangedCards as e:
        raise PlayError(
            f"{file}: the saved game cannot be resumed: {e}; to play on with the "
            "cards as they are now: add --force"
        ) from None
    except SaveError as e:
        raise PlayError(f"{file}: the saved game cannot be resumed: {e}") from None
    except (PackError, ValueError) as e:  # the options the save names (a bad variant)
        raise PlayError(f"{file}: {e}") from None
    try:
        players = len(state.players)
        saved = extra.get("bots")
        names = (
            ["you", *seat_bots(bots, players - 1)]
            if bots is not None
            else list(saved)
            if isinstance(saved, list) and len(saved) == players
            else ["you", *seat_bots("greedy", players - 1)]
        )
        seat_bots(names[1:], players - 1)  # checks the names
        seed = extra.get("seed", 0)
        seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else 0
    except ValueError as e:
        raise PlayError(f"{file}: extra.bots: {e}") from None
    saved_ages = extra.get("ages")
    session = Session(
        game,
        state,
        str(pack),
        header["variant"],
        header["board"],
        saved_ages if isinstance(saved_ages, str) else None,
        seed,
        names,
        shown=len(state.log),
    )
    session.warnings = warnings
    session.edited = edited_note(extra)  # kept in its saves: the position stays marked
    if session.edited:
        session.warnings.append(edited_warning(session.edited))
    _make_bots(session)
    return session


def _make_bots(session: Session) -> None:
    for seat, name in enumerate(session.bot_names):
        if seat != HUMAN:
            session.bots[seat] = make_bot(name, bot_seed(session.seed, seat))


# ------------------------------------------------------------------ the loop


def run(session: Session, console: Console, read: Callable[[], str | None]) -> int:
    """Play until the game is over (0), the person quits (0), the input ends (1) or a rule of
    the pack cannot go on (1)."""
    game = session.game
    console.print(
        f"[bold]{escape(game.pack.name)}[/bold]: you are player {HUMAN + 1}, "
        f"against {_opponents(session)}. Seed {session.seed}."
    )
    console.print(help_text(session.game), markup=False)
    for warning in session.warnings:
        console.print(f"Warning: {warning}", markup=False)
    _new_log(session, console)
    while not session.state.over:
        seat = session.state.to_move
        if seat is None:
            console.print("The game is waiting for nobody: it cannot go on.", markup=False)
            return 1
        actions = game.choices(session.state)
        if seat == HUMAN:
            action = _ask(session, console, read, actions)
            if action is None:
                return 0 if session.quit else 1
        else:
            action = session.bots[seat].choose(game, session.state, actions)
            console.print(
                f"[cyan]{game.player_name(seat)}[/cyan] "
                f"({escape(session.bot_names[seat])}): {escape(action.text)}"
            )
        try:
            session.state = game.apply(session.state, action)
        except IllegalActionError as e:  # cannot happen with listed actions
            console.print(printable(str(e)), style=BAD_COLOUR, markup=False)
            continue
        except (RuleLoopError, RuleError) as e:
            # a rule of the pack cannot be played out: the position before it is unchanged
            console.print(printable(str(e)), style=BAD_COLOUR, markup=False)
            if seat == HUMAN:
                console.print(
                    "That choice cannot be played: the rule above never ends or "
                    "cannot run. Choose something else, or save and report it.",
                    markup=False,
                )
                continue
            console.print("The game cannot go on.", markup=False)
            return 1
        _new_log(session, console)
    _final(session, console)
    return 0


def _opponents(session: Session) -> str:
    others = [
        f"{session.game.player_name(s)} ({n})"
        for s, n in enumerate(session.bot_names)
        if s != HUMAN
    ]
    return ", ".join(others) or "nobody"


def _new_log(session: Session, console: Console) -> None:
    for line in session.state.log[session.shown :]:
        console.print(f"  [dim]{escape(line)}[/dim]")
    session.shown = len(session.state.log)


def _ask(
    session: Session, console: Console, read: Callable[[], str | None], actions: list[Action]
) -> Action | None:
    """Show the position and the choices; read until a choice (None: quit or end of input).
    After a word has filtered the choices, the numbers refer to the filtered list."""
    show_position(session, console)
    _show_choices(session, console, actions)
    listed = actions  # the list the numbers refer to
    while True:
        console.print(f"[bold]Your choice (1-{len(listed)}, h for help):[/bold] ", end="")
        line = read()
        if line is None:
            console.print("\nEnd of input: the game is left unfinished.", markup=False)
            return None
        text = line.strip()
        console.print(printable(text, newlines=False), markup=False, highlight=False)
        if not text:
            continue
        command, _, rest = text.partition(" ")
        command = command.lower()
        if text.isdecimal():
            n = _choice_number(text)
            if n is not None and 1 <= n <= len(listed):
                return listed[n - 1]
            shown = text if len(text) <= 12 else text[:12] + "..."
            console.print(
                f"There is no choice {printable(shown)}: type 1 to {len(listed)}.", markup=False
            )
        elif command == "rules":
            show_rules(session.game, rest.strip(), console)
        elif command in ("q", "quit", "exit"):
            session.quit = True
            console.print(
                "You leave the game (save it first with s FILE to resume it with --load).",
                markup=False,
            )
            return None
        elif command in ("l", "log"):
            for line_ in session.state.log:
                console.print(f"  {escape(line_)}")
        elif command in ("t", "track"):
            lines = track_lines(session.game, session.state)
            console.print(
                "\n".join(lines)
                or "This game has no round track: its age does not end on the round alone.",
                markup=False,
            )
        elif command in ("p", "position"):
            show_position(session, console)
            _show_choices(session, console, actions)
            listed = actions
        elif command in ("s", "save"):
            if not rest.strip():
                console.print("Save where? s FILE", markup=False)
                continue
            path = Path(rest.strip()).expanduser()
            try:
                session.save(path)
            except UnsafePathError as e:
                console.print(f"Not saved: {printable(str(e))}", markup=False)
            except OSError as e:
                console.print(
                    f"Not saved: cannot write {printable(str(path))}: {e.strerror or e}",
                    markup=False,
                )
            else:
                console.print(
                    f"Saved to {path}; resume with: agesmith play {session.pack} --load {path}",
                    markup=False,
                )
        elif command in ("h", "help", "?"):
            console.print(help_text(session.game), markup=False)
        elif any(text.lower() in a.text.lower() for a in actions):
            listed = [a for a in actions if text.lower() in a.text.lower()]
            _show_choices(session, console, listed, only=text)
        else:
            console.print(
                f"Unknown command {printable(repr(text))}. {help_text(session.game)}", markup=False
            )


def _choice_number(text: str) -> int | None:
    """The number typed (any script's decimal digits), or None when it is far too long to be
    a choice (int() refuses thousands of digits)."""
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= 9 else None


# ------------------------------------------------------------------ showing the position


def _dice(game: Game, dice: list[dict]) -> str:
    return ", ".join(die_text(game, d) + (" (used)" if d.get("used") else "") for d in dice)


def _civilization(game: Game, state: State, seat: int, full: bool) -> str:
    player = state.players[seat]
    piles = []
    for pile in player.tableau:
        top = card_line(game, state, pile[0], full)
        if pile[0] in player.tilted:
            top += " [tilted]"
        under = [game.name(c) for c in pile[1:]]
        if under:
            top += " over " + ", ".join(under) + " [decadent]"
        piles.append(top)
    return ("\n    " if full else ", ").join(piles) or "nothing"


def _counters(player: Any) -> str:
    return ", ".join(f"{n} {k}" for k, n in player.counters.items())


def show_position(session: Session, console: Console) -> None:
    game, state = session.game, session.state
    ages = game.ages
    age = next((a.name for a in game.pack.ages if a.id == ages[state.age]), ages[state.age])
    last = last_round(game, state)
    of = f" of {last}" if 0 < state.round <= last else ""
    console.rule(
        f"{age}, round {state.round}{of}: {game.player_name(state.active)} is active",
        style="dim",
    )
    if state.dice:
        console.print(
            f"Dice of {game.player_name(roller(state))}: {_dice(game, state.dice)}", markup=False
        )
    pool = waiting_pool(state)
    if pool is not None and pool is not state.dice and gives_result_tokens(game):
        console.print(f"Your result tokens: {_dice(game, pool) or 'none'}", markup=False)
    me = state.players[HUMAN]
    failing = set(me.flags.get("turn_start_events", ())) if state.active == HUMAN else set()
    now = me.score + (0 if state.over else age_points(game, state, HUMAN))
    console.print(
        f"[bold]You ({game.player_name(HUMAN)})[/bold]: score {me.score} "
        f"(counted now: {now}) · "
        f"{escape(_counters(me))}"
        + (f" · tokens {_tokens(me.tokens)}" if game.pack.tokens else "")
        + (f" · board {me.space}" if me.space is not None else "")
    )
    zones = game.zones
    for name, index in zones.player_order():
        label = name[:1].upper() + name[1:]
        if index == TABLEAU:
            console.print(
                f"  {label}:\n    " + _civilization(game, state, HUMAN, True), markup=False
            )
        elif index == zones.hand:
            held = []
            for copy in me.zones[index]:
                text = card_line(game, state, copy)
                if game.catalog.info(copy).triggers.get("failure"):
                    text += " — fails at the end of your turn" if copy in failing else " — can fail"
                held.append(text)
            console.print(f"  {label}:\n    " + ("\n    ".join(held) or "none"), markup=False)
        elif me.zones[index]:
            shown = ", ".join(card_line(game, state, c) for c in me.zones[index])
            console.print(f"  {label}: {shown}", markup=False)
    free = ", ".join(free_pieces(game, state, HUMAN))
    if free:
        console.print(f"  Free: {free}", markup=False)
    readings = board_readings(game, state, HUMAN)
    if readings:  # the tables the pack looks up with the player's own numbers
        console.print(f"  Board reads now: {', '.join(readings)}", markup=False)
    for player in state.players:
        if player.seat == HUMAN:
            continue
        name = session.bot_names[player.seat] if player.seat < len(session.bot_names) else "bot"
        console.print(
            f"{game.player_name(player.seat)} ({name}): score {player.score} · "
            f"{_counters(player)}"
            + (f" · tokens {_tokens(player.tokens)}" if game.pack.tokens else "")
            + (f" · board {player.space}" if player.space is not None else "")
            + (  # how many cards their hand holds, in a game with a hand
                f" · {len(player.zones[zones.hand])} {zones.name(HAND)}" if zones.hand >= 0 else ""
            )
            + f" · {zones.name('tableau')}: "
            + _civilization(game, state, player.seat, False)
            + _seen_zones(game, state, player.seat),
            markup=False,
        )
    lines = table_lines(game, state)
    if lines:
        console.print("[bold]The table[/bold]")
        console.print("  " + "\n  ".join(lines), markup=False)
    if state.board:
        tokens = ", ".join(
            f"{space}: {game.pack.tokens[i].value}"
            for space, i in sorted(
                state.board.items(), key=lambda kv: (game.pack.tokens[kv[1]].value, kv[0])
            )
        )
        console.print(f"Board tokens: {tokens}", markup=False)


def _seen_zones(game: Game, state: State, seat: int) -> str:
    """Another player's zones beside the tableau that everyone sees and that hold cards (The
    Ancient World's camp and threat), each card with what lies on it."""
    zones = game.zones
    out = []
    for name, index in zones.player_order():
        if index == TABLEAU or index == zones.hand or zones.player[index].seen_by == "owner":
            continue
        cards = state.players[seat].zones[index]
        if cards:
            out.append(f" · {name}: " + ", ".join(card_line(game, state, c, False) for c in cards))
    return "".join(out)


def show_rules(game: Game, name: str, console: Console) -> None:
    """`rules CARD`: the cards of the game whose name contains `name`, with their rules."""
    if not name:
        console.print("Which card? rules CARD (a name or part of it)", markup=False)
        return
    found = [
        c
        for c in game.pack.cards
        if (c.age in game.ages or game.pack.is_deck(c.age)) and name.lower() in c.name.lower()
    ]
    exact = [c for c in found if c.name.lower() == name.lower()]
    found = exact or found
    if not found:
        console.print(f"No card of this game is called {printable(repr(name))}.", markup=False)
        return
    for card in found[:5]:
        info = next(i for i in game.catalog.cards if i.index == game.pack.cards.index(card))
        copy = game.catalog.copies.index(info.index) if info.index in game.catalog.copies else None
        head = card_text(game, copy) if copy is not None else card.name
        console.print(f"[bold]{escape(head)}[/bold]")
        text = print_rules(card.rules).strip()
        console.print(
            "  " + (text.replace("\n", "\n  ") if text else "(no rules text)"), markup=False
        )
    if len(found) > 5:
        console.print(f"... and {len(found) - 5} more: type more of the name.", markup=False)


def _tokens(tokens: list[int]) -> str:
    return ", ".join(str(t) for t in sorted(tokens, reverse=True)) or "none"


# Choices shown in full; the many dice actions are summed up until a word asks for them.
# The kinds folded into one line in a long menu, by their word ("" : the pack's verb of re-rolling).
FOLDED = {"reroll": "", "reroll all": "", "exchange": "exchange", "double": "double"}
FOLD_ABOVE = 30


def _show_choices(
    session: Session, console: Console, actions: list[Action], only: str | None = None
) -> None:
    pending = session.state.pending or {}
    prompt = pending.get("prompt") or pending.get("kind", "")
    console.print(
        f"[bold]{escape(str(prompt))}[/bold]"
        + (f" (those with {escape(repr(only))}; type p for all)" if only else "")
    )
    width = len(str(len(actions)))
    fold = only is None and len(actions) > FOLD_ABOVE
    folded: dict[str, int] = {}
    for i, action in enumerate(actions, start=1):
        text = action.text or action.kind
        if only is not None and only.lower() not in text.lower():
            continue
        if fold and action.kind in FOLDED:
            word = FOLDED[action.kind] or reroll_words(session.game)[0]
            folded[word] = folded.get(word, 0) + 1
            continue
        console.print(f"  {i:>{width}}. {text}", markup=False)
    if folded:
        more = ", ".join(f"{n} to {word}" for word, n in folded.items())
        console.print(
            f"  ... and {more}: type a word (such as {', '.join(folded)}) to list "
            "the choices that contain it",
            markup=False,
        )


def _final(session: Session, console: Console) -> None:
    game, state = session.game, session.state
    table = Table(title="Final scores")
    for column in ("player", "score", "by age", "tokens"):
        table.add_column(column)
    for player in state.players:
        who = game.player_name(player.seat) + (
            " (you)" if player.seat == HUMAN else f" ({session.bot_names[player.seat]})"
        )
        table.add_row(
            escape(who),
            str(player.score),
            " + ".join(str(s) for s in player.age_scores),
            _tokens(player.tokens),
        )
    console.print(table)
    names = " and ".join(
        game.player_name(s) + (" (you)" if s == HUMAN else "") for s in state.winners
    )
    verb = "win" if len(state.winners) > 1 else "wins"
    console.print(f"[bold]{escape(names)} {verb}.[/bold]")


MAX_LINE = 10_000  # characters of one line of input; the rest of a longer line is dropped


def stdin_reader() -> Callable[[], str | None]:
    """Lines of standard input; bytes that are not valid text become U+FFFD, never an error."""
    stream: Any = sys.stdin
    if hasattr(stream, "buffer"):
        stream = io.TextIOWrapper(
            stream.buffer, encoding=stream.encoding or "utf-8", errors="replace"
        )

    def read() -> str | None:
        line = stream.readline(MAX_LINE)
        if len(line) == MAX_LINE and not line.endswith("\n"):
            while True:  # drop the rest of an endless line
                more = stream.readline(MAX_LINE)
                if not more or more.endswith("\n"):
                    break
        return line if line else None

    return read


__all__ = [
    "PlayError",
    "Session",
    "card_text",
    "load_session",
    "new_session",
    "run",
    "show_position",
    "stdin_reader",
]
