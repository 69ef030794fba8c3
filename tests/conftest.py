"""The long soak (random games in every variant and player count) runs in CI, where `CI` is
set, or with `--soak`; a local run of the suite stays short and still plays whole games."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# Property tests draw the same examples every run (determinism: a failure seen once is seen
# again). A fuzz campaign draws new ones: `pytest --hypothesis-profile=campaign
# --hypothesis-seed=N` (the per-test example counts still apply; add more with the profile's
# own run, not here).
settings.register_profile("fixed", derandomize=True)
settings.register_profile("campaign", derandomize=False)
settings.load_profile("fixed")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", action="store_true", help="also run the long soak tests")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--soak") or os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason="long soak: runs in CI (CI=true) or with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
