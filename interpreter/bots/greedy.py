"""Bots: players that choose among the legal actions of a position.

A bot is anything with `choose(game, state, actions) -> Action`; it is called only for the
player who must decide (`state.to_move`) with the decision's choices (`game.choices`) and
returns one of them, or a complete action that begins with one (`game.apply` takes either).
A bot's chance is drawn from its seed and the position (the game's generator and the number of
decisions answered so far), never from a hidden generator: the same seeds give the same game,
and a game saved and resumed with the same bots goes on exactly as the uninterrupted one.

`RandomBot` picks uniformly. `GreedyBot` plays a simple, explainable strategy, good enough that
a playtest means something:

* action phase — acquire the most valuable card it can (points + bonus symbols, plus the harm it
  avoids for a card that would fail in its events), paying with the cheapest sources (a
  universal resource or a legacy card costs more than a die, a die more than nothing); among
  payments it prefers one that leaves another card affordable. Before acquiring it checks, by
  applying them to a copy of the position, whether an x2 or a golden age lets it acquire a
  better card. When nothing more is worth acquiring it discards a failing card it may discard,
  exchanges a failing card it cannot pay for an opponent's card (the leader's, if it can),
  re-rolls a die when the expected value of what it could then acquire is worth it (worked out
  over the die's faces, never by peeking at the game's generator), tilts cards that only give
  money (the counter the pack names `money`), and passes;
* board — moves to the best token it may take when the token is worth more than the
  decadence it forces; otherwise it stays;
* decadence — puts away the active card whose loss costs least (fewest bonus symbols);
* wars — declares when the expected token won (exact over the war dice, with the bonuses each
  side may tilt for its army (the pack's `war: tilt`) and the cards' war modifiers) is worth
  the means spent, against the opponent where that expectation is best; tilts every such bonus
  for the army and re-rolls its war dice below the average;
* any other decision (which card, which player, a choice between effects) — tries each option
  on a copy of the position and keeps the one that leaves it best placed against the leading
  opponent.

Bots never raise on a position with legal actions: a failure inside the strategy falls back to
a safe default (pass, stop, stay, keep, or the first action).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from rules_dsl.actions import last_resorts
from rules_dsl.roles import CONTEST, DOUBLE

from ..compile.meaning import Ctx
from ..core.actions import ACTION_MENU, Action
from ..core.chance import MASK, Chance, seed_state
from ..mechanics.action_phase import PRICE, STRAIGHTEN_KIND, expand, split, waiting_pool
from ..mechanics.contest import (
    DECLARE_STEP,
    REROLL_STEP,
    TILT_STEP,
    contest_decision,
    contest_die,
    contest_face,
    current_contest,
    strength,
)
from ..mechanics.costs import Price, decision_facts, price
from ..mechanics.declared_actions import DO

if TYPE_CHECKING:
    from rules_dsl.contests import Contest

    from ..compile.catalog import CardInfo
    from ..core.state import PlayerState, State
    from ..engine.game import Game
    from ..mechanics.payments import Purse, Source


class Bot(Protocol):
    """A player: picks one of the legal actions of the player who must decide."""

    def choose(self, game: Game, state: State, actions: Sequence[Action]) -> Action: ...


def _no_actions() -> ValueError:
    return ValueError("no legal action to choose from (the game is over?)")


def seed_number(seed: int | str | None) -> int:
    """A bot's seed as a 64-bit number (a text seed is hashed, None is 0)."""
    if seed is None:
        return 0
    if isinstance(seed, str):
        return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")
    return int(seed) & MASK


def position_seed(seed: int, rng: int, moves: int) -> int:
    """The seed of one decision: mixed from the bot's seed and the position only (the game's
    generator and the number of decisions answered)."""
    return seed_state(seed ^ seed_state(rng ^ seed_state(moves)))


def position_chance(seed: int, state: State) -> Chance:
    """A generator for one decision: drawn from the bot's seed and the position only."""
    return Chance(position_seed(seed, state.rng, state.moves))


def bot_choices(game: Game, actions: Sequence[Action]) -> Sequence[Action]:
    """The choices a bot weighs: a declared action marked `bots: last resort` (Through the
    Ages' resigning) only when nothing else is legal."""
    last = game.caches.get("bot_last_resorts")
    if last is None:
        last = game.caches["bot_last_resorts"] = last_resorts(game.pack.game)
    if not last:
        return actions
    kept = [a for a in actions if not (a.kind == DO and a.params.get("action") in last)]
    return kept or actions


class RandomBot:
    """Picks any legal choice, uniformly (chance drawn from its seed and the position)."""

    name = "random"

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed_number(seed)

    def choose(self, game: Game, state: State, actions: Sequence[Action]) -> Action:
        if not actions:
            raise _no_actions()
        actions = bot_choices(game, actions)
        return actions[position_chance(self.seed, state).randrange(len(actions))]


# ------------------------------------------------------------------ weights of the greedy bot

