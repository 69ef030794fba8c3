"""Saved games: a position written to JSON with what it needs to be trusted when read back.

A save names its format version, the pack (its name and a hash of its content), the variant,
the board side and the ages, and refers to cards by a name unique in the pack, the age's id and
the card's id ("prehistory/forest", "prehistory/forest#2" for the second copy): an id may repeat
in another age (Famine is a card of three ages). The table `copies` gives that name for each copy
number used inside the rules' own working data. Reading a save checks all of it and every
invariant of a position — each card copy of the age in exactly one place, the cards of the age
played where they can be, counters whole numbers within their bounds, tokens of the pack's
values and no more than it has, seats, scores, winners and the pending decision consistent,
frames naming programs that exist with only the fields a frame holds (`FRAME_FIELDS`) — and
refuses a bad save with one `SaveError` naming the field.

A save of a pack that has changed since is read when every card the game has met (the cards the
position holds and those of the ages dealt so far) still means the same (the same card text) and
keeps its copy number, with a warning. A card the game has met that changed is refused
(`ChangedCards`, naming them), unless the designer asks to load anyway (`force`).

A save of format version 2 (card ids without their age) is read when its names are unambiguous.

The bots' chance is drawn from the position (see bots.py), so a game saved and resumed with the
same bots goes on exactly as the uninterrupted one.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from typing import TYPE_CHECKING, Any

from rules_dsl.bounds import (
    COUNTER_LIMIT,
    ROUND_LIMIT,
    SCORE_LIMIT,
    STEP_LIMIT,
    TOKEN_VALUE_LIMIT,
)
from rules_dsl.errors import AgesmithError
from rules_dsl.zones import HAND

from ..compile.loops import LoopI
from ..compile.program import ActI, card_program
from ..core.actions import Action
from ..core.chance import MASK
from ..core.rows import place_at
from ..core.state import (
    FRAME_FIELDS,
    FRAME_REQUIRED,
    PLAYER_FIELDS,
    STATE_FIELDS,
    PlayerState,
    State,
    pending_data,
)
from ..mechanics.ages import AGE_CHANGE, ROOT_PROGRAMS, SETUP
from ..mechanics.loops import LOOP_SAVED
from ..model.zones import ZoneSpec
from .legacy_kinds import current

if TYPE_CHECKING:
    from ..engine.game import Game

SAVE_FORMAT = "agesmith saved game"
VERSION = 4
# version 2 named cards without their age (see `_upgrade`); version 3 had the zones of Along
# History as fields of their own (see `_upgrade_zones`)
READS = (2, 3, 4)
DIE_KEYS = {"die", "face", "used", "times", "token"}


class SaveError(AgesmithError, ValueError):
    """A saved game that cannot be resumed; the message names the field and says why."""


class ChangedCards(SaveError):
    """A save of a pack whose cards the game has met have changed since: it can still be
    loaded anyway (`force`), with a warning, by a designer who knows what they changed."""

    def __init__(self, message: str, cards: list[str]) -> None:
        super().__init__(message)
        self.cards = cards


# ------------------------------------------------------------------ what identifies a pack


def card_key(card: Any) -> str:
    """A card's name unique in the pack: its age's id and its own ("antiquity/famine")."""
    return f"{card.age}/{card.id}"


def copy_ids(game: Game) -> list[str]:
    """The name of each card copy: the card's key, then "#2", "#3"... for its further copies."""
    return _numbered(card_key(game.catalog.cards[index]) for index in game.catalog.copies)


def _numbered(names: Any) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


