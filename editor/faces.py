"""Card faces and backs drawn from a pack's data, as SVG: one drawing for the page and the PDF.

The layout is the one a designer expects of a civilization card: the name on a band of the
type's colour, the points in a badge, the cost as resource symbols (one shape and colour per
resource, the amount inside), the gold price as a coin, the rules text as the printer writes
it, fitted to its box, and the bonus symbols at the bottom. Text is measured with Helvetica's
metrics, the font the PDF uses, so lines break at the same place on screen and on paper.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from fpdf.fonts import CORE_FONTS_CHARWIDTHS

from rules_dsl import ast
from rules_dsl.pack import Card, Pack
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

TYPE_COLOURS = {
    "land": "#5b7f2b",
    "figure": "#a0522d",
    "progress": "#1f5fa8",
    "wonder": "#8a6a12",
    "calamity": "#7a1f2b",
}
RESOURCE_STYLES = {  # colour, shape: house styles of familiar symbol names
    "population": ("#2e7d32", "circle"),
    "culture": ("#7b1fa2", "diamond"),
    "ingenuity": ("#1565c0", "square"),
    "strength": ("#c62828", "shield"),
}
MONEY_STYLE = ("#d4a017", "coin")  # whatever the pack calls its money (game.yaml `money`)
_PALETTE = ("#00838f", "#6a1b9a", "#ef6c00", "#37474f", "#ad1457", "#558b2f")
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
    widths = CORE_FONTS_CHARWIDTHS["helveticaB" if bold else "helvetica"]
    return sum(widths.get(ch, 556) for ch in plain(text)) * size / 1000


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


def type_colour(kind: str) -> str:
    return TYPE_COLOURS.get(kind) or _hashed(kind)


def resource_style(word: str, money: str | None = None) -> tuple[str, str]:
    """The colour and shape of a symbol; the pack's money is a coin."""
    if money is not None and singular(word) == singular(money):
        return MONEY_STYLE
    return (
        RESOURCE_STYLES.get(word)
        or RESOURCE_STYLES.get(singular(word))
        or (_hashed(word), "circle")
    )


def _hashed(word: str) -> str:
    return _PALETTE[hashlib.sha1(word.encode()).digest()[0] % len(_PALETTE)]


def _symbols(cost: ast.Cost) -> list[tuple[str, str]]:
    """(resource, amount as printed) for each amount of a cost or bonus."""
    out = []
    for amount in cost.amounts:
        count = amount.count
        shown = "1" if count is None else str(count)
        out.append((" ".join(amount.words), shown))
    return out


class _Svg:
    def __init__(self, width: float, height: float, money: str | None = None) -> None:
        self.w, self.h = width * 10, height * 10  # a unit is a tenth of a millimetre
        self.parts: list[str] = []
        self.size = (width, height)
        self.money = money  # the pack's money, drawn as a coin

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

    def symbol(self, cx: float, cy: float, r: float, resource: str, label: str) -> None:
        colour, shape = resource_style(resource, self.money)
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
        elif shape == "coin":
            self.add(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}" '
                f'stroke="#8a6a12" stroke-width="{r * 0.15:.1f}"/>'
            )
        else:
            self.add(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}"/>')
        fill = "#3b2a00" if shape == "coin" else "#fff"
        self.text(cx, cy + r * 0.38, label, r * 1.05, fill, bold=True, anchor="middle")

    def render(self) -> str:
        width, height = self.size
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
            f'viewBox="0 0 {self.w:.0f} {self.h:.0f}">' + "".join(self.parts) + "</svg>"
        )


def _symbol_row(svg: _Svg, x: float, cy: float, r: float, symbols: list[tuple[str, str]]) -> float:
    for resource, label in symbols:
        svg.symbol(x + r, cy, r, resource, label)
        x += 2 * r + r * 0.55
    return x


