"""Fixtures of the editor's tests: a private copy of the bundled pack to edit, and for the
browser tests `agesmith editor` serving a copy (one per test module) and Chromium (one per test
process: each pytest-xdist worker starts its own)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from editor.workspace import copy_bundled
from tests.editor.browsing import ARGS, CHROMIUM, SHOTS, shot


@pytest.fixture
def pack_copy(tmp_path: Path) -> Path:
    """A copy of Along History in tmp_path/along_history, its schemas in tmp_path/schema."""
    folder = tmp_path / "along_history"
    copy_bundled(folder)
    return folder


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """`agesmith editor` serving `folder` on a free port, its URL; stopped (with nothing left
    behind) at the end."""
    port = free_port()
    command = [sys.executable, "-m", "agesmith", "editor", str(folder), "--no-browser"]
    process = subprocess.Popen(
        [*command, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        for _ in range(300):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if process.poll() is not None:
                pytest.fail("agesmith editor stopped at start")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """`agesmith editor` on a copy of the pack; stopped (with nothing left behind) at the end."""
    folder = tmp_path_factory.mktemp("workshop") / "along_history"
    copy_bundled(folder)
    with serving(folder) as url:
        yield url, folder


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Keep each phase's report on the test, for the page fixture to see a failure."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def page(browser, server, request: pytest.FixtureRequest):
    """A fresh browser context (no cookies, no session) on the module's server; nothing may
    load from outside this computer. A failed test leaves the page as it was in
    tests/editor/screenshots/: FAILED-<test>.png and its text, FAILED-<test>.txt."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    context = browser.new_context(viewport={"width": 1500, "height": 1100}, accept_downloads=True)
    outside: list[str] = []

    def local_only(route) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "data:", "blob:")):
            route.continue_()
        else:  # nothing may load from a CDN or any other host
            outside.append(url)
            route.abort()

    context.route("**/*", local_only)
    page = context.new_page()
    page.set_default_timeout(90_000)  # a loaded machine is slow, never wrong
    sync_api.expect.set_options(timeout=90_000)
    yield page
    failed = getattr(request.node, "report_call", None)
    if failed is not None and failed.failed:
        try:  # a page that cannot be shown adds nothing to the failure
            shot(page, f"FAILED-{request.node.name}")
            (SHOTS / f"FAILED-{request.node.name}.txt").write_text(page.inner_text("body"))
        except sync_api.Error:
            pass
    context.close()
    assert outside == [], f"the page asked for files outside this computer: {outside}"
