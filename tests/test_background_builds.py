"""The data that takes long builds in the background without slowing play (issue 39): at
idle priority, tier by tier and usable as each tier is done, saying how far it is, and
ending with the server that started it (an endgame build ran on alone, 1.9 GB, after the
server had stopped)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludotheek.core.resources import Progress, Sink
from ludotheek.data import folder as resources
from tests.nim.data import TIERS, Tiers
from tests.serverproc import ServerProcess

IDLE = getattr(os, "SCHED_IDLE", None)


def _wait(what: Any, seconds: float = 60.0, every: float = 0.05) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = what()
        if found:
            return found
        time.sleep(every)
    raise AssertionError(f"not within {seconds} s")


@pytest.mark.skipif(IDLE is None, reason="no SCHED_IDLE here (Linux has it)")
def test_a_background_build_runs_at_idle_priority_and_its_owner_stops_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(resources.ENV, "auto")
    monkeypatch.setattr(resources, "_BUILDS", [])
    provided = resources.FolderResources(tmp_path, owner="server-1")
    assert provided.get(TIERS) is None  # not there: built in the background
    lock = tmp_path / TIERS / resources.LOCK
    pid, owner = resources._holder(lock)
    assert pid and owner == "server-1"
    # the build makes itself idle once started (its imports before that are quick)
    _wait(lambda: os.sched_getscheduler(pid) == IDLE, 120)
    assert os.getpriority(os.PRIO_PROCESS, pid) == 19
    # another owner's stop leaves it alone; its own ends it and removes the lock
    assert resources.stop_builds(tmp_path, "server-2") == []
    assert resources._alive(pid)
    assert resources.stop_builds(tmp_path, "server-1") == [TIERS]
    assert not resources._alive(pid) and not lock.exists()


def test_a_build_is_usable_tier_by_tier_and_says_how_far_it_is(tmp_path: Path) -> None:
    ds = resources.data_set(TIERS)
    lock = tmp_path / TIERS / resources.LOCK
    lock.parent.mkdir()
    build = subprocess.Popen([sys.executable, "-m", "ludotheek", "build", TIERS, "--folder",
                              str(tmp_path), "--lock", str(lock), "--quiet", "--pause", "600"],
                             stdout=subprocess.DEVNULL)
    lock.write_text(str(build.pid))  # as a background build's (it removes it at its end)

    def partial() -> Tiers | None:
        got = resources.FolderResources(tmp_path, "load").get(TIERS)
        return got if isinstance(got, Tiers) and 1 <= got.top < 9 else None

    try:
        part = _wait(partial, 120)
        assert not part.complete
        # each finished tier answers as the rule of Nim does; the tiers above are not there
        for heaps, won in part.table.items():
            assert sum(heaps) <= part.top and won == (heaps[0] ^ heaps[1] ^ heaps[2] != 0)
        assert part.wins((3, 3, 3)) is None
        status = _wait(lambda: (s := resources.status(tmp_path, ds)).percent and s)
        assert status.running and status.of == 9 and status.done is not None \
            and 0 <= status.done < 9
        assert 0 < status.percent < 100
    finally:
        assert build.wait(120) == 0
    assert not lock.exists()
    whole = resources.FolderResources(tmp_path, "load").get(TIERS)
    assert isinstance(whole, Tiers) and whole.complete and whole.top == 9
    done = resources.status(tmp_path, ds)
    assert done.complete and (done.done, done.of, done.percent) == (9, 9, None)
    assert not (tmp_path / TIERS / resources.PROGRESS).exists()


class Stopped(Exception):
    pass


def test_a_partly_built_endgame_table_is_used_up_to_its_last_tier(tmp_path: Path) -> None:
    """A build stopped after the tier of 4 seeds (of 6): the strong player plays the
    database's perfect move with at most 4 seeds, and searches above them."""
    from ludotheek.core.resources import using
    from ludotheek.games.wari.endgame import EndgameDB
    from ludotheek.games.wari.strong import StrongPlayer

    ds = resources.data_set("wari-endgames")
    real = ds.build

    def stops_after_tier_4(sink: Sink, progress: Progress | None,
                           params: Mapping[str, Any]) -> None:
        class Stopping:
            def __getattr__(self, name: str) -> Any:
                return getattr(sink, name)

            def checkpoint(self) -> None:
                sink.checkpoint()
                info = sink.source().json("info")
                if len(info["tiers"]) == 5:
                    raise Stopped

        real(Stopping(), progress, params)

    sets = {**resources.data_sets(),
            "wari-endgames": type(ds)(**{**ds.__dict__, "build": stops_after_tier_4})}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(resources, "data_sets", lambda: sets)
        with pytest.raises(Stopped):
            resources.build(tmp_path, "wari-endgames", {"max_seeds": 6})
        db = resources.FolderResources(tmp_path, "load").get("wari-endgames")
        assert isinstance(db, EndgameDB) and db.max_seeds == 4 and not db.complete
        st = resources.status(tmp_path, sets["wari-endgames"])
        assert (st.done, st.of, st.running) == (4, 6, False) and not st.complete
    from ludotheek.games.wari.rules import GAME

    # stores make up the rest of the 48 seeds; South to move, a capture-free endgame
    four = GAME.position([0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0], (22, 22))
    five = GAME.position([0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0], (22, 21))
    player = StrongPlayer(depth=2, book="off", compiled="off")
    with using(_Provided({"wari-endgames": db})):
        assert player.database() is db
        known = player.analyse(four)
        assert known.stats.get("database") is True
        assert known.move == str(db.best(four.board, 0).cup + 1)
        searched = player.analyse(five)
        assert "database" not in searched.stats
        assert searched.stats.get("endgames") == 4  # a search that knew 0-4 seeds


