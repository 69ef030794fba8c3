"""Card faces and backs drawn from a pack's data, as SVG: one drawing for the page and the PDF.

The layout is the one a designer expects of a civilization card: the name on a band of the
type's colour, the points in a badge, the cost as resource symbols (one shape and colour per
resource, the amount inside), the gold price as a coin, the rules text as the printer writes
it, fitted to its box, and the bonus symbols at the bottom. Text is measured with Helvetica's
metrics, the font the PDF uses, so lines break at the same place on screen and on paper.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, replace
from typing import Any
from xml.sax.saxutils import escape

from editor.face_layout import FaceLayout, face_layout
from editor.font_widths import HELVETICA, HELVETICA_BOLD
from rules_dsl import ast
from rules_dsl.face_keys import BONUS, COST, NO_BADGE, NUMBERS, POINTS
from rules_dsl.pack import Card, Pack
from rules_dsl.printed_numbers import Value, card_values, declared_numbers
from rules_dsl.printer import print_any, print_rules
from rules_dsl.vocabulary import singular


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float  # millimetres, without bleed
    height: float


CARD_SIZES = {
    "poker": CardSize("poker", 63.5, 88.9),
    "bridge": CardSize("bridge", 57.15, 88.9),
    "mini": CardSize("mini", 44.45, 63.5),
    "tarot": CardSize("tarot", 70.0, 120.0),
}

# Colours assigned in the order a pack declares its card types and its symbols (resources, then
# counters): categorical, and each dark enough for white text (contrast >= 4.5). A pack may give
# its own in game.yaml `faces:`.
TYPE_PALETTE = (
    "#5b7f2b",
    "#a0522d",
    "#1f5fa8",
    "#8a6a12",
    "#7a1f2b",
    "#00767a",
    "#6a3d9a",
    "#b03a6e",
    "#4a5a6a",
    "#9a4a00",
)
SYMBOL_PALETTE = (
    "#2e7d32",
    "#7b1fa2",
    "#1565c0",
    "#c62828",
    "#00838f",
    "#ad1457",
    "#bf360c",
    "#37474f",
    "#6d4c41",
    "#827717",
)
SHAPES = ("circle", "diamond", "square", "shield")
MONEY_COLOUR = "#d4a017"  # the coin, whatever the pack calls its money (game.yaml `money`)
MONEY_SHAPE = "money"  # the disc the money is drawn as (not one of SHAPES: a pack cannot pick it)


@dataclass(frozen=True)
class SymbolStyle:
    colour: str
    shape: str  # one of SHAPES, or MONEY_SHAPE for the money
    glyph: str  # written under the symbol (its initials), "" for none


FREE = SymbolStyle("#6b5f45", "circle", "")  # the "0" of a card that costs nothing


@dataclass(frozen=True)
class FaceStyle:
    """The colours and symbols of one pack's faces, from its declared names and `faces:`."""

    types: dict[str, str]
    symbols: dict[str, SymbolStyle]
    money: str | None

    def type_colour(self, kind: str) -> str:
        return self.types.get(kind) or _hashed(kind, TYPE_PALETTE)

    def symbol(self, word: str) -> SymbolStyle:
        found = self.symbols.get(word) or self.symbols.get(singular(word))
        if found is not None:
            return found
        # A word the pack does not declare (a card's own bonus word): still readable.
        return SymbolStyle(_hashed(word, SYMBOL_PALETTE), "circle", _initials(word))


FONT = "Helvetica, Arial, sans-serif"
# Characters Helvetica (a PDF core font) cannot write, and what is written instead.
_PLAIN = str.maketrans(
    {
        "\u2014": "-",
        "\u2013": "-",
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2026": "...",
        "\u00d7": "x",
    }
)


