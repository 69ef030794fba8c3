"""`agesmith print`: the print-and-play PDF of a pack (and one SVG per card)."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command("print")
@click.argument("pack", type=click.Path(path_type=Path))
@click.option(
    "--out",
    "out_file",
    required=True,
    type=click.Path(path_type=Path),
    help="The PDF file to write.",
)
@click.option("--paper", default="a4", show_default=True, type=click.Choice(["a4", "letter"]))
@click.option(
    "--size",
    default="poker",
    show_default=True,
    type=click.Choice(["poker", "bridge", "mini", "tarot"]),
    help="Card size.",
)
@click.option(
    "--bleed",
    default=2.0,
    show_default=True,
    type=click.FloatRange(0, 6),
    help="Bleed around each card, in millimetres.",
)
@click.option("--no-backs", is_flag=True, help="Print the faces only (no sheet of backs).")
@click.option(
    "--svg",
    "svg_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Also write one SVG per card (and per age's back) into this folder.",
)
def print_command(
    pack: Path,
    out_file: Path,
    paper: str,
    size: str,
    bleed: float,
    no_backs: bool,
    svg_dir: Path | None,
) -> None:
    """Write the print-and-play sheets of PACK: 3 x 3 cards a page, bleed and crop marks."""
    from rich.console import Console
    from rich.progress import Progress

    from editor.printing import PrintError, page_count, print_pdf, svg_files
    from rules_dsl.deck import load_pack_or_deck
    from rules_dsl.diagnostics import summary
    from rules_dsl.safe_files import UnsafePathError, write_atomic

    err = Console(stderr=True, highlight=False, soft_wrap=True)
    loaded, diagnostics = load_pack_or_deck(pack)
    if loaded is None or any(d.is_error for d in diagnostics):
        for d in diagnostics:
            if d.is_error:
                err.print(d.render(), markup=False)
        err.print(f"{pack}: {summary(diagnostics)} — run `agesmith validate {pack}`", markup=False)
        sys.exit(1)
    try:
        with Progress(console=err, transient=True) as bar:
            task = bar.add_task("pages", total=None)
            data = print_pdf(
                loaded,
                paper,
                size,
                bleed,
                backs=not no_backs,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
        write_atomic(out_file, data)
        if svg_dir is not None:
            svg_dir.mkdir(parents=True, exist_ok=True)
            for name, svg in svg_files(loaded, size).items():
                write_atomic(svg_dir / name, svg, inside=svg_dir)
    except (PrintError, UnsafePathError, OSError) as e:
        err.print(f"agesmith print: {e}", markup=False)
        sys.exit(1)
    click.echo(
        f"{out_file}: {page_count(data)} pages, "
        f"{sum(c.copies for c in loaded.cards)} cards ({size} on {paper})"
        + (f"; SVG files in {svg_dir}" if svg_dir else "")
    )
