"""The broken-pack conformance suite: every fault of `tests/packs/broken/<case>/` is reported.

Each case folder is a copy of `tests/packs/minimal/` with one fault (or a few, for
`several-errors`) and an `expected.yaml`:

    description: what is wrong
    variant: a variant name to load the pack with      # optional
    exact: true                                        # optional: no other diagnostic allowed
    diagnostics:                                       # each must be reported (order free)
      - {severity: error, code: yaml, file: stone.yaml, line: 12, column: 1,
         message_contains: "tabs", hint_contains: "spaces"}

`file` is the file name inside the case folder; every key of an expected diagnostic but
`severity` and `message_contains` may be left out.
"""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from agesmith.cli import main
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.pack import load_pack

PACKS = Path(__file__).resolve().parents[1] / "packs"
BROKEN = PACKS / "broken"
CASES = sorted(p.name for p in BROKEN.iterdir() if p.is_dir())

CASE_KEYS = {"description", "variant", "exact", "diagnostics"}
DIAGNOSTIC_KEYS = {
    "severity",
    "code",
    "file",
    "line",
    "column",
    "message_contains",
    "hint_contains",
}
# Line breaks as YAML counts them (the loader reports lines the same way).
LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


@cache
def expected(case: str) -> dict[str, Any]:
    data = yaml.safe_load((BROKEN / case / "expected.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{case}/expected.yaml must be a mapping"
    return data


@cache
def loaded(case: str) -> tuple[Any, tuple[Diagnostic, ...]]:
    pack, diagnostics = load_pack(BROKEN / case, variant=expected(case).get("variant"))
    return pack, tuple(diagnostics)


def same_file(diagnostic: Diagnostic, case: str, name: str) -> bool:
    return (
        diagnostic.file is not None
        and Path(diagnostic.file).resolve() == (BROKEN / case / name).resolve()
    )


def matches(diagnostic: Diagnostic, case: str, want: dict[str, Any]) -> bool:
    return (
        diagnostic.severity == want["severity"]
        and want.get("code", diagnostic.code) == diagnostic.code
        and ("file" not in want or same_file(diagnostic, case, want["file"]))
        and want.get("line", diagnostic.line) == diagnostic.line
        and want.get("column", diagnostic.column) == diagnostic.column
        and want["message_contains"] in diagnostic.message
        and ("hint_contains" not in want or want["hint_contains"] in (diagnostic.hint or ""))
    )


def file_lines(path: Path) -> list[str]:
    return LINE_BREAK.split(path.read_bytes().decode("utf-8", "replace"))


def rendered(diagnostics: tuple[Diagnostic, ...]) -> str:
    return "\n".join(d.render() for d in diagnostics) or "(no diagnostic)"


# ------------------------------------------------------------------ the suite itself


def test_the_suite_has_every_case() -> None:
    wanted = {
        "yaml-syntax-error",
        "tab-indentation",
        "wrong-value-type",
        "missing-required-key",
        "unknown-key",
        "rule-syntax-error",
        "unknown-card-name",
        "unknown-word",
        "unknown-resource",
        "unknown-keyword",
        "unknown-event",
        "duplicate-card",
        "card-of-other-age",
        "card-of-no-age",
        "empty-file",
        "missing-game-yaml",
        "missing-card-file",
        "non-utf8",
        "alias-bomb",
        "long-rule",
        "deep-brackets",
        "deep-blocks",
        "unreachable-space",
        "token-without-space",
        "owns-n-of-never-holds",
        "several-errors",
        "unknown-variant",
        # numbers beyond the bounds a save is held to (rules_dsl/bounds.py)
        "points-beyond-bound",
        "bonus-beyond-bound",
        "rule-number-beyond-bound",
        "formula-number-too-long",
        "number-of-5000-digits",
        "counter-start-above-max",
        "counter-max-zero",
        "counter-beyond-bound",
        # inputs once ignored or met with a traceback
        "long-card-file-name",
        "card-file-is-a-list",
        "option-default-not-a-value",
        "or-always-holds",
        "game-file-is-a-list",
    }
    assert wanted <= set(CASES)


def test_the_minimal_pack_is_clean() -> None:
    pack, diagnostics = load_pack(PACKS / "minimal")
    assert diagnostics == [], rendered(tuple(diagnostics))
    assert pack is not None and len(pack.ages) == 2 and len(pack.phases) == 2
    _, diagnostics = load_pack(PACKS / "minimal", variant="short")
    assert diagnostics == [], rendered(tuple(diagnostics))


@pytest.mark.parametrize("case", CASES)
def test_expected_file_is_well_formed(case: str) -> None:
    data = expected(case)
    assert set(data) <= CASE_KEYS, f"unknown keys {set(data) - CASE_KEYS}"
    assert data.get("description") and data.get("diagnostics")
    for want in data["diagnostics"]:
        assert set(want) <= DIAGNOSTIC_KEYS, f"unknown keys {set(want) - DIAGNOSTIC_KEYS}"
        assert want["severity"] in ("error", "warning") and want["message_contains"]


# ------------------------------------------------------------------ each case


@pytest.mark.parametrize("case", CASES)
def test_load_never_raises(case: str) -> None:
    # how fast a broken pack is answered is measured by benchmarks/, not asserted here
    load_pack(BROKEN / case, variant=expected(case).get("variant"))


@pytest.mark.parametrize("case", CASES)
def test_reports_each_expected_diagnostic(case: str) -> None:
    _, diagnostics = loaded(case)
    for want in expected(case)["diagnostics"]:
        assert any(matches(d, case, want) for d in diagnostics), (
            f"{case}: nothing matches {want}; reported:\n{rendered(diagnostics)}"
        )
    if expected(case).get("exact"):
        assert len(diagnostics) == len(expected(case)["diagnostics"]), rendered(diagnostics)


@pytest.mark.parametrize("case", CASES)
def test_reports_an_error(case: str) -> None:
    """Every case is an error, but a warning-only case, which still loads without error."""
    pack, diagnostics = loaded(case)
    wants_error = any(w["severity"] == "error" for w in expected(case)["diagnostics"])
    errors = [d for d in diagnostics if d.is_error]
    if wants_error:
        assert errors, rendered(diagnostics)
    else:
        assert not errors and pack is not None, rendered(diagnostics)


@pytest.mark.parametrize("case", CASES)
def test_every_location_lies_inside_its_file(case: str) -> None:
    _, diagnostics = loaded(case)
    for d in diagnostics:
        assert d.file, d
        text = d.render()
        assert text.startswith(f"{d.location()}: {d.severity}: {d.message}"), text
        if d.line is None:
            continue
        path = Path(d.file)
        assert path.is_file(), f"{d.file} does not exist:\n{text}"
        assert path.resolve().is_relative_to(BROKEN / case), text
        lines = file_lines(path)
        assert 1 <= d.line <= len(lines), text
        line = lines[d.line - 1]
        assert d.column is not None and 1 <= d.column <= len(line) + 1, text
        if d.end_column is not None:
            assert d.column < d.end_column <= len(line) + 1, text
        assert d.source_line == line, text


# ------------------------------------------------------------------ through the command line


@pytest.mark.parametrize(
    ("case", "where"),
    [
        ("rule-syntax-error", "stone.yaml:33:52: error: unexpected ','"),
        ("non-utf8", "stone.yaml:19:16: error: the byte 0xE9 is not valid UTF-8"),
        ("several-errors", 'game.yaml:7:1: error: unknown key "player_count"'),
        ("unknown-event", 'bronze.yaml:25:7: error: unknown event "on aquire"'),
    ],
)
def test_validate_reports_the_place(case: str, where: str) -> None:
    result = CliRunner().invoke(main, ["validate", str(BROKEN / case)])
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    assert where in result.output
    assert result.output.rstrip().splitlines()[-1].endswith("failed")


def test_validate_reports_all_errors_of_several_files_in_one_run() -> None:
    result = CliRunner().invoke(main, ["validate", str(BROKEN / "several-errors")])
    assert result.exit_code == 1
    for where in (
        "game.yaml:7:1:",
        "stone.yaml:13:25:",
        "stone.yaml:25:23:",
        "bronze.yaml:15:13:",
        "bronze.yaml:25:",
    ):
        assert where in result.output
    assert "5 errors, 0 warnings" in result.output


def test_validate_in_a_real_process_never_shows_a_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "agesmith", "validate", str(BROKEN / "missing-game-yaml")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert "error: the pack has no game.yaml" in result.stdout


def test_validate_with_an_unknown_variant() -> None:
    result = CliRunner().invoke(
        main, ["validate", str(BROKEN / "unknown-variant"), "--variant", "shrot"]
    )
    assert result.exit_code == 1
    assert 'game.yaml:46:3: error: the pack has no variant "shrot"' in result.output
    assert 'hint: did you mean "short"?' in result.output
