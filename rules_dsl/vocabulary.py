"""The words a pack's rules may use, and how a word is normalised before it is looked up.

Nouns in the language are plain words. A pack declares its own (card types, keywords, zones,
resources, counters, contests); the mechanics that every pack shares (players, dice, the
board...) bring the words below. An unknown word is an error with a did-you-mean hint.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .card_keys import BONUS
from .card_states import card_state_names
from .contests import contest_events, contests_of
from .zones import zone_names

# Words the shared mechanics understand, grouped by what they name.
ENGINE_WORDS: dict[str, tuple[str, ...]] = {
    "players": (
        "player",
        "opponent",
        "winner",
        "loser",
        "attacker",
        "defender",
        "owner",
        "active",
        "other",
        "next",
        "first",
        "last",
        "everyone",
        "nobody",
    ),
    "cards": ("card", "this", "top", "bottom", "age", "it", "them", "paid", "supply"),
    "card states": (
        "active",
        "decadent",
        "tilted",
        "untilted",
        "unresolved",
        "transmissible",
        BONUS,
        "face",
        "up",
        "down",
        "new",
    ),
    "measures": (
        "point",
        "points",
        "value",
        "type",
        "types",
        "number",
        "total",
        "position",
        "place",  # a player's place in turn order (interpreter/compile/facts.py)
        "symbol",  # the symbols on cards (interpreter/compile/card_numbers.py)
        "attack",  # a card's strength, as its abilities "attack +1", "defence +5" add it up
        "defence",
        "lower",  # cards compared by a number: "one of your farms of a lower level"
        "higher",
    ),
    "play": (
        "die",
        "dice",
        "turn",
        "round",
        "action",
        "actions",
        "token",
        "tokens",
        "achievement",
        "achievements",
        "board",
        "result",
        "results",
        "nothing",
        "game",
        "over",
        "empty",
        "full",
        "marker",
        "track",
        "space",
        "phase",
        "step",
        "order",
        "income",
        "row",
        "hand",
        "deck",
        "pile",
        "score",
        "scores",
        "bid",  # the winning bid of an auction (interpreter/mechanics/bidding.py)
    ),
}

# Words designers reach for first (the sketches of issue 17) that the language says otherwise:
# an unknown word among them is answered with the form to write instead of a did-you-mean.
SAY_INSTEAD: dict[str, str] = {
    "leftmost": 'the card in the first place of a row is "the first card in <zone>"',
    "rightmost": 'the card in the last place of a row is "the last card in <zone>"',
    "left": 'a row\'s cards close its gaps with "slide <zone>"',
    "rival": 'name the other player as "an opponent of your choice" (or "each opponent")',
    "rivals": 'name the other players as "each opponent"',
    "unused": 'the pieces on no card are the pool\'s: "place 2 of your workers on ..." takes'
    " them from there",
    "there": 'how many play is "the number of players" (if the number of players is at least 3:'
    " ...)",
    "marked": "a card kept only in games of enough players says so in the card's `players:`",
}

# The events a card's triggers can name whatever the game; the interpreter raises exactly these,
# and those of the game's contests (`engine_events`).
EVENTS = (
    "acquire",
    "failure",
    "the start of your actions",
)


def engine_events(game: dict) -> tuple[str, ...]:
    """The events the interpreter raises itself in this game: EVENTS, and those of the game's
    contests ("war", "you lose a war", ...: rules_dsl/contests.py)."""
    return (*EVENTS, *contest_events(game))


def singular(word: str) -> str:
    """A plural noun's singular, for the common English endings used in rules."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "uses", "ches", "shes", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us")) and len(word) > 2:
        return word[:-1]
    return word


FREE = "free"  # a piece in its owner's supply (pieces.py)
# "the card vacated": the card a `move one of your <piece>s from <card> onto <card>` step takes
# the piece from (an upgrade's cost reads it: interpreter/mechanics/declared_actions.py)
VACATED = ("card", "vacated")


def card_number_names(game: dict) -> list[str]:
    """The names under the game file's `card numbers:` (printed_numbers.py), as written: an
    entry is a name or a mapping of one name to its kind."""
    entries = game.get("card numbers")
    out = []
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and len(entry) == 1:
            entry = next(iter(entry))
        if isinstance(entry, (str, int)) and not isinstance(entry, bool):
            out.append(" ".join(str(entry).split()))
    return out


@dataclass
class Vocabulary:
    """Every word a pack's rules may use, and what each names."""

    card_types: set[str] = field(default_factory=set)
    keywords: set[str] = field(default_factory=set)
    zones: set[str] = field(default_factory=set)
    resources: set[str] = field(default_factory=set)
    counters: set[str] = field(default_factory=set)
    dice: set[str] = field(default_factory=set)
    faces: set[str] = field(default_factory=set)  # what the dice's faces show
    decks: set[str] = field(default_factory=set)  # the names of `decks:`
    tables: set[str] = field(default_factory=set)  # lookup tables (tables.py)
    card_states: set[str] = field(default_factory=set)  # `card states:` (card_states.py)
    pieces: set[str] = field(default_factory=set)  # kinds of piece (`pieces:`, pieces.py)
    card_numbers: set[str] = field(default_factory=set)  # printed_numbers.py
    contests: set[str] = field(default_factory=set)  # `contests:` and their plurals

    @classmethod
    def from_game(cls, game: dict) -> Vocabulary:
        def strings(value: object) -> set[str]:
            return {str(x) for x in value} if isinstance(value, list) else set()

        def mapping(key: str) -> dict:
            value = game.get(key)
            return value if isinstance(value, dict) else {}

        counters, dice = mapping("counters"), mapping("dice")
        return cls(
            card_types=strings(game.get("card_types")),
            keywords=strings(game.get("keywords")),
            zones=zone_names(game),
            resources=strings(game.get("resources")),
            counters={str(c) for c in counters},
            decks={str(d) for d in mapping("decks")},
            dice={str(d) for d in dice},
            faces={
                str(f).lstrip("0123456789 ")
                for spec in dice.values()
                if isinstance(spec, dict)
                for f in spec.get("faces") or []
            },
            tables={str(t) for t in mapping("tables")},
            card_states=card_state_names(game),
            pieces={str(p) for p in mapping("pieces")},
            card_numbers=set(card_number_names(game)),
            contests={n for c in contests_of(game) for n in (c.name, c.plural)},
        )

    def words(self) -> set[str]:
        """Every single word that may appear in a noun (worked out once)."""
        cached = self.__dict__.get("_words")
        if cached is not None:
            return cached
        out: set[str] = set()
        for group in ENGINE_WORDS.values():
            out.update(group)
        for name in (
            self.card_types
            | self.keywords
            | self.zones
            | self.resources
            | self.counters
            | self.dice
            | self.faces
            | self.decks
            | self.tables
            | self.card_states
            | self.pieces
            | self.card_numbers
            | self.contests
        ):
            out.update(name.split())
        if self.pieces:  # "your free citizens": those on no card; "the card vacated"
            out.add(FREE)
            out.add(VACATED[1])
        out.update(f"non-{t}" for t in self.card_types | self.keywords)
        # "an unused card in your camp": a card not in one of the pack's card states
        out.update(f"un{state}" for state in self.card_states if " " not in state)
        for keyword in self.keywords:
            if keyword.startswith("non-"):
                out.add(keyword[4:])
        self.__dict__["_words"] = out
        return out

    def unknown(self, words: Iterable[str]) -> list[str]:
        """The words of a noun that the vocabulary does not know."""
        known = self.words()
        return [w for w in words if w not in known and singular(w) not in known]