def plain(text: str) -> str:
    """Text the PDF's core font can write (typographic signs made plain, others as "?")."""
    return text.translate(_PLAIN).encode("latin-1", "replace").decode("latin-1")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of `text` in Helvetica at font size `size` (same unit as the size)."""
    widths = HELVETICA_BOLD if bold else HELVETICA
    return sum(widths[o] if (o := ord(ch)) < 256 else 556 for ch in plain(text)) * size / 1000


def wrap(text: str, width: float, size: float) -> list[str]:
    """The lines of `text` broken at spaces to fit `width`; a continued line is indented."""
    out: list[str] = []
    for line in text.split("\n"):
        indent = line[: len(line) - len(line.lstrip(" "))]
        words = line.split()
        current = indent
        for word in words:
            candidate = f"{current} {word}" if current.strip() else current + word
            if text_width(candidate, size) <= width or not current.strip():
                current = candidate
            else:
                out.append(current)
                current = indent + "   " + word
        out.append(current)
    return out


def face_style(pack: Pack) -> FaceStyle:
    """The pack's type colours and symbols: what its `faces:` block declares, the rest from the
    palettes in declared order (a colour the pack gave itself is not handed out again)."""
    declared = pack.game.get("faces") or {}
    given_types = declared.get("types") or {}
    kinds = [str(k) for k in pack.game.get("card_types") or []]
    type_colours = _assign(
        kinds, {k: str(given_types[k]) for k in kinds if k in given_types}, TYPE_PALETTE
    )
    return FaceStyle(type_colours, _symbol_styles(pack, declared.get("symbols") or {}), pack.money)


def _symbol_styles(pack: Pack, given_symbols: dict[str, Any]) -> dict[str, SymbolStyle]:
    """Each symbol's look: as given, else a palette colour and the next shape, marked by its
    initials; the money is the coin."""
    words = _symbol_words(pack)
    given = {w: _given_symbol(given_symbols[w]) for w in words if w in given_symbols}
    colours = _assign(words, {w: c for w, (c, _, _) in given.items() if c}, SYMBOL_PALETTE)
    glyphs = _glyphs(words)
    symbols: dict[str, SymbolStyle] = {}
    for index, word in enumerate(words):
        _, shape, glyph = given.get(word, (None, None, None))
        default_glyph = "" if word in given else glyphs[word]
        symbols[word] = SymbolStyle(
            colours[word],
            shape or SHAPES[index % len(SHAPES)],
            default_glyph if glyph is None else glyph,
        )
    if pack.money is not None:
        coin = _given_symbol(given_symbols.get(pack.money, {}))[0]
        symbols[pack.money] = SymbolStyle(coin or MONEY_COLOUR, MONEY_SHAPE, "")
    return symbols


def _symbol_words(pack: Pack) -> list[str]:
    """The words a cost or a bonus may show, in declared order: resources, then counters; the
    money apart (it is the coin)."""
    money = singular(pack.money) if pack.money else None
    words: list[str] = []
    for word in [*(pack.game.get("resources") or []), *(pack.game.get("counters") or {})]:
        word = str(word)
        if singular(word) != money and all(singular(w) != singular(word) for w in words):
            words.append(word)
    return words


def _given_symbol(spec: Any) -> tuple[str | None, str | None, str | None]:
    """(colour, shape, glyph) a `faces: symbols:` entry gives: a colour, or a mapping."""
    if isinstance(spec, str):
        return spec, None, None
    if isinstance(spec, dict):
        glyph = spec.get("glyph")
        return spec.get("colour"), spec.get("shape"), None if glyph is None else str(glyph)
    return None, None, None


def _assign(names: list[str], given: dict[str, str], palette: tuple[str, ...]) -> dict[str, str]:
    """Each name's colour: the one given, else the next palette colour not given to another."""
    taken = {c.lower() for c in given.values()}
    free = [c for c in palette if c.lower() not in taken] or list(palette)
    out: dict[str, str] = {}
    for name in names:
        out[name] = given.get(name) or free[sum(n not in given for n in out) % len(free)]
    return out


def _initials(word: str) -> str:
    return "".join(part[0] for part in word.split()[:2]).upper()


def _glyphs(words: list[str]) -> dict[str, str]:
    """The initials of each word ("civil action" -> "CA"); words that share them are told apart
    by their first two letters ("food", "fame" -> "Fo", "Fa")."""
    initials = {w: _initials(w) for w in words}
    shared = {g for g in initials.values() if list(initials.values()).count(g) > 1}
    return {w: (w[:2].capitalize() if g in shared else g) for w, g in initials.items()}


