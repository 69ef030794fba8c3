"""A scenario's position: the cards, counters, tokens, board and dice a scenario file describes.

Every name is checked against the pack before it is placed: an unknown card, counter, board
space or player is a `ScenarioError` that names the place in the file (`path`) and, where one
is close, the word that was probably meant. Nothing is skipped: a scenario never passes with
part of its position silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from rules_dsl.bounds import COUNTER_LIMIT, TOKEN_VALUE_LIMIT
from rules_dsl.diagnostics import did_you_mean
from rules_dsl.errors import AgesmithError
from rules_dsl.stored import declared_stored

from ..core import pieces
from ..model.zones import TABLEAU

if TYPE_CHECKING:
    from ..core.state import PlayerState, State
    from ..engine.game import Game

Path = tuple[str | int, ...]
T = TypeVar("T")
# The player who rolled the dice lying on the table, when not the active player.
ROLLED_BY = "rolled by"
# The cards in a player's hand when their turn began (placed where the actions start: the hand
# may have changed since), by the engine's flag of the turn (mechanics/verbs.py).
TURN_START = "hand at turn start"
TURN_START_FLAG = "turn_start_events"
# What lies on a player's cards: {card name: {counter: amount, piece kind: how many}}; at the
# position's level, the tokens on the cards of the table's zones.
ON_CARDS = "on cards"
# What a position holds beside the zones of the table (and the card states of their cards).
POSITION_FACTS = ("active", "players", "board", "age", "round", "passed", ROLLED_BY, ON_CARDS)
# What a player's description holds beside the pack's zones and counters.
PLAYER_FACTS = ("tilted", "tokens", "space", "scores", "pieces", "skips", TURN_START)
# The player's mark of the turns they will skip (mechanics/verbs.py: "skip your next turn").
SKIP_TURNS = "skip_turns"
# A piece's entry in `pieces:` names the card it stands on with this key (free without it; not
# "on", which YAML reads as true).
ON = "card"


def player_keys(game: Game) -> list[str]:
    """The keys of a player's description: each zone of a player, then `PLAYER_FACTS`, then
    the pack's card states ("damaged: [Farm]") and `on cards` (tokens lie on cards in any
    pack with counters)."""
    states = game.catalog.card_states.names()
    return [*game.zones.names("player"), *PLAYER_FACTS, *states, ON_CARDS]


class ScenarioError(AgesmithError):
    """A scenario that cannot be set up or played as written, at `path` in its file."""

    def __init__(
        self,
        message: str,
        path: Path = (),
        hint: str | None = None,
        at_text: tuple[int, int, int | None] | None = None,
        key: bool = False,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.hint = hint
        self.at_text = at_text  # (line, column, end column) inside the text at `path`
        self.key = key  # placed at the key of `path`, not at its value

    def __str__(self) -> str:
        return self.message + (f" ({self.hint})" if self.hint else "")


def seat_of(value: Any, players: int, path: Path, key: bool = False) -> int:
    """A player number of the file (from 1) as a seat (from 0)."""
    try:
        seat = int(str(value)) - 1
    except ValueError:
        raise ScenarioError(
            f"{value!r} is not a player number", path, "players are numbered from 1", key=key
        ) from None
    if not 0 <= seat < players:
        raise ScenarioError(
            f"there is no player {seat + 1} in a game of {players} players",
            path,
            f"players are numbered from 1 to {players}",
            key=key,
        )
    return seat


def integer(value: Any, path: Path) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"expected a whole number, got {value!r}", path)
    return value


def bounded(value: Any, path: Path, most: int, what: str) -> int:
    """A whole number from 0 to `most` (the bound the save loader holds it to, too)."""
    number = integer(value, path)
    if not 0 <= number <= most:
        raise ScenarioError(
            f"{what} {number:,} is out of bounds", path, f"{what} is from 0 to {most:,}"
        )
    return number


def board_spaces(game: Game) -> dict[str, Any] | None:
    """The spaces of the board side played, or None when the game has no board."""
    boards = (game.pack.game.get("achievements") or {}).get("boards") or {}
    side = boards.get(game.board_side) if game.board_side else None
    return (side or {}).get("spaces") if isinstance(side, dict) else None


def space_name(game: Game, value: Any, path: Path, key: bool = False) -> str:
    spaces = board_spaces(game)
    if spaces is None:
        raise ScenarioError(
            "this game has no achievements board",
            path,
            "remove it, or play a variant or board side that has one",
            key=key,
        )
    name = str(value)
    if name not in spaces:
        raise ScenarioError(
            f'the board has no space "{name}"',
            path,
            did_you_mean(name, map(str, spaces)) or f"spaces: {', '.join(map(str, spaces))}",
            key=key,
        )
    return name


class Copies:
    """The copies a scenario may still place: those of the age played and of the decks (in a
    game of this many players), and for a legacy those of any age (a name found in several
    ages is taken from the age played first)."""

    def __init__(self, game: Game, age: str, players: int) -> None:
        self.game = game
        self.age = age
        self.players = players
        catalog = game.catalog
        self.of_decks = [c for d in catalog.decks for c in catalog.copies_of_age(d.name, players)]
        self.of_age = catalog.copies_of_age(age, players) + self.of_decks
        self.placed: set[int] = set()
        self.ages_of: dict[str, list[str]] = {}
        for info in game.catalog.cards:
            self.ages_of.setdefault(info.name, []).append(info.age)

    def take(
        self, name: Any, path: Path, any_age: bool = False, others: frozenset[int] = frozenset()
    ) -> int:
        """A copy of the card named, not placed yet: of the age played first, then (`any_age`)
        of any other; a copy the setup put in another player's tableau (`others`) only when no
        other is left, so that a player the position does not describe keeps it."""
        text = str(name).strip()
        pool: Iterable[int] = self.of_age
        if any_age:  # the age played first (a name may be in several ages), then the others
            pool = [
                *self.of_age,
                *(c for c in range(len(self.game.catalog.copies)) if c not in self.of_age),
            ]
        if others:
            pool = [*(c for c in pool if c not in others), *(c for c in pool if c in others)]
        for copy in pool:
            if copy not in self.placed and self.game.name(copy) == text:
                self.placed.add(copy)
                return copy
        ages = self.ages_of.get(text)
        if ages is None:
            raise ScenarioError(
                f'the pack has no card "{text}"', path, did_you_mean(text, self.ages_of)
            )
        if any(self.game.catalog.is_deck(owner) for owner in ages):
            raise ScenarioError(
                f'no copy of "{text}" is left to place in a game of {self.players} players',
                path,
                "each copy is placed once, and the card's players: may leave copies out of a "
                "game of few players",
            )
        if not any_age and self.age not in ages:
            raise ScenarioError(
                f'"{text}" is a card of {", ".join(dict.fromkeys(ages))}, not of {self.age}',
                path,
                f"only the {self.game.zones.name('archive')} holds cards of another age",
            )
        raise ScenarioError(
            f'no copy of "{text}" is left to place',
            path,
            "the pack has no more copies of it: each copy is placed once",
        )

    def rest(self) -> list[int]:
        """The age's copies not placed (the decks' stay where the game put them)."""
        decks = set(self.of_decks)
        return [c for c in self.of_age if c not in self.placed and c not in decks]


class ScenarioProblems(ScenarioError):
    """Several problems of one position, all reported at once."""

    def __init__(self, problems: list[ScenarioError]) -> None:
        super().__init__(problems[0].message, problems[0].path, problems[0].hint)
        self.problems = problems


class _Attempts:
    """Runs the steps of placing a position, keeping every problem instead of the first."""

    def __init__(self) -> None:
        self.problems: list[ScenarioError] = []

    def __call__(self, make: Callable[[], T]) -> T | None:
        try:
            return make()
        except ScenarioError as e:
            self.problems.append(e)
            return None

    def all(self, makes: Iterable[Callable[[], T]]) -> list[T]:
        return [found for found in map(self, makes) if found is not None]


def place(game: Game, state: State, position: dict[str, Any], exact: bool = False) -> None:
    """Change a freshly dealt age into the position described; every problem found is raised
    at once (`ScenarioProblems`). `exact` (a scenario placed where its actions start, on a
    position the round has already changed): each zone of the table the position lists holds
    exactly its cards, and a deck's copy it places nowhere stays out of play."""
    from ..mechanics.ages import age_id

    attempt = _Attempts()
    here: Path = ("position",)
    _place_stance(game, state, position, here, attempt)
    copies = Copies(game, age_id(game, state), len(state.players))
    dealt_shared = [list(cards) for cards in state.zones]  # where the game put the decks
    # every card the setup left in play: one it removed from the game stays out of it
    dealt_anywhere = {c for cards in state.zones for c in cards}
    dealt_anywhere.update(c for p in state.players for c in _held(p))
    states = game.catalog.card_states.names()
    keys = [*POSITION_FACTS, *game.zones.names("shared"), *states]
    for key in position:
        if key not in keys:
            attempt.problems.append(
                ScenarioError(
                    f'unknown key "{key}"',
                    (*here, str(key)),
                    did_you_mean(str(key), keys)
                    or f"a position has {', '.join(keys)} (the zones of the table)",
                    key=True,
                )
            )
    if position.get("active") is not None:
        active = attempt(lambda: seat_of(position["active"], len(state.players), (*here, "active")))
        if active is not None:
            state.active = active
            state.own_frame()["player"] = state.active
    described: dict[int, tuple[Path, dict[str, Any]]] = {}
    for key, desc in (position.get("players") or {}).items():
        path = (*here, "players", str(key))
        seat = attempt(partial(seat_of, key, len(state.players), path, key=True))
        if seat is None:
            continue
        if desc is not None and not isinstance(desc, dict):
            attempt.problems.append(
                ScenarioError(
                    "a player is described by a mapping of zones, counters, tilted:, "
                    "tokens: and space:",
                    path,
                )
            )
            continue
        described[seat] = (path, desc or {})
    tableaux = {p.seat: frozenset(p.all_cards()) for p in state.players}  # as the setup dealt
    _free_pieces(state, set(described))
    for seat, (path, desc) in described.items():
        # the others' tableaux are not topped up as hands are: their cards stay theirs
        others = frozenset(c for s, cards in tableaux.items() if s != seat for c in cards)
        _place_player(game, state.players[seat], desc, path, copies, attempt, others)
        _place_pieces(game, state, state.players[seat], desc, path, attempt)
        _place_card_states(game, state, state.players[seat], desc, path, attempt)
    zones = game.zones
    dealt = {p.seat: len(p.zones[zones.hand]) if zones.hand >= 0 else 0 for p in state.players}
    for player in state.players:
        if player.seat not in described:
            _keep_dealt(player, copies)
    _free_pieces_off_their_cards(state)
    written = [_names(position, zone.name, here, attempt) for zone in zones.shared]
    listed = [
        attempt.all(
            partial(copies.take, n, (*here, zone.name, i))
            for i, n in enumerate(names)
            if n is not None  # a row's empty place (_place_gaps)
        )
        for zone, names in zip(zones.shared, written, strict=True)
    ]
    _place_gaps(game, state, written, here, attempt)
    rest = copies.rest()
    rng = state.random()
    rng.shuffle(rest)
    state.store_random(rng)
    for player in state.players if zones.hand >= 0 else ():
        hand = player.zones[zones.hand]
        while player.seat not in described and len(hand) < dealt[player.seat] and rest:
            hand.append(rest.pop())
    for i, cards in enumerate(listed):
        # the rest of the age lies under the draw pile's listed cards; a pile is drawn from
        # its end
        state.zones[i] = rest + list(reversed(cards)) if i == zones.draw else cards
    rows = {i for i, names in enumerate(written) if names and zones.places(i)}
    if exact:  # every zone listed is what it lists
        rows |= {i for i, zone in enumerate(zones.shared) if zone.name in position}
    _return_decks(game, state, copies, dealt_shared, dealt_anywhere, rows, exact)
    if ON_CARDS in position or any(name in position for name in states):
        _place_card_states(game, state, None, position, here, attempt)
    if "board" in position:
        board = position["board"] or {}
        if not isinstance(board, dict):
            attempt.problems.append(
                ScenarioError("the board is a mapping of spaces to tokens", (*here, "board"))
            )
            board = {}
        state.board = {}
        for k, v in board.items():
            where = (*here, "board", str(k))
            space = attempt(partial(space_name, game, k, where, key=True))
            token = attempt(partial(token_index, game, v, where))
            if space is not None and token is not None:
                state.board[space] = token
    if attempt.problems:
        raise ScenarioProblems(attempt.problems)