BONUS_VALUE = 0.8  # an active bonus symbol (not money), in points
MONEY_VALUE = 0.25  # one unit of money (Along History's gold), in points
COUNTER_VALUE = 1.0  # one unit of another counter (the universal resource), in points
HAND_SHARE = 0.25  # the part of a card's points counted while it waits in the hand
THREAT = 3.0  # a card that will fail in your events (a calamity): what it may cost
URGENT = 1.0  # ... more when it fails at the end of this very turn
LEGACY_COST = 1.0  # paying with a legacy card (it is gone)
COUNTER_COST = 1.5  # paying with a universal resource
TILT_COST = 0.3  # tilting a card (it cannot pay or defend until straightened)
DIE_COST = 0.05  # a die spent (tie-break: fewer dice)
DECAY_PENALTY = 2.0  # scoring: points lost per bonus symbol in decadence
FORMULA_POINTS = 2  # a card whose points are a formula: a guess
LOOKAHEAD_OPTIONS = 12  # at most this many options tried on copies for a generic decision
IMPROVE_MARGIN = 0.5  # an x2 or golden age must improve the best acquisition by this
REROLL_MARGIN = 0.3  # a re-roll must be expected to be worth this
SAMPLES = 10  # Monte Carlo samples when several dice are re-rolled at once
SAFE_DEFAULTS = ("pass", "stop", "stay", "keep")
PAYMENT_WEIGHTS = (DIE_COST, TILT_COST, LEGACY_COST, COUNTER_COST)  # die, card, legacy, counter


