"""One root for the project's errors: every public exception class of the packages is an
AgesmithError, so a command or a page catches the project's errors in one place."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from rules_dsl.errors import AgesmithError

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules_dsl", "interpreter", "editor", "agesmith")


def _exception_classes() -> list[tuple[str, str]]:
    """(module, class) of every public class whose name ends in Error, or that derives from
    Exception by name, defined at the top of a module of the packages."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "app_pages" in path.parts or path.name == "app.py":
                continue  # Streamlit pages run when imported
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            module = module.removesuffix(".__init__")
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                if not isinstance(node, ast.ClassDef) or node.name.startswith("_"):
                    continue
                bases = {b.id if isinstance(b, ast.Name) else "" for b in node.bases}
                if node.name.endswith("Error") or bases & {
                    "Exception",
                    "ValueError",
                    "RuntimeError",
                }:
                    found.append((module, node.name))
    return found


def test_every_error_of_the_project_is_an_agesmith_error() -> None:
    classes = _exception_classes()
    assert len(classes) >= 15, classes  # the scan sees the project's errors
    outside = [
        f"{module}.{name}"
        for module, name in classes
        if not issubclass(getattr(importlib.import_module(module), name), AgesmithError)
    ]
    assert outside == []


def test_the_errors_keep_the_built_in_class_callers_catch() -> None:
    from interpreter.core.errors import IllegalActionError, RuleLoopError
    from interpreter.tools.saves import SaveError

    assert issubclass(SaveError, ValueError) and issubclass(IllegalActionError, ValueError)
    assert issubclass(RuleLoopError, RuntimeError)
