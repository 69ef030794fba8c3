"""Card faces drawn from each pack's own types and symbols (issue 20, "Every pack"): colours in
declared order from readable palettes, shapes in turn with the symbol's initials, the money as a
coin whatever it is named, and a pack's own `faces:` block in game.yaml."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from editor.card_edit import Examples, examples
from editor.faces import (
    MONEY_COLOUR,
    MONEY_SHAPE,
    SYMBOL_PALETTE,
    TYPE_PALETTE,
    SymbolStyle,
    card_face,
    face_style,
    legend_html,
)
from editor.workspace import copy_bundled
from rules_dsl.pack import Pack, load_pack

CONFORMANCE = Path(__file__).resolve().parents[1] / "packs" / "conformance"


def _pack(folder: Path) -> Pack:
    pack, diagnostics = load_pack(folder)
    assert pack is not None, [d.message for d in diagnostics]
    return pack


def _copy(name: str, tmp_path: Path) -> Path:
    folder = tmp_path / name
    shutil.copytree(CONFORMANCE / name, folder)
    return folder


def _add_to_game(folder: Path, text: str) -> None:
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + text, encoding="utf-8")


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def _contrast(colour: str, other: str = "#ffffff") -> float:
    def luminance(hex_colour: str) -> float:
        channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(colour), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_a_pack_s_faces_use_its_own_types_and_symbols_in_distinct_colours() -> None:
    pack = _pack(CONFORMANCE / "tables")
    style = face_style(pack)
    assert list(style.types) == ["tribe", "camp"]
    assert len(set(style.types.values())) == 2
    assert list(style.symbols) == ["food", "red banner", "blue banner", "gold"]
    drawn = [style.symbols[w] for w in ("food", "red banner", "blue banner")]
    assert len({s.colour for s in drawn}) == 3
    assert [s.shape for s in drawn] == ["circle", "diamond", "square"]
    assert [s.glyph for s in drawn] == ["F", "RB", "BB"]
    banner = next(c for c in pack.cards if c.name == "War Banner")  # 4 food, bonus 2 red banners
    face = card_face(pack, banner)
    assert style.types["tribe"] in face
    assert style.symbols["food"].colour in face and style.symbols["red banner"].colour in face
    assert {"F", "RB"} <= set(_texts(face))


def test_the_money_is_a_coin_whatever_the_pack_names_it() -> None:
    style = face_style(_pack(CONFORMANCE / "card_tokens"))  # money: coin
    assert style.symbol("coin") == SymbolStyle(MONEY_COLOUR, MONEY_SHAPE, "")
    assert style.symbol("coins").shape == MONEY_SHAPE
    assert style.symbol("ambrosia").glyph == "A"  # a counter is a symbol too


def test_symbols_sharing_initials_are_told_apart(tmp_path: Path) -> None:
    folder = _copy("row", tmp_path)
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("resources: [food]", "resources: [food, fame]"),
        encoding="utf-8",
    )
    style = face_style(_pack(folder))
    assert (style.symbol("food").glyph, style.symbol("fame").glyph) == ("Fo", "Fa")
    assert style.symbol("civil action").glyph == "CA"


def test_every_palette_colour_carries_white_text() -> None:
    for colour in (*TYPE_PALETTE, *SYMBOL_PALETTE):
        assert _contrast(colour) >= 4.5, colour


def test_a_pack_s_faces_block_gives_its_colours_shapes_and_glyphs(tmp_path: Path) -> None:
    folder = _copy("tables", tmp_path)
    _add_to_game(
        folder,
        "faces:\n"
        '  types: {camp: "#5b7f2b"}\n'
        "  symbols:\n"
        '    food: {colour: "#123456", shape: shield}\n'
        '    red banner: {colour: "#654321", glyph: "R"}\n'
        '    gold: "#8a6a12"\n',
    )
    pack = _pack(folder)
    style = face_style(pack)
    # the colour camp takes is not handed to tribe as well
    assert style.types == {"tribe": TYPE_PALETTE[1], "camp": "#5b7f2b"}
    assert style.symbols["food"] == SymbolStyle("#123456", "shield", "")
    assert style.symbols["red banner"] == SymbolStyle("#654321", "diamond", "R")
    assert style.symbols["blue banner"].glyph == "BB"  # not given: drawn as derived
    assert style.symbols["gold"] == SymbolStyle("#8a6a12", MONEY_SHAPE, "")
    hunter = next(c for c in pack.cards if c.name == "Hunter")
    assert "#123456" in card_face(pack, hunter)


def test_every_bad_value_of_the_faces_block_is_located_in_one_run(tmp_path: Path) -> None:
    folder = _copy("tables", tmp_path)
    _add_to_game(folder, "faces:\n  types: {camp: green}\n  symbols: {food: {shape: hexagon}}\n")
    _, diagnostics = load_pack(folder)
    errors = [d for d in diagnostics if d.is_error]
    lines = (folder / "game.yaml").read_text(encoding="utf-8").splitlines()
    found = {
        lines[d.line - 1][d.column - 1 :].split(",")[0].split("}")[0]
        for d in errors
        if d.line and d.column
    }
    assert found == {"green", "hexagon"}
    assert any("#rrggbb" in d.message for d in errors)
    assert all(d.file and d.file.endswith("game.yaml") for d in errors)


@pytest.fixture(scope="module")
def along_history(tmp_path_factory: pytest.TempPathFactory) -> Pack:
    folder = tmp_path_factory.mktemp("ah") / "along_history"
    copy_bundled(folder)
    return _pack(folder)


def test_along_history_keeps_its_look_from_its_own_faces_block(along_history: Pack) -> None:
    style = face_style(along_history)
    assert style.types == {
        "land": "#5b7f2b",
        "figure": "#a0522d",
        "progress": "#1f5fa8",
        "wonder": "#8a6a12",
        "calamity": "#7a1f2b",
    }
    assert style.symbol("population") == SymbolStyle("#2e7d32", "circle", "")
    assert style.symbol("culture") == SymbolStyle("#7b1fa2", "diamond", "")
    assert style.symbol("ingenuity") == SymbolStyle("#1565c0", "square", "")
    assert style.symbol("strength") == SymbolStyle("#c62828", "shield", "")
    assert style.symbol("gold") == SymbolStyle(MONEY_COLOUR, MONEY_SHAPE, "")
    aristotle = next(c for c in along_history.cards if c.id == "aristotle")
    face = card_face(along_history, aristotle)
    assert "#a0522d" in face and MONEY_COLOUR in face  # a figure, with a gold price
    # no initials under its symbols: only the card's own texts
    assert not {"P", "C", "I", "S"} & set(_texts(face))


def test_the_legend_names_the_pack_s_symbols(along_history: Pack) -> None:
    legend = legend_html(_pack(CONFORMANCE / "decks"))
    assert [w for w in ("population", "strength", "gold") if w in legend] == [
        "population",
        "strength",
        "gold",
    ]
    assert "culture" not in legend and "culture" in legend_html(along_history)


def test_the_cards_page_examples_speak_the_pack_s_words(along_history: Pack) -> None:
    tables = examples(_pack(CONFORMANCE / "tables"))
    assert tables == Examples(
        "e.g. Red Tent, food, gold", "e.g. 5 food, red banner", "e.g. food, blue banner"
    )
    assert examples(along_history).cost == "e.g. 5 population, culture"


def test_the_faces_measure_text_with_the_pdfs_font_widths() -> None:
    """The faces' own table of Helvetica's widths (so that a face is drawn without importing
    fpdf) is the table the print-and-play PDF's fpdf measures with, character by character."""
    from fpdf.fonts import CORE_FONTS_CHARWIDTHS

    from editor.font_widths import HELVETICA, HELVETICA_BOLD

    for ours, theirs in ((HELVETICA, "helvetica"), (HELVETICA_BOLD, "helveticaB")):
        assert ours == tuple(CORE_FONTS_CHARWIDTHS[theirs][chr(i)] for i in range(256))