class GreedyBot:
    """A one-step greedy player (see the module's description)."""

    name = "greedy"

    def __init__(self, seed: int | str | None = 0, strict: bool = False) -> None:
        self.seed = seed_number(seed)
        # drawn from when sampling, seeded from the position at each choice where it is used
        # (seeding costs more than most choices need: see `_random`)
        self.rng = random.Random(self.seed)
        self._position: tuple[int, int] = (0, 0)  # (the game's generator, moves) of a choice
        self._seeded = True
        self.strict = strict  # re-raise a failure of the strategy (for tests)
        self._game: Game | None = None
        self._values: list[float] = []

    # ---------------------------------------------------------------- entry

    def choose(self, game: Game, state: State, actions: Sequence[Action]) -> Action:
        if not actions:
            raise _no_actions()
        actions = list(bot_choices(game, actions))
        if len(actions) == 1:
            return actions[0]
        kind = (state.pending or {}).get("kind", "")
        try:
            self._prepare(game)
            self._position, self._seeded = (state.rng, state.moves), False
            method = {
                ACTION_MENU: self._action,
                "board": self._board,
                "decadence": self._decadence,
            }.get(kind)
            fought = contest_decision(game, kind)
            if method is not None:
                chosen = method(game, state, actions)
            elif fought is not None:
                contest, step = fought
                chosen = {
                    DECLARE_STEP: self._war,
                    TILT_STEP: self._war_tilt,
                    REROLL_STEP: self._war_reroll,
                }[step](game, state, actions, contest)
            else:
                chosen = self._lookahead(game, state, actions)
            if chosen is not None and _offered(chosen, actions):
                return chosen
        except Exception:  # a strategy bug must never stop a game
            if self.strict:
                raise
        return _safe(actions)

    def _random(self) -> float:
        """A draw of this choice's generator, seeded from the bot's seed and the position."""
        if not self._seeded:
            self.rng.seed(position_seed(self.seed, *self._position))
            self._seeded = True
        return self.rng.random()

    def _prepare(self, game: Game) -> None:
        if self._game is not game:
            self._game = game
            money = game.catalog.roles.money
            self._values = [_card_value(info, money) for info in game.catalog.cards]

    def value(self, game: Game, copy: int) -> float:
        """What owning a card is worth, in points (its own points and its bonus)."""
        return self._values[game.catalog.copies[copy]]

    # ---------------------------------------------------------------- the action phase

    def _action(self, game: Game, state: State, menu: list[Action]) -> Action | None:
        """The strategy weighs complete actions; a menu entry's details are listed only when
        the strategy comes to that kind of action (the acquisitions' payments from one purse
        for the whole decision, see `_ranked`)."""
        seat = int(state.pending["player"])  # type: ignore[index]
        by_kind: dict[str, list[Action]] = {}
        for a in menu:
            by_kind.setdefault(a.kind, []).append(a)

        def complete(*kinds: str) -> list[Action]:
            return [full for a in menu if a.kind in kinds for full in expand(game, state, a)]

        pool = waiting_pool(state)
        # what this position's weighing shares: its facts (costs.py), and what sets of
        # sources would pay for (`_affordable`'s memo); `_improve` looks at other positions
        facts: dict[Any, Any] = decision_facts()
        memo: dict[Any, float] = {}
        best = self._best_acquisition(game, state, seat, menu, pool, facts, memo)
        best_score = best[0] if best else 0.0
        # an x2 or a golden age that lets a better card be acquired (tried on a copy)
        improving = by_kind.get("double", []) + by_kind.get(STRAIGHTEN_KIND, [])
        if improving:
            choice = self._improve(game, state, seat, improving, pool, best_score)
            if choice is not None:
                return choice
        if best is not None and best[0] > 0:
            return best[1]
        for a in by_kind.get("discard", []):  # a failing card we may simply discard
            if _fails(game, a.params["card"]):
                return a
        # the cards it could acquire, buy or discard (on the menu only when it can)
        payable = {a.params["card"] for a in menu if a.kind in ("acquire", "buy", "discard")}
        # (the exchanges are listed only when some card of the events is worth giving away)
        if any(_fails(game, c) and c not in payable for c in _hand(game, state.players[seat])):
            exchange = self._exchange(game, state, seat, complete("exchange"), payable, pool)
            if exchange is not None:
                return exchange
        rerolls = complete("reroll") + complete("reroll all")
        if rerolls and pool is not None:
            choice = self._reroll(game, state, seat, rerolls, pool, facts, memo)
            if choice is not None:
                return choice
        money = game.catalog.roles.money
        for a in by_kind.get("tilt", []):  # cards that only give money
            info = game.catalog.info(a.params["card"])
            if not any(n for k, n in info.bonus.items() if k != money):
                return a
        if DO in by_kind:  # the pack's own kinds of action, weighed by the pack's score
            return self._declared(game, state, seat, by_kind.get("pass", []) + by_kind[DO])
        return by_kind.get("pass", [None])[0]

    def _declared(
        self, game: Game, state: State, seat: int, options: list[Action]
    ) -> Action | None:
        """Of the pack's own kinds of action (and passing), the one that leaves the best
        standing by the pack's score formula, counted now; a card taken into the hand counts
        a part of its points, so a card that scores later is worth taking. Ties go to
        the first option (passing: never a do-nothing loop)."""
        best: tuple[float, Action] | None = None
        for a in options[: LOOKAHEAD_OPTIONS * 2]:
            after = _try(game, state, a)
            if after is None:
                continue
            worth = _worth(game, _settled(game, after, seat), seat)
            if best is None or worth > best[0] + 1e-9:
                best = (worth, a)
        return best[1] if best else None

    def _acquisition_score(
        self, game: Game, state: State, seat: int, action: Action, discardable: set[int]
    ) -> float:
        return self._card_score(
            game, state, seat, action.params["card"], discardable
        ) - _payment_cost(action)

    def _card_score(
        self, game: Game, state: State, seat: int, copy: int, discardable: set[int]
    ) -> float:
        """What acquiring `copy` is worth before its payment."""
        score = self.value(game, copy)
        if _fails(game, copy) and copy not in discardable:
            score += THREAT
            if seat == state.active and copy in state.players[seat].flags.get(
                "turn_start_events", ()
            ):
                score += URGENT
        return score

    def _ranked(
        self,
        game: Game,
        state: State,
        seat: int,
        menu: list[Action],
        pool: list[dict] | None,
        facts: dict[Any, Any],
    ) -> list[tuple[float, tuple[int, int], Candidate]]:
        """The complete acquisitions and purchases, best first, ties in the order of the flat
        listing (menu entry, then payment). The payments are weighed from one purse for the
        whole decision (the menu's detail would build one per card) by the sources they use,
        and written out as actions only when looked at."""
        from ..mechanics.action_phase import sources
        from ..mechanics.payments import Purse

        discardable = {a.params["card"] for a in menu if a.kind == "discard"}
        scored: list[tuple[float, tuple[int, int], Candidate]] = []
        purse = (
            Purse(sources(game, state, seat, pool, facts), game.catalog.roles.counted)
            if pool is not None
            else None
        )
        for m, a in enumerate(menu):
            if a.kind not in ("acquire", "buy"):
                continue
            if a.kind == "buy" or "dice" in a.params or purse is None:
                scored += [
                    (
                        self._acquisition_score(game, state, seat, full, discardable),
                        (m, j),
                        Candidate(full),
                    )
                    for j, full in enumerate(expand(game, state, a))
                ]
                continue
            worth = self._card_score(game, state, seat, a.params["card"], discardable)
            cost = price(game, state, seat, a.params["card"], facts)
            scored += [
                (worth - _sources_cost(*used), (m, j), Candidate(a, purse, cost, j))
                for j, used in enumerate(purse.counts(cost.amount, cost.resources))
            ]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return scored

    def _best_acquisition(
        self,
        game: Game,
        state: State,
        seat: int,
        menu: list[Action],
        pool: list[dict] | None,
        facts: dict[Any, Any],
        memo: dict[Any, float],
    ) -> tuple[float, Action] | None:
        """The acquisition (or purchase) worth most, with what the rest of the pool would
        still pay for: the best LOOKAHEAD_OPTIONS complete actions by their own score are
        weighed, those that cannot beat the best found skipped. `facts` and `memo` are this
        position's (see `_affordable`)."""
        ranked = self._ranked(game, state, seat, menu, pool, facts)
        if not ranked:
            return None
        if pool is None or len(_hand(game, state.players[seat])) < 2:
            return ranked[0][0], ranked[0][2].action()
        # two steps: does the rest of the pool still pay for another card?
        events = _hand(game, state.players[seat])
        prices = {c: price(game, state, seat, c, facts) for c in events}
        most_other = max(self.value(game, c) + THREAT * _fails(game, c) for c in events)
        best: tuple[float, tuple[int, int], Candidate] | None = None
        for score, i, candidate in ranked[:LOOKAHEAD_OPTIONS]:
            if best is not None and score + most_other < best[0] - 1e-9:
                break  # this one and every later one (scoring no more) are skipped
            card = candidate.entry.params["card"]
            if best is not None and score + self._max_other(game, state, seat, card) <= best[0]:
                continue
            # what the rest pays for, from what the payment leaves (written out as an
            # action only for the one chosen)
            a = candidate.written()
            then = self._affordable(
                game,
                state,
                seat,
                pool,
                skip={card},
                spent=a if a is not None and a.kind == "acquire" else None,
                prices=prices,
                facts=facts,
                memo=memo,
                have=candidate.rest() if a is None else None,
            )
            total = score + then
            if best is None or total > best[0] + 1e-9:
                best = (total, i, candidate)
        assert best is not None
        return best[0], best[2].action()

    def _max_other(self, game: Game, state: State, seat: int, card: int) -> float:
        """The most any other card of the events (not `card`) could be worth."""
        others = [
            self.value(game, c) + THREAT * _fails(game, c)
            for c in _hand(game, state.players[seat])
            if c != card
        ]
        return max(others, default=0.0)

    def _affordable(
        self,
        game: Game,
        state: State,
        seat: int,
        pool: list[dict],
        skip: set[int] | None = None,
        spent: Action | None = None,
        prices: dict[int, Any] | None = None,
        facts: dict[Any, Any] | None = None,
        memo: dict[Any, float] | None = None,
        have: list[Source] | None = None,
    ) -> float:
        """The best net value of one card of the events that `pool` (less what `spent` uses)
        would pay for; 0 when none. `prices` may hold the events' prices already worked out
        (the bot's estimate: it reads them for the real dice); `facts`, the position's memo;
        `memo`, answers already found with these prices, by what the sources are (in order);
        `have`, the sources to weigh when already known (then `pool` and `spent` are not
        read)."""
        from ..mechanics.action_phase import sources
        from ..mechanics.payments import Purse

        if facts is None:
            facts = decision_facts()
        if have is None:
            have = sources(game, state, seat, pool, facts)
            if spent is not None:
                have = _without(have, spent.params)
        key = None
        if memo is not None and prices is not None:
            key = (tuple(sorted(skip or ())), tuple(s.signature for s in have))
            known = memo.get(key)
            if known is not None:
                return known
        purse = Purse(have, game.catalog.roles.counted)
        best = 0.0
        player = state.players[seat]
        for copy in _hand(game, player):
            if skip and copy in skip:
                continue
            worth = self.value(game, copy) + (THREAT if _fails(game, copy) else 0.0)
            if worth <= best:
                continue
            cost = prices[copy] if prices is not None else price(game, state, seat, copy, facts)
            if cost.free:
                best = max(best, worth)
                continue
            cheapest = purse.cheapest(cost.amount, cost.resources, PAYMENT_WEIGHTS)
            if cheapest is not None:
                best = max(best, worth - cheapest)
        if key is not None:
            memo[key] = best  # type: ignore[index]
        return best

    def _improve(
        self,
        game: Game,
        state: State,
        seat: int,
        improving: list[Action],
        pool: list[dict] | None,
        best_score: float,
    ) -> Action | None:
        """An x2 or golden age whose result (seen on a copy: they involve no chance) offers
        a better acquisition, or more money."""
        from ..mechanics.dice import face_of

        money = game.catalog.roles.money
        chosen: tuple[float, Action] | None = None
        seen: set[Any] = set()
        for a in improving[: LOOKAHEAD_OPTIONS * 2]:
            gain = 0.0
            key: tuple[Any, ...]
            if a.kind == "double" and pool is not None:
                target = pool[a.params["target"]]
                key = ("double", target["die"], target["face"], target["times"])
                face = face_of(game, target)
                if face.kind == money:
                    gain = MONEY_VALUE * face.amount * target["times"]
            else:
                key = (STRAIGHTEN_KIND,)
                player = state.players[seat]
                gain = MONEY_VALUE * sum(
                    game.catalog.info(c).bonus[money or ""] for c in player.tilted
                )
            if key in seen:
                continue
            seen.add(key)
            if not gain:
                after = _try(game, state, a)
                if after is None or after.to_move != seat:
                    continue
                found = self._best_acquisition(
                    game,
                    after,
                    seat,
                    game.choices(after),
                    waiting_pool(after),
                    decision_facts(),
                    {},
                )
                gain = (found[0] if found else 0.0) - best_score
            if gain > IMPROVE_MARGIN and (chosen is None or gain > chosen[0]):
                chosen = (gain, a)
        return chosen[1] if chosen else None

    def _exchange(
        self,
        game: Game,
        state: State,
        seat: int,
        exchanges: list[Action],
        payable: set[int],
        pool: list[dict] | None,
    ) -> Action | None:
        """Give away a failing card we cannot pay for, for the most useful card we can get."""
        if not exchanges:
            return None
        leader = _leader(game, state, seat)
        best: tuple[float, Action] | None = None
        for a in exchanges:
            mine, theirs = a.params["card"], a.params["with"]
            if not _fails(game, mine) or mine in payable or _fails(game, theirs):
                continue
            score = self.value(game, theirs) + (0.5 if a.params["seat"] == leader else 0.0)
            score -= self._die_penalty(game, state, seat, pool, a.params["die"])
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else None

    def _die_penalty(
        self, game: Game, state: State, seat: int, pool: list[dict] | None, index: int
    ) -> float:
        """What giving up a die costs once nothing more can be acquired with it."""
        from ..mechanics.dice import face_of

        if pool is None:
            return 0.0
        die = pool[index]
        face = face_of(game, die)
        if face.kind == game.catalog.roles.money:
            return MONEY_VALUE * face.amount * die["times"]
        if face.action == CONTEST:
            return 0.5
        if face.action == DOUBLE:
            return 0.1
        if not face.is_action:
            return 0.2  # a die that pays may still help after another re-roll
        return 0.0

    def _reroll(
        self,
        game: Game,
        state: State,
        seat: int,
        rerolls: list[Action],
        pool: list[dict],
        facts: dict[Any, Any],
        memo: dict[Any, float],
    ) -> Action | None:
        """The re-roll with the best expected gain over what the pool pays for now (`facts`
        and `memo`: this position's, see `_affordable`)."""
        from ..mechanics.dice import face_of

        prices = {c: price(game, state, seat, c, facts) for c in _hand(game, state.players[seat])}
        now = self._affordable(game, state, seat, pool, prices=prices, facts=facts, memo=memo)
        money = game.catalog.roles.money
        resource = [
            i
            for i, d in enumerate(pool)
            if not d["used"] and not face_of(game, d).is_action and face_of(game, d).kind != money
        ]
        candidates: dict[Any, Action] = {}
        for a in rerolls:
            targets = [a.params["target"]] if a.kind == "reroll" else list(a.params["targets"])
            if not targets or any(t not in resource for t in targets) or len(targets) > 3:
                continue
            sacrifice = a.params["die"]
            key = (
                a.kind == "reroll all",
                _sig(pool[sacrifice]),
                tuple(sorted(_sig(pool[t]) for t in targets)),
            )
            candidates.setdefault(key, a)
        best: tuple[float, Action] | None = None
        for a in list(candidates.values())[: LOOKAHEAD_OPTIONS * 2]:
            targets = [a.params["target"]] if a.kind == "reroll" else list(a.params["targets"])
            sacrifice = a.params["die"]
            expected = self._expected(
                game, state, seat, pool, sacrifice, targets, prices, facts, memo
            )
            gain = expected - now
            if a.kind == "reroll":
                gain -= self._die_penalty(game, state, seat, pool, sacrifice)
            if gain > REROLL_MARGIN and (best is None or gain > best[0]):
                best = (gain, a)
        return best[1] if best else None

    def _expected(
        self,
        game: Game,
        state: State,
        seat: int,
        pool: list[dict],
        sacrifice: int,
        targets: list[int],
        prices: dict[int, Price],
        facts: dict[Any, Any],
        memo: dict[Any, float],
    ) -> float:
        """The expected best acquisition after re-rolling `targets` (faces drawn from the
        dice's own faces, with this bot's generator: no peeking at the game's)."""
        faces = [_faces(game, pool[t]["die"]) for t in targets]
        trial = [dict(d) for d in pool]
        trial[sacrifice]["used"] = True
        if len(targets) == 1:
            total = 0.0
            for face, p in faces[0]:
                trial[targets[0]]["face"], trial[targets[0]]["times"] = face, 1
                total += p * self._affordable(
                    game, state, seat, trial, prices=prices, facts=facts, memo=memo
                )
            return total
        total = 0.0
        for _ in range(SAMPLES):
            for t, options in zip(targets, faces, strict=True):
                trial[t]["face"], trial[t]["times"] = _draw(options, self._random()), 1
            total += self._affordable(
                game, state, seat, trial, prices=prices, facts=facts, memo=memo
            )
        return total / SAMPLES

    # ---------------------------------------------------------------- the board

    def _board(self, game: Game, state: State, actions: list[Action]) -> Action | None:
        seat = int(state.pending["player"])  # type: ignore[index]
        decay = self._decay_cost(game, state, seat)
        best: tuple[float, int, Action] | None = None
        for i, a in enumerate(actions):
            if a.kind != "move":
                continue
            index = state.board.get(a.params["space"])
            if index is None:
                continue
            worth = game.pack.tokens[index].value - decay
            if worth > 0 and (best is None or worth > best[0]):
                best = (worth, i, a)
        if best is not None:
            return best[2]
        stay = next((a for a in actions if a.kind == "stay"), None)
        if stay is not None:
            return stay
        empty = [a for a in actions if a.kind == "move" and a.params["space"] not in state.board]
        return empty[0] if empty else None

    def _decay_cost(self, game: Game, state: State, seat: int) -> float:
        active = state.players[seat].active_cards()
        if len(active) < 2:
            return 0.0
        money = game.catalog.roles.money
        return min(_decay(game.catalog.info(c), money) for c in active)

    def _decadence(self, game: Game, state: State, actions: list[Action]) -> Action | None:
        def key(a: Action) -> tuple[float, float]:
            down = game.catalog.info(a.params["card"])
            under = game.catalog.info(a.params["under"])
            return (_decay(down, game.catalog.roles.money), -under.bonus_symbols)

        return min(actions, key=key) if all(a.kind == "decadence" for a in actions) else None

    # ---------------------------------------------------------------- wars

    def _war(
        self, game: Game, state: State, actions: list[Action], contest: Contest
    ) -> Action | None:
        seat = int(state.pending["player"])  # type: ignore[index]
        stop = next((a for a in actions if a.kind == "stop"), None)
        prizes: dict[int, float] = {}
        best: tuple[float, Action] | None = None
        for a in actions:
            if a.kind != "declare":
                continue
            other = a.params["seat"]
            if other not in prizes:
                prizes[other] = expected_prize(game, state, contest, seat, other)
            cost = 0.0 if a.params["with"] == f"{contest_face(game)} face" else COUNTER_COST
            gain = prizes[other] - cost
            if gain > REROLL_MARGIN and (best is None or gain > best[0]):
                best = (gain, a)
        return best[1] if best else stop

    def _war_tilt(
        self, game: Game, state: State, actions: list[Action], contest: Contest
    ) -> Action | None:
        kind = contest.tilt or ""

        def total(a: Action) -> int:
            return sum(game.catalog.info(c).bonus[kind] for c in a.params["cards"])

        return max(actions, key=total)

    def _war_reroll(
        self, game: Game, state: State, actions: list[Action], contest: Contest
    ) -> Action | None:
        fight = current_contest(state, contest)
        if fight is None:
            return None
        dice = fight["sides"][fight["side"]]["dice"]
        faces = _war_faces(game, contest)
        mean = sum(faces) / len(faces)
        low = [i for i, v in enumerate(dice) if v < mean]
        for a in actions:
            if a.kind == "reroll" and list(a.params["dice"]) == low:
                return a
        return next((a for a in actions if a.kind == "keep"), None)

    # ---------------------------------------------------------------- anything else

    def _lookahead(self, game: Game, state: State, actions: list[Action]) -> Action | None:
        """Try each option on a copy; keep the one that leaves us best placed."""
        seat = int(state.pending["player"])  # type: ignore[index]
        best: tuple[float, Action] | None = None
        for a in actions[:LOOKAHEAD_OPTIONS]:
            after = _try(game, state, a)
            if after is None:
                continue
            worth = standing(game, after, seat)
            if best is None or worth > best[0] + 1e-9:
                best = (worth, a)
        return best[1] if best else None


