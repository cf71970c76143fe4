"""The cyclic garbage collector while the app serves (server/collector.py, issue 39): what
the app holds once started is frozen and the young generation is collected at YOUNG
objects, not Python's 700; both undone at the app's end."""

from __future__ import annotations

import gc
from pathlib import Path

from starlette.testclient import TestClient

from ludotheek.server import Settings, collector, create_app


def test_a_serving_app_freezes_its_objects_and_collects_less_often(db_path: Path) -> None:
    gc.unfreeze()
    before = gc.get_threshold()
    assert before[0] < collector.YOUNG
    app = create_app(db_path, Settings(computer_workers=0, requests_per_second=0))
    assert gc.get_freeze_count() == 0  # made, not started
    with TestClient(app) as client:
        assert client.get("/api/games").status_code == 200
        # the modules, the app, the database's engine: out of the collections' sight
        assert gc.get_freeze_count() > 10_000
        assert gc.get_threshold() == (collector.YOUNG, before[1], before[2])
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_release_leaves_what_was_frozen_before_it() -> None:
    """An app started while another serves (or after a process froze its own objects)
    does not thaw them at its end."""
    gc.freeze()
    try:
        settled = collector.settle()
        frozen = gc.get_freeze_count()
        collector.release(settled)
        assert gc.get_freeze_count() == frozen
        assert gc.get_threshold() == settled.threshold
    finally:
        gc.unfreeze()
