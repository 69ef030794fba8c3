"""`agesmith editor`: start the workshop in the browser (a Streamlit app)."""

from __future__ import annotations

import gc
import os
import sys
import threading
from pathlib import Path

import click


@click.command("editor")
@click.argument("pack", required=False, type=click.Path(path_type=Path))
@click.option(
    "--port",
    default=8501,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="Port to serve the workshop on.",
)
@click.option(
    "--address",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (127.0.0.1: this computer only).",
)
@click.option("--no-browser", is_flag=True, help="Do not open a browser window.")
def editor_command(pack: Path | None, port: int, address: str, no_browser: bool) -> None:
    """Open the card workshop on PACK (default: a copy of Along History in ./along_history/)."""
    # Not editor.state: it imports the checks (the whole interpreter, ~0.5 s), which the
    # warm-up imports once the server answers.
    from editor.workspace import CREATED_ENV, PACK_ENV, WorkspaceError, open_workspace

    try:
        workspace = open_workspace(pack)
    except WorkspaceError as e:
        click.echo(f"agesmith editor: {e}", err=True)
        sys.exit(1)
    if workspace.message:
        click.echo(workspace.message)
    app = Path(__file__).resolve().parent.parent / "editor" / "app.py"
    os.environ[PACK_ENV] = str(workspace.pack)
    os.environ[CREATED_ENV] = "1" if workspace.created else "0"
    # Once the server answers, while the browser loads the page's scripts, a thread imports
    # the pages' libraries and checks the pack, so that the first page does not wait for them
    # (begun at once, it slowed the server's own start, which needs the same processor).
    threading.Thread(target=_warm_up, args=(address, port), daemon=True).start()
    url = f"http://{address}:{port}"
    if not no_browser:
        threading.Thread(target=_open_browser, args=(address, port, url), daemon=True).start()
    sys.argv = [
        "streamlit",
        "run",
        str(app),
        "--server.port",
        str(port),
        "--server.address",
        address,
        # Headless always: Streamlit's own browser start first asks for an e-mail.
        "--server.headless",
        "true",
        "--browser.gatherUsageStats",
        "false",
        "--browser.serverAddress",
        address,
        "--server.fileWatcherType",
        "none",
        "--global.developmentMode",
        "false",
        "--client.toolbarMode",
        "minimal",
        "--theme.base",
        "light",
        # Streamlit collects all garbage after every run of a page (gen 2: every object of
        # the process, the parsed pack's trees included), 50-100 ms that the browser waits
        # for after each keystroke. Python's own collections still run as memory grows.
        "--runner.postScriptGC",
        "false",
    ]
    click.echo(f"Agesmith workshop on {workspace.pack}: {url}  (Ctrl+C stops)")
    from streamlit.web import cli as streamlit_cli

    sys.exit(streamlit_cli.main())


def _open_browser(address: str, port: int, url: str) -> None:
    """Open the workshop in the browser once the server answers (for at most a minute)."""
    import webbrowser

    if _server_answers(address, port):
        webbrowser.open(url)


def _server_answers(address: str, port: int) -> bool:
    """Wait until the server accepts connections (True), for at most a minute."""
    import socket
    import time

    host = "127.0.0.1" if address in ("0.0.0.0", "::") else address
    for _ in range(600):
        with socket.socket() as s:
            if s.connect_ex((host, port)) == 0:
                return True
        time.sleep(0.1)
    return False


def _warm_up(address: str, port: int) -> None:
    # Not the code editor component: it must register with the server's runtime, so it is
    # imported by the page itself. The rest of what the Cards page imports is imported here,
    # and the page's own cached check of the saved pack is made, so that its first run finds
    # it done.
    if not _server_answers(address, port):
        return
    import pandas  # noqa: F401

    from editor import card_edit, drafts, faces, files, highlight, readback  # noqa: F401
    from editor.state import disk_check

    result = disk_check()
    if result.pack is not None:
        card_edit.mention_words(result.pack)
    # What was made so far (the libraries, the pack's parsed trees and checks) lives as long
    # as the server: set apart from the collector, whose full collections would otherwise
    # walk it again and again while a designer types.
    gc.collect()
    gc.freeze()