# ------------------------------------------------------------------ helpers


def _offered(chosen: Action, actions: list[Action]) -> bool:
    """One of `actions`, or a complete action whose first step is one of them."""
    if chosen in actions:
        return True
    parts = split(chosen)
    return parts is not None and parts[0] in actions


def _safe(actions: list[Action]) -> Action:
    for kind in SAFE_DEFAULTS:
        for a in actions:
            if a.kind == kind:
                return a
    return actions[0]


def _worth(game: Game, state: State, seat: int) -> float:
    """A position by the pack's score formula; a card in the hand counts a part of its
    points, so a card that scores later is worth taking."""
    return score_standing(game, state, seat) + HAND_SHARE * sum(
        _points(game, c) for c in _hand(game, state.players[seat])
    )


SETTLE_STEPS = 6  # the bot's own follow-up decisions of a move looked through


def _settled(game: Game, state: State, seat: int) -> State:
    """The position once the bot's own follow-up decisions of a move are taken (which piece,
    which card, do it or not), each the best by `_worth` one step ahead, until the decision is
    another player's or the next menu of actions: a move is weighed by what it leads to, not
    by the question it asks first (placing a citizen on a space that pays when it is done)."""
    for _ in range(SETTLE_STEPS):
        pending = state.pending
        if state.over or not pending or int(pending.get("player", -1)) != seat:
            return state
        options = game.legal_actions(state)
        if any(o.kind in (DO, "pass") for o in options):
            return state
        best: tuple[float, State] | None = None
        for option in options[:LOOKAHEAD_OPTIONS]:
            after = _try(game, state, option)
            if after is not None:
                worth = _worth(game, after, seat)
                if best is None or worth > best[0] + 1e-9:
                    best = (worth, after)
        if best is None:
            return state
        state = best[1]
    return state