def card_face(pack: Pack, card: Card, size: CardSize = CARD_SIZES["poker"]) -> str:
    """The face of `card` as an SVG document of the card's size in millimetres."""
    svg = _Svg(size.width, size.height, pack.money)
    w, h = svg.w, svg.h
    u = w / 635  # the layout is drawn for a poker card
    colour = type_colour(card.type)
    svg.add(
        f'<rect x="{6 * u:.1f}" y="{6 * u:.1f}" width="{w - 12 * u:.1f}" '
        f'height="{h - 12 * u:.1f}" rx="{28 * u:.1f}" fill="#fbf6ea" stroke="{colour}" '
        f'stroke-width="{12 * u:.1f}"/>'
    )
    # The name on the type's band, and the points badge on its right.
    band_top, band_h = 26 * u, 100 * u
    svg.add(
        f'<rect x="{26 * u:.1f}" y="{band_top:.1f}" width="{w - 52 * u:.1f}" '
        f'height="{band_h:.1f}" rx="{14 * u:.1f}" fill="{colour}"/>'
    )
    badge_r = 44 * u
    badge_x = w - 26 * u - badge_r - 10 * u
    name_room = badge_x - badge_r - 50 * u - 10 * u
    name_size = 48 * u
    while name_size > 22 * u and text_width(card.name, name_size, bold=True) > name_room:
        name_size -= 2 * u
    svg.text(
        50 * u, band_top + band_h / 2 + name_size * 0.36, card.name, name_size, "#fff", bold=True
    )
    svg.add(
        f'<circle cx="{badge_x:.1f}" cy="{band_top + band_h / 2:.1f}" r="{badge_r:.1f}" '
        f'fill="#fff" stroke="#2b2b2b" stroke-width="{5 * u:.1f}"/>'
    )
    points = str(card.points) if isinstance(card.points, int) else "*"
    svg.text(
        badge_x,
        band_top + band_h / 2 + 17 * u,
        points,
        48 * u,
        "#2b2b2b",
        bold=True,
        anchor="middle",
    )
    # The type and the age.
    age_name = next((a.name for a in pack.ages if a.id == card.age), card.age)
    line_y = band_top + band_h + 46 * u
    svg.text(34 * u, line_y, card.type.upper(), 26 * u, colour, bold=True)
    svg.text(w - 34 * u, line_y, age_name, 24 * u, "#6b5f45", anchor="end")
    # The cost, then the gold price.
    cost_y = line_y + 62 * u
    r = 27 * u
    svg.text(34 * u, cost_y + 9 * u, "Cost", 24 * u, "#6b5f45")
    end = _symbol_row(svg, 100 * u, cost_y, r, _symbols(card.cost) or [("free", "0")])
    if card.cost.x is not None:
        svg.text(end, cost_y + 9 * u, f"X = {print_any(card.cost.x)}", 20 * u, "#444")
    if card.gold is not None:
        coin_x = w - 34 * u - r
        svg.symbol(coin_x, cost_y, r * 1.1, pack.money or "", str(card.gold))
        svg.text(coin_x - r * 1.1 - 10 * u, cost_y + 9 * u, "or", 22 * u, "#6b5f45", anchor="end")
    # The rules text, fitted to its box.
    box_top, box_bottom = cost_y + 52 * u, h - 150 * u
    svg.add(
        f'<rect x="{30 * u:.1f}" y="{box_top:.1f}" width="{w - 60 * u:.1f}" '
        f'height="{box_bottom - box_top:.1f}" rx="{10 * u:.1f}" fill="#fffdf7" '
        f'stroke="#d8cfb8" stroke-width="{3 * u:.1f}"/>'
    )
    text = rules_text(card)
    size_ = 30 * u
    while True:
        lines = wrap(text, w - 100 * u, size_)
        if len(lines) * size_ * 1.25 <= box_bottom - box_top - 30 * u or size_ <= 12 * u:
            break
        size_ -= 1 * u
    y = box_top + 20 * u + size_
    for line in lines:
        if y > box_bottom - 8 * u:
            break
        stripped = line.lstrip(" ")
        svg.text(
            50 * u + text_width(line[: len(line) - len(stripped)], size_),
            y,
            stripped,
            size_,
            "#222",
        )
        y += size_ * 1.25
    # The bonus, and the footer.
    bonus_y = h - 100 * u
    symbols = _symbols(card.bonus)
    if symbols:
        svg.text(34 * u, bonus_y + 9 * u, "Bonus", 24 * u, "#6b5f45")
        _symbol_row(svg, 110 * u, bonus_y, r, symbols)
    footer = f"{card.copies} copies" if card.copies > 1 else ""
    svg.text(w - 34 * u, h - 36 * u, footer, 20 * u, "#8a7f66", anchor="end")
    svg.text(34 * u, h - 36 * u, pack.name, 20 * u, "#8a7f66")
    return svg.render()


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
    import base64

    data = base64.b64encode(svg.encode()).decode()
    return (
        f'<img class="card-face" alt="card face" style="width:{width}px;max-width:100%" '
        f'src="data:image/svg+xml;base64,{data}"/>'
    )


def legend(pack: Pack) -> list[tuple[str, str, str]]:
    """(resource, colour, shape) of every symbol a face of this pack may show."""
    words: list[Any] = [*(pack.game.get("resources") or []), *([pack.money] if pack.money else [])]
    return [(str(r), *resource_style(str(r), pack.money)) for r in words]
