"""Every fenced code block of the README runs, or is checked against the program, as a test.

Each block is matched by exactly one entry of `RUNNERS` (a new block with none fails), and is
run as written: the Python example in a fresh process, the `agesmith` commands against the
bundled pack (with fewer games where the README asks for thousands), the YAML files through
the command that reads them. Blocks that start a server, install the project or run this
very suite are skipped, each with its reason.

A block that never ends (the first example once did) fails instead of hanging: its process
gets a budget of CPU seconds (not of wall time: a busy machine does not make it fail).
"""

from __future__ import annotations

import os
import re
import resource
import shlex
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CPU_SECONDS = 120  # what a block may use; the costliest needs a few seconds


@dataclass(frozen=True)
class Block:
    line: int  # of the opening fence, 1-based
    lang: str
    text: str


def readme_blocks(text: str) -> list[Block]:
    """The fenced code blocks of a Markdown text, in order."""
    blocks: list[Block] = []
    opening: tuple[int, str] | None = None
    lines: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        fence = re.match(r"^\s*```\s*([\w+-]*)\s*$", line)
        if opening is None and fence:
            opening, lines = (number, fence.group(1)), []
        elif opening is not None and line.strip() == "```":
            blocks.append(Block(opening[0], opening[1], "\n".join(lines) + "\n"))
            opening = None
        elif opening is not None:
            lines.append(line)
    assert opening is None, f"README.md:{opening[0]}: a code block is never closed"
    return blocks


BLOCKS = readme_blocks(README.read_text(encoding="utf-8"))


def _cpu_budget() -> None:
    # SIGXCPU at the budget; SIGKILL a little later, should SIGXCPU be caught
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 10))


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, preexec_fn=_cpu_budget
    )


