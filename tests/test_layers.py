"""The import layers and the types are checked with the tests (CI runs only pytest):
`lint-imports` keeps rules_dsl -> interpreter -> tools and the layers inside interpreter
(pyproject.toml, [tool.importlinter]); `mypy` checks every package (rules_dsl/, interpreter/,
editor/, agesmith/) and benchmarks/; `ruff` lints and `ruff format` lays out every Python file
of the repository."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    path = shutil.which(tool, path=str(Path(sys.executable).parent)) or shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed: pip install -e '.[dev]' to check this")
    return subprocess.run([path, *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_the_import_layers_are_kept() -> None:
    result = _run("lint-imports", "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_package_is_type_clean() -> None:
    """mypy finds no error in any package nor in benchmarks/ (pyproject.toml, [tool.mypy])."""
    # mypy's incremental cache (.mypy_cache/ in the repository) makes a run after the first
    # check only the modules changed since: a fresh clone, as in CI, checks them all
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_code_is_lint_clean_and_formatted() -> None:
    lint = _run("ruff", "check", ".")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    layout = _run("ruff", "format", "--check", ".")
    assert layout.returncode == 0, "run `ruff format .`:\n" + layout.stdout + layout.stderr


def test_no_module_imports_itself_back() -> None:
    """No import cycle in rules_dsl/ or interpreter/ (imports only for type checking aside)."""
    grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter (dev extra)")
    graph = grimp.build_graph("interpreter", "rules_dsl", exclude_type_checking_imports=True)
    cycles = sorted(
        {
            tuple(sorted((a, b)))
            for a in graph.modules
            for b in graph.find_modules_directly_imported_by(a)
            if graph.chain_exists(importer=b, imported=a)
        }
    )
    assert not cycles, f"import cycles: {cycles}"
