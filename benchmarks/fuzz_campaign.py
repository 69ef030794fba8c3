"""A seeded fuzz campaign over every input a user hands Agesmith: not a test, a script.

    python3 benchmarks/fuzz_campaign.py --seed 11 --cases 20 [--kinds pack,saves,...]

For each kind (pack mutants, saves, scenarios, decks, CSV files, file names, signals, the
caches, command-line options) it makes seeded mutant inputs, runs the real command line
(`python3 -m agesmith ...`) or the real library entry point on them, each case in a sandbox
of its own (a copy of the bundled pack, a HOME and XDG_CACHE_HOME, a TMPDIR), and sorts each
outcome into one class:

- clean: a success, or a refusal with a message;
- traceback: "Traceback" in the output, an exception out of a library call, or an exit
  status the command does not document (0, 1, 2 for a usage error, 130 for a stopped
  `simulate`);
- hang: no answer within the per-case timeout (the process group is killed);
- own save refused: a save the program wrote itself that it will not load back;
- written outside: a file created or changed in the sandbox outside the pack folder, the
  cache folder and the outputs the case asked for (a user's file in HOME included);
- unclear: a documented exit but a wrong answer (a report cut short, a pack `validate`
  passes whose game fails, diagnostics changed by a cache file).

It prints a table per kind and copies every failing case (its inputs, `case.json`, and a
`replay.sh` that runs its commands again) into `--findings`. The mutations are the existing
fuzz tests' (`tests/rules_dsl/test_fuzz.py`, `tests/interpreter/test_scenario_fuzz.py`,
`tests/interpreter/test_saves*.py`), drawn with hypothesis under the campaign's seed.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import seed as hypothesis_seed  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn  # noqa: E402
from rich.table import Table  # noqa: E402

from cards import bundled  # noqa: E402
from tests.interpreter.test_saves import fuzz_save  # noqa: E402
from tests.interpreter.test_saves_exact import MUTANTS  # noqa: E402
from tests.interpreter.test_scenario_fuzz import ODD_VALUES, mutated, mutated_yaml  # noqa: E402
from tests.rules_dsl.test_fuzz import inserted, mutate, mutation, numbers  # noqa: E402

PACK = bundled("along_history")
CLASSES = ("traceback", "hang", "own save refused", "written outside", "unclear")
CODES = frozenset({0, 1, 2})  # every command: success, refused, usage error
SIMULATE_CODES = CODES | {130}  # a stopped simulation
TIMEOUT = 90.0  # seconds a step may take on a loaded 2-core machine before it is a hang

# ------------------------------------------------------------------ outcomes and sandboxes


class Finding(Exception):
    """A case's outcome that is not clean: its class and what was seen."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail = kind, detail


@dataclass
class Step:
    """One command a case ran and what it answered."""

    argv: list[str]
    stdin: str
    code: int | None
    out: str
    err: str


@dataclass
class Sandbox:
    """A case's own folder: the pack copy, a HOME with a cache, a TMPDIR, an output folder."""

    root: Path
    allowed: list[Path] = field(default_factory=list)  # outputs the case asked for
    steps: list[Step] = field(default_factory=list)
    timeout: float = TIMEOUT
    before: dict[str, tuple[str, int, int]] | None = None  # taken at the first command
    reached: list[str] = field(default_factory=list)  # how deep the case went, for the table

    @property
    def inputs(self) -> Path:
        """A copy of the sandbox as it was at the first command, for the replay."""
        return self.root.with_name(self.root.name + ".inputs")

    def start(self) -> None:
        """What the case wrote before its first command is its input, not a finding."""
        if self.before is None:
            self.before = snapshot(self.root)
            shutil.copytree(self.root, self.inputs, symlinks=True, ignore=_not_copied(self))

    @property
    def pack(self) -> Path:
        return self.root / "pack"

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def cache(self) -> Path:
        return self.home / ".cache"

    @property
    def out(self) -> Path:
        return self.root / "out"

    def env(self) -> dict[str, str]:
        return dict(
            os.environ,
            HOME=str(self.home),
            XDG_CACHE_HOME=str(self.cache),
            TMPDIR=str(self.root / "tmp"),
            PYTHONPATH=str(ROOT),
            COLUMNS="100",
        )

    def agesmith(
        self, *args: str, stdin: str = "", codes: frozenset[int] = CODES, timeout: float = 0
    ) -> Step:
        """Run `python3 -m agesmith ARGS` in the sandbox; a hang, a traceback or an exit
        status outside `codes` is a Finding."""
        argv = [sys.executable, "-m", "agesmith", *args]
        self.start()
        process = subprocess.Popen(
            argv,
            cwd=self.root,
            env=self.env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        try:
            out, err = process.communicate(stdin.encode(), timeout=timeout or self.timeout)
        except subprocess.TimeoutExpired:
            out, err = _kill(process)
            self.record(argv, stdin, None, out, err)
            raise Finding("hang", f"no answer in {timeout or self.timeout:.0f} s") from None
        except BaseException:  # the campaign stopped: the case's processes end with it
            _kill(process)
            raise
        return self.judge(self.record(argv, stdin, process.returncode, out, err), codes)

    def record(self, argv: list[str], stdin: str, code: int | None, out: Any, err: Any) -> Step:
        text = [b.decode("utf-8", "replace") if isinstance(b, bytes) else b for b in (out, err)]
        step = Step([str(a) for a in argv], stdin, code, text[0] or "", text[1] or "")
        self.steps.append(step)
        return step

    def judge(self, step: Step, codes: frozenset[int]) -> Step:
        both = step.out + step.err
        if "Traceback (most recent call last)" in both or "internal error" in both:
            raise Finding("traceback", _last_lines(both))
        if step.code not in codes:
            raise Finding("traceback", f"exit status {step.code}: {_last_lines(both)}")
        return step

    def call(self, what: str, work: Callable[[], Any], timeout: float = 0) -> Any:
        """Run a library entry point in a forked child with the sandbox's environment: an
        exception is a traceback, no answer in time a hang; the child's result comes back
        as JSON."""
        self.start()
        read, write = os.pipe()
        child = os.fork()
        if child == 0:  # the child: never returns
            os.close(read)
            code = 0
            try:
                os.environ.update(self.env())
                os.chdir(self.root)
                answer: dict[str, Any] = {"value": work()}
            except Finding as e:
                answer = {"finding": [e.kind, e.detail]}
            except BaseException:
                answer = {"traceback": traceback.format_exc()}
            try:
                with os.fdopen(write, "w") as pipe:
                    json.dump(answer, pipe, default=str)
            except BaseException:
                code = 1
            os._exit(code)
        os.close(write)
        deadline = time.monotonic() + (timeout or self.timeout)
        chunks = []
        with os.fdopen(read, "rb") as pipe:
            os.set_blocking(pipe.fileno(), False)
            while True:
                chunk = pipe.read()
                if chunk:
                    chunks.append(chunk)
                elif chunk == b"":
                    break
                if time.monotonic() > deadline:
                    os.kill(child, signal.SIGKILL)
                    os.waitpid(child, 0)
                    self.record(["<library>", what], "", None, "", "")
                    raise Finding("hang", f"{what}: no answer in {timeout or self.timeout:.0f} s")
                time.sleep(0.02)
        os.waitpid(child, 0)
        answer = json.loads(b"".join(chunks) or b'{"traceback": "the child died"}')
        self.record(["<library>", what], "", 0, json.dumps(answer.get("value"))[:2000], "")
        if "traceback" in answer:
            self.steps[-1].err = answer["traceback"]
            raise Finding("traceback", f"{what}: {_last_lines(answer['traceback'])}")
        if "finding" in answer:
            raise Finding(*answer["finding"])
        return answer["value"]


def _kill(process: subprocess.Popen[bytes]) -> tuple[bytes, bytes]:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    return process.communicate()


def _last_lines(text: str, n: int = 3) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return " | ".join(lines[-n:])[:300]


# ------------------------------------------------------------------ files written


def snapshot(root: Path) -> dict[str, tuple[str, int, int]]:
    """Every path under root (links not followed): its type, size and modification time."""
    found: dict[str, tuple[str, int, int]] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            kind = "dir" if stat.S_ISDIR(info.st_mode) else "other"
            found[path] = (kind, 0 if kind == "dir" else info.st_size, info.st_mtime_ns)
    return found


def written_outside(box: Sandbox, before: dict, after: dict) -> list[str]:
    """What a case created or changed outside the pack, the cache and its outputs."""
    # spelt out lexically (`out/..` is the sandbox), never through links: a link named as an
    # output does not make its target an output
    allowed = [Path(os.path.normpath(a)) for a in (box.pack, box.cache / "agesmith", *box.allowed)]
    changed = []
    for path, info in after.items():
        if before.get(path) == info or (info[0] == "dir" and path in before):
            continue
        where = Path(path)
        if any(where == a or a in where.parents for a in allowed):
            continue
        if info[0] == "dir" and any(p.startswith(path + os.sep) for p in after if p != path):
            continue  # a folder is reported by what it holds
        changed.append(os.path.relpath(path, box.root))
    return sorted(changed)


# ------------------------------------------------------------------ drawing seeded examples


def examples(strategy: st.SearchStrategy[Any], count: int, seed: int) -> list[Any]:
    """`count` examples of a hypothesis strategy, the same for the same seed."""
    found: list[Any] = []

    @hypothesis_seed(seed)
    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value: Any) -> None:
        found.append(value)

    collect()
    return [found[i % len(found)] for i in range(count)] if found else []


