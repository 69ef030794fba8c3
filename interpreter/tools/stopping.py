"""Ctrl-C and SIGTERM as one request to stop a long run (a simulation), never a cut.

The first signal is recorded, and every later one ignored; while the work is `running()` it
also interrupts it (as `SimulationStopped`, raised in the main thread), except inside a
`held()` section (a finished game being added to the report), which it interrupts just after.
So ending the workers and printing the report cannot be cut short by a second Ctrl-C. A
signal before the work starts (while the pack loads) is kept: the work then stops at once,
with nothing done.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

SIGNALS = (signal.SIGINT, signal.SIGTERM)


class SimulationStopped(BaseException):
    """The simulation was asked to stop (Ctrl-C or SIGTERM); the finished games are summed.
    Not an `Exception`, so that a game's own error handling never swallows it."""


class StopSignals:
    """The process's answer to SIGINT and SIGTERM for the duration of a run."""

    def __init__(self) -> None:
        self.received: str | None = None  # the name of the first signal, once one came
        self._armed = False
        self._previous: dict[int, Any] = {}

    def install(self) -> bool:
        """Take over the signals (only the main thread can); False where it cannot."""
        if threading.current_thread() is not threading.main_thread():
            return False
        for sig in SIGNALS:
            self._previous[sig] = signal.signal(sig, self._handle)
        return True

    def restore(self) -> None:
        """Give the signals back to the handlers they had before `install`."""
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous.clear()

    def _handle(self, signum: int, _frame: Any) -> None:
        if self.received is not None:
            return
        self.received = signal.Signals(signum).name
        # ignored by the system from now on, not merely by this handler: Python puts the
        # default handlers back as it exits, and a Ctrl-C then would still kill the process
        for sig in SIGNALS:
            signal.signal(sig, signal.SIG_IGN)
        if self._armed:
            raise SimulationStopped(self.received)

    @contextmanager
    def running(self) -> Iterator[None]:
        """The work a stop interrupts; a stop already received interrupts it before it starts."""
        if self.received is not None:
            raise SimulationStopped(self.received)
        self._armed = True
        try:
            yield
        finally:
            self._armed = False

    @contextmanager
    def held(self) -> Iterator[None]:
        """A step no stop may cut in half; a stop received meanwhile interrupts right after."""
        armed, self._armed = self._armed, False
        try:
            yield
        finally:
            self._armed = armed
        if armed and self.received is not None:
            raise SimulationStopped(self.received)


@contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait (blocked by the OS) until the block ends: for starting or
    ending worker processes, which a Python-level handler could otherwise interrupt."""
    signal.pthread_sigmask(signal.SIG_BLOCK, set(SIGNALS))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, set(SIGNALS))
