"""agesmith: validate, list and (later) play and simulate card game packs."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from .options import DECK_HELP, pack_or_deck
from .styles import BAD_COLOUR, GOOD_COLOUR, WARN_COLOUR

# Commands import what they use when they run (rich, the rules language, the interpreter): a
# quick command such as `validate` starts without paying for the others' libraries.


class _LazyConsole:
    """A rich Console made on first use (importing rich costs a tenth of a second)."""

    def __init__(self, stderr: bool = False) -> None:
        self._stderr = stderr
        self._console: Any = None

    def real(self) -> Any:
        """The Console itself (to hand to code that uses it as a context, like Progress)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(stderr=self._stderr, highlight=False, soft_wrap=True)
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real(), name)


out: Any = _LazyConsole()
err: Any = _LazyConsole(stderr=True)


def escape(text: str) -> str:
    from rich.markup import escape as rich_escape

    return rich_escape(text)


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
    from interpreter.tools.validation import validate as diagnose
    from rules_dsl.diagnostics import summary

    loaded, diagnostics = diagnose(pack, variant=variant)
    errors = any(d.is_error for d in diagnostics)
    if as_json:
        from rules_dsl.diagnostics import terminal_json

        click.echo(terminal_json([d.to_json() for d in diagnostics]))
    else:  # plain click output: no need to import rich for a few coloured lines
        from rules_dsl.diagnostics import printable

        for d in diagnostics:
            click.secho(d.render(), fg=BAD_COLOUR if d.is_error else WARN_COLOUR)
            click.echo("")
        name = printable(loaded.name if loaded else str(pack))
        cards = f"{sum(c.copies for c in loaded.cards)} cards, " if loaded else ""
        verdict = (
            click.style("failed", fg=BAD_COLOUR) if errors else click.style("ok", fg=GOOD_COLOUR)
        )
        click.echo(f"{name}: {cards}{summary(diagnostics)} — {verdict}")
    sys.exit(1 if errors else 0)


