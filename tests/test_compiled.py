"""The compiled play loop (mypyc, setup.py) plays exactly the games the Python sources play.

Both run in subprocesses of this install: as installed (compiled when the build could compile)
and with `AGESMITH_PURE_PYTHON=1`, which makes the interpreter load its Python sources. Each
plays seeded 4-player games of Along History, all three ages, with random and greedy bots, on
the playout path (no log) and on the path a person's game takes (`choices` + `apply`, with the
log); the final positions' digests, the number of actions and the logs must be equal.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

# Run in a fresh interpreter: prints what it played, as JSON.
PLAY = """
import hashlib, json, sys
import interpreter
from cards import bundled
from interpreter import Game
from interpreter.bots.greedy import GreedyBot, RandomBot
from interpreter.bots.playout import playout

game = Game.load(bundled())
played = []
for name, bot in (("random", RandomBot), ("greedy", GreedyBot)):
    for seed in range(3):
        end = playout(game, [bot(seed * 16 + seat, strict=True) if bot is GreedyBot
                             else bot(seed * 16 + seat) for seat in range(4)], seed)
        played.append([name, "playout", seed, end.digest(), end.moves])
    bots = [bot(seat) for seat in range(4)]
    state = game.new(4, seed=7)
    while not state.over:
        state = game.apply(state, bots[state.to_move].choose(game, state, game.choices(state)))
    log = hashlib.sha256("\\n".join(state.log).encode()).hexdigest()
    played.append([name, "apply", 7, state.digest(), state.moves, log])
print(json.dumps({"compiled": interpreter.compiled(),
                  "engine": interpreter.engine.game.__file__, "played": played}))
"""


def play(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "AGESMITH_PURE_PYTHON"}
    if pure:
        env["AGESMITH_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_compiled_and_pure_python_play_the_same_games() -> None:
    pure = play(pure=True)
    assert pure["compiled"] is False and pure["engine"].endswith("game.py")
    installed = play(pure=False)
    if not installed["compiled"]:
        pytest.skip(
            "this install has no compiled core (no C compiler, or "
            "AGESMITH_PURE_PYTHON was set when it was built)"
        )
    assert not installed["engine"].endswith(".py")
    assert installed["played"] == pure["played"]
    assert len({game[3] for game in pure["played"]}) == len(pure["played"])  # 8 games


def test_a_compiled_module_older_than_its_source_is_stale(tmp_path) -> None:
    from importlib.machinery import EXTENSION_SUFFIXES

    import interpreter

    source, built = tmp_path / "engine.py", tmp_path / f"engine{EXTENSION_SUFFIXES[0]}"
    source.write_text("")
    built.write_bytes(b"")
    os.utime(built, (1_000_000, 1_000_000))
    os.utime(source, (1_000_001, 1_000_001))  # unpacked by the same install
    assert interpreter._stale(str(tmp_path)) is None
    os.utime(source, (1_000_060, 1_000_060))  # edited after the build
    assert interpreter._stale(str(tmp_path)) == "engine.py"


def test_a_stale_module_in_a_layers_folder_is_found(tmp_path) -> None:
    """The compiled modules are in the layers' subfolders (interpreter/engine/game.py...): one
    older than its source there makes the sources run, as at the top."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import interpreter

    (tmp_path / "engine").mkdir()
    source = tmp_path / "engine" / "game.py"
    built = tmp_path / "engine" / f"game{EXTENSION_SUFFIXES[0]}"
    source.write_text("")
    built.write_bytes(b"")
    os.utime(built, (1_000_000, 1_000_000))
    os.utime(source, (1_000_001, 1_000_001))
    assert interpreter._stale(str(tmp_path)) is None
    os.utime(source, (1_000_060, 1_000_060))
    assert interpreter._stale(str(tmp_path)) == os.path.join("engine", "game.py")
