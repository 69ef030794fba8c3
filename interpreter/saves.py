"""Saved games: a position written to JSON with what it needs to be trusted when read back.

A save names its format version, the pack (its name and a hash of its content), the variant,
the board side and the ages, and refers to cards by id: every zone lists card ids ("forest",
"forest#2" for the second copy of a card), and the table `copies` gives the id of each copy
number used inside the rules' own working data. Reading a save checks all of it and every
invariant of a position — each card copy in at most one place, counters whole numbers within
their bounds, seats and the pending decision consistent, frames naming programs that exist —
and refuses a bad save with one `SaveError` naming the field.

A save of a pack that has changed since is refused, unless every card it names still exists,
means the same (the same card text) and keeps its copy number: then it is read, with a warning.

The bots' chance is drawn from the position (see bots.py), so a game saved and resumed with the
same bots goes on exactly as the uninterrupted one.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import TYPE_CHECKING, Any

from rules_dsl.bounds import (
    COUNTER_LIMIT,
    ROUND_LIMIT,
    SCORE_LIMIT,
    STEP_LIMIT,
    TOKEN_VALUE_LIMIT,
)

from .actions import Action
from .chance import MASK
from .state import PLAYER_FIELDS, STATE_FIELDS, PlayerState, State, pending_data

if TYPE_CHECKING:
    from .engine import Game

SAVE_FORMAT = "agesmith saved game"
VERSION = 2
FRAME_KEYS = {"prog", "pc", "player", "card", "roles", "loc", "doer", "it"}
DIE_KEYS = {"die", "face", "used", "times", "token"}


class SaveError(ValueError):
    """A saved game that cannot be resumed; the message names the field and says why."""


# ------------------------------------------------------------------ what identifies a pack


def copy_ids(game: Game) -> list[str]:
    """The id of each card copy: the card's id, then "#2", "#3"... for its further copies."""
    seen: dict[str, int] = {}
    out = []
    for index in game.catalog.copies:
        card_id = game.catalog.cards[index].id
        seen[card_id] = seen.get(card_id, 0) + 1
        out.append(card_id if seen[card_id] == 1 else f"{card_id}#{seen[card_id]}")
    return out


