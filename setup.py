"""Agesmith's build: the interpreter's play loop compiled to C with mypyc, when it can be.

Everything else is in pyproject.toml. `pip install .` and `pip install -e .` compile the modules
of the packages in `COMPILED`, found by walking them (mypyc, from their type hints: one C
extension, a few minutes of compiling). The compiled modules are optional: without a C
compiler, when compiling fails, or with `AGESMITH_PURE_PYTHON=1` set, the install is plain
Python and plays the same games, slower (tests/test_compiled.py compares them).
`interpreter.compiled()` says which one runs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

# The layers of interpreter/ a game runs through, move after move (interpreter/__init__.py): every
# module in them is compiled, but those below. The tools around play (simulation, reports,
# scenarios, saves: interpreter/tools/) are not compiled.
COMPILED = ["core", "model", "compile", "mechanics", "engine", "bots"]

# Modules of those packages that stay Python, each with why.
NOT_COMPILED = {
    "core/errors.py": "mypyc cannot compile a subclass of ValueError",
    "mechanics/ages.py": "a few calls a round; tests watch `ages.next_age` (monkeypatched), which "
    "a compiled caller in the same module would call unseen",
    "mechanics/game.py": "the mechanics' protocol of the game: only the type checker reads it",
    "bots/search.py": "not compiled before the packages were: the search's time is in its "
    "rollouts, which run the compiled engine and greedy bot",
    "bots/registry.py": "the bots by name, read once per game",
}


def compiled_modules() -> list[str]:
    """The source files mypyc compiles: every module of the COMPILED packages, sorted."""
    found = []
    for package in COMPILED:
        for path in sorted(Path("interpreter", package).rglob("*.py")):
            name = path.relative_to("interpreter").as_posix()
            if path.name != "__init__.py" and name not in NOT_COMPILED:
                found.append(path.as_posix())
    return found


PURE = os.environ.get("AGESMITH_PURE_PYTHON", "") not in ("", "0")


class OptionalBuildExt(build_ext):
    """Build the compiled modules, all or none: a failure leaves the pure-Python install."""

    def run(self) -> None:
        try:
            super().run()
        except (CCompilerError, ExecError, PlatformError, OSError) as e:
            for output in self.get_outputs():  # a half-built set would not import
                Path(output).unlink(missing_ok=True)
            self.warn(
                f"the compiled core was not built ({e}); Agesmith installs as plain "
                "Python: the same games, slower"
            )
            return
        if self.inplace or getattr(self, "editable_mode", False):
            # An editable install runs the compiled modules only while they are newer than
            # their sources (interpreter/__init__.py): date them now, even when the build
            # reused modules compiled earlier from the same sources.
            for ext in self.extensions:
                built = Path(self.get_ext_filename(ext.name))
                if built.exists():
                    os.utime(built)


def extensions() -> list:
    # pip first asks for the requirements and the metadata (egg_info, dist_info), which do not
    # need the extensions: mypyc runs once, for the build itself
    if PURE or sys.argv[1:2] in (["egg_info"], ["dist_info"]):
        return []
    from mypyc.build import mypycify

    try:
        return mypycify(compiled_modules(), opt_level="3", group_name="interpreter._compiled")
    except SystemExit:  # mypyc printed why it cannot compile the modules
        print(
            "warning: the compiled core was not built; Agesmith installs as plain Python: "
            "the same games, slower",
            file=sys.stderr,
        )
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