def _held(player: PlayerState) -> list[int]:
    """Every card a player holds: the tableau's and each of their zones'."""
    return [*player.all_cards(), *(c for zone in player.zones for c in zone)]


def _free_pieces(state: State, seats: set[int]) -> None:
    """A described player's pieces are free, as their cards are what the position says (what
    it leaves out is empty): its `on cards` stands them on cards (`<card>: {worker: 2}`)."""
    for i, piece in enumerate(state.pieces):
        if piece["owner"] in seats and piece["on"] is not None:
            pieces.move(state, i, None)


def _free_pieces_off_their_cards(state: State) -> None:
    """A piece stands on a card its owner holds or on a card of the table's zones (a space of
    the board): one whose card the position put elsewhere is free again, as when a card leaves
    play."""
    table = {c for zone in state.zones for c in zone}
    for i, piece in enumerate(state.pieces):
        copy = piece["on"]
        if (
            copy is not None
            and copy not in table
            and copy not in _held(state.players[piece["owner"]])
        ):
            pieces.move(state, i, None)


def _place_stance(
    game: Game, state: State, position: dict[str, Any], here: Path, attempt: _Attempts
) -> None:
    """Where in the game the position stands: its age (one of the ages played), its round
    (0: the part of a round begun in the age before) and the players who have passed this
    round."""
    from ..mechanics.ages import PART_ROUND
    from ..mechanics.dice import ROLLER

    if position.get("age") is not None:
        age = str(position["age"])
        if age in game.ages:
            state.age = game.ages.index(age)
        else:
            attempt.problems.append(
                ScenarioError(
                    f'"{age}" is not an age of this game',
                    (*here, "age"),
                    did_you_mean(age, game.ages) or f"the ages played: {', '.join(game.ages)}",
                )
            )
    if position.get("round") is not None:
        number = attempt(
            partial(bounded, position["round"], (*here, "round"), COUNTER_LIMIT, "the round")
        )
        if number is not None:
            state.round = number
            marks = {k: v for k, v in state.marks.items() if k != PART_ROUND}
            state.marks = {**marks, PART_ROUND: True} if number == 0 else marks
    if position.get(ROLLED_BY) is not None:
        seat = attempt(
            partial(seat_of, position[ROLLED_BY], len(state.players), (*here, ROLLED_BY))
        )
        if seat is not None:
            state.marks = {**state.marks, ROLLER: seat}
    if "passed" in position:
        listed = position["passed"] or []
        if not isinstance(listed, list):
            attempt.problems.append(
                ScenarioError("passed is a list of player numbers", (*here, "passed"))
            )
            listed = []
        seats = set(
            attempt.all(
                partial(seat_of, n, len(state.players), (*here, "passed", i))
                for i, n in enumerate(listed)
            )
        )
        for player in state.players:
            flags = {k: v for k, v in player.flags.items() if k != PASSED}
            player.flags = {**flags, PASSED: True} if player.seat in seats else flags