# ------------------------------------------------------------------ the layout (faces: layout:)


def _text_y(svg: str, text: str) -> float:
    """The baseline of the first text element reading `text`."""
    found = re.search(r'<text x="[^"]*" y="([^"]*)"[^>]*>' + re.escape(text) + "</text>", svg)
    assert found, f"{text!r} is not on the face"
    return float(found.group(1))


def _box_top(svg: str) -> float:
    """The top of the rules box (the one rectangle with its stroke colour)."""
    found = re.search(r'<rect x="[^"]*" y="([^"]*)"[^>]*stroke="#d8cfb8"', svg)
    assert found
    return float(found.group(1))


def test_a_card_s_printed_numbers_are_on_its_face_by_default() -> None:
    pack = _pack(CONFORMANCE / "printed_numbers")  # no faces: block at all
    steam = card_face(pack, next(c for c in pack.cards if c.name == "Steam"))
    texts = _texts(steam)
    for name, value in (("level", "2"), ("science cost", "1"), ("build cost", "3")):
        assert texts[texts.index(name) - 1] == value  # each number in its tile, its name after
    pyramids = _texts(card_face(pack, next(c for c in pack.cards if c.name == "Pyramids")))
    assert pyramids[pyramids.index("stage costs") - 3 : pyramids.index("stage costs")] == [
        "3",
        "2",
        "1",
    ]
    assert "science cost" not in pyramids  # a number the card does not give is not drawn


