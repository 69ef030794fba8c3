"""`agesmith simulate`: many games between bots and the balance report they give; with
`--against`, the same seeds on a second pack or deck and what moved between the two."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from rules_dsl.diagnostics import printable, terminal_json
from rules_dsl.nouns import plural

from .options import DECK_HELP, pack_or_deck
from .styles import BAD_COLOUR

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
# rich is imported when the command runs: `agesmith validate` does not pay for it

ALL_CARDS = "--csv or --html lists every card"


@click.command("simulate")
@click.argument("pack", type=click.Path(path_type=Path), required=False)
@click.option("--deck", type=click.Path(dir_okay=False, path_type=Path), help=DECK_HELP)
@click.option(
    "--against",
    type=click.Path(path_type=Path),
    metavar="PACK_B",
    help="A/B: play PACK_B (a pack or a deck file) on the same seeds and show which "
    "figures moved, and whether beyond chance.",
)
@click.option(
    "--games", "-n", default=100, show_default=True, type=click.IntRange(1), help="Number of games."
)
@click.option(
    "--players",
    "-p",
    default=3,
    show_default=True,
    type=click.IntRange(1, 10),
    help="Players per game.",
)
@click.option(
    "--seed",
    "-s",
    default=0,
    show_default=True,
    type=int,
    help="Game i is played with seed SEED+i.",
)
@click.option(
    "--workers",
    "-w",
    default=1,
    show_default=True,
    type=click.IntRange(1),
    help="Processes playing games at once (the report does not depend on it).",
)
@click.option(
    "--dask",
    metavar="ADDRESS",
    help="Play the games on the dask.distributed scheduler at ADDRESS (e.g. "
    "tcp://10.0.0.5:8786); its workers need agesmith[dask] and the pack at the "
    "same path. The report is the same as a local run's.",
)
@click.option(
    "--bots",
    default="greedy",
    show_default=True,
    help="One bot for every seat, or a comma-separated list cycled over the seats "
    "(greedy, random, mcts: the search bot).",
)
@click.option("--variant", help="Play a variant of the pack.")
@click.option("--board", help="Side of the achievements board.")
@click.option("--ages", help='Ages to play: one, consecutive ones ("a+b") or "all".')
@click.option(
    "--top",
    default=10,
    show_default=True,
    type=click.IntRange(0),
    help="How many cards to list on each side of the win-rate table (and, for A/B, "
    "figures that did not move).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the whole report (for A/B: both reports and the changes) as JSON.",
)
@click.option(
    "--csv",
    "csv_dir",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Write cards.csv, seats.csv and coverage.csv into DIR.",
)
@click.option(
    "--html",
    "html_file",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Write the report as one HTML page with charts.",
)
def simulate_command(
    pack: Path | None,
    deck: Path | None,
    against: Path | None,
    games: int,
    players: int,
    seed: int,
    workers: int,
    dask: str | None,
    bots: str,
    variant: str | None,
    board: str | None,
    ages: str | None,
    top: int,
    as_json: bool,
    csv_dir: Path | None,
    html_file: Path | None,
) -> None:
    """Play many games of PACK (a pack folder or a deck file) between bots and print its
    balance report: seats' win rates, game length and scores per age, the cards that change
    who wins (owners against non-owners, with 95% intervals), cards never acquired,
    calamities, achievement tokens, wars, and the card rules that never ran.

    Ctrl-C (or SIGTERM), at any moment, stops the simulation: the workers end and the report
    covers the games finished, perhaps none (exit status 130); a second Ctrl-C changes
    nothing. Exit status 1 when a game failed."""
    # first of all, before the libraries and the pack load: no moment is left to the default
    # handlers (SIGTERM's kills without a report, SIGINT's gives click's "Aborted!")
    from interpreter.tools.stopping import StopSignals

    stop = StopSignals()
    stop.install()
    try:
        _simulate(
            stop,
            pack,
            deck,
            against,
            games,
            players,
            seed,
            workers,
            dask,
            bots,
            variant,
            board,
            ages,
            top,
            as_json,
            csv_dir,
            html_file,
        )
    finally:
        if stop.received is None:  # else the process is ending: late signals stay ignored
            stop.restore()


def _simulate(
    stop: Any,
    pack: Path | None,
    deck: Path | None,
    against: Path | None,
    games: int,
    players: int,
    seed: int,
    workers: int,
    dask: str | None,
    bots: str,
    variant: str | None,
    board: str | None,
    ages: str | None,
    top: int,
    as_json: bool,
    csv_dir: Path | None,
    html_file: Path | None,
) -> None:
    from rich.console import Console

    out = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    pack = pack_or_deck("simulate", pack, deck)
    err.print(f"Loading {printable(str(pack))} ...", markup=False)
    if against is not None and (csv_dir or html_file):
        _fail(err, "--csv and --html write the report of one pack: run without --against")
    packs = [pack] if against is None else [pack, against]
    reports = []
    with _progress(err, games, len(packs)) as progress:
        for n, which in enumerate(packs):
            reports.append(
                _run(
                    err,
                    which,
                    progress(n),
                    games=games,
                    players=players,
                    seed=seed,
                    workers=workers,
                    dask=dask,
                    bots=bots,
                    variant=variant,
                    board=board,
                    ages=ages,
                    stop=stop,
                )
            )
            if reports[-1].interrupted:
                break
    if len(reports) == 2 and reports[1].interrupted and not reports[1].games:
        reports.pop()  # stopped before B played a game: nothing to compare
    if against is not None and len(reports) == 2:
        _show_ab(out, reports[0], reports[1], (str(pack), str(against)), as_json, top)
    else:
        report = reports[0]
        data = report.to_json()
        _write_files(err, report, data, csv_dir, html_file)
        if as_json:
            click.echo(terminal_json(data))
        else:
            show_report(data, out, top)
    if stop.received is not None or any(r.interrupted for r in reports):
        if not as_json and against is not None:
            out.print(
                "[yellow]Interrupted: "
                + (
                    "B was not played, nothing to compare."
                    if len(reports) == 1
                    else "B covers only the games it finished."
                )
                + "[/yellow]"
            )
        sys.exit(130)
    sys.exit(1 if any(r.failed for r in reports) else 0)


def _fail(err: Console, message: str) -> None:
    err.print(f"agesmith simulate: {message}", markup=False)
    sys.exit(1)


def _run(err: Console, pack: Path, progress: Callable[[int, int], None], **options: Any) -> Any:
    from interpreter import PackError
    from interpreter.tools.simulate import simulate

    try:
        return simulate(pack, progress=progress, **options)
    except (PackError, ValueError) as e:
        _fail(err, str(e))


class _progress:
    """A rich progress bar (on stderr) with one task per pack played."""

    def __init__(self, err: Console, games: int, packs: int) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        self.bar = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        )
        names = ["games"] if packs == 1 else ["A games", "B games"]
        self.tasks = [self.bar.add_task(name, total=games) for name in names]

    def __enter__(self) -> Callable[[int], Callable[[int, int], None]]:
        self.bar.__enter__()

        def of(n: int) -> Callable[[int, int], None]:
            def progress(done: int, total: int) -> None:
                if done == 0 and n == 0:
                    self.bar.console.print(
                        f"Playing {total:,} games; Ctrl-C stops and reports the games finished.",
                        markup=False,
                    )
                self.bar.update(self.tasks[n], completed=done)

            return progress

        return of

    def __exit__(self, *exc: Any) -> None:
        self.bar.__exit__(*exc)


def _write_files(
    err: Console, report: Any, data: dict[str, Any], csv_dir: Path | None, html_file: Path | None
) -> None:
    from rules_dsl.safe_files import write_atomic

    try:
        if csv_dir is not None:
            for path in report.write_csv(csv_dir):
                err.print(f"wrote {printable(str(path))}", markup=False)
        if html_file is not None:
            from interpreter.tools.report_html import render_html

            path = write_atomic(html_file, render_html(data))
            err.print(f"wrote {printable(str(path))}", markup=False)
    except (OSError, ValueError) as e:
        _fail(err, f"cannot write the report: {e}")


# ------------------------------------------------------------------ the report in the terminal


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x:.1%}"


def _ci(pair: list[float] | None) -> str:
    return "—" if pair is None else f"{pair[0]:.1%} – {pair[1]:.1%}"


def _mean(figure: dict[str, Any], digits: int = 1) -> str:
    if not figure["n"]:
        return "—"
    return (
        f"{figure['mean']:.{digits}f} ({figure['ci_low']:.{digits}f} – "
        f"{figure['ci_high']:.{digits}f})"
    )


def escape(text: str) -> str:
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def _table(title: str, columns: list[str], left: int = 1) -> Table:
    from rich.table import Table

    table = Table(title=title)
    for i, column in enumerate(columns):
        table.add_column(column, justify="left" if i < left else "right")
    return table


def show_report(data: dict[str, Any], console: Console, top: int = 10) -> None:
    """The balance report (`Report.to_json()`) as tables."""
    options = ", ".join(f"{k} {data[k]}" for k in ("variant", "board", "ages") if data.get(k))
    played = data["finished"]
    seeds = (
        f"seeds {data['seed']} to {data['seed'] + data['games'] - 1}"
        if not data["interrupted"]
        else "the games finished when it was stopped"
    )
    console.print(
        f"[bold]{escape(data['pack'])}[/bold]: {played} games of {data['players']} "
        f"players, {seeds}"
        + (f" ({escape(options)})" if options else "")
        + ". Ranges are 95% confidence intervals."
    )
    if data["interrupted"] and not data["games"]:
        console.print(
            "[yellow]Interrupted before any game finished: no game was played to "
            "its end, so there is nothing to report.[/yellow]"
        )
        return
    seats = _table("Seats", ["seat", "bot", "win rate", "95% interval", "mean score"], 2)
    for s in data["seats"]:
        seats.add_row(
            str(s["seat"]),
            escape(s["bot"]),
            _pct(s["win_rate"]),
            _ci(s["win_ci"]),
            _mean(s["score"]),
        )
    console.print(seats)
    if len(data["by_bot"]) > 1:
        bots = _table("Bots", ["bot", "seats played", "win rate", "95% interval"])
        for name, b in data["by_bot"].items():
            bots.add_row(escape(name), str(b["seats"]), _pct(b["win_rate"]), _ci(b["win_ci"]))
        console.print(bots)
    length = data["length"]
    console.print(
        f"Game length: {_mean(length['actions'], 0)} actions "
        f"(longest {length['actions']['max']}), {_mean(length['rounds'])} rounds; "
        f"{data['ties']} shared wins.",
        markup=False,
    )
    ages = _table("Scores by age", ["age", "mean points", "sd", "lowest", "highest"])
    for age, entry in data["scores_by_age"].items():
        score = entry["score"]
        ages.add_row(
            escape(age), _mean(score), f"{score['sd']:.1f}", str(score["min"]), str(score["max"])
        )
    console.print(ages)
    _show_cards(data, console, top)
    _show_failures(data, console)
    tokens = ", ".join(f"{v}: {n}" for v, n in data["tokens"].items()) or "none"
    wars = data["wars"]
    won = (
        f", won by the attacker {wars['won_by_attacker']} times ({_pct(wars['attacker_win_rate'])})"
        if wars["declared"]
        else ""
    )
    _show_measures(data, console)
    # the engine's own mechanics, said only where the pack plays them
    if data.get("has_tokens", True):
        console.print(f"Achievement tokens taken (value: times): {tokens}.", markup=False)
    if data.get("has_wars", True):
        console.print(f"Wars: {wars['declared']} fought{won}.", markup=False)
    _show_coverage(data["coverage"], console)
    for e in data["errors"]:
        console.print(
            f"[{BAD_COLOUR}]game {e['game']} (seed {e['seed']}) failed:[/] "
            f"{escape(printable(e['error']))}"
        )
    if data["failed"] > len(data["errors"]):
        console.print(
            f"[{BAD_COLOUR}]... and {data['failed'] - len(data['errors'])} more failed games[/]"
        )
    if data["interrupted"]:
        console.print(
            f"[yellow]Interrupted: the report covers the {data['games']} games finished.[/yellow]"
        )


def _show_cards(data: dict[str, Any], console: Console, top: int) -> None:
    from interpreter.tools.report import failing_kind

    judged = [c for c in data["cards"] if c["win_rate_advantage"] is not None]
    judged.sort(key=lambda c: (-c["win_rate_advantage"]["estimate"], c["age"], c["name"]))
    if top and judged:
        best = judged[:top]
        worst = [c for c in reversed(judged[-top:]) if c not in best]
        title = (
            "Cards that change who wins: owners' win rate minus non-owners' "
            "(* beyond chance, allowing for the number of cards tested)"
        )
        table = _table(
            title,
            ["card", "age", "owners", "win: owners / others", "difference (95% interval)", ""],
            2,
        )
        for group in (best, worst):
            for c in group:
                d = c["win_rate_advantage"]
                table.add_row(
                    escape(c["name"]),
                    escape(c["age"]),
                    str(c["owners"]),
                    f"{c['owner_win_rate']:.0%} / {c['non_owner_win_rate']:.0%}",
                    f"{d['estimate']:+.0%} ({d['low']:+.0%} to {d['high']:+.0%})",
                    "*" if d["significant"] else "",
                )
            if group is best and worst:
                table.add_section()
        console.print(table)
        console.print(
            f"{sum(c['win_rate_advantage']['significant'] for c in judged)} of "
            f"{len(judged)} cards owned change who wins beyond chance ({ALL_CARDS}).",
            markup=False,
        )
    cards = data["cards"]
    if any(c["acquired"] for c in cards):  # the engine's acquisitions are played
        # the cards that can fail are not acquired: they come to strike
        never = [c for c in cards if c["never_acquired"] and "failed" not in c]
        failing = any("failed" in c for c in cards)
        aside = f", {plural(failing_kind(cards))} aside" if failing else ""
        what = f"Never acquired ({len(never)}{aside})"
    else:  # a pack of its own actions: the cards no player held when a game ended
        held = {c["type"] for c in cards if c["owners"]}  # (not the types no one ever holds)
        never = [c for c in cards if not c["owners"] and c["type"] in held]
        what = f"Never held at the end of a game ({len(never)})"
    if never:
        names = ", ".join(f"{c['name']} ({c['age']})" for c in never)
        console.print(f"[yellow]{what}:[/yellow] {escape(names)}")


def _show_measures(data: dict[str, Any], console: Console) -> None:
    """The pack's own measures at the end of the games (game.yaml `report:`), for every
    player, the winners and the others: what a designer of this game reads the report for."""
    measures = data.get("measures") or {}
    if not measures:
        return
    columns = ["measure", "all players", "winners", "others"]
    table = _table("At the end of the games (the pack's measures)", columns)
    for name, groups in measures.items():
        table.add_row(escape(name), *(_mean(groups[k]) for k in ("all", "winners", "others")))
    console.print(table)


def _show_failures(data: dict[str, Any], console: Console) -> None:
    """The cards that can fail: how often they were offered and failed, what they destroyed."""
    from interpreter.tools.report import failing_kind

    failing = [c for c in data["cards"] if "failed" in c]
    if not failing:
        return
    kind = failing_kind(failing)
    table = _table(plural(kind).capitalize(), [kind, "age", "offered", "failed", "destroyed"], 2)
    for c in failing:
        lost = ", ".join(f"{name} ×{n}" for name, n in list(c["destroyed"].items())[:4])
        more = len(c["destroyed"]) - 4
        table.add_row(
            escape(c["name"]),
            escape(c["age"]),
            str(c["offered"]),
            str(c["failed"]),
            escape(lost + (f" and {more} more" if more > 0 else "")) or "nothing",
        )
    console.print(table)


def _show_coverage(coverage: dict[str, Any], console: Console) -> None:
    console.print(
        f"Effect coverage: {coverage['fired']} of {coverage['rules']} card rules ran "
        "at least once.",
        markup=False,
    )
    if coverage["never_fired"]:
        table = _table(
            "Card rules that never ran (untested by this simulation)",
            ["card", "on", "written at"],
            2,
        )
        for r in coverage["never_fired"]:
            table.add_row(escape(r["card"]), escape(r["event"]), escape(r["where"]))
        console.print(table)


# ------------------------------------------------------------------ A/B


def _show_ab(
    console: Console, a: Any, b: Any, labels: tuple[str, str], as_json: bool, top: int
) -> None:
    from interpreter.tools.report import compare

    changes = compare(a, b)
    if as_json:
        click.echo(
            terminal_json(
                {
                    "a": {"given": labels[0], **a.to_json()},
                    "b": {"given": labels[1], **b.to_json()},
                    "changes": [c.to_json() | {"significant": c.significant} for c in changes],
                }
            )
        )
        return
    moved = [c for c in changes if c.significant]
    rest = [c for c in changes if not c.significant and c.difference is not None]
    console.print(
        f"[bold]A[/bold] {escape(printable(labels[0]))} against [bold]B[/bold] "
        f"{escape(printable(labels[1]))}: {a.games} games each, on the same seeds."
    )
    table = _table(
        "What moved from A to B beyond chance (95%)",
        ["measure", "A", "B", "B − A", "95% interval", "p"],
    )
    for c in moved:
        _change_row(table, c)
    if moved:
        console.print(table)
    else:
        console.print("Nothing moved beyond chance.", markup=False)
    if top and rest:
        table = _table(
            f"Did not move beyond chance (the {min(top, len(rest))} closest)",
            ["measure", "A", "B", "B − A", "95% interval", "p"],
        )
        for c in rest[:top]:
            _change_row(table, c)
        console.print(table)
    console.print(f"{len(moved)} of {len(changes)} figures moved beyond chance.", markup=False)


def _change_row(table: Table, change: Any) -> None:
    d = change.difference

    def figure(x: float | None) -> str:
        return "—" if x is None else f"{x:.3g}"

    table.add_row(
        escape(change.what),
        figure(change.a),
        figure(change.b),
        f"{d.estimate:+.3g}",
        f"{d.low:+.3g} – {d.high:+.3g}",
        f"{d.p_value:.3f}",
    )