# The fact of a player who has passed this round ("who has not passed", TAW-A6).
PASSED = "passed"


def _place_pieces(
    game: Game, state: State, player: PlayerState, desc: dict[str, Any], path: Path, attempt: Any
) -> None:
    """`pieces: {citizen: [{skill: 1, on: Shrine}, {skill: 2}]}`: the player's pieces of each
    kind listed are exactly these, in this order, each with its properties and the card it
    stands on (one of the player's, or of the table's zones; free without `on`)."""
    given = desc.get("pieces")
    if given is None:
        return
    where = (*path, "pieces")
    if not isinstance(given, dict):
        attempt.problems.append(
            ScenarioError("pieces maps a kind to its pieces: {citizen: [{skill: 1}]}", where)
        )
        return
    specs = {k.name: k for k in game.lexicon.pieces.kinds}
    held = _held(player) + [c for zone in state.zones for c in zone]
    for kind, items in given.items():
        at = (*where, str(kind))
        spec = specs.get(str(kind))
        if spec is None:
            attempt.problems.append(
                ScenarioError(
                    f'the pack has no piece "{kind}"',
                    at,
                    did_you_mean(str(kind), specs) or f"its pieces: {', '.join(specs) or 'none'}",
                    key=True,
                )
            )
            continue
        made = []
        for i, item in enumerate(items if isinstance(items, list) else []):
            entry = dict(item or {}) if isinstance(item, dict) or item is None else None
            if entry is None:
                attempt.problems.append(
                    ScenarioError("a piece is a mapping of its properties and on:", (*at, i))
                )
                continue
            on_name = entry.pop(ON, None)
            copy = None
            if on_name is not None:
                copy = next(iter(among(game, held, on_name)), None)
                if copy is None:
                    attempt.problems.append(
                        ScenarioError(
                            f"\"{on_name}\" is not among this player's cards nor the table's",
                            (*at, i, ON),
                            "a piece stands on a card in play",
                        )
                    )
                    continue
            unknown = [k for k in entry if k not in spec.properties]
            if unknown:
                attempt.problems.append(
                    ScenarioError(
                        f'a {kind} has no property "{unknown[0]}"',
                        (*at, i, unknown[0]),
                        f"its properties: {', '.join(spec.properties) or 'none'}",
                        key=True,
                    )
                )
                continue
            values = {
                k: attempt(partial(bounded, v, (*at, i, k), COUNTER_LIMIT, k)) or 0
                for k, v in entry.items()
            }
            piece = pieces.make(spec.name, player.seat, spec.values(values))
            made.append({**piece, "on": copy})
        if not isinstance(items, list):
            attempt.problems.append(ScenarioError(f"{kind} is a list of pieces", at))
            continue
        others = [
            p for p in state.pieces if not (p["owner"] == player.seat and p["kind"] == spec.name)
        ]
        kinds = game.lexicon.pieces.names
        state.pieces = pieces.added(others, made, kinds, player.seat, spec.name)


