"""`agesmith print` and `agesmith editor` from the command line."""

from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

from agesmith.cli import main
from cards import bundled
from editor.printing import page_count


def test_print_writes_the_pdf_and_one_svg_per_card(pack_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(
        main,
        [
            "print",
            str(pack_copy),
            "--out",
            str(out),
            "--no-backs",
            "--paper",
            "letter",
            "--svg",
            str(tmp_path / "svg"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert page_count(out.read_bytes()) == 18  # 162 cards, 9 a page
    assert "18 pages, 162 cards (poker on letter)" in result.output
    assert (tmp_path / "svg" / "antiquity-aristotle.svg").read_text().startswith("<svg")
    assert (tmp_path / "svg" / "back-middle_ages.svg").is_file()


def test_print_refuses_a_broken_pack_with_its_diagnostics(pack_copy: Path, tmp_path: Path) -> None:
    cards = pack_copy / "antiquity.yaml"
    cards.write_text(cards.read_text().replace('"Philosophy"', '"Philosofy"'))
    result = CliRunner().invoke(main, ["print", str(pack_copy), "--out", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1 and "antiquity.yaml:" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_print_never_writes_through_a_link_to_a_users_file(pack_copy: Path, tmp_path: Path) -> None:
    """The fuzz campaign's find: `--out` naming a link to a user's file overwrote that file
    with the PDF."""
    notes = tmp_path / "notes.txt"
    notes.write_text("a user's notes")
    link = tmp_path / "shared" / "deck.pdf"
    link.parent.mkdir()
    link.symlink_to(notes)
    result = CliRunner().invoke(main, ["print", str(pack_copy), "--out", str(link), "--no-backs"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"agesmith print: {link} is a symbolic link: give the path of the file" in result.output
    assert notes.read_text() == "a user's notes" and link.is_symlink()


def test_editor_refuses_what_is_not_a_pack_and_the_installed_pack(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["editor", str(tmp_path), "--no-browser"])
    assert result.exit_code == 1 and "has no game.yaml" in result.output
    result = CliRunner().invoke(main, ["editor", str(bundled()), "--no-browser"])
    assert result.exit_code == 1 and "installed copy" in result.output


def test_the_workshop_runs_no_full_collection_after_each_run_of_a_page(
    pack_copy: Path, monkeypatch
) -> None:
    """Streamlit's collection after every run of a page walks every object of the server (the
    parsed pack's included): 50-100 ms added to each keystroke's answer. The command turns it
    off, in words this Streamlit understands."""
    import streamlit.web.cli as streamlit_cli

    from agesmith import editor_cmd

    given: list[list[str]] = []
    monkeypatch.setattr(streamlit_cli, "main", lambda: given.append(list(sys.argv)) or 0)
    monkeypatch.setattr(editor_cmd, "_warm_up", lambda address, port: None)
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    result = CliRunner().invoke(main, ["editor", str(pack_copy), "--no-browser", "--port", "1"])
    assert result.exit_code == 0, result.output
    (argv,) = given
    assert argv[:2] == ["streamlit", "run"]
    context = streamlit_cli.main_run.make_context("run", argv[2:])
    assert context.params["runner_postScriptGC"] is False
    assert context.params["server_port"] == 1
