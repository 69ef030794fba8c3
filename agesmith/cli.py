"""agesmith: validate, list and (later) play and simulate card game packs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from rules_dsl.card_json import cards_json
from rules_dsl.diagnostics import sorted_diagnostics, summary
from rules_dsl.pack import load_pack

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="agesmith")
def main() -> None:
    """Agesmith: design civilization card games as data, check them, play them."""


@main.command()
@click.argument("pack", type=click.Path(path_type=Path))
@click.option("--variant", help="Check the pack with a variant's changes applied.")
@click.option("--json", "as_json", is_flag=True, help="Print the diagnostics as a JSON array.")
def validate(pack: Path, variant: str | None, as_json: bool) -> None:
    """Check PACK: schemas, rules syntax and meaning. Exit 1 if there is an error."""
    loaded, diagnostics = load_pack(pack, variant=variant)
    if loaded is not None and not any(d.is_error for d in diagnostics):
        from interpreter.playability import check_playable
        diagnostics = sorted_diagnostics(diagnostics + check_playable(loaded))
    errors = any(d.is_error for d in diagnostics)
    if as_json:
        click.echo(json.dumps([d.to_json() for d in diagnostics], indent=2, ensure_ascii=False))
    else:
        for d in diagnostics:
            style = "red" if d.is_error else "yellow"
            out.print(d.render(), style=None, markup=False)
            out.print("")
            del style
        name = loaded.name if loaded else str(pack)
        cards = f"{sum(c.copies for c in loaded.cards)} cards, " if loaded else ""
        verdict = "[red]failed[/red]" if errors else "[green]ok[/green]"
        out.print(f"{name}: {cards}{summary(diagnostics)} — {verdict}")
    sys.exit(1 if errors else 0)


@main.command()
@click.argument("pack", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the cards as a JSON array.")
@click.option("--age", help="Only the cards of this age.")
def cards(pack: Path, as_json: bool, age: str | None) -> None:
    """List the cards of PACK (normalized: cost, gold, points, bonus, rules)."""
    loaded, diagnostics = load_pack(pack)
    if loaded is None or any(d.is_error for d in diagnostics):
        for d in diagnostics:
            if d.is_error:
                err.print(d.render(), markup=False)
        err.print(f"{pack}: {summary(diagnostics)} — run `agesmith validate {pack}`")
        sys.exit(1)
    rows = [c for c in cards_json(loaded) if age is None or c["age"] == age]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    table = Table(title=f"{loaded.name}: {len(rows)} cards", show_lines=False)
    for column in ("age", "name", "type", "copies", "cost", "gold", "points", "bonus", "rules"):
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(row["age"], row["name"], row["type"], str(row["copies"]),
                      _amounts(row["cost"]), "" if row["gold"] is None else str(row["gold"]),
                      "formula" if row["points"] is None else str(row["points"]),
                      _amounts(row["bonus"]), row["rules"])
    out.print(table)


def _amounts(counts: dict[str, int | None]) -> str:
    return ", ".join(f"{'X' if n is None else n} {k}" for k, n in counts.items() if n != 0)


@main.command()
@click.argument("scenarios", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--quiet", "-q", is_flag=True, help="Print only the failures and the summary.")
def check(scenarios: tuple[Path, ...], quiet: bool) -> None:
    """Run scenario files (or folders of them): say what passed, what failed and why."""
    from interpreter.scenario import check as run_scenario
    files: list[Path] = []
    for item in scenarios:
        files += sorted(item.rglob("*.yaml")) if item.is_dir() else [item]
    outcomes = [run_scenario(f) for f in files]
    for outcome in outcomes:
        if quiet and outcome.passed:
            continue
        style = "green" if outcome.passed else "yellow" if outcome.ok else "red"
        text = outcome.summary()
        head, _, rest = text.partition("\n")
        out.print(f"[{style}]{head[:4]}[/{style}]{escape(head[4:])}", markup=True,
                  highlight=False)
        if rest:
            out.print(rest, markup=False)
    failed = sum(not o.ok for o in outcomes)
    bugs = sum(o.ok and not o.passed for o in outcomes)
    proved = sorted({p for o in outcomes if o.passed for p in o.proves})
    out.print(f"{len(outcomes) - failed - bugs} passed, {failed} failed"
              + (f", {bugs} known bugs" if bugs else "")
              + (f"; clauses proved: {len(proved)}" if proved else ""))
    sys.exit(1 if failed else 0)