def _keep_dealt(player: PlayerState, copies: Copies) -> None:
    """A player the position does not describe keeps what the setup dealt them, in every zone
    and in the tableau, less the cards the position placed elsewhere (a hand is topped up from
    the rest of the age afterwards). What is kept is placed: it is neither dealt again nor put
    back into its deck's zone."""
    for i, zone in enumerate(player.zones):
        player.zones[i] = [c for c in zone if c not in copies.placed]
        copies.placed.update(player.zones[i])
    piles = [[c for c in pile if c not in copies.placed] for pile in player.tableau]
    player.tableau = [pile for pile in piles if pile]  # a pile is replaced, never changed
    player.tilted = [c for c in player.tilted if any(c in pile for pile in piles)]
    copies.placed.update(c for pile in piles for c in pile)


def _place_gaps(
    game: Game, state: State, written: list[list[Any]], here: Path, attempt: _Attempts
) -> None:
    """A row's list gives its places from the first, `~` (None) for an empty one: the gaps
    before its last card (core/rows.py). Only a row has empty places, and no more places than
    it declares."""
    zones = game.zones
    for z, names in enumerate(written):
        name = zones.shared[z].name
        places = zones.places(z)
        empty = [i for i, n in enumerate(names) if n is None]
        if not places:
            attempt.problems += [
                ScenarioError(
                    f"the {name} is not a row: it has no empty places",
                    (*here, name, i),
                    f"list its cards only (a row is declared {name}: {{kind: row, places: N}})",
                )
                for i in empty
            ]
            continue
        last = max((i + 1 for i, n in enumerate(names) if n is not None), default=0)
        if last > places:
            attempt.problems.append(
                ScenarioError(
                    f"the {name} has {places} places: {last} cannot lie in it",
                    (*here, name),
                    f"list at most {places} places (~ for an empty one)",
                )
            )
        state.gaps[z] = [i + 1 for i in empty if i + 1 < last]


