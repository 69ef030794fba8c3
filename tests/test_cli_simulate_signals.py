"""`agesmith simulate` stopped by Ctrl-C or SIGTERM: it prints the report of the games finished,
exits, and leaves no worker behind. Work is handed out as workers free up, so a billion games
start at once without queueing them all."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACK = str(ROOT / "cards" / "along_history")
SHORT = ["--variant", "introductory", "--ages", "prehistory", "--players", "2"]
PATIENCE = 120  # seconds a test waits for a process to do something; never asserted


def _group(pgid: int) -> list[int]:
    """The processes of a process group that are still alive (zombies are dead)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def _start(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    """`agesmith simulate` of a billion games, once it says it has started playing."""
    # a session of its own, as a terminal's foreground job: Ctrl-C is SIGINT to the group
    errors = tmp_path / "stderr"
    with open(errors, "w") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "agesmith",
                "simulate",
                PACK,
                *SHORT,
                "--games",
                str(10**9),
                *args,
            ],
            cwd=ROOT,
            text=True,
            stdout=subprocess.PIPE,
            stderr=sink,
            start_new_session=True,
        )
    _wait_for(
        lambda: "Ctrl-C stops" in errors.read_text() or process.poll() is not None,
        "the simulation to start",
    )
    assert process.poll() is None, errors.read_text()
    return process


def _wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.2)


def _stop(process: subprocess.Popen[str], send) -> str:
    try:
        send()
        out, _ = process.communicate(timeout=PATIENCE)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    _wait_for(lambda: not _group(process.pid), "the workers to end")
    return out


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_stopping_a_simulation_with_workers(tmp_path: Path, how: str) -> None:
    process = _start(tmp_path, "--workers", "2", "--json")
    _wait_for(lambda: len(_group(process.pid)) >= 3, "two workers to start")
    time.sleep(1)  # let them play a little (the report may still hold no game)
    if how == "ctrl-c":
        out = _stop(process, lambda: os.killpg(process.pid, signal.SIGINT))
    else:
        out = _stop(process, lambda: os.kill(process.pid, signal.SIGTERM))
    err = (tmp_path / "stderr").read_text()
    assert process.returncode == 130, err
    summary = json.loads(out)
    assert summary["interrupted"] is True
    assert summary["games"] >= 0 and len(summary["seats"]) == 2
    assert "Traceback" not in err
    assert not _group(process.pid)


def test_ctrl_c_with_one_worker_prints_the_report(tmp_path: Path) -> None:
    process = _start(tmp_path, "--workers", "1")
    time.sleep(1)
    out = _stop(process, lambda: os.killpg(process.pid, signal.SIGINT))
    err = (tmp_path / "stderr").read_text()
    assert process.returncode == 130, err
    assert "Interrupted: the report covers the" in out and "games finished" in out
    assert "Seats" in out and "Traceback" not in err


def test_a_billion_games_are_not_queued_at_once(tmp_path: Path) -> None:
    process = _start(tmp_path, "--workers", "2", "--json")
    try:
        _wait_for(lambda: len(_group(process.pid)) >= 3, "two workers to start")
        time.sleep(2)
        rss = int(
            next(
                line.split()[1]
                for line in Path(f"/proc/{process.pid}/status").read_text().splitlines()
                if line.startswith("VmRSS:")
            )
        )
        assert rss < 300_000, f"the main process holds {rss} kB"
    finally:
        _stop(process, lambda: os.killpg(process.pid, signal.SIGINT))


def test_workers_end_when_the_main_process_is_killed(tmp_path: Path) -> None:
    process = _start(tmp_path, "--workers", "2", "--json")
    _wait_for(lambda: len(_group(process.pid)) >= 3, "two workers to start")
    workers = [pid for pid in _group(process.pid) if pid != process.pid]
    os.kill(process.pid, signal.SIGKILL)  # no handler runs: the workers notice alone
    process.communicate(timeout=PATIENCE)
    try:
        _wait_for(lambda: not set(workers) & set(_group(process.pid)), "orphaned workers to end")
    finally:
        for pid in set(workers) & set(_group(process.pid)):
            os.kill(pid, signal.SIGKILL)


def _launch(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    """`agesmith simulate` of a billion games, in a session of its own, once its signal
    handlers are in place (it says "Loading" then, before the pack and the libraries load)."""
    errors = tmp_path / "stderr"
    with open(errors, "w") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "agesmith",
                "simulate",
                PACK,
                *SHORT,
                "--games",
                str(10**9),
                *args,
            ],
            cwd=ROOT,
            text=True,
            stdout=subprocess.PIPE,
            stderr=sink,
            start_new_session=True,
        )
    _wait_for(
        lambda: "Loading" in errors.read_text() or process.poll() is not None,
        "the command to start",
    )
    return process


def _storm(process: subprocess.Popen[str]) -> None:
    """Ctrl-C again and again, until the process has ended: whichever moment a second
    Ctrl-C falls on (ending the workers, merging a batch, printing), it must change nothing."""
    while process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGINT)
        except ProcessLookupError:
            return
        time.sleep(0.01)


@pytest.mark.parametrize("how", ["sigterm", "ctrl-c"])
@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text"])
def test_a_stop_while_the_pack_loads_reports_no_game_and_exits_130(
    tmp_path: Path, how: str, as_json: bool
) -> None:
    process = _launch(tmp_path, "--workers", "2", *(["--json"] if as_json else []))
    if how == "sigterm":
        out = _stop(process, lambda: os.kill(process.pid, signal.SIGTERM))
    else:
        out = _stop(process, lambda: os.killpg(process.pid, signal.SIGINT))
    err = (tmp_path / "stderr").read_text()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "Aborted!" not in err
    if as_json:
        summary = json.loads(out)
        assert summary["interrupted"] is True and len(summary["seats"]) == 2
    else:
        assert out.startswith("Along History: ")
        last = out.rstrip().splitlines()[-1]
        assert last.startswith("Interrupted"), out
        if "before any game finished" in last:  # the stop fell while it loaded
            assert "0 games of 2 players" in out and "Seats" not in out


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text"])
def test_more_ctrl_c_after_the_first_never_cut_the_report(
    tmp_path: Path, workers: str, as_json: bool
) -> None:
    process = _start(tmp_path, "--workers", workers, *(["--json"] if as_json else []))
    time.sleep(1)  # let a few games finish, so there are tables to cut (or not)
    out = _stop(process, lambda: _storm(process))
    err = (tmp_path / "stderr").read_text()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "Aborted!" not in err
    if as_json:
        summary = json.loads(out)  # whole: it parses
        assert summary["interrupted"] is True and len(summary["seats"]) == 2
    else:  # whole: down to its last line
        assert out.startswith("Along History: ")
        last = out.rstrip().splitlines()[-1]
        assert last.startswith("Interrupted"), out
        if "before any game finished" not in last:
            assert "Seats" in out and "Effect coverage:" in out
