"""The achievements board: moving a marker, taking a token, decadence.

At the end of a turn a marker may stay, move back one space, or move forward through empty
spaces along the board's paths, stopping on an empty space or on a token whose condition the
player meets (AH-A1). A token taken forces decadence when the player has two active cards or
more (AH-X1, AH-X2): one active card, with its pile, slides under another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules_dsl.printer import condition as condition_text

from ..compile.meaning import Ctx
from ..core.actions import Action, Decision
from ..core.control import NEXT, Result, wait

if TYPE_CHECKING:
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game


def _board(game: Game) -> dict[str, Any]:
    achievements = game.pack.game.get("achievements") or {}
    return (achievements.get("boards") or {}).get(game.board_side or "", {})


def _neighbours(board: dict[str, Any]) -> dict[str, list[str]]:
    """Each space's neighbours along the paths, in order."""
    out: dict[str, set[str]] = {str(s): set() for s in board.get("spaces", {})}
    for a, b in board.get("paths", []):
        out[str(a)].add(str(b))
        out[str(b)].add(str(a))
    return {space: sorted(linked) for space, linked in out.items()}


def _geometry(game: Game) -> tuple[dict[str, int], dict[str, list[str]]] | None:
    """The board side's columns and paths, worked out once per game (None: no board)."""
    known = game.caches.get("board")
    if known is None:
        board = _board(game)
        columns = {str(k): v for k, v in board["spaces"].items()} if board else {}
        known = game.caches["board"] = (columns, _neighbours(board)) if board else ()
    return known or None


def _token_text(game: Game, index: int) -> str:
    """How a token is offered: its value and its condition, written once per game."""
    texts: dict[int, str] = game.caches.setdefault("token texts", {})
    text = texts.get(index)
    if text is None:
        token = game.pack.tokens[index]
        text = texts[index] = f"take the {token.value} token) — {condition_text(token.condition)}"
    return text


def meets(game: Game, state: State, seat: int, space: str) -> bool:
    index = state.board.get(space)
    return index is None or game.formulas.tokens[index](Ctx(state, game.catalog, seat))


def destinations(game: Game, state: State, seat: int) -> list[str]:
    """The spaces the marker may move to this turn (staying put is not one of them)."""
    geometry = _geometry(game)
    here = state.players[seat].space
    if geometry is None or here is None:
        return []
    column, links = geometry
    out: list[str] = []
    for back in links[here]:  # one space back, taking its token if any
        if column[back] < column[here] and meets(game, state, seat, back):
            out.append(back)
    seen = {here}
    frontier = [here]
    while frontier:  # forward through empty spaces
        space = frontier.pop()
        for nxt in links[space]:
            if nxt in seen or column[nxt] < column[space]:
                continue
            seen.add(nxt)
            if nxt in state.board:
                if meets(game, state, seat, nxt):
                    out.append(nxt)  # a token stops the move
                continue
            out.append(nxt)
            frontier.append(nxt)
    return sorted(set(out), key=lambda s: (column[s], s))


def handler(
    game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
) -> Result:
    seat = int(frame.get("doer", frame["player"]))
    player = state.players[seat]
    loc = frame["loc"]
    if answer is None and loc.get("decadence"):  # resumed while decadence is asked
        return wait(
            Decision(
                seat,
                "decadence",
                _decadence_options(game, state, seat),
                "Decadence: which card slides under which?",
            )
        )
    if answer is not None and answer.kind == "decadence":
        _decay(game, state, seat, answer.params["card"], answer.params["under"])
        return NEXT
    if answer is not None:
        if answer.kind == "stay":
            return NEXT
        took = _move(game, state, seat, answer.params["space"])
        if took and len(player.tableau) >= 2:
            loc["decadence"] = True
            return wait(
                Decision(
                    seat,
                    "decadence",
                    _decadence_options(game, state, seat),
                    "Decadence: which card slides under which?",
                )
            )
        return NEXT
    spaces = destinations(game, state, seat)
    if not spaces:
        return NEXT
    options = [Action("stay", {}, "stay where you are")] if instruction.may else []
    for space in spaces:
        index = state.board.get(space)
        if index is None:
            options.append(Action("move", {"space": space}, f"move to {space} (an empty space)"))
            continue
        options.append(
            Action("move", {"space": space}, f"move to {space} ({_token_text(game, index)}")
        )
    return wait(Decision(seat, "board", options, "The achievements board"))


def _move(game: Game, state: State, seat: int, space: str) -> bool:
    """Move the marker; take the token there. Returns whether a token was taken."""
    from .ages import age_event, last_token

    player = state.players[seat]
    player.space = space
    index = state.board.pop(space, None)
    if index is None:
        game.say(state, f"{game.player_name(seat)} moves to {space}.")
        return False
    value = game.pack.tokens[index].value
    player.tokens.append(value)
    game.note("token", value=value, seat=seat)
    game.say(state, f"{game.player_name(seat)} moves to {space} and takes the {value} token.")
    if value == last_token(game, state):
        age_event(game, state, "last token taken", f"the {value} token was taken")
    return True


def _decadence_options(game: Game, state: State, seat: int) -> list[Action]:
    active = state.players[seat].active_cards()
    return [
        Action(
            "decadence",
            {"card": a, "under": b},
            f"put {game.name(a)} in decadence under {game.name(b)}",
        )
        for a in active
        for b in active
        if a != b
    ]


def _decay(game: Game, state: State, seat: int, card: int, under: int) -> None:
    player = state.players[seat]
    pile = next(p for p in player.tableau if p[0] == card)
    target = next(p for p in player.tableau if p[0] == under)
    player.tableau.remove(pile)
    player.tableau[player.tableau.index(target)] = target + pile  # a new pile
    if card in player.tilted:
        player.tilted.remove(card)
    game.say(state, f"{game.player_name(seat)} puts {game.name(card)} in decadence.")