def _return_decks(
    game: Game,
    state: State,
    copies: Copies,
    dealt: list[list[int]],
    anywhere: set[int],
    rows: set[int],
    exact: bool = False,
) -> None:
    """A deck's copies the position does not place stay in the zone of the table the game
    put them in, under the cards the position lists there; those it had put elsewhere (a
    described player's zone, or a row the position lists: its places are what it says) go
    back under their deck's own zone. A copy the setup removed from the game stays out."""
    zones = game.zones
    for i, cards in enumerate(dealt):
        if i in rows:
            continue
        kept = [c for c in cards if c in copies.of_decks and c not in copies.placed]
        copies.placed.update(kept)
        state.zones[i][:0] = kept
    for copy in copies.of_decks:
        if copy in copies.placed or copy not in anywhere:
            continue
        owner = game.catalog.info(copy).age
        deck = next(d for d in game.catalog.decks if d.name == owner)
        found = zones.find(deck.into)
        if found is not None and found[0] == "shared" and not (exact and found[1] in rows):
            state.zones[found[1]].insert(0, copy)
            copies.placed.add(copy)


def _names(desc: dict[str, Any], key: str, path: Path, attempt: _Attempts) -> list[Any]:
    """The list of card names written at `key` (a problem when it is not a list)."""
    value = desc.get(key) or []
    if not isinstance(value, list):
        attempt.problems.append(ScenarioError(f"{key} is a list of card names", (*path, key)))
        return []
    return value