def _hash(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def pack_hash(game: Game) -> str:
    """A hash of the pack's content (every file's data)."""
    return _hash({name: doc.data for name, doc in sorted(game.pack.documents.items())})


def card_hashes(game: Game) -> dict[str, str]:
    """A hash of each card's own text (what it means), by card key."""
    out = {}
    for card in game.pack.cards:
        data: Any = card.source.doc.data
        for key in card.source.path:
            data = data[key]
        out[card_key(card)] = _hash([card.age, data])
    return out


# ------------------------------------------------------------------ writing


def save_data(game: Game, state: State, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The saved game as plain data; `extra` (the seed, the bots...) is kept alongside."""
    ids = copy_ids(game)
    hashes = card_hashes(game)
    data = state.to_data()
    zones = game.zones
    for player in data["players"]:
        player["zones"] = {
            zone.name: [ids[c] for c in cards]
            for zone, cards in zip(zones.player, player["zones"], strict=True)
        }
        player["tilted"] = [ids[c] for c in player["tilted"]]
        player["tableau"] = [[ids[c] for c in pile] for pile in player["tableau"]]
    data["zones"] = {
        zone.name: [ids[c] for c in cards]
        for zone, cards in zip(zones.shared, data["zones"], strict=True)
    }
    if "cards" in data:  # the card states, by card id (only cards that differ from fresh ones)
        data["cards"] = {ids[int(c)]: entry for c, entry in data["cards"].items()}
    if "gaps" in data:  # each row's empty places, by the row's name (core/rows.py)
        data["gaps"] = {zones.shared[int(z)].name: places for z, places in data["gaps"].items()}
    for piece in data.get("pieces", ()):  # the card a piece stands on, by card id
        if piece["on"] is not None:
            piece["on"] = ids[piece["on"]]
    for frame in data["frames"]:
        frame["prog"] = _prog_out(game, frame["prog"])
        if frame.get("card") is not None:
            frame["card"] = ids[frame["card"]]
        for loop in frame.get("loops", ()):  # a loop's cards, by card id
            if "cards" in loop:
                loop["cards"] = [ids[c] for c in loop["cards"]]
    named = sorted({card_key(game.catalog.cards[i]) for i in game.catalog.copies})
    return {
        "format": SAVE_FORMAT,
        "version": VERSION,
        "pack": {"name": game.pack.name, "hash": pack_hash(game)},
        "variant": game.pack.variant,
        "board": game.board_side,
        "ages": list(game.ages),
        "cards": {card_id: hashes[card_id] for card_id in named},
        "copies": ids,
        "extra": dict(extra or {}),
        "state": data,
        "log": state.log,
    }


def save_text(game: Game, state: State, extra: dict[str, Any] | None = None) -> str:
    return json.dumps(save_data(game, state, extra), ensure_ascii=False, indent=1)


def _prog_out(game: Game, prog: str) -> str:
    """A card's rule named by the card's id rather than its place in the pack."""
    if not prog.startswith("card:"):
        return prog
    index, event, n = prog[5:].rsplit(":", 2)
    return card_program(card_key(game.catalog.cards[int(index)]), event, n)


# ------------------------------------------------------------------ reading


def load_data(
    game: Game, data: Any, force: bool = False
) -> tuple[State, list[str], dict[str, Any]]:
    """The position of a saved game for `game`, its warnings and its extra data; a bad save
    raises SaveError. `force` loads a save whose cards have changed since (`ChangedCards`),
    with a warning naming them."""
    return _Reader(game, force).read(data)


def load_text(
    game: Game, text: str, force: bool = False
) -> tuple[State, list[str], dict[str, Any]]:
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise SaveError(f"not JSON ({e})") from None
    return load_data(game, data, force)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def save_header(data: Any) -> dict[str, Any]:
    """The options a save was made with (variant, board, ages), checked; to load the game."""
    _Reader.check_header(data)
    return {"variant": data.get("variant"), "board": data.get("board"), "ages": data.get("ages")}


class _Reader:
    def __init__(self, game: Game, force: bool = False) -> None:
        self.game = game
        self.force = force
        self.changed = False  # the pack has changed since the save
        self.warnings: list[str] = []
        self.card_index = {card_key(card): i for i, card in enumerate(game.pack.cards)}
        self.copies = {card_id: i for i, card_id in enumerate(copy_ids(game))}

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
            raise SaveError(f'not a game saved by Agesmith (no "format": "{SAVE_FORMAT}")')
        version = data.get("version")
        if isinstance(version, bool) or version not in READS:
            raise SaveError(
                f"version: the save is in format version {_show(version)}; this "
                f"Agesmith reads format versions {READS[0]} to {READS[-1]} (a save "
                "of version 1 stored card positions, not card ids, and cannot be "
                "resumed safely: start a new game)"
            )
        for field in ("variant", "board"):
            if data.get(field) is not None and not isinstance(data[field], str):
                raise SaveError(f"{field}: must be a name or null, not {_show(data[field])}")
        ages = data.get("ages")
        if ages is not None and (
            not isinstance(ages, list) or not ages or not all(isinstance(a, str) for a in ages)
        ):
            raise SaveError(f"ages: must be a list of the ages' ids, not {_show(ages)}")

    def read(self, data: Any) -> tuple[State, list[str], dict[str, Any]]:
        self.check_header(data)
        self.keys(
            data,
            "",
            {"format", "version", "pack", "variant", "board", "ages", "cards", "copies", "state"},
            {
                "format",
                "version",
                "pack",
                "variant",
                "board",
                "ages",
                "cards",
                "copies",
                "state",
                "extra",
                "log",
            },
        )
        if data["version"] == 2:
            data = _upgrade(self.game, data)
        if data["version"] == 3:
            data = _upgrade_zones(self.game, data)
        self.check_pack(data)
        state = self.state(data["state"])
        if self.changed:
            self.check_cards(data, state)
        self.places(state)
        pending = data["state"]["pending"]
        state.pending = self.pending(pending, state)
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
            raise self.fail(
                "pack.name",
                f"the game was saved with the pack {_show(pack['name'])}, not {game.pack.name!r}",
            )
        for field, mine in (
            ("variant", game.pack.variant),
            ("board", game.board_side),
            ("ages", list(game.ages)),
        ):
            if data[field] != mine:
                raise self.fail(
                    field, f"the game was saved with {_show(data[field])}, not {_show(mine)}"
                )
        self.kind(data["cards"], dict, "cards", "an object of card names")
        copies = self.kind(data["copies"], list, "copies", "a list of card names")
        for i, name in enumerate(copies):
            self.kind(name, str, f"copies[{i}]", "a card name")
        self.changed = pack["hash"] != pack_hash(game)

    def check_cards(self, data: dict[str, Any], state: State) -> None:
        """The pack has changed since the save: the cards the game has met (those the position
        holds, and those of the ages dealt so far) must be the same copies, in the same places
        (the rules' working data counts copies by number), and mean the same."""
        game = self.game
        met = self.met(state, data["copies"])
        ids, saved = copy_ids(game), data["copies"]
        moved = [i for i in sorted(met) if i >= len(saved) or i >= len(ids) or ids[i] != saved[i]]
        if moved:
            dealt = set(game.ages[: state.age + 1]) | {d.name for d in game.catalog.decks}
            before, after = Counter(map(_card_of, saved)), Counter(map(_card_of, ids))
            counted = sorted(
                k for k in before | after if before[k] != after[k] and k.split("/")[0] in dealt
            )
            first = _card_of(saved[moved[0]] if moved[0] < len(saved) else ids[moved[0]])
            raise self.fail(
                "copies",
                "the pack has changed since the save: the copies of "
                f"{card_names(game, counted or [first])} are no longer in the same "
                "number or order, so the position cannot be read again (only the "
                "cards of ages not dealt yet may be added or removed)",
            )
        now, then = card_hashes(game), data["cards"]
        keys = {_card_of(saved[i]) for i in met}
        keys |= {
            card_key(game.pack.cards[int(f["prog"].split(":")[1])])
            for f in state.frames
            if f["prog"].startswith("card:")
        }
        changed = sorted(k for k in keys if now.get(k) is None or then.get(k) != now[k])
        pack, names = game.pack.name, card_names(game, changed)
        if changed and not self.force:
            raise ChangedCards(
                f"cards: the pack {pack!r} has changed since the save, and "
                f"these cards of the game no longer mean the same: {names} "
                "(load it anyway to play on with the cards as they are now)",
                changed,
            )
        if changed:
            self.warnings.append(
                f"the pack {pack!r} has changed since this game was saved: "
                f"loaded anyway, with {names} as they are now"
            )
        else:
            self.warnings.append(
                f"the pack {pack!r} has changed since this game was saved; "
                "every card the game has met is unchanged, so it is resumed"
            )

    def met(self, state: State, saved: list[str]) -> set[int]:
        """The copy numbers the game has met: held by the position, or of an age dealt."""
        catalog = self.game.catalog
        # a deck's cards are dealt when the game starts
        dealt = set(self.game.ages[: state.age + 1]) | {d.name for d in catalog.decks}
        met = {i for i, c in enumerate(catalog.copies) if catalog.cards[c].age in dealt}
        met |= {i for i, name in enumerate(saved) if name.split("/")[0] in dealt}
        met |= {c for c in _held(state)}
        met |= {f["card"] for f in state.frames if f.get("card") is not None}
        return met

    # ---------------------------------------------------------------- the position

    def card(self, value: Any, path: str) -> int:
        if not isinstance(value, str) or value not in self.copies:
            since = " (the pack has changed since the save)" if self.changed else ""
            raise self.fail(path, f"{_show(value)} is not a card of the pack{since}")
        return self.copies[value]

    def cards(self, value: Any, path: str) -> list[int]:
        self.kind(value, list, path, "a list of card ids")
        return [self.card(v, f"{path}[{i}]") for i, v in enumerate(value)]

    def zones(self, value: Any, path: str, declared: tuple[ZoneSpec, ...]) -> list[list[int]]:
        """Zones saved by name: every zone the pack declares there, and no other."""
        names = [zone.name for zone in declared]
        self.kind(value, dict, path, "an object of zones")
        for name in value:
            if name not in names:
                raise self.fail(
                    f"{path}.{name}", f"is not a zone of the pack (its zones: {', '.join(names)})"
                )
        for name in names:
            if name not in value:
                raise self.fail(f"{path}.{name}", "is missing: the save holds every zone")
        return [self.cards(value[name], f"{path}.{name}") for name in names]

    def state(self, data: Any) -> State:
        game = self.game
        fields = {*STATE_FIELDS, "players", "pending"}
        self.keys(data, "state", fields, {*fields, "cards", "pieces", "gaps"})
        limits = game.pack.game.get("players") or {}
        players_data = self.kind(data["players"], list, "state.players", "a list of players")
        if not limits.get("min", 1) <= len(players_data) <= limits.get("max", 10):
            raise self.fail(
                "state.players",
                f"{len(players_data)} players: the pack is for "
                f"{limits.get('min', 1)} to {limits.get('max', 10)}",
            )
        players = [self.player(p, i) for i, p in enumerate(players_data)]
        seats = range(len(players))
        state = State(players=players)
        state.zones = self.zones(data["zones"], "state.zones", game.zones.shared)
        state.age = self.whole(data["age"], "state.age", 0, len(game.ages) - 1)
        state.round = self.whole(data["round"], "state.round", 0, ROUND_LIMIT)
        state.active = self.whole(data["active"], "state.active", 0, len(players) - 1)
        state.dice = self.dice(data["dice"], "state.dice")
        state.board = self.board(data["board"])
        state.rng = self.whole(data["rng"], "state.rng", 0, MASK)
        state.over = self.kind(data["over"], bool, "state.over", "true or false")
        winners = self.kind(data["winners"], list, "state.winners", "a list of seats")
        state.winners = [
            self.whole(w, f"state.winners[{i}]", 0, len(players) - 1) for i, w in enumerate(winners)
        ]
        if bool(state.winners) != state.over or len(set(state.winners)) < len(state.winners):
            raise self.fail(
                "state.winners", "a game has winners, each once, when it is over, and only then"
            )
        state.steps = self.whole(data["steps"], "state.steps", 0, STEP_LIMIT)
        state.moves = self.whole(data["moves"], "state.moves", 0, None)
        state.marks = self.kind(data["marks"], dict, "state.marks", "an object")
        self.json_value(state.marks, "state.marks")
        state.cards = self.card_states(data.get("cards", {}), "state.cards", len(players))
        state.pieces = self.pieces(data.get("pieces", []), "state.pieces", len(players))
        state.gaps = self.gaps(data.get("gaps", {}), "state.gaps", state.zones)
        state.frames = [
            self.frame(f, f"state.frames[{i}]", seats)
            for i, f in enumerate(
                self.kind(data["frames"], list, "state.frames", "a list of frames")
            )
        ]
        roots = (*ROOT_PROGRAMS, self.game.catalog.round_program)
        for i, frame in enumerate(state.frames[1:], 1):
            if frame["prog"] in roots and not self.ends_the_age(state.frames[i - 1]):
                raise self.fail(
                    f"state.frames[{i}].prog",
                    f"{_show(frame['prog'])} is "
                    "started by the game itself, under every other rule: here it "
                    "runs inside another rule",
                )
        self.scores(state)
        self.tokens(state)
        return state

    def gaps(self, value: Any, path: str, zones: list[list[int]]) -> dict[int, list[int]]:
        """Each row's empty places (core/rows.py), by the row's name: places before its last
        card, sorted, each once, the row's cards and gaps within its places. A row the save
        does not name has none."""
        table = self.game.zones
        rows = {table.shared[i].name: (i, places) for i, places in table.rows}
        out: dict[int, list[int]] = {i: [] for i, _ in rows.values()}
        for name, places in self.kind(value, dict, path, "an object of rows").items():
            where = f"{path}.{name}"
            if name not in rows:
                raise self.fail(where, f"is not a row of the pack ({', '.join(rows) or 'none'})")
            z, size = rows[name]
            found = self.kind(places, list, where, "a list of empty places")
            gaps = [self.whole(p, f"{where}[{k}]", 1, size) for k, p in enumerate(found)]
            last = place_at(gaps, len(zones[z]) - 1) if zones[z] else 0
            if gaps != sorted(set(gaps)) or any(g >= last for g in gaps) or last > size:
                raise self.fail(
                    where,
                    f"must list empty places once each, sorted, before the row's last card, "
                    f"within its {size} places",
                )
            out[z] = gaps
        return out

    def pieces(self, value: Any, path: str, players: int) -> list[dict[str, Any]]:
        """The pieces (core/pieces.py): each of a kind of the pack, a seat's, with exactly its
        kind's properties as whole numbers, on a card (by id) or on none."""
        kinds = {k.name: k for k in self.game.lexicon.pieces.kinds}
        out = []
        for i, piece in enumerate(self.kind(value, list, path, "a list of pieces")):
            where = f"{path}[{i}]"
            fields = {"kind", "owner", "props", "on"}
            self.keys(piece, where, fields, fields)
            spec = kinds.get(piece["kind"]) if isinstance(piece["kind"], str) else None
            if spec is None:
                raise self.fail(
                    f"{where}.kind", f"is not a piece of the pack ({', '.join(kinds) or 'none'})"
                )
            props = self.kind(piece["props"], dict, f"{where}.props", "an object of properties")
            if set(props) != set(spec.properties):
                raise self.fail(
                    f"{where}.props",
                    f"must give the {spec.name}'s properties: "
                    f"{', '.join(spec.properties) or 'none'}",
                )
            for name, amount in props.items():
                self.whole(amount, f"{where}.props.{name}", 0, COUNTER_LIMIT)
            on = piece["on"]
            out.append(
                {
                    "kind": spec.name,
                    "owner": self.whole(piece["owner"], f"{where}.owner", 0, players - 1),
                    "props": dict(props),
                    "on": None if on is None else self.card(on, f"{where}.on"),
                }
            )
        return out

    def card_states(self, value: Any, path: str, players: int) -> dict[int, dict[str, Any]]:
        """What cards carry (core/card_state.py), by card id: face down, the pack's marks,
        tokens of its counters; an entry says what differs from a fresh card, so none is
        empty."""
        table = self.game.catalog.card_states
        marks = {s.name for s in table.states if s.kind == "mark"}
        named = {s.name for s in table.states if s.kind == "player"}
        counters = set(self.game.pack.game.get("counters") or {})
        out: dict[int, dict[str, Any]] = {}
        for card_id, entry in self.kind(value, dict, path, "an object of cards").items():
            where = f"{path}.{card_id}"
            copy = self.card(card_id, where)
            self.keys(entry, where, set(), {"down", "marks", "tokens", "players"})
            if not entry:
                raise self.fail(where, "is empty: a fresh card has no entry")
            if "down" in entry and (entry["down"] is not True or table.face_down is None):
                raise self.fail(f"{where}.down", "is true, for a game with a face-down state")
            if "marks" in entry:
                names = self.kind(entry["marks"], list, f"{where}.marks", "a list of marks")
                if not names or names != sorted(set(names)) or not set(names) <= marks:
                    raise self.fail(
                        f"{where}.marks",
                        "must list marks of the pack once each, sorted "
                        f"({', '.join(sorted(marks))})",
                    )
            for name, amount in self.kind(
                entry.get("tokens", {}), dict, f"{where}.tokens", "an object of counters"
            ).items():
                if name not in counters:
                    raise self.fail(f"{where}.tokens.{name}", "is not a counter of the pack")
                self.whole(amount, f"{where}.tokens.{name}", 1, COUNTER_LIMIT)
            if "tokens" in entry and not entry["tokens"]:
                raise self.fail(f"{where}.tokens", "is empty: a card without tokens has none")
            named_seats = self.kind(
                entry.get("players", {}), dict, f"{where}.players", "an object of player states"
            )
            for name, seat in named_seats.items():
                if name not in named:
                    raise self.fail(f"{where}.players.{name}", "is not a player state of the pack")
                self.whole(seat, f"{where}.players.{name}", 0, players - 1)
            if "players" in entry and not named_seats:
                raise self.fail(f"{where}.players", "is empty: a card naming no player has none")
            out[copy] = dict(entry)
        return out

    def player(self, data: Any, seat: int) -> PlayerState:
        path = f"state.players[{seat}]"
        self.keys(data, path, set(PLAYER_FIELDS), set(PLAYER_FIELDS))
        if data["seat"] != seat:
            raise self.fail(
                f"{path}.seat", f"must be {seat} (its place in the list), not {_show(data['seat'])}"
            )
        piles = self.kind(data["tableau"], list, f"{path}.tableau", "a list of piles")
        tableau = []
        for i, pile in enumerate(piles):
            cards = self.cards(pile, f"{path}.tableau[{i}]")
            if not cards:
                raise self.fail(f"{path}.tableau[{i}]", "a pile cannot be empty")
            tableau.append(cards)
        tilted = self.cards(data["tilted"], f"{path}.tilted")
        active = {pile[0] for pile in tableau}
        for i, copy in enumerate(tilted):
            if copy not in active or tilted.count(copy) > 1:
                raise self.fail(
                    f"{path}.tilted[{i}]",
                    "only an active card of the player's "
                    f"{self.game.zones.name('tableau')} can be tilted, once",
                )
        declared = game_counters(self.game)
        counters = self.kind(data["counters"], dict, f"{path}.counters", "an object")
        for name in declared:
            if name not in counters:
                raise self.fail(
                    f"{path}.counters.{name}",
                    "is missing: every player has every counter of the pack",
                )
        for name, value in counters.items():
            if name not in declared:
                raise self.fail(f"{path}.counters.{name}", "is not a counter of the pack")
            bound = declared[name]
            self.whole(
                value, f"{path}.counters.{name}", 0, COUNTER_LIMIT if bound is None else bound
            )
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
        if space is not None and (
            not isinstance(space, str) or space not in board_spaces(self.game)
        ):
            raise self.fail(f"{path}.space", f"{_show(space)} is not a space of the board")
        for field in ("flags", "marks"):
            self.kind(data[field], dict, f"{path}.{field}", "an object")
            self.json_value(data[field], f"{path}.{field}")
        return PlayerState(
            seat,
            self.zones(data["zones"], f"{path}.zones", self.game.zones.player),
            tableau,
            tilted,
            dict(counters),
            list(tokens),
            space,
            data["score"],
            list(scores),
            data["flags"],
            data["marks"],
        )

    def places(self, state: State) -> None:
        """Each card copy is in one place: a copy of the age played in exactly one (once the
        age is dealt), a copy of another age only in the archive (which a scenario may also
        fill with cards of the age played), a copy of a deck anywhere (in the first age in
        exactly one: the game started with it); a copy a game of this many players leaves
        out (its card's `players:`) nowhere."""
        where: dict[int, str] = {}
        zones = self.game.zones
        places = [
            (f"state.zones.{z.name}", c) for z, c in zip(zones.shared, state.zones, strict=True)
        ]
        archive = ".zones." + zones.name("archive")
        for p in state.players:
            base = f"state.players[{p.seat}]"
            places += [
                (f"{base}.zones.{z.name}", c) for z, c in zip(zones.player, p.zones, strict=True)
            ]
            places.append((f"{base}.tableau", p.all_cards()))
        ids = list(self.copies)
        age = self.game.ages[state.age]
        catalog = self.game.catalog
        for path, cards in places:
            for copy in cards:
                if copy in where:
                    raise self.fail(
                        path,
                        f"the card {ids[copy]!r} is also in {where[copy]}: "
                        "each card is in one place",
                    )
                where[copy] = path
                if not catalog.in_game(copy, len(state.players)):
                    raise self.fail(
                        path,
                        f"the card {ids[copy]!r} is not in a game of {len(state.players)} "
                        "players (its card's players: leaves this copy out)",
                    )
                owner = catalog.info(copy).age
                if owner != age and not catalog.is_deck(owner) and not path.endswith(archive):
                    raise self.fail(
                        path,
                        f"the card {ids[copy]!r} cannot be here in "
                        f"{age!r} (state.age {state.age}): only the "
                        f"{zones.name('archive')} holds the cards of other ages",
                    )
        if any(f["prog"] in (SETUP, AGE_CHANGE) for f in state.frames):
            return  # the age is being dealt, or left: its cards are on their way
        players = len(state.players)
        expected = catalog.copies_of_age(age, players)
        if state.age == 0 and not _removes_cards(self.game):
            # an age change may drop a deck's cards from the hands (AH-E3); a pack whose rules
            # take cards out of the game ("remove ... from the game") may have any deck's
            # card nowhere (the state keeps no list of them)
            expected += [c for d in catalog.decks for c in catalog.copies_of_age(d.name, players)]
        for copy in expected:
            if copy not in where:
                raise self.fail(
                    "state",
                    f"the card {ids[copy]!r} of the age played is in no "
                    "zone: each card is in exactly one place (was a player "
                    "or a card taken out of the save?)",
                )

    def ends_the_age(self, frame: dict[str, Any]) -> bool:
        """Whether a frame is at an `end the age` step: the age change and the next age's setup
        run above it, in the middle of a turn."""
        program = self.game.programs.get(frame["prog"]) or []
        at = program[frame["pc"]] if frame["pc"] < len(program) else None
        return isinstance(at, ActI) and at.act.verb == "end"

    def scores(self, state: State) -> None:
        """A score is the sum of the ages scored, and every age before this one is scored (a
        game scored at its end: the last age only, once the game is over)."""
        scored = state.age + (1 if state.over else 0)
        if self.game.pack.scores_at_end:
            scored = 1 if state.over else 0
        for p in state.players:
            path = f"state.players[{p.seat}]"
            if len(p.age_scores) != scored:
                raise self.fail(
                    f"{path}.age_scores",
                    f"{len(p.age_scores)} ages scored, but "
                    f"state.age {state.age} means {scored} have been",
                )
            if p.score != sum(p.age_scores):
                raise self.fail(
                    f"{path}.score",
                    f"{p.score} is not the sum of the ages' scores ({sum(p.age_scores)})",
                )

    def tokens(self, state: State) -> None:
        """The tokens the players hold: values of the pack's tokens, and no more of a value
        than the pack has (with each player's tokens at the start). The board is not counted:
        a scenario gives players tokens beside a board dealt in full."""
        achievements = self.game.pack.game.get("achievements") or {}
        start = Counter(achievements.get("start_tokens") or [])
        pool = Counter(t.value for t in self.game.pack.tokens)
        for value, n in start.items():
            pool[value] += n * len(state.players)
        used: Counter[int] = Counter()
        for p in state.players:
            for i, value in enumerate(p.tokens):
                used[value] += 1
                if used[value] > pool[value]:
                    raise self.fail(
                        f"state.players[{p.seat}].tokens[{i}]",
                        (
                            f"the pack has no token of value {value}"
                            if not pool[value]
                            else f"more tokens of value {value} than the pack has ({pool[value]})"
                        ),
                    )

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
        frame = dict(self.keys(value, path, set(FRAME_REQUIRED), set(FRAME_FIELDS)))
        prog = self.kind(frame["prog"], str, f"{path}.prog", "a program name")
        if prog.startswith("card:") and prog.count(":") >= 3:
            card_id, event, n = prog[5:].rsplit(":", 2)
            if card_id in self.card_index:
                prog = frame["prog"] = card_program(self.card_index[card_id], event, n)
            else:
                prog = ""
        if prog not in self.game.programs:
            raise self.fail(f"{path}.prog", f"{_show(value['prog'])} is not a rule of the pack")
        for key, kind in FRAME_FIELDS.items():
            if kind == "record":
                frame.setdefault(key, {})
            if key in frame and key != "prog":
                frame[key] = self.frame_field(kind, frame[key], f"{path}.{key}", prog, seats)
        return frame

    def frame_field(self, kind: str, value: Any, path: str, prog: str, seats: range) -> Any:
        """A field of a frame, checked by what it holds (`FRAME_FIELDS`)."""
        if kind == "instruction":
            return self.whole(value, path, 0, len(self.game.programs[prog]))
        if kind == "seat":
            return self.whole(value, path, seats.start, seats.stop - 1)
        if kind == "card":
            return None if value is None else self.card(value, path)
        if kind == "record":
            self.kind(value, dict, path, "an object")
            self.json_value(value, path)
            return value
        if kind == "roles":
            self.kind(value, dict, path, "an object of roles and seats")
            for role, seat in value.items():
                self.whole(seat, f"{path}.{role}", seats.start, seats.stop - 1)
            return dict(value)
        if kind == "counter":
            if not isinstance(value, str) or value not in game_counters(self.game):
                raise self.fail(path, f"{_show(value)} is not a counter of the pack")
            return value
        if kind == "loops":
            return self.loops(value, path, prog, seats)
        if kind == "amount":
            return self.whole(value, path, 0, COUNTER_LIMIT)
        self.json_value(value, path)
        return value

    def loops(self, value: Any, path: str, prog: str, seats: range) -> list[dict[str, Any]]:
        """The loops under way in a frame (mechanics/loops.py): no more than its program has,
        each the times left, the players listed and how many are taken (with the rule's player
        before the loop), or the cards listed (by card id) and how many are taken."""
        starts = sum(isinstance(i, LoopI) for i in self.game.programs[prog])
        self.kind(value, list, path, "a list of loops")
        if not 0 < len(value) <= starts:
            raise self.fail(path, f"the rule has {starts} loop(s), not {len(value)} under way")
        out: list[dict[str, Any]] = []
        for i, loop in enumerate(value):
            here = f"{path}[{i}]"
            if isinstance(loop, dict) and "left" in loop:
                self.keys(loop, here, {"left"}, {"left"})
                out.append({"left": self.whole(loop["left"], f"{here}.left", 0)})
                continue
            if isinstance(loop, dict) and "seats" in loop:  # a loop over players
                self.keys(loop, here, {"seats", "at", "player"}, {"seats", "at", "player"})
                low, top = seats.start, seats.stop - 1
                listed = self.kind(loop["seats"], list, f"{here}.seats", "a list of seats")
                out.append(
                    {
                        "seats": [
                            self.whole(s, f"{here}.seats[{j}]", low, top)
                            for j, s in enumerate(listed)
                        ],
                        "at": self.whole(loop["at"], f"{here}.at", 0, len(listed)),
                        "player": self.whole(loop["player"], f"{here}.player", low, top),
                    }
                )
                continue
            record = dict(self.keys(loop, here, {"cards", "at"}, {"cards", "at", *LOOP_SAVED}))
            record["cards"] = self.cards(loop["cards"], f"{here}.cards")
            record["at"] = self.whole(loop["at"], f"{here}.at", 0, len(record["cards"]))
            if "it" in record:
                self.json_value(record["it"], f"{here}.it")
            if "it_counter" in record:
                record["it_counter"] = self.frame_field(
                    "counter", record["it_counter"], f"{here}.it_counter", prog, range(0)
                )
            out.append(record)
        return out

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
        self.keys(
            value,
            path,
            {"player", "kind", "options"},
            {"player", "kind", "prompt", "describe", "options"},
        )
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
            actions.append(current(Action.from_data(o)))  # an older save's ids read as now
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
        except Exception as e:  # an untrusted position: whatever fails is the save's fault
            raise self.fail(
                "state.frames",
                f"the game cannot go on from this position ({type(e).__name__}: {e})",
            ) from None
        if trial.pending is None:
            raise self.fail("state.pending", "the rules ask for no decision in this position")
        if self.force and self.changed:
            # loaded anyway: the decision is the one the rules, as they are now, ask for
            trial.steps = state.steps
            state.become(trial)
            state.quiet = False
            return trial.pending
        if pending_data(trial.pending) != pending_data(pending):
            raise self.fail(
                "state.pending", "is not the decision the rules ask for in this position"
            )
        trial.steps = state.steps
        state.pending = pending
        if trial.to_data() != state.to_data():
            raise self.fail(
                "state.frames",
                "the rules do not stop at this decision: the "
                "position was saved half-way through a step",
            )
        return trial.pending


def _card_of(copy_name: str) -> str:
    """The card key of a copy's name ("antiquity/famine#2" -> "antiquity/famine")."""
    return copy_name.split("#")[0]


def _held(state: State) -> list[int]:
    """Every card copy in a zone of the position."""
    held = [c for zone in state.zones for c in zone]
    for p in state.players:
        held += [c for zone in p.zones for c in zone] + p.all_cards()
    return held


def card_names(game: Game, keys: list[str]) -> str:
    """Card keys as a person reads them: "Famine (Antiquity), Forest (Prehistory)"."""
    cards = {card_key(card): card for card in game.pack.cards}
    ages = {age.id: age.name for age in game.pack.ages}
    out = []
    for key in keys:
        age, card_id = key.split("/", 1) if "/" in key else ("", key)
        name = cards[key].name if key in cards else card_id
        out.append(f"{name} ({ages.get(age, age)})" if age else name)
    return ", ".join(out)


def _upgrade(game: Game, data: dict[str, Any]) -> dict[str, Any]:
    """A save of format version 2 in the names of version 3. Version 2 named a card by its id
    alone, numbering copies across the ages ("famine#3"): its copies table, when it is this
    pack's, gives each name's copy; a rule is named by a card id, found when only one card has
    it, else through the copy the frame belongs to."""
    ids = copy_ids(game)
    old = _numbered(game.catalog.cards[i].id for i in game.catalog.copies)
    if data.get("copies") != old:
        raise SaveError(
            "copies: this game was saved by an older Agesmith (format version 2) "
            "from a pack whose cards have changed since; that format named cards "
            "without their age, so its cards cannot be told apart: start a new "
            "game"
        )
    by_old = dict(zip(old, ids, strict=True))
    keys: dict[str, list[str]] = {}
    for card in game.pack.cards:
        keys.setdefault(card.id, []).append(card_key(card))
    cards = data["cards"] if isinstance(data.get("cards"), dict) else {}
    # an id of several ages cannot say which card its hash was of: left out, it counts as
    # changed if the pack has changed since
    out = {
        **data,
        "version": 3,
        "copies": ids,
        "cards": {keys[k][0]: v for k, v in cards.items() if len(keys.get(k, ())) == 1},
    }
    state = data.get("state")
    if not isinstance(state, dict):
        return out

    def rename(cards: Any) -> Any:
        return (
            [by_old.get(c, c) if isinstance(c, str) else c for c in cards]
            if isinstance(cards, list)
            else cards
        )

    fields = _fields_3(game)
    state = out["state"] = {**state}
    for zone in fields["shared"]:
        state[zone] = rename(state.get(zone))
    if isinstance(state.get("players"), list):
        state["players"] = [_upgrade_player(p, rename, fields) for p in state["players"]]
    if isinstance(state.get("frames"), list):
        state["frames"] = [_upgrade_frame(f, rename, keys) for f in state["frames"]]
    return out


def _fields_3(game: Game) -> dict[str, dict[str, str]]:
    """The fields of a version 3 save that held zones, and the role of each zone: that
    version was written for Along History only, its fields named as that pack names the
    zones of these roles (but "discard" for the discard pile), the tableau included."""
    zones = game.zones
    return {
        "player": {zones.name(role): role for role in (HAND, "archive")},
        "shared": {zones.name("draw pile"): "draw pile", "discard": "discard pile"},
        "tableau": {zones.name("tableau"): "tableau"},
    }


def _upgrade_zones(game: Game, data: dict[str, Any]) -> dict[str, Any]:
    """A save of format version 3 in the shape of version 4. Version 3 kept the zones of Along
    History in fields of their own (`_fields_3`); they are the zones of the pack's roles now,
    saved by the pack's names."""
    out = {**data, "version": VERSION}
    state = data.get("state")
    if not isinstance(state, dict):
        return out
    zones = game.zones
    fields = _fields_3(game)
    (tableau,) = fields["tableau"]

    def moved(old: dict[str, Any], side: str) -> dict[str, Any]:
        new = {k: v for k, v in old.items() if k not in fields[side]}
        new["zones"] = {
            zones.name(role): old[field] for field, role in fields[side].items() if field in old
        }
        if side == "player" and tableau in new:
            new["tableau"] = new.pop(tableau)
        return new

    state = out["state"] = _payments_3(moved(state, "shared"), zones.name("archive"))
    if isinstance(state.get("players"), list):
        state["players"] = [
            moved(p, "player") if isinstance(p, dict) else p for p in state["players"]
        ]
    return out


_PAYMENT_3 = {"dice", "tilt", "counters"}


def _payments_3(value: Any, old: str) -> Any:
    """`value` with the keys of version 3 payments and turn flags renamed: that version named
    a payment's card of the archive, and the flag of a turn that used one, by the archive's name
    in Along History (`old`); version 4 names both by the role."""
    if isinstance(value, list):
        return [_payments_3(v, old) for v in value]
    if not isinstance(value, dict):
        return value
    renamed = {k: _payments_3(v, old) for k, v in value.items()}
    if value.keys() >= _PAYMENT_3 and old in value:
        renamed["archive"] = renamed.pop(old)
    if f"{old}_used" in value and "turn_start_events" in value:
        renamed["archive_used"] = renamed.pop(f"{old}_used")
    return renamed


def _upgrade_player(player: Any, rename: Any, fields: dict[str, dict[str, str]]) -> Any:
    if not isinstance(player, dict):
        return player
    player = {**player}
    for zone in (*fields["player"], "tilted"):
        player[zone] = rename(player.get(zone))
    for zone in fields["tableau"]:
        piles = player.get(zone)
        player[zone] = [rename(p) for p in piles] if isinstance(piles, list) else piles
    return player


def _upgrade_frame(frame: Any, rename: Any, keys: dict[str, list[str]]) -> Any:
    if not isinstance(frame, dict):
        return frame
    frame = {**frame}
    if isinstance(frame.get("card"), str):
        frame["card"] = rename([frame["card"]])[0]
    prog = frame.get("prog")
    if isinstance(prog, str) and prog.startswith("card:") and prog.count(":") >= 3:
        card_id, event, n = prog[5:].rsplit(":", 2)
        found = keys.get(card_id, [])
        own = _card_of(frame["card"]) if isinstance(frame.get("card"), str) else None
        if len(found) > 1 and own in found:
            found = [own]  # the card the rule belongs to says which age
        if len(found) == 1:
            frame["prog"] = card_program(found[0], event, n)
    return frame


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


def _removes_cards(game: Game) -> bool:
    """Whether some rule of the pack takes cards out of the game (mechanics/effects.py)."""
    from ..compile.program import ActI, ChoiceI
    from ..mechanics.effects import REMOVES

    def removes(instruction: object) -> bool:
        if isinstance(instruction, ChoiceI):
            return any(removes(o) for o in instruction.options)
        return isinstance(instruction, ActI) and bool(instruction.data.get(REMOVES))

    return any(removes(i) for program in game.programs.values() for i in program)
