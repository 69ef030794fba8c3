"""A search bot: greedy play improved by determinized rollouts where a decision matters.

What it searches. At a decision of the action phase, the board, decadence, a war or any other
choice between effects, the bot lists a few *candidates* — the greedy bot's own choice, ending
the phase, and one complete action per other menu entry (an acquisition with its cheapest
payment, as the greedy bot would pay; a purchase; a discard; an x2, golden age, gold face or
tilt) — at most `candidates` of them, best first by the greedy bot's values. Each candidate is
tried in sampled worlds: played on a copy of the position, then every seat plays on as the greedy
bot until `horizon` round ends have passed (1: to the end of this round; the end of an age, its
scoring, comes at a round's end) or the game is over, and the position reached is scored for
the bot: a game won 1, lost 0, shared 1/winners; an unfinished game by its standing (the bot's
material less the best opponent's, `bots.standing`; in a pack of its own kinds of action, the
pack's score formula as the greedy bot weighs it) through a logistic curve. Candidates are
compared by sequential halving (Karnin, Koren & Somekh 2013): each round spends an equal share
of the budget on the remaining candidates and keeps the better half; every candidate is tried
in the same worlds (common random numbers), so the comparison is paired and needs fewer
rollouts. The greedy bot's choice is kept unless another candidate beats it by `margin` on
those same worlds. Re-rolls, exchanges and the details of a payment are left to the greedy
bot's judgement (inside the candidates and rollouts alike).

How it determinizes. The bot cannot know the order of the deck nor the future dice, nor what
another player holds in a zone only its owner sees (`seen by: owner`). A world is the position
with its face-down zones shuffled, the other players' secret cards dealt anew among their
secret zones and the draw pile, and its generator reseeded, all from the bot's seed, the part
of the position the bot sees (`public_key`) and the world's number. The real generator is never
read: two positions that differ only in what the bot cannot know give the same worlds and the
same choice, and a game saved and resumed goes on exactly as the uninterrupted one. Decisions
that are not searched are answered by the greedy bot on a world too, so that its look-ahead on
copies does not see the real deck or dice either.

Its budget. `iterations` rollouts per searched decision (at least one per candidate still in
play in each halving round; not a time: the same seed gives the same game on any machine), each
at most `horizon` round ends long, or to the end of the game (`TO_THE_END`); a decision with one
candidate costs no rollout. The horizon's default depends on how the pack's position can be
weighed mid-game (`default_horizon`). On the engine's menu of actions (Along History) the
material standing counts everything a player holds, and a rollout stops at the end of the
round: with the defaults a 2-player game of three ages costs about 3 s of CPU (the greedy bot's:
0.2 s). In a pack of its own kinds of action the standing is the pack's score formula, which
gives nothing for what has not scored yet (coins, knowledge, an army, a citizen's place), so a
rollout stopped mid-game would weigh a move as the greedy bot does, one step ahead; there
rollouts play the game to its end and a candidate is weighed by who wins (The Ancient World,
3 players: about 1.5 s of CPU a searched decision compiled, see `benchmarks/SPEED_NOTES.md`).
`agesmith simulate --bots mcts,greedy` uses the defaults below; `benchmarks/bench_search.py`
measures their strength and cost against the greedy bot.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.actions import ACTION_MENU
from ..core.chance import Chance, seed_state
from ..mechanics.action_phase import STRAIGHTEN_KIND, TAKE_MONEY, expand
from ..mechanics.contest import DECLARE_STEP, contest_decision
from ..mechanics.declared_actions import DO
from .greedy import (
    GreedyBot,
    _payment_cost,
    _settled,
    _try,
    _worth,
    bot_choices,
    score_standing,
    seed_number,
    standing,
)

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import State
    from ..engine.game import Game

ITERATIONS = 8  # rollouts per searched decision
HORIZON = 1  # round ends a rollout crosses (1: it stops when this round ends)
TO_THE_END = 0  # a horizon of no round ends: rollouts play on until the game is over
CANDIDATES = 4  # candidates compared at one decision
MARGIN = 0.02  # how much better than the greedy choice another must score
SCALE = 6.0  # points of standing that make a 73% chance (logistic curve)
# The decisions searched: these, and the declaring of a contest (its kind is the contest's name).
SEARCHED = frozenset({ACTION_MENU, "board", "decadence", "choose", "card", "player"})
FACES_AND_TILTS = frozenset({"double", STRAIGHTEN_KIND, TAKE_MONEY, "tilt"})  # one-step entries


def _searched(game: Game, kind: str) -> bool:
    if kind in SEARCHED:
        return True
    fought = contest_decision(game, kind)
    return fought is not None and fought[1] == DECLARE_STEP


def default_horizon(game: Game) -> int:
    """The horizon of rollouts when none is given: to the end of the round on the engine's
    menu of actions, whose mid-game standing counts every holding; to the end of the game in a
    pack of its own kinds of action, whose standing (its score formula) is blind to holdings
    that have not scored yet (see the module's description)."""
    return TO_THE_END if game.pack.actions else HORIZON


def hidden_zones(game: Game) -> list[int]:
    """The shared zones no player sees (a face-down deck): their order is what a bot may not
    know. Their content is known: the cards not yet seen."""
    return [i for i, zone in enumerate(game.zones.shared) if zone.seen_by == "nobody"]


def _pooled(game: Game, state: State, seat: int | None) -> list[list[int]]:
    """The zones whose cards the player to move cannot tell apart: the other players' zones only
    their owner sees (a hand kept secret), with the face-down draw pile their cards came from.
    Empty when no zone is seen by its owner only."""
    private = [i for i, zone in enumerate(game.zones.player) if zone.seen_by == "owner"]
    if not private:
        return []
    zones = [p.zones[i] for p in state.players if p.seat != seat for i in private]
    draw = game.zones.draw
    if draw >= 0 and game.zones.shared[draw].seen_by == "nobody":
        zones.append(state.zones[draw])
    return zones


def public_key(game: Game, state: State) -> int:
    """A number drawn from what the player to move can see: the position without the order of
    the hidden zones, without which of the pooled zones (`_pooled`) holds which of their cards,
    and without the generator's state."""
    data = state.to_data()
    for i in hidden_zones(game):
        data["zones"][i] = sorted(data["zones"][i])
    pooled = _pooled(game, state, state.to_move)
    if pooled:
        data["unseen"] = sorted(c for zone in pooled for c in zone)
        data["unseen sizes"] = [len(zone) for zone in pooled]
        private = [i for i, zone in enumerate(game.zones.player) if zone.seen_by == "owner"]
        for player in data["players"]:
            if player["seat"] != state.to_move:
                for i in private:
                    player["zones"][i] = []
        if game.zones.draw >= 0:
            data["zones"][game.zones.draw] = []
    data.pop("rng")
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def determinize(game: Game, state: State, key: int) -> State:
    """A copy of `state` in one sampled world: each hidden zone shuffled, the pooled zones'
    cards dealt anew among them (each keeps its size), and the generator reseeded from `key`
    only (cards are sorted first, so their real places leave no trace)."""
    world = state.clone()
    chance = Chance(seed_state(key))
    pooled = _pooled(game, world, state.to_move)
    for i in hidden_zones(game):
        if not any(world.zones[i] is zone for zone in pooled):
            world.zones[i].sort()
            chance.shuffle(world.zones[i])
    if pooled:
        cards = sorted(c for zone in pooled for c in zone)
        chance.shuffle(cards)
        for zone in pooled:
            zone[:], cards = cards[: len(zone)], cards[len(zone) :]
    world.rng = seed_state(chance.state ^ 0x5EED)
    return world


class SearchBot:
    """Greedy play, improved by determinized rollouts (see the module's description)."""

    name = "mcts"

    def __init__(
        self,
        seed: int | str | None = 0,
        iterations: int = ITERATIONS,
        horizon: int | None = None,
        candidates: int = CANDIDATES,
        strict: bool = False,
    ) -> None:
        self.seed = seed_number(seed)
        self.iterations = iterations
        self.horizon = horizon  # None: the pack's default (`default_horizon`)
        self.candidates = candidates
        self.strict = strict  # re-raise a failure of the search (for tests)
        self.greedy = GreedyBot(self.seed ^ 0x9E3779B97F4A7C15, strict=strict)
        # the players of the rollouts: greedy bots whose chance comes from the world
        self._players: list[GreedyBot] = []
        self.searched = 0  # decisions searched (for benchmarks)

    # ---------------------------------------------------------------- entry

    def choose(self, game: Game, state: State, actions: Sequence[Action]) -> Action:
        if not actions:
            raise ValueError("no legal action to choose from (the game is over?)")
        actions = list(bot_choices(game, actions))
        if len(actions) == 1:
            return actions[0]
        key = seed_state(self.seed ^ public_key(game, state))
        base = determinize(game, state, key)
        fallback = self.greedy.choose(game, base, actions)
        kind = (state.pending or {}).get("kind", "")
        if not _searched(game, kind) or self.iterations <= 0:
            return fallback
        try:
            candidates = self._candidates(game, base, actions, fallback)
            if len(candidates) < 2:
                return fallback
            self.searched += 1
            return self._halving(game, state, key, candidates)
        except Exception:  # a failure of the search must never stop a game
            if self.strict:
                raise
            return fallback

    # ---------------------------------------------------------------- candidates

    def _candidates(
        self, game: Game, state: State, actions: list[Action], fallback: Action
    ) -> list[Action]:
        """The greedy choice first, then the others worth comparing (see the module)."""
        if state.pending["kind"] != ACTION_MENU:  # type: ignore[index]
            rest = [a for a in actions if not a.same(fallback)]
            return [fallback, *rest[: self.candidates - 1]]
        scored: list[tuple[float, int, Action]] = []
        seat = int(state.pending["player"])  # type: ignore[index]
        for i, entry in enumerate(actions):
            if entry.kind in ("acquire", "buy"):
                best = min(expand(game, state, entry), key=_payment_cost)
                worth = self.greedy.value(game, best.params["card"]) - _payment_cost(best)
                scored.append((worth, i, best))
            elif entry.kind == "discard":
                scored.append((0.5, i, entry))
            elif entry.kind in FACES_AND_TILTS:
                scored.append((0.0, i, entry))
            elif entry.kind == DO:  # the pack's own kinds: by what the greedy bot sees in them
                after = _try(game, state, entry)
                if after is not None:
                    scored.append((_worth(game, _settled(game, after, seat), seat), i, entry))
        scored.sort(key=lambda t: (-t[0], t[1]))
        out = [fallback]
        passing = next((a for a in actions if a.kind == "pass"), None)
        if passing is not None and not passing.same(fallback):
            out.append(passing)
        for _, _, a in scored:
            if len(out) >= self.candidates:
                break
            if not any(a.same(o) for o in out):
                out.append(a)
        return out

    # ---------------------------------------------------------------- the search

    def _halving(self, game: Game, state: State, key: int, candidates: list[Action]) -> Action:
        """Sequential halving over the candidates, every one tried in the same worlds."""
        seat = int(state.pending["player"])  # type: ignore[index]
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        world = 0
        spent = 0
        for r in range(rounds):
            share = max(1, (self.iterations - spent) // ((rounds - r) * len(alive)))
            for _ in range(share):
                sample = determinize(game, state, seed_state(key + world + 1))
                world += 1
                for i in alive:
                    totals[i] += self._rollout(game, sample, candidates[i], seat)
                    counts[i] += 1
                    spent += 1
            if r < rounds - 1:  # keep the better half (two at least)
                alive.sort(key=lambda i: (-totals[i] / counts[i], i))
                alive = alive[: max(2, math.ceil(len(alive) / 2))]
        best = max(alive, key=lambda i: (totals[i] / counts[i], -i))
        # the greedy choice (index 0) stays unless beaten on the same worlds by the margin
        if (
            best != 0
            and counts[0] == counts[best]
            and totals[best] / counts[best] < totals[0] / counts[0] + MARGIN
        ):
            return candidates[0]
        return candidates[best]

    def _rollout(self, game: Game, world: State, action: Action, seat: int) -> float:
        """Play `action` in a copy of `world`, then greedy play until `horizon` round ends
        have passed (to the game's end for `TO_THE_END`); the value of the position reached for
        `seat`."""
        horizon = default_horizon(game) if self.horizon is None else self.horizon
        state = world.clone()
        game.play(state, action)
        players = self._players
        while len(players) < len(state.players):
            players.append(GreedyBot(self.seed + 1 + len(players)))
        last = (state.age, state.round)
        changes = 0
        while not state.over:
            now = (state.age, state.round)
            if now != last:
                changes += 1
                last = now
                if horizon != TO_THE_END and changes >= horizon:
                    break
            mover = int(state.pending["player"])  # type: ignore[index]
            game.play(state, players[mover].choose(game, state, game.choices(state)))
        return self.value(game, state, seat)

    @staticmethod
    def value(game: Game, state: State, seat: int) -> float:
        """A position's worth for `seat`, in [0, 1]: the result of a finished game, else the
        standing through a logistic curve."""
        if state.over:
            return 1.0 / len(state.winners) if seat in state.winners else 0.0
        # a pack of its own kinds of action is weighed by its score formula, as the greedy bot
        # weighs them; Along History's menu by the material standing
        lead = score_standing if game.pack.actions else standing
        return 1.0 / (1.0 + math.exp(-lead(game, state, seat) / SCALE))


__all__ = ["TO_THE_END", "SearchBot", "default_horizon", "determinize", "public_key"]