def _place_player(
    game: Game,
    player: PlayerState,
    desc: dict[str, Any],
    path: Path,
    copies: Copies,
    attempt: _Attempts,
    others: frozenset[int] = frozenset(),
) -> None:
    counters = game.pack.game.get("counters") or {}
    keys = player_keys(game)
    for key in desc:
        if key not in keys and key not in counters:
            attempt.problems.append(unknown_key(key, (*path, key), counters, keys))

    def cards(key: str, any_age: bool = False) -> list[int]:
        return attempt.all(
            partial(copies.take, n, (*path, key, i), any_age)
            for i, n in enumerate(_names(desc, key, path, attempt))
        )

    zones = game.zones
    for name, index in zones.player_order():
        if index != TABLEAU:  # the archive may hold cards of any age
            player.zones[index] = cards(name, any_age=index == zones.archive)
            continue
        player.tableau = []
        for i, text in enumerate(_names(desc, name, path, attempt)):
            pile = attempt.all(
                partial(copies.take, n.strip(), (*path, name, i), False, others)
                for n in str(text).split(">")
            )
            if pile:
                player.tableau.append(pile)
    for key, value in desc.items():
        if key in counters:
            spec = counters[key]
            most = spec.get("max") if isinstance(spec, dict) else None
            amount = attempt(
                partial(bounded, value, (*path, key), COUNTER_LIMIT if most is None else most, key)
            )
            if amount is not None:
                player.counters[key] = amount
    if "tokens" in desc:
        player.tokens = attempt.all(
            partial(bounded, t, (*path, "tokens", i), TOKEN_VALUE_LIMIT, "a token's value")
            for i, t in enumerate(_names(desc, "tokens", path, attempt))
        )
    if desc.get("space") is not None:
        player.space = attempt(lambda: space_name(game, desc["space"], (*path, "space")))
    if TURN_START in desc:
        held = _held(player)
        started: list[int] = []
        for i, name in enumerate(_names(desc, TURN_START, path, attempt)):
            found = among(game, held, name, started)
            if not found:
                attempt.problems.append(
                    ScenarioError(
                        f'"{name}" is not among this player\'s cards',
                        (*path, TURN_START, i),
                        "the cards in the hand when the turn began that the player still holds",
                    )
                )
                continue
            started.append(found[0])
        player.flags = {**player.flags, TURN_START_FLAG: started}
    if "skips" in desc:  # the player's next turns skipped
        skips = attempt(partial(bounded, desc["skips"], (*path, "skips"), COUNTER_LIMIT, "skips"))
        if skips is not None:
            player.marks = {**player.marks, SKIP_TURNS: skips}
    if "scores" in desc:  # each age's points, as the end of each age scored them
        player.age_scores = attempt.all(
            partial(integer, n, (*path, "scores", i))
            for i, n in enumerate(_names(desc, "scores", path, attempt))
        )
        player.score = sum(player.age_scores)
    player.tilted = []
    for i, name in enumerate(_names(desc, "tilted", path, attempt)):
        found = [
            c
            for c in player.all_cards()
            if game.name(c) == str(name).strip() and c not in player.tilted
        ]
        if not found:
            tableau = game.zones.name("tableau")
            attempt.problems.append(
                ScenarioError(
                    f'"{name}" is not in this player\'s {tableau}',
                    (*path, "tilted", i),
                    f"only cards of the {tableau} can be tilted",
                )
            )
            continue
        player.tilted.append(found[0])


def among(game: Game, cards: list[int], name: Any, taken: Iterable[int] = ()) -> list[int]:
    """The cards of this name among `cards`, those not `taken` first in order; "Spearmen #2"
    is the second card of that name among them (several copies of a card in one place)."""
    text = str(name).strip()
    number = None
    head, mark, tail = text.rpartition(" #")
    if mark and tail.isdigit():
        text, number = head.strip(), int(tail)
    named = [c for c in cards if game.name(c) == text]
    if number is not None:
        return named[number - 1 : number] if number >= 1 else []
    return [c for c in named if c not in taken]


def card_ref(game: Game, cards: list[int], copy: int) -> str:
    """How a scenario names `copy` among `cards` (see `among`): its name, with its number
    among the cards of that name when there are several."""
    name = game.name(copy)
    named = [c for c in cards if game.name(c) == name]
    return name if len(named) == 1 else f"{name} #{named.index(copy) + 1}"