def _hash(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def pack_hash(game: Game) -> str:
    """A hash of the pack's content (every file's data)."""
    return _hash({name: doc.data for name, doc in sorted(game.pack.documents.items())})


def card_hashes(game: Game) -> dict[str, str]:
    """A hash of each card's own text (what it means), by card id."""
    out = {}
    for card in game.pack.cards:
        data: Any = card.source.doc.data
        for key in card.source.path:
            data = data[key]
        out[card.id] = _hash([card.age, data])
    return out


# ------------------------------------------------------------------ writing


def save_data(game: Game, state: State, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The saved game as plain data; `extra` (the seed, the bots...) is kept alongside."""
    ids = copy_ids(game)
    hashes = card_hashes(game)
    data = state.to_data()
    for player in data["players"]:
        for zone in ("events", "legacy", "tilted"):
            player[zone] = [ids[c] for c in player[zone]]
        player["civilization"] = [[ids[c] for c in pile] for pile in player["civilization"]]
    for zone in ("deck", "discard"):
        data[zone] = [ids[c] for c in data[zone]]
    for frame in data["frames"]:
        frame["prog"] = _prog_out(game, frame["prog"])
        if frame.get("card") is not None:
            frame["card"] = ids[frame["card"]]
    named = sorted({game.catalog.cards[i].id for i in game.catalog.copies})
    return {"format": SAVE_FORMAT, "version": VERSION,
            "pack": {"name": game.pack.name, "hash": pack_hash(game)},
            "variant": game.pack.variant, "board": game.board_side, "ages": list(game.ages),
            "cards": {card_id: hashes[card_id] for card_id in named},
            "copies": ids, "extra": dict(extra or {}), "state": data, "log": state.log}


def save_text(game: Game, state: State, extra: dict[str, Any] | None = None) -> str:
    return json.dumps(save_data(game, state, extra), ensure_ascii=False, indent=1)


def _prog_out(game: Game, prog: str) -> str:
    """A card's rule named by the card's id rather than its place in the pack."""
    if not prog.startswith("card:"):
        return prog
    index, event, n = prog[5:].rsplit(":", 2)
    return f"card:{game.catalog.cards[int(index)].id}:{event}:{n}"


# ------------------------------------------------------------------ reading


def load_data(game: Game, data: Any) -> tuple[State, list[str], dict[str, Any]]:
    """The position of a saved game for `game`, its warnings and its extra data; a bad save
    raises SaveError."""
    return _Reader(game).read(data)


def load_text(game: Game, text: str) -> tuple[State, list[str], dict[str, Any]]:
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise SaveError(f"not JSON ({e})") from None
    return load_data(game, data)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def save_header(data: Any) -> dict[str, Any]:
    """The options a save was made with (variant, board, ages), checked; to load the game."""
    _Reader.check_header(data)
    return {"variant": data.get("variant"), "board": data.get("board"), "ages": data.get("ages")}


class _Reader:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.warnings: list[str] = []
        self.card_index = {card.id: i for i, card in enumerate(game.pack.cards)}

    # ---------------------------------------------------------------- checks

    @staticmethod
    def fail(path: str, message: str) -> SaveError:
        return SaveError(f"{path}: {message}")

    def whole(self, value: Any, path: str, low: int | None = 0, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"must be a whole number, not {_show(value)}")
        if low is not None and value < low:
            raise self.fail(path, f"must be at least {low}, not {value}")
        if high is not None and value > high:
            raise self.fail(path, f"must be at most {high}, not {value}")
        return value

    def kind(self, value: Any, kinds: type | tuple[type, ...], path: str, what: str) -> Any:
        if isinstance(value, bool) and kinds is not bool:
            raise self.fail(path, f"must be {what}, not {_show(value)}")
        if not isinstance(value, kinds):
            raise self.fail(path, f"must be {what}, not {_show(value)}")
        return value

    def keys(self, value: Any, path: str, required: set[str], allowed: set[str]) -> dict:
        self.kind(value, dict, path, "an object")
        for key in value:
            if key not in allowed:
                raise self.fail(f"{path}.{key}" if path else key, "is not a field of a save")
        for key in sorted(required):
            if key not in value:
                raise self.fail(f"{path}.{key}" if path else key, "is missing")
        return value

    def json_value(self, value: Any, path: str, depth: int = 0) -> None:
        """Plain JSON: objects with text keys, lists, text, whole or finite numbers."""
        if depth > 50:
            raise self.fail(path, "is nested too deeply")
        if isinstance(value, dict):
            for k, v in value.items():
                self.kind(k, str, path, "an object with text keys")
                self.json_value(v, f"{path}.{k}", depth + 1)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                self.json_value(v, f"{path}[{i}]", depth + 1)
        elif isinstance(value, float) and not math.isfinite(value):
            raise self.fail(path, "must be a finite number")
        elif value is not None and not isinstance(value, (str, int, float, bool)):
            raise self.fail(path, f"is not JSON data ({_show(value)})")

    # ---------------------------------------------------------------- the header

    @classmethod
    def check_header(cls, data: Any) -> None:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a game saved by Agesmith (no \"format\": "
                            f"\"{SAVE_FORMAT}\")")
        version = data.get("version")
        if version != VERSION:
            raise SaveError(f"version: the save is in format version {_show(version)}; this "
                            f"Agesmith reads format version {VERSION} only (a save of version "
                            "1 stored card positions, not card ids, and cannot be resumed "
                            "safely: start a new game)")

    def read(self, data: Any) -> tuple[State, list[str], dict[str, Any]]:
        self.check_header(data)
        self.keys(data, "", {"format", "version", "pack", "variant", "board", "ages", "cards",
                             "copies", "state"},
                  {"format", "version", "pack", "variant", "board", "ages", "cards", "copies",
                   "state", "extra", "log"})
        self.check_pack(data)
        self.copies = {card_id: i for i, card_id in enumerate(copy_ids(self.game))}
        state = self.state(data["state"])
        log = data.get("log") or []
        self.kind(log, list, "log", "a list of lines")
        for i, line in enumerate(log):
            self.kind(line, str, f"log[{i}]", "a line of text")
        state.log = log
        extra = data.get("extra") or {}
        self.kind(extra, dict, "extra", "an object")
        self.json_value(extra, "extra")
        return state, self.warnings, extra

    def check_pack(self, data: dict[str, Any]) -> None:
        game = self.game
        pack = self.keys(data["pack"], "pack", {"name", "hash"}, {"name", "hash"})
        if pack["name"] != game.pack.name:
            raise self.fail("pack.name", f"the game was saved with the pack "
                                         f"{_show(pack['name'])}, not {game.pack.name!r}")
        for field, mine in (("variant", game.pack.variant), ("board", game.board_side),
                            ("ages", list(game.ages))):
            if data[field] != mine:
                raise self.fail(field, f"the game was saved with {_show(data[field])}, not "
                                       f"{_show(mine)}")
        if pack["hash"] == pack_hash(game):
            return
        cards = self.kind(data["cards"], dict, "cards", "an object of card ids")
        now = card_hashes(game)
        for card_id, digest in cards.items():
            if card_id not in now:
                raise self.fail(f"cards.{card_id}", "the pack has changed since the save and "
                                                    "no longer has this card")
            if digest != now[card_id]:
                raise self.fail(f"cards.{card_id}", "the pack has changed since the save and "
                                                    "this card no longer means the same")
        if data["copies"] != copy_ids(game):
            raise self.fail("copies", "the pack has changed since the save: its cards are no "
                                      "longer in the same order or number of copies")
        self.warnings.append(f"the pack {game.pack.name!r} has changed since this game was "
                             "saved; every card the save names is unchanged, so it is resumed")

    # ---------------------------------------------------------------- the position

    def card(self, value: Any, path: str) -> int:
        if not isinstance(value, str) or value not in self.copies:
            raise self.fail(path, f"{_show(value)} is not a card of the pack")
        return self.copies[value]

    def cards(self, value: Any, path: str) -> list[int]:
        self.kind(value, list, path, "a list of card ids")
        return [self.card(v, f"{path}[{i}]") for i, v in enumerate(value)]

    def state(self, data: Any) -> State:
        game = self.game
        fields = {*STATE_FIELDS, "players", "pending"}
        self.keys(data, "state", fields, fields)
        limits = game.pack.game.get("players") or {}
        players_data = self.kind(data["players"], list, "state.players", "a list of players")
        if not limits.get("min", 1) <= len(players_data) <= limits.get("max", 10):
            raise self.fail("state.players", f"{len(players_data)} players: the pack is for "
                                             f"{limits.get('min', 1)} to {limits.get('max', 10)}")
        players = [self.player(p, i) for i, p in enumerate(players_data)]
        seats = range(len(players))
        state = State(players=players)
        state.deck = self.cards(data["deck"], "state.deck")
        state.discard = self.cards(data["discard"], "state.discard")
        self.unique(state)
        state.age = self.whole(data["age"], "state.age", 0, len(game.ages) - 1)
        state.round = self.whole(data["round"], "state.round", 0, ROUND_LIMIT)
        state.active = self.whole(data["active"], "state.active", 0, len(players) - 1)
        state.dice = self.dice(data["dice"], "state.dice")
        state.board = self.board(data["board"])
        state.rng = self.whole(data["rng"], "state.rng", 0, MASK)
        state.over = self.kind(data["over"], bool, "state.over", "true or false")
        winners = self.kind(data["winners"], list, "state.winners", "a list of seats")
        state.winners = [self.whole(w, f"state.winners[{i}]", 0, len(players) - 1)
                         for i, w in enumerate(winners)]
        state.steps = self.whole(data["steps"], "state.steps", 0, STEP_LIMIT)
        state.moves = self.whole(data["moves"], "state.moves", 0, None)
        state.marks = self.kind(data["marks"], dict, "state.marks", "an object")
        self.json_value(state.marks, "state.marks")
        state.frames = [self.frame(f, f"state.frames[{i}]", seats)
                        for i, f in enumerate(self.kind(data["frames"], list, "state.frames",
                                                        "a list of frames"))]
        state.pending = self.pending(data["pending"], state)
        return state

    def player(self, data: Any, seat: int) -> PlayerState:
        path = f"state.players[{seat}]"
        self.keys(data, path, set(PLAYER_FIELDS), set(PLAYER_FIELDS))
        if data["seat"] != seat:
            raise self.fail(f"{path}.seat", f"must be {seat} (its place in the list), not "
                                            f"{_show(data['seat'])}")
        piles = self.kind(data["civilization"], list, f"{path}.civilization", "a list of piles")
        civilization = []
        for i, pile in enumerate(piles):
            cards = self.cards(pile, f"{path}.civilization[{i}]")
            if not cards:
                raise self.fail(f"{path}.civilization[{i}]", "a pile cannot be empty")
            civilization.append(cards)
        tilted = self.cards(data["tilted"], f"{path}.tilted")
        active = {pile[0] for pile in civilization}
        for i, copy in enumerate(tilted):
            if copy not in active or tilted.count(copy) > 1:
                raise self.fail(f"{path}.tilted[{i}]", "only an active card of the player's "
                                                       "civilization can be tilted, once")
        declared = game_counters(self.game)
        counters = self.kind(data["counters"], dict, f"{path}.counters", "an object")
        for name, value in counters.items():
            if name not in declared:
                raise self.fail(f"{path}.counters.{name}", "is not a counter of the pack")
            bound = declared[name]
            self.whole(value, f"{path}.counters.{name}", 0,
                       COUNTER_LIMIT if bound is None else bound)
        tokens = self.kind(data["tokens"], list, f"{path}.tokens", "a list of token values")
        for i, t in enumerate(tokens):
            self.whole(t, f"{path}.tokens[{i}]", 0, TOKEN_VALUE_LIMIT)
        self.whole(data["score"], f"{path}.score", -SCORE_LIMIT, SCORE_LIMIT)
        scores = self.kind(data["age_scores"], list, f"{path}.age_scores", "a list of scores")
        if len(scores) > len(self.game.ages):
            raise self.fail(f"{path}.age_scores", "has more scores than ages")
        for i, s in enumerate(scores):
            self.whole(s, f"{path}.age_scores[{i}]", -SCORE_LIMIT, SCORE_LIMIT)
        space = data["space"]
        if space is not None and (not isinstance(space, str)
                                  or space not in board_spaces(self.game)):
            raise self.fail(f"{path}.space", f"{_show(space)} is not a space of the board")
        for field in ("flags", "marks"):
            self.kind(data[field], dict, f"{path}.{field}", "an object")
            self.json_value(data[field], f"{path}.{field}")
        return PlayerState(seat, self.cards(data["events"], f"{path}.events"), civilization,
                           self.cards(data["legacy"], f"{path}.legacy"), tilted,
                           dict(counters), list(tokens), space, data["score"], list(scores),
                           data["flags"], data["marks"])

    def unique(self, state: State) -> None:
        """Each card copy is in at most one place."""
        where: dict[int, str] = {}
        places = [("state.deck", state.deck), ("state.discard", state.discard)]
        for p in state.players:
            base = f"state.players[{p.seat}]"
            places += [(f"{base}.events", p.events), (f"{base}.legacy", p.legacy),
                       (f"{base}.civilization", p.all_cards())]
        ids = list(self.copies)
        for path, cards in places:
            for copy in cards:
                if copy in where:
                    raise self.fail(path, f"the card {ids[copy]!r} is also in {where[copy]}: "
                                          "each card is in one place")
                where[copy] = path

    def dice(self, value: Any, path: str) -> list[dict[str, Any]]:
        specs = self.game.pack.game.get("dice") or {}
        out = []
        for i, die in enumerate(self.kind(value, list, path, "a list of dice")):
            here = f"{path}[{i}]"
            self.keys(die, here, {"die", "face", "used", "times"}, DIE_KEYS)
            if not isinstance(die["die"], str) or die["die"] not in specs:
                raise self.fail(f"{here}.die", f"{_show(die['die'])} is not a die of the pack")
            self.whole(die["face"], f"{here}.face", 0, len(specs[die["die"]]["faces"]) - 1)
            self.kind(die["used"], bool, f"{here}.used", "true or false")
            self.whole(die["times"], f"{here}.times", 1, 1 << 20)
            if "token" in die:
                self.kind(die["token"], bool, f"{here}.token", "true or false")
            out.append(dict(die))
        return out

    def board(self, value: Any) -> dict[str, int]:
        self.kind(value, dict, "state.board", "an object of spaces")
        spaces = board_spaces(self.game)
        for space, token in value.items():
            if space not in spaces:
                raise self.fail(f"state.board.{space}", "is not a space of the board")
            self.whole(token, f"state.board.{space}", 0, len(self.game.pack.tokens) - 1)
        return dict(value)

    def frame(self, value: Any, path: str, seats: range) -> dict[str, Any]:
        frame = dict(self.keys(value, path, {"prog", "pc", "player"}, FRAME_KEYS))
        prog = self.kind(frame["prog"], str, f"{path}.prog", "a program name")
        if prog.startswith("card:") and prog.count(":") >= 3:
            card_id, event, n = prog[5:].rsplit(":", 2)
            if card_id in self.card_index:
                prog = frame["prog"] = f"card:{self.card_index[card_id]}:{event}:{n}"
            else:
                prog = ""
        if prog not in self.game.programs:
            raise self.fail(f"{path}.prog", f"{_show(value['prog'])} is not a rule of the pack")
        self.whole(frame["pc"], f"{path}.pc", 0, len(self.game.programs[prog]))
        self.whole(frame["player"], f"{path}.player", seats.start, seats.stop - 1)
        if "doer" in frame:
            self.whole(frame["doer"], f"{path}.doer", seats.start, seats.stop - 1)
        if frame.get("card") is not None:
            frame["card"] = self.card(frame["card"], f"{path}.card")
        for key in ("roles", "loc"):
            frame[key] = frame.get(key) or {}
            self.kind(frame[key], dict, f"{path}.{key}", "an object")
            self.json_value(frame[key], f"{path}.{key}")
        if "it" in frame:
            self.json_value(frame["it"], f"{path}.it")
        return frame

    def pending(self, value: Any, state: State) -> dict[str, Any] | None:
        if value is None:
            if not state.over:
                raise self.fail("state.pending", "a game that is not over waits for a decision")
            return None
        if state.over:
            raise self.fail("state.pending", "a game that is over waits for no decision")
        if not state.frames:
            raise self.fail("state.pending", "a decision is waiting but no rule is running")
        path = "state.pending"
        self.keys(value, path, {"player", "kind", "options"},
                  {"player", "kind", "prompt", "describe", "options"})
        self.whole(value["player"], f"{path}.player", 0, len(state.players) - 1)
        self.kind(value["kind"], str, f"{path}.kind", "text")
        self.kind(value.get("prompt", ""), str, f"{path}.prompt", "text")
        options = self.kind(value["options"], list, f"{path}.options", "a list of choices")
        if not options:
            raise self.fail(f"{path}.options", "a decision needs at least one choice")
        actions = []
        for i, o in enumerate(options):
            here = f"{path}.options[{i}]"
            self.keys(o, here, {"kind", "params"}, {"kind", "params", "text"})
            self.kind(o["kind"], str, f"{here}.kind", "text")
            self.kind(o["params"], dict, f"{here}.params", "an object")
            self.json_value(o["params"], f"{here}.params")
            self.kind(o.get("text", ""), str, f"{here}.text", "text")
            actions.append(Action.from_data(o))
        pending = {k: v for k, v in value.items() if k != "options"}
        pending["options"] = actions
        return self.rederive(state, pending)

    def rederive(self, state: State, pending: dict[str, Any]) -> dict[str, Any]:
        """Run the position on to its decision again: the saved decision must be exactly the
        one the rules ask for there, and running on must change nothing else."""
        trial = state.clone()
        trial.pending, trial.steps, trial.quiet = None, 0, True
        try:
            self.game.run(trial)
        except Exception as e:      # an untrusted position: whatever fails is the save's fault
            raise self.fail("state.frames", f"the game cannot go on from this position "
                                            f"({type(e).__name__}: {e})") from None
        if trial.pending is None or pending_data(trial.pending) != pending_data(pending):
            raise self.fail("state.pending", "is not the decision the rules ask for in this "
                                             "position")
        trial.steps = state.steps
        state.pending = pending
        if trial.to_data() != state.to_data():
            raise self.fail("state.frames", "the rules do not stop at this decision: the "
                                            "position was saved half-way through a step")
        return trial.pending


def game_counters(game: Game) -> dict[str, int | None]:
    """The counters of the pack with their largest value (None: no bound)."""
    out: dict[str, int | None] = {}
    for name, spec in (game.pack.game.get("counters") or {}).items():
        out[str(name)] = (spec or {}).get("max")
    return out


def board_spaces(game: Game) -> set[str]:
    achievements = game.pack.game.get("achievements") or {}
    board = (achievements.get("boards") or {}).get(game.board_side or "", {})
    return {str(s) for s in (board.get("spaces") or {})}


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True, default=str)
    return text if len(text) <= 40 else text[:37] + "..."
