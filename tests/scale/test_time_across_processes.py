"""Slow games on a scaled-out site (issue 37): two web processes sweep the same games on
PostgreSQL, with Redis and a worker; the reminder of a turn-based game is pushed once, its
time-out applied once (the computer takes the seat over and plays on, by the worker), with
the site's clock in the test's hand (``LUDOTHEEK_TEST_CLOCK``, read by the web processes and
the worker alike)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from tests.pushservice import Device, PushService
from tests.serverproc import ServerProcess, WorkerProcess
from tests.services import Postgres, Redis

DAY = 86400.0


def _until(check: Callable[[], Any], what: str, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, what
        time.sleep(0.2)
    return found


def test_a_reminder_and_a_time_out_happen_once_on_a_site_of_two_processes(
        postgres: Postgres, redis_server: Redis, tmp_path: Path) -> None:
    db = postgres.new_database("s")
    shift = tmp_path / "shift"
    shift.write_text("0")
    service = PushService()
    env = {"LUDOTHEEK_DATA": str(tmp_path / "data"), "LUDOTHEEK_PUSH_TEST_HOSTS": service.host,
           "LUDOTHEEK_TEST_CLOCK": str(shift)}
    webs = [ServerProcess(db, workers=0, extra_env=env, log_dir=tmp_path,
                          args=("--redis", redis_server.url)).start() for _ in range(2)]
    worker = WorkerProcess(db, redis_server.url, tmp_path / "worker.log", extra_env=env).start()
    try:
        a, b = webs
        # three people: once the first is out of time, two still play, so the next turn's
        # time runs, begun by the worker after the computer's move, on the site's clock
        made = httpx.post(f"{a.url}/api/games", json={
            "game": "aqua_romana", "options": {"players": 3, "first": 1}, "time": {"days": 1},
            "seats": [{"type": "person"}] * 3})
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        south = made.json()["seats"][0]["token"]
        device = Device()
        r = httpx.post(f"{b.url}/api/games/{gid}/push",
                       headers={"Authorization": f"Bearer {south}"},
                       json=device.subscription(service.url("/south"), "en"))
        assert r.status_code == 200, r.text

        def seen() -> dict[str, Any]:
            answer: dict[str, Any] = httpx.get(f"{b.url}/api/games/{gid}").json()
            return answer

        assert seen()["time"]["seat"] == 0
        shift.write_text(str(DAY / 2 + 10))  # half of south's day is gone
        posted = service.wait(1, timeout=20)
        time.sleep(3)  # both processes sweep every second: neither tells it again
        assert [p.path for p in service.posted] == ["/south"]
        assert "half" in device.read(posted[0])["body"].lower()

        shift.write_text(str(DAY + 10))  # south's time ran out: a computer plays on
        after = _until(lambda: (v := seen())["version"] >= 1 and v, "no time-out", 60)
        assert after["seats"][0]["type"] == "computer"
        assert after["time"]["out_seat"] == 0
        assert after["moves"][:1] and after["to_move"] == 1  # the computer moved, once
        now = float(shift.read_text()) + time.time()
        assert after["time"]["seat"] == 1  # the next person's day has begun, by the site's
        assert abs(after["time"]["deadline"] - (now + DAY)) < 60  # clock, not the machine's
        time.sleep(3)
        again = seen()
        assert again["version"] == after["version"] and again["to_move"] == 1
        assert again["seats"][1]["type"] == "person"
        assert [p.path for p in service.posted] == ["/south"]  # south is no longer told
    finally:
        worker.stop()
        for web in webs:
            web.stop()
        service.close()


def test_clocks_stop_while_the_whole_site_is_down_and_only_then(
        postgres: Postgres, redis_server: Redis, tmp_path: Path) -> None:
    """A live game's clock on a site of two web processes: while both are down (an hour
    by the site's clock) it does not run: the first process to start gives the turn its
    time back, once; a process that joins a running site leaves the clocks as they run."""
    db = postgres.new_database("r")
    shift = tmp_path / "shift"
    shift.write_text("0")
    env = {"LUDOTHEEK_TEST_CLOCK": str(shift)}

    def web() -> ServerProcess:
        return ServerProcess(db, workers=0, extra_env=env, log_dir=tmp_path,
                             args=("--redis", redis_server.url))

    webs = [web().start() for _ in range(2)]
    since = time.monotonic()  # South's turn begins with the game
    made = httpx.post(f"{webs[0].url}/api/games", json={
        "game": "wari", "time": {"minutes": 5, "increment": 0},
        "seats": [{"type": "person"}] * 2})
    assert made.status_code == 201, made.text
    gid = made.json()["id"]

    def south_left(at: ServerProcess) -> float:
        time_ = httpx.get(f"{at.url}/api/games/{gid}").json()["time"]
        assert time_["seat"] == 0 and time_["out_seat"] is None, time_
        return float(time_["left"][0])

    def about(left: float, expected: float, since: float) -> None:
        """``left`` is ``expected`` less the machine's own seconds since ``since`` (the
        site's clock is the machine's plus the shift: a process that starts on a busy
        machine takes seconds, once 5.8 in CI), give or take one."""
        ran = time.monotonic() - since
        assert expected - ran - 1 <= left <= expected + 1, (left, expected, ran)

    about(south_left(webs[0]), 300, since)
    shift.write_text("100")  # South thinks 100 s
    about(south_left(webs[1]), 200, since)
    for w in webs:
        w.stop()
    shift.write_text(str(100 + 3600))  # the whole site is down for an hour
    since = time.monotonic()
    first = web().start()
    try:
        # the turn begins again with the time it had (as on a site of one process)
        about(south_left(first), 300, since)
        shift.write_text(str(100 + 3600 + 50))
        second = web().start()  # joins a running site: the clock runs on
        try:
            about(south_left(second), 250, since)
            about(south_left(first), 250, since)
        finally:
            second.stop()
    finally:
        first.stop()
