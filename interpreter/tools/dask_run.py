"""Batches of games played on a dask.distributed cluster (the optional extra `agesmith[dask]`).

The same batches of seeds as the local pool, submitted to an existing scheduler, at most two
per worker thread in flight; each finished batch's report is handed to `add` as it arrives.
The cluster's workers need agesmith installed and the pack at the same path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .report import Report

CONNECT_TIMEOUT = "10s"  # how long to try reaching the scheduler


def in_dask(
    address: str,
    play_batch: Callable[..., Report],
    config: Any,
    batches: Iterator[tuple[int, int]],
    add: Callable[[Report], None],
) -> None:
    """Play `batches` with `play_batch(config, start, count)` on the scheduler at `address`."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise ValueError("--dask needs dask.distributed: pip install 'agesmith[dask]'") from None
    try:
        client = Client(address, set_as_default=False, timeout=CONNECT_TIMEOUT)
    except OSError as e:
        raise ValueError(f"cannot reach the dask scheduler at {address}: {e}") from None
    try:
        threads = max(1, sum(client.nthreads().values()))

        def submit() -> Any:
            task = next(batches, None)
            if task is None:
                return None
            return client.submit(play_batch, config, *task, pure=False)

        first = [f for f in (submit() for _ in range(2 * threads)) if f is not None]
        running = as_completed(first, loop=client.loop)
        for future in running:
            add(future.result())
            more = submit()
            if more is not None:
                running.add(more)
    finally:
        client.close()