# ------------------------------------------------------------------ the kinds

Case = Callable[[Sandbox], None]
PACK_FILES = ("game.yaml", "prehistory.yaml", "antiquity.yaml", "middle_ages.yaml")
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
HOSTILE_NAMES = [
    "a" * 300,
    "/".join(["abcdefgh"] * 520),
    "x\x1b[2Jy",
    "new\nline",
    "tab\tname",
    "\u202eevil.yaml",
    "-rf",
    "--help",
    " ",
    ".",
    "..",
    "~",
    "/dev/null",
    "/dev/zero",
    "/proc/self/mem",
    "nowhere/at/all",
    "é" * 130,
    "a:b*c?",
]


def _pack_kind(rng: random.Random, seed: int, n: int) -> Iterator[Case]:
    """game.yaml and card files mutated: rules texts, numbers, structure, text, bytes, the
    file itself replaced by something that is not a file."""
    datas = {f: yaml.safe_load((PACK / f).read_text(encoding="utf-8")) for f in PACK_FILES}
    rules = st.lists(mutation, min_size=1, max_size=6)
    structures = {f: mutated_yaml([datas[f]]) for f in PACK_FILES}
    recipe = st.tuples(
        st.sampled_from(PACK_FILES),
        # gentle changes too ("small number", "rules moved"), so that many mutants validate
        # and then must play as written
        st.sampled_from(
            [
                *("rules", "number", "small number", "rules moved", "rules moved"),
                *("structure", "text", "bytes", "file"),
            ]
        ),
        st.integers(0, 10**6),
        rules,
        numbers,
    ).flatmap(lambda r: st.tuples(st.just(r), structures[r[0]]))
    for (file, how, where, mutations, number), structure in examples(recipe, n, seed):
        yield _pack_case(file, how, where, mutations, number, structure, datas[file], rng.random())


def _pack_case(
    file: str,
    how: str,
    where: int,
    mutations: list,
    number: str,
    structure: str,
    data: Any,
    r: float,
) -> Case:
    def case(box: Sandbox) -> None:
        path = box.pack / file
        text = path.read_text(encoding="utf-8")
        if how == "rules":
            text = _mutate_rules(data, where, mutations)
        elif how in ("number", "small number"):
            spots = list(NUMBER.finditer(text))
            spot = spots[where % len(spots)]
            new = number if how == "number" else str(where % 10)
            text = text[: spot.start()] + new + text[spot.end() :]
        elif how == "rules moved":
            text = _moved_rules(data, where, text)
        elif how == "structure":
            text = structure
        elif how == "text":
            text = mutate(text, mutations)
        if how == "bytes":
            raw = text.encode()
            cut = where % len(raw)
            odd = [b"\xff\xfe", b"\x00", b"\xef\xbb\xbf", b"\r", b"\x1b[2J", b""][where % 6]
            path.write_bytes(raw[:cut] + odd + (raw[cut:] if r < 0.7 else b""))
        elif how == "file":
            _not_a_file(path, where, box)
        else:
            path.write_text(text, encoding="utf-8")
        _validate_then_play(box, str(box.pack))

    return case


