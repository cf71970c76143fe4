"""The cyclic garbage collector while the app serves (server/collector.py, issue 39): what
the app holds once started is frozen and the young generation is collected at YOUNG
objects, not Python's 700; both undone at the app's end."""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludotheek.games import get
from ludotheek.server import Settings, collector, create_app
from ludotheek.server.computer import pool


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


def test_blocks_of_two_threads_that_overlap_leave_the_collector_on() -> None:
    """The first block switches the collector off, the last one's end on again, in
    whatever order the threads leave them."""
    first_in, second_in, first_out = (threading.Event() for _ in range(3))
    seen: list[bool] = []

    def second() -> None:
        first_in.wait(5)
        with collector.paused():
            second_in.set()
            first_out.wait(5)
            seen.append(gc.isenabled())  # the first has left; this one is still in

    thread = threading.Thread(target=second)
    thread.start()
    assert gc.isenabled()
    with collector.paused():
        assert not gc.isenabled()
        first_in.set()
        second_in.wait(5)
    first_out.set()
    thread.join(5)
    assert seen == [False]
    assert gc.isenabled()


def test_a_computer_move_is_timed_with_the_collector_paused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A collection that fell in a move on the event loop sent an instant level back to
    the threads for good (server/computer/pool.py, ``_timed_move``)."""
    during: list[bool] = []

    def compute_move(*args: object) -> str:
        during.append(gc.isenabled())
        return "A"

    monkeypatch.setattr(pool, "compute_move", compute_move)
    state = get("wari").new(seed=1)
    assert pool._timed_move("wari", state, "novice", 1, 1.0)[0] == "A"
    assert during == [False]
    assert gc.isenabled()