def type_colour(pack: Pack, kind: str) -> str:
    return face_style(pack).type_colour(kind)


def _hashed(word: str, palette: tuple[str, ...]) -> str:
    return palette[hashlib.sha1(word.encode()).digest()[0] % len(palette)]


def _symbols(style: FaceStyle, cost: ast.Cost) -> list[tuple[SymbolStyle, str]]:
    """(symbol, amount as printed) for each amount of a cost or bonus, whatever its resource."""
    out = []
    for amount in cost.amounts:
        count = amount.count
        shown = "1" if count is None else str(count)
        out.append((style.symbol(" ".join(amount.words)), shown))
    return out


class _Svg:
    def __init__(self, width: float, height: float) -> None:
        self.w, self.h = width * 10, height * 10  # a unit is a tenth of a millimetre
        self.parts: list[str] = []
        self.size = (width, height)

    def add(self, element: str) -> None:
        self.parts.append(element)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        fill: str = "#222",
        bold: bool = False,
        anchor: str = "start",
    ) -> None:
        weight = ' font-weight="bold"' if bold else ""
        self.add(
            f'<text x="{x:.1f}" y="{y:.1f}" font-family="{FONT}" font-size="{size:.1f}"'
            f'{weight} fill="{fill}" text-anchor="{anchor}">{escape(plain(text))}</text>'
        )

    def symbol(self, cx: float, cy: float, r: float, style: SymbolStyle, label: str) -> None:
        colour, shape = style.colour, style.shape
        if shape == "diamond":
            self.add(
                f'<path d="M{cx:.1f},{cy - r * 1.2:.1f} L{cx + r * 1.2:.1f},{cy:.1f} '
                f'L{cx:.1f},{cy + r * 1.2:.1f} L{cx - r * 1.2:.1f},{cy:.1f} Z" '
                f'fill="{colour}"/>'
            )
        elif shape == "square":
            self.add(
                f'<rect x="{cx - r:.1f}" y="{cy - r:.1f}" width="{2 * r:.1f}" '
                f'height="{2 * r:.1f}" rx="{r * 0.25:.1f}" fill="{colour}"/>'
            )
        elif shape == "shield":
            self.add(
                f'<path d="M{cx - r:.1f},{cy - r:.1f} L{cx + r:.1f},{cy - r:.1f} '
                f"L{cx + r:.1f},{cy + r * 0.1:.1f} L{cx:.1f},{cy + r * 1.15:.1f} "
                f'L{cx - r:.1f},{cy + r * 0.1:.1f} Z" fill="{colour}"/>'
            )
        elif shape == MONEY_SHAPE:
            self.add(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}" '
                f'stroke="#8a6a12" stroke-width="{r * 0.15:.1f}"/>'
            )
        else:
            self.add(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}"/>')
        fill = "#3b2a00" if shape == MONEY_SHAPE else "#fff"
        self.text(cx, cy + r * 0.38, label, r * 1.05, fill, bold=True, anchor="middle")
        if style.glyph:  # which resource, for a pack that gave its symbols no look of its own
            self.text(cx, cy + r * 1.8, style.glyph, r * 0.68, colour, bold=True, anchor="middle")

    def render(self) -> str:
        width, height = self.size
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
            f'viewBox="0 0 {self.w:.0f} {self.h:.0f}">' + "".join(self.parts) + "</svg>"
        )


def _symbol_row(
    svg: _Svg, x: float, cy: float, r: float, symbols: list[tuple[SymbolStyle, str]]
) -> float:
    for style, label in symbols:
        svg.symbol(x + r, cy, r, style, label)
        x += 2 * r + r * 0.55
    return x


