"""`simulate --dask`: the same batches on a dask.distributed cluster give the same report."""

from __future__ import annotations

import pytest

from cards import bundled
from interpreter.tools.simulate import simulate

distributed = pytest.importorskip(
    "dask.distributed", reason="dask.distributed is not installed (pip install 'agesmith[dask]')"
)

PACK = str(bundled("along_history"))
SHORT = {"variant": "introductory", "ages": "prehistory"}


def test_a_local_cluster_gives_the_same_report_as_a_local_run() -> None:
    local = simulate(PACK, 6, 3, seed=7, bots="greedy,random", batch=2, **SHORT)
    with distributed.LocalCluster(
        host="127.0.0.1",
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        protocol="tcp",
        dashboard_address=None,
    ) as cluster:
        seen: list[int] = []
        remote = simulate(
            PACK,
            6,
            3,
            seed=7,
            bots="greedy,random",
            batch=2,
            dask=cluster.scheduler_address,
            progress=lambda done, total: seen.append(done),
            **SHORT,
        )
    assert remote.to_json() == local.to_json()
    assert seen[0] == 0 and seen[-1] == 6


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.setattr("interpreter.tools.dask_run.CONNECT_TIMEOUT", "1s")
    with pytest.raises(ValueError, match="cannot reach the dask scheduler"):
        simulate(PACK, 1, 2, dask="tcp://127.0.0.1:1", **SHORT)


def test_the_command_says_when_the_scheduler_cannot_be_reached(monkeypatch) -> None:
    from click.testing import CliRunner

    from agesmith.cli import main

    monkeypatch.setattr("interpreter.tools.dask_run.CONNECT_TIMEOUT", "1s")
    result = CliRunner().invoke(
        main,
        [
            "simulate",
            PACK,
            "--games",
            "2",
            "--players",
            "2",
            "--ages",
            "prehistory",
            "--dask",
            "tcp://127.0.0.1:1",
        ],
    )
    assert result.exit_code == 1 and "cannot reach the dask scheduler" in result.output
    assert "Traceback" not in result.output