def _mutate_rules(data: Any, where: int, mutations: list) -> str:
    cards = [c for c in data.get("cards", []) if isinstance(c, dict) and c.get("rules")]
    if not cards:  # game.yaml: its phases are rules too
        phases = data["phases"]
        name = sorted(phases)[where % len(phases)]
        changed = dict(data, phases=dict(phases, **{name: mutate(phases[name], mutations)}))
    else:
        card = cards[where % len(cards)]
        new = dict(card, rules=mutate(card["rules"], mutations))
        changed = dict(data, cards=[new if c is card else c for c in data["cards"]])
    return yaml.safe_dump(changed, allow_unicode=True, sort_keys=False)


def _moved_rules(data: Any, where: int, text: str) -> str:
    """One card's rules given to another card (a whole, valid text in a new place)."""
    cards = [c for c in data.get("cards", []) if isinstance(c, dict) and c.get("rules")]
    if len(cards) < 2:
        return text
    giver, taker = cards[where % len(cards)], cards[(where // len(cards) + 1) % len(cards)]
    moved = dict(taker, rules=giver["rules"])
    changed = dict(data, cards=[moved if c is taker else c for c in data["cards"]])
    return yaml.safe_dump(changed, allow_unicode=True, sort_keys=False)


def _not_a_file(path: Path, where: int, box: Sandbox) -> None:
    """Replace a pack file by a FIFO, a link to a device or out of the pack, a folder, an
    empty file, or nothing."""
    path.unlink()
    choice = where % 6
    if choice == 0:
        os.mkfifo(path)
    elif choice == 1:
        path.symlink_to("/dev/zero")
    elif choice == 2:
        path.symlink_to(box.home / "notes.txt")
    elif choice == 3:
        path.mkdir()
    elif choice == 4:
        path.write_bytes(b"")


def _validate_then_play(box: Sandbox, target: str, *play: str) -> None:
    """`validate`; where it passes, one game of it must play (0 errors: it plays)."""
    if box.agesmith("validate", target).code != 0:
        return
    box.reached.append("validated")
    step = box.agesmith(
        "simulate", *play, target, "--games", "1", "--players", "2", "--bots", "random"
    )
    if step.code != 0:
        raise Finding("unclear", f"validate passes, the game fails: {_last_lines(step.out)}")


def _scenarios_kind(rng: random.Random, seed: int, n: int) -> Iterator[Case]:
    """Mutated scenario files, run by `agesmith check`."""
    for text in examples(mutated(), n, seed):
        flags = rng.choice([[], ["-v"], ["-q"]])

        def case(box: Sandbox, text: str = text, flags: list[str] = flags) -> None:
            path = box.root / "scenario.yaml"
            path.write_text(text, encoding="utf-8")
            box.agesmith("check", *flags, str(path))

        yield case


DECKS = [
    {"deck": "Fewer calamities", "pack": "../pack", "copies": {"prehistory": {"famine": 0}}},
    {
        "deck": "Many tigers",
        "pack": "../pack",
        "copies": {"prehistory": {"tiger": 3, "wolves": 0}, "antiquity": {"writing": 2}},
    },
]


def _decks_kind(rng: random.Random, seed: int, n: int) -> Iterator[Case]:
    """Mutated deck files: `validate`, and one game where it passes."""
    recipe = st.tuples(
        mutated_yaml(DECKS),
        st.sampled_from(["structure", "text", "pack path"]),
        st.lists(mutation, min_size=1, max_size=4),
        st.sampled_from(HOSTILE_NAMES),
    )
    for structure, how, mutations, name in examples(recipe, n, seed):

        def case(box: Sandbox, s=structure, how=how, m=mutations, name=name) -> None:
            text = yaml.safe_dump(DECKS[0], sort_keys=False)
            text = s if how == "structure" else mutate(text, m) if how == "text" else text
            if how == "pack path":
                text = text.replace("../pack", json.dumps(name))
            (box.root / "decks").mkdir()
            deck = box.root / "decks" / "fuzz.deck.yaml"
            deck.write_text(text, encoding="utf-8")
            _validate_then_play(box, str(deck))

        yield case


# ------------------------------------------------------------------ saves


def _own_saves_load(pack: Path, seed: int, moves: int, variant: str | None) -> str:
    """A random game of `moves` decisions, saved and loaded back at ten points of it (the
    last one's save returned): the same position each time, or a Finding."""
    from interpreter import Game
    from interpreter.bots.greedy import GreedyBot, RandomBot
    from interpreter.tools.saves import SaveError, load_text, save_text

    game = Game.load(pack, variant=variant)
    players = 2 + seed % 3
    bots = [RandomBot(seed + i) if (seed + i) % 2 else GreedyBot(seed + i) for i in range(players)]
    state = game.new(players, seed=seed)
    for move in range(moves + 1):
        if move % max(1, moves // 10) == 0 or move == moves or state.over:
            text = save_text(game, state, {"seed": seed})
            where = f"after {move} moves (seed {seed}, {players} players, variant {variant})"
            try:
                loaded, _, _ = load_text(game, text)
            except SaveError as e:
                raise Finding("own save refused", f"{where}: {e}") from None
            if loaded.digest() != state.digest():
                raise Finding("unclear", f"{where}: the save loads another position")
        if state.over or move == moves:
            break
        state = game.apply(state, bots[state.to_move].choose(game, state, game.choices(state)))
    return text


def _fuzzed_save_loads(pack: Path, text: str) -> bool:
    from interpreter import Game
    from interpreter.bots.greedy import RandomBot
    from interpreter.tools.saves import SaveError, load_text

    game = Game.load(pack)
    try:
        state, _, _ = load_text(game, text)
    except SaveError:
        return False
    bots = [RandomBot(i) for i in range(len(state.players))]
    for _ in range(20):
        seat = state.to_move
        if seat is None:  # over
            break
        state = game.apply(state, bots[seat].choose(game, state, game.choices(state)))
    return True


def _playtest_round_trip(pack: Path, seed: int, moves: int, variant: str | None) -> None:
    """The workshop's Playtest: a game clicked and played by bots, autosaved, then resumed
    as a page reload resumes it: the same position, with its undo history."""
    from editor.playtest import PERSON, autosave, new_table, resume
    from interpreter.tools.saves import SaveError

    table = new_table(pack, [PERSON, "random", "greedy"][: 2 + seed % 2], seed, variant)
    for _ in range(moves):
        if table.state.over:
            break
        if table.person_to_move():
            options = table.game.choices(table.state)
            table.choose(table.state.moves, options[(seed + table.state.moves) % len(options)])
        else:
            table.bot_step()
    autosave(pack, table)
    where = f"after {table.state.moves} decisions (seed {seed}, variant {variant})"
    try:
        again = resume(pack)
    except SaveError as e:
        raise Finding("own save refused", f"the Playtest autosave {where}: {e}") from None
    if again is None or again.state.digest() != table.state.digest():
        raise Finding("unclear", f"the Playtest autosave {where} resumes another position")
    if table.history and not again.history:
        raise Finding("unclear", f"the Playtest autosave {where} resumes without its undo")


def _playtest_resumes(pack: Path, text: str) -> bool:
    """A mutated autosave: resumed, or refused with a SaveError (kept aside)."""
    from editor.playtest import AUTOSAVE, resume
    from interpreter.tools.saves import SaveError

    (pack / AUTOSAVE).parent.mkdir(exist_ok=True)
    (pack / AUTOSAVE).write_text(text, encoding="utf-8")
    try:
        return resume(pack) is not None
    except SaveError:
        return False


@st.composite
def _junked(draw: st.DrawFn, save: str) -> str:
    return json.dumps(fuzz_save(draw, json.loads(save)))


def _library_case(
    what: str, work: Callable[..., Any], seed: int, moves: int, variant: str | None, box: Sandbox
) -> None:
    """A case that calls the library on the sandbox's pack: `work(pack, seed, moves, variant)`."""
    box.call(what, lambda: work(box.pack, seed, moves, variant))


def _saves_kind(rng: random.Random, seed: int, n: int) -> Iterator[Case]:
    """The program's own saves (written by `play`'s `s FILE` and by the library) loaded back,
    and such saves mutated (junk in any place, the inconsistencies of test_saves_exact)."""
    variants = [None, *yaml.safe_load((PACK / "game.yaml").read_text())["variants"]]
    bases = [  # saves of the bundled pack: a sandbox's copy has the same content
        _own_saves_load(PACK, rng.randrange(10**6), moves, None) for moves in (0, 40, 300)
    ]
    junk = iter(examples(st.sampled_from(bases).flatmap(_junked), n, seed))
    for i in range(n):
        how = ("cli", "library", "junk", "playtest", "inconsistent")[i % 5]
        game_seed, moves = rng.randrange(10**6), rng.choice([0, 1, 5, 20, 60, 150, 400, 900])
        variant = rng.choice(variants)
        if how == "cli":
            choices = [str(rng.randint(1, 6)) for _ in range(moves % 40)]
            yield _play_save_load(game_seed, choices, variant)
        elif how == "library":
            yield partial(
                _library_case, "save and load", _own_saves_load, game_seed, moves, variant
            )
        elif how == "playtest":
            yield partial(
                _library_case,
                "playtest autosave",
                _playtest_round_trip,
                game_seed,
                moves % 200,
                variant,
            )
        else:
            save = next(junk)
            if how == "inconsistent":
                data = json.loads(rng.choice(bases))
                for name in rng.sample(sorted(MUTANTS), rng.randint(1, 3)):
                    MUTANTS[name][0](data, game_seed)
                save = json.dumps(data)
            yield _mutated_save(save)


def _play_save_load(seed: int, choices: list[str], variant: str | None) -> Case:
    def case(box: Sandbox) -> None:
        box.out.mkdir()
        first, second = box.out / "game.json", box.out / "again.json"
        box.allowed += [first, second]
        lines = [*choices, f"s {first}", "q"]
        options = ["--seed", str(seed), *(["--variant", variant] if variant else [])]
        step = box.agesmith("play", str(box.pack), *options, stdin="\n".join(lines))
        if f"Saved to {first}" not in step.out:
            raise Finding("unclear", f"`s FILE` did not save: {_last_lines(step.out)}")
        again = [*choices[:3], f"s {second}", "q"]
        step = box.agesmith("play", str(box.pack), "--load", str(first), stdin="\n".join(again))
        if step.code != 0:
            raise Finding("own save refused", _last_lines(step.out + step.err))
        step = box.agesmith("play", str(box.pack), "--load", str(second), stdin="q\n")
        if step.code != 0:
            raise Finding("own save refused", "a resumed game's save: " + _last_lines(step.err))

    return case


def _mutated_save(text: str) -> Case:
    def case(box: Sandbox) -> None:
        path = box.root / "mutant.json"
        path.write_text(text, encoding="utf-8")
        box.agesmith("play", str(box.pack), "--load", str(path), stdin="1\n2\n1\nq\n")
        if box.call("load and play", lambda: _fuzzed_save_loads(box.pack, text)):
            box.reached.append("mutant loaded")
        if box.call("playtest resume", lambda: _playtest_resumes(box.pack, text)):
            box.reached.append("mutant resumed")

    return case


# ------------------------------------------------------------------ CSV files


def _import_csv(folder: Path, data: bytes, name: str) -> dict[str, Any]:
    """The Spreadsheet page's import: plan, check, write (as "Import anyway" does)."""
    from editor.checking import check, pack_texts
    from editor.files import write_checked
    from editor.spreadsheet import plan_import

    pack = check(folder).pack
    ages = pack.card_files() if pack is not None else {}
    plan = plan_import(data, pack_texts(folder), ages, file=name)
    for problem in plan.problems:
        problem.render()
        if name not in problem.render():
            raise Finding("unclear", f"a problem not named after {name}: {problem.render()}")
    if plan.problems or not plan.texts:
        return {"problems": len(plan.problems)}
    check(folder, plan.texts)
    write_checked(folder, plan.texts, confirmed=True)
    for file in plan.texts:
        written = (folder / file).read_bytes()
        if b"\x00" in written or b"\x1b" in written:
            raise Finding("unclear", f"the import wrote a control character into {file}")
    return {"written": sorted(plan.texts)}


def _exported(folder: Path) -> str:
    from editor.checking import check, pack_texts
    from editor.spreadsheet import export_csv

    pack = check(folder).pack
    ages = pack.card_files() if pack is not None else {}
    return export_csv(pack_texts(folder), ages)


def _csv_kind(rng: random.Random, seed: int, n: int) -> Iterator[Case]:
    """The exported cards as CSV with cells replaced, columns doubled or dropped, line ends
    and quotes broken, bytes that are not UTF-8: imported as the Spreadsheet page imports."""
    table = _exported(PACK)
    rows = list(csv.reader(io.StringIO(table)))
    cell = st.one_of(ODD_VALUES.map(str), numbers, inserted, st.text(max_size=40))
    recipe = st.tuples(
        st.lists(
            st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), cell), min_size=1, max_size=4
        ),
        st.sampled_from(
            ["cells", "header", "line ends", "quote", "bytes", "text", "rows", "edit", "edit"]
        ),
        st.lists(mutation, min_size=1, max_size=4),
        st.integers(0, 10**6),
    )
    for cells, how, mutations, where in examples(recipe, n, seed):
        name = rng.choice(["cards.csv", "my cards.csv", "Export (3).csv"])
        data = _broken_csv([list(r) for r in rows], cells, how, mutations, where, table)

        def case(box: Sandbox, data: bytes = data, name: str = name) -> None:
            (box.root / name).write_bytes(data)
            answer = box.call("import", lambda: _import_csv(box.pack, data, name))
            if "written" in answer:
                box.reached.append("imported")
                box.agesmith("validate", str(box.pack))

        yield case


def _broken_csv(
    rows: list[list[str]], cells: list, how: str, mutations: list, where: int, table: str
) -> bytes:
    header = rows[0]
    for row, column, value in cells:
        line = rows[1 + row % (len(rows) - 1)]
        if how == "edit":  # a designer's edit: a number, a rules text mutated, a new card
            column = [header.index(c) for c in ("copies", "points", "gold", "rules")][column % 4]
            other = rows[1 + (row // 7) % (len(rows) - 1)]  # another card's (valid) rules
            line[column] = other[column] if header[column] == "rules" else str(row % 12)
            if value and where % 3 == 0:
                rows.append([line[0], "", f"New {row}", *line[3:]])
        else:
            line[column % len(line)] = value
    if how == "header":
        header = rows[0]
        column = where % len(header)
        rows[0] = header[:column] + header[column + 1 :] if where % 2 else [*header, header[column]]
    elif how == "rows":
        rows += [[*rows[1 + where % (len(rows) - 1)]]] * (1 + where % 300)
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    text = out.getvalue()
    if how == "line ends":
        text = text.replace("\r\n", ["\r", "\n", "\n\r"][where % 3])
    elif how == "quote":
        cut = where % len(text)
        text = text[:cut] + '"' + text[cut:]
    elif how == "text":
        text = mutate(text, mutations)
    data = text.encode()
    if how == "bytes":
        cut = where % len(data)
        data = data[:cut] + [b"\xff", b"\x00", b"\x1b", b"\xef\xbb\xbf"][where % 4] + data[cut:]
    return data


# ------------------------------------------------------------------ file names


def _names_kind(rng: random.Random, seed: int, n: int) -> Iterator[Case]:
    """Hostile names (too long, control characters, devices, a FIFO, links, folders) where a
    command reads or writes a file."""
    uses = [
        ("validate", "read"),
        ("check", "read"),
        ("cards", "read"),
        ("play --load", "read"),
        ("play --deck", "read"),
        ("simulate --deck", "read"),
        ("play s", "write"),
        ("simulate --html", "write"),
        ("simulate --csv", "write"),
        ("print --out", "write"),
    ]
    specials = ["fifo", "link to a user's file", "folder", "link to a folder", "dangling link"]
    for _ in range(n):
        use, mode = rng.choice(uses)
        name = rng.choice(HOSTILE_NAMES + specials)
        yield _name_case(use, mode, name)


def _name_case(use: str, mode: str, name: str) -> Case:
    def case(box: Sandbox) -> None:
        box.out.mkdir()
        path = _hostile_path(box, name)
        if mode == "write" and not name.startswith("/"):
            box.allowed.append(path)  # what the user asked for, whatever it is
        command = use.split()
        if use == "play s":
            # typed at the prompt, a name ends at its first line break: the rest is the next
            # command, and the file written is the one the first line names
            if mode == "write" and "\n" in str(path) and not name.startswith("/"):
                box.allowed.append(Path(str(path).split("\n")[0]))
            box.agesmith("play", str(box.pack), "--seed", "1", stdin=f"s {path}\nq\n")
        elif use.startswith("play"):
            box.agesmith("play", command[1], str(path), stdin="q\n")
        elif use.startswith("simulate"):
            box.agesmith(
                "simulate",
                *([str(box.pack)] if use != "simulate --deck" else []),
                command[1],
                str(path),
                "--games",
                "1",
                "--players",
                "2",
                codes=SIMULATE_CODES - {130},
            )
        elif use == "print --out":
            box.agesmith("print", str(box.pack), "--out", str(path))
        else:
            box.agesmith(command[0], str(path))

    return case


def _hostile_path(box: Sandbox, name: str) -> Path:
    target = box.out / "thing"
    if name == "fifo":
        os.mkfifo(target)
    elif name == "link to a user's file":
        target.symlink_to(box.home / "notes.txt")
    elif name == "folder":
        target.mkdir()
    elif name == "link to a folder":
        target.symlink_to(box.pack)
    elif name == "dangling link":
        target.symlink_to(box.out / "nothing" / "here")
    elif name.startswith("/"):
        return Path(name)
    else:
        return box.out / name
    return target


# ------------------------------------------------------------------ signals

SHORT = ["--variant", "introductory", "--ages", "prehistory", "--players", "2"]


def _signals_kind(rng: random.Random, seed: int, n: int) -> Iterator[Case]:
    """Ctrl-C (SIGINT to the group) or SIGTERM to `simulate` at a random moment, perhaps
    again and again: exit 130 with the whole report of the games finished."""
    for _ in range(n):
        how = rng.choice(["ctrl-c", "sigterm"])
        delay = rng.choice([0.0, 0.05, 0.3, 1.0, 2.5, rng.uniform(0, 4)])
        again = rng.choice([0, 0, 1, 5, 50])
        workers = rng.choice(["1", "2"])
        as_json = rng.random() < 0.5
        yield _signal_case(how, delay, again, workers, as_json)


def _signal_case(how: str, delay: float, again: int, workers: str, as_json: bool) -> Case:
    def case(box: Sandbox) -> None:
        argv = [sys.executable, "-m", "agesmith", "simulate", str(box.pack), *SHORT]
        argv += ["--games", str(10**9), "--workers", workers, *(["--json"] if as_json else [])]
        errors = box.root / "stderr.txt"
        box.start()
        with open(errors, "wb") as sink:
            process = subprocess.Popen(
                argv,
                cwd=box.root,
                env=box.env(),
                stdout=subprocess.PIPE,
                stderr=sink,
                start_new_session=True,
            )
        box.allowed.append(errors)
        try:
            out = _stop(process, errors, how, delay, again, box.timeout)
        finally:  # a billion games: never left running (the campaign stopped, a hang)
            if process.poll() is None:
                _kill(process)
        if out is None:
            box.record(argv, "", None, "", errors.read_bytes())
            raise Finding("hang", f"{how} after {delay:.2f} s: no end")
        if _outlived(process.pid, box.timeout):
            box.record(argv, "", process.returncode, out, errors.read_bytes())
            raise Finding("hang", f"{how} after {delay:.2f} s: a worker outlived the command")
        step = box.record(argv, "", process.returncode, out, errors.read_bytes())
        box.judge(step, frozenset({130}))
        if "Aborted!" in step.err:
            raise Finding("unclear", "Aborted! instead of the report")
        _whole_report(step.out, as_json)

    return case


def _stop(
    process: subprocess.Popen[bytes],
    errors: Path,
    how: str,
    delay: float,
    again: int,
    timeout: float,
) -> bytes | None:
    """Signal `simulate` `delay` seconds after it says it is loading (then `again` times
    more); its output, or None when it does not end within `timeout`."""
    started = time.monotonic() + timeout
    while b"Loading" not in errors.read_bytes() and process.poll() is None:
        if time.monotonic() > started:
            break
        time.sleep(0.01)
    time.sleep(delay)
    for i in range(1 + again):
        try:
            if how == "ctrl-c":
                os.killpg(process.pid, signal.SIGINT)
            else:
                os.kill(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            break
        time.sleep(0.01 if i else 0.05)
    try:
        out, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return out


def _outlived(group: int, patience: float) -> bool:
    """Whether a process of the group (a simulation's workers) is still alive after
    `patience` seconds; such processes are killed."""
    deadline = time.monotonic() + patience
    while _alive(group):
        if time.monotonic() > deadline:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(group, signal.SIGKILL)
            return True
        time.sleep(0.1)
    return False


def _alive(group: int) -> bool:
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat_line = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat_line[stat_line.rindex(")") + 2 :].split()
            if int(fields[2]) == group and fields[0] != "Z":
                return True
    return False


def _whole_report(out: str, as_json: bool) -> None:
    if as_json:
        try:
            summary = json.loads(out)
        except ValueError:
            raise Finding("unclear", f"the JSON report is cut: ...{out[-80:]!r}") from None
        if summary.get("interrupted") is not True:
            raise Finding("unclear", "the JSON report does not say it was interrupted")
        return
    lines = out.rstrip().splitlines()
    if not lines or not lines[-1].startswith("Interrupted"):
        raise Finding("unclear", f"the report is cut: ...{out[-80:]!r}")


# ------------------------------------------------------------------ caches


def _caches_kind(rng: random.Random, seed: int, n: int) -> Iterator[Case]:
    """Each file of ~/.cache/agesmith replaced by something hostile: a miss, never a crash,
    a hang, another diagnostic, or a user's file written through a link."""
    hostile = [
        "truncated",
        "random bytes",
        "bytes flipped",
        "6 GB sparse file",
        "link to /dev/zero",
        "fifo",
        "folder",
        "link to a user's file",
        "unreadable",
        "cache folder is a file",
        "cache folder is a link to a user's folder",
    ]
    for _ in range(n):
        yield _cache_case(rng.choice(hostile), rng.random(), rng.randrange(2**32))


def _cache_case(how: str, which: float, noise: int) -> Case:
    def case(box: Sandbox) -> None:
        pack = box.pack
        (pack / "antiquity.yaml").write_text(  # a located error, so diagnostics are compared
            (pack / "antiquity.yaml").read_text().replace("points: 2", "points: two", 1)
        )
        clean = box.agesmith("validate", str(pack))
        folder = box.cache / "agesmith"
        files = sorted(p for p in folder.rglob("*") if p.is_file())
        target = files[int(which * len(files))] if files else folder / "missing"
        _spoil(box, folder, target, how, random.Random(noise))
        for _ in range(2):  # the run that meets it, and the one after
            step = box.agesmith("validate", str(pack))
            if (step.code, step.out) != (clean.code, clean.out):
                raise Finding("unclear", f"{how} ({target.name}): another answer than a clean run")
        thesis = box.home / "documents" / "thesis.txt"
        if thesis.exists() and thesis.read_text() != "precious":
            raise Finding("written outside", "a user's file in the linked cache folder")

    return case


def _spoil(box: Sandbox, folder: Path, target: Path, how: str, rng: random.Random) -> None:
    data = target.read_bytes() if target.is_file() else b""
    if how == "cache folder is a file":
        shutil.rmtree(folder)
        folder.write_bytes(b"not a folder")
        return
    if how == "cache folder is a link to a user's folder":
        shutil.rmtree(folder)
        (box.home / "documents").mkdir()
        (box.home / "documents" / "thesis.txt").write_text("precious")
        folder.symlink_to(box.home / "documents")
        box.allowed.append(box.home / "documents")
        return
    target.unlink(missing_ok=True)
    if how == "truncated":
        target.write_bytes(data[: len(data) // 2])
    elif how == "random bytes":
        target.write_bytes(rng.randbytes(max(1, len(data))))
    elif how == "bytes flipped":
        raw = bytearray(data or b"x")
        for _ in range(5):
            raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        target.write_bytes(bytes(raw))
    elif how == "6 GB sparse file":
        with open(target, "wb") as f:
            f.truncate(6 * 1024**3)
    elif how == "link to /dev/zero":
        target.symlink_to("/dev/zero")
    elif how == "fifo":
        os.mkfifo(target)
    elif how == "folder":
        target.mkdir()
        (target / "inside").write_text("kept")
        box.allowed.append(target)
    elif how == "link to a user's file":
        target.symlink_to(box.home / "notes.txt")
    elif how == "unreadable":
        target.write_bytes(data)
        target.chmod(0)


# ------------------------------------------------------------------ command-line options

VALUES = [
    "",
    "0",
    "-1",
    "1",
    "2",
    "3",
    "11",
    "99999999999999999999",
    "9" * 5000,
    "abc",
    "1.5",
    "nan",
    "\x1b[2J",
    "é",
    "prehistory",
    "antiquity+middle_ages",
    "middle_ages+prehistory",
    "all",
    "front",
    "back",
    "progressive",
    "introductory,linear",
    "greedy",
    "random,greedy",
    "nobody",
    "Tiger",
    "famine",
    "a4",
    "tarot",
    "--json",
]
OPTIONS: dict[str, list[str]] = {
    "validate": ["--variant", "--json"],
    "cards": ["--json", "--age"],
    "explain": ["--variant", "--json"],
    "odds": ["--own", "--tilted", "--tokens", "--age", "--variant", "--json"],
    "check": ["-q", "-v", "--deck"],
    "play": ["--players", "--seed", "--variant", "--board", "--ages", "--bots", "--force"],
    "simulate": [
        "--players",
        "--seed",
        "--workers",
        "--bots",
        "--variant",
        "--board",
        "--ages",
        "--top",
        "--json",
    ],
    "print": ["--paper", "--size", "--bleed", "--no-backs"],
}
FLAGS = {"--json", "--force", "-q", "-v", "--no-backs"}


def _options_kind(rng: random.Random, seed: int, n: int) -> Iterator[Case]:
    """Every command with random options and values (odd ones included)."""
    for _ in range(n):
        command = rng.choice(sorted(OPTIONS))
        args: list[str] = []
        for _ in range(rng.randint(0, 4)):
            option = rng.choice([*OPTIONS[command], "--nonsense", "-x"])
            args.append(option)
            if option not in FLAGS and rng.random() < 0.95:
                args.append(rng.choice(VALUES))
        yield _options_case(command, args, rng.random())


def _options_case(command: str, args: list[str], r: float) -> Case:
    def case(box: Sandbox) -> None:
        box.out.mkdir()
        target = str(box.root / "scenario.yaml") if command == "check" else str(box.pack)
        if command == "check":
            shutil.copy(ROOT / "tests/scenarios/along_history/famine-free.yaml", target)
        extra = {
            "odds": ["Tiger"] if r < 0.8 else [],
            "explain": ["tiger"] if r < 0.5 else [],
            "simulate": ["--games", "2" if r < 0.8 else "0", "--ages", "prehistory"],
            "print": ["--out", str(box.out / "deck.pdf")],
        }.get(command, [])
        box.allowed.append(box.out / "deck.pdf")
        codes = SIMULATE_CODES - {130}
        box.agesmith(command, target, *extra, *args, stdin="1\nq\n", codes=codes)

    return case


KINDS: dict[str, Callable[[random.Random, int, int], Iterator[Case]]] = {
    "pack": _pack_kind,
    "saves": _saves_kind,
    "scenarios": _scenarios_kind,
    "decks": _decks_kind,
    "csv": _csv_kind,
    "names": _names_kind,
    "signals": _signals_kind,
    "caches": _caches_kind,
    "options": _options_kind,
}

# ------------------------------------------------------------------ the campaign


def new_sandbox(folder: Path, template_cache: Path) -> Sandbox:
    box = Sandbox(folder)
    shutil.copytree(PACK, box.pack)
    for sub in ("home", "tmp"):
        (folder / sub).mkdir()
    (box.home / "notes.txt").write_text("a user's file: never written by agesmith\n")
    shutil.copytree(template_cache, box.cache)
    return box


def warm_cache(work: Path) -> Path:
    """A cache folder filled by validating the pack once, copied into every sandbox (a cold
    cache would make every case slower)."""
    box = Sandbox(work / "warm")
    shutil.copytree(PACK, box.pack)
    box.home.mkdir(parents=True)
    (box.root / "tmp").mkdir()
    box.agesmith("validate", str(box.pack))
    return box.cache


def run_case(case: Case, box: Sandbox) -> tuple[str, str]:
    """The class of a case's outcome and what was seen."""
    try:
        case(box)
        verdict = ("clean", "")
    except Finding as e:
        verdict = (e.kind, e.detail)
    except Exception:
        verdict = ("traceback", "the campaign itself: " + _last_lines(traceback.format_exc()))
    if verdict[0] == "clean":
        outside = written_outside(box, box.before or {}, snapshot(box.root))
        if outside:
            verdict = ("written outside", ", ".join(outside[:5]))
    return verdict


def keep(box: Sandbox, findings: Path, name: str, verdict: tuple[str, str]) -> None:
    """Copy a failing case (inputs, commands, outputs) and a script that replays it."""
    folder = findings / name
    shutil.rmtree(folder, ignore_errors=True)
    source = box.inputs if box.inputs.exists() else box.root
    shutil.copytree(source, folder, symlinks=True, ignore=_not_copied(box))
    root = str(box.root)
    for link in [p for p in folder.rglob("*") if p.is_symlink()]:  # into the copy, relative
        target = os.readlink(link)
        if target.startswith(root + os.sep):
            inside = folder / os.path.relpath(target, root)
            link.unlink()
            link.symlink_to(os.path.relpath(inside, link.parent))
    steps: list[dict[str, Any]] = [
        {
            "argv": [a.replace(root, "$CASE") for a in s.argv],
            "stdin": s.stdin.replace(root, "$CASE"),
            "exit": s.code,
            "stdout": s.out[-4000:],
            "stderr": s.err[-4000:],
        }
        for s in box.steps
    ]
    record = {"class": verdict[0], "detail": verdict[1], "steps": steps}
    (folder / "case.json").write_text(json.dumps(record, indent=2, ensure_ascii=False))
    lines = [
        "#!/bin/sh",
        "# replays the case's commands in this folder (a copy: the cache starts empty)",
        'CASE=$(cd "$(dirname "$0")" && pwd)',
        f'export HOME="$CASE/home" XDG_CACHE_HOME="$CASE/home/.cache" PYTHONPATH="{ROOT}"',
        'export TMPDIR="$CASE/tmp"',
        "# a cache spoiled or a signal sent between commands is not replayed: see case.json",
        *(f'[ -e "$CASE/{f}" ] || mkfifo "$CASE/{f}"' for f in _fifos(box)),
    ]
    for s in steps:
        if s["argv"][0] == "<library>":
            lines.append(f"# library call: {s['argv'][1]} (run the campaign with this seed)")
            continue
        argv = " ".join(_quoted(a) for a in ["python3", *s["argv"][1:]])
        lines.append(f"printf %s {_quoted(s['stdin'])} | {argv}")
    (folder / "replay.sh").write_text("\n".join(lines) + "\n")
    (folder / "replay.sh").chmod(0o755)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`") + '"'


def _fifos(box: Sandbox) -> list[str]:
    """The FIFOs among a case's inputs (a copy cannot hold them: the replay makes them)."""
    found = []
    for folder, _, files in os.walk(box.root):
        for name in files:
            path = os.path.join(folder, name)
            with contextlib.suppress(OSError):
                if stat.S_ISFIFO(os.lstat(path).st_mode):
                    found.append(os.path.relpath(path, box.root))
    return found


def _not_copied(box: Sandbox) -> Callable[[str, list[str]], list[str]]:
    def ignore(folder: str, names: list[str]) -> list[str]:
        if Path(folder) == box.home:
            return [".cache"]
        skipped = []
        for name in names:
            try:
                mode = os.lstat(os.path.join(folder, name)).st_mode
            except OSError:
                continue
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
                skipped.append(name)  # a FIFO: its name is in case.json
            elif stat.S_ISREG(mode) and os.lstat(os.path.join(folder, name)).st_size > 50 << 20:
                skipped.append(name)
        return skipped

    return ignore


def campaign(seed: int, cases: int, kinds: list[str], findings: Path, timeout: float) -> dict:
    """Run every kind's cases; the counts by kind and class."""
    console = Console(stderr=True)
    counts: dict[str, dict[str, int]] = {
        k: dict.fromkeys(("cases", "clean", *CLASSES), 0) for k in kinds
    }
    seen: list[tuple[str, str, str]] = []
    reached: dict[str, dict[str, int]] = {k: {} for k in kinds}
    with tempfile.TemporaryDirectory(prefix="agesmith-fuzz-") as work:
        # the campaign's own library calls (planning) never touch the user's cache
        os.environ["XDG_CACHE_HOME"] = str(Path(work) / "planning-cache")
        template = warm_cache(Path(work))
        plans = {k: list(KINDS[k](random.Random(f"{seed}:{k}"), seed, cases)) for k in kinds}
        columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()]
        with Progress(*columns, console=console) as progress:
            task = progress.add_task("fuzzing", total=sum(len(p) for p in plans.values()))
            for kind, plan in plans.items():
                for i, case in enumerate(plan):
                    progress.update(task, description=f"seed {seed}: {kind} {i + 1}/{len(plan)}")
                    box = new_sandbox(Path(work) / f"{kind}-{i}", template)
                    box.timeout = timeout
                    verdict = run_case(case, box)
                    counts[kind]["cases"] += 1
                    for what in box.reached:
                        reached[kind][what] = reached[kind].get(what, 0) + 1
                    counts[kind][verdict[0]] += 1
                    if verdict[0] != "clean":
                        name = f"seed{seed}-{kind}-{i}"
                        keep(box, findings, name, verdict)
                        seen.append((name, *verdict))
                        progress.console.print(f"[red]{name}[/red] {verdict[0]}: {verdict[1]}")
                    _remove(box.root)
                    _remove(box.inputs)
                    progress.advance(task)
    return {"seed": seed, "counts": counts, "reached": reached, "findings": seen}


def _remove(folder: Path) -> None:
    for path in folder.rglob("*"):
        try:
            if not path.is_symlink():
                path.chmod(0o700)
        except OSError:
            pass
    shutil.rmtree(folder, ignore_errors=True)


def show(result: dict) -> None:
    table = Table(title=f"Fuzz campaign, seed {result['seed']}")
    for column in ("kind", "cases", "clean", *CLASSES):
        table.add_column(column, justify="left" if column == "kind" else "right")
    totals = dict.fromkeys(("cases", "clean", *CLASSES), 0)
    for kind, counts in result["counts"].items():
        table.add_row(kind, *(str(counts[c]) for c in ("cases", "clean", *CLASSES)))
        for c in totals:
            totals[c] += counts[c]
    table.add_row("all", *(str(totals[c]) for c in ("cases", "clean", *CLASSES)), style="bold")
    Console(width=120).print(table)
    deep = [
        f"{k}: {', '.join(f'{n} {w}' for w, n in r.items())}"
        for k, r in result["reached"].items()
        if r
    ]
    if deep:
        print("How far clean cases went: " + "; ".join(deep))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="seed of every kind's cases (default 1)"
    )
    parser.add_argument("--cases", type=int, default=20, help="cases per kind (default 20)")
    parser.add_argument(
        "--kinds",
        default=",".join(KINDS),
        help=f"comma-separated kinds to run (default: all of {','.join(KINDS)})",
    )
    parser.add_argument(
        "--findings",
        type=Path,
        default=Path("fuzz-findings"),
        help="folder the failing cases are copied into, one folder each (default ./fuzz-findings)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=TIMEOUT,
        help=f"seconds a step may take (default {TIMEOUT:.0f})",
    )
    parser.add_argument("--json", type=Path, help="also write the counts and findings as JSON")
    options = parser.parse_args()
    # SIGTERM ends the campaign as Ctrl-C does, so that no case's process outlives it
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    kinds = [k.strip() for k in options.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or options.cases < 1:
        parser.error(
            f"unknown kinds {unknown}; the kinds: {', '.join(KINDS)}"
            if unknown
            else "--cases must be at least 1"
        )
    options.findings.mkdir(parents=True, exist_ok=True)
    result = campaign(
        options.seed, options.cases, kinds, options.findings.resolve(), options.timeout
    )
    show(result)
    for name, kind, detail in result["findings"]:
        print(f"{options.findings / name}: {kind}: {detail}")
    if options.json:
        options.json.write_text(json.dumps(result, indent=2))
    sys.exit(1 if result["findings"] else 0)


if __name__ == "__main__":
    main()