def card_face(pack: Pack, card: Card, size: CardSize = CARD_SIZES["poker"]) -> str:
    """The face of `card` as an SVG document of the card's size in millimetres, laid out as
    the pack's `faces: layout:` says (face_layout.py)."""
    svg = _Svg(size.width, size.height)
    w, h = svg.w, svg.h
    u = w / 635  # the layout is drawn for a poker card
    style, layout = face_style(pack), face_layout(pack)
    colour = style.type_colour(card.type)
    svg.add(
        f'<rect x="{6 * u:.1f}" y="{6 * u:.1f}" width="{w - 12 * u:.1f}" '
        f'height="{h - 12 * u:.1f}" rx="{28 * u:.1f}" fill="{layout.paper}" stroke="{colour}" '
        f'stroke-width="{12 * u:.1f}"/>'
    )
    _name_band(svg, u, card, colour, _badge(pack, card, layout.badge))
    # The type and the age.
    age_name = next((a.name for a in pack.ages if a.id == card.age), card.age)
    line_y = 26 * u + 100 * u + 46 * u
    svg.text(34 * u, line_y, card.type.upper(), 26 * u, colour, bold=True)
    svg.text(w - 34 * u, line_y, age_name, 24 * u, "#6b5f45", anchor="end")
    # The rows above the rules box from the type line down, those below it from the footer up;
    # a row keeps its room on a card that has nothing for it, so a deck's boxes line up.
    # Initials under the symbols take room under a row of symbols.
    glyphs = 8 * u if any(s.glyph for s in style.symbols.values()) else 0.0
    values = card_values(card.numbers, declared_numbers(pack.game))
    rows = {
        COST: lambda cy: _cost_row(svg, u, cy, pack, card, style),
        NUMBERS: lambda cy: _numbers_row(svg, u, cy, layout, values),
        BONUS: lambda cy: _bonus_row(svg, u, cy, style, card),
    }
    kept = [r for r in (*layout.above, *layout.below) if r != NUMBERS or layout.numbers]
    top = line_y + 30 * u
    for row in (r for r in layout.above if r in kept):
        rows[row](top + 32 * u)
        top += 84 * u + (0.0 if row == NUMBERS else glyphs)
    bottom = h - 66 * u
    for row in (r for r in reversed(layout.below) if r in kept):
        room = 0.0 if row == NUMBERS else glyphs
        rows[row](bottom - 34 * u - room)
        bottom -= 84 * u + room
    _rules_box(svg, u, top, bottom, rules_text(card), layout.ink)
    footer = f"{card.copies} copies" if card.copies > 1 else ""
    svg.text(w - 34 * u, h - 36 * u, footer, 20 * u, "#8a7f66", anchor="end")
    svg.text(34 * u, h - 36 * u, pack.name, 20 * u, "#8a7f66")
    return svg.render()


def _badge(pack: Pack, card: Card, badge: str) -> str | None:
    """What the round badge beside the name shows: the points ("*" for a formula), the
    card's printed number the layout names, or nothing."""
    if badge == POINTS:
        return str(card.points) if isinstance(card.points, int) else "*"
    if badge == NO_BADGE:
        return None
    value = card_values(card.numbers, declared_numbers(pack.game)).get(badge)
    return str(value) if isinstance(value, int) else None


def _name_band(svg: _Svg, u: float, card: Card, colour: str, badge: str | None) -> None:
    """The name on the type's band, with the badge (if any) on its right."""
    w = svg.w
    band_top, band_h = 26 * u, 100 * u
    svg.add(
        f'<rect x="{26 * u:.1f}" y="{band_top:.1f}" width="{w - 52 * u:.1f}" '
        f'height="{band_h:.1f}" rx="{14 * u:.1f}" fill="{colour}"/>'
    )
    badge_r = 44 * u
    badge_x = w - 26 * u - badge_r - 10 * u
    name_room = (badge_x - badge_r if badge is not None else w - 26 * u) - 50 * u - 10 * u
    name_size = 48 * u
    while name_size > 22 * u and text_width(card.name, name_size, bold=True) > name_room:
        name_size -= 2 * u
    svg.text(
        50 * u, band_top + band_h / 2 + name_size * 0.36, card.name, name_size, "#fff", bold=True
    )
    if badge is None:
        return
    svg.add(
        f'<circle cx="{badge_x:.1f}" cy="{band_top + band_h / 2:.1f}" r="{badge_r:.1f}" '
        f'fill="#fff" stroke="#2b2b2b" stroke-width="{5 * u:.1f}"/>'
    )
    svg.text(
        badge_x,
        band_top + band_h / 2 + 17 * u,
        badge,
        48 * u,
        "#2b2b2b",
        bold=True,
        anchor="middle",
    )


