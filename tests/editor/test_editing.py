"""The plain functions behind the workshop: YAML round-trip edits, saving, drafts, CSV, print."""

from __future__ import annotations

import csv
import difflib
import io
from pathlib import Path

import pytest

from editor import drafts, files, yaml_edit
from editor.card_edit import card_diagnostics
from editor.checking import check, display_name, pack_texts
from editor.faces import card_face
from editor.printing import layout, page_count, print_pdf
from editor.spreadsheet import export_csv, place_diagnostics, plan_import
from editor.workspace import WorkspaceError, open_workspace
from rules_dsl.safe_files import UnsafePathError

AGES = {
    "prehistory": "prehistory.yaml",
    "antiquity": "antiquity.yaml",
    "middle_ages": "middle_ages.yaml",
}


def changed_lines(old: str, new: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(old.splitlines(), new.splitlines(), n=0, lineterm="")
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def test_editing_one_card_changes_only_its_lines(pack_copy: Path) -> None:
    text = (pack_copy / "antiquity.yaml").read_text()
    new = yaml_edit.set_card(
        text, "aristotle", {"rules": 'gold price 4 if you own "Philosophy"', "copies": 2}
    )
    assert changed_lines(text, new) == [
        "+    copies: 2",
        '-      gold price 5 if you own "Philosophy"',
        '+      gold price 4 if you own "Philosophy"',
    ]
    assert new.startswith("# yaml-language-server: $schema=../schema/cards.schema.json")


def test_new_card_rename_and_delete_keep_the_pack_valid(pack_copy: Path) -> None:
    texts = pack_texts(pack_copy)
    refs = yaml_edit.references(texts, "Philosophy")
    assert any(r.where == "Aristotle" for r in refs)
    edits = {}
    for file, text in texts.items():
        changed = yaml_edit.replace_references(text, "Philosophy", "Natural Philosophy")
        if file == "antiquity.yaml":
            changed = yaml_edit.rename_card(changed, "philosophy", "Natural Philosophy")
        if changed != text:
            edits[file] = changed
    assert check(pack_copy, edits).ok
    assert '"Natural Philosophy"' in edits["antiquity.yaml"]
    added = yaml_edit.add_card(
        texts["antiquity.yaml"],
        {"name": "Pottery", "type": "progress", "cost": "3 population", "points": 1},
    )
    assert "\n\n  - id: pottery\n    name: Pottery\n" in added
    assert check(pack_copy, {"antiquity.yaml": added}).ok
    removed = yaml_edit.delete_card(texts["antiquity.yaml"], "philosophy")
    result = check(pack_copy, {"antiquity.yaml": removed})
    assert any('"Philosophy"' in d.message for d in result.errors)


def test_a_new_age_is_loaded_by_the_pack(pack_copy: Path) -> None:
    game = yaml_edit.add_age(
        pack_copy.joinpath("game.yaml").read_text(), "modern", "Modern", "modern.yaml"
    )
    card_file = yaml_edit.new_card_file(
        "modern", {"name": "Steam Engine", "type": "progress", "cost": "5 population", "points": 2}
    )
    result = check(pack_copy, {"game.yaml": game, "modern.yaml": card_file})
    assert [a.id for a in result.pack.ages][-1] == "modern"
    assert any(c.name == "Steam Engine" for c in result.pack.cards_of("modern"))
    assert "\n  - id: steam-engine\n    name: Steam Engine\n" in card_file
    # one card is too few to deal: the workshop says so as `agesmith validate` does
    assert [d.message for d in result.errors] == [
        "Modern cannot deal the events zones of 5 players: player 2 gets 0 cards, not 1 (the "
        "age has 1 cards)"
    ]


def test_a_rules_error_is_placed_in_the_card_and_its_rules(pack_copy: Path) -> None:
    text = (pack_copy / "antiquity.yaml").read_text()
    bad = yaml_edit.set_card(
        text, "aristotle", {"rules": 'gold price 5 if you own "Philosophy"\ngian 3 gold'}
    )
    result = check(pack_copy, {"antiquity.yaml": bad})
    placed = card_diagnostics(
        bad, display_name(pack_copy / "antiquity.yaml"), "aristotle", result.diagnostics
    )
    assert [(p.rules_line, p.rules_column, p.diagnostic.hint) for p in placed] == [
        (2, 1, 'did you mean "gain"?')
    ]


def test_saving_detects_a_change_on_disk(pack_copy: Path) -> None:
    base = (pack_copy / "antiquity.yaml").read_text()
    by_hand = base.replace(
        'gold price 5 if you own "Philosophy"', 'gold price 3 if you own "Philosophy"'
    )
    (pack_copy / "antiquity.yaml").write_text(by_hand)
    with pytest.raises(files.ConflictError):
        files.save_card(pack_copy, "antiquity.yaml", "aristotle", {"copies": 2}, base)
    assert (pack_copy / "antiquity.yaml").read_text() == by_hand
    # A change elsewhere in the file is kept, and said.
    text, moved = files.save_card(pack_copy, "antiquity.yaml", "agriculture", {"points": 3}, base)
    assert moved and "gold price 3" in text and "points: 3" in text


@pytest.mark.parametrize("name", ["../game.yaml", "/etc/passwd", "a/b.yaml", "x.txt", ""])
def test_only_plain_file_names_inside_the_pack_are_written(pack_copy: Path, name: str) -> None:
    with pytest.raises(UnsafePathError):
        files.write(pack_copy, name, "age: x\n")


def test_drafts_survive_in_the_pack_folder(pack_copy: Path) -> None:
    drafts.put(
        pack_copy, "antiquity.yaml", "aristotle", {"name": "Aristotle", "rules": "x"}, "base"
    )
    assert drafts.load(pack_copy)["antiquity.yaml#aristotle"]["fields"]["rules"] == "x"
    drafts.drop(pack_copy, "antiquity.yaml", "aristotle")
    assert drafts.load(pack_copy) == {}


def test_csv_round_trip_and_located_problems(pack_copy: Path) -> None:
    texts = pack_texts(pack_copy)
    table = export_csv(texts, AGES)
    assert len(table.splitlines()) > 133
    assert plan_import(table, texts, AGES).texts == {}
    edited = table.replace("prehistory,hills,Hills,land,2,", "prehistory,hills,Hills,land,3,")
    plan = plan_import(edited, texts, AGES)
    assert plan.changed == ["hills"] and not plan.problems
    assert changed_lines(texts["prehistory.yaml"], plan.texts["prehistory.yaml"]) == [
        "-    copies: 2",
        "+    copies: 3",
    ]
    broken = edited.replace(
        "prehistory,forest,Forest,land,2,", "prehistory,forest,Forest,land,two,"
    )
    broken = broken.replace("antiquity,aristotle,Aristotle", "ancient,aristotle,Aristotle")
    rendered = [p.render() for p in plan_import(broken, texts, AGES).problems]
    assert rendered[0].startswith('cards.csv:row 2, column copies (E): "two" is not a whole')
    assert any('column age (A): unknown age "ancient"' in r for r in rendered)


def test_print_sheets_and_faces(pack_copy: Path) -> None:
    result = check(pack_copy)
    copies = sum(c.copies for c in result.pack.cards_of("prehistory"))  # 49
    assert page_count(print_pdf(result.pack, ages=["prehistory"])) == 2 * -(-copies // 9)
    assert page_count(
        print_pdf(result.pack, backs=False, ages=["prehistory"], size="mini", paper="letter")
    ) == -(-copies // 9)
    assert layout("letter").per_page == 9
    face = card_face(result.pack, next(c for c in result.pack.cards if c.id == "aristotle"))
    assert "Aristotle" in face and "gold price 5 if you own" in face


def test_the_bundled_pack_is_copied_with_its_schemas(tmp_path: Path) -> None:
    first = open_workspace(None, tmp_path)
    assert first.created and (tmp_path / "schema" / "cards.schema.json").is_file()
    assert open_workspace(None, tmp_path).created is False
    from cards import bundled

    with pytest.raises(WorkspaceError):
        open_workspace(bundled())


def test_csv_errors_found_by_the_pack_checks_are_placed_at_their_cell(pack_copy: Path) -> None:
    texts = pack_texts(pack_copy)
    table = export_csv(texts, AGES).replace(
        '"gold price 5 if you own ""Philosophy"""', '"gold price 5 if you own ""Philosofy"""'
    )
    plan = plan_import(table, texts, AGES)
    assert plan.changed == ["aristotle"] and not plan.problems
    result = check(pack_copy, plan.texts)
    cells, others = place_diagnostics(
        plan, result.errors, {display_name(pack_copy / f): f for f in texts}
    )
    row = next(
        n for n, cells in enumerate(csv.reader(io.StringIO(table)), 1) if cells[1] == "aristotle"
    )
    assert [(c.row, c.column) for c in cells] == [(row, "rules")] and not others
    assert "Philosophy" in (cells[0].hint or "")


def test_every_card_of_the_pack_round_trips_unchanged(pack_copy: Path) -> None:
    for file, text in pack_texts(pack_copy).items():
        if file not in ("antiquity.yaml", "middle_ages.yaml"):  # the other ages: alike
            continue
        everything = yaml_edit.all_card_fields(text)
        for ident in yaml_edit.card_ids(text):
            fields = yaml_edit.card_fields(text, ident)
            assert fields == everything[ident]
            assert yaml_edit.set_card(text, ident, fields) == text, (file, ident)


def test_the_rules_language_is_highlighted_word_by_word() -> None:
    from editor.highlight import markers

    found = {
        (m["startRow"], m["startCol"], m["endCol"]): m["className"]
        for m in markers(
            'free if you own "The Fire"\non acquire: gain 2 gold  # AH-U1', frozenset({"gold"})
        )
    }
    assert found[(0, 0, 4)] == "ag-word"  # free
    assert found[(0, 16, 26)] == "ag-card"  # "The Fire"
    assert found[(1, 12, 16)] == "ag-verb"  # gain
    assert found[(1, 17, 18)] == "ag-num"  # 2
    assert found[(1, 19, 23)] == "ag-noun"  # gold
    assert found[(1, 25, 32)] == "ag-comment"


def test_a_rules_edit_made_on_the_text_is_what_the_round_trip_writes(pack_copy: Path) -> None:
    text = (pack_copy / "middle_ages.yaml").read_text()
    everything = yaml_edit.all_card_fields(text)
    for ident, fields in everything.items():
        if not fields["rules"]:
            continue
        new_rules = fields["rules"] + '\nif you own "Tiger": gain 1 gold\n\n  # a comment'
        fast = yaml_edit.set_card(text, ident, fields | {"rules": new_rules})
        slow = yaml_edit._edit_entry(
            text, ident, lambda e, r=new_rules: e.__setitem__("rules", yaml_edit._value("rules", r))
        )
        assert fast == slow, ident


def test_a_card_opened_unchanged_is_shown_the_saved_packs_check(
    pack_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Cards page checks the open card's file as edited; unchanged (a card just opened,
    the first page), that is the saved pack's check, the one the page made already, with the
    diagnostics the check of the same text as an edit gives. An edit is checked as an edit."""
    from editor.state import PACK_ENV, disk_check, edited_check

    monkeypatch.setenv(PACK_ENV, str(pack_copy))
    rules = "on acquire: gain 3 zqab"
    text = (pack_copy / "antiquity.yaml").read_text(encoding="utf-8")
    broken = text.replace("  - id: aristotle\n", f"  - id: aristotle\n    rules: {rules}\n", 1)
    for saved in (text, broken):  # a pack with no error, and one with an unknown word
        (pack_copy / "antiquity.yaml").write_text(saved, encoding="utf-8")
        opened = edited_check("antiquity.yaml", saved)
        assert opened is disk_check()
        as_edit = check(pack_copy, {"antiquity.yaml": saved})
        assert opened.diagnostics == as_edit.diagnostics
        assert bool(opened.errors) == (saved is broken)
    edited = edited_check("antiquity.yaml", text)
    assert edited is not disk_check() and not edited.errors