class _Provided:
    def __init__(self, items: dict[str, Any]) -> None:
        self.items = items

    def get(self, name: str) -> Any:
        return self.items.get(name)


def _build_pids(data: Path) -> dict[str, int]:
    found = {}
    for lock in data.glob(f"*/{resources.LOCK}"):
        pid, _ = resources._holder(lock)
        if pid and resources._alive(pid):
            found[lock.parent.name] = pid
    return found


@pytest.mark.slow
def test_the_builds_a_server_started_end_with_it(tmp_path: Path) -> None:
    """A real `ludotheek serve`: its worker starts the compile at once and a hint starts the
    endgame table's build; stopping the server (SIGTERM, as Ctrl+C) ends both."""
    data = tmp_path / "data"
    env = {"LUDOTHEEK_BUILDS": "auto", "LUDOTHEEK_DATA": str(data),
           "NUMBA_CACHE_DIR": str(tmp_path / "numba")}
    server = ServerProcess(tmp_path / "db.sqlite3", workers=1, extra_env=env)
    with server:
        r = httpx.post(server.url + "/api/games", json={
            "game": "wari", "seed": 1, "options": {},
            "seats": [{"type": "person"}, {"type": "computer", "level": "strong"}]})
        assert r.status_code == 201, r.text
        game = r.json()
        token = game["seats"][0]["token"]
        hint = httpx.get(f"{server.url}/api/games/{game['id']}/hint",
                         headers={"Authorization": f"Bearer {token}"}, timeout=120)
        assert hint.status_code == 200, hint.text
        running = _wait(lambda: (p := _build_pids(data)) and "wari-endgames" in p and p, 60)
        # a busy machine (CI: a load of 10 on two cores, the compile and the build going on)
        # once took more than httpx's 5 s for this answer
        shown = httpx.get(server.url + "/api/data/wari", timeout=60).json()
        assert "wari-endgames" in {b["name"] for b in shown["builds"]
                                   if b["running"] and b["of"] in (None, 18)}
    # stopped: every build it had started is gone, and their locks with them
    for name, pid in running.items():
        assert not resources._alive(pid), f"the build of {name} (pid {pid}) runs on"
        assert not (data / name / resources.LOCK).exists()
    assert "stopped the background build of wari-endgames" in server.log.read_text()


def test_a_build_started_outside_a_server_is_not_its_own(tmp_path: Path) -> None:
    """A build the command line started (no owner) is left alone by a server's stop."""
    folder = tmp_path / TIERS
    folder.mkdir()
    with subprocess.Popen(["sleep", "30"], start_new_session=True) as other:
        (folder / resources.LOCK).write_text(str(other.pid))
        try:
            assert resources.stop_builds(tmp_path, "server-1") == []
            assert other.poll() is None
        finally:
            os.killpg(other.pid, signal.SIGKILL)