def _try(game: Game, state: State, action: Action) -> State | None:
    try:
        return game.apply(state, action)
    except Exception:
        return None


def _hand(game: Game, player: PlayerState) -> list[int]:
    """The player's hand, empty in a game without one (its zones have no role "hand")."""
    return player.zones[game.zones.hand] if game.zones.hand >= 0 else []


def _points(game: Game, copy: int) -> float:
    points = game.catalog.info(copy).points
    return float(points) if isinstance(points, int) else FORMULA_POINTS


def _card_value(info: CardInfo, money: str | None) -> float:
    points = info.points if isinstance(info.points, int) else FORMULA_POINTS
    symbols = sum(n for k, n in info.bonus.items() if k != money)
    value = points + BONUS_VALUE * symbols + MONEY_VALUE * info.bonus[money or ""]
    if info.triggers.get("acquire"):
        value += 0.5
    return float(value)


def _fails(game: Game, copy: int) -> bool:
    """A card that does harm when it fails in the events zone (a calamity)."""
    return bool(game.catalog.info(copy).triggers.get("failure"))


def _decay(info: CardInfo, money: str | None) -> float:
    """What putting a card in decadence costs: the scoring penalty and the lost bonus."""
    symbols = sum(n for k, n in info.bonus.items() if k != money)
    return DECAY_PENALTY * info.bonus_symbols + BONUS_VALUE * symbols