def test_along_history_draws_no_numbers_row_and_keeps_its_points_badge(
    along_history: Pack,
) -> None:
    aristotle = next(c for c in along_history.cards if c.id == "aristotle")
    face = card_face(along_history, aristotle)
    texts = _texts(face)
    assert texts[0] == "Aristotle" and texts[1] == str(aristotle.points)  # name, then badge
    # the rules box starts right under the cost row, as it always did
    assert _box_top(face) == pytest.approx(_text_y(face, "Cost") - 9 + 52, abs=0.2)


def test_a_pack_s_layout_moves_the_rows_and_names_the_badge(tmp_path: Path) -> None:
    folder = _copy("printed_numbers", tmp_path)
    _add_to_game(
        folder,
        "faces:\n"
        "  layout:\n"
        "    badge: level\n"
        "    rows: [bonus, rules, numbers]\n"
        "    numbers: [build cost, science cost]\n"
        '    paper: "#eeeeff"\n'
        '    ink: "#102030"\n',
    )
    pack = _pack(folder)
    steam = next(c for c in pack.cards if c.name == "Steam")
    face = card_face(pack, steam)
    texts = _texts(face)
    assert texts[:2] == ["Steam", "2"]  # the badge shows the level, not the points (0)
    assert "Cost" not in texts and "level" not in texts  # rows and numbers as listed only
    assert texts.index("build cost") < texts.index("science cost")
    assert _text_y(face, "build cost") > _box_top(face)  # the numbers under the rules now
    assert 'fill="#eeeeff"' in face and 'fill="#102030"' in face


def test_through_the_ages_faces_show_its_costs_and_no_points(tmp_path: Path) -> None:
    folder = tmp_path / "through_the_ages"
    shutil.copytree(Path(__file__).resolve().parents[2] / "cards" / "through_the_ages", folder)
    pack = _pack(folder)
    iron = next(c for c in pack.cards if c.name == "Iron")
    texts = _texts(card_face(pack, iron))
    assert texts[0] == "Iron" and texts[1] == "MINE"  # no badge: every card's points are 0
    assert texts[texts.index("science cost") - 1] == "5"
    assert texts[texts.index("build cost") - 1] == "5"
    assert "Cost" not in texts  # Through the Ages prints no cost row
    tactic = next(c for c in pack.cards if c.type == "tactic")
    assert {"infantry units", "tactic value"} <= set(_texts(card_face(pack, tactic)))


def test_every_bad_value_of_the_layout_is_located_in_one_run(tmp_path: Path) -> None:
    folder = _copy("printed_numbers", tmp_path)
    _add_to_game(
        folder,
        "faces:\n"
        "  layout:\n"
        "    badge: levle\n"
        "    rows: [numbers, bonus]\n"
        "    numbers: [build cost, sciense cost]\n",
    )
    _, diagnostics = load_pack(folder)
    errors = [d for d in diagnostics if d.is_error]
    lines = (folder / "game.yaml").read_text(encoding="utf-8").splitlines()
    by_text = {lines[d.line - 1][d.column - 1 :]: d for d in errors if d.line and d.column}
    assert set(by_text) == {"levle", "[numbers, bonus]", "sciense cost]"}
    assert "level" in (by_text["levle"].hint or "")
    assert "science cost" in (by_text["sciense cost]"].hint or "")
    assert "rules" in by_text["[numbers, bonus]"].message
    # the schema refuses a row it does not know, at its line
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("[numbers, bonus]", "[numbers, rules, points]"),
        encoding="utf-8",
    )
    _, diagnostics = load_pack(folder)
    lines = game.read_text(encoding="utf-8").splitlines()
    assert [lines[d.line - 1].strip() for d in diagnostics if d.is_error and d.line] == [
        "badge: levle",
        "rows: [numbers, rules, points]",
        "numbers: [build cost, sciense cost]",
    ]