def _agesmith(line: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    words = shlex.split(line)
    assert words[0] == "agesmith", line
    return _run([sys.executable, "-m", "agesmith", *words[1:]], cwd)


def _ran(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    if result.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        pytest.fail(f"{shlex.join(result.args)} never ended: {CPU_SECONDS} s of CPU used")
    assert result.returncode == 0, f"exit {result.returncode}: {result.stdout}{result.stderr}"
    return result.stdout


def _workspace(tmp: Path) -> Path:
    """A folder where the README's relative names mean what they mean in a clone: the
    bundled pack as `cards/along_history` and, for a deck file beside it, `along_history`."""
    (tmp / "cards").symlink_to(ROOT / "cards")
    (tmp / "along_history").symlink_to(ROOT / "cards" / "along_history")
    return tmp


def _block(lang: str, needle: str) -> Block:
    found = [b for b in BLOCKS if b.lang == lang and needle in b.text]
    assert len(found) == 1, f"{len(found)} {lang or 'plain'} blocks hold {needle!r}"
    return found[0]


# ------------------------------------------------------------------ what each block is


def run_python(block: Block, tmp: Path) -> None:
    """The interpreter's example plays a whole game and prints what its comments say."""
    script = tmp / "example.py"
    script.write_text(block.text, encoding="utf-8")
    lines = _ran(_run([sys.executable, str(script)], tmp)).splitlines()
    promised = re.search(
        r"print\(state\.scores, state\.winners\)\s*# (\[.*?\] \[.*?\])", block.text
    )
    assert promised, "the example says what it prints"
    assert lines[0] == promised.group(1)
    assert len(lines) == 4 and "over" in lines[-1] and "wins" in lines[-1], lines


def run_card(block: Block, tmp: Path) -> None:
    """The card shown is the bundled pack's card, word for word, and its rules parse."""
    from rules_dsl.parser import try_parse

    (card,) = yaml.safe_load(block.text)
    pack_cards = [
        c
        for f in sorted((ROOT / "cards" / "along_history").glob("*.yaml"))
        for c in (yaml.safe_load(f.read_text(encoding="utf-8")) or {}).get("cards", [])
        if isinstance(c, dict) and c.get("id") == card["id"]
    ]
    assert card in [{k: c.get(k) for k in card} for c in pack_cards], card
    assert try_parse(card["rules"], "rules")[1] is None


def run_scenario(block: Block, tmp: Path) -> None:
    """The scenario shown passes `agesmith check`."""
    path = tmp / "famine.scenario.yaml"
    path.write_text(block.text, encoding="utf-8")
    out = _ran(_agesmith(f"agesmith check {path}", tmp))
    assert "1 passed, 0 failed" in out


def run_deck(block: Block, tmp: Path) -> None:
    """The deck shown validates against the bundled pack."""
    path = _workspace(tmp) / "fewer-calamities.deck.yaml"
    path.write_text(block.text, encoding="utf-8")
    assert "0 errors" in _ran(_agesmith(f"agesmith validate {path.name}", tmp))


def run_ab(block: Block, tmp: Path) -> None:
    """The A/B command runs on the deck shown, with few games (the README says 2000)."""
    deck = _block("yaml", "deck: Fewer calamities")
    (_workspace(tmp) / "fewer-calamities.deck.yaml").write_text(deck.text, encoding="utf-8")
    (line,) = block.text.strip().splitlines()
    cheap = re.sub(r"--games \d+", "--games 4", line)
    assert cheap != line
    out = _ran(_agesmith(cheap + " --variant introductory --ages prehistory", tmp))
    assert "against" in out and "4 games each" in out and "figures moved" in out


def run_actions(block: Block, tmp: Path) -> None:
    """The pack's own kinds of action shown validate in the actions conformance pack, in place
    of its own (tests/packs/conformance/actions)."""
    import shutil
    import textwrap

    from interpreter.tools.validation import validate

    folder = tmp / "actions"
    shutil.copytree(ROOT / "tests" / "packs" / "conformance" / "actions", folder)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    start, end = text.index("\nactions:\n") + 1, text.index("\nages:\n") + 1
    game_file.write_text(text[:start] + textwrap.dedent(block.text) + text[end:], encoding="utf-8")
    _, diagnostics = validate(folder)
    assert [d.render() for d in diagnostics] == []
    assert "- take a card:" in game_file.read_text(encoding="utf-8")


def run_tables(block: Block, tmp: Path) -> None:
    """The tables and scoring shown are those of the tables conformance pack, which validates
    and whose scenarios play them (tests/interpreter/test_conformance_packs.py)."""
    shown = yaml.safe_load(textwrap.dedent(block.text))  # the block is in a list item
    pack = ROOT / "tests" / "packs" / "conformance" / "tables" / "game.yaml"
    game = yaml.safe_load(pack.read_text(encoding="utf-8"))
    assert shown["tables"] == game["tables"]
    assert shown["scoring"].items() <= game["scoring"].items()


def run_pieces(block: Block, tmp: Path) -> None:
    """The pieces and the action shown are those of the workers conformance pack, which
    validates and whose scenarios play them (tests/interpreter/test_conformance_packs.py)."""
    shown = yaml.safe_load(textwrap.dedent(block.text))  # the block is in a list item
    pack = ROOT / "tests" / "packs" / "conformance" / "workers" / "game.yaml"
    game = yaml.safe_load(pack.read_text(encoding="utf-8"))
    assert shown["pieces"] == game["pieces"]
    assert shown["actions"] == game["actions"]


def run_buildings(block: Block, tmp: Path) -> None:
    """The workers and the upgrade shown are those of the buildings conformance pack, which
    validates and whose scenarios play them (tests/interpreter/test_conformance_packs.py)."""
    shown = yaml.safe_load(textwrap.dedent(block.text))  # the block is in a list item
    pack = ROOT / "tests" / "packs" / "conformance" / "buildings" / "game.yaml"
    game = yaml.safe_load(pack.read_text(encoding="utf-8"))
    assert shown["pieces"] == game["pieces"]
    assert all(action in game["actions"] for action in shown["actions"])


def run_report(block: Block, tmp: Path) -> None:
    """The measures shown are The Ancient World's own, which validate and are reported
    (tests/test_cli_simulate.py)."""
    shown = yaml.safe_load(textwrap.dedent(block.text))  # the block is in a list item
    pack = ROOT / "cards" / "the_ancient_world" / "game.yaml"
    game = yaml.safe_load(pack.read_text(encoding="utf-8"))
    assert shown["report"].items() <= game["report"].items()


def check_synopsis(block: Block, tmp: Path) -> None:
    """Every command of the synopsis exists, with every option the synopsis gives it."""
    import click

    from agesmith.cli import main

    commands = 0
    for line in block.text.splitlines():
        words = line.split()
        if not words or words[0] != "agesmith":
            continue  # a continuation of the line above: its options belong to it
        name = words[1]
        command = main if name.startswith("-") else main.commands.get(name)
        assert command is not None, f"no command {name!r}: {line}"
        known = {o for p in command.params for o in (*p.opts, *p.secondary_opts)} | {"--help"}
        given = re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", _own_part(block.text, line))
        missing = [o for o in given if o not in known]
        assert not missing, f"agesmith {name} has no {missing}"
        commands += 1
    assert commands == len(main.commands) + 1  # and `agesmith --help`
    assert isinstance(main, click.Group)


def _own_part(text: str, line: str) -> str:
    """A synopsis line with the lines that continue it (indented); its description may name
    options too (`play`'s: "--load FILE, --deck FILE"), so it is kept."""
    rows = text.splitlines()
    part = [line]
    for row in rows[rows.index(line) + 1 :]:
        if row.startswith("agesmith"):
            break
        part.append(row)
    return "\n".join(part)


def check_layout(block: Block, tmp: Path) -> None:
    """Every file and folder of the layout exists."""
    for line in block.text.splitlines():
        name = line.split()[0]
        assert (ROOT / name).exists(), f"the layout names {name}, which does not exist"


def skip(reason: str) -> Callable[[Block, Path], None]:
    def skipped(block: Block, tmp: Path) -> None:
        pytest.skip(f"README.md:{block.line}: {reason}")

    return skipped


# (what the block is, how it is recognised, what is done with it)
RUNNERS: list[tuple[str, Callable[[Block], bool], Callable[[Block, Path], None]]] = [
    (
        "install and start the workshop",
        lambda b: "pip install" in b.text,
        skip("installs the project and starts the workshop's server"),
    ),
    (
        "run the test suite",
        lambda b: b.text.strip() == "python3 -m pytest -q",
        skip("runs this very suite"),
    ),
    ("the command line", lambda b: b.text.startswith("agesmith validate PACK"), check_synopsis),
    ("the layout", lambda b: b.text.startswith("pyproject.toml"), check_layout),
    ("a card", lambda b: b.lang == "yaml" and b.text.startswith("- id:"), run_card),
    ("a scenario", lambda b: b.lang == "yaml" and "\nactions:" in b.text, run_scenario),
    ("a deck", lambda b: b.lang == "yaml" and b.text.startswith("deck:"), run_deck),
    (
        "declared actions",
        lambda b: b.lang == "yaml" and b.text.lstrip().startswith("actions:"),
        run_actions,
    ),
    ("tables", lambda b: b.lang == "yaml" and b.text.lstrip().startswith("tables:"), run_tables),
    (
        "pieces",
        lambda b: (
            b.lang == "yaml"
            and b.text.lstrip().startswith("pieces:")
            and "shows symbols of" not in b.text
        ),
        run_pieces,
    ),
    (
        "buildings",
        lambda b: b.lang == "yaml" and "shows symbols of" in b.text,
        run_buildings,
    ),
    ("report", lambda b: b.lang == "yaml" and b.text.lstrip().startswith("report:"), run_report),
    ("the interpreter", lambda b: b.lang == "python", run_python),
    ("A/B", lambda b: "--against" in b.text and b.text.startswith("agesmith simulate"), run_ab),
]


def test_every_block_has_exactly_one_runner() -> None:
    for block in BLOCKS:
        matched = [name for name, recognise, _ in RUNNERS if recognise(block)]
        assert len(matched) == 1, f"README.md:{block.line} ({block.lang or 'plain'}): {matched}"
    assert len(BLOCKS) == len(RUNNERS), "a runner matches no block any more"


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: f"line-{b.line}-{b.lang or 'plain'}")
def test_readme_block(block: Block, tmp_path: Path) -> None:
    (run,) = [run for _, recognise, run in RUNNERS if recognise(block)]
    run(block, tmp_path)