def _payment_cost(action: Action) -> float:
    p = action.params
    if action.kind == "buy":
        return MONEY_VALUE * p.get(PRICE, 0)
    return _sources_cost(
        len(p.get("dice", ())),
        len(p.get("tilt", ())),
        p.get("archive") is not None,
        len(p.get("counters", ())),
    )


def _sources_cost(dice: int, cards: int, legacy: int, counters: int) -> float:
    """What paying with these sources costs the greedy bot, in points."""
    return LEGACY_COST * legacy + COUNTER_COST * counters + TILT_COST * cards + DIE_COST * dice


class Candidate:
    """A complete acquisition `_ranked` weighs: an action, or a menu entry and the index of
    its payment in the purse's listing, written out as an action when first looked at."""

    def __init__(
        self, entry: Action, purse: Purse | None = None, cost: Price | None = None, index: int = 0
    ) -> None:
        self.entry = entry
        self.purse = purse
        self.cost = cost
        self.index = index
        self._action: Action | None = None if purse is not None else entry

    def written(self) -> Action | None:
        """The action, if it is one already (not a payment of the purse)."""
        return self._action

    def rest(self) -> list[Source]:
        """The sources the payment leaves (a payment of the purse)."""
        assert self.purse is not None and self.cost is not None
        return self.purse.rest(self.cost.amount, self.cost.resources, self.index)

    def action(self) -> Action:
        if self._action is None:
            assert self.purse is not None and self.cost is not None
            pay = self.purse.payment(self.cost.amount, self.cost.resources, self.index)
            self._action = Action(
                self.entry.kind,
                {**self.entry.params, **pay.to_params()},
                describe=self.entry._describe,
            )
        return self._action


