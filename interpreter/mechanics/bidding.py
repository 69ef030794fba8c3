"""A bid going round the table: `each player may bid up to their colonization`.

    each player may bid up to their coin          an auction, in turn order from you
    the winner plays "take the lot"               the highest bidder plays a part of the turn
    lose coin equal to the bid                    (there:) the winning bid

Through the Ages' territories are bid for this way (TTA-C1): clockwise from the player who
revealed the card, each bid a whole number higher than the last, up to the bidder's own limit.
The step is one auction over the players its subject names, in turn order from the rule's
player: each in turn bids more than the highest bid so far (at least 1), up to the number the
`up to` phrase reads for them, or passes and is out. It ends when every player but the highest
bidder has passed; a player whose limit is no higher than the bid passes without being asked.
The highest bidder takes the role "the winner" of the rule (and the parts it plays), and `the
bid` reads the winning bid; with no bid at all nobody is the winner, so a part the winner
would play is not played and `the bid` reads 0. What the winner pays, and for what, the rule
says in its next steps: the auction moves nothing.

The auction's progress (the bidders, whose turn it is, who passed, the highest bid and its
bidder) is the instruction's working data (`frame["loc"]`), so a game saved while a player is
deciding resumes at that player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..compile.meaning import compile_value, players_of, says
from ..core.actions import Action, Decision
from ..core.control import NEXT, Result, wait
from ..core.errors import cannot

if TYPE_CHECKING:
    from ..compile.meaning import Lexicon
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]

FORM = 'bid reads "each player may bid up to <number>" (an auction going round the table)'
# the answer of a player who bids nothing more: out of the auction
PASS = 0


def bid_builder(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    limit_role = next((r for r in act.roles if r.preposition == "up to"), None)
    if (
        act.subject is None
        or not instruction.may
        or act.object is not None
        or limit_role is None
        or len(act.roles) != 1
    ):
        raise cannot(act, FORM, hint='write "each player may bid up to <number>"')
    seats, mode = players_of(act.subject, lex)
    if mode != "all":
        raise cannot(act.subject, 'who bids? "each player", "each other player ..."')
    limit = compile_value(limit_role.value, lex)

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Any
    ) -> Result:
        loc = frame["loc"]
        if "bidders" not in loc:
            loc.update(bidders=seats(game.ctx(state, frame)), at=0, high=0, bidder=-1, out=[])
        elif answer is not None:
            _answered(game, state, loc, int(answer.params["amount"]))
        bidders: list[int] = loc["bidders"]
        while True:
            left = [s for s in bidders if s not in loc["out"]]
            if not left or left == [loc["bidder"]]:
                return _won(game, state, frame, loc)
            seat = bidders[loc["at"]]
            if seat in loc["out"] or seat == loc["bidder"]:
                loc["at"] = (loc["at"] + 1) % len(bidders)
                continue
            most = limit(game.ctx(state, frame).with_player(seat))  # "their": the bidder's
            if most <= loc["high"]:
                loc["out"].append(seat)
                more = f" more than {loc['high']}" if loc["high"] else ""
                game.say(state, f"{game.player_name(seat)} cannot bid{more}.")
                continue
            return wait(_decision(seat, loc["high"], most))

    instruction.data["says"] = f"bid up to {says(limit)}, one after another"
    return handler


def _decision(seat: int, high: int, most: int) -> Decision:
    options = [Action("bid", {"amount": n}, f"bid {n}") for n in range(high + 1, most + 1)]
    options.append(Action("bid", {"amount": PASS}, "pass"))
    prompt = f"Bid more than {high}, up to {most}?" if high else f"Bid, up to {most}?"
    return Decision(seat, "bid", options, prompt)


def _answered(game: Game, state: State, loc: dict[str, Any], amount: int) -> None:
    seat = loc["bidders"][loc["at"]]
    if amount == PASS:
        loc["out"].append(seat)
        game.say(state, f"{game.player_name(seat)} passes.")
    else:
        loc["high"], loc["bidder"] = amount, seat
        game.say(state, f"{game.player_name(seat)} bids {amount}.")
    loc["at"] = (loc["at"] + 1) % len(loc["bidders"])


def _won(game: Game, state: State, frame: dict[str, Any], loc: dict[str, Any]) -> Result:
    roles = dict(frame.get("roles") or {})
    roles.pop("winner", None)
    if loc["bidder"] >= 0:
        roles["winner"] = loc["bidder"]
        game.say(state, f"{game.player_name(loc['bidder'])} wins the bid with {loc['high']}.")
    else:
        game.say(state, "Nobody bids.")
    frame["roles"] = roles
    frame["bid"] = loc["high"]
    return NEXT
