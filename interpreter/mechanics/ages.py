"""Ages and rounds: setting an age up, ending a round, scoring an age, ending the game.

The age's setup is the pack's `setup` program; a round is its round phase (`round_phase:`, by
default the phase named "round"). What ends an age
is data: the board's last token (or the variant's per-age value), an empty deck, or the pack's
`age_end` condition.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules_dsl.diagnostics import did_you_mean
from rules_dsl.pack import ROUND_PHASE_KEY
from rules_dsl.zones import ROLES

from ..compile.meaning import Ctx
from ..core.card_state import clear_marks, forget
from ..core.seats import is_out, next_in, seats_in

if TYPE_CHECKING:
    from rules_dsl.diagnostics import Diagnostic
    from rules_dsl.pack import Pack

    from ..core.state import State
    from .game import Game


def missing_round_phase(pack: Pack) -> Diagnostic | None:
    """The error of a pack whose round phase (`round_phase:`, else the phase named "round")
    is not among its phases: placed at `round_phase:` when the pack names it, else at the
    phases."""
    name = pack.round_phase
    if name in pack.phases:
        return None
    phases = ", ".join(pack.phases) or "none"
    if ROUND_PHASE_KEY in pack.game:
        doc, path = pack.place(ROUND_PHASE_KEY)
        close = did_you_mean(name, pack.phases)
        return doc.diagnostic(
            path,
            f'the round phase "{name}" is not one of the phases',
            code="phase",
            hint=close or f"name one of the phases: {phases}",
        )
    doc, path = pack.place("phases")
    return doc.diagnostic(
        path,
        f'the game has no phase named "{name}": the engine starts every round with it',
        code="phase",
        key=True,
        hint=f'name the phase that runs a round "{name}", or name it with {ROUND_PHASE_KEY}: '
        f"(the phases: {phases})",
    )


SETUP = "setup"  # the program that deals an age
AGE_CHANGE = "age_change"  # the program between two ages (game.yaml `age_change`)
# The programs the game itself starts on an empty stack, and the round's
# (`Catalog.round_program`):
# never above another rule's frame.
ROOT_PROGRAMS = (SETUP, AGE_CHANGE)
CHANGING = "age_change"  # the mark of a position whose age change is under way
# The mark of a round that began in the age before (`end the age` in a later player's turn):
# it is no round of this age, but when it ends the round's marks end and the first player passes.
PART_ROUND = "part_round"


def age_id(game: Game, state: State) -> str:
    return game.ages[state.age]


def last_token(game: Game, state: State) -> int | None:
    achievements = game.pack.game.get("achievements") or {}
    in_order = achievements.get("last_tokens")
    if in_order:  # the nth age played ends with the nth value
        return in_order[min(state.age, len(in_order) - 1)]
    return achievements.get("last_token")


def start_age(game: Game, state: State, first: bool = False) -> None:
    """Deal the age: counters, tokens, board, the draw pile emptied, then the pack's setup."""
    begin_age(game, state, first)
    for player in state.players:
        player.flags = {}
    state.marks = {}
    state.frames = [game.frame(SETUP, state.active)] if SETUP in game.programs else []


def begin_age(game: Game, state: State, first: bool = False) -> None:
    """What every new age starts with: the counters not kept between ages back at their
    start, the achievements' tokens and board dealt anew."""
    age = age_id(game, state)
    game.say(state, f"{age_name(game, age)} begins.")
    counters = game.pack.game.get("counters") or {}
    achievements = game.pack.game.get("achievements") or {}
    board = (achievements.get("boards") or {}).get(game.board_side or "", {})
    for player in state.players:
        for name, spec in counters.items():
            if first or not (spec or {}).get("keep_between_ages"):
                player.counters[name] = int((spec or {}).get("start", 0))
        player.tokens = list(achievements.get("start_tokens") or [])
        player.space = board.get("start") if board else None
    _deal_tokens(game, state, board)


def _deal_tokens(game: Game, state: State, board: dict) -> None:
    """One token of each value, drawn at random, on each space of that column (AH-S3)."""
    state.board = {}
    if not board:
        return
    age = age_id(game, state)
    limit = last_token(game, state)
    pool: dict[int, list[int]] = {}
    for token in game.pack.tokens:
        if token.ages is not None and age not in token.ages:
            continue
        if limit is not None and token.value > limit:
            continue
        pool.setdefault(token.value, []).append(game.pack.tokens.index(token))
    rng = state.random()
    for value, indexes in sorted(pool.items()):
        rng.shuffle(indexes)
        spaces = sorted(
            s
            for s, column in board["spaces"].items()
            if column == value and s != board.get("start")
        )
        for space, index in zip(spaces, indexes, strict=False):
            state.board[str(space)] = index
    state.store_random(rng)


def age_name(game: Game, age: str) -> str:
    return next((a.name for a in game.pack.ages if a.id == age), age)


def end_of_round(game: Game, state: State) -> None:
    """After a round: end the age (and perhaps the game), or start the next round. Between two
    ages the pack's `age_change` runs, then the next age is dealt."""
    if state.marks.get(CHANGING):
        next_age(game, state)
        return
    if state.round > 0 and _ends_with_the_round(game, state):
        state.marks["age_over"] = "the age's end condition holds"
    if state.round > 0 or state.marks.get(PART_ROUND):
        end_marks(game, state, "round")
    if state.round > 0 and _age_ends(game, state):
        why = state.marks.get("age_over")
        if isinstance(why, str):
            for role in ROLE_NAMES:  # the position names a zone by its role, the log by name
                why = why.replace(f"<{role}>", game.zones.name(role))
            game.say(state, f"{age_name(game, age_id(game, state))} ends: {why}.")
        last = state.age + 1 >= len(game.ages)
        score_age(game, state, last)
        if last:
            finish(game, state)
            return
        if AGE_CHANGE in game.programs:
            state.marks[CHANGING] = True
            state.frames = [game.frame(AGE_CHANGE, state.active)]
            return
        next_age(game, state)
        return
    if state.round > 0 or state.marks.pop(PART_ROUND, False):
        pass_first_player(game, state)
    for player in state.players:  # "passed" lasts the round: "repeat until every player has
        if "passed" in player.flags:  # passed" loops over the turns of one round
            player.flags = {k: v for k, v in player.flags.items() if k != "passed"}
    state.round += 1
    game.say(state, f"Round {state.round}: {game.player_name(state.active)} is the active player.")
    state.frames.append(game.frame(game.catalog.round_program, state.active))