def _without(have: list[Any], params: dict[str, Any]) -> list[Any]:
    dice = set(params.get("dice", ()))
    tilted = set(params.get("tilt", ()))
    legacy = params.get("archive") is not None
    counters: dict[Any, int] = {}
    for name, _ in params.get("counters", ()):
        counters[name] = counters.get(name, 0) + 1
    out = []
    for s in have:
        if (s.kind == "die" and s.ref in dice) or (s.kind == "card" and s.ref in tilted):
            continue
        if s.kind == "archive" and legacy:
            continue
        if s.kind == "counter" and counters.get(s.ref, 0) > 0:
            counters[s.ref] -= 1
            continue
        out.append(s)
    return out


def _sig(die: dict) -> tuple:
    return (die["die"], die["face"], die["times"])


def _faces(game: Game, die: str) -> list[tuple[int, float]]:
    """The distinct faces of a die, as (a face index, its probability)."""
    cache = game.caches.setdefault("bot_faces", {})
    if die not in cache:
        faces = (game.pack.game.get("dice") or {})[die]["faces"]
        first: dict[str, int] = {}
        counts: Counter[str] = Counter()
        for i, text in enumerate(faces):
            first.setdefault(text, i)
            counts[text] += 1
        cache[die] = [(first[t], counts[t] / len(faces)) for t in first]
    return cache[die]


def _draw(options: list[tuple[int, float]], r: float) -> int:
    """The face that a uniform draw `r` in [0, 1) falls on."""
    for face, p in options:
        r -= p
        if r < 0:
            return face
    return options[-1][0]