def _cost_row(svg: _Svg, u: float, cy: float, pack: Pack, card: Card, style: FaceStyle) -> None:
    """The cost as symbols ("0" for none), X's meaning, and the gold price as a coin."""
    r = 27 * u
    svg.text(34 * u, cy + 9 * u, "Cost", 24 * u, "#6b5f45")
    end = _symbol_row(svg, 100 * u, cy, r, _symbols(style, card.cost) or [(FREE, "0")])
    if card.cost.x is not None:
        svg.text(end, cy + 9 * u, f"X = {print_any(card.cost.x)}", 20 * u, "#444")
    if card.gold is not None:
        coin_x = svg.w - 34 * u - r
        svg.symbol(coin_x, cy, r * 1.1, style.symbol(pack.money or ""), str(card.gold))
        svg.text(coin_x - r * 1.1 - 10 * u, cy + 9 * u, "or", 22 * u, "#6b5f45", anchor="end")


def _numbers_row(
    svg: _Svg, u: float, cy: float, layout: FaceLayout, values: dict[str, Value]
) -> None:
    """The card's printed numbers the layout shows, in its order: each value in a dark tile
    (a list, one tile per entry) with its name after it, on one line, or on two smaller ones
    when one is too narrow."""
    shown = [
        (name, value if isinstance(value, tuple) else (value,))
        for name in layout.numbers
        if (value := values.get(name)) is not None
    ]
    room = svg.w - 68 * u
    for tile, label, lines in ((46 * u, 23 * u, 1), (34 * u, 19 * u, 2), (30 * u, 15 * u, 2)):

        def width(
            entry: tuple[str, tuple[int, ...]], tile: float = tile, label: float = label
        ) -> float:
            return len(entry[1]) * (tile + 4 * u) + text_width(entry[0], label) + 14 * u

        rows: list[list[tuple[str, tuple[int, ...]]]] = [[]]
        for entry in shown:
            if rows[-1] and sum(map(width, rows[-1])) + width(entry) > room:
                rows.append([])
            rows[-1].append(entry)
        if len(rows) <= lines:
            break
    step = 84 * u / len(rows)
    for index, row in enumerate(rows):
        y = cy - 42 * u + step * (index + 0.5)
        x = 34 * u
        for name, entries in row:
            for number in entries:
                svg.add(
                    f'<rect x="{x:.1f}" y="{y - tile / 2:.1f}" width="{tile:.1f}" '
                    f'height="{tile:.1f}" rx="{tile / 6:.1f}" fill="{layout.ink}"/>'
                )
                svg.text(
                    x + tile / 2, y + tile * 0.21, str(number), tile * 0.6, "#fff", True, "middle"
                )
                x += tile + 4 * u
            svg.text(x + 4 * u, y + label * 0.35, name, label, "#6b5f45")
            x += text_width(name, label) + 14 * u


def _bonus_row(svg: _Svg, u: float, cy: float, style: FaceStyle, card: Card) -> None:
    symbols = _symbols(style, card.bonus)
    if not symbols:
        return
    r = 27 * u
    svg.text(34 * u, cy + 9 * u, "Bonus", 24 * u, "#6b5f45")
    # a diamond reaches 0.2 r left of its box: clear of the label's last letter
    start = max(110 * u, 44 * u + text_width("Bonus", 24 * u) + 0.2 * r)
    _symbol_row(svg, start, cy, r, symbols)


