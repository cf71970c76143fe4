"""Backups on a schedule (`serve --backup-every 1d --keep 7`)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx
import pytest

from ludotheek.store import rotation
from ludotheek.store.backup import BackupError, check
from ludotheek.store.database import open_database
from tests.serverproc import ServerProcess

DAY = 86400.0


def _db(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    db = open_database(path)
    db.games.create("wari", {"seeds_per_cup": 4, "first": "south", "repetition": True}, 1,
                    [{"type": "person", "level": None, "name": None}] * 2, [None, None], 0)
    db.close()
    return path


def test_intervals_are_read_with_their_units() -> None:
    assert rotation.parse_interval("2d") == 2 * DAY
    assert rotation.parse_interval(" 1.5h ") == 5400.0
    for bad in ("", "0", "-1d", "1w", "daily"):
        with pytest.raises(rotation.BadInterval):
            rotation.parse_interval(bad)


def test_a_backup_is_due_when_the_newest_is_an_interval_old(tmp_path: Path) -> None:
    schedule = rotation.Schedule(DAY, 3, tmp_path)
    assert rotation.seconds_until_due(schedule, 1_000_000.0) == 0.0  # none yet
    (tmp_path / "ludotheek-19700112-134640.sqlite3").write_bytes(b"")  # at 1,000,000
    (tmp_path / "notes.txt").write_text("not a backup")
    assert rotation.seconds_until_due(schedule, 1_000_000.0 + 3600) == DAY - 3600
    assert rotation.seconds_until_due(schedule, 1_000_000.0 + DAY) == 0.0


def test_prune_keeps_the_newest_and_nothing_else_is_touched(tmp_path: Path) -> None:
    names = [f"ludotheek-2026120{d}-000000.sqlite3" for d in range(1, 6)]
    for name in names:
        (tmp_path / name).write_bytes(b"")
    (tmp_path / "mine.sqlite3").write_bytes(b"")
    gone = rotation.prune(tmp_path, 2)
    assert [p.name for p in gone] == names[:3]
    assert sorted(p.name for p in tmp_path.iterdir()) == [*names[3:], "mine.sqlite3"]


def test_take_makes_a_checked_copy_named_by_its_moment(tmp_path: Path) -> None:
    db = _db(tmp_path)
    schedule = rotation.Schedule(DAY, 2, tmp_path / "backups")
    for day in range(3):
        summary, _ = rotation.take(schedule, db, 1_764_547_200.0 + day * DAY)  # 2025-12-01
    assert [p.name for p in rotation.backups(schedule.folder)] == [
        "ludotheek-20251202-000000.sqlite3", "ludotheek-20251203-000000.sqlite3"]
    assert check(summary.path).games == 1


def test_the_loop_takes_one_when_due_and_says_failures(tmp_path: Path) -> None:
    db = _db(tmp_path)
    schedule = rotation.Schedule(DAY, 5, tmp_path / "b")
    said: list[str] = []
    now = [1_764_547_200.0]
    stop = threading.Event()

    def say(message: str) -> None:
        said.append(message)
        if len(said) == 2:
            stop.set()

    def clock() -> float:
        now[0] += 0.5 * DAY  # every look at the clock is half a day later
        return now[0]

    rotation.run(schedule, db, stop, say, clock, sleep=lambda seconds: None)
    assert len(rotation.backups(schedule.folder)) == 2
    assert all(m.startswith("backup ludotheek-") for m in said)

    failed: list[str] = []
    stop2 = threading.Event()

    def fail(message: str) -> None:
        failed.append(message)
        stop2.set()

    rotation.run(rotation.Schedule(DAY, 5, tmp_path / "c"), tmp_path / "missing.sqlite3",
                 stop2, fail, clock, sleep=lambda seconds: None)
    assert failed and failed[0].startswith("backup failed: there is no database")


def test_postgresql_is_refused_with_its_own_tool() -> None:
    from ludotheek.store.backup import sqlite_file

    with pytest.raises(BackupError, match="pg_dump"):
        sqlite_file("postgresql://u@localhost/ludo")


@pytest.mark.slow
def test_serve_keeps_backups_on_a_schedule(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    with ServerProcess(tmp_path / "site.sqlite3", workers=0,
                       args=("--backup-every", "1s", "--keep", "2", "--backup-dir",
                             str(folder))) as server:
        r = httpx.post(server.url + "/api/games", json={
            "game": "wari", "seats": [{"type": "person"}, {"type": "person"}]})
        assert r.status_code == 201
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            taken = server.log.read_text().count("backup ludotheek-")
            if taken >= 3:
                break
            time.sleep(0.3)
        else:
            pytest.fail(f"fewer than 3 backups: {server.log.read_text()[-2000:]}")
    kept = rotation.backups(folder)
    assert len(kept) == 2
    assert all(check(p).revision for p in kept)