def _war_faces(game: Game, contest: Contest) -> list[int]:
    from ..mechanics.dice import parse_face

    return [parse_face(f).amount for f in contest_die(game, contest)["faces"]]


def _war_roll(game: Game, contest: Contest) -> dict[int, float]:
    """The distribution of a side's roll in the contest."""
    cache = game.caches.setdefault("bot_contest_roll", {})
    if contest.name not in cache:
        spec = contest_die(game, contest)
        faces = _war_faces(game, contest)
        dist = {0: 1.0}
        for _ in range(int(spec.get("count", 1))):
            nxt: dict[int, float] = {}
            for total, p in dist.items():
                for f in faces:
                    nxt[total + f] = nxt.get(total + f, 0.0) + p / len(faces)
            dist = nxt
        cache[contest.name] = dist
    return cache[contest.name]


def army(
    game: Game, state: State, contest: Contest, attacker: int, defender: int
) -> tuple[int, int]:
    """Each side's strength without its dice, if both tilted every bonus they can for their
    army (the contest's `tilt`)."""
    kind = contest.tilt

    def ready(seat: int) -> list[int]:
        player = state.players[seat]
        return [
            c
            for c in player.active_cards()
            if kind and c not in player.tilted and game.catalog.info(c).bonus[kind]
        ]

    fight = {
        "attacker": attacker,
        "defender": defender,
        "counter": True,
        "side": 0,
        "sides": [
            {"tilted": ready(attacker), "dice": [], "rerolls": 0},
            {"tilted": ready(defender), "dice": [], "rerolls": 0},
        ],
    }
    return strength(game, state, contest, fight, 0), strength(game, state, contest, fight, 1)


def expected_prize(
    game: Game, state: State, contest: Contest, attacker: int, defender: int
) -> float:
    """The expected value of the token a contest would win, less what losing it may cost."""
    tokens = sorted(state.players[defender].tokens)
    if not tokens:
        return 0.0
    a, d = army(game, state, contest, attacker, defender)
    roll = _war_roll(game, contest)
    prize = 0.0
    lose = 0.0
    for x, px in roll.items():
        for y, py in roll.items():
            margin = (a + x) - (d + y)
            if margin > 0:
                won = [t for t in tokens if t <= margin]
                prize += px * py * (won[-1] if won else 0)
            else:
                lose += px * py
    money = game.catalog.roles.money
    risky = sum(
        _card_value(game.catalog.info(c), money)
        for c in state.players[attacker].active_cards()
        if game.catalog.info(c).triggers.get(contest.lost)
    )
    return prize - lose * risky


def _leader(game: Game, state: State, seat: int) -> int | None:
    others = [p.seat for p in state.players if p.seat != seat]
    if not others:
        return None
    return max(others, key=lambda s: (material(game, state, s), -s))


def material(game: Game, state: State, seat: int) -> float:
    """A player's position in points: score, tokens, cards (decadent bonuses cost), bonuses,
    money and counters, less what the failing cards in their events threaten."""
    player = state.players[seat]
    money = game.catalog.roles.money
    worth = float(player.score + sum(player.tokens))
    for pile in player.tableau:
        for depth, copy in enumerate(pile):
            info = game.catalog.info(copy)
            worth += info.points if isinstance(info.points, int) else FORMULA_POINTS
            if depth:
                worth -= DECAY_PENALTY * info.bonus_symbols
            else:
                worth += BONUS_VALUE * sum(n for k, n in info.bonus.items() if k != money)
    for name, amount in player.counters.items():
        worth += (MONEY_VALUE if name == money else COUNTER_VALUE) * amount
    if game.zones.archive >= 0:
        worth += 0.3 * len(player.zones[game.zones.archive])
    worth -= THREAT * sum(1 for c in _hand(game, player) if _fails(game, c))
    return worth


def pack_score(game: Game, state: State, seat: int) -> float:
    """What a player's position is worth by the pack: its `bots: value:` when it gives one
    (what will score later, as the designer weighs it), else its score formula counted now
    (0 when it has none)."""
    formula = game.formulas.bot_value or game.formulas.score
    return float(formula(Ctx(state, game.catalog, seat))) if formula is not None else 0.0


def score_standing(game: Game, state: State, seat: int) -> float:
    """A player's score by the pack's formula less the best opponent's, with a tenth of the
    material standing to tell apart moves the score does not (what a counter unit is worth
    to the pack is not known)."""
    mine = pack_score(game, state, seat)
    others = [pack_score(game, state, p.seat) for p in state.players if p.seat != seat]
    return mine - max(others, default=0.0) + 0.1 * standing(game, state, seat)


def standing(game: Game, state: State, seat: int) -> float:
    """A player's material less the best opponent's."""
    mine = material(game, state, seat)
    others = [material(game, state, p.seat) for p in state.players if p.seat != seat]
    return mine - max(others, default=0.0)


__all__ = ["Bot", "GreedyBot", "RandomBot", "expected_prize", "material", "standing"]