def _place_card_states(
    game: Game,
    state: State,
    player: PlayerState | None,
    desc: dict[str, Any],
    path: Path,
    attempt: Any,
) -> None:
    """The pack's card states of a player's cards ("damaged: [Farm]") and the tokens on them
    ("on cards: {Barracks: {coin: 2}}"), each card found among the player's own; for no
    player (the position's own keys), among the cards of the table's zones. What they leave
    out is a fresh card."""
    from ..core import card_state

    if player is not None:  # the tableau first
        held = player.all_cards() + [c for zone in player.zones for c in zone]
        whose = "this player's cards"
    else:
        held = [c for zone in state.zones for c in zone]
        whose = "the cards of the table's zones"
    for fresh in held:
        if state.cards:
            state.cards.pop(fresh, None)

    def card(name: Any, where: Path, taken: list[int]) -> int | None:
        found = among(game, held, name, taken)
        if not found:
            attempt.problems.append(
                ScenarioError(
                    f'"{name}" is not among {whose}',
                    where,
                    "a card's state is given for a card where the position puts it",
                )
            )
            return None
        return found[0]

    for spec in game.catalog.card_states.states:
        taken: list[int] = []
        for i, name in enumerate(_names(desc, spec.name, path, attempt)):
            copy = card(name, (*path, spec.name, i), taken)
            if copy is None:
                continue
            taken.append(copy)
            if spec.kind == "face down":
                card_state.turn(state, copy, True)
            else:
                card_state.set_mark(state, copy, spec.name)
    on_cards = desc.get(ON_CARDS) or {}
    if not isinstance(on_cards, dict):
        attempt.problems.append(
            ScenarioError(
                f"{ON_CARDS} maps card names to tokens: {{<card>: {{<counter>: 2}}}}", path
            )
        )
        return
    counters = game.pack.game.get("counters") or {}
    kinds = [k.name for k in game.lexicon.pieces.kinds]
    banks = {spec.token: 0 for spec in declared_stored(game.pack.game)}
    for name, tokens in on_cards.items():
        where = (*path, ON_CARDS, str(name))
        copy = card(name, where, [])
        if copy is None:
            continue
        if not isinstance(tokens, dict):
            attempt.problems.append(ScenarioError("tokens are {counter: amount}", where))
            continue
        for counter, value in tokens.items():
            if counter in kinds and counter not in counters and player is not None:
                attempt(partial(_stand_on, state, player, copy, str(counter), value, where))
                continue
            if counter not in counters:
                attempt.problems.append(
                    unknown_key(counter, (*where, counter), [*counters, *kinds], [])
                )
                continue
            amount = attempt(partial(bounded, value, (*where, counter), COUNTER_LIMIT, counter))
            if amount:
                card_state.add_tokens(state, copy, str(counter), amount)
                if counter in banks:
                    banks[counter] += amount
    for bank, placed in banks.items():
        if placed and player is not None:
            on = sum(card_state.tokens_on(state, c, bank) for c in held)
            attempt(partial(_from_the_bank, player, desc, bank, on, counters, path))


def _from_the_bank(
    player: PlayerState,
    desc: dict[str, Any],
    bank: str,
    on: int,
    counters: dict[str, Any],
    path: Path,
) -> None:
    """Tokens of a stored resource's bank (`stored: {food: {as: blue token}}`) stood on cards
    come out of the player's bank, as the rules move them: a bank the position does not
    describe holds its start less the `on` tokens on the player's cards; one it describes
    holds, with the cards, no more than the bank's `max`. Tokens are never made from nothing
    (a later payment would return them to a bank fuller than it can be)."""
    spec = counters.get(bank)
    spec = spec if isinstance(spec, dict) else {}
    if bank in desc:
        most = spec.get("max")
        held = player.counters.get(bank, 0) + on
        if isinstance(most, int) and held > most:
            raise ScenarioError(
                f"the {bank} bank and the cards hold {held} {bank}s: more than the {most}"
                " there are",
                (*path, ON_CARDS),
                f"the {bank}s on cards are taken from the bank: say what is left in it",
            )
        return
    start = spec.get("start", 0)
    total = start if isinstance(start, int) else 0
    if on > total:
        raise ScenarioError(
            f"only {total} {bank}s are in the bank to stand on cards, not {on}",
            (*path, ON_CARDS),
            f"the {bank}s on cards are taken from the player's bank",
        )
    player.counters[bank] = total - on


def _stand_on(
    state: State, player: PlayerState, copy: int, kind: str, value: Any, where: Path
) -> None:
    """`on cards: {Agriculture: {worker: 2}}`: that many of the player's free pieces of the kind
    (the first ones: of a kind with properties, those it was given first) stand on the card."""
    path = (*where, kind)
    owned = len(pieces.owned(state, kind, player.seat))
    amount = bounded(value, path, owned, f"{kind}s")
    free = pieces.free(state, kind, player.seat)
    if amount > len(free):
        raise ScenarioError(
            f"only {len(free)} of this player's {kind}s are left to stand on it",
            path,
            f"the player has {owned} {kind}s in all, each on one card",
        )
    for index in free[:amount]:
        pieces.move(state, index, copy)


