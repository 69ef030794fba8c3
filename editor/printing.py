"""Print and play: sheets of card faces as a PDF, and one SVG file per card.

A sheet holds a grid of cards (3 x 3 of poker cards on A4 or Letter), each with a bleed (the
face's border colour carried past the cut line) and crop marks: in the page margin along every
cut line where there is room, and small ticks at each card's corners. After each sheet of faces
comes its sheet of backs (the age's back), mirrored so that a long-edge duplex print lines up.
The faces are the SVG drawings of `faces.py`, placed by fpdf2: the page and the PDF share one
drawing.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from fpdf import FPDF

from rules_dsl.errors import AgesmithError
from rules_dsl.pack import Card, Pack

from .faces import CARD_SIZES, CardSize, card_back, card_face, type_colour

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards go on a page (millimetres)."""

    paper: tuple[float, float]
    size: CardSize
    bleed: float
    columns: int
    rows: int

    @property
    def cell(self) -> tuple[float, float]:
        return self.size.width + 2 * self.bleed, self.size.height + 2 * self.bleed

    @property
    def origin(self) -> tuple[float, float]:
        cw, ch = self.cell
        return ((self.paper[0] - self.columns * cw) / 2, (self.paper[1] - self.rows * ch) / 2)

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def cell_at(self, index: int, mirrored: bool = False) -> tuple[float, float]:
        row, col = divmod(index, self.columns)
        if mirrored:
            col = self.columns - 1 - col
        ox, oy = self.origin
        cw, ch = self.cell
        return ox + col * cw, oy + row * ch


class PrintError(AgesmithError, ValueError):
    """Print options that cannot work (a card larger than the page...)."""