@main.command()
@click.argument("pack", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the cards as a JSON array.")
@click.option("--age", help="Only the cards of this age (or of this deck).")
def cards(pack: Path, as_json: bool, age: str | None) -> None:
    """List the cards of PACK (normalized: cost, price in money, points, bonus, rules)."""
    from rich.table import Table

    from rules_dsl.card_json import cards_json
    from rules_dsl.card_keys import BONUS, PRICE
    from rules_dsl.deck import load_pack_or_deck
    from rules_dsl.diagnostics import printable, summary, terminal_json

    loaded, diagnostics = load_pack_or_deck(pack)
    if loaded is None or any(d.is_error for d in diagnostics):
        for d in diagnostics:
            if d.is_error:
                err.print(d.render(), markup=False)
        err.print(
            f"{printable(str(pack))}: {summary(diagnostics)} — run `agesmith validate "
            f"{printable(str(pack))}`",
            markup=False,
        )
        sys.exit(1)
    rows = [c for c in cards_json(loaded) if age is None or age in (c["age"], c["deck"])]
    if as_json:
        click.echo(terminal_json(rows))
        return
    table = Table(title=f"{loaded.name}: {len(rows)} cards", show_lines=False)
    money = [loaded.money] if loaded.money else []  # the price's column, named by the money
    for column in ("age", "name", "type", "copies", "cost", *money, "points", BONUS, "rules"):
        table.add_column(column, overflow="fold")
    for row in rows:
        price = ["" if row[PRICE] is None else str(row[PRICE])] if money else []
        table.add_row(
            row["age"] or row["deck"],
            row["name"],
            row["type"],
            str(row["copies"]),
            _amounts(row["cost"]),
            *price,
            "formula" if row["points"] is None else str(row["points"]),
            _amounts(row[BONUS]),
            row["rules"],
        )
    out.print(table)


def _amounts(counts: dict[str, int | None]) -> str:
    return ", ".join(f"{'X' if n is None else n} {k}" for k, n in counts.items() if n != 0)


@main.command()
@click.argument("scenarios", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--quiet", "-q", is_flag=True, help="Print only the failures and the summary.")
@click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help="For each failure, show where it stopped: the position, the decision "
    "waiting (if any) and the log since the scenario's position.",
)
@click.option(
    "--deck",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Run the scenarios on this deck (its pack with its copies) instead of the pack they name.",
)
def check(scenarios: tuple[Path, ...], quiet: bool, verbose: bool, deck: Path | None) -> None:
    """Run scenario files (or folders of them): say what passed, what failed and why."""
    from interpreter.tools.scenario import check as run_scenario
    from rules_dsl.diagnostics import printable
    from rules_dsl.safe_files import is_folder

    files: list[Path] = []
    for item in scenarios:
        if is_folder(item):
            found = sorted([*item.rglob("*.yaml"), *item.rglob("*.yml")])
            if not found:
                err.print(
                    f"agesmith check: no scenario file (*.yaml) in {printable(str(item))}",
                    markup=False,
                )
            files += found
        else:
            files.append(item)
    outcomes = []
    for file in files:
        outcome = run_scenario(file, deck)
        outcomes.append(outcome)
        if quiet and outcome.passed and not outcome.known_bug:
            continue
        style = GOOD_COLOUR if outcome.passed else WARN_COLOUR if outcome.ok else BAD_COLOUR
        head, _, rest = outcome.summary().partition("\n")
        out.print(f"[{style}]{head[:4]}[/{style}]{escape(head[4:])}", markup=True, highlight=False)
        if rest:
            out.print(rest, markup=False)
        if verbose and not outcome.passed and outcome.details:
            out.print(
                "\n".join("  " + printable(line) for line in outcome.details),
                markup=False,
                style="dim",
            )
    failed = sum(not o.ok for o in outcomes)
    bugs = sum(o.ok and not o.passed for o in outcomes)
    proved = sorted({p for o in outcomes if o.passed for p in o.proves})
    out.print(
        f"{len(outcomes) - failed - bugs} passed, {failed} failed"
        + (f", {bugs} known bugs" if bugs else "")
        + (f"; clauses proved: {len(proved)}" if proved else ""),
        markup=False,
    )
    sys.exit(1 if failed or not files else 0)


@main.command("play")
@click.argument("pack", type=click.Path(path_type=Path), required=False)
@click.option(
    "--players",
    default=3,
    show_default=True,
    type=click.IntRange(1, 10),
    help="Number of players; you are player 1, bots play the others.",
)
@click.option("--seed", type=int, help="Seed of the game (default: a random one, printed).")
@click.option("--variant", help="Play a variant of the pack (one its game.yaml's variants: names).")
@click.option("--board", help="Side of the achievements board (e.g. front or back).")
@click.option("--ages", help='Ages to play: one, consecutive ones ("a+b", by their ids) or "all".')
@click.option(
    "--bots",
    help="The bots: one name for all, or names cycled over the seats "
    "(greedy, random, mcts: the search bot). Default: greedy.",
)
@click.option(
    "--load",
    "load_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Resume a game saved with `s FILE` (its pack options are kept).",
)
@click.option(
    "--force",
    is_flag=True,
    help="With --load: resume the game even though cards it has met have changed "
    "in the pack since the save (they play as they are now; a warning names "
    "them).",
)
@click.option("--deck", type=click.Path(dir_okay=False, path_type=Path), help=DECK_HELP)
def play_command(
    pack: Path | None,
    players: int,
    seed: int | None,
    variant: str | None,
    board: str | None,
    ages: str | None,
    bots: str | None,
    load_file: Path | None,
    force: bool,
    deck: Path | None,
) -> None:
    """Play PACK in the terminal against bots: choose by number; rules CARD shows a card,
    l log, s FILE save, q quit."""
    import random

    pack = pack_or_deck("play", pack, deck)

    from .play import PlayError, load_session, new_session, run, stdin_reader

    try:
        if load_file is not None:
            session = load_session(pack, load_file, bots, force)
        else:
            seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
            session = new_session(pack, players, seed, variant, board, ages, bots or "greedy")
    except PlayError as e:
        err.print(f"agesmith play: {e}", markup=False)
        sys.exit(1)
    sys.exit(run(session, out.real(), stdin_reader()))


def _register() -> None:
    """Commands kept in modules of their own (each imports its work lazily)."""
    from .editor_cmd import editor_command
    from .explain_cmd import explain
    from .odds_cmd import odds_command
    from .print_cmd import print_command
    from .simulate_cmd import simulate_command

    for command in (editor_command, explain, odds_command, print_command, simulate_command):
        main.add_command(command)


_register()