# The roles a reason for the age's end may name, as "<draw pile>": the position keeps no zone's
# name (renaming a zone in the pack changes nothing in play), the log says the pack's.
ROLE_NAMES = (*ROLES["player"], *ROLES["shared"])


def age_event(game: Game, state: State, event: str, why: str) -> None:
    """An event that may end the age at the end of the round, if the pack says it does
    (`age_ends: [deck emptied, last token taken]`); `why` may name zones by role."""
    if event in (game.pack.game.get("age_ends") or []):
        state.marks["age_over"] = why


def _age_ends(game: Game, state: State) -> bool:
    return bool(state.marks.get("age_over"))


def _ends_with_the_round(game: Game, state: State) -> bool:
    """An `age_end` on facts of the round alone ("the round is at least 6") ends the age with
    the round in which it holds: every turn of that round is played."""
    test = game.formulas.age_end
    return (
        test is not None
        and game.formulas.age_end_by_round
        and test(Ctx(state, game.catalog, state.active))
    )


def end_of_turn(game: Game, state: State) -> None:
    """The pack's `age_end` condition ends the age with the turn in which it holds (AH-V1):
    the rest of the round is not played. A condition on facts of the round alone is tested at
    the round's end instead (`end_of_round`)."""
    end_marks(game, state, "turn")
    test = game.formulas.age_end
    if game.formulas.age_end_by_round:
        return
    if test is not None and test(Ctx(state, game.catalog, state.active)):
        state.marks["age_over"] = "the age's end condition holds"
        state.frames = []
        game.note("age end", why="condition")


def score_age(game: Game, state: State, last: bool = False) -> None:
    """Each player adds the pack's age score (AH-E2); a game scored at its end (`scoring:
    game`) scores the last age only, with the score the game ends with."""
    if game.pack.scores_at_end and not last:
        return
    age = age_id(game, state)
    for player in state.players:
        points = age_points(game, state, player.seat)
        player.score += points
        player.age_scores.append(points)
        game.say(
            state,
            f"End of {age_name(game, age)}: {game.player_name(player.seat)} "
            f"scores {points} (total {player.score}).",
        )


def age_points(game: Game, state: State, seat: int) -> int:
    """What the pack's age scoring would give a player if the age ended now."""
    formula = game.formulas.score
    points = formula(Ctx(state, game.catalog, seat)) if formula else 0
    return points + _formula_points(game, state, seat)


def _formula_points(game: Game, state: State, seat: int) -> int:
    """Cards whose points are a formula (Al-Khawarizmi) are worked out at scoring."""
    total = 0
    for copy in state.players[seat].all_cards():
        formula = game.formulas.points.get(game.catalog.copies[copy])
        if formula is not None:
            total += formula(Ctx(state, game.catalog, seat, copy))
    return total


def next_age(game: Game, state: State) -> None:
    """Deal the next age; the cards are where the pack's `age_change` left them (AH-E3 is Along
    History's: its events discarded, its active cards with a bonus kept as the legacy)."""
    forget_out_of_play(state)
    end_marks(game, state, "age")
    state.age += 1
    start_age(game, state)
    pass_first_player(game, state)
    state.round = 0


def pass_first_player(game: Game, state: State) -> None:
    """The next player in turn order starts the next round, unless the pack's first player
    stays (`first player: stays`)."""
    if game.pack.game.get("first player") != "stays":
        state.active = (state.active + 1) % len(state.players)
    if is_out(state, state.active):  # a first player who left the game: the next one still in
        state.active = next_in(state, state.active)[0]


def end_marks(game: Game, state: State, lifetime: str) -> None:
    """The pack's marks that last a turn, a round or an age leave every card when it ends."""
    if state.cards:
        clear_marks(state, game.catalog.card_states.marks_lasting(lifetime))


def forget_out_of_play(state: State) -> None:
    """Cards no player holds any more (a hand emptied at an age's end) are fresh cards again."""
    if state.cards:
        held = {c for p in state.players for zone in (*p.zones, *p.tableau) for c in zone}
        for copy in [c for c in state.cards if c not in held]:
            forget(state, copy)


def finish(game: Game, state: State) -> None:
    """Most points wins; a tie goes to the most of the pack's tie-break, line by line
    (`scoring: tie_break`; Along History: the best token, then the next best, AH-E6); players
    still tied share the victory."""
    breaks = game.formulas.tie_break

    def rank(seat: int) -> tuple[Any, ...]:
        ctx = Ctx(state, game.catalog, seat)
        return (state.players[seat].score, *(line(ctx) for line in breaks))

    seats = seats_in(state)  # a player who left the game wins nothing (leaving.py)
    best = max(rank(s) for s in seats)
    state.winners = [s for s in seats if rank(s) == best]
    state.over = True
    state.frames = []
    names = " and ".join(game.player_name(s) for s in state.winners)
    game.say(
        state,
        f"The game is over: {names} {'win' if len(state.winners) > 1 else 'wins'} "
        f"with {best[0]} points.",
    )
