"""A computer worker warms as the server starts (ludotheek.work, issue 39): it imports
no web server, opens the data sets that are there (building none) and says so in the log."""

from __future__ import annotations

import logging
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ludotheek import work as worker
from ludotheek.core.resources import DataSet, Progress, Sink, Source
from ludotheek.data import folder as resources
from ludotheek.server.computer.pool import ComputerPool, analyse_move, compute_move


def test_what_a_worker_runs_does_not_import_the_web_server() -> None:
    code = ("import sys, pickle\n"
            "from ludotheek.server.computer import pool\n"
            "names = [pickle.dumps(f) for f in (pool.compute_move, pool.analyse_move, "
            "pool.start_worker, pool.warm_up)]\n"
            "for m in [m for m in sys.modules if m.startswith('ludotheek')]:\n"
            "    del sys.modules[m]\n"
            "[pickle.loads(n) for n in names]\n"
            "import ludotheek.analysis.stream, ludotheek.analysis.quick\n"
            "print(sorted(m for m in sys.modules if m.startswith('ludotheek.server')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
    assert compute_move.__module__ == analyse_move.__module__ == "ludotheek.work"


def test_the_pool_warms_its_workers_and_logs_it(caplog: pytest.LogCaptureFixture) -> None:
    pool = ComputerPool(0)  # threads: the warm-up runs here
    try:
        with caplog.at_level(logging.INFO, logger="ludotheek.server"):
            done = [f.result(timeout=120) for f in pool.warm()]
            # the line is logged by the future's callback, just after its result is set
            deadline = time.monotonic() + 10
            while not _warm_lines(caplog) and time.monotonic() < deadline:
                time.sleep(0.05)
    finally:
        pool.close()
    assert done and set(done[0]["steps"]) == {"players", "compiled", "data", "analysis"}
    assert worker.WARMED["seconds"] >= 0
    assert _warm_lines(caplog)


def _warm_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if "a computer worker is warm in" in r.getMessage()]


def _build(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
    sink.put_array("numbers", np.arange(int(params["count"])))
    sink.put_json("info", {"count": int(params["count"])})
    sink.checkpoint()


def _open(source: Source) -> Any:
    return source.json("info")


THERE = DataSet("toy-there", {"en": "Toy"}, "1", _build, _open, params={"count": 3})
MISSING = DataSet("toy-missing", {"en": "Toy"}, "1", _build, _open, params={"count": 3})


def test_the_warm_up_opens_the_data_sets_there_and_builds_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resources, "data_sets", lambda: {"toy-there": THERE,
                                                         "toy-missing": MISSING})
    resources.build(tmp_path, "toy-there")
    provided = resources.FolderResources(tmp_path, how="auto")
    started: list[str] = []
    monkeypatch.setattr(provided, "build_in_background", lambda name: started.append(name))
    assert provided.open_present() == ["toy-there"]
    assert not started and not (tmp_path / "toy-missing").exists()
    assert provided._opened["toy-there"][1] == {"count": 3}
    # the first need of the missing one builds it, as before
    assert provided.get("toy-missing") is None and started == ["toy-missing"]


def test_the_app_takes_the_pool_serve_warmed_before_it(tmp_path: Path) -> None:
    """``ludotheek serve`` makes and warms its pool before it loads the web server; the app
    takes that pool (and its owner of background builds), and the start warms it no more."""
    from ludotheek.server import Settings, create_app
    from ludotheek.server.computer.pool import new_owner

    pool = ComputerPool(0, new_owner())
    first = pool.warm()
    app = create_app(tmp_path / "db.sqlite3", Settings(computer_workers=0), pool)
    try:
        assert app.state.service.pool is pool
        assert pool.warm() is first  # once: the app's start returns the same warm-ups
        assert all(f.result(timeout=120)["steps"] for f in first)
    finally:
        pool.close()


def test_importing_the_pool_loads_no_web_server() -> None:
    code = ("import sys\n"
            "import ludotheek.server.computer.pool, ludotheek.server.config\n"
            "print('ludotheek.server.app' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"
