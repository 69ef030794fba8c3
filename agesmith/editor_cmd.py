"""`agesmith editor`: start the workshop in the browser (a Streamlit app)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click


@click.command("editor")
@click.argument("pack", required=False, type=click.Path(path_type=Path))
@click.option("--port", default=8501, show_default=True, type=click.IntRange(1, 65535),
              help="Port to serve the workshop on.")
@click.option("--address", default="127.0.0.1", show_default=True,
              help="Address to listen on (127.0.0.1: this computer only).")
@click.option("--no-browser", is_flag=True, help="Do not open a browser window.")
def editor_command(pack: Path | None, port: int, address: str, no_browser: bool) -> None:
    """Open the card workshop on PACK (default: a copy of Along History in ./along_history/)."""
    from editor.state import CREATED_ENV, PACK_ENV
    from editor.workspace import WorkspaceError, open_workspace

    try:
        workspace = open_workspace(pack)
    except WorkspaceError as e:
        click.echo(f"agesmith editor: {e}", err=True)
        sys.exit(1)
    if workspace.message:
        click.echo(workspace.message)
    app = Path(__file__).resolve().parent.parent / "editor" / "app.py"
    env = os.environ | {PACK_ENV: str(workspace.pack),
                        CREATED_ENV: "1" if workspace.created else "0"}
    command = [sys.executable, "-m", "streamlit", "run", str(app),
               "--server.port", str(port), "--server.address", address,
               "--server.headless", "true" if no_browser else "false",
               "--browser.gatherUsageStats", "false",
               "--browser.serverAddress", address,
               "--server.fileWatcherType", "none",
               "--global.developmentMode", "false",
               "--client.toolbarMode", "minimal",
               "--theme.base", "light"]
    click.echo(f"Agesmith workshop on {workspace.pack}: http://{address}:{port}  (Ctrl+C stops)")
    sys.stdout.flush()
    os.execve(sys.executable, command, env)     # the server is this process: one to stop