def layout(paper: str = "a4", size: str = "poker", bleed: float = 2.0) -> SheetLayout:
    """The grid for a paper and card size: as many cards as fit (3 x 3 for poker cards)."""
    if paper not in PAPERS:
        raise PrintError(f'unknown paper "{paper}"; choose one of {", ".join(PAPERS)}')
    if size not in CARD_SIZES:
        raise PrintError(f'unknown card size "{size}"; choose one of {", ".join(CARD_SIZES)}')
    if not 0 <= bleed <= 6:
        raise PrintError("the bleed must be between 0 and 6 mm")
    card = CARD_SIZES[size]
    page_w, page_h = PAPERS[paper]
    columns = int(page_w // (card.width + 2 * bleed))
    rows = int(page_h // (card.height + 2 * bleed))
    if columns < 1 or rows < 1:
        raise PrintError(f"a {size} card with {bleed} mm of bleed does not fit on {paper}")
    return SheetLayout(PAPERS[paper], card, bleed, min(columns, 3), min(rows, 3))


def deck(pack: Pack, ages: Iterable[str] | None = None) -> list[Card]:
    """Every copy of every card, age by age, in the order of the files."""
    wanted = None if ages is None else set(ages)
    return [
        card
        for card in pack.cards
        if wanted is None or card.age in wanted
        for _ in range(card.copies)
    ]


def print_pdf(
    pack: Pack,
    paper: str = "a4",
    size: str = "poker",
    bleed: float = 2.0,
    backs: bool = True,
    ages: Iterable[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    """The print-and-play PDF of the pack (or of some ages) as bytes."""
    sheet = layout(paper, size, bleed)
    cards = deck(pack, ages)
    if not cards:
        raise PrintError("there is no card to print")
    pdf = FPDF(unit="mm", format=sheet.paper)
    pdf.set_auto_page_break(False)
    pdf.set_title(f"{pack.name}: print and play")
    pdf.set_creator("Agesmith")
    faces: dict[str, str] = {}
    backs_svg: dict[str, str] = {}
    pages = [cards[i : i + sheet.per_page] for i in range(0, len(cards), sheet.per_page)]
    for number, page in enumerate(pages, 1):
        pdf.add_page()
        for index, card in enumerate(page):
            key = f"{card.age}/{card.id}"
            if key not in faces:
                faces[key] = card_face(pack, card, sheet.size)
            _place(pdf, sheet, index, faces[key], type_colour(pack, card.type), mirrored=False)
        _crop_marks(pdf, sheet, len(page))
        if backs:
            pdf.add_page()
            for index, card in enumerate(page):
                if card.age not in backs_svg:
                    backs_svg[card.age] = card_back(pack, card.age, sheet.size)
                _place(pdf, sheet, index, backs_svg[card.age], None, mirrored=True)
        if progress:
            progress(number, len(pages))
    return bytes(pdf.output())


def _place(
    pdf: FPDF, sheet: SheetLayout, index: int, svg: str, bleed_colour: str | None, mirrored: bool
) -> None:
    x, y = sheet.cell_at(index, mirrored)
    cw, ch = sheet.cell
    b = sheet.bleed
    if bleed_colour and b > 0:
        pdf.set_fill_color(bleed_colour)
        pdf.rect(x, y, cw, ch, style="F")
    if bleed_colour is None and b > 0:  # a back fills its bleed with itself
        pdf.image(io.BytesIO(svg.encode()), x=x, y=y, w=cw, h=ch)
        return
    pdf.image(io.BytesIO(svg.encode()), x=x + b, y=y + b, w=sheet.size.width, h=sheet.size.height)


def _crop_marks(pdf: FPDF, sheet: SheetLayout, count: int) -> None:
    pdf.set_draw_color(90, 90, 90)
    pdf.set_line_width(0.15)
    b = sheet.bleed
    w, h = sheet.size.width, sheet.size.height
    ox, oy = sheet.origin
    rows = (count + sheet.columns - 1) // sheet.columns
    cuts_x = sorted({ox + c * (w + 2 * b) + b + dx for c in range(sheet.columns) for dx in (0, w)})
    cuts_y = sorted({oy + r * (h + 2 * b) + b + dy for r in range(rows) for dy in (0, h)})
    top, bottom = oy, oy + rows * (h + 2 * b)
    left, right = ox, ox + sheet.columns * (w + 2 * b)
    room_y, room_x = min(oy, sheet.paper[1] - bottom), min(ox, sheet.paper[0] - right)
    if room_y >= 2:
        length = min(6.0, room_y - 1)
        for x in cuts_x:
            pdf.line(x, top - 0.5 - length, x, top - 0.5)
            pdf.line(x, bottom + 0.5, x, bottom + 0.5 + length)
    if room_x >= 2:
        length = min(6.0, room_x - 1)
        for y in cuts_y:
            pdf.line(left - 0.5 - length, y, left - 0.5, y)
            pdf.line(right + 0.5, y, right + 0.5 + length, y)
    if b > 0:  # corner ticks inside the bleed, for the cuts between cards
        for index in range(count):
            x, y = sheet.cell_at(index)
            for cx in (x + b, x + b + w):
                for cy, direction in ((y + b, -1), (y + b + h, 1)):
                    pdf.line(cx, cy, cx, cy + direction * b)
            for cy in (y + b, y + b + h):
                for cx, direction in ((x + b, -1), (x + b + w, 1)):
                    pdf.line(cx, cy, cx + direction * b, cy)


def card_file_name(card: Card) -> str:
    return f"{card.age}-{card.id}.svg"


def svg_files(pack: Pack, size: str = "poker") -> dict[str, str]:
    """One SVG per distinct card, and one back per age, by file name."""
    card = CARD_SIZES[size]
    out = {card_file_name(c): card_face(pack, c, card) for c in pack.cards}
    out |= {f"back-{age.id}.svg": card_back(pack, age.id, card) for age in pack.ages}
    return out


def svg_zip(pack: Pack, size: str = "poker") -> bytes:
    """The SVG files of `svg_files` in a zip archive."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, svg in svg_files(pack, size).items():
            archive.writestr(name, svg)
    return out.getvalue()


def page_count(pdf: bytes) -> int:
    """The number of pages of a PDF this module wrote (for tests and messages)."""
    import re

    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))