def _rules_box(svg: _Svg, u: float, top: float, bottom: float, text: str, ink: str) -> None:
    """The rules text in its box, the font made smaller until it fits."""
    w = svg.w
    svg.add(
        f'<rect x="{30 * u:.1f}" y="{top:.1f}" width="{w - 60 * u:.1f}" '
        f'height="{bottom - top:.1f}" rx="{10 * u:.1f}" fill="#fffdf7" '
        f'stroke="#d8cfb8" stroke-width="{3 * u:.1f}"/>'
    )
    size = 30 * u
    while True:
        lines = wrap(text, w - 100 * u, size)
        if len(lines) * size * 1.25 <= bottom - top - 30 * u or size <= 12 * u:
            break
        size -= 1 * u
    y = top + 20 * u + size
    for line in lines:
        if y > bottom - 8 * u:
            break
        stripped = line.lstrip(" ")
        indent = text_width(line[: len(line) - len(stripped)], size)
        svg.text(50 * u + indent, y, stripped, size, ink)
        y += size * 1.25


def rules_text(card: Card) -> str:
    """The card's rules as the printer writes them, with a formula for points if it has one."""
    text = print_rules(card.rules)
    if not isinstance(card.points, int):
        text = (text + "\n" if text else "") + f"Points: {print_any(card.points)}"
    return text


def card_back(pack: Pack, age_id: str, size: CardSize = CARD_SIZES["poker"]) -> str:
    """The back of the cards of an age: the age's name on a colour of its own."""
    svg = _Svg(size.width, size.height)
    w, h = svg.w, svg.h
    u = w / 635
    ages = [a.id for a in pack.ages]
    index = ages.index(age_id) if age_id in ages else 0
    colour = ("#3e2f1c", "#1c3e3a", "#2f1c3e", "#3e1c24", "#1c2a3e")[index % 5]
    name = next((a.name for a in pack.ages if a.id == age_id), age_id)
    svg.add(f'<rect x="0" y="0" width="{w:.1f}" height="{h:.1f}" fill="{colour}"/>')
    svg.add(
        f'<rect x="{40 * u:.1f}" y="{40 * u:.1f}" width="{w - 80 * u:.1f}" '
        f'height="{h - 80 * u:.1f}" rx="{24 * u:.1f}" fill="none" stroke="#e8d9a8" '
        f'stroke-width="{8 * u:.1f}"/>'
    )
    title = 64 * u
    while title > 24 * u and text_width(name, title, bold=True) > w - 140 * u:
        title -= 2 * u
    svg.text(w / 2, h / 2, name, title, "#f3e7c0", bold=True, anchor="middle")
    svg.text(w / 2, h / 2 + 70 * u, pack.name, 28 * u, "#e8d9a8", anchor="middle")
    for dot in range(index + 1):  # one dot per age, as on many backs
        cx = w / 2 + (dot - index / 2) * 36 * u
        svg.add(
            f'<circle cx="{cx:.1f}" cy="{h / 2 - 100 * u:.1f}" r="{10 * u:.1f}" fill="#e8d9a8"/>'
        )
    return svg.render()


def as_html(svg: str, width: int = 320) -> str:
    """An <img> showing the SVG (a data URI: nothing is fetched, nothing is sanitized away)."""
    return (
        f'<img class="card-face" alt="card face" style="width:{width}px;max-width:100%" '
        f'src="data:image/svg+xml;base64,{_base64(svg)}"/>'
    )


def legend(pack: Pack) -> list[tuple[str, SymbolStyle]]:
    """(word, symbol) of every symbol a face of this pack may show, in declared order."""
    return list(face_style(pack).symbols.items())


def legend_html(pack: Pack) -> str:
    """The pack's symbols as they are drawn on its faces, each with its name."""
    items = []
    for word, style in legend(pack):
        svg = _Svg(6, 7.5)
        svg.symbol(30, 30, 20, replace(style, glyph=""), "")  # its name is written beside it
        items.append(
            f'<span style="display:inline-flex;align-items:center;margin-right:0.9em">'
            f'<img alt="" style="height:1.6em" src="data:image/svg+xml;base64,'
            f'{_base64(svg.render())}"/>&nbsp;{escape(word)}</span>'
        )
    return '<div class="face-legend">' + "".join(items) + "</div>"


def _base64(svg: str) -> str:
    return base64.b64encode(svg.encode()).decode()