def unknown_key(key: str, path: Path, counters: Iterable[str], keys: list[str]) -> ScenarioError:
    """A player's key that is neither one of `keys` (`player_keys`) nor a counter of the
    pack."""
    counters = list(counters)
    return ScenarioError(
        f'unknown key "{key}"',
        path,
        did_you_mean(str(key), [*keys, *counters])
        or f"a player has {', '.join(keys)} and the counters of the "
        f"pack ({', '.join(counters) or 'none'})",
        key=True,
    )


def token_index(game: Game, wanted: Any, path: Path) -> int:
    """A token of the pool by value (the first of that value) or by its condition's text."""
    from rules_dsl.printer import condition

    for i, token in enumerate(game.pack.tokens):
        if token.value == wanted or condition(token.condition) == wanted:
            return i
    tokens = game.pack.tokens
    hint = (
        f"give a value or a condition, such as: {condition(tokens[0].condition)}"
        if tokens
        else "the pack declares no tokens"
    )
    raise ScenarioError(f"the pack has no token {wanted!r}", path, hint)


def set_dice(game: Game, state: State, faces: list[Any], exact: bool = False) -> None:
    """The dice rolled set to these faces ("culture", "culture x2" for a die doubled, or
    {face: culture, used: true, token: false} for a die used in the actions or its result
    token); `exact` (a position placed where the actions start): the dice lying there are
    these, of the first kind of die with such a face, even when the round rolled none or
    others before the start."""
    from ..mechanics.dice import parse_face

    if not isinstance(faces, list):
        raise ScenarioError("dice is a list of faces", ("dice",))
    items = [f if isinstance(f, dict) else {"face": f} for f in faces]
    texts = [str(item.get("face", "")) for item in items]
    doubled = [0] * len(texts)
    for i, text in enumerate(texts):
        while text.endswith(" x2") and text != "x2":
            text, doubled[i] = text[:-3].rstrip(), doubled[i] + 1
        texts[i] = text
    if exact and len(faces) != len(state.dice):
        state.dice = [_lying_die(game, text, ("dice", i)) for i, text in enumerate(texts)]
    if len(faces) != len(state.dice):
        raise ScenarioError(
            f"{len(faces)} dice given but {len(state.dice)} are rolled",
            ("dice",),
            "the dice, in order: " + ", ".join(d["die"] for d in state.dice),
        )
    for i, (die, text, item) in enumerate(zip(state.dice, texts, items, strict=True)):
        spec = (game.pack.game.get("dice") or {})[die["die"]]
        wanted = parse_face(text)
        options = [n for n, f in enumerate(spec["faces"]) if parse_face(f) == wanted]
        if not options:
            raise ScenarioError(
                f'the {die["die"]} die has no face "{text}"',
                ("dice", i),
                f"its faces: {', '.join(spec['faces'])}",
            )
        die["face"] = options[0]
        if doubled[i] or exact:
            die["times"] = 2 ** doubled[i]
        for key in ("used", "token"):
            if key in item:
                die[key] = bool(item[key])
    game.say(state, "The dice are set to: " + ", ".join(str(f) for f in faces) + ".")


def _lying_die(game: Game, text: Any, path: Path) -> dict[str, Any]:
    """A die of the first kind that has this face, as a roll leaves it (mechanics/dice.py)."""
    from ..mechanics.dice import parse_face

    wanted = parse_face(str(text))
    dice = game.pack.game.get("dice") or {}
    for name, spec in dice.items():
        if any(parse_face(f) == wanted for f in spec["faces"]):
            token = bool(spec.get("result_tokens"))
            return {"die": name, "face": 0, "used": False, "times": 1, "token": token}
    raise ScenarioError(
        f'no die of the pack has a face "{text}"',
        path,
        "the dice: " + "; ".join(f"{n}: {', '.join(s['faces'])}" for n, s in dice.items()),
    )


def chance_state(value: Any, path: Path) -> int:
    """The generator's whole state (core/chance.py), written in quotes: a number of 64 bits
    (up to 20 digits, more than a number of the game may have in a file)."""
    from ..core.chance import MASK

    text = str(value).strip()
    if not text.isdigit() or int(text) > MASK:
        raise ScenarioError(
            f"the chance {text!r} is not a state of the generator",
            path,
            f'it is the generator\'s state as a save keeps it, in quotes: from "0" to "{MASK}"',
        )
    return int(text)
